// Show the Math starts with the teaching path: the article's four steps with the scenario's
// numbers, then what the training stack adds and why; the full derivation is folded below and
// unfolds with one click. File › Examples opens the article's four rows, and each prints the
// article's figures there, derived here by hand from its formulas: 16 bytes a parameter, and
// 2·(19·B·S·H + 3·B·A·S²) bytes a layer (with full checkpointing every layer's input, 2·B·S·H
// bytes, plus one layer recomputed).

#include <QAction>
#include <QMenu>
#include <QTest>
#include <QToolButton>

#include "mainwindow.h"
#include "panes/mathpane.h"
#include "widgets/sheetview.h"
#include "windowtest.h"

using namespace headroom;

class TestTeachingPath : public QObject, private test::WindowTest
{
    Q_OBJECT

    QAction *example(const QString &name) const
    {
        if (auto *menu = m_window->findChild<QMenu *>(QStringLiteral("examplesMenu")))
            for (QAction *a : menu->actions())
                if (a->data().toString() == name)
                    return a;
        return nullptr;
    }

    MathPane *openMath()
    {
        m_window->panel(QStringLiteral("math"));
        m_window->flushRefreshes();
        MathPane *math = m_window->mathPane();
        math->rebuild();
        return math;
    }

    // What the view shows, with the results' no-break spaces read as spaces.
    static QString shownText(MathPane *math)
    {
        return math->view()->text().replace(QChar::Nbsp, QLatin1Char(' '));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(setUpCatalogue());
    }

    void init()
    {
        QVERIFY(openWindow(false, QSize(1366, 768)));
    }

    void cleanup()
    {
        closeWindow();
    }

    void theTeachingPathComesFirstAndTheDerivationIsFolded()
    {
        QAction *a = example(QStringLiteral("article-7b"));
        QVERIFY(a);
        a->trigger();
        MathPane *math = openMath();
        QVERIFY(!math->fullShown());
        const QString shown = shownText(math);
        const QStringList lines = shown.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        // The title, then the teaching path's first section.
        QVERIFY(lines.size() > 2);
        QCOMPARE(lines.at(1), QStringLiteral("The article's four steps, with this run's numbers"));
        // 7e9 × 16 = 112,000,000,000; one layer 2·(19·2048·4096 + 3·32·2048²) = 1,124,073,472;
        // × 32 = 35,970,351,104; the sum 147,970,351,104.
        QVERIFY(shown.contains(QStringLiteral("= 16 bytes/param")));
        QVERIFY(shown.contains(QStringLiteral("= 112,000,000,000 bytes (112.00 GB, 104.31 GiB)")));
        QVERIFY(shown.contains(QStringLiteral("= 1,124,073,472 bytes (1.12 GB, 1.05 GiB)")));
        QVERIFY(shown.contains(QStringLiteral("= 35,970,351,104 bytes (35.97 GB, 33.50 GiB)")));
        QVERIFY(shown.contains(QStringLiteral("= 147,970,351,104 bytes (147.97 GB, 137.81 GiB)")));
        QVERIFY(shown.contains(QStringLiteral("Nothing: this run keeps the article's conventions")));
        // The full derivation: its heading, folded.
        QVERIFY(shown.contains(QStringLiteral("Full derivation")));
        QVERIFY(!shown.contains(QStringLiteral("Parameter counts")));
        QVERIFY(!shown.contains(QStringLiteral("Symbols")));
        // Folded text is still the sheet's: copy and the tests read it whole.
        QVERIFY(math->plainText().contains(QStringLiteral("Parameter counts")));
        // One click unfolds it below the teaching path; another folds it again.
        QToolButton *fold = math->foldButton();
        QVERIFY(fold->isVisible());
        QCOMPARE(fold->accessibleName(), QStringLiteral("Show the full derivation"));
        QTest::mouseClick(fold, Qt::LeftButton);
        QVERIFY(math->fullShown());
        const QString unfolded = shownText(math);
        QVERIFY(unfolded.indexOf(QStringLiteral("Parameter counts"))
                > unfolded.indexOf(QStringLiteral("What the training stack adds beyond the article")));
        QVERIFY(unfolded.contains(QStringLiteral("Symbols")));
        QCOMPARE(fold->accessibleName(), QStringLiteral("Hide the full derivation"));
        QTest::mouseClick(fold, Qt::LeftButton);
        QVERIFY(!math->fullShown());
        QVERIFY(!shownText(math).contains(QStringLiteral("Parameter counts")));
    }

    void theArticlesRowsPrintItsFigures_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("fixed");
        QTest::addColumn<QString>("activations");
        QTest::addColumn<QString>("total");
        // B = 1, no checkpointing: above.
        QTest::newRow("7B B=1") << QStringLiteral("article-7b") << QStringLiteral("112,000,000,000")
                                << QStringLiteral("35,970,351,104") << QStringLiteral("147,970,351,104");
        // Checkpointing: 32 × 2·2048·4096 = 536,870,912 of inputs + 1,124,073,472 for the layer
        // recomputed = 1,660,944,384 (the article's table rounds to ~4 GB, ~116 GB).
        QTest::newRow("7B checkpointed") << QStringLiteral("article-7b-checkpointing") << QStringLiteral("112,000,000,000")
                                         << QStringLiteral("1,660,944,384") << QStringLiteral("113,660,944,384");
        // B = 4: four times the activations, 143,881,404,416; the article's ~256 GB.
        QTest::newRow("7B B=4") << QStringLiteral("article-7b-b4") << QStringLiteral("112,000,000,000")
                                << QStringLiteral("143,881,404,416") << QStringLiteral("255,881,404,416");
        // 13B (13e9 × 16 = 208,000,000,000), L = 40, H = 5120, A = 40, checkpointed:
        // 40 × 2·2048·5120 = 838,860,800 + 2·(19·2048·5120 + 3·40·2048²) = 1,405,091,840.
        QTest::newRow("13B checkpointed") << QStringLiteral("article-13b-checkpointing") << QStringLiteral("208,000,000,000")
                                          << QStringLiteral("2,243,952,640") << QStringLiteral("210,243,952,640");
    }

    void theArticlesRowsPrintItsFigures()
    {
        QFETCH(QString, name);
        QFETCH(QString, fixed);
        QFETCH(QString, activations);
        QFETCH(QString, total);
        QAction *a = example(name);
        QVERIFY(a);
        a->trigger();
        const QString shown = shownText(openMath());
        QVERIFY2(shown.contains(QStringLiteral("= 16 bytes/param")), qPrintable(shown));
        QVERIFY(shown.contains(QStringLiteral("= %1 bytes (").arg(fixed)));
        QVERIFY(shown.contains(QStringLiteral("= %1 bytes (").arg(activations)));
        QVERIFY(shown.contains(QStringLiteral("= %1 bytes (").arg(total)));
    }

    void theDefaultStackSaysWhatItAdds()
    {
        // The Hugging Face Trainer's itemized run: the loss's FP32 logits and the CUDA context
        // (1000 MiB = 1,048,576,000 bytes) are named with their bytes.
        MathPane *math = openMath();
        const QString shown = shownText(math);
        QVERIFY(shown.contains(QStringLiteral("What the training stack adds beyond the article, and why")));
        QVERIFY(shown.contains(QStringLiteral("the loss's FP32 logits and the LM head's input = a_head = +")));
        QVERIFY2(shown.contains(QStringLiteral("CUDA context and kernel images = C_ctx = +1,048,576,000 bytes")), qPrintable(shown));
    }
};

QTEST_MAIN(TestTeachingPath)
#include "tst_ui_teachingpath.moc"
