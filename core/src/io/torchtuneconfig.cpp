// torchtune recipe YAML (frameworkconfig.h), as the recipes read their config (torchtune v0.5-0.6
// recipes/full_finetune_single_device.py, lora_finetune_single_device.py,
// full_finetune_distributed.py: batch_size, gradient_accumulation_steps, dtype,
// optimizer_in_bwd, enable_activation_checkpointing, enable_activation_offloading, compile,
// fsdp_cpu_offload, fsdp_reshard_after_forward; recipes/configs/*/ for the shapes), and the
// model builders' arguments (torchtune/models/llama3_1/_model_builders.py lora_llama3_1_8b:
// lora_attn_modules, apply_lora_to_mlp, apply_lora_to_output, lora_rank, lora_alpha,
// lora_dropout, quantize_base; qlora_ builders are the lora_ ones with quantize_base=True).

#include <QJsonArray>
#include <QRegularExpression>

#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/validation.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

using Kind = FrameworkNote::Kind;

// torchtune's model builders (the last part of model._component_, without lora_ / qlora_ and
// _base / _instruct) and the presets with the same architecture. Qwen2's builders
// (torchtune/models/qwen2/_model_builders.py) take the same vocabulary, depth, widths, heads and
// tying as Qwen2.5's of that size (pytorch/torchtune@bd2a0fc, the builders' numbers checked against
// each preset: resources/models/SOURCES.md); llama3_3_70b is llama3_1_70b
// (torchtune/models/llama3_3/_model_builders.py: "identical models apart from the checkpoints").
const QList<std::pair<QString, QString>> &builderPresets()
{
    static const QList<std::pair<QString, QString>> table = {
        { QStringLiteral("llama2_7b"), QStringLiteral("llama-2-7b") },       { QStringLiteral("llama2_13b"), QStringLiteral("llama-2-13b") },
        { QStringLiteral("llama2_70b"), QStringLiteral("llama-2-70b") },     { QStringLiteral("llama3_8b"), QStringLiteral("llama-3-8b") },
        { QStringLiteral("llama3_70b"), QStringLiteral("llama-3-70b") },     { QStringLiteral("llama3_1_8b"), QStringLiteral("llama-3.1-8b") },
        { QStringLiteral("llama3_1_70b"), QStringLiteral("llama-3.1-70b") }, { QStringLiteral("llama3_1_405b"), QStringLiteral("llama-3.1-405b") },
        { QStringLiteral("llama3_2_1b"), QStringLiteral("llama-3.2-1b") },   { QStringLiteral("llama3_2_3b"), QStringLiteral("llama-3.2-3b") },
        { QStringLiteral("mistral_7b"), QStringLiteral("mistral-7b") },      { QStringLiteral("gemma_7b"), QStringLiteral("gemma-7b") },
        { QStringLiteral("gemma2_2b"), QStringLiteral("gemma-2-2b") },       { QStringLiteral("gemma2_9b"), QStringLiteral("gemma-2-9b") },
        { QStringLiteral("gemma2_27b"), QStringLiteral("gemma-2-27b") },     { QStringLiteral("qwen2_5_0_5b"), QStringLiteral("qwen2.5-0.5b") },
        { QStringLiteral("qwen2_5_1_5b"), QStringLiteral("qwen2.5-1.5b") },  { QStringLiteral("qwen2_5_3b"), QStringLiteral("qwen2.5-3b") },
        { QStringLiteral("qwen2_5_7b"), QStringLiteral("qwen2.5-7b") },      { QStringLiteral("qwen2_5_14b"), QStringLiteral("qwen2.5-14b") },
        { QStringLiteral("qwen2_5_32b"), QStringLiteral("qwen2.5-32b") },    { QStringLiteral("qwen2_5_72b"), QStringLiteral("qwen2.5-72b") },
        { QStringLiteral("qwen3_8b"), QStringLiteral("qwen3-8b") },          { QStringLiteral("phi3_mini"), QStringLiteral("phi-3-mini-4k") },
        { QStringLiteral("qwen2_0_5b"), QStringLiteral("qwen2.5-0.5b") },    { QStringLiteral("qwen2_1_5b"), QStringLiteral("qwen2.5-1.5b") },
        { QStringLiteral("qwen2_7b"), QStringLiteral("qwen2.5-7b") },        { QStringLiteral("llama3_3_70b"), QStringLiteral("llama-3.1-70b") },
        { QStringLiteral("qwen3_0_6b"), QStringLiteral("qwen3-0.6b") },      { QStringLiteral("qwen3_1_7b"), QStringLiteral("qwen3-1.7b") },
        { QStringLiteral("qwen3_4b"), QStringLiteral("qwen3-4b") },          { QStringLiteral("qwen3_14b"), QStringLiteral("qwen3-14b") },
        { QStringLiteral("qwen3_32b"), QStringLiteral("qwen3-32b") },        { QStringLiteral("phi4_14b"), QStringLiteral("phi-4") },
        { QStringLiteral("gemma_2b"), QStringLiteral("gemma-2b") },          { QStringLiteral("code_llama2_7b"), QStringLiteral("codellama-7b") },
        { QStringLiteral("code_llama2_13b"), QStringLiteral("codellama-13b") }, { QStringLiteral("code_llama2_70b"), QStringLiteral("codellama-70b") },
    };
    return table;
}

