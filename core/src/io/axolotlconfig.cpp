// axolotl's config YAML (frameworkconfig.h), as axolotl reads it (axolotl-ai-cloud/axolotl,
// src/axolotl/utils/schemas/config.py AxolotlInputConfig and utils/config/__init__.py
// normalize_config, v0.8 to v0.12): axolotl builds a Hugging Face Trainer (or TRL's for rl:),
// loads the model in cfg.torch_dtype (bfloat16 under bf16: true or auto, float16 under fp16,
// else float32) and hands PEFT, DeepSpeed and FSDP their own settings.

#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/validation.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

using Kind = FrameworkNote::Kind;

bool truthy(const QJsonValue &v)
{
    return v.isBool() ? v.toBool() : v.isString() && v.toString() == QLatin1String("auto");
}

// The model's dtype and the recipe it trains with. A full fine-tune trains the 16-bit weights
// themselves: parameters, gradients and AdamW's states in BF16, autocast on top (no FP32 master,
// unless DeepSpeed's 16-bit engine adds one: its file, read after, says so). Adapters are
// created in FP32 over the 16-bit base (PEFT's autocast_adapter_dtype, v0.12 and later).
void readPrecision(const QJsonObject &root, bool adapters, QStringList &handled, ConfigReader &r)
{
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return root.value(QLatin1String(k));
    };
    const QJsonValue bf16 = take("bf16");
    const QJsonValue fp16 = take("fp16");
    const QJsonValue bfloat16 = take("bfloat16");
    const QJsonValue float16 = take("float16");
    for (const auto &[v, k] : { std::pair{ bf16, "bf16" }, std::pair{ fp16, "fp16" }, std::pair{ bfloat16, "bfloat16" }, std::pair{ float16, "float16" } })
        if (!ConfigReader::absent(v) && !v.isBool() && !(v.isString() && v.toString() == QLatin1String("auto"))) {
            r.fail(QLatin1String(k), FrameworkImportTr::tr("is %1; expected true, false or auto").arg(ConfigReader::shown(v)));
            return;
        }
    // bf16 defaults to auto (schemas/config.py); resolve_dtype makes auto BF16 where the GPU has
    // it, unless fp16 is set (utils/config/__init__.py). bfloat16 and float16 load the model in
    // 16 bits without autocast: the same bytes.
    const bool bf16Auto = ConfigReader::absent(bf16) || bf16.toString() == QLatin1String("auto");
    QString half;
    QString source;
    if (bf16 == QJsonValue(true) || bfloat16 == QJsonValue(true) || (bf16Auto && !truthy(fp16) && !truthy(float16))) {
        half = QStringLiteral("bf16");
        source = bf16 == QJsonValue(true) ? QStringLiteral("bf16") : bfloat16 == QJsonValue(true) ? QStringLiteral("bfloat16")
                                                                                             : FrameworkImportTr::tr("bf16 (auto)");
        if (bf16Auto && source != QLatin1String("bfloat16"))
            r.note(Kind::Auto, QStringLiteral("bf16"),
                   FrameworkImportTr::tr("auto (axolotl's default): BF16 where the GPU has it, as every GPU of the catalogue since the A100 does"));
    } else if (truthy(fp16) || truthy(float16)) {
        half = QStringLiteral("fp16");
        source = truthy(fp16) ? QStringLiteral("fp16") : QStringLiteral("float16");
    }
    if (half.isEmpty()) {
        r.set("recipe", QStringLiteral("fp32"), FrameworkImportTr::tr("bf16 and fp16 (both false: FP32)"));
        return;
    }
    if (adapters) {
        r.set("recipe", half == QLatin1String("bf16") ? QStringLiteral("amp-bf16") : QStringLiteral("amp-fp16"),
              FrameworkImportTr::tr("%1 (a 16-bit base, FP32 adapters)").arg(source));
        return;
    }
    r.set("recipe", half == QLatin1String("bf16") ? QStringLiteral("bf16-pure") : QStringLiteral("fp16-pure"),
          FrameworkImportTr::tr("%1 (the model loaded in 16 bits and trained so)").arg(source));
    r.set("optimizer-dtype", QStringLiteral("weight"), FrameworkImportTr::tr("%1 (AdamW's states take the weights' dtype)").arg(source));
}

