#pragma once

// Memory through one training step, event by event: the sum of the buckets is not the peak,
// because gradients, saved activations and short-lived buffers are not all live at once. The
// maximum of these points is what estimate() reports as Breakdown::peak for the itemized
// transformer model (the textbook model keeps the brief's plain sum).

#include <array>
#include <cstdint>
#include <string_view>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/scenario.h>

namespace headroom {

//! The events of one step, in order. Between two events memory changes monotonically, so
//! the step's maximum is at one of them.
enum class TimelineEvent : std::uint8_t {
    StepStart,           //!< weights, master copy, optimizer states, runtime (and kept gradients)
    LayersForward,       //!< every layer has run forward: their saved tensors plus one layer's scratch
    LossForward,         //!< the loss runs: logits and their FP32 copy beside everything saved
    ForwardEnd,          //!< the loss is computed; the logits and autocast's cache are freed
    LossBackward,        //!< the loss's gradient buffers (the dense FP32 gradients of the logits)
    TopLayerBackward,    //!< the last layer's backward: head gradients and its own appear
    BottomLayerBackward, //!< the first layer's backward: every layer's gradients, one layer's activations
    BackwardEnd,         //!< all gradients, no activations
    OptimizerStep,       //!< the optimizer's temporaries beside all gradients
    StepEnd,             //!< zero_grad(): gradients freed unless they are kept
};

inline constexpr int kTimelineEventCount = 10;

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

//! KeptBetweenSteps when the scenario accumulates gradients (more than one micro-batch per
//! step), AllocatedInBackward otherwise.
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

    Bytes total() const
    {
        return parameters + gradients + masterWeights + optimizerStates + activations + transient + overhead;
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
 *    a profile with a fused optimizer (ImplementationChoices::foreachOptimizer off), nor with an
 *    FP32 master copy (*-master recipes: DeepSpeed, Megatron and Apex keep the master copy in
 *    their own FusedAdam, which updates in place). SGD (with
 *    or without momentum) and bitsandbytes' 8-bit Adam update in place: none. Lion and
 *    Adafactor loop over parameters: two FP32 temporaries the size of the largest weight matrix
 *    (divided by t). Offloaded states update on the host: none on the GPU.
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

//! "step-start", "layers-forward", ...: stable identifiers for JSON and translation lookups.
std::string_view timelineEventName(TimelineEvent event);

} // namespace headroom