// model: the builder (a preset) and its adapters.
void readModel(const QJsonObject &m, ConfigReader &r)
{
    const QString prefix = QStringLiteral("model");
    auto at = [&prefix](const char *k) { return keyPath(prefix, QLatin1String(k)); };
    QStringList handled = { QStringLiteral("_component_") };
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return m.value(QLatin1String(k));
    };
    const std::optional<QString> component = r.text(m.value(QLatin1String("_component_")), at("_component_"));
    if (!component)
        return;
    QString builder = component->section(QLatin1Char('.'), -1);
    QString mode = QStringLiteral("none");
    if (builder.startsWith(QLatin1String("qlora_"))) {
        mode = QStringLiteral("qlora");
        builder = builder.mid(6);
    } else if (builder.startsWith(QLatin1String("lora_"))) {
        mode = QStringLiteral("lora");
        builder = builder.mid(5);
    }
    for (const char *suffix : { "_base", "_instruct" })
        if (builder.endsWith(QLatin1String(suffix)))
            builder.chop(qsizetype(qstrlen(suffix)));
    QString preset;
    for (const auto &[name, id] : builderPresets())
        if (name == builder)
            preset = id;
    if (preset.isEmpty())
        r.note(Kind::NotModelled, at("_component_"),
               FrameworkImportTr::tr("%1 is not a builder Headroom has a preset for: the scenario's model stays").arg(excerpt(*component)));
    else
        r.set("preset", preset, at("_component_"));
    if (mode == QLatin1String("none")) {
        if (r.current().lora.mode != AdapterMode::None)
            r.set("lora", mode, at("_component_"));
        r.rest(m, prefix, handled);
        return;
    }
    if (const QJsonValue q = take("quantize_base"); !ConfigReader::absent(q)) {
        const std::optional<bool> b = r.flag(q, at("quantize_base"));
        if (!b)
            return;
        if (*b)
            mode = QStringLiteral("qlora");
    }
    r.set("lora", mode, at("_component_"));
    // lora_attn_modules and apply_lora_to_mlp: the adapted projections.
    QStringList targets;
    const QJsonValue attn = take("lora_attn_modules");
    if (!ConfigReader::absent(attn)) {
        if (!attn.isArray()) {
            r.fail(at("lora_attn_modules"), FrameworkImportTr::tr("is %1; expected a list of q_proj, k_proj, v_proj, output_proj").arg(ConfigReader::shown(attn)));
            return;
        }
        const QStringList names = { QStringLiteral("q_proj"), QStringLiteral("k_proj"), QStringLiteral("v_proj"), QStringLiteral("output_proj") };
        const QStringList ours = { QStringLiteral("q"), QStringLiteral("k"), QStringLiteral("v"), QStringLiteral("o") };
        const QJsonArray list = attn.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString key = at("lora_attn_modules") + QStringLiteral("[%1]").arg(i);
            const std::optional<QString> c = r.choice(list.at(i), key, names);
            if (!c)
                return;
            const QString t = ours.at(names.indexOf(*c));
            if (!targets.contains(t))
                targets << t;
        }
    }
    if (const QJsonValue v = take("apply_lora_to_mlp"); !ConfigReader::absent(v)) {
        const std::optional<bool> b = r.flag(v, at("apply_lora_to_mlp"));
        if (!b)
            return;
        if (*b)
            targets << QStringLiteral("gate") << QStringLiteral("up") << QStringLiteral("down");
    }
    if (targets.isEmpty()) {
        r.fail(at("lora_attn_modules"), FrameworkImportTr::tr("names no projection and apply_lora_to_mlp is not true: the adapters adapt nothing"));
        return;
    }
    // Headroom's targets in its own order.
    QStringList ordered;
    for (const char *t : { "q", "k", "v", "o", "gate", "up", "down" })
        if (targets.contains(QLatin1String(t)))
            ordered << QLatin1String(t);
    r.set("lora-targets", ordered.join(QLatin1Char(',')), at("lora_attn_modules"));
    // torchtune's builders default to rank 8 and no dropout.
    Count rank = 8;
    QString rankSource = FrameworkImportTr::tr("%1 (absent: the builder's default, 8)").arg(at("lora_rank"));
    if (const QJsonValue v = take("lora_rank"); !ConfigReader::absent(v)) {
        const FieldRange range = fieldRange(Field::LoraRank);
        const std::optional<Count> c = r.count(v, at("lora_rank"), range.min, range.max);
        if (!c)
            return;
        rank = *c;
        rankSource = at("lora_rank");
    }
    r.set("lora-rank", countValue(rank), rankSource);
    double dropout = 0.0;
    if (const QJsonValue v = take("lora_dropout"); !ConfigReader::absent(v)) {
        const std::optional<double> d = r.real(v, at("lora_dropout"), 0.0, 0.999999);
        if (!d)
            return;
        dropout = *d;
    }
    r.set("lora-dropout", dropout, at("lora_dropout"));
    if (take("apply_lora_to_output") == QJsonValue(true))
        r.note(Kind::NotModelled, at("apply_lora_to_output"), FrameworkImportTr::tr("an adapter on the output projection (the LM head)"));
    if (take("use_dora") == QJsonValue(true))
        r.note(Kind::NotModelled, at("use_dora"), FrameworkImportTr::tr("DoRA's magnitude vectors and weight norms"));
    if (m.contains(QLatin1String("lora_alpha"))) {
        handled << QStringLiteral("lora_alpha");
        r.note(Kind::NoEffect, at("lora_alpha"), FrameworkImportTr::tr("the adapters' scale"));
    }
    r.rest(m, prefix, handled);
}

