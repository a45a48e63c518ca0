#include <headroom/planning/fitsearch.h>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/validation.h>

#include <algorithm>

namespace headroom {

namespace {

/*!
 * Every search here halves one interval: \a holds is true up to some value and false after it,
 * holds(lo) is known true and holds(hi) known false (neither is asked: lo may stand for "none"
 * and hi for "beyond the range"). Returns the last value for which it holds.
 */
template<typename Holds>
Count lastHolding(Count lo, Count hi, Holds holds)
{
    while (hi - lo > 1) {
        const Count mid = lo + (hi - lo) / 2;
        if (holds(mid))
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

//! The largest v in [1, hi] for which fitsAt(v) holds (true up to a point, false after); 0 when
//! fitsAt(1) is false.
template<typename Fits>
Count largestTrue(Count hi, Fits fitsAt)
{
    if (hi < 1 || !fitsAt(1))
        return 0;
    return lastHolding(1, hi + 1, fitsAt);
}

//! The first v in (lo, hi] that fits, given that lo does not (0 stands for "none") and hi does.
template<typename Fits>
Count firstFitting(Count lo, Count hi, Fits fitsAt)
{
    return lastHolding(lo, hi, [&fitsAt](Count v) { return !fitsAt(v); }) + 1;
}

} // namespace

bool scenarioFits(const Scenario &s)
{
    return fits(s, estimate(s));
}

// The model states do not depend on B or S: the searches over them place them once (prepare())
// and estimate each probe from that, with estimate()'s result exactly.
namespace {

Count scaledLargestMicroBatch(const Scenario &s, Count maxBatch)
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

Count scaledLongestSequence(const Scenario &s, Count maxSequence)
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

} // namespace

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

namespace {

Count scaledGpusNeeded(const Scenario &s, Count maxGpus)
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
    // The peak is non-increasing in d: the first d that fits, 1 known not to.
    if (!fitsWith(maxReplicas))
        return 0;
    return firstFitting(1, maxReplicas, fitsWith) * mp;
}

} // namespace

Count gpusNeeded(const Scenario &s, Count maxGpus)
{
    return confirmedGpusNeeded(s, scaledGpusNeeded(s, maxGpus), maxGpus);
}

bool fitsEmulated(const Scenario &s)
{
    if (s.gpu.capacity <= bytes(0) || !validate(s).empty())
        return false;
    const Breakdown b = estimate(s);
    // Above the card without any cache: no emulation needed to say no (fits() does the same).
    if (comparedFloor(s, b) > s.gpu.capacity)
        return false;
    return memoryFigures(s, b).of(s.gpu.compared) <= s.gpu.capacity;
}

namespace {

// \a found if it fits by fitsEmulated() at \a set(found), else the largest v below it that does,
// 0 if none. First the scaled search again below it with the share of \a found's own emulation
// (\a probeAt(v) is the scenario at v, \a search(hi) the scaled search over [1, hi]): the
// cache changes with the run, and a share taken near the answer is close to right there. Its
// answer is checked in turn, for two rounds; then a binary search, every probe emulated, between
// the largest value found to fit and the smallest found not to.
// \a known is a value that fits by emulation (the run's own, where it fits; else 0): the
// emulated cache is not monotonic to the byte, and an answer below what the run itself fits at
// would contradict the run's own verdict.
template<typename Set, typename ProbeAt, typename Search>
Count confirmedLargest(Count found, Count known, Set set, ProbeAt probeAt, Search search)
{
    Count failed = 0; // the smallest value found not to fit by emulation (0: none yet)
    Count fitting = known;
    for (int round = 0; round < 2 && found > known; ++round) {
        if (set(found)) {
            fitting = found;
            break;
        }
        failed = found;
        const CacheShareScope rebased(probeAt(found), CacheShareScope::Rebased);
        found = search(found - 1);
    }
    if (failed == 0)
        return std::max(fitting, known);
    // Between what fits and what was found not to: each probe emulated, so that one more than
    // the answer does not fit by its own emulation either.
    if (fitting < found && found < failed && set(found))
        fitting = found;
    return lastHolding(fitting, failed, set); // fitting fits (0: none), failed does not
}

} // namespace

Count largestFittingMicroBatch(const Scenario &s, Count maxBatch)
{
    if (s.gpu.capacity <= bytes(0))
        return 0;
    // The search scales one emulation's cache (CacheShareScope); its answer is checked here.
    const CacheShareScope cacheShare(s);
    const Count found = scaledLargestMicroBatch(s, maxBatch);
    Scenario probe = s;
    return confirmedLargest(
            found, s.training.microBatch <= maxBatch && fitsEmulated(s) ? s.training.microBatch : 0,
            [&probe](Count b) {
                probe.training.microBatch = b;
                return fitsEmulated(probe);
            },
            [&s](Count b) {
                Scenario at = s;
                at.training.microBatch = b;
                return at;
            },
            [&s](Count hi) { return scaledLargestMicroBatch(s, hi); });
}

Count longestFittingSequence(const Scenario &s, Count maxSequence)
{
    if (s.gpu.capacity <= bytes(0))
        return 0;
    const CacheShareScope cacheShare(s);
    const Count found = scaledLongestSequence(s, maxSequence);
    // In the search's units (multiples of the context-parallel group's split, as there).
    const Count c = s.parallel.contextParallel > 1 ? s.parallel.contextParallel : 1;
    const Count unit = c > 1 && contextParallelKindOf(s) != ContextParallelKind::Ulysses ? 2 * c : c;
    Scenario probe = s;
    const Count own = s.training.sequence % unit == 0 && s.training.sequence <= maxSequence && fitsEmulated(s)
            ? s.training.sequence / unit
            : 0;
    return unit * confirmedLargest(
                   found / unit, own,
                   [&probe, unit](Count k) {
                       probe.training.sequence = k * unit;
                       return fitsEmulated(probe);
                   },
                   [&s, unit](Count k) {
                       Scenario at = s;
                       at.training.sequence = k * unit;
                       return at;
                   },
                   [&s, unit](Count k) { return scaledLongestSequence(s, k * unit) / unit; });
}

Bytes emulatedComparedPeak(const Scenario &s)
{
    return memoryFigures(s, estimate(s)).of(s.gpu.compared);
}

Count confirmedGpusNeeded(const Scenario &s, Count found, Count maxGpus)
{
    const Count mp = s.parallel.replicaGpus();
    if (found <= 0 || mp < 1 || s.gpu.capacity <= bytes(0))
        return found;
    const Count maxReplicas = maxGpus / mp;
    Scenario probe = s;
    auto fitsWith = [&probe, mp](Count d) {
        probe.parallel.gpus = d * mp;
        return fitsEmulated(probe);
    };
    const Count d = found / mp;
    if (fitsWith(d)) {
        if (d == 1 || !fitsWith(d - 1))
            return found;
        return firstFitting(0, d - 1, fitsWith) * mp;
    }
    // Too few: step up, doubling the step, to a count that fits, then back to the first.
    Count lo = d, step = 1;
    while (lo < maxReplicas) {
        const Count next = std::min(lo + step, maxReplicas);
        if (fitsWith(next))
            return firstFitting(lo, next, fitsWith) * mp;
        lo = next;
        step *= 2;
    }
    return 0;
}

} // namespace headroom
