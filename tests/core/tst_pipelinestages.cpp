// Every pipeline stage (pipelinestage.h): how the layers are split, what each rank holds in
// flight, its parameters, and which rank peaks. Worked by hand on the step time's LLaMA layout
// (steptimecard.h: H = 64, A = 4, F = 128, V = 100; one layer 4 x 64^2 + 3 x 64 x 128 + 2 x 64
// = 41,088 parameters, the embedding and the untied LM head 6,400 each, the final norm 64).
//
// Splits, from torchtitan 1ce7f76 generate_llm_fqn_per_model_part() (input_weight =
// output_weight = 1): 126 layers on 16 stages are 128 effective, 8 a stage, so 7, 8 x 14, 7;
// 27 layers on 4 stages are 29 effective, 7 a stage and one extra for stage 0: 8 - 1, 7, 7, 7 - 1.
// In flight, from Megatron-LM d98e8a6 schedules.py: without interleaving rank r runs p - r - 1
// warm-up forwards and one more (p - r, at most m); interleaved (p - r - 1) 2 + (v - 1) p + 1
// model chunks, at most m v.

#include <QtTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/pipelinestage.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/resolved.h>
#include <headroom/memory/transformeractivations.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptime.h>

#include "steptimecard.h"

using namespace headroom;

namespace {

Scenario llama(Count layers)
{
    Scenario s = test::stepTimeLlama();
    s.model.layers = layers;
    s.activations.model = ActivationModelKind::Transformer;
    return s;
}

std::vector<Count> split(const Scenario &s)
{
    std::vector<Count> layers;
    for (Count j = 0; j < pipelineChunks(s); ++j)
        layers.push_back(chunkLayers(s, j));
    return layers;
}

Scenario pinned(Scenario s, Count rank)
{
    s.parallel.pipelineRank = rank;
    return s;
}

constexpr Count kLayer = 41'088, kEmbedding = 6'400, kHead = 6'400, kFinalNorm = 64;

} // namespace

class TestPipelineStages : public QObject
{
    Q_OBJECT

private slots:
    void evenSplitGivesTheFirstStagesOneMore()
    {
        Scenario s = llama(30);
        s.parallel.pipelineParallel = 4;
        s.parallel.gpus = 4;
        QCOMPARE(split(s), (std::vector<Count>{ 8, 8, 7, 7 }));
    }

    void slowestStageOfAnEvenSplit()
    {
        // largestStageLayers() answers an even split without walking the ranks: against the walk
        // (each rank's chunks r, r + p, ... summed from chunkLayers()) for every L up to 130,
        // p up to 16 and v up to 3.
        Scenario s;
        s.parallel.pipelineSplit = PipelineSplit::Even;
        for (Count L = 1; L <= 130; ++L)
            for (Count p = 2; p <= 16; ++p)
                for (Count v = 1; v <= 3; ++v) {
                    s.model.layers = L;
                    s.parallel.pipelineParallel = p;
                    s.stack.virtualStages = v;
                    Count most = 0;
                    for (Count r = 0; r < p; ++r) {
                        Count layers = 0;
                        for (Count c = 0; c < v; ++c)
                            layers += chunkLayers(s, r + c * p);
                        most = std::max(most, layers);
                    }
                    QVERIFY2(largestStageLayers(s) == most,
                             qPrintable(QStringLiteral("L %1, p %2, v %3").arg(qlonglong(L)).arg(qlonglong(p)).arg(qlonglong(v))));
                }
    }

    void weightedSplitIsTorchtitans()
    {
        Scenario s = llama(126);
        s.parallel.pipelineParallel = 16;
        s.parallel.gpus = 16;
        s.parallel.pipelineSplit = PipelineSplit::Weighted;
        std::vector<Count> expected(16, 8);
        expected.front() = expected.back() = 7;
        QCOMPARE(split(s), expected);
        s.model.layers = 27;
        s.parallel.pipelineParallel = s.parallel.gpus = 4;
        QCOMPARE(split(s), (std::vector<Count>{ 7, 7, 7, 6 }));
    }

    void listedSplitParsesAndPrints()
    {
        Parallelism p;
        QVERIFY(setPipelineSplit("3,2,2", p));
        QCOMPARE(p.pipelineSplit, PipelineSplit::Listed);
        QCOMPARE(p.listedStages, Count(3));
        QCOMPARE(pipelineSplitText(p), std::string("3,2,2"));
        QVERIFY(setPipelineSplit("weighted", p));
        QCOMPARE(pipelineSplitText(p), std::string("weighted"));
        Parallelism untouched;
        for (const char *bad : { "", "3,,2", "3,x", "-1,2", "70000", "3, 2" })
            QVERIFY2(!setPipelineSplit(bad, untouched) && untouched.pipelineSplit == PipelineSplit::Even, bad);
    }

