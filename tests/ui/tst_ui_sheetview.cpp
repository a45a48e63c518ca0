// The sheet view: what it shows reads as what it was given, a table never cuts a number, and a
// change shapes only the text that changed.

#include <QApplication>
#include <QClipboard>
#include <QFontMetricsF>
#include <QScrollBar>
#include <QTest>

#include "widgets/sheetview.h"

using namespace headroom;

namespace {

SheetText plain(const QString &s)
{
    SheetText t;
    t.add(s);
    return t;
}

SheetBlock line(const QString &s)
{
    SheetBlock b;
    b.kind = SheetBlock::Kind::Line;
    b.text = plain(s);
    return b;
}

// A narrow two-column table: a long wrapping description and a right-aligned number.
SheetBlock numbers(const QList<QString> &values)
{
    SheetBlock t;
    t.kind = SheetBlock::Kind::Table;
    t.columns = { SheetColumn{ false, true }, SheetColumn{ true, false } };
    for (const QString &v : values)
        t.rows.append({ plain(QStringLiteral("a description long enough to need more than one line here")), plain(v) });
    return t;
}

} // namespace

class TestSheetView : public QObject
{
    Q_OBJECT

private slots:
    void readsAsGiven()
    {
        SheetView view;
        view.resize(400, 300);
        view.show();
        SheetBlock title;
        title.kind = SheetBlock::Kind::Title;
        title.text.add(QStringLiteral("Sheet"));
        SheetText styled;
        styled.add(QStringLiteral("weights"), SheetTone::Text, true).add(QStringLiteral(" = P × 2 B = ")).add(QStringLiteral("13.5 GB"), SheetTone::Accent, true);
        QCOMPARE(styled.text, QStringLiteral("weights = P × 2 B = 13.5 GB"));
        QCOMPARE(styled.spans.size(), 2); // the plain run in the middle has none
        QCOMPARE(styled.spans.at(1).start, 20);
        SheetBlock eq;
        eq.kind = SheetBlock::Kind::Line;
        eq.text = styled;
        SheetBlock bullet = line(QStringLiteral("a note"));
        bullet.kind = SheetBlock::Kind::Bullet;
        view.setBlocks({ title, eq, numbers({ QStringLiteral("1,024") }), bullet });
        const QString expected = QStringLiteral("Sheet\nweights = P × 2 B = 13.5 GB\n"
                                                "a description long enough to need more than one line here  1,024\n- a note");
        QCOMPARE(view.text(), expected);
        // Ctrl+C copies the whole sheet.
        QTest::keySequence(&view, QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(), expected);
    }

    void aNumberIsNeverCutWhileTextWraps()
    {
        SheetView view;
        view.resize(260, 400);
        view.show();
        view.setBlocks({ numbers({ QStringLiteral("6,738,415,616"), QStringLiteral("32") }) });
        QCoreApplication::processEvents();
        // The description wraps (the view is narrow) while each number stays on one line: the
        // table is as tall as two rows of wrapped description, and as wide as it can be.
        const QFontMetricsF fm(view.font());
        QVERIFY(view.contentHeight() > 4 * fm.lineSpacing());
        QVERIFY(view.contentHeight() < 20 * fm.lineSpacing());
        // Each number on one line, the description on several.
        QCOMPARE(view.lineCount(0, 0, 1), 1);
        QCOMPARE(view.lineCount(0, 1, 1), 1);
        QVERIFY(view.lineCount(0, 0, 0) > 1);
        QCOMPARE(view.lineCount(0, 2, 0), 0); // no third row
        // Widening lets the description fit on fewer lines: the sheet gets shorter.
        const int narrow = view.contentHeight();
        view.resize(1200, 400);
        QCoreApplication::processEvents();
        QVERIFY(view.contentHeight() < narrow);
        QCOMPARE(view.lineCount(0, 0, 0), 1);
    }

