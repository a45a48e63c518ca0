#pragma once

// The whole-plan search: over GPU kind x GPU count x tensor, pipeline (and virtual), context and
// expert parallelism x ZeRO/FSDP stage and offload x recompute policy x micro-batch and
// accumulation, every candidate's memory the exact compared peak (never a plan over capacity),
// its time and cost from the step's terms (steptime.h, procurement.h). The answer is the Pareto
// front of days against rent: no plan outside it is both faster and cheaper than one inside.
// The fastest plan under a budget and the cheapest under a deadline lie on that front.
//
// What does not change between candidates is computed once: the memory estimate does not depend
// on the GPU kind (only the comparison with its capacity does), so each layout is estimated
// once and priced on every kind. Allocation-free: the caller owns the front.

#include <span>

#include <headroom/hardware/gpuspec.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>
#include <headroom/planning/procurement.h>

namespace headroom {

//! Which dimensions the search may change; a fixed one keeps the scenario's value.
struct PlanSpace
{
    int gpuIndex = -1;           //!< >= 0: only this kind of the span (--gpu)
    Count gpus = 0;              //!< > 0: exactly this many GPUs (--gpus: "I have 64")
    Count maxGpus = 4096;        //!< the largest count searched otherwise
    bool tensorParallel = true;  //!< t in 1, 2, 4, 8 within a node
    bool pipelineParallel = true; //!< p in 1, 2, 4, ... 64 (at most L), v in 1, 2
    bool contextParallel = true; //!< c in 1, 2, 4, 8 while S / c >= kMinContextShard
    bool expertParallel = true;  //!< e in 1, 2, 4, 8 dividing the experts (MoE models)
    bool strategy = true;        //!< every entry of kStrategies (under Megatron: with and without its distributed optimizer)
    bool recompute = true;       //!< none, selective, full
    //! Sequences per optimizer step, kept exactly: d b m = G with b <= the scenario's
    //! micro-batch. 0: the scenario's own, d B m (a plan changes the hardware and the layout,
    //! never what one optimizer step sees).
    Count globalBatch = 0;
};

//! Context parallelism is searched only while each GPU keeps at least this many tokens of a
//! sequence: below it the K/V exchange outweighs the activations it saves (torchtitan and
//! Megatron enable it for 32k-token and longer contexts; 4,096 is a floor, not a tuned value).
inline constexpr Count kMinContextShard = 4096;

//! One plan: a GPU kind, a count and a layout, with its memory and its time and cost.
struct SearchedPlan
{
    int gpuIndex = -1;        //!< into the span given to searchPlans()
    Count gpus = 0;           //!< N = d t p c
    Count tensorParallel = 1;
    Count pipelineParallel = 1;
    Count virtualStages = 1;
    Count contextParallel = 1;
    Count expertParallel = 1;
    int strategyIndex = -1;   //!< into kStrategies
    //! Megatron's distributed optimizer (its ZeRO-1), which the megatron stack uses instead of
    //! kStrategies' ZeRO stages (validate() refuses those there).
    bool distributedOptimizer = false;
    Recompute recompute = Recompute::None;
    Count microBatch = 1;
    Count gradAccum = 1;
    Count globalBatch = 0;    //!< d b m
    Bytes peak = bytes(0);    //!< the figure the scenario compares with the card, per GPU
    TimeAndCost time;

    Count dataParallel() const { return gpus / (tensorParallel * pipelineParallel * contextParallel); }
};

struct PlanSearchResult
{
    int frontCount = 0;            //!< plans written to the front, fastest first
    bool frontTruncated = false;   //!< more non-dominated plans than the front could hold
    int fastestUnderBudget = -1;   //!< index into the front; -1: none (or no budget)
    int cheapestUnderDeadline = -1; //!< index into the front; -1: none (or no deadline)
    Count candidates = 0;          //!< plans considered: layouts x counts x micro-batches x kinds
    Count estimates = 0;           //!< memory estimates computed (each shared by every kind)
    Count fitting = 0;             //!< candidates that fit (by the search's scaled cache share) and have a time
    Count emulations = 0;          //!< layouts whose allocator was emulated: one of their plans would have entered the front
    Count refusedByEmulation = 0;  //!< plans kept out of the front: they fit by the scaled share, not by their own emulation
    Count globalBatch = 0;         //!< the global batch every plan keeps (PlanSpace::globalBatch or the scenario's own)
};

/*!
 * Searches \a space for \a s's model and run on \a gpus (prices per GPU-hour: \a prices where
 * not empty and not negative, else each kind's own). Writes the Pareto front of days against
 * rent into \a front (fastest first; ties keep the plan found first), and picks from it the
 * fastest plan costing at most \a budgetUsd and the cheapest finishing within \a deadlineDays
 * (each ignored when not positive). Every plan's compared peak fits its card, as estimate() and
 * the allocator emulated for that plan's run give it (SearchedPlan::peak); a kind without a
 * dense peak for the recipe, or without BF16 or FP8 where the recipe needs them, is skipped.
 */
PlanSearchResult searchPlans(const Scenario &s, std::span<const GpuSpec> gpus, std::span<const double> prices,
                             const PlanSpace &space, const RunCosts &run, double budgetUsd, double deadlineDays,
                             std::span<SearchedPlan> front);

//! Why pickPlan() chose its plan.
enum class PlanPickRule : std::uint8_t {
    None,           //!< an empty front
    Deadline,       //!< the cheapest within the deadline
    Budget,         //!< the fastest within the budget
    NearCheapest,   //!< the fastest costing at most kNearCheapestSlack more than the cheapest
};

//! Without a budget or a deadline, the plan to rent is the fastest whose rent is at most this
//! share above the cheapest plan's: days matter to every buyer, a few percent of rent rarely.
inline constexpr double kNearCheapestSlack = 0.10;

//! The plan to recommend from a front (fastest first) and its two runners-up on the front: the
//! next faster (dearer) plan and the next cheaper (slower) one; -1 where there is none.
struct PlanPick
{
    int chosen = -1;
    int faster = -1;
    int cheaper = -1;
    PlanPickRule rule = PlanPickRule::None;
};

/*!
 * Picks from \a front (\a count plans, fastest first, as searchPlans() writes it): under a
 * deadline the cheapest plan within it, else under a budget the fastest within it, else the
 * fastest plan whose rent is at most kNearCheapestSlack above the cheapest's. A deadline or
 * budget no plan meets falls back to the last rule.
 */
PlanPick pickPlan(std::span<const SearchedPlan> front, int count, double budgetUsd, double deadlineDays);

//! \a s laid out as \a plan on \a gpu: the scenario whose estimate is the plan's.
Scenario scenarioOfPlan(const Scenario &s, const SearchedPlan &plan, const GpuSpec &gpu);

//! Whether \a gpu can run \a s's recipe: BF16 and FP8 tensor cores where it uses them.
bool gpuRunsRecipe(const Scenario &s, const GpuSpec &gpu);

} // namespace headroom
