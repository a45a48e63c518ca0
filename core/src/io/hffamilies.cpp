#include "hfhybrid.h"
#include "hfreader.h"

#include <QCoreApplication>
#include <QSet>

// Each model_type's block family and options, with the defaults of its transformers
// configuration class. The layouts are those of transformers' modeling_<type>.py; the newer
// families cite the file and commit they were read from.

namespace headroom::hf {

namespace {

// Sizes every decoder states under these names (LlamaConfig and its descendants).
void decoderSizes(Reader &r, ModelSpec &m, const char *hidden = "hidden_size", const char *layers = "num_hidden_layers",
                  const char *heads = "num_attention_heads", const char *vocab = "vocab_size")
{
    m.hidden = r.count(hidden, Field::Hidden);
    m.layers = r.count(layers, Field::Layers);
    m.heads = r.count(heads, Field::Heads);
    m.vocab = r.count(vocab, Field::Vocab);
}

QString text(Count c)
{
    return QString::number(qlonglong(c));
}

/*
 * Which layers carry experts when not all of them do, as a count: Qwen-MoE's decoder_sparse_step
 * and mlp_only_layers (layer i has experts when i is not listed and (i + 1) % step == 0), Llama 4's
 * interleave_moe_layer_step or its moe_layers list. The engine keeps the dense layers first
 * (first_k_dense_replace's layout): totals and every GPU's share without pipeline parallelism are
 * exact; pipeline stages then split the two kinds by position, which the note says.
 */
enum class LayerList { Dense, Sparse }; //!< what the list names: layers without experts, or with them

void sparseLayersFrom(Reader &r, HfModel &h, const char *stepKey, const char *listKey, LayerList listNames, const char *listMeaning)
{
    ModelSpec &m = h.model;
    const Count step = r.count(stepKey, Field::Layers, 1);
    QSet<qint64> listed;
    const bool listGiven = readLayerNumbers(r, listKey, listed);
    if (!r.ok() || step < 1)
        return;
    const bool listIsMoe = listNames == LayerList::Sparse;
    Count sparse = 0;
    bool denseFirst = true;
    bool seenSparse = false;
    for (qint64 i = 0; i < qint64(m.layers); ++i) {
        bool isSparse = listGiven && listIsMoe ? listed.contains(i) : ((i + 1) % qint64(step) == 0 && !listed.contains(i));
        if (isSparse) {
            ++sparse;
            seenSparse = true;
        } else if (seenSparse) {
            denseFirst = false;
        }
    }
    m.moe.denseLayers = m.layers - sparse;
    if (sparse == 0)
        m.moe = MoeSpec{};
    if (!denseFirst)
        h.notes << QCoreApplication::translate("HfImport", "%1 of %2 layers carry experts (%3); Headroom places the dense ones first, "
                                                           "which changes only how pipeline stages split the layers")
                           .arg(text(sparse), text(m.layers), QCoreApplication::translate("HfImport", listMeaning));
}

// Granite 4.0 (GraniteMoeHybridConfig, configuration_granitemoehybrid.py 008f5c8c; modeling at
// 00511f5d): every layer's shared_mlp is a gated MLP of shared_intermediate_size whose gate and
// up are one input_linear; with num_local_experts > 0, experts of intermediate_size beside it
// (an ungated shared expert) behind a router without bias. The attention has no position
// embedding unless position_embedding_type is "rope"; the Mamba-2 layers are Bamba's mixer.
void graniteHybrid(Reader &r, HfModel &h)
{
    ModelSpec &m = h.model;
    MoeSpec &e = m.moe;
    const Count shared = r.count("shared_intermediate_size", Field::SharedFfn, 1024);
    const QJsonValue experts = r.value("num_local_experts");
    if (experts.isDouble() && experts.toDouble() == 0) {
        // No experts (Granite-4.0-H-Micro, -H-1B, -micro): the shared MLP is the layer's MLP;
        // intermediate_size and num_experts_per_tok size nothing there.
        r.use("num_local_experts");
        r.use("num_experts_per_tok");
        r.use("intermediate_size");
        e = MoeSpec{};
        m.ffn = shared;
    } else {
        e.experts = r.count("num_local_experts", Field::Experts, 8);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken, 2);
        e.expertFfn = m.ffn; // intermediate_size
        e.sharedExperts = 1;
        e.sharedFfn = shared;
    }
    m.fusedGateUp = true;
    m.mlpBias = false;
    m.rotaryFraction = r.text("position_embedding_type") == QLatin1String("rope") ? 1.0 : 0.0;
    // Constant scales of the embedding, the attention scores, the residual branches and the
    // logits: multiplications whose results nothing saves.
    for (const char *k : { "embedding_multiplier", "attention_multiplier", "residual_multiplier", "logits_scaling" })
        r.ignore(k);
    readMamba2(r, h, Mamba2Layers::LayerTypes);
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
    const bool gptOss = type == QLatin1String("gpt_oss");
    // GptOssConfig's attention_bias defaults to true; LlamaConfig's and its copies' to false.
    const bool attentionBias = r.flag("attention_bias", gptOss);
    m.qkvBias = attentionBias;
    m.outBias = attentionBias;
    m.mlpBias = r.flag("mlp_bias", false);
    const bool deepseek = type.startsWith(QLatin1String("deepseek"));
    const bool moe = type == QLatin1String("mixtral") || type == QLatin1String("qwen2_moe") || type == QLatin1String("qwen3_moe")
            || deepseek || gptOss || type == QLatin1String("glm4_moe") || type == QLatin1String("llama4_text")
            || type == QLatin1String("minimax_m2") || type == QLatin1String("qwen3_next") || type == QLatin1String("qwen3_5_moe_text");
    // Qwen3-Next and Qwen3.5: Gated DeltaNet layers beside gated attention; Bamba: Mamba-2 layers.
    const bool qwenNext = type == QLatin1String("qwen3_next") || type == QLatin1String("qwen3_5_text")
            || type == QLatin1String("qwen3_5_moe_text");
    // Dense models need the MLP size; MoE models use it for their dense layers only.
    m.ffn = r.count("intermediate_size", Field::Ffn, moe ? 1 : -1);
    if (type == QLatin1String("qwen2") || type == QLatin1String("qwen2_moe")) {
        // Qwen2Attention: q, k, v with bias, o without, whatever attention_bias says (MiMo's
        // config sets it; its attention is Qwen2's).
        m.qkvBias = true;
        m.outBias = false;
    }
    if (type == QLatin1String("qwen3") || type == QLatin1String("qwen3_moe"))
        m.qkNorm = true;
    if (type == QLatin1String("phi3"))
        m.fusedProjections = true; // qkv_proj and gate_up_proj
    if (type == QLatin1String("olmo2") || type == QLatin1String("olmo3")) {
        // transformers models/olmo2: q_norm over A d_h and k_norm over KV d_h, the two layer
        // norms after attention and after the MLP (the same weights as before them).
        m.qkNorm = true;
        m.qkNormWhole = true;
    }
    MoeSpec &e = m.moe;
    if (type == QLatin1String("mixtral")) {
        e.experts = r.count("num_local_experts", Field::Experts, 8);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken, 2);
        e.expertFfn = m.ffn; // Mixtral's experts are intermediate_size wide
    } else if (type == QLatin1String("qwen2_moe") || type == QLatin1String("qwen3_moe") || type == QLatin1String("qwen3_next")
               || type == QLatin1String("qwen3_5_moe_text")) {
        // Qwen3-Next (Qwen3NextSparseMoeBlock) and Qwen3.5-MoE keep Qwen2-MoE's gated shared
        // expert; their configs' defaults: 512 experts, 10 a token (Qwen3.5: 256, 8), 512 wide.
        const bool next = type == QLatin1String("qwen3_next"), next35 = type == QLatin1String("qwen3_5_moe_text");
        e.experts = r.count("num_experts", Field::Experts, type == QLatin1String("qwen2_moe") ? 60 : next ? 512 : next35 ? 256 : 128);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken, type == QLatin1String("qwen2_moe") ? 4 : next ? 10 : 8);
        e.expertFfn = r.count("moe_intermediate_size", Field::ExpertFfn, type == QLatin1String("qwen2_moe") ? 1408 : next || next35 ? 512 : 768);
        if (type == QLatin1String("qwen2_moe") || next || next35) {
            e.sharedExperts = 1;
            e.sharedFfn = r.count("shared_expert_intermediate_size", Field::SharedFfn, type == QLatin1String("qwen2_moe") ? 5632 : 512);
            e.sharedGate = true;
        }
        sparseLayersFrom(r, h, "decoder_sparse_step", "mlp_only_layers", LayerList::Dense,
                         QT_TRANSLATE_NOOP("HfImport", "every decoder_sparse_step-th one, not those in mlp_only_layers"));
    } else if (gptOss) {
        // transformers models/gpt_oss/modeling_gpt_oss.py (00d4b3d): the router is a Linear with
        // bias (E), each expert's gate_up_proj (H x 2F) and down_proj (F x H) carry biases, the
        // attention keeps one sink logit per head; no dense layers, no shared expert.
        e.experts = r.count("num_local_experts", Field::Experts, 128);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken, 4);
        r.use("experts_per_token"); // the original checkpoint's name for the same number
        e.expertFfn = m.ffn;
        e.routerBias = true;
        e.expertBias = true;
        m.attentionSinks = true;
        r.ignore("swiglu_limit");
        r.ignore("initial_context_length");
    } else if (type == QLatin1String("llama4_text")) {
        // transformers models/llama4/modeling_llama4.py (000c33f): MoE layers route to E experts
        // of intermediate_size with one shared expert of the same size, no router bias; the other
        // layers are a dense MLP of intermediate_size_mlp. use_qk_norm is an L2 norm without weights.
        e.experts = r.count("num_local_experts", Field::Experts, 16);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken, 1);
        e.expertFfn = m.ffn > 1 ? m.ffn : r.count("intermediate_size", Field::ExpertFfn, 8192);
        e.sharedExperts = 1;
        e.sharedFfn = e.expertFfn;
        m.ffn = r.count("intermediate_size_mlp", Field::Ffn, 16384);
        sparseLayersFrom(r, h, "interleave_moe_layer_step", "moe_layers", LayerList::Sparse,
                         QT_TRANSLATE_NOOP("HfImport", "every interleave_moe_layer_step-th one, or those in moe_layers"));
        for (const char *k : { "use_qk_norm", "attention_chunk_size", "no_rope_layers", "attn_temperature_tuning", "floor_scale", "attn_scale" })
            r.ignore(k);
    } else if (type == QLatin1String("minimax_m2")) {
        // MiniMax-M2 (transformers models/minimax_m2): 256 experts of intermediate_size routed by a
        // router with a correction bias (use_routing_bias), q/k norms over the whole layer
        // (qk_norm_type per_layer), rotary_dim of each head; its multi-token-prediction modules
        // are not part of the model transformers builds.
        e.experts = r.count("num_local_experts", Field::Experts, 256);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken, 8);
        e.expertFfn = m.ffn;
        if (const Count shared = r.count("shared_intermediate_size", Field::MaxPositions, 0); shared > 0) {
            e.sharedExperts = 1;
            e.sharedFfn = shared;
        }
        e.routerBias = r.flag("use_routing_bias", true);
        m.qkNorm = r.flag("use_qk_norm", true);
        m.qkNormWhole = r.text("qk_norm_type") != QLatin1String("per_head");
        const Count headDim = m.headDimOrDefault();
        const Count rotary = r.count("rotary_dim", Field::HeadDim, headDim);
        m.rotaryFraction = headDim > 0 ? double(static_cast<std::int64_t>(rotary)) / double(static_cast<std::int64_t>(headDim)) : 1.0;
        if (m.rotaryFraction > 1)
            r.fail({ HfConfigError::Code::OutOfRange, {}, r.path("rotary_dim"), QStringLiteral("1 to the head dimension"),
                     QString::number(qlonglong(rotary)), {}, {} });
        r.warnIf("use_mtp", [](const QJsonValue &v) { return v.toBool(); });
        r.use("num_mtp_modules");
        r.use("mtp_transformer_layers");
    } else if (type == QLatin1String("glm4_moe")) {
        // transformers models/glm4_moe: DeepSeek-V3's routing (a correction bias of E on the
        // router, shared experts, the first layers dense) over grouped-query attention with q, k,
        // v biases (attention_bias; o without) and optional q/k norms; partial rotary.
        e.experts = r.count("n_routed_experts", Field::Experts, 128);
        e.perToken = r.count("num_experts_per_tok", Field::ExpertsPerToken, 8);
        e.expertFfn = r.count("moe_intermediate_size", Field::ExpertFfn, 1408);
        e.sharedExperts = r.count("n_shared_experts", Field::SharedExperts, 1);
        e.denseLayers = r.count("first_k_dense_replace", Field::DenseLayers, 1);
        e.routerBias = true;
        m.outBias = false;
        m.qkNorm = r.flag("use_qk_norm", false);
        m.rotaryFraction = r.real("partial_rotary_factor", 0.5, 0, 1);
        r.warnIf("num_nextn_predict_layers", [](const QJsonValue &v) { return v.toDouble() > 0; });
    } else if (deepseek) {
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
        if (type == QLatin1String("deepseek_v32")) {
            // DeepSeek-V3.2's indexer (the reference inference/model.py beside its config): its
            // weights are counted; the scores it computes over every key to pick index_topk of
            // them are activations the model does not itemize.
            a.indexHeads = r.count("index_n_heads", Field::IndexHeads, 64);
            a.indexHeadDim = r.count("index_head_dim", Field::IndexHeadDim, 128);
            r.warnIf("index_topk", [](const QJsonValue &) { return true; });
        }
    }
    if (qwenNext)
        readGatedDeltaNet(r, h, type != QLatin1String("qwen3_next"));
    if (type == QLatin1String("bamba")) {
        // BambaConfig forces attention_bias and mlp_bias off and partial_rotary_factor to 0.5
        // (configuration_bamba.py 001f85b3); an optional z-loss over the logits is not modelled.
        m.qkvBias = m.outBias = m.mlpBias = false;
        m.rotaryFraction = 0.5;
        r.warnIf("z_loss_coefficient", [](const QJsonValue &v) { return v.toDouble() > 0; });
        readMamba2(r, h, Mamba2Layers::AttentionIndices);
    }
    if (type == QLatin1String("granitemoehybrid"))
        graniteHybrid(r, h);
    if (type == QLatin1String("qwen2")) {
        // MiMo (model_type mimo, Qwen2's layers) ships multi-token prediction layers beside them.
        r.warnIf("num_nextn_predict_layers", [](const QJsonValue &v) { return v.toDouble() > 0; });
    }
    h.dropout = r.real("attention_dropout", 0, 0, 0.999);
}

