// The planner window under the offscreen platform: every slider moved moves the chart data and
// the verdict to the core's figures (worked by hand from the article's formulas where simple), bad
// input is reported beside its field while the last good scenario stays on screen, and the
// window's conventions (advice, doctor, units, palette, settings, files) work.

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUndoStack>

#include <cmath>

#include <headroom/memory/estimate.h>
#include <headroom/planning/fitsearch.h>

#include "charts/recipecomparisonpane.h"
#include "charts/stackedbarpane.h"
#include "charts/sweeppane.h"
#include "charts/timelinepane.h"
#include "chartsarea.h"
#include "layoutcheck.h"
#include "mainwindow.h"
#include "windowtest.h"
#include "messagebox.h"
#include "panes/doctorpane.h"
#include "panes/inputpane.h"
#include "panes/mathpane.h"
#include "panes/verdictpane.h"
#include "scenariodocument.h"
#include "settings.h"
#include "widgets/countfield.h"
#include "widgets/sliderfield.h"
#include "widgets/stopslider.h"

using namespace headroom;

namespace {

constexpr Count kParams = 6'738'415'616;         // LLaMA-2 7B
constexpr Count kFixed = kParams * 16;           // bf16-master + AdamW, 16 B/param
constexpr Count kPerLayer = 1'124'073'472;       // 2 x (19 BSH + 3 BAS^2), B=1 S=2048 H=4096 A=32
constexpr Count kActivations = 32 * kPerLayer;   // 35,970,351,104
constexpr Count kOverhead = 0; // the paper stack counts no runtime share, as the article does (stack.cpp)
constexpr Count kCapacity = 81920 * kMiB;        // A100 80GB as nvidia-smi reports it

double segment(const StackedBarData &d, Bucket b)
{
    for (const Segment &s : d.segments)
        if (s.bucket == b)
            return s.bytes;
    return -1;
}

void typeInto(QLineEdit *field, const QString &text)
{
    field->setFocus();
    field->selectAll();
    QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return);
}

} // namespace

