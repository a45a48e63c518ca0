// The sweep behind the charts: the values it visits and the breakdowns it returns.
//
// Expected activations are the article's textbook formula 2 × (19·B·S·H + 3·B·A·S²) × L for the
// 7B example (L = 32, H = 4096, A = 32, B = 1), worked out by hand (and in Python) below.

#include <headroom/memory/estimate.h>
#include <headroom/planning/sweep.h>

#include <QObject>
#include <QtTest>

using namespace headroom;

namespace {

// The article's section 2.3 example: 7B parameters given as P, L = 32, H = 4096, A = 32, B = 1,
// S = 2048, half precision with an FP32 master copy and AdamW (16 bytes per parameter).
Scenario sevenB()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.vocab = 32000;
    s.model.paramsOverride = 7'000'000'000;
    s.training.microBatch = 1;
    s.training.sequence = 2048;
    s.training.precision.recipe = Recipe::Bf16Master;
    s.training.precision.optimizer = Optimizer::AdamW;
    return s;
}

qint64 q(Count c) { return static_cast<qint64>(c); }

} // namespace

class TestSweep : public QObject
{
    Q_OBJECT

private slots:
    void activationsAlongSequence_data();
    void activationsAlongSequence();
    void fixedCostDoesNotMoveWithSequence();
    void batchIsLinear();
    void axisValueRoundTrip();
    void defaultRanges();
    void logSpacedSmallRangeIsEveryInteger();
    void logSpacedWideRange();
    void logSpacedNarrowerThanPoints();
    void logSpacedIncludesCurrent();
};

