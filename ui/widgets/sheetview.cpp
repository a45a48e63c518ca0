#include "sheetview.h"

#include <algorithm>
#include <cmath>

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMultiHash>
#include <QPainter>
#include <QPaintEvent>
#include <QRegion>
#include <QScrollBar>
#include <QTextLayout>

namespace headroom {

namespace {

// Lines wider than this are never wanted: it stands for "as wide as the text".
constexpr qreal kUnbounded = 1e6;
constexpr int kPageMargin = 6;
constexpr int kCellPadding = 3;

bool isTable(SheetBlock::Kind kind)
{
    return kind == SheetBlock::Kind::Table;
}

} // namespace

//! One paragraph or table cell: its text, and its layout as last shaped and broken into lines.
struct SheetView::Cell
{
    SheetText text;
    std::unique_ptr<QTextLayout> layout = std::make_unique<QTextLayout>();
    qreal natural = 0;    //!< width on one line
    qreal minimum = 0;    //!< its widest piece that cannot be broken
    qreal brokenAt = -1;  //!< the width its lines were broken at; -1: one line
    qreal height = 0;
};

struct SheetView::Laid
{
    SheetBlock::Kind kind = SheetBlock::Kind::Line;
    Cell paragraph;
    QList<SheetColumn> columns;
    bool headerRow = false;
    std::vector<std::vector<Cell>> rows;
    std::vector<qreal> columnX, columnWidth, rowY, rowHeight;
    qreal y = 0;      //!< top, in content coordinates
    qreal height = 0; //!< without margins
    qreal width = 0;  //!< tables: the sum of their columns
    bool dirty = true; //!< its lines or columns need laying out at the current width
    //! Where setBlocks() last left it on the page (-1: never shown), to repaint it if it moves.
    qreal shownY = 0, shownHeight = -1;
};

SheetView::SheetView(QWidget *parent) : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setBackgroundRole(QPalette::Base);
    viewport()->setAutoFillBackground(true);
    m_shrinkScroll.setSingleShot(true);
    m_shrinkScroll.setInterval(700);
    connect(&m_shrinkScroll, &QTimer::timeout, this, [this] {
        m_scrollHeight = m_contentHeight;
        m_scrollWidth = m_contentWidth;
        updateScrollBars();
    });
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
}

SheetView::~SheetView() = default;

QFont SheetView::fontFor(SheetBlock::Kind kind) const
{
    QFont f = font();
    if (kind == SheetBlock::Kind::Title || kind == SheetBlock::Kind::Heading) {
        f.setBold(true);
        if (f.pointSizeF() > 0)
            f.setPointSizeF(f.pointSizeF() * (kind == SheetBlock::Kind::Title ? 1.17 : 1.0));
    }
    return f;
}

void SheetView::shape(QTextLayout &layout, const SheetText &text, const QFont &font, QTextOption::WrapMode wrap)
{
    const QPalette &p = palette();
    const QColor ink = p.color(QPalette::Text);
    const QColor base = p.color(QPalette::Base);
    const QColor muted = QColor::fromRgbF((ink.redF() + base.redF()) / 2, (ink.greenF() + base.greenF()) / 2,
                                          (ink.blueF() + base.blueF()) / 2);
    QList<QTextLayout::FormatRange> formats;
    formats.reserve(text.spans.size());
    for (const SheetSpan &span : text.spans) {
        QTextLayout::FormatRange range;
        range.start = span.start;
        range.length = span.length;
        if (span.tone != SheetTone::Text)
            range.format.setForeground(span.tone == SheetTone::Muted ? muted : p.color(QPalette::Link));
        if (span.bold)
            range.format.setFontWeight(QFont::Bold);
        formats.append(range);
    }
    layout.setFont(font);
    layout.setText(text.text);
    layout.setFormats(formats);
    QTextOption option(Qt::AlignLeft);
    option.setWrapMode(wrap);
    layout.setTextOption(option);
    layout.setCacheEnabled(true);
    ++m_shaped;
}

