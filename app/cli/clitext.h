#pragma once

// Wording shared by the CLI's commands: byte figures with their units, and the messages for
// bad input. Every visible string goes through Cli::tr().

#include <QCoreApplication>
#include <QString>

#include <string_view>

#include <headroom/io/scenariofile.h>
#include <headroom/memory/units.h>
#include <headroom/memory/validation.h>
#include <headroom/memory/breakdown.h>

class QCommandLineParser;
class QTextStream;

namespace headroom::cli {

class Cli
{
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

//! Exit code for bad input, as documented in the README.
inline constexpr int kBadInput = 2;

//! A stable core name (recipe, optimizer, ...) as text; names are identifiers, not translated.
inline QString nameText(std::string_view name) { return QString::fromLatin1(name.data(), qsizetype(name.size())); }

//! "147,970,351,104": exact digits with thousands separators.
QString groupedDigits(Count value);

//! The model's name: the preset's, an imported or named model's, else "custom model".
QString modelDisplayName(const ScenarioSpec &spec, const Catalogue &catalogue);
//! "147.97 GB" (decimal) and "137.81 GiB" (binary).
QString gbText(Bytes b);
QString gibText(Bytes b);

//! A validation issue in words, naming the option and the allowed range.
QString issueText(const ValidationIssue &issue, const Scenario &scenario);
//! A scenario-file or option error in words; \a viaOptions names options instead of file keys.
QString scenarioErrorText(const ScenarioError &error, bool viaOptions);
//! A typed warning in words.
QString warningText(Warning warning);

QTextStream &out();
QTextStream &err();

enum class ParseOutcome { Run, Done, BadInput };

/*!
 * Parses a command's options: a parse error or a stray argument is bad input (reported on
 * stderr), --help prints the help with the command's own usage line and is done.
 */
ParseOutcome parseCommand(QCommandLineParser &parser, const QStringList &arguments, const char *command);
inline int exitCodeOf(ParseOutcome outcome) { return outcome == ParseOutcome::Done ? 0 : kBadInput; }

} // namespace headroom::cli
