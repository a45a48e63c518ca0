#pragma once

// The LLaMA block's attention and gated MLP, which Mixtral, Qwen2-MoE, DeepSeek-V2 and Gemma
// share in parts (layers.h puts the blocks together). Internal.

#include "attention.h"
#include "norms.h"

namespace headroom::transformer {

// HF's q/k/v_proj (or Phi-3's fused qkv_proj) read the norm output: one shared tensor, except
// under autocast, where each casts the FP32 norm output to half precision on its own.
template<typename Emit>
void llamaProjections(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const Count H = c.H;
    const Count BSH = c.BSH;
    const Dtype half = c.c;
    if (c.x.fusedProjections) {
        emit("self_attn.qkv_proj.input", "B×S×H", L, c.c, BSH, LinearInput);
        if (c.copies)
            emit("self_attn.qkv_proj.weight_copy", "H×(A·d+2·KV·d)", L, half, H * (c.qDim + 2 * c.kv),
                 Sharded | WeightCopy);
        return;
    }
    emit("self_attn.q_proj.input", "B×S×H", L, c.split() ? c.c : c.r, BSH, LinearInput);
    if (c.split()) {
        emit("self_attn.k_proj.input", "B×S×H", L, c.c, BSH, LinearInput);
        emit("self_attn.v_proj.input", "B×S×H", L, c.c, BSH, LinearInput);
    }
    if (c.copies) {
        emit("self_attn.q_proj.weight_copy", "H×A·d", L, half, H * c.qDim, Sharded | WeightCopy);
        emit("self_attn.k_proj.weight_copy", "H×KV·d", L, half, H * c.kv, Sharded | WeightCopy);
        emit("self_attn.v_proj.weight_copy", "H×KV·d", L, half, H * c.kv, Sharded | WeightCopy);
    }
}

// Qwen3's q_norm / k_norm: an RMSNorm over each head's d values of the projection outputs
// (compute dtype), with LLaMA's saves.
template<typename Emit>
void qkRmsNorms(const Context &c, const Emit &emit)
{
    constexpr RmsNormNames q{ "self_attn.q_norm.input", "self_attn.q_norm.x_fp32", "self_attn.q_norm.x_squared",
                              "self_attn.q_norm.rstd", "self_attn.q_norm.normed" };
    constexpr RmsNormNames k{ "self_attn.k_norm.input", "self_attn.k_norm.x_fp32", "self_attn.k_norm.x_squared",
                              "self_attn.k_norm.rstd", "self_attn.k_norm.normed" };
    rmsNormOf(c, emit, Region::Layer, q, { c.BSQ, c.BAS, c.c, "B×S×A×d", "B×S×A", Sharded }, Sharded);
    rmsNormOf(c, emit, Region::Layer, k, { c.BS * c.kv, c.BS * c.kvHeads, c.c, "B×S×KV×d", "B×S×KV", Sharded }, Sharded);
}

// The attention half of a LLaMA block as HF's LlamaAttention runs it (SAVED_TENSORS.md, "LLaMA
// layer"), between the two norms; Gemma-2 adds its soft-capping. Dropout exists only inside
// attention (attention_dropout).
template<typename Emit>
void llamaAttention(const Context &c, const Emit &emit, bool softcap = false)
{
    llamaProjections(c, emit);
    if (c.qkNorm && c.gemmaNorms)
        qkGemmaNorms(c, emit);
    else if (c.qkNorm)
        qkRmsNorms(c, emit);
    // softmax(dtype=float32), then .to(query dtype) and dropout, whose mask takes the query's
    // dtype: the residual dtype, since RoPE multiplies by tables of that dtype.
    ropeCore(c, emit, kSelfAttn, Dtype::Fp32, softcap);
    if (c.attentionGate) {
        // Qwen3NextAttention: attn_output * sigmoid(gate) before o_proj. sigmoid keeps its
        // output, the product both factors (the kernel's output is one), o_proj the product.
        // In FP32, q_norm's x.float() is q itself, a view that keeps q_proj's whole output
        // (the gate's half with it) alive.
        if (c.qkNorm && c.c == Dtype::Fp32)
            emit("self_attn.q_proj.gate_half", "B×S×A·d", Region::Layer, c.c, c.BSQ, Sharded);
        emit("self_attn.gate.sigmoid_out", "B×S×A·d", Region::Layer, c.c, c.BSQ, Sharded);
        emit("self_attn.gated_output", "B×S×A·d", Region::Layer, c.c, c.BSQ, Sharded | LinearInput);
    }
    if (c.copies)
        emit("self_attn.o_proj.weight_copy", "A·d×H", Region::Layer, c.c, c.qDim * c.H, Sharded | WeightCopy);
}

struct GatedMlpNames
{
    std::string_view gateInput, upInput, gateCopy, upCopy, fusedInput, fusedCopy;
    std::string_view actInput, actTanh, actHalf, actOnePlus, actOut, upOut, gateUpOut, downInput, downCopy;
};
constexpr GatedMlpNames kLlamaMlp{ "mlp.gate_proj.input",       "mlp.up_proj.input",          "mlp.gate_proj.weight_copy",
                                   "mlp.up_proj.weight_copy",   "mlp.gate_up_proj.input",     "mlp.gate_up_proj.weight_copy",
                                   "mlp.act_fn.input",          "mlp.act_fn.tanh_out",        "mlp.act_fn.half_x",
                                   "mlp.act_fn.one_plus_tanh",  "mlp.act_out",                "mlp.up_out",
                                   "mlp.gate_up_out",           "mlp.down_proj.input",        "mlp.down_proj.weight_copy" };

// A gated MLP, act(gate(x)) * up(x) then down: the activation saves its input (SiLU, or the
// fused GELU of Gemma's gelu_pytorch_tanh; gelu_new written out saves three more), the product
// both factors, down_proj its input. A fused kernel (Megatron's bias-SwiGLU) saves the gate-up
// output alone. \a gelu: the activation is a GELU (Gemma), which may be written out.
template<typename Emit>
void gatedMlp(const Context &c, const Emit &emit, const GatedMlpNames &n, bool gelu)
{
    constexpr Region L = Region::Layer;
    const Count H = c.H, F = c.F;
    const Count BSH = c.BSH, BSF = c.BSF;
    const Dtype half = c.c;
    if (c.x.fusedProjections || c.fusedGateUp) {
        emit(n.fusedInput, "B×S×H", L, c.c, BSH, LinearInput);
        if (c.copies)
            emit(n.fusedCopy, "H×2F", L, half, 2 * H * F, Sharded | WeightCopy);
    } else {
        emit(n.gateInput, "B×S×H", L, c.split() ? c.c : c.r, BSH, LinearInput);
        if (c.split())
            emit(n.upInput, "B×S×H", L, c.c, BSH, LinearInput);
        if (c.copies) {
            emit(n.gateCopy, "H×F", L, half, H * F, Sharded | WeightCopy);
            emit(n.upCopy, "H×F", L, half, H * F, Sharded | WeightCopy);
        }
    }
    if (c.x.fusedActivation) {
        emit(n.gateUpOut, "B×S×2F", L, c.c, 2 * BSF, Sharded);
    } else {
        emit(n.actInput, "B×S×F", L, c.c, BSF, Sharded);
        if (gelu && c.geluPython) {
            emit(n.actTanh, "B×S×F", L, c.c, BSF, Sharded);
            emit(n.actHalf, "B×S×F", L, c.c, BSF, Sharded);
            emit(n.actOnePlus, "B×S×F", L, c.c, BSF, Sharded);
        }
        emit(n.actOut, "B×S×F", L, c.c, BSF, Sharded);
        emit(n.upOut, "B×S×F", L, c.c, BSF, Sharded);
    }
    emit(n.downInput, "B×S×F", L, c.c, BSF, Sharded | LinearInput);
    if (c.copies)
        emit(n.downCopy, "F×H", L, half, F * H, Sharded | WeightCopy);
}

} // namespace headroom::transformer
