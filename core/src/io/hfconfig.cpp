#include <headroom/io/hfconfig.h>

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

// Keys nothing in memory depends on: token ids, versions, initialisation, epsilons, task
// metadata. Listed, never dropped silently.
const QStringList &metadataKeys()
{
    static const QStringList keys = {
        QStringLiteral("_name_or_path"), QStringLiteral("architectures"), QStringLiteral("auto_map"),
        QStringLiteral("model_type"), QStringLiteral("transformers_version"), QStringLiteral("torch_dtype"),
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
        QStringLiteral("rope_scaling"), QStringLiteral("rope_theta"), QStringLiteral("rope_local_base_freq"),
        QStringLiteral("sliding_window"), QStringLiteral("sliding_window_size"), QStringLiteral("sliding_window_pattern"),
        QStringLiteral("query_pre_attn_scalar"), QStringLiteral("max_position_embeddings"), QStringLiteral("n_positions"),
        QStringLiteral("original_max_position_embeddings"),
        QStringLiteral("attention_bias"), QStringLiteral("topk_method"),
    };
    return keys;
}

// Reads keys of one config, recording which it used.
class Reader
{
public:
    Reader(const QJsonObject &o, HfModel &m) : m_o(o), m_model(m) { }

    HfConfigError error;

    bool ok() const { return error.ok(); }
    bool has(const char *key) const
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        return !v.isUndefined() && !v.isNull();
    }

    //! A whole number within \a field's range; \a fallback when absent or null (-1: required).
    Count count(const char *key, Field field, Count fallback = -1)
    {
        use(key);
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull()) {
            if (fallback < 0 && ok())
                error = { HfConfigError::Code::MissingField, {}, QLatin1String(key), QStringLiteral("a whole number"), {}, {}, {} };
            return fallback < 0 ? 0 : fallback;
        }
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d != std::floor(d)) {
            if (ok())
                error = { HfConfigError::Code::WrongType, {}, QLatin1String(key), QStringLiteral("a whole number"), shown(v), {}, {} };
            return 0;
        }
        const FieldRange r = fieldRange(field);
        if (d < double(r.min) || d > double(r.max)) {
            if (ok())
                error = { HfConfigError::Code::OutOfRange, {}, QLatin1String(key),
                          QString::fromStdString(groupedNumber(r.min) + " to " + groupedNumber(r.max)), shown(v), {}, {} };
            return 0;
        }
        return static_cast<Count>(d);
    }

    bool flag(const char *key, bool fallback)
    {
        use(key);
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return fallback;
        if (!v.isBool()) {
            if (ok())
                error = { HfConfigError::Code::WrongType, {}, QLatin1String(key), QStringLiteral("true or false"), shown(v), {}, {} };
            return fallback;
        }
        return v.toBool();
    }

    double real(const char *key, double fallback, double lo, double hi)
    {
        use(key);
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return fallback;
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || !(d >= lo && d <= hi)) {
            if (ok())
                error = { HfConfigError::Code::OutOfRange, {}, QLatin1String(key),
                          QStringLiteral("%1 to %2").arg(lo).arg(hi), shown(v), {}, {} };
            return fallback;
        }
        return d;
    }

    QString text(const char *key)
    {
        use(key);
        return m_o.value(QLatin1String(key)).toString();
    }

    //! The key changes memory in a way not modelled, when it holds what \a matters says.
    void warnIf(const char *key, const std::function<bool(const QJsonValue &)> &matters)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return;
        use(key);
        if (matters(v))
            m_model.warnings << QLatin1String(key);
    }

    void use(const char *key)
    {
        const QString k = QLatin1String(key);
        if (m_o.contains(k) && !m_model.used.contains(k))
            m_model.used << k;
    }

    static QString shown(const QJsonValue &v)
    {
        if (v.isString())
            return QLatin1Char('"') + excerpt(v.toString()) + QLatin1Char('"');
        if (v.isArray() || v.isObject())
            return v.isArray() ? QStringLiteral("an array") : QStringLiteral("an object");
        if (v.isBool())
            return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        return QString::number(v.toDouble(), 'g', 17);
    }

private:
    const QJsonObject &m_o;
    HfModel &m_model;
};

