#include "fitresults.h"

#include <headroom/memory/estimate.h>
#include <headroom/planning/fitsearch.h>

namespace headroom::cli {

StrategyResult solve(const Scenario &s, const GpuSpec &gpu, const FitOptions &f, double price)
{
    StrategyResult r;
    const Count mp = s.parallel.tensorParallel * s.parallel.pipelineParallel;
    r.gpus = gpusNeeded(s, f.maxGpus);
    Scenario at = s;
    if (r.gpus == 0) {
        at.parallel.gpus = (f.maxGpus / mp) * mp;
        r.atLimit = estimate(at);
        r.peak = r.atLimit.peak;
        return r;
    }
    at.parallel.gpus = r.gpus;
    const Breakdown b = estimate(at);
    r.peak = b.peak;
    r.hostPerNode = b.host.perNode;
    if (r.gpus > mp) {
        Scenario fewer = at;
        fewer.parallel.gpus = r.gpus - mp;
        r.peakOneFewer = estimate(fewer).peak;
        r.hasOneFewer = true;
    }
    r.maxBatch = largestFittingMicroBatch(at);
    r.maxSequence = longestFittingSequence(at);
    r.time = timeAndCost(at, gpu, r.gpus, f.tokens, f.mfu, price);
    return r;
}

GpuResult solveGpu(const Scenario &given, const GpuSpec &gpu, const FitOptions &f, double price)
{
    GpuResult g;
    g.gpu = &gpu;
    g.price = price;
    const Scenario s = onGpu(given, gpu);
    g.maxBatch = largestFittingMicroBatch(s);
    g.maxSequence = longestFittingSequence(s);
    for (int k = 0; k < kStrategyCount; ++k)
        g.strategies[k] = solve(withStrategy(s, kStrategies[k]), gpu, f, price);
    return g;
}

bool anyFits(const GpuResult &g)
{
    for (const StrategyResult &r : g.strategies)
        if (r.gpus > 0)
            return true;
    return false;
}

} // namespace headroom::cli
