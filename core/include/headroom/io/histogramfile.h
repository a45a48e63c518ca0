#pragma once

// A gradient-magnitude histogram read from a CSV file (the format parseHistogram() states),
// through the safe reader: a regular file of at most kMaxInputFileBytes.

#include <QString>

#include <headroom/numerics/gradientdistribution.h>

namespace headroom {

[[nodiscard]] HistogramParseResult readHistogramFile(const QString &path);

} // namespace headroom
