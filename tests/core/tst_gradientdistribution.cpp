// Shares of a gradient-magnitude distribution per number format.
//
// Expected values: tests/fixtures/numberformat/shares.csv (Python's statistics.NormalDist at
// thresholds derived from the exact format values by tools/fixtures/gen_numberformat.py), a
// Monte Carlo count through the bit-exact encoder, and hand-derived cases.

#include <headroom/io/histogramfile.h>
#include <headroom/numerics/gradientdistribution.h>
#include <headroom/numerics/numberformat.h>

#include <cmath>
#include <random>

#include <QFile>
#include <QObject>
#include <QTemporaryDir>
#include <QTextStream>
#include <QtTest>

using namespace headroom;

namespace {

std::optional<NumberFormat> fromKey(const QString &key)
{
    return formatFromKey(key.toStdString());
}

} // namespace

class TestGradientDistribution : public QObject
{
    Q_OBJECT

private slots:
    void againstNormalDistFixture();
    void monteCarloThroughEncoder_data();
    void monteCarloThroughEncoder();
    void medianAtBoundaryGivesHalf();
    void scaleShiftsTheMedian();
    void fp16LosesWhatBf16Keeps();
    void histogramShares();
    void histogramMatchesPointsInsideOneClass();
    void densityIntegratesToOne();
    void parseHistogram_data();
    void parseHistogram();
    void readMissingFile();
    void validation();
};

void TestGradientDistribution::againstNormalDistFixture()
{
    QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/numberformat/shares.csv"));
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    QTextStream in(&f);
    QCOMPARE(in.readLine(), QStringLiteral("format,median,sigma_decades,scale,zero,subnormal,overflow"));
    int rows = 0;
    while (!in.atEnd()) {
        const QStringList c = in.readLine().split(QLatin1Char(','));
        if (c.size() != 7)
            continue;
        const auto format = fromKey(c[0]);
        QVERIFY(format.has_value());
        const LogNormalMagnitudes model { c[1].toDouble(), c[2].toDouble() };
        const FormatShares s = formatShares(model, *format, c[3].toDouble());
        const QString where = c.mid(0, 4).join(QLatin1Char(' '));
        // Both sides evaluate erfc at thresholds and means computed independently; agreement to
        // 1e-12 absolute leaves room only for last-bit differences in log10 and erfc.
        QVERIFY2(std::fabs(s.flushToZero - c[4].toDouble()) < 1e-12, qPrintable(where));
        QVERIFY2(std::fabs(s.subnormal - c[5].toDouble()) < 1e-12, qPrintable(where));
        QVERIFY2(std::fabs(s.overflow - c[6].toDouble()) < 1e-12, qPrintable(where));
        QVERIFY(std::fabs(s.flushToZero + s.subnormal + s.normal + s.overflow - 1.0) < 1e-12);
        ++rows;
    }
    QCOMPARE(rows, 420);
}

void TestGradientDistribution::monteCarloThroughEncoder_data()
{
    QTest::addColumn<int>("format");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("sigma");
    QTest::addColumn<double>("scale");
    QTest::newRow("fp16, unscaled") << int(NumberFormat::Fp16) << 1e-6 << 1.5 << 1.0;
    QTest::newRow("fp16, scale 2^16") << int(NumberFormat::Fp16) << 1e-6 << 1.5 << 65536.0;
    QTest::newRow("fp8-e4m3") << int(NumberFormat::Fp8E4M3) << 1e-2 << 1.0 << 1.0;
    QTest::newRow("fp8-e5m2, overflow") << int(NumberFormat::Fp8E5M2) << 1e3 << 1.0 << 8.0;
    QTest::newRow("bf16 subnormals") << int(NumberFormat::Bf16) << 1e-38 << 1.0 << 1.0;
}

