#include <headroom/io/hfconfig.h>

#include "hfhybrid.h"
#include "hfreader.h"
#include "hfvision.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string_view>
#include <functional>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <headroom/io/jsonplace.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/validation.h>

namespace headroom {

namespace {

using hf::Reader;
using hf::familyTypes;
using hf::mapFamily;

// Keys nothing in memory depends on: token ids, versions, initialisation, epsilons, task
// metadata. Listed, never dropped silently.
const QStringList &metadataKeys()
{
    static const QStringList keys = {
        QStringLiteral("_name_or_path"), QStringLiteral("architectures"), QStringLiteral("auto_map"),
        QStringLiteral("model_type"), QStringLiteral("transformers_version"), QStringLiteral("torch_dtype"), QStringLiteral("dtype"),
        QStringLiteral("bos_token_id"), QStringLiteral("eos_token_id"), QStringLiteral("pad_token_id"),
        QStringLiteral("sep_token_id"), QStringLiteral("decoder_start_token_id"), QStringLiteral("initializer_range"),
        QStringLiteral("initializer_factor"), QStringLiteral("use_cache"), QStringLiteral("rms_norm_eps"),
        QStringLiteral("layer_norm_eps"), QStringLiteral("layer_norm_epsilon"), QStringLiteral("norm_epsilon"),
        QStringLiteral("task_specific_params"), QStringLiteral("id2label"), QStringLiteral("label2id"),
        QStringLiteral("problem_type"), QStringLiteral("classifier_dropout"), QStringLiteral("gradient_checkpointing"),
        QStringLiteral("output_router_logits"), QStringLiteral("router_aux_loss_coef"), QStringLiteral("router_jitter_noise"),
        QStringLiteral("summary_type"), QStringLiteral("summary_use_proj"), QStringLiteral("summary_activation"),
        QStringLiteral("summary_proj_to_labels"), QStringLiteral("summary_first_dropout"), QStringLiteral("scale_attn_weights"),
        QStringLiteral("reorder_and_upcast_attn"), QStringLiteral("scale_attn_by_inverse_layer_idx"),
        QStringLiteral("n_ctx"), QStringLiteral("n_special"), QStringLiteral("predict_special_tokens"),
        QStringLiteral("pretraining_tp"), QStringLiteral("cache_implementation"), QStringLiteral("position_embedding_type"),
        QStringLiteral("aux_loss_alpha"), QStringLiteral("seq_aux"), QStringLiteral("norm_topk_prob"),
        QStringLiteral("routed_scaling_factor"), QStringLiteral("scoring_func"), QStringLiteral("n_group"),
        QStringLiteral("topk_group"), QStringLiteral("ep_size"), QStringLiteral("mlp_type"), QStringLiteral("norm_type"),
        QStringLiteral("activation_function"), QStringLiteral("hidden_act"), QStringLiteral("hidden_activation"),
        QStringLiteral("attention_softmax_in_fp32"), QStringLiteral("scale_attention_softmax_in_fp32"),
        QStringLiteral("embd_pdrop"), QStringLiteral("attn_pdrop"), QStringLiteral("hidden_dropout"),
        QStringLiteral("hidden_dropout_prob"), QStringLiteral("attention_probs_dropout_prob"), QStringLiteral("attention_dropout"),
        QStringLiteral("residual_dropout"), QStringLiteral("embedding_dropout"), QStringLiteral("resid_pdrop"),
        QStringLiteral("max_window_layers"), QStringLiteral("use_sliding_window"), QStringLiteral("use_mrope"),
        QStringLiteral("tie_word_embeddings"), QStringLiteral("partial_rotary_factor"), QStringLiteral("rotary_pct"),
        QStringLiteral("rotary_emb_base"),
    };
    return keys;
}

// Keys the model uses that training memory does not depend on (as modelled): long-context RoPE
// settings, attention windows (the saved tensors keep their shapes), logit scalars.
const QStringList &ignoredKeys()
{
    static const QStringList keys = {
        QStringLiteral("rope_scaling"), QStringLiteral("rope_theta"), QStringLiteral("rope_local_base_freq"), QStringLiteral("rope_parameters"),
        QStringLiteral("sliding_window"), QStringLiteral("sliding_window_size"), QStringLiteral("sliding_window_pattern"),
        QStringLiteral("query_pre_attn_scalar"), QStringLiteral("max_position_embeddings"), QStringLiteral("n_positions"),
        QStringLiteral("original_max_position_embeddings"),
        QStringLiteral("attention_bias"), QStringLiteral("topk_method"),
    };
    return keys;
}

// The core's own checks, named by the config's keys (\a prefix: "text_config." for a nested model).
HfConfigError checkSizes(const HfModel &h, const QString &prefix)
{
    const ModelSpec &m = h.model;
    if (m.headDim == 0 && !m.mla.enabled() && m.heads > 0 && m.hidden % m.heads != 0)
        return { HfConfigError::Code::NotDivisible, {}, prefix + QStringLiteral("num_attention_heads"), {}, QString::number(qint64(m.heads)),
                 prefix + QStringLiteral("hidden_size"), {} };
    if (m.kvHeads > 0 && m.heads % m.kvHeads != 0)
        return { HfConfigError::Code::NotDivisible, {}, prefix + QStringLiteral("num_key_value_heads"), {},
                 QString::number(qint64(m.kvHeads)), prefix + QStringLiteral("num_attention_heads"), {} };
    if (m.moe.enabled() && m.moe.perToken > m.moe.experts)
        return { HfConfigError::Code::OutOfRange, {}, prefix + QStringLiteral("num_experts_per_tok"),
                 QStringLiteral("1 to %1 (the experts)").arg(qint64(m.moe.experts)), QString::number(qint64(m.moe.perToken)), {}, {} };
    return {};
}

// model_types that are another's architecture under their own name: Kimi K2 is DeepSeek-V3's
// (its architectures field says DeepseekV3ForCausalLM), MiMo's layers are Qwen2's (its
// multi-token prediction layers aside), the VL models' language models are Qwen's.
struct Alias
{
    const char *type;
    const char *as;
};
constexpr Alias kAliases[] = {
    { "kimi_k2", "deepseek_v3" },   { "mimo", "qwen2" },           { "qwen3_vl_text", "qwen3" },
    { "qwen3_vl_moe_text", "qwen3_moe" }, { "qwen2_vl_text", "qwen2" }, { "qwen2_5_vl_text", "qwen2" },
};

// Multimodal configs: the language model in text_config, under its own model_type or the one
// its configuration class defaults to; the Qwen2-VL files written before transformers nested it
// keep the language model's keys at the top level.
struct Wrapper
{
    const char *type;
    const char *text;
    bool flat; //!< the language model may sit at the top level
};
constexpr Wrapper kWrappers[] = {
    { "gemma3", "gemma3_text", false },       { "llama4", "llama4_text", false }, { "qwen3_vl", "qwen3_vl_text", false },
    { "qwen3_vl_moe", "qwen3_vl_moe_text", false }, { "qwen2_vl", "qwen2", true }, { "qwen2_5_vl", "qwen2", true },
    { "llava", "llama", false },              { "mistral3", "mistral", false },
    { "qwen3_5", "qwen3_5_text", false },     { "qwen3_5_moe", "qwen3_5_moe_text", false },
};

// Top-level keys of the multimodal configs about images and their tokens: nothing the language
// model's memory depends on (the vision tower itself is vision_config; Gemma 3's tower reads
// mm_tokens_per_image, its pooled tokens per image, beside it).
const QStringList &multimodalMetadataKeys()
{
    static const QStringList keys = {
        QStringLiteral("image_token_index"), QStringLiteral("image_token_id"), QStringLiteral("video_token_id"),
        QStringLiteral("boi_token_index"), QStringLiteral("eoi_token_index"), QStringLiteral("vision_start_token_id"),
        QStringLiteral("vision_end_token_id"), QStringLiteral("vision_token_id"), QStringLiteral("mm_tokens_per_image"),
        QStringLiteral("vision_feature_layer"), QStringLiteral("vision_feature_select_strategy"),
        QStringLiteral("projector_hidden_act"), QStringLiteral("multimodal_projector_bias"), QStringLiteral("image_seq_length"),
        QStringLiteral("spatial_merge_size"),
    };
    return keys;
}

// model_types whose layers are not all self-attention and MLP: refused by what their layers are
// until the engine models them.
struct Hybrid
{
    const char *type;
    const char *layers;
};
constexpr Hybrid kHybrids[] = {
    { "nemotron_h", QT_TRANSLATE_NOOP("HfImport", "Mamba-2 state-space layers") },
    { "jamba", QT_TRANSLATE_NOOP("HfImport", "Mamba state-space layers") },
    { "falcon_h1", QT_TRANSLATE_NOOP("HfImport", "Mamba-2 state-space heads") },
    { "zamba2", QT_TRANSLATE_NOOP("HfImport", "Mamba-2 state-space layers") },
    { "mamba", QT_TRANSLATE_NOOP("HfImport", "Mamba state-space layers") },
    { "mamba2", QT_TRANSLATE_NOOP("HfImport", "Mamba-2 state-space layers") },
    { "minimax", QT_TRANSLATE_NOOP("HfImport", "lightning linear attention") },
    { "lfm2_moe", QT_TRANSLATE_NOOP("HfImport", "short convolutions beside mixture-of-experts layers") },
    { "mllama", QT_TRANSLATE_NOOP("HfImport", "cross-attention to image features") },
};

// Keys that give a model its structure: a config that has one the family given by --hf-family
// does not read contradicts that family (Llama 4's experts read as LLaMA would lose 98 B).
const QStringList &structuralKeys()
{
    static const QStringList keys = {
        QStringLiteral("text_config"), QStringLiteral("vision_config"), QStringLiteral("num_local_experts"),
        QStringLiteral("num_experts"), QStringLiteral("n_routed_experts"), QStringLiteral("moe_intermediate_size"),
        QStringLiteral("num_experts_per_tok"), QStringLiteral("n_shared_experts"), QStringLiteral("first_k_dense_replace"),
        QStringLiteral("shared_expert_intermediate_size"), QStringLiteral("interleave_moe_layer_step"),
        QStringLiteral("intermediate_size_mlp"), QStringLiteral("moe_layers"), QStringLiteral("kv_lora_rank"),
        QStringLiteral("q_lora_rank"), QStringLiteral("index_n_heads"), QStringLiteral("hybrid_override_pattern"),
        QStringLiteral("attn_layer_period"), QStringLiteral("expert_layer_period"), QStringLiteral("full_attention_interval"),
        QStringLiteral("linear_num_value_heads"), QStringLiteral("ssm_state_size"), QStringLiteral("mamba_d_state"),
        QStringLiteral("attn_config"), QStringLiteral("ffn_config"), QStringLiteral("new_decoder_architecture"),
        QStringLiteral("use_parallel_residual"), QStringLiteral("parallel_attn"), QStringLiteral("n_inner"),
        QStringLiteral("intermediate_size"), QStringLiteral("conv_L_cache"), QStringLiteral("block_ff_dim"),
    };
    return keys;
}

// layer_types (Gemma-3, gpt-oss, Qwen3-Next...): sliding-window and full attention layers keep
// the same parameters and saved tensors; the mixer layers of the families Headroom models are
// read with them; any other kind is a hybrid model Headroom does not model.
HfConfigError checkLayerTypes(const QJsonObject &o, const QString &prefix, const QString &type)
{
    const QJsonValue v = o.value(QStringLiteral("layer_types"));
    if (!v.isArray())
        return {};
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString kind = a.at(i).toString();
        if (kind == QLatin1String("full_attention") || kind == QLatin1String("sliding_attention")
            || kind == QLatin1String("chunked_attention") || kind == QLatin1String("attention"))
            continue;
        // The mixer layers Headroom models, which the family's reader counts (hfhybrid.cpp).
        if (hf::readsMixerLayers(type)
            && (kind == QLatin1String("linear_attention") || kind == QLatin1String("mamba") || kind == QLatin1String("conv")))
            continue;
        return { HfConfigError::Code::HybridLayers, {}, prefix + QStringLiteral("layer_types[%1]").arg(i), type,
                 Reader::shown(a.at(i)), {}, {} };
    }
    return {};
}

} // namespace

