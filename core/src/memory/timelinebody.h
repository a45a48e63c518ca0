#pragma once

// Internal: the step timeline's points and peak (steptimeline.h), inline so that estimate()
// (estimate.cpp) takes the peak without a call and without writing the breakdown out first.
// steptimeline.cpp's public functions use the same bodies.

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/steptimeline.h>

namespace headroom::detail {

inline GradientLifetime lifetimeOf(const Scenario &s)
{
    const bool resident = s.training.gradAccumSteps > 1 || s.activations.model == ActivationModelKind::Textbook;
    return resident ? GradientLifetime::KeptBetweenSteps : GradientLifetime::AllocatedInBackward;
}

[[gnu::always_inline]] inline GradientShares sharesOf(const Scenario &s, const ParameterCounts &p, Count heldLayers)
{
    GradientShares g;
    if (s.lora.mode != AdapterMode::None || s.parallel.pipelineParallel > 1) {
        // Adapters sit in the layers only; a pipeline stage's gradients are its layers'.
        g.perLayer = 1;
        g.layers = heldLayers;
        g.total = heldLayers;
        return g;
    }
    const ModelSpec &m = s.model;
    g.head = p.finalNorm + p.lmHead + (m.tiedHead() ? p.embedding : 0);
    g.embedding = m.tiedHead() ? 0 : p.embedding;
    g.perLayer = p.perLayer();
    g.layers = m.layers;
    g.total = g.head + g.embedding + g.perLayer * m.layers;
    return g;
}

/*!
 * Muon's step orthogonalizes each hidden 2-D weight's update in BF16 (zeropower_via_newtonschulz5,
 * KellerJordan/Muon muon.py at 857d1ad), one matrix at a time; for an r x R matrix (r <= R,
 * transposed so) at its last statement, X = a·X + B @ X, eager PyTorch holds X, A = X @ X^T
 * (r x r, still named), B (r x r), a·X, B @ X and the new X: 2 x (4 r R + 2 r²) bytes. The largest
 * hidden matrix of the layers sets it (LoRA: the largest adapter matrix, r_lora x in). Read from
 * the code, not measured.
 */
inline Bytes muonNewtonSchulzBytes(const Scenario &s)
{
    Count best = 0, shortSide = 0, longSide = 0;
    auto consider = [&](Count a, Count b) {
        if (a * b > best) {
            best = a * b;
            shortSide = a < b ? a : b;
            longSide = a < b ? b : a;
        }
    };
    const bool adapters = s.lora.mode != AdapterMode::None;
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    auto visit = [&](ParamPlace, const ParamTensor &t) {
        if (!t.matrix)
            return;
        if (!adapters) {
            consider(t.rows, t.columns);
        } else if ((loraTargetsOf(t.role) & targets) != 0 && !t.multiCopy) {
            consider(s.lora.rank, t.rows);
            consider(t.columns, s.lora.rank);
        }
    };
    auto walk = [&](bool sparse) { forEachLayerTensor(s.model, sparse, visit); };
    if (denseLayerCount(s.model) > 0)
        walk(false);
    if (s.model.moe.enabled() && denseLayerCount(s.model) < s.model.layers)
        walk(true);
    forEachMixerTensor(s.model, visit); // a hybrid's mixer projections
    return bytes(2 * (4 * shortSide * longSide + 2 * shortSide * shortSide));
}

/*!
 * GaLore's and APOLLO's step, one projected weight at a time (tensors they project:
 * tensorsizes.h), the larger of its two moments of peak on the weight of most elements, m x n
 * with r x max(m, n) moments, b bytes a stepped-gradient element:
 *  - the update: the projected gradient, denom and the normalized update (3 r hi b), then the
 *    update back in m x n twice over: GaLore's project_back and its "* scale", APOLLO's scaled
 *    gradient and its norm-growth-limited copy (2 m n b), APOLLO's channel norms (2 hi b);
 *  - the refresh, every update_proj_gap steps and at the first: an FP32 copy of the gradient
 *    (m n 4, where it is not FP32 already), then GaLore's torch.linalg.svd factors U, S and Vh
 *    ((m lo + lo + lo n) 4) and the new projector cast while they live (r lo b), APOLLO's random
 *    projection drawn in FP32 and scaled (2 r lo 4) and cast (r lo b).
 * Read from galore_projector.py (2cc66f8) and apollo.py, random_projector.py (76b3472); not
 * measured, and cuSOLVER's SVD workspace is not in it.
 */
inline Bytes projectedStepBytes(const Scenario &s, Count stepped)
{
    const bool galore = isGalore(s.training.precision.optimizer);
    const Count rank = s.training.precision.projectionRank;
    Count best = 0, m = 0, n = 0;
    auto visit = [&](ParamPlace, const ParamTensor &t) {
        if (t.matrix && t.role != ParamRole::Router && t.role != ParamRole::SharedGate && t.weightElements() > best) {
            best = t.weightElements();
            m = t.rows;
            n = t.columns;
        }
    };
    auto walk = [&](bool sparse) { forEachLayerTensor(s.model, sparse, visit); };
    if (denseLayerCount(s.model) > 0)
        walk(false);
    if (s.model.moe.enabled() && denseLayerCount(s.model) < s.model.layers)
        walk(true);
    forEachMixerTensor(s.model, visit); // a hybrid's mixer projections
    if (best == 0 || rank <= 0)
        return bytes(0);
    const Count lo = m < n ? m : n;
    const Count hi = m < n ? n : m;
    const Count r = galore && rank > lo ? lo : rank;
    const Count copy = stepped == 4 ? 0 : m * n * 4;
    const Count update = (3 * r * hi + 2 * m * n + (galore ? 0 : 2 * hi)) * stepped;
    const Count refresh = galore ? copy + (m * lo + lo + lo * n) * 4 + (stepped == 4 ? 0 : r * lo * stepped)
                                 : copy + 2 * r * lo * 4 + (stepped == 4 ? 0 : r * lo * stepped);
    return bytes(update > refresh ? update : refresh);
}

inline Count largestMatrixOnGpu(const Scenario &s, Count wholeMatrix)
{
    const Count t = s.parallel.tensorParallel > 1 ? s.parallel.tensorParallel : 1;
    return quotient(wholeMatrix, t);
}

// optimizerOwnTemporaries() with the largest weight matrix counted already (whole).
[[gnu::always_inline]] inline Bytes ownTemporaries(const Scenario &s, const Breakdown &b, Count wholeMatrix)
{
    const PrecisionChoice &p = s.training.precision;
    // Stepping in backward updates one tensor at a time: a foreach temporary of one tensor's
    // moment at most, and never at the step's own point. The textbook model has none: it is
    // the article's convention, every bucket resident for the whole step and the peak their
    // plain sum (README); the temporaries are a property of an implementation, which the
    // itemized model describes.
    if (s.stack.optimizerInBackward || s.activations.model == ActivationModelKind::Textbook)
        return bytes(0);
    switch (p.optimizer) {
    case Optimizer::AdamW:
    case Optimizer::Adam: {
        // _foreach_sqrt(exp_avg_sq): one moment's worth, half of the two moments. A fused kernel
        // updates in place (the stack's choice, stack.h); master-copy recipes come with one
        // (DeepSpeed, Megatron and Apex wrap the FP32 copy in their FusedAdam).
        // torchao's CPU offload builds torch's AdamW fused, the GPU's for the small tensors as
        // well (cpu_offload.py: kwargs.update(fused=True) for torch.optim.AdamW only).
        const bool offloadFused = p.optimizerOffload != OptimizerOffload::None && p.optimizer == Optimizer::AdamW;
        if (s.stack.fusedOptimizer || b.masterWeights > bytes(0) || offloadFused)
            return bytes(0);
        return bytes(countOf(b.optimizerStates) / 2);
    }
    case Optimizer::Lion:
    case Optimizer::Adafactor:
        return b.optimizerStates > bytes(0) ? bytes(2 * 4 * largestMatrixOnGpu(s, wholeMatrix)) : bytes(0);
    case Optimizer::Sgd:
    case Optimizer::SgdMomentum:
    case Optimizer::Adam8bit:
        return bytes(0);
    case Optimizer::Muon:
        return b.optimizerStates > bytes(0) ? muonNewtonSchulzBytes(s) : bytes(0);
    case Optimizer::AdamMini:
        // One tensor at a time: grad * grad for its block means, then the update m / (sqrt(v) +
        // eps) before it is applied: two gradient-sized temporaries of the largest tensor
        // (adam_mini.py v1.1.1, step).
        return b.optimizerStates > bytes(0) ? perParamBytes(p).gradients.times(2 * largestMatrixOnGpu(s, wholeMatrix)) : bytes(0);
    case Optimizer::Galore:
    case Optimizer::Galore8bit: // its step clones the weight and the projected gradient as AdamW's does
    case Optimizer::Apollo: {
        const BytesPer stepped = perParamBytes(p).stepped();
        return b.optimizerStates > bytes(0) ? projectedStepBytes(s, quotient(stepped.numerator, stepped.denominator)) : bytes(0);
    }
    case Optimizer::AoAdamW8bit:
    case Optimizer::AoAdamW4bit:
    case Optimizer::AoAdamWFp8:
        // torchao compiles one step per tensor (torch.compile(single_param_adam, fullgraph=True),
        // adam.py): dequantize, update and requantize fuse into its kernels, so no full-size
        // temporary is counted. Not measured: Inductor's buffers, if any, are not in this figure.
        return bytes(0);
    }
    return bytes(0);
}

// The framework's buffers while the optimizer steps (Breakdown::stepBuffers); none under the
// textbook model (ownTemporaries()).
inline Bytes stepBuffersOf(const Scenario &s, const Breakdown &b)
{
    return s.activations.model == ActivationModelKind::Textbook ? bytes(0) : b.stepBuffers;
}

inline bool countsLargestMatrix(const Scenario &s)
{
    return !s.stack.optimizerInBackward
            && (s.training.precision.optimizer == Optimizer::Lion || s.training.precision.optimizer == Optimizer::Adafactor
                || s.training.precision.optimizer == Optimizer::AdamMini);
}

//! The gradient bucket's shares gradientShares() gives for the layers \a s holds: what the
//! timeline reads of the parameter counts.
[[gnu::always_inline]] inline GradientShares timelineShares(const Scenario &s, const ParameterCounts &counts)
{
    const Count heldCount = pipelineLayersHeld(s);
    return sharesOf(s, counts, heldCount > 0 ? heldCount : 1);
}

// Calls sink(event, phase, gradients, activations, transient) for each point in order; the other
// buckets are the breakdown's throughout. Shared by stepTimeline() and the hot path's peak.
// \a shares: timelineShares(), read only when the gradients are allocated in backward.
template<typename Sink>
[[gnu::always_inline]] inline void forEachPoint(const Scenario &s, const GradientShares &shares, Count wholeMatrix,
                                                const Breakdown &b, GradientLifetime lifetime, Sink &&sink)
{
    const ActivationEstimate &a = b.activationDetail;
    const Count heldCount = pipelineLayersHeld(s);
    const Count held = heldCount > 0 ? heldCount : 1;
    const bool kept = lifetime == GradientLifetime::KeptBetweenSteps;
    const Bytes none = bytes(0);
    const Bytes all = b.gradients;
    // Gradients before backward, once the head and the top layer have run, once every layer has.
    Bytes before = all, top = all, layers = all;
    if (!kept) {
        before = none;
        top = shares.at(all, true, 1, false);
        layers = shares.at(all, true, shares.layers, false);
    }
    const Bytes below = a.outside - a.outsideHead; // embedding and shared tensors
    const Bytes allSaved = a.layers + a.outside;
    // A checkpointed layer is rebuilt by a forward pass before its backward runs: the larger of
    // the two scratch figures is live at some moment of that layer's turn.
    const bool rebuilt = s.training.recompute != Recompute::None;
    Bytes layerScratch = a.layerBackwardTransient;
    if (rebuilt && a.layerForwardTransient > layerScratch)
        layerScratch = a.layerForwardTransient;
    sink(TimelineEvent::StepStart, StepPhase::Forward, before, none, none);
    // A reinforcement-learning run generates, then scores, before the policy's forward
    // (posttraining.h).
    if (b.generationTransient > none)
        sink(TimelineEvent::Generation, StepPhase::Generation, before, none, b.generationTransient);
    if (b.scoringTransient > none && scoresBeforePolicy(s.training.method))
        sink(TimelineEvent::ReferenceForward, StepPhase::Scoring, before, none, b.scoringTransient);
    sink(TimelineEvent::LayersForward, StepPhase::Forward, before, a.layers + below, a.layerForwardTransient + a.forwardCache);
    sink(TimelineEvent::LossForward, StepPhase::Forward, before, allSaved, a.lossForwardTransient + a.forwardCache);
    sink(TimelineEvent::ForwardEnd, StepPhase::Forward, before, allSaved, none);
    // A preference run's reference forward under no_grad, beside the policy's graph (posttraining.h).
    if (b.scoringTransient > none && !scoresBeforePolicy(s.training.method))
        sink(TimelineEvent::ReferenceForward, StepPhase::Scoring, before, allSaved, b.scoringTransient);
    sink(TimelineEvent::LossBackward, StepPhase::Backward, before, allSaved, a.backwardTransient);
    sink(TimelineEvent::TopLayerBackward, StepPhase::Backward, top, below + a.layers + a.recompute, layerScratch);
    const Bytes bottom = a.bottomLayer > none ? a.bottomLayer : bytes(quotient(countOf(a.layers), held));
    sink(TimelineEvent::BottomLayerBackward, StepPhase::Backward, layers, below + bottom + a.recompute, layerScratch);
    // PPO's value model: PolicyAndValueWrapper ran its backbone before the policy, so its backward
    // comes last; as it starts, the policy's gradients are written, the value model's are not yet,
    // and its saved tensors (in below) are all still held (posttraining.h).
    if (b.side.criticActivations > none)
        sink(TimelineEvent::ValueModelBackward, StepPhase::Backward, kept ? all : all - b.side.criticGradients, below, layerScratch);
    sink(TimelineEvent::BackwardEnd, StepPhase::Backward, all, none, none);
    sink(TimelineEvent::OptimizerStep, StepPhase::OptimizerStep, all, none, ownTemporaries(s, b, wholeMatrix) + stepBuffersOf(s, b));
    sink(TimelineEvent::StepEnd, StepPhase::OptimizerStep, kept ? all : none, none, none);
}

// A timeline point's event and phase in one word (peakOf()).
constexpr unsigned packPoint(TimelineEvent event, StepPhase phase)
{
    return static_cast<unsigned>(event) << 8 | static_cast<unsigned>(phase);
}

//! timelinePeak(): the first highest point. \a shares: timelineShares(); \a wholeMatrix: the
//! largest weight matrix, whole (read only by the per-parameter optimizers, countsLargestMatrix()).
[[gnu::always_inline]] inline TimelinePeak peakOf(const Scenario &s, const GradientShares &shares, Count wholeMatrix,
                                                  const Breakdown &b)
{
    const Bytes fixed = b.parameters + b.masterWeights + b.optimizerStates + b.overhead + b.frozenModels;
    const GradientLifetime lifetime = lifetimeOf(s);
    // Gradients allocated in backward (the itemized model's step): which point is the highest
    // moves with B and S (loss backward, the top layer, the optimizer step), so a branch per point
    // would be mispredicted as a search or a sweep moves them (or as the benchmark cycles B), and
    // conditional moves, the same time whichever it is, are cheaper. Kept gradients (the textbook
    // model, accumulation): the highest point does not move, the branch is predicted, and it is
    // cheaper than a chain of conditional moves. The point's event and phase are packed into one
    // word, so that one move keeps both.
    const bool moving = lifetime == GradientLifetime::AllocatedInBackward;
    Count highest = -1;
    unsigned where = packPoint(TimelineEvent::StepStart, StepPhase::Forward);
    forEachPoint(s, shares, wholeMatrix, b, lifetime,
                 [&](TimelineEvent event, StepPhase phase, Bytes gradients, Bytes activations, Bytes transient) {
                     const Count total = countOf(fixed + gradients + activations + transient);
                     const bool higher = total > highest;
                     if (moving) {
                         highest = higher ? total : highest;
                         where = higher ? packPoint(event, phase) : where;
                     } else if (higher) {
                         highest = total;
                         where = packPoint(event, phase);
                     }
                 });
    return TimelinePeak{ bytes(highest), static_cast<StepPhase>(where & 0xffu),
                         static_cast<TimelineEvent>(where >> 8) };
}

} // namespace headroom::detail
