// TRL's trainer config YAML (frameworkconfig.h): what `trl sft|dpo|grpo --config FILE` takes, and
// the recipes of huggingface/alignment-handbook and huggingface/open-r1 in the same format. One
// flat mapping of TRL's ModelConfig (trl/trainer/model_config.py: the model, its dtype and
// attention, PEFT and bitsandbytes) and the trainer's config (SFTConfig, DPOConfig, GRPOConfig
// over transformers' TrainingArguments), v0.19 to v0.23.

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/validation.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

using Kind = FrameworkNote::Kind;

// The trainer a file is for: not in the file itself (the trl subcommand, or the recipe's
// script, chooses it), so its folder and name first (alignment-handbook's recipes/*/dpo/,
// open-r1's config_*_grpo.yaml), then the keys only one trainer takes.
QString methodOf(const QJsonObject &root, const QString &file, QString &why)
{
    const QFileInfo info(file);
    const QString path = (info.absoluteDir().dirName() + QLatin1Char('/') + info.fileName()).toLower();
    const QStringList parts = path.split(QRegularExpression(QStringLiteral("[/_.-]")), Qt::SkipEmptyParts);
    for (const char *m : { "grpo", "dpo", "orpo", "kto", "sft" })
        if (parts.contains(QLatin1String(m))) {
            why = FrameworkImportTr::tr("the file's name or folder (%1)").arg(QLatin1String(m));
            return QLatin1String(m);
        }
    for (const char *k : { "num_generations", "max_completion_length", "use_vllm", "reward_funcs" })
        if (root.contains(QLatin1String(k))) {
            why = FrameworkImportTr::tr("%1, which only GRPO takes").arg(QLatin1String(k));
            return QStringLiteral("grpo");
        }
    for (const char *k : { "precompute_ref_log_probs", "rpo_alpha", "ref_model_init_kwargs" })
        if (root.contains(QLatin1String(k))) {
            why = FrameworkImportTr::tr("%1, which only DPO takes").arg(QLatin1String(k));
            return QStringLiteral("dpo");
        }
    why = FrameworkImportTr::tr("nothing names a preference or RL trainer: supervised fine-tuning");
    return QStringLiteral("sft");
}

} // namespace

