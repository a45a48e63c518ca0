#pragma once

// The global --lang option, which may stand before or after the command.

#include <QStringList>

namespace headroom::cli {

//! The command: the first argument that is not the global --lang and its value (nullptr: none).
const char *commandOf(int argc, char *argv[]);

/*!
 * Installs --lang's language (taken out of \a arguments), else the system locale's; an unknown
 * one is reported on stderr and false is returned. With \a keepForCommand (`report`, which has
 * --lang among its own options) the matched language is appended again for the command.
 */
bool applyLanguageArgument(QStringList &arguments, bool keepForCommand);

} // namespace headroom::cli
