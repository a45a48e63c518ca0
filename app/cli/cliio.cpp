#include "cliio.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <headroom/io/safefile.h>

#include <cstdio>

#include "wording.h"

namespace headroom::cli {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

void writeOut(std::string_view bytes)
{
    out().flush();
    std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    std::fflush(stdout);
}

bool helpRequested(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &a = arguments.at(i);
        if (a == QLatin1String("--"))
            return false; // QCommandLineParser reads everything after "--" as positional
        if (a.startsWith(QLatin1String("--help")))
            return true;
        if (a.startsWith(QLatin1Char('-')) && !a.startsWith(QLatin1String("--"))
            && (a.contains(QLatin1Char('h')) || a.contains(QLatin1Char('?'))))
            return true;
    }
    return false;
}

ParseOutcome parseCommand(QCommandLineParser &parser, const QStringList &arguments, const char *command)
{
    if (!parser.parse(arguments)) {
        err() << Cli::tr("error: ") << parser.errorText() << Qt::endl;
        return ParseOutcome::BadInput;
    }
    // addHelpOption() also adds --help-all (Qt's own options as well): help, not a run.
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))) {
        // Qt's usage line names the executable's path; a subcommand's help names the command.
        QString help = parser.helpText();
        const qsizetype lineEnd = help.indexOf(QLatin1Char('\n'));
        help.replace(0, lineEnd, Cli::tr("Usage: headroom-cli %1 [options]").arg(QLatin1String(command)));
        out() << help;
        return ParseOutcome::Done;
    }
    if (!parser.positionalArguments().isEmpty()) {
        err() << Cli::tr("error: unexpected argument \"%1\"").arg(excerpt(parser.positionalArguments().constFirst())) << Qt::endl;
        return ParseOutcome::BadInput;
    }
    return ParseOutcome::Run;
}

} // namespace headroom::cli
