// View › Language: the system's language first, then every language there is a catalogue for,
// each in its own name; a choice is kept in the settings and applied at once, by a new window in
// that language with the same scenario; "System" forgets it.

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QPointer>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>

#include <headroom/io/language.h>

#include "mainwindow.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

QMenu *subMenu(const QList<QAction *> &actions, const QString &title)
{
    for (QAction *a : actions)
        if (a->menu() && a->text().remove(QLatin1Char('&')) == title)
            return a->menu();
    return nullptr;
}

// The visible main window other than \a except, newest first (the one a switch opened).
MainWindow *newestWindow(const QWidget *except)
{
    MainWindow *found = nullptr;
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *m = qobject_cast<MainWindow *>(w); m && m != except && m->isVisible())
            found = m;
    return found;
}

} // namespace

class TestUiLanguage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None); }

    void choiceIsKeptForTheNextStart()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("headroom.ini")));
        MainWindow window(m_catalogue, settings);
        QMenu *view = subMenu(window.menuBar()->actions(), QStringLiteral("View"));
        QVERIFY(view);
        QMenu *language = subMenu(view->actions(), QStringLiteral("Language"));
        QVERIFY(language);
        QStringList entries;
        QList<QAction *> choices;
        for (QAction *a : language->actions()) {
            if (a->isSeparator())
                continue;
            entries << a->text();
            choices << a;
        }
        // "System (English)" in this English test, then "English" and any other catalogue.
        QStringList expected{ QStringLiteral("&System (%1)").arg(languageDisplayName(languageForLocale(QLocale::system()))) };
        for (const QString &l : availableLanguages())
            expected << languageDisplayName(l);
        QCOMPARE(entries, expected);
        QVERIFY(choices.constFirst()->isChecked()); // nothing chosen yet: the system's

        QAction *english = choices.at(1 + int(availableLanguages().indexOf(QStringLiteral("en"))));
        english->trigger();
        QCOMPARE(settings.language.value(), QStringLiteral("en"));
        // A new window in the choice, holding the same scenario.
        MainWindow *english1 = newestWindow(&window);
        QVERIFY(english1);
        QCOMPARE(english1->document()->spec().scenario.training.sequence, window.document()->spec().scenario.training.sequence);

        choices.constFirst()->trigger(); // from the first window's menu: its choice still applies
        QCOMPARE(settings.language.value(), QString());
        // A new window shows the choice that is stored.
        english->trigger();
        MainWindow second(m_catalogue, settings);
        QMenu *again = subMenu(subMenu(second.menuBar()->actions(), QStringLiteral("View"))->actions(), QStringLiteral("Language"));
        QAction *checked = nullptr;
        for (QAction *a : again->actions())
            if (a->isChecked())
                checked = a;
        QVERIFY(checked);
        QCOMPARE(checked->text(), languageDisplayName(QStringLiteral("en")));
        for (QWidget *w : QApplication::topLevelWidgets())
            if (w != &window && qobject_cast<MainWindow *>(w))
                w->close();
    }

    // Restart-free: choosing Chinese opens the window in Chinese at once, with the scenario,
    // its file name and the pinned scenarios; the window it replaces goes away.
    void switchesWithoutRestart()
    {
        // The catalogues are compiled into the two programs; this test finds the built one in
        // a data folder (models and GPUs linked from the real one, translations/ beside them).
        QTemporaryDir dir;
        const QString data = findDataDir();
        QVERIFY(QFile::link(data + QStringLiteral("/models"), dir.filePath(QStringLiteral("models"))));
        QVERIFY(QFile::link(data + QStringLiteral("/gpus.json"), dir.filePath(QStringLiteral("gpus.json"))));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("translations")));
        QVERIFY(QFile::copy(QStringLiteral(HEADROOM_QM_DIR "/headroom_zh_CN.qm"), dir.filePath(QStringLiteral("translations/headroom_zh_CN.qm"))));
        const QByteArray before = qgetenv("HEADROOM_DATA_DIR");
        qputenv("HEADROOM_DATA_DIR", dir.path().toLocal8Bit());
        QVERIFY(availableLanguages().contains(QStringLiteral("zh_CN")));
        Settings settings(dir.filePath(QStringLiteral("headroom.ini")));
        auto *window = new MainWindow(m_catalogue, settings);
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->setRemembersSession(false);
        window->show();
        ScenarioSpec spec = window->document()->spec();
        spec.scenario.training.sequence = 4096;
        QVERIFY(window->document()->reset(spec, QStringLiteral("/tmp/plan.json"), window->document()->pinned()));
        QVERIFY(window->document()->pin());
        const QPointer<MainWindow> old(window);
        MainWindow *chinese = window->reopenInLanguage(QStringLiteral("zh_CN"));
        QVERIFY(chinese);
        QTRY_VERIFY(old.isNull()); // closed and deleted
        QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
        QCOMPARE(chinese->document()->spec().scenario.training.sequence, Count(4096));
        QCOMPARE(chinese->document()->fileName(), QStringLiteral("/tmp/plan.json"));
        QCOMPARE(chinese->document()->pinned().size(), 1);
        // Its menus are in Chinese: the catalogue's words for "&File" and "&View", not English.
        const QString file = chinese->menuBar()->actions().constFirst()->text();
        QVERIFY2(file != QStringLiteral("&File") && !file.isEmpty(), qPrintable(file));
        QCOMPARE(file, QCoreApplication::translate("headroom::MainWindow", "&File"));
        // And back to English the same way.
        MainWindow *english = chinese->reopenInLanguage(QStringLiteral("en"));
        QVERIFY(english);
        QCOMPARE(english->menuBar()->actions().constFirst()->text(), QStringLiteral("&File"));
        english->close();
        qputenv("HEADROOM_DATA_DIR", before);
    }

private:
    Catalogue m_catalogue;
};

QTEST_MAIN(TestUiLanguage)
#include "tst_ui_language.moc"
