// The four charts: adapters against figures worked out by hand, panes against their data,
// exports, hover text, units and the dark look.
//
// The scenario is the article's section 2.3 example: P = 7e9 (given), L = 32, H = 4096, A = 32,
// B = 1, S = 2048, BF16 with an FP32 master copy and AdamW (2 + 2 + 4 + 8 = 16 B/param), the
// textbook activation model. By hand:
//   fixed       7e9 × 16 B                                   = 112,000,000,000 B
//   activations 2 × (19·1·2048·4096 + 3·1·32·2048²) × 32     =  35,970,351,104 B
//   overhead    1000 MiB + 1 GiB                             =   2,122,317,824 B
//   total                                                    = 150,092,668,928 B
// GPUs (resources/gpus.json, nvidia-smi totals): H100 80GB 81,559 MiB = 85,520,809,984 B,
// H200 143,771 MiB = 150,754,820,096 B.
//
// Set HEADROOM_CHART_SHOTS=<dir> to also write a PNG of every pane, light and dark, there.

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLocale>
#include <QObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <qcustomplot.h>

#include <headroom/memory/stack.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>

#include "charts/chartadapters.h"
#include "charts/recipecomparisonpane.h"
#include "charts/stackedbarpane.h"
#include "layoutcheck.h"
#include "charts/sweeppane.h"
#include "charts/timelinepane.h"

using namespace headroom;

namespace {

constexpr double kGiBd = 1024.0 * 1024.0 * 1024.0;
constexpr double kFixed = 112'000'000'000.0;
constexpr double kActivations = 35'970'351'104.0;
constexpr double kOverhead = 1'048'576'000.0; // the CUDA context; no allocator cache under the textbook model
constexpr double kTotal = kFixed + kActivations + kOverhead; // 149,018,927,104
constexpr double kH100 = 85'520'809'984.0;
constexpr double kH200 = 150'754'820'096.0;

// The article's formula, in exact integers, independent of the core.
double textbook(qint64 B, qint64 S, qint64 bytesPerElement = 2)
{
    const qint64 H = 4096, A = 32, L = 32;
    return double(bytesPerElement * (19 * B * S * H + 3 * B * A * S * S) * L);
}

// Fuzzy enough for doubles that went through a division, exact enough to catch a wrong term.
bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)) + 1e-9;
}

QCPBars *barsAt(QCustomPlot *plot, int i) { return qobject_cast<QCPBars *>(plot->plottable(i)); }

// Every text the plot draws: items, the title, tick labels of text tickers.
QStringList plotTexts(QCustomPlot *plot)
{
    QStringList texts;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *t = qobject_cast<QCPItemText *>(plot->item(i)))
            texts << t->text();
    for (QCPAxis *axis : plot->axisRect()->axes()) {
        texts << axis->label();
        if (auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>())
            texts << ticker->ticks().values();
    }
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i)))
            texts << item->plottable()->name();
    return texts;
}

// Shows \a pane at a typical size and lets its queued relayout run.
void showAndSettle(QWidget *pane)
{
    pane->resize(900, 560);
    pane->show();
    QVERIFY(QTest::qWaitForWindowExposed(pane));
    QCoreApplication::processEvents();
}

void verifyNoNaN(QCustomPlot *plot)
{
    for (const QString &t : plotTexts(plot)) {
        QVERIFY2(!t.contains(QLatin1String("nan"), Qt::CaseInsensitive), qPrintable(t));
        QVERIFY2(!t.contains(QLatin1String("inf"), Qt::CaseInsensitive), qPrintable(t));
    }
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void stackedBarSegments();
    void stackedBarComparisons();
    void stackedBarShardedFormula();
    void stackedBarPaneMatchesData();
    void stackedBarVerdict();
    void terabyteAxis();
    void stackedBarTooltip();
    void aHiddenChartIsDrawnWhenShown();

    void sweepAlongSequence();
    void sweepAlongBatch();
    void sweepFitsUpTo();
    void sweepPane();
    void sweepSelector();

    void recipeComparison();
    void recipeComparisonIsTheDerivationsPeak();
    void recipeShortLivedSegmentSaysWhat();
    void barLabelsStayWithTheirSegments();
    void recipeComparisonPane();

    void timeline();
    void timelineGradientsInBackward();
    void timelineAccumulating();
    void timelineFullRecompute();
    void timelineItemizedModel();
    void timelinePane();

    void exports();
    void darkLook();
    void followsPalette();
    void emptyPanes();
    void screenshots();

private:
    ScenarioSpec sevenB(const QString &gpuId = QStringLiteral("h100-80gb")) const;

    Catalogue m_catalogue;
};

void TestCharts::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    const CatalogueError error = loadCatalogue(findDataDir(), m_catalogue);
    QVERIFY2(error.code == CatalogueError::Code::None, qPrintable(error.detail));
    QVERIFY(m_catalogue.gpu(QStringLiteral("h100-80gb")));
}

ScenarioSpec TestCharts::sevenB(const QString &gpuId) const
{
    ScenarioSpec spec;
    Scenario &s = spec.scenario;
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
    if (const GpuSpec *g = m_catalogue.gpu(gpuId)) {
        spec.gpuId = g->id;
        s.gpu.capacity = g->capacity;
        s.gpu.supportsBf16 = g->bf16;
    }
    return spec;
}

void TestCharts::stackedBarSegments()
{
    const ScenarioSpec spec = sevenB();
    const StackedBarData d = makeStackedBar(spec, estimate(spec.scenario), m_catalogue);
    QCOMPARE(d.segments.size(), 6);
    const double expected[] = { 14e9, 14e9, 28e9, 56e9, kActivations, kOverhead };
    for (int i = 0; i < 6; ++i) {
        QCOMPARE(d.segments[i].bucket, kAllBuckets[static_cast<std::size_t>(i)]);
        QCOMPARE(d.segments[i].bytes, expected[i]);
    }
    // Under the textbook convention every bucket is live at the peak: the bar is the plain sum,
    // with no short-lived buffers on top.
    QCOMPARE(d.peakBytes, kTotal);
    QCOMPARE(d.sumOfBucketsBytes, kTotal);
    QCOMPARE(d.transientBytes, 0.0);
    QCOMPARE(d.gpu.capacityBytes, kH100);
    QCOMPARE(d.gpu.gpuName, QStringLiteral("NVIDIA H100 80GB (SXM5)"));
    QCOMPARE(d.segments[0].formula,
             QStringLiteral("P × 2 bytes/param = 7,000,000,000 × 2 bytes/param = 14,000,000,000 bytes"));
    QVERIFY(d.segments[3].formula.startsWith(QStringLiteral("P × 8 bytes/param = 7,000,000,000 × 8 bytes/param")));
    // The article's formula with its symbols, then with the numbers plugged in; bytes are a
    // word, never the letter B, which is the batch.
    QVERIFY2(d.segments[4].formula.startsWith(QStringLiteral("L × 2 bytes/elem × (19·B·S·H + 3·B·A·S²) = "
                                                             "32 × 2 bytes/elem × (19 × 1 × 2,048 × 4,096 + 3 × 1 × 32 × 2,048²)")),
             qPrintable(d.segments[4].formula));
    QVERIFY(d.title.contains(QStringLiteral("B=1")));
}