    void forwardsInFlightFollowMegatronsSchedules()
    {
        Scenario s = llama(16);
        s.parallel.pipelineParallel = s.parallel.gpus = 4;
        s.training.gradAccumSteps = 8;
        QCOMPARE(forwardsInFlight(s, 0), Count(4));
        QCOMPARE(forwardsInFlight(s, 3), Count(1));
        s.training.gradAccumSteps = 2;
        QCOMPARE(forwardsInFlight(s, 0), Count(2));
        QCOMPARE(forwardsInFlight(s, 3), Count(1));
        // Interleaved, v = 2, m = 8: rank 0 (4 - 1) 2 + 4 + 1 = 11, rank 3 0 + 4 + 1 = 5.
        s.training.gradAccumSteps = 8;
        s.stack.virtualStages = 2;
        QCOMPARE(forwardsInFlight(s, 0), Count(11));
        QCOMPARE(forwardsInFlight(s, 3), Count(5));
    }

    void interleavedFirstRankHoldsTheKnownFigure()
    {
        // L = 16 on p = 2, v = 2: chunks of 4 layers. Rank 0 runs 2 + 2 + 1 = 5 forwards, chunks
        // 0, 0, 1, 1, 0: 20 layers, the L (1 + (p - 1)/(p v)) = 16 x 1.25 of Korthikanti et al.
        Scenario s = llama(16);
        s.parallel.pipelineParallel = s.parallel.gpus = 2;
        s.stack.virtualStages = 2;
        s.training.gradAccumSteps = 4;
        const PipelineShare first = pipelineShareOf(s, 0, 16, 0);
        QCOMPARE(first.layers, Count(8));
        QCOMPARE(first.heldLayers, Count(20));
        QCOMPARE(first.embeddingsInFlight, Count(3));
        // Rank 1: 0 + 2 + 1 = 3 forwards, chunks 0, 0, 1: 12 layers.
        QCOMPARE(pipelineShareOf(s, 1, 16, 0).heldLayers, Count(12));
    }

    void interleavedCountsEveryForwardInFlight()
    {
        // pipelineShareOf() counts the forwards in flight per chunk; walking them one by one
        // with forwardChunk() (Megatron's get_model_chunk_id()) must give the same layers, the
        // same first layers and the same embeddings, on uneven and weighted splits too.
        for (PipelineSplit split : { PipelineSplit::Even, PipelineSplit::Weighted })
            for (Count p : { 2, 3, 4, 8 })
                for (Count v : { 2, 3 })
                    for (Count m : { 1, 2, 5, 16, 40 }) {
                        const Count L = p * v * 3 + (split == PipelineSplit::Weighted ? 1 : 0);
                        Scenario s = llama(L);
                        s.parallel.pipelineParallel = s.parallel.gpus = p;
                        s.parallel.pipelineSplit = split;
                        s.stack.virtualStages = v;
                        s.training.gradAccumSteps = m;
                        for (Count rank = 0; rank < p; ++rank) {
                            Count held = 0, first = 0, embeddings = 0;
                            for (Count k = 0; k < forwardsInFlight(s, rank); ++k) {
                                const Count c = forwardChunk(k, p, v);
                                const Count start = chunkStart(s, rank + c * p), count = chunkLayers(s, rank + c * p);
                                held += count;
                                first += std::max<Count>(0, std::min(start + count, Count(5)) - start);
                                embeddings += rank == 0 && c == 0 ? 1 : 0;
                            }
                            const PipelineShare share = pipelineShareOf(s, rank, L, 5);
                            QCOMPARE(share.heldLayers, held);
                            QCOMPARE(share.heldFirstLayers, first);
                            QCOMPARE(share.embeddingsInFlight, embeddings);
                        }
                    }
    }

    void eachRankHoldsItsOwnParameters()
    {
        Scenario s = llama(7);
        s.parallel.pipelineParallel = s.parallel.gpus = 3;
        // Even: 3, 2, 2.
        QCOMPARE(resolve(pinned(s, 0)).share.parameters, kEmbedding + 3 * kLayer);
        QCOMPARE(resolve(pinned(s, 1)).share.parameters, 2 * kLayer);
        QCOMPARE(resolve(pinned(s, 2)).share.parameters, 2 * kLayer + kFinalNorm + kHead);
        // Weighted: 9 effective, 3 a stage: 2, 3, 2.
        s.parallel.pipelineSplit = PipelineSplit::Weighted;
        QCOMPARE(resolve(pinned(s, 0)).share.parameters, kEmbedding + 2 * kLayer);
        QCOMPARE(resolve(pinned(s, 1)).share.parameters, 3 * kLayer);
        QCOMPARE(resolve(pinned(s, 2)).share.parameters, 2 * kLayer + kFinalNorm + kHead);
        // Listed.
        QVERIFY(setPipelineSplit("1,1,5", s.parallel));
        QVERIFY(validate(s).empty());
        QCOMPARE(resolve(pinned(s, 2)).share.parameters, 5 * kLayer + kFinalNorm + kHead);
    }

