// What the window keeps between sessions and the menus around the plan: recent files (latest
// first, eight at most, a vanished file taken off with a message), a saved layout restored only
// on a screen it still fits, and Help › About naming this build's libraries and licences.

#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>

#include <boost/version.hpp>

#include "aboutdialog.h"
#include "mainwindow.h"
#include "messagebox.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

QMenu *menuNamed(QMainWindow &window, const QString &title)
{
    for (QAction *a : window.menuBar()->actions())
        if (a->menu() && a->text().remove(QLatin1Char('&')) == title)
            return a->menu();
    return nullptr;
}

QMenu *subMenuNamed(QMenu *menu, const QString &title)
{
    for (QAction *a : menu->actions())
        if (a->menu() && a->text().remove(QLatin1Char('&')) == title)
            return a->menu();
    return nullptr;
}

} // namespace

class TestSession : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None);
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_settings = std::make_unique<Settings>(m_dir->filePath(QStringLiteral("headroom.ini")));
    }

    void cleanup()
    {
        m_settings.reset();
        m_dir.reset();
    }

    void savedAndOpenedFilesAreRecentLatestFirst()
    {
        MainWindow window(m_catalogue, *m_settings);
        QStringList paths;
        for (int i = 0; i < 10; ++i) {
            paths << m_dir->filePath(QStringLiteral("plan%1.json").arg(i));
            QVERIFY(window.saveFile(paths.last()));
        }
        // Ten saved, eight kept: plan9 first, plan2 last.
        QStringList expected;
        for (int i = 9; i >= 2; --i)
            expected << paths.at(i);
        QCOMPARE(window.recentFiles(), expected);
        // Opening one again moves it to the front without repeating it.
        QVERIFY(window.openFile(paths.at(5)));
        QCOMPARE(window.recentFiles().constFirst(), paths.at(5));
        QCOMPARE(window.recentFiles().count(paths.at(5)), 1);
        QCOMPARE(window.recentFiles().size(), 8);

        QMenu *recent = subMenuNamed(menuNamed(window, QStringLiteral("File")), QStringLiteral("Open Recent"));
        QVERIFY(recent);
        QCOMPARE(recent->actions().constFirst()->text(), QStringLiteral("&1 plan5.json"));
        QCOMPARE(recent->actions().constFirst()->toolTip(), QDir::toNativeSeparators(paths.at(5)));

        // The list outlives the window.
        MainWindow second(m_catalogue, *m_settings);
        QCOMPARE(second.recentFiles().constFirst(), paths.at(5));
    }

    // Issue 32, item 13: the list was read without its cap, so an edited settings file with
    // 10,000 entries made a menu of 10,000 items. Eight are read, whatever the file holds.
    void anEditedRecentListIsReadToItsCap()
    {
        QStringList many;
        for (int i = 0; i < 10'000; ++i)
            many << m_dir->filePath(QStringLiteral("p%1.json").arg(i));
        m_settings->recentFiles.setValue(many);
        MainWindow window(m_catalogue, *m_settings);
        QCOMPARE(window.recentFiles(), many.mid(0, MainWindow::kMaxRecentFiles));
        QMenu *recent = subMenuNamed(menuNamed(window, QStringLiteral("File")), QStringLiteral("Open Recent"));
        QVERIFY(recent);
        // The files, a separator and "Clear the List".
        QCOMPARE(recent->actions().size(), MainWindow::kMaxRecentFiles + 2);
    }

    void aVanishedRecentFileIsTakenOffWithAMessage()
    {
        MainWindow window(m_catalogue, *m_settings);
        const QString kept = m_dir->filePath(QStringLiteral("kept.json"));
        const QString gone = m_dir->filePath(QStringLiteral("gone.json"));
        QVERIFY(window.saveFile(kept));
        QVERIFY(window.saveFile(gone));
        QVERIFY(QFile::remove(gone));
        const Count batch = window.document()->scenario().training.microBatch;

        QMenu *recent = subMenuNamed(menuNamed(window, QStringLiteral("File")), QStringLiteral("Open Recent"));
        QCOMPARE(recent->actions().constFirst()->text(), QStringLiteral("&1 gone.json"));
        MessageBox::setNextAnswer(QMessageBox::Ok);
        recent->actions().constFirst()->trigger();
        QVERIFY2(MessageBox::lastText().contains(QStringLiteral("no longer exists")), qPrintable(MessageBox::lastText()));
        QCOMPARE(window.recentFiles(), QStringList{ kept });
        QCOMPARE(window.document()->scenario().training.microBatch, batch);
    }

    void aSavedLayoutComesBackOnlyWhereItFits()
    {
        const QRect avail = QGuiApplication::primaryScreen()->availableGeometry();
        QSize saved;
        {
            MainWindow window(m_catalogue, *m_settings);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.resize(window.width(), window.height() - 100);
            saved = window.size();
            window.close();
        }
        QCOMPARE(m_settings->windowScreen.value(), avail.size());
        {
            // The same screen: the saved size comes back.
            MainWindow window(m_catalogue, *m_settings);
            window.restoreSession();
            QCOMPARE(window.size(), saved);
        }
        // Saved on a screen larger than this one: the window fits this screen instead.
        m_settings->windowScreen.setValue(avail.size() + QSize(1000, 1000));
        MainWindow window(m_catalogue, *m_settings);
        window.restoreSession();
        Settings nothingSaved(m_dir->filePath(QStringLiteral("empty.ini")));
        MainWindow reference(m_catalogue, nothingSaved);
        reference.restoreSession();
        QCOMPARE(window.size(), reference.size());
        QVERIFY(window.size() != saved);
    }

    void aboutNamesTheLibrariesAndTheirLicences()
    {
        const QString text = AboutText::html();
        QVERIFY(text.contains(QStringLiteral("MIT licence")));
        QVERIFY(text.contains(QStringLiteral("Qt %1").arg(QStringLiteral(QT_VERSION_STR))));
        QVERIFY(text.contains(QStringLiteral("GNU LGPL version 3")));
        // Debian 12's QCustomPlot is 2.1; Boost's version as its header spells it, e.g. 1.74.
        QVERIFY(text.contains(QStringLiteral("QCustomPlot 2.1")));
        QVERIFY(text.contains(QStringLiteral("Boost %1.%2").arg(BOOST_VERSION / 100000).arg(BOOST_VERSION / 100 % 1000)));
        QVERIFY(text.contains(QStringLiteral("Boost Software License 1.0")));

        MainWindow window(m_catalogue, *m_settings);
        QVERIFY(!window.windowIcon().isNull());
        QMenu *help = menuNamed(window, QStringLiteral("Help"));
        QVERIFY(help);
        MessageBox::setNextAnswer(QMessageBox::Ok);
        help->actions().constFirst()->trigger();
        QCOMPARE(MessageBox::lastText(), text);
    }

private:
    Catalogue m_catalogue;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Settings> m_settings;
};

QTEST_MAIN(TestSession)
#include "tst_ui_session.moc"
