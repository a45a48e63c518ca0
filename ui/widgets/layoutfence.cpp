#include "layoutfence.h"

#include <algorithm>

#include <QEvent>
#include <QLayout>
#include <QResizeEvent>

namespace headroom {

LayoutFence::LayoutFence(QWidget *child, QWidget *parent) : QWidget(parent), m_child(child)
{
    child->setParent(this);
    child->installEventFilter(this);
    setSizePolicy(child->sizePolicy());
    m_hints = hintsNow();
    m_shrink.setSingleShot(true);
    connect(&m_shrink, &QTimer::timeout, this, &LayoutFence::shrink);
}

void LayoutFence::setShrinkDelay(int stillMs)
{
    m_shrink.setInterval(std::max(0, stillMs));
}

QSize LayoutFence::sizeHint() const
{
    QSize s = m_child->sizeHint();
    s.setHeight(std::max(s.height(), m_heldHeight));
    return s;
}

QSize LayoutFence::minimumSizeHint() const
{
    QSize s = m_child->minimumSizeHint();
    s.setHeight(std::max(s.height(), m_heldHeight));
    return s;
}

bool LayoutFence::hasHeightForWidth() const
{
    return m_child->hasHeightForWidth();
}

int LayoutFence::heightForWidth(int width) const
{
    return std::max(m_child->heightForWidth(width), m_heldHeight);
}

int LayoutFence::neededHeight() const
{
    return m_child->hasHeightForWidth() ? m_child->heightForWidth(width()) : m_child->sizeHint().height();
}

LayoutFence::Hints LayoutFence::hintsNow() const
{
    return Hints{ m_child->sizeHint().height(), m_child->minimumSizeHint(),
                  m_child->hasHeightForWidth() ? m_child->heightForWidth(width()) : -1, m_child->sizePolicy() };
}

void LayoutFence::passOn(const Hints &now)
{
    m_hints = now;
    m_unsure = false;
    setSizePolicy(now.policy);
    ++m_passedOn;
    updateGeometry();
    // Lay out the parent now rather than on the next turn: the child must not be shown squeezed
    // into its old height for a frame.
    if (QWidget *parent = parentWidget(); parent && parent->layout() && parent->isVisible())
        parent->layout()->activate();
}

void LayoutFence::childRelaidOut()
{
    const Hints now = hintsNow();
    if (now == m_hints) {
        m_unsure = m_unsure || now.heightHere >= 0;
        return;
    }
    if (m_shrink.interval() > 0) {
        const int needed = neededHeight();
        const int shown = height();
        if (needed <= shown && isVisible()) {
            // Smaller (or as tall, other hints moved): keep the height until the child is still.
            // The child keeps the fence's height too, the room below its content its own.
            m_heldHeight = shown;
            m_hints = now;
            m_unsure = true;
            m_shrink.start();
            return;
        }
        // Taller: grow now, and hold the new height while the changes go on.
        m_heldHeight = needed;
        m_shrink.start();
    }
    passOn(now);
}

void LayoutFence::shrink()
{
    m_heldHeight = 0;
    passOn(hintsNow());
}

bool LayoutFence::eventFilter(QObject *watched, QEvent *event)
{
    // The child is about to lay itself out again: do it now and pass the result on in the same
    // turn, as the child's layout would have told the layout above without a fence. (Its own
    // request to the fence, posted at the end of that layout, then finds nothing new.)
    if (watched == m_child && event->type() == QEvent::LayoutRequest && m_child->layout()) {
        m_child->layout()->activate();
        childRelaidOut();
    }
    return QWidget::eventFilter(watched, event);
}

bool LayoutFence::event(QEvent *event)
{
    // The child's layout posts this to its parent (the fence has no layout of its own) after it
    // has laid the child out again.
    if (event->type() == QEvent::LayoutRequest) {
        childRelaidOut();
        return true;
    }
    return QWidget::event(event);
}

void LayoutFence::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const bool widthChanged = event->size().width() != event->oldSize().width();
    if (widthChanged && m_heldHeight > 0) {
        // Another width is another wrapping: no height is held across it.
        m_heldHeight = 0;
        m_shrink.stop();
        m_unsure = true;
    }
    // The child fills the fence; while a height is held its layout keeps the room below its
    // content (resizing it to its content would repaint it on every step).
    m_child->setGeometry(rect());
    if (m_unsure && widthChanged) {
        // The layout above may hold heights for widths that were measured before the child's text
        // changed: let it measure again.
        m_unsure = false;
        m_hints = hintsNow();
        updateGeometry();
    }
}

} // namespace headroom