void SheetView::shapeCell(Cell &cell)
{
    // Shaped on one line: its width on one line and its widest unbreakable piece size its column.
    // A cell breaks between words only: a number or a shape is never cut.
    shape(*cell.layout, cell.text, font(), QTextOption::WordWrap);
    breakLines(*cell.layout, kUnbounded, 0, false);
    cell.natural = cell.layout->lineCount() ? cell.layout->lineAt(0).naturalTextWidth() : 0;
    cell.minimum = cell.layout->minimumWidth();
    cell.brokenAt = -1;
}

void SheetView::breakLines(QTextLayout &layout, qreal width, qreal hangingIndent, bool rightAligned)
{
    layout.beginLayout();
    qreal y = 0;
    for (bool first = true;; first = false) {
        QTextLine line = layout.createLine();
        if (!line.isValid())
            break;
        const qreal indent = first ? 0 : hangingIndent;
        const qreal lineWidth = std::max<qreal>(1, width - indent);
        line.setLineWidth(lineWidth);
        const qreal x = indent + (rightAligned ? std::max<qreal>(0, lineWidth - line.naturalTextWidth()) : 0);
        line.setPosition(QPointF(x, y));
        y += line.height();
    }
    layout.endLayout();
}

namespace {

qreal laidHeight(const QTextLayout &layout)
{
    return layout.lineCount() == 0 ? 0 : layout.lineAt(layout.lineCount() - 1).rect().bottom();
}

} // namespace

void SheetView::layoutTable(Laid &laid, int width)
{
    const auto columns = static_cast<std::size_t>(laid.columns.size());
    std::vector<qreal> natural(columns, 0), minimum(columns, 0);
    for (const std::vector<Cell> &row : laid.rows)
        for (std::size_t c = 0; c < columns && c < row.size(); ++c) {
            natural[c] = std::max(natural[c], row[c].natural + 2 * kCellPadding);
            minimum[c] = std::max(minimum[c], (laid.columns.at(int(c)).wraps ? row[c].minimum : row[c].natural) + 2 * kCellPadding);
        }
    // As an HTML table 100 % wide: every column as wide as its text when that fits, the room left
    // shared by the columns that wrap; else each at least its widest unbreakable piece, the wrapping
    // columns sharing what remains in proportion to how much they would like.
    qreal sumNatural = 0, sumMinimum = 0, flexNatural = 0, flexGap = 0;
    for (std::size_t c = 0; c < columns; ++c) {
        sumNatural += natural[c];
        sumMinimum += minimum[c];
        if (laid.columns.at(int(c)).wraps) {
            flexNatural += natural[c];
            flexGap += natural[c] - minimum[c];
        }
    }
    std::vector<qreal> widths(columns, 0);
    for (std::size_t c = 0; c < columns; ++c) {
        const bool wraps = laid.columns.at(int(c)).wraps;
        if (sumNatural <= width) {
            const qreal extra = width - sumNatural;
            const qreal share = flexNatural > 0 ? (wraps ? natural[c] / flexNatural : 0) : natural[c] / std::max<qreal>(1, sumNatural);
            widths[c] = natural[c] + extra * share;
        } else if (sumMinimum >= width || flexGap <= 0) {
            widths[c] = minimum[c];
        } else {
            widths[c] = minimum[c] + (wraps ? (width - sumMinimum) * (natural[c] - minimum[c]) / flexGap : 0);
        }
        widths[c] = std::floor(widths[c]);
    }
    laid.columnWidth = widths;
    laid.columnX.assign(columns, 0);
    for (std::size_t c = 1; c < columns; ++c)
        laid.columnX[c] = laid.columnX[c - 1] + widths[c - 1];
    laid.width = columns ? laid.columnX.back() + widths.back() : 0;

    // Only a cell wider than its column is broken into lines; one that fits stays on the line it
    // was shaped on, and right alignment is an offset when it is drawn.
    laid.rowY.assign(laid.rows.size(), 0);
    laid.rowHeight.assign(laid.rows.size(), 0);
    qreal y = 0;
    for (std::size_t r = 0; r < laid.rows.size(); ++r) {
        qreal h = 0;
        for (std::size_t c = 0; c < columns && c < laid.rows[r].size(); ++c) {
            Cell &cell = laid.rows[r][c];
            const qreal inner = widths[c] - 2 * kCellPadding;
            const bool fits = cell.natural <= inner + 0.5 || !laid.columns.at(int(c)).wraps;
            if (fits && cell.brokenAt >= 0) {
                breakLines(*cell.layout, kUnbounded, 0, false);
                cell.brokenAt = -1;
            } else if (!fits && cell.brokenAt != inner) {
                breakLines(*cell.layout, inner, 0, laid.columns.at(int(c)).rightAligned);
                cell.brokenAt = inner;
            }
            cell.height = laidHeight(*cell.layout);
            h = std::max(h, cell.height);
        }
        laid.rowY[r] = y;
        laid.rowHeight[r] = h + 2 * kCellPadding;
        y += laid.rowHeight[r];
    }
    laid.height = y;
}

