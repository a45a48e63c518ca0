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

// A chart whose one label names the range 10-20 over the columns 4-6 of a 0-10 axis: at 90
// (away from it, with or without a leader line said: what the stacked bar's spread labels did
// on a small bar), or at 15 over the columns 7-9 (over the next bar: a total or a segment's
// size read as its neighbour's). With or without a note under the plot: a pane its plot fills
// has no visible region of its own, and the check once skipped it.
class AstrayLabelPane final : public ChartPane
{
public:
    explicit AstrayLabelPane(bool leader, double x = 5, double y = 90, bool note = true)
        : m_leader(leader), m_x(x), m_y(y), m_withNote(note)
    {
        rebuild();
    }
    QString toolTipAt(const QPoint &) const override { return QString(); }

protected:
    void rebuild() override
    {
        clearPlot();
        plot()->xAxis->setRange(0, 10);
        plot()->yAxis->setRange(0, 100);
        auto *text = new QCPItemText(plot());
        text->position->setCoords(m_x, m_y);
        text->setText(QStringLiteral("3.3 GiB"));
        // A note under the plot, as the window's panes have: part of the pane shows beside it.
        if (!m_note && m_withNote) {
            m_note = new QLabel(QStringLiteral("note"), this);
            paneLayout()->addWidget(m_note);
        }
        setLabelAnchor(text, 4, 6, 10, 20, m_leader);
        replotIfShown();
    }

private:
    bool m_leader;
    double m_x, m_y;
    bool m_withNote;
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

    // Over the neighbouring bar (its centre 2 key units right of its own bar's columns) it is
    // reported; over its own bar, and beside it at the left as the stacked bar's
    // labels sit, it is not. Each with the pane filled by its plot (no note) as the window's
    // charts are.
    void findsAChartLabelOverTheWrongBar()
    {
        struct Case
        {
            double x;
            bool reported;
        };
        for (const Case c : { Case{ 8, true }, Case{ 5, false }, Case{ 3.5, false } }) {
            for (const bool note : { false, true }) {
                QWidget window;
                auto *pane = new AstrayLabelPane(false, c.x, 15, note);
                pane->setParent(&window);
                pane->resize(600, 300);
                pane->show();
                window.resize(600, 300);
                window.show();
                QVERIFY(QTest::qWaitForWindowExposed(&window));
                QCoreApplication::processEvents(); // the pane's rebuild at its new size
                // 10 key units over about 520 px: the neighbour's centre is 100 px right of the
                // label's own columns, the label 45 px wide.
                QVERIFY(pane->plot()->axisRect()->width() > 400);
                const QList<LayoutProblem> problems = checkLayout(&window);
                bool wrongBar = false;
                for (const LayoutProblem &p : problems)
                    wrongBar = wrongBar || p.what.contains(QLatin1String("not over or beside what it names"));
                QVERIFY2(wrongBar == c.reported, qPrintable(QStringLiteral("x %1, note %2").arg(c.x).arg(note)));
            }
        }
    }

    // The label away from its range is found in a pane its plot fills entirely.
    void checksAChartItsPlotFills()
    {
        QWidget window;
        auto *pane = new AstrayLabelPane(false, 5, 90, false);
        pane->setParent(&window);
        pane->resize(400, 300);
        pane->show();
        window.resize(400, 300);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(pane->visibleRegion().isEmpty() || pane->plotWidget()->geometry() == pane->rect());
        bool astray = false;
        for (const LayoutProblem &p : checkLayout(&window))
            astray = astray || p.what.contains(QLatin1String("away from what it names"));
        QVERIFY(astray);
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
