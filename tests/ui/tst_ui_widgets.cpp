// The planner's building blocks: log-spaced slider stops, free count entry, the slider/field
// pair's stepping, and the doctor's and verdict's wording for scenarios worked by hand.

#include <cstdlib>

#include <QCheckBox>
#include <QImage>
#include <QPainter>
#include <QStyleOptionButton>
#include <QStyleOptionSlider>
#include <QSignalSpy>
#include <QTest>

#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/derivation.h>
#include <headroom/memory/estimate.h>

#include "doctor.h"
#include "mathsheet.h"
#include "plannerstyle.h"
#include "scenariodocument.h"
#include "verdict.h"
#include "widgets/countfield.h"
#include "widgets/sliderfield.h"
#include "widgets/stopslider.h"

using namespace headroom;

// \a base with the dark window, base and text colours the style tests paint on.
QPalette darkened(QPalette base)
{
    base.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x31));
    base.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
    base.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xea));
    return base;
}

// The article's figures: the default scenario under the paper stack (the textbook formula).
ScenarioSpec textbookSpec(const Catalogue &catalogue)
{
    ScenarioSpec spec = ScenarioDocument::defaultSpec(catalogue);
    applyStackDefaults(spec.scenario, TrainingStack::Paper);
    return spec;
}

class TestWidgets : public QObject
{
    Q_OBJECT

private slots:
    void checkBoxesStayVisibleOnADarkPalette()
    {
        // An unticked box must stand out from a dark window: its outline is at least 40 levels of
        // lightness brighter than the window (Fusion's own outline is darker than the window, at
        // lightness 38 against 46 here, so the box vanishes).
        PlannerStyle style;
        const QPalette dark = darkened(QPalette());
        QStyleOptionButton option;
        option.rect = QRect(0, 0, 16, 16);
        option.state = QStyle::State_Enabled | QStyle::State_Off;
        option.palette = dark;
        QImage image(16, 16, QImage::Format_RGB32);
        image.fill(dark.color(QPalette::Window));
        {
            QPainter painter(&image);
            style.drawPrimitive(QStyle::PE_IndicatorCheckBox, &option, &painter);
        }
        int brightestEdge = 0;
        for (int y = 0; y < 16; ++y)
            brightestEdge = std::max(brightestEdge, image.pixelColor(0, y).lightness());
        QVERIFY2(brightestEdge - dark.color(QPalette::Window).lightness() >= 40,
                 qPrintable(QString::number(brightestEdge)));
    }

