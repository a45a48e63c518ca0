#pragma once

// Turns command-line options into a validated scenario, using the same keys as scenario files
// (options override the file's values). Shared by every command that estimates.

#include <QCommandLineParser>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>

namespace headroom::cli {

//! Adds an option for every scenario key, plus --scenario FILE.
void addScenarioOptions(QCommandLineParser &parser);

/*!
 * Builds \a spec from --scenario and the scenario options in \a parser, then validates it.
 * On bad input prints the reasons to stderr and returns false.
 */
bool scenarioFromOptions(const QCommandLineParser &parser, const Catalogue &catalogue, ScenarioSpec &spec);

//! Loads the catalogues, printing the reason on failure.
bool loadCatalogueOrComplain(Catalogue &catalogue);

} // namespace headroom::cli
