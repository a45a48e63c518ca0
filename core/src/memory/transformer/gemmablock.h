#pragma once

// The Gemma blocks: GemmaRMSNorm (everything FP32), LLaMA's attention with Gemma-2's tanh
// soft-capping of the scores, a gated GELU MLP; Gemma-2 and Gemma-3 wrap attention and MLP in
// four norms (SAVED_TENSORS.md, "Gemma-2 layer"; Gemma-1 is not measured and has two). Internal.

#include "llamablock.h"

namespace headroom::transformer {

constexpr GemmaNormNames kGemmaInputNorm{ "input_layernorm.input", "input_layernorm.x_fp32",
                                          "input_layernorm.x_squared", "input_layernorm.rstd",
                                          "input_layernorm.normed_fp32", "input_layernorm.weight_plus_one" };
constexpr GemmaNormNames kGemmaPostNorm{ "post_attention_layernorm.input", "post_attention_layernorm.x_fp32",
                                         "post_attention_layernorm.x_squared", "post_attention_layernorm.rstd",
                                         "post_attention_layernorm.normed_fp32",
                                         "post_attention_layernorm.weight_plus_one" };
constexpr GemmaNormNames kGemmaPreMlpNorm{ "pre_feedforward_layernorm.input", "pre_feedforward_layernorm.x_fp32",
                                           "pre_feedforward_layernorm.x_squared", "pre_feedforward_layernorm.rstd",
                                           "pre_feedforward_layernorm.normed_fp32",
                                           "pre_feedforward_layernorm.weight_plus_one" };
constexpr GemmaNormNames kGemmaPostMlpNorm{ "post_feedforward_layernorm.input", "post_feedforward_layernorm.x_fp32",
                                            "post_feedforward_layernorm.x_squared", "post_feedforward_layernorm.rstd",
                                            "post_feedforward_layernorm.normed_fp32",
                                            "post_feedforward_layernorm.weight_plus_one" };
constexpr GemmaNormNames kGemmaFinalNorm{ "norm.input", "norm.x_fp32", "norm.x_squared", "norm.rstd", "norm.normed_fp32",
                                          "norm.weight_plus_one" };

template<typename Emit>
void gemmaLayer(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const bool sandwich = c.normsPerLayer >= 4; // Gemma-2/3: norms after attention and after the MLP too
    // The sandwich norms read projection outputs (the compute dtype); x.float() copies them
    // unless they are FP32.
    NormInput post = residualNorm(c);
    post.input = c.c;
    gemmaNorm(c, emit, L, kGemmaInputNorm, residualNorm(c), c.H, CheckpointInput);
    llamaProjections(c, emit);
    if (c.qkNorm)
        qkGemmaNorms(c, emit);
    // Soft-capping: scores / cap, tanh, * cap; only tanh saves (its output, the scores' dtype).
    ropeCore(c, emit, kSelfAttn, Dtype::Fp32, c.softcap);
    if (c.copies)
        emit("self_attn.o_proj.weight_copy", "A·d×H", L, c.c, c.qDim * c.H, Sharded | WeightCopy);
    if (sandwich) {
        gemmaNorm(c, emit, L, kGemmaPostNorm, post, c.H, 0);
        gemmaNorm(c, emit, L, kGemmaPreMlpNorm, residualNorm(c), c.H, 0);
    } else {
        gemmaNorm(c, emit, L, kGemmaPostNorm, residualNorm(c), c.H, 0);
    }
    gatedMlp(c, emit, kLlamaMlp, true);
    if (sandwich)
        gemmaNorm(c, emit, L, kGemmaPostMlpNorm, post, c.H, 0);
}

} // namespace headroom::transformer
