#pragma once

// Dynamic loss scaling as torch.cuda.amp.GradScaler does it, simulated over a synthetic
// gradient-magnitude trace, with the article's diagnostics (sections 3.2, 3.4, 3.5 and 4.4).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <headroom/numerics/numberformat.h>

namespace headroom {

/// GradScaler's constructor arguments, with its defaults (torch/cuda/amp/grad_scaler.py).
struct GradScalerConfig {
    double initScale = 65536.0;  ///< 2^16
    double growthFactor = 2.0;   ///< > 1 (GradScaler asserts it)
    double backoffFactor = 0.5;  ///< in (0, 1) (GradScaler asserts < 1)
    int growthInterval = 2000;   ///< consecutive inf-free steps before the scale grows
};

/// The scale and growth tracker that GradScaler keeps on the device, updated by
/// torch._amp_update_scale_ (aten/src/ATen/native/cuda/AmpKernels.cu):
///  - inf/NaN found: scale *= backoff, tracker = 0 (and scaler.step() skipped optimizer.step());
///  - otherwise tracker += 1; when it reaches growth_interval: scale *= growth if that is still
///    finite, tracker = 0.
/// The scale is a float32 tensor and the factors doubles, so each product is rounded to float.
class GradScalerState
{
public:
    explicit GradScalerState(const GradScalerConfig &config);

    [[nodiscard]] float scale() const { return m_scale; }
    [[nodiscard]] int growthTracker() const { return m_growthTracker; }

