// DeepSpeed config JSON (frameworkconfig.h). Keys and defaults as DeepSpeed v0.15 reads them
// (deepspeed/runtime/config.py, deepspeed/runtime/zero/config.py, zero/offload_config.py); the
// "auto" values as Hugging Face fills them (transformers src/transformers/integrations/
// deepspeed.py, HfTrainerDeepSpeedConfig.trainer_config_process and trainer_config_finalize):
//  - train_micro_batch_size_per_gpu <- per_device_train_batch_size, gradient_accumulation_steps
//    <- gradient_accumulation_steps, train_batch_size <- world_size x both;
//  - fp16.enabled <- --fp16 (amp backend), bf16.enabled <- --bf16;
//  - reduce_bucket_size <- hidden_size², and at stage 3 only stage3_prefetch_bucket_size <-
//    0.9 x hidden_size² and stage3_param_persistence_threshold <- 10 x hidden_size.
// Here the scenario stands for the training arguments: its micro-batch, accumulation and
// recipe's 16-bit format; the hidden-size rules are the hf-trainer stack's own (stack.h), so
// they follow the model when it changes after the import, as Hugging Face fills them once the
// model is known.

#include <QJsonArray>

#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/validation.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

using Kind = FrameworkNote::Kind;

bool containsAuto(const QJsonValue &v)
{
    if (ConfigReader::isAuto(v))
        return true;
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (containsAuto(it.value()))
                return true;
    } else if (v.isArray()) {
        for (const QJsonValue &item : v.toArray())
            if (containsAuto(item))
                return true;
    }
    return false;
}

// One of the three batch keys: its value, and whether it was "auto" (then the scenario's).
struct BatchKey
{
    std::optional<Count> value;
    bool fromFile = false;
};

BatchKey batchKey(const QJsonObject &root, const char *name, Field field, Count scenarioValue, const QString &autoReason,
                  ConfigReader &r)
{
    const QString key = QLatin1String(name);
    const QJsonValue v = root.value(key);
    if (ConfigReader::absent(v))
        return {};
    if (ConfigReader::isAuto(v)) {
        if (!autoReason.isEmpty())
            r.note(Kind::Auto, key, autoReason);
        return { scenarioValue, false };
    }
    const FieldRange range = fieldRange(field);
    const std::optional<Count> c = r.count(v, key, range.min, field == Field::Gpus ? range.max * fieldRange(Field::Batch).max : range.max);
    return { c, true };
}

// train_batch_size = micro-batch x accumulation x data-parallel GPUs: DeepSpeed fills the one
// missing (runtime/config.py _set_batch_related_parameters), Hugging Face fills "auto" from its
// arguments (the scenario's here); all three given fix the GPU count.
void readBatch(const QJsonObject &root, ConfigReader &r)
{
    const Scenario &cur = r.current();
    const Count mp = cur.parallel.tensorParallel * cur.parallel.pipelineParallel;
    const Count dp = cur.parallel.dataParallel() > 0 ? cur.parallel.dataParallel() : 1;
    BatchKey mb = batchKey(root, "train_micro_batch_size_per_gpu", Field::Batch, cur.training.microBatch,
                           FrameworkImportTr::tr("filled from per_device_train_batch_size: the scenario's micro-batch, B = %1")
                                   .arg(digits(cur.training.microBatch)),
                           r);
    BatchKey ga = batchKey(root, "gradient_accumulation_steps", Field::GradAccum, cur.training.gradAccumSteps,
                           FrameworkImportTr::tr("filled from gradient_accumulation_steps: the scenario's, %1").arg(digits(cur.training.gradAccumSteps)),
                           r);
    const QJsonValue tbsValue = root.value(QLatin1String("train_batch_size"));
    BatchKey tbs = batchKey(root, "train_batch_size", Field::Gpus, 0, QString(), r);
    if (!r.ok())
        return;
    const QString tbsKey = QStringLiteral("train_batch_size");
    if (ConfigReader::isAuto(tbsValue)) {
        const Count m = mb.value.value_or(cur.training.microBatch), g = ga.value.value_or(cur.training.gradAccumSteps);
        r.note(Kind::Auto, tbsKey,
               FrameworkImportTr::tr("filled as GPUs × micro-batch × accumulation: %1 × %2 × %3 = %4").arg(digits(dp), digits(m), digits(g), digits(dp * m * g)));
        tbs = {};
    }
    if (tbs.value) {
        const Count total = *tbs.value;
        if (mb.value && ga.value) {
            const Count per = *mb.value * *ga.value;
            if (total % per != 0) {
                r.fail(tbsKey, FrameworkImportTr::tr("is %1, not a multiple of train_micro_batch_size_per_gpu × gradient_accumulation_steps = %2 × %3")
                                       .arg(digits(total), digits(*mb.value), digits(*ga.value)));
                return;
            }
            const Count gpus = total / per * mp;
            if (gpus > fieldRange(Field::Gpus).max) {
                r.fail(tbsKey, FrameworkImportTr::tr("is %1: it takes %2 GPUs, more than %3").arg(digits(total), digits(gpus), digits(fieldRange(Field::Gpus).max)));
                return;
            }
            r.set("gpus", countValue(gpus), tbsKey);
        } else if (mb.value || ga.value) {
            // The missing one follows from the scenario's GPU count.
            const Count known = mb.value ? *mb.value : *ga.value;
            if (total % (known * dp) != 0) {
                r.fail(tbsKey, FrameworkImportTr::tr("is %1, not a multiple of %2 × %3 GPUs (data parallel)")
                                       .arg(digits(total), digits(known), digits(dp)));
                return;
            }
            (mb.value ? ga : mb) = { total / (known * dp), true };
        } else {
            // DeepSpeed: grad_acc = 1, micro_batch = train_batch // world_size.
            if (total % dp != 0) {
                r.fail(tbsKey, FrameworkImportTr::tr("is %1, not a multiple of the %2 data-parallel GPUs").arg(digits(total), digits(dp)));
                return;
            }
            mb = { total / dp, true };
            ga = { 1, true };
        }
    }
    if (mb.value && mb.fromFile)
        r.set("batch", countValue(*mb.value), QStringLiteral("train_micro_batch_size_per_gpu"));
    if (ga.value && ga.fromFile)
        r.set("grad-accum", countValue(*ga.value), QStringLiteral("gradient_accumulation_steps"));
}

