// GradScaler simulation.
//
// Expected values: tests/fixtures/numberformat/lossscale_reference.csv (a Python transcription
// of torch's _amp_update_scale_ kernel with a float32 scale, written by
// tools/fixtures/gen_numberformat.py), a second reference written here from GradScaler's
// documented rules, and traces derived by hand.

#include <headroom/numerics/lossscaler.h>

#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <QFile>
#include <QObject>
#include <QTextStream>
#include <QtTest>

using namespace headroom;

namespace {

double hexDouble(const QString &text)
{
    const std::string s = text.toStdString();
    const bool negative = s.rfind('-', 0) == 0;
    const std::size_t start = negative ? 3 : 2; // skip "0x" / "-0x"
    double v = 0;
    std::from_chars(s.data() + start, s.data() + s.size(), v, std::chars_format::hex);
    return negative ? -v : v;
}

// GradScaler.update() from its docstring: "If infs/NaNs are found ... multiplies the scale by
// backoff_factor. If growth_interval unskipped iterations occur consecutively, update()
// multiplies the scale by growth_factor." The scale lives in a float32 tensor.
struct DocumentedScaler {
    float scale;
    int unskippedInARow = 0;
    double growth, backoff;
    int interval;

    void step(bool inf)
    {
        if (inf) {
            scale = float(double(scale) * backoff);
            unskippedInARow = 0;
        } else if (++unskippedInARow == interval) {
            const float grown = float(double(scale) * growth);
            if (std::isfinite(grown))
                scale = grown;
            unskippedInARow = 0;
        }
    }
};

bool hasFinding(const LossScaleTrace &t, ScalerDiagnostic code)
{
    for (const DiagnosticFinding &f : t.diagnostics)
        if (f.code == code)
            return true;
    return false;
}

const DiagnosticFinding *finding(const LossScaleTrace &t, ScalerDiagnostic code)
{
    for (const DiagnosticFinding &f : t.diagnostics)
        if (f.code == code)
            return &f;
    return nullptr;
}

} // namespace

class TestLossScaler : public QObject
{
    Q_OBJECT

private slots:
    void defaultsAreGradScalers();
    void againstTorchKernelTranscription();
    void simulationAgainstDocumentedRules_data();
    void simulationAgainstDocumentedRules();
    void handDerivedSteadyState();
    void handDerivedBlowUpCollapses();
    void bf16NeverBacksOff();
    void spikesSkipRarely();
    void deterministicSeed();
    void clipOrder();
    void validation();
    void recommendation();
};

void TestLossScaler::defaultsAreGradScalers()
{
    // torch.cuda.amp.GradScaler(init_scale=2.**16, growth_factor=2.0, backoff_factor=0.5,
    // growth_interval=2000)
    const GradScalerConfig c;
    QCOMPARE(c.initScale, 65536.0);
    QCOMPARE(c.growthFactor, 2.0);
    QCOMPARE(c.backoffFactor, 0.5);
    QCOMPARE(c.growthInterval, 2000);
}

