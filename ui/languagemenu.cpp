#include "languagemenu.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QMenu>

#include <headroom/io/language.h>

#include "settings.h"

namespace headroom {

namespace {

class LanguageMenu
{
    Q_DECLARE_TR_FUNCTIONS(LanguageMenu)
};

} // namespace

QMenu *addLanguageMenu(QMenu *parent, Settings &settings, std::function<void(const QString &)> apply)
{
    QMenu *menu = parent->addMenu(LanguageMenu::tr("&Language"));
    auto *group = new QActionGroup(menu);
    const QString chosen = settings.language.value();
    auto add = [&](const QString &text, const QString &language) {
        QAction *a = menu->addAction(text);
        a->setCheckable(true);
        a->setChecked(language == chosen);
        a->setData(language);
        group->addAction(a);
        QObject::connect(a, &QAction::triggered, menu, [&settings, apply, language] {
            if (settings.language.value() == language)
                return;
            if (language.isEmpty())
                settings.language.reset();
            else
                settings.language.setValue(language);
            settings.sync();
            apply(language);
        });
    };
    add(LanguageMenu::tr("&System (%1)").arg(languageDisplayName(languageForLocale(QLocale::system()))), QString());
    menu->addSeparator();
    // Each language in its own name, so that a reader of it finds it whatever the window shows.
    for (const QString &language : availableLanguages())
        add(languageDisplayName(language), language);
    menu->setToolTip(LanguageMenu::tr("The language of the window and the command line; the window switches at once."));
    return menu;
}

} // namespace headroom
