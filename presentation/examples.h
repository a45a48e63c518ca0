#pragma once

// The example scenarios shipped with Headroom: the article's table (7B with and without
// checkpointing, at B = 1 and B = 4, and 13B with checkpointing) and a few common runs. Each is a
// scenario file under <data dir>/examples/ (resources/examples/ in the source tree), opened by
// File › Examples as a new document and estimated by `headroom-cli estimate --example NAME`.
// The list lives here, not in a data file, so that its titles go through tr().

#include <QList>
#include <QString>
#include <QStringList>

namespace headroom {

struct ExampleScenario
{
    QString name;    //!< the file's base name under examples/: --example's value
    QString title;   //!< the menu's entry, in the current language
    QString summary; //!< what it shows and what to expect, in the current language
    bool article = false; //!< one of the article's rows (listed first, apart from the common runs)
};

//! Every example, the article's rows first, in the article's order; texts in the current language.
QList<ExampleScenario> exampleScenarios();

//! The examples' names, in the same order.
QStringList exampleNames();

//! Example \a name's file under the data folder \a dataDir (findDataDir()); it is not checked
//! that \a name is an example.
QString exampleScenarioPath(const QString &dataDir, const QString &name);

} // namespace headroom
