// What the training front ends built on Hugging Face's Trainer share (frameworkbody.h): axolotl,
// LLaMA-Factory and TRL name the optimizer with TrainingArguments.optim, the adapted modules with
// PEFT's target_modules, FSDP with the Trainer's fsdp / fsdp_config, and ZeRO with a DeepSpeed
// JSON beside the YAML.

#include <algorithm>

#include <QDir>
#include <QFileInfo>

#include <headroom/io/safefile.h>
#include <headroom/memory/stack.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

using Kind = FrameworkNote::Kind;

} // namespace

void readTrainerOptim(const QJsonValue &v, const QString &key, ConfigReader &r)
{
    const std::optional<QString> given = r.text(v, key);
    if (!given)
        return;
    // transformers' OptimizerNames (training_args.py, v4.46 to v4.57) and what each builds
    // (trainer.py get_optimizer_cls_and_kwargs): torch's AdamW foreach by default on CUDA,
    // fused with adamw_torch_fused; bitsandbytes' 8-bit and paged ones; torchao's low-bit AdamW.
    struct Known
    {
        const char *name;
        const char *optimizer;
        bool paged;
        const char *fused; //!< --fused-optimizer, or nullptr to leave it
    };
    static const Known known[] = {
        { "adamw_torch", "adamw", false, "off" },
        { "adamw_hf", "adamw", false, "on" }, // transformers' own AdamW: a loop over parameters, no foreach temporary
        { "adamw_torch_fused", "adamw", false, "on" },
        { "adamw_apex_fused", "adamw", false, "on" },
        { "adamw_torch_xla", "adamw", false, "off" },
        { "adamw_torch_npu_fused", "adamw", false, "on" },
        { "adafactor", "adafactor", false, nullptr },
        { "sgd", "sgd", false, nullptr },
        { "adamw_bnb_8bit", "adam8bit", false, nullptr },
        { "adamw_8bit", "adam8bit", false, nullptr },
        { "paged_adamw_8bit", "adam8bit", true, nullptr },
        { "paged_adamw", "adamw", true, nullptr },
        { "paged_adamw_32bit", "adamw", true, nullptr },
        { "lion_32bit", "lion", false, nullptr },
        { "paged_lion_32bit", "lion", true, nullptr },
        { "adamw_torch_4bit", "adamw4bit", false, nullptr },
        { "adamw_torch_8bit", "adamw8bit-torchao", false, nullptr },
        { "galore_adamw", "galore", false, nullptr },
        { "galore_adamw_8bit", "galore-8bit", false, nullptr },
        { "apollo_adamw", "apollo", false, nullptr },
    };
    const QString name = given->toLower();
    for (const Known &k : known)
        if (name == QLatin1String(k.name)) {
            r.set("optimizer", QLatin1String(k.optimizer), key);
            r.set("paged-optimizer", k.paged, key);
            if (k.fused)
                r.set("fused-optimizer", QLatin1String(k.fused), key);
            return;
        }
    if (name == QLatin1String("lion_8bit") || name == QLatin1String("paged_lion_8bit")) {
        r.set("optimizer", QStringLiteral("lion"), key);
        r.set("paged-optimizer", name.startsWith(QLatin1String("paged_")), key);
        r.note(Kind::NotModelled, key, FrameworkImportTr::tr("8-bit Lion: its momentum is counted in 32 bits, 3 bytes a parameter high"));
        return;
    }
    if (name.endsWith(QLatin1String("_layerwise")) && (name.startsWith(QLatin1String("galore_adamw")) || name.startsWith(QLatin1String("apollo_adamw")))) {
        r.set("optimizer", QLatin1String(name.startsWith(QLatin1String("galore_adamw_8bit")) ? "galore-8bit"
                                         : name.startsWith(QLatin1String("galore")) ? "galore" : "apollo"),
              key);
        r.note(Kind::NotModelled, key, FrameworkImportTr::tr("layer-wise updates: each layer's gradient is freed as it is applied"));
        return;
    }
    r.note(Kind::NotModelled, key, FrameworkImportTr::tr("%1 is not one of the modelled optimizers: the scenario's optimizer stays").arg(excerpt(*given)));
}

