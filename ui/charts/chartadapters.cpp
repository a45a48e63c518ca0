#include "chartadapters.h"

#include <algorithm>
#include <array>
#include <bit>

#include <QCoreApplication>
#include <QLocale>

#include "derivationtext.h"
#include "derivationwords.h"
#include "labels.h"
#include "wording.h"

#include <headroom/memory/validation.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/placement.h>

#include <headroom/memory/estimate.h>
#include <headroom/memory/korthikanti.h>
#include <headroom/memory/derivation.h>
#include <headroom/memory/steptimeline.h>
#include <headroom/io/measuredfiletext.h>
#include <headroom/planning/fitsearch.h>

namespace headroom {

namespace {

class ChartText
{
    Q_DECLARE_TR_FUNCTIONS(ChartText)
};

QString perParamText(BytesPer b)
{
    return QLocale().toString(b.value(), 'g', 4);
}

QString exactBytes(Bytes b)
{
    //: an exact byte count, e.g. "14,000,000,000 bytes"
    return ChartText::tr("%1 bytes").arg(groupedCount(countOf(b)));
}

BucketBytes pointArray(const TimelinePoint &p)
{
    BucketBytes a{};
    auto set = [&a](Bucket k, Bytes v) { a[static_cast<std::size_t>(bucketIndex(k))] = toDouble(v); };
    set(Bucket::Parameters, p.parameters);
    set(Bucket::Gradients, p.gradients);
    set(Bucket::MasterWeights, p.masterWeights);
    set(Bucket::OptimizerStates, p.optimizerStates);
    set(Bucket::Activations, p.activations);
    set(Bucket::FrozenModels, p.frozenModels);
    set(Bucket::Overhead, p.overhead);
    return a;
}

// pointArray() of the step's peak with the runtime's share of the compared figure
// (reservedmemory.h): the allocator's cache and the CUDA context in the overhead segment, so that
// the stack's top is what the verdict compares, as the derivation's peak terms have it.
BucketBytes comparedArray(const TimelinePoint &p, Bytes compared)
{
    BucketBytes a = pointArray(p);
    const Bytes live = p.total() - p.overhead;
    a[static_cast<std::size_t>(bucketIndex(Bucket::Overhead))] = compared > live ? toDouble(compared - live) : 0.0;
    return a;
}

// The bytes a bucket (or the transient buffers) has live at the step's peak: the peak's term of
// that id in the derivation (derivation.cpp names them after the buckets).
Bytes liveAtPeak(const Derivation &d, const char *id)
{
    for (const DerivationTerm &t : d.peak.terms)
        if (qstrcmp(t.id, id) == 0)
            return t.bytes;
    return bytes(0);
}

// The buckets as live at the peak (the frozen models only when there are any), each with its
// formula from the derivation.
QVector<Segment> segmentsAtPeak(const Derivation &d)
{
    struct Entry
    {
        Bucket bucket;
        const BucketDerivation *derivation;
        const char *peakId;
    };
    const Entry entries[] = {
        { Bucket::Parameters, &d.parameters, "parameters" },
        { Bucket::Gradients, &d.gradients, "gradients" },
        { Bucket::MasterWeights, &d.masterWeights, "master-weights" },
        { Bucket::OptimizerStates, &d.optimizerStates, "optimizer-states" },
        { Bucket::Activations, &d.activations, "activations" },
        { Bucket::Overhead, &d.overhead, "overhead" },
        { Bucket::FrozenModels, &d.frozenModels, "frozen-models" },
    };
    QVector<Segment> segments;
    segments.reserve(kBucketCount);
    for (const Entry &e : entries) {
        if (!drawnBucket(e.bucket, e.derivation->bytes > bytes(0)))
            continue;
        const Bytes live = liveAtPeak(d, e.peakId);
        QString formula = e.derivation->terms.empty()
                ? QString()
                : formulaWithNumbers(e.derivation->formula) + QStringLiteral(" = ") + exactBytes(e.derivation->bytes);
        if (live != e.derivation->bytes)
            //: %1 bytes of a bucket live at the step's peak, %2 the whole bucket
            formula = ChartText::tr("%1 of %2 live at the step's peak. %3")
                              .arg(exactBytes(live), exactBytes(e.derivation->bytes), formula);
        segments.append({ e.bucket, toDouble(live), formula });
    }
    return segments;
}

CapacityLine capacityLine(const GpuSpec &g)
{
    return { g.id, g.name, toDouble(g.capacity) };
}

CapacityLine chosenGpu(const ScenarioSpec &spec, const Catalogue &catalogue)
{
    CapacityLine line;
    line.capacityBytes = toDouble(spec.scenario.gpu.capacity);
    if (line.capacityBytes <= 0)
        return line;
    line.gpuId = spec.gpuId;
    const GpuSpec *g = gpuOf(spec, catalogue);
    line.gpuName = g ? g->name : ChartText::tr("GPU");
    return line;
}


} // namespace

QString bucketName(Bucket bucket)
{
    switch (bucket) {
    case Bucket::Parameters:
        return ChartText::tr("Parameters");
    case Bucket::Gradients:
        return ChartText::tr("Gradients");
    case Bucket::MasterWeights:
        return ChartText::tr("Master weights");
    case Bucket::OptimizerStates:
        return ChartText::tr("Optimizer states");
    case Bucket::Activations:
        return ChartText::tr("Activations");
    case Bucket::FrozenModels:
        return ChartText::tr("Frozen models");
    case Bucket::Overhead:
        return ChartText::tr("Runtime overhead");
    }
    return QString();
}

QString sweepAxisName(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Sequence:
        return ChartText::tr("Sequence length");
    case SweepAxis::MicroBatch:
        return ChartText::tr("Micro-batch");
    case SweepAxis::Layers:
        return ChartText::tr("Layers");
    }
    return QString();
}

