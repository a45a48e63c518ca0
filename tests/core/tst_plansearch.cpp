// The whole-plan search (plansearch.h), checked against an independent brute force: every
// candidate of a small space estimated, fitted and priced one by one with the public functions
// (estimate(), fits(), timeAndCost()), the Pareto front taken by comparing every pair. Then
// the "never over capacity" property over 10,000 random searches, the picks under a budget and
// a deadline, a fixed GPU count, and the ZeRO stages' order at a fixed count.

#include <QtTest>

#include <random>
#include <vector>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/plansearch.h>
#include <headroom/planning/procurement.h>

using namespace headroom;

namespace {

// A small Llama-like model: L = 4, H = 512, A = 8, F = 1,376, V = 8,000, under Hugging Face's
// Trainer with BF16 mixed precision and AdamW: about 0.3-0.5 GB per GPU, so cards of a few
// tenths of a GiB make every dimension of the search matter.
Scenario smallModel()
{
    Scenario s;
    applyStackDefaults(s, TrainingStack::HfTrainer);
    s.model.family = BlockFamily::Llama;
    s.model.layers = 4;
    s.model.hidden = 512;
    s.model.heads = 8;
    s.model.ffn = 1376;
    s.model.vocab = 8000;
    s.training.sequence = 512;
    s.training.microBatch = 2;
    s.training.precision.recipe = Recipe::AmpBf16;
    s.overhead = { bytes(0), bytes(0) }; // no CUDA context or reserve: the model's own bytes decide
    return s;
}

GpuSpec card(const char *id, double gib, double tflops, double price)
{
    GpuSpec g;
    g.id = QString::fromLatin1(id);
    g.name = g.id;
    g.capacity = bytes(static_cast<Count>(gib * 1024 * 1024 * 1024));
    g.bf16 = true;
    g.tflopsFp16 = g.tflopsBf16 = tflops;
    g.pricePerHourUsd = price;
    g.hbmGBps = 2000;
    g.matmulEfficiency = 0.8;
    g.nvlinkGBps = 300;
    g.nvlinkGpus = 8;
    g.pcieGen = 4;
    g.pcieLanes = 16;
    g.gpusPerNode = 8;
    g.networkGbps = 1600;
    g.powerWatts = 400;
    g.purchaseUsd = 10000;
    return g;
}

// Every candidate of \a space the brute force way (no pruning, no sharing between kinds); the
// space must give its global batch.
std::vector<SearchedPlan> everyFittingPlan(const Scenario &s, const std::vector<GpuSpec> &gpus, const PlanSpace &space,
                                           const RunCosts &run)
{
    std::vector<SearchedPlan> all;
    const Count G = space.globalBatch;
    Scenario base = s;
    Bytes largest = bytes(0);
    for (const GpuSpec &g : gpus)
        largest = std::max(largest, g.capacity);
    base.gpu.capacity = largest;
    const CacheShareScope scope(base); // the searches' convention for the allocator's cache
    for (std::size_t g = 0; g < gpus.size(); ++g)
        for (Count t : { 1, 2, 4, 8 })
            for (Count p : { 1, 2, 4 })
                for (int k = 0; k < kStrategyCount; ++k)
                    for (Recompute r : { Recompute::None, Recompute::Selective, Recompute::Full })
                        for (Count d = 1; d * t * p <= space.maxGpus; ++d) {
                            if (G % d != 0)
                                continue;
                            for (Count b = 1; b <= s.training.microBatch; ++b) {
                                SearchedPlan plan;
                                plan.gpuIndex = static_cast<int>(g);
                                plan.gpus = d * t * p;
                                plan.tensorParallel = t;
                                plan.pipelineParallel = p;
                                plan.strategyIndex = k;
                                plan.recompute = r;
                                plan.microBatch = b;
                                if ((G / d) % b != 0)
                                    continue;
                                plan.gradAccum = G / d / b;
                                plan.globalBatch = d * b * plan.gradAccum;
                                const Scenario at = scenarioOfPlan(s, plan, gpus[g]);
                                if (!validate(at).empty())
                                    continue;
                                const Breakdown e = estimate(at);
                                if (!fits(at, e))
                                    continue;
                                plan.peak = comparedPeak(at, e);
                                plan.time = timeAndCost(at, gpus[g], run, gpus[g].pricePerHourUsd);
                                if (plan.time.known)
                                    all.push_back(plan);
                            }
                        }
    return all;
}

bool dominated(const SearchedPlan &x, const std::vector<SearchedPlan> &all)
{
    for (const SearchedPlan &y : all)
        if (y.time.days <= x.time.days && y.time.costUsd <= x.time.costUsd
            && (y.time.days < x.time.days || y.time.costUsd < x.time.costUsd))
            return true;
    return false;
}

} // namespace

