// LLaMA-Factory's training YAML (frameworkconfig.h: llamafactory-cli train FILE), as
// LLaMA-Factory reads it (hiyouga/LLaMA-Factory, src/llamafactory/hparams/model_args.py,
// finetuning_args.py, data_args.py, and Seq2SeqTrainingArguments for the Trainer's keys;
// model/adapter.py and model/model_utils/checkpointing.py for what they do, v0.9).

#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/validation.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

using Kind = FrameworkNote::Kind;

} // namespace

void readLlamaFactory(const QJsonObject &root, const QString &file, ConfigReader &r)
{
    const Scenario &cur = r.current();
    QStringList handled;
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return root.value(QLatin1String(k));
    };
    auto flagOf = [&](const char *k, bool fallback) -> std::optional<bool> {
        const QJsonValue v = take(k);
        if (ConfigReader::absent(v))
            return fallback;
        return r.flag(v, QLatin1String(k));
    };
    if (cur.stack.stack != TrainingStack::HfTrainer)
        r.set("stack", QStringLiteral("hf-trainer"), FrameworkImportTr::tr("LLaMA-Factory (a Hugging Face Trainer)"));
    const std::optional<QString> model = r.text(take("model_name_or_path"), QStringLiteral("model_name_or_path"));
    if (!model)
        return;
    r.set("hub-model", *model, QStringLiteral("model_name_or_path"));
    // stage: what the run trains for; pref_loss picks DPO's variants.
    QString stage = QStringLiteral("sft");
    if (const QJsonValue v = take("stage"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, QStringLiteral("stage"),
                                                  { QStringLiteral("pt"), QStringLiteral("sft"), QStringLiteral("rm"), QStringLiteral("ppo"),
                                                    QStringLiteral("dpo"), QStringLiteral("kto") });
        if (!c)
            return;
        stage = *c;
    }
    QString method = stage == QLatin1String("pt") ? QStringLiteral("sft") : stage == QLatin1String("rm") ? QStringLiteral("reward") : stage;
    if (stage == QLatin1String("dpo")) {
        if (const QJsonValue v = take("pref_loss"); !ConfigReader::absent(v)) {
            const std::optional<QString> c = r.choice(v, QStringLiteral("pref_loss"),
                                                      { QStringLiteral("sigmoid"), QStringLiteral("hinge"), QStringLiteral("ipo"), QStringLiteral("kto_pair"),
                                                        QStringLiteral("orpo"), QStringLiteral("simpo") });
            if (!c)
                return;
            // ORPO and SimPO need no reference model (workflow.py: ref_model None for them).
            if (*c == QLatin1String("orpo") || *c == QLatin1String("simpo"))
                method = *c;
            else if (*c == QLatin1String("ipo"))
                method = QStringLiteral("ipo");
        }
    }
    if (method != QLatin1String("sft") || cur.training.method != TrainingMethod::Sft)
        r.set("method", method, QStringLiteral("stage"));
    if (stage == QLatin1String("ppo")) {
        // PPO's reward model: reward_model names a checkpoint; reward_model_type lora/full/api.
        const QJsonValue type = take("reward_model_type");
        if (type.toString() == QLatin1String("api"))
            r.note(Kind::NoEffect, QStringLiteral("reward_model_type"), FrameworkImportTr::tr("the reward comes from a server: no reward model on the GPU"));
        else
            r.note(Kind::NotModelled, QStringLiteral("reward_model"),
                   FrameworkImportTr::tr("LLaMA-Factory's PPO scores with an adapter or a model of the policy's architecture: the reward and value "
                                         "models are the policy's (--reward-model, --critic-model to change them)"));
        take("reward_model");
    }
    // The fine-tuning type and its adapters.
    QString type = QStringLiteral("lora");
    QString typeSource = FrameworkImportTr::tr("finetuning_type (absent: LLaMA-Factory's default, lora)");
    if (const QJsonValue v = take("finetuning_type"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, QStringLiteral("finetuning_type"), { QStringLiteral("lora"), QStringLiteral("full"), QStringLiteral("freeze") });
        if (!c)
            return;
        type = *c;
        typeSource = QStringLiteral("finetuning_type");
    }
    if (type == QLatin1String("freeze")) {
        r.fail(QStringLiteral("finetuning_type"),
               FrameworkImportTr::tr("is freeze: training the last layers only (freeze_trainable_layers) is not modelled; Headroom estimates lora and full"));
        return;
    }
    const bool adapters = type == QLatin1String("lora");
    // quantization_bit: a bitsandbytes (or HQQ, EETQ) base under the adapters.
    QString base;
    if (const QJsonValue v = take("quantization_bit"); !ConfigReader::absent(v)) {
        const std::optional<Count> bits = r.count(v, QStringLiteral("quantization_bit"), 2, 8);
        if (!bits)
            return;
        if (!adapters) {
            r.fail(QStringLiteral("quantization_bit"), FrameworkImportTr::tr("is set with finetuning_type full: a quantized model cannot be fully fine-tuned"));
            return;
        }
        QString quantMethod = QStringLiteral("bnb");
        if (const QJsonValue m = take("quantization_method"); !ConfigReader::absent(m)) {
            const std::optional<QString> c = r.choice(m, QStringLiteral("quantization_method"), { QStringLiteral("bnb"), QStringLiteral("hqq"), QStringLiteral("eetq") });
            if (!c)
                return;
            quantMethod = *c;
        }
        const std::optional<bool> doubleQuant = flagOf("double_quantization", true);
        if (!doubleQuant)
            return;
        if (quantMethod == QLatin1String("bnb") && *bits == 4) {
            if (const QJsonValue t = take("quantization_type"); !ConfigReader::absent(t) && t.toString() != QLatin1String("nf4")) {
                r.fail(QStringLiteral("quantization_type"), FrameworkImportTr::tr("is %1; Headroom models bitsandbytes' nf4").arg(ConfigReader::shown(t)));
                return;
            }
            base = *doubleQuant ? QStringLiteral("nf4-dq") : QStringLiteral("nf4");
        } else if (quantMethod == QLatin1String("bnb") && *bits == 8) {
            base = QStringLiteral("int8");
        } else if (quantMethod == QLatin1String("hqq") && *bits == 4) {
            base = QStringLiteral("hqq");
        } else {
            r.fail(QStringLiteral("quantization_bit"),
                   FrameworkImportTr::tr("is %1 with %2: Headroom models bitsandbytes' 4 and 8 bits and HQQ's 4").arg(digits(*bits), quantMethod));
            return;
        }
    }
    if (!adapters) {
        if (cur.lora.mode != AdapterMode::None)
            r.set("lora", QStringLiteral("none"), typeSource);
    } else {
        r.set("lora", base.isEmpty() ? QStringLiteral("lora") : QStringLiteral("qlora"), base.isEmpty() ? typeSource : QStringLiteral("quantization_bit"));
        if (!base.isEmpty())
            r.set("qlora-base", base, QStringLiteral("quantization_bit"));
        if (!setCountOr(take("lora_rank"), QStringLiteral("lora_rank"), "lora-rank", Field::LoraRank, 8,
                        FrameworkImportTr::tr("lora_rank (absent: LLaMA-Factory's default, 8)"), r)
            || !setDropoutOr(take("lora_dropout"), QStringLiteral("lora_dropout"), 0.0, QStringLiteral("lora_dropout"), r))
            return;
        // lora_target: "all" (every linear layer but the head, the default) or a comma list.
        if (const QJsonValue v = take("lora_target"); !ConfigReader::absent(v))
            readLoraModules(v, QStringLiteral("lora_target"), r);
        else
            r.set("lora-targets", QStringLiteral("all"), FrameworkImportTr::tr("lora_target (absent: LLaMA-Factory's default, all)"));
        if (!r.ok())
            return;
        if (const QJsonValue v = take("additional_target"); !ConfigReader::absent(v))
            readModulesToSave(v, QStringLiteral("additional_target"), r);
        if (const std::optional<bool> dora = flagOf("use_dora", false); !dora)
            return;
        else if (*dora)
            r.set("dora", true, QStringLiteral("use_dora"));
    }
    if (!r.ok())
        return;
    // The sequence: cutoff_len truncates every sample; packing (the default of stage pt) fills it.
    const std::optional<Count> cutoff = setCountOr(take("cutoff_len"), QStringLiteral("cutoff_len"), "seq", Field::Sequence, 2048,
                                                   FrameworkImportTr::tr("cutoff_len (absent: LLaMA-Factory's default, 2,048)"), r);
    if (!cutoff)
        return;
    const std::optional<bool> packing = flagOf("packing", stage == QLatin1String("pt"));
    const std::optional<bool> neat = flagOf("neat_packing", false);
    if (!packing || !neat)
        return;
    r.set("packed", *packing || *neat,
          root.contains(QLatin1String("packing")) ? QStringLiteral("packing")
          : *neat                                 ? QStringLiteral("neat_packing")
                                                  : FrameworkImportTr::tr("packing (absent: on for stage pt, off otherwise)"));
    if (!*packing && !*neat)
        r.note(Kind::NotModelled, QStringLiteral("cutoff_len"),
               FrameworkImportTr::tr("without packing each batch is as long as its longest sample: S = %1 is the most it can be").arg(digits(*cutoff)));
    // The batch: the Trainer's per-device size (its default, 8) and accumulation.
    if (!setCountOr(take("per_device_train_batch_size"), QStringLiteral("per_device_train_batch_size"), "batch", Field::Batch, 8,
                    FrameworkImportTr::tr("per_device_train_batch_size (absent: the Trainer's default, 8)"), r)
        || !setCountOr(take("gradient_accumulation_steps"), QStringLiteral("gradient_accumulation_steps"), "grad-accum", Field::GradAccum, 0,
                       QString(), r))
        return;
    // A multimodal model's tower (model_utils/visual.py, patcher.py at hiyouga/LLaMA-Factory
    // main): freeze_vision_tower (default true) keeps it frozen; false trains it fully under
    // finetuning_type full and puts LoRA on its linears under lora, which is not modelled.
    // freeze_multi_modal_projector (default true) is the projector's own switch; Headroom trains
    // or freezes the tower and its projector together. image_max_pixels caps each image.
    if (const std::optional<bool> frozen = flagOf("freeze_vision_tower", true); !frozen) {
        return;
    } else if (!*frozen && adapters) {
        r.note(Kind::NotModelled, QStringLiteral("freeze_vision_tower"),
               FrameworkImportTr::tr("false: LoRA on the vision tower's linears is not modelled; the tower is estimated frozen"));
    } else if (root.contains(QLatin1String("freeze_vision_tower"))) {
        r.set("vision-tower", *frozen ? QStringLiteral("frozen") : QStringLiteral("trained"), QStringLiteral("freeze_vision_tower"));
    }
    if (const std::optional<bool> projector = flagOf("freeze_multi_modal_projector", true); !projector)
        return;
    else if (!*projector && root.value(QLatin1String("freeze_vision_tower")).toBool(true))
        r.note(Kind::NotModelled, QStringLiteral("freeze_multi_modal_projector"),
               FrameworkImportTr::tr("false with a frozen tower: the projector alone trained is not modelled (the tower and its "
                                     "projector are trained or frozen together)"));
    for (const char *k : { "image_max_pixels", "image_min_pixels" })
        if (root.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NotModelled, QLatin1String(k),
                   FrameworkImportTr::tr("the images come from the data: give --images N and --image-size WxH within these bounds"));
        }
    // Precision: the Trainer's bf16/fp16 autocast; LLaMA-Factory upcasts what trains to FP32
    // (adapter.py, cast_trainable_params_to_fp32) unless pure_bf16 keeps it in BF16.
    const std::optional<bool> bf16 = flagOf("bf16", false);
    const std::optional<bool> fp16 = flagOf("fp16", false);
    const std::optional<bool> pure = flagOf("pure_bf16", false);
    if (!bf16 || !fp16 || !pure)
        return;
    if (*pure) {
        r.set("recipe", QStringLiteral("bf16-pure"), QStringLiteral("pure_bf16"));
        r.set("optimizer-dtype", QStringLiteral("weight"), QStringLiteral("pure_bf16"));
    } else if (*bf16) {
        r.set("recipe", QStringLiteral("amp-bf16"), FrameworkImportTr::tr("bf16 (trained weights upcast to FP32)"));
    } else if (*fp16) {
        r.set("recipe", QStringLiteral("amp-fp16"), FrameworkImportTr::tr("fp16 (trained weights upcast to FP32)"));
    } else {
        r.set("recipe", QStringLiteral("fp32"), FrameworkImportTr::tr("bf16 and fp16 (neither set: no autocast, trained weights in FP32)"));
    }
    // Checkpointing is on unless disabled (model_utils/checkpointing.py prepare_model_for_training).
    if (const std::optional<bool> off = flagOf("disable_gradient_checkpointing", false); !off)
        return;
    else
        r.set("recompute", *off ? QStringLiteral("none") : QStringLiteral("full"),
              root.contains(QLatin1String("disable_gradient_checkpointing"))
                      ? QStringLiteral("disable_gradient_checkpointing")
                      : FrameworkImportTr::tr("disable_gradient_checkpointing (absent: LLaMA-Factory checkpoints every layer)"));
    // flash_attn: auto leaves transformers' choice (SDPA); fa2, sdpa, disabled (eager).
    if (const QJsonValue v = take("flash_attn"); !ConfigReader::absent(v)) {
        const std::optional<QString> c = r.choice(v, QStringLiteral("flash_attn"),
                                                  { QStringLiteral("auto"), QStringLiteral("fa2"), QStringLiteral("sdpa"), QStringLiteral("disabled") });
        if (!c)
            return;
        r.set("attention", *c == QLatin1String("fa2") ? QStringLiteral("flash") : *c == QLatin1String("disabled") ? QStringLiteral("eager") : QStringLiteral("sdpa"),
              QStringLiteral("flash_attn"));
    }
    // The optimizer: the Trainer's optim, or LLaMA-Factory's own switches, which replace it.
    if (const QJsonValue v = take("optim"); !ConfigReader::absent(v)) {
        readTrainerOptim(v, QStringLiteral("optim"), r);
        if (!r.ok())
            return;
    }
    const char *own[][2] = { { "use_galore", "galore" }, { "use_apollo", "apollo" }, { "use_adam_mini", "adam-mini" }, { "use_muon", "muon" } };
    for (const auto &[k, optimizer] : own) {
        const std::optional<bool> b = flagOf(k, false);
        if (!b)
            return;
        if (*b)
            r.set("optimizer", QLatin1String(optimizer), QLatin1String(k));
    }
    if (const std::optional<bool> badam = flagOf("use_badam", false); !badam) {
        return;
    } else if (*badam) {
        r.fail(QStringLiteral("use_badam"), FrameworkImportTr::tr("is true: BAdam trains one block of layers at a time, which Headroom does not model"));
        return;
    }
    if (const std::optional<bool> liger = flagOf("enable_liger_kernel", false); !liger)
        return;
    else if (*liger)
        r.set("loss", QStringLiteral("fused-linear"), QStringLiteral("enable_liger_kernel"));
    // DeepSpeed last: its "auto" values are filled from what the file set above.
    if (const QJsonValue v = take("deepspeed"); !ConfigReader::absent(v)) {
        const std::optional<QString> name = r.text(v, QStringLiteral("deepspeed"));
        if (!name)
            return;
        readReferencedDeepSpeed(*name, QStringLiteral("deepspeed"), file, provisionalScenario(cur, r.out().settings), r);
        if (!r.ok())
            return;
    }
    const char *notModelled[][2] = {
        { "use_unsloth", QT_TRANSLATE_NOOP("FrameworkImport", "Unsloth's kernels and offloaded checkpoints") },
        { "use_unsloth_gc", QT_TRANSLATE_NOOP("FrameworkImport", "Unsloth's offloaded checkpoints") },
        { "shift_attn", QT_TRANSLATE_NOOP("FrameworkImport", "shift short attention (LongLoRA)") },
        { "mixture_of_depths", QT_TRANSLATE_NOOP("FrameworkImport", "mixture of depths") },
        { "upcast_layernorm", QT_TRANSLATE_NOOP("FrameworkImport", "norm weights upcast to FP32") },
        { "upcast_lmhead_output", QT_TRANSLATE_NOOP("FrameworkImport", "the head's output upcast to FP32") },
        { "use_llama_pro", QT_TRANSLATE_NOOP("FrameworkImport", "LLaMA Pro's expanded blocks") },
        { "pissa_init", QT_TRANSLATE_NOOP("FrameworkImport", "PiSSA's initialisation (an SVD of every adapted weight)") },
        { "ref_model_quantization_bit", QT_TRANSLATE_NOOP("FrameworkImport", "a quantized reference model") },
        { "ref_model", QT_TRANSLATE_NOOP("FrameworkImport", "a reference model other than the policy's base") },
        { "train_mm_proj_only", QT_TRANSLATE_NOOP("FrameworkImport", "a vision-language model's projector trained alone") },
        { "sequence_parallel_size", QT_TRANSLATE_NOOP("FrameworkImport", "sequence parallelism") },
    };
    for (const auto &[k, why] : notModelled) {
        const QJsonValue v = take(k);
        if (!ConfigReader::absent(v) && v != QJsonValue(false) && v != QJsonValue(1))
            r.note(Kind::NotModelled, QLatin1String(k), FrameworkImportTr::tr(why));
        else if (!ConfigReader::absent(v))
            r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("switched off"));
    }
    const char *noEffect[] = {
        "adapter_name_or_path", "cache_dir", "model_revision", "hf_hub_token", "trust_remote_code", "template", "dataset", "dataset_dir",
        "eval_dataset", "media_dir", "image_dir", "max_samples", "overwrite_cache", "preprocessing_num_workers", "preprocessing_batch_size",
        "dataloader_num_workers", "output_dir", "logging_steps", "save_steps", "save_strategy", "save_total_limit", "plot_loss",
        "overwrite_output_dir", "save_only_model", "report_to", "run_name", "learning_rate", "num_train_epochs", "max_steps",
        "lr_scheduler_type", "lr_scheduler_kwargs", "warmup_ratio", "warmup_steps", "weight_decay", "max_grad_norm", "adam_beta1",
        "adam_beta2", "adam_epsilon", "ddp_timeout", "ddp_find_unused_parameters", "resume_from_checkpoint", "do_train", "do_eval",
        "do_predict", "val_size", "per_device_eval_batch_size", "eval_strategy", "evaluation_strategy", "eval_steps", "seed",
        "lora_alpha", "use_rslora", "loraplus_lr_ratio", "loraplus_lr_embedding", "create_new_adapter", "pref_beta", "pref_ftx",
        "dpo_label_smoothing", "simpo_gamma", "kto_chosen_weight", "kto_rejected_weight", "ppo_buffer_size", "ppo_epochs",
        "ppo_score_norm", "ppo_target", "ppo_whiten_rewards", "ppo_logger", "top_k", "top_p", "temperature", "max_new_tokens",
        "train_on_prompt", "mask_history", "streaming", "buffer_size", "mix_strategy", "interleave_probs", "tokenized_path",
        "tool_format", "default_system", "enable_thinking", "galore_target", "galore_rank", "galore_update_interval", "galore_scale",
        "galore_proj_type", "galore_layerwise", "apollo_target", "apollo_rank", "apollo_update_interval", "apollo_scale",
        "apollo_proj", "apollo_proj_type", "apollo_scale_type", "apollo_layerwise", "apollo_scale_front", "badam_mode",
        "badam_start_block", "badam_switch_mode", "badam_switch_interval", "badam_update_ratio", "badam_mask_mode", "badam_verbose",
        "include_effective_tokens_per_second", "include_tokens_per_second", "compute_accuracy", "use_swanlab", "swanlab_project",
        "swanlab_run_name", "swanlab_mode", "swanlab_api_key", "video_max_pixels",
        "video_min_pixels", "video_fps", "video_maxlen", "tf32",
        "rope_scaling", "predict_with_generate", "ignore_pad_token_for_loss", "eval_num_beams", "neftune_noise_alpha",
        "ref_model_adapters", "reward_model_adapters", "reward_model_quantization_bit", "use_reentrant_gc", "print_param_status",
        "disable_shuffling", "freeze_trainable_layers", "freeze_trainable_modules", "freeze_extra_modules", "lora_parameters",
        "use_cache", "low_cpu_mem_usage", "flash_attn", "moe_aux_loss_coef", "infer_backend", "infer_dtype", "vllm_maxlen",
        "vllm_gpu_util", "export_dir", "export_size", "export_device", "export_quantization_bit", "export_legacy_format",
        "quantization_device_map", "double_quantization", "quantization_type", "quantization_method",
    };
    for (const char *k : noEffect)
        if (root.contains(QLatin1String(k)) && !handled.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("data, schedules, logging, checkpoints and paths"));
        }
    finishFrontEnd(root, handled, r);
}

} // namespace headroom::detail
