// torchtitan's training TOML (frameworkconfig.h), as its JobConfig reads it (pytorch/torchtitan,
// torchtitan/config/job_config.py, and torchtitan/config_manager.py before 2025-07; the layouts
// of 2024-10 with [training] batch_size and [experimental], of 2025 with [parallelism] and
// local_batch_size, and of v0.2 with [compile] and [quantize.*] are all read). torchtitan shards
// with FSDP2 over data_parallel_shard_degree (-1: every GPU the other degrees leave), gathers in
// mixed_precision_param (default bfloat16) over FP32 sharded weights, and keeps nothing it does
// not shard in 16 bits: without sharding it trains in FP32 (parallelize.py applies
// MixedPrecisionPolicy only through fully_shard).

#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/validation.h>

#include <QMap>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

using Kind = FrameworkNote::Kind;

// torchtitan's model flavors whose shapes a preset has (torchtitan/models/llama3/__init__.py:
// the 8B, 70B and 405B flavors are Llama 3.1's; models/deepseek_v3/__init__.py: "16B" is
// DeepSeek-V2-Lite's shape, dim 2048, 27 layers, 64 experts, 6 routed and 2 shared, and "671B"
// DeepSeek-V3's; models/qwen3/__init__.py at cfb9326: the dense flavors and 30B-A3B have the
// Hugging Face Qwen3 checkpoints' vocabulary, widths, depths, heads, q/k norms and tying).
QString presetOf(const QString &name, const QString &flavor)
{
    static const QList<std::tuple<const char *, const char *, const char *>> known = {
        { "llama3", "8B", "llama-3.1-8b" },         { "llama3", "70B", "llama-3.1-70b" },     { "llama3", "405B", "llama-3.1-405b" },
        { "deepseek_v3", "16B", "deepseek-v2-lite" }, { "deepseek_v3", "671B", "deepseek-v3" },
        { "qwen3", "0.6B", "qwen3-0.6b" },          { "qwen3", "1.7B", "qwen3-1.7b" },        { "qwen3", "4B", "qwen3-4b" },
        { "qwen3", "8B", "qwen3-8b" },              { "qwen3", "14B", "qwen3-14b" },          { "qwen3", "32B", "qwen3-32b" },
        { "qwen3", "30B-A3B", "qwen3-30b-a3b" },
    };
    for (const auto &[n, f, preset] : known)
        if (name == QLatin1String(n) && flavor == QLatin1String(f))
            return QLatin1String(preset);
    return {};
}

} // namespace

