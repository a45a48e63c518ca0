#include <headroom/numerics/lossscaler.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "splitmix64.h"

namespace headroom {

namespace {

bool inClosed(double v, double lo, double hi)
{
    return std::isfinite(v) && v >= lo && v <= hi;
}

bool overflowsFormat(NumberFormat format, double scaledGradient)
{
    const ValueClass c = encode(format, scaledGradient).valueClass;
    return c == ValueClass::Infinity || c == ValueClass::NaN;
}

void finishTrace(LossScaleTrace &trace, const GradScalerState &state)
{
    trace.finalScale = state.scale();
    trace.minScale = trace.steps.empty() ? state.scale() : trace.steps.front().scale;
    trace.skippedSteps = 0;
    for (const ScaleStep &s : trace.steps) {
        trace.minScale = std::min(trace.minScale, s.scale);
        trace.skippedSteps += s.skipped ? 1 : 0;
    }
    trace.diagnostics = diagnoseTrace(trace.steps);
}

} // namespace

GradScalerState::GradScalerState(const GradScalerConfig &config)
    : m_scale(static_cast<float>(config.initScale))
    , m_growthFactor(config.growthFactor)
    , m_backoffFactor(config.backoffFactor)
    , m_growthInterval(config.growthInterval)
{
}

void GradScalerState::update(bool foundInf)
{
    // Transcribed from _amp_update_scale_cuda_kernel: float scale times double factor, stored
    // back as float; growth is dropped (but the tracker still resets) if it would overflow.
    if (foundInf) {
        m_scale = static_cast<float>(static_cast<double>(m_scale) * m_backoffFactor);
        m_growthTracker = 0;
        return;
    }
    const int successful = m_growthTracker + 1;
    if (successful == m_growthInterval) {
        const auto grown = static_cast<float>(static_cast<double>(m_scale) * m_growthFactor);
        if (std::isfinite(grown))
            m_scale = grown;
        m_growthTracker = 0;
    } else {
        m_growthTracker = successful;
    }
}

std::optional<LossScaleIssue> validateScalerConfig(const GradScalerConfig &c)
{
    using L = LossScaleLimits;
    if (!inClosed(c.initScale, L::minScale, L::maxScale))
        return LossScaleIssue { LossScaleField::InitScale, L::minScale, L::maxScale };
    if (!inClosed(c.growthFactor, 1.0, L::maxGrowthFactor) || c.growthFactor == 1.0)
        return LossScaleIssue { LossScaleField::GrowthFactor, 1.0, L::maxGrowthFactor };
    if (!inClosed(c.backoffFactor, 0.0, 1.0) || c.backoffFactor == 0.0 || c.backoffFactor == 1.0)
        return LossScaleIssue { LossScaleField::BackoffFactor, 0.0, 1.0 };
    if (c.growthInterval < 1 || c.growthInterval > L::maxGrowthInterval)
        return LossScaleIssue { LossScaleField::GrowthInterval, 1, double(L::maxGrowthInterval) };
    return std::nullopt;
}

std::optional<LossScaleIssue> validateGradientModel(const GradientModel &m, int steps)
{
    using L = LossScaleLimits;
    if (steps < 1 || steps > L::maxSteps)
        return LossScaleIssue { LossScaleField::Steps, 1, double(L::maxSteps) };
    if (!inClosed(m.baseMaxGradient, L::minGradient, L::maxGradient))
        return LossScaleIssue { LossScaleField::BaseMaxGradient, L::minGradient, L::maxGradient };
    if (!inClosed(m.noiseDecades, 0.0, L::maxNoiseDecades))
        return LossScaleIssue { LossScaleField::NoiseDecades, 0.0, L::maxNoiseDecades };
    if (!inClosed(m.spikeProbability, 0.0, 1.0))
        return LossScaleIssue { LossScaleField::SpikeProbability, 0.0, 1.0 };
    if (!inClosed(m.spikeFactor, 1.0, L::maxSpikeFactor))
        return LossScaleIssue { LossScaleField::SpikeFactor, 1.0, L::maxSpikeFactor };
    if (m.blowUpStep < -1 || m.blowUpStep > L::maxSteps)
        return LossScaleIssue { LossScaleField::BlowUpStep, -1, double(L::maxSteps) };
    if (!inClosed(m.blowUpGrowthPerStep, 1.0, L::maxBlowUpGrowth))
        return LossScaleIssue { LossScaleField::BlowUpGrowth, 1.0, L::maxBlowUpGrowth };
    return std::nullopt;
}

LossScaleTrace simulateLossScale(const GradScalerConfig &config, const GradientModel &model, int steps)
{
    LossScaleTrace trace;
    trace.steps.reserve(static_cast<std::size_t>(std::max(steps, 0)));
    GradScalerState state(config);
    SplitMix64 rng(model.seed);
    for (int t = 0; t < steps; ++t) {
        // Draw all three numbers every step so that changing one knob (say the spike
        // probability) leaves the rest of the trace's randomness where it was.
        const double z = rng.normal();
        const bool spike = rng.uniform() < model.spikeProbability;
        double maxGradient = model.baseMaxGradient * std::pow(10.0, model.noiseDecades * z);
        if (spike)
            maxGradient *= model.spikeFactor;
        if (model.blowUpStep >= 0 && t >= model.blowUpStep)
            maxGradient *= std::pow(model.blowUpGrowthPerStep, t - model.blowUpStep + 1);
        const float scale = state.scale();
        const bool foundInf = !std::isfinite(maxGradient)
                              || overflowsFormat(model.format, static_cast<double>(scale) * maxGradient);
        state.update(foundInf);
        trace.steps.push_back(ScaleStep { t, scale, maxGradient, foundInf, state.growthTracker() });
    }
    finishTrace(trace, state);
    return trace;
}

LossScaleTrace replayLossScale(const GradScalerConfig &config, std::span<const bool> foundInf)
{
    LossScaleTrace trace;
    trace.steps.reserve(foundInf.size());
    GradScalerState state(config);
    int t = 0;
    for (const bool inf : foundInf) {
        const float scale = state.scale();
        state.update(inf);
        trace.steps.push_back(ScaleStep { t++, scale, std::numeric_limits<double>::quiet_NaN(), inf,
                                          state.growthTracker() });
    }
    finishTrace(trace, state);
    return trace;
}

std::vector<DiagnosticFinding> diagnoseTrace(std::span<const ScaleStep> steps)
{
    std::vector<DiagnosticFinding> findings;
    // The first steps back off from 2^16 until the scale fits: GradScaler's docs call these
    // calibration ("infs/NaNs ... for the first few iterations as its value calibrates").
    std::size_t calibration = 0;
    while (calibration < steps.size() && steps[calibration].skipped)
        ++calibration;

    int skippedAfterCalibration = 0;
    int totalSkipped = 0;
    int collapseStep = -1;
    int underflowStep = -1;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const ScaleStep &s = steps[i];
        totalSkipped += s.skipped ? 1 : 0;
        if (i >= calibration && s.skipped)
            ++skippedAfterCalibration;
        if (collapseStep < 0 && s.skipped && s.scale < collapsedScaleThreshold)
            collapseStep = s.step;
        if (underflowStep < 0 && s.scale == 0.0f)
            underflowStep = s.step;
    }
    const auto afterCalibration = static_cast<int>(steps.size() - calibration);
    const double skipShare = afterCalibration > 0 ? double(skippedAfterCalibration) / afterCalibration : 0.0;

