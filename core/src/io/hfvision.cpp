#include "hfvision.h"

#include <QCoreApplication>

// The vision towers of the multimodal configs Headroom reads, counted tensor by tensor from
// transformers' modeling files, with their configuration classes' defaults:
// - SigLIP (models/siglip/modeling_siglip.py; Gemma-3's tower): a Conv2d patch embedding with
//   bias, a learned position per patch ((image / patch)²), layers of two LayerNorms, q, k, v and
//   out_proj with bias and an fc1/fc2 MLP with bias, a post LayerNorm, and the attention-pooling
//   head where vision_use_head is set; Gemma-3's projector (models/gemma3/modeling_gemma3.py)
//   is one vision x text matrix and an RMSNorm of the vision width.
// - Qwen2-VL (models/qwen2_vl): a Conv3d patch embedding without bias over temporal x patch²
//   pixels, layers of two LayerNorms, fused qkv and proj with bias, an fc1/fc2 MLP of mlp_ratio,
//   and the merger: a LayerNorm, then (width x merge²)² and (width x merge²) x hidden with bias.
// - Qwen2.5-VL (models/qwen2_5_vl): the same with RMSNorms, a gated MLP with bias, and an RMSNorm
//   in the merger.
// - Qwen3-VL (models/qwen3_vl): the Conv3d with bias, a learned table of num_position_embeddings,
//   Qwen2-VL's layers with linear_fc1/linear_fc2, the merger, and one more merger (its LayerNorm
//   after the merge) per deepstack_visual_indexes entry.
// - Pixtral (models/pixtral/modeling_pixtral.py at 0233e509): a Conv2d patch_conv without bias,
//   ln_pre, layers of attention_norm, q/k/v/o_proj without bias, a gated MLP (gate_proj, up_proj,
//   down_proj) without bias and ffn_norm, all norms RMSNorms of one weight; the 2D rotary tables
//   are buffers. Mistral 3's projector (models/mistral3/modeling_mistral3.py): an RMSNorm of the
//   vision width, the patch merger's merging_layer (width x merge² -> width, no bias), linear_1
//   (width x feature layers -> text width) and linear_2, with bias where
//   multimodal_projector_bias (Mistral3Config: false); LLaVA's (Pixtral-12B in LLaVA's layout)
//   is linear_1 and linear_2 alone, with bias by default (LlavaConfig: true).
// - Llama 4 (models/llama4/modeling_llama4.py at 63210d0e): Llama4UnfoldConvolution's linear
//   (channels x patch² -> width, no bias), a class embedding and a learned position per patch and
//   for the class token ((image / patch)² + 1), layernorm_pre and layernorm_post (LayerNorms),
//   layers of two LayerNorms, q/k/v/o_proj with bias and fc1/fc2 with bias; the vision adapter's
//   pixel-shuffle MLP (fc1: intermediate_size -> projector_input_dim, fc2: projector_output_dim
//   square, no biases); the projector linear_1 (vision_output_dim -> text width, no bias).

