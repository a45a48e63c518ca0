#pragma once

namespace headroom::cli {

/*!
 * `headroom-cli report ...`: replaces this process with headroom-report and the same arguments
 * but the command's name, so that the report's exit code, output and errors are the CLI's. That
 * program draws the charts with the window's panes; keeping it apart spares every other command
 * the GUI libraries. It is looked for beside this executable (the build tree), then where the
 * package installs it. Returns only when it cannot be run: then it says why and returns 2.
 */
int runReportProgram(int argc, char *argv[]);

} // namespace headroom::cli