class TestPlanSearch : public QObject
{
    Q_OBJECT

private slots:
    void frontEqualsBruteForce()
    {
        // Two kinds: a small card that is cheap and slow, a large one that is dear and fast.
        // Searched over t, p (1, 2, 4: the brute force's range; L = 4), the strategies and
        // recompute, up to 16 GPUs, a global batch of 16 sequences.
        const Scenario s = smallModel();
        const std::vector<GpuSpec> gpus{ card("small", 0.35, 100, 0.5), card("large", 0.6, 400, 3.0) };
        PlanSpace space;
        space.maxGpus = 16;
        space.globalBatch = 16;
        space.contextParallel = false;
        space.expertParallel = false;
        RunCosts run;
        run.tokens = 1e9;
        SearchedPlan front[64];
        const PlanSearchResult r = searchPlans(s, gpus, {}, space, run, 0, 0, front);
        const std::vector<SearchedPlan> all = everyFittingPlan(s, gpus, space, run);
        // Virtual stages (v = 2 at p = 2: L = 4 divides 4) are the search's own; the brute
        // force has none, so compare where the front's plans have v = 1 and check the rest fit.
        std::vector<SearchedPlan> expected;
        for (const SearchedPlan &x : all)
            if (!dominated(x, all))
                expected.push_back(x);
        QVERIFY(!expected.empty());
        QVERIFY(r.frontCount > 0);
        // Every brute-force front point is matched by a search front point no worse in both.
        for (const SearchedPlan &x : expected) {
            bool matched = false;
            for (int i = 0; i < r.frontCount; ++i)
                if (front[i].time.days <= x.time.days && front[i].time.costUsd <= x.time.costUsd)
                    matched = true;
            QVERIFY2(matched, qPrintable(QStringLiteral("brute-force plan %1 GPUs t %2 p %3 strategy %4 not matched")
                                                 .arg(qlonglong(x.gpus)).arg(qlonglong(x.tensorParallel)).arg(qlonglong(x.pipelineParallel)).arg(x.strategyIndex)));
        }
        // Every search front point with v = 1 is a brute-force plan on the front.
        for (int i = 0; i < r.frontCount; ++i) {
            if (front[i].virtualStages != 1)
                continue;
            bool found = false;
            for (const SearchedPlan &x : expected)
                if (x.time.days == front[i].time.days && x.time.costUsd == front[i].time.costUsd)
                    found = true;
            QVERIFY2(found, qPrintable(QStringLiteral("front plan %1 is not on the brute-force front").arg(i)));
        }
        // Sorted fastest first, and no front plan dominates another.
        for (int i = 1; i < r.frontCount; ++i) {
            QVERIFY(front[i - 1].time.days <= front[i].time.days);
            QVERIFY(front[i - 1].time.costUsd > front[i].time.costUsd);
        }
    }

    void budgetAndDeadlinePicks()
    {
        const Scenario s = smallModel();
        const std::vector<GpuSpec> gpus{ card("small", 0.35, 100, 0.5), card("large", 0.6, 400, 3.0) };
        PlanSpace space;
        space.maxGpus = 32;
        space.globalBatch = 32;
        RunCosts run;
        run.tokens = 1e10;
        SearchedPlan front[64];
        const PlanSearchResult all = searchPlans(s, gpus, {}, space, run, 0, 0, front);
        QVERIFY(all.frontCount >= 3);
        // A budget between the cheapest and the dearest plan, a deadline between the fastest and
        // the slowest: the picks are the fastest within budget and the cheapest within the
        // deadline among every front plan, by a scan of the front.
        const double budget = (front[0].time.costUsd + front[all.frontCount - 1].time.costUsd) / 2;
        const double deadline = (front[0].time.days + front[all.frontCount - 1].time.days) / 2;
        SearchedPlan again[64];
        const PlanSearchResult r = searchPlans(s, gpus, {}, space, run, budget, deadline, again);
        QCOMPARE(r.frontCount, all.frontCount);
        int fastest = -1, cheapest = -1;
        for (int i = 0; i < r.frontCount; ++i) {
            if (again[i].time.costUsd <= budget && (fastest < 0 || again[i].time.days < again[fastest].time.days))
                fastest = i;
            if (again[i].time.days <= deadline && (cheapest < 0 || again[i].time.costUsd < again[cheapest].time.costUsd))
                cheapest = i;
        }
        QVERIFY(fastest >= 0 && cheapest >= 0);
        QCOMPARE(r.fastestUnderBudget, fastest);
        QCOMPARE(r.cheapestUnderDeadline, cheapest);
        // Out of reach: nothing.
        const PlanSearchResult none = searchPlans(s, gpus, {}, space, run, front[all.frontCount - 1].time.costUsd / 2,
                                                  front[0].time.days / 2, again);
        QCOMPARE(none.fastestUnderBudget, -1);
        QCOMPARE(none.cheapestUnderDeadline, -1);
    }

