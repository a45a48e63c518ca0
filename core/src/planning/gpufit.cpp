#include <headroom/planning/gpufit.h>

#include <algorithm>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/planning/fitsearch.h>

namespace headroom {

bool GpuFit::anyFits() const
{
    return fewestIndex() >= 0;
}

int GpuFit::fewestIndex() const
{
    int best = -1;
    for (int k = 0; k < kStrategyCount; ++k)
        if (strategies[k].gpus > 0 && (best < 0 || strategies[k].gpus < strategies[best].gpus))
            best = k;
    return best;
}

const StrategyFit *GpuFit::fewest() const
{
    const int k = fewestIndex();
    return k >= 0 ? &strategies[k] : nullptr;
}

StrategyFit fitStrategy(const Scenario &s, const GpuSpec &gpu, const FitTableOptions &options, double price)
{
    StrategyFit r;
    const Count mp = s.parallel.replicaGpus();
    r.fewestFitting = gpusNeeded(s, options.maxGpus);
    r.gpus = r.fewestFitting;
    Scenario at = s;
    if (r.gpus > 0 && options.globalBatch > 0) {
        const BatchPlan plan = planFittingGlobalBatch(s, r.gpus, options.globalBatch, options.tolerance, options.maxGpus);
        r.batchUnreachable = plan.gpus == 0;
        if (!r.batchUnreachable) {
            r.gpus = plan.gpus;
            at.training.microBatch = plan.microBatch;
            at.training.gradAccumSteps = plan.gradAccum;
        }
    }
    if (r.gpus == 0) {
        at.parallel.gpus = std::max<Count>(options.maxGpus / mp, 1) * mp;
        r.atLimit = estimate(at);
        r.peak = r.atLimit.peak;
        return r;
    }
    at.parallel.gpus = r.gpus;
    r.microBatch = at.training.microBatch;
    r.gradAccum = at.training.gradAccumSteps;
    r.globalBatch = r.gpus / mp * r.microBatch * r.gradAccum;
    const Breakdown b = estimate(at);
    // The figure compared with the card, emulated for this count as `estimate` shows it.
    r.peak = memoryFigures(at, b).of(at.gpu.compared);
    r.hostPerNode = b.host.perNode;
    if (r.gpus > mp) {
        Scenario fewer = at;
        fewer.parallel.gpus = r.gpus - mp;
        // Above the card without any cache, that is the figure that says so; else emulated.
        const Breakdown fb = estimate(fewer);
        const Bytes floor = comparedFloor(fewer, fb);
        r.peakOneFewer = floor > fewer.gpu.capacity ? floor : memoryFigures(fewer, fb).of(fewer.gpu.compared);
        r.hasOneFewer = true;
    }
    r.maxBatch = largestFittingMicroBatch(at);
    r.maxSequence = longestFittingSequence(at);
    if (!r.batchUnreachable)
        r.time = timeAndCost(at, gpu, options.run(), price);
    return r;
}

GpuFit fitGpu(const Scenario &given, const GpuSpec &gpu, const FitTableOptions &options, double price)
{
    GpuFit g;
    g.gpu = &gpu;
    g.price = price;
    const Scenario s = onGpu(given, gpu);
    const CacheShareScope cacheShare(s); // one emulation for the card's searches (reservedmemory.h)
    g.maxBatch = largestFittingMicroBatch(s);
    g.maxSequence = longestFittingSequence(s);
    for (int k = 0; k < kStrategyCount; ++k)
        g.strategies[k] = fitStrategy(withStrategy(s, kStrategies[k]), gpu, options, price);
    return g;
}

void fitEveryGpu(const Scenario &given, std::span<const GpuSpec> gpus, std::span<const double> prices,
                 const FitTableOptions &options, std::span<GpuFit> out)
{
    const CacheShareScope cacheShare(given); // one emulation for the whole table (reservedmemory.h)
    for (std::size_t i = 0; i < gpus.size() && i < out.size(); ++i) {
        const double price = i < prices.size() && prices[i] >= 0 ? prices[i] : gpus[i].pricePerHourUsd;
        out[i] = fitGpu(given, gpus[i], options, price);
    }
}

} // namespace headroom
