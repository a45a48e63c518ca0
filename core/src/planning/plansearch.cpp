#include <headroom/planning/plansearch.h>

#include <algorithm>
#include <array>
#include <vector>

#include <headroom/memory/estimate.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/validation.h>

namespace headroom {

namespace {

//! A small list of candidate values, filled without allocating.
template<std::size_t N>
struct Choices
{
    std::array<Count, N> values{};
    std::size_t size = 0;
    void add(Count v)
    {
        if (size < N && std::find(values.begin(), values.begin() + size, v) == values.begin() + size)
            values[size++] = v;
    }
    const Count *begin() const { return values.data(); }
    const Count *end() const { return values.data() + size; }
};

// The GEMMs' shape slowdowns (gemmshape.h) depend on the card and on t, c, ep, the micro-batch
// and whether forwards are recomputed, not on the pipeline, ZeRO or the replica count: the search
// keeps them per kind in a direct-mapped table, allocated once per search.
struct GemmShapeCache
{
    struct Key
    {
        Count t = 0, c = 0, e = 0, b = 0;
        bool recomputed = false;
        bool operator==(const Key &) const = default;
    };
    static constexpr std::size_t kSlots = 256;
    std::size_t kinds = 0;
    std::vector<Key> keys;
    std::vector<GemmShapeSlowdowns> values;
    std::vector<unsigned char> known;

    explicit GemmShapeCache(std::size_t kindCount)
        : kinds(kindCount), keys(kSlots), values(kSlots * kindCount), known(kSlots * kindCount, 0)
    {
    }

    const GemmShapeSlowdowns &get(const Scenario &probe, const GpuSpec &gpu, std::size_t kind)
    {
        const Key key{ probe.parallel.tensorParallel, probe.parallel.contextParallel, probe.parallel.expertParallel,
                       probe.training.microBatch, probe.training.recompute == Recompute::Full };
        const std::size_t slot = static_cast<std::size_t>(key.t * 7 + key.c * 131 + key.e * 1031 + key.b * 8191
                                                          + (key.recomputed ? 65521 : 0))
                % kSlots;
        if (!(keys[slot] == key)) {
            keys[slot] = key;
            std::fill_n(known.begin() + static_cast<std::ptrdiff_t>(slot * kinds), kinds, 0);
        }
        const std::size_t at = slot * kinds + kind;
        if (!known[at]) {
            values[at] = stepGemmShapes(probe, gpu);
            known[at] = 1;
        }
        return values[at];
    }
};

// a dominates b: no slower, no dearer, and better in one.
bool dominates(const SearchedPlan &a, const SearchedPlan &b)
{
    const double ad = a.time.days, bd = b.time.days, ac = a.time.costUsd, bc = b.time.costUsd;
    return ad <= bd && ac <= bc && (ad < bd || ac < bc);
}

bool sameTimeAndCost(const SearchedPlan &a, const SearchedPlan &b)
{
    return a.time.days == b.time.days && a.time.costUsd == b.time.costUsd;
}

//! The non-dominated plans, kept sorted by days (and so by falling cost).
struct Front
{
    std::span<SearchedPlan> plans;
    int count = 0;
    bool truncated = false;

    // Whether \a p would enter the front (cheap: most candidates are rejected here, before
    // anything is copied).
    bool admits(double days, double cost) const
    {
        for (int i = 0; i < count; ++i) {
            const TimeAndCost &t = plans[static_cast<std::size_t>(i)].time;
            if (t.days <= days && t.costUsd <= cost)
                return false; // dominated, or the same figures as a plan found first
        }
        return true;
    }

