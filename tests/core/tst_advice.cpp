// advise(): the article's OOM rescue order (section 4.2), each step's saving worked out by hand.

#include <QtTest>

#include <headroom/planning/advice.h>
#include <headroom/memory/estimate.h>

using namespace headroom;

namespace {

// The article's 7B (P = 7e9, L = 32, H = 4096, A = 32, S = 2048), fp16 + FP32 master + Adam:
// 112e9 bytes of model states; one layer's activations 1,124,073,472 bytes at B = 1, so
// 35,970,351,104 for 32 layers; no runtime overhead.
Scenario brief7B(Count batch)
{
    Scenario s;
    s.model.paramsOverride = 7'000'000'000;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.training.microBatch = batch;
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

// LLaMA-2 7B (embedding V x H = 131,072,000, the largest module; gate/up 4096 x 11008).
Scenario llama7b()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.ffn = 11008;
    s.model.vocab = 32000;
    s.overhead = { bytes(0), bytes(0) };
    // DeepSpeed's conventions: ZeRO-3 gathers the largest module, a 5e8-element reduce bucket.
    s.stack.stack = TrainingStack::DeepSpeed;
    // As DeepSpeed's estimators count ZeRO-3: no prefetch bucket, no unpartitioned parameters.
    s.stack.prefetchBucket = 0;
    s.stack.persistenceThreshold = 0;
    return s;
}

} // namespace

class TestAdvice : public QObject
{
    Q_OBJECT

private slots:
    void divisors()
    {
        QCOMPARE(largestDivisorAtMost(12, 5), Count(4));
        QCOMPARE(largestDivisorAtMost(12, 7), Count(6));
        QCOMPARE(largestDivisorAtMost(7, 3), Count(1));
        QCOMPARE(largestDivisorAtMost(64, 42), Count(32));
        QCOMPARE(largestDivisorAtMost(8, 8), Count(8));
        QCOMPARE(largestDivisorAtMost(8, 0), Count(1));
    }

