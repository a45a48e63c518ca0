// Accelerate config YAML (frameworkconfig.h), as `accelerate config` writes it and `accelerate
// launch --config_file` reads it (accelerate v1.x src/accelerate/commands/config/
// config_args.py ClusterConfig; utils/dataclasses.py FullyShardedDataParallelPlugin and
// DeepSpeedPlugin for the fsdp_config and deepspeed_config keys and their defaults).

#include <QDir>
#include <QFileInfo>

#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/validation.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

using Kind = FrameworkNote::Kind;

// The offload ZeRO makes of the two devices (DeepSpeed offloads parameters at stage 3 only, and
// the estimate models them offloaded together with the optimizer states).
void setOffload(const QString &optimizer, const QString &params, int stage, const QString &optimizerKey, const QString &paramsKey,
                ConfigReader &r)
{
    const bool opt = optimizer == QLatin1String("cpu") || optimizer == QLatin1String("nvme");
    bool par = params == QLatin1String("cpu") || params == QLatin1String("nvme");
    if (par && stage < 3) {
        r.note(Kind::NoEffect, paramsKey, FrameworkImportTr::tr("DeepSpeed offloads parameters at stage 3 only"));
        par = false;
    }
    if (par && !opt)
        r.note(Kind::NotModelled, paramsKey,
               FrameworkImportTr::tr("parameters offloaded with the optimizer states on the GPU: not a combination the estimate models; "
                      "the offload is set from offload_optimizer_device alone"));
    if (optimizer == QLatin1String("nvme") || params == QLatin1String("nvme"))
        r.note(Kind::NotModelled, optimizer == QLatin1String("nvme") ? optimizerKey : paramsKey,
               FrameworkImportTr::tr("NVMe: the GPU's share is as with cpu; the host RAM reported counts what NVMe would hold"));
    if (optimizer.isEmpty() && params.isEmpty())
        return;
    r.set("offload", opt ? (par ? QStringLiteral("optimizer+params") : QStringLiteral("optimizer")) : QStringLiteral("none"),
          par && opt ? paramsKey : optimizerKey);
}

// fsdp_config: FullyShardedDataParallelPlugin's keys with the "fsdp_" prefix.
// The ZeRO stage the settings read so far give (the last "zero" set), or -1.
int stageSet(ConfigReader &r)
{
    int stage = -1;
    for (const FrameworkSetting &s : r.out().settings)
        if (s.option == QLatin1String("zero"))
            stage = s.value.toInt();
    return stage;
}

