#include <headroom/memory/steptimeline.h>

#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/korthikanti.h>
#include <headroom/memory/parametertensors.h>

namespace headroom {

GradientShares gradientShares(const Scenario &s, const ParameterCounts &p, Count heldLayers)
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
    g.head = p.finalNorm + p.lmHead + (m.tiedEmbeddings ? p.embedding : 0);
    g.embedding = m.tiedEmbeddings ? 0 : p.embedding;
    g.perLayer = p.perLayer();
    g.layers = m.layers;
    g.total = g.head + g.embedding + g.perLayer * m.layers;
    return g;
}

// Largest single weight matrix of one GPU (per-parameter optimizers allocate temporaries of
// one parameter at a time).
Count largestWeightMatrix(const Scenario &s)
{
    Count largest = 0;
    auto visit = [&largest](ParamPlace, const ParamTensor &t) {
        if (t.matrix && t.weightElements() > largest)
            largest = t.weightElements();
    };
    forEachOutsideTensor(s.model, visit);
    forEachLayerTensor(s.model, false, visit);
    if (s.model.moe.enabled())
        forEachLayerTensor(s.model, true, visit);
    const Count t = s.parallel.tensorParallel > 1 ? s.parallel.tensorParallel : 1;
    return largest / t;
}

// Optimizer-step temporaries (steptimeline.h states the implementations assumed).
Bytes optimizerTemporaries(const Scenario &s, const Breakdown &b)
{
    return optimizerOwnTemporaries(s, b) + b.stepBuffers;
}

Bytes optimizerOwnTemporaries(const Scenario &s, const Breakdown &b)
{
    const PrecisionChoice &p = s.training.precision;
    // Stepping in backward updates one tensor at a time: a foreach temporary of one tensor's
    // moment at most, and never at the step's own point.
    if (s.stack.optimizerInBackward)
        return bytes(0);
    switch (p.optimizer) {
    case Optimizer::AdamW:
    case Optimizer::Adam:
        // _foreach_sqrt(exp_avg_sq): one moment's worth, half of the two moments. A fused kernel
        // updates in place (the stack's choice, stack.h); master-copy recipes come with one
        // (DeepSpeed, Megatron and Apex wrap the FP32 copy in their FusedAdam).
        if (s.stack.fusedOptimizer || b.masterWeights > bytes(0))
            return bytes(0);
        return bytes(countOf(b.optimizerStates) / 2);
    case Optimizer::Lion:
    case Optimizer::Adafactor:
        return b.optimizerStates > bytes(0) ? bytes(2 * 4 * largestWeightMatrix(s)) : bytes(0);
    case Optimizer::Sgd:
    case Optimizer::SgdMomentum:
    case Optimizer::Adam8bit:
        return bytes(0);
    }
    return bytes(0);
}

namespace {

// Calls sink(event, phase, gradients, activations, transient) for each point in order; the other
// buckets are the breakdown's throughout. Shared by stepTimeline() and the hot path's peak.
template<typename Sink>
void forEachPoint(const Scenario &s, const ParameterCounts &counts, const Breakdown &b, GradientLifetime lifetime,
                  Sink &&sink)
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
        const GradientShares shares = gradientShares(s, counts, held);
        before = none;
        top = shares.at(all, true, 1, false);
        layers = shares.at(all, true, shares.layers, false);
    }
    const Bytes below = a.outside - a.outsideHead; // embedding and shared tensors
    const Bytes allSaved = a.layers + a.outside;
    // A checkpointed layer is rebuilt by a forward pass before its backward runs: the larger of
    // the two scratch figures is live at some moment of that layer's turn.
    const bool rebuilt = s.training.recompute != Recompute::None;
    const Bytes layerScratch = rebuilt && a.layerForwardTransient > a.layerBackwardTransient ? a.layerForwardTransient
                                                                                              : a.layerBackwardTransient;
    sink(TimelineEvent::StepStart, StepPhase::Forward, before, none, none);
    sink(TimelineEvent::LayersForward, StepPhase::Forward, before, a.layers + below, a.layerForwardTransient + a.forwardCache);
    sink(TimelineEvent::LossForward, StepPhase::Forward, before, allSaved, a.lossForwardTransient + a.forwardCache);
    sink(TimelineEvent::ForwardEnd, StepPhase::Forward, before, allSaved, none);
    sink(TimelineEvent::LossBackward, StepPhase::Backward, before, allSaved, a.backwardTransient);
    sink(TimelineEvent::TopLayerBackward, StepPhase::Backward, top, below + a.layers + a.recompute, layerScratch);
    sink(TimelineEvent::BottomLayerBackward, StepPhase::Backward, layers,
         below + bytes(countOf(a.layers) / held) + a.recompute, layerScratch);
    sink(TimelineEvent::BackwardEnd, StepPhase::Backward, all, none, none);
    sink(TimelineEvent::OptimizerStep, StepPhase::OptimizerStep, all, none, optimizerTemporaries(s, b));
    sink(TimelineEvent::StepEnd, StepPhase::OptimizerStep, kept ? all : none, none, none);
}

} // namespace

