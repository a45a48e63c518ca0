#include "deferredrefresh.h"

#include <QEvent>
#include <QTimer>
#include <QWidget>

namespace headroom {

DeferredRefresh::DeferredRefresh(QWidget *pane, std::function<void()> refresh)
    : QObject(pane), m_pane(pane), m_refresh(std::move(refresh))
{
    pane->installEventFilter(this);
}

void DeferredRefresh::request()
{
    m_pending = true;
    if (m_scheduled || !m_pane->isVisible())
        return;
    m_scheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_scheduled = false;
        if (m_pane->isVisible())
            run();
    });
}

void DeferredRefresh::flush()
{
    if (m_pending)
        run();
}

bool DeferredRefresh::eventFilter(QObject *watched, QEvent *event)
{
    // Shown again (its tab raised, its dock opened): catch up before the first paint.
    if (watched == m_pane && event->type() == QEvent::Show && m_pending)
        run();
    return QObject::eventFilter(watched, event);
}

void DeferredRefresh::run()
{
    m_pending = false;
    ++m_count;
    m_refresh();
}

} // namespace headroom
