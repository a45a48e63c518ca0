#pragma once

// The command line's streams, exit codes and option parsing, shared by its commands (the
// words they print come from presentation/).

#include <QStringList>

#include <string_view>

class QCommandLineParser;
class QTextStream;

namespace headroom::cli {

//! Exit code for bad input, as documented in the README.
inline constexpr int kBadInput = 2;

QTextStream &out();
QTextStream &err();
//! Writes UTF-8 \a bytes (a JSON document) to stdout as they are, after what out() holds: through
//! out() they would be decoded to UTF-16 and encoded back, a third of `estimate --json`'s work.
void writeOut(std::string_view bytes);

enum class ParseOutcome { Run, Done, BadInput };

/*!
 * Whether \a arguments may ask for --help (-h, -?, --help, --help-all, or a cluster of short
 * options holding h or ?): options are described only then, since building 90 translated
 * descriptions is a tenth of an estimate's own work and nothing else shows them. May answer
 * yes for an argument that is not a help option (the descriptions are then built for nothing),
 * never no for one that is.
 */
bool helpRequested(const QStringList &arguments);

/*!
 * Parses a command's options: a parse error or a stray argument is bad input (reported on
 * stderr), --help prints the help with the command's own usage line and is done.
 */
ParseOutcome parseCommand(QCommandLineParser &parser, const QStringList &arguments, const char *command);
inline int exitCodeOf(ParseOutcome outcome) { return outcome == ParseOutcome::Done ? 0 : kBadInput; }

} // namespace headroom::cli
