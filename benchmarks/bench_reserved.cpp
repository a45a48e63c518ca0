// memoryFigures(): the caching allocator's emulation over loading and the step (reservedmemory.h),
// run once per view of a scenario (the verdict, the JSON, the window's figures), not per search
// probe. Target (docs/performance.md): <= 2 ms for LLaMA-2-70B under ZeRO-3 on 8 GPUs.

#include <benchmark/benchmark.h>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>

#include "benchscenarios.h"

namespace headroom::bench {

namespace {

void runFigures(benchmark::State &state, Scenario (*make)(ActivationModelKind))
{
    const Scenario s = make(ActivationModelKind::Transformer);
    const Breakdown b = estimate(s);
    std::int64_t requests = 0;
    for (auto _ : state) {
        const MemoryFigures f = memoryFigures(s, b);
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
