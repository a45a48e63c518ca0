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
            || type == QLatin1String("qwen3_5_moe_text") || type == QLatin1String("bamba") || type == QLatin1String("granitemoehybrid");
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

} // namespace headroom::hf
