#pragma once

// Builds the chart values (chartdata.h) from the core: the only place that turns a Breakdown
// into series, labels and hover formulas. Panes draw what these return and compute nothing.

#include <span>

#include <QString>
#include <QStringList>

#include <headroom/hardware/gpuspec.h>
#include <headroom/io/catalogue.h>
#include <headroom/io/measuredfile.h>
#include <headroom/io/scenariofile.h>
#include <headroom/planning/plansearch.h>

#include "chartdata.h"
#include "scenariotitle.h"

namespace headroom {
struct Derivation;
}

namespace headroom {

/*!
 * The scenario's breakdown as one stacked bar of what is live at the step's peak (the derivation's
 * peak terms: its height is the peak), with the chosen GPU's capacity and up to two
 * comparison GPUs: \a comparisonGpuIds if given (unknown ids are skipped), else picked from
 * \a catalogue: the smallest card the peak fits on and, when the scenario does not fit
 * anywhere, the largest card (so the overflow is measured against the best there is).
 */
StackedBarData makeStackedBar(const ScenarioSpec &spec, const Breakdown &breakdown, const Derivation &derivation,
                              const Catalogue &catalogue, const QStringList &comparisonGpuIds = {});
//! The same, deriving the scenario on the spot.
StackedBarData makeStackedBar(const ScenarioSpec &spec, const Breakdown &breakdown,
                              const Catalogue &catalogue,
                              const QStringList &comparisonGpuIds = {});

/*!
 * estimate() over about 64 log-spaced values of \a axis (defaultSweepRange(), always including
 * the scenario's own value), through the core's sweep(). Also sweeps the other attention
 * kernel and keeps it only where the activation model distinguishes the two.
 */
SweepData makeSweep(const ScenarioSpec &spec, SweepAxis axis, const Catalogue &catalogue);

/*!
 * The scenario under FP32, AMP, half precision with and without an FP32 master copy, LoRA and
 * QLoRA, everything else held (optimizer, B, S, recompute, parallelism). Half precision is
 * FP16 when the scenario uses FP16 or its GPU lacks BF16, else BF16. LoRA and QLoRA use the
 * scenario's rank and targets (q and v projections when none are set) on the half-with-master
 * recipe; what they save is the core's estimate() to say, not this function's.
 */
RecipeComparisonData makeRecipeComparison(const ScenarioSpec &spec, const Catalogue &catalogue);

/*!
 * The pinned scenarios and the current one, in that order, as stacked bars of what is live at
 * each one's peak (the current one marked), against the current scenario's GPU.
 */
RecipeComparisonData makeScenarioComparison(const QList<PinnedScenario> &pinned, const ScenarioSpec &current,
                                            const Catalogue &catalogue);

/*!
 * Memory through one training step: the core's step timeline (stepTimeline(), steptimeline.h:
 * its events, gradient lifetime and transient buffers) with the layers drawn one by one
 * between the events that bound them: forward grows the saved activations layer by layer up to
 * "every layer has run forward", and backward goes linearly from the top layer's point to the
 * bottom one's, as the core states memory does there. The samples never exceed the events'
 * figures, so the chart's peak is the core's.
 */
TimelineData makeTimeline(const ScenarioSpec &spec, const Breakdown &breakdown,
                          const Catalogue &catalogue);

/*!
 * Puts a check script's measurement over \a data (makeTimeline()'s): each measured moment of
 * the step (memory/measuredcomparison.h's rows) at the sample of its event. \a current: whether
 * the measurement ran the scenario drawn (the note says so when not).
 */
void addMeasuredMarkers(TimelineData &data, const MeasuredComparison &comparison, const MeasuredRun &run, bool current);


/*!
 * The whole-plan search's answer (searchPlans(), planning/plansearch.h) as the time-against-cost
 * chart's points: each plan of \a front (the first \a result.frontCount, fastest first) with its
 * days, rent, cost of owning and MFU as the core computed them, its GPU kind from \a gpus (the
 * span the search was given), planText() for the list and the tooltip, and the budget's and the
 * deadline's picks (\a budgetUsd, \a deadlineDays: 0 for none).
 */
PlanFrontData makePlanFront(std::span<const SearchedPlan> front, const PlanSearchResult &result,
                            std::span<const GpuSpec> gpus, double budgetUsd, double deadlineDays);

//! Translated bucket name: "Parameters", "Gradients", "Master weights", ...
QString bucketName(Bucket bucket);

//! Translated axis name: "Sequence length", "Micro-batch", "Layers".
QString sweepAxisName(SweepAxis axis);

//! Translated phase name: "Forward", "Backward", "Optimizer step".
QString stepPhaseText(StepPhase phase);

} // namespace headroom