QString stepPhaseText(StepPhase phase)
{
    switch (phase) {
    case StepPhase::Forward:
        return ChartText::tr("Forward");
    case StepPhase::Backward:
        return ChartText::tr("Backward");
    case StepPhase::OptimizerStep:
        return ChartText::tr("Optimizer step");
    case StepPhase::Scoring:
        return ChartText::tr("Scoring");
    case StepPhase::Generation:
        return ChartText::tr("Generation");
    }
    return QString();
}

StackedBarData makeStackedBar(const ScenarioSpec &spec, const Breakdown &breakdown, const Catalogue &catalogue,
                              const QStringList &comparisonGpuIds)
{
    return makeStackedBar(spec, breakdown, derive(spec.scenario), catalogue, comparisonGpuIds);
}

StackedBarData makeStackedBar(const ScenarioSpec &spec, const Breakdown &breakdown, const Derivation &derivation,
                              const Catalogue &catalogue, const QStringList &comparisonGpuIds)
{
    StackedBarData d;
    d.title = modelTitle(spec, catalogue);
    d.segments = segmentsAtPeak(derivation);
    // The frozen models' segment names each model it holds (posttraining.h), then its formula.
    QStringList byModel;
    auto model = [&byModel](const QString &name, Bytes v) {
        if (v > bytes(0))
            //: one frozen model's bytes on this GPU: "Reference model: 16,060,522,496 bytes"
            byModel << ChartText::tr("%1: %2").arg(name, exactBytes(v));
    };
    model(ChartText::tr("Reference model"), breakdown.side.reference);
    model(ChartText::tr("Reward model"), breakdown.side.reward);
    model(ChartText::tr("Teacher"), breakdown.side.teacher);
    model(ChartText::tr("vLLM (colocated)"), breakdown.rolloutEngine);
    for (Segment &s : d.segments)
        if (s.bucket == Bucket::FrozenModels && !byModel.isEmpty())
            s.formula = byModel.join(QLatin1Char('\n')) + QLatin1Char('\n') + s.formula;
    d.transientBytes = toDouble(liveAtPeak(derivation, "transient"));
    for (const DerivationTerm &t : derivation.peak.terms)
        if (qstrcmp(t.id, "transient") == 0)
            d.transientFormula = derivationWord(t.label) + QStringLiteral(": ") + formulaWithNumbers(t.formula);
    d.peakBytes = toDouble(derivation.peak.bytes); // the figure the verdict compares
    d.peakPhase = breakdown.peakPhase;
    d.peakMoment = Labels::timelineEvent(derivation.peakEvent);
    d.sumOfBucketsBytes = toDouble(derivation.sumOfBuckets);
    d.gpu = chosenGpu(spec, catalogue);

    auto add = [&d](const GpuSpec &g) {
        if (d.comparisons.size() >= 2 || g.id == d.gpu.gpuId)
            return;
        for (const CapacityLine &c : d.comparisons)
            if (c.gpuId == g.id)
                return;
        d.comparisons.append(capacityLine(g));
    };
    if (!comparisonGpuIds.isEmpty()) {
        for (const QString &id : comparisonGpuIds)
            if (const GpuSpec *g = catalogue.gpu(id))
                add(*g);
        return d;
    }
    // The smallest card the peak fits on (a cheaper one when the chosen card has room to
    // spare, the way out when it has not); when none fits, the largest there is.
    const GpuSpec *smallestFit = nullptr;
    const GpuSpec *largest = nullptr;
    for (const GpuSpec &g : catalogue.gpus) {
        if (g.capacity >= derivation.peak.bytes && (!smallestFit || g.capacity < smallestFit->capacity))
            smallestFit = &g;
        if (!largest || g.capacity > largest->capacity)
            largest = &g;
    }
    const bool chosen = d.gpu.capacityBytes > 0;
    const bool fitsChosen = chosen && derivation.fits;
    if (smallestFit && (!fitsChosen || smallestFit->capacity < spec.scenario.gpu.capacity))
        add(*smallestFit);
    if (!smallestFit && largest)
        add(*largest);
    return d;
}

