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

#include <headroom/numerics/lossscaler.h>
#include <headroom/numerics/numberformat.h>

#include "clitext.h"

namespace headroom::cli {

namespace {

QString allowedFormats()
{
    QStringList keys;
    for (NumberFormat f : allNumberFormats)
        keys << nameText(formatKey(f));
    return keys.join(QStringLiteral(", "));
}

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
    if (t == QLatin1String("nan")) {
        value = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    bool ok = false;
    value = QLocale::c().toDouble(t, &ok);
    // QLocale rejects decimal numbers beyond double's range instead of giving infinity; the
    // message then names the option.
    return ok && std::isfinite(value);
}

// The shortest text that reads back as the same double.
QString exactText(double v)
{
    if (std::isnan(v))
        return QStringLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    if (v == 0)
        return std::signbit(v) ? QStringLiteral("-0") : QStringLiteral("0");
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
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
        o << QStringLiteral("  ") << label.leftJustified(30) << value << Qt::endl;
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
    o << Cli::tr("format").leftJustified(18) << Cli::tr("bits (sign exponent mantissa)").leftJustified(36)
      << Cli::tr("hex").leftJustified(12) << Cli::tr("stored").leftJustified(26) << Cli::tr("rel. error").leftJustified(12)
      << Cli::tr("ulp").leftJustified(14) << Cli::tr("class").leftJustified(11) << Cli::tr("note") << Qt::endl;
    for (const Encoding &e : rows) {
        const QString rel = e.errorDefined ? QString::number(e.relativeError, 'e', 2) : Cli::tr("n/a");
        const QString ulp = e.errorDefined ? QString::number(e.ulp, 'g', 6) : Cli::tr("n/a");
        o << displayName(e.format).leftJustified(18) << binaryFields(e.format, e.bits).leftJustified(36)
          << hexBits(e.format, e.bits).leftJustified(12) << exactText(e.stored).leftJustified(26)
          << rel.leftJustified(12) << ulp.leftJustified(14) << classText(e.valueClass).leftJustified(11)
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
            err() << Cli::tr("--format: unknown format \"%1\"; allowed: %2").arg(parser.value(formatOption), allowedFormats()) << Qt::endl;
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
                             .arg(parser.value(bitsOption)).arg(width).arg(hexBits(*format, std::uint32_t(limit)))
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
                         .arg(parser.value(valueOption))
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

namespace {

QString lossScaleOption(LossScaleField f)
{
    switch (f) {
    case LossScaleField::InitScale: return QStringLiteral("--init-scale");
    case LossScaleField::GrowthFactor: return QStringLiteral("--growth-factor");
    case LossScaleField::BackoffFactor: return QStringLiteral("--backoff-factor");
    case LossScaleField::GrowthInterval: return QStringLiteral("--growth-interval");
    case LossScaleField::Steps: return QStringLiteral("--steps");
    case LossScaleField::BaseMaxGradient: return QStringLiteral("--max-grad");
    case LossScaleField::NoiseDecades: return QStringLiteral("--noise");
    case LossScaleField::SpikeProbability: return QStringLiteral("--spike-prob");
    case LossScaleField::SpikeFactor: return QStringLiteral("--spike-factor");
    case LossScaleField::BlowUpStep: return QStringLiteral("--blowup-step");
    case LossScaleField::BlowUpGrowth: return QStringLiteral("--blowup-rate");
    }
    return {};
}

QString rangeText(const LossScaleIssue &issue)
{
    switch (issue.field) {
    case LossScaleField::GrowthFactor:
        return Cli::tr("greater than 1, up to %1").arg(exactText(issue.max));
    case LossScaleField::BackoffFactor:
        return Cli::tr("greater than 0 and less than 1");
    case LossScaleField::BlowUpStep:
        return Cli::tr("-1 (none) to %1").arg(qint64(issue.max));
    case LossScaleField::Steps:
    case LossScaleField::GrowthInterval:
        return Cli::tr("%1 to %2").arg(qint64(issue.min)).arg(qint64(issue.max));
    default:
        return Cli::tr("%1 to %2").arg(exactText(issue.min), exactText(issue.max));
    }
}

QString diagnosticText(const DiagnosticFinding &d)
{
    switch (d.code) {
    case ScalerDiagnostic::ScaleCollapsedWithInfs:
        return Cli::tr("step %1: the scale is down to %2 and gradients still overflow: exploding gradients, not a loss-scaling problem. Check the learning rate, then gradient clipping, then the data for bad samples.")
                .arg(d.step).arg(exactText(d.value));
    case ScalerDiagnostic::FrequentSkips:
        return Cli::tr("%1% of steps were skipped after calibration; GradScaler expects a skip every few hundred or thousand steps.")
                .arg(d.value * 100, 0, 'f', 2);
    case ScalerDiagnostic::ScaleUnderflowed:
        return Cli::tr("step %1: the scale underflowed to zero; every gradient is zero from here on.").arg(d.step);
    case ScalerDiagnostic::NeverBackedOff:
        return Cli::tr("no step was skipped; the scale only grew (to %1). Normal for BF16.").arg(exactText(d.value));
    case ScalerDiagnostic::Healthy:
        return Cli::tr("healthy: %1% of steps skipped after calibration.").arg(d.value * 100, 0, 'f', 3);
    }
    return {};
}

bool readDouble(const QCommandLineParser &parser, const QString &name, double &target)
{
    if (!parser.isSet(name))
        return true;
    double v = 0;
    if (!parseNumber(parser.value(name), v)) {
        err() << Cli::tr("--%1: \"%2\" is not a number").arg(name, parser.value(name)) << Qt::endl;
        return false;
    }
    target = v;
    return true;
}

bool readInt(const QCommandLineParser &parser, const QString &name, qint64 &target)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    const qint64 v = parser.value(name).trimmed().toLongLong(&ok);
    if (!ok) {
        err() << Cli::tr("--%1: \"%2\" is not a whole number").arg(name, parser.value(name)) << Qt::endl;
        return false;
    }
    target = v;
    return true;
}

// Keeps an int option in int range before the core sees it, so 1e12 steps are reported as out
// of range rather than wrapped.
int clampToInt(qint64 v)
{
    return int(std::clamp<qint64>(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

} // namespace

int runLossScaleCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Cli::tr("Simulate torch.cuda.amp.GradScaler's dynamic loss scale and print the trace as CSV "
                                             "(step,scale,max_grad,skipped,growth_tracker). Diagnostics go to stderr."));
    parser.addHelpOption();
    const GradScalerConfig defaults;
    const GradientModel model0;
    parser.addOptions({
            { QStringLiteral("steps"), Cli::tr("Number of steps to simulate (required)."), Cli::tr("n") },
            { QStringLiteral("init-scale"), Cli::tr("Initial scale (default %1).").arg(exactText(defaults.initScale)), Cli::tr("x") },
            { QStringLiteral("growth-factor"), Cli::tr("Growth factor (default %1).").arg(exactText(defaults.growthFactor)), Cli::tr("x") },
            { QStringLiteral("backoff-factor"), Cli::tr("Backoff factor (default %1).").arg(exactText(defaults.backoffFactor)), Cli::tr("x") },
            { QStringLiteral("growth-interval"), Cli::tr("Clean steps before the scale grows (default %1).").arg(defaults.growthInterval), Cli::tr("n") },
            { QStringLiteral("max-grad"), Cli::tr("Typical largest unscaled |gradient| per step (default %1).").arg(exactText(model0.baseMaxGradient)), Cli::tr("x") },
            { QStringLiteral("noise"), Cli::tr("Step-to-step spread of log10 max|g| in decades (default %1).").arg(exactText(model0.noiseDecades)), Cli::tr("decades") },
            { QStringLiteral("spike-prob"), Cli::tr("Probability of a gradient spike per step (default 0)."), Cli::tr("p") },
            { QStringLiteral("spike-factor"), Cli::tr("How much a spike multiplies max|g| (default %1).").arg(exactText(model0.spikeFactor)), Cli::tr("x") },
            { QStringLiteral("blowup-step"), Cli::tr("Step from which gradients grow every step (learning-rate blow-up; default none)."), Cli::tr("n") },
            { QStringLiteral("blowup-rate"), Cli::tr("Growth of max|g| per step during the blow-up (default %1).").arg(exactText(model0.blowUpGrowthPerStep)), Cli::tr("x") },
            { QStringLiteral("seed"), Cli::tr("Seed of the gradient noise (default 1)."), Cli::tr("n") },
            { QStringLiteral("format"), Cli::tr("Format of the scaled gradients: fp16 (default), bf16, fp32, fp8-e4m3, fp8-e5m2."), Cli::tr("name") },
            { QStringLiteral("inf-steps"), Cli::tr("Instead of simulating gradients, replay inf/NaN at these steps (comma-separated)."), Cli::tr("list") },
    });
    if (const ParseOutcome outcome = parseCommand(parser, arguments, "lossscale"); outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);
    if (!parser.isSet(QStringLiteral("steps"))) {
        err() << Cli::tr("--steps is required; allowed: 1 to %1").arg(LossScaleLimits::maxSteps) << Qt::endl;
        return kBadInput;
    }

    GradScalerConfig config;
    GradientModel model;
    qint64 steps = 0;
    qint64 growthInterval = config.growthInterval;
    qint64 blowUpStep = model.blowUpStep;
    qint64 seed = 1;
    if (!readInt(parser, QStringLiteral("steps"), steps) || !readDouble(parser, QStringLiteral("init-scale"), config.initScale)
        || !readDouble(parser, QStringLiteral("growth-factor"), config.growthFactor)
        || !readDouble(parser, QStringLiteral("backoff-factor"), config.backoffFactor)
        || !readInt(parser, QStringLiteral("growth-interval"), growthInterval)
        || !readDouble(parser, QStringLiteral("max-grad"), model.baseMaxGradient)
        || !readDouble(parser, QStringLiteral("noise"), model.noiseDecades)
        || !readDouble(parser, QStringLiteral("spike-prob"), model.spikeProbability)
        || !readDouble(parser, QStringLiteral("spike-factor"), model.spikeFactor)
        || !readInt(parser, QStringLiteral("blowup-step"), blowUpStep)
        || !readDouble(parser, QStringLiteral("blowup-rate"), model.blowUpGrowthPerStep)
        || !readInt(parser, QStringLiteral("seed"), seed))
        return kBadInput;
    config.growthInterval = clampToInt(growthInterval);
    model.blowUpStep = clampToInt(blowUpStep);
    model.seed = static_cast<std::uint64_t>(seed);
    if (parser.isSet(QStringLiteral("format"))) {
        const auto f = formatFromKey(parser.value(QStringLiteral("format")).toStdString());
        if (!f || *f == NumberFormat::Tf32) {
            err() << Cli::tr("--format: unknown format \"%1\"; allowed: fp16, bf16, fp32, fp8-e4m3, fp8-e5m2")
                             .arg(parser.value(QStringLiteral("format")))
                  << Qt::endl;
            return kBadInput;
        }
        model.format = *f;
    }

    auto complain = [](const LossScaleIssue &issue, const QString &got) {
        err() << Cli::tr("%1: %2 is out of range; allowed: %3").arg(lossScaleOption(issue.field), got, rangeText(issue)) << Qt::endl;
        return kBadInput;
    };
    if (const auto issue = validateScalerConfig(config)) {
        const QString got = issue->field == LossScaleField::GrowthInterval ? QString::number(growthInterval)
                : parser.value(lossScaleOption(issue->field).mid(2));
        return complain(*issue, got);
    }
    if (const auto issue = validateGradientModel(model, clampToInt(steps))) {
        const QString got = parser.value(lossScaleOption(issue->field).mid(2));
        return complain(*issue, got);
    }

    LossScaleTrace trace;
    const bool replay = parser.isSet(QStringLiteral("inf-steps"));
    if (replay) {
        std::unique_ptr<bool[]> infs(new bool[std::size_t(steps)]());
        const QStringList items = parser.value(QStringLiteral("inf-steps")).split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &item : items) {
            bool ok = false;
            const qint64 s = item.trimmed().toLongLong(&ok);
            if (!ok || s < 0 || s >= steps) {
                err() << Cli::tr("--inf-steps: \"%1\" is not a step; allowed: 0 to %2").arg(item.trimmed()).arg(steps - 1) << Qt::endl;
                return kBadInput;
            }
            infs[std::size_t(s)] = true;
        }
        trace = replayLossScale(config, std::span<const bool>(infs.get(), std::size_t(steps)));
    } else {
        trace = simulateLossScale(config, model, int(steps));
    }

    QTextStream &o = out();
    o << QStringLiteral("step,scale,max_grad,skipped,growth_tracker\n");
    for (const ScaleStep &s : trace.steps) {
        // 9 significant digits give every float back exactly; 17 every double.
        o << s.step << QLatin1Char(',') << QString::number(double(s.scale), 'g', 9) << QLatin1Char(',')
          << (replay ? QString() : QString::number(s.maxGradient, 'g', 17)) << QLatin1Char(',')
          << (s.skipped ? 1 : 0) << QLatin1Char(',') << s.growthTracker << QLatin1Char('\n');
    }
    o.flush();
    for (const DiagnosticFinding &d : trace.diagnostics)
        err() << Cli::tr("diagnostic: %1").arg(diagnosticText(d)) << Qt::endl;
    return 0;
}

} // namespace headroom::cli