namespace headroom::hf {

namespace {

Count layerNorm(Count n) { return 2 * n; }
Count linear(Count in, Count out, bool bias) { return in * out + (bias ? out : 0); }

// The sizes SigLIP's and CLIP's vision configs share, with their classes' defaults (the patch's
// differs: SiglipVisionConfig 16, CLIPVisionConfig 32).
struct VitSizes
{
    Count H, I, L, heads, channels, image, patch, side;
};

VitSizes vitSizes(Reader &r, Count defaultPatch)
{
    VitSizes z;
    z.H = r.count("hidden_size", Field::Hidden, 768);
    z.I = r.count("intermediate_size", Field::Ffn, 3072);
    z.L = r.count("num_hidden_layers", Field::Layers, 12);
    z.heads = r.count("num_attention_heads", Field::Heads, 12);
    z.channels = r.count("num_channels", Field::HeadDim, 3);
    z.image = r.count("image_size", Field::HeadDim, 224);
    z.patch = r.count("patch_size", Field::HeadDim, defaultPatch);
    z.side = z.patch > 0 ? Count(static_cast<std::int64_t>(z.image) / static_cast<std::int64_t>(z.patch)) : 0;
    return z;
}

VisionTower siglip(Reader &r, Count textHidden, bool gemma3Projector)
{
    VisionTower t;
    t.kind = QStringLiteral("SigLIP");
    const auto [H, I, L, heads, channels, image, patch, side] = vitSizes(r, 16);
    const bool head = r.flag("vision_use_head", true);
    const Count layer = layerNorm(H) + 4 * linear(H, H, true) + layerNorm(H) + linear(H, I, true) + linear(I, H, true);
    t.tower = linear(channels * patch * patch, H, true) + side * side * H + L * layer + layerNorm(H);
    if (head) // SiglipMultiheadAttentionPoolingHead: the probe, nn.MultiheadAttention, a LayerNorm, the MLP
        t.tower += H + linear(H, 3 * H, true) + linear(H, H, true) + layerNorm(H) + linear(H, I, true) + linear(I, H, true);
    if (gemma3Projector)
        t.projector = H * textHidden + H;
    t.spec = VisionSpec{ .kind = VisionTowerKind::Siglip, .parameters = 0, .layers = L, .hidden = H, .heads = heads, .ffn = I,
                         .patch = patch, .temporalPatch = 1, .merge = 1, .imageSize = image, .tokensPerImage = 0,
                         .windowSize = 0, .fullBlocks = 0, .deepstackMergers = 0 };
    for (const char *k : { "hidden_act", "layer_norm_eps", "attention_dropout", "vision_use_head" })
        r.use(k);
    return t;
}

// The Conv3d patch embedding's parameters; the patch's sides into \a spec.
Count qwenPatchEmbedding(Reader &r, Count width, bool bias, Count defaultPatch, VisionSpec &spec)
{
    const Count channels = r.has("in_channels") ? r.count("in_channels", Field::HeadDim) : r.count("in_chans", Field::HeadDim, 3);
    const Count patch = r.count("patch_size", Field::HeadDim, defaultPatch);
    const Count temporal = r.count("temporal_patch_size", Field::HeadDim, 2);
    spec.patch = patch;
    spec.temporalPatch = temporal;
    return channels * temporal * patch * patch * width + (bias ? width : 0);
}

VisionTower qwen2Vl(Reader &r, Count textHidden)
{
    VisionTower t;
    t.kind = QStringLiteral("Qwen2-VL");
    const Count W = r.count("embed_dim", Field::Hidden, 1280);
    const Count depth = r.count("depth", Field::Layers, 32);
    const Count ratio = r.count("mlp_ratio", Field::HeadDim, 4);
    const Count heads = r.count("num_heads", Field::Heads, 16);
    const Count out = r.count("hidden_size", Field::Hidden, textHidden);
    const Count merge = r.count("spatial_merge_size", Field::HeadDim, 2);
    const Count I = W * ratio;
    const Count layer = 2 * layerNorm(W) + linear(W, 3 * W, true) + linear(W, W, true) + linear(W, I, true) + linear(I, W, true);
    const Count merged = W * merge * merge;
    t.spec = VisionSpec{ .kind = VisionTowerKind::Qwen2Vl, .layers = depth, .hidden = W, .heads = heads, .ffn = I, .merge = merge };
    t.tower = qwenPatchEmbedding(r, W, false, 14, t.spec) + depth * layer;
    t.projector = layerNorm(W) + linear(merged, merged, true) + linear(merged, out, true);
    return t;
}

// The sizes Qwen2.5-VL's and Qwen3-VL's vision configs state alike (their classes' defaults
// differ): width, depth, MLP width, the output (the language model's width) and the merge.
struct QwenVisionSizes
{
    Count width, depth, ffn, out, merge, heads;
};

QwenVisionSizes qwenVisionSizes(Reader &r, Count width, Count depth, Count ffn, Count textHidden)
{
    QwenVisionSizes z;
    z.width = r.count("hidden_size", Field::Hidden, width);
    z.depth = r.count("depth", Field::Layers, depth);
    z.ffn = r.count("intermediate_size", Field::Ffn, ffn);
    z.heads = r.count("num_heads", Field::Heads, 16);
    z.out = r.count("out_hidden_size", Field::Hidden, textHidden);
    z.merge = r.count("spatial_merge_size", Field::HeadDim, 2);
    return z;
}

VisionTower qwen25Vl(Reader &r, Count textHidden)
{
    VisionTower t;
    t.kind = QStringLiteral("Qwen2.5-VL");
    const QwenVisionSizes z = qwenVisionSizes(r, 1280, 32, 3420, textHidden);
    const Count W = z.width, I = z.ffn;
    const Count layer = 2 * W + linear(W, 3 * W, true) + linear(W, W, true) + 2 * linear(W, I, true) + linear(I, W, true);
    const Count merged = W * z.merge * z.merge;
    t.spec = VisionSpec{ .kind = VisionTowerKind::Qwen25Vl, .layers = z.depth, .hidden = W, .heads = z.heads, .ffn = I, .merge = z.merge };
    t.tower = qwenPatchEmbedding(r, W, false, 14, t.spec) + z.depth * layer;
    t.projector = W + linear(merged, merged, true) + linear(merged, z.out, true);
    // Qwen2_5_VLVisionConfig's defaults: windows of 112 pixels, full attention in blocks 7, 15, 23, 31.
    t.spec.windowSize = r.count("window_size", Field::HeadDim, 112);
    t.spec.fullBlocks = 4;
    if (const QJsonValue full = r.value("fullatt_block_indexes"); full.isArray())
        t.spec.fullBlocks = Count(full.toArray().size());
    for (const char *k : { "fullatt_block_indexes", "tokens_per_second", "spatial_patch_size" })
        r.use(k);
    return t;
}

VisionTower qwen3Vl(Reader &r, Count textHidden)
{
    VisionTower t;
    t.kind = QStringLiteral("Qwen3-VL");
    const QwenVisionSizes z = qwenVisionSizes(r, 1152, 27, 4304, textHidden);
    const Count W = z.width, I = z.ffn;
    const Count positions = r.count("num_position_embeddings", Field::MaxPositions, 2304);
    Count deepstack = 0;
    const QJsonValue indexes = r.value("deepstack_visual_indexes");
    if (indexes.isArray()) {
        deepstack = Count(indexes.toArray().size());
        r.use("deepstack_visual_indexes");
    }
    const Count layer = 2 * layerNorm(W) + linear(W, 3 * W, true) + linear(W, W, true) + linear(W, I, true) + linear(I, W, true);
    const Count merged = W * z.merge * z.merge;
    const Count merger = linear(merged, merged, true) + linear(merged, z.out, true);
    t.spec = VisionSpec{ .kind = VisionTowerKind::Qwen3Vl, .layers = z.depth, .hidden = W, .heads = z.heads, .ffn = I, .merge = z.merge,
                         .deepstackMergers = deepstack };
    t.tower = qwenPatchEmbedding(r, W, true, 16, t.spec) + positions * W + z.depth * layer;
    t.projector = layerNorm(W) + merger + deepstack * (layerNorm(merged) + merger);
    return t;
}

// CLIP's vision model as LLaVA holds it (models/clip/modeling_clip.py, CLIPVisionModel: no
// projection head) and LlavaMultiModalProjector (models/llava/modeling_llava.py): a class
// embedding, a Conv2d patch embedding without bias, a position per patch and one for the class
// token, pre_layrnorm, layers of two LayerNorms, q, k, v and out_proj with bias and an fc1/fc2
// MLP with bias, post_layernorm; the projector linear_1 (vision width x layers selected, to the
// text width) and linear_2, with bias unless multimodal_projector_bias is false.
VisionTower clip(Reader &r, Count textHidden, Count featureLayers, bool projectorBias)
{
    VisionTower t;
    t.kind = QStringLiteral("CLIP");
    const auto [H, I, L, heads, channels, image, patch, side] = vitSizes(r, 32);
    const Count layer = 2 * layerNorm(H) + 4 * linear(H, H, true) + linear(H, I, true) + linear(I, H, true);
    t.tower = H + channels * patch * patch * H + (side * side + 1) * H + layerNorm(H) + L * layer + layerNorm(H);
    t.projector = linear(H * featureLayers, textHidden, projectorBias) + linear(textHidden, textHidden, projectorBias);
    t.spec = VisionSpec{ .kind = VisionTowerKind::Clip, .layers = L, .hidden = H, .heads = heads, .ffn = I, .patch = patch,
                         .temporalPatch = 1, .merge = 1, .imageSize = image, .classToken = true };
    for (const char *k : { "hidden_act", "layer_norm_eps", "attention_dropout", "projection_dim", "vocab_size" })
        r.use(k);
    return t;
}

// Sizes without a default here: Llama4VisionConfig's are not those of any released checkpoint,
// so a config that leaves one out is refused by name rather than counted at a guess.
VisionTower llama4(Reader &r, Count textHidden)
{
    VisionTower t;
    t.kind = QStringLiteral("Llama 4");
    const Count H = r.count("hidden_size", Field::Hidden);
    const Count I = r.count("intermediate_size", Field::Ffn);
    const Count L = r.count("num_hidden_layers", Field::Layers);
    const Count heads = r.count("num_attention_heads", Field::Heads);
    const Count channels = r.count("num_channels", Field::HeadDim, 3);
    const Count image = r.count("image_size", Field::HeadDim);
    const Count patch = r.count("patch_size", Field::HeadDim);
    const Count adapterIn = r.count("projector_input_dim", Field::Hidden);
    const Count adapterOut = r.count("projector_output_dim", Field::Hidden);
    const Count out = r.count("vision_output_dim", Field::Hidden);
    // Llama4MultiModalProjector builds linear_1 without bias whatever multi_modal_projector_bias says.
    for (const char *k : { "multi_modal_projector_bias", "pixel_shuffle_ratio", "norm_eps", "rope_theta", "vision_feature_layer", "vision_feature_select_strategy",
                           "projector_dropout", "attention_dropout" })
        r.use(k);
    const Count side = patch > 0 ? Count(static_cast<std::int64_t>(image) / static_cast<std::int64_t>(patch)) : 0;
    const Count layer = 2 * layerNorm(H) + 4 * linear(H, H, true) + linear(H, I, true) + linear(I, H, true);
    t.tower = channels * patch * patch * H + H + (side * side + 1) * H + 2 * layerNorm(H) + L * layer
            + linear(I, adapterIn, false) + linear(adapterOut, adapterOut, false);
    t.projector = linear(out, textHidden, false);
    t.spec = VisionSpec{ .kind = VisionTowerKind::Llama4, .layers = L, .hidden = H, .heads = heads, .ffn = I, .patch = patch,
                         .temporalPatch = 1, .merge = 1, .imageSize = image, .classToken = true };
    return t;
}

} // namespace

bool hasPixtralTower(const QJsonObject &vision)
{
    return vision.value(QStringLiteral("model_type")).toString() == QLatin1String("pixtral");
}

VisionTower countPixtralTower(Reader &r, Count textHidden, const PixtralProjector &projector)
{
    for (const char *k : { "model_type", "hidden_act", "initializer_range", "torch_dtype", "dtype", "attention_dropout", "rope_theta",
                           "rope_parameters", "head_dim" })
        r.use(k);
    VisionTower t;
    t.kind = QStringLiteral("Pixtral");
    // PixtralVisionConfig's defaults.
    const Count H = r.count("hidden_size", Field::Hidden, 1024);
    const Count I = r.count("intermediate_size", Field::Ffn, 4096);
    const Count L = r.count("num_hidden_layers", Field::Layers, 24);
    const Count heads = r.count("num_attention_heads", Field::Heads, 16);
    const Count channels = r.count("num_channels", Field::HeadDim, 3);
    const Count image = r.count("image_size", Field::HeadDim, 1024);
    const Count patch = r.count("patch_size", Field::HeadDim, 16);
    const Count layer = 2 * H + 4 * linear(H, H, false) + 2 * linear(H, I, false) + linear(I, H, false);
    t.tower = channels * patch * patch * H + H + L * layer;
    const Count merge = projector.mergeSize;
    if (projector.mistral3)
        t.projector = H + linear(H * merge * merge, H, false);
    t.projector += linear(H * projector.featureLayers, textHidden, projector.bias) + linear(textHidden, textHidden, projector.bias);
    t.spec = VisionSpec{ .kind = VisionTowerKind::Pixtral, .layers = L, .hidden = H, .heads = heads, .ffn = I, .patch = patch,
                         .temporalPatch = 1, .merge = projector.mistral3 ? merge : 1, .imageSize = image };
    return t;
}

bool llavaHasClipTower(const QJsonObject &vision)
{
    const QJsonValue type = vision.value(QStringLiteral("model_type"));
    return type.isUndefined() || type.toString() == QLatin1String("clip_vision_model");
}

VisionTower countClipTower(Reader &r, Count textHidden, Count featureLayers, bool projectorBias)
{
    for (const char *k : { "model_type", "initializer_range", "initializer_factor", "torch_dtype", "dtype" })
        r.use(k);
    return clip(r, textHidden, featureLayers, projectorBias);
}

bool countVisionTower(Reader &r, const QString &wrapperType, Count textHidden, VisionTower &out)
{
    for (const char *k : { "model_type", "hidden_act", "initializer_range", "torch_dtype", "dtype" })
        r.use(k);
    if (wrapperType == QLatin1String("gemma3"))
        out = siglip(r, textHidden, true);
    else if (wrapperType == QLatin1String("llama4"))
        out = llama4(r, textHidden);
    else if (wrapperType == QLatin1String("qwen2_vl"))
        out = qwen2Vl(r, textHidden);
    else if (wrapperType == QLatin1String("qwen2_5_vl"))
        out = qwen25Vl(r, textHidden);
    else if (wrapperType == QLatin1String("qwen3_vl") || wrapperType == QLatin1String("qwen3_vl_moe")
             // Qwen3.5's tower (Qwen3_5VisionModel, modeling_qwen3_5.py 009e78d6) is Qwen3-VL's
             // without deepstack mergers.
             || wrapperType == QLatin1String("qwen3_5") || wrapperType == QLatin1String("qwen3_5_moe"))
        out = qwen3Vl(r, textHidden);
    else
        return false;
    return r.ok();
}

} // namespace headroom::hf