    void fixedCountAndKind()
    {
        // "I have 12 GPUs of the small kind": every plan has 12 of them, and with one kind and
        // one count rent is proportional to days, so the front is the one fastest plan.
        const Scenario s = smallModel();
        const std::vector<GpuSpec> gpus{ card("small", 0.35, 100, 0.5), card("large", 0.6, 400, 3.0) };
        PlanSpace space;
        space.gpus = 12;
        space.gpuIndex = 0;
        space.globalBatch = 48;
        SearchedPlan front[64];
        const PlanSearchResult r = searchPlans(s, gpus, {}, space, RunCosts{}, 0, 0, front);
        QCOMPARE(r.frontCount, 1);
        QCOMPARE(front[0].gpus, Count(12));
        QCOMPARE(front[0].gpuIndex, 0);
        QCOMPARE(front[0].dataParallel() * front[0].microBatch * front[0].gradAccum, Count(48));
        // 12 = d t p: t and p from 1, 2, 4, 8 that divide 12 leave d = 12, 6, 3 (and 3 / 1.5 no).
        QCOMPARE(12 % (front[0].tensorParallel * front[0].pipelineParallel), 0);
    }

    void neverOverCapacity()
    {
        // 10,000 random searches over small models, random cards and random fixed dimensions:
        // every front plan, estimated again on its own, fits its card by the figure the
        // scenario compares (inside the searches' allocator-cache convention) and by its
        // allocated peak (no convention), and keeps the global batch.
        std::mt19937 rng(20261206);
        auto pick = [&rng](Count lo, Count hi) { return std::uniform_int_distribution<Count>(lo, hi)(rng); };
        int plansChecked = 0;
        for (int trial = 0; trial < 10000; ++trial) {
            Scenario s = smallModel();
            s.model.layers = pick(1, 8);
            s.model.heads = Count(1) << pick(0, 3);
            s.model.hidden = s.model.heads * 32 * pick(1, 4);
            s.model.ffn = s.model.hidden * pick(2, 4);
            s.training.sequence = 128 * pick(1, 8);
            s.training.microBatch = pick(1, 4);
            const std::vector<GpuSpec> gpus{ card("a", 0.1 + 0.01 * pick(0, 40), 100, 0.5 + 0.1 * pick(0, 20)),
                                             card("b", 0.2 + 0.02 * pick(0, 40), 300, 1.0 + 0.2 * pick(0, 20)) };
            PlanSpace space;
            space.maxGpus = pick(1, 32);
            space.globalBatch = pick(0, 2) == 0 ? 0 : pick(1, 48);
            space.tensorParallel = pick(0, 1) == 1;
            space.pipelineParallel = pick(0, 1) == 1;
            space.strategy = pick(0, 1) == 1;
            space.recompute = pick(0, 1) == 1;
            space.contextParallel = false;
            if (pick(0, 3) == 0)
                space.gpus = pick(1, 16);
            SearchedPlan front[64];
            const PlanSearchResult r = searchPlans(s, gpus, {}, space, RunCosts{}, 0, 0, front);
            for (int i = 0; i < r.frontCount; ++i) {
                const SearchedPlan &p = front[i];
                const GpuSpec &gpu = gpus[static_cast<std::size_t>(p.gpuIndex)];
                const Scenario at = scenarioOfPlan(s, p, gpu);
                QVERIFY(validate(at).empty());
                const Breakdown e = estimate(at);
                QVERIFY2(e.peak <= gpu.capacity, qPrintable(QStringLiteral("trial %1: allocated over capacity").arg(trial)));
                {
                    Scenario base = s;
                    base.gpu.capacity = std::max(gpus[0].capacity, gpus[1].capacity);
                    const CacheShareScope scope(base);
                    QVERIFY2(fits(at, e), qPrintable(QStringLiteral("trial %1: compared figure over capacity").arg(trial)));
                }
                if (space.gpus > 0)
                    QCOMPARE(p.gpus, space.gpus);
                // The global batch given, or the scenario's own (one replica here: B x m).
                const Count G = space.globalBatch > 0 ? space.globalBatch : s.training.microBatch * s.training.gradAccumSteps;
                QCOMPARE(p.dataParallel() * p.microBatch * p.gradAccum, G);
                QVERIFY(p.microBatch <= s.training.microBatch);
                ++plansChecked;
            }
        }
        QVERIFY(plansChecked > 10000);
    }