// mixed_precision "fp8" and its fp8_config (Accelerate 16cb6eb, accelerator.py __init__ and
// _prepare_ao/_prepare_te, utils/dataclasses.py AORecipeKwargs/TERecipeKwargs): the backend named
// in fp8_config, else torchao when installed (Accelerate's order: AO, TE, MS-AMP). torchao's default
// Float8LinearConfig is tensorwise with enable_fsdp_float8_all_gather=True (FSDP2's gather);
// Transformer Engine's recipe is DelayedScaling. The other keys tune the scaling's numerics.
void readFp8(bool fp8, const QJsonValue &config, TrainingStack stack, ConfigReader &r)
{
    const std::optional<QJsonObject> c = r.object(config, QStringLiteral("fp8_config"));
    if (!c)
        return;
    if (!fp8) {
        if (!c->isEmpty())
            r.note(Kind::NoEffect, QStringLiteral("fp8_config"), FrameworkImportTr::tr("without mixed_precision: fp8"));
        return;
    }
    QString backend = QStringLiteral("AO");
    QString source = FrameworkImportTr::tr("mixed_precision: fp8 (no fp8_config.backend: torchao, Accelerate's first choice when installed)");
    QStringList handled = { QStringLiteral("backend") };
    if (const QJsonValue v = c->value(QLatin1String("backend")); !ConfigReader::absent(v)) {
        const std::optional<QString> b = r.choice(v, QStringLiteral("fp8_config.backend"),
                                                  { QStringLiteral("AO"), QStringLiteral("TE"), QStringLiteral("MSAMP"), QStringLiteral("MS-AMP") }, true);
        if (!b)
            return;
        backend = b->toUpper();
        source = QStringLiteral("fp8_config.backend");
    }
    if (backend == QLatin1String("MSAMP") || backend == QLatin1String("MS-AMP")) {
        r.note(Kind::NotModelled, QStringLiteral("fp8_config.backend"),
               FrameworkImportTr::tr("MS-AMP keeps weights and optimizer states in FP8 and FP16: not modelled; the BF16 recipe stays"));
    } else if (backend == QLatin1String("TE")) {
        r.set("fp8", QStringLiteral("te-delayed"), source);
        // convert_model() (utils/transformer_engine.py) swaps every nn.Linear whose sizes divide by
        // 16, the LM head included, where Headroom keeps the head in 16 bits.
        r.note(Kind::NotModelled, QStringLiteral("fp8_config.backend"),
               FrameworkImportTr::tr("Accelerate's convert_model also makes the LM head a Transformer Engine linear (its FP8 weight "
                                     "copies, 2 x V x H bytes, and its FP8 input are not counted)"));
        if (c->value(QLatin1String("use_mxfp8_block_scaling")) == QJsonValue(true))
            r.note(Kind::NotModelled, QStringLiteral("fp8_config.use_mxfp8_block_scaling"),
                   FrameworkImportTr::tr("Transformer Engine's MXFP8 recipe (Blackwell) is not modelled; read as delayed scaling"));
        handled << QStringLiteral("use_mxfp8_block_scaling");
    } else {
        r.set("fp8", QStringLiteral("tensorwise"), source);
        // AORecipeKwargs turns the FP8 all-gather on; it acts under FSDP2 sharding only.
        if (stack == TrainingStack::Fsdp2 && stageSet(r) == 3)
            r.set("fp8-all-gather", true, FrameworkImportTr::tr("AORecipeKwargs: enable_fsdp_float8_all_gather=True under FSDP2"));
        r.note(Kind::NotModelled, backend == QLatin1String("AO") && source == QLatin1String("fp8_config.backend") ? source : QStringLiteral("mixed_precision"),
               FrameworkImportTr::tr("Accelerate's torchao filter leaves the first and the last linear in BF16 "
                                     "(filter_first_and_last_linear_layers); Headroom converts every layer's linears"));
    }
    r.noEffect(*c, QStringLiteral("fp8_config"), handled, FrameworkImportTr::tr("the FP8 scaling's numerics, not its memory"));
}

} // namespace

