// The GEMMs' shape model (planning/gemmshape.h), every figure worked out by hand from NVIDIA's
// tile and wave quantization (Matrix Multiplication Background User's Guide, sections 2.3 and 3)
// and the roofline's memory bound.

#include <QtTest>

#include <cmath>

#include <headroom/planning/gemmshape.h>
#include <headroom/planning/steptime.h>

#include "steptimecard.h"

using namespace headroom;

namespace {

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); }

// A LLaMA layout whose every GEMM is 8,192 on each side at B = 1, S = 8,192: H = F = V = 8,192,
// 64 heads of 128 without grouping.
Scenario squareModel()
{
    Scenario s = test::stepTimeLlama();
    s.model.hidden = 8192;
    s.model.heads = 64;
    s.model.kvHeads = 64;
    s.model.ffn = 8192;
    s.model.vocab = 8192;
    s.training.sequence = 8192;
    s.training.microBatch = 1;
    return s;
}

GpuSpec hopperLike()
{
    GpuSpec g = test::stepTimeCard();
    g.tflopsBf16 = g.tflopsFp16 = 989;
    g.hbmGBps = 3350;
    g.sms = 132;
    return g;
}

} // namespace

class TestGemmShape : public QObject
{
    Q_OBJECT

private slots:
    void tilesAndWaves()
    {
        // 8,192 x 8,192 outputs on 132 SMs: 256 x 128 tiles make 32 x 64 = 2,048 blocks, 16 waves
        // (15.5 full); 128 x 128 tiles 4,096 blocks, 32 waves. Either way 8,192^2 / (16 x 132 x
        // 32,768) = 0.969697 of the waves' work is the GEMM's.
        QVERIFY(near(tileWaveShare(8192, 8192, 132), 67108864.0 / (16 * 132 * 32768.0)));
        // 4,096 x 512: 256 x 128 and 128 x 256 give 64 blocks, one wave half empty (0.4848);
        // 128 x 128 gives 128 blocks, one wave of 132: 2,097,152 / (132 x 16,384) = 0.9697.
        QVERIFY(near(tileWaveShare(4096, 512, 132), 2097152.0 / (132 * 16384.0)));
        // An edge tile costs a whole one: 129 x 128 on 132 SMs is two 128 x 128 blocks in one
        // wave, 16,512 / (132 x 16,384) (one 256 x 128 block would take twice a 128 x 128's time).
        QVERIFY(near(tileWaveShare(129, 128, 132), 16512.0 / (132 * 16384.0)));
        // Without an SM count nothing is quantized.
        QCOMPARE(tileWaveShare(129, 128, 0), 1.0);
    }

    void splitKAndMemoryBound()
    {
        // 1,024 x 1,024 outputs, k = 8,192, on 132 SMs: 64 blocks of 128 x 128 fill half a wave;
        // cut k in two (slices of 4,096 >= 256), 128 blocks fill 0.9697 of one. At 1e15 x 0.8:
        // 2 x 1,024^2 x 8,192 / (1e15 x 0.8 x 0.9697) s. Its bytes, (2 x 1,024 x 8,192) x 2 + 1,024^2 x 2
        // = 35,651,584 at 3.35e12 B/s, take less.
        const GemmCard card{ 1e15, 0.8, 132, 3.35e12, 2 };
        const double share = 2 * 1048576.0 / (132 * 16384.0);
        QVERIFY(near(gemmSeconds({ 1024, 1024, 8192 }, card), 2 * 1048576.0 * 8192 / (1e15 * 0.8 * share)));
        // A router-like GEMM, 4,096 tokens x 8 outputs over k = 4,096, is memory-bound: it reads
        // 4,096 x 4,096 + 4,096 x 8 elements and writes 4,096 x 8, 2 bytes each: 33,685,504 bytes.
        QVERIFY(near(gemmSeconds({ 4096, 8, 4096 }, card), 33685504.0 / 3.35e12));
        // FP8 inputs are one byte, the output two: (4,096 x 4,096 + 4,096 x 8) + 4,096 x 8 x 2.
        const GemmCard fp8{ 2e15, 0.8, 132, 3.35e12, 1 };
        QVERIFY(near(gemmSeconds({ 4096, 8, 4096 }, fp8), (16777216.0 + 32768 + 65536) / 3.35e12));
    }