void TestLossScaler::againstTorchKernelTranscription()
{
    const QString dir = qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/numberformat/");
    QFile casesFile(dir + QStringLiteral("lossscale_cases.csv"));
    QVERIFY(casesFile.open(QIODevice::ReadOnly | QIODevice::Text));
    QTextStream cin(&casesFile);
    QCOMPARE(cin.readLine(), QStringLiteral("case,init_scale,growth_factor,backoff_factor,growth_interval"));
    std::map<QString, GradScalerConfig> configs;
    while (!cin.atEnd()) {
        const QStringList c = cin.readLine().split(QLatin1Char(','));
        if (c.size() == 5)
            configs[c[0]] = GradScalerConfig { hexDouble(c[1]), hexDouble(c[2]), hexDouble(c[3]), c[4].toInt() };
    }
    QCOMPARE(configs.size(), std::size_t(6));

    struct Expected {
        std::vector<bool> infs;
        std::vector<double> scale;
        std::vector<int> tracker;
    };
    std::map<QString, Expected> expected;
    QFile refFile(dir + QStringLiteral("lossscale_reference.csv"));
    QVERIFY(refFile.open(QIODevice::ReadOnly | QIODevice::Text));
    QTextStream rin(&refFile);
    QCOMPARE(rin.readLine(), QStringLiteral("case,step,found_inf,scale,growth_tracker"));
    while (!rin.atEnd()) {
        const QStringList c = rin.readLine().split(QLatin1Char(','));
        if (c.size() != 5)
            continue;
        Expected &e = expected[c[0]];
        QCOMPARE(c[1].toInt(), int(e.infs.size()));
        e.infs.push_back(c[2] == QLatin1String("1"));
        e.scale.push_back(c[3] == QLatin1String("0x0p+0") ? 0.0 : hexDouble(c[3]));
        e.tracker.push_back(c[4].toInt());
    }

    for (const auto &[name, e] : expected) {
        QVERIFY(configs.count(name));
        GradScalerState state(configs[name]);
        for (std::size_t i = 0; i < e.infs.size(); ++i) {
            state.update(e.infs[i]);
            const QString where = QStringLiteral("%1 step %2").arg(name).arg(i);
            QVERIFY2(double(state.scale()) == e.scale[i],
                     qPrintable(where + QStringLiteral(": %1 vs %2").arg(state.scale()).arg(e.scale[i])));
            QVERIFY2(state.growthTracker() == e.tracker[i], qPrintable(where));
        }
        // replayLossScale records the scale each step used: the previous step's result.
        std::unique_ptr<bool[]> raw(new bool[e.infs.size()]);
        for (std::size_t i = 0; i < e.infs.size(); ++i)
            raw[i] = e.infs[i];
        const LossScaleTrace trace = replayLossScale(configs[name], std::span<const bool>(raw.get(), e.infs.size()));
        QCOMPARE(trace.steps.size(), e.infs.size());
        QCOMPARE(double(trace.steps[0].scale), double(float(configs[name].initScale)));
        for (std::size_t i = 1; i < e.infs.size(); ++i)
            QCOMPARE(double(trace.steps[i].scale), e.scale[i - 1]);
        QCOMPARE(double(trace.finalScale), e.scale.back());
    }
    // The all-infs case halves 2^16 down past float32's smallest subnormal to zero.
    QCOMPARE(expected[QStringLiteral("all-infs-to-zero")].scale.back(), 0.0);
    // In the growth-overflow case 2^126 * 4 = 2^128 is beyond float32, so that growth is dropped.
    QVERIFY(std::isfinite(expected[QStringLiteral("growth-overflow")].scale.back()));
}

void TestLossScaler::simulationAgainstDocumentedRules_data()
{
    QTest::addColumn<double>("spikeProbability");
    QTest::addColumn<int>("blowUpStep");
    QTest::addColumn<int>("growthInterval");
    QTest::addColumn<int>("format");
    QTest::newRow("quiet, short interval") << 0.0 << -1 << 50 << int(NumberFormat::Fp16);
    QTest::newRow("spikes") << 0.01 << -1 << 100 << int(NumberFormat::Fp16);
    QTest::newRow("blow-up") << 0.0 << 1500 << 2000 << int(NumberFormat::Fp16);
    QTest::newRow("spikes, e5m2") << 0.02 << -1 << 30 << int(NumberFormat::Fp8E5M2);
}

// Drive the documented rules with the simulation's own inf flags: the scale each step used and
// the skip flags must match step for step; the inf flags must match the format's overflow.
void TestLossScaler::simulationAgainstDocumentedRules()
{
    QFETCH(double, spikeProbability);
    QFETCH(int, blowUpStep);
    QFETCH(int, growthInterval);
    QFETCH(int, format);
    GradScalerConfig config;
    config.growthInterval = growthInterval;
    GradientModel model;
    model.spikeProbability = spikeProbability;
    model.blowUpStep = blowUpStep;
    model.format = static_cast<NumberFormat>(format);
    model.seed = 99;
    const LossScaleTrace trace = simulateLossScale(config, model, 3000);
    QCOMPARE(int(trace.steps.size()), 3000);

    DocumentedScaler ref { float(config.initScale), 0, config.growthFactor, config.backoffFactor, config.growthInterval };
    const double overflowBound = formatConstants(model.format).overflowBound;
    int skipped = 0;
    for (const ScaleStep &s : trace.steps) {
        QCOMPARE(double(s.scale), double(ref.scale));
        const double scaled = double(s.scale) * s.maxGradient;
        const bool expectInf = !std::isfinite(s.maxGradient) || scaled >= overflowBound;
        QCOMPARE(s.skipped, expectInf);
        ref.step(s.skipped);
        QCOMPARE(s.growthTracker, ref.unskippedInARow);
        skipped += s.skipped ? 1 : 0;
    }
    QCOMPARE(trace.skippedSteps, skipped);
    QCOMPARE(double(trace.finalScale), double(ref.scale));
}