// adapter, load_in_4bit / load_in_8bit / gptq and the LoRA keys.
bool readAdapter(const QJsonObject &root, QStringList &handled, ConfigReader &r)
{
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return root.value(QLatin1String(k));
    };
    QString adapter;
    if (const QJsonValue v = take("adapter"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, QStringLiteral("adapter"), { QStringLiteral("lora"), QStringLiteral("qlora"), QStringLiteral("llama-adapter") });
        if (!c)
            return false;
        adapter = *c;
    }
    std::optional<bool> four = false, eight = false, gptq = false;
    if (const QJsonValue v = take("load_in_4bit"); !ConfigReader::absent(v))
        four = r.flag(v, QStringLiteral("load_in_4bit"));
    if (const QJsonValue v = take("load_in_8bit"); !ConfigReader::absent(v))
        eight = r.flag(v, QStringLiteral("load_in_8bit"));
    if (const QJsonValue v = take("gptq"); !ConfigReader::absent(v))
        gptq = r.flag(v, QStringLiteral("gptq"));
    if (!four || !eight || !gptq)
        return false;
    if (adapter == QLatin1String("llama-adapter")) {
        r.fail(QStringLiteral("adapter"), FrameworkImportTr::tr("is llama-adapter (LLaMA-Adapter's prompts), which Headroom does not model; allowed: lora, qlora"));
        return false;
    }
    if (adapter.isEmpty()) {
        if (*four || *eight || *gptq) {
            r.fail(*four ? QStringLiteral("load_in_4bit") : *eight ? QStringLiteral("load_in_8bit") : QStringLiteral("gptq"),
                   FrameworkImportTr::tr("is true without an adapter: a quantized model cannot be fully fine-tuned"));
            return false;
        }
        if (r.current().lora.mode != AdapterMode::None)
            r.set("lora", QStringLiteral("none"), FrameworkImportTr::tr("adapter (absent: a full fine-tune)"));
        for (const char *k : { "lora_r", "lora_alpha", "lora_dropout", "lora_target_modules", "lora_target_linear", "lora_modules_to_save",
                               "lora_fan_in_fan_out", "peft_use_dora", "peft_use_rslora", "lora_model_dir", "lora_on_cpu",
                               "lora_mlp_kernel", "lora_qkv_kernel", "lora_o_kernel" })
            if (root.contains(QLatin1String(k))) {
                handled << QLatin1String(k);
                r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("without an adapter"));
            }
        return true;
    }
    // qlora means a 4-bit bitsandbytes base (axolotl refuses qlora without load_in_4bit); lora on
    // a base loaded in 8 bits or from a GPTQ checkpoint adapts a quantized base too. axolotl's
    // BitsAndBytesConfig: NF4 with double quantization (utils/models.py, bnb_4bit_use_double_quant=True).
    QString base;
    QString baseKey;
    if (adapter == QLatin1String("qlora") || *four) {
        base = QStringLiteral("nf4-dq");
        baseKey = adapter == QLatin1String("qlora") ? QStringLiteral("adapter") : QStringLiteral("load_in_4bit");
    } else if (*eight) {
        base = QStringLiteral("int8");
        baseKey = QStringLiteral("load_in_8bit");
    } else if (*gptq) {
        base = QStringLiteral("gptq");
        baseKey = QStringLiteral("gptq");
    }
    if (base.isEmpty()) {
        r.set("lora", QStringLiteral("lora"), QStringLiteral("adapter"));
    } else {
        r.set("lora", QStringLiteral("qlora"), baseKey);
        r.set("qlora-base", base, baseKey);
    }
    if (!setCountOr(take("lora_r"), QStringLiteral("lora_r"), "lora-rank", Field::LoraRank, 8,
                    FrameworkImportTr::tr("lora_r (absent: PEFT's default, 8)"), r)
        || !setDropoutOr(take("lora_dropout"), QStringLiteral("lora_dropout"), std::nullopt, QString(), r))
        return false;
    // lora_target_linear adapts every linear layer but the head; lora_target_modules names them.
    const QJsonValue linear = take("lora_target_linear");
    const QJsonValue modules = take("lora_target_modules");
    if (!ConfigReader::absent(linear) && !linear.isBool()) {
        r.fail(QStringLiteral("lora_target_linear"), FrameworkImportTr::tr("is %1; expected true or false").arg(ConfigReader::shown(linear)));
        return false;
    }
    if (linear.toBool()) {
        r.set("lora-targets", QStringLiteral("all"), QStringLiteral("lora_target_linear"));
        if (!ConfigReader::absent(modules))
            r.note(Kind::NoEffect, QStringLiteral("lora_target_modules"), FrameworkImportTr::tr("lora_target_linear adapts every linear layer already"));
    } else if (!ConfigReader::absent(modules)) {
        readLoraModules(modules, QStringLiteral("lora_target_modules"), r);
    } else {
        // PEFT's own choice for Llama-like models (TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING).
        r.set("lora-targets", QStringLiteral("q,v"), FrameworkImportTr::tr("lora_target_modules (absent: PEFT's default, q_proj and v_proj)"));
    }
    if (!r.ok())
        return false;
    if (const QJsonValue v = take("lora_modules_to_save"); !ConfigReader::absent(v))
        readModulesToSave(v, QStringLiteral("lora_modules_to_save"), r);
    if (const QJsonValue v = take("peft_use_dora"); !ConfigReader::absent(v)) {
        const std::optional<bool> b = r.flag(v, QStringLiteral("peft_use_dora"));
        if (!b)
            return false;
        r.set("dora", *b, QStringLiteral("peft_use_dora"));
    }
    for (const char *k : { "lora_alpha", "peft_use_rslora", "lora_fan_in_fan_out", "lora_model_dir", "lora_on_cpu" })
        if (root.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("the adapters' scale and files"));
        }
    for (const char *k : { "peft_layers_to_transform", "peft_layers_pattern", "lora_qkv_kernel", "lora_o_kernel", "lora_mlp_kernel" })
        if (root.contains(QLatin1String(k)) && root.value(QLatin1String(k)) != QJsonValue(false)) {
            handled << QLatin1String(k);
            r.note(Kind::NotModelled, QLatin1String(k), FrameworkImportTr::tr("adapters on some layers only, or axolotl's fused LoRA kernels"));
        }
    return r.ok();
}

} // namespace

