#include "precisioncommand.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTextStream>

#include <headroom/io/safefile.h>
#include <headroom/io/textwidth.h>
#include <headroom/numerics/numberformat.h>

#include "cliio.h"
#include "wording.h"
#include "numbertext.h"

namespace headroom::cli {

namespace {

QString allowedFormats()
{
    QStringList keys;
    for (NumberFormat f : allNumberFormats)
        keys << nameText(formatKey(f));
    return keys.join(QStringLiteral(", "));
}



QString hexBits(NumberFormat format, std::uint32_t bits)
{
    const int digits = (formatLayout(format).totalBits + 3) / 4;
    return QStringLiteral("0x") + QString::number(bits, 16).rightJustified(digits, QLatin1Char('0'));
}

// "0 01111 0000000000": sign, exponent and mantissa fields, most significant bit first.
QString binaryFields(NumberFormat format, std::uint32_t bits)
{
    const FormatLayout l = formatLayout(format);
    QString s;
    for (int i = l.totalBits - 1; i >= 0; --i) {
        s += (bits >> i) & 1U ? QLatin1Char('1') : QLatin1Char('0');
        if (i == l.totalBits - 1 || i == l.mantissaBits)
            s += QLatin1Char(' ');
    }
    return s;
}

QString outcomeKey(RoundingOutcome o)
{
    switch (o) {
    case RoundingOutcome::Exact: return QStringLiteral("exact");
    case RoundingOutcome::Rounded: return QStringLiteral("rounded");
    case RoundingOutcome::Underflow: return QStringLiteral("underflow");
    case RoundingOutcome::Overflow: return QStringLiteral("overflow");
    case RoundingOutcome::NotFinite: return QStringLiteral("not-finite");
    }
    return {};
}

QString outcomeText(RoundingOutcome o)
{
    switch (o) {
    case RoundingOutcome::Exact: return Cli::tr("exact");
    case RoundingOutcome::Rounded: return Cli::tr("rounded");
    case RoundingOutcome::Underflow: return Cli::tr("flushed to zero");
    case RoundingOutcome::Overflow: return Cli::tr("overflow");
    case RoundingOutcome::NotFinite: return Cli::tr("not finite");
    }
    return {};
}

QString classText(ValueClass c)
{
    switch (c) {
    case ValueClass::Zero: return Cli::tr("zero");
    case ValueClass::Subnormal: return Cli::tr("subnormal");
    case ValueClass::Normal: return Cli::tr("normal");
    case ValueClass::Infinity: return Cli::tr("infinity");
    case ValueClass::NaN: return Cli::tr("NaN");
    }
    return {};
}

QJsonValue jsonNumber(double v, bool defined = true)
{
    return defined && std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonObject encodingJson(const Encoding &e)
{
    return QJsonObject {
        { QStringLiteral("bits"), hexBits(e.format, e.bits) },
        { QStringLiteral("stored"), jsonNumber(e.stored) },
        { QStringLiteral("class"), nameText(valueClassKey(e.valueClass)) },
        { QStringLiteral("outcome"), outcomeKey(e.outcome) },
        { QStringLiteral("relative_error"), jsonNumber(e.relativeError, e.errorDefined) },
        { QStringLiteral("absolute_error"), jsonNumber(e.absoluteError, e.errorDefined) },
        { QStringLiteral("ulp"), jsonNumber(e.ulp, e.errorDefined) },
    };
}

QJsonObject constantsJson(NumberFormat f)
{
    const FormatLayout l = formatLayout(f);
    const FormatConstants k = formatConstants(f);
    return QJsonObject {
        { QStringLiteral("format"), nameText(formatKey(f)) },
        { QStringLiteral("total_bits"), l.totalBits },
        { QStringLiteral("exponent_bits"), l.exponentBits },
        { QStringLiteral("mantissa_bits"), l.mantissaBits },
        { QStringLiteral("exponent_bias"), l.exponentBias },
        { QStringLiteral("has_infinity"), l.hasInfinity },
        { QStringLiteral("max"), k.maxFinite },
        { QStringLiteral("min_normal"), k.minNormal },
        { QStringLiteral("min_subnormal"), k.minSubnormal },
        { QStringLiteral("epsilon"), k.epsilon },
        { QStringLiteral("decimal_digits"), k.decimalDigits },
        { QStringLiteral("underflow_bound"), k.underflowBound },
        { QStringLiteral("overflow_bound"), k.overflowBound },
    };
}

QString displayName(NumberFormat f)
{
    switch (f) {
    case NumberFormat::Fp32: return Cli::tr("FP32");
    case NumberFormat::Tf32: return Cli::tr("TF32 (math only)");
    case NumberFormat::Fp16: return Cli::tr("FP16");
    case NumberFormat::Bf16: return Cli::tr("BF16");
    case NumberFormat::Fp8E4M3: return Cli::tr("FP8 E4M3");
    case NumberFormat::Fp8E5M2: return Cli::tr("FP8 E5M2");
    }
    return {};
}

void printConstants(NumberFormat f)
{
    const FormatLayout l = formatLayout(f);
    const FormatConstants k = formatConstants(f);
    QTextStream &o = out();
    o << displayName(f) << Qt::endl;
    const auto line = [&o](const QString &label, const QString &value) {
        o << QStringLiteral("  ") << padEnd(label, 30) << value << Qt::endl;
    };
    line(Cli::tr("bits (sign/exp/mantissa)"), QStringLiteral("%1 (1/%2/%3)").arg(l.totalBits).arg(l.exponentBits).arg(l.mantissaBits));
    line(Cli::tr("exponent bias"), QString::number(l.exponentBias));
    line(Cli::tr("largest finite"), exactText(k.maxFinite));
    line(Cli::tr("smallest normal"), exactText(k.minNormal));
    line(Cli::tr("smallest subnormal"), exactText(k.minSubnormal));
    line(Cli::tr("machine epsilon"), exactText(k.epsilon));
    line(Cli::tr("decimal digits"), QString::number(k.decimalDigits, 'f', 2));
    line(Cli::tr("rounds to zero at or below"), exactText(k.underflowBound));
    line(Cli::tr("overflows from"), (k.overflowAtBound ? QString() : Cli::tr("above ")) + exactText(k.overflowBound));
    line(Cli::tr("overflow gives"), l.hasInfinity ? Cli::tr("infinity") : Cli::tr("NaN (no infinity in this format)"));
}

void printEncodingTable(const std::vector<Encoding> &rows)
{
    QTextStream &o = out();
    o << padEnd(Cli::tr("format"), 20) << padEnd(Cli::tr("bits (sign exponent mantissa)"), 36)
      << padEnd(Cli::tr("hex"), 12) << padEnd(Cli::tr("stored"), 26) << padEnd(Cli::tr("rel. error"), 12)
      << padEnd(Cli::tr("ulp"), 14) << padEnd(Cli::tr("class"), 11) << Cli::tr("note") << Qt::endl;
    for (const Encoding &e : rows) {
        const QString rel = e.errorDefined ? QString::number(e.relativeError, 'e', 2) : Cli::tr("n/a");
        const QString ulp = e.errorDefined ? QString::number(e.ulp, 'g', 6) : Cli::tr("n/a");
        o << padEnd(displayName(e.format), 20) << padEnd(binaryFields(e.format, e.bits), 36)
          << padEnd(hexBits(e.format, e.bits), 12) << padEnd(exactText(e.stored), 26)
          << padEnd(rel, 12) << padEnd(ulp, 14) << padEnd(classText(e.valueClass), 11)
          << outcomeText(e.outcome) << Qt::endl;
    }
}

} // namespace

int runPrecisionCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Cli::tr("Show how a value is stored in each number format, or a format's constants."));
    parser.addHelpOption();
    const QCommandLineOption valueOption(QStringLiteral("value"), Cli::tr("The value to encode (e.g. 1e-8, 65520, -0, inf, nan)."), Cli::tr("x"));
    const QCommandLineOption formatOption(QStringLiteral("format"), Cli::tr("One format: %1.").arg(allowedFormats()), Cli::tr("name"));
    const QCommandLineOption bitsOption(QStringLiteral("bits"), Cli::tr("Decode this encoding (hex, e.g. 0x3c00); needs --format."), Cli::tr("hex"));
    const QCommandLineOption saturateOption(QStringLiteral("saturate"), Cli::tr("Clamp overflow to the largest finite value (OCP saturating mode)."));
    const QCommandLineOption jsonOption(QStringLiteral("json"), Cli::tr("Print JSON."));
    parser.addOptions({ valueOption, formatOption, bitsOption, saturateOption, jsonOption });
    if (const ParseOutcome outcome = parseCommand(parser, arguments, "precision"); outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);

