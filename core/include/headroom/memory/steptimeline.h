#pragma once

// Memory through one training step, event by event: the sum of the buckets is not the peak,
// because gradients, saved activations and short-lived buffers are not all live at once. The
// maximum of these points is what estimate() reports as Breakdown::peak, for every activation
// model: the verdict, the charts and every search read this one figure.

#include <array>
#include <cstdint>
#include <string_view>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/resolved.h>
#include <headroom/memory/scenario.h>

namespace headroom {


/*!
 * When gradient buffers exist. An explicit assumption, because it moves the peak:
 *  - AllocatedInBackward: PyTorch allocates a parameter's .grad when its gradient is first
 *    computed, i.e. when its layer's backward runs, and optimizer.zero_grad(set_to_none=True)
 *    (the default since PyTorch 2.0) frees them after the step. So the gradients grow layer by
 *    layer through backward while the layers' saved activations are released.
 *  - KeptBetweenSteps: zero_grad(set_to_none=False) zeroes the buffers in place and keeps them,
 *    and gradient accumulation (or pipeline micro-batches) keeps them across micro-batches: the
 *    whole gradient bucket is live for the whole step.
 */
enum class GradientLifetime : std::uint8_t { AllocatedInBackward, KeptBetweenSteps };

/*!
 * KeptBetweenSteps when the scenario accumulates gradients (more than one micro-batch per
 * step), or under the textbook activation model, whose convention (the article's worked
 * example, the ZeRO paper's model states) is that every bucket is resident at once;
 * AllocatedInBackward otherwise. Under the textbook model the step's peak is therefore the plain
 * sum of the buckets, as the article computes it.
 */
GradientLifetime gradientLifetime(const Scenario &scenario);

//! Live bytes right after one event, by bucket.
struct TimelinePoint
{
    TimelineEvent event = TimelineEvent::StepStart;
    StepPhase phase = StepPhase::Forward;
    Bytes parameters = bytes(0);
    Bytes gradients = bytes(0);
    Bytes masterWeights = bytes(0);
    Bytes optimizerStates = bytes(0);
    Bytes activations = bytes(0); //!< saved for backward (and recomputed) tensors
    Bytes transient = bytes(0);   //!< short-lived buffers: logits, scores, gradient scratch, optimizer temporaries
    Bytes overhead = bytes(0);
    Bytes frozenModels = bytes(0); //!< Breakdown::frozenModels, resident throughout

    Bytes total() const
    {
        return parameters + gradients + masterWeights + optimizerStates + activations + transient + overhead + frozenModels;
    }
};

//! The step's points in event order; a plain value, no allocation.
struct StepTimeline
{
    std::array<TimelinePoint, kTimelineEventCount> points{};
    int count = 0;
    int peakIndex = 0; //!< the first point with the highest total
    GradientLifetime gradients = GradientLifetime::AllocatedInBackward;

