#pragma once

// One refresh per event-loop turn, and none while hidden. A pane asks for a refresh on every
// change it hears of; this runs the refresh once, after the change's other handlers, and only
// if the pane is on screen: a pane behind a tab, in a closed dock or in a dock behind another's
// tab refreshes when it is shown.
// A slider drag that changes the scenario five times in one turn repaints each pane once.

#include <functional>

#include <QObject>

class QWidget;

namespace headroom {

class DeferredRefresh final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeferredRefresh)

public:
    //! Refreshes \a pane with \a refresh; owned by \a pane.
    DeferredRefresh(QWidget *pane, std::function<void()> refresh);

    //! The pane's content is out of date: refresh it on the next turn if visible, else on show.
    void request();
    //! Refreshes now if a request is pending (tests, and a screenshot about to be taken).
    void flush();
    bool isPending() const { return m_pending; }
    //! How many refreshes have run (tests).
    int refreshCount() const { return m_count; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void run();
    //! Visible and not moved out of the window (a dock behind another's tab).
    bool onScreen();
    //! Follows the pane's dock, if it is in one, to catch up when the dock's tab is raised.
    void watchDock();

    QWidget *m_pane;
    bool m_dockSearched = false; //!< its dock, if any, is followed (watchDock())
    std::function<void()> m_refresh;
    bool m_pending = false;
    bool m_scheduled = false;
    int m_count = 0;
};

} // namespace headroom
