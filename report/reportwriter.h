#pragma once

// The report's four formats and writing them. Markdown (with the charts as PNGs in a folder
// beside it) and PDF (QTextDocument printed by QPdfWriter, A4) lay out reportDocument(); CSV is
// one machine-readable table; JSON is `estimate --json`'s object plus the GPU table and the
// advice. Every file is written atomically: a report that cannot be written leaves nothing.

#include <optional>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include "report.h"

namespace headroom {

enum class ReportFormat { Markdown, Pdf, Csv, Json };

//! "md", "pdf", "csv", "json": the names --format takes, in that order.
QStringList reportFormatNames();
std::optional<ReportFormat> reportFormatFromName(const QString &name);
//! The format a file name's suffix names (.md, .markdown, .pdf, .csv, .json); none for another.
std::optional<ReportFormat> reportFormatFromPath(const QString &path);
//! Whether the format shows the charts (the caller draws them only then).
bool reportShowsCharts(ReportFormat format);

//! The folder the Markdown report's PNGs go to: "report.md" -> "report-files" beside it.
QString reportFilesFolder(const QString &markdownPath);

/*!
 * The Markdown text; the charts are linked as \a filesFolderName/<name>.png (relative to the
 * .md file).
 */
QByteArray reportMarkdown(const Report &report, const QString &filesFolderName);
/*!
 * One table, one figure a row, columns `section,item,value,bytes,GB,GiB,formula` (RFC 4180
 * quoting; GB = 10^9 and GiB = 2^30 bytes with six decimals; identifiers, not words, so that
 * it is the same in every language). README.md lists the sections.
 */
QByteArray reportCsv(const Report &report);
//! `estimate --json`'s object with "fit" (every GPU kind x strategy) and "advice" added.
QByteArray reportJson(const Report &report);
//! The PDF (A4, fonts embedded); empty if it could not be made.
QByteArray reportPdf(const Report &report);

struct ReportProblem
{
    QString path;   //!< the file that could not be written; empty on success
    QString detail; //!< the system's message
    bool ok() const { return path.isEmpty(); }
};

/*!
 * Writes \a report to \a path as \a format, atomically. For Markdown the .md and the PNGs (in
 * reportFilesFolder(path)) are written in full before any takes its name; on any failure a
 * previous report, its charts included, stays as it was, and a folder this call made goes
 * again. A symbolic link at \a path, at the charts' folder or at a chart is refused, never
 * followed (safewrite.h).
 */
ReportProblem writeReport(const Report &report, ReportFormat format, const QString &path);

} // namespace headroom
