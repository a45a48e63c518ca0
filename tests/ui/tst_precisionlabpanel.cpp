// The precision lab panel under the offscreen platform: the acceptance case (FP16 loses
// a visible share of a gradient distribution to underflow, BF16 none, a loss scale brings FP16
// back) driven through the loss-scale slider, plus the other pages' visible results.
//
// With HEADROOM_SCREENSHOT_DIR set, also writes precision-lab.png (and one PNG per other page)
// there, for the README.

#include <cmath>

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <headroom/numerics/fp8scaling.h>
#include <headroom/numerics/gradientdistribution.h>
#include <headroom/numerics/lossscaler.h>
#include <headroom/numerics/numberformat.h>

#include "precision/bitpatternview.h"
#include "precision/delayedscalingchart.h"
#include "precision/lossscalechart.h"
#include "precision/numberlineview.h"
#include "precision/precisionlabpanel.h"
#include "precision/precisiontext.h"
#include "precision/updateorderdiagram.h"

using namespace headroom;

class TestPrecisionLabPanel : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void lossScaleSliderBringsFp16Back();
    void numberLinesShowCoreShares();
    void valueRowsAreBitExact();
    void badValueShowsProblemNotNaN();
    void examplesFillTheValue();
    void histogramFile();
    void blowUpScenarioDiagnosed();
    void clipOrderToggle();
    void recommendationFollowsGpu();
    void fp8TablesShowCoreCounts();
    void fp8UniformTensorIsExact();
    void fp8BadTensorRefused();
    void delayedScalingFirstStepClamps();
    void screenshots();

private:
    PrecisionLabPanel *m_panel = nullptr;
};

void TestPrecisionLabPanel::init()
{
    m_panel = new PrecisionLabPanel(nullptr);
    m_panel->resize(640, 1000);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel));
}

void TestPrecisionLabPanel::cleanup()
{
    delete m_panel;
    m_panel = nullptr;
}

// The acceptance case, through the slider as a user moves it.
void TestPrecisionLabPanel::lossScaleSliderBringsFp16Back()
{
    const LogNormalMagnitudes model { 1e-6, 1.5 };
    m_panel->setDistribution(model);
    m_panel->showPage(PrecisionLabPanel::Page::GradientRange);
    auto *slider = m_panel->findChild<QSlider *>(QStringLiteral("lossScaleSlider"));
    QVERIFY(slider);
    QCOMPARE(slider->value(), 0);

    // Unscaled: FP16 flushes Phi((log10 2^-25 + 6) / 1.5) = 15.45 %, BF16 nothing.
    const FormatShares fp16Unscaled = m_panel->shownShares(NumberFormat::Fp16);
    QCOMPARE(fp16Unscaled.flushToZero, formatShares(model, NumberFormat::Fp16, 1.0).flushToZero);
    QVERIFY(fp16Unscaled.flushToZero > 0.15 && fp16Unscaled.flushToZero < 0.16);
    QVERIFY(m_panel->shownShares(NumberFormat::Bf16).flushToZero < 1e-9);

    QSignalSpy spy(m_panel, &PrecisionLabPanel::sharesChanged);
    slider->setFocus();
    double previous = fp16Unscaled.flushToZero;
    for (int step = 1; step <= 4; ++step) {
        QTest::keyClick(slider, Qt::Key_PageUp); // + 2^4
        QCOMPARE(slider->value(), 4 * step);
        const double scale = std::ldexp(1.0, 4 * step);
        const FormatShares fp16 = m_panel->shownShares(NumberFormat::Fp16);
        const FormatShares bf16 = m_panel->shownShares(NumberFormat::Bf16);
        QCOMPARE(fp16.flushToZero, formatShares(model, NumberFormat::Fp16, scale).flushToZero);
        QCOMPARE(fp16.subnormal, formatShares(model, NumberFormat::Fp16, scale).subnormal);
        QVERIFY2(fp16.flushToZero < previous, qPrintable(QString::number(fp16.flushToZero)));
        QVERIFY(bf16.flushToZero < 1e-9);
        previous = fp16.flushToZero;
    }
    QCOMPARE(spy.count(), 4);
    // At 2^16 FP16 keeps all but a sliver, and still does not overflow.
    QVERIFY(m_panel->shownShares(NumberFormat::Fp16).flushToZero < 1e-4);
    QVERIFY(m_panel->shownShares(NumberFormat::Fp16).overflow < 1e-4);

    const QString summary = m_panel->findChild<QLabel *>(QStringLiteral("rangeSummary"))->text();
    QVERIFY2(summary.contains(QStringLiteral("15.45")), qPrintable(summary)); // the unscaled share, for comparison
    // Rich text: a "< 0.01 %" share must arrive escaped, or the rest of the sentence vanishes.
    QVERIFY2(summary.contains(QStringLiteral("BF16 flushes &lt; 0.01 %")), qPrintable(summary));
}

