// A check script's measurement in the window (File › Load Measured Peaks…, --measured): the step
// timeline draws the measured moments over the estimate, the math sheet lists each measured
// figure beside the estimate's, and a bad file changes neither the scenario nor the measurement
// already shown. The measurement is tests/fixtures/checkscript/tiny-cpu.json, a real CPU run of
// the check script; its figures are the input here, read straight from the file.

#include <QFile>
#include <QAction>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <qcustomplot.h>

#include "byteformat.h"
#include "charts/timelinepane.h"
#include "chartsarea.h"
#include "mainwindow.h"
#include "windowtest.h"
#include "messagebox.h"
#include "panes/mathpane.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

QString fixturePath()
{
    return qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/checkscript/tiny-cpu.json");
}

QJsonObject fixture()
{
    QFile f(fixturePath());
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

QCPGraph *graphNamed(QCustomPlot *plot, const QString &name)
{
    for (int i = 0; i < plot->graphCount(); ++i)
        if (plot->graph(i)->name() == name)
            return plot->graph(i);
    return nullptr;
}

} // namespace

class TestMeasured : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(setUpCatalogue());
        QVERIFY(!fixture().isEmpty());
    }

    void init()
    {
        QVERIFY(openWindow(false, QSize(1600, 1000)));
    }

    void cleanup()
    {
        closeWindow();
    }

    //! The measured scenario opened, its measurement loaded: markers at the measured moments.
    void timelineShowsTheMeasuredPoints()
    {
        // The scenario that ran, as a scenario file.
        const QString scenario = m_dir->filePath(QStringLiteral("ran.json"));
        {
            QFile f(scenario);
            QVERIFY(f.open(QIODevice::WriteOnly));
            // As it ran: on the CPU, without a CUDA context or caching allocator (measuredfile.cpp).
            QJsonObject ran = fixture().value(QStringLiteral("scenario")).toObject();
            ran.insert(QStringLiteral("runtime"), QJsonObject{ { QStringLiteral("overhead"), 0 } });
            f.write(QJsonDocument(ran).toJson());
        }
        QVERIFY(m_window->openFile(scenario));
        QVERIFY(m_window->loadMeasured(fixturePath()));
        ScenarioDocument *doc = m_window->document();
        QVERIFY(doc->hasMeasured());
        QVERIFY(doc->measuredIsCurrent());

        m_window->charts()->showPane(3);
        m_window->flushRefreshes();
        TimelinePane *timeline = m_window->charts()->timeline();
        const TimelineData &data = timeline->data();
        // On a CPU the script measures the four boundaries of the step (no allocator peaks).
        const QJsonObject phases = fixture().value(QStringLiteral("measured")).toObject().value(QStringLiteral("phases")).toObject();
        QList<double> expected;
        for (const char *key : { "step_start", "forward_end", "backward_end", "step_end" })
            expected << phases.value(QLatin1String(key)).toDouble();
        QCOMPARE(data.measured.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i)
            QCOMPARE(data.measured.at(i).bytes, expected.at(i));
        // Each at its event's sample: the first at the step's start, the last at its end.
        QCOMPARE(data.measured.constFirst().index, 0);
        QCOMPARE(data.measured.constLast().index, int(data.points.size()) - 1);
        QCOMPARE(data.points.at(data.measured.at(1).index).label, QStringLiteral("Forward ends"));

        QCPGraph *graph = graphNamed(timeline->plot(), TimelinePane::measuredName());
        QVERIFY(graph);
        QCOMPARE(graph->dataCount(), int(expected.size()));
        QVERIFY(!data.measuredNote.isEmpty());

        // The math sheet: the section, and the measured parameter bytes as the sheet formats bytes.
        m_window->mathPane()->rebuild();
        const QString text = m_window->mathPane()->plainText();
        QVERIFY(text.contains(QStringLiteral("Measured by the check script")));
        const qint64 params = fixture().value(QStringLiteral("measured")).toObject().value(QStringLiteral("parameters")).toInteger();
        QVERIFY2(text.contains(formatBytesBoth(bytes(params), DisplayUnit::Binary)), qPrintable(text.right(1500)));
        QVERIFY(text.contains(QStringLiteral("Saved activations")));
    }

    //! A bad file: a message naming it, and neither the scenario nor the measurement changes.
    void badFileChangesNothing()
    {
        MessageBox::setNextAnswer(QMessageBox::No); // keep the open scenario (offeredTheMeasuredScenario)
        QVERIFY(m_window->loadMeasured(fixturePath()));
        ScenarioDocument *doc = m_window->document();
        const ScenarioSpec before = doc->spec();
        const int steps = doc->undoStack()->count();
        const QString bad = m_dir->filePath(QStringLiteral("bad.json"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QByteArray text = QJsonDocument(fixture()).toJson();
            text.replace("\"gradients\":", "\"gradients\": \"lots\", \"x\":");
            f.write(text);
        }
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(!m_window->loadMeasured(bad));
        QVERIFY(MessageBox::lastText().contains(bad));
        QVERIFY(MessageBox::lastText().contains(QStringLiteral("measured.gradients")));
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), before));
        QCOMPARE(doc->undoStack()->count(), steps);
        QVERIFY(doc->hasMeasured());
        QCOMPARE(doc->measured().path, fixturePath());
    }

    //! A measurement of another scenario than the open one: the window offers the measured one,
    //! which opens as one undo step; declined, File › Open the Measured Scenario offers it again.
    void offeredTheMeasuredScenario()
    {
        ScenarioDocument *doc = m_window->document();
        const ScenarioSpec before = doc->spec();
        const int steps = doc->undoStack()->count();
        QAction *action = m_window->findChild<QAction *>(QStringLiteral("openMeasuredScenario"));
        QVERIFY(action);
        QVERIFY(!action->isEnabled()); // nothing loaded
        MessageBox::setNextAnswer(QMessageBox::No);
        QVERIFY(m_window->loadMeasured(fixturePath()));
        QVERIFY2(MessageBox::lastText().contains(QStringLiteral("Open the measured scenario?")), qPrintable(MessageBox::lastText()));
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), before));
        QVERIFY(!doc->measuredIsCurrent());
        QVERIFY(action->isEnabled());
        action->trigger();
        QVERIFY(doc->measuredIsCurrent());
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QVERIFY(!action->isEnabled());
        doc->undoStack()->undo();
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), before));
        // Accepted at once when loading.
        MessageBox::setNextAnswer(QMessageBox::Yes);
        QVERIFY(m_window->loadMeasured(fixturePath()));
        QVERIFY(doc->measuredIsCurrent());
        // Loaded over the scenario that ran: nothing to offer.
        MessageBox::setNextAnswer(QMessageBox::No);
        const QString asked = MessageBox::lastText();
        QVERIFY(m_window->loadMeasured(fixturePath()));
        QCOMPARE(MessageBox::lastText(), asked);
        MessageBox::setNextAnswer(QMessageBox::NoButton); // the unused answer does not reach another test
    }

    //! --measured with a bad file: exit 2 with the file named, before any window is shown.
    void guiArgument()
    {
        const QString gui = qEnvironmentVariable("HEADROOM_GUI");
        if (gui.isEmpty())
            QSKIP("HEADROOM_GUI is not set");
        const QString bad = m_dir->filePath(QStringLiteral("truncated.json"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(fixture()).toJson().left(300));
        }
        QProcess p;
        p.start(gui, { QStringLiteral("--measured"), bad, QStringLiteral("--screenshot"), m_dir->filePath(QStringLiteral("x.png")) });
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains(bad.toUtf8()));
        QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("x.png"))));
    }

};

QTEST_MAIN(TestMeasured)
#include "tst_ui_measured.moc"