void TestSweep::activationsAlongSequence_data()
{
    QTest::addColumn<qint64>("sequence");
    QTest::addColumn<qint64>("activations");
    // 2·(19·1·S·4096 + 3·1·32·S²)·32
    QTest::newRow("S=512") << qint64(512) << qint64(4'160'749'568);
    QTest::newRow("S=1024") << qint64(1024) << qint64(11'542'724'608);
    QTest::newRow("S=2048, the article's 36 GB") << qint64(2048) << qint64(35'970'351'104);
    QTest::newRow("S=4096") << qint64(4096) << qint64(123'480'309'760);
    QTest::newRow("S=8192") << qint64(8192) << qint64(453'119'049'728);
}

void TestSweep::activationsAlongSequence()
{
    QFETCH(qint64, sequence);
    QFETCH(qint64, activations);
    const Count values[] = { 256, sequence, 16384 };
    Breakdown out[3];
    sweep(sevenB(), SweepAxis::Sequence, values, 3, out);
    QCOMPARE(q(countOf(out[1].activations)), activations);
}

void TestSweep::fixedCostDoesNotMoveWithSequence()
{
    const Count values[] = { 512, 2048, 8192 };
    Breakdown out[3];
    sweep(sevenB(), SweepAxis::Sequence, values, 3, out);
    for (const Breakdown &b : out) {
        // 7e9 × (2 + 2 + 4 + 8) bytes.
        QCOMPARE(q(countOf(b.modelStates())), qint64(112'000'000'000));
        // The CUDA context, 1000 MiB (the allocator's cache is the reserved figure's, reservedmemory.h).
        QCOMPARE(q(countOf(b.overhead)), qint64(1'048'576'000));
    }
    // The sweep leaves the other fields alone: at S = 2048 it is the plain estimate.
    QCOMPARE(q(countOf(out[1].total())), q(countOf(estimate(sevenB()).total())));
}

void TestSweep::batchIsLinear()
{
    const Count values[] = { 1, 2, 4 };
    Breakdown out[3];
    sweep(sevenB(), SweepAxis::MicroBatch, values, 3, out);
    QCOMPARE(q(countOf(out[0].activations)), qint64(35'970'351'104));
    // The article's B = 4 row: 144 GB of activations.
    QCOMPARE(q(countOf(out[2].activations)), qint64(143'881'404'416));
    QCOMPARE(q(countOf(out[2].activations)), 4 * q(countOf(out[0].activations)));
}

void TestSweep::axisValueRoundTrip()
{
    Scenario s = sevenB();
    QCOMPARE(q(sweepAxisValue(s, SweepAxis::Sequence)), qint64(2048));
    QCOMPARE(q(sweepAxisValue(s, SweepAxis::MicroBatch)), qint64(1));
    QCOMPARE(q(sweepAxisValue(s, SweepAxis::Layers)), qint64(32));
    setSweepAxisValue(s, SweepAxis::Layers, 40);
    QCOMPARE(q(s.model.layers), qint64(40));
    QCOMPARE(q(s.training.sequence), qint64(2048));
    setSweepAxisValue(s, SweepAxis::MicroBatch, 3);
    QCOMPARE(q(s.training.microBatch), qint64(3));
}

void TestSweep::defaultRanges()
{
    Scenario s = sevenB();
    SweepRange r = defaultSweepRange(s, SweepAxis::Sequence);
    QCOMPARE(q(r.lo), qint64(128)); // 2048 / 16
    QCOMPARE(q(r.hi), qint64(8192)); // 2048 × 4
    r = defaultSweepRange(s, SweepAxis::MicroBatch);
    QCOMPARE(q(r.lo), qint64(1));
    QCOMPARE(q(r.hi), qint64(16));
    r = defaultSweepRange(s, SweepAxis::Layers);
    QCOMPARE(q(r.lo), qint64(1));
    QCOMPARE(q(r.hi), qint64(64));

    s.training.sequence = 64; // short: the floor of 16 .. 4096 applies
    r = defaultSweepRange(s, SweepAxis::Sequence);
    QCOMPARE(q(r.lo), qint64(16));
    QCOMPARE(q(r.hi), qint64(4096));
    s.training.sequence = 8; // below the floor: the range still holds the current value
    r = defaultSweepRange(s, SweepAxis::Sequence);
    QCOMPARE(q(r.lo), qint64(8));

    s.parallel.pipelineParallel = 4; // each of 4 stages needs a layer
    s.parallel.gpus = 4;
    r = defaultSweepRange(s, SweepAxis::Layers);
    QCOMPARE(q(r.lo), qint64(4));

    s.training.sequence = 90'000'000; // near validate()'s limit of 10^8: clamped
    r = defaultSweepRange(s, SweepAxis::Sequence);
    QCOMPARE(q(r.hi), qint64(100'000'000));
}

void TestSweep::logSpacedSmallRangeIsEveryInteger()
{
    Count out[kMaxSweepPoints];
    const int n = logSpacedCounts({ 1, 16 }, 4, 64, out);
    QCOMPARE(n, 16);
    for (int i = 0; i < n; ++i)
        QCOMPARE(q(out[i]), qint64(i + 1));
}

void TestSweep::logSpacedWideRange()
{
    Count out[kMaxSweepPoints];
    // 128 .. 8192 is six doublings; 64 points put about 10.5 in each.
    const int n = logSpacedCounts({ 128, 8192 }, 0, 64, out);
    QCOMPARE(n, 64);
    QCOMPARE(q(out[0]), qint64(128));
    QCOMPARE(q(out[n - 1]), qint64(8192));
    int inFirstDoubling = 0;
    for (int i = 1; i < n; ++i) {
        QVERIFY(out[i] > out[i - 1]);
        // Evenly spaced in log: each step multiplies by 64^(1/63) ≈ 1.068 (± rounding).
        const double ratio = double(out[i]) / double(out[i - 1]);
        QVERIFY2(ratio > 1.055 && ratio < 1.085, qPrintable(QString::number(ratio)));
    }
    for (int i = 0; i < n; ++i)
        inFirstDoubling += out[i] < 256 ? 1 : 0;
    QVERIFY(inFirstDoubling >= 10 && inFirstDoubling <= 11);
}

void TestSweep::logSpacedNarrowerThanPoints()
{
    Count out[kMaxSweepPoints];
    // 1 .. 100 with 64 points: rounding repeats the low end, so the values step by one there.
    const int n = logSpacedCounts({ 1, 100 }, 0, 64, out);
    QCOMPARE(n, 64);
    QCOMPARE(q(out[0]), qint64(1));
    QCOMPARE(q(out[n - 1]), qint64(100));
    for (int i = 1; i < n; ++i)
        QVERIFY(out[i] > out[i - 1]);
}

void TestSweep::logSpacedIncludesCurrent()
{
    Count out[kMaxSweepPoints];
    const int n = logSpacedCounts({ 128, 8192 }, 2000, 64, out);
    QCOMPARE(n, 65);
    QVERIFY(std::find(out, out + n, Count(2000)) != out + n);
    for (int i = 1; i < n; ++i)
        QVERIFY(out[i] > out[i - 1]);
    // Already present: not added twice.
    const int m = logSpacedCounts({ 128, 8192 }, 128, 64, out);
    QCOMPARE(m, 64);
    // Outside the range: ignored.
    QCOMPARE(logSpacedCounts({ 128, 8192 }, 9000, 64, out), 64);
}

QTEST_APPLESS_MAIN(TestSweep)
#include "tst_sweep.moc"
