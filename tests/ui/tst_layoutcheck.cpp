// The layout check finds what it claims to find: a label narrower than its text, a value box
// that cuts its value, two texts on top of each other; and passes a window that has none.

#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include "charts/chartpane.h"
#include "layoutcheck.h"
#include "precision/bitpatternview.h"

using namespace headroom;

namespace {

// A chart whose one label sits at 90 on a 0-100 axis but names the range 10-20, with or without
// a leader line said: what the stacked bar's spread labels did on a small bar.
class AstrayLabelPane final : public ChartPane
{
public:
    explicit AstrayLabelPane(bool leader) : m_leader(leader) { rebuild(); }
    QString toolTipAt(const QPoint &) const override { return QString(); }

protected:
    void rebuild() override
    {
        clearPlot();
        plot()->xAxis->setRange(0, 10);
        plot()->yAxis->setRange(0, 100);
        auto *text = new QCPItemText(plot());
        text->position->setCoords(5, 90);
        text->setText(QStringLiteral("3.3 GiB"));
        // A note under the plot, as the window's panes have: part of the pane shows beside it.
        if (!m_note) {
            m_note = new QLabel(QStringLiteral("note"), this);
            paneLayout()->addWidget(m_note);
        }
        setLabelAnchor(text, 4, 6, 10, 20, m_leader);
        replotIfShown();
    }

private:
    bool m_leader;
    QLabel *m_note = nullptr;
};

} // namespace

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

    void findsAChartLabelAwayFromWhatItNames()
    {
        for (const bool leader : { false, true }) {
            QWidget window; // the check looks for chart panes inside the window it is given
            auto *pane = new AstrayLabelPane(leader);
            pane->setParent(&window);
            pane->resize(400, 300);
            pane->show();
            window.resize(400, 300);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            bool astray = false;
            for (const LayoutProblem &p : checkLayout(&window))
                astray = astray || p.what.contains(QLatin1String("away from what it names"));
            QCOMPARE(astray, !leader);
        }
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
