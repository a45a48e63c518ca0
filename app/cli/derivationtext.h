#pragma once

// The core's derivation (derivation.h) as the CLI prints it: `estimate --explain`, the table's
// "how" column and `--json`'s `derivation`, `activations_split` and `symbols`. Printing only:
// every figure and formula comes from the derivation.

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <headroom/memory/derivation.h>

class QTextStream;

namespace headroom::cli {

//! A label, meaning or source of the derivation, translated.
QString derivationWord(const char *english);

//! A formula with translated unit words, in symbols or with the numbers plugged in.
QString formulaText(const Formula &formula, Formula::Style style);

//! The bucket's formula in symbols, for the table's "how" column.
QString howText(const BucketDerivation &bucket);

//! `estimate --explain`: every bucket's formula, values, terms and sources, then the peak, the
//! activation split and the symbols.
void printExplanation(QTextStream &out, const Derivation &derivation);

//! "Host RAM per node: ..." from the host derivation.
QString hostText(const Derivation &derivation);

QJsonObject derivationJson(const Derivation &derivation);
QJsonObject activationsSplitJson(const ActivationsSplit &split);
QJsonArray symbolsJson(const Derivation &derivation);
QJsonObject bucketJson(const BucketDerivation &bucket);

} // namespace headroom::cli
