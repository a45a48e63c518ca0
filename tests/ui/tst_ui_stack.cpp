// The training-stack controls: the framework picker applies its defaults as one undo step, each
// feature switch reaches the scenario and the charts, a combination the stack cannot run is
// named beside its field, and Show the Math lists the stack's choices with their sources. The
// figures themselves are checked against the core (the core's own tests derive them by hand).

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <headroom/memory/estimate.h>

#include <headroom/memory/reservedmemory.h>

#include "charts/stackedbarpane.h"
#include "chartsarea.h"
#include "mainwindow.h"
#include "windowtest.h"
#include "panes/inputpane.h"
#include "panes/mathpane.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

void choose(QComboBox *box, int data)
{
    const int index = box->findData(data);
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
    emit box->activated(index);
}

} // namespace

class TestStackControls : public QObject, private test::WindowTest
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

    void pickerAppliesTheStacksDefaults()
    {
        InputPane *inputs = m_window->inputPane();
        ScenarioDocument *doc = m_window->document();
        QCOMPARE(inputs->stackBox()->currentData().toInt(), static_cast<int>(TrainingStack::HfTrainer));
        QVERIFY(m_window->mathPane()->plainText().contains(QLatin1String("Training stack: Hugging Face Trainer / PEFT")));
        const int steps = doc->undoStack()->count();
        choose(inputs->stackBox(), static_cast<int>(TrainingStack::Torchtune));
        // torchtune's recipes: pure BF16 with BF16 optimizer states, chunked cross-entropy.
        QCOMPARE(doc->scenario().stack.stack, TrainingStack::Torchtune);
        QCOMPARE(doc->scenario().training.precision.recipe, Recipe::Bf16Pure);
        QCOMPARE(doc->scenario().training.precision.stateDtype, StateDtype::WeightDtype);
        QCOMPARE(inputs->lossBox()->currentData().toInt(), static_cast<int>(LossKind::Chunked));
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QVERIFY(m_window->mathPane()->plainText().contains(QLatin1String("CEWithChunkedOutputLoss")));
        doc->undoStack()->undo();
        QCOMPARE(doc->scenario().stack.stack, TrainingStack::HfTrainer);
        QCOMPARE(inputs->lossBox()->currentData().toInt(), static_cast<int>(LossKind::Plain));
    }

    void switchesReachTheCharts()
    {
        InputPane *inputs = m_window->inputPane();
        ScenarioDocument *doc = m_window->document();
        Scenario expected = doc->scenario();
        inputs->compileBox()->click();
        QVERIFY(doc->scenario().stack.compile);
        expected.stack.compile = true;
        const Breakdown b = estimate(expected);
        QCOMPARE(flushed()->charts()->stackedBar()->data().peakBytes, double(countOf(comparedPeak(expected, b))));
        // Compiling removes saved tensors: the activations go down.
        Scenario plain = expected;
        plain.stack.compile = false;
        QVERIFY(b.activations < estimate(plain).activations);
        // A chunked loss under the textbook formula is refused beside the loss, and the
        // estimate stays the last valid one.
        doc->edit(ScenarioDocument::EditKind::ActivationModel, QStringLiteral("textbook"),
                  [](ScenarioSpec &s) { s.scenario.activations.model = ActivationModelKind::Textbook; s.scenario.stack.compile = false; });
        choose(inputs->lossBox(), static_cast<int>(LossKind::Chunked));
        QVERIFY2(inputs->errorText(Field::Loss).contains(QLatin1String("textbook formula has no loss")),
                 qPrintable(inputs->errorText(Field::Loss)));
        QCOMPARE(doc->scenario().stack.loss, LossKind::Plain);
    }

};

QTEST_MAIN(TestStackControls)
#include "tst_ui_stack.moc"
