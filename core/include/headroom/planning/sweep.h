#pragma once

// One input varied over a range, everything else held: the data behind "what if the sequence
// were twice as long". Pure computation, no allocation: the caller owns the arrays.

#include <headroom/memory/breakdown.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

namespace headroom {

//! The input a sweep varies.
enum class SweepAxis {
    Sequence,   //!< S, tokens per sequence (the S^2 attention term shows here)
    MicroBatch, //!< B, sequences per GPU per forward pass
    Layers,     //!< L, transformer layers (changes the derived parameter count too)
};

inline constexpr SweepAxis kAllSweepAxes[] = { SweepAxis::Sequence, SweepAxis::MicroBatch, SweepAxis::Layers };

//! Most points a sweep computes; callers size their arrays with it.
inline constexpr int kMaxSweepPoints = 65;

struct SweepRange
{
    Count lo = 1;
    Count hi = 1;
};

//! The scenario's own value on \a axis.
Count sweepAxisValue(const Scenario &scenario, SweepAxis axis);

//! Sets \a axis of \a scenario to \a value, nothing else.
void setSweepAxisValue(Scenario &scenario, SweepAxis axis, Count value);

/*!
 * The range a chart shows around the scenario's value: wide enough that a doubling is a visible
 * step, narrow enough that the current value is not lost at one end.
 *  - sequence: current/16 .. current*4 (at least 16 .. 4096), the range people weigh when
 *    choosing a context length;
 *  - batch: 1 .. max(16, current*4);
 *  - layers: the pipeline stages (each stage needs a layer) .. max(8, current*2).
 * Always inside validate()'s limits for the field, and always containing the current value.
 */
SweepRange defaultSweepRange(const Scenario &scenario, SweepAxis axis);

/*!
 * Up to \a maxPoints distinct integers from \a range.lo to \a range.hi, spaced evenly on a
 * logarithmic scale (so each doubling gets the same number of points) and rounded; \a include
 * is added if it lies inside the range and is not already there. Ascending. Returns the number
 * written to \a out, which must hold maxPoints + 1 values. maxPoints is clamped to
 * [2, kMaxSweepPoints - 1].
 */
int logSpacedCounts(SweepRange range, Count include, int maxPoints, Count *out);

/*!
 * The largest value on \a axis at which the scenario fits its GPU, from the exact fit searches
 * (fitsearch.h): the figure a sweep's "fits up to" shows and the verdict reports. 0 when none
 * fits or no GPU is chosen.
 */
Count fitLimit(const Scenario &scenario, SweepAxis axis);

/*!
 * estimate() of \a base with \a axis set to each of \a values[0..n): \a out[i] is the breakdown
 * at values[i]. No allocation; the hot path of every sweep chart.
 */
void sweep(const Scenario &base, SweepAxis axis, const Count *values, int n, Breakdown *out);

/*!
 * Fit verdicts over a grid of sequence lengths and micro-batches, the data of a feasibility map:
 * \a out[i * nb + j] is scenarioFits() of \a base with S = sequences[i] and B = batches[j]
 * (false everywhere without a GPU). Every cell is estimated; nothing is assumed about
 * monotonicity. No allocation.
 */
void fitGrid(const Scenario &base, const Count *sequences, int ns, const Count *batches, int nb, bool *out);

} // namespace headroom
