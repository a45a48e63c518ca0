#include <headroom/planning/procurement.h>

#include <headroom/memory/estimate.h>
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
    return r;
}

double trainingFlops(const Scenario &s, double tokens)
{
    const double P = static_cast<double>(effectiveParameters(s.model));
    const bool frozenBase = s.lora.mode != AdapterMode::None;
    double perToken = frozenBase ? 4.0 : 6.0;
    if (s.training.recompute == Recompute::Full)
        perToken += 2.0;
    return perToken * P * tokens;
}

double peakFlops(const GpuSpec &gpu, Recipe recipe)
{
    if (usesBf16(recipe))
        return gpu.bf16 ? gpu.tflopsBf16 * 1e12 : 0.0;
    if (usesFp16(recipe))
        return gpu.tflopsFp16 * 1e12;
    return 0.0;
}

TimeAndCost timeAndCost(const Scenario &s, const GpuSpec &gpu, Count gpus, double tokens, double mfu,
                        double pricePerGpuHour)
{
    TimeAndCost t;
    t.flops = trainingFlops(s, tokens);
    const double peak = peakFlops(gpu, s.training.precision.recipe);
    if (peak <= 0 || mfu <= 0 || gpus < 1)
        return t;
    t.known = true;
    t.gpuHours = t.flops / (peak * mfu) / 3600.0;
    t.days = t.gpuHours / static_cast<double>(gpus) / 24.0;
    t.costUsd = t.gpuHours * pricePerGpuHour;
    return t;
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
    int count = 0;
    const Count mp = s.parallel.tensorParallel * s.parallel.pipelineParallel;
    const Count B = s.training.microBatch;
    for (std::size_t g = 0; g < gpus.size(); ++g) {
        const GpuSpec &gpu = gpus[g];
        const double price = g < prices.size() && prices[g] >= 0 ? prices[g] : gpu.pricePerHourUsd;
        const Scenario base = onGpu(s, gpu);
        for (int k = 0; k < kStrategyCount; ++k) {
            const Scenario candidate = withStrategy(base, kStrategies[k]);
            const Count n = gpusNeeded(candidate, target.maxGpus);
            if (n == 0)
                continue;
            ProcurementOption option;
            option.gpuIndex = static_cast<int>(g);
            option.strategyIndex = k;
            option.gpus = n;
            const Count d = n / mp;
            if (target.globalBatch > 0) {
                if (d * B > target.globalBatch)
                    continue; // more replicas than the global batch has micro-batches
                option.gradAccum = (target.globalBatch + d * B - 1) / (d * B);
            } else {
                option.gradAccum = s.training.gradAccumSteps;
            }
            option.globalBatch = d * B * option.gradAccum;
            option.time = timeAndCost(candidate, gpu, n, target.tokens, target.mfu, price);
            count = insertSorted(out, count, capacity, option);
        }
    }
    return count;
}

} // namespace headroom