// fp16 / bf16 blocks: DeepSpeed's FP16 engine or its BF16 one, both with FP32 masters in the
// optimizer; neither trains in FP32.
void readPrecision(const QJsonObject &root, bool hf, ConfigReader &r)
{
    const HalfFormat scenarioHalf = halfFormatOf(r.current());
    struct Block
    {
        QString name;
        HalfFormat format;
        std::optional<bool> enabled;
        bool halfMaster = false; //!< <format>_master_weights_and_grads
        bool halfStates = false; //!< bf16_optimizer_states
    };
    const QString bf16Name = root.contains(QLatin1String("bfloat16")) ? QStringLiteral("bfloat16") : QStringLiteral("bf16");
    Block blocks[] = { { QStringLiteral("fp16"), HalfFormat::Fp16, false }, { bf16Name, HalfFormat::Bf16, false } };
    bool given = false;
    for (Block &b : blocks) {
        const std::optional<QJsonObject> o = r.object(root.value(b.name), b.name);
        if (!o)
            return;
        if (o->isEmpty())
            continue;
        given = true;
        const QString enabledKey = keyPath(b.name, QStringLiteral("enabled"));
        const QJsonValue e = o->value(QLatin1String("enabled"));
        if (ConfigReader::isAuto(e)) {
            b.enabled = scenarioHalf == b.format;
            r.note(Kind::Auto, enabledKey,
                   b.format == HalfFormat::Bf16 ? FrameworkImportTr::tr("filled from --bf16: %1, as the scenario's recipe is %2")
                                                          .arg(*b.enabled ? QStringLiteral("true") : QStringLiteral("false"),
                                                               QLatin1String(recipeName(r.current().training.precision.recipe).data()))
                                                : FrameworkImportTr::tr("filled from --fp16: %1, as the scenario's recipe is %2")
                                                          .arg(*b.enabled ? QStringLiteral("true") : QStringLiteral("false"),
                                                               QLatin1String(recipeName(r.current().training.precision.recipe).data())));
        } else if (!ConfigReader::absent(e)) {
            b.enabled = r.flag(e, enabledKey);
            if (!b.enabled)
                return;
        }
        // 16-bit master weights and gradients, and BF16 optimizer states (DeepSpeedFP16Config,
        // DeepSpeedBF16Config in deepspeed/runtime/precision_config.py, v0.18.3).
        const QString masterKey = b.format == HalfFormat::Bf16 ? QStringLiteral("bf16_master_weights_and_grads")
                                                               : QStringLiteral("fp16_master_weights_and_grads");
        const QString statesKey = QStringLiteral("bf16_optimizer_states");
        for (const QString &key : { masterKey, statesKey }) {
            const QJsonValue v = o->value(key);
            if (ConfigReader::absent(v) || (key == statesKey && b.format != HalfFormat::Bf16))
                continue;
            const std::optional<bool> on = r.flag(v, keyPath(b.name, key));
            if (!on)
                return;
            (key == masterKey ? b.halfMaster : b.halfStates) = *on;
        }
        const QStringList handled = { QStringLiteral("enabled"), masterKey, statesKey };
        r.noEffect(*o, b.name, handled, FrameworkImportTr::tr("the loss scale and overflow checks"));
        if (b.halfStates && !b.halfMaster) {
            r.fail(keyPath(b.name, statesKey), FrameworkImportTr::tr("needs bf16_master_weights_and_grads: true (DeepSpeed asserts so)"));
            return;
        }
    }
    if (!given && hf) {
        // Under the Trainer, Accelerate adds the block its mixed precision (--bf16, --fp16) asks
        // for; the scenario's 16-bit format stands for it, as for "auto".
        blocks[0].enabled = scenarioHalf == HalfFormat::Fp16;
        blocks[1].enabled = scenarioHalf == HalfFormat::Bf16;
        r.note(Kind::Auto, QStringLiteral("fp16, bf16"),
               FrameworkImportTr::tr("neither given: Accelerate adds the one --bf16 or --fp16 asks for, as the scenario's recipe %1 does")
                       .arg(QLatin1String(recipeName(r.current().training.precision.recipe).data())));
    } else if (hf) {
        // One block given: Accelerate adds the other when the mixed precision asks for it
        // (accelerate utils/dataclasses.py DeepSpeedPlugin.set_mixed_precision, v0.30 to v1.0:
        // "bf16" with no bf16 block sets {"enabled": true}), unless the given block is on, which
        // it would refuse. So {"fp16": {"enabled": "auto"}} under --bf16 trains in BF16.
        for (int i = 0; i < 2; ++i) {
            Block &absent = blocks[i];
            const Block &other = blocks[1 - i];
            if (root.contains(absent.name) || scenarioHalf != absent.format || *other.enabled)
                continue;
            absent.enabled = true;
            r.note(Kind::Auto, absent.name,
                   FrameworkImportTr::tr("not given: Accelerate adds it enabled, as the scenario's recipe %1 asks (--bf16 or --fp16)")
                           .arg(QLatin1String(recipeName(r.current().training.precision.recipe).data())));
        }
    }
    if (*blocks[0].enabled && *blocks[1].enabled) {
        r.fail(keyPath(bf16Name, QStringLiteral("enabled")), FrameworkImportTr::tr("is true together with fp16.enabled; DeepSpeed enables one of them"));
        return;
    }
    const QString recipe = *blocks[1].enabled ? QStringLiteral("bf16-master") : *blocks[0].enabled ? QStringLiteral("fp16-master") : QStringLiteral("fp32");
    const QString source = *blocks[1].enabled ? keyPath(bf16Name, QStringLiteral("enabled"))
            : given || hf                     ? QStringLiteral("fp16.enabled")
                                              : FrameworkImportTr::tr("fp16, bf16 (neither given: DeepSpeed trains in FP32)");
    r.set("recipe", recipe, source);
    // The 16-bit masters of the enabled block: the master partitions and their gradients in the
    // weights' dtype, the states as zeros_like of those under bf16_optimizer_states (ZeRO's
    // stage_1_and_2.py and stage3.py, v0.18.3). A disabled block's flags change nothing.
    for (const Block &b : blocks) {
        const QString masterKey = keyPath(b.name, b.format == HalfFormat::Bf16 ? QStringLiteral("bf16_master_weights_and_grads")
                                                                               : QStringLiteral("fp16_master_weights_and_grads"));
        if (!b.halfMaster)
            continue;
        if (!*b.enabled) {
            r.note(Kind::NoEffect, masterKey, FrameworkImportTr::tr("its block is not enabled"));
            continue;
        }
        r.set("master-dtype", b.format == HalfFormat::Bf16 ? QStringLiteral("bf16") : QStringLiteral("fp16"), masterKey);
        r.set("fp32-grad-buffer", false, masterKey);
        if (b.halfStates)
            r.set("optimizer-dtype", QStringLiteral("weight"), keyPath(b.name, QStringLiteral("bf16_optimizer_states")));
    }
}

