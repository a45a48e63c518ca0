#pragma once

// A hybrid model's mixer layers (model.h HybridSpec): what Gated DeltaNet and Mamba-2 save for
// backward on the training path of the kernels transformers calls when they are installed, read
// from the code (no measurement: the kernels are Triton and CUDA, and the CPU harness cannot run
// them). Internal.
//  - Gated DeltaNet: transformers' Qwen3NextGatedDeltaNet.forward (modeling_qwen3_next.py at
//    01cdc608) and Qwen3_5GatedDeltaNet (modeling_qwen3_5.py at 009e78d6); fla-org/
//    flash-linear-attention 0.5.2 (bc3b101d): ChunkGatedDeltaRuleFunction (gated_delta_rule/
//    chunk.py) saves the l2-normed q and k with their FP32 1/norms, v, the FP32 cumulative gate,
//    beta and the chunk matrix A [B, S, HV, 64]; recomputes w, u and the chunk states h in
//    backward. LayerNormGatedFunction (modules/fused_norm_gate.py) saves x, the gate z and an FP32
//    1/rms. Dao-AILab/causal-conv1d 1.6.1 saves its input and recomputes its output.
//  - Mamba-2: transformers' BambaMixer.cuda_kernels_forward (modeling_bamba.py at 00511f5d) calls
//    mamba_split_conv1d_scan_combined; state-spaces/mamba v2.3.2.post1 (a14b1dff),
//    MambaSplitConv1dScanCombinedFn saves in_proj's output zxbcdt, the scan's output before the
//    gated norm, the norm's FP32 1/rms per group, A, and (under autocast) a half-precision copy of
//    out_proj's weight, which runs inside the function: its input is recomputed, not saved.
//  - LFM2's gated short convolution: transformers' Lfm2ShortConv (modeling_lfm2.py at 0096ba4f).
//    cuda_kernels_forward multiplies B · x (both views of in_proj's output, which the product
//    keeps whole with C), runs causal_conv1d_fn (causal-conv1d 1.6.1's CausalConv1dFn saves its
//    input, the weight and the bias) and multiplies C · conv_out (keeping conv_out), then copies
//    the product contiguous for out_proj. slow_forward (no kernel, or a CPU) runs nn.Conv1d with
//    K - 1 padding on both sides and slices S outputs of S + K - 1: the slice keeps the storage.

#include "norms.h"

