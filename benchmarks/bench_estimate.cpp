// The window recomputes on every slider tick and sweeps thousands of scenarios: one estimate
// should take about 100 ns. Run: build/bin/bench_estimate

#include <benchmark/benchmark.h>

#include <headroom/memory/estimate.h>

using namespace headroom;

namespace {

Scenario llama7B()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.ffn = 11008;
    s.model.vocab = 32000;
    s.training.microBatch = 1;
    s.training.sequence = 2048;
    s.gpu.capacity = bytes(80 * kGiB);
    return s;
}

void estimateTextbook(benchmark::State &state)
{
    Scenario s = llama7B();
    Count batch = 1;
    for (auto _ : state) {
        s.training.microBatch = batch;
        batch = batch % 64 + 1; // defeat constant folding without leaving the hot path
        benchmark::DoNotOptimize(estimate(s));
    }
}
BENCHMARK(estimateTextbook);

void estimateAdafactor(benchmark::State &state)
{
    Scenario s = llama7B();
    s.training.precision.optimizer = Optimizer::Adafactor;
    for (auto _ : state)
        benchmark::DoNotOptimize(estimate(s));
}
BENCHMARK(estimateAdafactor);

void estimateTransformer(benchmark::State &state)
{
    Scenario s = llama7B();
    s.activations.model = ActivationModelKind::Transformer;
    for (auto _ : state)
        benchmark::DoNotOptimize(estimate(s));
}
BENCHMARK(estimateTransformer);

} // namespace

BENCHMARK_MAIN();
