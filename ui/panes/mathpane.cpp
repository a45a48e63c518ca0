#include "mathpane.h"

#include <algorithm>

#include <QEvent>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextFrame>
#include <QTextTable>
#include <QVBoxLayout>

#include "deferredrefresh.h"
#include "mathsheet.h"
#include "scenariodocument.h"

namespace headroom {

MathPane::MathPane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_browser(new QTextBrowser(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    m_browser->setOpenLinks(false);
    m_browser->setToolTip(tr("Each bucket's formula with the current scenario's numbers plugged in, in GB and GiB."));
    m_browser->setAccessibleName(tr("Show the math"));
    // Once per event-loop turn: a drag that changes the scenario twice in a turn sets the
    // sheet once.
    m_deferred = new DeferredRefresh(this, [this] { rebuild(); });
    connect(document, &ScenarioDocument::breakdownChanged, this, &MathPane::scheduleRebuild);
    connect(document, &ScenarioDocument::measuredChanged, this, &MathPane::scheduleRebuild);
    rebuild();
}

void MathPane::setUnit(DisplayUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    scheduleRebuild();
}

void MathPane::scheduleRebuild()
{
    m_dirty = true;
    // A hidden pane (another tab in front) catches up when it is shown.
    if (m_deferred)
        m_deferred->request();
}

void MathPane::rebuild()
{
    const MathSheet sheet = currentSheet();
    const QPalette &p = palette();
    const QColor text = p.color(QPalette::Text);
    const QColor muted = QColor::fromRgbF((text.redF() + p.color(QPalette::Base).redF()) / 2,
                             (text.greenF() + p.color(QPalette::Base).greenF()) / 2,
                             (text.blueF() + p.color(QPalette::Base).blueF()) / 2);
    const QColor accent = p.color(QPalette::Link);
    MathMarkup markup = mathSheetMarkup(sheet, text.name(), muted.name(), accent.name());
    m_textColor = text.name();
    if (!updateInPlace(markup)) {
        const int scroll = m_browser->verticalScrollBar() ? m_browser->verticalScrollBar()->value() : 0;
        m_browser->setHtml(mathMarkupHtml(markup, m_textColor));
        m_browser->document()->setUndoRedoEnabled(false);
        if (m_browser->verticalScrollBar())
            m_browser->verticalScrollBar()->setValue(scroll);
        ++m_fullRebuilds;
    }
    m_shown = std::move(markup);
    m_dirty = false;
}

namespace {

// Replaces what \a cursor selects by \a html. Plain text keeps the characters' format (a
// heading's size, a cell's colour); markup carries the body's text colour, which a fragment
// inserted alone would not inherit.
void replaceSelection(QTextCursor &cursor, const QString &html, bool plain, const QString &textColor)
{
    if (plain) {
        QTextCursor first(cursor.document());
        first.setPosition(cursor.selectionStart() + 1);
        const QTextCharFormat format = first.charFormat();
        QString text = html;
        text.replace(QLatin1String("&lt;"), QLatin1String("<"))
                .replace(QLatin1String("&gt;"), QLatin1String(">"))
                .replace(QLatin1String("&quot;"), QLatin1String("\""))
                .replace(QLatin1String("&amp;"), QLatin1String("&"));
        cursor.insertText(text, format);
    } else {
        cursor.insertHtml(QStringLiteral("<span style=\"color:%1\">%2</span>").arg(textColor, html));
    }
}

} // namespace

namespace {

int columnCount(const MathMarkupItem &table)
{
    return table.rows.isEmpty() ? 0 : static_cast<int>(table.rows.first().size());
}

// Two elements the document can turn one into the other in place: the same kind, tag and
// attributes; tables of as many columns (rows may come and go).
bool compatible(const MathMarkupItem &a, const MathMarkupItem &b)
{
    return a.kind == b.kind && a.tag == b.tag && a.attributes == b.attributes
            && (a.kind != MathMarkupItem::Kind::Table || columnCount(a) == columnCount(b));
}

bool sameCells(const QList<MathMarkupCell> &a, const QList<MathMarkupCell> &b)
{
    if (a.size() != b.size())
        return false;
    for (int c = 0; c < a.size(); ++c)
        if (a.at(c).attributes != b.at(c).attributes || a.at(c).header != b.at(c).header)
            return false;
    return true;
}

// A row stays the same row while its first cell (the symbol, the tensor's name) does.
bool sameRow(const QList<MathMarkupCell> &a, const QList<MathMarkupCell> &b)
{
    return sameCells(a, b) && !a.isEmpty() && a.first().html == b.first().html;
}

// How a shown list (elements, or a table's rows) maps onto a new one: alike at the start and at
// the end, the middle paired by position, the rest of the middle gone or added.
struct Alignment
{
    int prefix = 0, suffix = 0, oldMiddle = 0, newMiddle = 0;
    int paired() const { return std::min(oldMiddle, newMiddle); }
};

//! \a alike(i, j): whether shown item i can become new item j in place.
template<typename Alike>
Alignment align(int oldCount, int newCount, Alike alike)
{
    Alignment a;
    const int common = std::min(oldCount, newCount);
    while (a.prefix < common && alike(a.prefix, a.prefix))
        ++a.prefix;
    while (a.suffix < common - a.prefix && alike(oldCount - 1 - a.suffix, newCount - 1 - a.suffix))
        ++a.suffix;
    a.oldMiddle = oldCount - a.prefix - a.suffix;
    a.newMiddle = newCount - a.prefix - a.suffix;
    return a;
}

Alignment planRows(const MathMarkupItem &was, const MathMarkupItem &now)
{
    return align(was.rows.size(), now.rows.size(), [&](int i, int j) { return sameRow(was.rows.at(i), now.rows.at(j)); });
}

// The shown row whose cells have the attributes of \a row (its cells' formats are copied to a
// new row); -1 if none.
int rowLike(const MathMarkupItem &was, const QList<MathMarkupCell> &row)
{
    for (int r = 0; r < was.rows.size(); ++r)
        if (sameCells(was.rows.at(r), row))
            return r;
    return -1;
}

bool isParagraph(const MathMarkupItem &item)
{
    return item.kind == MathMarkupItem::Kind::Block;
}

} // namespace

void MathPane::setCell(QTextTable *table, int row, int column, const MathMarkupCell &cell)
{
    const QTextTableCell at = table->cellAt(row, column);
    QTextCursor cursor = at.firstCursorPosition();
    cursor.setPosition(at.lastCursorPosition().position(), QTextCursor::KeepAnchor);
    replaceSelection(cursor, cell.html, cell.plain && !cursor.selectedText().isEmpty(), m_textColor);
}

void MathPane::updateTable(QTextTable *table, const MathMarkupItem &was, const MathMarkupItem &now)
{
    const Alignment plan = planRows(was, now);
    const int paired = plan.paired();
    auto updateRow = [&](int oldRow, int newRow, int at) {
        for (int c = 0; c < now.rows.at(newRow).size(); ++c)
            if (now.rows.at(newRow).at(c).html != was.rows.at(oldRow).at(c).html)
                setCell(table, at, c, now.rows.at(newRow).at(c));
    };
    // From the end: rows below the middle, then the middle, then the rows above it, so that
    // the row numbers of what is still to change do not move.
    const int oldRows = was.rows.size(), newRows = now.rows.size();
    for (int k = 0; k < plan.suffix; ++k)
        updateRow(oldRows - 1 - k, newRows - 1 - k, oldRows - 1 - k);
    const int first = plan.prefix + paired; // where rows go or come
    if (plan.oldMiddle > paired)
        table->removeRows(first, plan.oldMiddle - paired);
    if (plan.newMiddle > paired) {
        table->insertRows(first, plan.newMiddle - paired);
        for (int r = first; r < first + plan.newMiddle - paired; ++r) {
            const int like = rowLike(was, now.rows.at(r));
            // The template row's number after the insertion.
            const int likeAt = like < first ? like : like + plan.newMiddle - paired;
            for (int c = 0; c < now.rows.at(r).size(); ++c) {
                QTextCursor cursor = table->cellAt(r, c).firstCursorPosition();
                cursor.setBlockFormat(table->cellAt(likeAt, c).firstCursorPosition().blockFormat());
                cursor.insertHtml(QStringLiteral("<span style=\"color:%1\">%2</span>").arg(m_textColor, now.rows.at(r).at(c).html));
            }
        }
    }
    for (int k = paired - 1; k >= 0; --k)
        updateRow(plan.prefix + k, plan.prefix + k, plan.prefix + k);
    for (int r = plan.prefix - 1; r >= 0; --r)
        updateRow(r, r, r);
}

bool MathPane::updateInPlace(const MathMarkup &markup)
{
    const MathMarkup &old = m_shown;
    // The document's top-level blocks and tables, in order, against the elements shown last.
    QTextDocument *doc = m_browser->document();
    QList<QTextBlock> blocks;
    QList<QTextTable *> tables;
    for (QTextFrame::iterator it = doc->rootFrame()->begin(); !it.atEnd(); ++it) {
        if (QTextFrame *frame = it.currentFrame()) {
            auto *table = qobject_cast<QTextTable *>(frame);
            if (!table)
                return false;
            tables << table;
        } else if (it.currentBlock().length() > 1) {
            // Every element has text; an empty block is the one Qt keeps after a table.
            blocks << it.currentBlock();
        }
    }
    QList<int> slot; // per element shown: its index in blocks or tables
    int nextBlock = 0, nextTable = 0;
    for (const MathMarkupItem &item : old)
        slot << (item.kind == MathMarkupItem::Kind::Table ? nextTable++ : nextBlock++);
    if (old.isEmpty() || nextTable != tables.size() || nextBlock != blocks.size())
        return false;
    for (int i = 0; i < old.size(); ++i) {
        const MathMarkupItem &item = old.at(i);
        if (item.kind == MathMarkupItem::Kind::Table) {
            const QTextTable *table = tables.at(slot.at(i));
            if (table->rows() != item.rows.size() || table->columns() != columnCount(item))
                return false;
        }
    }

    // The elements alike at the start and at the end keep their place and change their content;
    // between them, lines may come and go (a section gains or loses a term): paragraphs only,
    // each taking the place of one shown with the same format, else the sheet is set whole.
    const int oldCount = old.size(), newCount = markup.size();
    const Alignment elements = align(oldCount, newCount, [&](int i, int j) { return compatible(old.at(i), markup.at(j)); });
    const int prefix = elements.prefix, suffix = elements.suffix;
    const int oldMiddle = elements.oldMiddle, newMiddle = elements.newMiddle, paired = elements.paired();
    for (int k = 0; k < oldMiddle; ++k)
        if (!isParagraph(old.at(prefix + k)))
            return false;
    for (int k = 0; k < newMiddle; ++k) {
        const MathMarkupItem &item = markup.at(prefix + k);
        if (!isParagraph(item) || (k < paired && !compatible(old.at(prefix + k), item)))
            return false;
    }
    // A table's new rows copy the formats of a shown row with the same cells.
    auto pairedElement = [&](int i) { return i < prefix + paired ? i : i - newCount + oldCount; };
    for (int i = 0; i < newCount; ++i) {
        const MathMarkupItem &item = markup.at(i);
        if (item.kind != MathMarkupItem::Kind::Table)
            continue;
        const MathMarkupItem &was = old.at(pairedElement(i));
        const Alignment plan = planRows(was, item);
        for (int r = plan.prefix + plan.paired(); r < plan.prefix + plan.newMiddle; ++r)
            if (rowLike(was, item.rows.at(r)) < 0)
                return false;
    }
    // New lines open after the last paired line, else after the element before the middle.
    const int anchor = prefix + paired - 1;
    if (newMiddle > oldMiddle && (anchor < 0 || !isParagraph(old.at(anchor))))
        return false;
    QList<QTextBlockFormat> newFormats;
    for (int k = paired; k < newMiddle; ++k) {
        const MathMarkupItem &item = markup.at(prefix + k);
        int like = -1;
        for (int i = 0; i < oldCount && like < 0; ++i)
            if (isParagraph(old.at(i)) && old.at(i).tag == item.tag && old.at(i).attributes == item.attributes)
                like = i;
        if (like < 0)
            return false;
        newFormats << blocks.at(slot.at(like)).blockFormat();
    }

    // Block and table handles stay valid while other places change, so the order of the edits
    // does not matter; as one edit, the document is laid out once.
    QTextCursor batch(doc);
    batch.beginEditBlock();
    auto updateElement = [&](const MathMarkupItem &was, const MathMarkupItem &now, int shownSlot) {
        if (now.kind == MathMarkupItem::Kind::Table) {
            updateTable(tables.at(shownSlot), was, now);
        } else if (now.html != was.html) {
            QTextCursor cursor(blocks.at(shownSlot));
            cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
            replaceSelection(cursor, now.html, now.plain && !cursor.selectedText().isEmpty(), m_textColor);
        }
    };
    for (int i = 0; i < prefix + paired; ++i)
        updateElement(old.at(i), markup.at(i), slot.at(i));
    for (int k = 0; k < suffix; ++k)
        updateElement(old.at(oldCount - 1 - k), markup.at(newCount - 1 - k), slot.at(oldCount - 1 - k));
    // Lines gone: their whole blocks, separators included.
    for (int k = paired; k < oldMiddle; ++k) {
        const QTextBlock gone = blocks.at(slot.at(prefix + k));
        QTextCursor cursor(doc);
        if (gone.next().isValid()) {
            cursor.setPosition(gone.position());
            cursor.setPosition(gone.next().position(), QTextCursor::KeepAnchor);
        } else { // the last block: take the separator before it
            cursor.setPosition(gone.position() - 1);
            cursor.setPosition(gone.position() + gone.length() - 1, QTextCursor::KeepAnchor);
        }
        cursor.removeSelectedText();
    }
    // Lines added: a block after the anchor in a shown line's format, then its content.
    if (newMiddle > paired) {
        QTextCursor cursor(blocks.at(slot.at(anchor)));
        for (int k = paired; k < newMiddle; ++k) {
            const MathMarkupItem &item = markup.at(prefix + k);
            cursor.movePosition(QTextCursor::EndOfBlock);
            cursor.insertBlock(newFormats.at(k - paired), QTextCharFormat());
            cursor.insertHtml(QStringLiteral("<span style=\"color:%1\">%2</span>").arg(m_textColor, item.html));
        }
    }
    batch.endEditBlock();
    return true;
}

QString MathPane::plainText() const
{
    return mathSheetText(currentSheet());
}

MathSheet MathPane::currentSheet() const
{
    MathSheet sheet = buildMathSheet(m_document->spec(), m_document->breakdown(), m_document->derivation(),
                                     m_document->catalogue(), m_unit);
    // A check script's measurement, beside the derivation's peak.
    if (m_document->hasMeasured())
        addMeasuredSection(sheet, m_document->measuredComparison(), m_document->measured(), m_document->measuredIsCurrent(),
                           m_unit);
    return sheet;
}

void MathPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        rebuild();
}

void MathPane::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        scheduleRebuild();
}

} // namespace headroom