void readFsdp(const QJsonObject &f, int version, ConfigReader &r, const FsdpDefaults &defaults)
{
    const QString prefix = defaults.prefix;
    QStringList handled = { QStringLiteral("fsdp_version"), QStringLiteral("version") };
    // Accelerate writes every key with "fsdp_"; the Trainer's fsdp_config takes them without
    // too (training_args.py strips the prefix), as axolotl and TRL's files give them.
    auto actual = [&f](const char *k) {
        const QString full = QLatin1String(k);
        return f.contains(full) || !full.startsWith(QLatin1String("fsdp_")) || !f.contains(full.mid(5)) ? full : full.mid(5);
    };
    auto at = [&prefix, &actual](const char *k) { return keyPath(prefix, actual(k)); };
    auto take = [&](const char *k) {
        handled << actual(k);
        return f.value(actual(k));
    };
    // The sharding: FSDP1's strategy (names or their enum values 1-5), FSDP2's
    // reshard_after_forward (FULL_SHARD when true); FULL_SHARD when neither is given.
    const QStringList strategies = { QStringLiteral("FULL_SHARD"), QStringLiteral("SHARD_GRAD_OP"), QStringLiteral("NO_SHARD"),
                                     QStringLiteral("HYBRID_SHARD"), QStringLiteral("HYBRID_SHARD_ZERO2") };
    const int stageOf[] = { 3, 2, 0, 3, 2 };
    int stage = defaults.stage;
    QString stageKey = defaults.stageSource.isEmpty()
            ? FrameworkImportTr::tr("%1 (absent: FULL_SHARD, Accelerate's default)").arg(at("fsdp_sharding_strategy"))
            : defaults.stageSource;
    int strategy = -1;
    const QJsonValue s = take("fsdp_sharding_strategy");
    const QJsonValue reshard = take("fsdp_reshard_after_forward");
    if (!ConfigReader::absent(s)) {
        if (s.isDouble()) {
            const std::optional<Count> n = r.count(s, at("fsdp_sharding_strategy"), 1, 5);
            if (!n)
                return;
            strategy = int(*n) - 1;
        } else if (const std::optional<QString> c = r.choice(s, at("fsdp_sharding_strategy"), strategies, true)) {
            strategy = int(strategies.indexOf(*c));
        } else {
            return;
        }
        stageKey = at("fsdp_sharding_strategy");
    } else if (!ConfigReader::absent(reshard)) {
        if (reshard.isBool()) {
            strategy = reshard.toBool() ? 0 : 1;
        } else if (const std::optional<QString> c = r.choice(reshard, at("fsdp_reshard_after_forward"), strategies, true)) {
            strategy = int(strategies.indexOf(*c));
        } else {
            return;
        }
        stageKey = at("fsdp_reshard_after_forward");
    }
    if (strategy >= 0) {
        stage = stageOf[strategy];
        if (strategy >= 3)
            r.note(Kind::NotModelled, stageKey,
                   FrameworkImportTr::tr("hybrid sharding shards within a node and replicates across nodes: modelled as sharded over all GPUs, "
                          "exact on one node and low on several"));
    }
    r.set("zero", countValue(stage), stageKey);
    if (const QJsonValue v = take("fsdp_offload_params"); !ConfigReader::absent(v)) {
        const std::optional<bool> b = r.flag(v, at("fsdp_offload_params"));
        if (!b)
            return;
        // CPUOffload(offload_params=True) keeps parameters and gradients on the host and steps there.
        r.set("offload", *b ? QStringLiteral("optimizer+params") : QStringLiteral("none"), at("fsdp_offload_params"));
    }
    if (const QJsonValue v = take("fsdp_activation_checkpointing"); !ConfigReader::absent(v)) {
        const std::optional<bool> b = r.flag(v, at("fsdp_activation_checkpointing"));
        if (!b)
            return;
        r.set("recompute", *b ? QStringLiteral("full") : QStringLiteral("none"), at("fsdp_activation_checkpointing"));
    }
    // What the estimate assumes (stack.h: one unit per decoder layer, backward prefetch of the
    // next, FSDP1 limiting the all-gathers in flight); other values are said.
    const QJsonValue wrap = take("fsdp_auto_wrap_policy");
    if (!ConfigReader::absent(wrap) && wrap.toString() != QLatin1String("TRANSFORMER_BASED_WRAP"))
        r.note(Kind::NotModelled, at("fsdp_auto_wrap_policy"),
               FrameworkImportTr::tr("%1: units other than one per decoder layer").arg(ConfigReader::shown(wrap)));
    const QJsonValue backward = take("fsdp_backward_prefetch");
    if (!ConfigReader::absent(backward) && backward.toString() != QLatin1String("BACKWARD_PRE"))
        r.note(Kind::NotModelled, at("fsdp_backward_prefetch"),
               FrameworkImportTr::tr("%1: the estimate gathers the next unit during backward (BACKWARD_PRE)").arg(ConfigReader::shown(backward)));
    if (take("fsdp_forward_prefetch") == QJsonValue(true))
        r.note(Kind::NotModelled, at("fsdp_forward_prefetch"), FrameworkImportTr::tr("one more unit gathered ahead in forward"));
    if (take("fsdp_limit_all_gathers") == QJsonValue(false) && version == 1)
        r.note(Kind::NotModelled, at("fsdp_limit_all_gathers"), FrameworkImportTr::tr("all-gathers not limited: more units in flight than two"));
    for (const char *k : { "fsdp_cpu_ram_efficient_loading", "fsdp_sync_module_states", "fsdp_state_dict_type", "fsdp_use_orig_params",
                           "fsdp_transformer_layer_cls_to_wrap", "fsdp_min_num_params" })
        if (f.contains(actual(k))) {
            handled << actual(k);
            r.note(Kind::NoEffect, at(k), FrameworkImportTr::tr("loading, saving and wrapping settings"));
        }
    r.rest(f, prefix, handled);
}

