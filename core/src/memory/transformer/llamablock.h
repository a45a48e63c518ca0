#pragma once

// The LLaMA block's saved tensors. Internal.

#include "norms.h"

namespace headroom::transformer {

// A LLaMA block as HF's LlamaDecoderLayer runs it (SAVED_TENSORS.md, "LLaMA layer"), with the
// profile's switches. Dropout exists only inside attention (attention_dropout).
template<typename Emit>
void llamaLayer(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const Count H = c.H, F = c.F;
    const Count BSH = c.BSH, BSF = c.BSF, scores = c.scores;
    const Dtype half = c.c;
    const bool split = c.r != c.c; // autocast: each projection casts the FP32 norm output itself
    rmsNorm(c, emit, L, kInputNorm, CheckpointInput);
    if (c.x.fusedProjections) {
        emit("self_attn.qkv_proj.input", "B×S×H", L, c.c, BSH, 0);
        if (c.copies)
            emit("self_attn.qkv_proj.weight_copy", c.gqa ? "H×(H+2·KV·d)" : "H×3H", L, half, H * (H + 2 * c.kv),
                 Sharded | WeightCopy);
    } else {
        emit("self_attn.q_proj.input", "B×S×H", L, split ? c.c : c.r, BSH, 0);
        if (split) {
            emit("self_attn.k_proj.input", "B×S×H", L, c.c, BSH, 0);
            emit("self_attn.v_proj.input", "B×S×H", L, c.c, BSH, 0);
        }
        if (c.copies) {
            emit("self_attn.q_proj.weight_copy", "H×H", L, half, H * H, Sharded | WeightCopy);
            emit("self_attn.k_proj.weight_copy", "H×KV·d", L, half, H * c.kv, Sharded | WeightCopy);
            emit("self_attn.v_proj.weight_copy", "H×KV·d", L, half, H * c.kv, Sharded | WeightCopy);
        }
    }
    if (c.kernel == AttentionKernel::Eager) {
        const bool expand = c.x.expandGroupedKv || !c.gqa;
        const Count kvWidth = expand ? H : c.kv;
        emit("self_attn.q", "B×A×S×d", L, c.c, BSH, Sharded);
        emit("self_attn.k_t", expand ? "B×A×d×S" : "B×KV×d×S", L, c.c, c.BS * kvWidth, Sharded);
        if (c.x.fusedSoftmax) {
            emit("self_attn.probs", "B×A×S×S", L, c.c, scores, Sharded | Core);
            if (c.drop) {
                emit("self_attn.dropout_mask", "B×A×S×S", L, c.mask(c.c), scores, Sharded | Core);
                emit("self_attn.probs_dropped", "B×A×S×S", L, c.c, scores, Sharded | Core);
            }
        } else {
            // softmax(dtype=float32), then .to(query dtype) and dropout, whose mask takes the
            // query's dtype: the residual dtype, since RoPE multiplies by tables of that dtype.
            emit("self_attn.probs_fp32", "B×A×S×S", L, Dtype::Fp32, scores, Sharded | Core);
            if (c.drop)
                emit("self_attn.dropout_mask", "B×A×S×S", L, c.mask(c.r), scores, Sharded | Core);
            if (c.drop || c.c != Dtype::Fp32)
                emit("self_attn.probs_dropped", "B×A×S×S", L, c.c, scores, Sharded | Core);
        }
        emit("self_attn.v", expand ? "B×A×S×d" : "B×KV×S×d", L, c.c, c.BS * kvWidth, Sharded);
        emit("self_attn.o_proj.input", "B×S×H", L, c.c, BSH, Sharded);
    } else {
        // FlashAttention reads grouped K/V at KV heads; SDPA gets them after repeat_kv.
        const bool expand = c.kernel == AttentionKernel::Sdpa && c.x.expandGroupedKv && c.gqa;
        const Count kvWidth = expand ? H : c.kv;
        emit("self_attn.q", "B×S×A×d", L, c.c, BSH, Sharded);
        std::string_view shape = expand || !c.gqa ? "B×S×A×d" : "B×S×KV×d";
        emit("self_attn.k", shape, L, c.c, c.BS * kvWidth, Sharded);
        emit("self_attn.v", shape, L, c.c, c.BS * kvWidth, Sharded);
        emit("self_attn.out", "B×S×A×d", L, c.c, BSH, Sharded);
        emit("self_attn.lse", "B×A×S", L, Dtype::Fp32, c.BAS, Sharded);
    }
    if (c.copies)
        emit("self_attn.o_proj.weight_copy", "H×H", L, half, H * H, Sharded | WeightCopy);
    rmsNorm(c, emit, L, kPostNorm, 0);
    if (c.x.fusedProjections) {
        emit("mlp.gate_up_proj.input", "B×S×H", L, c.c, BSH, 0);
        if (c.copies)
            emit("mlp.gate_up_proj.weight_copy", "H×2F", L, half, 2 * H * F, Sharded | WeightCopy);
    } else {
        emit("mlp.gate_proj.input", "B×S×H", L, split ? c.c : c.r, BSH, 0);
        if (split)
            emit("mlp.up_proj.input", "B×S×H", L, c.c, BSH, 0);
        if (c.copies) {
            emit("mlp.gate_proj.weight_copy", "H×F", L, half, H * F, Sharded | WeightCopy);
            emit("mlp.up_proj.weight_copy", "H×F", L, half, H * F, Sharded | WeightCopy);
        }
    }
    if (c.x.fusedActivation) {
        emit("mlp.gate_up_out", "B×S×2F", L, c.c, 2 * BSF, Sharded);
    } else {
        emit("mlp.act_fn.input", "B×S×F", L, c.c, BSF, Sharded);
        emit("mlp.act_out", "B×S×F", L, c.c, BSF, Sharded);
        emit("mlp.up_out", "B×S×F", L, c.c, BSF, Sharded);
    }
    emit("mlp.down_proj.input", "B×S×F", L, c.c, BSF, Sharded);
    if (c.copies)
        emit("mlp.down_proj.weight_copy", "F×H", L, half, F * H, Sharded | WeightCopy);
}

} // namespace headroom::transformer