void TestCharts::stackedBarComparisons()
{
    // 150.09e9 B fits only the H200 (150.75e9 B): the one comparison line.
    const ScenarioSpec spec = sevenB();
    StackedBarData d = makeStackedBar(spec, estimate(spec.scenario), m_catalogue);
    QCOMPARE(d.comparisons.size(), 1);
    QCOMPARE(d.comparisons[0].gpuId, QStringLiteral("h200-141gb"));
    QCOMPARE(d.comparisons[0].capacityBytes, kH200);

    // Explicit ids win; unknown ones and the chosen GPU are skipped; at most two.
    d = makeStackedBar(spec, estimate(spec.scenario), m_catalogue,
                       { QStringLiteral("h100-80gb"), QStringLiteral("nope"), QStringLiteral("a100-40gb"),
                         QStringLiteral("t4"), QStringLiteral("a10") });
    QCOMPARE(d.comparisons.size(), 2);
    QCOMPARE(d.comparisons[0].gpuId, QStringLiteral("a100-40gb"));
    QCOMPARE(d.comparisons[1].gpuId, QStringLiteral("t4"));

    // Nothing fits (B = 5: 5/4 of B = 4's 143.9e9 B of activations, 294e9 B in all, above the
    // MI325X's 261,824 MiB = 274.5e9 B): the largest card.
    ScenarioSpec big = sevenB();
    big.scenario.training.microBatch = 5;
    d = makeStackedBar(big, estimate(big.scenario), m_catalogue);
    QCOMPARE(d.comparisons.size(), 1);
    QCOMPARE(d.comparisons[0].gpuId, QStringLiteral("mi325x-256gb"));

    // Fits the chosen H200 with nothing smaller that fits: no comparison needed.
    const ScenarioSpec onH200 = sevenB(QStringLiteral("h200-141gb"));
    d = makeStackedBar(onH200, estimate(onH200.scenario), m_catalogue);
    QVERIFY(d.comparisons.isEmpty());
}

void TestCharts::stackedBarShardedFormula()
{
    // ZeRO-3 over 8 data-parallel GPUs: each holds 7e9 × 2 B / 8 = 1.75e9 B of weights, plus the
    // largest module all-gathered for its turn (placement.h), the 32000 × 4096 embedding at
    // 2 B: 262,144,000 B; 2,012,144,000 B in all. The hover formula gives the whole model's
    // figure and this GPU's, and says why they differ.
    ScenarioSpec spec = sevenB();
    spec.scenario.parallel.gpus = 8;
    spec.scenario.parallel.zero = ZeroStage::Stage3;
    spec.scenario.stack.stack = TrainingStack::DeepSpeed;
    spec.scenario.stack.prefetchBucket = 0; // the largest module alone, as DeepSpeed's estimator
    spec.scenario.stack.persistenceThreshold = 0;
    const StackedBarData d = makeStackedBar(spec, estimate(spec.scenario), m_catalogue);
    QCOMPARE(d.segments[0].bytes, 2'012'144'000.0);
    QCOMPARE(d.segments[0].formula,
             QStringLiteral("⌈P × 2 bytes/param / d⌉ + P_gather × 2 bytes/param = "
                            "⌈7,000,000,000 × 2 bytes/param / 8⌉ + 131,072,000 × 2 bytes/param = 2,012,144,000 bytes"));
}

void TestCharts::stackedBarPaneMatchesData()
{
    const ScenarioSpec spec = sevenB();
    StackedBarPane pane;
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    QCustomPlot *plot = pane.plot();
    QCOMPARE(plot->plottableCount(), 6);
    const double expected[] = { 14e9, 14e9, 28e9, 56e9, kActivations, kOverhead };
    for (int i = 0; i < 6; ++i) {
        QCPBars *bars = barsAt(plot, i);
        QVERIFY(bars);
        QCOMPARE(bars->data()->size(), 1);
        QVERIFY(near(bars->data()->at(0)->value, expected[i] / kGiBd));
        QCOMPARE(bars->name(), bucketName(kAllBuckets[static_cast<std::size_t>(i)]));
        QCOMPARE(bars->brush().color(), bucketColor(kAllBuckets[static_cast<std::size_t>(i)]));
        if (i > 0)
            QCOMPARE(bars->barBelow(), barsAt(plot, i - 1));
    }
    // Legend: six entries, the top of the stack first.
    QCOMPARE(plot->legend->itemCount(), 6);
    QCOMPARE(qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(0))->plottable()->name(),
             bucketName(Bucket::Overhead));

    pane.setUnit(DisplayUnit::Decimal);
    for (int i = 0; i < 6; ++i)
        QVERIFY(near(barsAt(plot, i)->data()->at(0)->value, expected[i] / 1e9));
    QCOMPARE(plot->yAxis->label(), QStringLiteral("Memory per GPU (GB)"));

    // Okabe–Ito's six, and grey for the frozen models: seven distinct colours.
    QSet<QRgb> colours;
    for (Bucket b : kAllBuckets)
        colours.insert(bucketColor(b).rgb());
    QCOMPARE(colours.size(), kBucketCount);
    QCOMPARE(bucketColor(Bucket::Parameters), QColor(0x00, 0x72, 0xB2));
    QCOMPARE(bucketColor(Bucket::Activations), QColor(0xD5, 0x5E, 0x00));
    verifyNoNaN(plot);
}

void TestCharts::terabyteAxis()
{
    // Llama-3.1 405B at B = 8, S = 131,072 on one A100 with an H200 beside it: a peak of about
    // 105 TiB (the window's screenshot of it), capacities of 80 and 140 GiB near the axis.
    StackedBarData d;
    d.peakBytes = 105.3 * 1024 * kGiBd;
    d.segments.append({ Bucket::Activations, d.peakBytes, QString() });
    d.gpu = { QStringLiteral("a100-80gb"), QStringLiteral("NVIDIA A100 80GB (SXM4)"), 80.0 * kGiBd };
    d.comparisons.append({ QStringLiteral("h200"), QStringLiteral("NVIDIA H200 141GB"), 140.4 * kGiBd });
    StackedBarPane pane;
    showAndSettle(&pane);
    pane.setData(d);
    QCustomPlot *plot = pane.plot();
    // Ticks in TiB (the labels' unit), the bar 105.3 high on it, the axis 12% above the peak.
    QCOMPARE(plot->yAxis->label(), QStringLiteral("Memory per GPU (TiB)"));
    QVERIFY(near(barsAt(plot, 0)->data()->at(0)->value, 105.3));
    QVERIFY(near(plot->yAxis->range().upper, 105.3 * 1.12));
    // The two capacity lines are 0.06 TiB apart, under a pixel: only the chosen GPU's label shows.
    QStringList shown;
    for (const ChartPane::Annotation &a : pane.annotations())
        if (a.text.contains(QLatin1String("GiB")) && (a.text.contains(QLatin1String("A100")) || a.text.contains(QLatin1String("H200"))))
            shown << a.text;
    QCOMPARE(shown.size(), 1);
    QVERIFY2(shown.first().startsWith(QLatin1String("A100")), qPrintable(shown.first()));
    // In decimal units, from 4,000 GB up: TB.
    pane.setUnit(DisplayUnit::Decimal);
    QCOMPARE(plot->yAxis->label(), QStringLiteral("Memory per GPU (TB)"));
    // Below 4,096 GiB the axis stays in GiB.
    d.peakBytes = 4000 * kGiBd;
    d.segments.first().bytes = d.peakBytes;
    pane.setUnit(DisplayUnit::Binary);
    pane.setData(d);
    QCOMPARE(plot->yAxis->label(), QStringLiteral("Memory per GPU (GiB)"));
}