void gemmaLike(Reader &r, HfModel &h, const QString &type)
{
    ModelSpec &m = h.model;
    m.family = type == QLatin1String("gemma") ? BlockFamily::Gemma : BlockFamily::Gemma2;
    const bool gemma3 = type == QLatin1String("gemma3_text");
    if (gemma3) {
        // Gemma3TextConfig's defaults (transformers configuration_gemma3.py): the multimodal
        // checkpoints' text_config states only what differs from them (gemma-3-4b: hidden,
        // intermediate and layers; heads 8, KV heads 4 and the vocabulary of 262,208 by default).
        m.hidden = r.count("hidden_size", Field::Hidden, 2304);
        m.layers = r.count("num_hidden_layers", Field::Layers, 26);
        m.heads = r.count("num_attention_heads", Field::Heads, 8);
        m.vocab = r.count("vocab_size", Field::Vocab, 262'208);
    } else {
        decoderSizes(r, m);
    }
    m.kvHeads = r.count("num_key_value_heads", Field::KvHeads, gemma3 ? 4 : m.heads);
    m.headDim = r.count("head_dim", Field::HeadDim, 256);
    m.ffn = r.count("intermediate_size", Field::Ffn, gemma3 ? 9216 : -1);
    m.tiedEmbeddings = r.flag("tie_word_embeddings", true);
    if (type != QLatin1String("gemma")) {
        // Gemma-2 caps its logits unless the config sets the caps to null (Gemma2Config's
        // defaults are 30 and 50); Gemma-3 has none unless the config sets them.
        const bool capped = gemma3 ? r.has("final_logit_softcapping") || r.has("attn_logit_softcapping")
                                   : !(r.object().contains(QLatin1String("final_logit_softcapping")) && !r.has("final_logit_softcapping")
                                       && r.object().contains(QLatin1String("attn_logit_softcapping")) && !r.has("attn_logit_softcapping"));
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
        h.warnings << r.path("use_bias");
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



void bloom(Reader &r, HfModel &h)
{
    // transformers models/bloom/modeling_bloom.py: GPT-2's block (LayerNorms with bias, fused
    // query_key_value, dense, a 4H GELU MLP, biases everywhere) with ALiBi in place of a position
    // table and a LayerNorm after the word embeddings; the head is tied.
    ModelSpec &m = h.model;
    m.family = BlockFamily::Gpt2;
    m.hidden = r.has("n_embed") ? r.count("n_embed", Field::Hidden) : r.count("hidden_size", Field::Hidden);
    m.layers = r.count("n_layer", Field::Layers);
    m.heads = r.count("n_head", Field::Heads);
    m.vocab = r.count("vocab_size", Field::Vocab);
    m.ffn = 4 * m.hidden;
    r.use("n_inner");
    m.maxPositions = 0;
    m.embeddingNorm = true;
    m.tiedEmbeddings = r.flag("tie_word_embeddings", true);
    r.warnIf("apply_residual_connection_post_layernorm", [](const QJsonValue &v) { return v.toBool(); });
    for (const char *k : { "offset_alibi", "pretraining_tp", "skip_bias_add", "skip_bias_add_qkv", "slow_but_exact",
                           "masked_softmax_fusion", "bias_dropout_fusion", "unk_token_id", "seq_length" })
        r.ignore(k);
    h.dropout = r.real("hidden_dropout", 0, 0, 0.999);
    h.notes << QCoreApplication::translate("HfImport", "ALiBi: transformers' BLOOM attention computes its scores eagerly (no SDPA or "
                                                       "flash kernel); choose the eager attention for its activations");
}

// A nested object's keys (DBRX's attn_config, MPT's attn_config): those \a nested did not use are
// ignored when listed in \a ignorable (nothing memory depends on), else unrecognized.
void accountNested(Reader &nested, std::initializer_list<const char *> ignorable)
{
    HfModel &h = nested.model();
    const QJsonObject &o = nested.object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString path = nested.prefix() + it.key();
        if (h.used.contains(path) || h.warnings.contains(path) || h.ignored.contains(path))
            continue;
        bool known = false;
        for (const char *k : ignorable)
            known = known || it.key() == QLatin1String(k);
        if (known)
            h.ignored << path;
        else
            h.unrecognized << excerpt(path);
    }
}

// The nested object \a key of \a r (an empty one when absent), its keys named under \a key.
QJsonObject nestedObject(Reader &r, const char *key)
{
    const QJsonValue v = r.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    r.use(key);
    if (!v.isObject()) {
        r.fail({ HfConfigError::Code::WrongType, {}, r.path(key), QStringLiteral("an object"), Reader::shown(v), {}, {} });
        return {};
    }
    return v.toObject();
}

void mpt(Reader &r, HfModel &h)
{
    // transformers models/mpt/modeling_mpt.py: ALiBi (no position table), fused Wqkv and
    // out_proj, an up/down MLP of expansion_ratio with nn.GELU, LayerNorms; no biases anywhere
    // under no_bias (MptConfig's default); the head tied to the token table.
    ModelSpec &m = h.model;
    m.family = BlockFamily::Gpt2;
    m.hidden = r.count("d_model", Field::Hidden, 2048);
    m.layers = r.count("n_layers", Field::Layers, 24);
    m.heads = r.count("n_heads", Field::Heads, 16);
    m.vocab = r.count("vocab_size", Field::Vocab, 50368);
    m.ffn = r.count("expansion_ratio", Field::HeadDim, 4) * m.hidden;
    m.maxPositions = 0;
    m.tiedEmbeddings = true;
    m.noBias = r.flag("no_bias", true);
    const QJsonObject attnObject = nestedObject(r, "attn_config");
    Reader attn(attnObject, h, r.path("attn_config") + QLatin1Char('.'));
    attn.warnIf("qk_ln", [](const QJsonValue &v) { return v.toBool(); });
    attn.warnIf("alibi", [](const QJsonValue &v) { return !v.toBool(); });
    accountNested(attn, { "attn_pdrop", "attn_impl", "clip_qkv", "softmax_scale", "prefix_lm", "attn_uses_sequence_id",
                          "alibi_bias_max", "attn_type", "rope_theta" });
    for (const char *k : { "max_seq_len", "learned_pos_emb", "init_device", "logit_scale", "verbose", "embedding_fraction",
                           "norm_type", "emb_pdrop", "init_config", "fc_type" })
        r.ignore(k);
    h.dropout = r.real("resid_pdrop", 0, 0, 0.999);
    h.notes << QCoreApplication::translate("HfImport", "ALiBi: transformers' MPT attention computes its scores eagerly (no SDPA or "
                                                       "flash kernel); choose the eager attention for its activations");
}

void dbrx(Reader &r, HfModel &h)
{
    // transformers models/dbrx/modeling_dbrx.py: fused Wqkv (q and kv_n_heads keys and values)
    // and out_proj without bias, LayerNorms without bias (counted as RMSNorm's weights, the same
    // number), 16 GLU experts (w1, v1, w2) routed to 4 by a router without bias; untied head.
    ModelSpec &m = h.model;
    m.family = BlockFamily::Llama;
    m.fusedProjections = true;
    m.hidden = r.count("d_model", Field::Hidden, 2048);
    m.layers = r.count("n_layers", Field::Layers, 24);
    m.heads = r.count("n_heads", Field::Heads, 16);
    m.vocab = r.count("vocab_size", Field::Vocab, 32000);
    m.tiedEmbeddings = r.flag("tie_word_embeddings", false);
    const QJsonObject attnObject = nestedObject(r, "attn_config");
    Reader attn(attnObject, h, r.path("attn_config") + QLatin1Char('.'));
    m.kvHeads = attn.count("kv_n_heads", Field::KvHeads, 1);
    accountNested(attn, { "attn_pdrop", "clip_qkv", "rope_theta", "model_type" });
    const QJsonObject ffnObject = nestedObject(r, "ffn_config");
    Reader ffn(ffnObject, h, r.path("ffn_config") + QLatin1Char('.'));
    MoeSpec &e = m.moe;
    e.experts = ffn.count("moe_num_experts", Field::Experts, 4);
    e.perToken = ffn.count("moe_top_k", Field::ExpertsPerToken, 1);
    e.expertFfn = ffn.count("ffn_hidden_size", Field::ExpertFfn, 3584);
    m.ffn = e.expertFfn;
    accountNested(ffn, { "moe_jitter_eps", "moe_loss_weight", "moe_normalize_expert_weights", "ffn_act_fn", "model_type" });
    if (!attn.ok())
        r.fail(attn.error);
    if (!ffn.ok())
        r.fail(ffn.error);
    r.ignore("max_seq_len");
    h.dropout = r.real("resid_pdrop", 0, 0, 0.999);
}

void chatglm(Reader &r, HfModel &h)
{
    // THUDM's ChatGLM3 / GLM-4 (trust_remote_code: modeling_chatglm.py beside the config): RMSNorm,
    // one query_key_value matrix (A heads of kv_channels and multi_query_group_num key and value
    // groups) with add_qkv_bias, dense, a SwiGLU dense_h_to_4h of 2 x ffn_hidden_size and
    // dense_4h_to_h without bias (add_bias_linear), rotary on half of each head, an untied
    // output_layer over padded_vocab_size.
    ModelSpec &m = h.model;
    m.family = BlockFamily::Llama;
    m.fusedProjections = true;
    m.hidden = r.count("hidden_size", Field::Hidden);
    m.layers = r.count("num_layers", Field::Layers);
    m.heads = r.count("num_attention_heads", Field::Heads);
    m.vocab = r.count("padded_vocab_size", Field::Vocab);
    m.ffn = r.count("ffn_hidden_size", Field::Ffn);
    m.headDim = r.count("kv_channels", Field::HeadDim, 0);
    m.kvHeads = r.flag("multi_query_attention", false) ? r.count("multi_query_group_num", Field::KvHeads, 1) : m.heads;
    r.use("multi_query_group_num");
    m.qkvBias = r.flag("add_qkv_bias", false);
    const bool linearBias = r.flag("add_bias_linear", false);
    m.outBias = linearBias;
    m.mlpBias = linearBias;
    m.rotaryFraction = 0.5;
    m.tiedEmbeddings = r.flag("tie_word_embeddings", false);
    // LayerNorm in place of RMSNorm (a bias a norm), or no final norm: each named by its own key.
    if (!r.flag("rmsnorm", true))
        h.warnings << r.path("rmsnorm");
    if (!r.flag("post_layer_norm", true))
        h.warnings << r.path("post_layer_norm");
    r.warnIf("apply_residual_connection_post_layernorm", [](const QJsonValue &v) { return v.toBool(); });
    r.warnIf("pre_seq_len", [](const QJsonValue &) { return true; });
    r.warnIf("quantization_bit", [](const QJsonValue &v) { return v.toDouble() != 0; });
    for (const char *k : { "seq_length", "layernorm_epsilon", "bias_dropout_fusion", "apply_query_key_layer_scaling",
                           "attention_softmax_in_fp32", "fp32_residual_connection", "prefix_projection", "original_rope",
                           "rope_ratio", "classifier_dropout", "vocab_size" })
        r.ignore(k);
    h.dropout = r.real("hidden_dropout", 0, 0, 0.999);
}

struct Mapping
{
    const char *type;
    void (*map)(Reader &, HfModel &, const QString &);
};

void mapLlama(Reader &r, HfModel &h, const QString &t) { llamaLike(r, h, t); }
void mapGemma(Reader &r, HfModel &h, const QString &t) { gemmaLike(r, h, t); }
void mapGpt2(Reader &r, HfModel &h, const QString &) { gpt2(r, h); }
void mapNeox(Reader &r, HfModel &h, const QString &) { neox(r, h); }
void mapPhi(Reader &r, HfModel &h, const QString &) { phi(r, h); }
void mapFalcon(Reader &r, HfModel &h, const QString &) { falcon(r, h); }
void mapStarcoder2(Reader &r, HfModel &h, const QString &) { starcoder2(r, h); }
void mapBert(Reader &r, HfModel &h, const QString &) { bert(r, h); }
void mapBloom(Reader &r, HfModel &h, const QString &) { bloom(r, h); }
void mapMpt(Reader &r, HfModel &h, const QString &) { mpt(r, h); }
void mapDbrx(Reader &r, HfModel &h, const QString &) { dbrx(r, h); }
void mapChatglm(Reader &r, HfModel &h, const QString &) { chatglm(r, h); }
void mapLfm2(Reader &r, HfModel &h, const QString &) { readLfm2(r, h); }

constexpr Mapping kMappings[] = {
    { "llama", mapLlama },       { "mistral", mapLlama },      { "mixtral", mapLlama },       { "qwen2", mapLlama },
    { "qwen2_moe", mapLlama },   { "qwen3", mapLlama },        { "qwen3_moe", mapLlama },     { "phi3", mapLlama },
    { "deepseek_v2", mapLlama }, { "deepseek_v3", mapLlama },  { "deepseek_v32", mapLlama },  { "glm4_moe", mapLlama },
    { "gpt_oss", mapLlama },     { "llama4_text", mapLlama },  { "gemma", mapGemma },         { "gemma2", mapGemma },
    { "gemma3_text", mapGemma }, { "phi", mapPhi },            { "gpt2", mapGpt2 },           { "gpt_neox", mapNeox },
    { "falcon", mapFalcon },     { "starcoder2", mapStarcoder2 }, { "bert", mapBert },        { "roberta", mapBert },
    { "minimax_m2", mapLlama },  { "olmo2", mapLlama },        { "olmo3", mapLlama },         { "qwen3_next", mapLlama },
    { "qwen3_5_text", mapLlama }, { "qwen3_5_moe_text", mapLlama }, { "bamba", mapLlama }, { "granitemoehybrid", mapLlama },
    { "bloom", mapBloom },       { "mpt", mapMpt },            { "dbrx", mapDbrx },           { "chatglm", mapChatglm },
    { "lfm2", mapLfm2 },
};

} // namespace

bool readLayerNumbers(Reader &r, const char *key, QSet<qint64> &out)
{
    const Count layers = r.model().model.layers;
    const QJsonValue list = r.value(key);
    if (list.isUndefined() || list.isNull())
        return false;
    r.use(key);
    if (!list.isArray()) {
        r.fail({ HfConfigError::Code::WrongType, {}, r.path(key), QStringLiteral("a list of layer numbers"), Reader::shown(list), {}, {} });
        return true;
    }
    const QJsonArray a = list.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        const double d = a.at(i).toDouble(-1);
        if (!a.at(i).isDouble() || d != std::floor(d) || d < 0 || d >= double(layers)) {
            r.fail({ HfConfigError::Code::OutOfRange, {}, r.path(key) + QStringLiteral("[%1]").arg(i),
                     QStringLiteral("0 to %1 (a layer)").arg(qlonglong(layers) - 1), Reader::shown(a.at(i)), {}, {} });
            return true;
        }
        out.insert(qint64(d));
    }
    return true;
}

bool mapFamily(Reader &r, HfModel &h, const QString &type)
{
    for (const Mapping &m : kMappings) {
        if (type == QLatin1String(m.type)) {
            m.map(r, h, type);
            return true;
        }
    }
    return false;
}

QStringList familyTypes()
{
    QStringList types;
    for (const Mapping &m : kMappings)
        types << QLatin1String(m.type);
    return types;
}

} // namespace headroom::hf
