#pragma once

// Builds the chart values (chartdata.h) from the core: the only place that turns a Breakdown
// into series, labels and hover formulas. Panes draw what these return and compute nothing.

#include <QString>
#include <QStringList>

#include <headroom/catalogue.h>
#include <headroom/scenariofile.h>

#include "chartdata.h"

namespace headroom {

/*!
 * The scenario's breakdown as one stacked bar, with the chosen GPU's capacity and up to two
 * comparison GPUs: \a comparisonGpuIds if given (unknown ids are skipped), else picked from
 * \a catalogue: the smallest card the peak fits on and, when the scenario does not fit
 * anywhere, the largest card (so the overflow is measured against the best there is).
 */
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
 * Memory through one training step, from \a breakdown's buckets:
 *  - the step starts with weights, master weights, optimizer states and the runtime overhead
 *    live; gradients too when accumulation keeps them across micro-batches;
 *  - forward: each layer adds its share of the stored activations; the loss adds what the
 *    activation model counts outside the layers;
 *  - backward: the loss gradient adds the transient buffer; layer by layer (last first) the
 *    recomputed layer is rebuilt, that layer's activations are released and its gradients
 *    appear (the gradient buffer grows in L equal steps);
 *  - optimizer step with all gradients, then zero_grad(set_to_none=True) frees them.
 * The core will grow a richer timeline; until then this is the one place that knows the order.
 */
TimelineData makeTimeline(const ScenarioSpec &spec, const Breakdown &breakdown,
                          const Catalogue &catalogue);

//! Translated bucket name: "Parameters", "Gradients", "Master weights", ...
QString bucketName(Bucket bucket);

//! Translated axis name: "Sequence length", "Micro-batch", "Layers".
QString sweepAxisName(SweepAxis axis);

//! Translated phase name: "Forward", "Backward", "Optimizer step".
QString stepPhaseText(StepPhase phase);

} // namespace headroom
