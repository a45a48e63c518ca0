#pragma once

// Internal: preference training's figures (posttraining.h), inline for estimate() and shared with
// the derivation, so that both compute them one way.

#include <cmath>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/korthikanti.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/resolved.h>

#include "resolvedbody.h"

namespace headroom::detail {

//! A frozen model on this GPU: its weights on this model-parallel rank, in the policy's weight
//! dtype; partitioned over d under ZeRO-3 (on the host when ZeRO-3 offloads parameters).
[[gnu::always_inline]] inline Bytes frozenCopyBytes(const Scenario &s, const ResolvedScenario &r)
{
    const Bytes whole = r.perParam.weights.times(r.share.parameters);
    if (s.parallel.zero != ZeroStage::Stage3)
        return whole;
    if (s.parallel.offload == Offload::OptimizerAndParams)
        return bytes(0);
    return bytes(ceilDiv(countOf(whole), r.dataParallel > 0 ? r.dataParallel : 1));
}

//! The reference model on this GPU: a frozen copy of the policy (frozenCopyBytes()).
[[gnu::always_inline]] inline Bytes referenceModelBytes(const Scenario &s, const ResolvedScenario &r)
{
    return keepsReferenceModel(s) ? frozenCopyBytes(s, r) : bytes(0);
}

//! The scenario of a model beside the policy: its architecture, trained (the value model) or
//! frozen with the policy's precision and parallelism, whole (TRL trains PPO's value model
//! without adapters, whatever the policy's), one forward of the policy's sequences.
inline Scenario sideScenarioOf(const Scenario &s, SideRole role)
{
    Scenario side = s;
    side.model = sideModelOf(s, role);
    side.training.method = TrainingMethod::Sft;
    side.lora = LoraSpec{};
    return side;
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

/*!
 * PPO's rollout keeps every generated token's FP32 logits (TRL v0.19 trainer/utils.py generate():
 * output_scores=True, torch.stack(output.scores, 1); batch_generation() concatenates the chunks),
 * G·B·C·V elements, until the scoring loop has read them: twice that while the copy is made.
 */
constexpr Count ppoRolloutScoreElements(const Scenario &s)
{
    const TrainingSetup &t = s.training;
    return keepsRewardAndCritic(t.method) ? t.generations * t.microBatch * completionLength(s) * s.model.vocab : 0;
}

//! The parts of what generating with model.generate() holds beside the model states.
struct GenerationParts
{
    Bytes kvCache = bytes(0);        //!< 2·L_p·⌈KV/t⌉·d_h·S·G·B elements (S = prompt + completion)
    Bytes sampledLogits = bytes(0);  //!< G·B·V FP32 logits of the token being sampled (PPO: 2·G·B·C·V, ppoRolloutScoreElements())
    Bytes gatheredWeights = bytes(0); //!< ZeRO-3: the 16-bit weights beyond this GPU's partition
    Bytes woken = bytes(0);          //!< vLLM colocated with sleep mode: its share, woken up
    Bytes total() const { return kvCache + sampledLogits + gatheredWeights + woken; }
};

//! \a rankParameters: this model-parallel rank's parameters (ResolvedScenario::share); \a d: the
//! data-parallel degree; \a valueRankParameters: PPO's value model's on this rank, which
//! unwrap_model_for_generation gathers with the policy (it unwraps PolicyAndValueWrapper).
inline GenerationParts generationPartsOf(const Scenario &s, Count rankParameters, Count d, Count valueRankParameters = 0)
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
    const Count completions = t.generations * t.microBatch;
    if (keepsRewardAndCritic(t.method))
        g.sampledLogits = bytes(2 * ppoRolloutScoreElements(s) * 4);
    const Count elements = 2 * rankLayers(s) * ceilDiv(m.kvHeadsOrHeads(), tp) * m.headDimOrDefault()
            * t.sequence * completions;
    g.kvCache = dtypeSize(activationDtype(t.precision.recipe)).times(elements);
    if (!keepsRewardAndCritic(t.method))
        g.sampledLogits = bytes(4 * completions * m.vocab);
    // Full fine-tuning's weights (adapters on a frozen base gather it too; not counted yet).
    if (s.parallel.zero == ZeroStage::Stage3 && s.lora.mode == AdapterMode::None) {
        const Bytes whole = perParamBytes(t.precision).weights.times(rankParameters);
        g.gatheredWeights = whole - bytes(ceilDiv(countOf(whole), d > 0 ? d : 1));
    }
    if (s.parallel.zero == ZeroStage::Stage3 && valueRankParameters > 0) {
        const Bytes whole = perParamBytes(t.precision).weights.times(valueRankParameters);
        g.gatheredWeights += whole - bytes(ceilDiv(countOf(whole), d > 0 ? d : 1));
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

/*!
 * ORPO's and SimPO's cross-entropy on the chosen half (TRL v0.19 orpo_trainer.py, cpo_trainer.py
 * with cpo_alpha 1.0, the default: cross_entropy_loss(all_logits[:len_chosen], ...)): the shifted
 * logits made contiguous, then nn.CrossEntropyLoss, whose log_softmax saves B·(S − 1)·V in
 * logProbsDtype() (posttraining.h) and whose nll_loss saves the
 * B·(S − 1) int64 labels; beside the log-probabilities of all 2B sequences the model already
 * counts. Zero for other methods and under the textbook model.
 */
inline Bytes chosenNllBytes(const Scenario &s)
{
    const TrainingMethod m = s.training.method;
    if ((m != TrainingMethod::Orpo && m != TrainingMethod::Simpo) || s.activations.model == ActivationModelKind::Textbook)
        return bytes(0);
    const Count z = countOf(dtypeSize(logProbsDtype(s)).times(1));
    const Count tokens = s.training.microBatch * (s.training.sequence - 1);
    return bytes(tokens * s.model.vocab * z + tokens * 8);
}

/*!
 * GKD's generalized Jensen-Shannon loss (TRL v0.19 gkd_trainer.py generalized_jsd_loss, beta 0.5)
 * over the completion's N = B·C·V logits, in the returned logits' dtype (posttraining.h), added to the student's
 * activations computed without its own cross-entropy (estimate.cpp). Saved for backward, 7 N:
 * the student's log_softmax, logsumexp's stacked input (2 N) and its output (the mixture), and
 * the two kl_div products' operands exp(teacher), exp(student), student − mixture. At the loss's
 * highest point, beside them: the student's and the teacher's whole logits (2·B·S·V, alive in
 * compute_loss), the two temperature-scaled copies, the teacher's log-probs, and the two KL terms,
 * their weighted copies and their sum (5 N while jsd is formed): 2·B·S·V + 8 N. Backward writes
 * the whole logits' gradient beside two N-sized gradients. None under the textbook model, which
 * leaves the logits out.
 */
inline void addDistillationLoss(const Scenario &s, const ModelSpec &teacher, ActivationEstimate &a)
{
    if (s.activations.model == ActivationModelKind::Textbook)
        return;
    const Count z = countOf(dtypeSize(returnedLogitsDtype(s)).times(1));
    const Count B = s.training.microBatch;
    const Count V = teacher.vocab < s.model.vocab ? teacher.vocab : s.model.vocab;
    const Count completion = completionLength(s) > 0 ? completionLength(s) : s.training.sequence;
    const Count n = B * completion * V;
    const Count whole = B * s.training.sequence * V;
    const Bytes saved = bytes(7 * n * z);
    a.outside += saved;
    a.outsideHead += saved;
    a.lossForwardTransient = bytes((2 * whole + 8 * n) * z);
    const Bytes backward = bytes((whole + 2 * n) * z);
    if (backward > a.backwardTransient)
        a.backwardTransient = backward;
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