GradientLifetime gradientLifetime(const Scenario &s)
{
    const bool resident = s.training.gradAccumSteps > 1 || s.activations.model == ActivationModelKind::Textbook;
    return resident ? GradientLifetime::KeptBetweenSteps : GradientLifetime::AllocatedInBackward;
}

StepTimeline stepTimeline(const Scenario &s, const Breakdown &b, GradientLifetime lifetime)
{
    StepTimeline t;
    t.gradients = lifetime;
    Bytes highest = bytes(-1);
    forEachPoint(s, parameterCounts(s.model), b, lifetime, [&t, &b, &highest](TimelineEvent event, StepPhase phase, Bytes gradients,
                                                     Bytes activations, Bytes transient) {
        TimelinePoint &p = t.points[static_cast<std::size_t>(t.count)];
        p.event = event;
        p.phase = phase;
        p.parameters = b.parameters;
        p.gradients = gradients;
        p.masterWeights = b.masterWeights;
        p.optimizerStates = b.optimizerStates;
        p.activations = activations;
        p.transient = transient;
        p.overhead = b.overhead;
        if (p.total() > highest) {
            highest = p.total();
            t.peakIndex = t.count;
        }
        ++t.count;
    });
    return t;
}

TimelinePeak timelinePeak(const Scenario &s, const Breakdown &b)
{
    return timelinePeak(s, resolve(s), b);
}

TimelinePeak timelinePeak(const Scenario &s, const ResolvedScenario &r, const Breakdown &b)
{
    const Bytes fixed = b.parameters + b.masterWeights + b.optimizerStates + b.overhead;
    TimelinePeak peak;
    peak.bytes = bytes(-1);
    forEachPoint(s, r.counts, b, gradientLifetime(s), [&peak, fixed](TimelineEvent event, StepPhase phase, Bytes gradients,
                                                           Bytes activations, Bytes transient) {
        const Bytes total = fixed + gradients + activations + transient;
        if (total > peak.bytes)
            peak = { total, phase, event };
    });
    return peak;
}

StepTimeline stepTimeline(const Scenario &s, const Breakdown &b)
{
    return stepTimeline(s, b, gradientLifetime(s));
}

StepTimeline stepTimeline(const Scenario &s)
{
    return stepTimeline(s, estimate(s));
}

std::string_view timelineEventName(TimelineEvent e)
{
    switch (e) {
    case TimelineEvent::StepStart: return "step-start";
    case TimelineEvent::LayersForward: return "layers-forward";
    case TimelineEvent::LossForward: return "loss-forward";
    case TimelineEvent::ForwardEnd: return "forward-end";
    case TimelineEvent::LossBackward: return "loss-backward";
    case TimelineEvent::TopLayerBackward: return "top-layer-backward";
    case TimelineEvent::BottomLayerBackward: return "bottom-layer-backward";
    case TimelineEvent::BackwardEnd: return "backward-end";
    case TimelineEvent::OptimizerStep: return "optimizer-step";
    case TimelineEvent::StepEnd: return "step-end";
    }
    return {};
}

} // namespace headroom
