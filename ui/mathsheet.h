#pragma once

// "Show the math": every bucket of the estimate written out as its formula, the current
// scenario's numbers plugged in, and the result in GB and GiB. Printed from the core's
// derivation (derivation.h) and the activation model's itemize(); nothing is derived here.

#include <QList>
#include <QString>

#include <headroom/io/catalogue.h>
#include <headroom/io/measuredfile.h>
#include <headroom/io/scenariofile.h>

#include "byteformat.h"
#include "sheetblocks.h"

namespace headroom {

struct Breakdown;
struct Derivation;

struct MathLine
{
    QString name;     //!< "Fixed", "Parameters", "Activations per layer"
    QString formula;  //!< symbols: "P × 16 B"
    QString numbers;  //!< plugged in: "6.74e9 params × 16 B"
    QString result;   //!< "107.8 GB = 100.4 GiB"
    bool total = false; //!< a sum of the lines above (shown in bold)
    //! A choice, not an equation: "name: formula" with numbers as its muted note (the stack's).
    bool choice = false;
    //! One muted line under the equation: why (the teaching path's steps and the stack's additions).
    QString note;
};

struct MathSection
{
    QString heading;
    QString note; //!< one line under the heading: the source or the assumption
    QList<MathLine> lines;
};

//! One saved tensor of one layer, as the activation model itemizes it.
struct MathTensor
{
    QString name;
    QString shape;
    QString dtype;
    QString elements;
    QString size;
    bool recomputed = false;
    bool outside = false; //!< outside the layers (embedding, logits, loss)
};

//! A symbol the formulas name, with its value and meaning (and how it is derived).
struct MathSymbol
{
    QString symbol;
    QString meaning;
    QString value;
    QString formula;
};

struct MathSheet
{
    QString title;
    //! The teaching path (memory/teachingpath.h), shown first: the article's four steps with the
    //! scenario's numbers, then what the training stack adds beyond the article and why.
    QList<MathSection> teaching;
    //! The full derivation, below the teaching path (folded in the pane until asked for).
    QList<MathSection> sections;
    QList<MathSymbol> symbols;
    QList<MathTensor> tensors;
    QString tensorNote;
    QStringList notes; //!< the estimate's warnings, in words
};

//! The sheet of \a derivation: every line is one of its terms, printed.
MathSheet buildMathSheet(const ScenarioSpec &spec, const Breakdown &breakdown, const Derivation &derivation,
                         const Catalogue &catalogue, DisplayUnit unit);

//! Adds a check script's measurement after the peak: each measured figure with the estimate's
//! beside it, their difference and how it was measured (memory/measuredcomparison.h's rows).
void addMeasuredSection(MathSheet &sheet, const MeasuredComparison &comparison, const MeasuredRun &run, bool current,
                        DisplayUnit unit);

//! The sheet as the blocks the math pane shows: the teaching path, then (with \a full) the full
//! derivation's headings, one paragraph per equation, the symbol and tensor tables, or a line
//! saying it is folded; the notes last. Colours are roles the view resolves from its palette.
QList<SheetBlock> mathSheetBlocks(const MathSheet &sheet, bool full = true);

//! The whole sheet as plain text, folded parts included (copy to clipboard, tests).
QString mathSheetText(const MathSheet &sheet);

} // namespace headroom
