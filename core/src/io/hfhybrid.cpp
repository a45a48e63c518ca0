#include "hfhybrid.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QSet>

// From transformers' configuration and modeling files (the mixers' tensors: parametertensors.h):
//  - Qwen3-Next: configuration_qwen3_next.py (008e5743), modeling_qwen3_next.py (01cdc608).
//  - Qwen3.5: configuration_qwen3_5.py (008e5743), modeling_qwen3_5.py (009e78d6),
//    modular_qwen3_5_moe.py (0960594c).
//  - Bamba: configuration_bamba.py (001f85b3), modeling_bamba.py (00511f5d).
//  - Granite 4.0 (granitemoehybrid): configuration_granitemoehybrid.py (008f5c8c),
//    modeling_granitemoehybrid.py (00511f5d), whose GraniteMoeHybridMambaLayer is BambaMixer.
//  - LFM2: configuration_lfm2.py (05cd1ec1), modeling_lfm2.py (0096ba4f).

namespace headroom::hf {

namespace {

// The layers a list of layer kinds names \a mixer, checked one by one; -1 when no list is given.
Count mixerLayersListed(Reader &r, const char *key, const QString &mixer, const QString &attention)
{
    const QJsonValue v = r.value(key);
    if (v.isUndefined() || v.isNull())
        return -1;
    r.use(key);
    if (!v.isArray()) {
        r.fail({ HfConfigError::Code::WrongType, {}, r.path(key), QStringLiteral("a list of layer kinds"), Reader::shown(v), {}, {} });
        return 0;
    }
    const QJsonArray a = v.toArray();
    const ModelSpec &m = r.model().model;
    if (Count(a.size()) != m.layers) {
        r.fail({ HfConfigError::Code::OutOfRange, {}, r.path(key),
                 QStringLiteral("one kind per layer (%1)").arg(qlonglong(m.layers)), QString::number(a.size()), {}, {} });
        return 0;
    }
    Count mixers = 0;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString kind = a.at(i).toString();
        if (kind == mixer)
            ++mixers;
        else if (kind != attention)
            r.fail({ HfConfigError::Code::WrongType, {}, r.path(key) + QStringLiteral("[%1]").arg(i),
                     QStringLiteral("\"%1\" or \"%2\"").arg(mixer, attention), Reader::shown(a.at(i)), {}, {} });
    }
    return mixers;
}

} // namespace

bool readsMixerLayers(const QString &type)
{
    return type == QLatin1String("qwen3_next") || type == QLatin1String("qwen3_5_text")
            || type == QLatin1String("qwen3_5_moe_text") || type == QLatin1String("bamba") || type == QLatin1String("granitemoehybrid")
            || type == QLatin1String("lfm2");
}

void readGatedDeltaNet(Reader &r, HfModel &h, bool split)
{
    ModelSpec &m = h.model;
    HybridSpec &y = m.hybrid;
    y.kind = MixerKind::GatedDeltaNet;
    // Qwen3NextConfig's and Qwen3_5TextConfig's defaults.
    y.heads = r.count("linear_num_value_heads", Field::MixerHeads, 32);
    y.headDim = r.count("linear_value_head_dim", Field::MixerHeadDim, 128);
    y.keyHeads = r.count("linear_num_key_heads", Field::MixerKeyHeads, 16);
    y.keyDim = r.count("linear_key_head_dim", Field::MixerKeyDim, 128);
    y.convKernel = r.count("linear_conv_kernel_dim", Field::MixerConv, 4);
    y.chunkSize = 64; // fla's chunk_gated_delta_rule
    y.splitProjections = split;
    Count mixers = mixerLayersListed(r, "layer_types", QStringLiteral("linear_attention"), QStringLiteral("full_attention"));
    if (mixers < 0) {
        // __post_init__: layer i is full attention when (i + 1) % full_attention_interval == 0.
        const Count interval = r.count("full_attention_interval", Field::Layers, 4);
        mixers = interval > 0 ? m.layers - quotient(m.layers, interval) : 0;
    } else {
        r.use("full_attention_interval");
    }
    y.layers = mixers;
    // The gated attention of the other layers: q_proj gives the output gate beside the queries;
    // the norms (the layers', the final one, q/k) scale by 1 + w in FP32.
    m.attentionGate = r.flag("attn_output_gate", true); // Qwen3.5's config states it
    m.zeroCenteredNorm = true;
    m.qkNorm = true;
    // The rotated share of each head: the top level's (Qwen3-Next), or rope_parameters' in the
    // newer configs (Qwen3.5); 0.25 by default.
    const QJsonObject rope = r.value("rope_parameters").toObject();
    if (rope.contains(QStringLiteral("partial_rotary_factor")) && !r.has("partial_rotary_factor")) {
        const double f = rope.value(QStringLiteral("partial_rotary_factor")).toDouble(-1);
        if (!(f >= 0 && f <= 1))
            r.fail({ HfConfigError::Code::OutOfRange, {}, r.path("rope_parameters") + QStringLiteral(".partial_rotary_factor"),
                     QStringLiteral("0 to 1"), Reader::shown(rope.value(QStringLiteral("partial_rotary_factor"))), {}, {} });
        m.rotaryFraction = f;
        r.use("rope_parameters");
    } else {
        m.rotaryFraction = r.real("partial_rotary_factor", 0.25, 0, 1);
    }
    r.ignore("mamba_ssm_dtype"); // the inference cache's dtype
    // Qwen3.5's dense configs keep Qwen3-Next's list of MLP-only layers, empty: every layer is
    // dense there already.
    if (m.moe.enabled())
        r.use("mlp_only_layers");
    else
        r.warnIf("mlp_only_layers", [](const QJsonValue &v) { return !v.toArray().isEmpty(); });
    // The checkpoints carry multi-token-prediction weights (mtp.*) that transformers does not load
    // (_keys_to_ignore_on_load_unexpected): not in the model it trains.
    r.ignore("mtp_num_hidden_layers");
    r.ignore("mtp_use_dedicated_embeddings");
    r.ignore("linear_attn_config");
    h.notes << QCoreApplication::translate("HfImport", "%1 of %2 layers are Gated DeltaNet linear attention, the others gated full "
                                                       "attention; estimated for fla's and causal-conv1d's kernels (without them "
                                                       "transformers runs a PyTorch fallback that saves far more)")
                       .arg(QString::number(qlonglong(mixers)), QString::number(qlonglong(m.layers)));
}