void readOptimizer(const QJsonObject &root, bool hf, ConfigReader &r)
{
    const QString key = QStringLiteral("optimizer");
    const std::optional<QJsonObject> o = r.object(root.value(key), key);
    if (!o || o->isEmpty())
        return;
    const QString typeKey = QStringLiteral("optimizer.type");
    const std::optional<QString> type = r.text(o->value(QLatin1String("type")), typeKey);
    if (!type)
        return;
    // DeepSpeed's names (runtime/config.py DEEPSPEED_OPTIMIZERS), compared in lower case.
    static const QList<std::pair<QString, QString>> mapped = {
        { QStringLiteral("adam"), QStringLiteral("adam") },     { QStringLiteral("adamw"), QStringLiteral("adamw") },
        { QStringLiteral("muadam"), QStringLiteral("adam") },   { QStringLiteral("muadamw"), QStringLiteral("adamw") },
        { QStringLiteral("lion"), QStringLiteral("lion") },
    };
    QString optimizer;
    for (const auto &[name, ours] : mapped)
        if (type->compare(name, Qt::CaseInsensitive) == 0)
            optimizer = ours;
    if (optimizer.isEmpty()) {
        r.note(Kind::NotModelled, typeKey,
               FrameworkImportTr::tr("%1 is not one of the modelled optimizers (Adam, AdamW, Lion): the scenario's optimizer stays").arg(excerpt(*type)));
    } else {
        r.set("optimizer", optimizer, typeKey);
    }
    const QJsonObject params = o->value(QLatin1String("params")).toObject();
    // DeepSpeed builds its FusedAdam (DeepSpeedCPUAdam when offloaded) unless torch_adam asks for
    // torch's, which runs foreach; Hugging Face's own AdamW (no optimizer block) is foreach.
    const bool torchAdam = params.value(QLatin1String("torch_adam")).toBool();
    if (hf || torchAdam)
        r.set("fused-optimizer", torchAdam ? QStringLiteral("off") : QStringLiteral("on"), torchAdam ? QStringLiteral("optimizer.params.torch_adam") : key);
    r.noEffect(params, QStringLiteral("optimizer.params"), {}, FrameworkImportTr::tr("the optimizer's hyper-parameters"));
    r.rest(*o, key, { QStringLiteral("type"), QStringLiteral("params") });
}