    void insert(const SearchedPlan &p)
    {
        int kept = 0;
        for (int i = 0; i < count; ++i) {
            const SearchedPlan &q = plans[static_cast<std::size_t>(i)];
            if (!dominates(p, q) && !sameTimeAndCost(p, q))
                plans[static_cast<std::size_t>(kept++)] = q;
        }
        count = kept;
        if (static_cast<std::size_t>(count) >= plans.size()) {
            truncated = true;
            return;
        }
        int pos = count;
        while (pos > 0 && plans[static_cast<std::size_t>(pos - 1)].time.days > p.time.days) {
            plans[static_cast<std::size_t>(pos)] = plans[static_cast<std::size_t>(pos - 1)];
            --pos;
        }
        plans[static_cast<std::size_t>(pos)] = p;
        ++count;
    }
};

int strategyOf(const Scenario &s)
{
    for (int k = 0; k < kStrategyCount; ++k)
        if (kStrategies[k].zero == s.parallel.zero && kStrategies[k].offload == s.parallel.offload)
            return k;
    return -1;
}

} // namespace

bool gpuRunsRecipe(const Scenario &s, const GpuSpec &gpu)
{
    if (usesBf16(s.training.precision.recipe) && !gpu.bf16)
        return false;
    if (s.training.precision.fp8 != Fp8Recipe::Off && !gpu.fp8)
        return false;
    return peakFlops(gpu, s.training.precision.recipe) > 0;
}

Scenario scenarioOfPlan(const Scenario &s, const SearchedPlan &plan, const GpuSpec &gpu)
{
    Scenario r = onGpu(s, gpu);
    r.parallel.gpus = plan.gpus;
    r.parallel.tensorParallel = plan.tensorParallel;
    if (r.parallel.pipelineParallel != plan.pipelineParallel && r.parallel.pipelineSplit == PipelineSplit::Listed)
        r.parallel.pipelineSplit = PipelineSplit::Even; // a listed split names the scenario's p x v stages only
    r.parallel.pipelineParallel = plan.pipelineParallel;
    r.stack.virtualStages = plan.virtualStages;
    r.parallel.contextParallel = plan.contextParallel;
    r.parallel.expertParallel = plan.expertParallel;
    if (plan.strategyIndex >= 0) {
        r.parallel.zero = kStrategies[plan.strategyIndex].zero;
        r.parallel.offload = kStrategies[plan.strategyIndex].offload;
    }
    r.stack.distributedOptimizer = plan.distributedOptimizer;
    r.training.recompute = plan.recompute;
    r.training.microBatch = plan.microBatch;
    r.training.gradAccumSteps = plan.gradAccum;
    return r;
}

PlanSearchResult searchPlans(const Scenario &s, std::span<const GpuSpec> gpus, std::span<const double> prices,
                             const PlanSpace &space, const RunCosts &run, double budgetUsd, double deadlineDays,
                             std::span<SearchedPlan> frontOut)
{
    PlanSearchResult result;
    Front front{ frontOut };
    if (gpus.empty() || frontOut.empty())
        return result;

    // The kinds searched, their prices, and the largest capacity among them (a layout that does
    // not fit the largest card at its smallest peak is not estimated further).
    Bytes largest = bytes(0);
    for (std::size_t g = 0; g < gpus.size(); ++g)
        if ((space.gpuIndex < 0 || static_cast<std::size_t>(space.gpuIndex) == g) && gpuRunsRecipe(s, gpus[g]))
            largest = std::max(largest, gpus[g].capacity);
    if (largest <= bytes(0))
        return result;
    const Count kinds = space.gpuIndex >= 0 ? 1 : static_cast<Count>(gpus.size());
    auto priceOf = [&](std::size_t g) { return g < prices.size() && prices[g] >= 0 ? prices[g] : gpus[g].pricePerHourUsd; };

    // The probes compare the same figure as the scenario (GpuLimits::compared) against the
    // largest card; the cache of one emulation of the run scales to every probe (reservedmemory.h).
    Scenario base = s;
    base.gpu.capacity = largest;
    base.gpu.supportsBf16 = true;
    base.gpu.supportsFp8 = true;
    const CacheShareScope cacheShare(base);
    // That share can be far off a probe's own cache (fitsearch.h, confirmedGpusNeeded()): a plan
    // is admitted to the front only once the allocator emulated for that very run (estimate's
    // figure) fits its card. Where the cache is not emulated the scaled figure is the figure.
    const bool emulated = base.overhead.reserveModelled() && base.gpu.compared != PeakFigure::Allocated;
    const ModelCounts counts = countParameters(s.model);
    GemmShapeCache shapes(gpus.size());

    const ModelSpec &model = s.model;
    const Count S = s.training.sequence;
    Choices<8> tps, pps, vpps, cps, eps;
    if (space.tensorParallel) {
        for (Count t : { 1, 2, 4, 8 })
            tps.add(t);
    } else {
        tps.add(s.parallel.tensorParallel);
    }
    const bool listed = s.parallel.pipelineSplit == PipelineSplit::Listed;
    if (space.pipelineParallel && !listed) {
        for (Count p : { 1, 2, 4, 8, 16, 32, 64 })
            if (p <= model.layers)
                pps.add(p);
        vpps.add(1);
        vpps.add(2);
    } else {
        pps.add(s.parallel.pipelineParallel);
        vpps.add(std::max<Count>(1, s.stack.virtualStages));
    }
    if (space.contextParallel) {
        for (Count c : { 1, 2, 4, 8 })
            if (c == 1 || S / c >= kMinContextShard)
                cps.add(c);
    } else {
        cps.add(std::max<Count>(1, s.parallel.contextParallel));
    }
    if (space.expertParallel && model.moe.experts > 0) {
        for (Count e : { 1, 2, 4, 8 })
            if (model.moe.experts % e == 0)
                eps.add(e);
    } else {
        eps.add(std::max<Count>(1, s.parallel.expertParallel));
    }
    Choices<kStrategyCount> strategies;
    const int own = strategyOf(s);
    if (space.strategy || own < 0) {
        // A ZeRO stage and offload outside kStrategies (zero1 with offload) has no name to
        // show: the search then ranges over the named strategies.
        for (int k = 0; k < kStrategyCount; ++k)
            strategies.add(k);
    } else {
        strategies.add(own);
    }
    // Megatron shards with its distributed optimizer, not ZeRO (validate() refuses the stages).
    Choices<2> distributedOptimizers;
    distributedOptimizers.add(s.stack.distributedOptimizer ? 1 : 0);
    if (space.strategy && s.stack.stack == TrainingStack::Megatron)
        distributedOptimizers.add(s.stack.distributedOptimizer ? 0 : 1);
    Choices<3> recomputes;
    if (space.recompute) {
        for (Recompute r : { Recompute::None, Recompute::Selective, Recompute::Full })
            recomputes.add(static_cast<Count>(r));
    } else {
        recomputes.add(static_cast<Count>(s.training.recompute));
    }

    const Count maxB = std::max<Count>(1, s.training.microBatch);
    // The global batch is the run's: a plan changes the hardware and the layout, never what one
    // optimizer step sees. Without one given, the scenario's own d B m.
    const Count G = space.globalBatch > 0 ? space.globalBatch
                                          : std::max<Count>(1, s.parallel.dataParallel()) * maxB * std::max<Count>(1, s.training.gradAccumSteps);
    result.globalBatch = G;
    Scenario probe = base;
    if (listed && space.pipelineParallel)
        probe.parallel.pipelineSplit = PipelineSplit::Listed;

    for (const Count t : tps)
        for (const Count p : pps)
            for (const Count v : vpps) {
                if (v > 1 && (p < 2 || model.layers % (p * v) != 0))
                    continue;
                for (const Count c : cps)
                    for (const Count e : eps)
                        for (const Count k : strategies)
                          for (const Count dopt : distributedOptimizers)
                            for (const Count rc : recomputes) {
                                const Count mp = t * p * c;
                                Count fewestD = 1, mostD = space.maxGpus / mp;
                                if (space.gpus > 0) {
                                    if (space.gpus % mp != 0)
                                        continue;
                                    fewestD = mostD = space.gpus / mp;
                                }
                                mostD = std::min(mostD, G);
                                if (mostD < fewestD)
                                    continue;
                                probe.parallel.tensorParallel = t;
                                probe.parallel.pipelineParallel = p;
                                probe.stack.virtualStages = v;
                                probe.parallel.contextParallel = c;
                                probe.parallel.expertParallel = e;
                                probe.parallel.zero = kStrategies[k].zero;
                                probe.parallel.offload = kStrategies[k].offload;
                                probe.stack.distributedOptimizer = dopt != 0;
                                probe.training.recompute = static_cast<Recompute>(rc);

                                // The degrees and micro-batches of this layout, largest d first: the peak
                                // never rises with d at a given micro-batch, so once a d does not fit the
                                // largest card at b = 1 no smaller d will (fitsearch.h).
                                for (Count d = mostD; d >= fewestD; --d) {
                                    if (G % d != 0)
                                        continue;
                                    bool anyFits = false, smallestRefused = false;
                                    const Count share = G / d;
                                    for (Count b = std::min(maxB, share); b >= 1; --b) {
                                        if (share % b != 0)
                                            continue;
                                        const Count m = share / b;
                                        // Megatron's interleaved schedule needs the micro-batches to fill
                                        // whole rounds of the stages: m divisible by p (training.py,
                                        // "number of microbatches is not divisible by pipeline-parallel size
                                        // when using interleaved schedule").
                                        if (v > 1 && m % p != 0)
                                            continue;
                                        probe.parallel.gpus = d * mp;
                                        probe.training.microBatch = b;
                                        probe.training.gradAccumSteps = m;
                                        result.candidates += kinds;
                                        if (!validate(probe).empty())
                                            continue;
                                        const Breakdown breakdown = estimate(probe, counts);
                                        ++result.estimates;
                                        const Bytes peak = comparedPeak(probe, breakdown);
                                        if (peak > largest) {
                                            smallestRefused = smallestRefused || b == 1;
                                            continue; // not even on the largest card; a smaller b may
                                        }
                                        anyFits = true;
                                        // The probe's own emulation, once one of its plans would enter
                                        // the front: the same for every kind (the allocator's cache does
                                        // not depend on the card's capacity).
                                        Bytes ownPeak = peak;
                                        bool ownKnown = !emulated;
                                        for (std::size_t g = 0; g < gpus.size(); ++g) {
                                            if (space.gpuIndex >= 0 && static_cast<std::size_t>(space.gpuIndex) != g)
                                                continue;
                                            const GpuSpec &gpu = gpus[g];
                                            if (peak > gpu.capacity || !gpuRunsRecipe(s, gpu)
                                                || (t > 1 && gpu.gpusPerNode > 0 && t > gpu.gpusPerNode))
                                                continue;
                                            const TimeAndCost time = timeAndCost(probe, gpu, run, priceOf(g), { &shapes.get(probe, gpu, g), &counts.counts });
                                            if (!time.known)
                                                continue;
                                            ++result.fitting;
                                            if (!front.admits(time.days, time.costUsd))
                                                continue;
                                            if (!ownKnown) {
                                                ownPeak = memoryFigures(probe, breakdown).of(probe.gpu.compared);
                                                ownKnown = true;
                                                ++result.emulations;
                                            }
                                            if (ownPeak > gpu.capacity) {
                                                ++result.refusedByEmulation;
                                                continue;
                                            }
                                            SearchedPlan plan;
                                            plan.gpuIndex = static_cast<int>(g);
                                            plan.gpus = d * mp;
                                            plan.tensorParallel = t;
                                            plan.pipelineParallel = p;
                                            plan.virtualStages = v;
                                            plan.contextParallel = c;
                                            plan.expertParallel = e;
                                            plan.strategyIndex = static_cast<int>(k);
                                            plan.distributedOptimizer = dopt != 0;
                                            plan.recompute = static_cast<Recompute>(rc);
                                            plan.microBatch = b;
                                            plan.gradAccum = m;
                                            plan.globalBatch = d * b * m;
                                            plan.peak = ownPeak;
                                            plan.time = time;
                                            front.insert(plan);
                                        }
                                    }
                                    if (!anyFits && smallestRefused)
                                        break; // smaller d hold more per GPU at b = 1 too
                                }
                            }
            }

    result.frontCount = front.count;
    result.frontTruncated = front.truncated;
    for (int i = 0; i < front.count; ++i) {
        const TimeAndCost &t = frontOut[static_cast<std::size_t>(i)].time;
        // Sorted by days: the first within budget is the fastest; the last within the deadline
        // the cheapest.
        if (budgetUsd > 0 && result.fastestUnderBudget < 0 && t.costUsd <= budgetUsd)
            result.fastestUnderBudget = i;
        if (deadlineDays > 0 && t.days <= deadlineDays)
            result.cheapestUnderDeadline = i;
    }
    return result;
}

PlanPick pickPlan(std::span<const SearchedPlan> front, int count, double budgetUsd, double deadlineDays)
{
    PlanPick pick;
    count = std::min<int>(count, static_cast<int>(front.size()));
    if (count <= 0)
        return pick;
    auto at = [&front](int i) -> const TimeAndCost & { return front[static_cast<std::size_t>(i)].time; };
    // Fastest first, so rent falls along the front: the last within the deadline is the
    // cheapest there, the first within the budget the fastest.
    if (deadlineDays > 0)
        for (int i = 0; i < count; ++i)
            if (at(i).days <= deadlineDays) {
                pick.chosen = i;
                pick.rule = PlanPickRule::Deadline;
            }
    if (pick.chosen < 0 && budgetUsd > 0)
        for (int i = 0; i < count && pick.chosen < 0; ++i)
            if (at(i).costUsd <= budgetUsd) {
                pick.chosen = i;
                pick.rule = PlanPickRule::Budget;
            }
    if (pick.chosen < 0) {
        const double limit = at(count - 1).costUsd * (1 + kNearCheapestSlack);
        for (int i = 0; i < count && pick.chosen < 0; ++i)
            if (at(i).costUsd <= limit) {
                pick.chosen = i;
                pick.rule = PlanPickRule::NearCheapest;
            }
    }
    pick.faster = pick.chosen > 0 ? pick.chosen - 1 : -1;
    pick.cheaper = pick.chosen + 1 < count ? pick.chosen + 1 : -1;
    return pick;
}

} // namespace headroom
