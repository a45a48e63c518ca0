#pragma once

// A measurement file beside the estimate (`estimate --measured FILE`): the reader's errors in
// words, the comparison as a table and as JSON. The rows are the core's
// (memory/measuredcomparison.h); nothing is compared here.

#include <QString>

#include <headroom/io/measuredfile.h>
#include <headroom/memory/measuredcomparison.h>

#include "jsonwriter.h"

class QTextStream;

namespace headroom {


//! The table: each measured figure, the estimate's, their difference in bytes and percent, and
//! how it was measured. \a sameScenario: whether the estimate is of the scenario that ran.
void printMeasured(QTextStream &stream, const MeasuredRun &run, const MeasuredComparison &comparison, bool sameScenario);

//! `--json`'s "measured": the file, device, whether the scenario is the one that ran, and the rows.
void writeMeasured(JsonWriter &w, const MeasuredRun &run, const MeasuredComparison &comparison, bool sameScenario);

} // namespace headroom
