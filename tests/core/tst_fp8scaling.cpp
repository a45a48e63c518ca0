// FP8 scaling: per tensor, per row, per MX block, and Transformer Engine's delayed scaling.
//
// Every expected value is derived by hand from the formats' definitions (OCP OFP8 rev. 1.0:
// E4M3 bias 7, largest finite 448 = 1.75 x 2^8, smallest subnormal 2^-9; E5M2 bias 15, largest
// finite 57344 = 1.75 x 2^15, smallest subnormal 2^-16), the OCP Microscaling spec v1.0
// (section 6.3: X = 2^(floor(log2 amax) - emax), E8M0 bits = exponent + 127, elements clamped to
// the largest normal), torchao's amax_to_scale and to_fp8_saturated (torchao/float8/
// float8_utils.py) and TE's delayed-scaling update (common/recipe/delayed_scaling.cu). Debian's
// PyTorch 1.13 has no float8 dtypes, so no torch measurement is possible here.

#include <headroom/numerics/fp8scaling.h>

#include <cmath>
#include <vector>

#include <QObject>
#include <QtTest>

using namespace headroom;

namespace {

constexpr NumberFormat E4M3 = NumberFormat::Fp8E4M3;
constexpr NumberFormat E5M2 = NumberFormat::Fp8E5M2;

// Two rows of one MX block each: row 0 holds 1.0 and one 256, row 1 holds only 2^-20.
std::vector<float> twoRowTensor()
{
    std::vector<float> v(64, 1.0F);
    v[5] = 256.0F;
    for (int i = 32; i < 64; ++i)
        v[std::size_t(i)] = std::ldexp(1.0F, -20);
    return v;
}

} // namespace

class TestFp8Scaling : public QObject
{
    Q_OBJECT

private slots:
    void scaleFromAmax()
    {
        QCOMPARE(amaxToScale(2.0, E4M3, false), 224.0F);              // 448 / 2
        QCOMPARE(amaxToScale(2.0, E4M3, true), 128.0F);               // 224 down to 2^7
        QCOMPARE(amaxToScale(1000.0, E5M2, false), float(57.344));    // 57344 / 1000 in FP32
        QCOMPARE(amaxToScale(1000.0, E5M2, true), 32.0F);
        QCOMPARE(amaxToScale(0.0, E4M3, false), float(448e12));       // amax clamped to 1e-12
    }

    void castWithTensorScale()
    {
        // 1.0 x 224 = 224 = 1.75 x 2^7: sign 0, exponent 7 + 7 = 1110, mantissa 110.
        ScaledCast c = castWithScale(1.0F, 224.0F, E4M3);
        QCOMPARE(c.encoding.bits, 0x76U);
        QVERIFY(!c.clamped);
        QCOMPARE(c.dequantized, 1.0);
        // 3 x 224 = 672 > 448: clamped to 448 = 0 1111 110, which reads back as 2.
        c = castWithScale(3.0F, 224.0F, E4M3);
        QVERIFY(c.clamped);
        QCOMPARE(c.encoding.bits, 0x7EU);
        QCOMPARE(c.dequantized, 2.0);
        // -3 x 224 clamps to -448.
        c = castWithScale(-3.0F, 224.0F, E4M3);
        QCOMPARE(c.encoding.bits, 0xFEU);
        // 2^-12 is below half of E4M3's smallest subnormal (2^-10): flushed to zero.
        c = castWithScale(std::ldexp(1.0F, -12), 1.0F, E4M3);
        QCOMPARE(c.encoding.stored, 0.0);
        QVERIFY(!c.clamped);
        // 1.5 x 2^-10 rounds to the smallest subnormal 2^-9 (bits 0x01): 33 % off.
        c = castWithScale(1.5F * std::ldexp(1.0F, -10), 1.0F, E4M3);
        QCOMPARE(c.encoding.bits, 0x01U);
        QCOMPARE(c.encoding.valueClass, ValueClass::Subnormal);
        // E5M2 keeps 2^-12 as a normal number (its normals reach down to 2^-14).
        c = castWithScale(std::ldexp(1.0F, -12), 1.0F, E5M2);
        QCOMPARE(c.encoding.valueClass, ValueClass::Normal);
        QCOMPARE(c.dequantized, std::ldexp(1.0, -12));
    }