// max|g| = 1 every step (no noise) in FP16: 2^16 * 1 = 65536 >= 65520 overflows, 2^15 does not.
// So step 0 skips, 2000 clean steps grow the scale back to 2^16 at step 2000, step 2001 skips...
// a skip every 2001 steps: 0, 2001, 4002.
void TestLossScaler::handDerivedSteadyState()
{
    GradientModel model;
    model.baseMaxGradient = 1.0;
    model.noiseDecades = 0.0;
    const LossScaleTrace t = simulateLossScale(GradScalerConfig {}, model, 6003);
    std::vector<int> skips;
    for (const ScaleStep &s : t.steps)
        if (s.skipped)
            skips.push_back(s.step);
    QCOMPARE(skips, (std::vector<int> { 0, 2001, 4002 }));
    QCOMPARE(t.steps[1].scale, 32768.0f);
    QCOMPARE(t.steps[2000].scale, 32768.0f);
    QCOMPARE(t.steps[2000].growthTracker, 0);
    QCOMPARE(t.steps[1999].growthTracker, 1999);
    QCOMPARE(t.steps[2001].scale, 65536.0f);
    QCOMPARE(t.minScale, 32768.0f);
    QCOMPARE(t.skippedSteps, 3);
    QVERIFY(hasFinding(t, ScalerDiagnostic::Healthy));
    QVERIFY(!hasFinding(t, ScalerDiagnostic::ScaleCollapsedWithInfs));
    QVERIFY(!hasFinding(t, ScalerDiagnostic::FrequentSkips));
}

// From step 100 max|g| doubles every step (2^(t-99)) while each inf halves the scale, so
// scale * max|g| stays at 2^15 * 2 = 65536 and every step overflows: step 100 + k uses 2^(15-k).
// Step 112 uses 8 < 16 and still overflows: exploding gradients. At k = 165 the scale would be
// 2^-150, half of float32's smallest subnormal, which rounds to zero: step 265 uses 0.
void TestLossScaler::handDerivedBlowUpCollapses()
{
    GradientModel model;
    model.baseMaxGradient = 1.0;
    model.noiseDecades = 0.0;
    model.blowUpStep = 100;
    model.blowUpGrowthPerStep = 2.0;
    const LossScaleTrace t = simulateLossScale(GradScalerConfig {}, model, 300);
    for (int step = 100; step < 265; ++step) {
        QVERIFY(t.steps[std::size_t(step)].skipped);
        QCOMPARE(double(t.steps[std::size_t(step)].scale), std::ldexp(1.0, 15 - (step - 100)));
    }
    QCOMPARE(t.steps[265].scale, 0.0f);
    const DiagnosticFinding *collapse = finding(t, ScalerDiagnostic::ScaleCollapsedWithInfs);
    QVERIFY(collapse);
    QCOMPARE(collapse->step, 112);
    QCOMPARE(collapse->value, 8.0);
    const DiagnosticFinding *underflow = finding(t, ScalerDiagnostic::ScaleUnderflowed);
    QVERIFY(underflow);
    QCOMPARE(underflow->step, 265);
    QVERIFY(hasFinding(t, ScalerDiagnostic::FrequentSkips));
    QVERIFY(!hasFinding(t, ScalerDiagnostic::Healthy));
}

// BF16 shares FP32's exponent range: the same gradients never overflow at 2^16.
void TestLossScaler::bf16NeverBacksOff()
{
    GradientModel model;
    model.format = NumberFormat::Bf16;
    model.spikeProbability = 0.01;
    const LossScaleTrace t = simulateLossScale(GradScalerConfig {}, model, 4500);
    QCOMPARE(t.skippedSteps, 0);
    QCOMPARE(t.finalScale, 65536.0f * 4); // grew at steps 1999 and 3999
    const DiagnosticFinding *f = finding(t, ScalerDiagnostic::NeverBackedOff);
    QVERIFY(f);
    QCOMPARE(f->value, 262144.0);
}

