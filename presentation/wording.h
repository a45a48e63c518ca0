#pragma once

// The words every presentation of an estimate shares (the command line, the reports and, where
// it shows the same text, the window): byte figures with their units, names, and the messages
// for bad input. Every visible string goes through Cli::tr().

#include <QCoreApplication>
#include <QString>

#include <string_view>

#include <headroom/io/scenariofile.h>
#include <headroom/memory/units.h>
#include <headroom/memory/validation.h>
#include <headroom/memory/breakdown.h>

namespace headroom {

//! The translation context of the command line's and the reports' words. It keeps the name it
//! had when these words belonged to the command line alone, so the catalogue's entries stand.
class Cli
{
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

//! A stable core name (recipe, optimizer, ...) as text; names are identifiers, not translated.
inline QString nameText(std::string_view name) { return QString::fromLatin1(name.data(), qsizetype(name.size())); }

//! The recipe's name, with the FP8 recipe of the linears where there is one: "bf16-master + fp8
//! te-delayed" (names, not translated).
inline QString recipeText(const PrecisionChoice &p)
{
    if (p.fp8 == Fp8Recipe::Off)
        return nameText(recipeName(p.recipe));
    return nameText(recipeName(p.recipe)) + QStringLiteral(" + fp8 ") + nameText(fp8RecipeName(p.fp8));
}

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
//! "none", "full", "full, one layer in 2", "full 4 layers uniform": the checkpointing chosen.
QString recomputeText(const TrainingSetup &training);
//! S in grouped digits, "2,048", and " packed" after it for packed sequences.
QString sequenceText(const TrainingSetup &training);
//! A typed warning in words.
QString warningText(Warning warning);
//! The same, with the scenario's figures where the warning names them (the context length).
QString warningText(Warning warning, const Scenario &scenario);
//! "allocated", "reserved", "on the device": which peak figure the verdict compares.
QString peakFigureText(PeakFigure figure);
//! How the weights reach the GPU, in words.
QString loadPathText(LoadPath path);

} // namespace headroom