    void mxBlockScales()
    {
        // floor(log2 1000) = 9; E4M3's emax is 8 (448 = 1.75 x 2^8): X = 2^1, E8M0 bits 128.
        MxScale s = mxBlockScale(1000.0, E4M3);
        QCOMPARE(s.exponent, 1);
        QCOMPARE(int(s.bits), 128);
        // 1000 / 2 = 500 passes 448: the spec clamps it, and it reads back as 896 (10.4 % low).
        ScaledCast c = castMxElement(1000.0F, s, E4M3);
        QVERIFY(c.clamped);
        QCOMPARE(c.encoding.bits, 0x7EU);
        QCOMPARE(c.dequantized, 896.0);
        // E5M2's emax is 15: X = 2^-6 (bits 121); 1000 x 64 = 64000 > 57344 = 0 11110 11.
        s = mxBlockScale(1000.0, E5M2);
        QCOMPARE(s.exponent, -6);
        QCOMPARE(int(s.bits), 121);
        c = castMxElement(1000.0F, s, E5M2);
        QVERIFY(c.clamped);
        QCOMPARE(c.encoding.bits, 0x7BU);
        QCOMPARE(c.dequantized, 896.0);
        // An amax of exactly 448 keeps X = 1 and the element exact.
        s = mxBlockScale(448.0, E4M3);
        QCOMPARE(s.exponent, 0);
        QCOMPARE(castMxElement(448.0F, s, E4M3).clamped, false);
        // An all-zero block takes the smallest scale, 2^-127 (bits 0); a huge amax stops at 2^127.
        QCOMPARE(mxBlockScale(0.0, E4M3).exponent, -127);
        QCOMPARE(int(mxBlockScale(0.0, E4M3).bits), 0);
        QCOMPARE(mxBlockScale(1e300, E4M3).exponent, 127);
        QCOMPARE(int(mxBlockScale(1e300, E4M3).bits), 254);
    }

    void tensorCastPerScaling()
    {
        const std::vector<float> v = twoRowTensor();
        // Per tensor, E4M3: scale 448 / 256 = 1.75; 1.75 and 448 are exact, while row 1's
        // 2^-20 x 1.75 = 1.67e-6 is below 2^-10 and all 32 flush to zero.
        Fp8CastCounts c = castTensorToFp8(v, 2, 32, E4M3, Fp8Scaling::PerTensor);
        QCOMPARE(c.elements, 64);
        QCOMPARE(c.clamped, 0);
        QCOMPARE(c.flushedToZero, 32);
        QCOMPARE(c.subnormal, 0);
        QCOMPARE(c.medianRelativeError, 0.0);
        QCOMPARE(c.scales, 1);
        QCOMPARE(c.scaleBytesPerElement(), 4.0 / 64);
        // Per tensor, E5M2: scale 57344 / 256 = 224; 224 x 2^-20 = 1.75 x 2^-13 is a normal.
        c = castTensorToFp8(v, 2, 32, E5M2, Fp8Scaling::PerTensor);
        QCOMPARE(c.flushedToZero, 0);
        QCOMPARE(c.medianRelativeError, 0.0);
        // Per row: row 0's scale 1.75 rounds down to 1; row 1's 448 x 2^20 down to 2^28, which
        // takes 2^-20 to 256: nothing flushes, nothing rounds.
        c = castTensorToFp8(v, 2, 32, E4M3, Fp8Scaling::PerRow);
        QCOMPARE(c.flushedToZero, 0);
        QCOMPARE(c.clamped, 0);
        QCOMPARE(c.worstRelativeError, 0.0);
        QCOMPARE(c.scales, 2);
        QCOMPARE(c.scaleBytesPerElement(), 8.0 / 64);
        // MX: row 0's block has amax 256 (X = 2^0), row 1's 2^-20 (X = 2^-28): both exact; two
        // one-byte E8M0 scales for 64 elements.
        c = castTensorToFp8(v, 2, 32, E4M3, Fp8Scaling::Block32);
        QCOMPARE(c.flushedToZero, 0);
        QCOMPARE(c.worstRelativeError, 0.0);
        QCOMPARE(c.scales, 2);
        QCOMPARE(c.scaleBytesPerElement(), 2.0 / 64);
    }

    void tensorCastRoundsAndClampsInBlocks()
    {
        // One block: 1000 and 31 values of 1.1 (BF16 1.1015625). X = 2; 1000 clamps (see above);
        // 1.1015625 / 2 = 0.55078125 rounds in E4M3 (spacing 2^-4 in [0.5, 1)) to 0.5625, which
        // reads back as 1.125: |1.125 - 1.1015625| / 1.1015625 = 2.1277 %.
        std::vector<float> v(32, 1.1015625F);
        v[0] = 1000.0F;
        const Fp8CastCounts c = castTensorToFp8(v, 1, 32, E4M3, Fp8Scaling::Block32);
        QCOMPARE(c.clamped, 1);
        QCOMPARE(c.flushedToZero, 0);
        QVERIFY(std::abs(c.medianRelativeError - (1.125 - 1.1015625) / 1.1015625) < 1e-15);
        // Per tensor the scale is 448 / 1000 = 0.448: 1000 lands on 448 without clamping.
        const Fp8CastCounts t = castTensorToFp8(v, 1, 32, E4M3, Fp8Scaling::PerTensor);
        QCOMPARE(t.clamped, 0);
    }