struct Offloads
{
    QString optimizer; // none, cpu, nvme; empty: not given
    QString params;
};

QString offloadDevice(const QJsonObject &zero, const char *block, const QString &prefix, ConfigReader &r)
{
    const QString key = keyPath(prefix, QLatin1String(block));
    const std::optional<QJsonObject> o = r.object(zero.value(QLatin1String(block)), key);
    if (!o || o->isEmpty())
        return {};
    const QString deviceKey = keyPath(key, QStringLiteral("device"));
    const QJsonValue d = o->value(QLatin1String("device"));
    QString device;
    if (ConfigReader::isAuto(d)) {
        r.note(Kind::Auto, deviceKey, FrameworkImportTr::tr("filled by Accelerate's DeepSpeed plugin: the scenario's offload stays"));
        device = QStringLiteral("auto");
    } else if (!ConfigReader::absent(d)) {
        if (const std::optional<QString> c = r.choice(d, deviceKey, { QStringLiteral("none"), QStringLiteral("cpu"), QStringLiteral("nvme") }))
            device = *c;
    }
    const QJsonValue ratio = o->value(QLatin1String("ratio"));
    if (!ConfigReader::absent(ratio) && ratio.toDouble(1) != 1)
        r.note(Kind::NotModelled, keyPath(key, QStringLiteral("ratio")),
               FrameworkImportTr::tr("a part of the optimizer offloaded (ZeRO-Offload++): counted as all of it"));
    r.noEffect(*o, key, { QStringLiteral("device"), QStringLiteral("ratio") }, FrameworkImportTr::tr("host-side and NVMe settings"));
    if (device == QLatin1String("nvme"))
        r.note(Kind::NotModelled, deviceKey,
               FrameworkImportTr::tr("NVMe: the GPU's share is as with cpu; the host RAM reported counts what NVMe would hold"));
    return device;
}

