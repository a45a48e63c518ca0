#include "precisiontext.h"

#include <cmath>

#include <QLocale>

namespace headroom {

QString PrecisionText::formatName(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Fp32: return tr("FP32");
    case NumberFormat::Tf32: return tr("TF32");
    case NumberFormat::Fp16: return tr("FP16");
    case NumberFormat::Bf16: return tr("BF16");
    case NumberFormat::Fp8E4M3: return tr("FP8 E4M3");
    case NumberFormat::Fp8E5M2: return tr("FP8 E5M2");
    }
    return {};
}

QString PrecisionText::formatToolTip(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Fp32:
        return tr("IEEE single precision: 1 sign, 8 exponent, 23 mantissa bits. Master weights and optimizer states.");
    case NumberFormat::Tf32:
        return tr("TensorFloat-32: FP32's 8-bit exponent with FP16's 10-bit mantissa. A tensor-core math mode on A100 and later; never stored.");
    case NumberFormat::Fp16:
        return tr("IEEE half precision: 1 sign, 5 exponent, 10 mantissa bits. Fine steps but a narrow range: values below 6e-5 lose bits, below 3e-8 become zero.");
    case NumberFormat::Bf16:
        return tr("bfloat16: FP32's 8-bit exponent with a 7-bit mantissa. FP32's range, so gradients rarely underflow, but coarse steps.");
    case NumberFormat::Fp8E4M3:
        return tr("OCP FP8 E4M3: bias 7, largest value 448, no infinity (S.1111.111 is NaN). Used for weights and activations.");
    case NumberFormat::Fp8E5M2:
        return tr("OCP FP8 E5M2: bias 15, largest value 57344, IEEE-style infinity and NaN. Used for gradients.");
    }
    return {};
}

QString PrecisionText::valueClass(ValueClass valueClass)
{
    switch (valueClass) {
    case ValueClass::Zero: return tr("zero");
    case ValueClass::Subnormal: return tr("subnormal");
    case ValueClass::Normal: return tr("normal");
    case ValueClass::Infinity: return tr("infinity");
    case ValueClass::NaN: return tr("NaN");
    }
    return {};
}

QString PrecisionText::outcome(RoundingOutcome outcome)
{
    switch (outcome) {
    case RoundingOutcome::Exact: return tr("exact");
    case RoundingOutcome::Rounded: return tr("rounded");
    case RoundingOutcome::Underflow: return tr("flushed to zero");
    case RoundingOutcome::Overflow: return tr("overflow");
    case RoundingOutcome::NotFinite: return tr("not a finite number");
    }
    return {};
}

QString PrecisionText::diagnostic(const DiagnosticFinding &f)
{
    switch (f.code) {
    case ScalerDiagnostic::ScaleCollapsedWithInfs:
        return tr("<b>Exploding gradients, not a scaling problem.</b> At step %1 the scale is down to %2 and gradients "
                  "still overflow. Lower the learning rate first, then check gradient clipping, then look for bad samples in the data.")
                .arg(QLocale().toString(f.step), scale(f.value));
    case ScalerDiagnostic::FrequentSkips:
        return tr("<b>Frequent skips:</b> %1 of steps skipped after calibration. GradScaler expects a skip every few hundred "
                  "or thousand steps; each skip throws a batch away.")
                .arg(share(f.value).toHtmlEscaped());
    case ScalerDiagnostic::ScaleUnderflowed:
        return tr("<b>The scale reached zero</b> at step %1: every gradient is zero from then on and training has stopped.")
                .arg(QLocale().toString(f.step));
    case ScalerDiagnostic::NeverBackedOff:
        return tr("<b>No step skipped;</b> the scale only grew (to %1). Expected with BF16; with FP16 the scaler never met "
                  "the overflow edge in this run.")
                .arg(scale(f.value));
    case ScalerDiagnostic::Healthy:
        return tr("<b>Healthy:</b> %1 of steps skipped after calibration; the scale settles just below the overflow edge.")
                .arg(share(f.value).toHtmlEscaped());
    }
    return {};
}

QColor PrecisionText::diagnosticColor(ScalerDiagnostic code)
{
    switch (code) {
    case ScalerDiagnostic::ScaleCollapsedWithInfs:
    case ScalerDiagnostic::ScaleUnderflowed:
        return QColor(0xD5, 0x5E, 0x00);
    case ScalerDiagnostic::FrequentSkips:
        return QColor(0xE6, 0x9F, 0x00);
    case ScalerDiagnostic::NeverBackedOff:
        return QColor(0x56, 0xB4, 0xE9);
    case ScalerDiagnostic::Healthy:
        return QColor(0x00, 0x9E, 0x73);
    }
    return {};
}

