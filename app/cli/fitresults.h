#pragma once

// `headroom-cli fit`'s answers: for each GPU kind and strategy, the fewest GPUs that fit and the
// figures that justify them, from the core's searches (fitsearch.h, procurement.h).

#include <vector>

#include <headroom/io/catalogue.h>
#include <headroom/memory/breakdown.h>
#include <headroom/planning/procurement.h>

namespace headroom::cli {

// The fit command's own settings, beside the scenario.
struct FitOptions
{
    double tokens = 1e9;
    double mfu = kDefaultMfu;
    Count globalBatch = 0;
    Count maxGpus = 4096;
    std::vector<double> prices; // per catalogue GPU; negative: the catalogue's own
};

// One strategy on one GPU kind: the answer and the figures that justify it.
struct StrategyResult
{
    Count gpus = 0;            // fewest that fit; 0: none up to --max-gpus
    Bytes peak = bytes(0);     // per GPU at the answer (or at --max-gpus when none fits)
    Bytes peakOneFewer = bytes(0); // per GPU with one data-parallel replica fewer
    bool hasOneFewer = false;
    Count maxBatch = 0;        // at the answer
    Count maxSequence = 0;     // at the answer
    Bytes hostPerNode = bytes(0);
    Breakdown atLimit;         // when none fits: the estimate at --max-gpus, for the reason
    TimeAndCost time;
};

struct GpuResult
{
    const GpuSpec *gpu = nullptr;
    double price = 0;
    Count maxBatch = 0;   // the scenario as given, per GPU
    Count maxSequence = 0;
    StrategyResult strategies[kStrategyCount];
};

//! One strategy of kStrategies on one GPU kind.
StrategyResult solve(const Scenario &s, const GpuSpec &gpu, const FitOptions &f, double price);
//! Every strategy on one GPU kind, and the scenario's own largest batch and sequence there.
GpuResult solveGpu(const Scenario &given, const GpuSpec &gpu, const FitOptions &f, double price);
bool anyFits(const GpuResult &g);

} // namespace headroom::cli
