// TRL's trainer arguments that shape a preference or RL run (frameworkbody.h readTrlMethodArgs):
// as TRL's DPOConfig, KTOConfig, ORPOConfig and GRPOConfig define them (trl/trainer/*_config.py,
// v0.19 to v0.23), read from a TRL config file or axolotl's trl: block.

#include <headroom/memory/validation.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

using Kind = FrameworkNote::Kind;

} // namespace

void readTrlMethodArgs(const QJsonObject &o, const QString &prefix, const QString &method, QStringList &handled, ConfigReader &r)
{
    auto at = [&prefix](const char *k) { return keyPath(prefix, QLatin1String(k)); };
    auto take = [&](const char *k) {
        handled << QLatin1String(k);
        return o.value(QLatin1String(k));
    };
    auto countKey = [&](const char *k, const char *option, Field field) -> bool {
        const QJsonValue v = take(k);
        if (ConfigReader::absent(v))
            return true;
        const FieldRange range = fieldRange(field);
        const std::optional<Count> c = r.count(v, at(k), range.min, range.max);
        if (c)
            r.set(option, countValue(*c), at(k));
        return c.has_value();
    };
    const bool grpo = method == QLatin1String("grpo");
    if (grpo) {
        if (!countKey("num_generations", "generations", Field::Generations) || !countKey("max_prompt_length", "prompt-length", Field::PromptLength)
            || !countKey("max_completion_length", "completion-length", Field::CompletionLength))
            return;
        // The rollout engine: transformers' generate, or vLLM (server by default since v0.17).
        const QJsonValue useVllm = take("use_vllm");
        const QJsonValue mode = take("vllm_mode");
        if (!ConfigReader::absent(useVllm)) {
            const std::optional<bool> on = r.flag(useVllm, at("use_vllm"));
            if (!on)
                return;
            QString engine = QStringLiteral("hf-generate");
            if (*on) {
                engine = QStringLiteral("vllm-server");
                if (!ConfigReader::absent(mode)) {
                    const std::optional<QString> m = r.choice(mode, at("vllm_mode"), { QStringLiteral("server"), QStringLiteral("colocate") });
                    if (!m)
                        return;
                    if (*m == QLatin1String("colocate"))
                        engine = QStringLiteral("vllm-colocate");
                }
            }
            r.set("rollout", engine, ConfigReader::absent(mode) || !*on ? at("use_vllm") : at("vllm_mode"));
        }
        if (const QJsonValue v = take("vllm_gpu_memory_utilization"); !ConfigReader::absent(v)) {
            const std::optional<double> f = r.real(v, at("vllm_gpu_memory_utilization"), 0.01, 1.0);
            if (!f)
                return;
            r.set("rollout-memory-fraction", *f, at("vllm_gpu_memory_utilization"));
        }
        if (const QJsonValue v = take("vllm_enable_sleep_mode"); !ConfigReader::absent(v)) {
            const std::optional<bool> b = r.flag(v, at("vllm_enable_sleep_mode"));
            if (!b)
                return;
            r.set("rollout-sleep", *b, at("vllm_enable_sleep_mode"));
        }
        // beta = 0: GRPOTrainer loads no reference model and computes no KL (grpo_trainer.py).
        if (const QJsonValue v = take("beta"); !ConfigReader::absent(v)) {
            const std::optional<double> b = r.real(v, at("beta"), 0.0, 1e9);
            if (!b)
                return;
            if (*b == 0.0)
                r.set("reference", QStringLiteral("precomputed"), FrameworkImportTr::tr("%1 = 0 (no reference model, no KL term)").arg(at("beta")));
            else
                r.set("reference", QStringLiteral("model"), at("beta"));
        }
        for (const char *k : { "vllm_server_host", "vllm_server_port", "vllm_server_base_url", "vllm_server_timeout", "vllm_tensor_parallel_size",
                               "vllm_guided_decoding_regex", "vllm_importance_sampling_correction", "generation_batch_size", "steps_per_generation",
                               "temperature", "top_p", "top_k", "min_p", "repetition_penalty", "num_iterations", "epsilon", "epsilon_high",
                               "loss_type", "scale_rewards", "reward_weights", "mask_truncated_completions", "log_completions",
                               "num_completions_to_print", "sync_ref_model", "ref_model_mixup_alpha", "ref_model_sync_steps",
                               "ds3_gather_for_generation", "shuffle_dataset", "cache_implementation", "generation_kwargs",
                               "use_transformers_paged", "importance_sampling_level", "delta", "top_entropy_quantile",
                               "use_liger_loss", "disable_dropout", "vllm_model_impl", "reward_funcs", "vllm_max_model_len",
                               "vllm_max_model_length", "vllm_device", "max_num_seqs" })
            if (o.contains(QLatin1String(k))) {
                handled << QLatin1String(k);
                r.note(Kind::NoEffect, at(k), FrameworkImportTr::tr("sampling, loss and server settings"));
            }
        return;
    }
    // The preference trainers: one truncation of prompt and completion together.
    if (!countKey("max_length", "seq", Field::Sequence))
        return;
    if (const QJsonValue v = take("precompute_ref_log_probs"); !ConfigReader::absent(v)) {
        const std::optional<bool> b = r.flag(v, at("precompute_ref_log_probs"));
        if (!b)
            return;
        r.set("reference", *b ? QStringLiteral("precomputed") : QStringLiteral("model"), at("precompute_ref_log_probs"));
    }
    for (const char *k : { "beta", "loss_type", "label_smoothing", "rpo_alpha", "max_prompt_length", "max_completion_length",
                           "truncation_mode", "desirable_weight", "undesirable_weight", "simpo_gamma", "cpo_alpha", "use_weighting",
                           "ref_model_mixup_alpha", "ref_model_sync_steps", "sync_ref_model", "reference_free", "f_divergence_type",
                           "padding_free", "disable_dropout", "generate_during_eval", "use_logits_to_keep", "dataset_num_proc",
                           "use_liger_loss", "base_model_attribute_name", "ld_alpha" })
        if (o.contains(QLatin1String(k))) {
            handled << QLatin1String(k);
            r.note(Kind::NoEffect, at(k), FrameworkImportTr::tr("the loss's and the data's settings"));
        }
}

} // namespace headroom::detail
