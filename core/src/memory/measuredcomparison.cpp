#include <headroom/memory/measuredcomparison.h>

#include <headroom/memory/reservedmemory.h>

#include <headroom/memory/steptimeline.h>

namespace headroom {

namespace {

constexpr std::string_view kKeys[kMeasuredFigureCount] = {
    "parameters",         "gradients",          "master_weights",      "optimizer_states", "activations",
    "phases.step_start",  "phases.forward_peak", "phases.forward_end", "phases.backward_peak",
    "phases.backward_end", "phases.optimizer_peak", "phases.step_end",  "max_memory_allocated",
    "max_memory_reserved", "device_used",
};

constexpr std::size_t at(MeasuredFigure f) { return static_cast<std::size_t>(f); }

} // namespace

std::string_view measuredFigureKey(MeasuredFigure figure)
{
    const std::size_t i = at(figure);
    return i < std::size(kKeys) ? kKeys[i] : std::string_view();
}

std::optional<MeasuredFigure> measuredFigureFromKey(std::string_view key)
{
    for (MeasuredFigure f : kAllMeasuredFigures)
        if (measuredFigureKey(f) == key)
            return f;
    return std::nullopt;
}

bool isTimelineFigure(MeasuredFigure figure)
{
    return at(figure) >= at(MeasuredFigure::StepStart);
}

EstimatedFigures estimatedFigures(const Scenario &s, const Breakdown &b)
{
    EstimatedFigures e;
    const StepTimeline timeline = stepTimeline(s, b);
    e.values[at(MeasuredFigure::Parameters)] = b.parameters;
    e.values[at(MeasuredFigure::Gradients)] = b.gradients;
    e.values[at(MeasuredFigure::MasterWeights)] = b.masterWeights;
    e.values[at(MeasuredFigure::OptimizerStates)] = b.optimizerStates;
    e.values[at(MeasuredFigure::Activations)] = b.activations;
    const TimelineEvent peakEvent = timeline.peakPoint().event;
    for (std::size_t i = 0; i <= at(MeasuredFigure::Activations); ++i)
        e.events[i] = peakEvent;

    // PyTorch's allocator statistics count tensors only: every point without the runtime's share.
    auto allocated = [](const TimelinePoint &p) { return p.total() - p.overhead; };
    auto point = [&](MeasuredFigure f, TimelineEvent event) {
        for (const TimelinePoint &p : timeline)
            if (p.event == event) {
                e.values[at(f)] = allocated(p);
                e.events[at(f)] = event;
            }
    };
    // A phase's highest point (the first, as the step's peak is taken).
    auto highest = [&](MeasuredFigure f, StepPhase phase) {
        bool found = false;
        for (const TimelinePoint &p : timeline) {
            if (p.phase != phase || (found && allocated(p) <= e.values[at(f)]))
                continue;
            e.values[at(f)] = allocated(p);
            e.events[at(f)] = p.event;
            found = true;
        }
    };
    point(MeasuredFigure::StepStart, TimelineEvent::StepStart);
    highest(MeasuredFigure::ForwardPeak, StepPhase::Forward);
    point(MeasuredFigure::ForwardEnd, TimelineEvent::ForwardEnd);
    highest(MeasuredFigure::BackwardPeak, StepPhase::Backward);
    point(MeasuredFigure::BackwardEnd, TimelineEvent::BackwardEnd);
    highest(MeasuredFigure::OptimizerPeak, StepPhase::OptimizerStep);
    point(MeasuredFigure::StepEnd, TimelineEvent::StepEnd);
    const TimelinePoint &top = timeline.peakPoint();
    e.values[at(MeasuredFigure::PeakAllocated)] = allocated(top);
    e.events[at(MeasuredFigure::PeakAllocated)] = top.event;
    // The allocator's cache is memory it holds beyond the tensors: reserved, not allocated
    // (reservedmemory.h: emulated, or the reserve given).
    const MemoryFigures figures = memoryFigures(s, b);
    e.values[at(MeasuredFigure::PeakReserved)] = figures.reserved;
    e.events[at(MeasuredFigure::PeakReserved)] = top.event;
    // What nvidia-smi shows: reserved and the CUDA context.
    e.values[at(MeasuredFigure::DeviceUsed)] = figures.device;
    e.events[at(MeasuredFigure::DeviceUsed)] = top.event;
    return e;
}

const MeasuredRow *MeasuredComparison::row(MeasuredFigure figure) const
{
    for (const MeasuredRow &r : rows)
        if (r.figure == figure)
            return &r;
    return nullptr;
}

MeasuredComparison compareMeasured(const Scenario &s, const Breakdown &b, const MeasuredFigures &measured)
{
    MeasuredComparison c;
    const EstimatedFigures e = estimatedFigures(s, b);
    for (MeasuredFigure f : kAllMeasuredFigures) {
        const std::optional<Bytes> &m = measured[f];
        if (!m)
            continue;
        MeasuredRow r;
        r.figure = f;
        r.measured = *m;
        r.estimated = e[f];
        r.difference = r.estimated - r.measured;
        if (r.measured > bytes(0))
            r.relative = toDouble(r.difference) / toDouble(r.measured);
        else if (r.estimated == bytes(0))
            r.relative = 0.0;
        r.event = e.event(f);
        c.rows.push_back(r);
    }
    return c;
}

} // namespace headroom
