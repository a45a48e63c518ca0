#pragma once

// The LLaMA block with LoRA / QLoRA adapters on a frozen base, as PEFT's LoraLinear (and its
// bitsandbytes Linear4bit variant) run it: SAVED_TENSORS.md, "LLaMA layer with LoRA / QLoRA
// adapters". Internal.
//
// Only what requires grad is saved: a frozen Linear saves no input (its weight needs no grad), a
// frozen norm weight saves no `normed`, and an op saves an input only for the gradient of another
// input that requires grad. The layer input requires grad in every layer but the first without
// checkpointing (the frozen embedding's output does not; PEFT's enable_input_require_grads() makes
// it so for the reentrant checkpoint), so the first layer saves less (Context::inputGrad).

#include <initializer_list>

#include "attention.h"
#include "norms.h"

namespace headroom::transformer {

struct AdapterNames
{
    std::string_view mask, aInput, bInput, baseCopy, plainCopy, aCopy, bCopy;
    std::string_view inShape; // B×S×in
    std::string_view outShape; // B×S×out
};

// DoRA's saved tensors share one name per projection prefix.
struct DoraNames
{
    std::string_view baseOut, adapterOut, scales;
};

constexpr AdapterNames kLoraQ{ "self_attn.q_proj.lora_dropout.default.mask", "self_attn.q_proj.lora_A.default.input",
                               "self_attn.q_proj.lora_B.default.input", "self_attn.q_proj.base_layer.weight_copy",
                               "self_attn.q_proj.weight_copy", "self_attn.q_proj.lora_A.default.weight_copy",
                               "self_attn.q_proj.lora_B.default.weight_copy", "B×S×H" , "B×S×A·d" };
constexpr AdapterNames kLoraK{ "self_attn.k_proj.lora_dropout.default.mask", "self_attn.k_proj.lora_A.default.input",
                               "self_attn.k_proj.lora_B.default.input", "self_attn.k_proj.base_layer.weight_copy",
                               "self_attn.k_proj.weight_copy", "self_attn.k_proj.lora_A.default.weight_copy",
                               "self_attn.k_proj.lora_B.default.weight_copy", "B×S×H" , "B×S×KV·d" };
constexpr AdapterNames kLoraV{ "self_attn.v_proj.lora_dropout.default.mask", "self_attn.v_proj.lora_A.default.input",
                               "self_attn.v_proj.lora_B.default.input", "self_attn.v_proj.base_layer.weight_copy",
                               "self_attn.v_proj.weight_copy", "self_attn.v_proj.lora_A.default.weight_copy",
                               "self_attn.v_proj.lora_B.default.weight_copy", "B×S×H" , "B×S×KV·d" };
constexpr AdapterNames kLoraO{ "self_attn.o_proj.lora_dropout.default.mask", "self_attn.o_proj.lora_A.default.input",
                               "self_attn.o_proj.lora_B.default.input", "self_attn.o_proj.base_layer.weight_copy",
                               "self_attn.o_proj.weight_copy", "self_attn.o_proj.lora_A.default.weight_copy",
                               "self_attn.o_proj.lora_B.default.weight_copy", "B×S×A·d" , "B×S×H" };
constexpr AdapterNames kLoraGate{ "mlp.gate_proj.lora_dropout.default.mask", "mlp.gate_proj.lora_A.default.input",
                                  "mlp.gate_proj.lora_B.default.input", "mlp.gate_proj.base_layer.weight_copy",
                                  "mlp.gate_proj.weight_copy", "mlp.gate_proj.lora_A.default.weight_copy",
                                  "mlp.gate_proj.lora_B.default.weight_copy", "B×S×H" , "B×S×F" };
constexpr AdapterNames kLoraUp{ "mlp.up_proj.lora_dropout.default.mask", "mlp.up_proj.lora_A.default.input",
                                "mlp.up_proj.lora_B.default.input", "mlp.up_proj.base_layer.weight_copy",
                                "mlp.up_proj.weight_copy", "mlp.up_proj.lora_A.default.weight_copy",
                                "mlp.up_proj.lora_B.default.weight_copy", "B×S×H" , "B×S×F" };
constexpr AdapterNames kLoraDown{ "mlp.down_proj.lora_dropout.default.mask", "mlp.down_proj.lora_A.default.input",
                                  "mlp.down_proj.lora_B.default.input", "mlp.down_proj.base_layer.weight_copy",
                                  "mlp.down_proj.weight_copy", "mlp.down_proj.lora_A.default.weight_copy",
                                  "mlp.down_proj.lora_B.default.weight_copy", "B×S×F" , "B×S×H" };

constexpr DoraNames kDoraQ{ "self_attn.q_proj.lora_magnitude_vector.base_result", "self_attn.q_proj.lora_B.default.output",
                            "self_attn.q_proj.lora_magnitude_vector.scales" };
constexpr DoraNames kDoraK{ "self_attn.k_proj.lora_magnitude_vector.base_result", "self_attn.k_proj.lora_B.default.output",
                            "self_attn.k_proj.lora_magnitude_vector.scales" };
constexpr DoraNames kDoraV{ "self_attn.v_proj.lora_magnitude_vector.base_result", "self_attn.v_proj.lora_B.default.output",
                            "self_attn.v_proj.lora_magnitude_vector.scales" };
constexpr DoraNames kDoraO{ "self_attn.o_proj.lora_magnitude_vector.base_result", "self_attn.o_proj.lora_B.default.output",
                            "self_attn.o_proj.lora_magnitude_vector.scales" };
constexpr DoraNames kDoraGate{ "mlp.gate_proj.lora_magnitude_vector.base_result", "mlp.gate_proj.lora_B.default.output",
                               "mlp.gate_proj.lora_magnitude_vector.scales" };
constexpr DoraNames kDoraUp{ "mlp.up_proj.lora_magnitude_vector.base_result", "mlp.up_proj.lora_B.default.output",
                             "mlp.up_proj.lora_magnitude_vector.scales" };
constexpr DoraNames kDoraDown{ "mlp.down_proj.lora_magnitude_vector.base_result", "mlp.down_proj.lora_B.default.output",
                               "mlp.down_proj.lora_magnitude_vector.scales" };

// One projection x (in) -> out on the frozen base, with or without an adapter. An adapter saves
// lora_A's input for its weight gradient even where x needs none (the dropout output; without
// dropout x itself in FP32, where adapters reading the same x share it (\a shared); x.to(float32)
// in pure bf16 and autocast's bf16 cast, one per adapter), lora_A's output (B·S·R) and, with
// lora_dropout, an FP32 CPU mask when x requires grad. Under autocast the frozen base weight's cast
// is not cached (autocast caches only leaves that require grad) but saved by its matmul when x
// requires grad; QLoRA's MatMul4Bit saves nothing. The adapters' casts are cached and saved.
//
// DoRA (PEFT 0.20 tuners/lora/variants.py DoraLinearVariant.forward, dora.py DoraLinearLayer):
// the result is (m / ||W + s B A|| - 1) x base output + m / ||W + s B A|| x s x lora_B's output,
// with the norm detached, so the two products save the base output (what the base projection
// returns) and lora_B's output (the adapters' dtype) for the magnitude's gradient, and three
// vectors of out in FP32. Measured on CPU with a plain-torch emulation of that forward.
template<typename Emit>
void projection(const Context &c, const Emit &emit, const AdapterNames &n, const DoraNames &dn, bool adapted, Count in,
                Count out, bool xGrad, bool shared, unsigned inFlags)
{
    constexpr Region L = Region::Layer;
    const LoraContext &a = c.lora;
    if (adapted) {
        if (a.dropout && xGrad)
            emit(n.mask, n.inShape, L, c.mask(Dtype::Fp32), c.BS * in, inFlags);
        if (!shared || a.dropout || c.c != Dtype::Fp32)
            emit(n.aInput, n.inShape, L, a.a, c.BS * in, inFlags);
        emit(n.bInput, "B×S×R", L, a.a, c.BS * a.R, 0);
        if (a.dora) {
            const unsigned outFlags = inFlags == Sharded ? 0u : Sharded;
            emit(dn.baseOut, n.outShape, L, a.p, c.BS * out, outFlags);
            emit(dn.adapterOut, n.outShape, L, a.a, c.BS * out, outFlags);
            emit(dn.scales, "3×out", L, Dtype::Fp32, 3 * out, outFlags);
        }
    }
    // GPTQ through GPTQModel (v7.3.4 f4c327a, nn_modules/qlinear/torch.py TorchLinear._forward;
    // tritonv2.py TritonV2Linear.forward falls back to it while training; the CUDA kernels do not
    // train): weights = dequantize_weight().to(x.dtype), then torch.matmul(x, weights) outside any
    // autograd.Function, so mm keeps the dequantized weight for the input's gradient. Under autocast
    // the matmul's 16-bit cast of it is what is kept.
    if (a.savesDequantized && xGrad)
        emit(adapted ? n.baseCopy : n.plainCopy, "in×out", L, c.c, in * out, Sharded);
    if (!c.copies)
        return;
    if (!a.quantized && xGrad)
        emit(adapted ? n.baseCopy : n.plainCopy, "in×out", L, c.c, in * out, Sharded | WeightCopy);
    if (adapted) {
        if (xGrad)
            emit(n.aCopy, "in×R", L, c.c, in * a.R, WeightCopy);
        emit(n.bCopy, "R×out", L, c.c, a.R * out, WeightCopy);
    }
}

// bitsandbytes before 0.43.2 (autograd/_functions.py MatMul4Bit.forward, 0.39.1 to 0.43.1; fixed in
// 9e75374, PR #1270): ctx.tensors = (A, B) whenever A requires grad, A being Linear4bit's input cast
// to the compute dtype; backward never reads it. A cast makes a copy per module; without one the
// modules reading the same input share it, and it costs nothing more where an adapter of the group
// already saves that same tensor (FP32 throughout, no dropout).
// LLM.int8 today (bitsandbytes 95f9af3, autograd/_functions.py MatMul8bitLt.forward): ctx.tensors =
// (CAt, subA, A) whenever the input or weight requires grad, A the linear's input as it arrived
// (\a input's dtype; int8_vectorwise_quant reads a float16 cast of it and drops it), so the modules
// reading one input share it, and an adapter that saves that same tensor (its dtype, no dropout)
// costs nothing more. subA, the outlier columns, depends on the data: not counted. HQQ (hqq 0.2.8
// HQQMatmulNoCacheMul.setup_context: save_for_backward(x, bias)) keeps its input the same way.
// AWQ (GPTQModel v7.3.4 AwqGemmFn) keeps x cast to FP16 unless already 16-bit: counted as the
// older bitsandbytes' cast to the compute dtype (the same 2 bytes; an FP32 recipe, where AWQ
// would keep a 2-byte copy per module, is counted as one 4-byte input).
template<typename Emit>
void bnbSavedInputs(const Context &c, const Emit &emit, std::initializer_list<std::string_view> names, std::string_view shape,
                    Count in, bool xGrad, bool adapted, unsigned flags, Dtype input)
{
    const LoraContext &a = c.lora;
    if (!a.savesInput || !xGrad)
        return;
    if (a.uncastInput) {
        if (!(adapted && !a.dropout && a.a == input))
            emit(*names.begin(), shape, Region::Layer, input, c.BS * in, flags);
        return;
    }
    if (a.p != c.c) {
        for (std::string_view name : names)
            emit(name, shape, Region::Layer, c.c, c.BS * in, flags);
        return;
    }
    const bool adapterKeepsX = adapted && !a.dropout && c.c == Dtype::Fp32;
    if (!adapterKeepsX)
        emit(*names.begin(), shape, Region::Layer, c.c, c.BS * in, flags);
}

template<typename Emit>
void loraLayer(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const LoraContext &a = c.lora;
    const Count H = c.H, F = c.F;
    // Which tensors require grad: the layer input, q / k / v (the input or their adapter), the
    // scores, the attention output, the residual after attention, the gate / up outputs and the
    // down_proj input.
    const bool gin = c.inputGrad;
    const bool qg = gin || a.q, kg = gin || a.k, vg = gin || a.v;
    const bool sg = qg || kg, ag = sg || vg, pg = ag || a.o;
    const bool gg = pg || a.gate, ug = pg || a.up, hg = gg || ug;
    if (gin)
        rmsNorm(c, emit, L, kInputNorm, CheckpointInput, false);
    projection(c, emit, kLoraQ, kDoraQ, a.q, H, c.qDim, gin, false, 0);
    projection(c, emit, kLoraK, kDoraK, a.k, H, c.kv, gin, a.q, 0);
    projection(c, emit, kLoraV, kDoraV, a.v, H, c.kv, gin, a.q || a.k, 0);
    bnbSavedInputs(c, emit, { "self_attn.q_proj.base_layer.saved_input", "self_attn.k_proj.base_layer.saved_input",
                              "self_attn.v_proj.base_layer.saved_input" },
                   "B×S×H", H, gin, a.q || a.k || a.v, 0, c.r);
    if (c.kernel == AttentionKernel::Eager) {
        // q @ kᵀ saves q when k requires grad and kᵀ when q does; softmax its output when the
        // scores do; probs @ v saves the probabilities when v requires grad (in FP32 without
        // dropout they are softmax's output again, unless that was not saved) and v when they do.
        const Dtype probs = c.x.fusedSoftmax ? c.c : Dtype::Fp32;
        const Count scores = c.scores;
        if (kg)
            emit(kSelfAttn.q, "B×A×S×d", L, c.c, c.BSQ, Sharded);
        if (qg)
            emit(kSelfAttn.kT, "B×A×d×S", L, c.c, savedKeyElements(c), Sharded);
        if (sg)
            emit(c.x.fusedSoftmax ? kSelfAttn.fusedProbs : kSelfAttn.probs, "B×A×S×S", L, probs, scores, Sharded | Core);
        if (c.drop && sg)
            emit(kSelfAttn.dropoutMask, "B×A×S×S", L, c.mask(c.x.fusedSoftmax ? c.c : c.r), scores, Sharded | Core);
        if (vg && (c.drop || probs != c.c || !sg))
            emit(kSelfAttn.probsDropped, "B×A×S×S", L, c.c, scores, Sharded | Core);
        if (sg)
            emit(kSelfAttn.v, "B×A×S×d", L, c.c, savedValueElements(c), Sharded);
    } else if (ag) {
        // A fused kernel saves all its inputs and outputs as soon as any input requires grad.
        CoreSizes z;
        z.q = c.BSQ;
        z.out = c.BSQ;
        z.k = kernelKvElements(c, true);
        z.v = kernelKvElements(c, false);
        z.kShape = "B×S×KV×d";
        z.vShape = "B×S×KV×d";
        kernelCore(c, emit, kSelfAttn, z);
    }
    projection(c, emit, kLoraO, kDoraO, a.o, c.qDim, H, ag, false, Sharded);
    bnbSavedInputs(c, emit, { "self_attn.o_proj.base_layer.saved_input" }, "B×S×A·d", c.qDim, ag, a.o, Sharded, c.c);
    if (pg)
        rmsNorm(c, emit, L, kPostNorm, 0, false);
    projection(c, emit, kLoraGate, kDoraGate, a.gate, H, F, pg, false, 0);
    // SiLU saves its input when the gate output requires grad; the product saves each factor for
    // the other's gradient. QLoRA's Linear4bit returns its input's dtype (p).
    if (gg)
        emit("mlp.act_fn.input", "B×S×F", L, a.p, c.BSF, Sharded);
    projection(c, emit, kLoraUp, kDoraUp, a.up, H, F, pg, a.gate, 0);
    bnbSavedInputs(c, emit, { "mlp.gate_proj.base_layer.saved_input", "mlp.up_proj.base_layer.saved_input" }, "B×S×H", H, pg,
                   a.gate || a.up, 0, c.r);
    if (ug)
        emit("mlp.act_out", "B×S×F", L, a.p, c.BSF, Sharded);
    if (gg)
        emit("mlp.up_out", "B×S×F", L, a.p, c.BSF, Sharded);
    projection(c, emit, kLoraDown, kDoraDown, a.down, F, H, hg, false, Sharded);
    bnbSavedInputs(c, emit, { "mlp.down_proj.base_layer.saved_input" }, "B×S×F", F, hg, a.down, Sharded, a.p);
}

} // namespace headroom::transformer