// Sizes every decoder states under these names (LlamaConfig and its descendants).
void decoderSizes(Reader &r, ModelSpec &m, const char *hidden = "hidden_size", const char *layers = "num_hidden_layers",
                  const char *heads = "num_attention_heads", const char *vocab = "vocab_size")
{
    m.hidden = r.count(hidden, Field::Hidden);
    m.layers = r.count(layers, Field::Layers);
    m.heads = r.count(heads, Field::Heads);
    m.vocab = r.count(vocab, Field::Vocab);
}

void llamaLike(Reader &r, HfModel &h, const QString &type)
{
    ModelSpec &m = h.model;
    m.family = BlockFamily::Llama;
    decoderSizes(r, m);
    m.kvHeads = r.count("num_key_value_heads", Field::KvHeads, m.heads);
    if (r.has("head_dim"))
        m.headDim = r.count("head_dim", Field::HeadDim);
    m.tiedEmbeddings = r.flag("tie_word_embeddings", false);
    const bool attentionBias = r.flag("attention_bias", false);
    m.qkvBias = attentionBias;
    m.outBias = attentionBias;
    m.mlpBias = r.flag("mlp_bias", false);
    const bool moe = type == QLatin1String("mixtral") || type == QLatin1String("qwen2_moe") || type == QLatin1String("qwen3_moe")
            || type.startsWith(QLatin1String("deepseek"));
    // Dense models need the MLP size; MoE models use it for their dense layers only.
    m.ffn = r.count("intermediate_size", Field::Ffn, moe ? 1 : -1);
    if (type == QLatin1String("qwen2") || type == QLatin1String("qwen2_moe"))
        m.qkvBias = true; // Qwen2Attention: q, k, v with bias, o without
    if (type == QLatin1String("qwen3") || type == QLatin1String("qwen3_moe"))
        m.qkNorm = true;
    if (type == QLatin1String("phi3"))
        m.fusedProjections = true; // qkv_proj and gate_up_proj
    MoeSpec &e = m.moe;
    if (type == QLatin1String("mixtral")) {
        e.experts = r.count("num_local_experts", Field::Experts, 8);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken, 2);
        e.expertFfn = m.ffn; // Mixtral's experts are intermediate_size wide
    } else if (type == QLatin1String("qwen2_moe") || type == QLatin1String("qwen3_moe")) {
        e.experts = r.count("num_experts", Field::Experts, type == QLatin1String("qwen2_moe") ? 60 : 128);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken, type == QLatin1String("qwen2_moe") ? 4 : 8);
        e.expertFfn = r.count("moe_intermediate_size", Field::ExpertFfn, type == QLatin1String("qwen2_moe") ? 1408 : 768);
        if (type == QLatin1String("qwen2_moe")) {
            e.sharedExperts = 1;
            e.sharedFfn = r.count("shared_expert_intermediate_size", Field::SharedFfn, 5632);
            e.sharedGate = true;
        }
        r.warnIf("decoder_sparse_step", [](const QJsonValue &v) { return v.toDouble() != 1; });
        r.warnIf("mlp_only_layers", [](const QJsonValue &v) { return !v.toArray().isEmpty(); });
    } else if (type.startsWith(QLatin1String("deepseek"))) {
        e.experts = r.count("n_routed_experts", Field::Experts);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken);
        e.expertFfn = r.count("moe_intermediate_size", Field::ExpertFfn);
        e.sharedExperts = r.count("n_shared_experts", Field::SharedExperts, 0);
        e.denseLayers = r.count("first_k_dense_replace", Field::DenseLayers, 0);
        e.routerBias = r.text("topk_method") == QLatin1String("noaux_tc");
        r.warnIf("moe_layer_freq", [](const QJsonValue &v) { return v.toDouble() != 1; });
        // DeepSeek-V3's multi-token prediction layers are not part of the HF model.
        r.warnIf("num_nextn_predict_layers", [](const QJsonValue &v) { return v.toDouble() > 0; });
        MlaSpec &a = m.mla;
        a.qLoraRank = r.count("q_lora_rank", Field::QLoraRank, 0);
        a.kvLoraRank = r.count("kv_lora_rank", Field::KvLoraRank);
        a.ropeHeadDim = r.count("qk_rope_head_dim", Field::RopeHeadDim);
        a.nopeHeadDim = r.count("qk_nope_head_dim", Field::NopeHeadDim);
        a.valueHeadDim = r.count("v_head_dim", Field::ValueHeadDim);
        m.headDim = a.ropeHeadDim + a.nopeHeadDim;
    }
    h.dropout = r.real("attention_dropout", 0, 0, 0.999);
}