    void delayedScalingByHand()
    {
        // |x| = 100, 25.5, 25, 1, 5e-4; multipliers 1, 1, 4, 1, 1 (a spike at step 2); E4M3.
        const std::vector<float> values { 100.0F, -25.5F, 25.0F, 1.0F, 5e-4F };
        const std::vector<double> m { 1, 1, 4, 1, 1 };
        DelayedScalingConfig config;
        config.historyLength = 2;
        const DelayedScalingTrace t = simulateDelayedScaling(values, m, config);
        QCOMPARE(int(t.steps.size()), 5);
        // Step 0 casts with scale 1: 5e-4 <= 2^-10 flushes.
        QCOMPARE(t.steps[0].scale, 1.0F);
        QCOMPARE(t.steps[0].flushedShare, 0.2);
        QCOMPARE(t.steps[0].clampedShare, 0.0);
        // Steps 1 and 2 use 448 / 100 = 4.48 (FP32). Step 1: 100 x 4.48 = 448 in FP32, no clamp;
        // 5e-4 x 4.48 = 2.24e-3 survives.
        QCOMPARE(t.steps[1].scale, 448.0F / 100.0F);
        QCOMPARE(t.steps[1].clampedShare, 0.0);
        QCOMPARE(t.steps[1].flushedShare, 0.0);
        // Step 2 (x 4): 400 and 102 pass 448 after x 4.48; 100 x 4.48 = 448 does not.
        QCOMPARE(t.steps[2].scale, 448.0F / 100.0F);
        QCOMPARE(t.steps[2].amax, 400.0);
        QCOMPARE(t.steps[2].clampedShare, 0.4);
        // Steps 3 and 4: the history (length 2) still holds 400: scale 1.12, and 5e-4 x 1.12 =
        // 5.6e-4 flushes again.
        QCOMPARE(t.steps[3].scale, 448.0F / 400.0F);
        QCOMPARE(t.steps[4].scale, 448.0F / 400.0F);
        QCOMPARE(t.steps[4].flushedShare, 0.2);
        QCOMPARE(t.stepsWithClamping, 1);
        QCOMPARE(t.worstClampedShare, 0.4);

        // With a history of one step the scale recovers at step 4.
        config.historyLength = 1;
        const DelayedScalingTrace one = simulateDelayedScaling(values, m, config);
        QCOMPARE(one.steps[3].scale, 448.0F / 400.0F);
        QCOMPARE(one.steps[4].scale, 448.0F / 100.0F);
        // A margin of 1 halves every scale: step 2 then clamps only 400 (x 2.24 = 896).
        config.historyLength = 2;
        config.margin = 1;
        const DelayedScalingTrace margin = simulateDelayedScaling(values, m, config);
        QCOMPARE(margin.steps[1].scale, 224.0F / 100.0F);
        QCOMPARE(margin.steps[2].clampedShare, 0.2);
    }

    void delayedScalingKeepsScaleOnZeroAmax()
    {
        // An all-zero step leaves the scale where it was (amax 0 is skipped by TE's update).
        const std::vector<float> values { 2.0F };
        const std::vector<double> m { 1, 0, 1 };
        DelayedScalingConfig config;
        config.historyLength = 1;
        const DelayedScalingTrace t = simulateDelayedScaling(values, m, config);
        QCOMPARE(t.steps[1].scale, 224.0F);
        QCOMPARE(t.steps[2].scale, 224.0F);
    }

    void sampleIsFiniteAndSeeded()
    {
        Fp8TensorModel model;
        model.median = 1e12;
        model.sigmaDecades = Fp8Limits::maxSigmaDecades;
        model.rowSpreadDecades = Fp8Limits::maxRowSpreadDecades;
        model.rows = 16;
        model.cols = 64;
        QVERIFY(!validateFp8Tensor(model));
        const std::vector<float> a = sampleFp8Tensor(model);
        QCOMPARE(int(a.size()), 16 * 64);
        for (float x : a)
            QVERIFY(std::isfinite(x) && x != 0);
        QVERIFY(a == sampleFp8Tensor(model));
        model.seed = 2;
        QVERIFY(a != sampleFp8Tensor(model));
    }

    void validationNamesTheField()
    {
        Fp8TensorModel model;
        model.cols = 48;
        QCOMPARE(validateFp8Tensor(model)->field, Fp8Field::Cols);
        model.cols = 64;
        model.median = std::nan("");
        QCOMPARE(validateFp8Tensor(model)->field, Fp8Field::Median);
        model.median = 1;
        model.sigmaDecades = 2.5;
        const auto issue = validateFp8Tensor(model);
        QCOMPARE(issue->field, Fp8Field::Spread);
        QCOMPARE(issue->max, 2.0);

        DelayedScalingConfig config;
        config.historyLength = 0;
        QCOMPARE(validateDelayedScaling(config)->field, Fp8Field::HistoryLength);
        config.historyLength = 16;
        config.element = NumberFormat::Bf16;
        QCOMPARE(validateDelayedScaling(config)->field, Fp8Field::Format);
        config.element = E5M2;
        config.spikeFactor = 0.5;
        QCOMPARE(validateDelayedScaling(config)->field, Fp8Field::SpikeFactor);
    }
};

QTEST_APPLESS_MAIN(TestFp8Scaling)
#include "tst_fp8scaling.moc"