QStringList supportedModelTypes()
{
    QStringList types = familyTypes();
    for (const Alias &a : kAliases)
        if (!types.contains(QLatin1String(a.type)))
            types << QLatin1String(a.type);
    for (const Wrapper &w : kWrappers)
        if (!types.contains(QLatin1String(w.type)))
            types << QLatin1String(w.type);
    return types;
}

bool readQuantizationConfig(const QJsonObject &q, HfModel &out)
{
    const QString method = q.value(QStringLiteral("quant_method")).toString();
    const int bits = q.value(QStringLiteral("bits")).toInt(0);
    const QJsonValue group = q.value(QStringLiteral("group_size"));
    auto grouped = [&](QuantBase base) {
        // group_size -1 is GPTQ's one group per input column (per channel): not the grouped
        // layout Headroom sizes; a missing group_size takes the format's default (128).
        if (bits != 4 || (!group.isUndefined() && (!group.isDouble() || group.toInt() < 1)))
            return false;
        out.quantBase = base;
        out.quantGroupSize = group.isUndefined() ? -1 : group.toInt();
        return true;
    };
    bool known = false;
    if (method == QLatin1String("gptq")) {
        known = grouped(QuantBase::Gptq);
    } else if (method == QLatin1String("awq")) {
        known = grouped(QuantBase::Awq);
    } else if (method == QLatin1String("bitsandbytes")) {
        if (q.value(QStringLiteral("load_in_4bit")).toBool()
            && q.value(QStringLiteral("bnb_4bit_quant_type")).toString(QStringLiteral("fp4")) == QLatin1String("nf4")) {
            out.quantBase = q.value(QStringLiteral("bnb_4bit_use_double_quant")).toBool() ? QuantBase::Nf4DoubleQuant
                                                                                          : QuantBase::Nf4;
            known = true;
        } else if (q.value(QStringLiteral("load_in_8bit")).toBool()) {
            out.quantBase = QuantBase::Int8;
            known = true;
        }
    } else if (method == QLatin1String("fbgemm_fp8")) {
        // FbgemmFp8Config: per-channel scales, the layout QuantBase::Fp8 sizes. FineGrainedFP8Config
        // ("fp8", DeepSeek-V3's 128 x 128 blocks) stays a warning.
        out.quantBase = QuantBase::Fp8;
        known = true;
    }
    if (!known)
        return false;
    out.hasQuantBase = true;
    const QString base = QString::fromLatin1(quantBaseName(out.quantBase).data());
    out.notes << (out.quantGroupSize > 0
                          ? QCoreApplication::translate("HfImport", "quantization_config: a %1 base in groups of %2 weights, "
                                                                    "the frozen base's format under --lora qlora")
                                    .arg(base)
                                    .arg(qlonglong(out.quantGroupSize))
                          : QCoreApplication::translate("HfImport", "quantization_config: a %1 base, the frozen base's format "
                                                                    "under --lora qlora")
                                    .arg(base));
    return true;
}

