#pragma once

// The GPT-2 block's saved tensors. Internal.

#include "norms.h"

namespace headroom::transformer {

// A GPT-2 block as HF's GPT2Block runs it (SAVED_TENSORS.md, "GPT-2 layer"), with the
// profile's switches.
template<typename Emit>
void gpt2Layer(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const Count B = c.B, H = c.H, F = c.F;
    const Count BSH = c.BSH, BSF = c.BSF, scores = c.scores;
    const Dtype half = c.c;
    layerNorm(c, emit, L, kLn1, CheckpointInput);
    emit("attn.c_attn.input", "B×S×H", L, c.c, BSH, LinearInput);
    if (c.copies)
        emit("attn.c_attn.weight_copy", c.gqa ? "H×(H+2·KV·d)" : "H×3H", L, half, H * (H + 2 * c.kv),
             Sharded | WeightCopy);
    std::string_view fused = c.gqa ? "B×S×(H+2·KV·d)" : "B×S×3H";
    if (c.kernel == AttentionKernel::Eager) {
        const bool expand = c.x.expandGroupedKv || !c.gqa;
        const Count kvWidth = expand ? H : c.kv;
        // matmul makes contiguous copies of the split heads; with B = 1 it can view them, and the
        // whole fused c_attn output is what stays saved (the same bytes when K and V are full).
        if (B == 1) {
            emit("attn.q", fused, L, c.c, c.BS * (H + 2 * c.kv), Sharded);
        } else {
            emit("attn.q", "B×A×S×d", L, c.c, BSH, Sharded);
            emit("attn.k_t", expand ? "B×A×d×S" : "B×KV×d×S", L, c.c, c.BS * kvWidth, Sharded);
        }
        const Dtype softmax = !c.x.fusedSoftmax && c.autocast && c.x.softmaxFp32UnderAutocast ? Dtype::Fp32 : c.c;
        emit("attn.probs", "B×A×S×S", L, softmax, scores, Sharded | Core);
        if (c.drop)
            emit("attn.attn_dropout.mask", "B×A×S×S", L, c.mask(c.c), scores, Sharded | Core);
        // What matmul(probs, v) saves: the dropout output, or the half copy of FP32 probabilities;
        // otherwise the softmax output itself again.
        if (c.drop || softmax != c.c)
            emit("attn.probs_dropped", "B×A×S×S", L, c.c, scores, Sharded | Core);
        if (B > 1)
            emit("attn.v", expand ? "B×A×S×d" : "B×KV×S×d", L, c.c, c.BS * kvWidth, Sharded);
        emit("attn.c_proj.input", "B×S×H", L, c.c, BSH, Sharded | LinearInput);
    } else {
        // SDPA and flash kernels save q, k and v, which are views of the fused c_attn output (its
        // whole storage counts once), the output (also c_proj's input) and an FP32 logsumexp.
        emit("attn.q", fused, L, c.c, c.BS * (H + 2 * c.kv), Sharded);
        emit("attn.out", "B×S×H", L, c.c, BSH, Sharded);
        if (c.fp8Inputs) // c_proj's FP8 copy of it under Transformer Engine (attention.h)
            emit("attn.c_proj.input", "B×S×H", L, c.c, BSH, Sharded | LinearInput);
        emit("attn.lse", "B×A×S", L, Dtype::Fp32, c.BAS, Sharded);
    }
    if (c.copies)
        emit("attn.c_proj.weight_copy", "H×H", L, half, H * H, Sharded | WeightCopy);
    if (c.drop)
        emit("attn.resid_dropout.mask", "B×S×H", L, c.mask(c.c), BSH, 0);
    layerNorm(c, emit, L, kLn2, 0);
    emit("mlp.c_fc.input", "B×S×H", L, c.c, BSH, LinearInput);
    if (c.copies)
        emit("mlp.c_fc.weight_copy", "H×F", L, half, H * F, Sharded | WeightCopy);
    emit("mlp.act.input", "B×S×F", L, c.c, BSF, Sharded);
    if (c.geluPython) {
        // gelu_new as Python arithmetic: tanh saves its output, the final product both factors.
        // F.gelu(x, approximate="tanh") (nanoGPT, litgpt; SAVED_TENSORS.md "GPT-2 with the fused
        // GELU") and Megatron's bias-GELU save the input alone.
        emit("mlp.act.tanh_out", "B×S×F", L, c.c, BSF, Sharded);
        emit("mlp.act.half_x", "B×S×F", L, c.c, BSF, Sharded);
        emit("mlp.act.one_plus_tanh", "B×S×F", L, c.c, BSF, Sharded);
    }
    emit("mlp.c_proj.input", "B×S×F", L, c.c, BSF, Sharded | LinearInput);
    if (c.copies)
        emit("mlp.c_proj.weight_copy", "F×H", L, half, F * H, Sharded | WeightCopy);
    if (c.drop)
        emit("mlp.dropout.mask", "B×S×H", L, c.mask(c.c), BSH, 0);
}

} // namespace headroom::transformer
