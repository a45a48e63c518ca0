#include "byteformat.h"

#include <QCoreApplication>
#include <QLocale>

namespace headroom {

namespace {

class ByteFormat
{
    Q_DECLARE_TR_FUNCTIONS(ByteFormat)
};

struct Scale
{
    double divisor;
    QString unit;
};

Scale scaleFor(Bytes size, DisplayUnit unit)
{
    const double v = toDouble(size);
    const double magnitude = v < 0 ? -v : v;
    if (unit == DisplayUnit::Decimal) {
        if (magnitude >= 1e12 * 10)
            return { 1e12, ByteFormat::tr("TB") };
        if (magnitude >= 1e9)
            return { 1e9, ByteFormat::tr("GB") };
        if (magnitude >= 1e6)
            return { 1e6, ByteFormat::tr("MB") };
        if (magnitude >= 1e3)
            return { 1e3, ByteFormat::tr("KB") };
        return { 1, ByteFormat::tr("bytes") };
    }
    const double kib = 1024.0;
    if (magnitude >= kib * kib * kib * kib * 10)
        return { kib * kib * kib * kib, ByteFormat::tr("TiB") };
    if (magnitude >= kib * kib * kib)
        return { kib * kib * kib, ByteFormat::tr("GiB") };
    if (magnitude >= kib * kib)
        return { kib * kib, ByteFormat::tr("MiB") };
    if (magnitude >= kib)
        return { kib, ByteFormat::tr("KiB") };
    return { 1, ByteFormat::tr("bytes") };
}

} // namespace

QString formatBytes(Bytes size, DisplayUnit unit, int decimals)
{
    const Scale s = scaleFor(size, unit);
    const int places = s.divisor == 1 ? 0 : decimals;
    //: a size and its unit, e.g. "104.3 GiB"
    return ByteFormat::tr("%1 %2").arg(QLocale().toString(toDouble(size) / s.divisor, 'f', places), s.unit);
}

QString formatSignedBytes(Count signedBytes, DisplayUnit unit, bool plus, int decimals)
{
    if (signedBytes == 0)
        return formatBytes(bytes(0), unit, decimals);
    const QString magnitude = formatBytes(bytes(signedBytes < 0 ? -signedBytes : signedBytes), unit, decimals);
    // U+2212, the minus sign: the hyphen is too short beside digits.
    if (signedBytes < 0)
        return QChar(0x2212) + magnitude;
    return plus ? QLatin1Char('+') + magnitude : magnitude;
}

QString formatBytesBoth(Bytes size, DisplayUnit primary, int decimals)
{
    const DisplayUnit other = primary == DisplayUnit::Decimal ? DisplayUnit::Binary : DisplayUnit::Decimal;
    //: the same size in both units, e.g. "112.0 GB = 104.3 GiB"
    return ByteFormat::tr("%1 = %2").arg(formatBytes(size, primary, decimals), formatBytes(size, other, decimals));
}

double toDisplayGiga(Bytes size, DisplayUnit unit)
{
    return unit == DisplayUnit::Decimal ? toGB(size) : toGiB(size);
}

QString gigaUnitName(DisplayUnit unit)
{
    return unit == DisplayUnit::Decimal ? ByteFormat::tr("GB") : ByteFormat::tr("GiB");
}

QString teraUnitName(DisplayUnit unit)
{
    return unit == DisplayUnit::Decimal ? ByteFormat::tr("TB") : ByteFormat::tr("TiB");
}

QString groupedCount(Count value)
{
    char buffer[48];
    const int n = formatCount(value, buffer);
    const QString digits = QString::fromLatin1(buffer, n);
    const QString separator = QLocale().groupSeparator();
    QString grouped;
    const int start = digits.startsWith(QLatin1Char('-')) ? 1 : 0;
    for (int i = 0; i < digits.size(); ++i) {
        if (i > start && (digits.size() - i) % 3 == 0)
            grouped += separator;
        grouped += digits.at(i);
    }
    return grouped;
}

QString shortCount(Count value)
{
    if (value < 100'000 && value > -100'000)
        return groupedCount(value);
    const double d = static_cast<double>(value);
    QString text = QString::number(d, 'e', 2); // "6.74e+09"
    // Drop the exponent's '+' and leading zeros: "6.74e9", as people write parameter counts.
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    QString mantissa = text.left(e);
    QString exponent = text.mid(e + 1);
    const bool negative = exponent.startsWith(QLatin1Char('-'));
    exponent.remove(0, exponent.startsWith(QLatin1Char('+')) || negative ? 1 : 0);
    while (exponent.size() > 1 && exponent.startsWith(QLatin1Char('0')))
        exponent.remove(0, 1);
    mantissa.replace(QLatin1Char('.'), QLocale().decimalPoint());
    return mantissa + QLatin1Char('e') + (negative ? QStringLiteral("-") : QString()) + exponent;
}

} // namespace headroom