QString PrecisionText::fp8Issue(const Fp8Issue &issue)
{
    const QString lo = shortNumber(issue.min, 6);
    const QString hi = shortNumber(issue.max, 6);
    switch (issue.field) {
    case Fp8Field::Median: return tr("Median |x| must lie between %1 and %2.").arg(lo, hi);
    case Fp8Field::Spread: return tr("The spread within a row must lie between %1 and %2 decades.").arg(lo, hi);
    case Fp8Field::RowSpread: return tr("The spread between rows must lie between %1 and %2 decades.").arg(lo, hi);
    case Fp8Field::Rows: return tr("Rows must lie between %1 and %2.").arg(lo, hi);
    case Fp8Field::Cols: return tr("Columns must be a multiple of 32 between %1 and %2.").arg(lo, hi);
    case Fp8Field::HistoryLength: return tr("The amax history must hold between %1 and %2 steps.").arg(lo, hi);
    case Fp8Field::Margin: return tr("The margin must lie between %1 and %2.").arg(lo, hi);
    case Fp8Field::Steps: return tr("Steps must lie between %1 and %2.").arg(lo, hi);
    case Fp8Field::Noise: return tr("The noise must lie between %1 and %2 decades.").arg(lo, hi);
    case Fp8Field::SpikeProbability: return tr("The spike chance must lie between 0 % and 100 %.");
    case Fp8Field::SpikeFactor: return tr("The spike size must lie between %1 and %2.").arg(lo, hi);
    case Fp8Field::Format: return tr("The format must be FP8 E4M3 or FP8 E5M2.");
    }
    return {};
}

QString PrecisionText::histogramError(const HistogramParseResult &r)
{
    const QString line = QLocale().toString(r.line);
    switch (r.error) {
    case HistogramError::None: return {};
    case HistogramError::CannotOpen: return tr("Cannot open the histogram file: %1").arg(r.detail);
    case HistogramError::BadNumber: return tr("Line %1: \"%2\" is not three numbers (lower, upper, count).").arg(line, r.detail);
    case HistogramError::WrongFieldCount: return tr("Line %1: \"%2\" needs three fields: lower, upper, count.").arg(line, r.detail);
    case HistogramError::BadEdges: return tr("Line %1: \"%2\": edges must satisfy 0 < lower < upper.").arg(line, r.detail);
    case HistogramError::NegativeWeight: return tr("Line %1: \"%2\": the count must be 0 or more.").arg(line, r.detail);
    case HistogramError::Overlapping: return tr("Bins overlap (at %1); each |g| range may appear once.").arg(r.detail);
    case HistogramError::Empty: return tr("The histogram has no bins with a count above zero.");
    case HistogramError::TooManyBins:
        return tr("Line %1: more than %2 bins.").arg(line, QLocale().toString(DistributionLimits::maxHistogramBins));
    }
    return {};
}

QString PrecisionText::recommendation(PrecisionRecommendation r, const QString &gpuName)
{
    switch (r) {
    case PrecisionRecommendation::Bf16:
        return tr("<b>%1 supports BF16: train in BF16.</b> It has FP32's exponent range, so gradients do not underflow "
                  "and no loss scaler is needed.")
                .arg(gpuName.toHtmlEscaped());
    case PrecisionRecommendation::Fp16WithLossScaling:
        return tr("<b>%1 has no BF16 tensor cores: train in FP16 with a dynamic loss scaler</b> (torch.cuda.amp.GradScaler); "
                  "without it small gradients flush to zero.")
                .arg(gpuName.toHtmlEscaped());
    }
    return {};
}

QString PrecisionText::exactNumber(double value)
{
    if (std::isnan(value))
        return tr("NaN");
    if (std::isinf(value))
        return value > 0 ? tr("+∞") : tr("−∞");
    if (value == 0)
        return std::signbit(value) ? tr("−0") : QStringLiteral("0");
    return QLocale().toString(value, 'g', QLocale::FloatingPointShortest);
}

QString PrecisionText::shortNumber(double value, int digits)
{
    if (!std::isfinite(value))
        return exactNumber(value);
    return QLocale().toString(value, 'g', digits);
}

QString PrecisionText::share(double s)
{
    if (!std::isfinite(s))
        return tr("—");
    if (s > 0 && s < 0.0001)
        return tr("< 0.01 %");
    if (s < 1 && s > 0.9999)
        return tr("> 99.99 %");
    return tr("%1 %").arg(QLocale().toString(s * 100, 'f', 2));
}

QString PrecisionText::powerOfTwo(int exponent)
{
    return tr("2^%1 = %2").arg(exponent).arg(exactNumber(std::ldexp(1.0, exponent)));
}

QString PrecisionText::scale(double scale)
{
    int exponent = 0;
    if (scale > 0 && std::isfinite(scale) && std::frexp(scale, &exponent) == 0.5)
        return tr("2^%1").arg(exponent - 1);
    return shortNumber(scale, 6);
}

namespace precisioncolors {
QColor sign() { return QColor(0xCC, 0x79, 0xA7); }
QColor exponent() { return QColor(0x00, 0x9E, 0x73); }
QColor mantissa() { return QColor(0x00, 0x72, 0xB2); }
QColor flushToZero() { return QColor(0xD5, 0x5E, 0x00); }
QColor subnormal() { return QColor(0xE6, 0x9F, 0x00); }
QColor normal() { return QColor(0x00, 0x9E, 0x73); }
QColor overflow() { return QColor(0xCC, 0x79, 0xA7); }
QColor distribution() { return QColor(0x00, 0x72, 0xB2); }
} // namespace precisioncolors

} // namespace headroom