namespace {

// deepspeed_config: DeepSpeedPlugin's keys, or the DeepSpeed config file it names.
void readDeepSpeedPlugin(const QJsonObject &d, const QString &yamlFile, const Scenario &provisional, ConfigReader &r)
{
    const QString prefix = QStringLiteral("deepspeed_config");
    auto at = [&prefix](const char *k) { return keyPath(prefix, QLatin1String(k)); };
    QStringList handled;
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return d.value(QLatin1String(k));
    };
    const QJsonValue file = take("deepspeed_config_file");
    const bool withFile = !ConfigReader::absent(file);
    if (withFile) {
        const std::optional<QString> name = r.text(file, at("deepspeed_config_file"));
        if (!name)
            return;
        readReferencedDeepSpeed(*name, at("deepspeed_config_file"), yamlFile, provisional, r);
        if (!r.ok())
            return;
    }
    int stage = static_cast<int>(provisional.parallel.zero);
    if (const QJsonValue v = take("zero_stage"); !ConfigReader::absent(v)) {
        const std::optional<Count> s = r.count(v, at("zero_stage"), 0, 3);
        if (!s)
            return;
        stage = int(*s);
        r.set("zero", countValue(stage), at("zero_stage"));
    } else if (!withFile) {
        // Without a DeepSpeed file Accelerate writes the config itself (utils/dataclasses.py,
        // DeepSpeedPlugin.__post_init__, v0.30 to v1.0): stage 2 unless zero_stage says.
        stage = 2;
        r.set("zero", countValue(stage), FrameworkImportTr::tr("%1 (absent: Accelerate's default, 2)").arg(at("zero_stage")));
    }
    if (!withFile) {
        // ... and no bucket sizes: its "auto" fill from the model's hidden size replaces only keys
        // a file gives as "auto" (accelerator.py _prepare_deepspeed), so DeepSpeed's defaults
        // apply (deepspeed/runtime/zero/config.py), not the Trainer's hidden_size² rule.
        const QString source = FrameworkImportTr::tr("%1 (no deepspeed_config_file: Accelerate writes no bucket sizes; DeepSpeed's default)").arg(prefix);
        r.set("reduce-bucket", countValue(500'000'000), source);
        if (stage == 3) {
            r.set("prefetch-bucket", countValue(50'000'000), source);
            r.set("persistence-threshold", countValue(100'000), source);
        }
    }
    const QStringList devices = { QStringLiteral("none"), QStringLiteral("cpu"), QStringLiteral("nvme") };
    QString optimizer, params;
    if (const QJsonValue v = take("offload_optimizer_device"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, at("offload_optimizer_device"), devices);
        if (!c)
            return;
        optimizer = *c;
    }
    if (const QJsonValue v = take("offload_param_device"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, at("offload_param_device"), devices);
        if (!c)
            return;
        params = *c;
    }
    if (!withFile) {
        // Accelerate's defaults for what the YAML leaves out: no offload.
        if (optimizer.isEmpty())
            optimizer = QStringLiteral("none");
        if (params.isEmpty())
            params = QStringLiteral("none");
    }
    setOffload(optimizer, params, stage, at("offload_optimizer_device"), at("offload_param_device"), r);
    if (const QJsonValue v = take("zero3_init_flag"); !ConfigReader::absent(v)) {
        const std::optional<bool> b = r.flag(v, at("zero3_init_flag"));
        if (!b)
            return;
        r.set("zero-init", *b ? QStringLiteral("on") : QStringLiteral("off"), at("zero3_init_flag"));
    }
    if (const QJsonValue v = take("gradient_accumulation_steps"); !ConfigReader::absent(v) && !ConfigReader::isAuto(v)) {
        const FieldRange range = fieldRange(Field::GradAccum);
        const std::optional<Count> c = r.count(v, at("gradient_accumulation_steps"), range.min, range.max);
        if (!c)
            return;
        r.set("grad-accum", countValue(*c), at("gradient_accumulation_steps"));
    }
    if (take("deepspeed_moe_layer_cls_names").isString())
        r.note(Kind::NotModelled, at("deepspeed_moe_layer_cls_names"), FrameworkImportTr::tr("DeepSpeed-MoE layers"));
    for (const char *k : { "gradient_clipping", "zero3_save_16bit_model", "deepspeed_multinode_launcher", "deepspeed_hostfile",
                           "deepspeed_exclusion_filter", "deepspeed_inclusion_filter", "transformer_moe_cls_names" })
        if (d.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NoEffect, at(k), FrameworkImportTr::tr("clipping, saving and launch settings"));
        }
    r.rest(d, prefix, handled);
}

// parallelism_config (Accelerate 1.10 and later; commands/config/cluster.py writes it for FSDP2,
// parallelism_config.py reads it): the sizes of the device mesh, whose product is the number of
// processes. Tensor parallel is modelled; the data-parallel sizes are how FSDP shards, which the
// estimate does over every data-parallel GPU (dp_shard x cp, as Accelerate flattens them);
// replication (HSDP), context and sequence parallelism are not modelled yet.
void readParallelismConfig(const QJsonObject &pc, Count processes, ConfigReader &r)
{
    const QString prefix = QStringLiteral("parallelism_config");
    auto at = [&prefix](const char *k) { return keyPath(prefix, QLatin1String(k)); };
    QStringList handled;
    auto size = [&](const char *k) -> std::optional<Count> {
        handled << QLatin1String(k);
        const QJsonValue v = pc.value(QLatin1String(k));
        if (ConfigReader::absent(v))
            return Count(1);
        return r.count(v, at(k), 1, fieldRange(Field::Gpus).max);
    };
    const std::optional<Count> replicate = size("parallelism_config_dp_replicate_size");
    const std::optional<Count> shard = size("parallelism_config_dp_shard_size");
    const std::optional<Count> tp = size("parallelism_config_tp_size");
    const std::optional<Count> cp = size("parallelism_config_cp_size");
    const std::optional<Count> sp = size("parallelism_config_sp_size");
    if (!replicate || !shard || !tp || !cp || !sp)
        return;
    const QJsonValue spBackend = pc.value(QLatin1String("parallelism_config_sp_backend"));
    const Count total = *replicate * *shard * *tp * *cp * *sp;
    const bool allOne = total == 1;
    // Accelerate checks the product, except for DeepSpeed's sequence parallelism.
    const bool checked = !(*sp > 1 && spBackend == QJsonValue(QStringLiteral("deepspeed")));
    if (!allOne && checked && total != processes) {
        r.fail(prefix, FrameworkImportTr::tr("its sizes multiply to %1, not the %2 processes; Accelerate refuses them")
                               .arg(digits(total), digits(processes)));
        return;
    }
    if (*tp > 1) {
        const FieldRange range = fieldRange(Field::TensorParallel);
        if (*tp > range.max) {
            r.fail(at("parallelism_config_tp_size"), FrameworkImportTr::tr("is %1, out of range; allowed: 1 to %2")
                                                             .arg(digits(*tp), digits(range.max)));
            return;
        }
        r.set("tp", countValue(*tp), at("parallelism_config_tp_size"));
    }
    if (*replicate > 1 && *shard > 1)
        r.note(Kind::NotModelled, at("parallelism_config_dp_replicate_size"),
               FrameworkImportTr::tr("HSDP: parameters sharded over %1 GPUs and replicated %2 times; the estimate shards over all %3 "
                                     "data-parallel GPUs, so it is low for the model states")
                       .arg(digits(*shard * *cp), digits(*replicate),
                            digits(*replicate * *shard * *cp)));
    else if (*replicate > 1)
        r.note(Kind::NotModelled, at("parallelism_config_dp_replicate_size"),
               FrameworkImportTr::tr("replicas without sharding: the estimate shards over every data-parallel GPU"));
    if (*cp > 1)
        r.note(Kind::NotModelled, at("parallelism_config_cp_size"),
               FrameworkImportTr::tr("context parallelism: each GPU holds 1/%1 of the sequence's activations; the estimate holds it whole")
                       .arg(digits(*cp)));
    if (*sp > 1)
        r.note(Kind::NotModelled, at("parallelism_config_sp_size"),
               FrameworkImportTr::tr("DeepSpeed's sequence parallelism (Ulysses): each GPU holds 1/%1 of the sequence's activations; the "
                                     "estimate holds it whole")
                       .arg(digits(*sp)));
    for (const char *k : { "parallelism_config_cp_comm_strategy", "parallelism_config_cp_backend", "parallelism_config_sp_backend",
                           "parallelism_config_sp_seq_length", "parallelism_config_sp_seq_length_is_variable",
                           "parallelism_config_sp_attn_implementation" })
        if (pc.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NoEffect, at(k), FrameworkImportTr::tr("how the context or sequence is exchanged"));
        }
    r.rest(pc, prefix, handled);
}

} // namespace

