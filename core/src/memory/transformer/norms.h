#pragma once

// LayerNorm, RMSNorm and GemmaRMSNorm as the blocks use them: what each saves for backward.
// Internal.

#include "tensorlist.h"

namespace headroom::transformer {

struct LayerNormNames
{
    std::string_view input, mean, rstd;
};
constexpr LayerNormNames kLn1{ "ln_1.input", "ln_1.mean", "ln_1.rstd" };
constexpr LayerNormNames kLn2{ "ln_2.input", "ln_2.mean", "ln_2.rstd" };
constexpr LayerNormNames kLnF{ "ln_f.input", "ln_f.mean", "ln_f.rstd" };

struct RmsNormNames
{
    std::string_view input, xFp32, xSquared, rstd, normed;
};
constexpr RmsNormNames kInputNorm{ "input_layernorm.input", "input_layernorm.x_fp32", "input_layernorm.x_squared",
                                   "input_layernorm.rstd", "input_layernorm.normed" };
constexpr RmsNormNames kPostNorm{ "post_attention_layernorm.input", "post_attention_layernorm.x_fp32",
                                  "post_attention_layernorm.x_squared", "post_attention_layernorm.rstd",
                                  "post_attention_layernorm.normed" };
constexpr RmsNormNames kFinalNorm{ "norm.input", "norm.x_fp32", "norm.x_squared", "norm.rstd", "norm.normed" };

// nn.LayerNorm (and Apex's fused one) saves its input and per-token mean and 1/std.
template<typename Emit>
void layerNorm(const Context &c, const Emit &emit, Region region, const LayerNormNames &n, unsigned inputFlags)
{
    const Dtype stats = c.x.normStatsFp32 ? Dtype::Fp32 : c.r;
    emit(n.input, "B×S×H", region, c.r, c.BSH, inputFlags);
    emit(n.mean, "B×S", region, stats, c.BS, 0);
    emit(n.rstd, "B×S", region, stats, c.BS, 0);
}

// The statistics alone: a second LayerNorm over a tensor another one already saved (GPT-NeoX's
// parallel residual reads the layer input twice).
template<typename Emit>
void layerNormStats(const Context &c, const Emit &emit, Region region, const LayerNormNames &n)
{
    const Dtype stats = c.x.normStatsFp32 ? Dtype::Fp32 : c.r;
    emit(n.mean, "B×S", region, stats, c.BS, 0);
    emit(n.rstd, "B×S", region, stats, c.BS, 0);
}

// What an RMSNorm normalises: `elements` values in `rows` rows of the dtype `input` (the
// residual stream, B·S·H in r, for the block norms; MLA's latents and q/k norms differ).
struct NormInput
{
    Count elements = 0, rows = 0;
    Dtype input = Dtype::Fp32;
    std::string_view shape = "B×S×H", rowShape = "B×S";
    unsigned flags = 0; // on every saved tensor (Sharded for per-head norms)
};

inline NormInput residualNorm(const Context &c) { return { c.BSH, c.BS, c.r, "B×S×H", "B×S" }; }

// HF's LlamaRMSNorm: x = hidden.to(float32) (the input itself when it is FP32, a fresh copy
// otherwise), saved by pow and by the product; x.pow(2).mean() (torch 1.13's mean saves x²);
// rstd = rsqrt(mean + eps), FP32; (x * rstd).to(input dtype), saved by weight * h unless the
// weight is frozen (LoRA: weight * h then needs no grad for h's partner). A fused kernel saves
// its input and the FP32 1/rms only.
template<typename Emit>
void rmsNormOf(const Context &c, const Emit &emit, Region region, const RmsNormNames &n, const NormInput &in,
               unsigned inputFlags, bool trainedWeight = true)
{
    const unsigned f = in.flags;
    if (c.x.fusedNorm) {
        emit(n.input, in.shape, region, in.input, in.elements, inputFlags | f);
        emit(n.rstd, in.rowShape, region, Dtype::Fp32, in.rows, f);
        return;
    }
    emit(n.xFp32, in.shape, region, Dtype::Fp32, in.elements, inputFlags | f);
    if (c.x.meanSavesInput)
        emit(n.xSquared, in.shape, region, Dtype::Fp32, in.elements, f);
    emit(n.rstd, in.rowShape, region, Dtype::Fp32, in.rows, f);
    if (trainedWeight)
        emit(n.normed, in.shape, region, in.input, in.elements, f);
}

template<typename Emit>
void rmsNorm(const Context &c, const Emit &emit, Region region, const RmsNormNames &n, unsigned inputFlags,
             bool trainedWeight = true)
{
    rmsNormOf(c, emit, region, n, residualNorm(c), inputFlags, trainedWeight);
}

struct GemmaNormNames
{
    std::string_view input, xFp32, xSquared, rstd, normedFp32, weightPlusOne;
};

// Gemma's RMSNorm: x.float(), x²'s mean, rstd, x * rstd and (1 + weight.float()) all in FP32, in
// every precision; the product's output is cast back with type_as(x) and saves nothing more.
// 1 + weight is a fresh FP32 tensor of the norm's width, not a parameter.
template<typename Emit>
void gemmaNorm(const Context &c, const Emit &emit, Region region, const GemmaNormNames &n, const NormInput &in,
               Count width, unsigned inputFlags, std::string_view widthShape = "H")
{
    const unsigned f = in.flags;
    if (c.x.fusedNorm) {
        emit(n.input, in.shape, region, in.input, in.elements, inputFlags | f);
        emit(n.rstd, in.rowShape, region, Dtype::Fp32, in.rows, f);
        return;
    }
    emit(n.xFp32, in.shape, region, Dtype::Fp32, in.elements, inputFlags | f);
    if (c.x.meanSavesInput)
        emit(n.xSquared, in.shape, region, Dtype::Fp32, in.elements, f);
    emit(n.rstd, in.rowShape, region, Dtype::Fp32, in.rows, f);
    emit(n.normedFp32, in.shape, region, Dtype::Fp32, in.elements, f);
    emit(n.weightPlusOne, widthShape, region, Dtype::Fp32, width, Whole);
}

// Gemma-3's (and Qwen3-Next's) q_norm / k_norm: a GemmaRMSNorm over each head's d values.
template<typename Emit>
void qkGemmaNorms(const Context &c, const Emit &emit)
{
    constexpr GemmaNormNames q{ "self_attn.q_norm.input", "self_attn.q_norm.x_fp32", "self_attn.q_norm.x_squared",
                                "self_attn.q_norm.rstd", "self_attn.q_norm.normed_fp32", "self_attn.q_norm.weight_plus_one" };
    constexpr GemmaNormNames k{ "self_attn.k_norm.input", "self_attn.k_norm.x_fp32", "self_attn.k_norm.x_squared",
                                "self_attn.k_norm.rstd", "self_attn.k_norm.normed_fp32", "self_attn.k_norm.weight_plus_one" };
    gemmaNorm(c, emit, Region::Layer, q, { c.BSQ, c.BAS, c.c, "B×S×A×d", "B×S×A", Sharded }, c.d, Sharded, "d");
    gemmaNorm(c, emit, Region::Layer, k, { c.BS * c.kv, c.BS * c.kvHeads, c.c, "B×S×KV×d", "B×S×KV", Sharded }, c.d,
              Sharded, "d");
}

} // namespace headroom::transformer
