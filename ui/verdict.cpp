#include "verdict.h"

#include <QCoreApplication>

#include <headroom/planning/advice.h>
#include <headroom/memory/breakdown.h>
#include <headroom/memory/derivation.h>
#include <headroom/memory/estimate.h>
#include <headroom/planning/fitsearch.h>

#include "labels.h"
#include "posttrainingtext.h"
#include "hybridtext.h"
#include "visiontext.h"

namespace headroom {

namespace {

class VerdictText
{
    Q_DECLARE_TR_FUNCTIONS(VerdictText)
};

QString stageNumber(ZeroStage z) { return QString::number(static_cast<int>(z)); }

} // namespace

QString adviceText(const Scenario &before, const Scenario &after, int kind)
{
    switch (static_cast<AdviceKind>(kind)) {
    case AdviceKind::ReduceMicroBatch: {
        const Count factor = before.training.microBatch / qMax<Count>(1, after.training.microBatch);
        return VerdictText::tr("Reduce the micro-batch to %1 (gradient accumulation × %2 keeps the global batch)")
                .arg(groupedCount(after.training.microBatch), groupedCount(factor));
    }
    case AdviceKind::EnableCheckpointing:
        return VerdictText::tr("Enable full activation checkpointing (about 20-30% slower)");
    case AdviceKind::ZeroStage:
        return VerdictText::tr("Shard with ZeRO stage %1 over the %2 GPUs")
                .arg(stageNumber(after.parallel.zero), groupedCount(after.parallel.dataParallel()));
    case AdviceKind::Offload:
        return after.parallel.offload == Offload::OptimizerAndParams
                ? VerdictText::tr("Offload optimizer states and parameters to CPU memory (ZeRO-%1)")
                          .arg(stageNumber(after.parallel.zero))
                : VerdictText::tr("Offload optimizer states to CPU memory (ZeRO-%1)").arg(stageNumber(after.parallel.zero));
    case AdviceKind::Lora:
        return VerdictText::tr("Train LoRA adapters (rank %1) on a frozen base").arg(groupedCount(after.lora.rank));
    case AdviceKind::Qlora:
        return VerdictText::tr("Train QLoRA adapters (rank %1) on a 4-bit base").arg(groupedCount(after.lora.rank));
    }
    return {};
}

QString figuresText(const Derivation &d, DisplayUnit unit)
{
    const MemoryFigures &f = d.figures;
    //: the peak's three figures; %4 names the one held against the GPU ("on the device")
    return VerdictText::tr("Allocated %1, reserved %2, on the device %3; compared: %4.")
            .arg(formatBytes(f.allocated, unit), formatBytes(f.reserved, unit), formatBytes(f.device, unit),
                 Labels::peakFigure(d.compared));
}

namespace {

// The warnings that say the run cannot go as estimated (no kernel or tensor core for it), shown
// under the verdict itself; the rest stay notes of the math sheet.
QString blockingWarnings(const Scenario &s, const Breakdown &b)
{
    QString text;
    for (Warning w : b.warnings) {
        // The context warning stays a note of the math sheet: a line more here squeezes the charts
        // below their room at 1366x768 (the layout check).
        if (w == Warning::QuantBaseNotTrainable || w == Warning::Fp8NotSupportedOnGpu || w == Warning::Bf16NotSupportedOnGpu) {
            text += QLatin1Char(' ') + Labels::warning(w, s);
        }
    }
    return text;
}

} // namespace

Verdict buildVerdict(const ScenarioSpec &spec, const Breakdown &b, const Derivation &d, const Catalogue &catalogue,
                     DisplayUnit unit)
{
    const Scenario &s = spec.scenario;
    Verdict v;
    const GpuSpec *gpu = gpuOf(spec, catalogue);
    const QString gpuName = gpu ? gpu->name : spec.gpuId;
    const QString count = groupedCount(s.parallel.gpus);
    if (s.gpu.capacity <= bytes(0)) {
        v.state = Verdict::State::NoGpu;
        v.badge = VerdictText::tr("No GPU");
        v.headline = VerdictText::tr("Peak %1 per GPU").arg(formatBytes(d.peak.bytes, unit));
        v.detail = VerdictText::tr("Choose a GPU for a verdict.") + QLatin1Char(' ') + figuresText(d, unit);
        if (const QString shares = modelSharesText(b, unit); !shares.isEmpty())
            v.detail += QLatin1Char(' ') + shares + QLatin1Char('.');
        if (const QString vision = visionTowerText(s, b, unit); !vision.isEmpty())
            v.detail += QLatin1Char(' ') + vision + QLatin1Char('.');
        v.detail += blockingWarnings(s, b);
        return v;
    }
    const bool fit = d.fits;
    v.state = fit ? Verdict::State::Fits : Verdict::State::DoesNotFit;
    v.badge = fit ? VerdictText::tr("Fits") : VerdictText::tr("Does not fit");
    //: "Fits on 1 × NVIDIA A100 80GB (SXM4): 12.3 GiB to spare"
    v.headline = fit ? VerdictText::tr("Fits on %1 × %2: %3 to spare")
                               .arg(count, gpuName, formatBytes(d.margin, unit))
                     : VerdictText::tr("Does not fit on %1 × %2: %3 short")
                               .arg(count, gpuName, formatBytes(bytes(0) - d.margin, unit));
    //: the peak, the moment of the step it happens ("last layer's backward") and the capacity
    v.detail = b.pipelineRank >= 0
            //: the peak, the pipeline rank that peaks highest (from 0) of p, the moment of the step, the capacity
            ? VerdictText::tr("Peak %1 per GPU (pipeline rank %2 of %3, %4) against %5.")
                      .arg(formatBytes(d.peak.bytes, unit), groupedCount(b.pipelineRank), groupedCount(s.parallel.pipelineParallel),
                           Labels::timelineEvent(d.peakEvent), formatBytes(d.capacity, unit))
            : VerdictText::tr("Peak %1 per GPU (%2) against %3.")
                      .arg(formatBytes(d.peak.bytes, unit), Labels::timelineEvent(d.peakEvent),
                           formatBytes(d.capacity, unit));
    v.detail += QLatin1Char(' ') + figuresText(d, unit);

    if (const QString shares = modelSharesText(b, unit); !shares.isEmpty())
        v.detail += QLatin1Char(' ') + shares + QLatin1Char('.');
    if (const QString mixers = mixerLayersText(s.model); !mixers.isEmpty())
        v.detail += QLatin1Char(' ') + mixers + QLatin1Char('.');
    if (const QString vision = visionTowerText(s, b, unit); !vision.isEmpty())
        v.detail += QLatin1Char(' ') + vision + QLatin1Char('.');
    v.detail += blockingWarnings(s, b);

    v.gpusNeeded = gpusNeeded(s);
    if (!fit) {
        const QString zero = s.parallel.zero == ZeroStage::Stage0
                ? VerdictText::tr("without ZeRO")
                : VerdictText::tr("with ZeRO stage %1").arg(stageNumber(s.parallel.zero));
        if (v.gpusNeeded > 0)
            v.detail += QLatin1Char(' ')
                    + VerdictText::tr("It would fit on %1 × %2 %3.").arg(groupedCount(v.gpusNeeded), gpuName, zero);
        else if (s.parallel.zero == ZeroStage::Stage0)
            v.detail += QLatin1Char(' ')
                    + VerdictText::tr("More GPUs alone do not help without ZeRO: each one holds a full copy of the "
                                      "model states.");
        else
            v.detail += QLatin1Char(' ') + VerdictText::tr("No GPU count up to 4,096 makes it fit %1.").arg(zero);
    }

    v.largestBatch = largestFittingMicroBatch(s);
    const Count longest = longestFittingSequence(s);
    const QString seq = longest > 0
            ? VerdictText::tr("longest sequence at B = %1: %2").arg(groupedCount(s.training.microBatch), groupedCount(longest))
            : VerdictText::tr("no sequence length fits at B = %1").arg(groupedCount(s.training.microBatch));
    v.batch = v.largestBatch > 0
            ? VerdictText::tr("Largest micro-batch that fits: %1; %2.").arg(groupedCount(v.largestBatch), seq)
            : VerdictText::tr("Largest micro-batch that fits: none, even B = 1 is too large; %1.").arg(seq);

    Advice steps[kMaxAdvice];
    const int n = advise(s, steps, kMaxAdvice);
    if (n > 0) {
        const Advice &first = steps[0];
        const QString what = adviceText(s, first.after, static_cast<int>(first.kind));
        const Breakdown after = estimate(first.after);
        v.advice = first.fitsAfter
                ? VerdictText::tr("Advice: %1. Saves %2; then it fits (peak %3).")
                          .arg(what, formatBytes(first.saving, unit), formatBytes(after.peak, unit))
                : VerdictText::tr("Advice: %1. Saves %2; still %3 short.")
                          .arg(what, formatBytes(first.saving, unit), formatBytes(after.peak - s.gpu.capacity, unit));
        if (n > 1) {
            QStringList rest;
            Scenario previous = first.after;
            for (int i = 1; i < n; ++i) {
                rest << adviceText(previous, steps[i].after, static_cast<int>(steps[i].kind)).section(QLatin1Char('('), 0, 0).trimmed();
                previous = steps[i].after;
            }
            v.advice += QLatin1Char(' ')
                    + (steps[n - 1].fitsAfter ? VerdictText::tr("Then: %1; and it fits.")
                                              : VerdictText::tr("Then: %1; and it still does not fit."))
                              .arg(rest.join(VerdictText::tr("; ")));
        }
        v.adviceButton = VerdictText::tr("Apply: %1").arg(what.section(QLatin1Char('('), 0, 0).trimmed());
        ScenarioSpec applied = spec;
        applied.scenario = first.after;
        v.adviceAfter = applied;
    }
    return v;
}

} // namespace headroom