    void ranksSplitTheSingleGpusActivations()
    {
        // p = 2 and m = 2 on 4 layers: rank 0 holds its 2 layers for 2 micro-batches, the 4
        // layers' worth one GPU holds; rank 1 its 2 layers once, and the head and loss one GPU
        // holds. Neither holds the other's end of the model.
        const Scenario one = llama(4);
        Scenario s = one;
        s.parallel.pipelineParallel = s.parallel.gpus = 2;
        s.training.gradAccumSteps = 2;
        const ActivationEstimate whole = estimate(one).activationDetail;
        const ActivationEstimate first = estimate(pinned(s, 0)).activationDetail;
        const ActivationEstimate last = estimate(pinned(s, 1)).activationDetail;
        QCOMPARE(first.layers, whole.layers);
        QCOMPARE(last.layers + last.layers, whole.layers);
        QCOMPARE(last.outsideHead, whole.outsideHead);
        QCOMPARE(first.outsideHead, bytes(0));
        QCOMPARE(first.lossForwardTransient, bytes(0));
        QCOMPARE(last.lossForwardTransient, whole.lossForwardTransient);
        // The embedding's tensors twice on rank 0 (one per micro-batch in flight), never on rank
        // 1; the tensors every layer reads (RoPE tables) on both, once per forward in flight.
        const TransformerTerms t = transformerTerms(one);
        QCOMPARE(first.outside, t.embedding + t.embedding + t.shared + t.shared);
        QCOMPARE(last.outside, t.shared + last.outsideHead);
    }

    void theHighestRankIsReported()
    {
        // A large vocabulary on thin layers: the last rank's logits and loss dominate.
        Scenario s = llama(4);
        s.model.vocab = 50'000;
        s.training.sequence = 512;
        s.parallel.pipelineParallel = s.parallel.gpus = 2;
        const Breakdown b = estimate(s);
        QCOMPARE(b.pipelineRank, Count(1));
        QCOMPARE(b.peak, estimate(pinned(s, 1)).peak);
        // By more than the 64 parameters of the final norm: the FP32 logits of 512 x 50,000.
        QVERIFY(estimate(pinned(s, 0)).peak + bytes(4 * 512 * 50'000) < b.peak);
        // A small vocabulary and many micro-batches in flight: the first rank.
        Scenario deep = llama(8);
        deep.parallel.pipelineParallel = deep.parallel.gpus = 4;
        deep.training.gradAccumSteps = 8;
        const Breakdown d = estimate(deep);
        QCOMPARE(d.pipelineRank, Count(0));
        Bytes highest = bytes(0);
        for (const PipelineRankPeak &r : pipelineRankPeaks(deep))
            highest = r.peak > highest ? r.peak : highest;
        QCOMPARE(allocatedPeak(deep, d), highest);
        // Pinned views describe the same rank.
        QCOMPARE(pinnedToPeakRank(s).parallel.pipelineRank, Count(1));
    }

    void validationNamesTheField()
    {
        Scenario s = llama(7);
        s.parallel.pipelineParallel = s.parallel.gpus = 3;
        QVERIFY(setPipelineSplit("3,4", s.parallel));
        QVERIFY(validate(s).hasField(Field::PipelineLayers)); // two counts for three stages
        QVERIFY(setPipelineSplit("3,3,3", s.parallel));
        QVERIFY(validate(s).hasField(Field::PipelineLayers)); // 9 layers, the model has 7
        s.parallel.pipelineParallel = s.parallel.gpus = 1;
        QVERIFY(setPipelineSplit("weighted", s.parallel));
        QVERIFY(validate(s).hasField(Field::PipelineLayers)); // no pipeline
        // Interleaving with a listed split: p x v counts, no divisibility of L asked.
        s.parallel.pipelineParallel = s.parallel.gpus = 2;
        s.stack.virtualStages = 2;
        QVERIFY(setPipelineSplit("2,2,2,1", s.parallel));
        QVERIFY(validate(s).empty());
    }

    void stepTimeWaitsForTheSlowestStage()
    {
        // 30 layers on 4 stages, even: 8, 8, 7, 7; the layers' work runs at 8 x 4 / 30.
        Scenario s = llama(30);
        s.parallel.pipelineParallel = s.parallel.gpus = 4;
        s.training.gradAccumSteps = 8;
        const StepTime t = stepTime(s, test::stepTimeCard(), StepTimeOptions{});
        QVERIFY(qAbs(t.stageImbalance - 32.0 / 30.0) < 1e-12);
        QVERIFY(t.stageImbalanceS > 0);
        s.model.layers = 32;
        QCOMPARE(stepTime(s, test::stepTimeCard(), StepTimeOptions{}).stageImbalanceS, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestPipelineStages)

#include "tst_pipelinestages.moc"
