#include <headroom/memory/steptimeline.h>

#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/parametertensors.h>
#include <headroom/memory/pipelinestage.h>

#include "timelinebody.h"

namespace headroom {

GradientShares gradientShares(const Scenario &s, const ParameterCounts &p, Count heldLayers)
{
    return detail::sharesOf(s, p, heldLayers);
}

// Largest single weight matrix of one GPU (per-parameter optimizers allocate temporaries of
// one parameter at a time).
Count largestWeightMatrix(const Scenario &s)
{
    return detail::largestMatrixOnGpu(s, countParameters(s.model).extremes.largestMatrix);
}

// Optimizer-step temporaries (steptimeline.h states the implementations assumed).
Bytes optimizerTemporaries(const Scenario &s, const Breakdown &b)
{
    return optimizerOwnTemporaries(s, b) + frameworkStepBuffers(s, b);
}

Bytes frameworkStepBuffers(const Scenario &s, const Breakdown &b)
{
    return detail::stepBuffersOf(s, b);
}

Bytes optimizerOwnTemporaries(const Scenario &s, const Breakdown &b)
{
    Count whole = 0;
    if (detail::countsLargestMatrix(s))
        whole = countParameters(s.model).extremes.largestMatrix;
    return detail::ownTemporaries(s, b, whole);
}

GradientLifetime gradientLifetime(const Scenario &s)
{
    return detail::lifetimeOf(s);
}

StepTimeline stepTimeline(const Scenario &scenario, const Breakdown &b, GradientLifetime lifetime)
{
    // The pipeline rank the breakdown is of (pipelinestage.h).
    const Scenario s = atPipelineRank(scenario, b.pipelineRank);
    StepTimeline t;
    t.gradients = lifetime;
    Bytes highest = bytes(-1);
    const ModelCounts counted = countParameters(s.model);
    detail::forEachPoint(s, detail::timelineShares(s, counted.counts), counted.extremes.largestMatrix, b, lifetime,
                         [&t, &b, &highest](TimelineEvent event, StepPhase phase, Bytes gradients, Bytes activations,
                                            Bytes transient) {
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
        p.frozenModels = b.frozenModels;
        if (p.total() > highest) {
            highest = p.total();
            t.peakIndex = t.count;
        }
        ++t.count;
    });
    return t;
}

TimelinePeak timelinePeak(const Scenario &scenario, const Breakdown &b)
{
    const Scenario s = atPipelineRank(scenario, b.pipelineRank);
    return timelinePeak(s, resolve(s), b);
}

TimelinePeak timelinePeak(const Scenario &scenario, const ResolvedScenario &r, const Breakdown &b)
{
    const Scenario s = atPipelineRank(scenario, b.pipelineRank);
    return detail::peakOf(s, detail::timelineShares(s, r.counts), r.extremes.largestMatrix, b);
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
    case TimelineEvent::ReferenceForward: return "reference-forward";
    case TimelineEvent::Generation: return "generation";
    case TimelineEvent::ValueModelBackward: return "value-model-backward";
    }
    return {};
}

} // namespace headroom