    void scrollBarsAreFlatAndVisible_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }

    void scrollBarsAreFlatAndVisible()
    {
        // The scroll bar is drawn without gradients (Qt's raster engine fills a gradient row by
        // row across its thread pool, 0.7 ms for a 1000-pixel bar): its groove and its handle are
        // each one colour from end to end, and the handle stands 25 levels of lightness or more
        // apart from the groove in either palette.
        QFETCH(bool, dark);
        PlannerStyle style;
        const QPalette palette = dark ? darkened(style.standardPalette()) : style.standardPalette();
        QStyleOptionSlider option;
        option.rect = QRect(0, 0, 14, 600);
        option.orientation = Qt::Vertical;
        option.state = QStyle::State_Enabled;
        option.subControls = QStyle::SC_All;
        option.minimum = 0;
        option.maximum = 1000;
        option.pageStep = 600;
        option.sliderPosition = option.sliderValue = 500;
        option.palette = palette;
        QImage image(option.rect.size(), QImage::Format_RGB32);
        image.fill(Qt::magenta);
        {
            QPainter painter(&image);
            style.drawComplexControl(QStyle::CC_ScrollBar, &option, &painter);
        }
        const QRect handle = style.subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, nullptr);
        const QRect groove = style.subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarGroove, nullptr);
        QVERIFY(!handle.isEmpty() && groove.contains(handle) && handle.height() < groove.height());
        const int x = handle.center().x();
        const QColor handleColour = image.pixelColor(x, handle.center().y());
        for (int y = handle.top() + 4; y <= handle.bottom() - 4; ++y)
            QCOMPARE(image.pixelColor(x, y), handleColour);
        for (int across = handle.left() + 3; across <= handle.right() - 3; ++across) // no gradient across it either
            QCOMPARE(image.pixelColor(across, handle.center().y()), handleColour);
        const QColor grooveColour = image.pixelColor(x, groove.top() + 1);
        for (int y = groove.top() + 1; y < handle.top(); ++y)
            QCOMPARE(image.pixelColor(x, y), grooveColour);
        for (int y = handle.bottom() + 2; y <= groove.bottom(); ++y)
            QCOMPARE(image.pixelColor(x, y), grooveColour);
        QVERIFY2(std::abs(handleColour.lightness() - grooveColour.lightness()) >= 25,
                 qPrintable(QStringLiteral("%1 against %2").arg(handleColour.name(), grooveColour.name())));
    }

    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None);
    }

    void logStopsAreFourPerDoubling()
    {
        const QList<Count> stops = StopSlider::logStops(1, 1024, 4);
        const QList<Count> head = { 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32 };
        QCOMPARE(stops.mid(0, head.size()), head);
        QCOMPARE(stops.constLast(), Count(1024));
        QCOMPARE(stops.at(stops.size() - 2), Count(896));
        for (int i = 1; i < stops.size(); ++i)
            QVERIFY(stops.at(i) > stops.at(i - 1));
        // Hidden sizes: real models' widths are stops.
        const QList<Count> hidden = StopSlider::logStops(128, 65536, 4, 32);
        for (Count h : { 768, 896, 1024, 1280, 1536, 2048, 3072, 3584, 4096, 5120, 7168, 8192 })
            QVERIFY2(hidden.contains(h), qPrintable(QString::number(qint64(h))));
    }

    void powerOfTwoStopsCoverTheSequenceRange()
    {
        const QList<Count> stops = StopSlider::powerOfTwoStops(128, Count(1) << 20);
        QCOMPARE(stops.size(), 14);
        QCOMPARE(stops.constFirst(), Count(128));
        QCOMPARE(stops.constLast(), Count(1'048'576));
    }

    void sliderEmitsOnlyForTheUser()
    {
        StopSlider slider;
        slider.setStops(StopSlider::powerOfTwoStops(128, 4096));
        QSignalSpy moved(&slider, &StopSlider::countMoved);
        slider.setCount(1000); // nearest on a log scale: 1024
        QCOMPARE(slider.count(), Count(1024));
        QCOMPARE(moved.count(), 0);
        QTest::keyClick(&slider, Qt::Key_Right);
        QCOMPARE(moved.count(), 1);
        QCOMPARE(moved.at(0).at(0).toLongLong(), 2048);
        QCOMPARE(slider.nearestStop(3000), 5); // 4096: ln(4096/3000) < ln(3000/2048)
        QCOMPARE(slider.nearestStop(1), 0);
        QCOMPARE(slider.nearestStop(1'000'000), 5);
    }

    void countFieldParsesWhatPeopleType_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<qint64>("value");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("plain") << QStringLiteral("4096") << qint64(4096) << true;
        QTest::newRow("suffix") << QStringLiteral("7B") << qint64(7'000'000'000) << true;
        QTest::newRow("scientific") << QStringLiteral("6.74e9") << qint64(6'740'000'000) << true;
        QTest::newRow("spaces") << QStringLiteral("  512 ") << qint64(512) << true;
        QTest::newRow("negative is a number") << QStringLiteral("-3") << qint64(-3) << true;
        QTest::newRow("fraction") << QStringLiteral("7.5") << qint64(0) << false;
        QTest::newRow("words") << QStringLiteral("lots") << qint64(0) << false;
        QTest::newRow("beyond 64 bits") << QStringLiteral("1e30") << qint64(0) << false;
    }

    void countFieldParsesWhatPeopleType()
    {
        QFETCH(QString, typed);
        QFETCH(qint64, value);
        QFETCH(bool, accepted);
        CountField field;
        QSignalSpy entered(&field, &CountField::valueEntered);
        QSignalSpy rejected(&field, &CountField::textRejected);
        field.setText(typed);
        field.commit();
        QCOMPARE(entered.count(), accepted ? 1 : 0);
        QCOMPARE(rejected.count(), accepted ? 0 : 1);
        if (accepted)
            QCOMPARE(entered.at(0).at(0).toLongLong(), value);
        else
            QCOMPARE(rejected.at(0).at(0).toString(), typed.trimmed());
    }

    void emptyMeansNotGivenWhereAllowed()
    {
        CountField field;
        field.setAllowEmpty(true);
        field.setValue(7'000'000'000);
        QCOMPARE(field.text(), QStringLiteral("7000000000"));
        QSignalSpy entered(&field, &CountField::valueEntered);
        field.clear();
        field.commit();
        QCOMPARE(entered.count(), 1);
        QCOMPARE(entered.at(0).at(0).toLongLong(), 0);
        field.setValue(0);
        QVERIFY(field.text().isEmpty());
    }

    void arrowKeysInTheFieldWalkTheStops()
    {
        SliderField pair;
        pair.setStops(StopSlider::powerOfTwoStops(128, Count(1) << 20));
        pair.setValue(3000);
        QSignalSpy entered(&pair, &SliderField::valueEntered);
        QTest::keyClick(pair.field(), Qt::Key_Up);
        QCOMPARE(entered.at(0).at(0).toLongLong(), 4096);
        QTest::keyClick(pair.field(), Qt::Key_Down);
        QTest::keyClick(pair.field(), Qt::Key_Down);
        QCOMPARE(entered.at(2).at(0).toLongLong(), 1024);
        QCOMPARE(pair.slider()->count(), Count(1024));
        pair.setValue(3000);
        QTest::keyClick(pair.field(), Qt::Key_Down);
        QCOMPARE(entered.at(3).at(0).toLongLong(), 2048); // the stop below, not two below
    }

    void doctorCoversEverySymptom()
    {
        const ScenarioSpec spec = textbookSpec(m_catalogue);
        const Breakdown b = estimate(spec.scenario);
        for (Symptom s : kAllSymptoms) {
            const Diagnosis d = diagnose(s, spec, b, m_catalogue, DisplayUnit::Binary);
            QVERIFY(!d.title.isEmpty());
            QVERIFY(!d.cause.isEmpty());
            QVERIFY(!d.fix.isEmpty());
            QVERIFY(!d.scenario.isEmpty());
            if (d.remedy) {
                QVERIFY2(validate(d.remedy->after.scenario).empty(), qPrintable(d.title));
                QVERIFY(!ScenarioDocument::sameScenario(d.remedy->after, spec));
            }
        }
        // OOM halfway: checkpointing brings the peak from 133.9 GiB (143,785,000,960 B) to 102.0 GiB
        // (16 P + 1,660,944,384 = 109,475,594,240 B): not enough. The paper stack counts no runtime
        // share, as the article does.
        const Diagnosis oom = diagnose(Symptom::OomMidway, spec, b, m_catalogue, DisplayUnit::Binary);
        QVERIFY(oom.remedy);
        QCOMPARE(oom.remedy->after.scenario.training.recompute, Recompute::Full);
        QCOMPARE(oom.remedy->outcome, QStringLiteral("After this change the peak is 102.0 GiB (now 133.9 GiB): still short by 22.0 GiB."));
        // BF16 converging worse: FP16 with a master copy takes the same memory.
        const Diagnosis bf16 = diagnose(Symptom::Bf16ConvergesWorse, spec, b, m_catalogue, DisplayUnit::Binary);
        QVERIFY(bf16.remedy);
        QCOMPARE(bf16.remedy->after.scenario.training.precision.recipe, Recipe::Fp16Master);
        QCOMPARE(estimate(bf16.remedy->after.scenario).peak, b.peak);
    }

    void doctorKnowsGpusWithoutBf16()
    {
        ScenarioSpec spec = ScenarioDocument::defaultSpec(m_catalogue);
        const GpuSpec *v100 = m_catalogue.gpu(QStringLiteral("v100-32gb"));
        QVERIFY(v100);
        spec.gpuId = v100->id;
        spec.scenario.gpu.capacity = v100->capacity;
        spec.scenario.gpu.supportsBf16 = v100->bf16;
        spec.scenario.training.precision.recipe = Recipe::Fp16Master;
        const Diagnosis d = diagnose(Symptom::LossScaleFalling, spec, estimate(spec.scenario), m_catalogue,
                                     DisplayUnit::Binary);
        QVERIFY(!d.remedy);
        QVERIFY2(d.scenario.contains(QStringLiteral("NVIDIA V100 32GB (SXM2) has no BF16 tensor cores")),
                 qPrintable(d.scenario));
    }

    void verdictWithoutAGpu()
    {
        ScenarioSpec spec = textbookSpec(m_catalogue);
        spec.gpuId.clear();
        spec.scenario.gpu.capacity = bytes(0);
        const Verdict v = buildVerdict(spec, estimate(spec.scenario), derive(spec.scenario), m_catalogue, DisplayUnit::Decimal);
        QCOMPARE(v.state, Verdict::State::NoGpu);
        // 143,785,000,960 B: 16P + the activations (the paper stack: no runtime share)
        QCOMPARE(v.headline, QStringLiteral("Peak 143.8 GB per GPU"));
        QVERIFY(!v.adviceAfter);
    }

    void verdictCountsGpusUnderZero()
    {
        ScenarioSpec spec = ScenarioDocument::defaultSpec(m_catalogue);
        spec.scenario.parallel.zero = ZeroStage::Stage3;
        const Breakdown b = estimate(spec.scenario);
        const Verdict v = buildVerdict(spec, b, derive(spec.scenario), m_catalogue, DisplayUnit::Binary);
        QCOMPARE(v.state, Verdict::State::DoesNotFit);
        QVERIFY(v.gpusNeeded > 1);
        QVERIFY2(v.detail.contains(QStringLiteral("It would fit on %1 × NVIDIA A100 80GB (SXM4) with ZeRO stage 3.")
                                           .arg(qint64(v.gpusNeeded))),
                 qPrintable(v.detail));
        // The count it names does fit.
        Scenario wider = spec.scenario;
        wider.parallel.gpus = v.gpusNeeded;
        QVERIFY(fits(wider, estimate(wider)));
    }

    void mathSheetExplainsATimelinePeak()
    {
        // The itemized model's peak is the step timeline's highest point, below the plain sum:
        // the sheet's peak section lists what is live there, term by term, and labels the sum
        // as the sum.
        ScenarioSpec spec = textbookSpec(m_catalogue);
        spec.scenario.activations.model = ActivationModelKind::Transformer;
        const Breakdown b = estimate(spec.scenario);
        QVERIFY(b.peak < b.total());
        const MathSheet sheet = buildMathSheet(spec, b, derive(spec.scenario), m_catalogue, DisplayUnit::Binary);
        const MathSection *peak = nullptr;
        for (const MathSection &section : sheet.sections)
            if (section.heading.startsWith(QStringLiteral("Peak of the step")))
                peak = &section;
        QVERIFY(peak);
        // Last layer's backward: every activation still saved, the head's and the last layer's
        // gradients written.
        QCOMPARE(peak->heading, QStringLiteral("Peak of the step: last layer's backward (backward)"));
        const auto line = [peak](const QString &name) -> const MathLine * {
            for (const MathLine &l : peak->lines)
                if (l.name == name)
                    return &l;
            return nullptr;
        };
        QVERIFY(line(QStringLiteral("Peak of the step")));
        QCOMPARE(line(QStringLiteral("Peak of the step"))->result, formatBytesBoth(comparedPeak(spec.scenario, b), DisplayUnit::Binary));
        QVERIFY(line(QStringLiteral("Peak of the step"))->total);
        QVERIFY(line(QStringLiteral("gradients written so far")));
        // The runtime's bucket holds the CUDA context and the allocator's emulated cache.
        const MemoryFigures figures = memoryFigures(spec.scenario, b);
        QCOMPARE(line(QStringLiteral("Sum of the buckets"))->result,
                 formatBytesBoth(b.total() - b.overhead + figures.context + figures.cache, DisplayUnit::Binary));
        QVERIFY(!line(QStringLiteral("Sum of the buckets"))->total);
        // One layer's tensors come from the activation model's itemization.
        QVERIFY(sheet.tensors.size() > 5);

        // The textbook model keeps every bucket resident: its peak is the sum, said as such.
        const ScenarioSpec textbook = textbookSpec(m_catalogue);
        const Breakdown tb = estimate(textbook.scenario);
        const MathSheet plain = buildMathSheet(textbook, tb, derive(textbook.scenario), m_catalogue, DisplayUnit::Binary);
        QCOMPARE(tb.peak, tb.total());
        QVERIFY(mathSheetText(plain).contains(QStringLiteral("gradients, resident for the whole step")));
    }

private:
    Catalogue m_catalogue;
};

QTEST_MAIN(TestWidgets)
#include "tst_ui_widgets.moc"
