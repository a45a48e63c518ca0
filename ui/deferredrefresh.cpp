#include "deferredrefresh.h"

#include <QDockWidget>
#include <QEvent>
#include <QRect>
#include <QTimer>
#include <QWidget>

namespace headroom {

DeferredRefresh::DeferredRefresh(QWidget *pane, std::function<void()> refresh)
    : QObject(pane), m_pane(pane), m_refresh(std::move(refresh))
{
    pane->installEventFilter(this);
}

namespace {

// Whether any of \a widget lies inside its window, clipped by every parent on the way up.
// (visibleRegion() would also subtract opaque children, and a pane is covered by its plot.)
bool insideWindow(const QWidget *widget)
{
    QRect r = widget->rect();
    for (const QWidget *w = widget; !w->isWindow() && w->parentWidget(); w = w->parentWidget()) {
        r = r.translated(w->pos()) & w->parentWidget()->rect();
        if (r.isEmpty())
            return false;
    }
    return !r.isEmpty();
}

} // namespace

bool DeferredRefresh::onScreen()
{
    if (!m_pane->isVisible())
        return false;
    // Shown, the pane is where it stays: look for its dock once.
    if (!m_dockSearched)
        watchDock();
    // A dock tabbed behind another stays "visible": Qt moves it out of the window instead of
    // hiding it, so only its place tells it is not seen.
    return insideWindow(m_pane);
}

void DeferredRefresh::watchDock()
{
    m_dockSearched = true;
    for (QWidget *w = m_pane->parentWidget(); w; w = w->parentWidget()) {
        if (auto *dock = qobject_cast<QDockWidget *>(w)) {
            // Its tab raised: it is moved into the window after the signal, so catch up on the
            // next turn, before the paint.
            connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
                if (visible && m_pending)
                    QTimer::singleShot(0, this, [this] {
                        if (m_pending && m_pane->isVisible())
                            run();
                    });
            });
            return;
        }
    }
}

void DeferredRefresh::request()
{
    m_pending = true;
    if (m_scheduled || !onScreen())
        return;
    m_scheduled = true;
    QTimer::singleShot(0, this, [this] {
        m_scheduled = false;
        if (m_pending && onScreen())
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