void TestCharts::stackedBarVerdict()
{
    StackedBarPane pane;
    showAndSettle(&pane);
    ScenarioSpec spec = sevenB();
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    // 150,092,668,928 − 85,520,809,984 = 64,571,858,944 B = 60.14 GiB = 64.57 GB.
    QCOMPARE(pane.verdictText(), QStringLiteral("overflow 59.1 GiB"));
    QVERIFY(plotTexts(pane.plot()).contains(QStringLiteral("overflow 59.1 GiB")));
    // Capacity lines name the card short ("NVIDIA H100 80GB (SXM5)" → "H100 80GB") so the label
    // fits right of the bar.
    QVERIFY(plotTexts(pane.plot()).contains(QStringLiteral("H100 80GB: 79.6 GiB")));
    // The comparison line has its own verdict: 150,754,820,096 − 149,018,927,104 = 1,735,892,992 B.
    QVERIFY(plotTexts(pane.plot()).contains(QStringLiteral("H200 141GB: 140.4 GiB · headroom 1.6 GiB")));
    // Segment names are in the legend; beside the bar, only sizes: 56e9 B = 52.2 GiB.
    QVERIFY(plotTexts(pane.plot()).contains(QStringLiteral("52.2 GiB")));
    pane.setUnit(DisplayUnit::Decimal);
    QCOMPARE(pane.verdictText(), QStringLiteral("overflow 63.5 GB"));

    spec = sevenB(QStringLiteral("h200-141gb"));
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    QCOMPARE(pane.verdictText(), QStringLiteral("headroom 1.7 GB"));

    spec = sevenB(QString()); // no GPU: no verdict, no line
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    QVERIFY(pane.verdictText().isEmpty());
    QCOMPARE(pane.data().gpu.capacityBytes, 0.0);
    verifyNoNaN(pane.plot());
}

void TestCharts::stackedBarTooltip()
{
    const ScenarioSpec spec = sevenB();
    StackedBarPane pane;
    pane.resize(900, 560);
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.plot()->replot();
    QCustomPlot *plot = pane.plot();
    const double barKey = barsAt(plot, 0)->data()->at(0)->key;
    // The middle of the optimizer states: 14 + 14 + 28 + 56/2 = 84e9 B.
    const QPoint inOptimizer(qRound(plot->xAxis->coordToPixel(barKey)), qRound(plot->yAxis->coordToPixel(84e9 / kGiBd)));
    const QString tip = pane.toolTipAt(inOptimizer);
    QVERIFY2(tip.contains(QStringLiteral("Optimizer states")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("52.15 GiB = 56.00 GB")), qPrintable(tip)); // 56e9 / 2^30 = 52.154
    QVERIFY2(tip.contains(QStringLiteral("P × 8 bytes/param = 7,000,000,000 × 8 bytes/param")), qPrintable(tip));
    // Activations: 112e9 + 35.97e9 / 2.
    const QPoint inActivations(qRound(plot->xAxis->coordToPixel(barKey)),
                               qRound(plot->yAxis->coordToPixel((kFixed + kActivations / 2) / kGiBd)));
    QVERIFY(pane.toolTipAt(inActivations).contains(QStringLiteral("33.50 GiB = 35.97 GB")));
    // Beside the bar: nothing.
    const QPoint beside(qRound(plot->xAxis->coordToPixel(barKey + barsAt(plot, 0)->width())), inOptimizer.y());
    QVERIFY(pane.toolTipAt(beside).isEmpty());
    // On a capacity line: its whole label, however narrow the chart drew it.
    const QPoint onH100(beside.x(), qRound(plot->yAxis->coordToPixel(kH100 / kGiBd)));
    QCOMPARE(pane.levelLineTipAt(onH100), QStringLiteral("NVIDIA H100 80GB (SXM5): 79.6 GiB"));
    QVERIFY(pane.levelLineTipAt(onH100 + QPoint(0, 20)).isEmpty());
}

void TestCharts::aHiddenChartIsDrawnWhenShown()
{
    const ScenarioSpec spec = sevenB();
    StackedBarPane pane;
    pane.resize(600, 400);
    QSignalSpy replots(pane.plot(), &QCustomPlot::afterReplot);
    // Hidden (not yet shown, or behind a tab): the data is in the plot, not drawn.
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    QCOMPARE(pane.plot()->plottableCount(), 6);
    QCOMPARE(replots.count(), 0);
    // Shown: drawn before its first paint, at its size.
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QTRY_VERIFY(replots.count() >= 1);
    QCOMPARE(pane.plot()->viewport(), pane.plot()->rect());
    // On screen, a new scenario is drawn at once, once.
    const int before = replots.count();
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    QCOMPARE(replots.count(), before + 1);
    // Resized several times in one turn: it takes each size without drawing, and is drawn once
    // before it is painted at the last.
    for (int w : { 500, 520, 540, 560 })
        pane.plot()->resize(w, 300);
    QCOMPARE(replots.count(), before + 1);
    pane.plot()->repaint();
    QCOMPARE(replots.count(), before + 2);
    QCOMPARE(pane.plot()->viewport(), QRect(0, 0, 560, 300));
}

