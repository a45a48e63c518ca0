// View › Language: the system's language first, then every language there is a catalogue for,
// each in its own name; a choice is kept in the settings for the next start and said in the
// status bar, and "System" forgets it.

#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <headroom/io/language.h>

#include "mainwindow.h"
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
        QVERIFY(english->isChecked());
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("next start")));

        choices.constFirst()->trigger();
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
    }

private:
    Catalogue m_catalogue;
};

QTEST_MAIN(TestUiLanguage)
#include "tst_ui_language.moc"