void SheetView::layoutBlock(Laid &laid)
{
    if (isTable(laid.kind)) {
        layoutTable(laid, m_width);
    } else {
        const qreal em = QFontMetricsF(font()).height();
        const qreal indent = laid.kind == SheetBlock::Kind::Bullet ? std::round(em * 1.2) : 0;
        const qreal hang = laid.kind == SheetBlock::Kind::Line ? std::round(em * 0.8) : 0;
        breakLines(*laid.paragraph.layout, m_width - indent, hang, false);
        laid.paragraph.brokenAt = m_width - indent;
        laid.paragraph.height = laidHeight(*laid.paragraph.layout);
        laid.height = laid.paragraph.height;
        laid.width = m_width;
    }
    laid.dirty = false;
}

namespace {

// Space above and below a block, in line heights; adjacent margins collapse as in CSS.
struct Margins
{
    qreal top, bottom;
};

Margins marginsOf(SheetBlock::Kind kind)
{
    switch (kind) {
    case SheetBlock::Kind::Title: return { 0, 0.5 };
    case SheetBlock::Kind::Heading: return { 0.8, 0.1 };
    case SheetBlock::Kind::Note: return { 0, 0.4 };
    case SheetBlock::Kind::Line: return { 0.12, 0.12 };
    case SheetBlock::Kind::Bullet: return { 0.06, 0.06 };
    case SheetBlock::Kind::Table: return { 0.12, 0.4 };
    }
    return { 0, 0 };
}

} // namespace

void SheetView::place()
{
    const qreal em = QFontMetricsF(font()).height();
    qreal y = kPageMargin;
    qreal previousBottom = 0;
    qreal widest = 0;
    for (const std::unique_ptr<Laid> &laid : m_laid) {
        const Margins m = marginsOf(laid->kind);
        y += std::round(std::max(previousBottom, m.top * em));
        laid->y = y;
        y += laid->height;
        previousBottom = m.bottom * em;
        widest = std::max(widest, laid->width);
    }
    m_contentHeight = static_cast<int>(std::ceil(y + previousBottom + kPageMargin));
    m_contentWidth = static_cast<int>(std::ceil(widest)) + 2 * kPageMargin;
    // The scroll ranges grow at once but shrink only when the content has been still for a
    // moment: during a drag the handle does not jitter as lines wrap and unwrap (and the scroll
    // bars, slow to paint, are not painted again on every step). The width is held too: a table
    // whose numbers grow and shrink around the view's width would otherwise show and hide the
    // horizontal scroll bar, which resizes the viewport and repaints all of it and both bars.
    if (!m_holdScroll) {
        m_scrollHeight = m_contentHeight;
        m_scrollWidth = m_contentWidth;
    } else {
        // Changing: never shrink, and grow the height in steps of a few lines (a range change
        // repaints its scroll bar and re-lays out the view); the exact size once still. The
        // width grows exactly, so that no scroll bar is shown for content that fits.
        if (m_contentHeight > m_scrollHeight) {
            const int step = std::max(1, static_cast<int>(4 * em));
            m_scrollHeight = (m_contentHeight + step - 1) / step * step;
        }
        m_scrollWidth = std::max(m_scrollWidth, m_contentWidth);
        if (m_scrollHeight != m_contentHeight || m_scrollWidth != m_contentWidth)
            m_shrinkScroll.start();
    }
    updateScrollBars();
}