// optimizer._component_ and its arguments.
void readOptimizer(const QJsonObject &o, ConfigReader &r)
{
    const QString prefix = QStringLiteral("optimizer");
    const QString key = keyPath(prefix, QStringLiteral("_component_"));
    const std::optional<QString> component = r.text(o.value(QLatin1String("_component_")), key);
    if (!component)
        return;
    struct Known
    {
        const char *component;
        const char *optimizer;
        bool paged;
    };
    static const Known known[] = {
        { "torch.optim.AdamW", "adamw", false },
        { "torch.optim.Adam", "adam", false },
        { "torch.optim.SGD", "sgd", false },
        { "bitsandbytes.optim.PagedAdamW8bit", "adam8bit", true },
        { "bitsandbytes.optim.PagedAdam8bit", "adam8bit", true },
        { "bitsandbytes.optim.AdamW8bit", "adam8bit", false },
        { "bitsandbytes.optim.Adam8bit", "adam8bit", false },
        { "bitsandbytes.optim.PagedAdamW", "adamw", true },
        { "bitsandbytes.optim.PagedAdamW32bit", "adamw", true },
        { "bitsandbytes.optim.PagedAdam", "adam", true },
        { "bitsandbytes.optim.Lion", "lion", false },
        { "bitsandbytes.optim.PagedLion", "lion", true },
        { "torchao.optim.AdamW8bit", "adam8bit", false },
        { "torchao.prototype.low_bit_optim.AdamW8bit", "adam8bit", false },
        { "torch.optim.Adafactor", "adafactor", false },
    };
    const Known *match = nullptr;
    for (const Known &k : known)
        if (*component == QLatin1String(k.component))
            match = &k;
    QStringList handled = { QStringLiteral("_component_") };
    if (!match) {
        r.note(Kind::NotModelled, key, FrameworkImportTr::tr("%1 is not one of the modelled optimizers: the scenario's optimizer stays").arg(excerpt(*component)));
    } else {
        QString optimizer = QLatin1String(match->optimizer);
        if (optimizer == QLatin1String("sgd") && o.value(QLatin1String("momentum")).toDouble(0) > 0)
            optimizer = QStringLiteral("sgd-momentum");
        r.set("optimizer", optimizer, key);
        r.set("paged-optimizer", match->paged, key);
        if (QLatin1String(match->component).startsWith(QLatin1String("torch.optim."))) {
            // torch's default on CUDA is foreach (a temporary the size of the gradients); fused
            // steps in place; foreach=False is the per-parameter loop, no such temporary.
            const bool fused = o.value(QLatin1String("fused")) == QJsonValue(true);
            const bool loop = o.value(QLatin1String("foreach")) == QJsonValue(false);
            r.set("fused-optimizer", fused || loop ? QStringLiteral("on") : QStringLiteral("off"),
                  fused ? keyPath(prefix, QStringLiteral("fused")) : loop ? keyPath(prefix, QStringLiteral("foreach")) : key);
            handled << QStringLiteral("fused") << QStringLiteral("foreach");
        }
        if (o.value(QLatin1String("amsgrad")) == QJsonValue(true)) {
            handled << QStringLiteral("amsgrad");
            r.note(Kind::NotModelled, keyPath(prefix, QStringLiteral("amsgrad")), FrameworkImportTr::tr("AMSGrad's third state, the running maximum"));
        }
    }
    r.noEffect(o, prefix, handled, FrameworkImportTr::tr("the optimizer's hyper-parameters"));
}

} // namespace