void readLoraModules(const QJsonValue &v, const QString &key, ConfigReader &r)
{
    QStringList names;
    if (v.isString()) {
        // LLaMA-Factory's lora_target is one comma-separated string.
        for (const QString &n : v.toString().split(QLatin1Char(','), Qt::SkipEmptyParts))
            names << n.trimmed();
    } else if (v.isArray()) {
        const QJsonArray list = v.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            const std::optional<QString> n = r.text(list.at(i), key + QStringLiteral("[%1]").arg(i));
            if (!n)
                return;
            names << n->trimmed();
        }
    } else {
        r.fail(key, FrameworkImportTr::tr("is %1; expected a list of module names (q_proj, v_proj, ...) or all-linear").arg(ConfigReader::shown(v)));
        return;
    }
    // The decoder's projections under the names Hugging Face's models give them; fused ones
    // (query_key_value, qkv_proj, gate_up_proj) adapt what they fuse; Mixtral's experts' w1, w3
    // and w2 are their gate, up and down. A hybrid's mixer (Qwen3NextGatedDeltaNet,
    // Qwen3_5GatedDeltaNet, BambaMixer) projects its input with in_proj_* or in_proj and its output
    // with out_proj; Headroom adapts its input projections together (mixer-in).
    static const QList<std::pair<QString, QStringList>> modules = {
        { QStringLiteral("q_proj"), { QStringLiteral("q") } },
        { QStringLiteral("k_proj"), { QStringLiteral("k") } },
        { QStringLiteral("v_proj"), { QStringLiteral("v") } },
        { QStringLiteral("o_proj"), { QStringLiteral("o") } },
        { QStringLiteral("gate_proj"), { QStringLiteral("gate") } },
        { QStringLiteral("up_proj"), { QStringLiteral("up") } },
        { QStringLiteral("down_proj"), { QStringLiteral("down") } },
        { QStringLiteral("query_key_value"), { QStringLiteral("q"), QStringLiteral("k"), QStringLiteral("v") } },
        { QStringLiteral("qkv_proj"), { QStringLiteral("q"), QStringLiteral("k"), QStringLiteral("v") } },
        { QStringLiteral("gate_up_proj"), { QStringLiteral("gate"), QStringLiteral("up") } },
        { QStringLiteral("w1"), { QStringLiteral("gate") } },
        { QStringLiteral("w3"), { QStringLiteral("up") } },
        { QStringLiteral("w2"), { QStringLiteral("down") } },
        // Granite 4.0's shared_mlp: gate and up in one input_linear, down in output_linear.
        { QStringLiteral("input_linear"), { QStringLiteral("gate"), QStringLiteral("up") } },
        { QStringLiteral("output_linear"), { QStringLiteral("down") } },
        { QStringLiteral("in_proj_qkvz"), { QStringLiteral("mixer-in") } },
        { QStringLiteral("in_proj_ba"), { QStringLiteral("mixer-in") } },
        { QStringLiteral("in_proj_qkv"), { QStringLiteral("mixer-in") } },
        { QStringLiteral("in_proj_z"), { QStringLiteral("mixer-in") } },
        { QStringLiteral("in_proj_b"), { QStringLiteral("mixer-in") } },
        { QStringLiteral("in_proj_a"), { QStringLiteral("mixer-in") } },
        { QStringLiteral("in_proj"), { QStringLiteral("mixer-in") } },
        { QStringLiteral("out_proj"), { QStringLiteral("mixer-out") } },
    };
    // The input projections Headroom adapts as one target: naming some of them adapts all.
    static const QStringList mixerInputs = { QStringLiteral("in_proj_qkvz"), QStringLiteral("in_proj_ba"), QStringLiteral("in_proj_qkv"),
                                             QStringLiteral("in_proj_z"), QStringLiteral("in_proj_b"), QStringLiteral("in_proj_a") };
    QStringList targets;
    QStringList unknown;
    QStringList mixerInputsNamed;
    bool all = false;
    for (const QString &n : names) {
        if (n == QLatin1String("all-linear") || n == QLatin1String("all")) {
            all = true;
            continue;
        }
        // PEFT matches a name against the end of a module's path: self_attn.q_proj is q_proj.
        const QString last = n.section(QLatin1Char('.'), -1);
        if (mixerInputs.contains(last) && !mixerInputsNamed.contains(last))
            mixerInputsNamed << last;
        bool found = false;
        for (const auto &[module, ours] : modules)
            if (last == module) {
                found = true;
                for (const QString &t : ours)
                    if (!targets.contains(t))
                        targets << t;
            }
        if (!found)
            unknown << excerpt(n, 60);
    }
    if (!unknown.isEmpty())
        r.note(Kind::NotModelled, key,
               FrameworkImportTr::tr("adapters on %1: not among the decoder's projections Headroom adapts (q, k, v, o, gate, up, down, "
                                     "and a hybrid's in_proj and out_proj)")
                       .arg(unknown.join(QStringLiteral(", "))));
    // LFM2 names both its attention's output projection and its short convolution's out_proj: the
    // name alone cannot say which model the file is for, so the reading is said.
    if (targets.contains(QStringLiteral("mixer-out")))
        r.note(Kind::NotModelled, key,
               FrameworkImportTr::tr("out_proj read as a hybrid mixer's output projection (mixer-out); on LFM2 it also names the "
                                     "attention's output projection: add o to the targets to count those adapters"));
    // Gated DeltaNet has two input projections (Qwen3-Next) or four (Qwen3.5); one or three named
    // alone are adapted with the others, a few parameters more than the run trains.
    const bool wholeMixer = mixerInputsNamed.size() == 4
            || (mixerInputsNamed.size() == 2 && mixerInputsNamed.contains(QStringLiteral("in_proj_qkvz"))
                && mixerInputsNamed.contains(QStringLiteral("in_proj_ba")));
    if (!mixerInputsNamed.isEmpty() && !wholeMixer)
        r.note(Kind::NotModelled, key,
               FrameworkImportTr::tr("adapters on %1 of the mixer's input projections: Headroom adapts all of them together (mixer-in), "
                                     "a few parameters more than the run trains")
                       .arg(mixerInputsNamed.join(QStringLiteral(", "))));
    if (all) {
        r.set("lora-targets", QStringLiteral("all"), key);
        return;
    }
    if (targets.isEmpty()) {
        r.fail(key, FrameworkImportTr::tr("names none of the projections q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj, "
                                          "in_proj, out_proj (or all-linear)"));
        return;
    }
    QStringList ordered;
    for (const char *t : { "q", "k", "v", "o", "gate", "up", "down", "mixer-in", "mixer-out" })
        if (targets.contains(QLatin1String(t)))
            ordered << QLatin1String(t);
    r.set("lora-targets", ordered.join(QLatin1Char(',')), key);
}

