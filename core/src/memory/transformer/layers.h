#pragma once

// Which block a layer is, the tensors saved outside the blocks, and one layer's forward scratch.
// Internal.

#include "gpt2block.h"
#include "llamablock.h"

namespace headroom::transformer {

template<typename Emit>
void layerTensors(const Context &c, const Emit &emit)
{
    if (c.family == BlockFamily::Llama)
        llamaLayer(c, emit);
    else
        gpt2Layer(c, emit);
}


// Everything saved outside the blocks: SAVED_TENSORS.md, "outside the layers".
template<typename Emit>
void outsideTensors(const Context &c, const Emit &emit)
{
    const Count B = c.B, S = c.S, H = c.H;
    const Count BSH = c.BSH;
    const bool llama = c.family == BlockFamily::Llama;
    if (llama) {
        emit("embed_tokens.indices", "B×S", Region::Embedding, Dtype::Int64, c.BS, Whole);
    } else {
        emit("wte.indices", "B×S", Region::Embedding, Dtype::Int64, c.BS, Whole);
        if (c.positions)
            emit("wpe.indices", "S", Region::Embedding, Dtype::Int64, S, Whole);
        if (c.drop)
            emit("drop.mask", "B×S×H", Region::Embedding, c.mask(c.r), BSH, 0);
    }
    if (llama)
        rmsNorm(c, emit, Region::FinalNorm, kFinalNorm, 0);
    else
        layerNorm(c, emit, Region::FinalNorm, kLnF, 0);
    emit("lm_head.input", "B×S×H", Region::LmHead, c.c, BSH, 0);
    if (c.copies)
        emit("lm_head.weight_copy", "H×V", Region::LmHead, c.c, H * c.V, Sharded | WeightCopy);
    if (c.x.hfLoss) {
        emit("log_softmax", "B×S×V", Region::Loss, Dtype::Fp32, c.BSV, Sharded);
        // Labels padded to S + 1 and shifted: a copy when B > 1; with B = 1 the shifted slice is
        // contiguous and the padded storage itself is saved.
        emit("labels", B > 1 ? "B×S" : "S+1", Region::Loss, Dtype::Int64, B > 1 ? c.BS : S + 1, Whole);
    } else {
        emit("loss.softmax", "B×S×V", Region::Loss, Dtype::Fp32, c.BSV, Sharded);
        emit("loss.target_mask", "B×S", Region::Loss, Dtype::Bool, c.BS, Whole);
        emit("loss.masked_target", "B×S", Region::Loss, Dtype::Int64, c.BS, Whole);
    }
    if (llama) {
        emit("rope_cos", "S×d", Region::Shared, c.r, S * c.d, Whole);
        emit("rope_sin", "S×d", Region::Shared, c.r, S * c.d, Whole);
        // The reentrant checkpoint holds its tensor arguments: the 4-D mask (eager only) and
        // the positions.
        if (c.recompute == Recompute::Full && c.x.maskArgument) {
            if (c.kernel == AttentionKernel::Eager)
                emit("causal_mask", "B×S×S", Region::Shared, c.r, B * S * S, Whole);
            emit("cache_position", "S", Region::Shared, Dtype::Int64, S, Whole);
        }
    }
}


// The largest short-lived buffer of one layer's forward beyond what it saves.
inline Count layerForwardTransient(const Context &c)
{
    const Count scores = c.share(c.scores, Sharded);
    const Count BSH = c.share(c.BSH, 0);
    Count attention = 0;
    if (c.kernel == AttentionKernel::Eager) {
        if (c.x.fusedSoftmax) {
            // The raw scores QKᵀ beside the fused softmax's output.
            attention = scores * sizeOf(c.c);
        } else if (c.family == BlockFamily::Llama) {
            // matmul(q, kᵀ) * scaling, then + the 4-D mask (promoted to FP32 under autocast):
            // the scaled scores and the masked ones are live together.
            attention = scores * (sizeOf(c.c) + (sizeOf(c.r) > sizeOf(c.c) ? sizeOf(c.r) : sizeOf(c.c)));
        } else {
            // GPT-2: the scores, divided by sqrt(d), then torch.where against the causal buffer.
            attention = scores * 2 * sizeOf(c.c);
        }
    }
    Count other = 0;
    if (c.family == BlockFamily::Gpt2 && !c.x.fusedActivation) {
        // gelu_new's unsaved intermediates (x³, 0.044715·x³, x + ...): two B·S·F at a time.
        other = 2 * c.share(c.BSF, Sharded) * sizeOf(c.c);
    } else if (c.family == BlockFamily::Llama && !c.x.fusedNorm) {
        // RMSNorm's x.pow(2) (unless mean() saves it) and, below FP32, x * rstd before the cast.
        other = (c.x.meanSavesInput ? 0 : 4 * BSH) + (c.r != Dtype::Fp32 ? 4 * BSH : 0);
    }
    return attention > other ? attention : other;
}

} // namespace headroom::transformer