void gemmaLike(Reader &r, HfModel &h, const QString &type)
{
    ModelSpec &m = h.model;
    m.family = type == QLatin1String("gemma") ? BlockFamily::Gemma : BlockFamily::Gemma2;
    decoderSizes(r, m);
    m.kvHeads = r.count("num_key_value_heads", Field::KvHeads, m.heads);
    m.headDim = r.count("head_dim", Field::HeadDim, 256);
    m.ffn = r.count("intermediate_size", Field::Ffn);
    m.tiedEmbeddings = r.flag("tie_word_embeddings", true);
    if (type != QLatin1String("gemma")) {
        // Soft-capping is on unless the config sets the caps to null (Gemma-3).
        const bool capped = r.has("final_logit_softcapping") || r.has("attn_logit_softcapping");
        r.use("final_logit_softcapping");
        r.use("attn_logit_softcapping");
        m.softcap = capped ? Switch::On : Switch::Off;
        if (type == QLatin1String("gemma3_text"))
            m.qkNorm = true;
    }
    h.dropout = r.real("attention_dropout", 0, 0, 0.999);
}

void gpt2(Reader &r, HfModel &h)
{
    ModelSpec &m = h.model;
    m.family = BlockFamily::Gpt2;
    decoderSizes(r, m, "n_embd", "n_layer", "n_head", "vocab_size");
    m.ffn = r.count("n_inner", Field::Ffn, 4 * m.hidden);
    m.maxPositions = r.count("n_positions", Field::MaxPositions, 1024);
    m.tiedEmbeddings = r.flag("tie_word_embeddings", true);
    h.dropout = r.real("resid_pdrop", 0.1, 0, 0.999);
    r.warnIf("activation_function", [](const QJsonValue &v) { return v.toString() != QLatin1String("gelu_new"); });
}

void neox(Reader &r, HfModel &h)
{
    ModelSpec &m = h.model;
    m.family = BlockFamily::Neox;
    decoderSizes(r, m);
    m.ffn = r.count("intermediate_size", Field::Ffn, 24576);
    m.tiedEmbeddings = r.flag("tie_word_embeddings", false);
    m.rotaryFraction = r.real("rotary_pct", 0.25, 0, 1);
    m.parallelResidual = r.flag("use_parallel_residual", true) ? Switch::On : Switch::Off;
    h.dropout = r.real("hidden_dropout", 0, 0, 0.999);
    r.warnIf("attention_bias", [](const QJsonValue &v) { return v.isBool() && !v.toBool(); });
}

void phi(Reader &r, HfModel &h)
{
    ModelSpec &m = h.model;
    m.family = BlockFamily::Phi;
    decoderSizes(r, m);
    m.kvHeads = r.count("num_key_value_heads", Field::KvHeads, m.heads);
    m.ffn = r.count("intermediate_size", Field::Ffn);
    m.tiedEmbeddings = r.flag("tie_word_embeddings", false);
    m.rotaryFraction = r.real("partial_rotary_factor", 0.5, 0, 1);
    h.dropout = r.real("resid_pdrop", 0, 0, 0.999);
    r.warnIf("qk_layernorm", [](const QJsonValue &v) { return v.toBool(); });
}

void falcon(Reader &r, HfModel &h)
{
    ModelSpec &m = h.model;
    m.family = BlockFamily::Falcon;
    decoderSizes(r, m);
    const bool newArchitecture = r.flag("new_decoder_architecture", false);
    const bool multiQuery = r.flag("multi_query", true);
    m.kvHeads = newArchitecture ? r.count("num_kv_heads", Field::KvHeads, m.heads) : (multiQuery ? 1 : m.heads);
    if (!newArchitecture)
        r.use("num_kv_heads");
    if (newArchitecture)
        m.normsPerLayer = 2; // ln_attn and ln_mlp
    m.parallelResidual = r.flag("parallel_attn", true) || newArchitecture ? Switch::On : Switch::Off;
    const bool bias = r.flag("bias", false);
    m.qkvBias = m.outBias = m.mlpBias = bias;
    m.ffn = r.count("ffn_hidden_size", Field::Ffn, 4 * m.hidden);
    m.tiedEmbeddings = r.flag("tie_word_embeddings", true);
    r.warnIf("alibi", [](const QJsonValue &v) { return v.toBool(); });
    h.dropout = r.real("hidden_dropout", 0, 0, 0.999);
}

