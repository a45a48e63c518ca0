// Scenarios compared in the window: pin the plan, change it, and the Compare page shows both
// side by side with the differences worked by hand (the article's LLaMA-2 7B under the paper
// stack: every bucket resident, so doubling B doubles the 35,970,351,104 bytes of activations);
// up to four at once, pinning undoable, pinned scenarios saved in the file and the session.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <headroom/memory/stack.h>

#include "charts/recipecomparisonpane.h"
#include "chartsarea.h"
#include "deferredrefresh.h"
#include "mainwindow.h"
#include "windowtest.h"
#include "messagebox.h"
#include "panes/comparecelldelegate.h"
#include "panes/comparepane.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

constexpr Count kParams = 6'738'415'616;
constexpr Count kActivations = 32 * Count(1'124'073'472); // 2 (19 BSH + 3 BAS^2) x 32 layers
constexpr Count kPeak = 16 * kParams + kActivations; // the paper stack: no runtime share, as the article counts it

constexpr int kActivationsRow = static_cast<int>(ComparedRow::Activations);
constexpr int kPeakRow = static_cast<int>(ComparedRow::Peak);

void setBatch(ScenarioDocument *document, Count b)
{
    document->edit(ScenarioDocument::EditKind::Batch, QStringLiteral("B"),
                   [b](ScenarioSpec &spec) { spec.scenario.training.microBatch = b; });
}

} // namespace