// Draw log-normal values, round each with the bit-exact encoder and count the classes: the
// analytic shares must agree within sampling error.
void TestGradientDistribution::monteCarloThroughEncoder()
{
    QFETCH(int, format);
    QFETCH(double, median);
    QFETCH(double, sigma);
    QFETCH(double, scale);
    const auto fmt = static_cast<NumberFormat>(format);
    std::mt19937_64 rng(12345);
    std::normal_distribution<double> normal(std::log10(median), sigma);
    constexpr int n = 200000;
    int zero = 0, sub = 0, over = 0;
    for (int i = 0; i < n; ++i) {
        const double x = std::pow(10.0, normal(rng)) * scale;
        const Encoding e = encode(fmt, x);
        if (e.outcome == RoundingOutcome::Overflow)
            ++over;
        else if (e.valueClass == ValueClass::Zero)
            ++zero;
        else if (e.valueClass == ValueClass::Subnormal)
            ++sub;
    }
    const FormatShares s = formatShares(LogNormalMagnitudes { median, sigma }, fmt, scale);
    auto close = [](double share, int count) {
        const double p = double(count) / n;
        const double se = std::sqrt(std::max(share * (1 - share), 1e-6) / n);
        return std::fabs(p - share) < 5 * se;
    };
    QVERIFY2(close(s.flushToZero, zero), qPrintable(QStringLiteral("zero %1 vs %2").arg(s.flushToZero).arg(double(zero) / n)));
    QVERIFY2(close(s.subnormal, sub), qPrintable(QStringLiteral("sub %1 vs %2").arg(s.subnormal).arg(double(sub) / n)));
    QVERIFY2(close(s.overflow, over), qPrintable(QStringLiteral("over %1 vs %2").arg(s.overflow).arg(double(over) / n)));
}

void TestGradientDistribution::medianAtBoundaryGivesHalf()
{
    // FP16 rounds |x| <= 2^-25 to zero: half of a distribution centred there flushes.
    const FormatShares s = formatShares(LogNormalMagnitudes { std::ldexp(1.0, -25), 0.7 }, NumberFormat::Fp16, 1.0);
    QCOMPARE(s.flushToZero, 0.5);
    // E4M3 overflows beyond 464 (448 + half its ulp of 32).
    const FormatShares o = formatShares(LogNormalMagnitudes { 464.0, 0.3 }, NumberFormat::Fp8E4M3, 1.0);
    QCOMPARE(o.overflow, 0.5);
    // FP16 goes to infinity from 65520 = 65504 + 16.
    const FormatShares h = formatShares(LogNormalMagnitudes { 65520.0 / 1024, 0.3 }, NumberFormat::Fp16, 1024.0);
    QCOMPARE(h.overflow, 0.5);
}

void TestGradientDistribution::scaleShiftsTheMedian()
{
    const FormatShares a = formatShares(LogNormalMagnitudes { 3e-7, 1.2 }, NumberFormat::Fp16, 256.0);
    const FormatShares b = formatShares(LogNormalMagnitudes { 3e-7 * 256.0, 1.2 }, NumberFormat::Fp16, 1.0);
    QVERIFY(std::fabs(a.flushToZero - b.flushToZero) < 1e-14);
    QVERIFY(std::fabs(a.subnormal - b.subnormal) < 1e-14);
}

// The acceptance case: at the default distribution FP16 loses a visible share, BF16 none,
// and a loss scale brings FP16's share back.
void TestGradientDistribution::fp16LosesWhatBf16Keeps()
{
    const LogNormalMagnitudes model; // median 1e-6, 1.5 decades
    const FormatShares fp16 = formatShares(model, NumberFormat::Fp16, 1.0);
    const FormatShares bf16 = formatShares(model, NumberFormat::Bf16, 1.0);
    const FormatShares scaled = formatShares(model, NumberFormat::Fp16, 65536.0);
    // Hand: log10(2^-25) = -7.5257; z = (-7.5257 + 6) / 1.5 = -1.0171; Phi(z) = 0.1545.
    QVERIFY(std::fabs(fp16.flushToZero - 0.1545) < 5e-4);
    QVERIFY(bf16.flushToZero < 1e-100);
    QVERIFY(bf16.subnormal < 1e-100);
    QVERIFY(scaled.flushToZero < 1e-4);
    QVERIFY(scaled.overflow < 1e-4);
}

