#pragma once

// The step time and its cost in words and JSON, for `fit`: every figure comes from the core's
// StepTime and TimeAndCost (procurement.h); nothing here re-derives one.

#include <QString>

#include <headroom/planning/procurement.h>
#include <headroom/planning/steptimeexplain.h>

#include "jsonwriter.h"

class QTextStream;

namespace headroom {

//! `time: {compute_s, communication_s, bubble_s, offload_s, total_s, ...}` over the whole run,
//! with `step` (one optimizer step's terms), days, GPU-hours, rent, owning cost, MFU and the
//! dominant term.
void writeTime(JsonWriter &w, const TimeAndCost &t);

//! A plan's time and cost as `fit --json` writes every plan: days, cost_usd, own_cost_usd,
//! gpu_hours, both MFUs, then `time` (writeTime()); members of an object the caller opened.
void writeTimeSummary(JsonWriter &w, const TimeAndCost &t);

//! One optimizer step's terms: `{tokens, total_s, compute_s, matmul_s, ..., nodes, mfu, mfu_full_attention, hfu}`.
void writeStepTime(JsonWriter &w, const StepTime &st);

//! "compute bound (72 % of the step)", "communication bound: 61 % of the step".
QString dominantText(const StepTime &t);

//! The step-time derivation, one term a line, indented by \a indent.
void printStepTimeTerms(QTextStream &o, const std::vector<StepTimeTerm> &terms, const StepTime &t, const QString &indent);

} // namespace headroom