void readTorchtitan(const QJsonObject &root, ConfigReader &r)
{
    const Scenario &cur = r.current();
    QStringList handled;
    auto section = [&](const char *name) -> QJsonObject {
        handled << QLatin1String(name);
        const std::optional<QJsonObject> o = r.object(root.value(QLatin1String(name)), QLatin1String(name));
        return o.value_or(QJsonObject());
    };
    QJsonObject model = section("model");
    QJsonObject training = section("training");
    QJsonObject parallelism = section("parallelism");
    QJsonObject experimental = section("experimental");
    QJsonObject optimizer = section("optimizer");
    QJsonObject checkpointing = section("activation_checkpoint");
    QJsonObject float8 = section("float8");
    QJsonObject compile = section("compile");
    const QJsonObject quantize = section("quantize");
    if (!r.ok())
        return;
    // What each section's reading used, for the rest of its keys.
    QMap<QString, QStringList> used;
    auto take = [&](QJsonObject &o, const char *sectionName, const char *key) {
        used[QLatin1String(sectionName)] << QLatin1String(key);
        return o.value(QLatin1String(key));
    };
    auto at = [](const char *sectionName, const char *key) { return keyPath(QLatin1String(sectionName), QLatin1String(key)); };
    auto count = [&](QJsonObject &o, const char *sectionName, const char *key, Count min, Count max) -> std::optional<Count> {
        const QJsonValue v = take(o, sectionName, key);
        if (ConfigReader::absent(v))
            return std::nullopt;
        return r.count(v, at(sectionName, key), min, max);
    };
    if (cur.stack.stack != TrainingStack::Fsdp2)
        r.set("stack", QStringLiteral("fsdp2"), FrameworkImportTr::tr("torchtitan (FSDP2, fully_shard per block)"));
    // The model: a flavor a preset has, else refused by name (a config.json beside it reads on).
    const std::optional<QString> name = r.text(take(model, "model", "name"), at("model", "name"));
    const std::optional<QString> flavor = name ? r.text(take(model, "model", "flavor"), at("model", "flavor")) : std::nullopt;
    if (!name || !flavor)
        return;
    if (const QString preset = presetOf(*name, *flavor); !preset.isEmpty())
        r.set("preset", preset, at("model", "flavor"));
    else
        r.set("hub-model", QStringLiteral("torchtitan %1 %2").arg(excerpt(*name), excerpt(*flavor)), at("model", "flavor"));
    // The batch and the sequence.
    const FieldRange batchRange = fieldRange(Field::Batch);
    std::optional<Count> micro = count(training, "training", "local_batch_size", batchRange.min, batchRange.max);
    if (!r.ok())
        return;
    const char *batchKey = "local_batch_size";
    if (!micro) {
        micro = count(training, "training", "batch_size", batchRange.min, batchRange.max); // before 2025-06, per data-parallel rank
        batchKey = "batch_size";
    }
    if (!r.ok())
        return;
    r.set("batch", countValue(micro.value_or(8)),
          micro ? at("training", batchKey) : FrameworkImportTr::tr("training.local_batch_size (absent: torchtitan's default, 8)"));
    const FieldRange seqRange = fieldRange(Field::Sequence);
    const std::optional<Count> seq = count(training, "training", "seq_len", seqRange.min, seqRange.max);
    if (!r.ok())
        return;
    r.set("seq", countValue(seq.value_or(2048)), seq ? at("training", "seq_len") : FrameworkImportTr::tr("training.seq_len (absent: torchtitan's default, 2,048)"));
    // Parallel degrees, in [parallelism] (2025 on), [training] or [experimental] (2024).
    auto degree = [&](const char *key, Count min) -> std::pair<std::optional<Count>, QString> {
        for (auto &[o, s] : { std::pair<QJsonObject *, const char *>{ &parallelism, "parallelism" }, { &training, "training" }, { &experimental, "experimental" } })
            if (o->contains(QLatin1String(key))) {
                const std::optional<Count> c = count(*o, s, key, min, fieldRange(Field::Gpus).max);
                return { c, at(s, key) };
            }
        return { std::nullopt, QString() };
    };
    const auto [shard, shardKey] = degree("data_parallel_shard_degree", -1);
    const auto [replicate, replicateKey] = degree("data_parallel_replicate_degree", 1);
    const auto [tp, tpKey] = degree("tensor_parallel_degree", 1);
    const auto [pp, ppKey] = degree("pipeline_parallel_degree", 1);
    const auto [cp, cpKey] = degree("context_parallel_degree", 1);
    const auto [ep, epKey] = degree("expert_parallel_degree", 1);
    const auto [etp, etpKey] = degree("expert_tensor_parallel_degree", 1);
    if (!r.ok())
        return;
    if (shard && *shard == 0) {
        r.fail(shardKey, FrameworkImportTr::tr("is 0; allowed: -1 (every GPU the other degrees leave) or 1 and more"));
        return;
    }
    if (tp)
        r.set("tp", countValue(*tp), tpKey);
    if (pp)
        r.set("pp", countValue(*pp), ppKey);
    if (cp)
        r.set("cp", countValue(*cp), cpKey);
    if (ep)
        r.set("ep", countValue(*ep), epKey);
    if (replicate && *replicate > 1)
        r.note(Kind::NotModelled, replicateKey, FrameworkImportTr::tr("HSDP: replicated across groups, sharded within them; modelled as sharded over every data-parallel GPU"));
    if (etp && *etp > 1 && *etp != tp.value_or(1))
        r.note(Kind::NotModelled, etpKey, FrameworkImportTr::tr("the experts split over another tensor-parallel degree than the rest"));
    r.note(Kind::NoEffect, shardKey.isEmpty() ? QStringLiteral("parallelism") : shardKey,
           FrameworkImportTr::tr("the number of GPUs is the launcher's (torchrun --nproc_per_node, nodes): the scenario's stays"));
    // Sharding: FSDP2 over the data-parallel GPUs unless the shard degree is 1; resharding after
    // forward by default except under pipeline parallelism ("default" in parallelize.py).
    const bool sharded = shard.value_or(-1) != 1;
    QString reshard = QStringLiteral("default");
    for (auto &[o, s] : { std::pair<QJsonObject *, const char *>{ &parallelism, "parallelism" }, { &training, "training" } })
        if (const QJsonValue v = take(*o, s, "fsdp_reshard_after_forward"); !ConfigReader::absent(v)) {
            const std::optional<QString> c = r.choice(v, at(s, "fsdp_reshard_after_forward"),
                                                      { QStringLiteral("default"), QStringLiteral("always"), QStringLiteral("never") });
            if (!c)
                return;
            reshard = *c;
        }
    if (!sharded) {
        r.set("zero", countValue(0), shardKey);
    } else {
        const bool full = reshard == QLatin1String("always") || (reshard == QLatin1String("default") && pp.value_or(1) <= 1);
        r.set("zero", countValue(full ? 3 : 2),
              FrameworkImportTr::tr("%1 (fsdp_reshard_after_forward %2)").arg(shardKey.isEmpty() ? FrameworkImportTr::tr("data_parallel_shard_degree absent: -1") : shardKey, reshard));
    }
    if (const QJsonValue v = take(training, "training", "enable_cpu_offload"); v == QJsonValue(true))
        r.set("offload", QStringLiteral("optimizer+params"), at("training", "enable_cpu_offload"));
    // Precision: FSDP2's MixedPrecisionPolicy gathers in mixed_precision_param over FP32 weights.
    QString param = QStringLiteral("bfloat16");
    for (auto &[o, s] : { std::pair<QJsonObject *, const char *>{ &training, "training" }, { &parallelism, "parallelism" } })
        if (const QJsonValue v = take(*o, s, "mixed_precision_param"); !ConfigReader::absent(v)) {
            const std::optional<QString> c = r.choice(v, at(s, "mixed_precision_param"), { QStringLiteral("bfloat16"), QStringLiteral("float32") });
            if (!c)
                return;
            param = *c;
        }
    if (!sharded || param == QLatin1String("float32"))
        r.set("recipe", QStringLiteral("fp32"),
              sharded ? QStringLiteral("mixed_precision_param") : FrameworkImportTr::tr("%1 = 1 (no FSDP, so no mixed precision: FP32)").arg(shardKey));
    else
        r.set("recipe", QStringLiteral("amp-bf16"), FrameworkImportTr::tr("mixed_precision_param (bfloat16 gathers over FP32 sharded weights)"));
    // Activation checkpointing: none, full, or selective per operator ("op") or every N-th layer.
    QString mode = QStringLiteral("selective");
    if (const QJsonValue v = take(checkpointing, "activation_checkpoint", "mode"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, at("activation_checkpoint", "mode"),
                                                  { QStringLiteral("none"), QStringLiteral("full"), QStringLiteral("selective"), QStringLiteral("memory_budget") });
        if (!c)
            return;
        mode = *c;
    }
    if (mode == QLatin1String("none") || mode == QLatin1String("full")) {
        r.set("recompute", mode, at("activation_checkpoint", "mode"));
    } else if (mode == QLatin1String("memory_budget")) {
        r.note(Kind::NotModelled, at("activation_checkpoint", "mode"), FrameworkImportTr::tr("torch.compile's memory budget decides what is saved"));
    } else {
        const QJsonValue option = take(checkpointing, "activation_checkpoint", "selective_ac_option");
        const QString o = option.isString() ? option.toString() : QStringLiteral("2");
        bool number = false;
        const Count every = o.toLongLong(&number);
        if (o == QLatin1String("op")) {
            r.set("recompute", QStringLiteral("op"), at("activation_checkpoint", "selective_ac_option"));
        } else if (number && every >= 1 && every <= fieldRange(Field::Layers).max) {
            r.set("recompute", QStringLiteral("full"), at("activation_checkpoint", "selective_ac_option"));
            r.set("recompute-every", countValue(every), at("activation_checkpoint", "selective_ac_option"));
        } else {
            r.fail(at("activation_checkpoint", "selective_ac_option"), FrameworkImportTr::tr("is %1; allowed: op, or a whole number N (every N-th layer)").arg(ConfigReader::shown(option)));
            return;
        }
    }
    // torch.compile: [training] compile (2024-25), [compile] enable with components (v0.2).
    if (const QJsonValue v = take(training, "training", "compile"); v.isBool())
        r.set("compile", v.toBool(), at("training", "compile"));
    if (const QJsonValue v = take(compile, "compile", "enable"); v.isBool()) {
        const QJsonArray parts = take(compile, "compile", "components").toArray();
        const bool whole = v.toBool() && (parts.isEmpty() || parts.contains(QJsonValue(QStringLiteral("model"))));
        r.set("compile", whole, at("compile", "components"));
    }
    // FP8: Float8Linear from converters = ["float8"] or [float8] enable_float8_linear (2024), with
    // [float8] (2025) or [quantize.linear.float8] (v0.2) settings; tensorwise unless recipe_name.
    const QJsonArray converters = take(model, "model", "converters").toArray();
    QJsonObject linearFloat8 = quantize.value(QLatin1String("linear")).toObject().value(QLatin1String("float8")).toObject();
    const bool converted = converters.contains(QJsonValue(QStringLiteral("float8"))) || converters.contains(QJsonValue(QStringLiteral("quantize.linear.float8")))
            || take(float8, "float8", "enable_float8_linear") == QJsonValue(true);
    if (converted) {
        QJsonObject &settings = linearFloat8.isEmpty() ? float8 : linearFloat8;
        const char *settingsName = linearFloat8.isEmpty() ? "float8" : "quantize.linear.float8";
        const QString recipe = take(settings, settingsName, "recipe_name").toString();
        if (recipe.isEmpty() || recipe == QLatin1String("tensorwise")) {
            r.set("fp8", QStringLiteral("tensorwise"), converters.isEmpty() ? at("float8", "enable_float8_linear") : at("model", "converters"));
            if (const QJsonValue g = take(settings, settingsName, "enable_fsdp_float8_all_gather"); g.isBool() && sharded)
                r.set("fp8-all-gather", g.toBool(), keyPath(QLatin1String(settingsName), QStringLiteral("enable_fsdp_float8_all_gather")));
        } else if (recipe.startsWith(QLatin1String("rowwise"))) {
            r.set("fp8", QStringLiteral("rowwise"), keyPath(QLatin1String(settingsName), QStringLiteral("recipe_name")));
        } else {
            r.note(Kind::NotModelled, keyPath(QLatin1String(settingsName), QStringLiteral("recipe_name")), FrameworkImportTr::tr("%1: an FP8 recipe Headroom does not model").arg(excerpt(recipe)));
        }
        r.note(Kind::NotModelled, keyPath(QLatin1String(settingsName), QStringLiteral("filter_fqns")),
               FrameworkImportTr::tr("the output projection stays in BF16 (filter_fqns); Headroom converts every layer's linears"));
    }
    if (converters.contains(QJsonValue(QStringLiteral("mx"))) || converters.contains(QJsonValue(QStringLiteral("quantize.linear.mx"))))
        r.set("fp8", QStringLiteral("mxfp8"), at("model", "converters"));
    if (quantize.contains(QLatin1String("grouped_mm")))
        r.note(Kind::NotModelled, QStringLiteral("quantize.grouped_mm"), FrameworkImportTr::tr("FP8 or MX for the experts' grouped matmuls"));
    // The optimizer.
    if (const QJsonValue v = take(optimizer, "optimizer", "name"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.text(v, at("optimizer", "name"));
        if (!c)
            return;
        if (*c == QLatin1String("AdamW") || *c == QLatin1String("Adam"))
            r.set("optimizer", c->toLower(), at("optimizer", "name"));
        else
            r.note(Kind::NotModelled, at("optimizer", "name"), FrameworkImportTr::tr("%1 is not one of the modelled optimizers: the scenario's optimizer stays").arg(excerpt(*c)));
    }
    // implementation: fused (torchtitan's default), foreach, for-loop; fused = true before 2025.
    QString implementation = QStringLiteral("fused");
    if (const QJsonValue v = take(optimizer, "optimizer", "implementation"); v.isString())
        implementation = v.toString();
    else if (const QJsonValue f = take(optimizer, "optimizer", "fused"); f.isBool())
        implementation = f.toBool() ? QStringLiteral("fused") : QStringLiteral("foreach");
    r.set("fused-optimizer", implementation == QLatin1String("foreach") ? QStringLiteral("off") : QStringLiteral("on"),
          optimizer.contains(QLatin1String("implementation")) ? at("optimizer", "implementation")
          : optimizer.contains(QLatin1String("fused"))      ? at("optimizer", "fused")
                                                            : FrameworkImportTr::tr("optimizer.implementation (absent: torchtitan's default, fused)"));
    if (const QJsonValue v = take(optimizer, "optimizer", "early_step_in_backward"); v == QJsonValue(true))
        r.set("optimizer-in-backward", true, at("optimizer", "early_step_in_backward"));
    if (!r.ok())
        return;
    // Everything else in the sections read: with no effect, or (a section of its own) listed.
    const QList<std::pair<const char *, QJsonObject *>> read = { { "model", &model },           { "training", &training },
                                                                 { "parallelism", &parallelism }, { "experimental", &experimental },
                                                                 { "optimizer", &optimizer },     { "activation_checkpoint", &checkpointing },
                                                                 { "float8", &float8 },           { "compile", &compile } };
    for (const auto &[s, o] : read)
        for (auto it = o->begin(); it != o->end(); ++it)
            if (!used.value(QLatin1String(s)).contains(it.key()))
                r.note(Kind::NoEffect, excerpt(keyPath(QLatin1String(s), it.key())),
                       FrameworkImportTr::tr("paths, schedules, the learning rate, logging and the kernels' options"));
    if (!quantize.isEmpty())
        r.note(Kind::NoEffect, QStringLiteral("quantize"), FrameworkImportTr::tr("the converters' settings (read where model.converters names them)"));
    for (const char *s : { "job", "profiling", "metrics", "checkpoint", "lr_scheduler", "validation", "comm", "fault_tolerance",
                           "memory_estimation", "mx", "ft" })
        if (root.contains(QLatin1String(s))) {
            handled << QLatin1String(s);
            r.note(Kind::NoEffect, QLatin1String(s), FrameworkImportTr::tr("paths, schedules, logging and checkpoints"));
        }
    // A section read whole that changed nothing (FP8 switched off, the defaults) is said so.
    finishFrontEnd(root, handled, r);
}

} // namespace headroom::detail