    std::optional<NumberFormat> format;
    if (parser.isSet(formatOption)) {
        format = formatFromKey(parser.value(formatOption).toStdString());
        if (!format) {
            err() << Cli::tr("--format: unknown format \"%1\"; allowed: %2").arg(excerpt(parser.value(formatOption)), allowedFormats()) << Qt::endl;
            return kBadInput;
        }
    }
    const bool json = parser.isSet(jsonOption);

    if (parser.isSet(bitsOption)) {
        if (!format || parser.isSet(valueOption)) {
            err() << Cli::tr("--bits: needs --format and excludes --value") << Qt::endl;
            return kBadInput;
        }
        QString text = parser.value(bitsOption).trimmed().toLower();
        if (text.startsWith(QLatin1String("0x")))
            text.remove(0, 2);
        bool ok = false;
        const qulonglong bits = text.toULongLong(&ok, 16);
        const int width = formatLayout(*format).totalBits;
        const qulonglong limit = (qulonglong(1) << width) - 1;
        if (!ok || bits > limit) {
            err() << Cli::tr("--bits: \"%1\" is not a %2-bit encoding; allowed: 0x0 to %3")
                             .arg(excerpt(parser.value(bitsOption))).arg(width).arg(hexBits(*format, std::uint32_t(limit)))
                  << Qt::endl;
            return kBadInput;
        }
        const double value = decode(*format, std::uint32_t(bits));
        // Re-encoding the decoded value gives the canonical encoding and its class in one place.
        const Encoding e = encode(*format, value);
        if (json) {
            QJsonObject o { { QStringLiteral("format"), nameText(formatKey(*format)) },
                            { QStringLiteral("bits"), hexBits(*format, std::uint32_t(bits)) },
                            { QStringLiteral("stored"), jsonNumber(value) },
                            { QStringLiteral("class"), nameText(valueClassKey(classify(*format, std::uint32_t(bits)))) },
                            { QStringLiteral("ulp"), jsonNumber(e.ulp, e.errorDefined) } };
            out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
        } else {
            out() << displayName(*format) << QStringLiteral("  ") << binaryFields(*format, std::uint32_t(bits))
                  << QStringLiteral("  = ") << exactText(value) << QStringLiteral("  (")
                  << classText(classify(*format, std::uint32_t(bits))) << QStringLiteral(")") << Qt::endl;
        }
        return 0;
    }

