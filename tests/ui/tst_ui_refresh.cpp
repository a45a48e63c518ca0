// Never lag: a burst of changes rebuilds each visible chart once, a chart behind a tab not at
// all until it is raised, and the math sheet changes its numbers in place, reading exactly as
// the same sheet set whole would.

#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QUndoStack>

#include <headroom/memory/reservedmemory.h>

#include "charts/stackedbarpane.h"
#include "charts/timelinepane.h"
#include "chartsarea.h"
#include "mainwindow.h"
#include "mathsheet.h"
#include "panes/doctorpane.h"
#include "widgets/sheetview.h"
#include "panes/mathpane.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;
using EditKind = ScenarioDocument::EditKind;

class TestRefresh : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None);
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("headroom.ini")));
    }

    void aBurstRebuildsEachVisibleChartOnce()
    {
        MainWindow window(m_catalogue, *m_settings);
        window.setRemembersSession(false);
        window.resize(1600, 1000);
        window.show();
        window.charts()->showPane(2); // the recipe comparison in front, the timeline behind it
        QCoreApplication::processEvents();
        window.flushRefreshes();
        const int before = window.charts()->refreshCount();
        ScenarioDocument *doc = window.document();
        for (Count b : { 2, 3, 4, 5, 6 })
            doc->edit(EditKind::Batch, QStringLiteral("B"), [b](ScenarioSpec &s) { s.scenario.training.microBatch = b; });
        // Nothing is rebuilt while the changes come in.
        QCOMPARE(window.charts()->refreshCount(), before);
        QCoreApplication::processEvents();
        // Bar, sweep and recipes once each; the hidden timeline not at all.
        QCOMPARE(window.charts()->refreshCount(), before + 3);
        QCOMPARE(window.charts()->stackedBar()->data().peakBytes, double(comparedPeak(doc->scenario(), doc->breakdown()).value()));
        // Raised, the timeline catches up on the scenario as it is now.
        window.charts()->showPane(3);
        QCOMPARE(window.charts()->refreshCount(), before + 4);
        QCOMPARE(window.charts()->timeline()->data().peakBytes, double(doc->breakdown().peak.value()));
    }

    void theMathSheetChangesInPlace()
    {
        MainWindow window(m_catalogue, *m_settings);
        window.setRemembersSession(false);
        window.resize(1920, 1080);
        window.show();
        window.panel(QStringLiteral("math"));
        QCoreApplication::processEvents();
        window.flushRefreshes();
        MathPane *math = window.mathPane();
        QVERIFY(math->isVisible());
        // The whole sheet, the full derivation unfolded below the teaching path.
        math->setFullShown(true);
        ScenarioDocument *doc = window.document();
        // Reads as the sheet set whole: the reference is a fresh view of the same sheet, at the
        // same width, and it is as tall.
        auto readsAsSetWhole = [&] {
            const MathSheet sheet = buildMathSheet(doc->spec(), doc->breakdown(), doc->derivation(), doc->catalogue(),
                                                   window.displayUnit());
            SheetView reference;
            reference.resize(math->view()->size());
            reference.show();
            reference.setBlocks(mathSheetBlocks(sheet, math->fullShown()));
            QCoreApplication::processEvents(); // the scroll bar that the content asked for is laid out
            return math->view()->text() == reference.text()
                    && math->view()->contentHeight() == reference.contentHeight();
        };
        QVERIFY(readsAsSetWhole());
        // A change of S shapes again at least every text that is new, and none of the headings
        // and notes, which read as before.
        auto sheetNow = [&] {
            return mathSheetBlocks(buildMathSheet(doc->spec(), doc->breakdown(), doc->derivation(), doc->catalogue(),
                                                  window.displayUnit()));
        };
        auto textsOf = [](const QList<SheetBlock> &blocks) {
            QStringList all;
            for (const SheetBlock &b : blocks) {
                if (b.kind != SheetBlock::Kind::Table)
                    all << b.text.text;
                for (const QList<SheetText> &row : b.rows)
                    for (const SheetText &cell : row)
                        all << cell.text;
            }
            return all;
        };
        // From S = 2,048 to 4,096 the overflow's line goes (the sheet loses an element); back at
        // 1,024 it returns: lines come and go in place.
        for (Count s : { 4096, 1024, 8192, 2048 }) {
            const QStringList was = textsOf(sheetNow());
            const qint64 before = math->view()->shapedCount();
            doc->edit(EditKind::Sequence, QStringLiteral("S"), [s](ScenarioSpec &spec) { spec.scenario.training.sequence = s; });
            window.flushRefreshes();
            QVERIFY(readsAsSetWhole());
            QVERIFY(math->view()->text().contains(QStringLiteral("S = %L1").arg(qlonglong(s))));
            const QList<SheetBlock> now = sheetNow();
            qint64 fresh = 0, steady = 0;
            for (const QString &t : textsOf(now))
                fresh += was.contains(t) ? 0 : 1;
            for (const SheetBlock &b : now)
                steady += (b.kind == SheetBlock::Kind::Heading || b.kind == SheetBlock::Kind::Note) ? 1 : 0;
            const qint64 shaped = math->view()->shapedCount() - before;
            const qint64 total = textsOf(now).size();
            QVERIFY2(shaped >= fresh && shaped <= total - steady,
                     qPrintable(QStringLiteral("%1 shaped, %2 new, %3 texts, %4 headings and notes").arg(shaped).arg(fresh).arg(total).arg(steady)));
        }
        // A screen reader reads the sheet from the view's description.
        doc->edit(EditKind::Sequence, QStringLiteral("S"), [](ScenarioSpec &spec) { spec.scenario.training.sequence = 3072; });
        window.flushRefreshes();
        QCOMPARE(math->view()->accessibleDescription(), math->view()->text());
        QVERIFY(math->view()->accessibleDescription().contains(QStringLiteral("S = 3,072")));
        // Other edits, in place or set whole, read the same.
        doc->edit(EditKind::Recompute, QStringLiteral("checkpointing"),
                  [](ScenarioSpec &spec) { spec.scenario.training.recompute = Recompute::Full; });
        window.flushRefreshes();
        QVERIFY(readsAsSetWhole());
        doc->edit(EditKind::ActivationModel, QStringLiteral("textbook"),
                  [](ScenarioSpec &spec) { spec.scenario.activations.model = ActivationModelKind::Textbook; });
        window.flushRefreshes();
        QVERIFY(readsAsSetWhole());
    }

    void aDockBehindAnotherTabWaitsUntilRaised()
    {
        MainWindow window(m_catalogue, *m_settings);
        window.setRemembersSession(false);
        window.resize(1920, 1080);
        window.show();
        window.panel(QStringLiteral("math")); // the doctor's tab is behind the math's
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        DoctorPane *doctor = window.doctorPane();
        // Qt keeps a dock behind another's tab "visible", moved out of the window.
        QVERIFY(doctor->isVisible());
        QVERIFY(!QRect(QPoint(0, 0), window.size()).intersects(QRect(doctor->mapTo(&window, QPoint(0, 0)), doctor->size())));
        const QString before = doctor->scenarioText();
        window.document()->edit(EditKind::Sequence, QStringLiteral("S"),
                                [](ScenarioSpec &spec) { spec.scenario.training.sequence = 32768; });
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        QCOMPARE(doctor->scenarioText(), before);
        // Raised, it catches up.
        window.panel(QStringLiteral("doctor"));
        QTRY_VERIFY(doctor->scenarioText() != before);
    }

    void undoStaysBoundedThroughALongSession()
    {
        MainWindow window(m_catalogue, *m_settings);
        window.setRemembersSession(false);
        ScenarioDocument *doc = window.document();
        // Edits of different kinds never merge: each is a step, and the stack keeps the latest.
        for (int i = 0; i < 2 * ScenarioDocument::kUndoLimit; ++i) {
            const EditKind kind = i % 2 ? EditKind::Batch : EditKind::Sequence;
            doc->edit(kind, QStringLiteral("edit"), [i](ScenarioSpec &s) {
                if (i % 2)
                    s.scenario.training.microBatch = 1 + i % 7;
                else
                    s.scenario.training.sequence = 512 + 64 * (i % 9);
            });
        }
        QCOMPARE(doc->undoStack()->count(), ScenarioDocument::kUndoLimit);
    }

private:
    Catalogue m_catalogue;
    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
};

QTEST_MAIN(TestRefresh)
#include "tst_ui_refresh.moc"
