#include "examplesmenu.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>

#include <headroom/io/catalogue.h>

#include "examples.h"
#include "messagebox.h"
#include "scenariodocument.h"

namespace headroom {

namespace {

class ExamplesMenu
{
    Q_DECLARE_TR_FUNCTIONS(ExamplesMenu)
};

void openExample(QWidget *window, ScenarioDocument *document, const ExampleScenario &example)
{
    // Opened untitled, as a template: what a user expects of an example is a starting point to
    // change and save as their own, so Save asks where (Save As) instead of writing over the
    // shipped file, which an installation keeps read-only under /usr/share anyway. It is not
    // added to the recent files either: the menu itself is the way back to it.
    QString error;
    if (!document->loadUntitled(exampleScenarioPath(findDataDir(), example.name), &error))
        MessageBox::warning(window, ExamplesMenu::tr("Cannot open the example"),
                            ExamplesMenu::tr("%1\n\nThe scenario on screen is unchanged.").arg(error));
}

} // namespace

QMenu *addExamplesMenu(QMenu *file, QWidget *window, ScenarioDocument *document, std::function<bool()> confirmDiscard)
{
    QMenu *menu = file->addMenu(ExamplesMenu::tr("&Examples"));
    menu->setObjectName(QStringLiteral("examplesMenu"));
    menu->setToolTipsVisible(true);
    bool article = true;
    for (const ExampleScenario &example : exampleScenarios()) {
        // The article's table, then the common runs.
        if (article && !example.article)
            menu->addSeparator();
        article = example.article;
        QAction *a = menu->addAction(example.title, window, [window, document, confirmDiscard, example] {
            if (confirmDiscard())
                openExample(window, document, example);
        });
        a->setObjectName(QStringLiteral("example-") + example.name);
        a->setData(example.name);
        a->setToolTip(example.summary);
        a->setStatusTip(example.summary);
    }
    return menu;
}

} // namespace headroom
