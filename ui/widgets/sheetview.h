#pragma once

// A read-only page of headings, paragraphs and tables that lays out again only what changed.
// The math sheet changes its numbers on every slider step; a QTextDocument re-lays out every block
// between the first and the last change (its tables whole), which took most of a step. Here each
// paragraph and each table cell is its own QTextLayout, shaped again only when its text changes,
// and a table re-breaks only the cells that wrap when a column's width moves.

#include <memory>
#include <vector>

#include <QAbstractScrollArea>
#include <QTextOption>
#include <QRegion>
#include <QTimer>

#include "sheetblocks.h"

class QTextLayout;

namespace headroom {

class SheetView final : public QAbstractScrollArea
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SheetView)

public:
    explicit SheetView(QWidget *parent = nullptr);
    ~SheetView() override;

    //! Shows \a blocks; a paragraph or cell whose text is as shown keeps its layout.
    void setBlocks(const QList<SheetBlock> &blocks);
    //! What is shown, as plain text: blocks on their own lines, a table's cells two spaces apart.
    QString text() const;
    //! How many paragraphs and cells were shaped afresh since the view was made (tests).
    qint64 shapedCount() const { return m_shaped; }
    //! How many lines block \a block (or, in a table, its cell at \a row, \a column) is broken
    //! into at the current width; 0 for no such block or cell (tests).
    int lineCount(int block, int row = -1, int column = -1) const;
    //! The height of everything shown, in pixels, at the current width.
    int contentHeight() const { return m_contentHeight; }
    //! What the last setBlocks() asked to repaint, in viewport coordinates (tests).
    QRegion lastRepaint() const { return m_lastRepaint; }
    //! Where block \a block is, in viewport coordinates; empty for no such block (tests).
    QRect blockRect(int block) const;
    //! The height the scroll range is for: the content's, or more for a moment after it shrank.
    int scrollHeight() const { return m_scrollHeight; }
    //! The width of everything shown, in pixels: the widest table's or the page's.
    int contentWidth() const { return m_contentWidth; }
    //! The width the horizontal scroll range is for: the content's, or more for a moment after it
    //! narrowed.
    int scrollWidth() const { return m_scrollWidth; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

private:
    struct Cell;
    struct Laid;

    void relayoutAll();
    //! Breaks \a laid's lines (and sizes a table's columns) at the current width; shaping is done
    //! when a text changes, not here.
    void layoutBlock(Laid &laid);
    void layoutTable(Laid &laid, int width);
    void place();
    void updateScrollBars();
    void shape(QTextLayout &layout, const SheetText &text, const QFont &font, QTextOption::WrapMode wrap);
    void shapeCell(Cell &cell);
    void breakLines(QTextLayout &layout, qreal width, qreal hangingIndent, bool rightAligned);
    QFont fontFor(SheetBlock::Kind kind) const;
    void copyAll() const;

    std::vector<std::unique_ptr<Laid>> m_laid;
    int m_width = 0;
    int m_contentHeight = 0;
    int m_scrollHeight = 0;   //!< the height the vertical scroll range is for (held while changing)
    bool m_holdScroll = false;
    QTimer m_shrinkScroll;
    QRegion m_lastRepaint;
    int m_contentWidth = 0;
    int m_scrollWidth = 0;    //!< the width the horizontal scroll range is for (held while changing)
    qint64 m_shaped = 0;
};

} // namespace headroom