void readMamba2(Reader &r, HfModel &h, Mamba2Layers layers)
{
    ModelSpec &m = h.model;
    HybridSpec &y = m.hybrid;
    y.kind = MixerKind::Mamba2;
    // BambaConfig's defaults: the inner width is mamba_expand × hidden_size over mamba_n_heads
    // heads of mamba_d_head ("auto": the width over the heads; the config asserts they agree).
    const Count expand = r.count("mamba_expand", Field::MixerHeads, 2);
    const Count inner = expand * m.hidden;
    y.heads = r.count("mamba_n_heads", Field::MixerHeads, 128);
    const Count autoHeadDim = y.heads > 0 ? quotient(inner, y.heads) : 0;
    const QJsonValue headDim = r.value("mamba_d_head");
    if (headDim.isString() && headDim.toString() == QLatin1String("auto")) {
        r.use("mamba_d_head");
        y.headDim = autoHeadDim;
    } else {
        y.headDim = r.count("mamba_d_head", Field::MixerHeadDim, y.heads > 0 ? autoHeadDim : 1);
    }
    if (r.ok() && y.heads * y.headDim != inner)
        r.fail({ HfConfigError::Code::OutOfRange, {}, r.path("mamba_d_head"),
                 QStringLiteral("%1 (mamba_expand × hidden_size / mamba_n_heads)").arg(qlonglong(autoHeadDim)),
                 QString::number(qlonglong(y.headDim)), {}, {} });
    y.keyHeads = r.count("mamba_n_groups", Field::MixerKeyHeads, 1);
    y.keyDim = r.count("mamba_d_state", Field::MixerKeyDim, 256);
    y.convKernel = r.count("mamba_d_conv", Field::MixerConv, 4);
    y.chunkSize = r.count("mamba_chunk_size", Field::MixerChunk, 256);
    y.convBias = r.flag("mamba_conv_bias", true);
    y.projBias = r.flag("mamba_proj_bias", false);
    for (const char *k : { "time_step_limit", "time_step_min", "time_step_max", "time_step_floor", "use_mamba_kernels" })
        r.ignore(k);
    if (layers == Mamba2Layers::AttentionIndices) {
        // Layers listed in attn_layer_indices attend; the others are Mamba-2 (none listed: all).
        QSet<qint64> attention;
        readLayerNumbers(r, "attn_layer_indices", attention);
        y.layers = m.layers - Count(attention.size());
    } else {
        // Granite 4.0 names each layer "mamba" or "attention"; without the list every layer is
        // Mamba (GraniteMoeHybridConfig.layers_block_type at 008f5c8c).
        const Count mixers = mixerLayersListed(r, "layer_types", QStringLiteral("mamba"), QStringLiteral("attention"));
        y.layers = mixers < 0 ? m.layers : mixers;
    }
    // Granite-4.0-micro is this model type with attention in every layer: no mixer to describe.
    if (y.layers == 0) {
        y = HybridSpec{};
        return;
    }
    h.notes << QCoreApplication::translate("HfImport", "%1 of %2 layers are Mamba-2, the others attention; estimated for mamba_ssm's "
                                                       "and causal-conv1d's kernels (without them transformers runs a PyTorch "
                                                       "fallback that saves far more)")
                       .arg(QString::number(qlonglong(y.layers)), QString::number(qlonglong(m.layers)));
}

