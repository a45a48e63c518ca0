#pragma once

// The teaching path (memory/teachingpath.h) as `estimate --explain` prints it: the article's four
// steps with the scenario's numbers, then what the training stack adds beyond the article and why.
// Printing only: every figure comes from the teaching path.

#include <QString>

#include <headroom/memory/teachingpath.h>

class QTextStream;

namespace headroom {

//! A step's result: "16 bytes/param" for step 1, else its bytes with GB and GiB.
QString teachingResultText(const TeachingStep &step);
//! An addition's bytes, signed ("+329,277,448 bytes (0.33 GB)", "−262,144,000 bytes (−0.26 GB)").
QString additionBytesText(Bytes b);

//! `estimate --explain article`, and the first part of `--explain full`.
void printTeachingPath(QTextStream &out, const TeachingPath &path);

} // namespace headroom
