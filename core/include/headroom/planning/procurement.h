#pragma once

// The procurement question: for a run, which GPU kind, how many, under which strategy, how many
// days and what renting or owning them costs. Memory comes from the fit search (fitsearch.h);
// time from the step's terms (steptime.h): compute, communication, bubble, offload.
// Allocation-free: callers own the arrays.

#include <span>
#include <string_view>

#include <headroom/hardware/gpuspec.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>
#include <headroom/planning/steptime.h>

namespace headroom {

//! A way to spread model states over data-parallel GPUs (tensor and pipeline parallelism are
//! kept as the scenario has them).
struct Strategy
{
    std::string_view name; //!< stable id for the CLI and JSON
    ZeroStage zero;
    Offload offload;
};

//! Plain data parallelism, ZeRO 1-3 (FSDP SHARD_GRAD_OP = zero2, FULL_SHARD = zero3), and the
//! two DeepSpeed offload set-ups.
inline constexpr Strategy kStrategies[] = {
    { "ddp", ZeroStage::Stage0, Offload::None },
    { "zero1", ZeroStage::Stage1, Offload::None },
    { "zero2", ZeroStage::Stage2, Offload::None },
    { "zero3", ZeroStage::Stage3, Offload::None },
    { "zero2+offload", ZeroStage::Stage2, Offload::Optimizer },
    { "zero3+offload", ZeroStage::Stage3, Offload::OptimizerAndParams },
};
inline constexpr int kStrategyCount = static_cast<int>(sizeof(kStrategies) / sizeof(kStrategies[0]));

//! \a s with \a strategy's ZeRO stage and offload.
Scenario withStrategy(const Scenario &s, const Strategy &strategy);
//! \a s on \a gpu (capacity and BF16 support).
Scenario onGpu(const Scenario &s, const GpuSpec &gpu);

/*!
 * Training FLOPs the GPUs execute for \a tokens tokens, recomputation included (stepTime()'s
 * hardware FLOPs): per token 2 P' forward and 4 P' backward for the matmuls' P' weights
 * (matmulParameters(); 2 P' backward for a frozen LoRA / QLoRA base), attention's S' term
 * 4 L S' A d_h forward and twice that backward (S' = S / 2 for a causal kernel that skips the
 * masked half), one more forward under full recomputation, one more attention core under
 * selective (Korthikanti et al. 2022).
 */
double trainingFlops(const Scenario &s, double tokens);

//! What a run is priced under, beside the scenario and the card.
struct RunCosts
{
    double tokens = 1e9;              //!< tokens the run trains on
    double mfu = 0;                   //!< > 0: the compute term at this fraction of the peak (--mfu)
    double networkBitsPerSecond = 0;  //!< per node; 0: the card's usual node
    double electricityUsdPerKwh = 0.15; //!< for the cost of owning
    double years = 4;                 //!< the cards' life the purchase is spread over
};

//! The electricity price and life the cost of owning assumes unless told: a US industrial
//! tariff of late 2025 and the four-year depreciation cloud providers book for servers.
inline constexpr double kDefaultElectricityUsdPerKwh = 0.15;
inline constexpr double kDefaultYears = 4;

struct TimeAndCost
{
    double flops = 0;      //!< trainingFlops() of the run
    double steps = 0;      //!< tokens / (d B m S)
    double gpuHours = 0;   //!< N x steps x step time / 3600 (N with a vLLM server's rollout GPUs)
    double days = 0;       //!< steps x step time / 86,400
    double costUsd = 0;    //!< renting: GPU-hours x price per GPU-hour
    double ownCostUsd = 0; //!< owning: N x purchase x days / (365 x years) + N x power x hours x electricity
    StepTime step;         //!< one optimizer step, split into its terms
    bool known = false;    //!< false when the GPU has no peak for the recipe
};

/*!
 * Time and cost of \a run.tokens on \a gpu for \a s as it stands (its GPU count, micro-batch
 * and gradient accumulation make the global batch), renting at \a pricePerGpuHour.
 */
TimeAndCost timeAndCost(const Scenario &s, const GpuSpec &gpu, const RunCosts &run, double pricePerGpuHour,
                        const PreparedStep &prepared = {});

//! How a global batch is met at a GPU count.
struct BatchPlan
{
    Count gpus = 0;        //!< N, a multiple of t p
    Count microBatch = 0;  //!< b <= the scenario's B
    Count gradAccum = 0;   //!< m
    Count globalBatch = 0; //!< d b m, the sequences one optimizer step sees
};

/*!
 * The fewest GPUs from \a fewest up (multiples of \a mp = t p, at most \a maxGpus) at which
 * d b m equals \a globalBatch exactly for some micro-batch b <= \a microBatch (the largest such
 * b); with \a tolerance > 0 a d b m within that share of the target is taken too, at b = B when
 * possible. A GPU count beyond it gives a replica no sequence: d <= globalBatch. Returns
 * gpus = 0 when no count up to \a maxGpus allows the batch.
 */
BatchPlan planGlobalBatch(Count fewest, Count mp, Count microBatch, Count globalBatch, double tolerance, Count maxGpus);

/*!
 * planGlobalBatch() for \a scenario from \a fewest GPUs up, the plan's own micro-batch and
 * accumulation estimated: the first plan that fits the scenario's GPU. The accumulation a global
 * batch implies changes what fits (a pipeline's first stage holds min(p, m) micro-batches), so a
 * count that fits at the scenario's own accumulation may not at the plan's; the next replica
 * counts are tried. A plan fits by fitsEmulated(): the allocator emulated for that run, whatever
 * cache share a search around the call scales. gpus = 0 when no count up to \a maxGpus keeps the
 * batch and fits.
 */
BatchPlan planFittingGlobalBatch(const Scenario &scenario, Count fewest, Count globalBatch, double tolerance, Count maxGpus);

//! One GPU kind and strategy that fits.
struct ProcurementOption
{
    int gpuIndex = -1;    //!< into the span passed to planProcurement()
    int strategyIndex = -1; //!< into kStrategies
    Count gpus = 0;       //!< fewest that fit (and allow the global batch, when one is set)
    Count fewestFitting = 0; //!< fewest that fit, whatever the batch
    Count microBatch = 0;
    Count gradAccum = 1;  //!< micro-batches per step
    Count globalBatch = 0; //!< sequences per step: d x b x gradAccum
    TimeAndCost time;
};

struct ProcurementTarget
{
    RunCosts run;
    Count globalBatch = 0;  //!< sequences per optimizer step, kept exactly; 0: the scenario's own
    double tolerance = 0;   //!< share the global batch may miss by, when the user allows it
    Count maxGpus = 4096;
};

/*!
 * Every GPU kind of \a gpus under every strategy of kStrategies at the fewest GPUs that fit
 * (gpusNeeded()) for \a s's model, micro-batch and sequence; with a global-batch target only
 * the counts planGlobalBatch() allows. \a prices, if not empty, overrides each kind's price per
 * GPU-hour (same order as \a gpus; a negative entry keeps the catalogue's). Kinds without a
 * dense peak for the recipe (BF16 on a V100) have no time and are left out. Options are written
 * sorted by rent, then days; returns how many were written.
 */
int planProcurement(const Scenario &s, std::span<const GpuSpec> gpus, std::span<const double> prices,
                    const ProcurementTarget &target, ProcurementOption *out, int capacity);

} // namespace headroom
