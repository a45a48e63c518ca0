#pragma once

// Where a distribution of gradient magnitudes lands in each number format: the share that
// flushes to zero, that lands in subnormals (keeping fewer significant bits), that overflows,
// and how a loss scale moves it (the article, sections 3.1-3.2).

#include <optional>
#include <variant>
#include <vector>

#include <QString>

#include <headroom/numerics/numberformat.h>

namespace headroom {

/// Gradient magnitudes |g| modelled as log-normal: log10|g| ~ Normal(log10(median), sigmaDecades).
/// Gradient histograms of deep networks are roughly this shape on a log axis (Micikevicius et al.,
/// "Mixed Precision Training", ICLR 2018, Fig. 3), spread over many decades.
struct LogNormalMagnitudes {
    double median = 1e-6;      ///< median |g|, unscaled
    double sigmaDecades = 1.5; ///< standard deviation of log10|g|
};

/// One bin of a measured histogram of |g|: `weight` values between lower and upper, spread
/// evenly in log10 within the bin (histograms of gradients are taken on log-spaced bins).
struct MagnitudeBin {
    double lower;
    double upper;
    double weight;
};

/// A measured histogram of |g| (unscaled), e.g. exported from a training run.
struct MagnitudeHistogram {
    std::vector<MagnitudeBin> bins; ///< sorted by lower edge, non-overlapping
    double totalWeight = 0;
};

/// Either model; the shares and the density are defined for both.
using MagnitudeModel = std::variant<LogNormalMagnitudes, MagnitudeHistogram>;

/// Shares of all values, each in [0, 1], summing to 1.
struct FormatShares {
    double flushToZero = 0; ///< round to zero: |x| <= half the smallest subnormal
    double subnormal = 0;   ///< round to a subnormal: fewer significant bits than normals carry
    double normal = 0;
    double overflow = 0;    ///< become infinity (NaN for E4M3): |x| beyond max + ulp/2
};

/// Allowed ranges of the model's inputs; wider values are rejected, not clamped.
struct DistributionLimits {
    static constexpr double minMedian = 1e-40;
    static constexpr double maxMedian = 1e30;
    static constexpr double minSigmaDecades = 0.01;
    static constexpr double maxSigmaDecades = 10.0;
    static constexpr double minLossScale = 0x1p-40;
    static constexpr double maxLossScale = 0x1p80;
    static constexpr int maxHistogramBins = 100000;
};

enum class DistributionField { Median, Spread, LossScale };

/// An input outside its allowed range (the range is in DistributionLimits).
struct DistributionIssue {
    DistributionField field;
    double min;
    double max;
};

/// The first out-of-range input, if any (NaN and infinities are out of range).
[[nodiscard]] std::optional<DistributionIssue> validateDistribution(const LogNormalMagnitudes &model,
                                                                    double lossScale);

/// Shares of scale * |g| in each class of the format, computed analytically: the normal CDF at
/// the format's rounding boundaries (formatConstants(): underflowBound, normalBound,
/// overflowBound) for the log-normal model; log-linear interpolation within bins for a histogram.
/// Inputs are expected to pass validateDistribution(); no allocation.
[[nodiscard]] FormatShares formatShares(const MagnitudeModel &model, NumberFormat format, double lossScale);
[[nodiscard]] FormatShares formatShares(const LogNormalMagnitudes &model, NumberFormat format, double lossScale);
[[nodiscard]] FormatShares formatShares(const MagnitudeHistogram &model, NumberFormat format, double lossScale);

/// Probability density of log10(lossScale * |g|) at log10Magnitude, per decade (integrates to 1
/// over the log10 axis). For drawing the distribution over a number line.
[[nodiscard]] double densityPerDecade(const MagnitudeModel &model, double lossScale, double log10Magnitude);

/// The log10 range holding essentially all of the (scaled) distribution: +-5 sigma for the
/// log-normal model, the outer bin edges for a histogram.
struct Log10Range {
    double low;
    double high;
};
[[nodiscard]] Log10Range log10Support(const MagnitudeModel &model, double lossScale);

/// Standard normal CDF, Phi(z) = erfc(-z / sqrt 2) / 2 (accurate in both tails).
[[nodiscard]] double normalCdf(double z);

/// Why a histogram file could not be read.
enum class HistogramError {
    None,
    CannotOpen,      ///< detail: the system's message
    BadNumber,       ///< a field is not a number; line says where
    WrongFieldCount, ///< a data line does not have three fields
    BadEdges,        ///< lower <= 0, upper <= lower, or an edge not finite
    NegativeWeight,  ///< a count is negative or not finite
    Overlapping,     ///< bins overlap once sorted
    Empty,           ///< no bins, or all weights zero
    TooManyBins,     ///< more than DistributionLimits::maxHistogramBins
};

struct HistogramParseResult {
    MagnitudeHistogram histogram;
    HistogramError error = HistogramError::None;
    int line = 0;   ///< 1-based line of the problem, 0 when not line-specific
    QString detail; ///< the offending text, or the system's message for CannotOpen
};

/// Parses a histogram of |g|: one bin per line, "lower,upper,count" (commas, semicolons, tabs or
/// spaces between fields). Lines starting with '#' and a first line that is not numeric (a
/// header) are skipped. Bins may come in any order; they are sorted and must not overlap.
[[nodiscard]] HistogramParseResult parseHistogram(const QString &text);


} // namespace headroom
