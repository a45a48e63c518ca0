#include "reportcommand.h"

#include <QCommandLineParser>

#include <headroom/io/safefile.h>

#include "cliio.h"
#include "offscreenplatform.h"
#include "wording.h"
#include "report.h"
#include "report/reportcharts.h"
#include "reportwriter.h"
#include "scenariooptions.h"

namespace headroom::cli {

void prepareReportPlatform()
{
    if (screenless())
        useOffscreenPlatform();
}

int runReportCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
            Cli::tr("Write one run's report: the inputs, the per-GPU breakdown in GB and GiB, the peak and its phase, the "
                    "derivation with the numbers plugged in, the verdict, the GPU table, the advice and the charts."));
    parser.addHelpOption();
    addScenarioOptions(parser, helpRequested(arguments) ? OptionText::Described : OptionText::NamesOnly);
    const QString formats = reportFormatNames().join(QStringLiteral(", "));
    parser.addOption({ QStringLiteral("format"),
                       Cli::tr("Report format: %1 (md writes the charts as PNGs in FILE's folder FILE-files/; default: "
                               "from --output's suffix).").arg(formats),
                       Cli::tr("format") });
    parser.addOption({ QStringLiteral("output"), Cli::tr("The report file to write (required)."), Cli::tr("file") });
    // Applied by main() before any text exists (headroom/io/language.h); listed for --help. Only
    // the words change with it: every figure is printed the same in every language.
    parser.addOption({ QStringLiteral("lang"), Cli::tr("Write the report in LANG's words, e.g. zh_CN (default: the locale's)."),
                       Cli::tr("lang") });
    if (const ParseOutcome outcome = parseCommand(parser,
                                                      normaliseSwitches(arguments, { QStringLiteral("format"), QStringLiteral("output"),
                                                                                     QStringLiteral("lang") }),
                                                      "report"); outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);

    if (!parser.isSet(QStringLiteral("output")) || parser.value(QStringLiteral("output")).isEmpty()) {
        err() << Cli::tr("error: --output FILE is required: the report file to write") << Qt::endl;
        return kBadInput;
    }
    const QString path = parser.value(QStringLiteral("output"));
    std::optional<ReportFormat> format;
    if (parser.isSet(QStringLiteral("format"))) {
        format = reportFormatFromName(parser.value(QStringLiteral("format")));
        if (!format) {
            err() << Cli::tr("error: --format: unknown format \"%1\"; allowed: %2")
                             .arg(excerpt(parser.value(QStringLiteral("format"))), formats)
                  << Qt::endl;
            return kBadInput;
        }
    } else {
        format = reportFormatFromPath(path);
        if (!format) {
            err() << Cli::tr("error: --format is needed: the suffix of \"%1\" names no report format; allowed: %2")
                             .arg(excerpt(path), formats)
                  << Qt::endl;
            return kBadInput;
        }
    }

    Catalogue catalogue;
    if (!loadCatalogueOrComplain(catalogue))
        return kBadInput;
    ScenarioSpec spec = realisticDefaults();
    HfModel imported;
    if (!scenarioFromOptions(parser, catalogue, spec, &imported))
        return kBadInput;

    Report report = makeReport(spec, catalogue, imported);
    if (reportShowsCharts(*format))
        report.charts = renderReportCharts(spec, catalogue);
    if (const ReportProblem problem = writeReport(report, *format, path); !problem.ok()) {
        err() << Cli::tr("error: cannot write the report to %1: %2").arg(problem.path, problem.detail) << Qt::endl;
        return kBadInput;
    }
    return 0;
}

} // namespace headroom::cli