void readZero(const QJsonObject &root, bool hf, ConfigReader &r)
{
    const QString prefix = QStringLiteral("zero_optimization");
    const Scenario &cur = r.current();
    const std::optional<QJsonObject> zo = r.object(root.value(prefix), prefix);
    if (!zo)
        return;
    const QJsonObject &z = *zo;
    QStringList handled;
    auto at = [&prefix](const char *k) { return keyPath(prefix, QLatin1String(k)); };
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return z.value(QLatin1String(k));
    };
    // The stage.
    int stage = static_cast<int>(cur.parallel.zero);
    if (const QJsonValue v = take("stage"); ConfigReader::isAuto(v)) {
        r.note(Kind::Auto, at("stage"), FrameworkImportTr::tr("filled by Accelerate's DeepSpeed plugin: the scenario's stage, %1").arg(stage));
    } else if (!ConfigReader::absent(v)) {
        const std::optional<Count> s = r.count(v, at("stage"), 0, 3);
        if (!s)
            return;
        stage = int(*s);
        r.set("zero", countValue(stage), at("stage"));
    } else {
        // DeepSpeed's default stage is 0 (zero/config.py ZeroStageEnum.disabled), without a
        // zero_optimization block too.
        stage = 0;
        r.set("zero", countValue(0), FrameworkImportTr::tr("%1 (absent: DeepSpeed's default, 0)").arg(at("stage")));
    }
    // Offload, and the legacy switches before offload_optimizer existed.
    Offloads off;
    off.optimizer = offloadDevice(z, "offload_optimizer", prefix, r);
    off.params = offloadDevice(z, "offload_param", prefix, r);
    handled << QStringLiteral("offload_optimizer") << QStringLiteral("offload_param");
    if (const QJsonValue v = take("cpu_offload"); !ConfigReader::absent(v)) {
        const std::optional<bool> f = r.flag(v, at("cpu_offload"));
        if (f && *f && off.optimizer.isEmpty())
            off.optimizer = QStringLiteral("cpu");
    }
    if (const QJsonValue v = take("cpu_offload_params"); !ConfigReader::absent(v)) {
        const std::optional<bool> f = r.flag(v, at("cpu_offload_params"));
        if (f && *f && off.params.isEmpty())
            off.params = QStringLiteral("cpu");
    }
    if (!r.ok())
        return;
    const bool optimizerOff = off.optimizer == QLatin1String("cpu") || off.optimizer == QLatin1String("nvme");
    bool paramsOff = off.params == QLatin1String("cpu") || off.params == QLatin1String("nvme");
    if (paramsOff && stage < 3) {
        r.note(Kind::NoEffect, at("offload_param"), FrameworkImportTr::tr("DeepSpeed offloads parameters at stage 3 only"));
        paramsOff = false;
    }
    const bool autoDevice = off.optimizer == QLatin1String("auto") || off.params == QLatin1String("auto");
    if (off.optimizer.isEmpty() && off.params.isEmpty()) {
        // No offload block: DeepSpeed keeps everything on the GPU.
        r.set("offload", QStringLiteral("none"), FrameworkImportTr::tr("%1 (absent: no offload)").arg(at("offload_optimizer")));
    } else if (!autoDevice) {
        if (stage == 0 && optimizerOff) {
            r.note(Kind::NoEffect, at("offload_optimizer"), FrameworkImportTr::tr("ignored at stage 0, where ZeRO is off"));
            r.set("offload", QStringLiteral("none"), at("offload_optimizer"));
        } else if (paramsOff && !optimizerOff) {
            r.note(Kind::NotModelled, at("offload_param"),
                   FrameworkImportTr::tr("parameters offloaded with the optimizer states on the GPU: not a combination the estimate models; "
                          "the offload is set from offload_optimizer alone"));
            r.set("offload", QStringLiteral("none"), at("offload_optimizer"));
        } else {
            r.set("offload", optimizerOff ? (paramsOff ? QStringLiteral("optimizer+params") : QStringLiteral("optimizer")) : QStringLiteral("none"),
                  paramsOff ? at("offload_param") : at("offload_optimizer"));
        }
    }
    // overlap_comm: a second reduce bucket at stages 1-2 (stack.h).
    if (const QJsonValue v = take("overlap_comm"); ConfigReader::isAuto(v)) {
        r.note(Kind::Auto, at("overlap_comm"), FrameworkImportTr::tr("the stack's: on at stage 3, off below"));
    } else if (!ConfigReader::absent(v)) {
        if (const std::optional<bool> f = r.flag(v, at("overlap_comm")))
            r.set("overlap-comm", *f ? QStringLiteral("on") : QStringLiteral("off"), at("overlap_comm"));
    }
    // The buckets and ZeRO-3's live-parameter settings the placement models (placement.h).
    struct Sized
    {
        const char *key;
        const char *option;
        Field field;
        bool stage3Only;
        Count deepspeedDefault;
        QString autoRule; // empty: Hugging Face does not fill it
    };
    const Count h = cur.model.hidden;
    const Sized sized[] = {
        { "reduce_bucket_size", "reduce-bucket", Field::ReduceBucket, false, 500'000'000,
          FrameworkImportTr::tr("hidden_size² as Hugging Face fills it, %1 elements for the scenario's H = %2 (it follows the model)").arg(digits(h * h), digits(h)) },
        { "stage3_prefetch_bucket_size", "prefetch-bucket", Field::PrefetchBucket, true, 50'000'000,
          FrameworkImportTr::tr("0.9 × hidden_size² as Hugging Face fills it, %1 elements for H = %2 (it follows the model)").arg(digits(h * h * 9 / 10), digits(h)) },
        { "stage3_param_persistence_threshold", "persistence-threshold", Field::PersistenceThreshold, true, 100'000,
          FrameworkImportTr::tr("10 × hidden_size as Hugging Face fills it, %1 elements for H = %2 (it follows the model)").arg(digits(10 * h), digits(h)) },
        { "stage3_max_live_parameters", "max-live-parameters", Field::MaxLiveParameters, true, 1'000'000'000, QString() },
    };
    for (const Sized &s : sized) {
        const QJsonValue v = take(s.key);
        const QString key = at(s.key);
        if (s.stage3Only && stage < 3) {
            if (!ConfigReader::absent(v))
                r.note(Kind::NoEffect, key, FrameworkImportTr::tr("stage 3 only"));
            continue;
        }
        if (stage == 0) {
            if (!ConfigReader::absent(v))
                r.note(Kind::NoEffect, key, FrameworkImportTr::tr("ignored at stage 0, where ZeRO is off"));
            continue;
        }
        if (ConfigReader::isAuto(v)) {
            if (s.autoRule.isEmpty() || !hf) {
                // Left "auto" by Hugging Face: DeepSpeed's config model drops an "auto" value and
                // takes the field's default (deepspeed/runtime/config_utils.py,
                // DeepSpeedConfigModel.__init__, v0.14 to v0.16).
                r.set(s.option, countValue(s.deepspeedDefault), key);
                r.note(Kind::Auto, key, FrameworkImportTr::tr("left \"auto\" by Hugging Face: DeepSpeed drops it and takes its default, %1")
                                                .arg(digits(s.deepspeedDefault)));
                continue;
            }
            r.note(Kind::Auto, key, s.autoRule);
        } else if (!ConfigReader::absent(v)) {
            const FieldRange range = fieldRange(s.field);
            const std::optional<Count> c = r.count(v, key, range.min, range.max);
            if (!c)
                return;
            r.set(s.option, countValue(*c), key);
        } else if (hf && !s.autoRule.isEmpty()) {
            // Hugging Face fills only "auto"; a key left out gets DeepSpeed's default, not the
            // hidden-size rule the hf-trainer stack applies.
            r.set(s.option, countValue(s.deepspeedDefault), FrameworkImportTr::tr("%1 (absent: DeepSpeed's default)").arg(key));
        }
    }
    // Read, and what they do to memory.
    const QJsonValue contiguous = take("contiguous_gradients");
    if (!ConfigReader::absent(contiguous) && stage > 0) {
        if (const std::optional<bool> f = r.flag(contiguous, at("contiguous_gradients")); f && !*f)
            r.note(Kind::NotModelled, at("contiguous_gradients"),
                   FrameworkImportTr::tr("off: gradients are reduced without the contiguous bucket; the estimate counts the bucket"));
        else
            r.note(Kind::NoEffect, at("contiguous_gradients"), FrameworkImportTr::tr("the buffer it copies into is the reduce bucket"));
    } else if (!ConfigReader::absent(contiguous)) {
        r.note(Kind::NoEffect, at("contiguous_gradients"), FrameworkImportTr::tr("ignored at stage 0, where ZeRO is off"));
    }
    const char *notModelled[][2] = {
        { "allgather_bucket_size", QT_TRANSLATE_NOOP("FrameworkImport", "the stage 1-2 all-gather bucket after the optimizer step") },
        { "stage3_max_reuse_distance", QT_TRANSLATE_NOOP("FrameworkImport", "parameters kept gathered for reuse (bounded by stage3_max_live_parameters)") },
        { "sub_group_size", QT_TRANSLATE_NOOP("FrameworkImport", "the optimizer step's working set, sub-groups of this many parameters") },
        { "zero_hpz_partition_size", QT_TRANSLATE_NOOP("FrameworkImport", "ZeRO++ hpZ: a second copy of the parameters sharded within a node") },
        { "zero_quantized_weights", QT_TRANSLATE_NOOP("FrameworkImport", "ZeRO++ qwZ: quantized all-gather buffers") },
        { "zero_quantized_gradients", QT_TRANSLATE_NOOP("FrameworkImport", "ZeRO++ qgZ: quantized gradient buffers") },
        { "mics_shard_size", QT_TRANSLATE_NOOP("FrameworkImport", "MiCS: sharding within groups of this many GPUs, not over all of them") },
        { "mics_hierarchical_params_gather", QT_TRANSLATE_NOOP("FrameworkImport", "MiCS hierarchical gathering") },
    };
    for (const auto &[k, why] : notModelled) {
        const QJsonValue v = take(k);
        if (ConfigReader::absent(v) || v == QJsonValue(false) || (QLatin1String(k).startsWith(QLatin1String("zero_hpz")) && v.toDouble() <= 1))
            continue;
        if (stage == 0)
            r.note(Kind::NoEffect, at(k), FrameworkImportTr::tr("ignored at stage 0, where ZeRO is off"));
        else
            r.note(Kind::NotModelled, at(k), FrameworkImportTr::tr(why));
    }
    const QStringList communication = {
        QStringLiteral("allgather_partitions"), QStringLiteral("reduce_scatter"), QStringLiteral("round_robin_gradients"),
        QStringLiteral("elastic_checkpoint"), QStringLiteral("load_from_fp32_weights"), QStringLiteral("ignore_unused_parameters"),
        QStringLiteral("legacy_stage1"), QStringLiteral("use_multi_rank_bucket_allreduce"), QStringLiteral("cpu_offload_use_pin_memory"),
        QStringLiteral("stage3_gather_16bit_weights_on_model_save"), QStringLiteral("stage3_gather_fp16_weights_on_model_save"),
        QStringLiteral("gather_16bit_weights_on_model_save"), QStringLiteral("memory_efficient_linear"),
        QStringLiteral("model_persistence_threshold"), QStringLiteral("prefetch_bucket_size"), QStringLiteral("param_persistence_threshold"),
        QStringLiteral("max_live_parameters"), QStringLiteral("max_reuse_distance"), QStringLiteral("use_all_reduce_for_fetch_params"),
        QStringLiteral("stage3_module_granularity_threshold"), QStringLiteral("module_granularity_threshold"),
        QStringLiteral("log_trace_cache_warnings"), QStringLiteral("override_module_apply"), QStringLiteral("pipeline_loading_checkpoint"),
    };
    for (const QString &k : communication)
        if (z.contains(k)) {
            handled << k;
            r.note(Kind::NoEffect, keyPath(prefix, k), FrameworkImportTr::tr("communication, checkpoint and saving settings"));
        }
    r.rest(z, prefix, handled);
}

} // namespace