void SheetView::updateScrollBars()
{
    const qreal em = QFontMetricsF(font()).height();
    const QSize view = viewport()->size();
    verticalScrollBar()->setRange(0, std::max(0, m_scrollHeight - view.height()));
    verticalScrollBar()->setPageStep(view.height());
    verticalScrollBar()->setSingleStep(static_cast<int>(em));
    horizontalScrollBar()->setRange(0, std::max(0, m_scrollWidth - view.width()));
    horizontalScrollBar()->setPageStep(view.width());
    horizontalScrollBar()->setSingleStep(static_cast<int>(em));
}

void SheetView::setBlocks(const QList<SheetBlock> &blocks)
{
    auto alike = [](const Laid &laid, const SheetBlock &block) {
        return laid.kind == block.kind && (!isTable(block.kind) || laid.columns == block.columns);
    };
    // The blocks alike at the start and at the end keep their layouts (a line that comes or goes in
    // the middle does not move every later block's); the middle is paired by position.
    const auto oldCount = m_laid.size();
    const auto newCount = static_cast<std::size_t>(blocks.size());
    const int oldContentHeight = m_contentHeight;
    std::size_t prefix = 0, suffix = 0;
    while (prefix < std::min(oldCount, newCount) && alike(*m_laid[prefix], blocks.at(qsizetype(prefix))))
        ++prefix;
    while (suffix < std::min(oldCount, newCount) - prefix
           && alike(*m_laid[oldCount - 1 - suffix], blocks.at(qsizetype(newCount - 1 - suffix))))
        ++suffix;
    // In the middle, a paragraph that reads as one shown there keeps that one's layout, though
    // lines came or went before it (two lists of varying length, one above the other).
    QMultiHash<QString, std::size_t> middle;
    for (std::size_t j = prefix; j < oldCount - suffix; ++j)
        if (!isTable(m_laid[j]->kind))
            middle.insert(m_laid[j]->paragraph.text.text, j);
    std::vector<std::unique_ptr<Laid>> next(newCount);
    for (std::size_t i = 0; i < newCount; ++i) {
        // The shown block that becomes block i: the same place from the start or from the end;
        // in the middle, one that reads the same, else the same place while the shown middle lasts.
        std::size_t from = oldCount;
        if (i < prefix)
            from = i;
        else if (i >= newCount - suffix)
            from = oldCount - (newCount - i);
        else {
            const SheetBlock &block = blocks.at(qsizetype(i));
            if (!isTable(block.kind))
                for (auto it = middle.find(block.text.text); it != middle.end() && it.key() == block.text.text; ++it)
                    if (m_laid[*it] && alike(*m_laid[*it], block) && m_laid[*it]->paragraph.text == block.text) {
                        from = *it;
                        break;
                    }
            if (from == oldCount && i < oldCount - suffix)
                from = i;
        }
        if (from < oldCount && m_laid[from] && alike(*m_laid[from], blocks.at(qsizetype(i))))
            next[i] = std::move(m_laid[from]);
        if (!next[i]) {
            next[i] = std::make_unique<Laid>();
            next[i]->kind = blocks.at(qsizetype(i)).kind;
            next[i]->columns = blocks.at(qsizetype(i)).columns;
        }
    }
    m_laid = std::move(next);

    for (std::size_t i = 0; i < newCount; ++i) {
        Laid &laid = *m_laid[i];
        const SheetBlock &block = blocks.at(qsizetype(i));
        if (!isTable(block.kind)) {
            if (laid.paragraph.layout->text().isNull() || !(laid.paragraph.text == block.text)) {
                laid.paragraph.text = block.text;
                shape(*laid.paragraph.layout, block.text, fontFor(block.kind), QTextOption::WrapAtWordBoundaryOrAnywhere);
                laid.dirty = true;
            }
            continue;
        }
        if (laid.headerRow != block.headerRow) {
            laid.headerRow = block.headerRow;
            laid.dirty = true;
        }
        const auto rowCount = static_cast<std::size_t>(block.rows.size());
        if (laid.rows.size() != rowCount) {
            laid.rows.resize(rowCount);
            laid.dirty = true;
        }
        for (std::size_t r = 0; r < rowCount; ++r) {
            const QList<SheetText> &cells = block.rows.at(qsizetype(r));
            std::vector<Cell> &row = laid.rows[r];
            if (row.size() != static_cast<std::size_t>(cells.size()))
                row.resize(static_cast<std::size_t>(cells.size()));
            for (std::size_t c = 0; c < row.size(); ++c) {
                Cell &cell = row[c];
                const SheetText &text = cells.at(qsizetype(c));
                if (!cell.layout->text().isNull() && cell.text == text)
                    continue;
                cell.text = text;
                shapeCell(cell);
                laid.dirty = true;
            }
        }
    }
    // Before the view has a size there is nothing to break lines at: the first resize lays out.
    if (m_width <= 0) {
        m_lastRepaint = viewport()->rect();
        viewport()->update();
        return;
    }
    std::vector<char> changed(newCount, 0);
    for (std::size_t i = 0; i < newCount; ++i) {
        changed[i] = m_laid[i]->dirty ? 1 : 0;
        if (m_laid[i]->dirty)
            layoutBlock(*m_laid[i]);
    }
    m_holdScroll = true;
    place();
    m_holdScroll = false;

    // Repaint the blocks whose text changed or that moved, not the whole page: a change of S
    // leaves most of what is on screen (the model states' lines) as it was.
    QRegion region;
    const int scroll = verticalScrollBar()->value();
    const int viewWidth = viewport()->width();
    auto addSpan = [&](qreal top, qreal height) {
        region += QRect(0, static_cast<int>(std::floor(top)) - scroll - 1, viewWidth, static_cast<int>(std::ceil(height)) + 3);
    };
    for (std::size_t i = 0; i < newCount; ++i) {
        Laid &laid = *m_laid[i];
        if (changed[i] || laid.shownHeight < 0 || laid.shownY != laid.y || laid.shownHeight != laid.height) {
            addSpan(laid.y, laid.height);
            if (laid.shownHeight >= 0)
                addSpan(laid.shownY, laid.shownHeight);
        }
        laid.shownY = laid.y;
        laid.shownHeight = laid.height;
    }
    if (m_contentHeight < oldContentHeight)
        addSpan(m_contentHeight, oldContentHeight - m_contentHeight);
    m_lastRepaint = region;
    viewport()->update(region);
}