std::optional<Count> setCountOr(const QJsonValue &v, const QString &key, const char *option, Field field, Count fallback,
                                const QString &fallbackSource, ConfigReader &r)
{
    if (ConfigReader::absent(v)) {
        if (fallback > 0)
            r.set(option, countValue(fallback), fallbackSource);
        return fallback;
    }
    const FieldRange range = fieldRange(field);
    const std::optional<Count> c = r.count(v, key, range.min, range.max);
    if (c)
        r.set(option, countValue(*c), key);
    return c;
}

bool setDropoutOr(const QJsonValue &v, const QString &key, std::optional<double> fallback, const QString &fallbackSource, ConfigReader &r)
{
    if (ConfigReader::absent(v)) {
        if (fallback)
            r.set("lora-dropout", *fallback, fallbackSource);
        return true;
    }
    const std::optional<double> d = r.real(v, key, 0.0, 0.999999);
    if (d)
        r.set("lora-dropout", *d, key);
    return d.has_value();
}

void readAttnImplementation(const QJsonValue &v, const QString &key, ConfigReader &r)
{
    const std::optional<QString> a = r.text(v, key);
    if (!a)
        return;
    if (a->contains(QLatin1String("flash_attention")) || a->contains(QLatin1String("flash-attn")))
        r.set("attention", QStringLiteral("flash"), key);
    else if (*a == QLatin1String("sdpa") || *a == QLatin1String("eager"))
        r.set("attention", *a, key);
    else
        r.note(Kind::NotModelled, key, FrameworkImportTr::tr("%1: an attention kernel Headroom does not model; the scenario's stays").arg(excerpt(*a)));
}

void readModulesToSave(const QJsonValue &v, const QString &key, ConfigReader &r)
{
    QStringList names;
    if (v.isString()) {
        for (const QString &n : v.toString().split(QLatin1Char(','), Qt::SkipEmptyParts))
            names << n.trimmed();
    } else if (v.isArray()) {
        for (const QJsonValue &n : v.toArray())
            names << n.toString();
    } else {
        r.fail(key, FrameworkImportTr::tr("is %1; expected a list of module names (embed_tokens, lm_head)").arg(ConfigReader::shown(v)));
        return;
    }
    QStringList modules;
    QStringList unknown;
    for (const QString &n : names) {
        if (n == QLatin1String("embed_tokens") || n == QLatin1String("wte") || n == QLatin1String("word_embeddings")) {
            if (!modules.contains(QLatin1String("embed")))
                modules << QStringLiteral("embed");
        } else if (n == QLatin1String("lm_head") || n == QLatin1String("embed_out") || n == QLatin1String("output")) {
            if (!modules.contains(QLatin1String("head")))
                modules << QStringLiteral("head");
        } else {
            unknown << excerpt(n, 60);
        }
    }
    if (!unknown.isEmpty())
        r.note(Kind::NotModelled, key, FrameworkImportTr::tr("trained copies of %1: only the embedding's and the head's are modelled").arg(unknown.join(QStringLiteral(", "))));
    QStringList ordered;
    for (const char *m : { "embed", "head" })
        if (modules.contains(QLatin1String(m)))
            ordered << QLatin1String(m);
    r.set("lora-trainable", ordered.isEmpty() ? QStringLiteral("none") : ordered.join(QLatin1Char(',')), key);
}