void readAxolotl(const QJsonObject &root, const QString &file, ConfigReader &r)
{
    const Scenario &cur = r.current();
    QStringList handled;
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return root.value(QLatin1String(k));
    };
    auto flagKey = [&](const char *k, const char *option) -> std::optional<bool> {
        const QJsonValue v = take(k);
        if (ConfigReader::absent(v))
            return std::nullopt;
        const std::optional<bool> b = r.flag(v, QLatin1String(k));
        if (b && option)
            r.set(option, *b, QLatin1String(k));
        return b;
    };
    if (cur.stack.stack != TrainingStack::HfTrainer)
        r.set("stack", QStringLiteral("hf-trainer"), FrameworkImportTr::tr("axolotl (a Hugging Face Trainer)"));
    const std::optional<QString> model = r.text(take("base_model"), QStringLiteral("base_model"));
    if (!model)
        return;
    r.set("hub-model", *model, QStringLiteral("base_model"));
    // What the run trains for: rl names TRL's trainer; without it, supervised fine-tuning.
    QString method = QStringLiteral("sft");
    if (const QJsonValue v = take("rl"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, QStringLiteral("rl"),
                                                  { QStringLiteral("dpo"), QStringLiteral("ipo"), QStringLiteral("orpo"), QStringLiteral("kto"),
                                                    QStringLiteral("simpo"), QStringLiteral("grpo") });
        if (!c)
            return;
        method = *c;
    }
    // reward_model: TRL's reward trainer on a sequence classifier (a score head, no logits).
    if (const QJsonValue v = take("reward_model"); !ConfigReader::absent(v)) {
        const std::optional<bool> b = r.flag(v, QStringLiteral("reward_model"));
        if (!b)
            return;
        if (*b) {
            if (root.contains(QLatin1String("rl"))) {
                r.fail(QStringLiteral("reward_model"), FrameworkImportTr::tr("is true and rl is set: a run trains a reward model or a policy, not both"));
                return;
            }
            method = QStringLiteral("reward");
        }
    }
    if (method != QLatin1String("sft") || cur.training.method != TrainingMethod::Sft)
        r.set("method", method,
              root.contains(QLatin1String("rl"))             ? QStringLiteral("rl")
              : method == QLatin1String("reward")            ? QStringLiteral("reward_model")
                                                             : FrameworkImportTr::tr("rl (absent: supervised fine-tuning)"));
    const bool adapters = root.value(QLatin1String("adapter")).isString();
    if (!readAdapter(root, handled, r))
        return;
    // The sequence: packing fills sequence_len exactly; pad_to_sequence_len pads to it; otherwise
    // each batch is as long as its longest sample, at most sequence_len.
    // (GRPO's S is its prompt and completion, in the trl block: sequence_len is only checked.)
    const QJsonValue sequenceLength = take("sequence_len");
    const std::optional<Count> read = method != QLatin1String("grpo")
            ? setCountOr(sequenceLength, QStringLiteral("sequence_len"), "seq", Field::Sequence, 512,
                         FrameworkImportTr::tr("sequence_len (absent: axolotl's default, 512)"), r)
            : ConfigReader::absent(sequenceLength)
            ? std::optional<Count>(512)
            : r.count(sequenceLength, QStringLiteral("sequence_len"), fieldRange(Field::Sequence).min, fieldRange(Field::Sequence).max);
    if (!read)
        return;
    const Count sequence = *read;
    const std::optional<bool> packing = flagKey("sample_packing", nullptr);
    const std::optional<bool> padded = flagKey("pad_to_sequence_len", nullptr);
    if (!r.ok())
        return;
    if (method != QLatin1String("grpo")) {
        r.set("packed", packing.value_or(false), root.contains(QLatin1String("sample_packing")) ? QStringLiteral("sample_packing")
                                                                                                : FrameworkImportTr::tr("sample_packing (absent: false)"));
        if (!packing.value_or(false) && !padded.value_or(false))
            r.note(Kind::NotModelled, QStringLiteral("sequence_len"),
                   FrameworkImportTr::tr("without sample_packing or pad_to_sequence_len each batch is as long as its longest sample: S = %1 "
                                         "is the most it can be")
                           .arg(digits(sequence)));
    }
    // The batch per GPU and step.
    if (!setCountOr(take("micro_batch_size"), QStringLiteral("micro_batch_size"), "batch", Field::Batch, 1,
                    FrameworkImportTr::tr("micro_batch_size (absent: axolotl's default, 1)"), r)
        || !setCountOr(take("gradient_accumulation_steps"), QStringLiteral("gradient_accumulation_steps"), "grad-accum", Field::GradAccum, 0,
                       QString(), r))
        return;
    readPrecision(root, adapters, handled, r);
    if (!r.ok())
        return;
    // Checkpointing: true is Hugging Face's (every layer); "offload" and "unsloth" keep the
    // checkpoints in host memory as well.
    if (const QJsonValue v = take("gradient_checkpointing"); !ConfigReader::absent(v)) {
        if (v.isBool()) {
            r.set("recompute", v.toBool() ? QStringLiteral("full") : QStringLiteral("none"), QStringLiteral("gradient_checkpointing"));
        } else {
            const std::optional<QString> c = r.choice(v, QStringLiteral("gradient_checkpointing"),
                                                      { QStringLiteral("offload"), QStringLiteral("unsloth"), QStringLiteral("offload_disk") });
            if (!c)
                return;
            r.set("recompute", QStringLiteral("full"), QStringLiteral("gradient_checkpointing"));
            r.set("activation-offload", true, QStringLiteral("gradient_checkpointing"));
            if (*c == QLatin1String("offload_disk"))
                r.note(Kind::NotModelled, QStringLiteral("gradient_checkpointing"), FrameworkImportTr::tr("checkpoints on disk: counted as in host memory"));
        }
    }
    if (const QJsonValue v = take("activation_offloading"); !ConfigReader::absent(v) && v != QJsonValue(false))
        r.set("activation-offload", true, QStringLiteral("activation_offloading"));
    // Attention: the kernel the model is loaded with (attn_implementation, or the older flags
    // normalize_attn_implementation maps onto it); none given leaves transformers' choice.
    if (const QJsonValue v = take("attn_implementation"); !ConfigReader::absent(v))
        readAttnImplementation(v, QStringLiteral("attn_implementation"), r);
    {
        const char *kernels[][2] = { { "flash_attention", "flash" }, { "sdp_attention", "sdpa" }, { "eager_attention", "eager" } };
        for (const auto &[k, kernel] : kernels) {
            const std::optional<bool> b = flagKey(k, nullptr);
            if (!r.ok())
                return;
            if (b.value_or(false))
                r.set("attention", QLatin1String(kernel), QLatin1String(k));
        }
        for (const char *k : { "xformers_attention", "flex_attention", "s2_attention", "sage_attention" })
            if (const QJsonValue v = take(k); !ConfigReader::absent(v) && v != QJsonValue(false))
                r.note(Kind::NotModelled, QLatin1String(k), FrameworkImportTr::tr("an attention kernel Headroom does not model: the scenario's stays"));
        for (const char *k : { "flash_attn_cross_entropy", "flash_attn_rms_norm", "flash_attn_fuse_qkv", "flash_attn_fuse_mlp" })
            if (const QJsonValue v = take(k); !ConfigReader::absent(v) && v != QJsonValue(false))
                r.note(Kind::NotModelled, QLatin1String(k), FrameworkImportTr::tr("flash-attn's fused kernels save less than the modules they replace"));
    }
    // The optimizer: TrainingArguments' names, and axolotl's own; its default is torch's fused
    // AdamW (schemas/training.py), whatever transformers' default.
    if (const QJsonValue v = take("optimizer"); ConfigReader::absent(v)) {
        r.set("optimizer", QStringLiteral("adamw"), FrameworkImportTr::tr("optimizer (absent: axolotl's default, adamw_torch_fused)"));
        r.set("paged-optimizer", false, FrameworkImportTr::tr("optimizer (absent: axolotl's default, adamw_torch_fused)"));
        r.set("fused-optimizer", QStringLiteral("on"), FrameworkImportTr::tr("optimizer (absent: axolotl's default, adamw_torch_fused)"));
    } else {
        const QString name = v.toString();
        const char *own[][2] = { { "ao_adamw_8bit", "adamw8bit-torchao" }, { "ao_adamw_4bit", "adamw4bit" }, { "ao_adamw_fp8", "adamw-fp8" },
                                 { "muon", "muon" } };
        bool done = false;
        for (const auto &[k, ours] : own)
            if (name == QLatin1String(k)) {
                r.set("optimizer", QLatin1String(ours), QStringLiteral("optimizer"));
                r.set("paged-optimizer", false, QStringLiteral("optimizer"));
                done = true;
            }
        if (!done)
            readTrainerOptim(v, QStringLiteral("optimizer"), r);
        if (!r.ok())
            return;
    }
    // Losses that never hold the whole logits: Liger's fused linear cross-entropy and Apple's cut
    // cross-entropy (axolotl's plugins, switched on by these keys).
    for (const char *k : { "liger_fused_linear_cross_entropy", "cut_cross_entropy" })
        if (const QJsonValue v = take(k); v == QJsonValue(true))
            r.set("loss", QStringLiteral("fused-linear"), QLatin1String(k));
    for (const char *k : { "liger_rms_norm", "liger_glu_activation", "liger_rope", "liger_layer_norm", "liger_cross_entropy" })
        if (const QJsonValue v = take(k); v == QJsonValue(true))
            r.note(Kind::NotModelled, QLatin1String(k), FrameworkImportTr::tr("Liger's fused kernels save less than the modules they replace"));
    flagKey("torch_compile", "compile");
    if (!r.ok())
        return;
    // FP8 (torchao's Float8Linear, tensorwise) and its FSDP all-gather.
    if (const std::optional<bool> fp8 = flagKey("fp8", nullptr); fp8) {
        r.set("fp8", *fp8 ? QStringLiteral("tensorwise") : QStringLiteral("off"), QStringLiteral("fp8"));
        if (*fp8)
            flagKey("fp8_enable_fsdp_float8_all_gather", "fp8-all-gather");
    }
    if (!r.ok())
        return;
    // Parallelism beyond data parallel.
    if (!setCountOr(take("tensor_parallel_size"), QStringLiteral("tensor_parallel_size"), "tp", Field::TensorParallel, 0, QString(), r))
        return;
    for (const char *k : { "context_parallel_size", "sequence_parallel_degree" }) {
        const std::optional<Count> c = setCountOr(take(k), QLatin1String(k), "cp", Field::ContextParallel, 0, QString(), r);
        if (!c)
            return;
        // ring-flash-attn's ring over the context-parallel group.
        if (*c > 1)
            r.set("cp-kind", QStringLiteral("ring"), QLatin1String(k));
    }
    for (const char *k : { "dp_shard_size", "dp_replicate_size" })
        if (const QJsonValue v = take(k); !ConfigReader::absent(v) && v.toDouble(1) > 1)
            r.note(Kind::NotModelled, QLatin1String(k), FrameworkImportTr::tr("a data-parallel mesh of its own: sharded over every data-parallel GPU instead"));
    // axolotl's FSDPConfig (schemas/fsdp.py) keeps only the keys it knows, the "fsdp_" prefix
    // stripped; pydantic drops the others (a sharding_strategy among them), and a false
    // reshard_after_forward is never exported (utils/trainer.py setup_fsdp_envs): FULL_SHARD.
    QJsonValue fsdpConfig = take("fsdp_config");
    if (fsdpConfig.isObject()) {
        static const QStringList known = { QStringLiteral("fsdp_version"), QStringLiteral("version"), QStringLiteral("activation_checkpointing"),
                                           QStringLiteral("offload_params"), QStringLiteral("sync_module_states"),
                                           QStringLiteral("cpu_ram_efficient_loading"), QStringLiteral("cpu_offload_pin_memory"),
                                           QStringLiteral("use_orig_params"), QStringLiteral("state_dict_type"),
                                           QStringLiteral("final_state_dict_type"), QStringLiteral("auto_wrap_policy"),
                                           QStringLiteral("transformer_layer_cls_to_wrap"), QStringLiteral("min_num_params"),
                                           QStringLiteral("reshard_after_forward"), QStringLiteral("mixed_precision_policy") };
        QJsonObject kept;
        const QJsonObject given = fsdpConfig.toObject();
        for (auto it = given.begin(); it != given.end(); ++it) {
            const QString bare = it.key().startsWith(QLatin1String("fsdp_")) && it.key() != QLatin1String("fsdp_version") ? it.key().mid(5) : it.key();
            const QString path = keyPath(QStringLiteral("fsdp_config"), it.key());
            if (!known.contains(bare))
                r.note(Kind::NoEffect, excerpt(path), FrameworkImportTr::tr("not a key of axolotl's FSDPConfig: dropped unread"));
            else if (bare == QLatin1String("reshard_after_forward") && it.value() == QJsonValue(false))
                r.note(Kind::NoEffect, path, FrameworkImportTr::tr("false is never passed on by axolotl: FULL_SHARD"));
            else if (bare == QLatin1String("mixed_precision_policy"))
                r.note(Kind::NoEffect, path, FrameworkImportTr::tr("the 16-bit format comes from bf16 and fp16"));
            else
                kept.insert(it.key(), it.value());
        }
        fsdpConfig = kept;
    }
    readTrainerFsdp(take("fsdp"), QStringLiteral("fsdp"), fsdpConfig, QStringLiteral("fsdp_config"), take("fsdp_version"),
                    QStringLiteral("fsdp_version"), r);
    if (!r.ok())
        return;
    // The trl: block of a preference or RL run.
    if (const QJsonValue v = take("trl"); !ConfigReader::absent(v)) {
        const std::optional<QJsonObject> o = r.object(v, QStringLiteral("trl"));
        if (!o)
            return;
        QStringList trlHandled;
        readTrlMethodArgs(*o, QStringLiteral("trl"), method, trlHandled, r);
        if (!r.ok())
            return;
        r.rest(*o, QStringLiteral("trl"), trlHandled);
    }
    // axolotl's vllm: block, the colocated engine's share of each GPU (core/trainers/grpo).
    if (const QJsonValue v = take("vllm"); !ConfigReader::absent(v)) {
        const std::optional<QJsonObject> o = r.object(v, QStringLiteral("vllm"));
        if (!o)
            return;
        QStringList vllmHandled = { QStringLiteral("gpu_memory_utilization") };
        if (const QJsonValue f = o->value(QLatin1String("gpu_memory_utilization")); !ConfigReader::absent(f)) {
            const std::optional<double> share = r.real(f, QStringLiteral("vllm.gpu_memory_utilization"), 0.01, 1.0);
            if (!share)
                return;
            r.set("rollout-memory-fraction", *share, QStringLiteral("vllm.gpu_memory_utilization"));
        }
        r.noEffect(*o, QStringLiteral("vllm"), vllmHandled, FrameworkImportTr::tr("the engine's own settings"));
    }
    // A full-parameter run of every rl but ORPO loads a second copy of the model at setup
    // (train.py setup_reference_model), even where the trainer is not handed it: GRPO with
    // beta 0 holds it all the same.
    if (!adapters && method == QLatin1String("grpo") && root.value(QLatin1String("trl")).toObject().value(QLatin1String("beta")) == QJsonValue(0.0))
        r.set("reference", QStringLiteral("model"),
              FrameworkImportTr::tr("trl.beta = 0, but axolotl loads the reference copy for a full-parameter run all the same"));
    if (!adapters && method == QLatin1String("kto"))
        r.note(Kind::NotModelled, QStringLiteral("rl"),
               FrameworkImportTr::tr("axolotl loads a reference copy that KTO's trainer does not use (it builds its own): one more frozen copy than counted"));
    // DeepSpeed last: its "auto" values are filled from what the file set above.
    if (const QJsonValue v = take("deepspeed"); !ConfigReader::absent(v)) {
        const std::optional<QString> name = r.text(v, QStringLiteral("deepspeed"));
        if (!name)
            return;
        readReferencedDeepSpeed(*name, QStringLiteral("deepspeed"), file, provisionalScenario(cur, r.out().settings), r);
        if (!r.ok())
            return;
    }
    const char *noEffect[] = {
        "base_model_config", "model_type", "tokenizer_type", "tokenizer_config", "tokenizer_use_fast", "tokenizer_legacy", "trust_remote_code",
        "is_llama_derived_model", "is_mistral_derived_model", "is_qwen_derived_model", "is_falcon_derived_model", "processor_type",
        "revision_of_model", "datasets", "test_datasets", "dataset_prepared_path", "val_set_size", "output_dir", "chat_template",
        "chat_template_jinja", "default_system_message", "special_tokens", "tokens", "added_tokens_overrides", "train_on_inputs",
        "group_by_length", "num_epochs", "max_steps", "batch_size", "eval_batch_size", "learning_rate", "lr_scheduler",
        "lr_scheduler_kwargs", "cosine_min_lr_ratio", "weight_decay", "adam_beta1", "adam_beta2", "adam_epsilon", "max_grad_norm",
        "warmup_steps", "warmup_ratio", "logging_steps", "evals_per_epoch", "eval_steps", "saves_per_epoch", "save_steps",
        "save_total_limit", "save_strategy", "eval_strategy", "evaluation_strategy", "eval_sample_packing", "eval_max_new_tokens",
        "eval_table_size", "eval_causal_lm_metrics", "do_causal_lm_eval", "early_stopping_patience", "resume_from_checkpoint",
        "auto_resume_from_checkpoints", "local_rank", "debug", "seed", "strict", "wandb_project", "wandb_entity", "wandb_watch",
        "wandb_name", "wandb_run_id", "wandb_log_model", "mlflow_tracking_uri", "mlflow_experiment_name", "comet_api_key", "hub_model_id",
        "hub_strategy", "push_dataset_to_hub", "hf_use_auth_token", "dataset_processes", "dataloader_num_workers",
        "dataloader_pin_memory", "dataloader_prefetch_factor", "remove_unused_columns", "tf32", "gradient_checkpointing_kwargs",
        "sample_packing_eff_est", "sample_packing_group_size", "sample_packing_bin_size", "total_num_tokens", "pretraining_dataset",
        "shuffle_merged_datasets", "rl_beta", "dpo_beta", "orpo_alpha", "neftune_noise_alpha", "noisy_embedding_alpha",
        "ddp_timeout", "ddp_bucket_cap_mb", "ddp_broadcast_buffers", "ddp_find_unused_parameters", "plugins", "use_wandb",
        "use_tensorboard", "profiler_steps", "include_tokens_per_second", "loss_watchdog_threshold", "loss_watchdog_patience",
        "optim_args", "embeddings_skip_upcast", "skip_prepare_dataset", "save_safetensors", "save_first_step", "save_only_model",
        "lr_quadratic_warmup", "dataset_exact_deduplication", "streaming",
        "torch_compile_backend", "torch_compile_mode", "flash_optimum", "low_cpu_mem_usage", "shuffle_before_merging_datasets",
        "pad_to_sequence_len", "sample_packing", "use_ray", "ray_num_workers", "num_labels", "gc_steps", "eot_tokens", "adam_eps",
        "cosine_constant_lr_ratio", "min_sample_len", "torchdistx_path", "reinit_weights", "kto_desirable_weight",
        "kto_undesirable_weight", "llama4_linearized_experts", "gptq_disable_exllama", "flex_attn_compile_kwargs",
        "resize_token_embeddings_to_32x", "save_strategy", "dpo_use_weighting", "dpo_label_smoothing", "rl_adapter_ref_model",
    };
    const char *notModelled[][2] = {
        { "unfrozen_parameters", QT_TRANSLATE_NOOP("FrameworkImport", "some parameters frozen in a full fine-tune: every one is counted as trained") },
        { "kd_trainer", QT_TRANSLATE_NOOP("FrameworkImport", "knowledge distillation's teacher logits") },
        { "tiled_mlp", QT_TRANSLATE_NOOP("FrameworkImport", "the MLP computed in tiles along the sequence (ALST)") },
        { "fused_attn_kernel", QT_TRANSLATE_NOOP("FrameworkImport", "a fused attention kernel") },
        { "model_config", QT_TRANSLATE_NOOP("FrameworkImport", "overrides of the model's config") },
    };
    for (const auto &[k, why] : notModelled)
        if (const QJsonValue v = take(k); !ConfigReader::absent(v) && v != QJsonValue(false))
            r.note(Kind::NotModelled, QLatin1String(k), FrameworkImportTr::tr(why));
    for (const char *k : noEffect)
        if (root.contains(QLatin1String(k)) && !handled.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("data, schedules, logging, checkpoints and paths"));
        }
    finishFrontEnd(root, handled, r);
}

} // namespace headroom::detail