void SheetView::relayoutAll()
{
    for (const std::unique_ptr<Laid> &laid : m_laid) {
        if (isTable(laid->kind)) {
            for (std::vector<Cell> &row : laid->rows)
                for (Cell &cell : row)
                    shapeCell(cell);
        } else {
            shape(*laid->paragraph.layout, laid->paragraph.text, fontFor(laid->kind), QTextOption::WrapAtWordBoundaryOrAnywhere);
        }
        laid->dirty = true;
    }
    if (m_width > 0) {
        for (const std::unique_ptr<Laid> &laid : m_laid)
            layoutBlock(*laid);
        place();
    }
    viewport()->update();
}

void SheetView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    const int width = std::max(1, viewport()->width() - 2 * kPageMargin);
    if (width != m_width) {
        // A new width breaks the lines again; the text keeps its shaping.
        m_width = width;
        for (const std::unique_ptr<Laid> &laid : m_laid)
            layoutBlock(*laid);
    }
    place();
}

void SheetView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    // The colours and the font are in the shaped text: shape it all again.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        relayoutAll();
}

void SheetView::scrollContentsBy(int, int)
{
    viewport()->update();
}

void SheetView::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    const QPalette &p = palette();
    painter.setPen(p.color(QPalette::Text));
    const QPointF origin(kPageMargin - horizontalScrollBar()->value(), -verticalScrollBar()->value());
    const QRectF dirty = QRectF(event->rect()).translated(-origin);
    const QRegion &region = event->region();
    auto exposed = [&](qreal top, qreal height) {
        return region.intersects(QRect(0, static_cast<int>(std::floor(origin.y() + top)) - 1, viewport()->width(),
                                       static_cast<int>(std::ceil(height)) + 3));
    };
    const qreal em = QFontMetricsF(font()).height();
    for (const std::unique_ptr<Laid> &laid : m_laid) {
        if (laid->y > dirty.bottom())
            break;
        if (laid->y + laid->height < dirty.top() || !exposed(laid->y, laid->height))
            continue;
        if (!isTable(laid->kind)) {
            qreal x = 0;
            if (laid->kind == SheetBlock::Kind::Bullet) {
                x = std::round(em * 1.2);
                painter.drawText(QPointF(origin.x() + std::round(em * 0.35), origin.y() + laid->y + QFontMetricsF(font()).ascent()),
                                 QStringLiteral("•"));
            }
            laid->paragraph.layout->draw(&painter, origin + QPointF(x, laid->y));
            continue;
        }
        for (std::size_t r = 0; r < laid->rows.size(); ++r) {
            const qreal top = laid->y + laid->rowY[r];
            if (top > dirty.bottom() || top + laid->rowHeight[r] < dirty.top() || !exposed(top, laid->rowHeight[r]))
                continue;
            for (std::size_t c = 0; c < laid->rows[r].size() && c < laid->columnWidth.size(); ++c) {
                const Cell &cell = laid->rows[r][c];
                qreal x = laid->columnX[c] + kCellPadding;
                if (cell.brokenAt < 0 && laid->columns.at(int(c)).rightAligned)
                    x += std::max<qreal>(0, laid->columnWidth[c] - 2 * kCellPadding - cell.natural);
                cell.layout->draw(&painter, origin + QPointF(x, top + kCellPadding));
            }
            if (r == 0 && laid->headerRow) {
                // A hairline under the column names, in the grid's muted tone.
                const QPen text = painter.pen();
                painter.setPen(QPen(p.color(QPalette::Mid), 0));
                const qreal y = origin.y() + top + laid->rowHeight[r] - 0.5;
                painter.drawLine(QPointF(origin.x(), y), QPointF(origin.x() + laid->width, y));
                painter.setPen(text);
            }
        }
    }
}