void TestGradientDistribution::histogramShares()
{
    MagnitudeHistogram h;
    h.bins = { { 1e-9, 1e-8, 1 }, { 1e-8, 1e-7, 1 }, { 1e-7, 1e-6, 2 } };
    h.totalWeight = 4;
    // Hand: FP16's zero bound 2^-25 sits at log10 = -7.52575 inside the second bin, a fraction
    // (-7.52575 + 8) / 1 = 0.47425 of it; everything else is below 2^-14, i.e. subnormal.
    const double inBin = (std::log10(std::ldexp(1.0, -25)) + 8.0);
    const FormatShares s = formatShares(h, NumberFormat::Fp16, 1.0);
    QVERIFY(std::fabs(s.flushToZero - (1 + inBin) / 4) < 1e-15);
    QVERIFY(std::fabs(s.subnormal - (1 - (1 + inBin) / 4)) < 1e-15);
    QCOMPARE(s.overflow, 0.0);
    // Scaled by 2^16 everything is normal in FP16 (6.6e-5 > 2^-14 - 2^-25) and below 65520.
    const FormatShares t = formatShares(h, NumberFormat::Fp16, 65536.0 * 1000);
    QCOMPARE(t.flushToZero, 0.0);
    QCOMPARE(t.normal, 1.0);
}

// A histogram whose bins lie wholly inside one class of the format gives 0/1 shares that the
// encoder confirms at both bin edges.
void TestGradientDistribution::histogramMatchesPointsInsideOneClass()
{
    MagnitudeHistogram h;
    h.bins = { { 1e-3, 2e-3, 5 }, { 100.0, 400.0, 5 } };
    h.totalWeight = 10;
    const FormatShares s = formatShares(h, NumberFormat::Fp8E4M3, 1.0);
    QCOMPARE(encode(NumberFormat::Fp8E4M3, 1e-3).valueClass, ValueClass::Subnormal);
    QCOMPARE(encode(NumberFormat::Fp8E4M3, 2e-3).valueClass, ValueClass::Subnormal);
    QCOMPARE(s.subnormal, 0.5);
    QCOMPARE(s.normal, 0.5);
    QCOMPARE(s.overflow, 0.0);
}

void TestGradientDistribution::densityIntegratesToOne()
{
    const MagnitudeModel ln = LogNormalMagnitudes { 1e-5, 0.8 };
    MagnitudeHistogram hist;
    hist.bins = { { 1e-6, 1e-5, 3 }, { 1e-4, 1e-2, 1 } };
    hist.totalWeight = 4;
    const MagnitudeModel hm = hist;
    for (const MagnitudeModel *m : { &ln, &hm }) {
        const Log10Range r = log10Support(*m, 8.0);
        double sum = 0;
        const int n = 20000;
        const double dx = (r.high - r.low) / n;
        for (int i = 0; i < n; ++i)
            sum += densityPerDecade(*m, 8.0, r.low + (i + 0.5) * dx) * dx;
        QVERIFY2(std::fabs(sum - 1.0) < 1e-3, qPrintable(QString::number(sum)));
    }
    // Peak of N(mu, 0.8) per decade is 1 / (0.8 sqrt(2 pi)).
    QVERIFY(std::fabs(densityPerDecade(ln, 1.0, -5.0) - 1.0 / (0.8 * std::sqrt(2 * M_PI))) < 1e-12);
}