void TestPrecisionLabPanel::numberLinesShowCoreShares()
{
    const LogNormalMagnitudes model { 3e-4, 2.0 };
    m_panel->setDistribution(model);
    m_panel->setLossScaleExponent(8);
    for (NumberFormat f : storageNumberFormats) {
        NumberLineView *line = m_panel->numberLine(f);
        QVERIFY(line);
        const FormatShares expected = formatShares(model, f, 256.0);
        QCOMPARE(line->data().shares.flushToZero, expected.flushToZero);
        QCOMPARE(line->data().shares.overflow, expected.overflow);
        QVERIFY(line->data().unscaledShares.has_value());
        QCOMPARE(line->data().zeroBound, std::log10(formatConstants(f).underflowBound));
        QVERIFY(!line->summaryText().contains(QStringLiteral("nan"), Qt::CaseInsensitive));
    }
    // E5M2 overflows part of a 2-decade spread at 3e-4 * 256 = 0.077 median: beyond 61440 is
    // 5.9 decades up, z = 2.95.
    QVERIFY(m_panel->shownShares(NumberFormat::Fp8E5M2).overflow > 0.001);
}

void TestPrecisionLabPanel::valueRowsAreBitExact()
{
    auto *edit = m_panel->findChild<QLineEdit *>(QStringLiteral("valueEdit"));
    QVERIFY(edit);
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("65520"));
    QCOMPARE(m_panel->value(), std::optional<double>(65520.0));
    // Hand-derived: FP16 ties 65520 to infinity, BF16 rounds up to 2^16, E4M3 gives NaN.
    QCOMPARE(m_panel->bitPattern(NumberFormat::Fp16)->bits(), 0x7C00u);
    QCOMPARE(m_panel->bitPattern(NumberFormat::Fp16)->bitText(), QStringLiteral("0 11111 0000000000"));
    QCOMPARE(m_panel->bitPattern(NumberFormat::Bf16)->bits(), 0x4780u);
    QCOMPARE(m_panel->bitPattern(NumberFormat::Fp8E4M3)->bits(), 0x7Fu);
    QCOMPARE(m_panel->bitPattern(NumberFormat::Fp32)->bits(), 0x477FF000u);
}

void TestPrecisionLabPanel::badValueShowsProblemNotNaN()
{
    auto *edit = m_panel->findChild<QLineEdit *>(QStringLiteral("valueEdit"));
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("1e-8x"));
    QVERIFY(!m_panel->value().has_value());
    auto *problem = m_panel->findChild<QLabel *>(QStringLiteral("valueProblem"));
    QVERIFY(problem->isVisible());
    QVERIFY(problem->text().contains(QStringLiteral("1e-8x")));
    // No label shows a NaN as a number: that is how QString/QLocale print one. (Explanations may
    // mention "NaN" as a word, and the problem label suggests typing "nan".)
    static const QRegularExpression nanNumber(QStringLiteral("\\bnan\\b"));
    for (QLabel *label : m_panel->findChildren<QLabel *>()) {
        if (label != problem)
            QVERIFY2(!label->text().contains(nanNumber), qPrintable(label->text()));
    }

    // NaN typed on purpose is a value: its class shows, its error does not.
    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("nan"));
    QVERIFY(m_panel->value().has_value());
    QVERIFY(!problem->isVisible());
    QCOMPARE(m_panel->bitPattern(NumberFormat::Fp16)->bits(), 0x7E00u);
}

void TestPrecisionLabPanel::examplesFillTheValue()
{
    auto *examples = m_panel->findChild<QComboBox *>(QStringLiteral("valueExamples"));
    QVERIFY(examples);
    QVERIFY(examples->count() > 5);
    examples->setCurrentIndex(1);
    emit examples->activated(1);
    QCOMPARE(m_panel->value(), std::optional<double>(2e-8));
    QCOMPARE(m_panel->bitPattern(NumberFormat::Fp16)->bits(), 0x0000u); // below 2^-25: flushed
    QCOMPARE(examples->currentIndex(), 0);
}

