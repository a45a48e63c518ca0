#include "fittedlabel.h"

#include <QEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QTextLayout>

namespace headroom {

FittedLabel::FittedLabel(QWidget *parent) : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    // Painted here, line by line: QLabel's own word wrap would ask the layout for every line.
    setWordWrap(false);
}

void FittedLabel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_wrappedWidth = -1;
    // The accessible text stays QLabel's; what is drawn comes from shownLines().
    QLabel::setText(text);
    updateGeometry();
    updateToolTip();
    update();
}

QStringList FittedLabel::wrapped(int width) const
{
    if (width == m_wrappedWidth)
        return m_wrapped;
    QStringList lines;
    if (m_text.isEmpty() || width <= 0)
        return lines;
    QTextLayout layout(m_text, font());
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        lines.append(m_text.mid(line.textStart(), line.textLength()).trimmed());
    }
    layout.endLayout();
    m_wrappedWidth = width;
    m_wrapped = lines;
    return lines;
}

int FittedLabel::linesIn(int height) const
{
    return std::max(1, height / std::max(1, fontMetrics().lineSpacing()));
}

QStringList FittedLabel::fitted(const QStringList &all, int width, int height) const
{
    const int room = linesIn(height);
    if (all.size() <= room)
        return all;
    QStringList shown = all.mid(0, room);
    // The last line shown ends the note: the rest of the text elided after it.
    QString rest = all.at(room - 1);
    for (qsizetype i = room; i < all.size(); ++i)
        rest += QLatin1Char(' ') + all.at(i);
    shown.last() = fontMetrics().elidedText(rest, Qt::ElideRight, width);
    return shown;
}

QStringList FittedLabel::shownLines() const
{
    const QRect area = contentsRect();
    return fitted(wrapped(area.width()), area.width(), area.height());
}

bool FittedLabel::isCut() const
{
    const QRect area = contentsRect();
    return wrapped(area.width()).size() > linesIn(area.height());
}

QSize FittedLabel::sizeHint() const
{
    const QMargins m = contentsMargins();
    const int width = this->width() > 0 && testAttribute(Qt::WA_Resized) ? this->width()
                                                                          : 60 * fontMetrics().averageCharWidth() + m.left() + m.right();
    const auto lines = static_cast<int>(wrapped(width - m.left() - m.right()).size());
    return { width, std::max(1, lines) * fontMetrics().lineSpacing() + m.top() + m.bottom() };
}

QSize FittedLabel::minimumSizeHint() const
{
    const QMargins m = contentsMargins();
    return { 12 * fontMetrics().averageCharWidth() + m.left() + m.right(), fontMetrics().lineSpacing() + m.top() + m.bottom() };
}

void FittedLabel::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setPen(palette().color(foregroundRole()));
    const QRect area = contentsRect();
    const int step = fontMetrics().lineSpacing();
    int y = area.top();
    for (const QString &line : shownLines()) {
        painter.drawText(QRect(area.left(), y, area.width(), step), Qt::AlignLeft | Qt::AlignVCenter, line);
        y += step;
    }
}

void FittedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    updateToolTip();
    // The hint's height follows the width: at another width the layout may give other room.
    if (event->oldSize().width() != width())
        updateGeometry();
}

void FittedLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        m_wrappedWidth = -1; // another font wraps elsewhere
    if (event->type() == QEvent::FontChange || event->type() == QEvent::ContentsRectChange)
        updateToolTip();
}

void FittedLabel::updateToolTip()
{
    setToolTip(isCut() ? m_text : QString());
}

} // namespace headroom