    void pickByHand()
    {
        // A front of four plans, fastest first: (1 day, $100), (2, $60), (4, $52), (8, $50).
        SearchedPlan front[4];
        const double days[] = { 1, 2, 4, 8 }, rent[] = { 100, 60, 52, 50 };
        for (int i = 0; i < 4; ++i) {
            front[i].time.days = days[i];
            front[i].time.costUsd = rent[i];
        }
        // No budget, no deadline: the fastest within 10 % of the cheapest's $50, i.e. at most
        // $55: the 4-day plan; its runners-up the 2-day and the 8-day plans.
        PlanPick p = pickPlan(front, 4, 0, 0);
        QCOMPARE(p.chosen, 2);
        QCOMPARE(p.faster, 1);
        QCOMPARE(p.cheaper, 3);
        QCOMPARE(p.rule, PlanPickRule::NearCheapest);
        // Within 3 days the cheapest is the 2-day plan; within $70 the fastest is the same.
        p = pickPlan(front, 4, 0, 3);
        QCOMPARE(p.chosen, 1);
        QCOMPARE(p.rule, PlanPickRule::Deadline);
        p = pickPlan(front, 4, 70, 0);
        QCOMPARE(p.chosen, 1);
        QCOMPARE(p.rule, PlanPickRule::Budget);
        // The deadline wins over the budget; a deadline no plan meets falls to the budget.
        QCOMPARE(pickPlan(front, 4, 200, 1.5).chosen, 0);
        QCOMPARE(pickPlan(front, 4, 55, 0.5).chosen, 2);
        QCOMPARE(pickPlan(front, 4, 55, 0.5).rule, PlanPickRule::Budget);
        // Nothing meets either: the near-cheapest rule. The fastest has no faster runner-up.
        QCOMPARE(pickPlan(front, 4, 10, 0.5).chosen, 2);
        QCOMPARE(pickPlan(front, 4, 0, 1).faster, -1);
        QCOMPARE(pickPlan(front, 0, 0, 0).chosen, -1);
    }

    void zeroStagesNeverHoldMoreAtTheSameCount()
    {
        // At one GPU count and layout, each ZeRO stage shards more than the one before; the
        // peak per GPU never rises from DDP to ZeRO-1, -2, -3 (FSDP's full and grad-op
        // sharding under the fsdp stack).
        for (Count d : { 2, 4, 8, 64 }) {
            Scenario s = smallModel();
            applyStackDefaults(s, TrainingStack::Fsdp);
            s.model.layers = 16;
            s.model.hidden = 2048;
            s.model.heads = 16;
            s.model.ffn = 5504;
            s.model.vocab = 32000;
            s.parallel.gpus = d;
            Bytes previous = bytes(0);
            for (ZeroStage z : { ZeroStage::Stage0, ZeroStage::Stage1, ZeroStage::Stage2, ZeroStage::Stage3 }) {
                s.parallel.zero = z;
                if (!validate(s).empty())
                    continue;
                const Bytes peak = estimate(s).peak;
                if (previous > bytes(0))
                    QVERIFY2(peak <= previous, qPrintable(QStringLiteral("d = %1, stage %2").arg(qlonglong(d)).arg(int(z))));
                previous = peak;
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestPlanSearch)
#include "tst_plansearch.moc"
