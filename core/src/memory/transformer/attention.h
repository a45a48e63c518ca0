#pragma once

// The attention core between the projections and the output projection, as HF's
// eager_attention_forward and the fused kernels save it; shared by the RoPE families (LLaMA,
// Mixtral, Qwen2-MoE, Gemma, GPT-NeoX, Phi, Falcon, StarCoder2). GPT-2 keeps its own
// (gpt2block.h), MLA its own (mlablock.h). Internal.

#include "tensorlist.h"

namespace headroom::transformer {

struct AttentionNames
{
    std::string_view q, kT, k, softcap, probs, fusedProbs, dropoutMask, probsDropped, v, out, lse, outInput;
};
constexpr AttentionNames kSelfAttn{ "self_attn.q",           "self_attn.k_t",          "self_attn.k",
                                     "self_attn.softcap_tanh", "self_attn.probs_fp32",   "self_attn.probs",
                                     "self_attn.dropout_mask", "self_attn.probs_dropped", "self_attn.v",
                                     "self_attn.out",          "self_attn.lse",          "self_attn.o_proj.input" };

// Grouped K/V are expanded to A heads before eager or SDPA attention (repeat_kv).
inline bool expandsKv(const Context &c) { return c.x.expandGroupedKv || !c.gqa; }

// repeat_kv with one KV head at B = 1: x[:, :, None].expand(1, 1, n, S, d).reshape(1, n, S, d)
// merges a size-1 dim with the stride-0 one and stays a view, and so does matmul's 3-D reshape:
// what is saved is the single head's storage (SAVED_TENSORS.md, "repeat_kv with one KV head").
inline bool kvStaysView(const Context &c) { return c.x.repeatKvView && c.B == 1 && c.kvHeads == 1; }

// kᵀ as eager attention saves it: at A heads (the repeat_kv copy, or matmul's contiguous copy),
// except the view above; under autocast k is FP32 after RoPE (the tables are) and matmul's half
// cast of the expanded view materialises all A heads.
inline Count savedKeyElements(const Context &c)
{
    if (!expandsKv(c) || (kvStaysView(c) && !c.autocast))
        return c.BS * c.kv;
    return c.BSQ;
}

// v likewise; it comes out of v_proj already in the compute dtype, so autocast leaves the view.
inline Count savedValueElements(const Context &c)
{
    if (!expandsKv(c) || kvStaysView(c))
        return c.BS * c.kv;
    return c.BSQ;
}

// K and V as a fused kernel saves them: FlashAttention reads grouped heads; SDPA gets them after
// repeat_kv (with the same view rule, and autocast's cast of k materialising it).
inline Count kernelKvElements(const Context &c, bool key)
{
    const bool expand = c.kernel == AttentionKernel::Sdpa && c.x.expandGroupedKv && c.gqa;
    if (!expand || (kvStaysView(c) && !(key && c.autocast)))
        return c.BS * c.kv;
    return c.BSQ;
}

struct CoreSizes
{
    Count q = 0, k = 0, v = 0, out = 0;
    std::string_view kShape = "B×A×d×S", vShape = "B×A×S×d";
    //! softmax(dtype=float32) (eager_attention_forward); Falcon's softmax keeps the hidden dtype.
    Dtype softmax = Dtype::Fp32;
    //! Dropout's input dtype: the query's, r once RoPE has multiplied by tables of that dtype.
    Dtype dropoutInput = Dtype::Fp32;
    bool softcap = false;
};

// Eager attention: matmul saves q and kᵀ; Gemma-2's tanh soft-capping saves its output; softmax
// saves its output; .to(dtype) and dropout (mask in its input's dtype) give what matmul(probs, v)
// saves, which is the softmax output itself when nothing changed it; then v and the merged heads.
template<typename Emit>
void eagerCore(const Context &c, const Emit &emit, const AttentionNames &n, const CoreSizes &z)
{
    constexpr Region L = Region::Layer;
    const Count scores = c.scores;
    emit(n.q, "B×A×S×d", L, c.c, z.q, Sharded);
    emit(n.kT, z.kShape, L, c.c, z.k, Sharded);
    if (z.softcap)
        emit(n.softcap, "B×A×S×S", L, c.c, scores, Sharded | Core);
    if (c.x.fusedSoftmax) {
        emit(n.fusedProbs, "B×A×S×S", L, c.c, scores, Sharded | Core);
        if (c.drop) {
            emit(n.dropoutMask, "B×A×S×S", L, c.mask(c.c), scores, Sharded | Core);
            emit(n.probsDropped, "B×A×S×S", L, c.c, scores, Sharded | Core);
        }
    } else {
        emit(n.probs, "B×A×S×S", L, z.softmax, scores, Sharded | Core);
        if (c.drop)
            emit(n.dropoutMask, "B×A×S×S", L, c.mask(z.dropoutInput), scores, Sharded | Core);
        if (c.drop || z.softmax != c.c)
            emit(n.probsDropped, "B×A×S×S", L, c.c, scores, Sharded | Core);
    }
    emit(n.v, z.vShape, L, c.c, z.v, Sharded);
    emit(n.outInput, "B×S×A·d", L, c.c, z.out, Sharded | LinearInput);
}

// SDPA and flash kernels save q, k and v as they get them, the output (also the output
// projection's input) and an FP32 logsumexp.
// Under context parallelism the kernel saves the K and V it attended over: the gathered
// sequence's under all-gather, the repeated head's under Ulysses with fewer KV heads than GPUs.
template<typename Emit>
void kernelCore(const Context &c, const Emit &emit, const AttentionNames &n, const CoreSizes &z)
{
    constexpr Region L = Region::Layer;
    emit(n.q, "B×S×A×d", L, c.c, z.q, Sharded);
    if (c.cpKvFactor > 1) {
        const std::string_view shape = c.cpKind == ContextParallelKind::Ulysses ? "B×c·S×1×d" : "B×c·S×KV×d";
        emit(n.k, shape, L, c.c, z.k * c.cpKvFactor, Sharded);
        emit(n.v, shape, L, c.c, z.v * c.cpKvFactor, Sharded);
    } else {
        emit(n.k, z.kShape, L, c.c, z.k, Sharded);
        emit(n.v, z.vShape, L, c.c, z.v, Sharded);
    }
    emit(n.out, "B×S×A×d", L, c.c, z.out, Sharded);
    emit(n.lse, "B×A×S", L, Dtype::Fp32, c.BAS, Sharded);
    // Packed sequences under SDPA (Context::packedMask): every call turns the block-causal bool
    // mask into a new additive mask in q's dtype (aten/src/ATen/native/transformers/attention.cpp
    // convert_boolean_attn_mask, at::where), and the memory-efficient kernel, the one that takes
    // a mask, saves it for backward: B×1×S×S a layer, whole on every tensor-parallel rank.
    if (c.packedMask)
        emit("self_attn.attn_bias", "B×1×S×S", L, c.c, c.B * c.S * c.S, Whole);
    // Under Transformer Engine's FP8 the output projection saves an FP8 copy of the kernel's
    // output beside the output the kernel keeps for its own backward.
    if (c.fp8Inputs)
        emit(n.outInput, "B×S×A×d", L, c.c, z.out, Sharded | LinearInput);
}

// The core of the RoPE families with separate (or LLaMA-fused) projections: eager with repeat_kv,
// or a kernel.
template<typename Emit>
void ropeCore(const Context &c, const Emit &emit, const AttentionNames &n, Dtype softmax, bool softcap)
{
    CoreSizes z;
    z.q = c.BSQ;
    z.out = c.BSQ;
    z.softmax = softmax;
    z.dropoutInput = c.r;
    z.softcap = softcap;
    if (c.kernel == AttentionKernel::Eager) {
        z.k = savedKeyElements(c);
        z.v = savedValueElements(c);
        z.kShape = z.k == c.BSQ ? "B×A×d×S" : "B×KV×d×S";
        z.vShape = z.v == c.BSQ ? "B×A×S×d" : "B×KV×S×d";
        eagerCore(c, emit, n, z);
    } else {
        z.k = kernelKvElements(c, true);
        z.v = kernelKvElements(c, false);
        z.kShape = z.k == c.BSQ ? "B×S×A×d" : "B×S×KV×d";
        z.vShape = z.v == c.BSQ ? "B×S×A×d" : "B×S×KV×d";
        kernelCore(c, emit, n, z);
    }
}

} // namespace headroom::transformer