    /// One scaler.update() after a step whose gradients did (true) or did not contain inf/NaN.
    void update(bool foundInf);

private:
    float m_scale;
    int m_growthTracker = 0;
    double m_growthFactor;
    double m_backoffFactor;
    int m_growthInterval;
};

/// A synthetic per-step trace of the largest unscaled gradient magnitude, max|g|:
///   max|g|_t = base * 10^(noise * z_t) * (spike_t ? spikeFactor : 1) * blowUp^(t - blowUpStep + 1)
/// with z_t standard normal and spike_t a Bernoulli(spikeProbability) draw, both from a seeded
/// splitmix64 stream (identical on every platform), and the last factor only from blowUpStep on
/// (a learning rate too high for the model: gradients grow geometrically).
struct GradientModel {
    double baseMaxGradient = 0.5;     ///< typical max|g| per step, unscaled
    double noiseDecades = 0.3;        ///< standard deviation of log10 max|g|
    double spikeProbability = 0.0;    ///< per step
    double spikeFactor = 1000.0;      ///< max|g| multiplier during a spike
    int blowUpStep = -1;              ///< first step of the blow-up; negative: none
    double blowUpGrowthPerStep = 1.02;///< max|g| multiplier per step once blowing up
    std::uint64_t seed = 1;
    NumberFormat format = NumberFormat::Fp16; ///< the format the scaled gradients are held in
};

/// Allowed ranges; values outside are rejected, not clamped.
struct LossScaleLimits {
    static constexpr double minScale = 0x1p-24;
    static constexpr double maxScale = 0x1p64;
    static constexpr double maxGrowthFactor = 1000.0;
    static constexpr int maxGrowthInterval = 10'000'000;
    static constexpr int maxSteps = 1'000'000;
    static constexpr double minGradient = 1e-30;
    static constexpr double maxGradient = 1e30;
    static constexpr double maxNoiseDecades = 5.0;
    static constexpr double maxSpikeFactor = 1e30;
    static constexpr double maxBlowUpGrowth = 10.0;
};

enum class LossScaleField {
    InitScale,
    GrowthFactor,
    BackoffFactor,
    GrowthInterval,
    Steps,
    BaseMaxGradient,
    NoiseDecades,
    SpikeProbability,
    SpikeFactor,
    BlowUpStep,
    BlowUpGrowth,
};

/// An input outside its allowed range [min, max] (bounds are inclusive unless the field is
/// GrowthFactor (> 1) or BackoffFactor (0 < b < 1), whose open ends mirror GradScaler's asserts).
struct LossScaleIssue {
    LossScaleField field;
    double min;
    double max;
};

[[nodiscard]] std::optional<LossScaleIssue> validateScalerConfig(const GradScalerConfig &config);
[[nodiscard]] std::optional<LossScaleIssue> validateGradientModel(const GradientModel &model, int steps);

/// One simulated training step.
struct ScaleStep {
    int step;
    float scale;        ///< the scale this step's loss was multiplied by
    double maxGradient; ///< unscaled max|g| (NaN in a replay, where only the inf flags are known)
    bool skipped;       ///< inf/NaN found: optimizer.step() skipped, scale backed off
    int growthTracker;  ///< after this step's update
};

/// What the article teaches to read from a scale trace.
enum class ScalerDiagnostic {
    /// The scale fell below 16 and infs kept coming: exploding gradients (learning rate, data,
    /// clipping), not a scaling problem (the article, 3.4 and 4.4). step = first inf below 16.
    ScaleCollapsedWithInfs,
    /// More than 1 step in 100 skipped after the first calibration back-offs; GradScaler's docs
    /// expect "once every few hundred or thousand iterations". value = skipped share.
    FrequentSkips,
    /// The scale underflowed to zero (float32): every gradient becomes zero. step = first time.
    ScaleUnderflowed,
    /// No step was skipped: the scale only grew. Expected for BF16; with FP16 it means the
    /// scaler never probed the overflow edge in this run. value = final scale.
    NeverBackedOff,
    /// Skips were rare and the scale settled: nothing to fix. value = skipped share.
    Healthy,
};

struct DiagnosticFinding {
    ScalerDiagnostic code;
    int step = -1;  ///< where it was first seen, -1 when it concerns the whole run
    double value = 0;
};

/// Scale below which infs mean exploding gradients (the article: "降到16甚至更低而梯度还在出现inf").
inline constexpr double collapsedScaleThreshold = 16.0;

struct LossScaleTrace {
    std::vector<ScaleStep> steps;
    std::vector<DiagnosticFinding> diagnostics;
    int skippedSteps = 0;
    float finalScale = 0;   ///< after the last update
    float minScale = 0;     ///< smallest scale used by any step
};

/// Runs GradScaler over the gradient model: a step finds inf when max|g| is not finite or
/// scale * max|g| rounds to infinity (NaN for E4M3) in the model's format. Inputs are expected
/// to pass validation. Allocates the trace once; the per-step loop does not allocate.
[[nodiscard]] LossScaleTrace simulateLossScale(const GradScalerConfig &config, const GradientModel &model,
                                               int steps);

/// Runs GradScaler over a given sequence of found-inf flags (e.g. from a real run's log).
[[nodiscard]] LossScaleTrace replayLossScale(const GradScalerConfig &config, std::span<const bool> foundInf);

/// The diagnostics of a trace (filled into LossScaleTrace::diagnostics by the two functions above).
[[nodiscard]] std::vector<DiagnosticFinding> diagnoseTrace(std::span<const ScaleStep> steps);

/// Where clip_grad_norm_ sits relative to scaler.unscale_() (the article, 3.5).
enum class ClipOrder {
    UnscaleThenClip, ///< correct: scaler.unscale_(opt); clip_grad_norm_(...); scaler.step(opt)
    ClipThenUnscale, ///< the bug: clipping sees the scaled gradients
};

struct ClipResult {
    double normSeenByClip;   ///< the norm clip_grad_norm_ measures
    double clipCoefficient;  ///< min(1, maxNorm / (normSeenByClip + 1e-6)), as torch computes it
    double effectiveNorm;    ///< the norm of the gradient optimizer.step() finally applies
};

/// The gradient norm the optimizer applies after clipping and unscaling, for a true (unscaled)
/// gradient norm, a loss scale and clip_grad_norm_'s max_norm. With the wrong order the
/// threshold is compared against scale * norm, so the applied gradient is scaled down by up to
/// the loss scale: the update silently shrinks ~65536-fold at the default scale.
[[nodiscard]] ClipResult clippedGradientNorm(double trueNorm, double lossScale, double maxNorm, ClipOrder order);

/// The mixed-precision recipe the article recommends for a GPU (section 3.4): BF16 where the GPU
/// has BF16 tensor cores (A100, H100, RTX 30xx and later), FP16 with a dynamic loss scaler
/// otherwise (V100, T4, RTX 20xx).
enum class PrecisionRecommendation { Bf16, Fp16WithLossScaling };
[[nodiscard]] PrecisionRecommendation recommendPrecision(bool gpuSupportsBf16);

} // namespace headroom
