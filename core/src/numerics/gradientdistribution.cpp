#include <headroom/numerics/gradientdistribution.h>

#include <algorithm>
#include <cmath>

#include <QRegularExpression>
#include <QStringList>

namespace headroom {

namespace {

bool inRange(double v, double lo, double hi)
{
    return std::isfinite(v) && v >= lo && v <= hi;
}

// Fraction of a log-uniform bin [lo, hi] lying below x.
double fractionBelow(double lo, double hi, double x)
{
    if (x <= lo)
        return 0;
    if (x >= hi)
        return 1;
    return (std::log10(x) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
}

FormatShares fromCumulative(double belowZero, double belowNormal, double belowOverflow)
{
    FormatShares s;
    s.flushToZero = belowZero;
    s.subnormal = std::max(0.0, belowNormal - belowZero);
    s.overflow = std::max(0.0, 1.0 - belowOverflow);
    s.normal = std::max(0.0, belowOverflow - belowNormal);
    return s;
}

} // namespace

double normalCdf(double z)
{
    return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

std::optional<DistributionIssue> validateDistribution(const LogNormalMagnitudes &model, double lossScale)
{
    using L = DistributionLimits;
    if (!inRange(model.median, L::minMedian, L::maxMedian))
        return DistributionIssue { DistributionField::Median, L::minMedian, L::maxMedian };
    if (!inRange(model.sigmaDecades, L::minSigmaDecades, L::maxSigmaDecades))
        return DistributionIssue { DistributionField::Spread, L::minSigmaDecades, L::maxSigmaDecades };
    if (!inRange(lossScale, L::minLossScale, L::maxLossScale))
        return DistributionIssue { DistributionField::LossScale, L::minLossScale, L::maxLossScale };
    return std::nullopt;
}

FormatShares formatShares(const LogNormalMagnitudes &model, NumberFormat format, double lossScale)
{
    // log10(scale * |g|) ~ Normal(mu, sigma). The class boundaries are where round-to-nearest-even
    // changes the result's class; ties have probability zero under a continuous model, so whether
    // a boundary itself belongs above or below does not matter here.
    const FormatConstants k = formatConstants(format);
    const double mu = std::log10(model.median) + std::log10(lossScale);
    const double sigma = model.sigmaDecades;
    auto below = [&](double bound) { return normalCdf((std::log10(bound) - mu) / sigma); };
    return fromCumulative(below(k.underflowBound), below(k.normalBound), below(k.overflowBound));
}

FormatShares formatShares(const MagnitudeHistogram &model, NumberFormat format, double lossScale)
{
    const FormatConstants k = formatConstants(format);
    double zero = 0;
    double normal = 0;
    double overflow = 0;
    for (const MagnitudeBin &bin : model.bins) {
        const double lo = bin.lower * lossScale;
        const double hi = bin.upper * lossScale;
        zero += bin.weight * fractionBelow(lo, hi, k.underflowBound);
        normal += bin.weight * fractionBelow(lo, hi, k.normalBound);
        overflow += bin.weight * fractionBelow(lo, hi, k.overflowBound);
    }
    if (model.totalWeight <= 0)
        return FormatShares {};
    return fromCumulative(zero / model.totalWeight, normal / model.totalWeight,
                          overflow / model.totalWeight);
}

FormatShares formatShares(const MagnitudeModel &model, NumberFormat format, double lossScale)
{
    return std::visit([&](const auto &m) { return formatShares(m, format, lossScale); }, model);
}

double densityPerDecade(const MagnitudeModel &model, double lossScale, double log10Magnitude)
{
    if (const auto *ln = std::get_if<LogNormalMagnitudes>(&model)) {
        const double mu = std::log10(ln->median) + std::log10(lossScale);
        const double z = (log10Magnitude - mu) / ln->sigmaDecades;
        constexpr double invSqrt2Pi = 0.3989422804014327;
        return invSqrt2Pi / ln->sigmaDecades * std::exp(-0.5 * z * z);
    }
    const auto &h = std::get<MagnitudeHistogram>(model);
    if (h.totalWeight <= 0)
        return 0;
    const double shift = std::log10(lossScale);
    for (const MagnitudeBin &bin : h.bins) {
        const double lo = std::log10(bin.lower) + shift;
        const double hi = std::log10(bin.upper) + shift;
        if (log10Magnitude >= lo && log10Magnitude < hi)
            return bin.weight / h.totalWeight / (hi - lo);
    }
    return 0;
}

Log10Range log10Support(const MagnitudeModel &model, double lossScale)
{
    const double shift = std::log10(lossScale);
    if (const auto *ln = std::get_if<LogNormalMagnitudes>(&model)) {
        const double mu = std::log10(ln->median) + shift;
        return Log10Range { mu - 5 * ln->sigmaDecades, mu + 5 * ln->sigmaDecades };
    }
    const auto &h = std::get<MagnitudeHistogram>(model);
    if (h.bins.empty())
        return Log10Range { shift, shift };
    return Log10Range { std::log10(h.bins.front().lower) + shift, std::log10(h.bins.back().upper) + shift };
}

HistogramParseResult parseHistogram(const QString &text)
{
    HistogramParseResult result;
    auto fail = [&result](HistogramError error, int line, const QString &detail) {
        result.error = error;
        result.line = line;
        result.detail = detail;
        result.histogram = MagnitudeHistogram {};
        return result;
    };

    static const QRegularExpression separators(QStringLiteral("[,;\\t ]+"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    bool firstDataLine = true;
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines.at(i).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList fields = line.split(separators, Qt::SkipEmptyParts);
        double values[3] = {};
        bool numeric = fields.size() == 3;
        for (int f = 0; numeric && f < 3; ++f)
            values[f] = fields.at(f).toDouble(&numeric);
        if (!numeric) {
            // A first line without any number is a header such as "lower,upper,count".
            const bool header = firstDataLine && std::none_of(fields.begin(), fields.end(), [](const QString &f) {
                bool ok = false;
                f.toDouble(&ok);
                return ok;
            });
            firstDataLine = false;
            if (header)
                continue;
            return fail(fields.size() != 3 ? HistogramError::WrongFieldCount : HistogramError::BadNumber,
                        i + 1, line);
        }
        firstDataLine = false;
        const double lower = values[0];
        const double upper = values[1];
        const double weight = values[2];
        if (!std::isfinite(lower) || !std::isfinite(upper) || lower <= 0 || upper <= lower)
            return fail(HistogramError::BadEdges, i + 1, line);
        if (!std::isfinite(weight) || weight < 0)
            return fail(HistogramError::NegativeWeight, i + 1, line);
        if (static_cast<int>(result.histogram.bins.size()) >= DistributionLimits::maxHistogramBins)
            return fail(HistogramError::TooManyBins, i + 1, QString());
        result.histogram.bins.push_back(MagnitudeBin { lower, upper, weight });
        result.histogram.totalWeight += weight;
    }
    auto &bins = result.histogram.bins;
    std::sort(bins.begin(), bins.end(),
              [](const MagnitudeBin &a, const MagnitudeBin &b) { return a.lower < b.lower; });
    for (std::size_t i = 1; i < bins.size(); ++i) {
        if (bins[i].lower < bins[i - 1].upper)
            return fail(HistogramError::Overlapping, 0,
                        QStringLiteral("%1,%2").arg(bins[i].lower).arg(bins[i].upper));
    }
    if (bins.empty() || !(result.histogram.totalWeight > 0))
        return fail(HistogramError::Empty, 0, QString());
    return result;
}


} // namespace headroom
