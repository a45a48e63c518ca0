// The itemized activation model's switches in the planner window: attention kernel, implementation
// profile and dropout. Each edits the document (one undo step), the charts follow the core's
// figures for the same scenario, and a dropout out of range is reported beside its field.
//
// Expected figures come from the core's estimate() on a scenario built here: the itemized model
// is checked against measured PyTorch fixtures in tests/core; what this test checks is that the
// window passes the user's choices through unchanged.

#include <QComboBox>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

#include <headroom/memory/estimate.h>
#include <headroom/memory/steptimeline.h>

#include "charts/stackedbarpane.h"
#include "charts/sweeppane.h"
#include "chartsarea.h"
#include "mainwindow.h"
#include "windowtest.h"
#include "panes/inputpane.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

double segment(const StackedBarData &d, Bucket b)
{
    for (const Segment &s : d.segments)
        if (s.bucket == b)
            return s.bytes;
    return -1;
}

void choose(QComboBox *box, int value)
{
    const int index = box->findData(value);
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
    emit box->activated(index);
}

void typeInto(QLineEdit *field, const QString &text)
{
    field->setFocus();
    field->selectAll();
    QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return);
}

// The bar shows what is live at the step's peak: the activations the core's timeline holds there.
double activationBytes(const Scenario &s)
{
    return static_cast<double>(countOf(stepTimeline(s).peakPoint().activations));
}

} // namespace

class TestAttentionControls : public QObject, private test::WindowTest
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
    }

    void cleanup()
    {
        closeWindow();
    }

    void flashAttentionMatchesTheCore()
    {
        InputPane *pane = m_window->inputPane();
        ScenarioDocument *doc = m_window->document();
        // Under the textbook formula the profile and dropout mean nothing.
        ScenarioSpec paper = ScenarioDocument::defaultSpec(m_catalogue);
        applyStackDefaults(paper.scenario, TrainingStack::Paper);
        QVERIFY(doc->reset(paper));
        QCOMPARE(doc->scenario().activations.model, ActivationModelKind::Textbook);
        QVERIFY(!pane->profileBox()->isEnabled());
        QVERIFY(!pane->dropoutField()->isEnabled());
        QVERIFY(!pane->attentionBox()->toolTip().isEmpty());
        QVERIFY(!pane->profileBox()->toolTip().isEmpty());
        QVERIFY(!pane->dropoutField()->toolTip().isEmpty());

        // S = 4096, then flash: the model switches to the itemized transformer, as --attention does.
        Scenario expected = doc->scenario();
        expected.training.sequence = 4096;
        doc->edit(ScenarioDocument::EditKind::Sequence, QStringLiteral("S"),
                  [](ScenarioSpec &s) { s.scenario.training.sequence = 4096; });
        const int before = doc->undoStack()->count();
        choose(pane->attentionBox(), static_cast<int>(AttentionKernel::Flash));
        QCOMPARE(doc->undoStack()->count(), before + 1);
        QCOMPARE(doc->scenario().activations.attention, AttentionKernel::Flash);
        QCOMPARE(doc->scenario().activations.model, ActivationModelKind::Transformer);
        QCOMPARE(pane->activationModelBox()->currentData().toInt(), static_cast<int>(ActivationModelKind::Transformer));
        QVERIFY(pane->profileBox()->isEnabled());
        QVERIFY(pane->dropoutField()->isEnabled());

        expected.activations.model = ActivationModelKind::Transformer;
        expected.activations.attention = AttentionKernel::Flash;
        const double flash = activationBytes(expected);
        QVERIFY(flash > 0);
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations), flash);

        // Eager stores the B×A×S×S scores: more than flash at S = 4096.
        choose(pane->attentionBox(), static_cast<int>(AttentionKernel::Eager));
        expected.activations.attention = AttentionKernel::Eager;
        const double eager = activationBytes(expected);
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations), eager);
        QVERIFY2(eager > flash, qPrintable(QStringLiteral("eager %1, flash %2").arg(eager).arg(flash)));
        // The sweep draws the other kernel's total beside the eager stack.
        QVERIFY(!flushed()->charts()->sweep()->data().alternativeTotal.isEmpty());

        // Quick successive picks of one control merge into one undo step, like the other pickers:
        // undo goes back to before the first, the textbook formula.
        doc->undoStack()->undo();
        QCOMPARE(doc->undoStack()->index(), before);
        QCOMPARE(doc->scenario().activations.model, ActivationModelKind::Textbook);
        QCOMPARE(pane->attentionBox()->currentData().toInt(), static_cast<int>(AttentionKernel::Eager));
    }

    void profileAndDropout()
    {
        InputPane *pane = m_window->inputPane();
        ScenarioDocument *doc = m_window->document();
        choose(pane->activationModelBox(), static_cast<int>(ActivationModelKind::Transformer));
        Scenario expected = doc->scenario();

        choose(pane->profileBox(), static_cast<int>(ImplementationProfile::MegatronFused));
        QCOMPARE(doc->scenario().activations.profile, ImplementationProfile::MegatronFused);
        expected.activations.profile = ImplementationProfile::MegatronFused;
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations), activationBytes(expected));

        typeInto(pane->dropoutField(), QStringLiteral("0.1"));
        QCOMPARE(doc->scenario().activations.dropout, 0.1);
        expected.activations.dropout = 0.1;
        QCOMPARE(segment(flushed()->charts()->stackedBar()->data(), Bucket::Activations), activationBytes(expected));
        QVERIFY(pane->errorText(Field::Dropout).isEmpty());

        // Out of range: reported beside the field; the last valid scenario stays estimated.
        typeInto(pane->dropoutField(), QStringLiteral("1.5"));
        QVERIFY2(pane->errorText(Field::Dropout).contains(QStringLiteral("Dropout")),
                 qPrintable(pane->errorText(Field::Dropout)));
        QCOMPARE(doc->scenario().activations.dropout, 0.1);
        QCOMPARE(pane->dropoutField()->text(), QStringLiteral("1.5"));

        // Not a number at all: its own message; the document never sees it.
        typeInto(pane->dropoutField(), QStringLiteral("abc"));
        QVERIFY2(pane->errorText(Field::Dropout).contains(QStringLiteral("abc")),
                 qPrintable(pane->errorText(Field::Dropout)));

        typeInto(pane->dropoutField(), QStringLiteral("0"));
        QVERIFY(pane->errorText(Field::Dropout).isEmpty());
        QCOMPARE(doc->scenario().activations.dropout, 0.0);
    }

};

QTEST_MAIN(TestAttentionControls)
#include "tst_ui_attentioncontrols.moc"
