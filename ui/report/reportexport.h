#pragma once

// File › Export Report: the document's scenario as a report (report/reportwriter.h) with the
// window's charts, in the format the file's suffix names.

#include <QString>

#include "byteformat.h"

namespace headroom {

class ScenarioDocument;

//! The save dialog's filters, one per format: Markdown, PDF, CSV, JSON.
QString reportFileFilter();

//! \a path with the suffix of the filter \a selectedFilter when it has none.
QString withReportSuffix(const QString &path, const QString &selectedFilter);

/*!
 * Writes the report of \a document's scenario to \a path atomically, in the format its suffix
 * names (.md, .pdf, .csv, .json), charts in \a unit. On failure returns false and \a error says
 * which file and why; nothing is left behind.
 */
bool writeReportFile(const ScenarioDocument &document, DisplayUnit unit, const QString &path, QString *error);

} // namespace headroom