    void tinyModelIsMemoryBound()
    {
        // steptimecard.h's LLaMA, B = 1, S = 32: every GEMM of 32 tokens is memory-bound on the
        // made-up card (5e13 FLOP/s achievable, 1e12 B/s). An (a x b) (b x c) GEMM moves
        // 2 (ab + bc + ac) bytes in 16 bits, the same for its three passes:
        //   q, k, v, o (64 x 64, 32 tokens): 2 (2,048 + 4,096 + 2,048) = 16,384 bytes, 262,144 FLOPs;
        //   gate, up, down (64 x 128): 2 (2,048 + 8,192 + 4,096) = 28,672 bytes, 524,288 FLOPs;
        //   the head (64 x 100): 2 (2,048 + 6,400 + 3,200) = 23,296 bytes, 409,600 FLOPs.
        // Layers: 2 x 3 passes x (4 x 16,384 + 3 x 28,672) = 909,312 bytes; head 3 x 23,296 =
        // 69,888: 979,200 bytes. FLOPs: 2 x 3 x (4 x 262,144 + 3 x 524,288) + 3 x 409,600 = 16,957,440.
        const Scenario s = test::stepTimeLlama();
        const GpuSpec g = test::stepTimeCard();
        GemmShapeSlowdowns q = gemmShapeSlowdowns(s, g, 1e14, 0);
        QVERIFY(near(q.layers.modelledS + q.head.modelledS, 979200.0 / 1e12));
        QVERIFY(near(q.layers.idealS + q.head.idealS, 16957440.0 / 5e13));
        QVERIFY(near(q.head.slowdown(), (69888.0 / 1e12) / (1228800.0 / 5e13)));
        // FP8 layer linears at 1e14 achievable: inputs one byte, outputs two. Per layer, q/k/v/o:
        // forward (2,048 + 4,096) + 4,096, input gradient the same, weight gradient (2,048 +
        // 2,048) + 8,192: 32,768 each; gate and up: 18,432 + 16,384 + 22,528 = 57,344 each; down
        // 16,384 + 18,432 + 22,528 = 57,344. Two layers: 2 x (4 x 32,768 + 3 x 57,344) = 606,208.
        Scenario f = s;
        f.training.precision.fp8 = Fp8Recipe::Tensorwise;
        q = gemmShapeSlowdowns(f, g, 1e14, 2e14);
        QVERIFY(near(q.layers.modelledS, 606208.0 / 1e12));
        QVERIFY(near(q.layers.idealS, 15728640.0 / 1e14));
        // A frozen base computes no weight gradients: two passes of each layer GEMM; the head,
        // not trained, neither.
        Scenario lora = s;
        lora.lora.mode = AdapterMode::Lora;
        q = gemmShapeSlowdowns(lora, g, 1e14, 0);
        QVERIFY(near(q.layers.modelledS, 2 * 2 * (4 * 16384.0 + 3 * 28672) / 1e12));
        QVERIFY(near(q.head.modelledS, 2 * 23296.0 / 1e12));
    }

    void wavesOfASquareModel()
    {
        // Every GEMM of squareModel() is 8,192 on each side, compute-bound, 0.969697 of the waves
        // used (tilesAndWaves): the step's matmuls take 16 x 132 x 32,768 / 8,192^2 = 1.03125
        // times their FLOPs at the card's best rate.
        const Scenario s = squareModel();
        const GpuSpec g = hopperLike();
        QVERIFY(near(gemmShapeSlowdowns(s, g, 989e12, 0).layers.slowdown(), 1.03125));
        const StepTime t = stepTime(s, g, {});
        QVERIFY(near(t.gemmShapeSlowdown, 1.03125));
        // Without an SM count the same card's GEMMs run at its best rate.
        GpuSpec unknown = g;
        unknown.sms = 0;
        QCOMPARE(stepTime(s, unknown, {}).gemmShapeSlowdown, 1.0);
        QVERIFY(near(t.matmulS - t.attentionS, (stepTime(s, unknown, {}).matmulS - t.attentionS) * 1.03125));
    }

    void tensorParallelShardsAndExperts()
    {
        // t = 8 cuts q/k/v/gate/up by their outputs and o/down by their inputs: 8,192 x 1,024
        // GEMMs. 256 x 128 tiles: 32 x 8 = 256 blocks, 2 waves; 128 x 128: 512 blocks, 4 waves;
        // each 8,388,608 / (2 x 132 x 32,768) = 0.969697: the slowdown stays 1.03125. The weight
        // gradient (8,192 x 1,024 over k = 8,192) likewise; the head's 8,192 x 1,024 too.
        Scenario s = squareModel();
        s.parallel.gpus = 8;
        s.parallel.tensorParallel = 8;
        QVERIFY(near(gemmShapeSlowdowns(s, hopperLike(), 989e12, 0).layers.slowdown(), 1.03125));
        // At B S = 1,024 tokens and t = 8, forward GEMMs are 1,024 x 1,024 over k = 8,192: 64
        // blocks of 128 x 128 on 132 SMs, which split-K fills (128 blocks, 0.9697); nothing is
        // slower than 1 / 0.9697 (the 8,192-wide ones fill 2 or 4 waves as above; none reaches the
        // memory bound): 1.03125 again. A big GEMM is never split (its tiles fill the SMs).
        s.training.sequence = 1024;
        QVERIFY(near(gemmShapeSlowdowns(s, hopperLike(), 989e12, 0).layers.slowdown(), 1.03125));
    }
};

QTEST_GUILESS_MAIN(TestGemmShape)
#include "tst_gemmshape.moc"