void readTrainerFsdp(const QJsonValue &fsdp, const QString &fsdpKey, const QJsonValue &config, const QString &configKey,
                     const QJsonValue &version, const QString &versionKey, ConfigReader &r)
{
    // The Trainer's fsdp: "full_shard auto_wrap", ["full_shard", "offload"] (FSDPOption).
    QStringList options;
    if (fsdp.isString()) {
        options = fsdp.toString().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    } else if (fsdp.isArray()) {
        const QJsonArray list = fsdp.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            const std::optional<QString> o = r.text(list.at(i), fsdpKey + QStringLiteral("[%1]").arg(i));
            if (!o)
                return;
            options << *o;
        }
    } else if (fsdp.isBool() && fsdp.toBool()) {
        options << QStringLiteral("full_shard");
    } else if (!ConfigReader::absent(fsdp) && !(fsdp.isBool() && !fsdp.toBool())) {
        r.fail(fsdpKey, FrameworkImportTr::tr("is %1; expected FSDP options (full_shard, shard_grad_op, hybrid_shard, offload, auto_wrap)")
                                .arg(ConfigReader::shown(fsdp)));
        return;
    }
    const std::optional<QJsonObject> block = r.object(config, configKey);
    if (!block)
        return;
    int fsdpVersion = 1;
    QJsonValue versionValue = version;
    QString versionSource = versionKey;
    for (const char *k : { "fsdp_version", "version" })
        if (ConfigReader::absent(versionValue) && block->contains(QLatin1String(k))) {
            versionValue = block->value(QLatin1String(k));
            versionSource = keyPath(configKey, QLatin1String(k));
        }
    if (!ConfigReader::absent(versionValue)) {
        const std::optional<Count> n = r.count(versionValue, versionSource, 1, 2);
        if (!n)
            return;
        fsdpVersion = int(*n);
    }
    if (options.isEmpty() && block->isEmpty())
        return;
    const TrainingStack stack = fsdpVersion == 2 ? TrainingStack::Fsdp2 : TrainingStack::Fsdp;
    if (r.current().stack.stack != stack)
        r.set("stack", QLatin1String(stackName(stack).data()), ConfigReader::absent(versionValue) ? (options.isEmpty() ? configKey : fsdpKey) : versionSource);
    FsdpDefaults defaults;
    defaults.prefix = configKey;
    const QStringList strategies = { QStringLiteral("full_shard"), QStringLiteral("shard_grad_op"), QStringLiteral("hybrid_shard"),
                                     QStringLiteral("hybrid_shard_zero2"), QStringLiteral("no_shard"), QStringLiteral("offload"),
                                     QStringLiteral("auto_wrap") };
    for (const QString &o : options) {
        if (!strategies.contains(o)) {
            r.fail(fsdpKey, FrameworkImportTr::tr("names %1; allowed: %2").arg(excerpt(o), strategies.join(QStringLiteral(", "))));
            return;
        }
        if (o == QLatin1String("shard_grad_op") || o == QLatin1String("hybrid_shard_zero2"))
            defaults.stage = 2;
        else if (o == QLatin1String("no_shard"))
            defaults.stage = 0;
        if (o.startsWith(QLatin1String("hybrid_shard")))
            r.note(Kind::NotModelled, fsdpKey,
                   FrameworkImportTr::tr("hybrid sharding shards within a node and replicates across nodes: modelled as sharded over all GPUs, "
                                         "exact on one node and low on several"));
    }
    if (!options.isEmpty())
        defaults.stageSource = fsdpKey;
    else if (fsdpKey.isEmpty())
        defaults.stageSource = FrameworkImportTr::tr("%1 (no strategy given: FULL_SHARD)").arg(configKey);
    else
        defaults.stageSource = FrameworkImportTr::tr("%1 (absent: FULL_SHARD)").arg(fsdpKey);
    readFsdp(*block, fsdpVersion, r, defaults);
    if (r.ok() && options.contains(QLatin1String("offload")))
        r.set("offload", QStringLiteral("optimizer+params"), fsdpKey);
}

