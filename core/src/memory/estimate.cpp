#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/pipelinestage.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/resolved.h>
#include <headroom/memory/steptimeline.h>
#include <headroom/memory/visiontower.h>

#include "lorabody.h"
#include "modelbody.h"
#include "placementbody.h"
#include "posttrainingbody.h"
#include "resolvedbody.h"
#include "textbookbody.h"
#include "timelinebody.h"
#include "transformerbody.h"

// The hot path. The parameter count, resolve(), placeModelStates(), both activation models and
// the step timeline's peak are inlined here from their bodies (*body.h) rather than called: the
// counts, the resolved scenario and the placement, about 2 kB of 128-bit counts, then never
// exist in memory, the compiler keeps the few fields the breakdown reports in registers, and the
// rest is never computed into anything.

namespace headroom {

ModelStates modelStates(const Scenario &s)
{
    return modelStates(s, effectiveParameters(s.model));
}

ModelStates modelStates(const Scenario &s, Count P)
{
    ModelStates m;
    const PerParamBytes b = perParamBytes(s.training.precision);
    m.parameterCount = P;
    m.parameters = b.weights.times(P);
    m.gradients = b.gradients.times(P);
    m.masterWeights = b.master.times(P);
    if (b.optimizerFactored) {
        const FactoredShape f = factoredShape(s.model);
        m.optimizerStates = b.optimizer.times(f.matrixRowsPlusColumns + f.vectorElements);
    } else {
        m.optimizerStates = b.optimizer.times(P);
    }
    // What the optimizer keeps beyond its per-parameter rate (tensorsizes.h): GaLore's and
    // APOLLO's projections save most of it, torchao's and Muon's fallbacks add.
    const Optimizer o = s.training.precision.optimizer;
    if (s.lora.mode == AdapterMode::None && hasOptimizerStateExtra(o)) {
        const TensorSizes t = trainedTensorSizes(s, 0);
        m.optimizerStates += optimizerStateExtraOnRank(o, t, optimizerStateExtra(o, t, b), P);
    }
    return m;
}

namespace {

/*!
 * Activation offloading (torchtune's OffloadActivations, training/_activation_offloading.py):
 * every saved tensor of the layers is copied to pinned host memory on a second stream as it is
 * saved, and brought back ahead of its backward. The GPU keeps the tensors whose copy is in
 * flight, at most max_fwd_stash_size = 5 (L24-66), and in backward the layer being brought
 * back: with checkpointing each layer saves one tensor (its input), so 5 layers' worth; without,
 * a layer saves many, and the 5 in flight come from one layer. The head and the loss stay on the
 * GPU (their module runs under a NoOpManager). Returns what went to the host.
 */
Bytes offloadActivations(const Scenario &s, ActivationEstimate &a)
{
    if (!s.stack.activationOffload || s.activations.model == ActivationModelKind::Textbook)
        return bytes(0);
    const Count held = pipelineLayersHeld(s);
    if (held <= 0 || a.layers <= bytes(0))
        return bytes(0);
    constexpr Count kStash = 5;
    const Count onGpu = s.training.recompute == Recompute::Full ? (held < kStash + 1 ? held : kStash + 1) : (held < 2 ? held : 2);
    // A hybrid's layers differ: the larger kind stands for each (ActivationEstimate::bottomLayer).
    const Bytes perLayer = a.bottomLayer > bytes(0) ? a.bottomLayer : bytes(quotient(countOf(a.layers), held));
    const Bytes offloaded = a.layers;
    a.layers = perLayer * onGpu;
    return offloaded;
}

Warnings warningsOf(const Scenario &s, Count architectureParameters, Bytes peak)
{
    Warnings w;
    const Recipe recipe = s.training.precision.recipe;
    if (isAutocast(recipe))
        w.add(Warning::AmpKeepsFixedCost);
    if (usesFp16(recipe))
        w.add(Warning::Fp16NeedsLossScaling);
    if (recipe == Recipe::Fp16Pure || recipe == Recipe::Bf16Pure)
        w.add(Warning::PureHalfWithoutMaster);
    if (s.training.gradAccumSteps > 1)
        w.add(Warning::GradAccumSavesNoMemory);
    if (s.activations.model == ActivationModelKind::Textbook) {
        if (s.model.kvHeadsOrHeads() != s.model.heads)
            w.add(Warning::TextbookIgnoresGqa);
        if (s.model.ffnOrDefault() != 4 * s.model.hidden || s.model.family == BlockFamily::Llama)
            w.add(Warning::TextbookIgnoresFfnSize);
        w.add(Warning::TextbookIgnoresLogits);
    }
    if (s.model.paramsOverride > 0 && s.model.layers > 0 && s.model.hidden > 0 && s.model.vocab > 0) {
        const Count derived = architectureParameters;
        const Count diff = derived > s.model.paramsOverride ? derived - s.model.paramsOverride
                                                            : s.model.paramsOverride - derived;
        if (diff * 20 > s.model.paramsOverride)
            w.add(Warning::ParamsDifferFromArchitecture);
    }
    // transformers' FbgemmFp8HfQuantizer.is_trainable returns False (quantizers/quantizer_fbgemm_fp8.py),
    // so Trainer refuses the model, and fbgemm's f8f8bf16_rowwise defines no backward.
    if (s.lora.mode == AdapterMode::Qlora && s.stack.quantBase == QuantBase::Fp8)
        w.add(Warning::QuantBaseNotTrainable);
    // A rotary model runs past its declared context (the memory is as estimated; the model's
    // quality there is not). Learned position tables cannot: validate() refuses those.
    if (s.model.contextLength > 0 && s.training.sequence > s.model.contextLength)
        w.add(Warning::SequenceBeyondContext);
    if (s.gpu.capacity > bytes(0)) {
        if (usesBf16(recipe) && !s.gpu.supportsBf16)
            w.add(Warning::Bf16NotSupportedOnGpu);
        if (s.training.precision.fp8 != Fp8Recipe::Off && !s.gpu.supportsFp8)
            w.add(Warning::Fp8NotSupportedOnGpu);
        if (peak > s.gpu.capacity)
            w.add(Warning::DoesNotFit);
    }
    return w;
}

// prepare(), inline for estimate(): the scenario resolved (only the trained tensors' sizes the
// placement reads), the model states placed, and what the rest of the estimate reads of both.
[[gnu::always_inline]] inline PreparedScenario prepareInline(const Scenario &s, const ModelCounts &counted)
{
    // The model's counts (countParameters()), then bytes per parameter and shares once for every
    // bucket (resolved.h).
    const ParameterCounts &counts = counted.counts;
    const TensorExtremes &extremes = counted.extremes;
    ResolvedScenario r = detail::resolveScenario(s, detail::ResolveScope::EstimateOnly, counts, extremes); // not const: see resolvedbody.h
    // One GPU's share of the model states under the run's parallelism, ZeRO stage, offload and
    // adapters (placement.h); a single GPU without adapters gets modelStates() unchanged.
    Placement pl;
    detail::placeStates(s, r, counts, pl);
    return PreparedScenario{ .parameterCount = pl.parameterCount,
                             .gpu = pl.gpu,
                             .host = pl.host,
                             .stepBuffers = pl.stepGradientBuffer,
                             .pagedOptimizerStates = pl.pagedOptimizerStates,
                             .gradientShares = detail::timelineShares(s, counts),
                             .architectureParameters = r.architectureParameters,
                             .largestMatrix = extremes.largestMatrix,
                             .adapterRankPerLayer = r.lora.adapterRankPerLayer,
                             .doraOutputsPerLayer = r.lora.doraOutputsPerLayer,
                             .doraScratch = detail::doraScratchOf(s, r.lora),
                             .quantizedInputsPerLayer = r.lora.quantizedInputsPerLayer,
                             .frozenModels = detail::referenceModelBytes(s, r) + detail::rolloutResidentBytes(s),
                             .rolloutEngine = detail::rolloutResidentBytes(s),
                             .rankParameters = r.share.parameters,
                             .dataParallel = r.dataParallel };
}

// A multimodal model's tower (visiontower.h): its states into the state buckets, its saved
// tensors into the activations (held until its backward, which runs last), the block a frozen
// tower's forward or a checkpointed one's backward holds among the short-lived buffers. Out of
// line: language models never come here.
[[gnu::noinline]] void addVisionTower(const Scenario &s, Count sequences, Count dataParallel, ActivationEstimate &a,
                                      SideModelShares &side)
{
    const VisionStates states = visionStates(s, dataParallel);
    // A preference run's reference is a frozen copy of the whole policy (TRL
    // create_reference_model deep-copies it), its tower among it: weights placed as the tower's
    // own frozen ones.
    if (keepsReferenceModel(s)) {
        Scenario frozen = s;
        frozen.training.visionTrained = false;
        side.visionReference = visionStates(frozen, dataParallel).weights;
        side.reference += side.visionReference;
    }
    side.visionParameters = states.parameters;
    side.visionWeights = states.weights;
    side.visionGradients = states.gradients;
    side.visionMasterWeights = states.masterWeights;
    side.visionOptimizerStates = states.optimizerStates;
    const VisionActivations va = visionActivations(s, sequences);
    side.visionImages = va.images;
    side.visionPatches = va.patches;
    if (s.training.visionTrained && s.lora.mode == AdapterMode::None) {
        side.visionActivations = va.held;
        side.visionBlock = va.recompute;
        a.outside += va.held;
        if (va.recompute > a.layerBackwardTransient)
            a.layerBackwardTransient = va.recompute;
    } else {
        side.visionBlock = va.blockForward;
        if (va.blockForward > a.layerForwardTransient)
            a.layerForwardTransient = va.blockForward;
    }
}

// The buckets, the peak and the breakdown from the prepared part, the activation model's figures
// and the models beside the policy.
[[gnu::always_inline]] inline Breakdown finishBody(const Scenario &s, const PreparedScenario &p, ActivationEstimate a,
                                                    Bytes scoringTransient, const Scenario &saving, Bytes generationTransient,
                                                    const SideModelShares &side)
{
    detail::addAdapterActivationsTo(saving, p.adapterRankPerLayer, p.doraOutputsPerLayer, p.doraScratch, p.quantizedInputsPerLayer, a); // LoRA: the adapters' own saved tensors
    const Bytes offloaded = offloadActivations(s, a);
    // The buckets, to take the peak from; then the breakdown in one initialization, which the
    // compiler writes field by field once instead of clearing it first.
    Breakdown buckets{ .parameterCount = p.parameterCount,
                       .parameters = p.gpu.parameters + side.criticParameterBytes + side.visionWeights,
                       .gradients = p.gpu.gradients + side.criticGradients + side.visionGradients,
                       .masterWeights = p.gpu.masterWeights + side.criticMasterWeights + side.visionMasterWeights,
                       .optimizerStates = p.gpu.optimizerStates + side.criticOptimizerStates + side.visionOptimizerStates,
                       .activations = a.total(),
                       .overhead = s.overhead.total(),
                       .activationDetail = a,
                       .host = p.host,
                       .stepBuffers = p.stepBuffers,
                       .pagedOptimizerStates = p.pagedOptimizerStates,
                       .offloadedActivations = offloaded,
                       .frozenModels = p.frozenModels + side.reward + side.teacher + side.visionReference,
                       .rolloutEngine = p.rolloutEngine,
                       .generationTransient = generationTransient,
                       .scoringTransient = scoringTransient,
                       .side = side,
                       .peak = bytes(0),
                       .peakPhase = StepPhase::Forward,
                       .peakEvent = TimelineEvent::StepStart,
                       .warnings = {} };
    // One peak for every view and every search: the highest point of the step (steptimeline.h),
    // whichever activation model filled the buckets.
    const TimelinePeak peak = detail::peakOf(s, p.gradientShares, p.largestMatrix, buckets);
    return Breakdown{ .parameterCount = buckets.parameterCount,
                      .parameters = buckets.parameters,
                      .gradients = buckets.gradients,
                      .masterWeights = buckets.masterWeights,
                      .optimizerStates = buckets.optimizerStates,
                      .activations = buckets.activations,
                      .overhead = buckets.overhead,
                      .activationDetail = buckets.activationDetail,
                      .host = buckets.host,
                      .stepBuffers = buckets.stepBuffers,
                      .pagedOptimizerStates = buckets.pagedOptimizerStates,
                      .offloadedActivations = buckets.offloadedActivations,
                      .frozenModels = buckets.frozenModels,
                      .rolloutEngine = buckets.rolloutEngine,
                      .generationTransient = buckets.generationTransient,
                      .scoringTransient = buckets.scoringTransient,
                      .side = buckets.side,
                      .peak = peak.bytes,
                      .peakPhase = peak.phase,
                      .peakEvent = peak.event,
                      .warnings = warningsOf(s, p.architectureParameters, peak.bytes) };
}

// A multimodal model's estimate: the tower's shares added, then the rest as for any model. Out of
// line, so that the language models' path keeps its registers.
[[gnu::noinline]] Breakdown finishWithTower(const Scenario &s, const PreparedScenario &p, ActivationEstimate a, Bytes scoringTransient,
                                            const Scenario &saving, Bytes generationTransient, SideModelShares side)
{
    addVisionTower(s, saving.training.microBatch, p.dataParallel, a, side);
    return finishBody(s, p, a, scoringTransient, saving, generationTransient, side);
}

// The estimate from the prepared part and the activation model's figures.
// \a saving: the scenario whose sequences the policy saves (\a s itself unless it is a preference run).
[[gnu::always_inline]] inline Breakdown finish(const Scenario &s, const PreparedScenario &p, ActivationEstimate a,
                                                Bytes scoringTransient, const Scenario &saving,
                                                Bytes generationTransient = bytes(0), const SideModelShares &side = {})
{
    if (s.model.vision.present()) [[unlikely]]
        return finishWithTower(s, p, a, scoringTransient, saving, generationTransient, side);
    return finishBody(s, p, a, scoringTransient, saving, generationTransient, side);
}

[[gnu::always_inline]] inline ActivationEstimate activationsOf(const Scenario &s)
{
    if (s.activations.model == ActivationModelKind::Textbook)
        return detail::textbookEstimate(s);
    if (s.activations.model == ActivationModelKind::Transformer)
        return detail::transformerEstimate(s);
    return activationModel(s.activations.model).estimate(s);
}

// A frozen model beside the policy (PPO's reward model, the teacher): its parameter count and
// its bytes on this GPU (posttrainingbody.h frozenCopyBytes()).
struct FrozenSide
{
    Count parameters = 0;
    Bytes onGpu = bytes(0);
};

FrozenSide frozenSideOf(const Scenario &side)
{
    const ModelCounts counted = detail::countParametersOf(side.model, false);
    const Count parameters = side.model.paramsOverride > 0 ? side.model.paramsOverride : counted.counts.total(side.model.layers);
    return { parameters,
             detail::frozenCopyBytes(side, detail::resolveScenario(side, detail::ResolveScope::EstimateOnly, counted.counts,
                                                                   counted.extremes)) };
}

// One layer's tensors and forward scratch: what a forward under no_grad holds at a time.
Bytes oneLayerOf(const ActivationEstimate &a) { return a.perLayer + a.layerForwardTransient; }

// A preference run (posttraining.h): the policy saves the tensors of savedSequences() sequences;
// run one completion at a time, its short-lived buffers are those of B; the forward under
// no_grad scores as many sequences as one policy forward runs. Kept out of line: supervised runs,
// every search's common case, never come here.
[[gnu::noinline]] Breakdown estimatePreference(const Scenario &s, const PreparedScenario &p)
{
    Scenario saving = s;
    saving.training.microBatch = savedSequences(s);
    // Distillation: the student's forward returns its logits to GKD's loss, which replaces the
    // model's own cross-entropy; its layers and head input are those of a head without logits.
    if (keepsTeacher(s.training.method))
        saving.model.head = ModelHead::Score;
    ActivationEstimate a = activationsOf(saving);
    ActivationEstimate scored = a;
    if (sequencesPerForward(s) != saving.training.microBatch) {
        scored = activationsOf(s);
        a = detail::withTransientsOf(a, scored);
    }
    Bytes scoring = detail::scoringTransientOf(s, scored);
    // ORPO and SimPO: the chosen half's cross-entropy, saved until the head's backward.
    const Bytes nll = detail::chosenNllBytes(s);
    a.outside += nll;
    a.outsideHead += nll;
    SideModelShares side{ .reference = p.frozenModels - p.rolloutEngine };
    if (keepsRewardAndCritic(s.training.method)) {
        // The reward model, frozen, scores every completion; the value model is trained with
        // the policy (PolicyAndValueWrapper, one optimizer), its backbone run first on the same
        // sequences, its saved tensors held until its backward, after the policy's.
        const Scenario reward = detail::sideScenarioOf(s, SideRole::Reward);
        const FrozenSide frozenReward = frozenSideOf(reward);
        side.rewardParameters = frozenReward.parameters;
        side.reward = frozenReward.onGpu;
        Scenario critic = detail::sideScenarioOf(s, SideRole::Critic);
        critic.training.microBatch = saving.training.microBatch;
        const PreparedScenario c = prepareInline(critic, detail::countParametersOf(critic.model, critic.parallel.zero == ZeroStage::Stage3));
        side.criticParameters = c.parameterCount;
        side.criticRankParameters = c.rankParameters;
        side.criticParameterBytes = c.gpu.parameters;
        side.criticGradients = c.gpu.gradients;
        side.criticMasterWeights = c.gpu.masterWeights;
        side.criticOptimizerStates = c.gpu.optimizerStates;
        const ActivationEstimate ca = activationsOf(critic);
        side.criticActivations = ca.total();
        a.outside += side.criticActivations;
        // Scoring runs the value and reward models under no_grad too; the largest of them counts.
        Scenario rewardForward = reward;
        rewardForward.training.microBatch = saving.training.microBatch;
        for (const Bytes &layer : { oneLayerOf(ca), oneLayerOf(activationsOf(rewardForward)) })
            if (layer > scoring)
                scoring = layer;
        // The rollout's FP32 scores stay alive through the scoring loop.
        scoring += bytes(4 * detail::ppoRolloutScoreElements(s));
    }
    if (keepsTeacher(s.training.method)) {
        const Scenario teacher = detail::sideScenarioOf(s, SideRole::Teacher);
        const FrozenSide frozenTeacher = frozenSideOf(teacher);
        side.teacherParameters = frozenTeacher.parameters;
        side.teacher = frozenTeacher.onGpu;
        const ActivationEstimate ta = activationsOf(teacher);
        scoring = detail::scoringTransientOf(s, ta);
        detail::addDistillationLoss(s, teacher.model, a);
    }
    return finish(s, p, a, scoring, saving,
                  detail::generationPartsOf(s, p.rankParameters, p.dataParallel, side.criticRankParameters).total(), side);
}

[[gnu::always_inline]] inline Breakdown estimateWith(const Scenario &s, const PreparedScenario &p)
{
    if (s.training.method != TrainingMethod::Sft)
        return estimatePreference(s, p);
    return finish(s, p, activationsOf(s), bytes(0), s);
}

// The estimate of one pipeline rank, or of the whole run without pipelining.
[[gnu::flatten]] Breakdown estimateRank(const Scenario &s)
{
    // The model's largest module and matrix only where this estimate reads them: ZeRO-3's
    // gathering and the per-parameter optimizers' temporaries (prepare() counts them always).
    const bool extremes = s.parallel.zero == ZeroStage::Stage3 || detail::countsLargestMatrix(s);
    return estimateWith(s, prepareInline(s, detail::countParametersOf(s.model, extremes)));
}

/*!
 * Pipeline parallelism: every rank that can peak above the ranks before it (pipelinestage.h) is
 * estimated with the scenario pinned to it, and the highest peak is the run's (by the allocated
 * peak: the allocator's cache, emulated per rank, is left out of the choice). The first rank
 * holds the most micro-batches in flight, the last the LM head, the FP32 logits and the loss;
 * which wins depends on the model, the split and the schedule. Out of line: runs without
 * pipelining never come here.
 */
[[gnu::noinline]] Breakdown estimateEveryRank(const Scenario &s)
{
    Scenario rank = s;
    Breakdown highest;
    bool first = true;
    const Count p = s.parallel.pipelineParallel;
    // MoE models: the layers before the first MoE layer (a dense model's are all L).
    const Count denseLimit = s.model.moe.enabled() ? s.model.moe.denseLayers : s.model.layers;
    for (Count r = 0; r < p; ++r) {
        if (!pipelineRankCanPeak(s, r, denseLimit))
            continue;
        rank.parallel.pipelineRank = r;
        Breakdown b = estimateRank(rank);
        if (first || b.peak > highest.peak) {
            highest = b;
            highest.pipelineRank = r;
            first = false;
        }
    }
    return highest;
}

bool pinnedOrUnpipelined(const Scenario &s)
{
    return s.parallel.pipelineParallel <= 1 || s.parallel.pipelineRank >= 0;
}

Breakdown withRank(Breakdown b, const Scenario &s)
{
    b.pipelineRank = s.parallel.pipelineParallel > 1 ? describedRank(s) : -1;
    return b;
}

} // namespace

// Flattened: every call the bodies make into this file and the headers is inlined, so that the
// lambdas and the Bytes operators cannot keep the resolved scenario and the placement in memory.
[[gnu::flatten]] PreparedScenario prepare(const Scenario &s)
{
    return prepareInline(s, countParameters(s.model));
}

[[gnu::flatten]] PreparedScenario prepare(const Scenario &s, const ModelCounts &counts)
{
    return prepareInline(s, counts);
}

[[gnu::flatten]] Breakdown estimate(const Scenario &s)
{
    if (!pinnedOrUnpipelined(s))
        return estimateEveryRank(s);
    return withRank(estimateRank(s), s);
}

// The prepared part is one rank's: an unpinned pipelined scenario is estimated rank by rank.
[[gnu::flatten]] Breakdown estimate(const Scenario &s, const PreparedScenario &prepared)
{
    if (!pinnedOrUnpipelined(s))
        return estimateEveryRank(s);
    return withRank(estimateWith(s, prepared), s);
}

[[gnu::flatten]] Breakdown estimate(const Scenario &s, const ModelCounts &counts)
{
    if (!pinnedOrUnpipelined(s))
        return estimateEveryRank(s);
    return withRank(estimateWith(s, prepareInline(s, counts)), s);
}

std::vector<PipelineRankPeak> pipelineRankPeaks(const Scenario &s)
{
    std::vector<PipelineRankPeak> ranks;
    const Count p = s.parallel.pipelineParallel > 1 ? s.parallel.pipelineParallel : 1;
    ranks.reserve(static_cast<std::size_t>(p));
    Scenario at = s;
    for (Count r = 0; r < p; ++r) {
        at.parallel.pipelineRank = p > 1 ? r : -1;
        const PipelineShare share = pipelineShareOf(at, r, s.model.layers, 0);
        ranks.push_back({ r, share.layers, share.heldLayers, share.embedding, share.head, allocatedPeak(at, estimateRank(at)) });
    }
    return ranks;
}

Scenario pinnedToPeakRank(const Scenario &s)
{
    if (pinnedOrUnpipelined(s))
        return s;
    Scenario pinned = s;
    pinned.parallel.pipelineRank = estimateEveryRank(s).pipelineRank;
    return pinned;
}

bool fits(const Scenario &s, const Breakdown &b)
{
    if (s.gpu.capacity <= bytes(0))
        return false;
    // The compared figure (reservedmemory.h) is at least its floor: a probe above capacity by
    // that alone needs no emulation, and searches probe mostly there. Inside a search the cache
    // is scaled from one emulation of the run (CacheShareScope).
    if (comparedFloor(s, b) > s.gpu.capacity)
        return false;
    return comparedPeak(s, b) <= s.gpu.capacity;
}

} // namespace headroom