namespace {

// Every key of \a o accounted for, named by its path (\a prefix): used or warned by the family's
// reader, the quantization config, metadata, ignored, or unrecognized.
void accountForKeys(const QJsonObject &o, const QString &prefix, HfModel &h, bool multimodal)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString k = prefix + it.key();
        if (h.used.contains(k) || h.warnings.contains(k) || h.ignored.contains(k) || h.metadata.contains(k))
            continue;
        if (it.key() == QLatin1String("quantization_config")) {
            // Stored weights in int4, int8 or FP8: read as the frozen base's format where it is
            // one Headroom models, else the memory of the loaded model differs unmodelled.
            const QJsonObject q = it.value().toObject();
            if (readQuantizationConfig(q, h)) {
                h.used << k;
            } else if (q.value(QStringLiteral("quant_method")).toString() == QLatin1String("mxfp4")) {
                // gpt-oss: its experts ship in MXFP4, which transformers dequantizes to BF16 for
                // training (OpenAI's fine-tuning recipe loads with Mxfp4Config(dequantize=True)).
                h.used << k;
                h.notes << QCoreApplication::translate("HfImport", "quantization_config: MXFP4 experts, estimated dequantized to the "
                                                                   "training dtype as transformers loads them for training "
                                                                   "(Mxfp4Config(dequantize=True))");
            } else {
                h.warnings << k;
            }
        } else if (metadataKeys().contains(it.key()) || (multimodal && multimodalMetadataKeys().contains(it.key()))) {
            h.metadata << k;
        } else if (ignoredKeys().contains(it.key()) || it.key() == QLatin1String("layer_types")) {
            h.ignored << k;
        } else {
            h.unrecognized << excerpt(k);
        }
    }
}