    const TimelinePoint &peakPoint() const { return points[static_cast<std::size_t>(peakIndex)]; }
    Bytes peak() const { return peakPoint().total(); }
    StepPhase peakPhase() const { return peakPoint().phase; }
    const TimelinePoint *begin() const { return points.data(); }
    const TimelinePoint *end() const { return points.data() + count; }
};

/*!
 * The timeline of \a scenario from \a breakdown's buckets and activation detail (the buckets
 * estimate() fills before it takes the peak from here). Allocation-free.
 *
 * Assumptions, each visible in one point:
 *  - steady state: the optimizer states exist from the start (any step after the first);
 *  - forward (LayersForward): the layers' held activations plus the embedding's and shared
 *    tensors, and one layer's forward scratch (ActivationEstimate::layerForwardTransient; an
 *    upper bound, since it is added to the last layer's full list), plus autocast's weight cache;
 *  - LossForward: everything saved, the logits and their FP32 copy (lossForwardTransient);
 *  - backward: the head's saved tensors go first; the loss's gradient buffers
 *    (backwardTransient) come while every activation is still saved; then layer by layer,
 *    last first, a layer's activations are released while its gradients appear (gradients()
 *    above), with one layer recomputed under checkpointing (ActivationEstimate::recompute) and
 *    its backward scratch (layerBackwardTransient, or the recomputation's forward scratch if
 *    larger). Memory changes linearly from the top layer's point to the bottom one's, so
 *    those two bound it. The gradients of each region are the gradient bucket's share in
 *    proportion to the region's parameters (tied embeddings appear with the LM head; an untied
 *    embedding last); under LoRA, or on a pipeline stage, evenly per layer;
 *  - optimizer step, PyTorch's torch.optim implementations: AdamW and Adam with foreach=True
 *    (the default on CUDA) run _foreach_sqrt(exp_avg_sq) over all parameters at once: one
 *    temporary the size of one moment, half the optimizer-state bucket on this GPU. None under
 *    a stack with a fused optimizer (StackOptions::fusedOptimizer), nor with an
 *    FP32 master copy (*-master recipes: DeepSpeed, Megatron and Apex keep the master copy in
 *    their own FusedAdam, which updates in place). SGD (with
 *    or without momentum) and bitsandbytes' 8-bit Adam update in place: none. Lion and
 *    Adafactor loop over parameters: two FP32 temporaries the size of the largest weight matrix
 *    (divided by t). Offloaded states update on the host: none on the GPU. DeepSpeed ZeRO-3
 *    adds the FP32 gradient of the sub-group being stepped (Breakdown::stepBuffers). Stepping in
 *    backward (StackOptions::optimizerInBackward) leaves the step point without temporaries;
 *    its gradients are those of placement.h.
 */
StepTimeline stepTimeline(const Scenario &scenario, const Breakdown &breakdown, GradientLifetime gradients);

//! The same with gradientLifetime(scenario).
StepTimeline stepTimeline(const Scenario &scenario, const Breakdown &breakdown);

//! estimate(scenario)'s timeline.
StepTimeline stepTimeline(const Scenario &scenario);

//! The highest point of a step timeline.
struct TimelinePeak
{
    Bytes bytes = headroom::bytes(0);
    StepPhase phase = StepPhase::Forward;
    TimelineEvent event = TimelineEvent::StepStart;
};

//! stepTimeline(scenario, breakdown)'s peak (first highest point), without building the points:
//! estimate()'s hot path.
TimelinePeak timelinePeak(const Scenario &scenario, const Breakdown &breakdown);
TimelinePeak timelinePeak(const Scenario &scenario, const ResolvedScenario &resolved, const Breakdown &breakdown);

//! The share of the gradient bucket that exists once the head, k layers and the embedding have
//! run backward, in proportion to their parameters (steptimeline.h's assumption).
struct GradientShares
{
    Count head = 0;      //!< LM head and final norm (and a tied embedding, accumulated there)
    Count perLayer = 0;
    Count embedding = 0; //!< an untied embedding table, whose backward runs last
    Count layers = 1;
    Count total = 0;

    Count done(bool headDone, Count layersDone, bool embeddingDone) const
    {
        return (headDone ? head : 0) + perLayer * layersDone + (embeddingDone ? embedding : 0);
    }
    //! floor(all x done / total); all of it when nothing is counted.
    Bytes at(Bytes all, bool headDone, Count layersDone, bool embeddingDone) const
    {
        if (total <= 0)
            return all;
        return bytes(quotient(countOf(all) * done(headDone, layersDone, embeddingDone), total));
    }
};
GradientShares gradientShares(const Scenario &scenario, const ParameterCounts &counts, Count heldLayers);

//! Optimizer-step temporaries on this GPU (the assumptions above), and the largest weight
//! matrix they are sized by for per-parameter optimizers.
Bytes optimizerTemporaries(const Scenario &scenario, const Breakdown &breakdown);
//! Of optimizerTemporaries(): the optimizer's own (foreach lists, Lion's and Adafactor's
//! per-parameter buffers), without the framework's step buffers (Breakdown::stepBuffers).
Bytes optimizerOwnTemporaries(const Scenario &scenario, const Breakdown &breakdown);
//! Of optimizerTemporaries(): the framework's step buffers (Breakdown::stepBuffers). Both are
//! none under the textbook model, whose peak is the plain sum of the buckets.
Bytes frameworkStepBuffers(const Scenario &scenario, const Breakdown &breakdown);
Count largestWeightMatrix(const Scenario &scenario);


} // namespace headroom
