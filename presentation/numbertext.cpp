#include "numbertext.h"

#include <cmath>
#include <limits>

#include <QLocale>

namespace headroom {

// Reads a number the way a user types it: "1e-8", "65504", "-0", "inf", "-inf", "nan".
bool parseNumber(const QString &text, double &value)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("inf") || t == QLatin1String("+inf") || t == QLatin1String("infinity")) {
        value = std::numeric_limits<double>::infinity();
        return true;
    }
    if (t == QLatin1String("-inf") || t == QLatin1String("-infinity")) {
        value = -std::numeric_limits<double>::infinity();
        return true;
    }
    // A NaN's sign bit is a bit like any other ("-nan" is how printf writes one that has it).
    if (t == QLatin1String("nan") || t == QLatin1String("+nan") || t == QLatin1String("-nan")) {
        value = std::copysign(std::numeric_limits<double>::quiet_NaN(), t.startsWith(QLatin1Char('-')) ? -1.0 : 1.0);
        return true;
    }
    bool ok = false;
    value = QLocale::c().toDouble(t, &ok);
    // QLocale rejects decimal numbers beyond double's range instead of giving infinity; the
    // message then names the option.
    return ok && std::isfinite(value);
}

QString exactText(double v)
{
    if (std::isnan(v))
        return std::signbit(v) ? QStringLiteral("-nan") : QStringLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    if (v == 0)
        return std::signbit(v) ? QStringLiteral("-0") : QStringLiteral("0");
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

} // namespace headroom