void TestPrecisionLabPanel::histogramFile()
{
    QTemporaryDir dir;
    const QString good = dir.filePath(QStringLiteral("grads.csv"));
    {
        QFile f(good);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("lower,upper,count\n1e-9,1e-8,1\n1e-8,1e-7,1\n1e-7,1e-6,2\n");
    }
    QVERIFY(m_panel->loadHistogram(good));
    QVERIFY(m_panel->usesHistogram());
    // Hand: (1 + 0.47425) / 4 of it lies below 2^-25 (see tst_gradientdistribution).
    const double inBin = std::log10(std::ldexp(1.0, -25)) + 8.0;
    QVERIFY(std::fabs(m_panel->shownShares(NumberFormat::Fp16).flushToZero - (1 + inBin) / 4) < 1e-12);

    const QString bad = dir.filePath(QStringLiteral("bad.csv"));
    {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("1e-9,1e-8,1\n1e-8,oops,1\n");
    }
    QVERIFY(!m_panel->loadHistogram(bad));
    auto *problem = m_panel->findChild<QLabel *>(QStringLiteral("distributionProblem"));
    QVERIFY(!problem->isHidden()); // on a page that is not the current tab
    QVERIFY2(problem->text().contains(QStringLiteral("Line 2")), qPrintable(problem->text()));
    QVERIFY(m_panel->usesHistogram()); // the good one stays

    m_panel->useLogNormal();
    QVERIFY(!m_panel->usesHistogram());
}

void TestPrecisionLabPanel::blowUpScenarioDiagnosed()
{
    m_panel->showPage(PrecisionLabPanel::Page::LossScaling);
    auto *preset = m_panel->findChild<QComboBox *>(QStringLiteral("simulationPreset"));
    QVERIFY(preset);
    QSignalSpy spy(m_panel, &PrecisionLabPanel::traceChanged);
    preset->setCurrentIndex(2);
    emit preset->activated(2); // learning-rate blow-up at step 3000
    QCOMPARE(spy.count(), 1);
    const LossScaleTrace &t = m_panel->lossScaleTrace();
    QCOMPARE(int(t.steps.size()), 6000);
    bool collapsed = false;
    for (const DiagnosticFinding &f : t.diagnostics)
        collapsed = collapsed || (f.code == ScalerDiagnostic::ScaleCollapsedWithInfs && f.step > 3000);
    QVERIFY(collapsed);
    const QString text = m_panel->findChild<QLabel *>(QStringLiteral("diagnostics"))->text();
    QVERIFY2(text.contains(QStringLiteral("Exploding gradients")), qPrintable(text));
    auto *chart = m_panel->findChild<LossScaleChart *>(QStringLiteral("lossScaleChart"));
    QCOMPARE(chart->series().steps.size(), 6000);
    QCOMPARE(chart->series().skippedSteps.size(), t.skippedSteps);

    preset->setCurrentIndex(0);
    emit preset->activated(0); // healthy
    const QString healthy = m_panel->findChild<QLabel *>(QStringLiteral("diagnostics"))->text();
    QVERIFY2(!healthy.contains(QStringLiteral("Exploding gradients")), qPrintable(healthy));
}

void TestPrecisionLabPanel::clipOrderToggle()
{
    m_panel->showPage(PrecisionLabPanel::Page::UpdateOrder);
    auto *toggle = m_panel->findChild<QCheckBox *>(QStringLiteral("clipBeforeUnscale"));
    auto *diagram = m_panel->findChild<UpdateOrderDiagram *>(QStringLiteral("updateOrderDiagram"));
    QVERIFY(toggle && diagram);
    using S = UpdateOrderDiagram::Stage;
    QVERIFY(diagram->stages().indexOf(S::Unscale) < diagram->stages().indexOf(S::Clip));
    QVERIFY(std::fabs(m_panel->clipResult().effectiveNorm - 5.0 / (5.0 + 1e-6)) < 1e-12);

    toggle->click();
    QVERIFY(diagram->stages().indexOf(S::Clip) < diagram->stages().indexOf(S::Unscale));
    // Hand: clipping sees 5 * 2^16 = 327680 and scales by 1/327680; the optimizer gets 5/327680.
    QVERIFY(std::fabs(m_panel->clipResult().effectiveNorm - 5.0 / 327680.0) < 1e-12);
    const QString text = m_panel->findChild<QLabel *>(QStringLiteral("clipResult"))->text();
    QVERIFY2(text.contains(QStringLiteral("too small")), qPrintable(text));
}

