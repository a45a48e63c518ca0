#include <headroom/numerics/fp8scaling.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>

#include "splitmix64.h"

namespace headroom {

namespace {

bool inClosed(double v, double lo, double hi)
{
    return std::isfinite(v) && v >= lo && v <= hi;
}

bool isFp8(NumberFormat f)
{
    return f == NumberFormat::Fp8E4M3 || f == NumberFormat::Fp8E5M2;
}

// Draws are truncated at six standard deviations so that, within the limits, every sampled value
// stays finite and non-zero in BF16 (12 + 6 x 2 + 6 x 2 = 36 decades < BF16's 38).
constexpr double kTruncateSigmas = 6.0;

double truncatedNormal(SplitMix64 &rng)
{
    return std::clamp(rng.normal(), -kTruncateSigmas, kTruncateSigmas);
}

// floor(log2 |v|) of a finite non-zero value.
int floorLog2(double v)
{
    int k = 0;
    std::frexp(v, &k); // v = m 2^k, 0.5 <= m < 1
    return k - 1;
}

// The clamp boundary and the flush-to-zero boundary of a saturating cast.
struct CastBounds {
    double maxFinite;
    double underflowBound; // |v| <= this rounds to zero (the tie goes to the even zero)
};

CastBounds castBounds(NumberFormat f)
{
    const FormatConstants k = formatConstants(f);
    return { k.maxFinite, k.underflowBound };
}

ScaledCast finishCast(double scaled, double toInput, NumberFormat element)
{
    const double maxFinite = formatConstants(element).maxFinite;
    const bool clamped = std::abs(scaled) > maxFinite;
    if (clamped)
        scaled = std::copysign(maxFinite, scaled);
    const Encoding e = encode(element, scaled, OverflowMode::Saturating);
    return { e, clamped, e.stored * toInput };
}

double median(std::vector<double> &v)
{
    if (v.empty())
        return 0;
    const auto mid = v.begin() + std::ptrdiff_t(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    if (v.size() % 2 == 1)
        return *mid;
    const double upper = *mid;
    const double lower = *std::max_element(v.begin(), mid);
    return (lower + upper) / 2;
}

} // namespace

std::string_view fp8ScalingKey(Fp8Scaling scaling)
{
    switch (scaling) {
    case Fp8Scaling::PerTensor: return "tensor";
    case Fp8Scaling::PerRow: return "row";
    case Fp8Scaling::Block32: return "mx32";
    }
    return "tensor";
}

std::optional<Fp8Issue> validateFp8Tensor(const Fp8TensorModel &m)
{
    using L = Fp8Limits;
    if (!inClosed(m.median, L::minMedian, L::maxMedian))
        return Fp8Issue { Fp8Field::Median, L::minMedian, L::maxMedian };
    if (!inClosed(m.sigmaDecades, 0, L::maxSigmaDecades))
        return Fp8Issue { Fp8Field::Spread, 0, L::maxSigmaDecades };
    if (!inClosed(m.rowSpreadDecades, 0, L::maxRowSpreadDecades))
        return Fp8Issue { Fp8Field::RowSpread, 0, L::maxRowSpreadDecades };
    if (m.rows < 1 || m.rows > L::maxRows)
        return Fp8Issue { Fp8Field::Rows, 1, double(L::maxRows) };
    if (m.cols < kMxBlockSize || m.cols > L::maxCols || m.cols % kMxBlockSize != 0)
        return Fp8Issue { Fp8Field::Cols, double(kMxBlockSize), double(L::maxCols) };
    return std::nullopt;
}

std::vector<float> sampleFp8Tensor(const Fp8TensorModel &m)
{
    SplitMix64 rng(m.seed);
    std::vector<float> values;
    values.reserve(std::size_t(m.rows) * std::size_t(m.cols));
    const double center = std::log10(m.median);
    for (int r = 0; r < m.rows; ++r) {
        const double level = m.rowSpreadDecades * truncatedNormal(rng);
        for (int c = 0; c < m.cols; ++c) {
            const double l = center + level + m.sigmaDecades * truncatedNormal(rng);
            const double magnitude = std::pow(10.0, l);
            const double signedValue = (rng.next() & 1U) != 0 ? -magnitude : magnitude;
            values.push_back(float(encode(NumberFormat::Bf16, signedValue).stored));
        }
    }
    return values;
}

float amaxToScale(double amax, NumberFormat element, bool roundToPowerOfTwo)
{
    const double maxFinite = formatConstants(element).maxFinite;
    auto scale = float(maxFinite / std::max(amax, 1e-12));
    if (roundToPowerOfTwo)
        scale = std::exp2(std::floor(std::log2(scale)));
    return scale;
}

ScaledCast castWithScale(float x, float scale, NumberFormat element)
{
    const float scaled = x * scale; // FP32 product, as torchao multiplies in float32
    return finishCast(double(scaled), 1.0 / double(scale), element);
}

MxScale mxBlockScale(double amax, NumberFormat element)
{
    const int emax = floorLog2(formatConstants(element).maxFinite);
    int exponent = -127;
    if (amax > 0 && std::isfinite(amax))
        exponent = std::clamp(floorLog2(amax) - emax, -127, 127);
    return { exponent, std::uint8_t(exponent + 127) };
}

ScaledCast castMxElement(float x, MxScale scale, NumberFormat element)
{
    // Division by a power of two is exact in double over this whole range.
    return finishCast(std::ldexp(double(x), -scale.exponent), std::ldexp(1.0, scale.exponent), element);
}

Fp8CastCounts castTensorToFp8(std::span<const float> values, int rows, int cols, NumberFormat element,
                              Fp8Scaling scaling)
{
    Fp8CastCounts counts;
    counts.elements = rows * cols;
    std::vector<double> errors;
    errors.reserve(values.size());
    auto tally = [&](float x, const ScaledCast &cast) {
        if (x == 0) {
            ++counts.zeroInputs;
            return;
        }
        if (cast.clamped)
            ++counts.clamped;
        else if (cast.encoding.stored == 0)
            ++counts.flushedToZero;
        if (cast.encoding.valueClass == ValueClass::Subnormal)
            ++counts.subnormal;
        if (!cast.clamped && cast.encoding.stored != 0)
            errors.push_back(std::abs(cast.dequantized - double(x)) / std::abs(double(x)));
    };
    auto amaxOf = [](std::span<const float> part) {
        double amax = 0;
        for (float v : part)
            amax = std::max(amax, std::abs(double(v)));
        return amax;
    };

    switch (scaling) {
    case Fp8Scaling::PerTensor: {
        const float scale = amaxToScale(amaxOf(values), element, false);
        for (float x : values)
            tally(x, castWithScale(x, scale, element));
        counts.scales = 1;
        counts.scaleBits = 32;
        break;
    }
    case Fp8Scaling::PerRow:
        for (int r = 0; r < rows; ++r) {
            const auto row = values.subspan(std::size_t(r) * std::size_t(cols), std::size_t(cols));
            const float scale = amaxToScale(amaxOf(row), element, true);
            for (float x : row)
                tally(x, castWithScale(x, scale, element));
        }
        counts.scales = rows;
        counts.scaleBits = 32;
        break;
    case Fp8Scaling::Block32:
        for (std::size_t start = 0; start + kMxBlockSize <= values.size(); start += kMxBlockSize) {
            const auto block = values.subspan(start, kMxBlockSize);
            const MxScale scale = mxBlockScale(amaxOf(block), element);
            for (float x : block)
                tally(x, castMxElement(x, scale, element));
        }
        counts.scales = counts.elements / kMxBlockSize;
        counts.scaleBits = 8;
        break;
    }
    counts.worstRelativeError = errors.empty() ? 0.0 : *std::max_element(errors.begin(), errors.end());
    counts.medianRelativeError = median(errors);
    return counts;
}

std::optional<Fp8Issue> validateDelayedScaling(const DelayedScalingConfig &c)
{
    using L = Fp8Limits;
    if (c.historyLength < 1 || c.historyLength > L::maxHistoryLength)
        return Fp8Issue { Fp8Field::HistoryLength, 1, double(L::maxHistoryLength) };
    if (c.margin < 0 || c.margin > L::maxMargin)
        return Fp8Issue { Fp8Field::Margin, 0, double(L::maxMargin) };
    if (c.steps < 1 || c.steps > L::maxSteps)
        return Fp8Issue { Fp8Field::Steps, 1, double(L::maxSteps) };
    if (!inClosed(c.noiseDecades, 0, L::maxNoiseDecades))
        return Fp8Issue { Fp8Field::Noise, 0, L::maxNoiseDecades };
    if (!inClosed(c.spikeProbability, 0, 1))
        return Fp8Issue { Fp8Field::SpikeProbability, 0, 1 };
    if (!inClosed(c.spikeFactor, 1, L::maxSpikeFactor))
        return Fp8Issue { Fp8Field::SpikeFactor, 1, L::maxSpikeFactor };
    if (!isFp8(c.element))
        return Fp8Issue { Fp8Field::Format, 0, 0 };
    return std::nullopt;
}

DelayedScalingTrace simulateDelayedScaling(const Fp8TensorModel &model, const DelayedScalingConfig &config)
{
    const std::vector<float> values = sampleFp8Tensor(model);
    SplitMix64 rng(config.seed);
    std::vector<double> multipliers;
    multipliers.reserve(std::size_t(config.steps));
    for (int t = 0; t < config.steps; ++t) {
        const double z = truncatedNormal(rng);
        const bool spike = rng.uniform() < config.spikeProbability;
        multipliers.push_back(std::pow(10.0, config.noiseDecades * z) * (spike ? config.spikeFactor : 1.0));
    }
    return simulateDelayedScaling(values, multipliers, config);
}

DelayedScalingTrace simulateDelayedScaling(std::span<const float> values, std::span<const double> multipliers,
                                           const DelayedScalingConfig &config)
{
    std::vector<double> magnitudes;
    magnitudes.reserve(values.size());
    for (float v : values)
        if (v != 0)
            magnitudes.push_back(std::abs(double(v)));
    std::sort(magnitudes.begin(), magnitudes.end());
    const double baseAmax = magnitudes.empty() ? 0.0 : magnitudes.back();
    const auto nonZero = double(magnitudes.size());
    const double total = double(values.size());
    const CastBounds bounds = castBounds(config.element);
    // TE keeps FP8's max over 2^margin in FP32 and divides in FP32 (delayed_scaling.cu).
    const float scaledMax = float(bounds.maxFinite * std::ldexp(1.0, -config.margin));

    DelayedScalingTrace trace;
    trace.steps.reserve(multipliers.size());
    float scale = 1.0F; // TE's fp8 meta starts with scale 1
    // Amaxes of the window, largest kept at the front (a monotonic queue of (step, amax)).
    std::deque<std::pair<int, float>> window;
    for (int t = 0; t < int(multipliers.size()); ++t) {
        const double m = multipliers[std::size_t(t)];
        // The step's tensor is x m; the cast multiplies it by the scale in FP32. A product above
        // the largest finite value clamps, one at or below half the smallest subnormal flushes;
        // both predicates grow with |x|, so a binary search over the sorted magnitudes counts them.
        auto product = [m, scale](double x) { return double(float(x * m) * scale); };
        const auto clampFrom = std::partition_point(magnitudes.begin(), magnitudes.end(),
                                                    [&](double x) { return product(x) <= bounds.maxFinite; });
        const auto flushTo = std::partition_point(magnitudes.begin(), magnitudes.end(),
                                                  [&](double x) { return product(x) <= bounds.underflowBound; });
        DelayedScalingStep step;
        step.step = t;
        step.multiplier = m;
        step.amax = baseAmax * m;
        step.scale = scale;
        step.clampedShare = total > 0 ? double(magnitudes.end() - clampFrom) / total : 0.0;
        step.flushedShare = nonZero > 0 ? double(flushTo - magnitudes.begin()) / nonZero : 0.0;
        trace.steps.push_back(step);
        if (step.clampedShare > 0)
            ++trace.stepsWithClamping;
        trace.worstClampedShare = std::max(trace.worstClampedShare, step.clampedShare);
        trace.worstFlushedShare = std::max(trace.worstFlushedShare, step.flushedShare);

        // After the step: record its amax and compute the next step's scale.
        const auto amax = float(step.amax);
        while (!window.empty() && window.back().second <= amax)
            window.pop_back();
        window.emplace_back(t, amax);
        while (window.front().first <= t - config.historyLength)
            window.pop_front();
        const float historyAmax = window.front().second;
        if (std::isfinite(historyAmax) && historyAmax > 0)
            scale = scaledMax / historyAmax;
        if (std::isinf(scale))
            scale = std::numeric_limits<float>::max();
    }
    return trace;
}

} // namespace headroom
