#include <headroom/memory/visiontower.h>

#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/precision.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "placementbody.h"

// What each tower saves, read from transformers at 00b676f8 (the files named in visiontower.h)
// and measured on CPU (tools/calibrate/vision_measure.py: every term below matches its bytes);
// N patches in one forward, h the tower's width, f its MLP width, a heads, d = h / a, r the
// activations' bytes (2 in 16 bits, 4 in FP32).
//
//  - The residual stream is r wide, but under autocast (FP32 weights) Qwen's is 16-bit (the
//    Conv3d's output) and SigLIP's and CLIP's FP32 (their FP32 position tables are added to it).
//  - LayerNorm saves its input and its mean and rstd (FP32 on CUDA and under autocast, which runs
//    it in FP32 on an FP32 copy of its input). Qwen2RMSNorm upcasts to FP32 and saves that copy
//    (the input itself in FP32), torch 1.13's mean() its x² (ImplementationChoices::
//    meanSavesInput), rsqrt, and the normalized tensor in the stream's dtype.
//  - A linear saves its input; under autocast a 16-bit cast of it, one per linear (SigLIP's q, k
//    and v each cast the norm's output; so do Qwen2.5-VL's gate and up), and a 16-bit copy of its
//    weight.
//  - Qwen's rotary products multiply by cos and sin, which need no gradient: they save cos and
//    sin (FP32, N·d each, computed once and shared by every block), not q or k. Attention saves
//    the rotated q and k and v, a view that keeps the whole fused qkv output alive: 5·N·h·r.
//    SigLIP's and CLIP's q, k and v are three linears' outputs: 3·N·h·r.
//  - Attention per image (the non-flash path splits at cu_seqlens; SigLIP's images are a batch):
//    flash saves its output, which the projection reads as a view, and FP32 log-sum-exp (a·N·4);
//    SDPA the same, and the projection saves HF's transposed copy; eager the FP32 softmax of each
//    unit's a·n² scores and its cast back to r, then the projection's input.
//  - MLP: QuickGELU (x · sigmoid(1.702 x)) saves fc1's output and the sigmoid, then fc2 its input:
//    3·N·f·r; a gated SiLU MLP saves gate, SiLU and up outputs and down's input: 4·N·f·r; GELU
//    (tanh, one kernel) saves its input, fc2 the output: 2·N·f·r.
//  - Pixtral (Mistral 3; modeling_pixtral.py at 0233e509, modeling_mistral3.py at 00dcc6dd): one
//    sequence of every image's patches; RMSNorms as Qwen2.5-VL's, q, k and v apart and a gated
//    SiLU MLP. Under autocast the stream is FP32 from ln_pre on (its FP32 weight times the 16-bit
//    normalized tensor); the rotary products save only cos and sin (N·d each, in the stream's
//    dtype), so attention keeps q and k (16-bit copies under autocast) and v. Eager attention
//    runs over all N patches at once with a block-diagonal mask (N² scores a head); the mask is
//    saved only where checkpointing keeps it as an argument, with the position ids. Mistral 3's
//    projector: an RMSNorm, the patch merger's unfold (torch 1.13 saves its input), the merging
//    linear's input (N·h), then linear_1's, the GELU's and linear_2's; LLaVA's (Pixtral-12B)
//    only the last three, over every patch.

