// Sweeps (sweep.h): 1,024 sequence lengths in one call, and a 256 x 256 (S, B) grid of fit
// verdicts, the data of a feasibility map.

#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include <headroom/memory/estimate.h>
#include <headroom/planning/fitsearch.h>
#include <headroom/planning/sweep.h>

#include "benchscenarios.h"

namespace headroom::bench {

namespace {

constexpr ActivationModelKind kItemized = ActivationModelKind::Transformer;
constexpr int kSweepPoints = 1024;
constexpr int kGridSide = 256;

void sequenceSweep(benchmark::State &state, const Scenario &s)
{
    std::vector<Count> values(kSweepPoints);
    for (int i = 0; i < kSweepPoints; ++i)
        values[static_cast<std::size_t>(i)] = 64 * (i + 1); // S = 64 .. 65,536
    std::vector<Breakdown> out(kSweepPoints);
    for (auto _ : state) {
        sweep(s, SweepAxis::Sequence, values.data(), kSweepPoints, out.data());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    // One item: one point of the sweep.
    state.SetItemsProcessed(state.iterations() * kSweepPoints);
}

void sweep1024(benchmark::State &state, Scenario (*make)(ActivationModelKind), ActivationModelKind kind)
{
    sequenceSweep(state, make(kind));
}
BENCHMARK_CAPTURE(sweep1024, 7b_zero3_itemized, scaled7b, kItemized)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(sweep1024, 7b_zero3_textbook, scaled7b, ActivationModelKind::Textbook)->Unit(benchmark::kMicrosecond);

void sweep1024BySize(benchmark::State &state)
{
    state.SetLabel(sizeLabel(static_cast<int>(state.range(0))));
    sequenceSweep(state, scaled(static_cast<int>(state.range(0)), kItemized));
}
BENCHMARK(sweep1024BySize)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

void feasibility(benchmark::State &state, const Scenario &s)
{
    std::vector<Count> sequences(kGridSide), batches(kGridSide);
    for (int i = 0; i < kGridSide; ++i) {
        sequences[static_cast<std::size_t>(i)] = 128 * (i + 1); // S = 128 .. 32,768
        batches[static_cast<std::size_t>(i)] = i + 1;            // B = 1 .. 256
    }
    const std::unique_ptr<bool[]> fit(new bool[kGridSide * kGridSide]);
    for (auto _ : state) {
        fitGrid(s, sequences.data(), kGridSide, batches.data(), kGridSide, fit.get());
        benchmark::DoNotOptimize(fit.get());
        benchmark::ClobberMemory();
    }
    int fitting = 0;
    for (int i = 0; i < kGridSide * kGridSide; ++i)
        fitting += fit[static_cast<std::size_t>(i)] ? 1 : 0;
    // One item: one (S, B) cell.
    state.SetItemsProcessed(state.iterations() * kGridSide * kGridSide);
    state.counters["fitting_cells"] = fitting;
}

void grid256(benchmark::State &state, Scenario (*make)(ActivationModelKind), ActivationModelKind kind)
{
    feasibility(state, make(kind));
}
BENCHMARK_CAPTURE(grid256, 7b_zero3_itemized, scaled7b, kItemized)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(grid256, 7b_zero3_textbook, scaled7b, ActivationModelKind::Textbook)->Unit(benchmark::kMillisecond);

void grid256BySize(benchmark::State &state)
{
    state.SetLabel(sizeLabel(static_cast<int>(state.range(0))));
    feasibility(state, scaled(static_cast<int>(state.range(0)), kItemized));
}
BENCHMARK(grid256BySize)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

} // namespace

} // namespace headroom::bench

BENCHMARK_MAIN();