void readAccelerate(const QJsonObject &root, const QString &file, ConfigReader &r)
{
    const Scenario &cur = r.current();
    Scenario provisional = cur; // what a DeepSpeed file's "auto" values are filled from
    QStringList handled;
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return root.value(QLatin1String(k));
    };
    // accelerate's DistributedType values; those that are not CUDA GPUs are refused.
    const QStringList gpuTypes = { QStringLiteral("NO"), QStringLiteral("MULTI_GPU"), QStringLiteral("FSDP"), QStringLiteral("DEEPSPEED"),
                                   QStringLiteral("MEGATRON_LM") };
    QString type = QStringLiteral("NO");
    if (const QJsonValue v = take("distributed_type"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, QStringLiteral("distributed_type"), gpuTypes);
        if (!c)
            return;
        type = *c;
    }
    if (take("use_cpu") == QJsonValue(true)) {
        r.fail(QStringLiteral("use_cpu"), FrameworkImportTr::tr("is true: a run on the CPU; Headroom estimates GPU memory"));
        return;
    }
    const std::optional<QJsonObject> fsdp = r.object(take("fsdp_config"), QStringLiteral("fsdp_config"));
    const std::optional<QJsonObject> ds = r.object(take("deepspeed_config"), QStringLiteral("deepspeed_config"));
    const std::optional<QJsonObject> megatron = r.object(take("megatron_lm_config"), QStringLiteral("megatron_lm_config"));
    const std::optional<QJsonObject> dynamo = r.object(take("dynamo_config"), QStringLiteral("dynamo_config"));
    if (!fsdp || !ds || !megatron || !dynamo)
        return;
    int fsdpVersion = 1;
    if (const QJsonValue v = fsdp->value(QLatin1String("fsdp_version")); !ConfigReader::absent(v)) {
        const std::optional<Count> n = r.count(v, QStringLiteral("fsdp_config.fsdp_version"), 1, 2);
        if (!n)
            return;
        fsdpVersion = int(*n);
    }
    // The stack first: its defaults are what the other settings refine.
    const TrainingStack stack = type == QLatin1String("FSDP")          ? (fsdpVersion == 2 ? TrainingStack::Fsdp2 : TrainingStack::Fsdp)
            : type == QLatin1String("MEGATRON_LM")                     ? TrainingStack::Megatron
                                                                       : TrainingStack::HfTrainer;
    if (stack != cur.stack.stack) {
        r.set("stack", QLatin1String(stackName(stack).data()), QStringLiteral("distributed_type"));
        applyStackDefaults(provisional, stack);
    }
    // GPUs: num_processes counts every process of every machine.
    Count processes = 0;
    if (const QJsonValue v = take("num_processes"); !ConfigReader::absent(v)) {
        const FieldRange range = fieldRange(Field::Gpus);
        const std::optional<Count> n = r.count(v, QStringLiteral("num_processes"), range.min, range.max);
        if (!n)
            return;
        processes = *n;
        if (type == QLatin1String("NO") && processes > 1) {
            // accelerate launch starts one process for distributed_type NO, whatever
            // num_processes says (commands/launch.py: simple_launcher, v1.0 to v1.14).
            r.note(Kind::NotModelled, QStringLiteral("num_processes"),
                   FrameworkImportTr::tr("is %1 with distributed_type NO: accelerate launch starts one process on one GPU; the Trainer "
                                         "alone would spread the batch over the visible GPUs with torch.nn.DataParallel, which is not modelled")
                           .arg(digits(processes)));
            processes = 1;
        }
        r.set("gpus", countValue(processes), QStringLiteral("num_processes"));
        provisional.parallel.gpus = processes;
    }
    if (const QJsonValue v = take("num_machines"); !ConfigReader::absent(v)) {
        const std::optional<Count> n = r.count(v, QStringLiteral("num_machines"), 1, fieldRange(Field::Gpus).max);
        if (!n)
            return;
        const Count gpus = processes > 0 ? processes : cur.parallel.gpus;
        if (gpus % *n != 0) {
            r.fail(QStringLiteral("num_machines"),
                   FrameworkImportTr::tr("is %1, which does not divide the %2 processes evenly").arg(digits(*n), digits(gpus)));
            return;
        }
        if (*n > 1 || processes > 0)
            r.set("gpus-per-node", countValue(std::min<Count>(gpus / *n, fieldRange(Field::GpusPerNode).max)), QStringLiteral("num_machines"));
    }
    // Mixed precision: autocast over FP32 weights for DDP and FSDP (whose MixedPrecision gathers
    // in 16 bits, stack.h fsdpMixedPrecision()); DeepSpeed's and Megatron's 16-bit engines keep
    // FP32 masters instead.
    bool fp8 = false;
    if (const QJsonValue v = take("mixed_precision"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, QStringLiteral("mixed_precision"),
                                                  { QStringLiteral("no"), QStringLiteral("fp16"), QStringLiteral("bf16"), QStringLiteral("fp8") });
        if (!c)
            return;
        const bool engine = type == QLatin1String("DEEPSPEED") || type == QLatin1String("MEGATRON_LM");
        QString recipe;
        if (*c == QLatin1String("no"))
            recipe = QStringLiteral("fp32");
        else if (*c == QLatin1String("fp16"))
            recipe = engine ? QStringLiteral("fp16-master") : QStringLiteral("amp-fp16");
        // "fp8" autocasts everything else in BF16 as "bf16" does (utils/modeling.py
        // get_mixed_precision_context_manager); its FP8 backend is read below.
        else if (*c == QLatin1String("bf16") || *c == QLatin1String("fp8"))
            recipe = engine ? QStringLiteral("bf16-master") : QStringLiteral("amp-bf16");
        fp8 = *c == QLatin1String("fp8");
        r.set("recipe", recipe, QStringLiteral("mixed_precision"));
        provisional.training.precision.recipe = *recipeFromName(recipe.toStdString());
    }
    const QJsonValue fp8Config = take("fp8_config");
    if (type == QLatin1String("NO") || type == QLatin1String("MULTI_GPU")) {
        // DDP: every GPU holds the whole model and its states.
        r.set("zero", countValue(0), QStringLiteral("distributed_type"));
        r.set("offload", QStringLiteral("none"), QStringLiteral("distributed_type"));
    } else if (type == QLatin1String("FSDP")) {
        readFsdp(*fsdp, fsdpVersion, r);
    } else if (type == QLatin1String("DEEPSPEED")) {
        readDeepSpeedPlugin(*ds, file, provisional, r);
    } else if (type == QLatin1String("MEGATRON_LM")) {
        r.set("zero", countValue(0), QStringLiteral("distributed_type"));
        struct Degree
        {
            const char *key;
            const char *option;
            Field field;
        };
        for (const Degree &d : { Degree{ "megatron_lm_tp_degree", "tp", Field::TensorParallel },
                                 Degree{ "megatron_lm_pp_degree", "pp", Field::PipelineParallel } }) {
            const QJsonValue v = megatron->value(QLatin1String(d.key));
            if (ConfigReader::absent(v))
                continue;
            const FieldRange range = fieldRange(d.field);
            const std::optional<Count> n = r.count(v, keyPath(QStringLiteral("megatron_lm_config"), QLatin1String(d.key)), range.min, range.max);
            if (!n)
                return;
            r.set(d.option, countValue(*n), keyPath(QStringLiteral("megatron_lm_config"), QLatin1String(d.key)));
        }
        QStringList megatronHandled = { QStringLiteral("megatron_lm_tp_degree"), QStringLiteral("megatron_lm_pp_degree") };
        for (const auto &[k, option] : { std::pair{ "megatron_lm_sequence_parallelism", "sp" },
                                         std::pair{ "megatron_lm_use_distributed_optimizer", "distributed-optimizer" } }) {
            const QJsonValue v = megatron->value(QLatin1String(k));
            megatronHandled << QLatin1String(k);
            if (ConfigReader::absent(v))
                continue;
            const std::optional<bool> b = r.flag(v, keyPath(QStringLiteral("megatron_lm_config"), QLatin1String(k)));
            if (!b)
                return;
            r.set(option, *b, keyPath(QStringLiteral("megatron_lm_config"), QLatin1String(k)));
        }
        if (const QJsonValue v = megatron->value(QLatin1String("megatron_lm_recompute_activations")); v == QJsonValue(true))
            r.set("recompute", QStringLiteral("selective"), QStringLiteral("megatron_lm_config.megatron_lm_recompute_activations"));
        megatronHandled << QStringLiteral("megatron_lm_recompute_activations");
        r.noEffect(*megatron, QStringLiteral("megatron_lm_config"), megatronHandled, FrameworkImportTr::tr("schedules and clipping"));
    }
    if (type != QLatin1String("FSDP") && !fsdp->isEmpty())
        r.note(Kind::NoEffect, QStringLiteral("fsdp_config"), FrameworkImportTr::tr("used with distributed_type FSDP only"));
    if (type != QLatin1String("DEEPSPEED") && !ds->isEmpty())
        r.note(Kind::NoEffect, QStringLiteral("deepspeed_config"), FrameworkImportTr::tr("used with distributed_type DEEPSPEED only"));
    if (type != QLatin1String("MEGATRON_LM") && !megatron->isEmpty())
        r.note(Kind::NoEffect, QStringLiteral("megatron_lm_config"), FrameworkImportTr::tr("used with distributed_type MEGATRON_LM only"));
    if (!r.ok())
        return;
    // torch.compile through Accelerate's dynamo plugin.
    if (const QJsonValue b = dynamo->value(QLatin1String("dynamo_backend")); !ConfigReader::absent(b)) {
        const std::optional<QString> backend = r.text(b, QStringLiteral("dynamo_config.dynamo_backend"));
        if (!backend)
            return;
        r.set("compile", backend->compare(QLatin1String("NO"), Qt::CaseInsensitive) != 0, QStringLiteral("dynamo_config.dynamo_backend"));
    }
    r.noEffect(*dynamo, QStringLiteral("dynamo_config"), { QStringLiteral("dynamo_backend") }, FrameworkImportTr::tr("compiler options"));
    readFp8(fp8, fp8Config, stack, r);
    if (!r.ok())
        return;
    if (const QJsonValue v = take("parallelism_config"); !ConfigReader::absent(v)) {
        const std::optional<QJsonObject> pc = r.object(v, QStringLiteral("parallelism_config"));
        if (!pc)
            return;
        readParallelismConfig(*pc, processes > 0 ? processes : cur.parallel.gpus, r);
        if (!r.ok())
            return;
    }
    for (const char *k : { "compute_environment", "debug", "machine_rank", "main_training_function", "rdzv_backend", "same_network",
                           "tpu_env", "tpu_use_cluster", "tpu_use_sudo", "tpu_name", "tpu_zone", "gpu_ids", "main_process_ip",
                           "main_process_port", "enable_cpu_affinity", "command_file", "commands", "downcast_bf16", "ipex_config",
                           "mpirun_config", "num_cpu_threads_per_process", "dynamo_backend" })
        if (root.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("launch and machine settings"));
        }
    r.rest(root, QString(), handled);
}

} // namespace headroom::detail
