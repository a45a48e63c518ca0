#pragma once

// `headroom-cli fit`'s answers in words and JSON: the per-GPU strategy table, why each strategy
// needs what it does, the advice and the headline.

#include <string_view>

#include <QString>

#include <headroom/io/scenariofile.h>
#include <headroom/memory/placement.h>
#include <headroom/planning/advice.h>

#include <headroom/planning/gpufit.h>
#include <headroom/planning/procurement.h>

#include "jsonwriter.h"

class QTextStream;

namespace headroom {

QString countOrDash(Count n);
QString usd(double v);
QString daysText(const TimeAndCost &t);
QString costText(const TimeAndCost &t);
//! Why a strategy needs the GPUs it does, or why none suffice.
QString reasoning(const Scenario &s, const StrategyFit &r, const Strategy &strategy, Bytes capacity, Count maxGpus);
QString adviceText(const Scenario &before, const Advice &a, const Placement &after);
std::string_view adviceName(AdviceKind k);
//! One step of the advice as `fit --json` and the reports write it: what it changes, its saving, the peak after it.
void writeAdvice(JsonWriter &w, const Advice &a);
//! \a rolloutGpus: a vLLM server's GPUs beside the training ones (rolloutServerGpus()), 0 without.
void writeStrategyResult(JsonWriter &w, const Strategy &strategy, const StrategyFit &r, Count rolloutGpus = 0);
//! One GPU kind's row of the table: its capacity and price, the largest batch and sequence, and
//! each strategy's GPUs, peak and time.
void writeGpuResult(JsonWriter &w, const GpuFit &g, Count rolloutGpus = 0);
//! One plan of the procurement search (procurement.h) on \a gpu, with its time and cost.
void writeProcurementOption(JsonWriter &w, const ProcurementOption &option, const GpuSpec &gpu);
void printStrategyTable(QTextStream &o, const Scenario &s, const GpuFit &g, Count maxGpus);
QString headline(const ScenarioSpec &spec, const Catalogue &catalogue);

} // namespace headroom
