#pragma once

#include <QString>

#include <headroom/io/measuredfile.h>

namespace headroom::cli {

//! Reads \a path into \a run; on failure prints why on stderr and returns false.
bool readMeasuredOrComplain(const QString &path, const Catalogue &catalogue, MeasuredRun &run);

} // namespace headroom::cli
