#pragma once

// How FP8 training scales a tensor into E4M3 (forward: activations and weights) or E5M2
// (gradients): one scale per tensor, one per row, or one per block of 32 (OCP MX), and the
// delayed scaling of Transformer Engine that takes its scale from an amax history. What clamps,
// what flushes to zero, and what a value loses on the way: the article's "FP16 against BF16"
// story carried to 8 bits, where a scale is no longer optional.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <headroom/numerics/numberformat.h>

namespace headroom {

/// Where one scale applies.
enum class Fp8Scaling : std::uint8_t {
    /// One FP32 scale per tensor from this step's amax: torchao's "tensorwise" recipe
    /// (torchao/float8/float8_utils.py, amax_to_scale, v0.18.0-rc1-48-g36027d8).
    PerTensor,
    /// One FP32 scale per row, rounded down to a power of two: torchao's "rowwise" recipe
    /// (config.py, from_recipe_name: round_scales_to_power_of_2=True).
    PerRow,
    /// One E8M0 scale per 32 consecutive elements of a row: OCP Microscaling Formats (MX) v1.0,
    /// section 6.3, as MXFP8 uses it.
    Block32,
};

inline constexpr std::array<Fp8Scaling, 3> allFp8Scalings { Fp8Scaling::PerTensor, Fp8Scaling::PerRow,
                                                            Fp8Scaling::Block32 };

/// Stable key for files and tests: "tensor", "row", "mx32". Not a user-visible label.
[[nodiscard]] std::string_view fp8ScalingKey(Fp8Scaling scaling);

/// Elements an MX block holds (OCP MX v1.0, Table 1: k = 32 for MXFP8).
inline constexpr int kMxBlockSize = 32;

/// A synthetic tensor: log10|x| ~ Normal(log10(median) + rowLevel_r, sigmaDecades), with each
/// row's level rowLevel_r ~ Normal(0, rowSpreadDecades). The row levels are what makes per-row
/// and per-block scaling matter: activations of LLMs carry a few rows and channels far above the
/// rest (Dettmers et al., "LLM.int8()", 2022). Signs are random; values are stored in BF16, as a
/// training stack holds them before the cast.
struct Fp8TensorModel {
    double median = 0.05;
    double sigmaDecades = 0.4;
    double rowSpreadDecades = 0.6;
    int rows = 64;
    int cols = 256; ///< a multiple of kMxBlockSize
    std::uint64_t seed = 1;
};

/// Allowed ranges; values outside are rejected, not clamped.
struct Fp8Limits {
    static constexpr double minMedian = 1e-12;
    static constexpr double maxMedian = 1e12;
    static constexpr double maxSigmaDecades = 2.0;
    static constexpr double maxRowSpreadDecades = 2.0;
    static constexpr int maxRows = 4096;
    static constexpr int maxCols = 4096;
    static constexpr int maxHistoryLength = 65536;
    static constexpr int maxSteps = 100000;
    static constexpr int maxMargin = 32;
    static constexpr double maxNoiseDecades = 3.0;
    static constexpr double maxSpikeFactor = 1e12;
};

enum class Fp8Field { Median, Spread, RowSpread, Rows, Cols, HistoryLength, Margin, Steps, Noise, SpikeProbability, SpikeFactor, Format };

/// An input outside its allowed range [min, max] (Cols must also be a multiple of 32; Format
/// must be E4M3 or E5M2).
struct Fp8Issue {
    Fp8Field field;
    double min;
    double max;
};

[[nodiscard]] std::optional<Fp8Issue> validateFp8Tensor(const Fp8TensorModel &model);

/// The tensor's values, row-major, each rounded to BF16. Normal draws are truncated at six
/// standard deviations, which keeps every value finite and non-zero in BF16 within Fp8Limits.
/// Inputs are expected to pass validateFp8Tensor().
[[nodiscard]] std::vector<float> sampleFp8Tensor(const Fp8TensorModel &model);

/// torchao's amax_to_scale: FP8's largest finite value over amax (amax at least 1e-12), computed
/// in double and rounded to FP32; optionally rounded down to a power of two.
[[nodiscard]] float amaxToScale(double amax, NumberFormat element, bool roundToPowerOfTwo);

/// One element cast with a multiplicative scale as torchao does it: x * scale in FP32, clamped to
/// the format's largest finite value, then rounded to nearest even (to_fp8_saturated).
/// clamped says the clamp changed the product.
struct ScaledCast {
    Encoding encoding;
    bool clamped;
    double dequantized; ///< stored / scale: what a matmul's output sees
};
[[nodiscard]] ScaledCast castWithScale(float x, float scale, NumberFormat element);

/// An MX block's shared scale (OCP MX v1.0, section 6.3): X = 2^(floor(log2 amax) - emax), with
/// emax the element format's largest normal exponent (8 for E4M3, 15 for E5M2), stored as E8M0
/// (bits = exponent + 127, within [-127, 127]). An all-zero block takes 2^-127.
struct MxScale {
    int exponent;
    std::uint8_t bits;
};
[[nodiscard]] MxScale mxBlockScale(double amax, NumberFormat element);

/// One element of an MX block: x / X, clamped to the largest normal, rounded to nearest even.
[[nodiscard]] ScaledCast castMxElement(float x, MxScale scale, NumberFormat element);

/// What casting a whole tensor did.
struct Fp8CastCounts {
    int elements = 0;
    int zeroInputs = 0;    ///< elements that were zero before the cast
    int clamped = 0;       ///< beyond the largest finite value after scaling: saturated
    int flushedToZero = 0; ///< non-zero inputs stored as zero
    int subnormal = 0;     ///< stored as subnormals, with fewer significant bits
    double medianRelativeError = 0; ///< over non-zero inputs that neither clamped nor flushed
    double worstRelativeError = 0;  ///< same elements
    int scales = 0;                 ///< scales kept beside the tensor
    int scaleBits = 0;              ///< bits of one scale: 32 (FP32) or 8 (E8M0)
    /// The scales' storage over the elements', in bytes per element on top of FP8's one byte.
    [[nodiscard]] double scaleBytesPerElement() const
    {
        return elements > 0 ? double(scales) * scaleBits / 8.0 / elements : 0.0;
    }
};

/// Casts \a values (rows x cols, row-major) with the scaling given. cols is a multiple of 32
/// for Block32.
[[nodiscard]] Fp8CastCounts castTensorToFp8(std::span<const float> values, int rows, int cols,
                                            NumberFormat element, Fp8Scaling scaling);

/// Transformer Engine's DelayedScaling recipe (transformer_engine/common/recipe/__init__.py and
/// common/recipe/delayed_scaling.cu, v2.20.0.dev0 at d0067d0): the cast at step t uses the scale
/// computed after step t - 1 from the largest amax of the last historyLength steps,
/// scale = (FP8 max / 2^margin) / amax, keeping the previous scale when that amax is zero or not
/// finite; the first step casts with scale 1. Per-step amaxes come from the tensor multiplied by
/// a seeded trace: 10^(noise z_t), times spikeFactor with probability spikeProbability.
struct DelayedScalingConfig {
    int historyLength = 1024;
    int margin = 0;
    int steps = 400;
    double noiseDecades = 0.05;
    double spikeProbability = 0.01;
    double spikeFactor = 8.0;
    std::uint64_t seed = 1;
    NumberFormat element = NumberFormat::Fp8E4M3;
};

[[nodiscard]] std::optional<Fp8Issue> validateDelayedScaling(const DelayedScalingConfig &config);

struct DelayedScalingStep {
    int step;
    double multiplier;  ///< the trace's factor on the tensor this step
    double amax;        ///< this step's amax, recorded into the history after the cast
    float scale;        ///< the scale this step's cast used
    double clampedShare;///< elements saturated by this cast
    double flushedShare;///< non-zero elements flushed to zero by this cast
};

struct DelayedScalingTrace {
    std::vector<DelayedScalingStep> steps;
    int stepsWithClamping = 0;
    double worstClampedShare = 0;
    double worstFlushedShare = 0;
};

/// The trace for \a config over a tensor sampled from \a model.
[[nodiscard]] DelayedScalingTrace simulateDelayedScaling(const Fp8TensorModel &model,
                                                         const DelayedScalingConfig &config);

/// The same for given values and per-step multipliers (the seeded trace ignored): step t's
/// tensor is x * multiplier_t, cast with the scale in FP32; its shares count the products above
/// the format's largest finite value (clamped) and at or below half its smallest subnormal
/// (flushed).
[[nodiscard]] DelayedScalingTrace simulateDelayedScaling(std::span<const float> values,
                                                         std::span<const double> multipliers,
                                                         const DelayedScalingConfig &config);

} // namespace headroom
