// headroom-cli: the command-line front end over headroom_core, for scripts and tests.

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTextStream>
#include <QTranslator>

#include <algorithm>

#include "catalogcommands.h"
#include "checkscriptcommand.h"
#include "cliio.h"
#include "wording.h"
#include "estimatecommand.h"
#include "fitcommand.h"
#include "lossscalecommand.h"
#include "precisioncommand.h"
#include "clilanguage.h"
#include "reportprogram.h"

#include <headroom/io/language.h>
#include <headroom/io/textwidth.h>

using namespace headroom;
using namespace headroom::cli;

namespace {

struct Command
{
    const char *name;
    int (*run)(const QStringList &arguments);
    const char *summary;
};

// One line per command; each command parses its own options.
const Command kCommands[] = {
    { "estimate", runEstimateCommand, QT_TRANSLATE_NOOP("Cli", "per-GPU memory of one training run") },
    { "fit", runFitCommand, QT_TRANSLATE_NOOP("Cli", "GPUs needed per strategy, largest batch and sequence, days and cost") },
    { "presets", runPresetsCommand, QT_TRANSLATE_NOOP("Cli", "list the model presets") },
    { "gpus", runGpusCommand, QT_TRANSLATE_NOOP("Cli", "list the GPU catalogue") },
    { "precision", runPrecisionCommand, QT_TRANSLATE_NOOP("Cli", "how a value is stored in FP32/FP16/BF16/FP8") },
    { "lossscale", runLossScaleCommand, QT_TRANSLATE_NOOP("Cli", "simulate GradScaler's dynamic loss scale (CSV)") },
    { "check-script", runCheckScriptCommand, QT_TRANSLATE_NOOP("Cli", "write a PyTorch script that measures the scenario on a GPU") },
    { "report", nullptr, QT_TRANSLATE_NOOP("Cli", "write one run's report: Markdown, PDF, CSV or JSON") },
};

void printUsage(QTextStream &stream)
{
    stream << Cli::tr("Usage: headroom-cli <command> [options]   (headroom-cli <command> --help for its options)")
           << Qt::endl << Qt::endl << Cli::tr("Commands:") << Qt::endl;
    int width = 0;
    for (const Command &c : kCommands)
        width = std::max(width, int(qstrlen(c.name)) + 2);
    for (const Command &c : kCommands)
        stream << QStringLiteral("  ") << headroom::padEnd(QString::fromLatin1(c.name), width) << Cli::tr(c.summary) << Qt::endl;
    stream << Qt::endl << Cli::tr("Global option, before or after the command:") << Qt::endl << QStringLiteral("  ")
           << headroom::padEnd(QStringLiteral("--lang LANG"), 14)
           << Cli::tr("the language of the text (not of --json): %1; default: the system locale's")
                      .arg(headroom::availableLanguages().join(QStringLiteral(", ")))
           << Qt::endl;
}

} // namespace

int main(int argc, char *argv[])
{
    // `report` draws the window's charts, which needs the GUI stack: it runs in a program of its
    // own, so that every other command starts without loading it.
    if (qstrcmp(commandOf(argc, argv), "report") == 0)
        return runReportProgram(argc, argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("headroom-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HEADROOM_VERSION));
    QStringList arguments = QCoreApplication::arguments();
    if (!applyLanguageArgument(arguments, false))
        return kBadInput;
    if (arguments.size() < 2) {
        printUsage(err());
        return kBadInput;
    }
    const QString name = arguments.at(1);
    if (name == QLatin1String("--help") || name == QLatin1String("--help-all") || name == QLatin1String("-h") || name == QLatin1String("help")) {
        printUsage(out());
        return 0;
    }
    if (name == QLatin1String("--version")) {
        out() << QCoreApplication::applicationVersion() << Qt::endl;
        return 0;
    }
    for (const Command &c : kCommands) {
        if (name == QLatin1String(c.name) && c.run) {
            arguments.removeAt(1); // the parser sees "headroom-cli --options..."
            return c.run(arguments);
        }
    }
    err() << Cli::tr("error: unknown command \"%1\"").arg(name) << Qt::endl;
    printUsage(err());
    return kBadInput;
}
