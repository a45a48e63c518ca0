// headroom-cli: the command-line front end over headroom_core, for scripts and tests.

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTextStream>
#include <QTranslator>

#include "catalogcommands.h"
#include "clitext.h"
#include "estimatecommand.h"
#include "fitcommand.h"
#include "lossscalecommand.h"
#include "precisioncommand.h"

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
};

void printUsage(QTextStream &stream)
{
    stream << Cli::tr("Usage: headroom-cli <command> [options]   (headroom-cli <command> --help for its options)")
           << Qt::endl << Qt::endl << Cli::tr("Commands:") << Qt::endl;
    for (const Command &c : kCommands)
        stream << QStringLiteral("  ") << QString::fromLatin1(c.name).leftJustified(12) << Cli::tr(c.summary) << Qt::endl;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("headroom-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HEADROOM_VERSION));
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("headroom"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(&translator);

    QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() < 2) {
        printUsage(err());
        return kBadInput;
    }
    const QString name = arguments.at(1);
    if (name == QLatin1String("--help") || name == QLatin1String("-h") || name == QLatin1String("help")) {
        printUsage(out());
        return 0;
    }
    if (name == QLatin1String("--version")) {
        out() << QCoreApplication::applicationVersion() << Qt::endl;
        return 0;
    }
    for (const Command &c : kCommands) {
        if (name == QLatin1String(c.name)) {
            arguments.removeAt(1); // the parser sees "headroom-cli --options..."
            return c.run(arguments);
        }
    }
    err() << Cli::tr("error: unknown command \"%1\"").arg(name) << Qt::endl;
    printUsage(err());
    return kBadInput;
}