void TestLossScaler::spikesSkipRarely()
{
    GradientModel model;
    model.spikeProbability = 0.001;
    const LossScaleTrace t = simulateLossScale(GradScalerConfig {}, model, 20000);
    QVERIFY(t.skippedSteps > 0);
    QVERIFY(!hasFinding(t, ScalerDiagnostic::ScaleCollapsedWithInfs));
    QVERIFY(t.minScale >= 16.0f);
}

void TestLossScaler::deterministicSeed()
{
    GradientModel model;
    model.spikeProbability = 0.05;
    const LossScaleTrace a = simulateLossScale(GradScalerConfig {}, model, 500);
    const LossScaleTrace b = simulateLossScale(GradScalerConfig {}, model, 500);
    model.seed = 2;
    const LossScaleTrace c = simulateLossScale(GradScalerConfig {}, model, 500);
    bool allSame = true;
    bool anyDifferent = false;
    for (std::size_t i = 0; i < 500; ++i) {
        allSame = allSame && a.steps[i].maxGradient == b.steps[i].maxGradient && a.steps[i].skipped == b.steps[i].skipped;
        anyDifferent = anyDifferent || a.steps[i].maxGradient != c.steps[i].maxGradient;
    }
    QVERIFY(allSame);
    QVERIFY(anyDifferent);
}

void TestLossScaler::clipOrder()
{
    // True norm 5, max_norm 1, scale 2^16.
    const ClipResult right = clippedGradientNorm(5.0, 65536.0, 1.0, ClipOrder::UnscaleThenClip);
    QCOMPARE(right.normSeenByClip, 5.0);
    QVERIFY(std::fabs(right.effectiveNorm - 5.0 / (5.0 + 1e-6)) < 1e-15);
    const ClipResult wrong = clippedGradientNorm(5.0, 65536.0, 1.0, ClipOrder::ClipThenUnscale);
    QCOMPARE(wrong.normSeenByClip, 327680.0);
    // Hand: 5 * 1 / 327680 = 1.52587890625e-05, 65536 times smaller than intended.
    QVERIFY(std::fabs(wrong.effectiveNorm - 1.52587890625e-05) < 1e-15);
    // A gradient that needs no clipping is clipped anyway when the order is wrong.
    QCOMPARE(clippedGradientNorm(0.5, 65536.0, 1.0, ClipOrder::UnscaleThenClip).effectiveNorm, 0.5);
    QVERIFY(clippedGradientNorm(0.5, 65536.0, 1.0, ClipOrder::ClipThenUnscale).effectiveNorm < 2e-5);
}

void TestLossScaler::validation()
{
    QVERIFY(!validateScalerConfig(GradScalerConfig {}).has_value());
    GradScalerConfig c;
    c.growthFactor = 1.0; // GradScaler asserts growth_factor > 1
    QCOMPARE(validateScalerConfig(c)->field, LossScaleField::GrowthFactor);
    c = {};
    c.backoffFactor = 1.0;
    QCOMPARE(validateScalerConfig(c)->field, LossScaleField::BackoffFactor);
    c = {};
    c.growthInterval = 0;
    QCOMPARE(validateScalerConfig(c)->field, LossScaleField::GrowthInterval);
    c = {};
    c.initScale = std::nan("");
    QCOMPARE(validateScalerConfig(c)->field, LossScaleField::InitScale);

    QVERIFY(!validateGradientModel(GradientModel {}, 1000).has_value());
    QCOMPARE(validateGradientModel(GradientModel {}, 0)->field, LossScaleField::Steps);
    const auto steps = validateGradientModel(GradientModel {}, 2'000'000);
    QCOMPARE(steps->max, 1e6);
    GradientModel m;
    m.spikeProbability = 1.5;
    QCOMPARE(validateGradientModel(m, 10)->field, LossScaleField::SpikeProbability);
    m = {};
    m.blowUpGrowthPerStep = 0.5;
    QCOMPARE(validateGradientModel(m, 10)->field, LossScaleField::BlowUpGrowth);
    m = {};
    m.baseMaxGradient = 0;
    QCOMPARE(validateGradientModel(m, 10)->field, LossScaleField::BaseMaxGradient);
}

void TestLossScaler::recommendation()
{
    QCOMPARE(recommendPrecision(true), PrecisionRecommendation::Bf16);
    QCOMPARE(recommendPrecision(false), PrecisionRecommendation::Fp16WithLossScaling);
}

QTEST_APPLESS_MAIN(TestLossScaler)
#include "tst_lossscaler.moc"
