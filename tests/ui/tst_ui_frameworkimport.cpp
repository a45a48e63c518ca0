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

    // The front ends' files dropped on the window: found by their keys (base_model; model_name_or_path
    // with stage), their Hub id resolved to the preset. A model without a preset over a model
    // imported first from its config.json keeps that model and reads the rest.
    void droppedFrontEndsAreFoundByTheirKeys()
    {
        ScenarioDocument *doc = m_window->document();
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(test::dropFile(m_window.get(), fixture("axolotl/mistral_7b_qlora.yml")));
        QCOMPARE(doc->spec().presetId, QStringLiteral("mistral-7b"));
        QCOMPARE(doc->scenario().lora.mode, AdapterMode::Qlora);
        QCOMPARE(doc->scenario().lora.rank, Count(32));
        QCOMPARE(doc->scenario().training.sequence, Count(8192));
        QVERIFY2(MessageBox::lastText().contains(QLatin1String("base_model: --hub-model mistralai/Mistral-7B-v0.1")),
                 qPrintable(MessageBox::lastText()));
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(test::dropFile(m_window.get(), fixture("llamafactory/b_qwen3_8b_full_fa2_ascend.yaml")));
        QCOMPARE(doc->spec().presetId, QStringLiteral("qwen3-8b"));
        QCOMPARE(doc->scenario().training.recompute, Recompute::Full);
        QCOMPARE(doc->scenario().activations.attention, AttentionKernel::Flash);
        QCOMPARE(doc->scenario().lora.mode, AdapterMode::None);
    }

    void frontEndKeepsAnImportedModel()
    {
        ScenarioDocument *doc = m_window->document();
        // Qwen3-8B's architecture under another organisation's name: no preset's checkpoint.
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("run.yml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("base_model: someone/my-qwen3\nadapter: lora\nlora_r: 4\nlora_target_linear: true\nsequence_len: 1024\n");
        f.close();
        QString error;
        QVERIFY(!doc->importTrainingConfig(f.fileName(), &error));
        QVERIFY2(error.contains(QLatin1String("someone/my-qwen3")) && error.contains(QLatin1String("Import Hugging Face Config")), qPrintable(error));
        QCOMPARE(doc->spec().presetId, QStringLiteral("llama-2-7b"));
        const ModelPreset *qwen = m_catalogue.preset(QStringLiteral("qwen3-8b"));
        QVERIFY(qwen);
        QTemporaryDir model;
        QVERIFY(QFile::copy(qwen->configPath, model.filePath(QStringLiteral("config.json"))));
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(m_window->importModel(model.path()));
        QVERIFY(doc->spec().presetId.isEmpty());
        const Count layers = doc->scenario().model.layers;
        QVERIFY(doc->importTrainingConfig(f.fileName(), &error));
        QVERIFY(doc->spec().presetId.isEmpty());
        QCOMPARE(doc->scenario().model.layers, layers);
        QCOMPARE(doc->scenario().lora.rank, Count(4));
        QCOMPARE(doc->scenario().training.sequence, Count(1024));
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