void TestCharts::sweepAlongSequence()
{
    const SweepData d = makeSweep(sevenB(), SweepAxis::Sequence, m_catalogue);
    QCOMPARE(d.axis, SweepAxis::Sequence);
    // 128 .. 8192 (S/16 .. 4S), 64 log-spaced points with 2048 among them.
    QCOMPARE(d.x.size(), 64);
    QCOMPARE(d.x.first(), 128.0);
    QCOMPARE(d.x.last(), 8192.0);
    QCOMPARE(d.current, 2048.0);
    QVERIFY(d.currentIndex >= 0);
    QCOMPARE(d.x[d.currentIndex], 2048.0);
    const auto &activations = d.y[static_cast<std::size_t>(bucketIndex(Bucket::Activations))];
    const auto &optimizer = d.y[static_cast<std::size_t>(bucketIndex(Bucket::OptimizerStates))];
    // Hand-worked points: S = 128, 512, 2048, 8192.
    QCOMPARE(activations[d.x.indexOf(128.0)], 738'197'504.0);
    QCOMPARE(activations[d.x.indexOf(512.0)], 4'160'749'568.0);
    QCOMPARE(activations[d.currentIndex], kActivations);
    QCOMPARE(activations[d.x.indexOf(8192.0)], 453'119'049'728.0);
    for (int i = 0; i < d.x.size(); ++i) {
        QCOMPARE(activations[i], textbook(1, qint64(d.x[i])));
        QCOMPARE(optimizer[i], 56e9);
        QCOMPARE(d.peak[i], kFixed + kOverhead + textbook(1, qint64(d.x[i])));
    }
    // S² shows: doubling S from 2048 to 4096 multiplies activations by 3.43, not 2.
    QVERIFY(textbook(1, 4096) / textbook(1, 2048) > 3.4);
    // The textbook model stores the scores whatever the kernel: no flash line, a note instead.
    QVERIFY(d.alternativeTotal.isEmpty());
    QVERIFY(!d.note.isEmpty());
}

void TestCharts::sweepAlongBatch()
{
    const SweepData d = makeSweep(sevenB(), SweepAxis::MicroBatch, m_catalogue);
    // 1 .. 16: every integer.
    QCOMPARE(d.x.size(), 16);
    const auto &activations = d.y[static_cast<std::size_t>(bucketIndex(Bucket::Activations))];
    for (int i = 0; i < d.x.size(); ++i) {
        QCOMPARE(d.x[i], double(i + 1));
        QCOMPARE(activations[i], (i + 1) * kActivations);
    }
    QCOMPARE(activations[3], 143'881'404'416.0); // the article's B = 4 row, "144 GB"
    QCOMPARE(d.currentIndex, 0);
}

void TestCharts::sweepFitsUpTo()
{
    // H200: 150,754,820,096 − 114,122,317,824 = 36,633,321,472 B left for activations.
    // S = 2048 needs 35,970,351,104; the next point, S = 2188, needs more.
    SweepData d = makeSweep(sevenB(QStringLiteral("h200-141gb")), SweepAxis::Sequence, m_catalogue);
    QCOMPARE(d.lastFittingIndex, d.currentIndex);
    QVERIFY(textbook(1, qint64(d.x[d.currentIndex + 1])) > 36'633'321'472.0);
    // H100: 112e9 of fixed cost alone is more than 85.5e9: nothing fits.
    d = makeSweep(sevenB(), SweepAxis::Sequence, m_catalogue);
    QCOMPARE(d.lastFittingIndex, -1);
    // No GPU: no verdict.
    d = makeSweep(sevenB(QString()), SweepAxis::Sequence, m_catalogue);
    QCOMPARE(d.lastFittingIndex, -1);
    QCOMPARE(d.gpu.capacityBytes, 0.0);
}

void TestCharts::sweepPane()
{
    const SweepData d = makeSweep(sevenB(QStringLiteral("h200-141gb")), SweepAxis::Sequence, m_catalogue);
    SweepPane pane;
    pane.setData(d);
    QCustomPlot *plot = pane.plot();
    QCOMPARE(plot->graphCount(), 6);
    // The top graph is the stack's total: at S = 2048, 150,092,668,928 B.
    QCPGraph *top = plot->graph(5);
    QCOMPARE(top->data()->size(), 64);
    QVERIFY(near(top->data()->at(d.currentIndex)->value, kTotal / kGiBd));
    // The activations graph sits on the model states: 112e9 + activations.
    QCPGraph *activations = plot->graph(4);
    QVERIFY(near(activations->data()->at(0)->value, (kFixed + 738'197'504.0) / kGiBd));
    QCOMPARE(activations->channelFillGraph(), plot->graph(3));
    QVERIFY(plotTexts(plot).contains(QStringLiteral("now: S = 2,048, peak 138.8 GiB")));
    // The exact limit (the verdict's search), not the last point drawn: 112e9 + 1,048,576,000 +
    // 4,980,736·S + 6,144·S² ≤ 150,754,820,096 B holds up to S = 2,104 (the root is 2,104.9).
    QVERIFY2(plotTexts(plot).contains(QStringLiteral("NVIDIA H200 141GB (SXM): 140.4 GiB · fits up to S = 2,104")),
             qPrintable(plotTexts(plot).join(QLatin1Char('|'))));
    verifyNoNaN(plot);

    pane.resize(900, 560);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    plot->replot();
    const QPoint atCurrent(qRound(plot->xAxis->coordToPixel(2048)), qRound(plot->yAxis->coordToPixel(50)));
    const QString tip = pane.toolTipAt(atCurrent);
    QVERIFY2(tip.contains(QStringLiteral("S = 2,048")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Activations: 33.50 GiB")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("138.78 GiB = 149.02 GB")), qPrintable(tip));
}

void TestCharts::sweepSelector()
{
    SweepPane pane;
    pane.setData(makeSweep(sevenB(), SweepAxis::Layers, m_catalogue));
    QCOMPARE(pane.axis(), SweepAxis::Layers);
    QCOMPARE(pane.axisSelector()->currentData().toInt(), static_cast<int>(SweepAxis::Layers));
    QCOMPARE(pane.plot()->xAxis->range().lower, 1.0);
    QCOMPARE(pane.plot()->xAxis->range().upper, 64.0);

    QSignalSpy spy(&pane, &SweepPane::axisChanged);
    pane.setData(makeSweep(sevenB(), SweepAxis::Sequence, m_catalogue)); // data, not the user: no signal
    QCOMPARE(spy.count(), 0);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    pane.axisSelector()->setFocus();
    QTest::keyClick(pane.axisSelector(), Qt::Key_Down);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<SweepAxis>(), SweepAxis::MicroBatch);
    QCOMPARE(pane.axis(), SweepAxis::MicroBatch);
}

void TestCharts::recipeComparison()
{
    const ScenarioSpec spec = sevenB();
    const RecipeComparisonData d = makeRecipeComparison(spec, m_catalogue);
    QCOMPARE(d.bars.size(), 6);
    const QStringList labels = { QStringLiteral("FP32"),           QStringLiteral("AMP (BF16)"),
                                 QStringLiteral("BF16 + master"), QStringLiteral("BF16, no master"),
                                 QStringLiteral("LoRA r=16"),      QStringLiteral("QLoRA r=16") };
    for (int i = 0; i < 6; ++i)
        QCOMPARE(d.bars[i].label, labels[i]);
    auto bucket = [&d](int bar, Bucket b) { return d.bars[bar].segments[bucketIndex(b)].bytes; };
    // FP32 Adam: 4 + 4 + 0 + 8 = 16 B/param, activations at 4 bytes an element.
    QCOMPARE(bucket(0, Bucket::Parameters), 28e9);
    QCOMPARE(bucket(0, Bucket::MasterWeights), 0.0);
    QCOMPARE(bucket(0, Bucket::Activations), textbook(1, 2048, 4));
    // Every bucket is resident under the textbook convention, so each bar's peak is its plain sum
    // (the optimizer step's foreach temporary, 28e9 B, is below the activations it follows).
    QCOMPARE(d.bars[0].peakBytes, kFixed + 71'940'702'208.0 + kOverhead);
    // AMP: FP32 weights and gradients, no master copy: still 16 B/param; half activations.
    QCOMPARE(bucket(1, Bucket::Parameters), 28e9);
    QCOMPARE(bucket(1, Bucket::Gradients), 28e9);
    QCOMPARE(d.bars[1].peakBytes, kTotal);
    // BF16 + master: 2 + 2 + 4 + 8 = 16 B/param (the article's table); the current recipe.
    QCOMPARE(bucket(2, Bucket::MasterWeights), 28e9);
    QCOMPARE(d.bars[2].peakBytes, kTotal);
    QVERIFY(d.bars[2].isCurrent);
    // BF16 without master: 2 + 2 + 8 = 12 B/param.
    QCOMPARE(bucket(3, Bucket::MasterWeights), 0.0);
    QCOMPARE(d.bars[3].peakBytes, 84e9 + kActivations + kOverhead);
    for (int i : { 0, 1, 3, 4, 5 })
        QVERIFY(!d.bars[i].isCurrent);
    // LoRA and QLoRA are the core's estimate of the same run with adapters on q and v; this
    // chart passes them through (what they save is the core's to say).
    for (int i : { 4, 5 }) {
        Scenario s = spec.scenario;
        s.lora.mode = i == 4 ? AdapterMode::Lora : AdapterMode::Qlora;
        s.lora.targets = LoraQ | LoraV;
        QCOMPARE(d.bars[i].peakBytes, toDouble(estimate(s).peak));
        QVERIFY2(d.bars[i].detail.contains(QStringLiteral("rank 16 on 2 projections")), qPrintable(d.bars[i].detail));
    }

    // FP16 on a GPU without BF16 (V100): the half-precision bars are FP16.
    const RecipeComparisonData v100 = makeRecipeComparison(sevenB(QStringLiteral("v100-32gb")), m_catalogue);
    QCOMPARE(v100.bars[1].label, QStringLiteral("AMP (FP16)"));
    // The detail names the recipe in words (the chart's text is translated, not an identifier).
    QVERIFY2(v100.bars[2].detail.contains(QStringLiteral("FP16 with FP32 master")), qPrintable(v100.bars[2].detail));
}

// The recipe bars come from the step timeline and derive their formulas only when hovered: the
// bytes must be the derivation's live-at-peak terms all the same (the stacked bar's, which reads
// them from derive()), under the itemized model where gradients are not all live at the peak.
void TestCharts::recipeComparisonIsTheDerivationsPeak()
{
    ScenarioSpec spec = sevenB();
    spec.scenario.activations.model = ActivationModelKind::Transformer;
    spec.scenario.activations.attention = AttentionKernel::Flash;
    const RecipeComparisonData d = makeRecipeComparison(spec, m_catalogue);
    QCOMPARE(d.bars.size(), 6);
    struct Case
    {
        int bar;
        AdapterMode mode;
    };
    for (const Case c : { Case{ 2, AdapterMode::None }, Case{ 4, AdapterMode::Lora }, Case{ 5, AdapterMode::Qlora } }) {
        ScenarioSpec variant = spec;
        variant.scenario.lora.mode = c.mode;
        if (c.mode != AdapterMode::None)
            variant.scenario.lora.targets = LoraQ | LoraV;
        const Breakdown b = estimate(variant.scenario);
        const StackedBarData whole = makeStackedBar(variant, b, m_catalogue);
        const RecipeBar &bar = d.bars[c.bar];
        QCOMPARE(bar.segments.size(), whole.segments.size());
        // The other bars' allocator cache is the current run's scaled with their allocated peaks
        // (reservedmemory.h CacheShareScope): the runtime segment is checked against that, the
        // current bar (2) against its own derivation like every other segment.
        const MemoryFigures here = memoryFigures(spec.scenario, estimate(spec.scenario));
        const MemoryFigures there = memoryFigures(variant.scenario, b);
        for (int k = 0; k < whole.segments.size(); ++k) {
            QCOMPARE(bar.segments[k].bucket, whole.segments[k].bucket);
            if (c.bar != 2 && whole.segments[k].bucket == Bucket::Overhead) {
                const Count scaled = countOf(here.cache) * countOf(there.allocated) / countOf(here.allocated);
                QCOMPARE(bar.segments[k].bytes, double(countOf(there.context) + scaled));
                continue;
            }
            QCOMPARE(bar.segments[k].bytes, whole.segments[k].bytes);
            QVERIFY(bar.segments[k].formula.isEmpty()); // not derived until hovered
            QVERIFY(bar.formulaOf);
            QCOMPARE(bar.formulaOf(whole.segments[k].bucket), whole.segments[k].formula);
        }
        QCOMPARE(bar.transientBytes, whole.transientBytes);
        double stacked = bar.transientBytes;
        for (const Segment &segment : bar.segments)
            stacked += segment.bytes;
        QCOMPARE(bar.peakBytes, stacked); // the bar's top is what it stacks
        if (c.bar == 2)
            QCOMPARE(bar.peakBytes, whole.peakBytes);
    }
}

void TestCharts::recipeComparisonPane()
{
    const RecipeComparisonData d = makeRecipeComparison(sevenB(), m_catalogue);
    RecipeComparisonPane pane;
    pane.setData(d);
    QCustomPlot *plot = pane.plot();
    QCOMPARE(plot->plottableCount(), 6);
    for (int k = 0; k < 6; ++k) {
        QCPBars *bars = barsAt(plot, k);
        QCOMPARE(bars->data()->size(), 6);
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(bars->data()->at(i)->key, double(i + 1));
            QVERIFY(near(bars->data()->at(i)->value, d.bars[i].segments[k].bytes / kGiBd));
        }
    }
    const QStringList texts = plotTexts(plot);
    // The current recipe's label, "(current)" on its own line; the name itself may wrap too.
    QVERIFY(std::any_of(texts.cbegin(), texts.cend(), [](QString t) {
        return t.endsWith(QStringLiteral("\n(current)")) && t.replace(QLatin1Char('\n'), QLatin1Char(' ')) == QStringLiteral("BF16 + master (current)");
    }));
    QVERIFY(texts.contains(QStringLiteral("138.8 GiB")));
    verifyNoNaN(plot);

    pane.resize(900, 560);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    plot->replot();
    // The FP32 bar's activations: 112e9 + 71.94e9 / 2.
    const QPoint p(qRound(plot->xAxis->coordToPixel(1)), qRound(plot->yAxis->coordToPixel((kFixed + 35.97e9) / kGiBd)));
    const QString tip = pane.toolTipAt(p);
    QVERIFY2(tip.contains(QStringLiteral("FP32: Activations")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("67.00 GiB = 71.94 GB")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("4 bytes/elem")), qPrintable(tip));
}

// "BF16, no master" stands above "BF16 + master" by the foreach AdamW temporary, which a
// master-copy recipe's fused Adam does not make: the bar's short-lived segment says so on hover.
// P = 7e9 under full recomputation: the peak is the optimizer step, whose
// temporary is one FP32 moment, 4 P = 28e9 bytes (torch.optim.AdamW's _foreach_sqrt of exp_avg_sq).
// LLaMA-2 7B on 8 GPUs with ZeRO-3, B = 4, S = 4096, checkpointed: the model states are small
// segments under a tall short-lived one, so the bar's column spreads their labels apart. Every
// label either sits beside what it names or is joined to it by a leader line, and the layout
// check finds none astray (it reports such a label without a leader: tst_layoutcheck).
void TestCharts::barLabelsStayWithTheirSegments()
{
    ScenarioSpec spec = sevenB();
    applyStackDefaults(spec.scenario, TrainingStack::HfTrainer);
    spec.scenario.activations.model = ActivationModelKind::Transformer;
    spec.scenario.parallel.gpus = 8;
    spec.scenario.parallel.zero = ZeroStage::Stage3;
    spec.scenario.training.microBatch = 4;
    spec.scenario.training.sequence = 4096;
    spec.scenario.training.recompute = Recompute::Full;
    QWidget window; // the layout check looks for chart panes inside the window it is given
    auto *bar = new StackedBarPane(&window);
    StackedBarPane &pane = *bar;
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    pane.resize(400, 300);
    window.resize(400, 300);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    int anchored = 0, led = 0;
    for (const ChartPane::Annotation &a : pane.annotations()) {
        if (a.anchor.isNull())
            continue;
        ++anchored;
        const bool beside = a.rect.bottom() + 2 >= a.anchor.top() && a.rect.top() - 2 <= a.anchor.bottom();
        QVERIFY2(beside || a.leader, qPrintable(a.text));
        led += a.leader ? 1 : 0;
    }
    QVERIFY(anchored >= 6); // the buckets' labels and the peak's
    QVERIFY(led >= 1);      // this bar's small segments need leaders
    QVERIFY(checkLayout(&window).isEmpty());
}

void TestCharts::recipeShortLivedSegmentSaysWhat()
{
    ScenarioSpec spec = sevenB();
    spec.scenario.activations.model = ActivationModelKind::Transformer;
    spec.scenario.training.recompute = Recompute::Full;
    applyStackDefaults(spec.scenario, TrainingStack::HfTrainer); // torch.optim.AdamW, foreach on CUDA
    const RecipeComparisonData d = makeRecipeComparison(spec, m_catalogue);
    const RecipeBar &pure = d.bars[3];
    QCOMPARE(pure.label, QStringLiteral("BF16, no master"));
    QCOMPARE(pure.transientBytes, 28e9);
    QCOMPARE(d.bars[2].transientBytes < 1e9, true); // the master recipe's fused Adam: none at its step
    RecipeComparisonPane pane;
    pane.setData(d);
    pane.resize(900, 560);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QCustomPlot *plot = pane.plot();
    plot->replot();
    double buckets = 0;
    for (const Segment &segment : pure.segments)
        buckets += segment.bytes;
    const QPoint p(qRound(plot->xAxis->coordToPixel(4)), qRound(plot->yAxis->coordToPixel((buckets + 14e9) / kGiBd)));
    const QString tip = pane.toolTipAt(p);
    QVERIFY2(tip.contains(QStringLiteral("BF16, no master: ") + transientBucketName()), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("26.08 GiB = 28.00 GB")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("foreach sqrt of the second moment")), qPrintable(tip));
}

// The 7B example's architecture (LLaMA layout, F = 4H) splits the gradient bucket by where
// parameters sit (steptimeline.h): per layer 4H² + 3·H·4H + 2H = 268,443,648; head (final norm
// + untied LM head) 4096 + 32000·4096 = 131,076,096; embedding 131,072,000; all together
// 8,852,344,832. Of the 14e9 B of gradients, the top layer's backward has written
// 14e9 × (131,076,096 + 268,443,648) / 8,852,344,832 = 631,841,226 B (integer division), the
// bottom layer's 14e9 × (131,076,096 + 32 × 268,443,648) / 8,852,344,832 = 13,792,709,385 B.
void TestCharts::timeline()
{
    const ScenarioSpec spec = sevenB();
    const Breakdown b = estimate(spec.scenario);
    const TimelineData d = makeTimeline(spec, b, m_catalogue);
    // Start, 32 forward layers, loss forward, forward end, loss gradient, 32 backward layers,
    // backward end, optimizer step, step end.
    QCOMPARE(d.points.size(), 71);
    QCOMPARE(d.phases.size(), 3);
    QCOMPARE(d.phases[0].phase, StepPhase::Forward);
    QCOMPARE(d.phases[0].first, 0);
    QCOMPARE(d.phases[0].last, 34);
    QCOMPARE(d.phases[1].phase, StepPhase::Backward);
    QCOMPARE(d.phases[1].first, 35);
    QCOMPARE(d.phases[1].last, 68);
    QCOMPARE(d.phases[2].phase, StepPhase::OptimizerStep);
    QCOMPARE(d.phases[2].first, 69);
    QCOMPARE(d.phases[2].last, 70);

    // Weights 14e9 + master 28e9 + optimizer 56e9 + overhead, and the gradients: the textbook
    // convention keeps every bucket resident for the whole step (the article's sum).
    const double states = 98e9 + kOverhead;
    QCOMPARE(d.points[0].total(), states + 14e9);
    QCOMPARE(d.points[0].bytes[bucketIndex(Bucket::Gradients)], 14e9);
    // Forward, layer 16: half the stored activations; layer 32: all of them, and the peak: the
    // plain sum, first reached there.
    QCOMPARE(d.points[16].label, QStringLiteral("Forward, layer 16"));
    QCOMPARE(d.points[16].bytes[bucketIndex(Bucket::Activations)], kActivations / 2);
    QCOMPARE(d.points[32].total(), kTotal);
    QCOMPARE(d.peakIndex, 32);
    QCOMPARE(d.peakBytes, kTotal);
    QCOMPARE(d.peakBytes, toDouble(b.peak));
    QCOMPARE(d.points[36].label, QStringLiteral("Backward, layer 32"));
    QCOMPARE(d.points[36].total(), kTotal);
    // Backward of layer 1: one layer's activations beside everything else.
    QCOMPARE(d.points[67].label, QStringLiteral("Backward, layer 1"));
    QVERIFY(near(d.points[67].total(), states + 14e9 + kActivations / 32));
    QCOMPARE(d.points[68].total(), states + 14e9);
    // A master-copy recipe updates in place (fused Adam): no optimizer temporaries.
    QCOMPARE(d.points[69].total(), states + 14e9);
    QCOMPARE(d.points[70].total(), states + 14e9);
    for (const TimelineSample &t : d.points)
        QCOMPARE(t.transientBytes, 0.0); // the textbook model has no short-lived buffers
    QVERIFY(d.note.contains(QStringLiteral("every bucket is resident")));
    QCOMPARE(d.gpu.capacityBytes, kH100);
}

// The itemized model follows PyTorch's gradients: allocated as each layer's backward runs and
// freed after the step. The same 7e9-parameter run: the gradient bucket is 14e9 B and each
// region gets its share in proportion to the architecture's parameters (head 131,076,096, each
// layer 268,443,648, P = 8,852,344,832, computed in the comment above timeline()).
void TestCharts::timelineGradientsInBackward()
{
    ScenarioSpec spec = sevenB();
    spec.scenario.activations.model = ActivationModelKind::Transformer;
    const Breakdown b = estimate(spec.scenario);
    const TimelineData d = makeTimeline(spec, b, m_catalogue);
    QCOMPARE(d.points.size(), 71);
    QCOMPARE(d.points[0].bytes[bucketIndex(Bucket::Gradients)], 0.0);
    QCOMPARE(d.points[36].label, QStringLiteral("Backward, layer 32"));
    QCOMPARE(d.points[36].bytes[bucketIndex(Bucket::Gradients)], 631'841'226.0);
    QCOMPARE(d.points[67].label, QStringLiteral("Backward, layer 1"));
    QCOMPARE(d.points[67].bytes[bucketIndex(Bucket::Gradients)], 13'792'709'385.0);
    // Between them memory moves linearly: layer 17 is 15/31 of the way.
    QVERIFY(near(d.points[51].bytes[bucketIndex(Bucket::Gradients)],
                 631'841'226.0 + (13'792'709'385.0 - 631'841'226.0) * 15 / 31));
    QCOMPARE(d.points[68].bytes[bucketIndex(Bucket::Gradients)], 14e9);
    QCOMPARE(d.points[70].bytes[bucketIndex(Bucket::Gradients)], 0.0);
    QCOMPARE(d.peakBytes, toDouble(b.peak));
    QVERIFY(d.note.contains(QStringLiteral("set_to_none=True")));
}

void TestCharts::timelineAccumulating()
{
    ScenarioSpec spec = sevenB();
    spec.scenario.training.gradAccumSteps = 4;
    const TimelineData d = makeTimeline(spec, estimate(spec.scenario), m_catalogue);
    // Gradients from earlier micro-batches are live from the start: the peak is the plain sum,
    // first reached when the last layer's forward has stored its activations.
    QCOMPARE(d.points[0].bytes[bucketIndex(Bucket::Gradients)], 14e9);
    QCOMPARE(d.peakIndex, 32);
    QCOMPARE(d.peakBytes, kTotal);
    QVERIFY(d.note.contains(QStringLiteral("4 micro-batches")));
    QCOMPARE(d.points.constLast().total(), 98e9 + kOverhead + 14e9);
}

void TestCharts::timelineFullRecompute()
{
    ScenarioSpec spec = sevenB();
    spec.scenario.training.recompute = Recompute::Full;
    const TimelineData d = makeTimeline(spec, estimate(spec.scenario), m_catalogue);
    // Stored: each layer's input, 2 × 1 × 2048 × 4096 × 32 = 536,870,912 B. In backward each
    // layer is rebuilt in turn: 2 × (19·2048·4096 + 3·32·2048²) = 1,124,073,472 B. Every
    // bucket resident (textbook): the peak is the last layer's backward, with
    // 98e9 + 14e9 + 2,122,317,824 + 536,870,912 + 1,124,073,472 = 115,783,262,208 B live,
    // the plain sum.
    QCOMPARE(d.points[34].bytes[bucketIndex(Bucket::Activations)], 536'870'912.0);
    QCOMPARE(d.points[36].bytes[bucketIndex(Bucket::Activations)], 536'870'912.0 + 1'124'073'472.0);
    QCOMPARE(d.peakIndex, 36);
    QCOMPARE(d.points[36].label, QStringLiteral("Backward, layer 32"));
    QCOMPARE(d.peakBytes, 114'709'520'384.0); // 115,783,262,208 with the former fixed 1 GiB reserve
    QCOMPARE(d.peakBytes, toDouble(estimate(spec.scenario).total()));
}

void TestCharts::timelineItemizedModel()
{
    // The itemized model's verdict is the step timeline's peak; the chart's layer-by-layer
    // samples lie between the core's events, so its peak is that same figure, and the
    // short-lived buffers (logits, scratch) appear as their own series.
    ScenarioSpec spec = sevenB();
    spec.presetId = QStringLiteral("llama-2-7b");
    spec.scenario.model = m_catalogue.preset(spec.presetId)->model;
    spec.scenario.activations.model = ActivationModelKind::Transformer;
    const Breakdown b = estimate(spec.scenario);
    const TimelineData d = makeTimeline(spec, b, m_catalogue);
    QCOMPARE(d.peakBytes, toDouble(b.peak));
    QCOMPARE(d.points[d.peakIndex].phase, b.peakPhase);
    QVERIFY(std::any_of(d.points.cbegin(), d.points.cend(), [](const TimelineSample &t) { return t.transientBytes > 0; }));

    TimelinePane pane;
    pane.setData(d);
    QCOMPARE(pane.plot()->graphCount(), 7);
    QCOMPARE(pane.plot()->graph(5)->name(), TimelinePane::transientName());
    QCOMPARE(pane.plot()->graph(5)->brush().color(), TimelinePane::transientColor());
    QVERIFY(near(pane.plot()->graph(6)->data()->at(d.peakIndex)->value, toDouble(b.peak) / kGiBd));
    // No "every bucket at once" line: the verdict is the peak drawn.
    QVERIFY(!plotTexts(pane.plot()).join(QLatin1Char('|')).contains(QStringLiteral("Every bucket at once")));
    verifyNoNaN(pane.plot());
}

void TestCharts::timelinePane()
{
    const TimelineData d = makeTimeline(sevenB(), estimate(sevenB().scenario), m_catalogue);
    TimelinePane pane;
    pane.setData(d);
    QCustomPlot *plot = pane.plot();
    QCOMPARE(plot->graphCount(), 6);
    QCOMPARE(plot->graph(5)->data()->size(), 71);
    QVERIFY(near(plot->graph(5)->data()->at(d.peakIndex)->value, d.peakBytes / kGiBd));
    QCOMPARE(plot->graph(5)->lineStyle(), QCPGraph::lsStepCenter);
    const QStringList texts = plotTexts(plot);
    // 150,092,668,928 B = 139.79 GiB, first reached when the last layer has run forward.
    QVERIFY2(texts.contains(QStringLiteral("Peak 138.8 GiB · Forward, layer 32")), qPrintable(texts.join(QLatin1Char('|'))));
    QVERIFY(texts.contains(QStringLiteral("Forward")));
    QVERIFY(texts.contains(QStringLiteral("Backward")));
    QVERIFY(texts.contains(QStringLiteral("Optimizer step")));
    // One peak: no second "every bucket at once" line beside it.
    QVERIFY(!texts.join(QLatin1Char('|')).contains(QStringLiteral("Every bucket at once")));
    verifyNoNaN(plot);

    pane.resize(900, 560);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    plot->replot();
    const QString tip = pane.toolTipAt(QPoint(qRound(plot->xAxis->coordToPixel(d.peakIndex)),
                                              qRound(plot->yAxis->coordToPixel(10))));
    QVERIFY2(tip.contains(QStringLiteral("Forward, layer 32")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("The step's peak.")), qPrintable(tip));
}

void TestCharts::exports()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const ScenarioSpec spec = sevenB();
    const Breakdown b = estimate(spec.scenario);
    StackedBarPane bar;
    bar.setData(makeStackedBar(spec, b, m_catalogue));
    SweepPane sweep;
    sweep.setData(makeSweep(spec, SweepAxis::Sequence, m_catalogue));
    RecipeComparisonPane recipes;
    recipes.setData(makeRecipeComparison(spec, m_catalogue));
    TimelinePane timeline;
    timeline.setData(makeTimeline(spec, b, m_catalogue));
    const QList<QPair<QString, ChartPane *>> panes = { { QStringLiteral("bar"), &bar },
                                                       { QStringLiteral("sweep"), &sweep },
                                                       { QStringLiteral("recipes"), &recipes },
                                                       { QStringLiteral("timeline"), &timeline } };
    for (const auto &[name, pane] : panes) {
        for (const QString suffix : { QStringLiteral("png"), QStringLiteral("pdf"), QStringLiteral("svg") }) {
            const QString path = dir.filePath(name + QLatin1Char('.') + suffix);
            QVERIFY2(pane->exportTo(path, 800, 500), qPrintable(path));
            QVERIFY2(QFileInfo(path).size() > 1000, qPrintable(path));
        }
        // PNG at twice the pixels.
        const QImage png(dir.filePath(name + QStringLiteral(".png")));
        QCOMPARE(png.size(), QSize(1600, 1000));
        QFile pdf(dir.filePath(name + QStringLiteral(".pdf")));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QFile svg(dir.filePath(name + QStringLiteral(".svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray content = svg.readAll();
        QVERIFY(content.contains("<svg"));
        QVERIFY(content.contains("<path") || content.contains("<polyline") || content.contains("<rect"));
        QVERIFY(!pane->exportTo(dir.filePath(name + QStringLiteral(".bmpx"))));
        // A failed export (no such folder) writes nothing and leaves no scratch file behind;
        // the exports above left no temporary files either (they are written atomically).
        QVERIFY(!pane->exportTo(dir.filePath(QStringLiteral("missing/") + name + QStringLiteral(".pdf"))));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("missing"))));
        for (const QString &f : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden))
            QVERIFY2(!f.startsWith(QLatin1Char('.')), qPrintable(f));
    }
}

void TestCharts::darkLook()
{
    StackedBarPane pane;
    pane.setDark(false);
    const ScenarioSpec spec = sevenB();
    pane.setData(makeStackedBar(spec, estimate(spec.scenario), m_catalogue));
    QVERIFY(!pane.isDark());
    const QColor lightBackground = pane.plot()->axisRect()->backgroundBrush().color();
    pane.setDark(true);
    QVERIFY(pane.isDark());
    const QColor darkBackground = pane.plot()->axisRect()->backgroundBrush().color();
    QVERIFY(lightBackground.lightness() > 200);
    QVERIFY(darkBackground.lightness() < 60);
    QVERIFY(pane.plot()->xAxis->tickLabelColor().lightness() > 180);
    QVERIFY(pane.plot()->legend->textColor().lightness() > 180);
    // The data survives the change of look.
    QCOMPARE(pane.plot()->plottableCount(), 6);
    QCOMPARE(pane.verdictText(), QStringLiteral("overflow 59.1 GiB"));
}

void TestCharts::followsPalette()
{
    TimelinePane pane;
    QPalette dark = pane.palette();
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::WindowText, QColor(0xF0, 0xF0, 0xF0));
    pane.setPalette(dark);
    QVERIFY(pane.isDark());
    QPalette light = pane.palette();
    light.setColor(QPalette::Window, QColor(0xF4, 0xF4, 0xF4));
    pane.setPalette(light);
    QVERIFY(!pane.isDark());
    // An explicit choice stops following.
    pane.setDark(true);
    pane.setPalette(light);
    QVERIFY(pane.isDark());
}

void TestCharts::emptyPanes()
{
    StackedBarPane bar;
    SweepPane sweep;
    RecipeComparisonPane recipes;
    TimelinePane timeline;
    QTemporaryDir dir;
    for (ChartPane *pane : std::initializer_list<ChartPane *>{ &bar, &sweep, &recipes, &timeline }) {
        QVERIFY(pane->toolTipAt(QPoint(100, 100)).isEmpty());
        verifyNoNaN(pane->plot());
        QVERIFY(pane->exportTo(dir.filePath(QStringLiteral("empty.png"))));
    }
}

void TestCharts::screenshots()
{
    const QString dir = qEnvironmentVariable("HEADROOM_CHART_SHOTS");
    if (dir.isEmpty())
        QSKIP("set HEADROOM_CHART_SHOTS=<dir> to write screenshots");
    QDir().mkpath(dir);
    struct Case
    {
        QString name;
        ScenarioSpec spec;
        QSize size;
    };
    QList<Case> cases;
    ScenarioSpec spec = sevenB();
    spec.presetId = QStringLiteral("llama-2-7b");
    cases.append({ QString(), spec, QSize(900, 560) });
    cases.append({ QStringLiteral("-narrow"), spec, QSize(620, 420) });
    // A small model with room to spare, and comparison cards below the chosen one.
    ScenarioSpec small = sevenB(QStringLiteral("rtx-4090"));
    small.presetId = QStringLiteral("gpt2-medium");
    small.scenario.model = m_catalogue.preset(small.presetId)->model;
    small.scenario.training.sequence = 1024;
    small.scenario.training.microBatch = 4;
    cases.append({ QStringLiteral("-small"), small, QSize(900, 560) });
    // LoRA on a 24 GB card, the itemized activation model with its attention kernels.
    ScenarioSpec lora = sevenB(QStringLiteral("rtx-4090"));
    lora.presetId = QStringLiteral("llama-2-7b");
    lora.scenario.model = m_catalogue.preset(lora.presetId)->model;
    lora.scenario.lora.mode = AdapterMode::Qlora;
    lora.scenario.lora.targets = LoraQ | LoraK | LoraV | LoraO;
    lora.scenario.activations.model = ActivationModelKind::Transformer;
    lora.scenario.training.recompute = Recompute::Full;
    cases.append({ QStringLiteral("-qlora"), lora, QSize(900, 560) });

    for (const Case &c : cases) {
        const Breakdown b = estimate(c.spec.scenario);
        StackedBarPane bar;
        bar.setData(makeStackedBar(c.spec, b, m_catalogue));
        SweepPane sweep;
        sweep.setData(makeSweep(c.spec, SweepAxis::Sequence, m_catalogue));
        RecipeComparisonPane recipes;
        recipes.setData(makeRecipeComparison(c.spec, m_catalogue));
        TimelinePane timeline;
        timeline.setData(makeTimeline(c.spec, b, m_catalogue));
        const QList<QPair<QString, ChartPane *>> panes = { { QStringLiteral("bar"), &bar },
                                                           { QStringLiteral("sweep"), &sweep },
                                                           { QStringLiteral("recipes"), &recipes },
                                                           { QStringLiteral("timeline"), &timeline } };
        for (const auto &[name, pane] : panes) {
            pane->resize(c.size);
            pane->show();
            QVERIFY(QTest::qWaitForWindowExposed(pane));
            for (const bool dark : { false, true }) {
                pane->setDark(dark);
                const QString base = dir + QLatin1Char('/') + name + c.name + (dark ? QStringLiteral("-dark") : QString());
                QVERIFY(pane->grab().save(base + QStringLiteral(".png")));
                if (c.name.isEmpty())
                    for (const QString suffix : { QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf") })
                        QVERIFY(pane->exportTo(base + QStringLiteral("-export.") + suffix));
            }
            pane->hide();
        }
    }
}

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
