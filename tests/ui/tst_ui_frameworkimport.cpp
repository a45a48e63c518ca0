// Training-framework configs into the window (File › Import Training Config…, a dropped file,
// ScenarioDocument::importTrainingConfig()): a DeepSpeed, Accelerate or torchtune file changes the
// plan as one undo step and the keys it left out are shown; a bad file, or one that would make
// the plan invalid, changes nothing and says why. Expected values are read off the fixtures.

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "mainwindow.h"
#include "windowtest.h"
#include "messagebox.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

QString fixture(const char *name)
{
    return qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/frameworks/") + QLatin1String(name);
}

} // namespace

class TestFrameworkImport : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(setUpCatalogue());
    }

    void init()
    {
        QVERIFY(openWindow(false));
    }

    void cleanup()
    {
        closeWindow();
    }

    void theMenuHasIt()
    {
        bool found = false;
        for (QAction *menu : m_window->menuBar()->actions())
            if (menu->menu())
                for (QAction *a : menu->menu()->actions())
                    found = found || a->text() == QStringLiteral("Import &Training Config…");
        QVERIFY(found);
    }

    void deepSpeedZero3IsOneUndoStep()
    {
        ScenarioDocument *doc = m_window->document();
        QCOMPARE(doc->scenario().parallel.zero, ZeroStage::Stage0);
        const int steps = doc->undoStack()->count();
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(m_window->importTrainingConfig(fixture("ds_config_zero3.json")));
        QCOMPARE(doc->scenario().parallel.zero, ZeroStage::Stage3);
        QCOMPARE(doc->scenario().parallel.offload, Offload::OptimizerAndParams);
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        // What was set and what was left out, shown.
        const QString shown = MessageBox::lastText();
        QVERIFY2(shown.contains(QLatin1String("zero_optimization.stage: --zero 3")), qPrintable(shown));
        QVERIFY2(shown.contains(QLatin1String("zero_optimization.sub_group_size: not modelled")), qPrintable(shown));
        QVERIFY2(shown.contains(QLatin1String("steps_per_print")), qPrintable(shown));
        doc->undoStack()->undo();
        QCOMPARE(doc->scenario().parallel.zero, ZeroStage::Stage0);
        QCOMPARE(doc->scenario().parallel.offload, Offload::None);
    }

    void droppedYamlIsFoundByItsContent()
    {
        ScenarioDocument *doc = m_window->document();
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(test::dropFile(m_window.get(), fixture("llama3_1_8B_lora_single_device.yaml")));
        QCOMPARE(doc->spec().presetId, QStringLiteral("llama-3.1-8b"));
        QCOMPARE(doc->scenario().lora.mode, AdapterMode::Lora);
        QCOMPARE(doc->scenario().lora.rank, Count(8));
        QCOMPARE(doc->scenario().stack.stack, TrainingStack::Torchtune);
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(test::dropFile(m_window.get(), fixture("accelerate_fsdp.yaml")));
        QCOMPARE(doc->scenario().stack.stack, TrainingStack::Fsdp);
        QCOMPARE(doc->scenario().parallel.gpus, Count(8));
        QCOMPARE(doc->scenario().training.recompute, Recompute::Full);
        // A dropped DeepSpeed JSON is told from a model config by its keys.
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(test::dropFile(m_window.get(), fixture("ds_config_zero2.json")));
        QCOMPARE(doc->scenario().parallel.zero, ZeroStage::Stage2);
    }

    void badConfigsChangeNothing_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << QStringLiteral("recipe.yaml") << QByteArray("model:\n  _component_: [torchtune.models")
                                   << QStringLiteral("not valid YAML");
        QTest::newRow("bad stage") << QStringLiteral("ds.json") << QByteArray(R"({"zero_optimization": {"stage": 9}})")
                                   << QStringLiteral("zero_optimization.stage: is 9, out of range");
        QTest::newRow("neither kind") << QStringLiteral("notes.yaml") << QByteArray("title: my notes\n") << QStringLiteral("none of the configs Headroom reads");
        // Valid alone, invalid together: torchtune's optimizer in backward cannot accumulate.
        QTest::newRow("invalid plan") << QStringLiteral("in-backward.yaml")
                                      << QByteArray("model:\n  _component_: torchtune.models.llama2.llama2_7b\noptimizer_in_bwd: True\n"
                                                    "gradient_accumulation_steps: 8\n")
                                      << QStringLiteral("would make the scenario invalid");
    }
    void badConfigsChangeNothing()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString path = m_dir->filePath(name);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        ScenarioDocument *doc = m_window->document();
        const ScenarioSpec before = doc->spec();
        const int steps = doc->undoStack()->count();
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(!m_window->importTrainingConfig(path));
        QVERIFY2(MessageBox::lastText().contains(expected), qPrintable(MessageBox::lastText()));
        QVERIFY(MessageBox::lastText().contains(path));
        QVERIFY(MessageBox::lastText().contains(QLatin1String("unchanged")));
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), before));
        QCOMPARE(doc->undoStack()->count(), steps);
    }

};

QTEST_MAIN(TestFrameworkImport)
#include "tst_ui_frameworkimport.moc"
