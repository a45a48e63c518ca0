#include <headroom/planning/advice.h>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/fitsearch.h>

namespace headroom {

Count largestDivisorAtMost(Count n, Count limit)
{
    if (limit < 1 || n < 1)
        return 1;
    if (limit >= n)
        return n;
    // Divisors come in pairs (k, n / k) with k <= sqrt(n): one pass finds the largest <= limit.
    Count best = 1;
    for (Count k = 1; k * k <= n; ++k) {
        if (n % k != 0)
            continue;
        if (k <= limit && k > best)
            best = k;
        const Count pair = n / k;
        if (pair <= limit && pair > best)
            best = pair;
    }
    return best;
}

namespace {

// The figure the verdict compares (reservedmemory.h), so that advice stops where the verdict fits.
Bytes peakOf(const Scenario &s) { return comparedPeak(s, estimate(s)); }

// Lowest ZeRO stage above the current one that fits, else stage 3.
Scenario withZero(const Scenario &s)
{
    Scenario candidate = s;
    for (int stage = static_cast<int>(s.parallel.zero) + 1; stage <= 3; ++stage) {
        candidate.parallel.zero = static_cast<ZeroStage>(stage);
        if (scenarioFits(candidate))
            return candidate;
    }
    return candidate;
}

Scenario withOffload(const Scenario &s)
{
    Scenario candidate = s;
    if (s.parallel.offload == Offload::None) {
        if (candidate.parallel.zero < ZeroStage::Stage2)
            candidate.parallel.zero = ZeroStage::Stage2;
        candidate.parallel.offload = Offload::Optimizer;
        if (scenarioFits(candidate))
            return candidate;
    }
    candidate.parallel.zero = ZeroStage::Stage3;
    candidate.parallel.offload = Offload::OptimizerAndParams;
    return candidate;
}

} // namespace

int advise(const Scenario &s, Advice *out, int capacity)
{
    if (s.gpu.capacity <= bytes(0) || capacity < 1)
        return 0;
    const CacheShareScope cacheShare(s); // the candidates' cache scaled from this run's (reservedmemory.h)
    Scenario current = s;
    Bytes peak = peakOf(current);
    if (peak <= s.gpu.capacity)
        return 0;
    int written = 0;
    bool fitsNow = false;
    const bool valid = validate(s).empty();
    auto offer = [&](AdviceKind kind, const Scenario &after) {
        if (fitsNow || written >= capacity)
            return;
        // A step to a run the engine does not model (validation.h: adapters on a hybrid model's
        // mixer layers, ...) is no advice: its figure would be one Headroom cannot stand behind.
        if (valid && !validate(after).empty())
            return;
        const Bytes afterPeak = peakOf(after);
        if (afterPeak >= peak)
            return;
        fitsNow = afterPeak <= s.gpu.capacity;
        out[written++] = Advice{ kind, after, peak - afterPeak, fitsNow };
        current = after;
        peak = afterPeak;
    };

    // 1. Reduce the micro-batch, accumulating gradients to keep the global batch.
    if (current.training.microBatch > 1) {
        Scenario after = current;
        const Count b = current.training.microBatch;
        const Count newB = largestDivisorAtMost(b, largestFittingMicroBatch(current, b));
        after.training.microBatch = newB;
        after.training.gradAccumSteps = current.training.gradAccumSteps * (b / newB);
        offer(AdviceKind::ReduceMicroBatch, after);
    }
    // 2. Full activation checkpointing.
    if (current.training.recompute != Recompute::Full) {
        Scenario after = current;
        after.training.recompute = Recompute::Full;
        offer(AdviceKind::EnableCheckpointing, after);
    }
    // 3. A higher ZeRO stage: it divides by the data-parallel degree, so only with replicas.
    if (current.parallel.shardingGroup() > 1 && current.parallel.zero < ZeroStage::Stage3)
        offer(AdviceKind::ZeroStage, withZero(current));
    // 4. CPU offload, which also helps a single GPU.
    if (current.parallel.offload != Offload::OptimizerAndParams)
        offer(AdviceKind::Offload, withOffload(current));
    // 5. LoRA, then 6. QLoRA. FP8 linears under adapters are not modelled (validation.h): the
    // adapters' runs are offered without them.
    if (current.lora.mode == AdapterMode::None) {
        Scenario after = current;
        after.lora.mode = AdapterMode::Lora;
        turnOffFp8(after.training.precision);
        offer(AdviceKind::Lora, after);
    }
    if (current.lora.mode != AdapterMode::Qlora) {
        Scenario after = current;
        after.lora.mode = AdapterMode::Qlora;
        turnOffFp8(after.training.precision);
        offer(AdviceKind::Qlora, after);
    }
    return written;
}

} // namespace headroom
