// memoryFigures(): the caching allocator's emulation over loading and the step (reservedmemory.h),
// run once per view of a scenario (the verdict, the JSON, the window's figures), not per search
// probe. Target (docs/performance.md): <= 2 ms for LLaMA-2-70B under ZeRO-3 on 8 GPUs.

#include <benchmark/benchmark.h>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>

#include "benchscenarios.h"

namespace headroom::bench {

namespace {

// B cycles through 1..64, so that the figures memoryFigures() keeps (the last eight) never answer.
void runFigures(benchmark::State &state, Scenario (*make)(ActivationModelKind))
{
    Scenario s = make(ActivationModelKind::Transformer);
    std::int64_t requests = 0;
    Count batch = 1;
    for (auto _ : state) {
        s.training.microBatch = batch;
        batch = batch % 64 + 1;
        const MemoryFigures f = memoryFigures(s, estimate(s));
        requests = f.emulation.tensors;
        benchmark::DoNotOptimize(f);
    }
    state.counters["requests"] = static_cast<double>(requests);
    state.SetItemsProcessed(state.iterations());
}

} // namespace

BENCHMARK_CAPTURE(runFigures, 7b_single, llama7bSingle)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runFigures, 70b_zero3_8gpu, llama70bZero3)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runFigures, qlora_7b, qlora7b)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(runFigures, moe_mixtral_fsdp_8gpu, mixtralFsdp)->Unit(benchmark::kMicrosecond);

} // namespace headroom::bench
