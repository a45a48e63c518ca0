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

//! One cell of a table of the sheet's markup: its attributes and its content.
struct MathMarkupCell
{
    QString attributes; //!< e.g. ` align="right" nowrap`
    QString html;
    bool plain = false;  //!< html is escaped plain text (no tags): it can be set as text
    bool header = false; //!< a <th>
};

//! One top-level element of the sheet's markup, in document order: a paragraph or heading (one
//! text block), a list item (one block) or a table. The pane updates the numbers of a sheet in
//! place, element by element, when the new sheet has the same elements; HTML is parsed once.
struct MathMarkupItem
{
    enum class Kind { Block, ListItem, Table };
    Kind kind = Kind::Block;
    QString tag;        //!< h3, h4, p, li
    QString attributes; //!< the element's attributes, e.g. ` style="..."`
    QString html;       //!< a block's content
    bool plain = false; //!< html is escaped plain text
    QList<QList<MathMarkupCell>> rows; //!< a table's cells
};
using MathMarkup = QList<MathMarkupItem>;

//! The sheet as markup elements; colours come from the caller's palette.
MathMarkup mathSheetMarkup(const MathSheet &sheet, const QString &textColor, const QString &mutedColor,
                           const QString &accentColor);
//! The elements as one HTML document.
QString mathMarkupHtml(const MathMarkup &markup, const QString &textColor);

//! The sheet as HTML for a QTextBrowser; colours come from the caller's palette.
QString mathSheetHtml(const MathSheet &sheet, const QString &textColor, const QString &mutedColor,
                      const QString &accentColor);

//! The sheet as plain text (copy to clipboard, tests).
QString mathSheetText(const MathSheet &sheet);

} // namespace headroom
