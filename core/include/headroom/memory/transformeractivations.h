#pragma once

// The itemized transformer activation model: what each block saves for backward, tensor by
// tensor, for GPT-2-style blocks (LayerNorm, fused QKV, GELU MLP, dropout), LLaMA-style blocks
// (RMSNorm, RoPE, grouped K/V, SwiGLU, no residual dropout), GPT-NeoX, Phi, Falcon and StarCoder2
// (LayerNorm with RoPE, parallel or sequential residual), Gemma and Gemma-2 (FP32 norms,
// soft-capping), Mixtral and Qwen2-MoE (routed and shared experts), DeepSeek-V2's latent
// attention, LoRA / QLoRA adapters on a frozen LLaMA base; and what the step saves outside the
// blocks (embedding, final norm, LM head input, the loss: HF's FP32 log-softmax, a chunked loss
// or Liger's fused linear cross-entropy; MoE's load-balancing loss).
//
// The tensor lists are tools/calibrate/SAVED_TENSORS.md, ported from its executable form
// (formula_check.py) and extended with the switches of implementationprofile.h. Under the
// hf-eager-cpu profile they reproduce all 117 measured fixtures of
// tests/fixtures/calibration/cpu.json exactly (tests/core/tst_calibration.cpp).

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/implementationprofile.h>

namespace headroom {

/*!
 * Region sums of the itemized model for one GPU: each tensor is its tensor-parallel share
 * (Korthikanti et al. 2022, section 4.2: tensors inside the tensor-parallel region, i.e. split
 * heads, FFN columns and vocabulary-parallel logits, are divided by t; the residual stream,
 * norm inputs and outputs, projection inputs and residual dropout masks are divided by t only
 * under sequence parallelism; token ids, labels and positions are never divided).
 * No pipeline folding: one layer, one micro-batch.
 */
struct TransformerTerms
{
    // One layer, forward, nothing recomputed.
    Bytes layerActivations = bytes(0);   //!< every saved activation of one layer
    Bytes layerWeightCopies = bytes(0);  //!< autocast's half-precision weight copies its matmuls save
    Bytes attentionCore = bytes(0);      //!< of layerActivations: the B·A·S² tensors (selective recompute rebuilds them)
    Bytes checkpointInput = bytes(0);    //!< the layer input a full-recompute checkpoint holds (residual dtype)
    Bytes checkpointAlias = bytes(0);    //!< of layerActivations: the tensor that is that input, not saved again when recomputed
    Bytes largestLayerTensor = bytes(0); //!< the largest single saved activation of the layer

    // One layer under the recompute policy.
    Bytes heldActivations = bytes(0);    //!< kept per layer from forward to its backward
    Bytes heldWeightCopies = bytes(0);
    Bytes recomputeActivations = bytes(0); //!< saved again while one layer is recomputed in backward
    Bytes recomputeWeightCopies = bytes(0);

    /*!
     * The first layers, where their list differs from the others': LoRA's first layer without
     * checkpointing (its input is the frozen embedding's output and needs no grad, so it saves
     * less) and an MoE model's dense first layers (DeepSeek's first_k_dense_replace). 0 when
     * every layer is alike; the figures below then equal the ones above.
     */
    Count firstLayers = 0;
    Bytes firstLayerActivations = bytes(0);  //!< one first layer's layerActivations
    Bytes firstLayerWeightCopies = bytes(0); //!< its layerWeightCopies
    Bytes heldFirstActivations = bytes(0);   //!< its heldActivations
    Bytes heldFirstWeightCopies = bytes(0);
    Bytes recomputeFirstActivations = bytes(0); //!< its recomputeActivations
    Bytes recomputeFirstWeightCopies = bytes(0);

    // Outside the layers (regions as the fixtures name them).
    Bytes embedding = bytes(0);
    Bytes finalNorm = bytes(0);
    Bytes lmHead = bytes(0);            //!< the LM head's saved input
    Bytes lmHeadWeightCopy = bytes(0);  //!< autocast's copy of the LM head weight
    Bytes loss = bytes(0);              //!< the log-softmax (softmax) of the logits and the labels, or Liger's gradients
    Bytes auxLoss = bytes(0);           //!< MoE: the load-balancing loss over all layers' router logits
    Bytes shared = bytes(0);            //!< RoPE tables; with checkpointing, the mask and positions it holds

    // Short-lived buffers (ActivationEstimate's transients).
    Bytes lossForwardTransient = bytes(0);
    Bytes lossBackwardTransient = bytes(0);
    Bytes layerForwardTransient = bytes(0);
    Bytes layerBackwardTransient = bytes(0);
    //! Context parallelism's exchange buffers, part of the two above (transformerbody.h
    //! contextParallelExchange()): the derivation names them.
    Bytes contextForward = bytes(0);
    Bytes contextBackward = bytes(0);
};

//! The terms of \a scenario. Allocation-free.
TransformerTerms transformerTerms(const Scenario &scenario);

//! How many of TransformerTerms::firstLayers this GPU holds (the first pipeline stage holds
//! them once per micro-batch in flight; the other stages none of them, as the estimate counts
//! the first stage).
Count firstLayersHeld(const Scenario &scenario, const TransformerTerms &terms);

/*!
 * Whether the itemized model lists \a scenario's adapters itself (the plain LLaMA block with
 * LoRA or QLoRA: lorablock.h, the adapters' inputs, outputs, masks and weight copies with the
 * frozen base's own saves). Otherwise the activation model lists the full block and
 * addAdapterActivations() (lora.h) adds the adapters' A outputs.
 */
bool transformerItemizesAdapters(const Scenario &scenario);

/*!
 * The ActivationModel of the terms above.
 *
 * estimate(): per layer, what the recompute policy keeps (none: everything; full: the layer
 * input, r·B·S·H, and one layer's list rebuilt during backward; selective: everything but the
 * attention core, which is rebuilt one layer at a time), times the layers the GPU holds
 * (pipelineLayersHeld(): the pipeline rank's layers for each forward in flight, pipelinestage.h),
 * the first layers (TransformerTerms::firstLayers) with their own figure; outside: embedding,
 * final norm, LM head, loss, aux loss and shared tensors. With p > 1 the figures are the rank's
 * the scenario pins (estimate() takes each in turn): the embedding part on the first rank once
 * per micro-batch in flight, the final norm, logits and loss on the last.
 *
 * itemize(): the tensors of one layer, the kind most layers are (past the first layers; under
 * full recompute: "checkpoint_input", then the layer's list marked recomputed, less the tensor
 * that is the checkpointed input), and the tensors outside the layers, named as the calibration
 * fixtures name them (the routed experts together, as "experts.*.").
 */
class TransformerActivations final : public ActivationModel
{
public:
    ActivationModelKind kind() const override { return ActivationModelKind::Transformer; }
    ActivationEstimate estimate(const Scenario &scenario) const override;
    void itemize(const Scenario &scenario, std::vector<ActivationItem> &out) const override;
};

} // namespace headroom