void readDeepSpeed(const QJsonObject &root, ConfigReader &r, DeepSpeedLauncher launcher)
{
    const Scenario &cur = r.current();
    // Only Hugging Face's integration (Trainer, Accelerate) fills "auto"; DeepSpeed alone
    // refuses it. A file without "auto", given on its own, is read as DeepSpeed's own engine
    // reads it (no fp16 or bf16 block: FP32), since nothing in it says otherwise; one that
    // Accelerate's config names runs under Accelerate.
    const bool anyAuto = containsAuto(root);
    const TrainingStack stack = anyAuto || launcher == DeepSpeedLauncher::Accelerate ? TrainingStack::HfTrainer : TrainingStack::DeepSpeed;
    if (stack != cur.stack.stack)
        r.set("stack", QLatin1String(stackName(stack).data()),
              anyAuto ? FrameworkImportTr::tr("its \"auto\" values (only Hugging Face's integration fills them)")
              : launcher == DeepSpeedLauncher::Accelerate
                      ? FrameworkImportTr::tr("named by Accelerate's config: Hugging Face's integration")
                      : FrameworkImportTr::tr("the file (no \"auto\": DeepSpeed's own engine and defaults; under the Trainer, give --stack hf-trainer and --recipe after it)"));
    const bool hf = stack == TrainingStack::HfTrainer;
    readBatch(root, r);
    if (r.ok())
        readPrecision(root, hf, r);
    if (r.ok())
        readOptimizer(root, hf, r);
    if (r.ok())
        readZero(root, hf, r);
    if (!r.ok())
        return;
    if (const QJsonValue v = root.value(QLatin1String("data_types")); !ConfigReader::absent(v)) {
        const std::optional<QJsonObject> d = r.object(v, QStringLiteral("data_types"));
        if (!d)
            return;
        const QString key = QStringLiteral("data_types.grad_accum_dtype");
        if (const QJsonValue g = d->value(QLatin1String("grad_accum_dtype")); !ConfigReader::absent(g)) {
            const std::optional<QString> c = r.choice(g, key, { QStringLiteral("fp32"), QStringLiteral("fp16"), QStringLiteral("bf16") });
            if (!c)
                return;
            r.set("fp32-grad-buffer", *c == QLatin1String("fp32"), key);
        }
        r.rest(*d, QStringLiteral("data_types"), { QStringLiteral("grad_accum_dtype") });
    }
    // Whole sections the estimate does not model, and those that leave GPU memory alone.
    const char *notModelled[][2] = {
        { "activation_checkpointing", QT_TRANSLATE_NOOP("FrameworkImport", "DeepSpeed's own checkpointing (partitioned or CPU checkpoints) for models that call "
                                      "deepspeed.checkpointing; Hugging Face models checkpoint with gradient_checkpointing (--recompute)") },
        { "amp", QT_TRANSLATE_NOOP("FrameworkImport", "NVIDIA Apex AMP: the recipe stays") },
        { "torch_autocast", QT_TRANSLATE_NOOP("FrameworkImport", "DeepSpeed's torch.autocast mode: the recipe stays") },
        { "pipeline", QT_TRANSLATE_NOOP("FrameworkImport", "DeepSpeed's pipeline engine (--pp models it)") },
        { "tensor_parallel", QT_TRANSLATE_NOOP("FrameworkImport", "DeepSpeed AutoTP (--tp models it)") },
        { "sequence_parallel_size", QT_TRANSLATE_NOOP("FrameworkImport", "DeepSpeed-Ulysses sequence parallelism") },
        { "moe", QT_TRANSLATE_NOOP("FrameworkImport", "DeepSpeed-MoE settings") },
        { "compression_training", QT_TRANSLATE_NOOP("FrameworkImport", "compression training") },
        { "quantize_training", QT_TRANSLATE_NOOP("FrameworkImport", "quantized training") },
        { "sparse_attention", QT_TRANSLATE_NOOP("FrameworkImport", "sparse attention") },
        { "curriculum_learning", QT_TRANSLATE_NOOP("FrameworkImport", "curriculum learning (shorter sequences early)") },
        { "data_efficiency", QT_TRANSLATE_NOOP("FrameworkImport", "data efficiency (curriculum, token dropping)") },
        { "progressive_layer_drop", QT_TRANSLATE_NOOP("FrameworkImport", "progressive layer dropping") },
        { "compile", QT_TRANSLATE_NOOP("FrameworkImport", "DeepSpeed's torch.compile integration") },
    };
    QStringList handled = { QStringLiteral("train_batch_size"), QStringLiteral("train_micro_batch_size_per_gpu"),
                            QStringLiteral("gradient_accumulation_steps"), QStringLiteral("fp16"), QStringLiteral("bf16"),
                            QStringLiteral("bfloat16"), QStringLiteral("optimizer"), QStringLiteral("zero_optimization"),
                            QStringLiteral("data_types") };
    for (const auto &[k, why] : notModelled) {
        const QJsonValue v = root.value(QLatin1String(k));
        handled << QLatin1String(k);
        if (ConfigReader::absent(v))
            continue;
        // A section switched off ({"enabled": false}, {"amp": {"enabled": false}}) does nothing.
        const QJsonObject o = v.toObject();
        if (v == QJsonValue(false) || (o.contains(QLatin1String("enabled")) && o.value(QLatin1String("enabled")) == QJsonValue(false)))
            r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("switched off"));
        else
            r.note(Kind::NotModelled, QLatin1String(k), FrameworkImportTr::tr(why));
    }
    const QStringList noEffect = {
        QStringLiteral("scheduler"), QStringLiteral("gradient_clipping"), QStringLiteral("steps_per_print"),
        QStringLiteral("wall_clock_breakdown"), QStringLiteral("memory_breakdown"), QStringLiteral("dump_state"),
        QStringLiteral("prescale_gradients"), QStringLiteral("gradient_predivide_factor"), QStringLiteral("communication_data_type"),
        QStringLiteral("seq_parallel_communication_data_type"), QStringLiteral("sparse_gradients"),
        QStringLiteral("zero_allow_untested_optimizer"), QStringLiteral("zero_force_ds_cpu_optimizer"), QStringLiteral("checkpoint"),
        QStringLiteral("aio"), QStringLiteral("elasticity"), QStringLiteral("autotuning"), QStringLiteral("flops_profiler"),
        QStringLiteral("tensorboard"), QStringLiteral("wandb"), QStringLiteral("csv_monitor"), QStringLiteral("comet"),
        QStringLiteral("comms_logger"), QStringLiteral("monitor_config"), QStringLiteral("timers"),
        QStringLiteral("dataloader_drop_last"), QStringLiteral("disable_allgather"), QStringLiteral("graph_harvesting"),
        QStringLiteral("use_data_before_expert_parallelism"), QStringLiteral("nebula"), QStringLiteral("zero_optimization_stage"),
        QStringLiteral("fp32_reduce_scatter"), QStringLiteral("train_batch_size_per_gpu"), QStringLiteral("use_node_local_storage"),
    };
    for (const QString &k : noEffect)
        if (root.contains(k)) {
            handled << k;
            r.note(Kind::NoEffect, k, FrameworkImportTr::tr("schedules, logging, checkpoints and communication"));
        }
    r.rest(root, QString(), handled);
}

} // namespace headroom::detail
