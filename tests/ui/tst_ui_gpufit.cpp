// The window's "GPUs needed" table: the core's GPU table (gpufit.h) for the plan, its cells the
// counts worked by hand in tst_fitsearch, a cell applied as one undo step, refreshed once per
// change and only while it is on screen, and fitted off the GUI thread.

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <headroom/memory/estimate.h>

#include "chartsarea.h"
#include "deferredrefresh.h"
#include "mainwindow.h"
#include "panes/gpufitpane.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

// tst_fitsearch's brief7B(): P = 7e9 given, L = 32, H = 4096, A = 32, fp16 + master, Adam,
// DeepSpeed's buckets without prefetch or persistence, no runtime overhead; full recompute.
ScenarioSpec brief7B(const Catalogue &catalogue)
{
    ScenarioSpec spec = ScenarioDocument::defaultSpec(catalogue);
    Scenario &s = spec.scenario;
    spec.presetId.clear();
    s.model = ModelSpec{};
    s.model.paramsOverride = 7'000'000'000;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.training.microBatch = 1;
    s.training.sequence = 2048;
    s.training.recompute = Recompute::Full;
    s.training.precision.recipe = Recipe::Fp16Master;
    s.training.precision.optimizer = Optimizer::Adam;
    applyStackDefaults(s, TrainingStack::DeepSpeed);
    s.overhead = { bytes(0), bytes(0) }; // after the stack, whose defaults include the runtime's share
    s.stack.prefetchBucket = 0;
    s.stack.persistenceThreshold = 0;
    s.activations.model = ActivationModelKind::Textbook;
    return spec;
}

int rowOf(const QTableWidget *table, const QString &shortName)
{
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text().startsWith(shortName + QLatin1Char(' ')) || table->item(r, 0)->text() == shortName)
            return r;
    return -1;
}

} // namespace

