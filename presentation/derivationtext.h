#pragma once

// The core's derivation (derivation.h) as the command line and the reports print it: `estimate --explain`, the table's
// "how" column and `--json`'s `derivation`, `activations_split` and `symbols`. Printing only:
// every figure and formula comes from the derivation.

#include <QString>

#include <headroom/memory/derivation.h>

#include "derivationwords.h"
#include "jsonwriter.h"

class QTextStream;

namespace headroom {

//! The bucket's formula in symbols, for the table's "how" column.
QString howText(const BucketDerivation &bucket);

//! The short-lived buffers live at the step's peak, in no bucket (the peak's "transient" term):
//! what they are and their formula in symbols, or why there are none (the textbook convention
//! keeps every bucket resident and nothing beside them).
QString shortLivedHow(const Derivation &derivation, bool textbook);
//! Their bytes (0 when none).
Bytes shortLivedBytes(const Derivation &derivation);

//! `estimate --explain`: every bucket's formula, values, terms and sources, then the peak, the
//! activation split and the symbols.
void printExplanation(QTextStream &out, const Derivation &derivation);

//! "Host RAM per node: ..." from the host derivation, saying what it is for: the offloaded
//! states, or without offload loading the model (each process's slice in FP32 before training).
QString hostText(const Derivation &derivation, Offload offload);
//! What a host figure is for, in a few words: "to load the model" or "for the offloaded states".
QString hostPurposeText(Offload offload);

//! `--json`'s "derivation": every bucket's object (the peak's with the event and phase it peaks
//! at), the textbook activations when derived, and the stack's choices.
void writeDerivation(JsonWriter &w, const Derivation &derivation);
void writeActivationsSplit(JsonWriter &w, const ActivationsSplit &split);
//! Every symbol a formula names: its value, meaning, and formula when derived.
void writeSymbols(JsonWriter &w, const Derivation &derivation);
//! One bucket: label, formula in symbols and in numbers, the symbols' values, bytes, terms, source.
void writeBucket(JsonWriter &w, const BucketDerivation &bucket);

} // namespace headroom
