// A GPU outside the catalogue in the window: the dialog reads its fields with the command line's
// parser (the same refusals), the card is applied as one undo step, the verdict holds the peak
// against its memory, the GPU list keeps it to go back to, and a saved scenario keeps it.

#include <QtTest>

#include <QComboBox>
#include <QLineEdit>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include "customgpudialog.h"
#include "panes/inputpane.h"
#include "scenariodocument.h"
#include "panes/verdictpane.h"
#include "windowtest.h"

using namespace headroom;

namespace {

// The dialog's fields in form order: name, memory, BF16, FP8, HBM, NVLink, rent.
QList<QLineEdit *> fields(CustomGpuDialog *d) { return d->findChildren<QLineEdit *>(); }

} // namespace

class TestCustomGpu : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(setUpCatalogue()); }
    void init() { QVERIFY(openWindow(false)); }
    void cleanup() { closeWindow(); }

    void dialogReadsWhatTheCommandLineReads()
    {
        // From the A100 80GB: its figures under another name; 81,920 MiB = 85,899,345,920 bytes.
        const GpuSpec *a100 = m_catalogue.gpu(QStringLiteral("a100-80gb"));
        QVERIFY(a100);
        CustomGpuDialog dialog(a100, m_catalogue);
        QString problem;
        QVERIFY2(dialog.read(problem), qPrintable(problem));
        QCOMPARE(dialog.gpu().id, QStringLiteral("a100-80gb-custom"));
        QCOMPARE(countOf(dialog.gpu().capacity), Count(85'899'345'920));
        QCOMPARE(dialog.gpu().tflopsBf16, 312.0);
        QCOMPARE(dialog.gpu().hbmGBps, 2039.0);
        const QList<QLineEdit *> f = fields(&dialog);
        QCOMPARE(f.size(), 8);
        // The A100's 108 SMs come with it (field 6), and a fractional count is refused.
        QCOMPARE(dialog.gpu().sms, Count(108));
        f[6]->setText(QStringLiteral("10.5"));
        QVERIFY(!dialog.read(problem));
        QVERIFY2(problem.contains(QStringLiteral("sms: \"10.5\" is not allowed")), qPrintable(problem));
        f[6]->setText(QStringLiteral("108"));
        // A catalogue kind's id is taken; a bare memory figure and a comma are refused.
        f[0]->setText(QStringLiteral("h100-80gb"));
        QVERIFY(!dialog.read(problem));
        QVERIFY2(problem.contains(QStringLiteral("h100-80gb is a catalogue kind")), qPrintable(problem));
        f[0]->setText(QStringLiteral("lab-card"));
        f[1]->setText(QStringLiteral("96"));
        QVERIFY(!dialog.read(problem));
        QVERIFY2(problem.contains(QStringLiteral("memory: \"96\" is not allowed")), qPrintable(problem));
        f[1]->setText(QStringLiteral("96GiB,bf16=1"));
        QVERIFY(!dialog.read(problem));
        f[1]->setText(QStringLiteral("96GiB"));
        QVERIFY2(dialog.read(problem), qPrintable(problem));
        QCOMPARE(countOf(dialog.gpu().capacity), Count(96) * 1024 * 1024 * 1024);
    }

    void appliedAsOneUndoStepAndSaved()
    {
        ScenarioDocument *doc = m_window->document();
        InputPane *pane = m_window->inputPane();
        const ScenarioSpec before = doc->spec();
        const int steps = doc->undoStack()->count();
        // Fill the dialog when it opens: a 96 GiB card named lab-card.
        QTimer::singleShot(0, this, [] {
            auto *d = qobject_cast<CustomGpuDialog *>(QApplication::activeModalWidget());
            QVERIFY(d);
            const QList<QLineEdit *> f = fields(d);
            f[0]->setText(QStringLiteral("lab-card"));
            f[1]->setText(QStringLiteral("96GiB"));
            f[2]->setText(QStringLiteral("500"));
            f[4]->setText(QStringLiteral("3TB/s"));
            QMetaObject::invokeMethod(d, "accept");
        });
        pane->customGpuButton()->click();
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        QCOMPARE(doc->spec().gpuId, QStringLiteral("lab-card"));
        QCOMPARE(doc->spec().customGpu.id, QStringLiteral("lab-card"));
        QCOMPARE(countOf(doc->scenario().gpu.capacity), Count(96) * 1024 * 1024 * 1024);
        QVERIFY(flushed()->verdictPane()->headline().contains(QStringLiteral("lab-card")));
        QCOMPARE(pane->gpuBox()->currentData().toString(), QStringLiteral("lab-card"));

        // Saved and opened again: the file keeps the card (gpu.spec).
        const QString path = m_dir->filePath(QStringLiteral("custom.json"));
        QString error;
        QVERIFY2(doc->save(path, &error), qPrintable(error));
        doc->undoStack()->undo();
        QCOMPARE(doc->spec().gpuId, before.gpuId);
        QVERIFY(doc->spec().customGpu.id.isEmpty());
        // The list still offers it; choosing it brings it back.
        const int item = pane->gpuBox()->findData(QStringLiteral("lab-card"));
        QVERIFY(item >= 0);
        emit pane->gpuBox()->activated(item);
        QCOMPARE(doc->spec().customGpu.id, QStringLiteral("lab-card"));
        QVERIFY(doc->load(path, &error));
        QCOMPARE(doc->spec().customGpu.id, QStringLiteral("lab-card"));
        QCOMPARE(doc->spec().customGpu.tflopsBf16, 500.0);
        QCOMPARE(doc->spec().customGpu.hbmGBps, 3000.0);
    }
};

QTEST_MAIN(TestCustomGpu)
#include "tst_ui_customgpu.moc"