    void aChangeShapesOnlyWhatChanged()
    {
        SheetView view;
        view.resize(500, 400);
        view.show();
        QList<SheetBlock> blocks{ line(QStringLiteral("first = 1")), line(QStringLiteral("second = 2")),
                                  numbers({ QStringLiteral("10"), QStringLiteral("20") }) };
        view.setBlocks(blocks);
        // Two paragraphs and two rows of two cells.
        QCOMPARE(view.shapedCount(), qint64(6));
        blocks[1] = line(QStringLiteral("second = 3"));
        blocks[2].rows[1][1] = plain(QStringLiteral("30"));
        view.setBlocks(blocks);
        QCOMPARE(view.shapedCount(), qint64(8));
        // Nothing changed: nothing shaped.
        view.setBlocks(blocks);
        QCOMPARE(view.shapedCount(), qint64(8));
        // Only the changed line is repainted: the first line, above it, is not.
        blocks[1] = line(QStringLiteral("second = 5"));
        view.setBlocks(blocks);
        QVERIFY(view.lastRepaint().intersects(view.blockRect(1)));
        QVERIFY(!view.lastRepaint().intersects(view.blockRect(0)));
        QVERIFY(!view.lastRepaint().intersects(view.blockRect(2)));
        QCOMPARE(view.shapedCount(), qint64(9));
        blocks[1] = line(QStringLiteral("second = 3"));
        view.setBlocks(blocks);
        QCOMPARE(view.shapedCount(), qint64(10));
        // A line inserted among lines: the table after them keeps its layout; the lines from the
        // insertion on are paired by place, so the new line and the one it pushed down are shaped.
        blocks.insert(1, line(QStringLiteral("inserted = 4")));
        view.setBlocks(blocks);
        QCOMPARE(view.shapedCount(), qint64(12));
        QCOMPARE(view.text(), QStringLiteral("first = 1\ninserted = 4\nsecond = 3\n"
                                             "a description long enough to need more than one line here  10\n"
                                             "a description long enough to need more than one line here  30"));
    }

    void theScrollRangeShrinksOnlyOnceStill()
    {
        SheetView view;
        view.resize(300, 120);
        view.show();
        QList<SheetBlock> tall;
        for (int i = 0; i < 40; ++i)
            tall << line(QStringLiteral("line %1").arg(i));
        view.setBlocks(tall);
        QCoreApplication::processEvents();
        const int tallRange = view.verticalScrollBar()->maximum();
        QVERIFY(tallRange > 0);
        view.setBlocks(tall.mid(0, 20));
        QVERIFY(view.contentHeight() < view.scrollHeight());
        QCOMPARE(view.verticalScrollBar()->maximum(), tallRange); // held
        QTRY_VERIFY_WITH_TIMEOUT(view.verticalScrollBar()->maximum() < tallRange, 3000);
        QCOMPARE(view.scrollHeight(), view.contentHeight());
        // Growing is at once, by a few lines at a time while the content changes, to its exact
        // height once it is still.
        view.setBlocks(tall);
        QVERIFY(view.scrollHeight() >= view.contentHeight());
        QVERIFY(view.scrollHeight() < view.contentHeight() + 5 * view.fontMetrics().height());
        QTRY_COMPARE_WITH_TIMEOUT(view.verticalScrollBar()->maximum(), tallRange, 3000);
    }

    // A table whose numbers grow past the view's width and back: while it changes, the horizontal
    // scroll bar neither goes away nor comes back (each time it did, the viewport was resized and
    // repainted whole, with both bars); once still, the range fits the content again.
    void theHorizontalRangeNarrowsOnlyOnceStill()
    {
        SheetView view;
        view.resize(300, 200);
        view.show();
        const QString wide(60, QLatin1Char('9')); // a number that cannot fit 300 px and is never broken
        view.setBlocks({ numbers({ wide }) });
        QCoreApplication::processEvents();
        QVERIFY(view.contentWidth() > view.viewport()->width());
        const int wideRange = view.horizontalScrollBar()->maximum();
        QVERIFY(wideRange > 0);
        view.setBlocks({ numbers({ QStringLiteral("9") }) });
        QVERIFY(view.contentWidth() < view.scrollWidth());
        QCOMPARE(view.horizontalScrollBar()->maximum(), wideRange); // held
        QVERIFY(view.horizontalScrollBar()->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(view.horizontalScrollBar()->maximum(), 0, 3000);
        QCOMPARE(view.scrollWidth(), view.contentWidth());
        // Widening is at once, to the content's exact width.
        view.setBlocks({ numbers({ wide }) });
        QCOMPARE(view.scrollWidth(), view.contentWidth());
        QCOMPARE(view.horizontalScrollBar()->maximum(), wideRange);
    }
};

QTEST_MAIN(TestSheetView)
#include "tst_ui_sheetview.moc"