void readLfm2(Reader &r, HfModel &h)
{
    ModelSpec &m = h.model;
    m.family = BlockFamily::Llama;
    // Lfm2Config's defaults (LFM2-1.2B's sizes but for the layers and the hidden width).
    m.hidden = r.count("hidden_size", Field::Hidden, 2560);
    m.layers = r.count("num_hidden_layers", Field::Layers, 32);
    m.heads = r.count("num_attention_heads", Field::Heads, 32);
    m.kvHeads = r.count("num_key_value_heads", Field::KvHeads, 8);
    m.vocab = r.count("vocab_size", Field::Vocab, 65'536);
    if (r.has("head_dim"))
        m.headDim = r.count("head_dim", Field::HeadDim); // Lfm2Attention: getattr(config, "head_dim", H / A)
    // Lfm2Attention: q, k, v and out_proj without bias, an RMSNorm over each query and key head.
    m.qkvBias = m.outBias = m.mlpBias = false;
    m.qkNorm = true;
    // The original checkpoints name the tie tie_embedding, which the config takes over
    // tie_word_embeddings; tied by default.
    m.tiedEmbeddings = r.has("tie_embedding") ? r.flag("tie_embedding", true) : r.flag("tie_word_embeddings", true);
    if (r.has("tie_embedding"))
        r.use("tie_word_embeddings");
    // Lfm2MLP: the config's intermediate_size (block_ff_dim in the original checkpoints, which
    // wins) cut to int(2F/3), then, when block_ffn_dim_multiplier is set, scaled by it and rounded
    // up to block_multiple_of; used as stated when block_auto_adjust_ff_dim is false.
    const char *ffKey = r.has("block_ff_dim") ? "block_ff_dim" : "intermediate_size";
    const Count stated = r.count(ffKey, Field::Ffn, 12'288);
    Count ff = stated;
    if (r.has("block_ff_dim"))
        r.use("intermediate_size");
    if (r.flag("block_auto_adjust_ff_dim", true)) {
        ff = quotient(2 * ff, 3);
        const QJsonValue multiplier = r.value("block_ffn_dim_multiplier");
        r.use("block_ffn_dim_multiplier");
        const bool scaled = !multiplier.isNull(); // absent: the config's 1.0
        const double factor = multiplier.isUndefined() ? 1.0 : r.real("block_ffn_dim_multiplier", 1.0, 1e-6, 64);
        const Count multipleOf = r.count("block_multiple_of", Field::Ffn, 256);
        if (scaled && r.ok()) {
            ff = static_cast<Count>(std::floor(factor * double(static_cast<std::int64_t>(ff))));
            ff = multipleOf * quotient(ff + multipleOf - 1, multipleOf);
        }
    } else {
        r.use("block_ffn_dim_multiplier");
        r.use("block_multiple_of");
    }
    m.ffn = ff;
    if (r.ok() && ff < 1)
        r.fail({ HfConfigError::Code::OutOfRange, {}, r.path(ffKey), QStringLiteral("2 or more (block_auto_adjust_ff_dim keeps int(2F/3))"),
                 QString::number(qlonglong(stated)), {}, {} });
    // transformers sizes the blocks, the convolution and SwiGLU by the keys above: these copies
    // from the original checkpoints matter only where they disagree.
    for (const char *k : { "block_dim", "conv_dim", "conv_dim_out" })
        r.warnIf(k, [&m](const QJsonValue &v) { return v.toDouble(-1) != double(static_cast<std::int64_t>(m.hidden)); });
    r.warnIf("block_use_swiglu", [](const QJsonValue &v) { return !v.toBool(true); });
    for (const char *k : { "num_heads", "norm_eps", "block_norm_eps", "block_mlp_init_scale", "block_out_init_scale", "block_use_xavier_init",
                           "conv_use_xavier_init", "use_pos_enc", "theta" })
        r.ignore(k);

    HybridSpec &y = m.hybrid;
    y.kind = MixerKind::ShortConv;
    y.heads = 1;
    y.headDim = m.hidden; // Lfm2ShortConv convolves hidden_size channels
    y.convKernel = r.count("conv_L_cache", Field::MixerConv, 3);
    y.convBias = y.projBias = r.flag("conv_bias", false);
    // layer_types names each layer; older configs list the attention layers in full_attn_idxs;
    // with neither, every layer attends (Lfm2Config).
    Count mixers = mixerLayersListed(r, "layer_types", QStringLiteral("conv"), QStringLiteral("full_attention"));
    if (mixers < 0) {
        QSet<qint64> attention;
        mixers = readLayerNumbers(r, "full_attn_idxs", attention) ? m.layers - Count(attention.size()) : 0;
    } else {
        r.ignore("full_attn_idxs"); // the config derives layer_types from it only when layer_types is absent
    }
    y.layers = mixers;
    if (y.layers == 0) {
        y = HybridSpec{};
        return;
    }
    h.notes << QCoreApplication::translate("HfImport", "%1 of %2 layers are gated short convolutions, the others attention; estimated "
                                                       "for causal-conv1d's kernel (without it transformers' fallback keeps K - 1 more "
                                                       "positions of one tensor in each of those layers)")
                       .arg(QString::number(qlonglong(y.layers)), QString::number(qlonglong(m.layers)));
}

} // namespace headroom::hf
