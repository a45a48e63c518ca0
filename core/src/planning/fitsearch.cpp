#include <headroom/planning/fitsearch.h>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/validation.h>

namespace headroom {

namespace {

/*!
 * The largest v in [1, hi] for which fitsAt(v) holds, given that fitsAt is true up to some
 * point and false after it; 0 when fitsAt(1) is false. Invariant: fitsAt(lo) and, while
 * lo < hi, the answer is in [lo, hi].
 */
template<typename Fits>
Count largestTrue(Count hi, Fits fitsAt)
{
    if (hi < 1 || !fitsAt(1))
        return 0;
    Count lo = 1;
    while (lo < hi) {
        const Count mid = lo + (hi - lo + 1) / 2;
        if (fitsAt(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

} // namespace

bool scenarioFits(const Scenario &s)
{
    return fits(s, estimate(s));
}

// The model states do not depend on B or S: the searches over them place them once (prepare())
// and estimate each probe from that, with estimate()'s result exactly.
Count largestFittingMicroBatch(const Scenario &s, Count maxBatch)
{
    if (s.gpu.capacity <= bytes(0))
        return 0;
    const CacheShareScope cacheShare(s); // one emulation for every probe (reservedmemory.h)
    const PreparedScenario prepared = prepare(s);
    Scenario probe = s;
    return largestTrue(maxBatch, [&probe, &prepared](Count b) {
        probe.training.microBatch = b;
        return fits(probe, estimate(probe, prepared));
    });
}

Count longestFittingSequence(const Scenario &s, Count maxSequence)
{
    if (s.gpu.capacity <= bytes(0))
        return 0;
    const CacheShareScope cacheShare(s); // one emulation for every probe (reservedmemory.h)
    const PreparedScenario prepared = prepare(s);
    Scenario probe = s;
    // Under context parallelism only sequences the group can split are runs (validate()):
    // multiples of 2c (ring, all-gather), of c under Ulysses.
    const Count c = s.parallel.contextParallel > 1 ? s.parallel.contextParallel : 1;
    const Count unit = c > 1 && contextParallelKindOf(s) != ContextParallelKind::Ulysses ? 2 * c : c;
    return unit * largestTrue(maxSequence / unit, [&probe, &prepared, unit](Count k) {
        probe.training.sequence = k * unit;
        return fits(probe, estimate(probe, prepared));
    });
}

Count largestFittingLayers(const Scenario &s, Count maxLayers)
{
    if (s.gpu.capacity <= bytes(0))
        return 0;
    const CacheShareScope cacheShare(s); // one emulation for every probe (reservedmemory.h)
    const Count p = s.parallel.pipelineParallel > 1 ? s.parallel.pipelineParallel : 1;
    if (maxLayers < p)
        return 0;
    Scenario probe = s;
    // A listed split names one model's layers; other depths are split evenly.
    if (probe.parallel.pipelineSplit == PipelineSplit::Listed)
        probe.parallel.pipelineSplit = PipelineSplit::Even;
    // Search over L - p + 1 in [1, maxLayers - p + 1], so that every probe keeps L >= p.
    const Count found = largestTrue(maxLayers - p + 1, [&probe, p](Count k) {
        probe.model.layers = k + p - 1;
        return scenarioFits(probe);
    });
    return found > 0 ? found + p - 1 : 0;
}

Count gpusNeeded(const Scenario &s, Count maxGpus)
{
    if (s.gpu.capacity <= bytes(0))
        return 0;
    const CacheShareScope cacheShare(s); // one emulation for every probe (reservedmemory.h)
    const Count mp = s.parallel.replicaGpus();
    if (mp < 1)
        return 0;
    const Count maxReplicas = maxGpus / mp;
    if (maxReplicas < 1)
        return 0;
    // The model is the same at every d: counted once.
    const ModelCounts counts = countParameters(s.model);
    Scenario probe = s;
    // A count the run's own options refuse (validate(): GaLore under ZeRO, a step in backward
    // on more than one GPU) never fits, so that no plan is offered that the estimate refuses.
    auto fitsWith = [&probe, &counts, mp](Count d) {
        probe.parallel.gpus = d * mp;
        return validate(probe).empty() && fits(probe, estimate(probe, counts));
    };
    // One replica first: the options that allow a single GPU only (optimizer-in-backward) are
    // refused at every larger count, where the search below assumes more GPUs never hurt.
    if (fitsWith(1))
        return mp;
    // The peak is non-increasing in d: find the first d that fits with the mirror image of
    // largestTrue(), over "does not fit", which holds from 1 up to the answer minus one.
    if (!fitsWith(maxReplicas))
        return 0;
    Count lo = 1, hi = maxReplicas; // the answer is in [lo, hi], and fitsWith(hi)
    while (lo < hi) {
        const Count mid = lo + (hi - lo) / 2;
        if (fitsWith(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo * mp;
}

} // namespace headroom