QString quoted(const QString &type)
{
    return type.isEmpty() ? QStringLiteral("nothing") : QLatin1Char('"') + excerpt(type) + QLatin1Char('"');
}

} // namespace

HfConfigError readHfConfigObject(const QJsonObject &config, const QString &familyAs, HfModel &out)
{
    HfModel h;
    const QString declared = config.value(QStringLiteral("model_type")).toString();
    QString type = declared;
    if (!familyAs.isEmpty()) {
        if (!familyTypes().contains(familyAs))
            return { HfConfigError::Code::UnknownFamily, {}, QStringLiteral("--hf-family"),
                     familyTypes().join(QStringLiteral(", ")), excerpt(familyAs), {}, {} };
        type = familyAs;
    }
    for (const Hybrid &hybrid : kHybrids)
        if (familyAs.isEmpty() && type == QLatin1String(hybrid.type))
            return { HfConfigError::Code::HybridLayers, {}, QStringLiteral("model_type"), type,
                     QCoreApplication::translate("HfImport", hybrid.layers), {}, {} };

    // A multimodal config: the language model is text_config (or, in the older Qwen2-VL files,
    // the top level), the vision tower beside it.
    const Wrapper *wrapper = nullptr;
    for (const Wrapper &w : kWrappers)
        if (familyAs.isEmpty() && type == QLatin1String(w.type))
            wrapper = &w;
    QJsonObject text = config;
    QString prefix;
    bool tieFromOuter = false;
    QJsonObject textAsWritten; // text_config before the top level's tie_word_embeddings is added
    if (wrapper) {
        const QJsonValue nested = config.value(QStringLiteral("text_config"));
        if (nested.isObject()) {
            text = nested.toObject();
            textAsWritten = text;
            prefix = QStringLiteral("text_config.");
            // The top level's tie_word_embeddings governs when text_config does not say (Qwen3-VL).
            if (!text.contains(QStringLiteral("tie_word_embeddings")) && config.contains(QStringLiteral("tie_word_embeddings"))) {
                text.insert(QStringLiteral("tie_word_embeddings"), config.value(QStringLiteral("tie_word_embeddings")));
                tieFromOuter = true;
            }
        } else if (!nested.isUndefined() && !nested.isNull()) {
            return { HfConfigError::Code::WrongType, {}, QStringLiteral("text_config"), QStringLiteral("an object"),
                     Reader::shown(nested), {}, {} };
        } else if (!wrapper->flat) {
            return { HfConfigError::Code::MissingField, {}, QStringLiteral("text_config"),
                     QStringLiteral("the language model's configuration"), {}, {}, {} };
        }
        type = text.value(QStringLiteral("model_type")).toString(QLatin1String(wrapper->text));
        if (prefix.isEmpty())
            type = QLatin1String(wrapper->text);
    }
    // LLaVA's text_config states only what differs from LlamaConfig's defaults (transformers
    // writes nested configs as a diff: llava-1.5-7b-hf's gives the vocabulary and the context,
    // not the width): the defaults of configuration_llama.py for what it leaves out, said so.
    QStringList defaulted;
    if (wrapper && !prefix.isEmpty() && qstrcmp(wrapper->type, "llava") == 0 && type == QLatin1String("llama")) {
        static const std::pair<const char *, int> kLlamaDefaults[] = {
            { "hidden_size", 4096 },          { "intermediate_size", 11008 }, { "num_hidden_layers", 32 },
            { "num_attention_heads", 32 },    { "vocab_size", 32000 },        { "max_position_embeddings", 2048 },
        };
        for (const auto &[key, value] : kLlamaDefaults)
            if (!text.contains(QLatin1String(key))) {
                text.insert(QLatin1String(key), value);
                defaulted << QStringLiteral("%1 %2").arg(QLatin1String(key)).arg(value);
            }
    }
    const QString read = type;
    for (const Alias &a : kAliases)
        if (familyAs.isEmpty() && type == QLatin1String(a.type))
            type = QLatin1String(a.as);
    if (!familyTypes().contains(type))
        return { HfConfigError::Code::UnknownModelType, {}, prefix + QStringLiteral("model_type"),
                 supportedModelTypes().join(QStringLiteral(", ")), quoted(prefix.isEmpty() ? declared : read), {}, {} };
    if (HfConfigError e = checkLayerTypes(text, prefix, read); !e.ok())
        return e;
    h.modelType = type;
    // Printed and kept: escaped and bounded (a 5 MB name with escape sequences could retitle the
    // terminal or fake an "error:" line).
    h.name = boundedName(config.value(QStringLiteral("_name_or_path")).toString(), 120);
    for (const QJsonObject *o : { &config, static_cast<const QJsonObject *>(&text) })
        if (h.torchDtype.isEmpty())
            h.torchDtype = o->value(QStringLiteral("torch_dtype")).toString(o->value(QStringLiteral("dtype")).toString());
    Reader reader(text, h, prefix);
    mapFamily(reader, h, type);
    // A key that gives the model its structure and that the family read with --hf-family does
    // not use: the config is of another family, read as this one it would be wrong in silence.
    if (!familyAs.isEmpty()) {
        for (const QString &k : structuralKeys()) {
            const QJsonValue v = config.value(k);
            if (v.isUndefined() || v.isNull() || h.used.contains(k) || h.warnings.contains(k))
                continue;
            return { HfConfigError::Code::Contradiction, {}, k, familyAs, Reader::shown(v), quoted(declared), {} };
        }
    }
    if (!reader.ok())
        return reader.error;
    if (tieFromOuter) {
        h.used.removeAll(prefix + QStringLiteral("tie_word_embeddings"));
        h.used << QStringLiteral("tie_word_embeddings");
    }
    // Older LlavaConfig files repeat the language model's vocabulary at the top level: the same
    // figure is metadata, another one a warning (the estimate reads text_config's).
    // transformers 5 re-saves repeat the width too (Qwen3.5).
    for (const auto &[key, value] : { std::pair{ "vocab_size", h.model.vocab }, std::pair{ "hidden_size", h.model.hidden } }) {
        if (prefix.isEmpty() || !config.contains(QLatin1String(key)))
            continue;
        if (config.value(QLatin1String(key)).toInteger(-1) == qint64(value))
            h.metadata << QLatin1String(key);
        else
            h.warnings << QLatin1String(key);
    }
    if (!defaulted.isEmpty()) {
        for (const QString &d : defaulted)
            h.used.removeAll(prefix + d.section(QLatin1Char(' '), 0, 0));
        h.notes << QCoreApplication::translate("HfImport", "text_config leaves out what LlamaConfig defaults to: %1")
                           .arg(defaulted.join(QStringLiteral(", ")));
    }
    // A reward or value model's checkpoint (LlamaForSequenceClassification, ...): a score head
    // in place of the LM head, for decoders (an encoder's classifier sits on its pooler).
    const QJsonArray architectures = config.value(QStringLiteral("architectures")).toArray();
    if (!blockTraits(h.model.family).encoder && !architectures.isEmpty()
        && architectures.first().toString().endsWith(QLatin1String("ForSequenceClassification"))) {
        h.model.head = ModelHead::Score;
        h.notes << QCoreApplication::translate("HfImport", "%1: a score head (H → 1) in place of the LM head")
                           .arg(excerpt(architectures.first().toString()));
    }
    if (const HfConfigError e = checkSizes(h, prefix); !e.ok())
        return e;
    // A rotary model's declared context and RoPE scaling: not memory, but the estimate warns
    // when the sequence runs past them. A value that is not a usable length stays ignored.
    if (const BlockTraits traits = modelTraits(h.model); traits.rotary && !traits.learnedPositions && h.model.maxPositions == 0) {
        const QJsonValue context = text.value(QStringLiteral("max_position_embeddings"));
        const double n = context.toDouble(-1);
        if (context.isDouble() && n >= 1 && n <= 1e8 && n == std::floor(n)) {
            h.model.contextLength = static_cast<Count>(static_cast<long long>(n));
            h.used << prefix + QStringLiteral("max_position_embeddings");
        }
        const QJsonObject scaling = text.value(QStringLiteral("rope_scaling")).toObject();
        if (!scaling.isEmpty()) {
            const QString kind = scaling.value(QStringLiteral("rope_type")).toString(scaling.value(QStringLiteral("type")).toString());
            // Qwen-VL's multimodal RoPE splits the rotary dimensions by axis; it stretches nothing.
            h.model.ropeScaling = kind == QLatin1String("mrope") ? RopeScaling::None
                                                                 : ropeScalingFromName(kind.toStdString()).value_or(RopeScaling::Other);
            h.model.ropeScalingFactor = scaling.value(QStringLiteral("factor")).toDouble(0);
            if (!(h.model.ropeScalingFactor > 0 && h.model.ropeScalingFactor < 1e6))
                h.model.ropeScalingFactor = 0;
            h.used << prefix + QStringLiteral("rope_scaling");
        }
    }
    // The model_type the language model states (text_config's in a nested config), when it is
    // read as another: an alias, the flat Qwen-VL files, or --hf-family.
    if (const QString stated = prefix.isEmpty() ? declared : read; stated != type)
        h.notes << QCoreApplication::translate("HfImport", "model_type \"%1\" read as %2").arg(excerpt(stated), type);
    if (wrapper) {
        h.used << QStringLiteral("model_type");
        if (!prefix.isEmpty())
            h.used << QStringLiteral("text_config");
        const QJsonValue vision = config.value(QStringLiteral("vision_config"));
        if (vision.isObject()) {
            const QJsonObject visionObject = vision.toObject();
            Reader visionReader(visionObject, h, QStringLiteral("vision_config."));
            hf::VisionTower tower;
            bool counted = false;
            // LLaVA's and Mistral 3's projectors read the outputs of vision_feature_layer (one, or
            // a list of layers concatenated).
            const QJsonValue layers = config.value(QStringLiteral("vision_feature_layer"));
            const Count featureLayers = layers.isArray() ? Count(layers.toArray().size()) : 1;
            if (declared == QLatin1String("llava") && hf::llavaHasClipTower(visionObject)) {
                // Under LLaVA's "default" strategy the class token is dropped.
                tower = hf::countClipTower(visionReader, h.model.hidden, featureLayers,
                                           config.value(QStringLiteral("multimodal_projector_bias")).toBool(true));
                counted = visionReader.ok();
            } else if ((declared == QLatin1String("mistral3") || declared == QLatin1String("llava")) && hf::hasPixtralTower(visionObject)) {
                hf::PixtralProjector projector;
                projector.mistral3 = declared == QLatin1String("mistral3");
                projector.featureLayers = featureLayers;
                // Mistral3Config's defaults: no projector bias, patches merged 2 x 2; LlavaConfig's: bias.
                projector.bias = config.value(QStringLiteral("multimodal_projector_bias")).toBool(!projector.mistral3);
                if (projector.mistral3) {
                    Reader top(config, h, QString());
                    projector.mergeSize = top.count("spatial_merge_size", Field::VisionMerge, 2);
                    if (!top.ok())
                        return top.error;
                }
                tower = hf::countPixtralTower(visionReader, h.model.hidden, projector);
                counted = visionReader.ok();
            } else {
                counted = hf::countVisionTower(visionReader, declared, h.model.hidden, tower);
            }
            if (counted) {
                h.used << QStringLiteral("vision_config");
                h.visionParameters = tower.total();
                h.visionKind = tower.kind;
                h.model.vision = tower.spec;
                h.model.vision.parameters = tower.total();
                if (tower.spec.kind == VisionTowerKind::Clip) {
                    const Count side = tower.spec.patch > 0 ? tower.spec.imageSize / tower.spec.patch : 0;
                    const bool full = config.value(QStringLiteral("vision_feature_select_strategy")).toString() == QLatin1String("full");
                    h.model.vision.tokensPerImage = side * side + (full ? 1 : 0);
                    // The blocks after vision_feature_layer, an index into the L + 1 hidden states
                    // (the embeddings, then each block's output; -2 by default), or a list of them.
                    const QJsonValue layer = config.value(QStringLiteral("vision_feature_layer"));
                    const QJsonArray layers = layer.isArray() ? layer.toArray() : QJsonArray{ layer.isDouble() ? layer : QJsonValue(-2) };
                    const qint64 L = qint64(h.model.vision.layers);
                    qint64 deepest = 0;
                    for (const QJsonValue &l : layers) {
                        const qint64 index = l.toInteger() < 0 ? L + 1 + l.toInteger() : l.toInteger();
                        deepest = std::max(deepest, std::clamp<qint64>(index, 0, L));
                    }
                    h.model.vision.unusedBlocks = L - deepest;
                }
                // Gemma 3 pools each image's patches to the top level's mm_tokens_per_image.
                if (tower.spec.kind == VisionTowerKind::Siglip) {
                    Reader top(config, h, QString());
                    h.model.vision.tokensPerImage = top.count("mm_tokens_per_image", Field::MaxPositions, hf::kGemma3TokensPerImage);
                    if (!top.ok())
                        return top.error;
                }
                h.notes << QCoreApplication::translate("HfImport", "vision_config: a %1 vision tower of %2 parameters and a projector of %3, "
                                                                   "in the estimate: frozen unless --vision-tower trained; --images N "
                                                                   "--image-size WxH adds what it runs on")
                                   .arg(tower.kind, QString::fromStdString(groupedNumber(tower.tower)),
                                        QString::fromStdString(groupedNumber(tower.projector)));
                accountForKeys(visionObject, QStringLiteral("vision_config."), h, false);
            } else if (!visionReader.ok()) {
                return visionReader.error;
            } else {
                h.warnings << QStringLiteral("vision_config");
                h.notes << QCoreApplication::translate("HfImport", "vision_config: the estimate is the language model's; the vision tower's "
                                                                   "parameters and its activations for images are not in it");
            }
        } else if (config.contains(QStringLiteral("vision_config"))) {
            h.warnings << QStringLiteral("vision_config");
        }
        if (!prefix.isEmpty())
            accountForKeys(textAsWritten, prefix, h, false);
    }
    accountForKeys(config, QString(), h, wrapper != nullptr);
    out = h;
    return {};
}

