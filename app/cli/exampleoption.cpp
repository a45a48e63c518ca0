#include "exampleoption.h"

#include <QTextStream>

#include "cliio.h"
#include "examples.h"
#include "scenariooptions.h"
#include "wording.h"

namespace headroom::cli {

void printExampleList()
{
    QTextStream &o = out();
    bool article = true;
    for (const ExampleScenario &e : exampleScenarios()) {
        // The article's rows first, then the common runs, a blank line between.
        if (article && !e.article)
            o << Qt::endl;
        article = e.article;
        o << e.name << Qt::endl << QStringLiteral("  ") << e.title << Qt::endl << QStringLiteral("  ") << e.summary << Qt::endl;
    }
}

bool readExampleOrComplain(const QString &name, const Catalogue &catalogue, ScenarioSpec &spec)
{
    const QStringList names = exampleNames();
    if (!names.contains(name)) {
        err() << Cli::tr("error: --example: no example is called \"%1\"; the examples: %2 (or list, to describe them)")
                         .arg(name, names.join(QStringLiteral(", ")))
              << Qt::endl;
        return false;
    }
    const ScenarioError e = readScenarioFile(exampleScenarioPath(findDataDir(), name), catalogue, spec);
    if (!e.ok()) {
        // A shipped file that does not read: the installation is damaged, or the data folder
        // (HEADROOM_DATA_DIR) is another version's.
        err() << Cli::tr("error: --example: ") << scenarioErrorText(e, false) << Qt::endl;
        explainCatalogueProblems(catalogue);
        return false;
    }
    return true;
}

} // namespace headroom::cli