TorchtuneLaunch torchtuneLaunchOf(const QByteArray &data)
{
    // The comment lines only (the YAML parser drops them); torchtune's own configs name the
    // recipe both in "Config for ... in <recipe>.py" and in the tune run line.
    static const QRegularExpression recipe(QStringLiteral("\\b([a-z0-9_]+_(?:distributed|single_device))(?:\\.py)?\\b"));
    static const QRegularExpression nproc(QStringLiteral("--nproc[_-]per[_-]node[ =]+([0-9]{1,6})\\b"));
    static const QRegularExpression nnodes(QStringLiteral("--nnodes[ =]+([0-9]{1,6})\\b"));
    TorchtuneLaunch launch;
    const QList<QByteArray> lines = data.left(64 * 1024).split('\n');
    for (const QByteArray &raw : lines) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (!line.startsWith(QLatin1Char('#')))
            continue;
        if (launch.recipe.isEmpty())
            if (const QRegularExpressionMatch m = recipe.match(line); m.hasMatch())
                launch.recipe = m.captured(1);
        if (!line.contains(QLatin1String("tune run")))
            continue;
        if (const QRegularExpressionMatch m = nproc.match(line); m.hasMatch())
            launch.processesPerNode = m.captured(1).toLongLong();
        if (const QRegularExpressionMatch m = nnodes.match(line); m.hasMatch())
            launch.nodes = m.captured(1).toLongLong();
    }
    return launch;
}