class TestPlannerWindow : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(setUpCatalogue());
    }

    void init()
    {
        QVERIFY(openWindow(true));
        // The figures below are the article's: the default scenario under the paper stack (the
        // textbook formula, every bucket resident). opensOnTheRealisticDefault() checks the
        // window's own default.
        if (QTest::currentTestFunction() != QByteArrayLiteral("opensOnTheRealisticDefault")) {
            ScenarioSpec spec = ScenarioDocument::defaultSpec(m_catalogue);
            applyStackDefaults(spec.scenario, TrainingStack::Paper);
            QVERIFY(m_window->document()->reset(spec));
        }
    }

    void theVerdictFollowsTheWindowsWidth()
    {
        // The verdict's labels size themselves at their own width (WrappedLabel::sizeHint): the
        // pane must still span the central area the window gives it, as the window grows and
        // shrinks back (the docks take part of what the window gains, and keep some of it).
        QWidget *verdict = m_window->verdictPane();
        QWidget *central = m_window->centralWidget();
        m_window->showNormal();
        m_window->resize(1366, 768);
        QTRY_COMPARE(m_window->size(), QSize(1366, 768));
        QTRY_VERIFY(verdict->width() >= central->width() - 20);
        const int narrow = verdict->width();
        m_window->resize(1920, 1080);
        QTRY_COMPARE(m_window->size(), QSize(1920, 1080));
        QTRY_VERIFY(central->width() > narrow + 40);
        QTRY_VERIFY(verdict->width() >= central->width() - 20);
        const int wide = verdict->width();
        m_window->resize(1366, 768);
        QTRY_VERIFY(verdict->width() < wide);
        QTRY_VERIFY(verdict->width() >= central->width() - 20);
    }

    void shrinksBackOntoALaptopScreenAfterALargeOne()
    {
        // Laid out wide (the math, doctor and lab beside the charts), the window needs about
        // 1,700 px across; it must still shrink to a laptop's 1366 px, where it turns compact,
        // with nothing clipped or overlapping.
        m_window->showNormal();
        m_window->resize(2560, 1440);
        QTRY_COMPARE(m_window->size(), QSize(2560, 1440));
        QTRY_VERIFY(!m_window->isCompact());
        m_window->resize(1366, 768);
        QTRY_COMPARE(m_window->size(), QSize(1366, 768));
        QVERIFY(m_window->isCompact());
        QTest::qWait(50);
        const QList<LayoutProblem> problems = checkLayout(m_window.get());
        for (const LayoutProblem &p : problems)
            qWarning() << p.widget << p.what;
        QVERIFY(problems.isEmpty());
    }

    void cleanup()
    {
        closeWindow();
    }

    // A fresh window answers "will my run fit" as the Hugging Face Trainer runs it: the
    // itemized model with SDPA (LLaMA-2 7B, B = 1, S = 2048: the allocated peak 108,042,485,760
    // bytes worked by hand in tst_itemizecli), the chart's bar at the device figure: that, the
    // emulated allocator's cache and the CUDA context.
    void opensOnTheRealisticDefault()
    {
        const StackedBarData &bar = flushed()->charts()->stackedBar()->data();
        const MemoryFigures figures = memoryFigures(m_window->document()->scenario(), m_window->document()->breakdown());
        QCOMPARE(figures.allocated, bytes(108'042'485'760));
        QVERIFY(figures.cacheModelled);
        QCOMPARE(bar.peakBytes, double(108'042'485'760 + countOf(figures.cache) + 1'048'576'000));
        QVERIFY(bar.sumOfBucketsBytes > bar.peakBytes);
        QCOMPARE(m_window->inputPane()->activationModelBox()->currentData().toInt(),
                 static_cast<int>(ActivationModelKind::Transformer));
    }

    void opensOnTheDefaultScenario()
    {
        const StackedBarData &bar = flushed()->charts()->stackedBar()->data();
        QCOMPARE(segment(bar, Bucket::Parameters), double(kParams * 2));
        QCOMPARE(segment(bar, Bucket::Gradients), double(kParams * 2));
        QCOMPARE(segment(bar, Bucket::MasterWeights), double(kParams * 4));
        QCOMPARE(segment(bar, Bucket::OptimizerStates), double(kParams * 8));
        QCOMPARE(segment(bar, Bucket::Activations), double(kActivations));
        QCOMPARE(segment(bar, Bucket::Overhead), double(kOverhead));
        // The textbook convention keeps every bucket resident: the bar, the peak, is the sum.
        QCOMPARE(bar.peakBytes, double(kFixed + kActivations + kOverhead)); // 143,785,000,960
        QCOMPARE(bar.sumOfBucketsBytes, bar.peakBytes);
        QCOMPARE(bar.gpu.capacityBytes, double(kCapacity));
        // The bar stands above the capacity line, by 57,885,655,040 B = 53.9 GiB.
        QVERIFY(bar.peakBytes > bar.gpu.capacityBytes);
        QCOMPARE(flushed()->charts()->stackedBar()->verdictText(), QStringLiteral("overflow 53.9 GiB"));
        QCOMPARE(flushed()->verdictPane()->headline(),
                 QStringLiteral("Does not fit on 1 × NVIDIA A100 80GB (SXM4): 53.9 GiB short"));
        // What the verdict's context menu copies: its lines, the headline first.
        QVERIFY(flushed()->verdictPane()->plainText().startsWith(flushed()->verdictPane()->headline() + QLatin1Char('\n')
                                                                  + flushed()->verdictPane()->detail()));

        const SweepData &sweep = flushed()->charts()->sweep()->data();
        QCOMPARE(sweep.axis, SweepAxis::Sequence);
        QCOMPARE(sweep.current, 2048.0);
        QVERIFY(sweep.currentIndex >= 0);
        QCOMPARE(sweep.x.at(sweep.currentIndex), 2048.0);
        QCOMPARE(sweep.y[bucketIndex(Bucket::Activations)].at(sweep.currentIndex), double(kActivations));

        const QString math = m_window->mathPane()->plainText();
        // The overflow as its formula reads, peak minus capacity (143,785,000,960 B = 133.9 GiB,
        // 85,899,345,920 B = 80.0 GiB), not as "overflow = the capacity".
        QVERIFY2(math.contains(QStringLiteral("133.9 GiB − 80.0 GiB (NVIDIA A100 80GB (SXM4))")), qPrintable(math.right(3000)));
        // 6,738,415,616 × 16 = 107,814,649,856 B = 100.4 GiB; 32 × 1,124,073,472 B of activations
        // = 35,970,351,104 B = 33.5 GiB.
        QVERIFY2(math.contains(QStringLiteral("Fixed cost of the whole model = P × 16 bytes/param = "
                                              "6,738,415,616 × 16 bytes/param = 100.4 GiB = 107.8 GB")),
                 qPrintable(math));
        QVERIFY2(math.contains(QStringLiteral("every layer's activations = L × 2 bytes/elem × (19·B·S·H + 3·B·A·S²) = "
                                              "32 × 2 bytes/elem × (19 × 1 × 2,048 × 4,096 + 3 × 1 × 32 × 2,048²) = "
                                              "33.5 GiB = 36.0 GB")),
                 qPrintable(math));
        QVERIFY(math.contains(QStringLiteral("Softmax output")));
    }

    void batchSliderMovesChartsAndVerdict()
    {
        StopSlider *slider = m_window->inputPane()->sliderField(Field::Batch)->slider();
        QTest::keyClick(slider, Qt::Key_Right); // 1 -> 2
        QCOMPARE(m_window->document()->scenario().training.microBatch, Count(2));
        QCOMPARE(m_window->inputPane()->countField(Field::Batch)->text(), QStringLiteral("2"));
        const StackedBarData &bar = flushed()->charts()->stackedBar()->data();
        QCOMPARE(segment(bar, Bucket::Activations), double(2 * kActivations));
        QCOMPARE(segment(bar, Bucket::Parameters), double(kParams * 2)); // fixed cost unchanged
        // 107,814,649,856 + 71,940,702,208 + 0 - 85,899,345,920 = 93,856,006,144 B = 87.4 GiB
        const Count shortBy = kFixed + 2 * kActivations + kOverhead - kCapacity;
        QCOMPARE(flushed()->verdictPane()->headline(),
                 QStringLiteral("Does not fit on 1 × NVIDIA A100 80GB (SXM4): %1 GiB short")
                         .arg(double(shortBy) / double(kGiB), 0, 'f', 1));
        const SweepData &sweep = flushed()->charts()->sweep()->data();
        QCOMPARE(sweep.y[bucketIndex(Bucket::Activations)].at(sweep.currentIndex), double(2 * kActivations));
        QTest::keyClick(slider, Qt::Key_End);
        QCOMPARE(m_window->document()->scenario().training.microBatch, Count(1024));
    }

    void sequenceSliderSnapsToPowersOfTwo()
    {
        StopSlider *slider = m_window->inputPane()->sliderField(Field::Sequence)->slider();
        QTest::keyClick(slider, Qt::Key_Right); // 2048 -> 4096
        QCOMPARE(m_window->document()->scenario().training.sequence, Count(4096));
        // 2 x (19 x 4096 x 4096 + 3 x 32 x 4096^2) = 3,858,759,680 per layer, x 32 layers.
        const StackedBarData &bar = flushed()->charts()->stackedBar()->data();
        QCOMPARE(segment(bar, Bucket::Activations), double(32 * Count(3'858'759'680)));
        QCOMPARE(flushed()->charts()->sweep()->data().current, 4096.0);
        QTest::keyClick(slider, Qt::Key_Home);
        QCOMPARE(m_window->document()->scenario().training.sequence, Count(128));
        QTest::keyClick(slider, Qt::Key_End);
        QCOMPARE(m_window->document()->scenario().training.sequence, Count(1) << 20);

        // Free entry between the stops is kept as typed.
        typeInto(m_window->inputPane()->countField(Field::Sequence), QStringLiteral("3000"));
        QCOMPARE(m_window->document()->scenario().training.sequence, Count(3000));
        QCOMPARE(slider->count(), Count(4096)); // the nearest stop on a log scale
    }

    void layersSliderChangesParametersAndActivations()
    {
        StopSlider *slider = m_window->inputPane()->sliderField(Field::Layers)->slider();
        QTest::keyClick(slider, Qt::Key_Right); // 32 -> 33
        const Scenario &s = m_window->document()->scenario();
        QCOMPARE(s.model.layers, Count(33));
        QVERIFY(m_window->document()->spec().presetId.isEmpty()); // now a custom architecture
        // One more LLaMA-2 7B block: 4 x 4096^2 + 3 x 4096 x 11008 + 2 x 4096 = 202,383,360.
        const Count params = kParams + 202'383'360;
        QCOMPARE(m_window->document()->breakdown().parameterCount, params);
        QCOMPARE(parameterCounts(s.model).total(33), params); // the core agrees
        const StackedBarData &bar = flushed()->charts()->stackedBar()->data();
        QCOMPARE(segment(bar, Bucket::OptimizerStates), double(params * 8));
        QCOMPARE(segment(bar, Bucket::Activations), double(33 * kPerLayer));
        QCOMPARE(m_window->inputPane()->presetBox()->currentText(), QStringLiteral("Custom architecture"));
    }

    void hiddenSliderStepsThroughUsualSizes()
    {
        StopSlider *slider = m_window->inputPane()->sliderField(Field::Hidden)->slider();
        QTest::keyClick(slider, Qt::Key_Right); // 4096 -> 5120
        QCOMPARE(m_window->document()->scenario().model.hidden, Count(5120));
        // Embedding and head 2 x 32000 x 5120, per layer 4 x 5120^2 + 3 x 5120 x 11008 + 2 x 5120,
        // final norm 5120: 9,094,108,160 parameters.
        QCOMPARE(m_window->document()->breakdown().parameterCount, Count(9'094'108'160));
        // 2 x (19 x 2048 x 5120 + 3 x 32 x 2048^2) = 1,203,765,248 per layer.
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations),
                 double(32 * Count(1'203'765'248)));
    }

    void headsSliderReportsAnInvalidCountAndKeepsTheEstimate()
    {
        const StackedBarData before = flushed()->charts()->stackedBar()->data();
        StopSlider *slider = m_window->inputPane()->sliderField(Field::Heads)->slider();
        QTest::keyClick(slider, Qt::Key_Right); // 32 -> 33: does not divide 4096
        QCOMPARE(m_window->document()->draft().scenario.model.heads, Count(33));
        QCOMPARE(m_window->document()->scenario().model.heads, Count(32));
        QCOMPARE(m_window->inputPane()->errorText(Field::Heads),
                 QStringLiteral("Heads: 33 must divide Hidden size (4,096) exactly"));
        QCOMPARE(m_window->inputPane()->errorText(Field::Hidden),
                 QStringLiteral("Heads: 33 must divide Hidden size (4,096) exactly"));
        QCOMPARE(flushed()->charts()->stackedBar()->data().peakBytes, before.peakBytes);

        // 64 heads divide 4096: the attention-score term doubles (3 x B x A x S^2).
        typeInto(m_window->inputPane()->countField(Field::Heads), QStringLiteral("64"));
        QVERIFY(m_window->inputPane()->errorText(Field::Heads).isEmpty());
        QCOMPARE(m_window->document()->scenario().model.heads, Count(64));
        QCOMPARE(m_window->document()->scenario().model.kvHeads, Count(64)); // still no grouping
        const Count perLayer = 2 * (19 * 2048 * 4096 + 3 * 64 * Count(2048) * 2048); // 1,929,379,840
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations), double(32 * perLayer));
    }

    void checkpointingSwitchDropsTheActivationSegment()
    {
        const double before = segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations);
        QAbstractButton *full = m_window->inputPane()->recomputeButton(static_cast<int>(Recompute::Full));
        QTest::mouseClick(full, Qt::LeftButton);
        QCOMPARE(m_window->document()->scenario().training.recompute, Recompute::Full);
        // Every layer keeps its input (2 x B*S*H) plus one layer rebuilt in backward.
        const Count after = 32 * 2 * Count(2048) * 4096 + kPerLayer; // 1,660,944,384
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations), double(after));
        QVERIFY(double(after) < before / 20);
        // 107,814,649,856 + 1,660,944,384 - 85,899,345,920 = 23,576,248,320 B = 21.96 GiB.
        QCOMPARE(flushed()->verdictPane()->headline(),
                 QStringLiteral("Does not fit on 1 × NVIDIA A100 80GB (SXM4): 22.0 GiB short"));

        QAbstractButton *selective = m_window->inputPane()->recomputeButton(static_cast<int>(Recompute::Selective));
        QTest::mouseClick(selective, Qt::LeftButton);
        // Selective: 2 x 19 BSH kept in every layer, one layer's 2 x 3 BAS^2 rebuilt.
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations),
                 double(32 * 2 * Count(159'383'552) + 2 * Count(402'653'184)));
    }

    void pickersChangeTheEstimate()
    {
        InputPane *pane = m_window->inputPane();
        // FP32 + AdamW: 4 + 4 + 8 = 16 B/param, no master; activations in FP32 double.
        const int fp32 = pane->recipeBox()->findData(static_cast<int>(Recipe::Fp32));
        pane->recipeBox()->setCurrentIndex(fp32);
        emit pane->recipeBox()->activated(fp32);
        const StackedBarData &bar = flushed()->charts()->stackedBar()->data();
        QCOMPARE(segment(bar, Bucket::Parameters), double(kParams * 4));
        QCOMPARE(segment(bar, Bucket::MasterWeights), 0.0);
        QCOMPARE(segment(bar, Bucket::Activations), double(2 * kActivations));

        // SGD keeps no state.
        const int sgd = pane->optimizerBox()->findData(static_cast<int>(Optimizer::Sgd));
        emit pane->optimizerBox()->activated(sgd);
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::OptimizerStates), 0.0);

        // The H100's capacity becomes the line.
        const int h100 = pane->gpuBox()->findData(QStringLiteral("h100-80gb"));
        emit pane->gpuBox()->activated(h100);
        QCOMPARE(flushed()->charts()->stackedBar()->data().gpu.capacityBytes, double(81559 * kMiB));
        QVERIFY(flushed()->verdictPane()->headline().contains(QStringLiteral("NVIDIA H100 80GB")));
    }

    void methodAddsTheReferenceModel()
    {
        // DPO under the textbook formula: chosen and rejected make 2B sequences, so the
        // activations double; the frozen reference is a copy of the 16-bit weights.
        InputPane *pane = m_window->inputPane();
        const int textbook = pane->activationModelBox()->findData(static_cast<int>(ActivationModelKind::Textbook));
        emit pane->activationModelBox()->activated(textbook);
        const StackedBarData before = flushed()->charts()->stackedBar()->data();
        QCOMPARE(segment(before, Bucket::FrozenModels), -1.0); // not drawn without one
        const int dpo = pane->methodBox()->findData(static_cast<int>(TrainingMethod::Dpo));
        emit pane->methodBox()->activated(dpo);
        QCOMPARE(m_window->document()->scenario().training.method, TrainingMethod::Dpo);
        const StackedBarData &after = flushed()->charts()->stackedBar()->data();
        QCOMPARE(segment(after, Bucket::Activations), 2 * segment(before, Bucket::Activations));
        QCOMPARE(segment(after, Bucket::FrozenModels), segment(before, Bucket::Parameters));
        QCOMPARE(after.peakBytes, before.peakBytes + segment(before, Bucket::Activations) + segment(before, Bucket::Parameters));
        // The frozen models' segment names the model it holds.
        bool named = false;
        for (const Segment &s : after.segments)
            named = named || (s.bucket == Bucket::FrozenModels && s.formula.startsWith(QStringLiteral("Reference model: ")));
        QVERIFY(named);
        // Undone in one step.
        m_window->document()->undoStack()->undo();
        QCOMPARE(m_window->document()->scenario().training.method, TrainingMethod::Sft);
    }

    void rolloutInputsFollowTheMethod()
    {
        // The rollout's inputs are off for SFT; under GRPO, G completions per prompt multiply the
        // sequences the policy saves (the textbook formula: activations × G), and a second model
        // is offered only to PPO and distillation.
        InputPane *pane = m_window->inputPane();
        const int textbook = pane->activationModelBox()->findData(static_cast<int>(ActivationModelKind::Textbook));
        emit pane->activationModelBox()->activated(textbook);
        QVERIFY(!pane->countField(Field::Generations)->isEnabled());
        QVERIFY(!pane->rolloutBox()->isEnabled());
        QVERIFY(!pane->sideModelBox()->isEnabled());
        const int grpo = pane->methodBox()->findData(static_cast<int>(TrainingMethod::Grpo));
        emit pane->methodBox()->activated(grpo);
        flushed();
        QVERIFY(pane->countField(Field::Generations)->isEnabled());
        QVERIFY(pane->rolloutBox()->isEnabled());
        QVERIFY(!pane->countField(Field::RolloutGpus)->isEnabled()); // only for a vLLM server
        emit pane->countField(Field::Generations)->valueEntered(1);
        const double one = segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations);
        emit pane->countField(Field::Generations)->valueEntered(4);
        QCOMPARE(m_window->document()->scenario().training.generations, Count(4));
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations), 4 * one);
        const int server = pane->rolloutBox()->findData(static_cast<int>(RolloutEngine::VllmServer));
        emit pane->rolloutBox()->activated(server);
        flushed();
        QVERIFY(pane->countField(Field::RolloutGpus)->isEnabled());
        const int ppo = pane->methodBox()->findData(static_cast<int>(TrainingMethod::Ppo));
        emit pane->methodBox()->activated(ppo);
        flushed();
        QVERIFY(pane->sideModelBox()->isEnabled());
        for (int i = 0; i < 5; ++i)
            m_window->document()->undoStack()->undo();
        QCOMPARE(m_window->document()->scenario().training.method, TrainingMethod::Sft);
    }

    void fittingScenarioShowsLargestBatch()
    {
        InputPane *pane = m_window->inputPane();
        const int gpt2 = pane->presetBox()->findData(QStringLiteral("gpt2"));
        emit pane->presetBox()->activated(gpt2);
        const Scenario &s = m_window->document()->scenario();
        QCOMPARE(s.model.layers, Count(12));
        QVERIFY(fits(s, m_window->document()->breakdown()));
        QVERIFY(flushed()->verdictPane()->headline().startsWith(QStringLiteral("Fits on 1 × NVIDIA A100 80GB (SXM4)")));
        const Count largest = largestFittingMicroBatch(s);
        QVERIFY(largest > 1);
        QVERIFY2(flushed()->verdictPane()->batchText().startsWith(
                         QStringLiteral("Largest micro-batch that fits: %1;").arg(QLocale().toString(qint64(largest)))),
                 qPrintable(flushed()->verdictPane()->batchText()));
        QVERIFY(flushed()->verdictPane()->applyButton()->isHidden()); // nothing to advise
    }

    void typedGarbageIsReportedAndChangesNothing()
    {
        const StackedBarData before = flushed()->charts()->stackedBar()->data();
        const QString headline = flushed()->verdictPane()->headline();
        CountField *layers = m_window->inputPane()->countField(Field::Layers);
        typeInto(layers, QStringLiteral("abc"));
        QCOMPARE(m_window->inputPane()->errorText(Field::Layers),
                 QStringLiteral("Layers: \"abc\" is not a whole number; allowed: 1 to 100,000 (e.g. 4096, 7e9 or 7B)"));
        QCOMPARE(m_window->document()->scenario().model.layers, Count(32));
        QCOMPARE(flushed()->charts()->stackedBar()->data().peakBytes, before.peakBytes);
        QCOMPARE(flushed()->verdictPane()->headline(), headline);
        QCOMPARE(layers->text(), QStringLiteral("abc")); // what was typed stays to be fixed

        typeInto(layers, QStringLiteral("0"));
        QCOMPARE(m_window->inputPane()->errorText(Field::Layers),
                 QStringLiteral("Layers: 0 is out of range; allowed: 1 to 100,000"));
        QCOMPARE(m_window->document()->scenario().model.layers, Count(32));

        typeInto(m_window->inputPane()->countField(Field::Batch), QStringLiteral("-3"));
        QCOMPARE(m_window->inputPane()->errorText(Field::Batch),
                 QStringLiteral("Micro-batch: -3 is out of range; allowed: 1 to 1,000,000"));
        QCOMPARE(m_window->document()->scenario().training.microBatch, Count(1));

        // Fixing the field clears the message and estimates again.
        typeInto(layers, QStringLiteral("40"));
        QVERIFY(m_window->inputPane()->errorText(Field::Layers).isEmpty());
        QCOMPARE(m_window->document()->scenario().model.layers, Count(40));
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations), double(40 * kPerLayer));
    }

    void hiddenNotDivisibleByHeadsKeepsLastValidScenario()
    {
        const StackedBarData before = flushed()->charts()->stackedBar()->data();
        typeInto(m_window->inputPane()->countField(Field::Hidden), QStringLiteral("4100"));
        const QString message = QStringLiteral("Heads: 32 must divide Hidden size (4,100) exactly");
        QCOMPARE(m_window->inputPane()->errorText(Field::Hidden), message);
        QCOMPARE(m_window->inputPane()->errorText(Field::Heads), message);
        QCOMPARE(m_window->document()->scenario().model.hidden, Count(4096));
        const StackedBarData &bar = flushed()->charts()->stackedBar()->data();
        QCOMPARE(bar.peakBytes, before.peakBytes);
        for (const Segment &s : bar.segments)
            QVERIFY(std::isfinite(s.bytes));
        QVERIFY(!m_window->mathPane()->plainText().contains(QStringLiteral("nan"), Qt::CaseInsensitive));

        // Moving another slider meanwhile still estimates; the bad hidden size stays flagged.
        QTest::keyClick(m_window->inputPane()->sliderField(Field::Batch)->slider(), Qt::Key_Right);
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations), double(2 * kActivations));
        QCOMPARE(m_window->inputPane()->errorText(Field::Hidden), message);
        QCOMPARE(m_window->inputPane()->countField(Field::Hidden)->text(), QStringLiteral("4100"));

        // 41 heads divide 4100: the draft becomes the scenario.
        typeInto(m_window->inputPane()->countField(Field::Heads), QStringLiteral("41"));
        QVERIFY(m_window->inputPane()->errorText(Field::Hidden).isEmpty());
        QCOMPARE(m_window->document()->scenario().model.hidden, Count(4100));
        QCOMPARE(m_window->document()->scenario().model.heads, Count(41));
    }

    void offloadWithoutZeroIsExplainedThenApplied()
    {
        InputPane *pane = m_window->inputPane();
        const double before = flushed()->charts()->stackedBar()->data().peakBytes;
        emit pane->offloadBox()->activated(pane->offloadBox()->findData(static_cast<int>(Offload::Optimizer)));
        const QString message = QStringLiteral("Offload needs ZeRO stage between 1 and 3 (it is 0)");
        QCOMPARE(pane->errorText(Field::Offload), message);
        QCOMPARE(pane->errorText(Field::Zero), message);
        QCOMPARE(m_window->document()->scenario().parallel.offload, Offload::None);
        QCOMPARE(flushed()->charts()->stackedBar()->data().peakBytes, before);

        // Stage 2 makes the pair valid: optimizer states (and master weights) leave the GPU.
        emit pane->zeroBox()->activated(pane->zeroBox()->findData(static_cast<int>(ZeroStage::Stage2)));
        QVERIFY(pane->errorText(Field::Offload).isEmpty());
        QCOMPARE(m_window->document()->scenario().parallel.offload, Offload::Optimizer);
        QCOMPARE(m_window->document()->scenario().parallel.zero, ZeroStage::Stage2);
        const StackedBarData &bar = flushed()->charts()->stackedBar()->data();
        QCOMPARE(segment(bar, Bucket::OptimizerStates), 0.0);
        QCOMPARE(bar.peakBytes, double(m_window->document()->breakdown().peak.value()));
        QVERIFY(bar.peakBytes < before);
    }

    void adviceButtonAppliesTheFirstAdvice()
    {
        VerdictPane *verdict = flushed()->verdictPane();
        QVERIFY(!verdict->applyButton()->isHidden());
        QCOMPARE(verdict->applyButton()->text(), QStringLiteral("Apply: Enable full activation checkpointing"));
        QVERIFY(verdict->adviceText().contains(QStringLiteral("Saves 32.0 GiB; still 22.0 GiB short")));
        QTest::mouseClick(verdict->applyButton(), Qt::LeftButton);
        QCOMPARE(m_window->document()->scenario().training.recompute, Recompute::Full);
        QVERIFY(m_window->inputPane()->recomputeButton(static_cast<int>(Recompute::Full))->isChecked());
        m_window->flushRefreshes();
        QCOMPARE(verdict->headline(), QStringLiteral("Does not fit on 1 × NVIDIA A100 80GB (SXM4): 22.0 GiB short"));
        m_window->document()->undoStack()->undo();
        QCOMPARE(m_window->document()->scenario().training.recompute, Recompute::None);
        QVERIFY(m_window->inputPane()->recomputeButton(static_cast<int>(Recompute::None))->isChecked());
    }

    void doctorTiesSymptomsToTheScenario()
    {
        DoctorPane *doctor = flushed()->doctorPane();
        doctor->symptomList()->setCurrentRow(0); // OOM halfway through
        QCOMPARE(doctor->scenarioText(), QStringLiteral("Activations are 33.5 GiB, 25% of the 133.9 GiB peak."));
        QCOMPARE(doctor->applyButton()->text(), QStringLiteral("Enable full checkpointing"));

        doctor->symptomList()->setCurrentRow(1); // OOM with memory_allocated far below capacity
        QVERIFY(doctor->fixText().contains(QStringLiteral("expandable_segments:True")));

        InputPane *pane = m_window->inputPane();
        const int amp = pane->recipeBox()->findData(static_cast<int>(Recipe::AmpBf16));
        emit pane->recipeBox()->activated(amp);
        doctor->symptomList()->setCurrentRow(4); // AMP did not lower memory
        QVERIFY2(doctor->scenarioText().startsWith(QStringLiteral("With AMP BF16 (autocast) the fixed cost is 100.4 GiB")),
                 qPrintable(doctor->scenarioText()));
        QTest::mouseClick(doctor->applyButton(), Qt::LeftButton);
        QCOMPARE(m_window->document()->scenario().lora.mode, AdapterMode::Lora);
        QCOMPARE(m_window->document()->scenario().lora.targets, unsigned(LoraQ | LoraV));
        QCOMPARE(pane->adapterBox()->currentData().toInt(), static_cast<int>(AdapterMode::Lora));
    }

    void unitSwitchRewritesEveryView()
    {
        m_window->setDisplayUnit(DisplayUnit::Decimal);
        QVERIFY(m_window->mathPane()->plainText().contains(
                QStringLiteral("Fixed cost of the whole model = P × 16 bytes/param = 6,738,415,616 × 16 bytes/param = "
                               "107.8 GB = 100.4 GiB")));
        QCOMPARE(flushed()->verdictPane()->headline(),
                 QStringLiteral("Does not fit on 1 × NVIDIA A100 80GB (SXM4): 57.9 GB short"));
        QCOMPARE(flushed()->charts()->stackedBar()->unit(), DisplayUnit::Decimal);
        QCOMPARE(m_settings->displayUnit.value(), DisplayUnit::Decimal);
    }

    void darkPaletteReachesTheCharts()
    {
        m_window->setDarkPalette(true);
        QVERIFY(flushed()->charts()->stackedBar()->isDark());
        QVERIFY(flushed()->charts()->sweep()->isDark());
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
        QVERIFY(m_settings->darkPalette.value());
        m_window->setDarkPalette(false);
        QVERIFY(!flushed()->charts()->stackedBar()->isDark());
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 160);
    }

    void remembersTheLastScenario()
    {
        typeInto(m_window->inputPane()->countField(Field::Batch), QStringLiteral("6"));
        m_window->close();
        QVERIFY(!m_settings->lastScenario.value().isEmpty());
        MainWindow second(m_catalogue, *m_settings);
        second.restoreSession();
        QCOMPARE(second.document()->scenario().training.microBatch, Count(6));
        QVERIFY(!second.document()->isModified());
    }

    void aFileThatFailsToLoadLeavesTheWorkUntouched()
    {
        typeInto(m_window->inputPane()->countField(Field::Batch), QStringLiteral("5"));
        const QString path = m_dir->filePath(QStringLiteral("broken.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ \"schema\": 1, \"training\": { \"recipe\": \"fp12\" } }");
        file.close();
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(!m_window->openFile(path));
        QVERIFY2(MessageBox::lastText().contains(QStringLiteral("training.recipe: unknown value \"fp12\"")),
                 qPrintable(MessageBox::lastText()));
        QVERIFY(MessageBox::lastText().contains(QStringLiteral("unchanged")));
        QCOMPARE(m_window->document()->scenario().training.microBatch, Count(5));
        QCOMPARE(m_window->inputPane()->countField(Field::Batch)->text(), QStringLiteral("5"));

        // A good file replaces the scenario and names the window.
        const QString good = m_dir->filePath(QStringLiteral("plan.json"));
        QVERIFY(m_window->saveFile(good));
        typeInto(m_window->inputPane()->countField(Field::Batch), QStringLiteral("7"));
        MessageBox::setNextAnswer(QMessageBox::Discard);
        QVERIFY(m_window->openFile(good));
        QCOMPARE(m_window->document()->scenario().training.microBatch, Count(5));
        QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("plan.json")));
    }

    void everyControlHasATooltipAndTakesTheKeyboard()
    {
        QList<QWidget *> panes = { m_window->inputPane(), flushed()->verdictPane(), flushed()->doctorPane() };
        for (QWidget *pane : panes) {
            const QList<QWidget *> children = pane->findChildren<QWidget *>();
            for (QWidget *w : children) {
                const bool control = qobject_cast<QAbstractSlider *>(w) || qobject_cast<QLineEdit *>(w)
                        || qobject_cast<QComboBox *>(w) || qobject_cast<QAbstractButton *>(w)
                        || qobject_cast<QListWidget *>(w);
                // Parts of a compound widget (a list's scroll bars, a combo's line edit) share its tip.
                if (!control || qobject_cast<QScrollBar *>(w) || qobject_cast<QComboBox *>(w->parentWidget()))
                    continue;
                QVERIFY2(!w->toolTip().isEmpty(), qPrintable(w->metaObject()->className() + QStringLiteral(" ")
                                                             + w->accessibleName() + QStringLiteral(" ")
                                                             + w->objectName()));
                QVERIFY2(w->focusPolicy() & Qt::TabFocus, qPrintable(w->accessibleName()));
            }
        }
        for (ChartPane *chart : flushed()->charts()->panes())
            QVERIFY(!chart->toolTip().isEmpty());
    }

    void draggingStaysInteractive()
    {
        // Every step of a drag re-estimates and redraws every view; 40 steps must stay well
        // inside a frame budget each (generous here: the machine is shared).
        StopSlider *slider = m_window->inputPane()->sliderField(Field::Sequence)->slider();
        QElapsedTimer clock;
        clock.start();
        int steps = 0;
        for (int round = 0; round < 4; ++round) {
            for (int i = 0; i < 5; ++i, ++steps)
                QTest::keyClick(slider, Qt::Key_Right);
            for (int i = 0; i < 5; ++i, ++steps)
                QTest::keyClick(slider, Qt::Key_Left);
        }
        QApplication::processEvents();
        const double perStep = double(clock.elapsed()) / steps;
        qInfo("%.1f ms per slider step", perStep);
        QVERIFY2(perStep < 100, qPrintable(QString::number(perStep)));
        QCOMPARE(m_window->document()->scenario().training.sequence, Count(2048));
    }

    void panelsForScreenshots()
    {
        for (const QString &name : MainWindow::panelNames()) {
            QWidget *panel = m_window->panel(name);
            QVERIFY2(panel, qPrintable(name));
            QApplication::processEvents();
            const QPixmap pixmap = panel->grab();
            QVERIFY2(!pixmap.isNull() && pixmap.width() > 100 && pixmap.height() > 100, qPrintable(name));
        }
        QVERIFY(!m_window->panel(QStringLiteral("nonsense")));
    }

};

QTEST_MAIN(TestPlannerWindow)
#include "tst_ui_plannerwindow.moc"