void starcoder2(Reader &r, HfModel &h)
{
    ModelSpec &m = h.model;
    m.family = BlockFamily::Starcoder2;
    decoderSizes(r, m);
    m.kvHeads = r.count("num_key_value_heads", Field::KvHeads, m.heads);
    m.ffn = r.count("intermediate_size", Field::Ffn);
    m.tiedEmbeddings = r.flag("tie_word_embeddings", true);
    if (!r.flag("use_bias", true)) {
        // Without biases the block is LLaMA's layout but for LayerNorm and its MLP: not modelled.
        h.warnings << QStringLiteral("use_bias");
    }
    h.dropout = r.real("residual_dropout", 0, 0, 0.999);
}

void bert(Reader &r, HfModel &h)
{
    ModelSpec &m = h.model;
    m.family = BlockFamily::Bert;
    decoderSizes(r, m);
    m.ffn = r.count("intermediate_size", Field::Ffn);
    m.maxPositions = r.count("max_position_embeddings", Field::MaxPositions, 512);
    m.typeVocab = r.count("type_vocab_size", Field::TypeVocab, 2);
    m.tiedEmbeddings = true;
    // The published counts are BertModel's, with its pooler; a masked-LM head is a scenario choice.
    m.encoderHead = EncoderHead::Pooler;
    h.notes << QCoreApplication::translate("HfImport", "counted as the encoder with its pooler (the published total); "
                                                       "the masked-LM head is model.encoder-head mlm");
    h.dropout = r.real("hidden_dropout_prob", 0.1, 0, 0.999);
}

using Mapper = void (*)(Reader &, HfModel &, const QString &);

struct Mapping
{
    const char *type;
    Mapper map;
};

void mapLlama(Reader &r, HfModel &h, const QString &t) { llamaLike(r, h, t); }
void mapGemma(Reader &r, HfModel &h, const QString &t) { gemmaLike(r, h, t); }
void mapGpt2(Reader &r, HfModel &h, const QString &) { gpt2(r, h); }
void mapNeox(Reader &r, HfModel &h, const QString &) { neox(r, h); }
void mapPhi(Reader &r, HfModel &h, const QString &) { phi(r, h); }
void mapFalcon(Reader &r, HfModel &h, const QString &) { falcon(r, h); }
void mapStarcoder2(Reader &r, HfModel &h, const QString &) { starcoder2(r, h); }
void mapBert(Reader &r, HfModel &h, const QString &) { bert(r, h); }

constexpr Mapping kMappings[] = {
    { "llama", mapLlama },      { "mistral", mapLlama },    { "mixtral", mapLlama },     { "qwen2", mapLlama },
    { "qwen2_moe", mapLlama },  { "qwen3", mapLlama },      { "qwen3_moe", mapLlama },   { "phi3", mapLlama },
    { "deepseek_v2", mapLlama }, { "deepseek_v3", mapLlama }, { "gemma", mapGemma },      { "gemma2", mapGemma },
    { "gemma3_text", mapGemma }, { "phi", mapPhi },          { "gpt2", mapGpt2 },         { "gpt_neox", mapNeox },
    { "falcon", mapFalcon },     { "starcoder2", mapStarcoder2 }, { "bert", mapBert },    { "roberta", mapBert },
};

// The core's own checks, named by the config's keys.
HfConfigError checkSizes(const HfModel &h)
{
    const ModelSpec &m = h.model;
    if (m.headDim == 0 && !m.mla.enabled() && m.heads > 0 && m.hidden % m.heads != 0)
        return { HfConfigError::Code::NotDivisible, {}, QStringLiteral("num_attention_heads"), {}, QString::number(qint64(m.heads)),
                 QStringLiteral("hidden_size"), {} };
    if (m.kvHeads > 0 && m.heads % m.kvHeads != 0)
        return { HfConfigError::Code::NotDivisible, {}, QStringLiteral("num_key_value_heads"), {},
                 QString::number(qint64(m.kvHeads)), QStringLiteral("num_attention_heads"), {} };
    if (m.moe.enabled() && m.moe.perToken > m.moe.experts)
        return { HfConfigError::Code::OutOfRange, {}, QStringLiteral("num_experts_per_tok"),
                 QStringLiteral("1 to %1 (the experts)").arg(qint64(m.moe.experts)), QString::number(qint64(m.moe.perToken)), {}, {} };
    return {};
}

} // namespace

