#pragma once

// The core's derivation (derivation.h) as the command line and the reports print it: `estimate --explain`, the table's
// "how" column and `--json`'s `derivation`, `activations_split` and `symbols`. Printing only:
// every figure and formula comes from the derivation.

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <headroom/memory/derivation.h>

#include "derivationwords.h"

class QTextStream;

namespace headroom {

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

} // namespace headroom