QString SheetView::text() const
{
    QStringList lines;
    for (const std::unique_ptr<Laid> &laid : m_laid) {
        if (!isTable(laid->kind)) {
            lines << (laid->kind == SheetBlock::Kind::Bullet ? QStringLiteral("- ") : QString()) + laid->paragraph.text.text;
            continue;
        }
        for (const std::vector<Cell> &row : laid->rows) {
            QStringList cells;
            for (const Cell &cell : row)
                cells << cell.text.text;
            lines << cells.join(QStringLiteral("  "));
        }
    }
    return lines.join(QLatin1Char('\n'));
}

QRect SheetView::blockRect(int block) const
{
    if (block < 0 || static_cast<std::size_t>(block) >= m_laid.size())
        return QRect();
    const Laid &laid = *m_laid[static_cast<std::size_t>(block)];
    return QRect(0, static_cast<int>(laid.y) - verticalScrollBar()->value(), viewport()->width(),
                 static_cast<int>(std::ceil(laid.height)));
}

int SheetView::lineCount(int block, int row, int column) const
{
    if (block < 0 || static_cast<std::size_t>(block) >= m_laid.size())
        return 0;
    const Laid &laid = *m_laid[static_cast<std::size_t>(block)];
    if (row < 0)
        return isTable(laid.kind) ? 0 : laid.paragraph.layout->lineCount();
    if (static_cast<std::size_t>(row) >= laid.rows.size() || column < 0
        || static_cast<std::size_t>(column) >= laid.rows[static_cast<std::size_t>(row)].size())
        return 0;
    return laid.rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)].layout->lineCount();
}

void SheetView::copyAll() const
{
    QApplication::clipboard()->setText(text());
}

void SheetView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy)) {
        copyAll();
        event->accept();
        return;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

void SheetView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Copy the Whole Sheet"), this, &SheetView::copyAll);
    menu.exec(event->globalPos());
}

QSize SheetView::sizeHint() const
{
    return QSize(480, 480);
}

QSize SheetView::minimumSizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(12 * em, 6 * em);
}

} // namespace headroom
