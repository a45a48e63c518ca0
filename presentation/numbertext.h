#pragma once

// Doubles as the precision commands read and print them, shared by `precision` and `lossscale`.

#include <QString>

namespace headroom {

//! The shortest text that reads back as the same double ("inf", "nan", "-0" included).
QString exactText(double v);

//! Reads a number the way a user types it: "1e-8", "65504", "-0", "inf", "-inf", "nan".
bool parseNumber(const QString &text, double &value);

} // namespace headroom
