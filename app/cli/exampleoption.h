#pragma once

// `estimate --example NAME`: one of the scenario files shipped with Headroom (presentation/examples.h),
// read as --scenario reads a file; `--example list` names them.

#include <QString>

#include <headroom/io/scenariofile.h>

namespace headroom::cli {

//! What --example's value names: every example (`list`), or one to estimate.
inline bool asksForExampleList(const QString &value) { return value == QLatin1String("list"); }

//! Prints every example's name, title and summary (`--example list`).
void printExampleList();

/*!
 * Reads example \a name from the data folder into \a spec, as --scenario reads a file. An unknown
 * name, or a file that cannot be read, is said on stderr naming --example (and, for an unknown
 * name, the names there are); returns false then.
 */
bool readExampleOrComplain(const QString &name, const Catalogue &catalogue, ScenarioSpec &spec);

} // namespace headroom::cli
