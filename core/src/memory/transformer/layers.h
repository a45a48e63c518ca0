#pragma once

// Which block a layer is, the tensors saved outside the blocks, and one layer's forward scratch.
// Internal.

#include "gemmablock.h"
#include "gpt2block.h"
#include "layernormblock.h"
#include "llamablock.h"
#include "lorablock.h"
#include "mixerblock.h"
#include "lossblock.h"
#include "mlablock.h"
#include "moeblock.h"

namespace headroom::transformer {

// The LLaMA family's block: two RMSNorms around LLaMA's attention or DeepSeek-V2's latent
// attention, and a dense gated MLP or Mixtral's / Qwen2-MoE's experts; with adapters on the plain
// block, lorablock.h's list.
template<typename Emit>
void llamaLayer(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    if (c.itemizedLora) {
        loraLayer(c, emit);
        return;
    }
    // Qwen3-Next's norms scale by 1 + w in FP32, as Gemma's.
    if (c.gemmaNorms)
        gemmaNorm(c, emit, L, kGemmaInputNorm, residualNorm(c), c.H, CheckpointInput);
    else
        rmsNorm(c, emit, L, kInputNorm, CheckpointInput);
    if (c.mixerLayer)
        mixerTensors(c, emit);
    else if (c.mlaOn)
        mlaAttention(c, emit);
    else
        llamaAttention(c, emit);
    if (c.gemmaNorms)
        gemmaNorm(c, emit, L, kGemmaPostNorm, residualNorm(c), c.H, 0);
    else
        rmsNorm(c, emit, L, kPostNorm, 0);
    if (c.moe.E > 0 && !c.denseMlp)
        moeMlp(c, emit);
    else
        gatedMlp(c, emit, kLlamaMlp, false);
}

template<typename Emit>
void layerTensors(const Context &c, const Emit &emit)
{
    switch (c.family) {
    case BlockFamily::Llama: llamaLayer(c, emit); break;
    case BlockFamily::Neox:
    case BlockFamily::Phi:
    case BlockFamily::Falcon:
    case BlockFamily::Starcoder2: layerNormLayer(c, emit); break;
    case BlockFamily::Gemma:
    case BlockFamily::Gemma2: gemmaLayer(c, emit); break;
    case BlockFamily::Gpt2:
    case BlockFamily::Bert: gpt2Layer(c, emit); break; // BERT: not itemized apart, GPT-2's list
    }
    // Transformer Engine's FP8 weights and transposes, saved for backward like autocast's copies
    // (fp8body.h).
    if (c.fp8LayerWeights > 0)
        emit("fp8.weights_and_transposes", "2×(layer linears)", Region::Layer, Dtype::Fp8, c.fp8LayerWeights,
             Sharded | WeightCopy);
}

inline const LayerNormNames &finalLayerNormNames(BlockFamily f)
{
    static constexpr LayerNormNames neox{ "final_layer_norm.input", "final_layer_norm.mean", "final_layer_norm.rstd" };
    static constexpr LayerNormNames phi{ "final_layernorm.input", "final_layernorm.mean", "final_layernorm.rstd" };
    static constexpr LayerNormNames starcoder2{ "norm.input", "norm.mean", "norm.rstd" };
    switch (f) {
    case BlockFamily::Neox: return neox;
    case BlockFamily::Phi: return phi;
    case BlockFamily::Starcoder2: return starcoder2;
    default: return kLnF;
    }
}

// Everything saved outside the blocks: SAVED_TENSORS.md, "outside the layers".
template<typename Emit>
void outsideTensors(const Context &c, const Emit &emit)
{
    const Count B = c.B, S = c.S;
    const Count BSH = c.BSH;
    const bool learned = c.family == BlockFamily::Gpt2 || c.family == BlockFamily::Bert;
    const bool rms = c.family == BlockFamily::Llama;
    const bool gemma = c.family == BlockFamily::Gemma || c.family == BlockFamily::Gemma2;
    // Embedding: the ids the gather saves (a frozen embedding under adapters saves nothing: it has
    // no backward node, unless PEFT trains a copy of it), GPT-2's positions and the embedding
    // dropout masks.
    if (c.itemizedLora && !c.lora.trainedEmbedding) {
        // nothing
    } else if (learned) {
        emit("wte.indices", "B×S", Region::Embedding, Dtype::Int64, c.BS, Whole);
        if (c.positions)
            emit("wpe.indices", "S", Region::Embedding, Dtype::Int64, S, Whole);
        if (c.drop)
            emit("drop.mask", "B×S×H", Region::Embedding, c.mask(c.r), BSH, 0);
    } else {
        emit(c.family == BlockFamily::Neox ? "embed_in.indices" : "embed_tokens.indices", "B×S", Region::Embedding,
             Dtype::Int64, c.BS, Whole);
        const bool embeddingDropout = c.family == BlockFamily::Neox || c.family == BlockFamily::Phi
                || c.family == BlockFamily::Starcoder2;
        if (c.drop && embeddingDropout)
            emit("embed_dropout.mask", "B×S×H", Region::Embedding, c.mask(c.r), BSH, 0);
    }
    if (rms && !c.gemmaNorms)
        rmsNorm(c, emit, Region::FinalNorm, kFinalNorm, 0, !c.itemizedLora);
    else if (gemma || c.gemmaNorms)
        gemmaNorm(c, emit, Region::FinalNorm, kGemmaFinalNorm, residualNorm(c), c.H, 0);
    else
        layerNorm(c, emit, Region::FinalNorm, finalLayerNormNames(c.family), 0);
    headTensors(c, emit);
    lossTensors(c, emit);
    auxLossTensors(c, emit);
    // Packed sequences under SDPA: the block-causal bool mask, built once per batch and held
    // through the step (torchtune packed_block_causal_mask: B×S×S).
    if (c.packedMask)
        emit("packed_block_causal_mask", "B×S×S", Region::Shared, Dtype::Bool, c.B * S * S, Whole);
    // RoPE tables over the rotated dims, in the embedding dtype, built once per forward (DeepSeek's
    // freqs_cis is complex64 in every precision: two FP32 values an element).
    if (c.mlaOn) {
        emit("rope_freqs_cis", "S×RH/2 complex64", Region::Shared, Dtype::Fp32, 2 * S * (c.mla.RH / 2), Whole);
    } else if (c.rotary) {
        emit("rope_cos", "S×RD", Region::Shared, c.r, S * c.RD, Whole);
        emit("rope_sin", "S×RD", Region::Shared, c.r, S * c.RD, Whole);
    }
    // The reentrant checkpoint holds its tensor arguments: the 4-D mask (eager only) and the
    // positions (HF's decoders with RoPE pass both to every layer); so does a per-operator
    // checkpoint given them.
    if (!learned && checkpointsLayers(c.recompute) && c.x.maskArgument) {
        if (c.kernel == AttentionKernel::Eager)
            emit("causal_mask", "B×S×S", Region::Shared, c.r, B * S * S, Whole);
        emit("cache_position", "S", Region::Shared, Dtype::Int64, S, Whole);
    }
}


// The largest short-lived buffer of one layer's forward beyond what it saves.
inline Count layerForwardTransient(const Context &c)
{
    const Count scores = c.share(c.scores, Sharded);
    const Count BSH = c.share(c.BSH, 0);
    const bool learned = c.family == BlockFamily::Gpt2 || c.family == BlockFamily::Bert;
    Count attention = 0;
    if (c.kernel == AttentionKernel::Eager) {
        if (c.x.fusedSoftmax) {
            // The raw scores QKᵀ beside the fused softmax's output.
            attention = scores * sizeOf(c.c);
        } else if (!learned) {
            // matmul(q, kᵀ) * scaling, then + the 4-D mask (promoted to FP32 under autocast):
            // the scaled scores and the masked ones are live together.
            attention = scores * (sizeOf(c.c) + (sizeOf(c.r) > sizeOf(c.c) ? sizeOf(c.r) : sizeOf(c.c)));
        } else {
            // GPT-2: the scores, divided by sqrt(d), then torch.where against the causal buffer.
            attention = scores * 2 * sizeOf(c.c);
        }
    }
    Count other = 0;
    const bool rms = c.family == BlockFamily::Llama || c.family == BlockFamily::Gemma
            || c.family == BlockFamily::Gemma2;
    if (c.geluPython) {
        // gelu_new's unsaved intermediates (x³, 0.044715·x³, x + ...): two B·S·F at a time.
        other = 2 * c.share(c.BSF, Sharded) * sizeOf(c.c);
    } else if (rms && !c.x.fusedNorm) {
        // RMSNorm's x.pow(2) (unless mean() saves it) and, below FP32, x * rstd before the cast.
        other = (c.x.meanSavesInput ? 0 : 4 * BSH) + (c.r != Dtype::Fp32 ? 4 * BSH : 0);
    }
    // A hybrid model's mixer layers: the chunked kernels' states and intermediates.
    const Count mixer = mixerForwardTransient(c);
    other = mixer > other ? mixer : other;
    if (c.moe.E > 0 && !c.denseMlp) {
        // The router's one-hot expert mask, int64 [E, k, B·S], lives through the expert loop.
        const Count mask = 8 * c.moe.E * c.moe.K * c.BS;
        other = mask > other ? mask : other;
    }
    return attention > other ? attention : other;
}

} // namespace headroom::transformer
