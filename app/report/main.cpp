// headroom-report: `headroom-cli report` in a process of its own. The report's charts are the
// window's chart panes drawn offscreen, which needs QApplication and the widget libraries; the
// CLI hands this program the report's arguments (app/cli/reportprogram.h) so that its other
// commands never load them.

#include <QApplication>

#include "clilanguage.h"
#include "cliio.h"
#include "reportcommand.h"

using namespace headroom;
using namespace headroom::cli;

int main(int argc, char *argv[])
{
    prepareReportPlatform();
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("headroom-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HEADROOM_VERSION));
    QStringList arguments = QCoreApplication::arguments();
    if (!applyLanguageArgument(arguments, true))
        return kBadInput;
    return runReportCommand(arguments);
}