void readTorchtune(const QJsonObject &root, const TorchtuneLaunch &launch, ConfigReader &r)
{
    const Scenario &cur = r.current();
    QStringList handled;
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return root.value(QLatin1String(k));
    };
    // The stack first (pure BF16, the chunked loss, FSDP2 when distributed), then the model.
    if (cur.stack.stack != TrainingStack::Torchtune)
        r.set("stack", QStringLiteral("torchtune"), QStringLiteral("model._component_"));
    const std::optional<QJsonObject> model = r.object(take("model"), QStringLiteral("model"));
    if (!model)
        return;
    if (model->isEmpty()) {
        r.fail(QStringLiteral("model"), FrameworkImportTr::tr("is missing; a torchtune recipe names its model builder in model._component_"));
        return;
    }
    readModel(*model, r);
    if (!r.ok())
        return;
    auto countKey = [&](const char *k, const char *option, Field field) {
        const QJsonValue v = take(k);
        if (ConfigReader::absent(v))
            return;
        const FieldRange range = fieldRange(field);
        if (const std::optional<Count> c = r.count(v, QLatin1String(k), range.min, range.max))
            r.set(option, countValue(*c), QLatin1String(k));
    };
    auto flagKey = [&](const char *k, const char *option, const char *on, const char *off) {
        const QJsonValue v = take(k);
        if (ConfigReader::absent(v))
            return;
        const std::optional<bool> b = r.flag(v, QLatin1String(k));
        if (!b)
            return;
        if (on)
            r.set(option, QLatin1String(*b ? on : off), QLatin1String(k));
        else
            r.set(option, *b, QLatin1String(k));
    };
    countKey("batch_size", "batch", Field::Batch);
    countKey("gradient_accumulation_steps", "grad-accum", Field::GradAccum);
    flagKey("optimizer_in_bwd", "optimizer-in-backward", nullptr, nullptr);
    flagKey("enable_activation_checkpointing", "recompute", "full", "none");
    flagKey("enable_activation_offloading", "activation-offload", nullptr, nullptr);
    flagKey("compile", "compile", nullptr, nullptr);
    if (!r.ok())
        return;
    // dtype: the recipes build the model, its gradients and the optimizer's states in it.
    if (const QJsonValue v = take("dtype"); !ConfigReader::absent(v)) {
        if (v.toString() == QLatin1String("fp16")) {
            r.fail(QStringLiteral("dtype"), FrameworkImportTr::tr("is \"fp16\", which torchtune's recipes refuse; allowed: bf16, fp32"));
            return;
        }
        const std::optional<QString> c = r.choice(v, QStringLiteral("dtype"), { QStringLiteral("bf16"), QStringLiteral("fp32") });
        if (!c)
            return;
        r.set("recipe", *c == QLatin1String("bf16") ? QStringLiteral("bf16-pure") : QStringLiteral("fp32"), QStringLiteral("dtype"));
        r.set("optimizer-dtype", *c == QLatin1String("bf16") ? QStringLiteral("weight") : QStringLiteral("fp32"), QStringLiteral("dtype"));
    }
    if (const QJsonValue v = take("optimizer"); !ConfigReader::absent(v)) {
        const std::optional<QJsonObject> o = r.object(v, QStringLiteral("optimizer"));
        if (!o)
            return;
        readOptimizer(*o, r);
        if (!r.ok())
            return;
    }
    // loss: the chunked losses apply the head and the FP32 cross-entropy to num_output_chunks
    // slices (CEWithChunkedOutputLoss; LinearCrossEntropyLoss takes the hidden states and the
    // head's weight, the same chunking).
    if (const QJsonValue v = take("loss"); !ConfigReader::absent(v)) {
        const std::optional<QJsonObject> o = r.object(v, QStringLiteral("loss"));
        if (!o)
            return;
        const QString key = QStringLiteral("loss._component_");
        const std::optional<QString> component = r.text(o->value(QLatin1String("_component_")), key);
        if (!component)
            return;
        const QString name = component->section(QLatin1Char('.'), -1);
        QStringList lossHandled = { QStringLiteral("_component_") };
        if (name == QLatin1String("CEWithChunkedOutputLoss") || name == QLatin1String("LinearCrossEntropyLoss")) {
            r.set("loss", QStringLiteral("chunked"), key);
            lossHandled << QStringLiteral("num_output_chunks");
            if (const QJsonValue n = o->value(QLatin1String("num_output_chunks")); !ConfigReader::absent(n)) {
                const FieldRange range = fieldRange(Field::LossChunks);
                const std::optional<Count> c = r.count(n, QStringLiteral("loss.num_output_chunks"), range.min, range.max);
                if (!c)
                    return;
                r.set("loss-chunks", countValue(*c), QStringLiteral("loss.num_output_chunks"));
            }
        } else if (name == QLatin1String("CrossEntropyLoss")) {
            r.set("loss", QStringLiteral("plain"), key);
        } else {
            r.note(Kind::NotModelled, key, FrameworkImportTr::tr("%1 is not a modelled loss: the stack's loss stays").arg(excerpt(*component)));
        }
        r.noEffect(*o, QStringLiteral("loss"), lossHandled, FrameworkImportTr::tr("the loss's arguments"));
    }
    // The sequence: tokenizer.max_seq_len truncates every sample (and packing fills it exactly);
    // without it the longest sample of a batch sets S.
    const std::optional<QJsonObject> tokenizer = r.object(take("tokenizer"), QStringLiteral("tokenizer"));
    if (!tokenizer)
        return;
    const QJsonValue maxSeq = tokenizer->value(QLatin1String("max_seq_len"));
    bool seqGiven = false;
    if (!ConfigReader::absent(maxSeq)) {
        const FieldRange range = fieldRange(Field::Sequence);
        const std::optional<Count> c = r.count(maxSeq, QStringLiteral("tokenizer.max_seq_len"), range.min, range.max);
        if (!c)
            return;
        r.set("seq", countValue(*c), QStringLiteral("tokenizer.max_seq_len"));
        seqGiven = true;
    } else {
        r.note(Kind::NotModelled, QStringLiteral("tokenizer.max_seq_len"),
               FrameworkImportTr::tr("not given: the longest sample of each batch sets S, which the file does not say; the scenario's S = %1 stays")
                       .arg(QString::fromStdString(groupedNumber(cur.training.sequence))));
    }
    r.noEffect(*tokenizer, QStringLiteral("tokenizer"), { QStringLiteral("max_seq_len") }, FrameworkImportTr::tr("the tokenizer's files and template"));
    // dataset: one dataset or a list of them; packed ones need max_seq_len.
    if (const QJsonValue d = take("dataset"); !ConfigReader::absent(d)) {
        QList<std::pair<QString, QJsonObject>> sets;
        if (d.isArray()) {
            const QJsonArray list = d.toArray();
            for (qsizetype i = 0; i < list.size(); ++i)
                sets.append({ QStringLiteral("dataset[%1]").arg(i), list.at(i).toObject() });
        } else {
            const std::optional<QJsonObject> o = r.object(d, QStringLiteral("dataset"));
            if (!o)
                return;
            sets.append({ QStringLiteral("dataset"), *o });
        }
        for (const auto &[prefix, o] : sets) {
            const QJsonValue packed = o.value(QLatin1String("packed"));
            if (!ConfigReader::absent(packed)) {
                const std::optional<bool> b = r.flag(packed, keyPath(prefix, QStringLiteral("packed")));
                if (!b)
                    return;
                if (*b && !seqGiven) {
                    r.fail(QStringLiteral("tokenizer.max_seq_len"),
                           FrameworkImportTr::tr("is not given, and %1 is true: torchtune packs samples into max_seq_len").arg(keyPath(prefix, QStringLiteral("packed"))));
                    return;
                }
                r.note(Kind::NoEffect, keyPath(prefix, QStringLiteral("packed")),
                       FrameworkImportTr::tr("packing; S is tokenizer.max_seq_len"));
            }
            r.noEffect(o, prefix, { QStringLiteral("packed") }, FrameworkImportTr::tr("the data"));
        }
    }
    // Distributed recipes shard with FSDP2, FULL_SHARD unless fsdp_reshard_after_forward is false.
    const QStringList distributed = { QStringLiteral("fsdp_cpu_offload"), QStringLiteral("fsdp_reshard_after_forward"),
                                      QStringLiteral("custom_sharded_layers"), QStringLiteral("memory_efficient_fsdp_wrap"),
                                      QStringLiteral("data_parallel_shard_dim"), QStringLiteral("data_parallel_replicate_dim") };
    QString distributedKey;
    for (const QString &k : distributed)
        if (root.contains(k) && distributedKey.isEmpty())
            distributedKey = k;
    // A config for a distributed recipe without any of those keys (most of torchtune's own) is
    // sharded all the same: the recipe wraps the model in FSDP2 whatever the file says.
    const bool distributedRecipe = launch.recipe.endsWith(QLatin1String("_distributed"));
    if (distributedKey.isEmpty() && distributedRecipe)
        distributedKey = FrameworkImportTr::tr("the header's recipe %1").arg(launch.recipe);
    if (distributedRecipe && launch.processesPerNode > 0) {
        const Count gpus = launch.processesPerNode * (launch.nodes > 0 ? launch.nodes : 1);
        const FieldRange range = fieldRange(Field::Gpus);
        if (gpus >= range.min && gpus <= range.max)
            r.set("gpus", countValue(gpus), FrameworkImportTr::tr("the header's `tune run --nproc_per_node %1`").arg(digits(launch.processesPerNode)));
    }
    bool fullySharded = false;
    if (!distributedKey.isEmpty()) {
        bool reshard = true;
        if (const QJsonValue v = take("fsdp_reshard_after_forward"); !ConfigReader::absent(v)) {
            const std::optional<bool> b = r.flag(v, QStringLiteral("fsdp_reshard_after_forward"));
            if (!b)
                return;
            reshard = *b;
        }
        fullySharded = reshard;
        r.set("zero", countValue(reshard ? 3 : 2),
              root.contains(QLatin1String("fsdp_reshard_after_forward")) ? QStringLiteral("fsdp_reshard_after_forward")
                                                                        : FrameworkImportTr::tr("%1 (a distributed recipe: FSDP2, fully sharded)").arg(distributedKey));
        if (const QJsonValue v = take("fsdp_cpu_offload"); !ConfigReader::absent(v)) {
            const std::optional<bool> b = r.flag(v, QStringLiteral("fsdp_cpu_offload"));
            if (!b)
                return;
            r.set("offload", *b ? QStringLiteral("optimizer+params") : QStringLiteral("none"), QStringLiteral("fsdp_cpu_offload"));
        }
        if (const QJsonValue v = take("data_parallel_replicate_dim"); v.toDouble(1) > 1)
            r.note(Kind::NotModelled, QStringLiteral("data_parallel_replicate_dim"), FrameworkImportTr::tr("HSDP: replicated across groups, sharded within them"));
        for (const char *k : { "custom_sharded_layers", "memory_efficient_fsdp_wrap", "data_parallel_shard_dim" })
            if (root.contains(QLatin1String(k))) {
                handled << QLatin1String(k);
                r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("the sharding's layout"));
            }
    }
    // FP8 training (recipes/full_finetune_distributed.py, torchtune bd2a0fc: enable_fp8_training and
    // fp8_recipe_name; training/quantization.py convert_to_float8_training): torchao's Float8Linear
    // on every linear but the output; without a recipe name, tensorwise with
    // enable_fsdp_float8_all_gather=True.
    const QJsonValue fp8Name = take("fp8_recipe_name");
    if (const QJsonValue v = take("enable_fp8_training"); !ConfigReader::absent(v)) {
        const std::optional<bool> on = r.flag(v, QStringLiteral("enable_fp8_training"));
        if (!on)
            return;
        QString name;
        if (!ConfigReader::absent(fp8Name) && !fp8Name.isNull()) {
            const std::optional<QString> c = r.choice(fp8Name, QStringLiteral("fp8_recipe_name"),
                                                      { QStringLiteral("tensorwise"), QStringLiteral("rowwise"),
                                                        QStringLiteral("rowwise_with_gw_hp") });
            if (!c)
                return;
            name = *c;
        }
        if (!*on) {
            r.set("fp8", QStringLiteral("off"), QStringLiteral("enable_fp8_training"));
        } else if (!distributedRecipe) {
            r.note(Kind::NoEffect, QStringLiteral("enable_fp8_training"), FrameworkImportTr::tr("read by the distributed full fine-tune only"));
        } else if (name.isEmpty() || name == QLatin1String("tensorwise")) {
            r.set("fp8", QStringLiteral("tensorwise"), name.isEmpty() ? QStringLiteral("enable_fp8_training") : QStringLiteral("fp8_recipe_name"));
            if (name.isEmpty() && fullySharded)
                r.set("fp8-all-gather", true, FrameworkImportTr::tr("enable_fp8_training without fp8_recipe_name (torchtune's enable_fsdp_float8_all_gather=True)"));
        } else {
            // rowwise_with_gw_hp computes the weight gradient in BF16; it saves what rowwise saves.
            r.set("fp8", QStringLiteral("rowwise"), QStringLiteral("fp8_recipe_name"));
        }
    } else if (!ConfigReader::absent(fp8Name)) {
        r.note(Kind::NoEffect, QStringLiteral("fp8_recipe_name"), FrameworkImportTr::tr("without enable_fp8_training"));
    }
    if (const QJsonValue v = take("tensor_parallel_dim"); !ConfigReader::absent(v)) {
        const FieldRange range = fieldRange(Field::TensorParallel);
        if (const std::optional<Count> c = r.count(v, QStringLiteral("tensor_parallel_dim"), range.min, range.max))
            r.set("tp", countValue(*c), QStringLiteral("tensor_parallel_dim"));
    }
    if (const QJsonValue v = take("device"); !ConfigReader::absent(v)) {
        const std::optional<QString> d = r.text(v, QStringLiteral("device"));
        if (!d)
            return;
        if (*d == QLatin1String("cpu")) {
            r.fail(QStringLiteral("device"), FrameworkImportTr::tr("is \"cpu\": a run on the CPU; Headroom estimates GPU memory"));
            return;
        }
        if (*d != QLatin1String("cuda"))
            r.note(Kind::NotModelled, QStringLiteral("device"), FrameworkImportTr::tr("%1: the estimate is for CUDA GPUs").arg(excerpt(*d)));
        else
            r.note(Kind::NoEffect, QStringLiteral("device"), FrameworkImportTr::tr("CUDA, as estimated"));
    }
    if (!r.ok())
        return;
    const char *notModelled[][2] = {
        { "quantizer", QT_TRANSLATE_NOOP("FrameworkImport", "quantization-aware training's fake-quantized copies") },
        { "ac_mode", QT_TRANSLATE_NOOP("FrameworkImport", "selective checkpointing of every k-th layer") },
        { "ac_option", QT_TRANSLATE_NOOP("FrameworkImport", "selective checkpointing of every k-th layer") },
        { "teacher_model", QT_TRANSLATE_NOOP("FrameworkImport", "knowledge distillation's teacher model") },
        { "kd_loss", QT_TRANSLATE_NOOP("FrameworkImport", "knowledge distillation's loss over the teacher's logits") },
        { "context_parallel_dim", QT_TRANSLATE_NOOP("FrameworkImport", "context parallelism") },
        { "ref_model", QT_TRANSLATE_NOOP("FrameworkImport", "a reference model (DPO, PPO)") },
    };
    for (const auto &[k, why] : notModelled) {
        const QJsonValue v = take(k);
        if (!ConfigReader::absent(v) && v != QJsonValue(false))
            r.note(Kind::NotModelled, QLatin1String(k), FrameworkImportTr::tr(why));
    }
    for (const char *k : { "output_dir", "seed", "shuffle", "epochs", "max_steps_per_epoch", "checkpointer", "resume_from_checkpoint",
                           "save_adapter_weights_only", "save_every_n_steps", "metric_logger", "log_every_n_steps",
                           "log_peak_memory_stats", "log_level", "profiler", "lr_scheduler", "run_val_every_n_steps", "dataset_val",
                           "batch_size_val", "clip_grad_norm", "save_last_epoch_only", "keep_last_n_checkpoints",
                           "enable_async_checkpointing", "tensor_parallel_plan", "low_cpu_ram", "collate_fn",
                           "activation_offloading_use_streams", "teacher_checkpointer", "kd_ratio", "cudnn_deterministic_mode",
                           "fsdp_cpu_offload", "fsdp_reshard_after_forward", "custom_sharded_layers", "memory_efficient_fsdp_wrap",
                           "data_parallel_shard_dim", "data_parallel_replicate_dim", "loss_scale" })
        if (root.contains(QLatin1String(k)) && !handled.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("schedules, logging, checkpoints and paths"));
        }
    r.rest(root, QString(), handled);
}

} // namespace headroom::detail