void TestPrecisionLabPanel::recommendationFollowsGpu()
{
    auto *label = m_panel->findChild<QLabel *>(QStringLiteral("recommendation"));
    m_panel->setGpuSupportsBf16(false, QStringLiteral("Tesla V100"));
    QVERIFY(label->text().contains(QStringLiteral("Tesla V100")));
    QVERIFY(label->text().contains(QStringLiteral("FP16 with a dynamic loss scaler")));
    m_panel->setGpuSupportsBf16(true, QStringLiteral("H100 SXM"));
    QVERIFY(label->text().contains(QStringLiteral("train in BF16")));
}

void TestPrecisionLabPanel::fp8TablesShowCoreCounts()
{
    m_panel->showPage(PrecisionLabPanel::Page::Fp8Training);
    auto *preset = m_panel->findChild<QComboBox *>(QStringLiteral("fp8Preset"));
    QVERIFY(preset);
    preset->setCurrentIndex(2);
    emit preset->activated(2); // gradients
    // The same tensor cast through the core directly: the cells show those counts.
    const Fp8TensorModel model = m_panel->fp8Tensor();
    QCOMPARE(model.median, 1e-6);
    const std::vector<float> values = sampleFp8Tensor(model);
    for (NumberFormat f : { NumberFormat::Fp8E4M3, NumberFormat::Fp8E5M2 })
        for (Fp8Scaling scaling : allFp8Scalings) {
            const Fp8CastCounts c = castTensorToFp8(values, model.rows, model.cols, f, scaling);
            QCOMPARE(m_panel->fp8Counts(f, scaling).flushedToZero, c.flushedToZero);
            const QString name = QStringLiteral("fp8Cell_%1_%2_1")
                                         .arg(QString::fromLatin1(formatKey(f).data()),
                                              QString::fromLatin1(fp8ScalingKey(scaling).data()));
            auto *cell = m_panel->findChild<QLabel *>(name);
            QVERIFY2(cell, qPrintable(name));
            QCOMPARE(cell->text(), PrecisionText::share(double(c.flushedToZero) / c.elements));
        }
}

void TestPrecisionLabPanel::fp8UniformTensorIsExact()
{
    // Every value the same magnitude (no spread): a per-tensor scale maps it to the format's
    // largest value, so nothing clamps and nothing flushes; MX's power-of-two scale keeps a
    // BF16 value's 8 significant bits only approximately in E4M3's 4, so only clamping is checked.
    Fp8TensorModel model = m_panel->fp8Tensor();
    model.median = 1000; // exact in BF16 (1.953125 x 2^9)
    model.sigmaDecades = 0;
    model.rowSpreadDecades = 0;
    m_panel->setFp8Tensor(model);
    for (Fp8Scaling scaling : allFp8Scalings) {
        QCOMPARE(m_panel->fp8Counts(NumberFormat::Fp8E4M3, scaling).flushedToZero, 0);
    }
    QCOMPARE(m_panel->fp8Counts(NumberFormat::Fp8E4M3, Fp8Scaling::PerTensor).clamped, 0);
    // The scale 448 / 1000 is rounded to FP32 (0.448000013828...): 1000 lands on 448 and reads
    // back as 448 / 0.448000013828 = 999.99996913, 3.09e-8 off.
    const double readBack = 448.0 / double(448.0F / 1000.0F);
    QCOMPARE(m_panel->fp8Counts(NumberFormat::Fp8E4M3, Fp8Scaling::PerTensor).medianRelativeError,
             (1000.0 - readBack) / 1000.0);
    // MX: floor(log2 1000) - 8 = 1, and 1000 / 2 = 500 passes 448: every value clamps to 896.
    QCOMPARE(m_panel->fp8Counts(NumberFormat::Fp8E4M3, Fp8Scaling::Block32).clamped, model.rows * model.cols);
}

