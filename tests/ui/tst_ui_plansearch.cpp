// The GPUs Needed tab's whole-plan search: the chart's points are the core's Pareto front
// (searchPlans() called here with the same scenario, kinds and run), a click on a point makes
// its plan the scenario as one undo step, and a bad budget is reported beside the fields
// without changing what is shown.

#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include <headroom/planning/plansearch.h>

#include "chartsarea.h"
#include "charts/planfrontpane.h"
#include "labels.h"
#include "layoutcheck.h"
#include "panes/gpufitpane.h"
#include "plansearchtext.h"
#include "scenariodocument.h"
#include "windowtest.h"

using namespace headroom;

namespace {

// Types \a text into \a field and leaves it, as a user does.
void enter(QLineEdit *field, const QString &text)
{
    field->setText(text);
    emit field->editingFinished();
}

} // namespace

class TestPlanSearch : public QObject, public test::WindowTest
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(setUpCatalogue()); }

    void init()
    {
        QVERIFY(openWindow(false, QSize(1366, 768)));
        m_window->panel(QStringLiteral("gpuplans"));
        m_pane = m_window->charts()->gpuFit();
    }

    void cleanup() { closeWindow(); }

    // The CLI's example question: 2e10 tokens, at most $5,000, within 3 days.
    void chartIsTheCoresFront()
    {
        enter(m_pane->tokensField(), QStringLiteral("2e10"));
        enter(m_pane->budgetField(), QStringLiteral("5000"));
        enter(m_pane->deadlineField(), QStringLiteral("3"));
        QVERIFY(m_pane->inputError().isEmpty());
        QCOMPARE(m_pane->runInputs().tokens, 2e10);

        // The core's answer for the same question, with the catalogue's prices.
        const Catalogue &catalogue = m_window->document()->catalogue();
        const std::span<const GpuSpec> gpus(catalogue.gpus.constData(), static_cast<std::size_t>(catalogue.gpus.size()));
        RunCosts run;
        run.tokens = 2e10;
        std::vector<SearchedPlan> front(64);
        const PlanSearchResult expected = searchPlans(m_window->document()->scenario(), gpus, {}, PlanSpace{}, run, 5000, 3, front);
        QVERIFY(expected.frontCount >= 2);

        m_pane->waitForSearch();
        QVERIFY(m_pane->searchIsCurrent());
        const PlanFrontData &data = m_pane->planChart()->data();
        QCOMPARE(data.points.size(), expected.frontCount);
        for (int i = 0; i < expected.frontCount; ++i) {
            const SearchedPlan &p = front[static_cast<std::size_t>(i)];
            const GpuSpec &gpu = gpus[static_cast<std::size_t>(p.gpuIndex)];
            const PlanPoint &point = data.points.at(i);
            QCOMPARE(point.days, p.time.days);
            QCOMPARE(point.rentUsd, p.time.costUsd);
            QCOMPARE(point.ownUsd, p.time.ownCostUsd);
            QCOMPARE(point.gpuName, Labels::shortGpuName(gpu.name));
            QCOMPARE(point.plan, planText(p, gpu));
            QVERIFY(point.toolTip.contains(planText(p, gpu)));
            QCOMPARE(point.fastestUnderBudget, i == expected.fastestUnderBudget);
            QCOMPARE(point.cheapestUnderDeadline, i == expected.cheapestUnderDeadline);
            // The list under the chart: one row per plan, in the same order.
            QCOMPARE(m_pane->planTable()->item(i, 5)->text(), planText(p, gpu));
        }
        QCOMPARE(m_pane->planTable()->rowCount(), expected.frontCount);
        // The recommendation under a deadline: the cheapest plan finishing within 3 days, found
        // here by a scan of the front; ringed on the chart and said above it.
        int cheapestWithin = -1;
        for (int i = 0; i < expected.frontCount; ++i) {
            const SearchedPlan &p = front[static_cast<std::size_t>(i)];
            if (p.time.days <= 3 && (cheapestWithin < 0 || p.time.costUsd < front[static_cast<std::size_t>(cheapestWithin)].time.costUsd))
                cheapestWithin = i;
        }
        QVERIFY(cheapestWithin >= 0);
        for (int i = 0; i < expected.frontCount; ++i)
            QCOMPARE(data.points.at(i).recommended, i == cheapestWithin);
        const SearchedPlan &chosen = front[static_cast<std::size_t>(cheapestWithin)];
        const QString recommendation = m_pane->recommendationLabel()->text();
        QVERIFY2(recommendation.startsWith(QStringLiteral("Recommended: ") + planText(chosen, gpus[static_cast<std::size_t>(chosen.gpuIndex)])),
                 qPrintable(recommendation));
        QVERIFY(recommendation.contains(QStringLiteral("the cheapest plan finishing within 3 days")));
        QVERIFY(m_pane->recommendationLabel()->isVisibleTo(m_window.get()));
        QCOMPARE(data.budgetUsd, 5000.0);
        QCOMPARE(data.deadlineDays, 3.0);
        // Every point is drawn where its figures say, inside the plot.
        for (int i = 0; i < data.points.size(); ++i) {
            const QPointF at = m_pane->planChart()->pointPosition(i);
            QVERIFY2(m_pane->planChart()->plotWidget()->rect().contains(at.toPoint()), qPrintable(QString::number(i)));
            QVERIFY(!m_pane->planChart()->toolTipAt(at.toPoint()).isEmpty());
        }
    }

    void clickAppliesThePlanAsOneUndoStep()
    {
        ScenarioDocument *doc = m_window->document();
        const ScenarioSpec before = doc->spec();
        const int undoBefore = doc->undoStack()->count();
        const std::vector<SearchedPlan> plans = m_pane->plans();
        const std::vector<GpuSpec> gpus = m_pane->searchedGpus();
        QVERIFY(plans.size() >= 2);
        // The slowest, cheapest plan: a point apart from the fast ones.
        const int wanted = static_cast<int>(plans.size()) - 1;
        const QPoint at = m_pane->planChart()->pointPosition(wanted).toPoint();
        const int clicked = m_pane->planChart()->pointAt(at);
        QVERIFY(clicked >= 0);
        const SearchedPlan &plan = plans[static_cast<std::size_t>(clicked)];
        const GpuSpec &gpu = gpus[static_cast<std::size_t>(plan.gpuIndex)];
        QTest::mouseClick(m_pane->planChart()->plotWidget(), Qt::LeftButton, {}, at);

        ScenarioSpec expected = before;
        expected.gpuId = gpu.id;
        expected.scenario = scenarioOfPlan(before.scenario, plan, gpu);
        QCOMPARE(doc->spec().gpuId, gpu.id);
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), expected));
        const Scenario &s = doc->scenario();
        QCOMPARE(s.parallel.gpus, plan.gpus);
        QCOMPARE(s.parallel.tensorParallel, plan.tensorParallel);
        QCOMPARE(s.parallel.pipelineParallel, plan.pipelineParallel);
        QCOMPARE(s.stack.virtualStages, plan.virtualStages);
        QCOMPARE(s.parallel.contextParallel, plan.contextParallel);
        QCOMPARE(s.parallel.expertParallel, plan.expertParallel);
        QCOMPARE(s.parallel.zero, kStrategies[plan.strategyIndex].zero);
        QCOMPARE(s.parallel.offload, kStrategies[plan.strategyIndex].offload);
        QCOMPARE(s.stack.distributedOptimizer, plan.distributedOptimizer);
        QCOMPARE(s.training.recompute, plan.recompute);
        QCOMPARE(s.training.microBatch, plan.microBatch);
        QCOMPARE(s.training.gradAccumSteps, plan.gradAccum);
        QCOMPARE(doc->undoStack()->count(), undoBefore + 1);

        doc->undoStack()->undo();
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), before));
        QCOMPARE(doc->spec().gpuId, before.gpuId);
    }

    void staleSearchIsDiscarded()
    {
        // A search starts, the scenario changes before it is taken: what is shown is the front of
        // the scenario as it is now.
        m_pane->waitForSearch();
        m_window->document()->edit(ScenarioDocument::EditKind::Sequence, QStringLiteral("S"),
                                   [](ScenarioSpec &spec) { spec.scenario.training.sequence = 4096; });
        QVERIFY(!m_pane->searchIsCurrent());
        const std::vector<SearchedPlan> shown = m_pane->plans();
        QVERIFY(m_pane->searchIsCurrent());
        const Catalogue &catalogue = m_window->document()->catalogue();
        const std::span<const GpuSpec> gpus(catalogue.gpus.constData(), static_cast<std::size_t>(catalogue.gpus.size()));
        std::vector<SearchedPlan> front(64);
        const PlanSearchResult expected = searchPlans(m_window->document()->scenario(), gpus, {}, PlanSpace{}, RunCosts{}, 0, 0, front);
        QCOMPARE(static_cast<int>(shown.size()), expected.frontCount);
        for (int i = 0; i < expected.frontCount; ++i)
            QCOMPARE(shown[static_cast<std::size_t>(i)].time.days, front[static_cast<std::size_t>(i)].time.days);
        // A plan of a front that is out of date is not applied.
        m_window->document()->edit(ScenarioDocument::EditKind::Sequence, QStringLiteral("S"),
                                   [](ScenarioSpec &spec) { spec.scenario.training.sequence = 2048; });
        QVERIFY(!m_pane->applyPlan(0));
    }

    void badInputIsReportedNotClamped()
    {
        enter(m_pane->budgetField(), QStringLiteral("5000"));
        QCOMPARE(m_pane->runInputs().budgetUsd, 5000.0);
        enter(m_pane->budgetField(), QStringLiteral("lots"));
        QVERIFY2(m_pane->inputError().contains(QStringLiteral("Budget: \"lots\" is not allowed")), qPrintable(m_pane->inputError()));
        QVERIFY(m_pane->inputError().contains(QStringLiteral("0.01 to 1e12 USD")));
        QCOMPARE(m_pane->runInputs().budgetUsd, 5000.0); // the last valid value, not a clamp
        enter(m_pane->budgetField(), QStringLiteral("-20"));
        QVERIFY(m_pane->inputError().contains(QStringLiteral("Budget: \"-20\" is not allowed")));
        QCOMPARE(m_pane->runInputs().budgetUsd, 5000.0);
        enter(m_pane->deadlineField(), QStringLiteral("100000"));
        QVERIFY(m_pane->inputError().contains(QStringLiteral("Deadline: \"100000\" is not allowed")));
        QVERIFY(m_pane->inputError().contains(QStringLiteral("0.001 to 36,500 days")));
        enter(m_pane->tokensField(), QStringLiteral("0"));
        QVERIFY(m_pane->inputError().contains(QStringLiteral("Tokens: \"0\" is not allowed")));
        enter(m_pane->rentField(), QStringLiteral("nan"));
        QVERIFY(m_pane->inputError().contains(QStringLiteral("Rent per GPU-hour: \"nan\" is not allowed")));
        // Emptied or fixed, the messages go; an empty budget is none.
        enter(m_pane->budgetField(), QString());
        enter(m_pane->deadlineField(), QStringLiteral("0"));
        enter(m_pane->tokensField(), QStringLiteral("300B"));
        enter(m_pane->rentField(), QStringLiteral("1.5"));
        QVERIFY2(m_pane->inputError().isEmpty(), qPrintable(m_pane->inputError()));
        QCOMPARE(m_pane->runInputs().budgetUsd, 0.0);
        QCOMPARE(m_pane->runInputs().deadlineDays, 0.0);
        QCOMPARE(m_pane->runInputs().tokens, 3e11);
        // The plan's kind is priced as given, in the search and in the table.
        const QString gpuId = m_window->document()->spec().gpuId;
        QCOMPARE(m_pane->runInputs().rentUsd.at(gpuId), 1.5);
        for (const GpuSpec &g : m_pane->searchedGpus())
            if (g.id == gpuId)
                QCOMPARE(g.pricePerHourUsd, 1.5);
    }

    // The global batch in tokens, as the command line takes it: turned into sequences of the
    // scenario's S, every plan keeping it; tokens that S does not divide are said, not rounded.
    void globalBatchInTokens()
    {
        const Count S = m_window->document()->scenario().training.sequence;
        enter(m_pane->globalBatchField(), QStringLiteral("%1 tokens").arg(qlonglong(S * 64)));
        QVERIFY2(m_pane->inputError().isEmpty(), qPrintable(m_pane->inputError()));
        QCOMPARE(m_pane->globalBatchSequences(), Count(64));
        for (const SearchedPlan &p : m_pane->plans())
            QCOMPARE(p.globalBatch, Count(64));
        // S changed to one that does not divide the tokens: the plans keep the scenario's own.
        const Count odd = S + 1;
        m_window->document()->edit(ScenarioDocument::EditKind::Sequence, QStringLiteral("S"),
                                   [odd](ScenarioSpec &spec) { spec.scenario.training.sequence = odd; });
        QCOMPARE(m_pane->globalBatchSequences(), Count(0));
        QVERIFY2(m_pane->inputError().contains(QStringLiteral("tokens is not a whole number of sequences of S = ")),
                 qPrintable(m_pane->inputError()));
        // Not a number with a unit: refused with the allowed range.
        enter(m_pane->globalBatchField(), QStringLiteral("lots tokens"));
        QVERIFY2(m_pane->inputError().contains(QStringLiteral("Global batch: \"lots tokens\" is not allowed")),
                 qPrintable(m_pane->inputError()));
        QVERIFY(m_pane->inputError().contains(QStringLiteral("1 to 1e12 tokens")));
        enter(m_pane->globalBatchField(), QStringLiteral("128"));
        QVERIFY2(m_pane->inputError().isEmpty(), qPrintable(m_pane->inputError()));
        QCOMPARE(m_pane->globalBatchSequences(), Count(128));
    }

    // A card of the user's own is searched beside the catalogue's.
    void customCardIsSearched()
    {
        GpuSpec card = *m_window->document()->catalogue().gpu(QStringLiteral("h100-80gb"));
        card.id = QStringLiteral("lab-card");
        card.name = QStringLiteral("Lab card");
        m_window->document()->edit(ScenarioDocument::EditKind::Gpu, QStringLiteral("GPU"), [card](ScenarioSpec &spec) {
            spec.customGpu = card;
            spec.gpuId = card.id;
        });
        bool found = false;
        for (const GpuSpec &g : m_pane->searchedGpus())
            found = found || g.id == QStringLiteral("lab-card");
        QVERIFY(found);
    }

    // The view at a laptop's size, with a budget and a deadline and their messages: no clipped
    // or overlapping text (what headroom --check-layout checks on the chart tabs).
    void laidOutAtLaptopSize()
    {
        enter(m_pane->budgetField(), QStringLiteral("5000"));
        enter(m_pane->deadlineField(), QStringLiteral("3"));
        m_pane->waitForSearch();
        QApplication::processEvents();
        QApplication::processEvents();
        QStringList problems;
        for (const LayoutProblem &p : checkLayout(m_window.get()))
            problems << p.widget + QStringLiteral(": ") + p.what;
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

private:
    GpuFitPane *m_pane = nullptr;
};

QTEST_MAIN(TestPlanSearch)
#include "tst_ui_plansearch.moc"
