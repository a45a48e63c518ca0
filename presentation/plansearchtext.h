#pragma once

// The whole-plan search (plansearch.h) in words and JSON: the Pareto front of days against
// rent, the fastest plan under a budget and the cheapest under a deadline.

#include <span>

#include <QString>

#include <headroom/hardware/gpuspec.h>
#include <headroom/planning/plansearch.h>

#include "jsonwriter.h"

class QTextStream;

namespace headroom {

//! What the user asked of the search beside the plans: a budget and a deadline (0: none).
struct PlanQuestion
{
    double budgetUsd = 0;
    double deadlineDays = 0;
};

//! "TP 2 x PP 4 (2 virtual) x CP 2 x EP 4": the model-parallel layout, "no model parallelism" alone.
QString planLayoutText(const SearchedPlan &plan);
//! "zero1", or "distributed optimizer" for Megatron's.
QString planStrategyText(const SearchedPlan &plan);
//! "64 x h100-80gb, TP 8 x PP 2, zero1, recompute selective, micro-batch 1 x 16": one line.
QString planText(const SearchedPlan &plan, const GpuSpec &gpu);

//! The plan pickPlan() recommends, with why: "Recommended: 8 x h100-80gb, TP 2, zero1, ... (3.2 days,
//! $4,100 to rent), the cheapest plan finishing within 5 days." ("No plan fits." without one).
QString planPickText(const PlanPick &pick, std::span<const GpuSpec> gpus, std::span<const SearchedPlan> front,
                     const PlanQuestion &question);

//! The front as a table, then the budget's and the deadline's picks, or why there are none, and
//! the recommended plan (planPickText()).
void printPlanSearch(QTextStream &o, std::span<const GpuSpec> gpus, std::span<const SearchedPlan> front,
                     const PlanSearchResult &result, const PlanQuestion &question);

//! `fit --json`'s "plan_search": {candidates, estimates, fitting, front: [...], fastest_under_budget,
//! cheapest_under_deadline, recommended: {front_index, rule}}.
void writePlanSearch(JsonWriter &w, std::span<const GpuSpec> gpus, std::span<const SearchedPlan> front,
                     const PlanSearchResult &result, const PlanQuestion &question);

} // namespace headroom
