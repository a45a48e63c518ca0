#pragma once

// torchtitan's per-operator selective checkpointing (--recompute op; torchtitan's
// activation_checkpoint.mode = "selective", selective_ac_option = "op"). Each transformer block
// runs under torch.utils.checkpoint with a policy that saves the outputs of the ops in its save
// list and recomputes the rest in backward (pytorch/torchtitan,
// torchtitan/distributed/activation_checkpoint.py _apply_op_sac(); the list,
// torchtitan/models/llama3/infra/parallelize.py _op_sac_save_list): aten.mm, the fused
// scaled-dot-product attention kernels, and under tensor parallelism the reduce-scatter, "except
// every second mm": a counter per block counts the aten.mm calls and saves the odd ones. A linear
// with a bias dispatches to aten.addmm, which is neither counted nor saved.
//
// In a gated block (q, k, v, o, gate, up, down, in the order torchtitan's Llama and Hugging
// Face's LLaMA, Mistral, Qwen and Gemma call them) without biases the mms are q(1), k(2), v(3),
// o(4), gate(5), up(6), down(7): q, v, gate and down are saved, k, o and up recomputed. Phi-3's
// fused qkv_proj and gate_up_proj are one mm each: qkv(1), o(2), gate_up(3), down(4).

#include <headroom/memory/model.h>

namespace headroom {

//! One block's linears (bit set).
enum OpLinear : unsigned {
    OpQ = 1u << 0, OpK = 1u << 1, OpV = 1u << 2, OpO = 1u << 3,
    OpGate = 1u << 4, OpUp = 1u << 5, OpDown = 1u << 6,
};

//! Whether --recompute op is modelled for \a m: a dense gated block with q, k, v and o apart or
//! fused as Phi-3's (the LLaMA, Gemma and Gemma-2 families), without latent attention.
inline bool opRecomputeModelled(const ModelSpec &m)
{
    const BlockTraits t = modelTraits(m);
    return !m.moe.enabled() && !m.mla.enabled() && t.mlp == MlpKind::Gated && !t.fusedQkv;
}

//! The linears whose outputs the policy saves (OpLinear bits), following the mm count.
inline unsigned opSavedLinears(const ModelSpec &m)
{
    const BlockTraits t = modelTraits(m);
    struct Call
    {
        unsigned linears;
        bool bias;
    };
    const Call separate[] = { { OpQ, t.qkvBias }, { OpK, t.qkvBias }, { OpV, t.qkvBias }, { OpO, t.outBias },
                              { OpGate, t.mlpBias }, { OpUp, t.mlpBias }, { OpDown, t.mlpBias } };
    const Call fused[] = { { OpQ | OpK | OpV, t.qkvBias }, { OpO, t.outBias }, { OpGate | OpUp, t.mlpBias }, { OpDown, t.mlpBias } };
    const Call *calls = m.fusedProjections ? fused : separate;
    const int n = m.fusedProjections ? 4 : 7;
    unsigned saved = 0;
    int mms = 0;
    for (int i = 0; i < n; ++i) {
        if (calls[i].bias)
            continue; // aten.addmm: neither counted nor saved
        if (++mms % 2 == 1)
            saved |= calls[i].linears;
    }
    return saved;
}

/*!
 * The share of a block's linear weights whose matmul runs again in backward (the even mms and
 * every addmm): what the recomputed forward costs in FLOPs. Llama 3 8B: k, o and up, (1,024 +
 * 4,096 + 14,336) / (4,096 + 2 x 1,024 + 4,096 + 3 x 14,336) = 0.365.
 */
inline double opRecomputedLinearShare(const ModelSpec &m)
{
    const double H = static_cast<double>(m.hidden), F = static_cast<double>(m.ffnOrDefault());
    const double q = static_cast<double>(m.heads * m.headDimOrDefault());
    const double kv = static_cast<double>(m.kvHeadsOrHeads() * m.headDimOrDefault());
    const unsigned saved = opSavedLinears(m);
    const double weights[] = { H * q, H * kv, H * kv, q * H, H * F, H * F, F * H };
    const unsigned bits[] = { OpQ, OpK, OpV, OpO, OpGate, OpUp, OpDown };
    double all = 0, recomputed = 0;
    for (int i = 0; i < 7; ++i) {
        all += weights[i];
        if ((saved & bits[i]) == 0)
            recomputed += weights[i];
    }
    return all > 0 ? recomputed / all : 0.0;
}

} // namespace headroom
