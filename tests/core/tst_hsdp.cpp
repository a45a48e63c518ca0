// HSDP (Parallelism::shardGroup): ZeRO shards the model states within groups of g GPUs and
// replicates them across the groups. Worked by hand on the step time's two-layer LLaMA
// (tst_steptime.cpp: P = 95,040 parameters) and its made-up card: NVLink 100 GB/s across 8 GPUs,
// 8 GPUs a node on 800 Gb/s, links at 80 %.
//   16 GPUs, ZeRO-3, g = 8, BF16 weights and gradients (2 bytes), one micro-batch:
//   within a group: 2 x 7/8 x 95,040 x 2 (gathers) + 7/8 x 95,040 x 2 (reduce-scatter)
//                 = 498,960 bytes over NVLink at 80 GB/s = 6.237e-6 s
//   across the 2 groups: an all-reduce of the 95,040 / 8 shard, 2 x 1/2 x 11,880 x 2 = 23,760
//                 bytes; one GPU of each node in the group: 1/8 of 100 GB/s at 80 % = 10 GB/s,
//                 2.376e-6 s; together 8.613e-6 s.

#include <QtTest>

#include <headroom/memory/placement.h>
#include <headroom/memory/resolved.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptime.h>

#include "steptimecard.h"

using namespace headroom;

namespace {

Scenario tinyLlama() { return test::stepTimeLlama(); }
GpuSpec card() { return test::stepTimeCard(); }

} // namespace

class TestHsdp : public QObject
{
    Q_OBJECT

private slots:
    void statesShardWithinTheGroup()
    {
        Scenario hsdp = tinyLlama();
        hsdp.parallel.gpus = 32;
        hsdp.parallel.zero = ZeroStage::Stage3;
        hsdp.parallel.shardGroup = 8;
        QCOMPARE(resolve(hsdp).dataParallel, Count(8));
        // The same shard as plain ZeRO-3 over 8 GPUs.
        Scenario eight = hsdp;
        eight.parallel.gpus = 8;
        eight.parallel.shardGroup = 0;
        QCOMPARE(placeModelStates(hsdp).sharded.parameters, placeModelStates(eight).sharded.parameters);
        QCOMPARE(placeModelStates(hsdp).sharded.optimizerStates, placeModelStates(eight).sharded.optimizerStates);
        QVERIFY(validate(hsdp).empty());
    }

    void stepTimeSplitsTheCollectives()
    {
        Scenario s = tinyLlama();
        s.parallel.gpus = 16;
        s.parallel.zero = ZeroStage::Stage3;
        s.parallel.shardGroup = 8;
        const StepTime t = stepTime(s, card(), StepTimeOptions{});
        // With each collective's latency (NCCL's ring model, steptime.cpp): in the group of 8 on
        // one node's NVLink, 8.4 + 7 x 3.4 = 32.2 us for each of (2 x 2 + 2) all-gathers and
        // (2 + 1) reduce-scatters; across the 2 groups, on 2 nodes, an all-reduce's ring 8.4 +
        // 2 x 9.6 = 27.6 us (below the tree's 2 x log2(2) x 50 = 100).
        const double latency = 9 * 32.2e-6 + 27.6e-6;
        QVERIFY(qAbs(t.dataParallelLatencyS - latency) < 1e-12);
        QVERIFY2(qAbs(t.dataParallelS - (498'960.0 / 80e9 + 23'760.0 / 10e9 + latency)) < 1e-12, qPrintable(QString::number(t.dataParallelS)));
        // A group of all 16 is plain ZeRO-3.
        Scenario whole = s;
        whole.parallel.shardGroup = 16;
        Scenario plain = s;
        plain.parallel.shardGroup = 0;
        QCOMPARE(stepTime(whole, card(), StepTimeOptions{}).dataParallelS, stepTime(plain, card(), StepTimeOptions{}).dataParallelS);
    }

    void validation()
    {
        Scenario s = tinyLlama();
        s.parallel.gpus = 32;
        s.parallel.zero = ZeroStage::Stage3;
        s.parallel.shardGroup = 5;
        QVERIFY(validate(s).hasField(Field::ShardGroup));
        s.parallel.shardGroup = 8;
        s.parallel.zero = ZeroStage::Stage0;
        QVERIFY(validate(s).hasField(Field::ShardGroup));
    }
};

QTEST_APPLESS_MAIN(TestHsdp)
#include "tst_hsdp.moc"
