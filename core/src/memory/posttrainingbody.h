#pragma once

// Internal: preference training's figures (posttraining.h), inline for estimate() and shared with
// the derivation, so that both compute them one way.

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/resolved.h>

namespace headroom::detail {

//! The reference model on this GPU: the policy's weights on this model-parallel rank, in their
//! dtype; partitioned over d under ZeRO-3 (on the host when ZeRO-3 offloads parameters).
[[gnu::always_inline]] inline Bytes referenceModelBytes(const Scenario &s, const ResolvedScenario &r)
{
    if (!keepsReferenceModel(s))
        return bytes(0);
    const Bytes whole = r.perParam.weights.times(r.share.parameters);
    if (s.parallel.zero != ZeroStage::Stage3)
        return whole;
    if (s.parallel.offload == Offload::OptimizerAndParams)
        return bytes(0);
    return bytes(ceilDiv(countOf(whole), r.dataParallel > 0 ? r.dataParallel : 1));
}

//! The highest a forward under no_grad holds, from the activation figures of the sequences it
//! runs: one layer's tensors and its scratch (nothing is kept once the next layer runs), or later
//! the logits and their FP32 copy, whichever is larger. None under the textbook model, whose
//! convention has no short-lived buffers.
[[gnu::always_inline]] inline Bytes scoringTransientOf(const Scenario &s, const ActivationEstimate &scored)
{
    if (!hasScoringForward(s) || s.activations.model == ActivationModelKind::Textbook)
        return bytes(0);
    const Bytes layer = scored.perLayer + scored.layerForwardTransient;
    return layer > scored.lossForwardTransient ? layer : scored.lossForwardTransient;
}

//! A paired method run one completion after the other: the saved tensors of 2B sequences
//! (\a saved), the short-lived buffers of one forward of B (\a oneForward).
inline ActivationEstimate withTransientsOf(ActivationEstimate saved, const ActivationEstimate &oneForward)
{
    saved.layerForwardTransient = oneForward.layerForwardTransient;
    saved.lossForwardTransient = oneForward.lossForwardTransient;
    saved.backwardTransient = oneForward.backwardTransient;
    saved.layerBackwardTransient = oneForward.layerBackwardTransient;
    return saved;
}

} // namespace headroom::detail
