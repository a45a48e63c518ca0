// A 2-D expert mesh (Parallelism::expertShard): ZeRO shards the routed experts' states over N GPUs
// of each expert's data-parallel group and replicates them across the rest, while the dense part
// shards over all d. Worked by hand on Mixtral-8x7B (tst_placement.cpp: one layer's experts
// 1,409,286,144 parameters, x 32 = 45,097,156,608; the rest 1,605,636,096) on 8 GPUs, e = 2
// (four experts a layer on each GPU: 22,548,578,304 parameters), ZeRO-2, BF16 with FP32 masters:
//   default, the experts over d / e = 4:  master 4 x 1,605,636,096 / 8 + 4 x 22,548,578,304 / 4
//                                           = 23,351,396,352; Adam twice that, 46,702,792,704
//   --expert-shard 2:                      master 802,818,048 + 4 x 22,548,578,304 / 2 = 45,899,974,656
//                                           Adam 1,605,636,096 + 8 x 22,548,578,304 / 2 = 91,799,949,312
//   the 16-bit weights are whole under ZeRO-2 either way: 2 x (1,605,636,096 + 22,548,578,304)
//                                           = 48,308,428,800

#include <QtTest>

#include <headroom/memory/placement.h>
#include <headroom/memory/resolved.h>
#include <headroom/memory/validation.h>

using namespace headroom;

namespace {

Scenario mixtral()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.vocab = 32000;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.kvHeads = 8;
    s.model.ffn = 14336;
    s.model.moe.experts = 8;
    s.model.moe.perToken = 2;
    s.model.moe.expertFfn = 14336;
    s.training.precision.recipe = Recipe::Bf16Master;
    s.training.precision.optimizer = Optimizer::AdamW;
    s.parallel.gpus = 8;
    s.parallel.gpusPerNode = 8;
    s.parallel.zero = ZeroStage::Stage2;
    s.parallel.expertParallel = 2;
    return s;
}

} // namespace

class TestExpertMesh : public QObject
{
    Q_OBJECT

private slots:
    void expertsShardOverTheirOwnGroup()
    {
        Scenario s = mixtral();
        QCOMPARE(countOf(placeModelStates(s).sharded.masterWeights), Count(23'351'396'352));
        s.parallel.expertShard = 2;
        QVERIFY(validate(s).empty());
        QCOMPARE(resolve(s).expertShardDegree, Count(2));
        const Placement p = placeModelStates(s);
        QCOMPARE(countOf(p.sharded.masterWeights), Count(45'899'974'656));
        QCOMPARE(countOf(p.sharded.optimizerStates), Count(91'799'949'312));
        QCOMPARE(countOf(p.sharded.parameters), Count(48'308'428'800));
        // A group of all d / e GPUs is the default.
        s.parallel.expertShard = 4;
        QCOMPARE(countOf(placeModelStates(s).sharded.masterWeights), Count(23'351'396'352));
    }

    void validation()
    {
        Scenario s = mixtral();
        s.parallel.expertShard = 3; // does not divide the 4 GPUs that hold the same experts
        QVERIFY(validate(s).hasField(Field::ExpertShard));
        s.parallel.expertShard = 2;
        s.parallel.zero = ZeroStage::Stage0;
        QVERIFY(validate(s).hasField(Field::ExpertShard));
        s = mixtral();
        s.model.moe = MoeSpec{};
        s.parallel.expertParallel = 1;
        s.parallel.expertShard = 2;
        QVERIFY(validate(s).hasField(Field::ExpertShard));
    }
};

QTEST_APPLESS_MAIN(TestExpertMesh)

#include "tst_expertmesh.moc"
