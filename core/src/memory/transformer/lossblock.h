#pragma once

// The LM head and the loss: HF's whole-logits cross-entropy, Megatron's vocabulary-parallel one,
// torchtune's / litgpt's chunked loss and Liger's fused linear cross-entropy (SAVED_TENSORS.md,
// "outside the layers" and "LLaMA with torchtune's chunked cross-entropy / Liger's fused linear
// cross-entropy"); MoE's load-balancing loss. Internal.

#include "tensorlist.h"

namespace headroom::transformer {

template<typename Emit>
void headTensors(const Context &c, const Emit &emit)
{
    constexpr Region R = Region::LmHead;
    if (c.pooled) {
        // BertPooler takes hidden_states[:, 0], a view: its dense layer saves that view, which
        // keeps the last layer's whole B×S×H output alive; under autocast it saves its B×H cast
        // instead. Then tanh's output, the classifier's dropout mask and input (transformers
        // 4.57, models/bert/modeling_bert.py: BertPooler, BertForSequenceClassification).
        if (c.autocast)
            emit("pooler.dense.input", "B×H", R, c.c, c.B * c.H, Whole);
        else
            emit("pooler.dense.input", "B×S×H (a view of the last layer's output)", R, c.r, c.BSH, 0);
        emit("pooler.tanh_out", "B×H", R, c.c, c.B * c.H, Whole);
        if (c.drop)
            emit("classifier.dropout.mask", "B×H", R, c.mask(c.c), c.B * c.H, Whole);
        emit("classifier.input", "B×H", R, c.c, c.B * c.H, Whole);
        if (c.copies) {
            // Autocast's 16-bit casts of the two weights, saved for the inputs' gradients.
            emit("pooler.dense.weight_copy", "H×H", R, c.c, c.H * c.H, Whole | WeightCopy);
            emit("classifier.weight_copy", "labels×H", R, c.c, c.V * c.H, Whole | WeightCopy);
        }
        return;
    }
    // Liger computes the head inside the loss and saves no logits: nothing here, no weight copy.
    if (c.loss == LossKind::FusedLinear)
        return;
    const bool neox = c.family == BlockFamily::Neox;
    // A frozen head (adapters) saves its weight, a parameter, not its input; autocast's cast of
    // that weight is not cached but saved all the same, since the input requires grad. A trained
    // copy of the head (PEFT's modules_to_save) saves its input for its weight's gradient.
    if (!c.itemizedLora || c.lora.trainedHead)
        emit(neox ? "embed_out.input" : "lm_head.input", c.loss == LossKind::Chunked ? "B×S×H in chunks" : "B×S×H", R,
             c.c, c.BSH, 0);
    // Gemma-2's final soft-capping: tanh(logits / cap) saves its output, in the logits' dtype.
    if (c.softcap)
        emit("final_softcap.tanh_out", c.completionLogits ? "B×C×V" : "B×S×V", R, c.c, c.BSV, Sharded);
    if (c.copies)
        emit(neox ? "embed_out.weight_copy" : "lm_head.weight_copy", "H×V", R, c.c, c.H * c.V, Sharded | WeightCopy);
}

template<typename Emit>
void lossTensors(const Context &c, const Emit &emit)
{
    constexpr Region R = Region::Loss;
    const Count B = c.B, S = c.S;
    if (c.pooled) {
        // CrossEntropyLoss over B × num_labels logits (autocast runs log_softmax in FP32) and the
        // B labels; whatever loss the stack would use over a vocabulary does not apply.
        emit("log_softmax", "B×labels", R, c.autocast ? Dtype::Fp32 : c.c, c.BSV, Whole);
        emit("labels", "B", R, Dtype::Int64, B, Whole);
        return;
    }
    switch (c.loss) {
    case LossKind::Plain:
        if (c.x.hfLoss) {
            // TRL's trainers take the log-probs from 16-bit logits in their dtype (posttraining.h).
            emit("log_softmax", c.completionLogits ? "B×C×V" : "B×S×V", R, c.logProbsInLogitsDtype ? c.c : Dtype::Fp32, c.BSV,
                 Sharded);
            // Labels padded to S + 1 and shifted: a copy when B > 1; with B = 1 the shifted
            // slice is contiguous and the padded storage itself is saved.
            emit("labels", B > 1 ? "B×S" : "S+1", R, Dtype::Int64, B > 1 ? c.BS : S + 1, Whole);
        } else {
            emit("loss.softmax", "B×S×V", R, Dtype::Fp32, c.BSV, Sharded);
            emit("loss.target_mask", "B×S", R, Dtype::Bool, c.BS, Whole);
            emit("loss.masked_target", "B×S", R, Dtype::Int64, c.BS, Whole);
        }
        break;
    case LossKind::Chunked:
        // Every chunk's log_softmax output is saved for backward: the chunks add up to the whole
        // B·S·V, in FP32 when each chunk is upcast (torchtune), in the logits' dtype when not
        // (litgpt). Chunking removes only the transient whole-logits upcast. torchtune's labels
        // (hstack(labels[..., 1:], ignore)) are B·S, no padding.
        if (c.compiledLoss) {
            // Compiled (transformeractivations.cpp): the chunks' logits and a logsumexp per row.
            emit("logits", "B×S×V in chunks", R, c.c, c.BSV, Sharded);
            emit("logsumexp", "B×S", R, Dtype::Fp32, c.BS, Whole);
        } else {
            emit("log_softmax", "B×S×V in chunks", R, c.lossUpcast ? Dtype::Fp32 : c.c, c.BSV, Sharded);
        }
        emit("labels", "B×S", R, Dtype::Int64, c.BS, Whole);
        break;
    case LossKind::FusedLinear:
        // Liger computes both gradients in forward and saves only them: grad_input (the final
        // norm output's shape and dtype) and grad_weight (the head weight's; none for a frozen
        // head). grad_weight stands in for the weight gradient backward would allocate.
        emit("fused_linear_ce.grad_input", "B×S×H", R, c.r, c.BSH, 0);
        if (!c.adapters || c.lora.trainedHead)
            emit("fused_linear_ce.grad_weight", "V×H", R, c.r, c.V * c.H, Sharded);
        break;
    }
}

// HF's load_balancing_loss_func over the concatenated router logits of every MoE layer: softmax
// in the logits' dtype, topk's indices, the Trainer's int64 attention mask expanded to
// [L·B·S, E] (a copy, saved by the product), its column sums and the [k, E] routed fractions.
template<typename Emit>
void auxLossTensors(const Context &c, const Emit &emit)
{
    const MoeContext &e = c.moe;
    if (e.E == 0 || e.layers == 0)
        return;
    constexpr Region R = Region::AuxLoss;
    const Count rows = e.layers * c.BS;
    emit("router_probs", "L·B·S×E", R, c.c, rows * e.E, 0);
    emit("topk_indices", "L·B·S×k", R, Dtype::Int64, rows * e.K, 0);
    emit("expert_attention_mask", "L·B·S×E", R, Dtype::Int64, rows * e.E, 0);
    emit("mask_count", "E", R, Dtype::Int64, e.E, Whole);
    emit("tokens_per_expert", "k×E", R, Dtype::Fp32, e.K * e.E, Whole);
}

} // namespace headroom::transformer
