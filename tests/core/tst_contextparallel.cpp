// Context parallelism (scenario.h, ContextParallelKind), each figure worked out by hand on a model
// small enough to count: LLaMA layout, L = 2, H = 64, A = 4 query heads, KV = 2 (grouped), d = 16,
// F = 128, V = 100, pure BF16 (2 bytes), flash attention, B = 1, S = 128.
//   Under c = 4 each GPU holds S_c = 32 tokens of every activation.
//   Its own K and V (kv): 2 x B x S_c x KV x d x 2 bytes = 2 x 32 x 2 x 16 x 2 = 4,096 bytes
//   Its queries, and the output (q):   B x S_c x A x d x 2 = 32 x 4 x 16 x 2 = 4,096 bytes
//   Its log-sum-exp (FP32):            B x A x S_c x 4    = 4 x 32 x 4       = 512 bytes
// Ring (Transformer Engine's p2p): forward holds c received blocks with each step's output and
// log-sum-exp, 4 x (4,096 + 4,096 + 512) = 34,816; backward 4 kv + a dq buffer = 20,480.
// All-gather: the attention saves the gathered K and V, 3 x 4,096 = 12,288 more per layer than
// the GPU's own; backward writes whole-length dK and dV, 4 x 4,096 = 16,384.
// Ulysses: an all-to-all holds its input and a permuted copy beside its output, 2 x 4,096 = 8,192
// in each direction; with 2 KV heads on 4 GPUs DeepSpeed repeats them to one head a GPU, so the
// saved K and V are B x S x 1 x d each, 2 x 128 x 16 x 2 = 8,192 bytes: 4,096 more than kv.

#include <QtTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/resolved.h>
#include <headroom/memory/transformeractivations.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptime.h>

#include "steptimecard.h"

using namespace headroom;

namespace {

Scenario tinyLlama()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 2;
    s.model.hidden = 64;
    s.model.heads = 4;
    s.model.kvHeads = 2;
    s.model.ffn = 128;
    s.model.vocab = 100;
    s.training.microBatch = 1;
    s.training.sequence = 128;
    s.training.precision.recipe = Recipe::Bf16Pure;
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.profile = ImplementationProfile::HfSdpa;
    s.activations.attention = AttentionKernel::Flash;
    return s;
}

Scenario withContext(Scenario s, Count c, ContextParallelKind kind)
{
    s.parallel.contextParallel = c;
    s.parallel.contextKind = kind;
    s.parallel.gpus = c;
    return s;
}

// The same run without context parallelism, on S / c tokens: what every activation but the
// exchanged K/V is under context parallelism.
Scenario localTokens(Scenario s, Count c)
{
    s.training.sequence /= c;
    return s;
}

Count layerBytes(const Scenario &s) { return countOf(transformerTerms(s).layerActivations); }

} // namespace

class TestContextParallel : public QObject
{
    Q_OBJECT

private slots:
    void degreesSplitTheGpus()
    {
        Parallelism p;
        p.gpus = 64;
        p.tensorParallel = 2;
        p.pipelineParallel = 2;
        p.contextParallel = 4;
        QCOMPARE(p.shardingGroup(), Count(16)); // 64 / (2 x 2): data- and context-parallel together
        QCOMPARE(p.dataParallel(), Count(4));   // 16 / 4 replicas
        Scenario s = tinyLlama();
        s.training.sequence = 1024;
        s.parallel = p;
        QCOMPARE(sequencePerGpu(s), Count(256));
        // ZeRO and FSDP shard over the 16 (resolve()'s sharding degree).
        QCOMPARE(resolve(s).dataParallel, Count(16));
    }