namespace {

// A model's name when the config does not give one: the folder's, except in the Hugging Face
// cache (models--org--name/snapshots/<commit>/config.json), where it is org/name; a file not
// called config.json names the model itself (mixtral-8x7b.json).
QString nameFromPath(const QDir &dir, const QString &fileName)
{
    if (!fileName.isEmpty() && fileName != QLatin1String("config.json"))
        return QFileInfo(fileName).completeBaseName();
    const QString folder = dir.dirName();
    static const QRegularExpression commit(QStringLiteral("^[0-9a-f]{40}$"));
    QDir up = dir;
    if (commit.match(folder).hasMatch() && up.cdUp() && up.dirName() == QLatin1String("snapshots") && up.cdUp()
        && up.dirName().startsWith(QLatin1String("models--")))
        return up.dirName().mid(8).replace(QLatin1String("--"), QLatin1String("/"));
    return folder;
}

} // namespace


namespace {

// The counts of a checkpoint known by its index alone: total_size bytes over the element size
// of the config's torch_dtype (parameters and the buffers a checkpoint carries together: exact
// when every tensor is stored in that dtype, as in the usual BF16 release). False when the
// dtype is not one of the whole-byte ones or does not divide the total.
bool countFromIndex(HfModel &h)
{
    struct Size
    {
        const char *torch;
        const char *safetensors;
        int bytes;
    };
    static constexpr Size kSizes[] = { { "bfloat16", "BF16", 2 }, { "float16", "F16", 2 }, { "float32", "F32", 4 },
                                       { "float64", "F64", 8 }, { "float8_e4m3fn", "F8_E4M3", 1 }, { "float8_e5m2", "F8_E5M2", 1 } };
    for (const Size &size : kSizes) {
        if (h.torchDtype != QLatin1String(size.torch) || h.checkpoint.indexTotalBytes % size.bytes != 0)
            continue;
        h.checkpoint.parameters = Count(h.checkpoint.indexTotalBytes / size.bytes);
        h.checkpoint.dtype = QLatin1String(size.safetensors);
        h.notes << QCoreApplication::translate("HfImport", "the checkpoint's count from model.safetensors.index.json without its shards: "
                                                           "%1 bytes in %2, parameters and buffers together")
                           .arg(QString::fromStdString(groupedNumber(Count(h.checkpoint.indexTotalBytes))), h.torchDtype);
        return true;
    }
    return false;
}

} // namespace


