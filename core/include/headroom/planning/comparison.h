#pragma once

// Two to four scenarios side by side: for each, what is live at its step's peak bucket by bucket
// (the stacked bar's segments, which add up to the peak), its GPU's capacity and headroom, and
// how each differs from the first, the baseline, in bytes and in percent. Allocation-free.

#include <array>
#include <cstdint>
#include <span>

#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

namespace headroom {

inline constexpr int kMaxComparedScenarios = 4;

//! The comparison's rows: the six buckets and the short-lived buffers as live at the peak (the
//! timeline's peak point), the peak (their sum), the GPU's capacity, the headroom (capacity −
//! peak; negative when short) and the host memory per node.
//! The state rows hold every trained model's states (PPO's value model with the policy's); the
//! frozen models follow one row per model (posttraining.h), zero in a supervised run.
enum class ComparedRow : std::uint8_t {
    Parameters, Gradients, MasterWeights, OptimizerStates, Activations, Overhead,
    ReferenceModel, RewardModel, TeacherModel, RolloutEngine, Transient,
    Peak, Capacity, Headroom, HostPerNode,
};
inline constexpr int kComparedRowCount = 15;

//! Whether \a row is one of the frozen models' rows, which a view may hide when every compared
//! scenario has none.
constexpr bool isFrozenModelRow(ComparedRow row)
{
    return row == ComparedRow::ReferenceModel || row == ComparedRow::RewardModel || row == ComparedRow::TeacherModel
            || row == ComparedRow::RolloutEngine;
}

//! Bytes may be negative here (headroom, differences): plain signed counts of bytes.
struct ComparedCell
{
    Count bytes = 0;
    Count difference = 0;  //!< bytes − the baseline's; 0 for the baseline itself
    double percent = 0;    //!< 100 × difference / the baseline's bytes; valid only if hasPercent
    bool hasPercent = false; //!< false for the baseline and where the baseline is 0
    //! false for a scenario's capacity and headroom when it has no GPU chosen: there is nothing
    //! to spare or to lack (bytes 0), and no difference with it either way.
    bool defined = true;
    //! false where this cell or the baseline's is not defined (difference 0, no percentage)
    bool hasDifference = true;
};

struct Comparison
{
    int count = 0; //!< scenarios compared, the first the baseline
    std::array<std::array<ComparedCell, kComparedRowCount>, kMaxComparedScenarios> cells{};
    std::array<bool, kMaxComparedScenarios> fits{}; //!< peak within capacity (false without a GPU)

    const ComparedCell &cell(int scenario, ComparedRow row) const
    {
        return cells[static_cast<std::size_t>(scenario)][static_cast<std::size_t>(row)];
    }
};

/*!
 * Compares the first kMaxComparedScenarios of \a scenarios (each must have passed validate()),
 * the first being the baseline.
 */
Comparison compareScenarios(std::span<const Scenario> scenarios);

//! "parameters", "gradients", ..., "host-per-node": stable ids for JSON and translation lookups.
const char *comparedRowName(ComparedRow row);

} // namespace headroom
