#pragma once

// What the window's tests share: US English and the shipped catalogue once per test case, a fresh
// main window over a throw-away settings file for each test, and dropping a file on a widget.

#include <memory>

#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QLocale>
#include <QMimeData>
#include <QSize>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <headroom/io/catalogue.h>

#include "mainwindow.h"
#include "settings.h"

namespace headroom::test {

class WindowTest
{
protected:
    //! For initTestCase(): the locale the expected texts are written in, and the catalogue.
    [[nodiscard]] bool setUpCatalogue()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        return loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None;
    }

    //! For init(): a new window, at \a size if one is given, shown; false if it is never exposed.
    //! \a remembersSession false: it neither restores nor saves a session.
    [[nodiscard]] bool openWindow(bool remembersSession, QSize size = QSize())
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_settings = std::make_unique<Settings>(m_dir->filePath(QStringLiteral("headroom.ini")));
        m_window = std::make_unique<MainWindow>(m_catalogue, *m_settings);
        if (!remembersSession)
            m_window->setRemembersSession(false);
        if (size.isValid())
            m_window->resize(size);
        m_window->show();
        return QTest::qWaitForWindowExposed(m_window.get());
    }

    //! For cleanup().
    void closeWindow()
    {
        m_window.reset();
        m_settings.reset();
        m_dir.reset();
    }

    // The window with every pane's pending refresh run: panes refresh once per event-loop turn.
    MainWindow *flushed()
    {
        m_window->flushRefreshes();
        return m_window.get();
    }

    Catalogue m_catalogue;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

//! Drops \a path on \a target as a file manager does; false if the target refuses the drag.
[[nodiscard]] inline bool dropFile(QWidget *target, const QString &path)
{
    QMimeData mime;
    mime.setUrls({ QUrl::fromLocalFile(path) });
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent dropEvent(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &dropEvent);
    // The drop is handled once the drag's own event processing is over.
    QCoreApplication::processEvents();
    return true;
}

} // namespace headroom::test