namespace {

// Python's json module writes float("inf") and float("nan") as the bare words Infinity,
// -Infinity and NaN, which JSON does not have (Nemotron-H's time_step_limit: [0.0, Infinity]).
// They become the strings "Infinity", "-Infinity" and "NaN": a key that matters to memory is then
// refused by name as not a number, and any other is read as it would be.
QByteArray quotePythonConstants(const QByteArray &json)
{
    static constexpr std::string_view kWords[] = { "-Infinity", "Infinity", "NaN" };
    QByteArray out;
    bool inString = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        if (inString) {
            if (c == '\\' && i + 1 < json.size()) {
                out.append(c).append(json.at(++i));
                continue;
            }
            inString = c != '"';
            out.append(c);
            continue;
        }
        if (c == '"') {
            inString = true;
            out.append(c);
            continue;
        }
        bool replaced = false;
        for (std::string_view word : kWords) {
            const qsizetype end = i + qsizetype(word.size());
            if (end > json.size() || std::string_view(json.constData() + i, word.size()) != word)
                continue;
            if (end < json.size() && (std::isalnum(static_cast<unsigned char>(json.at(end))) || json.at(end) == '_'))
                continue;
            out.append('"').append(word.data(), qsizetype(word.size())).append('"');
            i = end - 1;
            replaced = true;
            break;
        }
        if (!replaced)
            out.append(c);
    }
    return out;
}

} // namespace