void readTrl(const QJsonObject &root, const QString &file, ConfigReader &r)
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
        r.set("stack", QStringLiteral("hf-trainer"), FrameworkImportTr::tr("TRL (a Hugging Face Trainer)"));
    const std::optional<QString> model = r.text(take("model_name_or_path"), QStringLiteral("model_name_or_path"));
    if (!model)
        return;
    r.set("hub-model", *model, QStringLiteral("model_name_or_path"));
    QString why;
    const QString method = methodOf(root, file, why);
    if (method != QLatin1String("sft") || cur.training.method != TrainingMethod::Sft)
        r.set("method", method, why);
    // PEFT and bitsandbytes (ModelConfig: use_peft, lora_r 16, lora_dropout 0.05, load_in_4bit
    // with bnb_4bit_quant_type nf4 and use_bnb_nested_quant false).
    const std::optional<bool> peft = flagOf("use_peft", false);
    const std::optional<bool> four = flagOf("load_in_4bit", false);
    const std::optional<bool> eight = flagOf("load_in_8bit", false);
    if (!peft || !four || !eight)
        return;
    if ((*four || *eight) && !*peft) {
        r.fail(*four ? QStringLiteral("load_in_4bit") : QStringLiteral("load_in_8bit"),
               FrameworkImportTr::tr("is true without use_peft: a quantized model cannot be fully fine-tuned"));
        return;
    }
    if (!*peft) {
        if (cur.lora.mode != AdapterMode::None)
            r.set("lora", QStringLiteral("none"), FrameworkImportTr::tr("use_peft (absent: a full fine-tune)"));
        for (const char *k : { "lora_r", "lora_alpha", "lora_dropout", "lora_target_modules", "lora_modules_to_save", "lora_task_type",
                               "use_rslora", "use_dora", "bnb_4bit_quant_type", "use_bnb_nested_quant" })
            if (root.contains(QLatin1String(k))) {
                handled << QLatin1String(k);
                r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("without use_peft"));
            }
    } else {
        QString base;
        if (*four) {
            if (const QJsonValue t = take("bnb_4bit_quant_type"); !ConfigReader::absent(t) && t.toString() != QLatin1String("nf4")) {
                r.fail(QStringLiteral("bnb_4bit_quant_type"), FrameworkImportTr::tr("is %1; Headroom models bitsandbytes' nf4").arg(ConfigReader::shown(t)));
                return;
            }
            const std::optional<bool> nested = flagOf("use_bnb_nested_quant", false);
            if (!nested)
                return;
            base = *nested ? QStringLiteral("nf4-dq") : QStringLiteral("nf4");
        } else if (*eight) {
            base = QStringLiteral("int8");
        }
        r.set("lora", base.isEmpty() ? QStringLiteral("lora") : QStringLiteral("qlora"), QStringLiteral("use_peft"));
        if (!base.isEmpty())
            r.set("qlora-base", base, *four ? QStringLiteral("load_in_4bit") : QStringLiteral("load_in_8bit"));
        if (!setCountOr(take("lora_r"), QStringLiteral("lora_r"), "lora-rank", Field::LoraRank, 16,
                        FrameworkImportTr::tr("lora_r (absent: TRL's default, 16)"), r)
            || !setDropoutOr(take("lora_dropout"), QStringLiteral("lora_dropout"), 0.05,
                             FrameworkImportTr::tr("lora_dropout (absent: TRL's default, 0.05)"), r))
            return;
        if (const QJsonValue v = take("lora_target_modules"); !ConfigReader::absent(v))
            readLoraModules(v, QStringLiteral("lora_target_modules"), r);
        else
            r.set("lora-targets", QStringLiteral("q,v"), FrameworkImportTr::tr("lora_target_modules (absent: PEFT's default, q_proj and v_proj)"));
        if (!r.ok())
            return;
        if (const QJsonValue v = take("lora_modules_to_save"); !ConfigReader::absent(v))
            readModulesToSave(v, QStringLiteral("lora_modules_to_save"), r);
        if (const std::optional<bool> dora = flagOf("use_dora", false); !dora)
            return;
        else if (*dora)
            r.set("dora", true, QStringLiteral("use_dora"));
    }
    if (!r.ok())
        return;
    // The sequence: SFT's and DPO's max_length (SFT's max_seq_length before v0.16), GRPO's
    // prompt and completion (read with the method's arguments below).
    if (method == QLatin1String("sft")) {
        const QString key = root.contains(QLatin1String("max_length")) ? QStringLiteral("max_length") : QStringLiteral("max_seq_length");
        take("max_length");
        take("max_seq_length");
        const std::optional<Count> read = setCountOr(root.value(key), key, "seq", Field::Sequence, 1024,
                                                     FrameworkImportTr::tr("max_length (absent: SFTConfig's default, 1,024)"), r);
        if (!read)
            return;
        const Count s = *read;
        const std::optional<bool> packing = flagOf("packing", false);
        if (!packing)
            return;
        r.set("packed", *packing, root.contains(QLatin1String("packing")) ? QStringLiteral("packing") : FrameworkImportTr::tr("packing (absent: false)"));
        if (!*packing)
            r.note(Kind::NotModelled, key,
                   FrameworkImportTr::tr("without packing each batch is as long as its longest sample: S = %1 is the most it can be").arg(digits(s)));
    } else {
        // DPOConfig's and ORPOConfig's max_length defaults to 1,024 (v0.13 and later).
        if (method != QLatin1String("grpo") && !root.contains(QLatin1String("max_length")))
            r.set("seq", countValue(1024), FrameworkImportTr::tr("max_length (absent: the trainer's default, 1,024)"));
        QStringList methodHandled;
        readTrlMethodArgs(root, QString(), method, methodHandled, r);
        handled << methodHandled;
        if (!r.ok())
            return;
    }
    // The batch.
    if (!setCountOr(take("per_device_train_batch_size"), QStringLiteral("per_device_train_batch_size"), "batch", Field::Batch, 8,
                    FrameworkImportTr::tr("per_device_train_batch_size (absent: the Trainer's default, 8)"), r)
        || !setCountOr(take("gradient_accumulation_steps"), QStringLiteral("gradient_accumulation_steps"), "grad-accum", Field::GradAccum, 0,
                       QString(), r))
        return;
    // Precision: the model's dtype (torch_dtype, dtype from v0.22) and the Trainer's autocast. A
    // full fine-tune of a model loaded in BF16 trains the 16-bit weights (states in BF16 too);
    // adapters are FP32 over a 16-bit base (PEFT's autocast_adapter_dtype).
    QString dtype;
    QString dtypeKey;
    for (const char *k : { "torch_dtype", "dtype" })
        if (const QJsonValue v = take(k); !ConfigReader::absent(v)) {
            const std::optional<QString> c = r.choice(v, QLatin1String(k),
                                                      { QStringLiteral("auto"), QStringLiteral("bfloat16"), QStringLiteral("float16"), QStringLiteral("float32") });
            if (!c)
                return;
            dtype = *c;
            dtypeKey = QLatin1String(k);
        }
    // TRL's configs make bf16 default to "not fp16" (v0.19 and later, _BaseConfig), and its
    // ModelConfig loads the model in float32 unless told (dtype's default since v0.27).
    const std::optional<bool> fp16 = flagOf("fp16", false);
    if (!fp16)
        return;
    const std::optional<bool> bf16 = flagOf("bf16", !*fp16);
    if (!bf16)
        return;
    if (dtype.isEmpty()) {
        dtype = QStringLiteral("float32");
        dtypeKey = FrameworkImportTr::tr("dtype (absent: TRL's default, float32)");
    }
    const QString half = *bf16 ? QStringLiteral("bf16") : *fp16 ? QStringLiteral("fp16") : QString();
    const bool sixteenBitWeights = dtype == QLatin1String("bfloat16") || dtype == QLatin1String("float16") || dtype == QLatin1String("auto");
    if (half.isEmpty()) {
        r.set("recipe", QStringLiteral("fp32"), FrameworkImportTr::tr("bf16 and fp16 (neither set: no autocast)"));
        if (sixteenBitWeights)
            r.note(Kind::NotModelled, dtypeKey, FrameworkImportTr::tr("16-bit weights without autocast: counted as FP32 training"));
    } else if (*peft || !sixteenBitWeights) {
        r.set("recipe", half == QLatin1String("bf16") ? QStringLiteral("amp-bf16") : QStringLiteral("amp-fp16"),
              *peft ? FrameworkImportTr::tr("%1 (a 16-bit base, FP32 adapters)").arg(half)
                    : FrameworkImportTr::tr("%1 over FP32 weights (%2)").arg(half, dtypeKey.isEmpty() ? FrameworkImportTr::tr("torch_dtype absent") : dtypeKey));
    } else {
        r.set("recipe", half == QLatin1String("bf16") ? QStringLiteral("bf16-pure") : QStringLiteral("fp16-pure"),
              FrameworkImportTr::tr("%1 with %2 = %3 (the 16-bit weights trained themselves)").arg(half, dtypeKey, dtype));
        r.set("optimizer-dtype", QStringLiteral("weight"), dtypeKey);
    }
    // Checkpointing is on unless turned off (SFT, DPO and GRPO configs from v0.22).
    if (const std::optional<bool> b = flagOf("gradient_checkpointing", true); !b)
        return;
    else
        r.set("recompute", *b ? QStringLiteral("full") : QStringLiteral("none"),
              root.contains(QLatin1String("gradient_checkpointing")) ? QStringLiteral("gradient_checkpointing")
                                                                     : FrameworkImportTr::tr("gradient_checkpointing (absent: TRL's default, true)"));
    if (const QJsonValue v = take("attn_implementation"); !ConfigReader::absent(v))
        readAttnImplementation(v, QStringLiteral("attn_implementation"), r);
    // The alignment-handbook's ModelArguments before 2024-06 (transformers' old flag).
    if (const QJsonValue v = take("use_flash_attention_2"); v == QJsonValue(true))
        r.set("attention", QStringLiteral("flash"), QStringLiteral("use_flash_attention_2"));
    if (const QJsonValue v = take("optim"); !ConfigReader::absent(v)) {
        readTrainerOptim(v, QStringLiteral("optim"), r);
        if (!r.ok())
            return;
    }
    if (const std::optional<bool> liger = flagOf("use_liger_kernel", false); !liger)
        return;
    else if (*liger)
        r.set("loss", QStringLiteral("fused-linear"), QStringLiteral("use_liger_kernel"));
    if (const std::optional<bool> compile = flagOf("torch_compile", false); !compile)
        return;
    else if (root.contains(QLatin1String("torch_compile")))
        r.set("compile", *compile, QStringLiteral("torch_compile"));
    readTrainerFsdp(take("fsdp"), QStringLiteral("fsdp"), take("fsdp_config"), QStringLiteral("fsdp_config"), QJsonValue(), QString(), r);
    if (!r.ok())
        return;
    if (const QJsonValue v = take("deepspeed"); !ConfigReader::absent(v)) {
        const std::optional<QString> name = r.text(v, QStringLiteral("deepspeed"));
        if (!name)
            return;
        readReferencedDeepSpeed(*name, QStringLiteral("deepspeed"), file, provisionalScenario(cur, r.out().settings), r);
        if (!r.ok())
            return;
    }
    const char *noEffect[] = {
        "model_revision", "trust_remote_code", "dataset_name", "dataset_mixture", "dataset_config", "dataset_train_split",
        "dataset_test_split", "dataset_text_field", "dataset_kwargs", "dataset_num_proc", "dataset_streaming", "chat_template",
        "system_prompt", "eos_token", "pad_token", "completion_only_loss", "assistant_only_loss", "output_dir", "overwrite_output_dir",
        "hub_model_id", "hub_strategy", "hub_private_repo", "push_to_hub", "logging_steps", "logging_strategy", "log_level",
        "logging_first_step", "report_to", "run_name", "save_strategy", "save_steps", "save_total_limit", "save_only_model",
        "eval_strategy", "evaluation_strategy", "eval_steps", "do_eval", "do_train", "per_device_eval_batch_size", "learning_rate",
        "lr_scheduler_type", "lr_scheduler_kwargs", "warmup_ratio", "warmup_steps", "weight_decay", "max_grad_norm", "num_train_epochs",
        "max_steps", "seed", "data_seed", "remove_unused_columns", "gradient_checkpointing_kwargs", "tf32", "lora_alpha", "use_rslora",
        "lora_task_type", "callbacks", "benchmarks", "reward_funcs", "wandb_entity", "wandb_project", "wandb_log_unique_prompts",
        "preprocessing_num_workers", "dataloader_num_workers", "ddp_timeout", "ddp_find_unused_parameters", "use_reentrant",
        "adam_beta1", "adam_beta2", "adam_epsilon", "optim_args", "neftune_noise_alpha", "padding_free", "eval_packing",
        "packing_strategy", "bf16_full_eval", "hub_revision", "resume_from_checkpoint", "max_prompt_length", "max_completion_length",
        "auto_find_batch_size", "logging_dir", "save_safetensors", "dataset_prompt_column", "use_kernels", "num_completions_to_print",
    };
    for (const char *k : noEffect)
        if (root.contains(QLatin1String(k)) && !handled.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NoEffect, QLatin1String(k), FrameworkImportTr::tr("data, schedules, logging, checkpoints and paths"));
        }
    finishFrontEnd(root, handled, r);
}

} // namespace headroom::detail
