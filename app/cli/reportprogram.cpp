#include "reportprogram.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>
#include <QTextStream>

#include <cerrno>
#include <cstring>
#include <vector>

#include <unistd.h>

#include "clilanguage.h"
#include "cliio.h"
#include "wording.h"

namespace headroom::cli {

namespace {

// This executable's folder, from /proc (no QCoreApplication exists yet: creating one only to
// ask would cost what keeping the report apart saves).
QString ownFolder()
{
    return QFileInfo(QStringLiteral("/proc/self/exe")).canonicalFilePath().section(QLatin1Char('/'), 0, -2);
}

} // namespace

int runReportProgram(int argc, char *argv[])
{
    const QString folder = ownFolder();
    // Beside this executable (build/bin), then where the package puts it (libexec/headroom).
    const QStringList candidates = { folder + QStringLiteral("/headroom-report"),
                                     folder + QStringLiteral("/" HEADROOM_REPORT_FROM_BIN "/headroom-report") };
    // The same arguments, but the command's name (the first that is not --lang or its value).
    const char *command = commandOf(argc, argv);
    std::vector<char *> arguments;
    bool dropped = false;
    for (int i = 0; i < argc; ++i) {
        if (!dropped && argv[i] == command) {
            dropped = true;
            continue;
        }
        arguments.push_back(argv[i]);
    }
    arguments.push_back(nullptr);
    QStringList tried;
    int error = ENOENT;
    for (const QString &candidate : candidates) {
        const QByteArray path = QFileInfo(candidate).absoluteFilePath().toLocal8Bit();
        if (tried.contains(QString::fromLocal8Bit(path)))
            continue;
        tried << QString::fromLocal8Bit(path);
        arguments.front() = const_cast<char *>(path.constData());
        execv(path.constData(), arguments.data());
        error = errno; // only reached when it could not be run
    }
    QCoreApplication app(argc, argv);
    QStringList words = QCoreApplication::arguments();
    applyLanguageArgument(words, false);
    err() << Cli::tr("error: the report is written by headroom-report, which could not be run (%1); looked for: %2")
                     .arg(QString::fromLocal8Bit(std::strerror(error)), tried.join(QStringLiteral(", ")))
          << Qt::endl;
    return kBadInput;
}

} // namespace headroom::cli