    if (collapseStep >= 0)
        findings.push_back(DiagnosticFinding { ScalerDiagnostic::ScaleCollapsedWithInfs, collapseStep,
                                               double(steps[std::size_t(collapseStep)].scale) });
    if (underflowStep >= 0)
        findings.push_back(DiagnosticFinding { ScalerDiagnostic::ScaleUnderflowed, underflowStep, 0.0 });
    // A lone skip in a short run is not a pattern; more than one and over 1 % is.
    if (skippedAfterCalibration > 1 && skipShare > 0.01)
        findings.push_back(DiagnosticFinding { ScalerDiagnostic::FrequentSkips, -1, skipShare });
    if (totalSkipped == 0 && !steps.empty())
        findings.push_back(DiagnosticFinding { ScalerDiagnostic::NeverBackedOff, -1, double(steps.back().scale) });
    if (findings.empty() && !steps.empty())
        findings.push_back(DiagnosticFinding { ScalerDiagnostic::Healthy, -1, skipShare });
    return findings;
}

ClipResult clippedGradientNorm(double trueNorm, double lossScale, double maxNorm, ClipOrder order)
{
    // torch.nn.utils.clip_grad_norm_: clip_coef = max_norm / (total_norm + 1e-6), clamped to 1.
    const double seen = order == ClipOrder::UnscaleThenClip ? trueNorm : trueNorm * lossScale;
    const double coefficient = std::min(1.0, maxNorm / (seen + 1e-6));
    // Clipping multiplies the gradients by the coefficient; whatever the order, scaler.step()
    // leaves the optimizer gradients at true scale times that coefficient.
    return ClipResult { seen, coefficient, trueNorm * coefficient };
}

PrecisionRecommendation recommendPrecision(bool gpuSupportsBf16)
{
    return gpuSupportsBf16 ? PrecisionRecommendation::Bf16 : PrecisionRecommendation::Fp16WithLossScaling;
}

} // namespace headroom
