#include "lossscalecommand.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QCommandLineParser>
#include <QTextStream>

#include <headroom/numerics/lossscaler.h>

#include "cliio.h"
#include "wording.h"
#include "numbertext.h"

namespace headroom::cli {

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