QStringList supportedModelTypes()
{
    QStringList types;
    for (const Mapping &m : kMappings)
        types << QLatin1String(m.type);
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

HfConfigError readHfConfigObject(const QJsonObject &config, const QString &familyAs, HfModel &out)
{
    HfModel h;
    const QString declared = config.value(QStringLiteral("model_type")).toString();
    QString type = declared;
    if (!familyAs.isEmpty()) {
        if (!supportedModelTypes().contains(familyAs))
            return { HfConfigError::Code::UnknownFamily, {}, QStringLiteral("--hf-family"),
                     supportedModelTypes().join(QStringLiteral(", ")), excerpt(familyAs), {}, {} };
        type = familyAs;
    }
    const Mapping *mapping = nullptr;
    for (const Mapping &m : kMappings)
        if (type == QLatin1String(m.type))
            mapping = &m;
    if (!mapping)
        return { HfConfigError::Code::UnknownModelType, {}, QStringLiteral("model_type"),
                 supportedModelTypes().join(QStringLiteral(", ")),
                 declared.isEmpty() ? QStringLiteral("nothing") : QLatin1Char('"') + excerpt(declared) + QLatin1Char('"'), {}, {} };
    h.modelType = type;
    // Printed and kept: escaped and bounded (a 5 MB name with escape sequences could retitle the
    // terminal or fake an "error:" line).
    h.name = boundedName(config.value(QStringLiteral("_name_or_path")).toString(), 120);
    h.torchDtype = config.value(QStringLiteral("torch_dtype")).toString();
    Reader reader(config, h);
    mapping->map(reader, h, type);
    if (!reader.ok())
        return reader.error;
    // A reward or value model's checkpoint (LlamaForSequenceClassification, ...): a score head
    // in place of the LM head, for decoders (an encoder's classifier sits on its pooler).
    const QJsonArray architectures = config.value(QStringLiteral("architectures")).toArray();
    if (!blockTraits(h.model.family).encoder && !architectures.isEmpty()
        && architectures.first().toString().endsWith(QLatin1String("ForSequenceClassification"))) {
        h.model.head = ModelHead::Score;
        h.notes << QCoreApplication::translate("HfImport", "%1: a score head (H → 1) in place of the LM head")
                           .arg(excerpt(architectures.first().toString()));
    }
    if (const HfConfigError e = checkSizes(h); !e.ok())
        return e;
    // A rotary model's declared context and RoPE scaling: not memory, but the estimate warns
    // when the sequence runs past them. A value that is not a usable length stays ignored.
    if (const BlockTraits traits = modelTraits(h.model); traits.rotary && !traits.learnedPositions) {
        const QJsonValue context = config.value(QStringLiteral("max_position_embeddings"));
        const double n = context.toDouble(-1);
        if (context.isDouble() && n >= 1 && n <= 1e8 && n == std::floor(n)) {
            h.model.contextLength = static_cast<Count>(static_cast<long long>(n));
            h.used << QStringLiteral("max_position_embeddings");
        }
        const QJsonObject scaling = config.value(QStringLiteral("rope_scaling")).toObject();
        if (!scaling.isEmpty()) {
            const QString kind = scaling.value(QStringLiteral("rope_type")).toString(scaling.value(QStringLiteral("type")).toString());
            h.model.ropeScaling = ropeScalingFromName(kind.toStdString()).value_or(RopeScaling::Other);
            h.model.ropeScalingFactor = scaling.value(QStringLiteral("factor")).toDouble(0);
            if (!(h.model.ropeScalingFactor > 0 && h.model.ropeScalingFactor < 1e6))
                h.model.ropeScalingFactor = 0;
            h.used << QStringLiteral("rope_scaling");
        }
    }
    if (type != declared)
        h.notes << QCoreApplication::translate("HfImport", "model_type \"%1\" read as %2").arg(excerpt(declared), type);
    // Every key accounted for.
    for (auto it = config.begin(); it != config.end(); ++it) {
        const QString &k = it.key();
        if (h.used.contains(k) || h.warnings.contains(k))
            continue;
        if (k == QLatin1String("quantization_config")) {
            // Stored weights in int4, int8 or FP8: read as the frozen base's format where it is
            // one Headroom models, else the memory of the loaded model differs unmodelled.
            if (readQuantizationConfig(it.value().toObject(), h))
                h.used << k;
            else
                h.warnings << k;
        } else if (metadataKeys().contains(k)) {
            h.metadata << k;
        } else if (ignoredKeys().contains(k)) {
            h.ignored << k;
        } else {
            h.unrecognized << excerpt(k);
        }
    }
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