SweepData makeSweep(const ScenarioSpec &spec, SweepAxis axis, const Catalogue &catalogue)
{
    const Scenario &s = spec.scenario;
    // Every point's allocator cache scaled from the current scenario's emulation, which the
    // current point's figure therefore equals (reservedmemory.h).
    const CacheShareScope cacheShare(s);
    std::array<Count, kMaxSweepPoints> values{};
    const Count current = sweepAxisValue(s, axis);
    const int n = logSpacedCounts(defaultSweepRange(s, axis), current, 64, values.data());

    std::array<Breakdown, kMaxSweepPoints> results;
    sweep(s, axis, values.data(), n, results.data());

    // The other attention kernel, through the same activation model: where the model tells the
    // two apart, the S^2 against the linear growth is drawn; where it does not, nothing is.
    Scenario other = s;
    const bool eager = s.activations.attention == AttentionKernel::Eager;
    other.activations.attention = eager ? AttentionKernel::Flash : AttentionKernel::Eager;
    std::array<Breakdown, kMaxSweepPoints> alternative;
    sweep(other, axis, values.data(), n, alternative.data());

    SweepData d;
    d.axis = axis;
    d.current = static_cast<double>(current);
    d.gpu = chosenGpu(spec, catalogue);
    d.x.reserve(n);
    d.peak.reserve(n);
    for (auto &series : d.y)
        series.reserve(n);
    bool differs = false;
    d.transient.reserve(n);
    Scenario at = s;
    for (int i = 0; i < n; ++i) {
        const Breakdown &b = results[static_cast<std::size_t>(i)];
        d.x.append(static_cast<double>(values[static_cast<std::size_t>(i)]));
        if (values[static_cast<std::size_t>(i)] == current)
            d.currentIndex = i;
        // What is live at this point's peak, so that the stack's top is the peak.
        setSweepAxisValue(at, axis, values[static_cast<std::size_t>(i)]);
        const TimelinePoint peak = stepTimeline(at, b).peakPoint();
        // The figure the verdict compares; above the live tensors by the allocator's cache.
        const Bytes compared = comparedPeak(at, b);
        const BucketBytes a = comparedArray(peak, compared);
        for (std::size_t k = 0; k < a.size(); ++k)
            d.y[k].append(a[k]);
        d.transient.append(toDouble(peak.transient));
        d.peak.append(toDouble(compared));
        if (s.gpu.capacity > bytes(0) && compared <= s.gpu.capacity)
            d.lastFittingIndex = i;
        differs = differs || alternative[static_cast<std::size_t>(i)].activations != b.activations;
    }
    if (differs) {
        d.alternativeTotal.reserve(n);
        for (int i = 0; i < n; ++i)
            d.alternativeTotal.append(toDouble(alternative[static_cast<std::size_t>(i)].peak));
        d.alternativeLabel = eager ? ChartText::tr("Peak with flash attention")
                                   : ChartText::tr("Peak with eager attention");
    }
    // The exact limit, from the same search the verdict reports (fitsearch.h).
    d.fitLimit = static_cast<double>(fitLimit(s, axis));
    switch (axis) {
    case SweepAxis::Sequence:
        if (!differs && s.activations.model == ActivationModelKind::Textbook)
            d.note = ChartText::tr("The textbook formula keeps the three B×A×S×S attention tensors at every length, "
                                   "as eager attention does: activations grow with S². Flash attention stores none "
                                   "of them; the transformer activation model tells the two apart.");
        break;
    case SweepAxis::MicroBatch:
        d.note = ChartText::tr("Activations grow linearly with the micro-batch; the model states do not change.");
        break;
    case SweepAxis::Layers:
        d.note = s.model.paramsOverride > 0
                ? ChartText::tr("The parameter count is given (P), so only the activations change with the layers.")
                : ChartText::tr("The parameter count is derived from the architecture, so every bucket grows with "
                                "the layers.");
        break;
    }
    return d;
}