HfConfigError readHfConfig(const QString &path, const QString &familyAs, HfModel &out, ReadControl *control)
{
    const QFileInfo info(path);
    QString file = path;
    const bool folder = info.isDir();
    if (folder) {
        file = QDir(path).filePath(QStringLiteral("config.json"));
        if (!QFileInfo::exists(file))
            return { HfConfigError::Code::NoConfig, path, {}, {}, {}, {}, {} };
    }
    QByteArray data;
    const FileProblem problem = readRegularFile(file, data);
    switch (problem.code) {
    case FileProblem::Code::None: break;
    case FileProblem::Code::NotRegularFile: return { HfConfigError::Code::NotRegularFile, file, {}, {}, {}, {}, {} };
    case FileProblem::Code::TooLarge:
        return { HfConfigError::Code::TooLarge, file, {}, QString::number(kMaxInputFileBytes), {}, {}, {} };
    default: return { HfConfigError::Code::CannotOpen, file, {}, {}, problem.detail, {}, {} };
    }
    QJsonParseError parseError;
    // (The place is counted in the quoted text: two columns later per Infinity or NaN before it
    // on its line.)
    const QByteArray quoted = quotePythonConstants(data);
    const QJsonDocument doc = QJsonDocument::fromJson(quoted, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return { HfConfigError::Code::NotJson, file, {}, {},
                 jsonErrorText(parseError, quoted), {}, {} };
    if (!doc.isObject())
        return { HfConfigError::Code::NotObject, file, {}, QStringLiteral("a JSON object"),
                 doc.isArray() ? QStringLiteral("an array") : QStringLiteral("a single value"), {}, {} };
    HfModel h;
    HfConfigError e = readHfConfigObject(doc.object(), familyAs, h);
    if (!e.ok()) {
        e.file = file;
        return e;
    }
    if (h.name.isEmpty())
        h.name = boundedName(nameFromPath(folder ? QDir(path) : info.dir(), folder ? QString() : info.fileName()), 120);
    if (folder) {
        const CheckpointError c = countCheckpoint(path, h.checkpoint, control);
        if (!c.ok())
            return { HfConfigError::Code::Checkpoint, c.file, c.tensor, {}, {}, {}, c };
        if (h.checkpoint.indexTotalBytes > 0 && !countFromIndex(h))
            return { HfConfigError::Code::Checkpoint, QDir(path).filePath(QStringLiteral("model.safetensors.index.json")),
                     QStringLiteral("metadata.total_size"), {}, {}, {},
                     { CheckpointError::Code::IndexOnlyNoDtype, QDir(path).filePath(QStringLiteral("model.safetensors.index.json")),
                       QStringLiteral("metadata.total_size"), excerpt(h.torchDtype) } };
    }
    out = h;
    return {};
}

} // namespace headroom
