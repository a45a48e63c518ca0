#pragma once

// Internal: preference training's figures (posttraining.h), inline for estimate() and shared with
// the derivation, so that both compute them one way.

#include <cmath>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/resolved.h>

#include "resolvedbody.h"

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

//! A colocated vLLM's reserved share of the GPU: f × capacity (gpu_memory_utilization), rounded
//! to a byte; 0 without a GPU (validation asks for one).
inline Bytes vllmReservation(const Scenario &s)
{
    return bytes(static_cast<Count>(std::llround(s.training.rolloutMemoryFraction * static_cast<double>(countOf(s.gpu.capacity)))));
}

//! The rollout engine's share resident for the whole step: a colocated vLLM without sleep mode.
[[gnu::always_inline]] inline Bytes rolloutResidentBytes(const Scenario &s)
{
    const TrainingSetup &t = s.training;
    if (!generatesRollouts(t.method) || t.rollout != RolloutEngine::VllmColocate || t.rolloutSleep)
        return bytes(0);
    return vllmReservation(s);
}

//! The parts of what generating with model.generate() holds beside the model states.
struct GenerationParts
{
    Bytes kvCache = bytes(0);        //!< 2·L_p·⌈KV/t⌉·d_h·S·G·B elements (S = prompt + completion)
    Bytes sampledLogits = bytes(0);  //!< G·B·V FP32 logits of the token being sampled
    Bytes gatheredWeights = bytes(0); //!< ZeRO-3: the 16-bit weights beyond this GPU's partition
    Bytes woken = bytes(0);          //!< vLLM colocated with sleep mode: its share, woken up
    Bytes total() const { return kvCache + sampledLogits + gatheredWeights + woken; }
};

//! \a rankParameters: this model-parallel rank's parameters (ResolvedScenario::share); \a d: the
//! data-parallel degree.
inline GenerationParts generationPartsOf(const Scenario &s, Count rankParameters, Count d)
{
    GenerationParts g;
    const TrainingSetup &t = s.training;
    if (!generatesRollouts(t.method))
        return g;
    if (t.rollout == RolloutEngine::VllmColocate) {
        if (t.rolloutSleep)
            g.woken = vllmReservation(s);
        return g;
    }
    if (t.rollout != RolloutEngine::HfGenerate)
        return g;
    const ModelSpec &m = s.model;
    const Count tp = s.parallel.tensorParallel > 1 ? s.parallel.tensorParallel : 1;
    const Count pp = s.parallel.pipelineParallel > 1 ? s.parallel.pipelineParallel : 1;
    const Count completions = t.generations * t.microBatch;
    const Count elements = 2 * ceilDiv(m.layers, pp) * ceilDiv(m.kvHeadsOrHeads(), tp) * m.headDimOrDefault()
            * t.sequence * completions;
    g.kvCache = dtypeSize(activationDtype(t.precision.recipe)).times(elements);
    g.sampledLogits = bytes(4 * completions * m.vocab);
    // Full fine-tuning's weights (adapters on a frozen base gather it too; not counted yet).
    if (s.parallel.zero == ZeroStage::Stage3 && s.lora.mode == AdapterMode::None) {
        const Bytes whole = perParamBytes(t.precision).weights.times(rankParameters);
        g.gatheredWeights = whole - bytes(ceilDiv(countOf(whole), d > 0 ? d : 1));
    }
    return g;
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