RecipeComparisonData makeRecipeComparison(const ScenarioSpec &spec, const Catalogue &catalogue)
{
    // Each recipe's allocator cache scaled from the current run's emulation (reservedmemory.h):
    // the current recipe's bar is its verdict's figure, the others' follow their allocated peaks.
    const CacheShareScope cacheShare(spec.scenario);
    const Scenario &s = spec.scenario;
    const Recipe currentRecipe = s.training.precision.recipe;
    const bool noBf16 = s.gpu.capacity > bytes(0) && !s.gpu.supportsBf16;
    const bool fp16 = usesFp16(currentRecipe) || noBf16;
    const QString half = fp16 ? ChartText::tr("FP16") : ChartText::tr("BF16");
    const Recipe amp = fp16 ? Recipe::AmpFp16 : Recipe::AmpBf16;
    const Recipe master = fp16 ? Recipe::Fp16Master : Recipe::Bf16Master;
    const Recipe pure = fp16 ? Recipe::Fp16Pure : Recipe::Bf16Pure;
    const bool currentIsLora = s.lora.mode != AdapterMode::None;
    const Recipe loraRecipe = currentIsLora ? currentRecipe : master;
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : unsigned(LoraQ | LoraV);

    RecipeComparisonData d;
    d.title = modelTitle(spec, catalogue);
    d.gpu = chosenGpu(spec, catalogue);
    const bool currentValid = validate(s).empty();

    auto addBar = [&](const QString &label, Recipe recipe, AdapterMode mode) {
        Scenario v = s;
        setRecipe(v.training.precision, recipe);
        v.lora.mode = mode;
        if (mode != AdapterMode::None)
            v.lora.targets = targets;
        // FP8 linears go with a 16-bit recipe and the whole model (validation.h): the FP32 and
        // adapter bars show their runs without it.
        if (recipe == Recipe::Fp32 || mode != AdapterMode::None)
            turnOffFp8(v.training.precision);
        // A variant the engine refuses (validation.h: adapters on a hybrid model's mixer layers,
        // on a trained vision tower...) has no bar: its figure would be one Headroom does not model.
        if (currentValid && !validate(v).empty())
            return;
        const Breakdown b = estimate(v);
        RecipeBar bar;
        bar.label = label;
        bar.detail = ChartText::tr("recipe %1, optimizer %2")
                             .arg(Labels::recipe(recipe), Labels::optimizer(v.training.precision.optimizer));
        if (mode != AdapterMode::None) {
            const int projections = std::popcount(targets);
            bar.detail += projections == 1
                    ? ChartText::tr(", rank %1 on one projection").arg(groupedCount(v.lora.rank))
                    //: %1 the adapter rank, %2 how many projections (q, k, v, o, gate, up, down) carry adapters
                    : ChartText::tr(", rank %1 on %2 projections").arg(groupedCount(v.lora.rank)).arg(projections);
        }
        // What is live at the peak, from the step timeline the derivation reads its peak terms
        // from; the formulas (the derivation itself) only when a segment is hovered.
        const TimelinePoint peak = stepTimeline(v, b).peakPoint();
        const Bytes compared = comparedPeak(v, b);
        const BucketBytes live = comparedArray(peak, compared);
        for (Bucket k : kAllBuckets)
            if (drawnBucket(k, b.frozenModels > bytes(0)))
                bar.segments.append({ k, live[static_cast<std::size_t>(bucketIndex(k))], QString() });
        bar.transientBytes = toDouble(peak.transient);
        bar.formulaOf = [v](Bucket k) { return segmentsAtPeak(derive(v)).at(bucketIndex(k)).formula; };
        bar.transientHowOf = [v] { return shortLivedHow(derive(v), v.activations.model == ActivationModelKind::Textbook); };
        bar.peakBytes = toDouble(compared);
        bar.isCurrent = mode == s.lora.mode && (mode != AdapterMode::None || recipe == currentRecipe);
        d.bars.append(bar);
    };
    addBar(ChartText::tr("FP32"), Recipe::Fp32, AdapterMode::None);
    //: AMP: torch.autocast over FP32 weights; %1 is FP16 or BF16
    addBar(ChartText::tr("AMP (%1)").arg(half), amp, AdapterMode::None);
    //: half precision with an FP32 master copy; %1 is FP16 or BF16
    addBar(ChartText::tr("%1 + master").arg(half), master, AdapterMode::None);
    addBar(ChartText::tr("%1, no master").arg(half), pure, AdapterMode::None);
    addBar(ChartText::tr("LoRA r=%1").arg(groupedCount(s.lora.rank)), loraRecipe, AdapterMode::Lora);
    addBar(ChartText::tr("QLoRA r=%1").arg(groupedCount(s.lora.rank)), loraRecipe, AdapterMode::Qlora);
    return d;
}

