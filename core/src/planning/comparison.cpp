#include <headroom/planning/comparison.h>

#include <algorithm>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/steptimeline.h>

namespace headroom {

Comparison compareScenarios(std::span<const Scenario> scenarios)
{
    Comparison c;
    c.count = static_cast<int>(std::min<std::size_t>(scenarios.size(), kMaxComparedScenarios));
    for (int i = 0; i < c.count; ++i) {
        const Scenario &s = scenarios[static_cast<std::size_t>(i)];
        const Breakdown b = estimate(s);
        const StepTimeline timeline = stepTimeline(s, b);
        const TimelinePoint &p = timeline.peakPoint();
        auto &row = c.cells[static_cast<std::size_t>(i)];
        auto set = [&row](ComparedRow r, Count v) { row[static_cast<std::size_t>(r)].bytes = v; };
        set(ComparedRow::Parameters, countOf(p.parameters));
        set(ComparedRow::Gradients, countOf(p.gradients));
        set(ComparedRow::MasterWeights, countOf(p.masterWeights));
        set(ComparedRow::OptimizerStates, countOf(p.optimizerStates));
        set(ComparedRow::Activations, countOf(p.activations));
        set(ComparedRow::Overhead, countOf(p.overhead));
        // The frozen models, resident at every point of the step, one row per model.
        set(ComparedRow::ReferenceModel, countOf(b.side.reference));
        set(ComparedRow::RewardModel, countOf(b.side.reward));
        set(ComparedRow::TeacherModel, countOf(b.side.teacher));
        set(ComparedRow::RolloutEngine, countOf(b.rolloutEngine));
        set(ComparedRow::Transient, countOf(p.transient));
        // The peak the verdict compares (reservedmemory.h): the buckets live at the highest point,
        // and the runtime's share that figure holds.
        const Bytes peak = comparedPeak(s, b);
        set(ComparedRow::Overhead, countOf(peak - allocatedPeak(s, b)));
        set(ComparedRow::Peak, countOf(peak));
        // Without a GPU there is no capacity to compare, and no headroom: not "-peak".
        const bool gpu = s.gpu.capacity > bytes(0);
        set(ComparedRow::Capacity, countOf(s.gpu.capacity));
        set(ComparedRow::Headroom, gpu ? countOf(s.gpu.capacity) - countOf(peak) : 0);
        for (ComparedRow r : { ComparedRow::Capacity, ComparedRow::Headroom }) {
            row[static_cast<std::size_t>(r)].defined = gpu;
            row[static_cast<std::size_t>(r)].hasDifference = gpu;
        }
        set(ComparedRow::HostPerNode, countOf(b.host.perNode));
        c.fits[static_cast<std::size_t>(i)] = gpu && peak <= s.gpu.capacity;
    }
    for (int i = 1; i < c.count; ++i) {
        for (int r = 0; r < kComparedRowCount; ++r) {
            ComparedCell &cell = c.cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(r)];
            const ComparedCell &baseline = c.cells[0][static_cast<std::size_t>(r)];
            cell.hasDifference = cell.defined && baseline.defined;
            if (!cell.hasDifference)
                continue;
            const Count base = baseline.bytes;
            cell.difference = cell.bytes - base;
            // A percentage of a negative headroom reads backwards; of zero, not at all.
            cell.hasPercent = base > 0;
            if (cell.hasPercent)
                cell.percent = 100.0 * static_cast<double>(cell.difference) / static_cast<double>(base);
        }
    }
    return c;
}

const char *comparedRowName(ComparedRow row)
{
    switch (row) {
    case ComparedRow::Parameters: return "parameters";
    case ComparedRow::Gradients: return "gradients";
    case ComparedRow::MasterWeights: return "master-weights";
    case ComparedRow::OptimizerStates: return "optimizer-states";
    case ComparedRow::Activations: return "activations";
    case ComparedRow::Overhead: return "overhead";
    case ComparedRow::ReferenceModel: return "reference-model";
    case ComparedRow::RewardModel: return "reward-model";
    case ComparedRow::TeacherModel: return "teacher-model";
    case ComparedRow::RolloutEngine: return "rollout-engine";
    case ComparedRow::Transient: return "transient";
    case ComparedRow::Peak: return "peak";
    case ComparedRow::Capacity: return "capacity";
    case ComparedRow::Headroom: return "headroom";
    case ComparedRow::HostPerNode: return "host-per-node";
    }
    return "";
}

} // namespace headroom
