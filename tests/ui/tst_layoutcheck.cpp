// The layout check finds what it claims to find: a label narrower than its text, a value box
// that cuts its value, two texts on top of each other; and passes a window that has none.

#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <QVBoxLayout>

#include "layoutcheck.h"
#include "precision/bitpatternview.h"

using namespace headroom;

class TestLayoutCheck : public QObject
{
    Q_OBJECT

private slots:
    void findsClippedAndOverlappingTexts()
    {
        QWidget window;
        window.resize(400, 300);
        auto *label = new QLabel(QStringLiteral("A label whose text is far wider than its box"), &window);
        label->setGeometry(10, 10, 60, 20);
        auto *edit = new QLineEdit(QStringLiteral("123456789012345678901234567890"), &window);
        edit->setGeometry(10, 50, 50, 24);
        auto *a = new QLabel(QStringLiteral("first"), &window);
        a->setGeometry(10, 100, 80, 20);
        auto *b = new QLabel(QStringLiteral("second"), &window);
        b->setGeometry(40, 105, 80, 20);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QList<LayoutProblem> problems = checkLayout(&window);
        auto has = [&problems](const char *widget, const char *what) {
            for (const LayoutProblem &p : problems)
                if (p.widget.contains(QLatin1String(widget)) && p.what.contains(QLatin1String(what)))
                    return true;
            return false;
        };
        QVERIFY(has("A label whose", "clipped"));
        QVERIFY(has("1234567890", "clipped"));
        QVERIFY(has("first", "overlaps"));
    }

    // A painted widget that leaves its text out when squeezed: the precision lab's FP32 bit row
    // at 150 px has cells too narrow for its 0/1 digits (as the Chinese lab at 1366x768 once
    // drew it); laid out at its minimum, every digit is drawn.
    void findsABitRowWithoutItsDigits()
    {
        QWidget window;
        window.resize(400, 120);
        auto *squeezed = new BitPatternView(&window);
        squeezed->setEncoding(NumberFormat::Fp32, 0x3f800000U);
        squeezed->setGeometry(10, 10, 150, squeezed->sizeHint().height());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!squeezed->digitsDrawn());
        const QList<LayoutProblem> problems = checkLayout(&window);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().what.contains(QLatin1String("digits are not drawn")), qPrintable(problems.first().what));
        squeezed->resize(squeezed->minimumSizeHint().width(), squeezed->height());
        QVERIFY(squeezed->digitsDrawn());
        QVERIFY(checkLayout(&window).isEmpty());
    }

    void passesATidyWindow()
    {
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        layout->addWidget(new QLabel(QStringLiteral("A label")));
        layout->addWidget(new QLineEdit(QStringLiteral("4096")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(checkLayout(&window).isEmpty());
    }
};

QTEST_MAIN(TestLayoutCheck)
#include "tst_layoutcheck.moc"