RecipeComparisonData makeScenarioComparison(const QList<PinnedScenario> &pinned, const ScenarioSpec &current,
                                            const Catalogue &catalogue)
{
    RecipeComparisonData d;
    d.title = modelTitle(current, catalogue);
    d.heading = ChartText::tr("Scenarios compared: what is live at each one's peak");
    d.labelCurrent = false;
    d.gpu = chosenGpu(current, catalogue);
    auto addBar = [&](const QString &label, const ScenarioSpec &spec, bool isCurrent) {
        const Derivation derivation = derive(spec.scenario);
        RecipeBar bar;
        bar.label = label;
        bar.detail = modelTitle(spec, catalogue);
        bar.segments = segmentsAtPeak(derivation);
        bar.transientBytes = toDouble(liveAtPeak(derivation, "transient"));
        bar.transientHowOf = [how = shortLivedHow(derivation, spec.scenario.activations.model == ActivationModelKind::Textbook)] {
            return how;
        };
        bar.peakBytes = toDouble(derivation.peak.bytes);
        bar.isCurrent = isCurrent;
        d.bars.append(bar);
    };
    for (const PinnedScenario &p : pinned)
        addBar(p.name, p.spec, false);
    //: the scenario being edited, beside the pinned ones
    addBar(ChartText::tr("Current"), current, true);
    return d;
}

