#pragma once

// The procurement question: for a run, which GPU kind, how many, under which strategy, how many
// days and what it costs. Memory comes from the fit search (fitsearch.h); time from the
// training-FLOPs rule of thumb at a stated utilisation. Allocation-free: callers own the arrays.

#include <span>
#include <string_view>

#include <headroom/io/catalogue.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

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
 * Training FLOPs for \a tokens tokens (Kaplan et al. 2020; Narayanan et al. 2021, eq. 3 without
 * the attention term): 6 P per token (2 forward, 4 backward), 8 P with full activation
 * recomputation (one more forward). LoRA / QLoRA: the frozen base computes no weight gradients,
 * 4 P per token (6 P with full recompute); the adapters' own FLOPs (r << H) are left out.
 * Selective recomputation rebuilds only the attention core: counted as 6 P.
 */
double trainingFlops(const Scenario &s, double tokens);

//! Dense tensor-core peak in FLOP/s for the recipe's matmul dtype: BF16 recipes use
//! tflops_bf16, FP16 recipes tflops_fp16; 0 when unknown (the fp32 recipe, or BF16 on a GPU
//! without it), and then no time is estimated.
double peakFlops(const GpuSpec &gpu, Recipe recipe);

inline constexpr double kDefaultMfu = 0.40;

struct TimeAndCost
{
    double flops = 0;
    double gpuHours = 0; //!< flops / (peak x MFU) / 3600, whatever the GPU count
    double days = 0;     //!< gpuHours / N / 24
    double costUsd = 0;  //!< gpuHours x price per GPU-hour
    bool known = false;  //!< false when the GPU has no peak for the recipe
};

//! Time and cost of \a tokens on \a gpus GPUs of \a gpu at model-FLOPs utilisation \a mfu.
TimeAndCost timeAndCost(const Scenario &s, const GpuSpec &gpu, Count gpus, double tokens, double mfu,
                        double pricePerGpuHour);

//! One GPU kind and strategy that fits.
struct ProcurementOption
{
    int gpuIndex = -1;    //!< into the span passed to planProcurement()
    int strategyIndex = -1; //!< into kStrategies
    Count gpus = 0;       //!< fewest that fit
    Count gradAccum = 1;  //!< micro-batches per step to reach the global batch
    Count globalBatch = 0; //!< sequences per step actually reached: d x B x gradAccum
    TimeAndCost time;
};

struct ProcurementTarget
{
    double tokens = 1e9;
    Count globalBatch = 0; //!< sequences per optimizer step; 0: no target
    double mfu = kDefaultMfu;
    Count maxGpus = 4096;
};

/*!
 * Every GPU kind of \a gpus under every strategy of kStrategies at the fewest GPUs that fit
 * (gpusNeeded()), for \a s's model, micro-batch and sequence; with a global-batch target the
 * data-parallel degree d must satisfy d B <= target and gradient accumulation is
 * ceil(target / (d B)). \a prices, if not empty, overrides each kind's price per GPU-hour
 * (same order as \a gpus; a negative entry keeps the catalogue's). Options are written sorted
 * by cost, then days (options without a time last); returns how many were written.
 */
int planProcurement(const Scenario &s, std::span<const GpuSpec> gpus, std::span<const double> prices,
                    const ProcurementTarget &target, ProcurementOption *out, int capacity);

} // namespace headroom
