#include "layoutfence.h"

#include <QEvent>

namespace headroom {

LayoutFence::LayoutFence(QWidget *child, QWidget *parent) : QWidget(parent), m_child(child)
{
    child->setParent(this);
    setSizePolicy(child->sizePolicy());
    m_hints = hintsNow();
}

QSize LayoutFence::sizeHint() const
{
    return m_child->sizeHint();
}

QSize LayoutFence::minimumSizeHint() const
{
    return m_child->minimumSizeHint();
}

bool LayoutFence::hasHeightForWidth() const
{
    return m_child->hasHeightForWidth();
}

int LayoutFence::heightForWidth(int width) const
{
    return m_child->heightForWidth(width);
}

LayoutFence::Hints LayoutFence::hintsNow() const
{
    return Hints{ m_child->sizeHint(), m_child->minimumSizeHint(),
                  m_child->hasHeightForWidth() ? m_child->heightForWidth(width()) : -1, m_child->sizePolicy() };
}

void LayoutFence::childRelaidOut()
{
    const Hints now = hintsNow();
    if (now == m_hints) {
        m_unsure = m_unsure || now.heightHere >= 0;
        return;
    }
    m_hints = now;
    m_unsure = false;
    setSizePolicy(now.policy);
    ++m_passedOn;
    updateGeometry();
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
    m_child->setGeometry(rect());
    if (m_unsure) {
        // The layout above may hold heights for widths that were measured before the child's text
        // changed: let it measure again.
        m_unsure = false;
        m_hints = hintsNow();
        updateGeometry();
    }
}

} // namespace headroom