TimelineData makeTimeline(const ScenarioSpec &spec, const Breakdown &b, const Catalogue &catalogue)
{
    const Scenario &s = spec.scenario;
    const StepTimeline timeline = stepTimeline(s, b);
    // Layer sets whose activations this GPU holds (a pipeline stage may hold several
    // micro-batches' worth); at most kMaxLayerSamples samples per pass keep deep models drawable.
    constexpr Count kMaxLayerSamples = 256;
    // The pipeline rank the breakdown is of (pipelinestage.h).
    const Count held = std::max<Count>(1, pipelineLayersHeld(atPipelineRank(s, b.pipelineRank)));
    const Count samples = std::min(held, kMaxLayerSamples);
    const bool oneStage = s.parallel.pipelineParallel <= 1;

    TimelineData d;
    d.gpu = chosenGpu(spec, catalogue);
    d.points.reserve(static_cast<qsizetype>(2 * samples + 8));
    d.eventIndex.fill(-1);

    auto sampleOf = [](const TimelinePoint &p, const QString &label) {
        TimelineSample t;
        t.label = label;
        t.phase = p.phase;
        t.bytes = pointArray(p);
        t.transientBytes = toDouble(p.transient);
        return t;
    };
    // f of the way from a to b, bucket by bucket.
    auto between = [](const TimelineSample &a, const TimelineSample &b, double f, const QString &label) {
        TimelineSample t = b;
        t.label = label;
        for (std::size_t k = 0; k < t.bytes.size(); ++k)
            t.bytes[k] = a.bytes[k] + (b.bytes[k] - a.bytes[k]) * f;
        t.transientBytes = a.transientBytes + (b.transientBytes - a.transientBytes) * f;
        return t;
    };
    auto layerLabel = [oneStage, held](bool forward, Count k) {
        if (oneStage)
            return forward ? ChartText::tr("Forward, layer %1").arg(groupedCount(k))
                           : ChartText::tr("Backward, layer %1").arg(groupedCount(k));
        //: pipeline parallelism: the stage holds several micro-batches' layers
        return forward ? ChartText::tr("Forward, layer pass %1 of %2").arg(groupedCount(k), groupedCount(held))
                       : ChartText::tr("Backward, layer pass %1 of %2").arg(groupedCount(k), groupedCount(held));
    };

    const TimelineSample *topLayer = nullptr;
    TimelineSample top;
    for (const TimelinePoint &p : timeline) {
        const qsizetype before = d.points.size();
        switch (p.event) {
        case TimelineEvent::StepStart:
            d.points.append(sampleOf(p, ChartText::tr("Step starts")));
            break;
        case TimelineEvent::LayersForward: {
            // Layer k has stored k/held of the layers' activations (the embedding's and shared
            // tensors from the first layer on), with one layer's scratch beside them.
            TimelineSample end = sampleOf(p, QString());
            const Bytes below = b.activationDetail.outside - b.activationDetail.outsideHead;
            TimelineSample first = end;
            first.bytes[static_cast<std::size_t>(bucketIndex(Bucket::Activations))] = toDouble(below);
            for (Count j = 1; j <= samples; ++j) {
                const Count k = j * held / samples;
                const double f = static_cast<double>(k) / static_cast<double>(held);
                TimelineSample t = between(first, end, f, layerLabel(true, k));
                t.transientBytes = end.transientBytes;
                d.points.append(t);
            }
            break;
        }
        case TimelineEvent::LossForward:
            d.points.append(sampleOf(p, ChartText::tr("Loss forward: logits")));
            break;
        case TimelineEvent::ForwardEnd:
            d.points.append(sampleOf(p, ChartText::tr("Forward ends")));
            break;
        case TimelineEvent::ReferenceForward:
            d.points.append(sampleOf(p, ChartText::tr("Frozen models score (no_grad)")));
            break;
        case TimelineEvent::Generation:
            d.points.append(sampleOf(p, ChartText::tr("Rollouts generated")));
            break;
        case TimelineEvent::ValueModelBackward:
            d.points.append(sampleOf(p, ChartText::tr("Value model's backward")));
            break;
        case TimelineEvent::LossBackward:
            d.points.append(sampleOf(p, ChartText::tr("Loss gradient")));
            break;
        case TimelineEvent::TopLayerBackward:
            top = sampleOf(p, QString());
            topLayer = &top;
            break;
        case TimelineEvent::BottomLayerBackward: {
            // The core: memory changes linearly from the top layer's point to the bottom one's.
            const TimelineSample bottom = sampleOf(p, QString());
            const TimelineSample &from = topLayer ? *topLayer : bottom;
            for (Count j = 0; j < samples; ++j) {
                const Count k = samples > 1 ? j * (held - 1) / (samples - 1) : 0; // layers done before this one
                const double f = held > 1 ? static_cast<double>(k) / static_cast<double>(held - 1) : 1.0;
                d.points.append(between(from, bottom, f, layerLabel(false, held - k)));
            }
            break;
        }
        case TimelineEvent::BackwardEnd:
            d.points.append(sampleOf(p, ChartText::tr("Backward ends")));
            break;
        case TimelineEvent::OptimizerStep:
            d.points.append(sampleOf(p, ChartText::tr("Optimizer step")));
            break;
        case TimelineEvent::StepEnd:
            d.points.append(sampleOf(p, timeline.gradients == GradientLifetime::KeptBetweenSteps
                                                ? ChartText::tr("Step ends")
                                                : ChartText::tr("Step ends: gradients freed")));
            break;
        }
        // The event's sample: the one it appended last (the top layer's point is the first
        // backward layer drawn, appended with the bottom one's).
        if (d.points.size() > before)
            d.eventIndex[static_cast<std::size_t>(p.event)] = static_cast<int>(d.points.size() - 1);
        if (p.event == TimelineEvent::BottomLayerBackward && d.points.size() > before)
            d.eventIndex[static_cast<std::size_t>(TimelineEvent::TopLayerBackward)] = static_cast<int>(before);
    }

    for (int i = 0; i < d.points.size(); ++i) {
        const StepPhase phase = d.points[i].phase;
        if (d.phases.isEmpty() || d.phases.constLast().phase != phase)
            d.phases.append({ phase, i, i });
        else
            d.phases.last().last = i;
        const double t = d.points[i].total();
        if (t > d.peakBytes) {
            d.peakBytes = t;
            d.peakIndex = i;
        }
    }
    d.comparedBytes = toDouble(comparedPeak(s, b));
    d.compared = s.gpu.compared;
    d.note = timeline.gradients == GradientLifetime::KeptBetweenSteps
            ? (s.training.gradAccumSteps > 1
                       ? ChartText::tr("Gradients accumulate over %1 micro-batches, so they are live for the whole step; "
                                       "the last micro-batch is shown.")
                                 .arg(groupedCount(s.training.gradAccumSteps))
                       : ChartText::tr("The textbook convention: every bucket is resident for the whole step, so the "
                                       "peak is their sum, as the article computes it."))
            : ChartText::tr("Gradients appear layer by layer in backward and are freed after the optimizer step "
                            "(zero_grad(set_to_none=True)).");
    return d;
}

void addMeasuredMarkers(TimelineData &data, const MeasuredComparison &comparison, const MeasuredRun &run, bool current)
{
    data.measured.clear();
    data.measuredNote.clear();
    if (comparison.empty())
        return;
    for (const MeasuredRow &r : comparison.rows) {
        // Reserved memory is the allocator's, not a moment of the tensors drawn here.
        if (!isTimelineFigure(r.figure) || r.figure == MeasuredFigure::PeakReserved || r.figure == MeasuredFigure::DeviceUsed)
            continue;
        const int index = data.eventIndex[static_cast<std::size_t>(r.event)];
        if (index < 0)
            continue;
        data.measured.append({ index, toDouble(r.measured), toDouble(r.estimated), measuredFigureText(r.figure) });
    }
    const QString where = run.deviceName.isEmpty() ? run.device : run.deviceName;
    data.measuredNote = current ? ChartText::tr("Measured on %1 (torch %2): PyTorch's figures without the runtime's share.")
                                          .arg(where, run.torchVersion)
                                : ChartText::tr("Measured on %1 (torch %2) for another scenario than this one.")
                                          .arg(where, run.torchVersion);
}

} // namespace headroom
