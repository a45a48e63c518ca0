#pragma once

// The itemized transformer activation model: what each block saves for backward, tensor by
// tensor, for GPT-2-style blocks (LayerNorm, fused QKV, GELU MLP, dropout) and LLaMA-style blocks
// (RMSNorm, RoPE, grouped K/V, SwiGLU, no residual dropout), and what the step saves outside the
// blocks (embedding, final norm, LM head input, the FP32 log-softmax of the loss).
//
// The tensor lists are tools/calibrate/SAVED_TENSORS.md, ported from its executable form
// (formula_check.py) and extended with the switches of implementationprofile.h. Under the
// hf-eager-cpu profile they reproduce all 48 measured fixtures of
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

    // Outside the layers (regions as the fixtures name them).
    Bytes embedding = bytes(0);
    Bytes finalNorm = bytes(0);
    Bytes lmHead = bytes(0);            //!< the LM head's saved input
    Bytes lmHeadWeightCopy = bytes(0);  //!< autocast's copy of the LM head weight
    Bytes loss = bytes(0);              //!< FP32 log-softmax (softmax) of the logits and the labels
    Bytes shared = bytes(0);            //!< RoPE tables; with checkpointing, the mask and positions it holds

    // Short-lived buffers (ActivationEstimate's transients).
    Bytes lossForwardTransient = bytes(0);
    Bytes lossBackwardTransient = bytes(0);
    Bytes layerForwardTransient = bytes(0);
    Bytes layerBackwardTransient = bytes(0);
};

//! The terms of \a scenario. Allocation-free.
TransformerTerms transformerTerms(const Scenario &scenario);

/*!
 * The ActivationModel of the terms above.
 *
 * estimate(): per layer, what the recompute policy keeps (none: everything; full: the layer
 * input, r·B·S·H, and one layer's list rebuilt during backward; selective: everything but the
 * attention core, which is rebuilt one layer at a time), times the layers the GPU holds
 * (pipelineLayersHeld(): ceil(L/p) layers for min(p, m) micro-batches on the first stage);
 * outside: embedding, final norm, LM head, loss and shared tensors. With p > 1 the figures are
 * the first stage's, which Korthikanti et al. (section 4.2.3) show holds the most activations:
 * its embedding part once per micro-batch in flight, and no final norm, logits or loss (those
 * sit on the last stage).
 *
 * itemize(): one layer's tensors (under full recompute: "checkpoint_input", then the layer's
 * list marked recomputed, less the tensor that is the checkpointed input) and the tensors
 * outside the layers, named as the calibration fixtures name them.
 */
class TransformerActivations final : public ActivationModel
{
public:
    ActivationModelKind kind() const override { return ActivationModelKind::Transformer; }
    ActivationEstimate estimate(const Scenario &scenario) const override;
    void itemize(const Scenario &scenario, std::vector<ActivationItem> &out) const override;
};

} // namespace headroom
