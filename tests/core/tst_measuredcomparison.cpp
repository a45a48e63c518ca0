// What a check script measured beside the estimate (memory/measuredcomparison.h), on the article's
// worked 7B example, whose figures are the article's own (section 2.3): 112,000,000,000 bytes of
// model states (7e9 x 16 bytes/param) and 35,970,351,104 bytes of activations, all resident
// through the step under the textbook convention, 147,970,351,104 bytes at the peak.

#include <QtTest>

#include <cmath>

#include <headroom/memory/estimate.h>
#include <headroom/memory/measuredcomparison.h>

using namespace headroom;

namespace {

constexpr Count kStates = 112'000'000'000;
constexpr Count kPeak = 147'970'351'104;

Scenario brief7B()
{
    Scenario s;
    s.model.paramsOverride = 7'000'000'000;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.training.sequence = 2048;
    s.training.precision.recipe = Recipe::Fp16Master;
    s.training.precision.optimizer = Optimizer::AdamW;
    s.activations.model = ActivationModelKind::Textbook;
    s.overhead = { bytes(0), bytes(0) };
    return s;
}

} // namespace

class TestMeasuredComparison : public QObject
{
    Q_OBJECT

private slots:
    void keysRoundTrip()
    {
        for (MeasuredFigure f : kAllMeasuredFigures)
            QCOMPARE(measuredFigureFromKey(measuredFigureKey(f)), std::optional<MeasuredFigure>(f));
        QCOMPARE(measuredFigureFromKey("phases.backward_peak"), std::optional<MeasuredFigure>(MeasuredFigure::BackwardPeak));
        QVERIFY(!measuredFigureFromKey("backward_peak"));
        QVERIFY(!isTimelineFigure(MeasuredFigure::Activations));
        QVERIFY(isTimelineFigure(MeasuredFigure::StepStart));
    }

    //! Every bucket resident: the step starts and ends with the model states, and forward's end,
    //! backward's peak and the step's peak hold the activations too.
    void textbookPhases()
    {
        const Scenario s = brief7B();
        const EstimatedFigures e = estimatedFigures(s, estimate(s));
        QCOMPARE(countOf(e[MeasuredFigure::Parameters]), Count(14'000'000'000));
        QCOMPARE(countOf(e[MeasuredFigure::MasterWeights]), Count(28'000'000'000));
        QCOMPARE(countOf(e[MeasuredFigure::Activations]), Count(35'970'351'104));
        QCOMPARE(countOf(e[MeasuredFigure::StepStart]), kStates);
        QCOMPARE(countOf(e[MeasuredFigure::ForwardEnd]), kPeak);
        QCOMPARE(countOf(e[MeasuredFigure::BackwardPeak]), kPeak);
        QCOMPARE(countOf(e[MeasuredFigure::BackwardEnd]), kStates);
        QCOMPARE(countOf(e[MeasuredFigure::StepEnd]), kStates);
        QCOMPARE(countOf(e[MeasuredFigure::PeakAllocated]), kPeak);
        QCOMPARE(e.event(MeasuredFigure::StepStart), TimelineEvent::StepStart);
        QCOMPARE(e.event(MeasuredFigure::BackwardEnd), TimelineEvent::BackwardEnd);
    }

    //! The runtime's share is outside PyTorch's allocated figures; the reserved peak adds a given
    //! allocator reserve (1 GiB = 1,073,741,824 bytes), never the CUDA context. The textbook
    //! model lists no tensors, so its modelled cache is none: reserved equals allocated.
    void runtimeShareStaysOut()
    {
        Scenario s = brief7B();
        s.overhead = RuntimeOverhead{};
        s.overhead.allocatorReserve = bytes(kGiB);
        const EstimatedFigures e = estimatedFigures(s, estimate(s));
        QCOMPARE(countOf(e[MeasuredFigure::StepStart]), kStates);
        QCOMPARE(countOf(e[MeasuredFigure::PeakAllocated]), kPeak);
        QCOMPARE(countOf(e[MeasuredFigure::PeakReserved]), kPeak + 1'073'741'824);
        s.overhead = RuntimeOverhead{};
        QCOMPARE(countOf(estimatedFigures(s, estimate(s))[MeasuredFigure::PeakReserved]), kPeak);
    }

    void comparison()
    {
        const Scenario s = brief7B();
        MeasuredFigures m;
        m[MeasuredFigure::Parameters] = bytes(14'000'000'000);
        m[MeasuredFigure::BackwardPeak] = bytes(150'000'000'000);
        m[MeasuredFigure::Gradients] = bytes(0);
        const MeasuredComparison c = compareMeasured(s, estimate(s), m);
        QCOMPARE(c.rows.size(), std::size_t(3)); // only what was measured
        QCOMPARE(c.rows.at(0).figure, MeasuredFigure::Parameters);
        QCOMPARE(countOf(c.row(MeasuredFigure::Parameters)->difference), Count(0));
        QCOMPARE(*c.row(MeasuredFigure::Parameters)->relative, 0.0);
        // 147,970,351,104 − 150,000,000,000 = −2,029,648,896; / 150e9 = −0.01353099264.
        const MeasuredRow *backward = c.row(MeasuredFigure::BackwardPeak);
        QCOMPARE(countOf(backward->difference), Count(-2'029'648'896));
        QVERIFY(std::abs(*backward->relative - (-0.01353099264)) < 1e-12);
        // Nothing measured against 14 GB estimated: no percentage.
        QVERIFY(!c.row(MeasuredFigure::Gradients)->relative);
        QVERIFY(!c.row(MeasuredFigure::StepEnd));
    }
};

QTEST_APPLESS_MAIN(TestMeasuredComparison)
#include "tst_measuredcomparison.moc"
