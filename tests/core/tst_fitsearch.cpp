// The fit searches and the procurement plan. Each answer is checked twice: against a value
// worked out by hand from the formulas, and by re-estimating at the answer (fits) and one past
// it (does not), for every GPU of the catalogue.

#include <QtTest>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/planning/fitsearch.h>
#include <headroom/planning/gpufit.h>
#include <headroom/planning/plansearch.h>
#include <headroom/planning/procurement.h>
#include <headroom/memory/validation.h>

using namespace headroom;

namespace {

// The article's 7B: P = 7e9 given, L = 32, H = 4096, A = 32 (GPT-2 layout, V = 32000: its
// largest module is the 32000 x 4096 = 131,072,000 embedding), fp16 with an FP32 master copy
// and Adam: 16 B/param = 112,000,000,000 bytes of model states. No runtime overhead.
Scenario brief7B()
{
    Scenario s;
    s.model.paramsOverride = 7'000'000'000;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.training.sequence = 2048;
    s.training.precision.recipe = Recipe::Fp16Master;
    s.training.precision.optimizer = Optimizer::Adam;
    s.overhead = { bytes(0), bytes(0) };
    // DeepSpeed's conventions: a 5e8-element reduce bucket at ZeRO >= 1, the largest module
    // gathered at ZeRO-3.
    s.stack.stack = TrainingStack::DeepSpeed;
    // As DeepSpeed's estimators count ZeRO-3: no prefetch bucket, no unpartitioned parameters.
    s.stack.prefetchBucket = 0;
    s.stack.persistenceThreshold = 0;
    return s;
}

// H100 80GB as nvidia-smi reports it: 81,559 MiB = 85,520,809,984 bytes.
constexpr Count kH100 = Count(81'559) * kMiB;
// A100 40GB: 40,960 MiB = 42,949,672,960 bytes.
constexpr Count kA100_40 = Count(40'960) * kMiB;

bool fitsWith(Scenario s, Count batch, Count sequence, Count gpus)
{
    s.training.microBatch = batch;
    s.training.sequence = sequence;
    s.parallel.gpus = gpus;
    return fits(s, estimate(s));
}

// The catalogue shipped in resources/, loaded once.
const Catalogue &shippedCatalogue()
{
    static const Catalogue c = [] {
        Catalogue loaded;
        loadCatalogue(qEnvironmentVariable("HEADROOM_DATA_DIR"), loaded);
        return loaded;
    }();
    return c;
}

// LLaMA-2 13B at S = 4,096 as the command line starts: its defaults (the default stack, BF16 with
// an FP32 master copy, AdamW, the allocator emulated), the preset's model. The caller checks the
// preset is there.
Scenario llama13bAt4096()
{
    Scenario s = realisticDefaults().scenario;
    s.model = shippedCatalogue().preset(QStringLiteral("llama-2-13b"))->model;
    s.training.sequence = 4096;
    return s;
}

} // namespace

class TestFitSearch : public QObject
{
    Q_OBJECT

private slots:
    void globalBatchPlansFitWithTheirAccumulation();
    void largestMicroBatchByHand()
    {
        // ZeRO-3 over 8 GPUs, full recompute, on an H100. Fixed per GPU: 112e9 / 8 = 14e9, the
        // gathered embedding's weights and gradients 4 x 131,072,000 = 524,288,000, the reduce
        // bucket 5e8 x 2 = 1e9: 15,524,288,000. Per sequence of 2048: layer inputs 32 x 2 x 2048
        // x 4096 = 536,870,912 + one layer rebuilt 2 x (19 x 2048 x 4096 + 3 x 32 x 2048^2) =
        // 1,124,073,472: 1,660,944,384. B <= (85,520,809,984 - 15,524,288,000) / 1,660,944,384 =
        // 42.14: B = 42 (85,283,952,128 bytes); B = 43 needs 86,944,896,512.
        Scenario s = brief7B();
        s.training.recompute = Recompute::Full;
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage3;
        s.gpu.capacity = bytes(kH100);
        QCOMPARE(largestFittingMicroBatch(s), Count(42));
        s.training.microBatch = 42;
        QCOMPARE(countOf(estimate(s).peak), Count(85'283'952'128));
        s.training.microBatch = 43;
        QCOMPARE(countOf(estimate(s).peak), Count(86'944'896'512));
        QVERIFY(!scenarioFits(s));
        // Capped by maxBatch.
        QCOMPARE(largestFittingMicroBatch(s, 10), Count(10));
    }

    void longestSequenceByHand()
    {
        // Same set-up, B = 1, S free: activations 2 x 32 x 4096 S (inputs) + 2 x 19 x 4096 S
        // + 6 x 32 S^2 = 417,792 S + 192 S^2 within 85,520,809,984 - 15,524,288,000 =
        // 69,996,521,984. S = 18036: 192 x 325,297,296 + 417,792 x 18036 = 62,457,080,832 +
        // 7,535,296,512 = 69,992,377,344 (fits); S = 18037: 62,464,006,848 + 7,535,714,304 =
        // 69,999,721,152 (does not).
        Scenario s = brief7B();
        s.training.recompute = Recompute::Full;
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage3;
        s.gpu.capacity = bytes(kH100);
        QCOMPARE(longestFittingSequence(s), Count(18'036));
        QVERIFY(fitsWith(s, 1, 18'036, 8));
        QVERIFY(!fitsWith(s, 1, 18'037, 8));
    }

    void gpusNeededByHand()
    {
        // A100 40GB (42,949,672,960 bytes), B = 1, full recompute: activations 1,660,944,384.
        Scenario s = brief7B();
        s.training.recompute = Recompute::Full;
        s.gpu.capacity = bytes(kA100_40);
        // ZeRO-1: 2P + 2P + 12P / N + bucket 1e9 + 1,660,944,384 = 28e9 + 84e9 / N +
        // 2,660,944,384 <= 42,949,672,960 -> 84e9 / N <= 12,288,728,576 -> N >= 6.84: N = 7
        // (84e9 / 7 = 12e9: 42,660,944,384); N = 6 needs 44,660,944,384.
        s.parallel.zero = ZeroStage::Stage1;
        QCOMPARE(gpusNeeded(s), Count(7));
        QVERIFY(fitsWith(s, 1, 2048, 7));
        QVERIFY(!fitsWith(s, 1, 2048, 6));
        // ZeRO-3: 112e9 / N + 524,288,000 + 1e9 + 1,660,944,384 <= 42,949,672,960 in backward
        // -> 112e9 / N <= 39,764,440,576 -> N >= 2.82: N = 3 (rounded-up partitions
        // 4,666,666,667 x 2 + 9,333,333,334 + 18,666,666,667 = 37,333,333,335; 40,518,565,719
        // in backward, once the top layer is recomputed). Under the textbook model that plain
        // sum is the peak: DeepSpeed's FP32 gradient of one sub-group during the step (4e9,
        // which made it 42,857,621,335 before issue 32) is the itemized model's, not the
        // article's convention.
        s.parallel.zero = ZeroStage::Stage3;
        QCOMPARE(gpusNeeded(s), Count(3));
        s.parallel.gpus = 3;
        QCOMPARE(countOf(estimate(s).peak), Count(40'518'565'719));
        QCOMPARE(estimate(s).peakPhase, StepPhase::Backward);
        QVERIFY(!fitsWith(s, 1, 2048, 2));
        // Plain data parallelism divides nothing: 112e9 never fits 42.9e9.
        s.parallel.zero = ZeroStage::Stage0;
        QCOMPARE(gpusNeeded(s), Count(0));
        // With tensor parallelism t = 2 the count moves in steps of t (data-parallel replicas).
        s.parallel.zero = ZeroStage::Stage3;
        s.parallel.tensorParallel = 2;
        const Count n = gpusNeeded(s);
        QCOMPARE(n % 2, Count(0));
        QVERIFY(fitsWith(s, 1, 2048, n));
        if (n > 2)
            QVERIFY(!fitsWith(s, 1, 2048, n - 2));
    }

    // A count the run's options refuse is no answer, even where its estimate would fit: the
    // plan fit offers is one the estimate accepts.
    void refusedCountsNeverFit()
    {
        Scenario s = brief7B();
        s.training.recompute = Recompute::Full;
        s.gpu.capacity = bytes(kA100_40);
        s.parallel.zero = ZeroStage::Stage3;
        QCOMPARE(gpusNeeded(s), Count(3)); // gpusNeededByHand()
        // Stepping in backward is a single-GPU feature (validate()): ZeRO-3 on 3 GPUs is refused.
        s.stack.optimizerInBackward = true;
        s.parallel.gpus = 3;
        QVERIFY(!validate(s).empty());
        QCOMPARE(gpusNeeded(s), Count(0));
        // GaLore needs whole weights: refused at every count under ZeRO-3 (validate()).
        s.stack.optimizerInBackward = false;
        s.training.precision.optimizer = Optimizer::Galore;
        QCOMPARE(gpusNeeded(s), Count(0));
    }

    void gpuTableRowByHand()
    {
        // The row the CLI's fit and the window's GPU table print for the A100 40GB, same run as
        // gpusNeededByHand(): ZeRO-1 7 GPUs, ZeRO-3 3 at a peak of 40,518,565,719 bytes, plain
        // data parallelism never. Optimizer offload keeps 2P + 2P on one GPU (28e9 bytes, with
        // the 1e9 bucket and 1,660,944,384 of activations 30.7e9): one GPU, the fewest, and
        // zero2+offload comes before zero3+offload in kStrategies.
        Catalogue catalogue;
        QCOMPARE(loadCatalogue(qEnvironmentVariable("HEADROOM_DATA_DIR"), catalogue).code, CatalogueError::Code::None);
        const GpuSpec *a100 = catalogue.gpu(QStringLiteral("a100-40gb"));
        QVERIFY(a100);
        Scenario s = brief7B();
        s.training.recompute = Recompute::Full;
        const GpuFit row = fitGpu(s, *a100, FitTableOptions{}, 1.30);
        QCOMPARE(row.strategies[0].gpus, Count(0));
        QCOMPARE(row.strategies[1].gpus, Count(7));
        QCOMPARE(row.strategies[3].gpus, Count(3));
        QCOMPARE(countOf(row.strategies[3].peak), Count(40'518'565'719));
        QVERIFY(row.strategies[3].hasOneFewer);
        QVERIFY(row.strategies[3].peakOneFewer > a100->capacity);
        QCOMPARE(row.strategies[4].gpus, Count(1));
        QCOMPARE(row.fewestIndex(), 4);
        QVERIFY(row.anyFits());
        // Plain data parallelism at the search's limit, 4,096 GPUs, still holds all 112e9 bytes.
        QVERIFY(row.strategies[0].atLimit.peak > bytes(112'000'000'000));
        // Time at ZeRO-3's 3 GPUs: the step time's own terms (tst_steptime checks them); the
        // row rents 3 GPUs for the run's days at $1.30 an hour.
        const TimeAndCost &t = row.strategies[3].time;
        QVERIFY(t.known);
        QCOMPARE(t.step.tokensPerStep, 3.0 * 2048);
        QVERIFY(qAbs(t.gpuHours - 3 * t.days * 24) < 1e-9 * t.gpuHours);
        QVERIFY(qAbs(t.costUsd - t.gpuHours * 1.30) < 1e-9 * t.costUsd);

        // The whole catalogue in one call, in catalogue order, a price override where given.
        std::vector<GpuFit> rows(static_cast<std::size_t>(catalogue.gpus.size()));
        std::vector<double> prices(rows.size(), -1.0);
        qsizetype a100Index = 0;
        while (catalogue.gpus.at(a100Index).id != a100->id)
            ++a100Index;
        prices[static_cast<std::size_t>(a100Index)] = 2.60;
        fitEveryGpu(s, std::span<const GpuSpec>(catalogue.gpus.constData(), rows.size()), prices, FitTableOptions{}, rows);
        QCOMPARE(rows[static_cast<std::size_t>(a100Index)].strategies[3].gpus, Count(3));
        QVERIFY(qAbs(rows[static_cast<std::size_t>(a100Index)].strategies[3].time.costUsd - 2 * t.costUsd) < 1e-9 * t.costUsd);
        QCOMPARE(rows.front().gpu, &catalogue.gpus.constFirst());
    }

    // What the table offers fits by the estimate as `estimate` prints it, the allocator emulated
    // for that very run, and one replica fewer does not: LLaMA-2 13B at S = 4,096 on H100s under
    // the modelled allocator cache, the first table row of the README. The searches scale one
    // emulation's cache (of the run as given, one GPU without ZeRO) to every probe; the table
    // said ZeRO-1 on 10 GPUs, where the emulation gives 95.42 GB against 85.52 GB.
    void tableAnswersFitByTheirOwnEmulation()
    {
        const GpuSpec *h100 = shippedCatalogue().gpu(QStringLiteral("h100-80gb"));
        QVERIFY(h100 && shippedCatalogue().preset(QStringLiteral("llama-2-13b")));
        Scenario s = llama13bAt4096();
        QVERIFY(s.overhead.reserveModelled());
        for (const Recompute recompute : { Recompute::None, Recompute::Full }) {
            s.training.recompute = recompute;
            std::vector<GpuFit> rows(1);
            fitEveryGpu(s, std::span<const GpuSpec>(h100, 1), {}, FitTableOptions{}, rows);
            for (int k = 0; k < kStrategyCount; ++k) {
                const StrategyFit &r = rows.front().strategies[k];
                if (r.gpus == 0)
                    continue;
                Scenario at = withStrategy(onGpu(s, *h100), kStrategies[k]);
                at.parallel.gpus = r.gpus;
                const MemoryFigures figures = memoryFigures(at, estimate(at));
                QVERIFY2(fitsGpu(at, figures), qPrintable(QString::number(k)));
                QCOMPARE(r.peak, figures.of(at.gpu.compared));
                if (r.hasOneFewer) {
                    Scenario fewer = at;
                    fewer.parallel.gpus = r.gpus - at.parallel.replicaGpus();
                    QVERIFY2(!fitsGpu(fewer, memoryFigures(fewer, estimate(fewer))), qPrintable(QString::number(k)));
                    QVERIFY(r.peakOneFewer > h100->capacity);
                }
                // The largest micro-batch and the longest sequence it offers fit too, and are
                // never below the run's own where the run fits.
                Scenario batch = at;
                batch.training.microBatch = r.maxBatch;
                QVERIFY2(r.maxBatch >= 1 && fitsGpu(batch, memoryFigures(batch, estimate(batch))), qPrintable(QString::number(k)));
                Scenario sequence = at;
                sequence.training.sequence = r.maxSequence;
                QVERIFY2(r.maxSequence >= 4096 && fitsGpu(sequence, memoryFigures(sequence, estimate(sequence))),
                         qPrintable(QString::number(k)));
            }
        }
    }

    // The whole-plan search offers only plans that fit by their own emulation, and says so: the
    // same LLaMA-2 13B run at S = 4,096 on H100s, strategies, recompute and the count free, the
    // global batch 120. The search scales the cache share of the run as given (one GPU, no ZeRO);
    // without the check its front held a 5-GPU plan whose own emulation is over the card. Each
    // front plan, rebuilt as `estimate` would see it (scenarioOfPlan), fits by memoryFigures()
    // of its own run, and the peak the search reports is that figure.
    void searchFrontFitsByItsOwnEmulation()
    {
        const GpuSpec *h100 = shippedCatalogue().gpu(QStringLiteral("h100-80gb"));
        QVERIFY(h100 && shippedCatalogue().preset(QStringLiteral("llama-2-13b")));
        const Scenario s = llama13bAt4096();
        QVERIFY(s.overhead.reserveModelled());
        PlanSpace space;
        space.maxGpus = 128;
        space.globalBatch = 120;
        space.tensorParallel = space.pipelineParallel = space.contextParallel = space.expertParallel = false;
        const std::vector<GpuSpec> gpus{ *h100 };
        SearchedPlan front[64];
        const PlanSearchResult r = searchPlans(s, gpus, {}, space, RunCosts{}, 0, 0, front);
        QVERIFY(r.frontCount > 0);
        QVERIFY(r.emulations > 0);
        QVERIFY(r.refusedByEmulation > 0); // the 5-GPU plan among them
        for (int i = 0; i < r.frontCount; ++i) {
            const Scenario at = scenarioOfPlan(s, front[i], *h100);
            const MemoryFigures figures = memoryFigures(at, estimate(at));
            QVERIFY2(fitsGpu(at, figures), qPrintable(QStringLiteral("%1 GPUs").arg(qlonglong(front[i].gpus))));
            QCOMPARE(front[i].peak, figures.of(at.gpu.compared));
        }
        // The GPU table's global-batch plan under ZeRO-2, asked from 12 GPUs inside the table's
        // scaled share (the run as given: one GPU, no ZeRO), which said 12 fit where their own
        // emulation does not: the count it offers fits by its own emulation.
        Scenario given = onGpu(s, *h100);
        const CacheShareScope tableShare(given);
        Scenario zero2 = given;
        zero2.parallel.zero = ZeroStage::Stage2;
        const BatchPlan plan = planFittingGlobalBatch(zero2, 12, 120, 0.0, 128);
        QVERIFY(plan.gpus > 12);
        Scenario planned = zero2;
        planned.parallel.gpus = plan.gpus;
        planned.training.microBatch = plan.microBatch;
        planned.training.gradAccumSteps = plan.gradAccum;
        QVERIFY(fitsGpu(planned, memoryFigures(planned, estimate(planned))));
        QCOMPARE(plan.globalBatch, Count(120));
    }

    void noGpuNoAnswer()
    {
        const Scenario s = brief7B();
        QCOMPARE(largestFittingMicroBatch(s), Count(0));
        QCOMPARE(longestFittingSequence(s), Count(0));
        QCOMPARE(gpusNeeded(s), Count(0));
    }

    // Every GPU of the catalogue, every strategy: the answer fits and one past it does not.
    void wholeCatalogue()
    {
        Catalogue catalogue;
        QCOMPARE(loadCatalogue(qEnvironmentVariable("HEADROOM_DATA_DIR"), catalogue).code, CatalogueError::Code::None);
        QVERIFY(catalogue.gpus.size() >= 10);
        Scenario base = brief7B();
        base.training.recompute = Recompute::Full;
        base.overhead = RuntimeOverhead{};
        for (const GpuSpec &gpu : catalogue.gpus) {
            for (const Strategy &strategy : kStrategies) {
                const Scenario s = withStrategy(onGpu(base, gpu), strategy);
                const Count n = gpusNeeded(s, 512);
                if (n == 0) {
                    QVERIFY2(!fitsWith(s, 1, 2048, 512), qPrintable(gpu.id));
                    continue;
                }
                QVERIFY2(fitsWith(s, 1, 2048, n), qPrintable(gpu.id));
                if (n > 1)
                    QVERIFY2(!fitsWith(s, 1, 2048, n - 1), qPrintable(gpu.id));
                Scenario at = s;
                at.parallel.gpus = n;
                const Count b = largestFittingMicroBatch(at);
                QVERIFY2(b >= 1 && fitsWith(at, b, 2048, n) && !fitsWith(at, b + 1, 2048, n), qPrintable(gpu.id));
                const Count seq = longestFittingSequence(at);
                QVERIFY2(seq >= 2048 && fitsWith(at, 1, seq, n) && !fitsWith(at, 1, seq + 1, n), qPrintable(gpu.id));
            }
        }
    }

    void timeUnderTheMfuOverride()
    {
        // --mfu 0.4 on an H100 (989.4 TFLOP/s FP16): the compute term is trainingFlops() /
        // (N x 395.76e12); one GPU has no communication, so GPU-hours = FLOPs / 395.76e12 / 3600
        // + the optimizer's and nothing else.
        Scenario s = brief7B();
        GpuSpec h100;
        h100.capacity = bytes(kH100);
        h100.bf16 = true;
        h100.tflopsFp16 = 989.4;
        h100.tflopsBf16 = 989.4;
        h100.matmulEfficiency = 0.8;
        h100.hbmGBps = 3350;
        h100.gpusPerNode = 8;
        h100.pcieGen = 5;
        h100.pcieLanes = 16;
        h100.networkGbps = 3200;
        RunCosts run;
        run.tokens = 1e9;
        run.mfu = 0.4;
        s.parallel.gpus = 1;
        const TimeAndCost t = timeAndCost(s, h100, run, 2.99);
        QVERIFY(t.known);
        const double hours = trainingFlops(s, 1e9) / 395.76e12 / 3600;
        QVERIFY(qAbs(t.gpuHours - hours) < 1e-9 * hours);
        QVERIFY(qAbs(t.costUsd - hours * 2.99) < 1e-9 * hours * 2.99);
        // GRPO with a vLLM server on 2 GPUs of its own: 1 training GPU + 2 rented for as long,
        // three times the GPU-hours of the training GPU alone.
        {
            Scenario grpo = s;
            grpo.training.method = TrainingMethod::Grpo;
            grpo.training.rollout = RolloutEngine::VllmServer;
            grpo.training.rolloutGpus = 2;
            const TimeAndCost withServer = timeAndCost(grpo, h100, run, 2.99);
            QVERIFY(withServer.known);
            QVERIFY(qAbs(withServer.gpuHours - 3 * withServer.days * 24) < 1e-9 * withServer.gpuHours);
            QVERIFY(qAbs(withServer.costUsd - withServer.gpuHours * 2.99) < 1e-9 * withServer.costUsd);
        }
        // No FP32 peak in the catalogue: no time for the fp32 recipe; BF16 needs BF16 support.
        s.training.precision.recipe = Recipe::Fp32;
        QVERIFY(!timeAndCost(s, h100, run, 2.99).known);
        s.training.precision.recipe = Recipe::Bf16Master;
        h100.bf16 = false;
        QVERIFY(!timeAndCost(s, h100, run, 2.99).known);
    }

    void procurementRanking()
    {
        // Two made-up cards, 80 GB each, in the same NVLink servers: "fast" 1000 TFLOP/s at $4/h,
        // "cheap" 250 TFLOP/s at $0.50/h, both timed at --mfu 0.4. Compute alone costs
        // trainingFlops / (peak x 0.4) / 3600 GPU-hours: per FLOP cheap costs half of fast.
        GpuSpec cards[2];
        cards[0].id = QStringLiteral("fast");
        cards[0].capacity = bytes(80 * kGB);
        cards[0].bf16 = true;
        cards[0].tflopsFp16 = cards[0].tflopsBf16 = 1000;
        cards[0].pricePerHourUsd = 4.0;
        cards[0].matmulEfficiency = 0.8;
        cards[0].hbmGBps = 2000;
        cards[0].nvlinkGBps = 300;
        cards[0].nvlinkGpus = 8;
        cards[0].pcieGen = 4;
        cards[0].pcieLanes = 16;
        cards[0].gpusPerNode = 8;
        cards[0].networkGbps = 1600;
        cards[0].powerWatts = 400;
        cards[1] = cards[0];
        cards[1].id = QStringLiteral("cheap");
        cards[1].tflopsFp16 = cards[1].tflopsBf16 = 250;
        cards[1].pricePerHourUsd = 0.5;
        Scenario s = brief7B();
        s.training.recompute = Recompute::Full;
        ProcurementTarget target;
        target.run.tokens = 1e9;
        target.run.mfu = 0.4;
        ProcurementOption options[32];
        const int n = planProcurement(s, std::span<const GpuSpec>(cards, 2), {}, target, options, 32);
        // ddp never fits 80 GB (112e9 of states); the five other strategies fit on both cards.
        QCOMPARE(n, 10);
        for (int i = 0; i + 1 < n; ++i)
            QVERIFY(options[i].time.costUsd <= options[i + 1].time.costUsd + 1e-9);
        // The cheapest is the cheap card, at no less than its compute alone.
        const double flops = trainingFlops(s, 1e9);
        QCOMPARE(options[0].gpuIndex, 1);
        QVERIFY(options[0].time.gpuHours >= flops / (250e12 * 0.4) / 3600);
        QVERIFY(qAbs(options[0].time.costUsd - options[0].time.gpuHours * 0.5) < 1e-9 * options[0].time.costUsd);
        // A price override: cheap at $3/h now pays 6x per hour for 4x the hours: fast ranks first.
        const double prices[2] = { -1.0, 3.0 };
        const int m = planProcurement(s, std::span<const GpuSpec>(cards, 2), prices, target, options, 32);
        QCOMPARE(m, 10);
        QCOMPARE(options[0].gpuIndex, 0);
        // A global batch of one sequence allows one data-parallel replica of B = 1: of the ten,
        // only the two offload strategies fit on a single GPU (zero1 needs 2: 28e9 + 84e9 +
        // 2.66e9 > 80e9 on one; zero2 and zero3 likewise), on both cards: 4 options.
        target.globalBatch = 1;
        const int k = planProcurement(s, std::span<const GpuSpec>(cards, 2), {}, target, options, 32);
        QCOMPARE(k, 4);
        for (int i = 0; i < k; ++i) {
            QCOMPARE(options[i].gpus, Count(1));
            QCOMPARE(options[i].globalBatch, Count(1));
            QCOMPARE(options[i].gradAccum, Count(1));
        }
        // Sixteen sequences on the cheap card under zero3 (2 GPUs: 112e9 / 2 + 3.19e9 <= 80e9,
        // while 1 GPU needs 115e9): two replicas of B = 1 accumulate 8 micro-batches each.
        target.globalBatch = 16;
        const int j = planProcurement(s, std::span<const GpuSpec>(cards + 1, 1), {}, target, options, 32);
        bool sawZero3 = false;
        for (int i = 0; i < j; ++i) {
            QCOMPARE(options[i].globalBatch, Count(16)); // every row keeps it exactly
            if (kStrategies[options[i].strategyIndex].name == std::string_view("zero3")) {
                sawZero3 = true;
                QCOMPARE(options[i].gpus, Count(2));
                QCOMPARE(options[i].gradAccum, Count(8));
            }
        }
        QVERIFY(sawZero3);
        // Seventeen, a prime: only 1 or 17 replicas keep it; zero3's 2-GPU answer becomes 17.
        target.globalBatch = 17;
        const int p = planProcurement(s, std::span<const GpuSpec>(cards + 1, 1), {}, target, options, 32);
        for (int i = 0; i < p; ++i) {
            QCOMPARE(options[i].globalBatch, Count(17));
            QVERIFY(options[i].gpus == 1 || options[i].gpus == 17);
        }
    }
};

// A global batch sets the accumulation, and under pipeline parallelism the accumulation sets how
// many micro-batches the first stage holds: min(p, m). A four-layer LLaMA on two stages whose GPU
// holds exactly what one micro-batch in flight needs fits at m = 1 and not at m = 4 (two in flight
// on the first stage). A global batch of 4 fits only once four replicas (8 GPUs) bring m to 1;
// planGlobalBatch() alone offers the 2-GPU plan at m = 4.
void TestFitSearch::globalBatchPlansFitWithTheirAccumulation()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 4;
    s.model.hidden = 64;
    s.model.heads = 4;
    s.model.kvHeads = 4;
    s.model.ffn = 128;
    s.model.vocab = 100;
    s.training.sequence = 32;
    s.activations.model = ActivationModelKind::Transformer;
    s.parallel.pipelineParallel = s.parallel.gpus = 2;
    s.gpu.compared = PeakFigure::Allocated;
    const Bytes one = allocatedPeak(s, estimate(s));
    s.gpu.capacity = one + bytes(1);
    QVERIFY(fits(s, estimate(s)));
    Scenario four = s;
    four.training.gradAccumSteps = 4;
    QVERIFY(!fits(four, estimate(four)));
    QCOMPARE(planGlobalBatch(2, 2, 1, 4, 0.0, 64).gpus, Count(2));
    const BatchPlan plan = planFittingGlobalBatch(s, 2, 4, 0.0, 64);
    QCOMPARE(plan.gpus, Count(8));
    QCOMPARE(plan.gradAccum, Count(1));
    // Up to 6 GPUs no count keeps the batch and fits.
    QCOMPARE(planFittingGlobalBatch(s, 2, 4, 0.0, 6).gpus, Count(0));
    // A global batch of 1 keeps m = 1: the 2-GPU plan fits.
    const BatchPlan single = planFittingGlobalBatch(s, 2, 1, 0.0, 64);
    QCOMPARE(single.gpus, Count(2));
    QCOMPARE(single.gradAccum, Count(1));
}

QTEST_APPLESS_MAIN(TestFitSearch)
#include "tst_fitsearch.moc"