    void singleGpuRescue()
    {
        // One A100 80GB (81,920 MiB = 85,899,345,920 bytes), B = 4: peak 112e9 + 4 x
        // 35,970,351,104 = 255,881,404,416.
        Scenario s = brief7B(4);
        s.gpu.capacity = bytes(Count(81'920) * kMiB);
        Advice advice[kMaxAdvice];
        const int n = advise(s, advice, kMaxAdvice);
        QCOMPARE(n, 3);
        // 1. Even B = 1 does not fit (112e9 alone exceeds the card), so B = 1 with 4 accumulation
        //    steps (the global batch stays 4): saves 3 x 35,970,351,104 = 107,911,053,312.
        QCOMPARE(advice[0].kind, AdviceKind::ReduceMicroBatch);
        QCOMPARE(advice[0].after.training.microBatch, Count(1));
        QCOMPARE(advice[0].after.training.gradAccumSteps, Count(4));
        QCOMPARE(countOf(advice[0].saving), Count(107'911'053'312));
        QVERIFY(!advice[0].fitsAfter);
        // 2. Full checkpointing: 35,970,351,104 -> 32 inputs of 2 x 2048 x 4096 = 536,870,912
        //    + one layer 1,124,073,472 = 1,660,944,384: saves 34,309,406,720.
        QCOMPARE(advice[1].kind, AdviceKind::EnableCheckpointing);
        QCOMPARE(advice[1].after.training.recompute, Recompute::Full);
        QCOMPARE(countOf(advice[1].saving), Count(34'309'406'720));
        QVERIFY(!advice[1].fitsAfter);
        // 3. No ZeRO step on one GPU. Offload at ZeRO-2: the GPU keeps the 2P = 14e9 fp16
        //    weights and gains the 1e9-byte reduce bucket; gradients, master and moments (98e9)
        //    leave: 112e9 -> 15e9, saves 97,000,000,000; peak 16,660,944,384: fits.
        QCOMPARE(advice[2].kind, AdviceKind::Offload);
        QCOMPARE(advice[2].after.parallel.zero, ZeroStage::Stage2);
        QCOMPARE(advice[2].after.parallel.offload, Offload::Optimizer);
        QCOMPARE(countOf(advice[2].saving), Count(97'000'000'000));
        QVERIFY(advice[2].fitsAfter);
        QCOMPARE(countOf(estimate(advice[2].after).peak), Count(16'660'944'384));
    }

    void zeroStageWithReplicas()
    {
        // 8 GPUs of an A100 40GB (42,949,672,960 bytes), B = 1, already checkpointing: ZeRO-0
        // holds 112e9 + 1,660,944,384. ZeRO-1 over 8: 2P + 2P + 12P / 8 = 28e9 + 10.5e9, + bucket
        // 1e9 + activations = 41,160,944,384: fits; saves 113,660,944,384 - 41,160,944,384 =
        // 72,500,000,000.
        Scenario s = brief7B(1);
        s.training.recompute = Recompute::Full;
        s.parallel.gpus = 8;
        s.gpu.capacity = bytes(Count(40'960) * kMiB);
        Advice advice[kMaxAdvice];
        const int n = advise(s, advice, kMaxAdvice);
        QCOMPARE(n, 1);
        QCOMPARE(advice[0].kind, AdviceKind::ZeroStage);
        QCOMPARE(advice[0].after.parallel.zero, ZeroStage::Stage1);
        QCOMPARE(countOf(advice[0].saving), Count(72'500'000'000));
        QVERIFY(advice[0].fitsAfter);
    }

    void smallerBatchThatFits()
    {
        // ZeRO-3 over 8 H100s, full recompute: 15,524,288,000 fixed + 1,660,944,384 per sequence
        // fits up to B = 42 (tst_fitsearch). From B = 64 the largest divisor of 64 that fits is
        // 32, with 2 accumulation steps: saves 32 x 1,660,944,384 = 53,150,220,288.
        Scenario s = brief7B(64);
        s.training.recompute = Recompute::Full;
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage3;
        s.gpu.capacity = bytes(Count(81'559) * kMiB);
        Advice advice[kMaxAdvice];
        QCOMPARE(advise(s, advice, kMaxAdvice), 1);
        QCOMPARE(advice[0].kind, AdviceKind::ReduceMicroBatch);
        QCOMPARE(advice[0].after.training.microBatch, Count(32));
        QCOMPARE(advice[0].after.training.gradAccumSteps, Count(2));
        QCOMPARE(countOf(advice[0].saving), Count(53'150'220'288));
        QVERIFY(advice[0].fitsAfter);
    }

    void loraThenQlora()
    {
        // LLaMA-2 7B already on ZeRO-3 with everything offloaded, one GPU, S = 512, full
        // recompute, a 2e8-element bucket (400,000,000 bytes). On the GPU: the gathered embedding
        // 2 x 131,072,000 = 262,144,000 and its gradients 262,144,000, the bucket, activations
        // 32 x 2 x 512 x 4096 = 134,217,728 + one layer 2 x (19 x 512 x 4096 + 3 x 32 x 512^2) =
        // 130,023,424: peak 1,188,529,152.
        Scenario s = llama7b();
        s.training.sequence = 512;
        s.training.recompute = Recompute::Full;
        s.parallel.zero = ZeroStage::Stage3;
        s.parallel.offload = Offload::OptimizerAndParams;
        s.parallel.reduceBucket = 200'000'000;
        QCOMPARE(countOf(estimate(s).peak), Count(1'188'529'152));
        // LoRA (r 16 on q, v) freezes the embedding: no gradients for it (-262,144,000); the
        // adapters add one layer's A outputs under recompute, 2 x 512 x 32 = 32,768:
        // saves 262,111,232, peak 926,417,920.
        s.gpu.capacity = bytes(1'000'000'000);
        Advice advice[kMaxAdvice];
        QCOMPARE(advise(s, advice, kMaxAdvice), 1);
        QCOMPARE(advice[0].kind, AdviceKind::Lora);
        QCOMPARE(countOf(advice[0].saving), Count(262'111'232));
        QVERIFY(advice[0].fitsAfter);
        // QLoRA does not help here: ZeRO-3 gathers the largest module, the embedding, which
        // stays 16-bit under QLoRA (262,144,000); one gate/up matrix is dequantized on top,
        // 2 x 4096 x 11008 = 90,177,536; and the quantization constants stay on the GPU when
        // the codes are offloaded: 32 x 202,375,168 = 6,476,005,376 quantized weights x (2113 -
        // 2048)/4096 bytes = 102,768,640. So no QLoRA step is offered after LoRA.
        s.gpu.capacity = bytes(850'000'000);
        QCOMPARE(advise(s, advice, kMaxAdvice), 1);
        QCOMPARE(advice[0].kind, AdviceKind::Lora);
        QVERIFY(!advice[0].fitsAfter);
        Scenario qlora = advice[0].after;
        qlora.lora.mode = AdapterMode::Qlora;
        QCOMPARE(countOf(estimate(qlora).peak), Count(926'417'920 + 90'177'536 + 102'768'640));
    }

    void nothingWhenItFits()
    {
        Scenario s = brief7B(1);
        s.gpu.capacity = bytes(Count(1) << 40);
        Advice advice[kMaxAdvice];
        QCOMPARE(advise(s, advice, kMaxAdvice), 0);
        s.gpu.capacity = bytes(0); // no GPU, no verdict
        QCOMPARE(advise(s, advice, kMaxAdvice), 0);
        // Capacity bounds what is written.
        s = brief7B(4);
        s.gpu.capacity = bytes(Count(81'920) * kMiB);
        QCOMPARE(advise(s, advice, 2), 2);
    }

    void nothingHelps()
    {
        // A 1,000-byte GPU: every step lowers the peak yet none fits; the list runs to the end
        // (checkpointing, offload, LoRA, QLoRA) and says so.
        Scenario s = llama7b();
        s.gpu.capacity = bytes(1000);
        Advice advice[kMaxAdvice];
        const int n = advise(s, advice, kMaxAdvice);
        QVERIFY(n >= 3);
        for (int i = 0; i < n; ++i) {
            QVERIFY(!advice[i].fitsAfter);
            QVERIFY(advice[i].saving > bytes(0));
        }
        QCOMPARE(advice[0].kind, AdviceKind::EnableCheckpointing);
    }
};

QTEST_APPLESS_MAIN(TestAdvice)
#include "tst_advice.moc"
