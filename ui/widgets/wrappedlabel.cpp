#include "wrappedlabel.h"

#include <QEvent>

namespace headroom {

WrappedLabel::WrappedLabel(QWidget *parent) : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
}

void WrappedLabel::setText(const QString &text)
{
    if (text == QLabel::text())
        return;
    forget();
    QLabel::setText(text);
}

int WrappedLabel::heightForWidth(int width) const
{
    for (const Remembered &r : m_heights)
        if (r.width == width)
            return r.height;
    const int height = QLabel::heightForWidth(width);
    m_heights[static_cast<std::size_t>(m_next)] = Remembered{ width, height };
    m_next = (m_next + 1) % static_cast<int>(m_heights.size());
    ++m_measured;
    return height;
}

QSize WrappedLabel::sizeHint() const
{
    const int chars = fontMetrics().averageCharWidth();
    const int width = this->width() > 0 && testAttribute(Qt::WA_Resized) ? this->width() : 80 * chars;
    return { width, heightForWidth(width) };
}

QSize WrappedLabel::minimumSizeHint() const
{
    const QMargins m = contentsMargins();
    const int frame = 2 * (frameWidth() + margin());
    return { 12 * fontMetrics().averageCharWidth() + m.left() + m.right() + frame,
             fontMetrics().height() + m.top() + m.bottom() + frame };
}

void WrappedLabel::forget()
{
    m_heights.fill(Remembered{});
}

void WrappedLabel::changeEvent(QEvent *event)
{
    // A new font or style measures differently; so do other margins or indents (set through
    // QLabel's setters, which end in a ContentsRectChange or a font event here).
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange
        || event->type() == QEvent::ContentsRectChange || event->type() == QEvent::LanguageChange)
        forget();
    QLabel::changeEvent(event);
}

} // namespace headroom