void TestPrecisionLabPanel::fp8BadTensorRefused()
{
    m_panel->showPage(PrecisionLabPanel::Page::Fp8Training);
    const Fp8TensorModel before = m_panel->fp8Tensor();
    Fp8TensorModel bad = before;
    bad.cols = 48;
    m_panel->setFp8Tensor(bad);
    QCOMPARE(m_panel->fp8Tensor().cols, before.cols);
    bool shown = false;
    for (QLabel *l : m_panel->findChildren<QLabel *>())
        shown = shown || (l->isVisibleTo(m_panel) && l->text().contains(QStringLiteral("multiple of 32")));
    QVERIFY(shown);
}

void TestPrecisionLabPanel::delayedScalingFirstStepClamps()
{
    // Values all 1000 and a trace without noise or spikes: TE's first cast uses scale 1, so all
    // of step 0 clamps above 448; from step 1 the scale is 448 / 1000 and nothing clamps.
    Fp8TensorModel model = m_panel->fp8Tensor();
    model.median = 1000;
    model.sigmaDecades = 0;
    model.rowSpreadDecades = 0;
    m_panel->setFp8Tensor(model);
    m_panel->findChild<QDoubleSpinBox *>(QStringLiteral("delayedNoise"))->setValue(0);
    m_panel->findChild<QDoubleSpinBox *>(QStringLiteral("delayedSpikes"))->setValue(0);
    const DelayedScalingTrace &t = m_panel->delayedScalingTrace();
    QCOMPARE(t.steps.front().clampedShare, 1.0);
    QCOMPARE(t.steps[1].scale, 448.0F / 1000.0F);
    QCOMPARE(t.stepsWithClamping, 1);
    auto *chart = m_panel->findChild<DelayedScalingChart *>(QStringLiteral("delayedScalingChart"));
    QCOMPARE(chart->series().clampedSteps.size(), 1);
    QVERIFY(m_panel->findChild<QLabel *>(QStringLiteral("delayedSummary"))->text().contains(QStringLiteral("1 of 400")));
}

void TestPrecisionLabPanel::screenshots()
{
    const QString dir = qEnvironmentVariable("HEADROOM_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("HEADROOM_SCREENSHOT_DIR not set: no screenshots written");
    QVERIFY(QDir().mkpath(dir));
    m_panel->resize(620, 720);
    m_panel->setGpuSupportsBf16(false, QStringLiteral("Tesla T4"));
    m_panel->setDistribution(LogNormalMagnitudes { 1e-6, 1.5 });
    m_panel->setLossScaleExponent(12);
    m_panel->setValue(3e-6);
    m_panel->showPage(PrecisionLabPanel::Page::GradientRange);
    QTest::qWait(50);
    QVERIFY(m_panel->grab().save(QDir(dir).filePath(QStringLiteral("precision-lab.png"))));

    m_panel->resize(620, 660);
    m_panel->showPage(PrecisionLabPanel::Page::Formats);
    QTest::qWait(50);
    QVERIFY(m_panel->grab().save(QDir(dir).filePath(QStringLiteral("precision-lab-formats.png"))));

    auto *preset = m_panel->findChild<QComboBox *>(QStringLiteral("simulationPreset"));
    preset->setCurrentIndex(2);
    emit preset->activated(2);
    m_panel->resize(620, 960);
    m_panel->showPage(PrecisionLabPanel::Page::LossScaling);
    QTest::qWait(50);
    QVERIFY(m_panel->grab().save(QDir(dir).filePath(QStringLiteral("precision-lab-lossscale.png"))));

    m_panel->findChild<QCheckBox *>(QStringLiteral("clipBeforeUnscale"))->setChecked(true);
    m_panel->resize(620, 740);
    m_panel->showPage(PrecisionLabPanel::Page::UpdateOrder);
    QTest::qWait(50);
    QVERIFY(m_panel->grab().save(QDir(dir).filePath(QStringLiteral("precision-lab-update-order.png"))));

    m_panel->resize(620, 1100);
    m_panel->showPage(PrecisionLabPanel::Page::Fp8Training);
    QTest::qWait(50);
    QVERIFY(m_panel->grab().save(QDir(dir).filePath(QStringLiteral("precision-lab-fp8.png"))));
}

QTEST_MAIN(TestPrecisionLabPanel)
#include "tst_precisionlabpanel.moc"
