#pragma once

// The RoPE blocks with LayerNorm: GPT-NeoX (parallel residual, two norms over the same input,
// fused QKV), Phi (parallel residual, one shared norm, separate q/k/v), Falcon (parallel, one
// norm, or two with the new decoder architecture, fused QKV) and StarCoder2 (sequential, two
// norms, separate q/k/v). SAVED_TENSORS.md, "GPT-NeoX layer" and "Phi layer"; Falcon and
// StarCoder2 are not measured and follow the same rules. Internal.

#include "attention.h"
#include "norms.h"

namespace headroom::transformer {

struct LayerNormBlockNames
{
    LayerNormNames norm1, norm2;
    std::string_view qkvInput, qkvCopy;                                   // fused QKV
    std::string_view qInput, kInput, vInput, qCopy, kCopy, vCopy;         // separate projections
    AttentionNames core;
    std::string_view outCopy, attnDropout;
    std::string_view upInput, upCopy, actInput, actTanh, actHalf, actOnePlus, downInput, downCopy, mlpDropout;
};

constexpr LayerNormBlockNames kNeoxNames{
    { "input_layernorm.input", "input_layernorm.mean", "input_layernorm.rstd" },
    { "post_attention_layernorm.input", "post_attention_layernorm.mean", "post_attention_layernorm.rstd" },
    "attention.query_key_value.input", "attention.query_key_value.weight_copy",
    {}, {}, {}, {}, {}, {},
    { "attention.q", "attention.k_t", "attention.k", "attention.softcap_tanh", "attention.probs_fp32", "attention.probs",
      "attention.dropout_mask", "attention.probs_dropped", "attention.v", "attention.out", "attention.lse",
      "attention.dense.input" },
    "attention.dense.weight_copy", "post_attention_dropout.mask",
    "mlp.dense_h_to_4h.input", "mlp.dense_h_to_4h.weight_copy", "mlp.act.input", "mlp.act.tanh_out", "mlp.act.half_x",
    "mlp.act.one_plus_tanh", "mlp.dense_4h_to_h.input", "mlp.dense_4h_to_h.weight_copy", "post_mlp_dropout.mask",
};

constexpr LayerNormBlockNames kPhiNames{
    { "input_layernorm.input", "input_layernorm.mean", "input_layernorm.rstd" },
    {},
    {}, {},
    "self_attn.q_proj.input", "self_attn.k_proj.input", "self_attn.v_proj.input", "self_attn.q_proj.weight_copy",
    "self_attn.k_proj.weight_copy", "self_attn.v_proj.weight_copy",
    { "self_attn.q", "self_attn.k_t", "self_attn.k", "self_attn.softcap_tanh", "self_attn.probs_fp32", "self_attn.probs",
      "self_attn.dropout_mask", "self_attn.probs_dropped", "self_attn.v", "self_attn.out", "self_attn.lse",
      "self_attn.dense.input" },
    "self_attn.dense.weight_copy", "resid_dropout.mask",
    "mlp.fc1.input", "mlp.fc1.weight_copy", "mlp.activation_fn.input", "mlp.activation_fn.tanh_out",
    "mlp.activation_fn.half_x", "mlp.activation_fn.one_plus_tanh", "mlp.fc2.input", "mlp.fc2.weight_copy",
    "resid_dropout.mask",
};

constexpr LayerNormBlockNames kFalconNames{
    { "input_layernorm.input", "input_layernorm.mean", "input_layernorm.rstd" },
    { "ln_mlp.input", "ln_mlp.mean", "ln_mlp.rstd" },
    "self_attention.query_key_value.input", "self_attention.query_key_value.weight_copy",
    {}, {}, {}, {}, {}, {},
    { "self_attention.q", "self_attention.k_t", "self_attention.k", "self_attention.softcap_tanh",
      "self_attention.probs", "self_attention.probs", "self_attention.dropout_mask", "self_attention.probs_dropped",
      "self_attention.v", "self_attention.out", "self_attention.lse", "self_attention.dense.input" },
    "self_attention.dense.weight_copy", "attention_dropout.mask",
    "mlp.dense_h_to_4h.input", "mlp.dense_h_to_4h.weight_copy", "mlp.act.input", "mlp.act.tanh_out", "mlp.act.half_x",
    "mlp.act.one_plus_tanh", "mlp.dense_4h_to_h.input", "mlp.dense_4h_to_h.weight_copy", "mlp_dropout.mask",
};

constexpr LayerNormBlockNames kStarcoder2Names{
    { "input_layernorm.input", "input_layernorm.mean", "input_layernorm.rstd" },
    { "post_attention_layernorm.input", "post_attention_layernorm.mean", "post_attention_layernorm.rstd" },
    {}, {},
    "self_attn.q_proj.input", "self_attn.k_proj.input", "self_attn.v_proj.input", "self_attn.q_proj.weight_copy",
    "self_attn.k_proj.weight_copy", "self_attn.v_proj.weight_copy",
    { "self_attn.q", "self_attn.k_t", "self_attn.k", "self_attn.softcap_tanh", "self_attn.probs_fp32", "self_attn.probs",
      "self_attn.dropout_mask", "self_attn.probs_dropped", "self_attn.v", "self_attn.out", "self_attn.lse",
      "self_attn.o_proj.input" },
    "self_attn.o_proj.weight_copy", "self_attn.residual_dropout.mask",
    "mlp.c_fc.input", "mlp.c_fc.weight_copy", "mlp.act.input", "mlp.act.tanh_out", "mlp.act.half_x",
    "mlp.act.one_plus_tanh", "mlp.c_proj.input", "mlp.c_proj.weight_copy", "mlp.residual_dropout.mask",
};

inline const LayerNormBlockNames &layerNormBlockNames(BlockFamily f)
{
    switch (f) {
    case BlockFamily::Phi: return kPhiNames;
    case BlockFamily::Falcon: return kFalconNames;
    case BlockFamily::Starcoder2: return kStarcoder2Names;
    default: return kNeoxNames;
    }
}

template<typename Emit>
void layerNormLayer(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const LayerNormBlockNames &n = layerNormBlockNames(c.family);
    const Count H = c.H, F = c.F;
    const Count BSH = c.BSH, BSF = c.BSF;
    const Dtype half = c.c;
    const bool shared = c.parallel && c.normsPerLayer < 2; // Phi, Falcon-7B: one norm feeds both branches
    const Count fusedWidth = c.qDim + 2 * c.kv;
    layerNorm(c, emit, L, n.norm1, CheckpointInput);
    if (c.fusedQkv) {
        emit(n.qkvInput, "B×S×H", L, c.c, BSH, LinearInput);
        if (c.copies)
            emit(n.qkvCopy, "H×(A·d+2·KV·d)", L, half, H * fusedWidth, Sharded | WeightCopy);
    } else {
        emit(n.qInput, "B×S×H", L, c.split() ? c.c : c.r, BSH, LinearInput);
        if (c.split()) {
            emit(n.kInput, "B×S×H", L, c.c, BSH, LinearInput);
            emit(n.vInput, "B×S×H", L, c.c, BSH, LinearInput);
        }
        if (c.copies) {
            emit(n.qCopy, "H×A·d", L, half, H * c.qDim, Sharded | WeightCopy);
            emit(n.kCopy, "H×KV·d", L, half, H * c.kv, Sharded | WeightCopy);
            emit(n.vCopy, "H×KV·d", L, half, H * c.kv, Sharded | WeightCopy);
        }
    }
    // Partial rotary: torch.cat((rope(q[..., :RD]), q[..., RD:])) makes q and k fresh
    // [B, A, S, d] tensors (the slices and the cat save nothing, the RoPE products only the
    // shared tables). Falcon's softmax keeps the hidden dtype; the others ask for FP32.
    const Dtype softmax = c.family == BlockFamily::Falcon ? c.r : Dtype::Fp32;
    if (c.kernel == AttentionKernel::Eager && c.fusedQkv && c.B == 1) {
        // With B = 1 matmul can view v, a chunk of the fused output (not rotated): the whole
        // [S, (A + 2 KV)·d] storage is what stays saved.
        CoreSizes z;
        z.q = c.BSQ;
        z.k = savedKeyElements(c);
        z.v = c.BS * fusedWidth;
        z.out = c.BSQ;
        z.kShape = z.k == c.BSQ ? "B×A×d×S" : "B×KV×d×S";
        z.vShape = "B×S×(A+2·KV)·d";
        z.softmax = softmax;
        z.dropoutInput = c.r;
        eagerCore(c, emit, n.core, z);
    } else {
        ropeCore(c, emit, n.core, softmax, false);
    }
    if (c.copies)
        emit(n.outCopy, "A·d×H", L, half, c.qDim * H, Sharded | WeightCopy);
    if (c.drop)
        emit(n.attnDropout, "B×S×H", L, c.mask(c.c), BSH, 0);
    if (!c.parallel)
        layerNorm(c, emit, L, n.norm2, 0);
    else if (!shared)
        layerNormStats(c, emit, L, n.norm2); // its input is the layer input, saved above
    // The MLP's input: the second norm's output, or (one shared norm) the same output q/k/v read,
    // which autocast casts once more.
    if (!shared || c.split())
        emit(n.upInput, "B×S×H", L, c.c, BSH, LinearInput);
    if (c.copies)
        emit(n.upCopy, "H×F", L, half, H * F, Sharded | WeightCopy);
    emit(n.actInput, "B×S×F", L, c.c, BSF, Sharded);
    if (c.geluPython) {
        emit(n.actTanh, "B×S×F", L, c.c, BSF, Sharded);
        emit(n.actHalf, "B×S×F", L, c.c, BSF, Sharded);
        emit(n.actOnePlus, "B×S×F", L, c.c, BSF, Sharded);
    }
    emit(n.downInput, "B×S×F", L, c.c, BSF, Sharded | LinearInput);
    if (c.copies)
        emit(n.downCopy, "F×H", L, half, F * H, Sharded | WeightCopy);
    if (c.drop)
        emit(n.mlpDropout, "B×S×H", L, c.mask(c.c), BSH, 0);
}

} // namespace headroom::transformer
