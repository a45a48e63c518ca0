#include "doctor.h"

#include <QCoreApplication>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>

#include "labels.h"

namespace headroom {

namespace {

class Doctor
{
    Q_DECLARE_TR_FUNCTIONS(Doctor)
};

QString percent(Bytes part, Bytes whole)
{
    if (whole <= bytes(0))
        return QStringLiteral("0");
    return QLocale().toString(100.0 * toDouble(part) / toDouble(whole), 'f', 0);
}

//! What the estimate says once \a after is applied, against the same GPU: the figure the verdict
//! compares (reservedmemory.h), before and after.
QString outcome(const ScenarioSpec &after, const ScenarioSpec &before, const Breakdown &was, DisplayUnit unit)
{
    const Breakdown b = estimate(after.scenario);
    const Bytes now = comparedPeak(after.scenario, b);
    const QString peak = Doctor::tr("After this change the peak is %1 (now %2)")
                                 .arg(formatBytes(now, unit), formatBytes(comparedPeak(before.scenario, was), unit));
    if (after.scenario.gpu.capacity <= bytes(0))
        return peak + Doctor::tr(".");
    if (now <= after.scenario.gpu.capacity)
        return Doctor::tr("%1: fits, %2 to spare.").arg(peak, formatBytes(after.scenario.gpu.capacity - now, unit));
    return Doctor::tr("%1: still short by %2.").arg(peak, formatBytes(now - after.scenario.gpu.capacity, unit));
}

Remedy remedy(const QString &label, const ScenarioSpec &after, const ScenarioSpec &before, const Breakdown &was, DisplayUnit unit)
{
    return Remedy{ label, after, outcome(after, before, was, unit) };
}

//! The other half-precision family's recipe of the same kind (bf16-master <-> fp16-master...).
Recipe swapHalf(Recipe r)
{
    switch (r) {
    case Recipe::AmpFp16: return Recipe::AmpBf16;
    case Recipe::AmpBf16: return Recipe::AmpFp16;
    case Recipe::Fp16Master: return Recipe::Bf16Master;
    case Recipe::Bf16Master: return Recipe::Fp16Master;
    case Recipe::Fp16Pure: return Recipe::Bf16Pure;
    case Recipe::Bf16Pure: return Recipe::Fp16Pure;
    case Recipe::Fp32: return Recipe::Fp32;
    }
    return r;
}

} // namespace

QString symptomTitle(Symptom s)
{
    switch (s) {
    case Symptom::OomMidway: return Doctor::tr("Out of memory halfway through training");
    case Symptom::OomLowAllocated: return Doctor::tr("Out of memory while memory_allocated is far below capacity");
    case Symptom::LossNan: return Doctor::tr("The loss turns NaN or Inf");
    case Symptom::LossScaleFalling: return Doctor::tr("GradScaler's loss scale keeps falling");
    case Symptom::AmpNoSaving: return Doctor::tr("AMP did not lower memory");
    case Symptom::AmpSlower: return Doctor::tr("AMP made training slower");
    case Symptom::Bf16ConvergesWorse: return Doctor::tr("BF16 converges noticeably worse");
    }
    return {};
}

Diagnosis diagnose(Symptom symptom, const ScenarioSpec &spec, const Breakdown &b, const Catalogue &catalogue,
                   DisplayUnit unit)
{
    const Scenario &s = spec.scenario;
    const Recipe recipe = s.training.precision.recipe;
    const GpuSpec *gpu = gpuOf(spec, catalogue);
    const QString gpuName = gpu ? gpu->name : Doctor::tr("the GPU");
    Diagnosis d;
    d.symptom = symptom;
    d.title = symptomTitle(symptom);
    switch (symptom) {
    case Symptom::OomMidway: {
        d.cause = Doctor::tr("Activations pile up until the step's peak is too high.");
        d.fix = Doctor::tr("Reduce the micro-batch, enable activation checkpointing, and tune the caching "
                           "allocator (PYTORCH_CUDA_ALLOC_CONF).");
        const Bytes peak = comparedPeak(s, b);
        d.scenario = Doctor::tr("Activations are %1, %2% of the %3 peak.")
                             .arg(formatBytes(b.activations, unit), percent(b.activations, peak), formatBytes(peak, unit));
        if (s.training.recompute != Recompute::Full) {
            ScenarioSpec after = spec;
            after.scenario.training.recompute = Recompute::Full;
            d.remedy = remedy(Doctor::tr("Enable full checkpointing"), after, spec, b, unit);
        } else if (s.training.microBatch > 1) {
            ScenarioSpec after = spec;
            after.scenario.training.microBatch = 1;
            d.remedy = remedy(Doctor::tr("Reduce the micro-batch to 1"), after, spec, b, unit);
        } else {
            d.scenario += QLatin1Char(' ')
                    + Doctor::tr("Checkpointing is on and the micro-batch is 1: what remains is the fixed cost "
                                 "(%1); shard it with ZeRO, offload it, or train adapters.")
                              .arg(formatBytes(b.modelStates(), unit));
        }
        break;
    }
    case Symptom::OomLowAllocated: {
        d.cause = Doctor::tr("Fragmentation of the CUDA caching allocator: free memory is split into blocks too "
                             "small for the next request.");
        d.fix = Doctor::tr("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or a smaller "
                           "max_split_size_mb).");
        const MemoryFigures f = memoryFigures(s, b);
        d.scenario = f.cacheModelled
                ? Doctor::tr("The allocator's emulation holds %1 beyond the allocated peak, in %2 segments.")
                          .arg(formatBytes(f.cache, unit), groupedCount(f.emulation.segments))
                : Doctor::tr("The estimate sets aside %1 for the allocator's reserve.").arg(formatBytes(f.cache, unit));
        if (!s.overhead.expandableSegments) {
            ScenarioSpec after = spec;
            after.scenario.overhead.expandableSegments = true;
            d.remedy = remedy(Doctor::tr("Set expandable_segments:True"), after, spec, b, unit);
        }
        break;
    }
    case Symptom::LossNan: {
        d.cause = Doctor::tr("The learning rate is too high or gradients explode.");
        d.fix = Doctor::tr("Lower the learning rate, clip gradients (after scaler.unscale_), and check the data "
                           "for NaN.");
        if (usesFp16(recipe)) {
            d.scenario = Doctor::tr("%1 stores in FP16, whose largest value is 65504: activations and gradients "
                                    "can overflow to Inf.")
                                 .arg(Labels::recipe(recipe));
            if (gpu && gpu->bf16) {
                ScenarioSpec after = spec;
                setRecipe(after.scenario.training.precision, swapHalf(recipe));
                d.remedy = remedy(Doctor::tr("Switch to %1").arg(Labels::recipe(swapHalf(recipe))), after, spec, b, unit);
            }
        } else if (usesBf16(recipe)) {
            d.scenario = Doctor::tr("%1 has FP32's exponent range, so overflow is unlikely: look at the learning "
                                    "rate and the data first.")
                                 .arg(Labels::recipe(recipe));
        } else {
            d.scenario = Doctor::tr("FP32 training: NaN comes from the optimisation itself, not from precision.");
        }
        break;
    }
    case Symptom::LossScaleFalling: {
        d.cause = Doctor::tr("The gradients really contain Inf.");
        d.fix = Doctor::tr("Check the learning rate first, then whether the model is numerically unstable; do not "
                           "only tune the loss scaling. A scale below 16 with frequent skipped steps points at "
                           "the learning rate or the data.");
        if (usesFp16(recipe)) {
            d.scenario = Doctor::tr("%1 needs a dynamic loss scaler; the scale halves on every overflow.")
                                 .arg(Labels::recipe(recipe));
            if (gpu && gpu->bf16) {
                ScenarioSpec after = spec;
                setRecipe(after.scenario.training.precision, swapHalf(recipe));
                d.remedy = remedy(Doctor::tr("Switch to %1 (no loss scaler needed)").arg(Labels::recipe(swapHalf(recipe))),
                                  after, spec, b, unit);
            } else {
                d.scenario += QLatin1Char(' ') + Doctor::tr("%1 has no BF16 tensor cores, so FP16 it is.").arg(gpuName);
            }
        } else {
            d.scenario = Doctor::tr("%1 needs no loss scaler; if one is on, a falling scale still means Inf "
                                    "gradients.")
                                 .arg(Labels::recipe(recipe));
        }
        break;
    }
    case Symptom::AmpNoSaving: {
        d.cause = Doctor::tr("The parameters stay FP32: AMP only makes the intermediate tensors smaller.");
        d.fix = Doctor::tr("Use full half precision, or LoRA.");
        const Count P = b.parameterCount;
        if (isAutocast(recipe)) {
            d.scenario = Doctor::tr("With %1 the fixed cost is %2 for %3 parameters: the same bytes per parameter "
                                    "as FP32. Activations are %4.")
                                 .arg(Labels::recipe(recipe), formatBytes(b.modelStates(), unit), shortCount(P),
                                      formatBytes(b.activations, unit));
        } else {
            d.scenario = Doctor::tr("%1 is not AMP; the fixed cost is %2.")
                                 .arg(Labels::recipe(recipe), formatBytes(b.modelStates(), unit));
        }
        if (s.lora.mode == AdapterMode::None) {
            ScenarioSpec after = spec;
            after.scenario.lora.mode = AdapterMode::Lora;
            if (after.scenario.lora.targets == 0)
                after.scenario.lora.targets = LoraQ | LoraV;
            d.remedy = remedy(Doctor::tr("Train LoRA adapters (rank %1)").arg(groupedCount(after.scenario.lora.rank)),
                              after, spec, b, unit);
        }
        break;
    }
    case Symptom::AmpSlower: {
        d.cause = Doctor::tr("Frequent casts, too many small kernels, or a CPU bottleneck.");
        d.fix = Doctor::tr("Increase the batch, cut dtype conversions, and check GPU utilisation.");
        d.scenario = Doctor::tr("The micro-batch is %1; small batches leave tensor cores idle between casts.")
                             .arg(groupedCount(s.training.microBatch));
        ScenarioSpec after = spec;
        after.scenario.training.microBatch = s.training.microBatch * 2;
        if (validate(after.scenario).empty())
            d.remedy = remedy(Doctor::tr("Double the micro-batch to %1").arg(groupedCount(after.scenario.training.microBatch)),
                              after, spec, b, unit);
        break;
    }
    case Symptom::Bf16ConvergesWorse: {
        d.cause = Doctor::tr("BF16 keeps 7 mantissa bits (FP16 keeps 10): small differences are rounded away.");
        d.fix = Doctor::tr("Switch to FP16 with a loss scaler, or make the model wider rather than deeper.");
        if (usesBf16(recipe)) {
            ScenarioSpec after = spec;
            setRecipe(after.scenario.training.precision, swapHalf(recipe));
            d.scenario = Doctor::tr("%1 and %2 take the same memory; FP16 needs GradScaler.")
                                 .arg(Labels::recipe(recipe), Labels::recipe(swapHalf(recipe)));
            d.remedy = remedy(Doctor::tr("Switch to %1").arg(Labels::recipe(swapHalf(recipe))), after, spec, b, unit);
        } else {
            d.scenario = Doctor::tr("%1 does not use BF16.").arg(Labels::recipe(recipe));
        }
        break;
    }
    }
    return d;
}

} // namespace headroom
