// The fit searches (fitsearch.h) and what `headroom-cli fit` computes for every GPU kind of the
// catalogue (app/cli/fitcommand.cpp: planning/gpufit.h and procurement.h).

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include <QString>

#include <headroom/io/catalogue.h>
#include <headroom/memory/estimate.h>
#include <headroom/planning/fitsearch.h>
#include <headroom/planning/gpufit.h>
#include <headroom/planning/plansearch.h>
#include <headroom/planning/procurement.h>

#include "benchscenarios.h"

namespace headroom::bench {

namespace {

constexpr ActivationModelKind kItemized = ActivationModelKind::Transformer;

void largestMicroBatch(benchmark::State &state, Scenario s)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(largestFittingMicroBatch(s));
    state.SetItemsProcessed(state.iterations());
    state.counters["answer"] = static_cast<double>(largestFittingMicroBatch(s));
}

void longestSequence(benchmark::State &state, Scenario s)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(longestFittingSequence(s));
    state.SetItemsProcessed(state.iterations());
    state.counters["answer"] = static_cast<double>(longestFittingSequence(s));
}

// LLaMA-2-7B under ZeRO-3 on 64 GPUs (benchscenarios.h; the single-GPU scenario of the speed
// targets does not fit 80 GiB at all, and its searches would stop at the first probe).
BENCHMARK_CAPTURE(largestMicroBatch, 7b_zero3_itemized, scaled7b(kItemized));
BENCHMARK_CAPTURE(largestMicroBatch, 7b_zero3_textbook, scaled7b(ActivationModelKind::Textbook));
BENCHMARK_CAPTURE(longestSequence, 7b_zero3_itemized, scaled7b(kItemized));
BENCHMARK_CAPTURE(longestSequence, 7b_zero3_textbook, scaled7b(ActivationModelKind::Textbook));

void largestMicroBatchBySize(benchmark::State &state)
{
    state.SetLabel(sizeLabel(static_cast<int>(state.range(0))));
    largestMicroBatch(state, scaled(static_cast<int>(state.range(0)), kItemized));
}
BENCHMARK(largestMicroBatchBySize)->DenseRange(0, 2);

void longestSequenceBySize(benchmark::State &state)
{
    state.SetLabel(sizeLabel(static_cast<int>(state.range(0))));
    longestSequence(state, scaled(static_cast<int>(state.range(0)), kItemized));
}
BENCHMARK(longestSequenceBySize)->DenseRange(0, 2);

// --- the catalogue-wide fit -----------------------------------------------------------------

const Catalogue &catalogue()
{
    static const Catalogue c = [] {
        Catalogue loaded;
        const QByteArray env = qgetenv("HEADROOM_DATA_DIR");
        const QString dir = env.isEmpty() ? QStringLiteral(HEADROOM_SOURCE_DATA_DIR) : QString::fromLocal8Bit(env);
        if (loadCatalogue(dir, loaded).code != CatalogueError::Code::None) {
            std::fprintf(stderr, "cannot load the catalogue from %s (set HEADROOM_DATA_DIR)\n", qPrintable(dir));
            std::exit(1);
        }
        return loaded;
    }();
    return c;
}

// fitcommand.cpp: every GPU kind as given and with full recompute (planning/gpufit.h), then the
// procurement table (planning/procurement.h).
void catalogueFit(benchmark::State &state, Scenario s)
{
    const Catalogue &c = catalogue();
    const std::span<const GpuSpec> gpus(c.gpus.constData(), static_cast<std::size_t>(c.gpus.size()));
    Scenario recomputed = s;
    recomputed.training.recompute = Recompute::Full;
    const bool withCheckpointing = s.training.recompute != Recompute::Full;
    const FitTableOptions table;
    const ProcurementTarget target;
    std::vector<GpuFit> results(gpus.size()), checkpointed(gpus.size());
    ProcurementOption options[128];
    for (auto _ : state) {
        for (std::size_t i = 0; i < gpus.size(); ++i) {
            results[i] = fitGpu(s, gpus[i], table, gpus[i].pricePerHourUsd);
            if (withCheckpointing)
                checkpointed[i] = fitGpu(recomputed, gpus[i], table, gpus[i].pricePerHourUsd);
        }
        benchmark::DoNotOptimize(planProcurement(s, gpus, {}, target, options, 128));
        benchmark::DoNotOptimize(results.data());
        benchmark::DoNotOptimize(checkpointed.data());
        benchmark::ClobberMemory();
    }
    // One item: one GPU kind of the catalogue solved.
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(gpus.size()));
    state.counters["gpu_kinds"] = static_cast<double>(gpus.size());
}

// `headroom-cli fit`'s defaults (the Hugging Face Trainer stack, itemized model with SDPA).
Scenario fitScenario(int size)
{
    Scenario s;
    applyStackDefaults(s, TrainingStack::HfTrainer);
    s.model = size == 0 ? llama32_1b() : size == 1 ? llama2_7b() : llama2_70b();
    return s;
}

void catalogueFitBySize(benchmark::State &state)
{
    state.SetLabel(sizeLabel(static_cast<int>(state.range(0))));
    catalogueFit(state, fitScenario(static_cast<int>(state.range(0))));
}
BENCHMARK(catalogueFitBySize)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

// --- the whole-plan search (planning/plansearch.h) -------------------------------------------

// The catalogue searched over every dimension for a run of S = 4,096 and a global batch of
// 1,024 sequences (`headroom-cli fit --global-batch 1024`); items: candidates (layout x count x
// micro-batch x GPU kind) per second. The target: at least 1 million per second, and the whole
// search in the window in under 50 ms.
void wholePlanSearch(benchmark::State &state)
{
    const int size = static_cast<int>(state.range(0));
    state.SetLabel(sizeLabel(size));
    const Catalogue &c = catalogue();
    const std::span<const GpuSpec> gpus(c.gpus.constData(), static_cast<std::size_t>(c.gpus.size()));
    Scenario s = fitScenario(size);
    s.training.sequence = 4096;
    PlanSpace space;
    space.globalBatch = 1024;
    const RunCosts run;
    SearchedPlan front[64];
    PlanSearchResult last;
    for (auto _ : state) {
        last = searchPlans(s, gpus, {}, space, run, 0, 0, front);
        benchmark::DoNotOptimize(front);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * last.candidates);
    state.counters["candidates"] = static_cast<double>(last.candidates);
    state.counters["estimates"] = static_cast<double>(last.estimates);
    state.counters["front"] = static_cast<double>(last.frontCount);
}
BENCHMARK(wholePlanSearch)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

} // namespace

} // namespace headroom::bench