class TestCompare : public QObject, private test::WindowTest
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
        ScenarioSpec spec = ScenarioDocument::defaultSpec(m_catalogue);
        applyStackDefaults(spec.scenario, TrainingStack::Paper);
        QVERIFY(m_window->document()->reset(spec));
        flushed()->charts()->showCompare();
    }

    void cleanup()
    {
        closeWindow();
    }

    void pinChangeAndSeeTheDifference()
    {
        ScenarioDocument *doc = m_window->document();
        ComparePane *pane = flushed()->charts()->compare();
        QVERIFY(doc->pin());
        QCOMPARE(doc->pinned().size(), 1);
        QCOMPARE(doc->pinned().at(0).name, QStringLiteral("Pinned 1"));
        setBatch(doc, 2);

        const Comparison &c = pane->comparison();
        QCOMPARE(c.count, 2);
        QCOMPARE(c.cell(0, ComparedRow::Activations).bytes, kActivations);
        QCOMPARE(c.cell(1, ComparedRow::Activations).difference, kActivations);
        QCOMPARE(c.cell(1, ComparedRow::Peak).bytes, kPeak + kActivations);

        // The table: one column per scenario, the pinned one first; the current one's cell
        // says 67.0 GiB (2 x 35,970,351,104 bytes) and, under it, +33.5 GiB (+100 %).
        QTableWidget *table = pane->table();
        QCOMPARE(table->columnCount(), 2);
        QCOMPARE(table->horizontalHeaderItem(0)->text(), QStringLiteral("Pinned 1"));
        QCOMPARE(table->horizontalHeaderItem(1)->text(), QStringLiteral("Current"));
        QCOMPARE(table->item(kActivationsRow, 0)->text(), QStringLiteral("33.5 GiB"));
        QCOMPARE(table->item(kActivationsRow, 1)->text(), QStringLiteral("67.0 GiB"));
        QCOMPARE(table->item(kActivationsRow, 1)->data(CompareCellDelegate::kDifferenceRole).toString(),
                 QStringLiteral("+33.5 GiB (+100 %)"));
        QCOMPARE(table->item(kActivationsRow, 1)->data(CompareCellDelegate::kGoodnessRole).toInt(), -1);
        // The peak 145,907,318,784 -> 181,877,669,888 bytes: +24.7 %.
        QCOMPARE(table->item(kPeakRow, 1)->data(CompareCellDelegate::kDifferenceRole).toString(),
                 QStringLiteral("+33.5 GiB (+25 %)"));
        QVERIFY(table->item(kPeakRow, 1)->toolTip().contains(QStringLiteral("35,970,351,104 bytes from Pinned 1")));

        // The bars: one per scenario, each as tall as its peak.
        const RecipeComparisonData &bars = pane->bars()->data();
        QCOMPARE(bars.bars.size(), 2);
        QCOMPARE(bars.bars.at(0).peakBytes, double(kPeak));
        QCOMPARE(bars.bars.at(1).peakBytes, double(kPeak + kActivations));
        QVERIFY(bars.bars.at(1).isCurrent);

        // Differences in GB when the window shows GB.
        m_window->setDisplayUnit(DisplayUnit::Decimal);
        pane->deferredRefresh()->flush();
        QCOMPARE(pane->table()->item(kActivationsRow, 1)->data(CompareCellDelegate::kDifferenceRole).toString(),
                 QStringLiteral("+36.0 GB (+100 %)"));
    }

    void longNamesAreElidedSoFourColumnsFitALaptopPane()
    {
        // Names as people write them (60 characters and more): in full, four would make the table
        // some 2,000 px wide. Each heading is cut to its column's figures, the whole name in its
        // tooltip, and the table fits the pane of a 1366x768 window.
        ScenarioDocument *doc = m_window->document();
        ComparePane *pane = flushed()->charts()->compare();
        const QString longName = QStringLiteral("LLaMA-2 7B, the team's plan for the second week of training, B = %1");
        for (Count b = 2; b <= 4; ++b) {
            QVERIFY(doc->pin());
            QVERIFY(doc->renamePinned(static_cast<int>(b) - 2, longName.arg(static_cast<int>(b) - 1)));
            setBatch(doc, b);
        }
        m_window->resize(1366, 768);
        QTRY_COMPARE(m_window->size(), QSize(1366, 768));
        pane->deferredRefresh()->flush();
        QTableWidget *table = pane->table();
        QCOMPARE(table->columnCount(), 4);
        const QFontMetrics metrics = table->horizontalHeader()->fontMetrics();
        for (int i = 0; i < 3; ++i) {
            const QTableWidgetItem *header = table->horizontalHeaderItem(i);
            QVERIFY2(header->text().endsWith(QChar(0x2026)), qPrintable(header->text()));
            QVERIFY(header->toolTip().startsWith(longName.arg(i + 1)));
            QVERIFY(metrics.horizontalAdvance(header->text()) < metrics.horizontalAdvance(longName) / 2);
        }
        QCOMPARE(table->horizontalHeaderItem(3)->text(), QStringLiteral("Current"));
        QVERIFY(table->width() <= pane->width());
    }

    void aScenarioWithoutAGpuHasNoHeadroom()
    {
        // The paper stack's default chooses an A100; without a GPU, capacity and headroom say so
        // rather than "0 bytes" and minus the peak.
        ScenarioDocument *doc = m_window->document();
        ComparePane *pane = flushed()->charts()->compare();
        QVERIFY(doc->pin());
        ScenarioSpec spec = doc->spec();
        spec.scenario.gpu.capacity = bytes(0);
        spec.gpuId.clear();
        QVERIFY(doc->reset(spec, QString(), doc->pinned()));
        pane->deferredRefresh()->flush();
        QTableWidget *table = pane->table();
        const int capacityRow = static_cast<int>(ComparedRow::Capacity);
        const int headroomRow = static_cast<int>(ComparedRow::Headroom);
        QCOMPARE(table->item(capacityRow, 1)->text(), QStringLiteral("no GPU"));
        QCOMPARE(table->item(headroomRow, 1)->text(), QStringLiteral("no GPU"));
        QVERIFY(table->item(headroomRow, 1)->data(CompareCellDelegate::kDifferenceRole).toString().isEmpty());
        // The pinned one keeps its A100 and its (negative) headroom, without a difference to show.
        QVERIFY(table->item(headroomRow, 0)->text().startsWith(QChar(0x2212)));
    }

    void fourAtMostAndPinningIsUndone()
    {
        ScenarioDocument *doc = m_window->document();
        ComparePane *pane = flushed()->charts()->compare();
        for (Count b = 2; b <= 4; ++b) {
            QVERIFY(doc->pin());
            setBatch(doc, b);
        }
        QCOMPARE(pane->comparison().count, 4);
        QCOMPARE(pane->table()->columnCount(), 4);
        QVERIFY(!doc->canPin());
        QVERIFY(!doc->pin());
        QVERIFY(!pane->pinButton()->isEnabled());
        // Each column adds B x 35,970,351,104 bytes over the first (B = 1).
        for (int i = 1; i < 4; ++i)
            QCOMPARE(pane->comparison().cell(i, ComparedRow::Activations).difference, Count(i) * kActivations);

        // Unpin the middle one; undo brings it back in its place, with its name.
        QVERIFY(doc->unpin(1));
        QCOMPARE(doc->pinned().size(), 2);
        QCOMPARE(doc->pinned().at(1).name, QStringLiteral("Pinned 3"));
        doc->undoStack()->undo();
        QCOMPARE(doc->pinned().at(1).name, QStringLiteral("Pinned 2"));
        // The next free name after a removal: "Pinned 2" again.
        QVERIFY(doc->unpin(1));
        QVERIFY(doc->pin());
        QCOMPARE(doc->pinned().at(2).name, QStringLiteral("Pinned 2"));

        // Go back to the first: the scenario becomes B = 1 again, one undo step.
        QVERIFY(doc->restorePinned(0));
        QCOMPARE(doc->scenario().training.microBatch, Count(1));
        doc->undoStack()->undo();
        QCOMPARE(doc->scenario().training.microBatch, Count(4));

        // Names: trimmed, never empty or over 80 characters.
        QVERIFY(doc->renamePinned(0, QStringLiteral("  B = 1  ")));
        QCOMPARE(doc->pinned().at(0).name, QStringLiteral("B = 1"));
        QVERIFY(!doc->renamePinned(0, QStringLiteral("   ")));
        QVERIFY(!doc->renamePinned(0, QString(81, QLatin1Char('x'))));
        pane->deferredRefresh()->flush();
        QCOMPARE(pane->table()->horizontalHeaderItem(0)->text(), QStringLiteral("B = 1"));
    }

    void pinnedScenariosAreSavedWithTheFile()
    {
        ScenarioDocument *doc = m_window->document();
        QVERIFY(doc->pin(QStringLiteral("Before")));
        setBatch(doc, 3);
        QVERIFY(doc->isModified());
        const QString path = m_dir->filePath(QStringLiteral("plan.json"));
        QVERIFY(m_window->saveFile(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(root.value(QStringLiteral("compare")).toArray().size(), 1);
        QCOMPARE(root.value(QStringLiteral("compare")).toArray().at(0).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("Before"));

        MainWindow other(m_catalogue, *m_settings);
        QVERIFY(other.openFile(path));
        QCOMPARE(other.document()->pinned().size(), 1);
        QCOMPARE(other.document()->pinned().at(0).name, QStringLiteral("Before"));
        QCOMPARE(other.document()->pinned().at(0).spec.scenario.training.microBatch, Count(1));
        QCOMPARE(other.document()->scenario().training.microBatch, Count(3));
        QVERIFY(!other.document()->isModified());
        QCOMPARE(other.charts()->compare()->comparison().cell(1, ComparedRow::Activations).difference, 2 * kActivations);
    }

    void aFileWithABadPinnedScenarioChangesNothing()
    {
        ScenarioDocument *doc = m_window->document();
        QVERIFY(doc->pin(QStringLiteral("Kept")));
        const QString path = m_dir->filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"schema": 1, "model": {"preset": "llama-2-7b"}, "compare": [{"name": "x", "scenario": {"schema": 1, "model": {"preset": "llama-2-7b", "heads": 7}}}]})");
        file.close();
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(!m_window->openFile(path));
        QVERIFY2(MessageBox::lastText().contains(QStringLiteral("pinned scenario \"x\" is invalid")),
                 qPrintable(MessageBox::lastText()));
        QCOMPARE(doc->pinned().size(), 1);
        QCOMPARE(doc->pinned().at(0).name, QStringLiteral("Kept"));
    }

    void theSessionRemembersPinnedScenarios()
    {
        QVERIFY(m_window->document()->pin(QStringLiteral("Lunch")));
        m_window->close();
        MainWindow second(m_catalogue, *m_settings);
        second.restoreSession();
        QCOMPARE(second.document()->pinned().size(), 1);
        QCOMPARE(second.document()->pinned().at(0).name, QStringLiteral("Lunch"));
    }

};

QTEST_MAIN(TestCompare)
#include "tst_ui_compare.moc"