namespace headroom::transformer {

// A hybrid model's mixer, its sizes formed once for a mixer layer's list.
struct MixerContext
{
    MixerKind kind = MixerKind::None;
    Count heads = 0, headDim = 0, keyHeads = 0, keyDim = 0;
    Count key = 0, value = 0; // keyHeads·keyDim, heads·headDim
    Count conv = 0;          // the convolution's channels
    Count in = 0;            // the input projections' outputs together
    Count chunk = 0;         // Mamba-2's scan chunk (tokens)
    Count convKernel = 0;    // the convolution's width
    bool split = false;      // Qwen3.5's four input projections
};

//! BambaConfig's and GraniteMoeHybridConfig's mamba_chunk_size default.
inline constexpr Count kMamba2DefaultChunk = 256;

inline MixerContext mixerOf(const Context &c)
{
    if (!c.hybrid)
        return MixerContext{};
    const HybridSpec &h = *c.hybrid;
    const Count key = h.keyWidth(), value = h.valueWidth();
    const bool gdn = h.kind == MixerKind::GatedDeltaNet;
    return MixerContext{ .kind = h.kind,
                         .heads = h.heads,
                         .headDim = h.headDim,
                         .keyHeads = h.keyHeads,
                         .keyDim = h.keyDim,
                         .key = key,
                         .value = value,
                         .conv = h.convChannels(),
                         // Gated DeltaNet: q, k, v, z, b and a; Mamba-2: z, x, B, C and dt; a
                         // short convolution: B, C and x.
                         .in = gdn ? 2 * key + 2 * value + 2 * h.heads
                                   : h.kind == MixerKind::ShortConv ? 3 * value : 2 * value + 2 * key + h.heads,
                         .chunk = h.chunkSize > 0 ? h.chunkSize : kMamba2DefaultChunk,
                         .convKernel = h.convKernel,
                         .split = h.splitProjections };
}

// Linears reading the norm's output: one shared saved input, or (autocast, the norm's output in
// FP32) one half-precision cast saved by each.
template<typename Emit>
void mixerInputs(const Context &c, const Emit &emit, const std::string_view *names, int count)
{
    for (int i = 0; i < count; ++i) {
        if (i > 0 && !c.split())
            return;
        emit(names[i], "B×S×H", Region::Layer, c.split() ? c.c : c.r, c.BSH, LinearInput);
    }
}

// The names of a mixer's saved projection inputs and of autocast's copies of its weights.
struct MixerProjectionNames
{
    const std::string_view *inputs;
    int count;
    std::string_view inCopy, inShape, outCopy, outShape;
};

// What every mixer keeps of its projections: the inputs of the linears reading the norm's output
// and, under autocast, half-precision copies of the input and output projections' weights.
template<typename Emit>
void mixerProjections(const Context &c, const Emit &emit, const MixerContext &x, const MixerProjectionNames &n)
{
    mixerInputs(c, emit, n.inputs, n.count);
    if (c.copies) {
        emit(n.inCopy, n.inShape, Region::Layer, c.c, c.H * x.in, Sharded | WeightCopy);
        emit(n.outCopy, n.outShape, Region::Layer, c.c, x.value * c.H, Sharded | WeightCopy);
    }
}

template<typename Emit>
void gatedDeltaNet(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const MixerContext x = mixerOf(c);
    const Count BS = c.BS;
    const Dtype half = c.c;
    static constexpr std::string_view fused[] = { "linear_attn.in_proj_qkvz.input", "linear_attn.in_proj_ba.input" };
    static constexpr std::string_view split[] = { "linear_attn.in_proj_qkv.input", "linear_attn.in_proj_z.input",
                                                  "linear_attn.in_proj_b.input", "linear_attn.in_proj_a.input" };
    mixerProjections(c, emit, x,
                     { x.split ? split : fused, x.split ? 4 : 2, "linear_attn.in_proj.weight_copy", "H×(2·K+2·V+2·HV)",
                       "linear_attn.out_proj.weight_copy", "V×H" });
    // causal_conv1d_fn keeps the concatenated q, k, v it convolves.
    emit("linear_attn.conv1d.input", "B×S×(2·K+V)", L, half, BS * x.conv, Sharded);
    // Qwen3-Next repeats q's and k's heads to the value heads before the kernel (Qwen3.5 only
    // for fla below 0.5, which the model takes as not installed).
    const Count qkHeads = x.split ? x.keyHeads : x.heads;
    const Count qk = BS * qkHeads * x.keyDim;
    emit("linear_attn.kernel.q_normed", "B×S×HK×dk", L, half, qk, Sharded);
    emit("linear_attn.kernel.q_rstd", "B×S×HK", L, Dtype::Fp32, BS * qkHeads, Sharded);
    emit("linear_attn.kernel.k_normed", "B×S×HK×dk", L, half, qk, Sharded);
    emit("linear_attn.kernel.k_rstd", "B×S×HK", L, Dtype::Fp32, BS * qkHeads, Sharded);
    // v is a strided slice of the convolution's output: input_guard makes it contiguous.
    emit("linear_attn.kernel.v", "B×S×HV×dv", L, half, BS * x.value, Sharded);
    emit("linear_attn.kernel.g_cumsum", "B×S×HV", L, Dtype::Fp32, BS * x.heads, Sharded);
    emit("linear_attn.beta", "B×S×HV", L, half, BS * x.heads, Sharded);
    emit("linear_attn.kernel.A", "B×S×HV×64", L, half, BS * x.heads * 64, Sharded);
    // g = -A_log.float().exp() * softplus(a.float() + dt_bias), in FP32: softplus keeps its
    // input, the product softplus's output and exp(A_log).
    emit("linear_attn.softplus.input", "B×S×HV", L, Dtype::Fp32, BS * x.heads, Sharded);
    emit("linear_attn.softplus.output", "B×S×HV", L, Dtype::Fp32, BS * x.heads, Sharded);
    emit("linear_attn.A_log_exp", "HV", L, Dtype::Fp32, x.heads, Sharded);
    // The gated norm over each value head: the kernel's output, the gate z (a contiguous copy)
    // and 1/rms; out_proj keeps the norm's output.
    emit("linear_attn.norm.input", "B×S×HV×dv", L, half, BS * x.value, Sharded);
    emit("linear_attn.norm.gate", "B×S×HV×dv", L, half, BS * x.value, Sharded);
    emit("linear_attn.norm.rstd", "B×S×HV", L, Dtype::Fp32, BS * x.heads, Sharded);
    emit("linear_attn.out_proj.input", "B×S×V", L, half, BS * x.value, Sharded | LinearInput);
}

template<typename Emit>
void mamba2(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const MixerContext x = mixerOf(c);
    const Count BS = c.BS;
    const Dtype half = c.c;
    static constexpr std::string_view names[] = { "mamba.in_proj.input" };
    mixerProjections(c, emit, x, { names, 1, "mamba.in_proj.weight_copy", "H×(2·I+2·G·N+h)", "mamba.out_proj.weight_copy", "I×H" });
    emit("mamba.zxbcdt", "B×S×(2·I+2·G·N+h)", L, half, BS * x.in, Sharded);
    emit("mamba.out_x", "B×S×I", L, half, BS * x.value, Sharded);
    emit("mamba.norm.rstd", "G×B×S", L, Dtype::Fp32, x.keyHeads * BS, Sharded);
    // A = -exp(A_log.float()): exp keeps its output, the function A.
    emit("mamba.A_log_exp", "h", L, Dtype::Fp32, x.heads, Sharded);
    emit("mamba.A", "h", L, Dtype::Fp32, x.heads, Sharded);
}

template<typename Emit>
void shortConv(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const MixerContext x = mixerOf(c);
    const Count BS = c.BS;
    const Dtype half = c.c;
    static constexpr std::string_view names[] = { "conv.in_proj.input" };
    mixerProjections(c, emit, x, { names, 1, "conv.in_proj.weight_copy", "H×3·V", "conv.out_proj.weight_copy", "V×H" });
    // B · x keeps its two operands and C · conv_out keeps C: three views of in_proj's output.
    emit("conv.in_proj.output", "B×S×3·V", L, half, BS * x.in, Sharded);
    emit("conv.conv.input", "B×S×V", L, half, BS * x.value, Sharded);
    // The second product's other operand: the kernel's S outputs, or the padded convolution's
    // S + K - 1 (its slice keeps them all).
    const Count positions = c.x.shortConvKernel ? c.S : c.S + x.convKernel - 1;
    emit("conv.conv.output", c.x.shortConvKernel ? "B×S×V" : "B×(S+K-1)×V", L, half, c.B * positions * x.value, Sharded);
    // causal-conv1d takes the FP32 weight as it is; autocast casts it for nn.Conv1d.
    if (c.copies && !c.x.shortConvKernel)
        emit("conv.conv.weight_copy", "V×K", L, half, x.value * x.convKernel, Sharded | WeightCopy);
    emit("conv.out_proj.input", "B×S×V", L, half, BS * x.value, Sharded | LinearInput);
}

template<typename Emit>
void mixerTensors(const Context &c, const Emit &emit)
{
    if (!c.hybrid)
        return;
    switch (c.hybrid->kind) {
    case MixerKind::GatedDeltaNet: gatedDeltaNet(c, emit); break;
    case MixerKind::ShortConv: shortConv(c, emit); break;
    case MixerKind::Mamba2: case MixerKind::None: mamba2(c, emit); break;
    }
}

// What a mixer holds while its forward runs beyond what it saves, in bytes: fla's chunk states h
// [B, ⌈S/64⌉, HV, dk, dv] with w [B, S, HV, dk], u and v_new [B, S, HV, dv] (the half-precision
// dtype); mamba_ssm's convolution output and the scan's output in that dtype, and the FP32 chunk
// states [B, ⌈S/chunk⌉, h, P, N] before the state passing; the short convolution's gated product.
inline Count mixerForwardTransient(const Context &c)
{
    if (c.mixerLayers == 0)
        return 0;
    const MixerContext x = mixerOf(c);
    const Count half = sizeOf(c.c);
    auto chunks = [&c](Count size) { return size > 0 ? quotient(c.S + size - 1, size) : c.S; };
    if (x.kind == MixerKind::GatedDeltaNet) {
        const Count states = c.B * chunks(64) * x.heads * x.keyDim * x.headDim;
        return c.share((states + c.BS * x.heads * x.keyDim + 2 * c.BS * x.value) * half, Sharded);
    }
    // The product C · conv_out until out_proj's contiguous copy of it is made.
    if (x.kind == MixerKind::ShortConv)
        return c.share(c.BS * x.value * half, Sharded);
    const Count states = c.B * chunks(x.chunk) * x.value * x.keyDim * 4;
    return c.share((c.BS * x.conv + c.BS * x.value) * half + states, Sharded);
}

} // namespace headroom::transformer
