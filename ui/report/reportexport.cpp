#include "reportexport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "report.h"
#include "reportcharts.h"
#include "reportwriter.h"
#include "scenariodocument.h"

namespace headroom {

namespace {

class ReportExport
{
    Q_DECLARE_TR_FUNCTIONS(ReportExport)
};

} // namespace

QString reportFileFilter()
{
    return ReportExport::tr("Markdown with PNG charts (*.md);;PDF document (*.pdf);;CSV table (*.csv);;JSON (*.json)");
}

QString withReportSuffix(const QString &path, const QString &selectedFilter)
{
    if (!QFileInfo(path).suffix().isEmpty())
        return path;
    for (const QString suffix : { QStringLiteral("md"), QStringLiteral("pdf"), QStringLiteral("csv"), QStringLiteral("json") })
        if (selectedFilter.contains(QStringLiteral("*.") + suffix))
            return path + QLatin1Char('.') + suffix;
    return path + QStringLiteral(".md");
}

bool writeReportFile(const ScenarioDocument &document, DisplayUnit unit, const QString &path, QString *error)
{
    const std::optional<ReportFormat> format = reportFormatFromPath(path);
    if (!format) {
        if (error)
            *error = ReportExport::tr("%1: reports are written as .md, .pdf, .csv or .json.").arg(QDir::toNativeSeparators(path));
        return false;
    }
    Report report = makeReport(document.spec(), document.catalogue());
    if (reportShowsCharts(*format))
        report.charts = renderReportCharts(document.spec(), document.catalogue(), unit);
    const ReportProblem problem = writeReport(report, *format, path);
    if (!problem.ok() && error)
        *error = ReportExport::tr("Could not write %1: %2").arg(problem.path, problem.detail);
    return problem.ok();
}

} // namespace headroom