    if (!parser.isSet(valueOption)) {
        if (!format) {
            err() << Cli::tr("error: give --value <x> to encode a value, or --format <name> for a format's constants") << Qt::endl;
            return kBadInput;
        }
        if (json)
            out() << QJsonDocument(constantsJson(*format)).toJson(QJsonDocument::Indented);
        else
            printConstants(*format);
        return 0;
    }

    double value = 0;
    if (!parseNumber(parser.value(valueOption), value)) {
        err() << Cli::tr("--value: \"%1\" is not a number; allowed: any double, e.g. 3e-8, -65504, inf, nan (|x| <= 1.8e308)")
                         .arg(excerpt(parser.value(valueOption)))
              << Qt::endl;
        return kBadInput;
    }
    const OverflowMode mode = parser.isSet(saturateOption) ? OverflowMode::Saturating : OverflowMode::NonSaturating;

    std::vector<Encoding> rows;
    if (format) {
        rows.push_back(encode(*format, value, mode));
    } else {
        for (NumberFormat f : allNumberFormats)
            rows.push_back(encode(f, value, mode));
    }

    if (json) {
        QJsonObject formats;
        for (const Encoding &e : rows) {
            // TF32 is a tensor-core math mode, not a storage format: the table shows it, the
            // JSON keeps to the formats tensors are stored in (unless asked for by name).
            if (e.format == NumberFormat::Tf32 && !format)
                continue;
            formats.insert(nameText(formatKey(e.format)), encodingJson(e));
        }
        const QJsonObject root { { QStringLiteral("input"), std::isfinite(value) ? QJsonValue(value) : QJsonValue(exactText(value)) },
                                 { QStringLiteral("formats"), formats } };
        out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    out() << Cli::tr("value: %1").arg(exactText(value)) << Qt::endl;
    printEncodingTable(rows);
    return 0;
}

} // namespace headroom::cli