namespace headroom {

namespace {

constexpr Count kChannels = 3;

Count roundHalfEven(Count numerator, Count denominator)
{
    const Count q = quotient(numerator, denominator);
    const Count rest = numerator - q * denominator;
    if (2 * rest > denominator || (2 * rest == denominator && q % 2 == 1))
        return q + 1;
    return q;
}

// One side's factor of the sum over an image's windows of (merge units in the window)²: windows
// of w units along a side of gridMerged, the last one cut by the grid (get_window_index drops the
// padding). The sum over the image is the product of its two sides' factors.
Count windowSquares(Count gridMerged, Count w)
{
    const Count full = quotient(gridMerged, w);
    const Count rest = gridMerged - full * w;
    return full * w * w + rest * rest;
}

bool rmsNormed(const VisionSpec &v) { return v.kind == VisionTowerKind::Qwen25Vl || v.kind == VisionTowerKind::Pixtral; }
// SigLIP, CLIP and Pixtral: q, k and v apart, and a stream that autocast leaves in FP32 (SigLIP's
// and CLIP's FP32 position tables are added to it; Pixtral's ln_pre multiplies it by its FP32
// weight).
bool separateQkv(const VisionSpec &v)
{
    return v.kind == VisionTowerKind::Siglip || v.kind == VisionTowerKind::Clip || v.kind == VisionTowerKind::Pixtral;
}
// Gate, up and down: two casts of the MLP's input under autocast, three matrices.
bool gatedMlp(const VisionSpec &v) { return v.kind == VisionTowerKind::Qwen25Vl || v.kind == VisionTowerKind::Pixtral; }

// The bytes the tower's tensors take under the scenario's recipe and implementation.
struct Widths
{
    Count r = 2;        // activations
    Count stream = 2;   // the residual stream
    Count lnInput = 2;  // what LayerNorm saves of its input
    Count lnStats = 4;  // each of its mean and rstd, per row
    bool autocast = false;
    bool meanSavesInput = false;
};

Widths widthsOf(const Scenario &s)
{
    const Recipe recipe = s.training.precision.recipe;
    const ImplementationChoices &impl = implementationChoices(s.activations.profile);
    Widths w;
    w.autocast = isAutocast(recipe);
    w.r = countOf(dtypeSize(activationDtype(recipe)).times(1));
    w.stream = w.autocast ? (separateQkv(s.model.vision) ? 4 : 2) : w.r;
    w.lnInput = w.autocast ? 4 : w.r;
    w.lnStats = impl.normStatsFp32 || w.autocast ? 4 : w.r;
    w.meanSavesInput = impl.meanSavesInput;
    return w;
}

// One norm over \a rows rows of \a width.
Count normBytes(const VisionSpec &v, Count rows, Count width, const Widths &w)
{
    if (rmsNormed(v))
        return rows * width * (4 + w.stream + (w.meanSavesInput ? 4 : 0)) + 4 * rows;
    return rows * width * w.lnInput + 2 * rows * w.lnStats;
}

Count mlpBytes(const VisionSpec &v, Count N, Count r)
{
    switch (v.kind) {
    case VisionTowerKind::Qwen2Vl:
    case VisionTowerKind::Clip: return 3 * N * v.ffn * r;
    case VisionTowerKind::Qwen25Vl:
    case VisionTowerKind::Pixtral: return 4 * N * v.ffn * r;
    default: return 2 * N * v.ffn * r;
    }
}

// The block's linears' inputs beside the norms' outputs: the attention's and the MLP's first.
Count linearInputBytes(const VisionSpec &v, Count N, const Widths &w)
{
    const Count h = v.hidden;
    if (!w.autocast)
        return 2 * N * h * w.r;
    const Count attentionCasts = separateQkv(v) ? 3 : 1;
    const Count mlpCasts = gatedMlp(v) ? 2 : 1;
    return (attentionCasts + mlpCasts) * N * h * 2;
}

Count blockMatrices(const VisionSpec &v)
{
    const Count h = v.hidden, f = v.ffn;
    return gatedMlp(v) ? 4 * h * h + 3 * h * f : 4 * h * h + 2 * h * f;
}

// The tensor a checkpointed block's recompute saves again as its first norm's input: the block's
// input itself where the norm keeps it unconverted (an RMSNorm's FP32 upcast of an FP32 stream).
bool firstNormKeepsInput(const VisionSpec &v, const Widths &w)
{
    if (rmsNormed(v))
        return w.stream == 4;
    return w.lnInput == w.stream;
}

} // namespace

namespace detail {

Bytes visionBlockBytes(const Scenario &s, Count N, Count scores)
{
    const VisionSpec &v = s.model.vision;
    const Widths w = widthsOf(s);
    const Count h = v.hidden, r = w.r;
    Count total = 2 * normBytes(v, N, h, w) + linearInputBytes(v, N, w);
    total += (separateQkv(v) ? 3 : 5) * N * h * r;
    switch (attentionKernelOf(s)) {
    case AttentionKernel::Flash: total += N * h * r + v.heads * N * 4; break;
    case AttentionKernel::Sdpa: total += 2 * N * h * r + v.heads * N * 4; break;
    case AttentionKernel::Eager: total += v.heads * scores * (r == 4 ? 4 : 4 + r) + N * h * r; break;
    }
    total += mlpBytes(v, N, r);
    if (w.autocast)
        total += 2 * blockMatrices(v);
    return bytes(total);
}

Bytes visionOutsideBytes(const Scenario &s, Count N, Count images, Count tokens)
{
    const VisionSpec &v = s.model.vision;
    const Widths w = widthsOf(s);
    const Count h = v.hidden, r = w.r, out = s.model.hidden;
    // The patch embedding keeps its input, the pixels in the activations' dtype (a class token
    // has none).
    const Count pixels = kChannels * v.temporalPatch * v.patch * v.patch;
    const Count patches = v.classToken ? N - images : N;
    Count total = patches * pixels * r + (w.autocast ? 2 * h * pixels : 0);
    const Count d = v.heads > 0 ? quotient(h, v.heads) : 0;
    const Count m2 = v.merge * v.merge;
    const Count units = quotient(N, m2);
    switch (v.kind) {
    case VisionTowerKind::Clip:
        // pre_layrnorm over the embeddings. post_layernorm (the pooled class tokens) feeds no
        // loss in LLaVA: freed with the unused blocks before backward. The projector's linear_1
        // reads a slice of an earlier block's output without its class tokens, which its matmul
        // copies (a 16-bit cast under autocast), then the GELU's and linear_2's inputs of the
        // text width.
        total += normBytes(v, N, h, w) + tokens * h * r + 2 * tokens * out * r + (w.autocast ? 2 * (h * out + out * out) : 0);
        break;
    case VisionTowerKind::Siglip:
        // post_layernorm; avg_pool2d keeps its input (the reshaped copy); Gemma3RMSNorm keeps the
        // pooled tokens in FP32, their x², rsqrt, the normalized tensor and 1 + w; the projection
        // matmul its input in r.
        total += normBytes(v, N, h, w) + N * h * w.stream;
        total += tokens * h * (8 + (w.meanSavesInput ? 4 : 0) + r) + 4 * tokens + 4 * h;
        if (w.autocast)
            total += 2 * h * out;
        break;
    case VisionTowerKind::Pixtral: {
        // The rotary cos and sin in the stream's dtype; ln_pre over the patch embeddings (their
        // own dtype). Mistral 3's projector first normalizes and merges: its RMSNorm, unfold's
        // input, the merging linear's input (N·h as N / merge² rows of merge² h). Then, as
        // LLaVA's projector alone does (Pixtral-12B's layout, merge 1, the last block's output
        // read whole), linear_1's input, the GELU's and linear_2's.
        Widths embedded = w;
        embedded.stream = r;
        total += 2 * N * d * w.stream + normBytes(v, N, h, embedded);
        if (v.merge > 1) {
            total += normBytes(v, N, h, w) + N * h * r + (w.autocast ? 2 * m2 * h * h : 0);
            if (implementationChoices(s.activations.profile).unfoldSavesInput)
                total += N * h * w.stream;
        }
        total += tokens * h * r + 2 * tokens * out * r;
        if (w.autocast)
            total += 2 * (h * out + out * out);
        // Checkpointing keeps the blocks' arguments: the position ids (int64) and, for eager
        // attention, the N x N block mask in the stream's dtype, one tensor every block shares.
        if (s.training.recompute == Recompute::Full)
            total += 8 * N + (attentionKernelOf(s) == AttentionKernel::Eager ? N * N * w.stream : 0);
        break;
    }
    default:
        total += 2 * N * d * 4; // the rotary cos and sin every block reads
        if (v.kind == VisionTowerKind::Qwen25Vl)
            total += 2 * units * 8; // the windows' reordering indices, there and back
        // The merger: its norm, then fc1's, the GELU's and fc2's inputs.
        total += normBytes(v, N, h, w) + 3 * N * h * r;
        if (w.autocast)
            total += 2 * (m2 * h * m2 * h + m2 * h * out);
        // Qwen3-VL's deepstack mergers normalize the merged width of blocks whose outputs the
        // next block saves already: mean and rstd of N / merge² rows, then the merger's three.
        total += v.deepstackMergers * (2 * units * w.lnStats + 3 * N * h * r + (w.autocast ? 2 * (m2 * h * m2 * h + m2 * h * out) : 0));
        break;
    }
    return bytes(total);
}

} // namespace detail

namespace {

constexpr std::pair<VisionTowerKind, std::string_view> kKindNames[] = {
    { VisionTowerKind::None, "none" },         { VisionTowerKind::Qwen2Vl, "qwen2-vl" }, { VisionTowerKind::Qwen25Vl, "qwen2.5-vl" },
    { VisionTowerKind::Qwen3Vl, "qwen3-vl" }, { VisionTowerKind::Siglip, "siglip" },   { VisionTowerKind::Clip, "clip" },
    { VisionTowerKind::Pixtral, "pixtral" },  { VisionTowerKind::Llama4, "llama4" },
};

} // namespace

std::string_view visionTowerKindName(VisionTowerKind kind)
{
    for (const auto &[k, name] : kKindNames)
        if (k == kind)
            return name;
    return "none";
}

std::optional<VisionTowerKind> visionTowerKindFromName(std::string_view name)
{
    for (const auto &[k, n] : kKindNames)
        if (n == name)
            return k;
    return std::nullopt;
}

std::string_view visionTrainingName(bool trained) { return trained ? "trained" : "frozen"; }

std::optional<bool> visionTrainingFromName(std::string_view name)
{
    if (name == "trained")
        return true;
    if (name == "frozen")
        return false;
    return std::nullopt;
}

VisionImages visionImages(const Scenario &s)
{
    const VisionSpec &v = s.model.vision;
    VisionImages out;
    // Llama 4's images are not run through the tower: validation refuses images for it until what
    // it saves is measured.
    if (!v.present() || v.patch <= 0 || v.merge <= 0 || !v.imagesModelled())
        return out;
    if (v.fixedSize()) {
        out.gridHeight = out.gridWidth = quotient(v.imageSize, v.patch);
    } else if (v.kind == VisionTowerKind::Pixtral) {
        // PixtralImageProcessor (image_processing_pixtral.py at c801cd78): an image larger than
        // image_size on a side is scaled by ratio = max(h, w) / image_size, each side ceil(side /
        // ratio) in doubles as NumPy computes it; each side then rounds up to whole units of the
        // patch times the merge (PixtralProcessor hands the image processor patch_size x
        // spatial_merge_size).
        // A tower without image_size (0, from a scenario file) keeps every image's own size.
        const TrainingSetup &t = s.training;
        double height = static_cast<double>(t.imageHeight), width = static_cast<double>(t.imageWidth);
        const double longest = static_cast<double>(v.imageSize);
        const double ratio = longest > 0 ? std::max(height / longest, width / longest) : 1.0;
        if (ratio > 1) {
            height = std::ceil(height / ratio);
            width = std::ceil(width / ratio);
        }
        const Count unit = v.patch * v.merge;
        out.gridHeight = ceilQuotient(static_cast<Count>(height), unit) * v.merge;
        out.gridWidth = ceilQuotient(static_cast<Count>(width), unit) * v.merge;
    } else {
        // smart_resize: each side rounded (half to even, as Python's round) to whole merge units.
        const Count factor = v.patch * v.merge;
        const TrainingSetup &t = s.training;
        out.gridHeight = roundHalfEven(t.imageHeight, factor) * v.merge;
        out.gridWidth = roundHalfEven(t.imageWidth, factor) * v.merge;
    }
    out.patchesPerImage = out.gridHeight * out.gridWidth;
    out.tokensPerImage = v.tokensPerImage > 0 ? v.tokensPerImage : quotient(out.patchesPerImage, v.merge * v.merge);
    if (v.classToken)
        out.patchesPerImage += 1;
    return out;
}

VisionStates visionStates(const Scenario &s, Count dataParallel)
{
    VisionStates out;
    const VisionSpec &v = s.model.vision;
    if (!v.present())
        return out;
    out.parameters = v.parameters;
    // The tower sits with the embedding, on the first pipeline stage.
    out.onRank = s.parallel.pipelineParallel <= 1 || s.parallel.pipelineRank <= 0;
    if (!out.onRank)
        return out;
    PerParamBytes w = perParamBytes(s.training.precision);
    const bool trained = s.training.visionTrained && s.lora.mode == AdapterMode::None;
    if (!trained)
        w = PerParamBytes{ w.weights, bytesPer(0), bytesPer(0), bytesPer(0), false };
    StateBytes gpu, host;
    detail::placeWholeStates(s, v.parameters, w, dataParallel > 0 ? dataParallel : 1, v.parameters, gpu, host);
    out.weights = gpu.parameters;
    out.gradients = gpu.gradients;
    out.masterWeights = gpu.masterWeights;
    out.optimizerStates = gpu.optimizerStates;
    out.hostStates = host.total();
    return out;
}

VisionActivations visionActivations(const Scenario &s, Count sequences)
{
    VisionActivations out;
    const VisionSpec &v = s.model.vision;
    const VisionImages image = visionImages(s);
    if (!v.present() || s.training.images <= 0 || image.patchesPerImage <= 0)
        return out;
    if (s.parallel.pipelineParallel > 1 && s.parallel.pipelineRank > 0)
        return out;
    const Widths w = widthsOf(s);
    out.images = s.training.images * sequences;
    const Count N = out.images * image.patchesPerImage;
    out.patches = N;
    // Eager attention's scores: every image whole, or (Qwen2.5-VL) each window of it; Pixtral's
    // one sequence of all the micro-batch's patches, masked, is N² wide.
    const Count scores = v.kind == VisionTowerKind::Pixtral ? N * N : out.images * image.patchesPerImage * image.patchesPerImage;
    out.block = detail::visionBlockBytes(s, N, scores);
    const bool windowed = v.kind == VisionTowerKind::Qwen25Vl && v.windowSize > 0 && v.fullBlocks < v.layers;
    if (windowed) {
        const Count units = quotient(v.windowSize, v.merge * v.patch);
        const Count m2 = v.merge * v.merge;
        const Count side = units > 0 ? units : 1;
        const Count windowScores = out.images * windowSquares(quotient(image.gridHeight, v.merge), side)
                * windowSquares(quotient(image.gridWidth, v.merge), side) * m2 * m2;
        out.windowBlocks = v.layers - v.fullBlocks;
        out.windowBlock = detail::visionBlockBytes(s, N, windowScores);
    }
    out.blockWeightCopies = w.autocast ? bytes(2 * blockMatrices(v)) : bytes(0);
    out.outside = detail::visionOutsideBytes(s, N, out.images, out.images * image.tokensPerImage);
    // The blocks whose tensors backward reads: LLaVA's unused last ones are freed before it.
    const Count used = v.unusedBlocks < v.layers ? v.layers - v.unusedBlocks : 0;
    const Count fullBlocks = used - out.windowBlocks;
    const Bytes everyBlock = out.block * fullBlocks + out.windowBlock * out.windowBlocks;
    out.blockForward = out.block > out.windowBlock ? out.block : out.windowBlock;
    if (s.training.recompute == Recompute::Full) {
        // transformers' gradient checkpointing wraps every GradientCheckpointingLayer, the
        // vision blocks included: each keeps its input; backward rebuilds one block at a time,
        // whose first norm saves that input again only where it converts it.
        const Bytes input = bytes(N * v.hidden * w.stream);
        out.held = input * used + out.outside;
        out.recompute = out.blockForward - (firstNormKeepsInput(v, w) ? input : bytes(0));
    } else {
        out.held = everyBlock + out.outside;
    }
    return out;
}

} // namespace headroom
