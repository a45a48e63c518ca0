// estimate(): the window recomputes on every slider tick and the searches and sweeps call it
// thousands of times. Targets (docs/performance.md): the textbook model <= 50 ns and the
// itemized one <= 100 ns for the LLaMA-2-7B scenario (estimate/*/7b_single).

#include <benchmark/benchmark.h>

#include <headroom/memory/estimate.h>

#include "benchscenarios.h"

namespace headroom::bench {

namespace {

constexpr ActivationModelKind kTextbook = ActivationModelKind::Textbook;
constexpr ActivationModelKind kItemized = ActivationModelKind::Transformer;

// One estimate per iteration. B cycles through 1..64 so that nothing can be folded or cached
// between calls without leaving the hot path.
void runEstimate(benchmark::State &state, Scenario s)
{
    Count batch = 1;
    for (auto _ : state) {
        s.training.microBatch = batch;
        batch = batch % 64 + 1;
        benchmark::DoNotOptimize(estimate(s));
    }
    state.SetItemsProcessed(state.iterations());
}

void estimateTextbook(benchmark::State &state, Scenario (*make)(ActivationModelKind))
{
    runEstimate(state, make(kTextbook));
}

void estimateItemized(benchmark::State &state, Scenario (*make)(ActivationModelKind))
{
    runEstimate(state, make(kItemized));
}

BENCHMARK_CAPTURE(estimateTextbook, 7b_single, llama7bSingle);
BENCHMARK_CAPTURE(estimateTextbook, 70b_zero3_8gpu, llama70bZero3);
BENCHMARK_CAPTURE(estimateTextbook, qlora_7b, qlora7b);
BENCHMARK_CAPTURE(estimateTextbook, moe_mixtral_fsdp_8gpu, mixtralFsdp);
BENCHMARK_CAPTURE(estimateItemized, 7b_single, llama7bSingle);
BENCHMARK_CAPTURE(estimateItemized, 70b_zero3_8gpu, llama70bZero3);
BENCHMARK_CAPTURE(estimateItemized, qlora_7b, qlora7b);
BENCHMARK_CAPTURE(estimateItemized, moe_mixtral_fsdp_8gpu, mixtralFsdp);

// Growth with the model: 1B, 7B, 70B (argument 0, 1, 2) under the same set-up.
void estimateTextbookBySize(benchmark::State &state)
{
    state.SetLabel(sizeLabel(static_cast<int>(state.range(0))));
    runEstimate(state, scaled(static_cast<int>(state.range(0)), kTextbook));
}
BENCHMARK(estimateTextbookBySize)->DenseRange(0, 2);

void estimateItemizedBySize(benchmark::State &state)
{
    state.SetLabel(sizeLabel(static_cast<int>(state.range(0))));
    runEstimate(state, scaled(static_cast<int>(state.range(0)), kItemized));
}
BENCHMARK(estimateItemizedBySize)->DenseRange(0, 2);

// The Adafactor variant of the target scenario (factored optimizer states).
void estimateAdafactor(benchmark::State &state)
{
    Scenario s = llama7bSingle(kTextbook);
    s.training.precision.optimizer = Optimizer::Adafactor;
    runEstimate(state, s);
}
BENCHMARK(estimateAdafactor);

} // namespace

} // namespace headroom::bench