void readReferencedDeepSpeed(const QString &name, const QString &key, const QString &yamlFile, const Scenario &provisional,
                             ConfigReader &r)
{
    QString path = QFileInfo(yamlFile).dir().filePath(name);
    if (QFileInfo(name).isAbsolute() || !QFileInfo::exists(path))
        path = name;
    if (!QFileInfo(name).isAbsolute() && !QFileInfo::exists(path)) {
        QDir up = QFileInfo(yamlFile).absoluteDir();
        for (int level = 0; level < 4 && up.cdUp(); ++level)
            if (QFileInfo::exists(up.filePath(name))) {
                path = up.filePath(name);
                break;
            }
    }
    // The name comes from the file: read as given, shown escaped (excerpt()).
    const QString shownPath = excerpt(path, 4096);
    QByteArray data;
    QJsonObject root;
    FrameworkError e = readConfigBytes(path, data);
    e.file = shownPath;
    if (e.ok())
        e = parseJsonConfig(data, shownPath, root);
    if (!e.ok()) {
        r.fail(key, e.text() + FrameworkImportTr::tr(" (looked for beside the config, in the working folder and in the config's parent folders: "
                                                     "ZeRO's sharding is in it)"));
        return;
    }
    FrameworkImport sub;
    sub.kind = FrameworkKind::DeepSpeed;
    sub.file = shownPath;
    ConfigReader inner(shownPath, provisional, sub);
    readDeepSpeed(root, inner, DeepSpeedLauncher::Accelerate);
    if (!inner.ok()) {
        r.fail(key, inner.error.text());
        return;
    }
    const QString shortName = excerpt(QFileInfo(path).fileName(), 120);
    for (const FrameworkSetting &s : sub.settings)
        r.set(s.option.toLatin1().constData(), s.value, shortName + QStringLiteral(": ") + s.source);
    for (const FrameworkNote &n : sub.notes)
        r.note(n.kind, shortName + QStringLiteral(": ") + n.key, n.reason);
}

void finishFrontEnd(const QJsonObject &root, const QStringList &handled, ConfigReader &r)
{
    if (!r.ok())
        return;
    QList<FrameworkSetting> &settings = r.out().settings;
    std::stable_partition(settings.begin(), settings.end(), [](const FrameworkSetting &s) { return s.option == QLatin1String("stack"); });
    auto said = [&r](const QString &key) {
        auto under = [&key](const QString &place) {
            return place == key || place.startsWith(key + QLatin1Char('.')) || place.startsWith(key + QLatin1Char(' '))
                    || place.startsWith(key + QLatin1Char('['));
        };
        for (const FrameworkSetting &s : r.out().settings)
            if (under(s.source))
                return true;
        for (const FrameworkNote &n : r.out().notes)
            if (under(n.key))
                return true;
        return false;
    };
    for (auto it = root.begin(); it != root.end(); ++it)
        if (handled.contains(it.key()) && !said(it.key()))
            r.note(Kind::NoEffect, excerpt(it.key()), FrameworkImportTr::tr("read: it changes nothing here (false, empty, or what the scenario holds already)"));
    r.rest(root, QString(), handled);
}

Scenario provisionalScenario(const Scenario &cur, const QList<FrameworkSetting> &settings)
{
    Scenario s = cur;
    for (const FrameworkSetting &f : settings) {
        const Count n = Count(f.value.toDouble());
        if (f.option == QLatin1String("stack")) {
            if (const std::optional<TrainingStack> stack = stackFromName(f.value.toString().toStdString()))
                applyStackDefaults(s, *stack);
        } else if (f.option == QLatin1String("batch")) {
            s.training.microBatch = n;
        } else if (f.option == QLatin1String("grad-accum")) {
            s.training.gradAccumSteps = n;
        } else if (f.option == QLatin1String("gpus")) {
            s.parallel.gpus = n;
        } else if (f.option == QLatin1String("recipe")) {
            if (const std::optional<Recipe> recipe = recipeFromName(f.value.toString().toStdString()))
                s.training.precision.recipe = *recipe;
        }
    }
    return s;
}

} // namespace headroom::detail
