#pragma once

// Multi-head latent attention as DeepSeek-V2's DeepseekV2Attention runs it (SAVED_TENSORS.md,
// "DeepSeek-V2 layer"): Q directly or through a normalised low-rank latent, K and V from one
// compressed latent plus a single rotary key head. Between the block's two RMSNorms, in place of
// LLaMA's attention. Internal.

#include "attention.h"
#include "norms.h"

namespace headroom::transformer {

constexpr RmsNormNames kQaNorm{ "self_attn.q_a_layernorm.input", "self_attn.q_a_layernorm.x_fp32",
                                "self_attn.q_a_layernorm.x_squared", "self_attn.q_a_layernorm.rstd",
                                "self_attn.q_a_layernorm.normed" };
constexpr RmsNormNames kKvaNorm{ "self_attn.kv_a_layernorm.input", "self_attn.kv_a_layernorm.x_fp32",
                                 "self_attn.kv_a_layernorm.x_squared", "self_attn.kv_a_layernorm.rstd",
                                 "self_attn.kv_a_layernorm.normed" };

template<typename Emit>
void mlaAttention(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const MlaContext &m = c.mla;
    const Count H = c.H, A = c.A, BS = c.BS;
    const Dtype half = c.c;
    const Dtype normOut = c.split() ? c.c : c.r; // the input norm's output or its bf16 cast
    if (m.QL == 0) {
        emit("self_attn.q_proj.input", "B×S×H", L, normOut, c.BSH, LinearInput);
        if (c.copies)
            emit("self_attn.q_proj.weight_copy", "H×A·QH", L, half, H * A * m.QH, Sharded | WeightCopy);
    } else {
        // q_a_proj, its RMSNorm over the q latent (input: q_a_proj's output, the compute dtype),
        // then q_b_proj on weight * normed (autocast: its bf16 cast).
        emit("self_attn.q_a_proj.input", "B×S×H", L, normOut, c.BSH, LinearInput);
        if (c.copies)
            emit("self_attn.q_a_proj.weight_copy", "H×QL", L, half, H * m.QL, WeightCopy);
        rmsNormOf(c, emit, L, kQaNorm, { BS * m.QL, BS, c.c, "B×S×QL", "B×S" }, 0);
        emit("self_attn.q_b_proj.input", "B×S×QL", L, c.c, BS * m.QL, LinearInput);
        if (c.copies)
            emit("self_attn.q_b_proj.weight_copy", "QL×A·QH", L, half, m.QL * A * m.QH, Sharded | WeightCopy);
    }
    // kv_a_proj_with_mqa shares the norm output with q's projection (autocast: casts it again).
    if (c.split())
        emit("self_attn.kv_a_proj_with_mqa.input", "B×S×H", L, c.c, c.BSH, LinearInput);
    if (c.copies)
        emit("self_attn.kv_a_proj_with_mqa.weight_copy", "H×(KL+RH)", L, half, H * (m.KL + m.RH), WeightCopy);
    // kv_a_layernorm over compressed_kv = split(kv_a output)[0]: in FP32, .to(float32) returns
    // that split view, so the whole [B, S, KL + RH] output storage is saved; in half precision it
    // is a contiguous FP32 copy of the KL part.
    if (c.x.fusedNorm) {
        emit(kKvaNorm.input, "B×S×KL", L, c.c, BS * m.KL, 0);
        emit(kKvaNorm.rstd, "B×S", L, Dtype::Fp32, BS, 0);
    } else {
        const bool view = c.c == Dtype::Fp32;
        emit(kKvaNorm.xFp32, view ? "B×S×(KL+RH)" : "B×S×KL", L, Dtype::Fp32, BS * (view ? m.KL + m.RH : m.KL), 0);
        if (c.x.meanSavesInput)
            emit(kKvaNorm.xSquared, "B×S×KL", L, Dtype::Fp32, BS * m.KL, 0);
        emit(kKvaNorm.rstd, "B×S", L, Dtype::Fp32, BS, 0);
        emit(kKvaNorm.normed, "B×S×KL", L, c.c, BS * m.KL, 0);
    }
    emit("self_attn.kv_b_proj.input", "B×S×KL", L, c.c, BS * m.KL, LinearInput);
    if (c.copies)
        emit("self_attn.kv_b_proj.weight_copy", "KL×A·(NH+VH)", L, half, m.KL * A * (m.NH + m.VH), Sharded | WeightCopy);
    // The complex RoPE (view_as_complex, * freqs_cis, view_as_real) saves only the shared
    // freqs_cis and leaves q_pe / k_pe in the compute dtype. Query and key are
    // torch.cat((nope, pe)), the single k_pe head expanded to every head: fresh A·QH tensors.
    const Count qk = c.BAS * m.QH;
    if (c.kernel == AttentionKernel::Eager) {
        CoreSizes z;
        z.q = qk;
        z.k = qk;
        // v (VH wide) is a split of kv_b_proj's output: matmul copies it for B > 1 and views it at
        // B = 1, when the whole [S, A·(NH + VH)] output is what stays saved.
        z.v = c.B == 1 ? BS * A * (m.NH + m.VH) : c.BAS * m.VH;
        z.out = c.BAS * m.VH;
        z.kShape = "B×A×QH×S";
        z.vShape = c.B == 1 ? "B×S×A·(NH+VH)" : "B×A×S×VH";
        z.dropoutInput = c.c;
        eagerCore(c, emit, kSelfAttn, z);
    } else {
        CoreSizes z;
        z.q = qk;
        z.k = qk;
        z.v = c.BAS * m.VH;
        z.out = c.BAS * m.VH;
        z.kShape = "B×S×A×QH";
        z.vShape = "B×S×A×VH";
        kernelCore(c, emit, kSelfAttn, z);
    }
    if (c.copies)
        emit("self_attn.o_proj.weight_copy", "A·VH×H", L, half, A * m.VH * H, Sharded | WeightCopy);
}

} // namespace headroom::transformer
