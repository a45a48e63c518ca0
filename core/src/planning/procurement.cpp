#include <headroom/planning/procurement.h>

#include <headroom/memory/posttraining.h>

#include <algorithm>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/fitsearch.h>

namespace headroom {

Scenario withStrategy(const Scenario &s, const Strategy &strategy)
{
    Scenario r = s;
    r.parallel.zero = strategy.zero;
    r.parallel.offload = strategy.offload;
    return r;
}

Scenario onGpu(const Scenario &s, const GpuSpec &gpu)
{
    Scenario r = s;
    r.gpu.capacity = gpu.capacity;
    r.gpu.supportsBf16 = gpu.bf16;
    r.gpu.supportsFp8 = gpu.fp8;
    return r;
}

double trainingFlops(const Scenario &s, double tokens)
{
    return flopsPerToken(s).hardware * tokens;
}

TimeAndCost timeAndCost(const Scenario &s, const GpuSpec &gpu, const RunCosts &run, double pricePerGpuHour,
                        const PreparedStep &prepared)
{
    TimeAndCost t;
    StepTimeOptions options;
    options.prepared = prepared;
    options.networkBitsPerSecond = run.networkBitsPerSecond;
    options.computeFractionOverride = run.mfu;
    t.step = stepTime(s, gpu, options);
    t.flops = t.step.tokensPerStep > 0 ? t.step.hardwareFlopsPerStep / t.step.tokensPerStep * run.tokens : 0.0;
    if (!t.step.known || !(t.step.totalS > 0))
        return t;
    t.known = true;
    // A vLLM server's GPUs generate for the whole run beside the training GPUs: rented and owned
    // alike (posttraining.h).
    const double n = static_cast<double>(s.parallel.gpus + rolloutServerGpus(s));
    t.steps = run.tokens / t.step.tokensPerStep;
    const double seconds = t.steps * t.step.totalS;
    t.days = seconds / 86400.0;
    t.gpuHours = n * seconds / 3600.0;
    t.costUsd = t.gpuHours * pricePerGpuHour;
    // Owning: the share of the cards' life the run takes, and the power they draw meanwhile
    // (the cards' board power only: hosts, network and cooling are not counted).
    const double life = run.years * 365.0;
    t.ownCostUsd = (life > 0 ? n * gpu.purchaseUsd * t.days / life : 0.0)
            + t.gpuHours * gpu.powerWatts / 1000.0 * run.electricityUsdPerKwh;
    return t;
}

BatchPlan planFittingGlobalBatch(const Scenario &s, Count fewest, Count globalBatch, double tolerance, Count maxGpus)
{
    const Count mp = s.parallel.replicaGpus();
    Scenario probe = s;
    for (Count n = fewest; mp > 0 && n > 0 && n <= maxGpus;) {
        const BatchPlan plan = planGlobalBatch(n, mp, s.training.microBatch, globalBatch, tolerance, maxGpus);
        if (plan.gpus == 0)
            return plan;
        probe.parallel.gpus = plan.gpus;
        probe.training.microBatch = plan.microBatch;
        probe.training.gradAccumSteps = plan.gradAccum;
        // By the allocator emulated for this very run, as estimate prints it: a search's scaled
        // cache share (CacheShareScope, fitsearch.h) can be far off for a plan's own count.
        if (fitsEmulated(probe))
            return plan;
        n = plan.gpus + mp;
    }
    return {};
}

BatchPlan planGlobalBatch(Count fewest, Count mp, Count microBatch, Count globalBatch, double tolerance, Count maxGpus)
{
    BatchPlan none;
    if (mp < 1 || microBatch < 1 || globalBatch < 1 || fewest < 1)
        return none;
    const Count firstReplicas = (fewest + mp - 1) / mp;
    for (Count d = firstReplicas; d * mp <= maxGpus && d <= globalBatch; ++d) {
        // Exact: the largest b <= B that divides the replica's share.
        if (globalBatch % d == 0) {
            const Count share = globalBatch / d;
            for (Count b = std::min(microBatch, share); b >= 1; --b)
                if (share % b == 0)
                    return { d * mp, b, share / b, globalBatch };
        }
        if (tolerance > 0) {
            for (Count b = std::min(microBatch, globalBatch / d); b >= 1; --b) {
                const Count m = std::max<Count>(1, (globalBatch + d * b / 2) / (d * b)); // nearest
                const Count reached = d * b * m;
                const Count miss = reached > globalBatch ? reached - globalBatch : globalBatch - reached;
                if (static_cast<double>(miss) <= tolerance * static_cast<double>(globalBatch))
                    return { d * mp, b, m, reached };
            }
        }
    }
    return none;
}

namespace {

bool cheaper(const ProcurementOption &a, const ProcurementOption &b)
{
    if (a.time.known != b.time.known)
        return a.time.known;
    if (a.time.costUsd != b.time.costUsd)
        return a.time.costUsd < b.time.costUsd;
    if (a.time.days != b.time.days)
        return a.time.days < b.time.days;
    return a.gpus < b.gpus;
}

// Inserts \a option into the sorted \a out of \a count entries, dropping the last at capacity.
int insertSorted(ProcurementOption *out, int count, int capacity, const ProcurementOption &option)
{
    int pos = count;
    while (pos > 0 && cheaper(option, out[pos - 1]))
        --pos;
    if (pos >= capacity)
        return count;
    const int last = count < capacity ? count : capacity - 1;
    for (int i = last; i > pos; --i)
        out[i] = out[i - 1];
    out[pos] = option;
    return count < capacity ? count + 1 : count;
}

} // namespace

int planProcurement(const Scenario &s, std::span<const GpuSpec> gpus, std::span<const double> prices,
                    const ProcurementTarget &target, ProcurementOption *out, int capacity)
{
    const CacheShareScope cacheShare(s); // one emulation for every plan probed (reservedmemory.h)
    int count = 0;
    const Count mp = s.parallel.replicaGpus();
    const Count B = s.training.microBatch;
    for (std::size_t g = 0; g < gpus.size(); ++g) {
        const GpuSpec &gpu = gpus[g];
        const double price = g < prices.size() && prices[g] >= 0 ? prices[g] : gpu.pricePerHourUsd;
        const Scenario base = onGpu(s, gpu);
        for (int k = 0; k < kStrategyCount; ++k) {
            Scenario candidate = withStrategy(base, kStrategies[k]);
            const Count n = gpusNeeded(candidate, target.maxGpus);
            if (n == 0)
                continue;
            ProcurementOption option;
            option.gpuIndex = static_cast<int>(g);
            option.strategyIndex = k;
            option.fewestFitting = n;
            if (target.globalBatch > 0) {
                const BatchPlan plan = planFittingGlobalBatch(candidate, n, target.globalBatch, target.tolerance, target.maxGpus);
                if (plan.gpus == 0)
                    continue; // no count up to the limit keeps the batch
                option.gpus = plan.gpus;
                option.microBatch = plan.microBatch;
                option.gradAccum = plan.gradAccum;
                option.globalBatch = plan.globalBatch;
            } else {
                option.gpus = n;
                option.microBatch = B;
                option.gradAccum = s.training.gradAccumSteps;
                option.globalBatch = n / mp * B * option.gradAccum;
            }
            candidate.parallel.gpus = option.gpus;
            candidate.training.microBatch = option.microBatch;
            candidate.training.gradAccumSteps = option.gradAccum;
            option.time = timeAndCost(candidate, gpu, target.run, price);
            if (!option.time.known)
                continue; // no dense peak for the recipe (BF16 on a card without it): nothing to rank by
            count = insertSorted(out, count, capacity, option);
        }
    }
    return count;
}

} // namespace headroom
