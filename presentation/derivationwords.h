#pragma once

// The core's derivation (derivation.h) in the planner's words: its labels, meanings and sources
// translated (context "Derivation"), its formulas printed with translated unit words. Printing
// only; every number and formula comes from the derivation.

#include <QString>

#include <headroom/memory/derivation.h>

namespace headroom {

//! A label, meaning or source of the derivation, translated.
QString derivationWord(const char *english);

//! A formula in symbols or with the numbers plugged in.
QString formulaText(const Formula &formula, Formula::Style style);

//! "P × 2 bytes/param = 6,738,415,616 × 2 bytes/param": symbols, then numbers when they differ.
QString formulaWithNumbers(const Formula &formula);

//! The bucket of \a derivation that \a key names ("parameters", ..., "peak").
const BucketDerivation *derivationBucket(const Derivation &derivation, const char *key);

} // namespace headroom