class TestGpuFit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None);
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("headroom.ini")));
    }

    void cellsAreTheHandWorkedCounts()
    {
        MainWindow window(m_catalogue, *m_settings);
        window.setRemembersSession(false);
        window.show();
        QVERIFY(window.document()->reset(brief7B(m_catalogue)));
        window.charts()->showGpuFit();
        GpuFitPane *pane = window.charts()->gpuFit();
        QTableWidget *table = pane->table();
        pane->waitForTable();
        const int a100 = rowOf(table, QStringLiteral("A100 40GB"));
        QVERIFY(a100 >= 0);
        constexpr int c = GpuFitPane::kFirstStrategyColumn;
        QCOMPARE(table->item(a100, c + 0)->text(), QStringLiteral("–")); // DDP never
        QCOMPARE(table->item(a100, c + 1)->text(), QStringLiteral("7")); // ZeRO-1
        QCOMPARE(table->item(a100, c + 3)->text(), QStringLiteral("3")); // ZeRO-3
        QCOMPARE(table->item(a100, c + 4)->text(), QStringLiteral("1")); // ZeRO-2 + offload
        QVERIFY(table->item(a100, c + 4)->font().bold());                // the fewest
        QVERIFY(!table->item(a100, c + 3)->font().bold());
        // ZeRO-3's tooltip: the peak 40,518,565,719 bytes = 37.7 GiB (tst_fitsearch's hand
        // count, the textbook model's plain sum), and two GPUs would not do.
        QVERIFY2(table->item(a100, c + 3)->toolTip().contains(QStringLiteral("37.7 GiB per GPU")),
                 qPrintable(table->item(a100, c + 3)->toolTip()));
        QVERIFY(table->item(a100, c + 3)->toolTip().contains(QStringLiteral("On 2 it would need")));
        // Time at ZeRO-2 + offload's one GPU, as the core's step time has it (tst_steptime works
        // its terms out by hand): the table prints it, and its derivation on hover, offload's
        // CPU optimizer step included.
        const TimeAndCost &time = pane->rows()[static_cast<std::size_t>(a100)].strategies[4].time;
        QVERIFY(time.known);
        QCOMPARE(table->item(a100, GpuFitPane::kDaysColumn)->text(), QLocale().toString(time.days, 'g', 3));
        QCOMPARE(table->item(a100, GpuFitPane::kCostColumn)->text(),
                 QStringLiteral("$") + QLocale().toString(time.costUsd, 'f', time.costUsd < 100 ? 2 : 0));
        QCOMPARE(table->item(a100, GpuFitPane::kMfuColumn)->text(), QLocale().toString(100 * time.step.mfu, 'f', 1) + QStringLiteral(" %"));
        QVERIFY(time.step.cpuOptimizerS > 0);
        const QString derivation = table->item(a100, GpuFitPane::kBoundColumn)->toolTip();
        QVERIFY2(derivation.contains(QStringLiteral("matmuls at the card&#x27;s achievable rate"))
                         || derivation.contains(QStringLiteral("matmuls at the card's achievable rate")),
                 qPrintable(derivation));
        QVERIFY(derivation.contains(QStringLiteral("optimizer step on the CPU")));
        QVERIFY(derivation.contains(QStringLiteral("A100 40GB")));

        // The time columns are one choice away (a laptop's pane cannot hold both side by side).
        QVERIFY(table->isColumnHidden(GpuFitPane::kDaysColumn));
        pane->columnsBox()->setCurrentIndex(1);
        QVERIFY(!table->isColumnHidden(GpuFitPane::kDaysColumn));
        QVERIFY(table->isColumnHidden(GpuFitPane::kFirstStrategyColumn));
        QCOMPARE(table->item(a100, GpuFitPane::kAtColumn)->text(), QStringLiteral("1 × ZeRO-2 + offload"));

        // Sorted by days: a click on the heading orders the rows by the number, dashes last,
        // and a cell still plans its own GPU kind.
        table->sortItems(GpuFitPane::kDaysColumn, Qt::AscendingOrder);
        double previous = -1;
        bool dashes = false;
        for (int r = 0; r < table->rowCount(); ++r) {
            const QTableWidgetItem *days = table->item(r, GpuFitPane::kDaysColumn);
            const double key = days->data(GpuFitPane::kSortRole).toDouble();
            QVERIFY(key >= previous);
            previous = key;
            if (days->text() == QStringLiteral("–"))
                dashes = true;
            else
                QVERIFY2(!dashes, "a dash sorted before a number");
        }
        const int sortedA100 = rowOf(table, QStringLiteral("A100 40GB"));
        QCOMPARE(table->item(sortedA100, 0)->data(GpuFitPane::kRowRole).toInt(), a100);
        table->sortItems(0, Qt::AscendingOrder);
        table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
        pane->showColumns(GpuFitPane::Columns::GpusNeeded);

        // Activating ZeRO-3's cell plans 3 x A100 40GB under ZeRO-3, as one undo step.
        const int undoBefore = window.document()->undoStack()->count();
        QVERIFY(pane->applyCell(a100, 3));
        const Scenario &s = window.document()->scenario();
        QCOMPARE(window.document()->spec().gpuId, QStringLiteral("a100-40gb"));
        QCOMPARE(s.parallel.gpus, Count(3));
        QCOMPARE(s.parallel.zero, ZeroStage::Stage3);
        QCOMPARE(countOf(window.document()->breakdown().peak), Count(40'518'565'719)); // tst_fitsearch's hand count
        QCOMPARE(window.document()->undoStack()->count(), undoBefore + 1);
        window.document()->undoStack()->undo();
        QCOMPARE(window.document()->scenario().parallel.gpus, Count(1));
        // A strategy that fits on no count applies nothing.
        QVERIFY(!pane->applyCell(a100, 0));
    }

    void refreshesOncePerChangeAndOnlyWhenShown()
    {
        MainWindow window(m_catalogue, *m_settings);
        window.setRemembersSession(false);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        GpuFitPane *pane = window.charts()->gpuFit();
        QTest::qWait(0);
        // Behind another tab: edits leave it stale and cost nothing.
        window.charts()->showPane(2);
        QVERIFY(!pane->isVisible());
        const int before = pane->deferredRefresh()->refreshCount();
        for (Count b = 2; b <= 6; ++b)
            window.document()->edit(ScenarioDocument::EditKind::Batch, QStringLiteral("B"),
                                    [b](ScenarioSpec &spec) { spec.scenario.training.microBatch = b; });
        QTest::qWait(0);
        QCOMPARE(pane->deferredRefresh()->refreshCount(), before);
        QVERIFY(pane->deferredRefresh()->isPending());
        // Shown: one refresh, at once.
        window.charts()->showGpuFit();
        QCOMPARE(pane->deferredRefresh()->refreshCount(), before + 1);
        // On screen: five edits in one turn are one refresh.
        for (Count b = 7; b <= 11; ++b)
            window.document()->edit(ScenarioDocument::EditKind::Batch, QStringLiteral("B"),
                                    [b](ScenarioSpec &spec) { spec.scenario.training.microBatch = b; });
        QCOMPARE(pane->deferredRefresh()->refreshCount(), before + 1);
        QTest::qWait(0);
        QCOMPARE(pane->deferredRefresh()->refreshCount(), before + 2);
        pane->waitForTable();
        QVERIFY(pane->table()->item(0, 0)->toolTip().size() > 0);
    }

    // The table is fitted on the thread pool (each answer is confirmed by the allocator's
    // emulation: 0.3 to 1 s for the catalogue), so an edit returns at once with the table greyed
    // out; a fit finished for a scenario since changed is never shown, and the newest is fitted.
    void fittedOffTheGuiThreadAndNeverShownStale()
    {
        MainWindow window(m_catalogue, *m_settings);
        window.setRemembersSession(false);
        window.show();
        QVERIFY(window.document()->reset(brief7B(m_catalogue)));
        window.charts()->showGpuFit();
        GpuFitPane *pane = window.charts()->gpuFit();
        QTableWidget *table = pane->table();
        pane->waitForTable();
        QVERIFY(pane->tableIsCurrent());
        QVERIFY(table->isEnabled());
        const int a100 = rowOf(table, QStringLiteral("A100 40GB"));
        constexpr int zero3 = GpuFitPane::kFirstStrategyColumn + 3;
        QCOMPARE(table->item(a100, zero3)->text(), QStringLiteral("3")); // tst_fitsearch's hand count

        // An edit: the fit starts and the GUI thread goes on (the pool's answer can only be taken
        // on this thread, in a later event-loop turn).
        window.document()->edit(ScenarioDocument::EditKind::Batch, QStringLiteral("B"),
                                [](ScenarioSpec &spec) { spec.scenario.training.microBatch = 8; });
        pane->deferredRefresh()->flush();
        QVERIFY(!pane->tableIsCurrent());
        QVERIFY(!table->isEnabled());
        // Undone before that fit is back: its answer (for B = 8) is thrown away and the table shows
        // the undone scenario's counts again.
        window.document()->undoStack()->undo();
        pane->waitForTable();
        QVERIFY(pane->tableIsCurrent());
        QVERIFY(table->isEnabled());
        QCOMPARE(table->item(a100, zero3)->text(), QStringLiteral("3"));
        QCOMPARE(pane->rows()[static_cast<std::size_t>(a100)].strategies[3].gpus, Count(3));

        // The switch is part of what the table is for: toggled, it is out of date until fitted.
        pane->checkpointingBox()->setChecked(!pane->checkpointingBox()->isChecked());
        pane->deferredRefresh()->flush();
        QVERIFY(!pane->tableIsCurrent());
        pane->waitForTable();
        QVERIFY(pane->tableIsCurrent());
    }

private:
    QTemporaryDir m_dir;
    Catalogue m_catalogue;
    std::unique_ptr<Settings> m_settings;
};

QTEST_MAIN(TestGpuFit)
#include "tst_ui_gpufit.moc"