    void ringKeepsOnlyItsOwnKv()
    {
        const Scenario s = withContext(tinyLlama(), 4, ContextParallelKind::Ring);
        QCOMPARE(layerBytes(s), layerBytes(localTokens(tinyLlama(), 4)));
        const TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.contextForward), Count(34'816));
        QCOMPARE(countOf(t.contextBackward), Count(20'480));
        QVERIFY(t.layerForwardTransient >= t.contextForward);
        // Backward's exchange joins the layer's other backward scratch.
        QCOMPARE(countOf(t.layerBackwardTransient),
                 countOf(transformerTerms(localTokens(tinyLlama(), 4)).layerBackwardTransient) + 20'480);
    }

    void allGatherSavesTheGatheredKv()
    {
        const Scenario s = withContext(tinyLlama(), 4, ContextParallelKind::AllGather);
        QCOMPARE(layerBytes(s), layerBytes(localTokens(tinyLlama(), 4)) + 12'288);
        const TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.contextForward), Count(0)); // the gathered K/V are the saved ones
        QCOMPARE(countOf(t.contextBackward), Count(16'384));
        // Under full recompute nothing is saved in forward, so the gathered K/V are scratch.
        Scenario full = s;
        full.training.recompute = Recompute::Full;
        QCOMPARE(countOf(transformerTerms(full).contextForward), Count(16'384));
    }

    void ulyssesRepeatsTooFewKvHeads()
    {
        const Scenario s = withContext(tinyLlama(), 4, ContextParallelKind::Ulysses);
        QCOMPARE(layerBytes(s), layerBytes(localTokens(tinyLlama(), 4)) + 4'096);
        const TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.contextForward), Count(8'192));
        QCOMPARE(countOf(t.contextBackward), Count(8'192));
        // With c = 2 each GPU gets one of the two KV heads: nothing repeated.
        const Scenario two = withContext(tinyLlama(), 2, ContextParallelKind::Ulysses);
        QCOMPARE(layerBytes(two), layerBytes(localTokens(tinyLlama(), 2)));
    }

    void stackDefaults()
    {
        Scenario s = withContext(tinyLlama(), 2, ContextParallelKind::StackDefault);
        s.stack.stack = TrainingStack::Megatron;
        QCOMPARE(contextParallelKindOf(s), ContextParallelKind::Ring);
        s.stack.stack = TrainingStack::DeepSpeed;
        QCOMPARE(contextParallelKindOf(s), ContextParallelKind::Ulysses);
        s.stack.stack = TrainingStack::Fsdp2;
        QCOMPARE(contextParallelKindOf(s), ContextParallelKind::AllGather);
    }

    void eagerBecomesFused()
    {
        // No context-parallel attention forms the score matrix: eager is taken as flash.
        Scenario eager = withContext(tinyLlama(), 4, ContextParallelKind::Ring);
        eager.activations.attention = AttentionKernel::Eager;
        QCOMPARE(attentionKernelOf(eager), AttentionKernel::Flash);
        QCOMPARE(layerBytes(eager), layerBytes(withContext(tinyLlama(), 4, ContextParallelKind::Ring)));
    }

    void lossOverLocalTokens()
    {
        // The logits and the loss hold this GPU's tokens only.
        const TransformerTerms cp = transformerTerms(withContext(tinyLlama(), 4, ContextParallelKind::Ring));
        const TransformerTerms local = transformerTerms(localTokens(tinyLlama(), 4));
        QCOMPARE(cp.loss, local.loss);
        QCOMPARE(cp.lmHead, local.lmHead);
    }

    void statesShardOverDataAndContext()
    {
        // ZeRO-3 over 8 GPUs: the same shard whether they are 8 replicas or 2 replicas of 4.
        Scenario plain = tinyLlama();
        plain.training.sequence = 32;
        plain.parallel.gpus = 8;
        plain.parallel.zero = ZeroStage::Stage3;
        Scenario cp = plain;
        cp.training.sequence = 128;
        cp.parallel.contextParallel = 4;
        cp.parallel.contextKind = ContextParallelKind::Ring;
        QCOMPARE(placeModelStates(cp).sharded.parameters, placeModelStates(plain).sharded.parameters);
        QCOMPARE(placeModelStates(cp).dataParallel, Count(8));
    }

    void stepTimeExchange()
    {
        // tst_steptime's card: NVLink 100 GB/s across 8 GPUs, links at 80 %.
        const GpuSpec g = test::stepTimeCard();
        Scenario s = withContext(tinyLlama(), 4, ContextParallelKind::AllGather);
        s.parallel.gpus = 8; // two replicas of four
        const StepTime t = stepTime(s, g, StepTimeOptions{});
        // Two replicas of one 128-token sequence a step.
        QCOMPARE(t.tokensPerStep, 256.0);
        // Whole K/V 2 x 128 x 2 x 16 x 2 = 16,384 bytes; (c-1)/c of it in forward (12,288),
        // twice that in backward: 36,864 a layer, 2 layers, over NVLink at 80 % of 100 GB/s.
        QVERIFY(qAbs(t.contextParallelS - 73'728.0 / 80e9) < 1e-15);
        QVERIFY(t.communicationS >= t.contextParallelS);
    }

    void validation()
    {
        Scenario s = withContext(tinyLlama(), 4, ContextParallelKind::Ring);
        QVERIFY(validate(s).empty());
        s.training.sequence = 100; // not a multiple of 2c = 8
        QVERIFY(validate(s).hasField(Field::Sequence));
        s = withContext(tinyLlama(), 4, ContextParallelKind::Ulysses);
        s.training.sequence = 132; // a multiple of c = 4 is enough for Ulysses
        QVERIFY(!validate(s).hasField(Field::Sequence));
        s = withContext(tinyLlama(), 4, ContextParallelKind::Ring);
        s.parallel.gpus = 6;
        QVERIFY(validate(s).hasField(Field::Gpus));
        s = withContext(tinyLlama(), 4, ContextParallelKind::Ring);
        s.activations.model = ActivationModelKind::Textbook;
        QVERIFY(validate(s).hasField(Field::ContextParallel));
        s = withContext(tinyLlama(), 4, ContextParallelKind::Ring);
        s.model.family = BlockFamily::Gpt2;
        QVERIFY(validate(s).hasField(Field::ContextParallel));
        s = withContext(tinyLlama(), 4, ContextParallelKind::Ring);
        s.training.method = TrainingMethod::Dpo;
        QVERIFY(validate(s).hasField(Field::ContextParallel));
        // Ulysses over 8 GPUs cannot split 4 query heads.
        s = withContext(tinyLlama(), 8, ContextParallelKind::Ulysses);
        QVERIFY(validate(s).hasField(Field::ContextParallel));
        s = withContext(tinyLlama(), 0, ContextParallelKind::Ring);
        s.parallel.gpus = 1;
        QVERIFY(validate(s).hasField(Field::ContextParallel));
    }
};

QTEST_APPLESS_MAIN(TestContextParallel)
#include "tst_contextparallel.moc"