void TestGradientDistribution::parseHistogram_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("error");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("bins");
    QTest::addColumn<double>("total");
    QTest::newRow("header, comment, mixed separators")
            << QStringLiteral("lower,upper,count\n# from step 1000\n1e-8,1e-7,10\n1e-7;1e-6;30\n1e-6\t1e-5  60\n")
            << int(HistogramError::None) << 0 << 3 << 100.0;
    QTest::newRow("unsorted bins are sorted")
            << QStringLiteral("1e-6,1e-5,1\n1e-8,1e-7,1\n") << int(HistogramError::None) << 0 << 2 << 2.0;
    QTest::newRow("bad number") << QStringLiteral("1e-8,1e-7,10\n1e-7,abc,5\n") << int(HistogramError::BadNumber) << 2 << 0 << 0.0;
    QTest::newRow("two fields") << QStringLiteral("1e-8,1e-7\n") << int(HistogramError::WrongFieldCount) << 1 << 0 << 0.0;
    QTest::newRow("zero lower edge") << QStringLiteral("0,1e-7,10\n") << int(HistogramError::BadEdges) << 1 << 0 << 0.0;
    QTest::newRow("upper below lower") << QStringLiteral("# c\n1e-6,1e-7,10\n") << int(HistogramError::BadEdges) << 2 << 0 << 0.0;
    QTest::newRow("negative count") << QStringLiteral("1e-8,1e-7,-1\n") << int(HistogramError::NegativeWeight) << 1 << 0 << 0.0;
    QTest::newRow("overlap") << QStringLiteral("1e-8,1e-6,1\n1e-7,1e-5,1\n") << int(HistogramError::Overlapping) << 0 << 0 << 0.0;
    QTest::newRow("empty") << QStringLiteral("# nothing\n\n") << int(HistogramError::Empty) << 0 << 0 << 0.0;
    QTest::newRow("all zero") << QStringLiteral("1e-8,1e-7,0\n") << int(HistogramError::Empty) << 0 << 0 << 0.0;
}

void TestGradientDistribution::parseHistogram()
{
    QFETCH(QString, text);
    QFETCH(int, error);
    QFETCH(int, line);
    QFETCH(int, bins);
    QFETCH(double, total);
    const HistogramParseResult r = headroom::parseHistogram(text);
    QCOMPARE(int(r.error), error);
    QCOMPARE(r.line, line);
    QCOMPARE(int(r.histogram.bins.size()), bins);
    QCOMPARE(r.histogram.totalWeight, total);
    for (std::size_t i = 1; i < r.histogram.bins.size(); ++i)
        QVERIFY(r.histogram.bins[i - 1].upper <= r.histogram.bins[i].lower);
}

void TestGradientDistribution::readMissingFile()
{
    QTemporaryDir dir;
    const HistogramParseResult r = readHistogramFile(dir.filePath(QStringLiteral("missing.csv")));
    QCOMPARE(r.error, HistogramError::CannotOpen);
    QVERIFY(!r.detail.isEmpty());

    const QString path = dir.filePath(QStringLiteral("h.csv"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("1e-9,1e-8,1\n");
    f.close();
    const HistogramParseResult ok = readHistogramFile(path);
    QCOMPARE(ok.error, HistogramError::None);
    QCOMPARE(ok.histogram.bins.size(), std::size_t(1));
}

void TestGradientDistribution::validation()
{
    QVERIFY(!validateDistribution(LogNormalMagnitudes {}, 1.0).has_value());
    const auto median = validateDistribution(LogNormalMagnitudes { 0.0, 1.0 }, 1.0);
    QVERIFY(median.has_value());
    QCOMPARE(median->field, DistributionField::Median);
    QCOMPARE(median->min, 1e-40);
    const auto spread = validateDistribution(LogNormalMagnitudes { 1e-6, std::nan("") }, 1.0);
    QCOMPARE(spread->field, DistributionField::Spread);
    const auto scale = validateDistribution(LogNormalMagnitudes { 1e-6, 1.0 }, -2.0);
    QCOMPARE(scale->field, DistributionField::LossScale);
    QCOMPARE(scale->max, std::ldexp(1.0, 80));
}

QTEST_APPLESS_MAIN(TestGradientDistribution)
#include "tst_gradientdistribution.moc"
