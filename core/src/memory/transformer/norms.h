#pragma once

// LayerNorm and RMSNorm as the blocks use them: what each saves for backward. Internal.

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

// HF's LlamaRMSNorm: x = hidden.to(float32) (the residual itself when it is FP32, a fresh copy
// otherwise), saved by pow and by the product; x.pow(2).mean() (torch 1.13's mean saves x²);
// rstd = rsqrt(mean + eps), FP32; (x * rstd).to(input dtype), saved by weight * h. A fused
// kernel saves its input and the FP32 1/rms only.
template<typename Emit>
void rmsNorm(const Context &c, const Emit &emit, Region region, const RmsNormNames &n, unsigned inputFlags)
{
    const Count BSH = c.BSH;
    if (c.x.fusedNorm) {
        emit(n.input, "B×S×H", region, c.r, BSH, inputFlags);
        emit(n.rstd, "B×S", region, Dtype::Fp32, c.BS, 0);
        return;
    }
    emit(n.xFp32, "B×S×H", region, Dtype::Fp32, BSH, inputFlags);
    if (c.x.meanSavesInput)
        emit(n.xSquared, "B×S×H", region, Dtype::Fp32, BSH, 0);
    emit(n.rstd, "B×S", region, Dtype::Fp32, c.BS, 0);
    emit(n.normed, "B×S×H", region, c.r, BSH, 0);
}

} // namespace headroom::transformer
