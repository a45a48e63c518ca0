#pragma once

// What a real training step measured beside what the estimate says, figure by figure: the
// model-state buckets, the saved activations and the step's phases (steptimeline.h). The
// measurements come from the check script (`headroom-cli check-script`, io/checkscript.h) and
// are read by io/measuredfile.h; the CLI's `estimate --measured` and the window only print the
// rows compared here.
//
// What each estimated figure is, so that it can be compared with what PyTorch reports:
//  - the buckets are the breakdown's (per GPU; the check script runs one GPU);
//  - the phase figures are the step timeline's points without the runtime's share
//    (Breakdown::overhead): torch.cuda.memory_allocated() and max_memory_allocated() count the
//    tensors PyTorch allocated, never the CUDA context nor the blocks its allocator keeps;
//  - the reserved peak is memoryFigures()'s reserved figure (reservedmemory.h): the allocated
//    peak and the caching allocator's cache, emulated or given, without the CUDA context.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/scenario.h>

namespace headroom {

//! The figures a check script reports, in the order they are listed.
enum class MeasuredFigure : std::uint8_t {
    Parameters,       //!< bytes of the parameters' storages
    Gradients,        //!< bytes of the gradients after backward
    MasterWeights,    //!< bytes of the FP32 master copy (*-master recipes)
    OptimizerStates,  //!< bytes of the optimizer's state tensors (AdamW's two moments; step counters apart)
    Activations,      //!< bytes saved for backward (forward, plus the largest recomputed layer)
    StepStart,        //!< live when the step starts (steady state: optimizer states exist)
    ForwardPeak,      //!< highest during forward, the loss included
    ForwardEnd,       //!< live once the loss is computed
    BackwardPeak,     //!< highest during backward
    BackwardEnd,      //!< live once backward is done: every gradient, no activations
    OptimizerPeak,    //!< highest while the optimizer steps
    StepEnd,          //!< live after zero_grad()
    PeakAllocated,    //!< torch.cuda.max_memory_allocated() over the step
    PeakReserved,     //!< torch.cuda.max_memory_reserved() over the step
    //! The device's used memory at its highest (NVML's for the process, else
    //! torch.cuda.mem_get_info()'s total - free): what nvidia-smi shows.
    DeviceUsed,
};

inline constexpr int kMeasuredFigureCount = 15;

inline constexpr MeasuredFigure kAllMeasuredFigures[kMeasuredFigureCount] = {
    MeasuredFigure::Parameters,    MeasuredFigure::Gradients,    MeasuredFigure::MasterWeights,
    MeasuredFigure::OptimizerStates, MeasuredFigure::Activations, MeasuredFigure::StepStart,
    MeasuredFigure::ForwardPeak,   MeasuredFigure::ForwardEnd,   MeasuredFigure::BackwardPeak,
    MeasuredFigure::BackwardEnd,   MeasuredFigure::OptimizerPeak, MeasuredFigure::StepEnd,
    MeasuredFigure::PeakAllocated, MeasuredFigure::PeakReserved, MeasuredFigure::DeviceUsed,
};

/*!
 * The key of a figure in the check script's JSON, under "measured" and "estimated":
 * "parameters", "gradients", "master_weights", "optimizer_states", "activations",
 * "phases.step_start" ... "phases.step_end", "max_memory_allocated", "max_memory_reserved",
 * "device_used".
 */
std::string_view measuredFigureKey(MeasuredFigure figure);
//! The figure of \a key (as measuredFigureKey() writes it), or nullopt.
std::optional<MeasuredFigure> measuredFigureFromKey(std::string_view key);
//! Whether \a figure is a moment of the step (a phase or a peak) rather than a bucket.
bool isTimelineFigure(MeasuredFigure figure);

//! What was measured: each figure, or nothing where the device could not measure it (the CPU
//! has no allocator statistics).
struct MeasuredFigures
{
    std::array<std::optional<Bytes>, kMeasuredFigureCount> values{};

    const std::optional<Bytes> &operator[](MeasuredFigure f) const { return values[static_cast<std::size_t>(f)]; }
    std::optional<Bytes> &operator[](MeasuredFigure f) { return values[static_cast<std::size_t>(f)]; }
};

//! The estimate's side of every figure, and the timeline event it is drawn at.
struct EstimatedFigures
{
    std::array<Bytes, kMeasuredFigureCount> values{};
    //! The step timeline's event of each figure: a phase's highest point, the event of a
    //! boundary; for the buckets, the event of the peak.
    std::array<TimelineEvent, kMeasuredFigureCount> events{};

    Bytes operator[](MeasuredFigure f) const { return values[static_cast<std::size_t>(f)]; }
    TimelineEvent event(MeasuredFigure f) const { return events[static_cast<std::size_t>(f)]; }
};

//! Every figure of \a breakdown = estimate(\a scenario), as the header above defines them.
EstimatedFigures estimatedFigures(const Scenario &scenario, const Breakdown &breakdown);

//! One figure, measured and estimated.
struct MeasuredRow
{
    MeasuredFigure figure = MeasuredFigure::Parameters;
    Bytes measured = bytes(0);
    Bytes estimated = bytes(0);
    Bytes difference = bytes(0); //!< estimated − measured: positive when the estimate is above
    //! difference / measured; nullopt when nothing was measured (0 bytes) but something estimated.
    std::optional<double> relative;
    TimelineEvent event = TimelineEvent::StepStart; //!< EstimatedFigures::event()
};

struct MeasuredComparison
{
    std::vector<MeasuredRow> rows; //!< the measured figures, in kAllMeasuredFigures order

    const MeasuredRow *row(MeasuredFigure figure) const;
    bool empty() const { return rows.empty(); }
};

//! \a measured beside the estimate of \a scenario (\a breakdown = estimate(\a scenario)).
MeasuredComparison compareMeasured(const Scenario &scenario, const Breakdown &breakdown,
                                   const MeasuredFigures &measured);

} // namespace headroom
