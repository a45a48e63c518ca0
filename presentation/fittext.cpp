#include "fittext.h"

#include <QTextStream>

#include <headroom/io/textwidth.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/lora.h>

#include "wording.h"
#include "placementtext.h"
#include "steptimetext.h"

namespace headroom {

QString countOrDash(Count n) { return n > 0 ? groupedDigits(n) : QStringLiteral("-"); }

QString usd(double v) { return QStringLiteral("$") + QString::number(v, 'f', v < 100 ? 2 : 0); }

QString daysText(const TimeAndCost &t) { return t.known ? QString::number(t.days, 'f', t.days < 10 ? 2 : 1) : Cli::tr("n/a"); }
QString costText(const TimeAndCost &t) { return t.known ? usd(t.costUsd) : Cli::tr("n/a"); }

QString reasoning(const Scenario &s, const StrategyFit &r, const Strategy &strategy, Bytes capacity, Count maxGpus)
{
    // One model replica: t × p × c GPUs (fitsearch.cpp steps in whole replicas).
    const Count mp = s.parallel.replicaGpus();
    if (r.gpus > 0) {
        QString text = Cli::tr("%1 per GPU on %2 <= %3").arg(gbText(r.peak), gpusText(r.gpus), gbText(capacity));
        if (r.hasOneFewer)
            text += Cli::tr("; at %1: %2 > %3").arg(groupedDigits(r.gpus - mp), gbText(r.peakOneFewer), gbText(capacity));
        else
            text += Cli::tr("; the smallest count this tensor x pipeline layout allows");
        if (r.batchUnreachable)
            //: %1 the GPU count the search went up to. The accumulation a global batch implies can
            //: keep more micro-batches in flight on a pipeline's first stage than the run's own
            text += Cli::tr("; but at no count up to %1 does the global batch fit with the accumulation it needs (no time or cost)")
                            .arg(groupedDigits(maxGpus));
        return text;
    }
    // A strategy the run's options refuse at one replica and at two (validate()) is refused at
    // every count: say why, not what the refused estimate would hold.
    Scenario one = s, two = s;
    one.parallel.gpus = mp;
    two.parallel.gpus = 2 * mp;
    const ValidationIssues refusedAtOne = validate(one), refusedAtTwo = validate(two);
    if (!refusedAtOne.empty() && !refusedAtTwo.empty())
        return Cli::tr("refused: %1").arg(issueText(*refusedAtTwo.begin(), two));
    const Breakdown &b = r.atLimit;
    const Bytes unshardable = b.activations + b.overhead;
    if (unshardable > capacity && b.overhead <= bytes(0))
        return Cli::tr("never: activations %1 per GPU exceed %2 whatever the GPU count (only a smaller micro-batch or "
                       "sequence, checkpointing or --tp/--sp/--pp shrink them)")
                .arg(gbText(b.activations), gbText(capacity));
    if (unshardable > capacity)
        return Cli::tr("never: activations %1 + runtime overhead %2 per GPU exceed %3 whatever the GPU count "
                       "(only a smaller micro-batch or sequence, checkpointing or --tp/--sp/--pp shrink them)")
                .arg(gbText(b.activations), gbText(b.overhead), gbText(capacity));
    if (strategy.zero == ZeroStage::Stage0)
        return Cli::tr("never: plain data parallelism keeps all model states on every GPU (%1 + activations %2)")
                .arg(gbText(b.modelStates()), gbText(b.activations));
    return Cli::tr("never: at %1 GPUs still %2 per GPU; the part %3 does not divide stays (model states %4 per GPU)")
            .arg(groupedDigits(maxGpus), gbText(b.peak), strategy.name == std::string_view("zero1") ? Cli::tr("ZeRO-1") : Cli::tr("ZeRO-2"),
                 gbText(b.modelStates()));
}

QString adviceText(const Scenario &before, const Advice &a, const Placement &after)
{
    const Scenario &s = a.after;
    QString what;
    switch (a.kind) {
    case AdviceKind::ReduceMicroBatch:
        what = Cli::tr("Reduce the micro-batch %1 -> %2 and accumulate gradients over %3 -> %4 steps to keep the global "
                       "batch (accumulation itself saves no memory)")
                       .arg(groupedDigits(before.training.microBatch), groupedDigits(s.training.microBatch),
                            groupedDigits(before.training.gradAccumSteps), groupedDigits(s.training.gradAccumSteps));
        break;
    case AdviceKind::EnableCheckpointing:
        what = Cli::tr("Turn on activation checkpointing (--recompute full, model.gradient_checkpointing_enable(); "
                       "about 20-30 % slower: 8 P instead of 6 P FLOPs per token)");
        break;
    case AdviceKind::ZeroStage:
        what = Cli::tr("Shard with ZeRO-%1 over the %2 data-parallel GPUs (--zero %1)")
                       .arg(static_cast<int>(s.parallel.zero))
                       .arg(groupedDigits(s.parallel.shardingGroup()));
        break;
    case AdviceKind::Offload:
        what = Cli::tr("Offload %1 to CPU memory (DeepSpeed ZeRO-%2, --offload %3; %4 of host RAM per node)")
                       .arg(s.parallel.offload == Offload::OptimizerAndParams ? Cli::tr("optimizer states and parameters")
                                                                               : Cli::tr("the optimizer states"))
                       .arg(static_cast<int>(s.parallel.zero))
                       .arg(nameText(offloadName(s.parallel.offload)), gbText(after.host.perNode));
        break;
    case AdviceKind::Lora:
        what = Cli::tr("Train LoRA adapters (r=%1 on %2: %3 trainable parameters) on the frozen 16-bit base (--lora-rank %1)")
                       .arg(groupedDigits(s.lora.rank),
                            QString::fromStdString(loraTargetsText(s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets)),
                            groupedDigits(after.trainableParameters));
        break;
    case AdviceKind::Qlora:
        what = Cli::tr("Quantize the frozen base to 4-bit NF4 with double quantization (QLoRA, --qlora)");
        break;
    }
    return Cli::tr("%1: saves %2, peak %3 per GPU, %4.")
            .arg(what, gbText(a.saving), gbText(estimate(s).peak), a.fitsAfter ? Cli::tr("fits") : Cli::tr("does not fit yet"));
}

std::string_view adviceName(AdviceKind k)
{
    switch (k) {
    case AdviceKind::ReduceMicroBatch: return "reduce-micro-batch";
    case AdviceKind::EnableCheckpointing: return "enable-checkpointing";
    case AdviceKind::ZeroStage: return "zero-stage";
    case AdviceKind::Offload: return "offload";
    case AdviceKind::Lora: return "lora";
    case AdviceKind::Qlora: return "qlora";
    }
    return {};
}

void writeAdvice(JsonWriter &w, const Advice &a)
{
    w.beginObject();
    w.key("kind").string(adviceName(a.kind));
    w.key("saving").byteCount(a.saving);
    w.key("peak_after").byteCount(estimate(a.after).peak);
    w.key("fits_after").boolean(a.fitsAfter);
    w.key("micro_batch").integer(a.after.training.microBatch);
    w.key("grad_accum").integer(a.after.training.gradAccumSteps);
    w.key("recompute").string(recomputeName(a.after.training.recompute));
    w.key("zero").integer(static_cast<int>(a.after.parallel.zero));
    w.key("offload").string(offloadName(a.after.parallel.offload));
    w.key("lora").string(adapterModeName(a.after.lora.mode));
    w.endObject();
}

void writeStrategyResult(JsonWriter &w, const Strategy &strategy, const StrategyFit &r, Count rolloutGpus)
{
    w.beginObject();
    w.key("name").string(strategy.name);
    w.key("zero").integer(static_cast<int>(strategy.zero));
    w.key("offload").string(offloadName(strategy.offload));
    w.key("gpus_needed").integer(r.gpus);
    if (rolloutGpus > 0) {
        w.key("rollout_gpus").integer(rolloutGpus);
        w.key("gpus_needed_with_rollout").integer(r.gpus > 0 ? r.gpus + rolloutGpus : 0);
    }
    w.key("peak").byteCount(r.peak);
    if (r.hasOneFewer)
        w.key("peak_one_fewer").byteCount(r.peakOneFewer);
    w.key("max_micro_batch").integer(r.maxBatch);
    w.key("max_sequence").integer(r.maxSequence);
    w.key("host_per_node").byteCount(r.hostPerNode);
    if (r.time.known) {
        w.key("gpu_hours").number(r.time.gpuHours);
        w.key("days").number(r.time.days);
        w.key("cost_usd").number(r.time.costUsd);
    }
    w.endObject();
}

void writeGpuResult(JsonWriter &w, const GpuFit &g, Count rolloutGpus)
{
    w.beginObject();
    w.key("id").string(g.gpu->id);
    w.key("name").string(g.gpu->name);
    w.key("capacity").byteCount(g.gpu->capacity);
    w.key("price_per_hour_usd").number(g.price);
    w.key("max_micro_batch").integer(g.maxBatch);
    w.key("max_sequence").integer(g.maxSequence);
    w.key("strategies").beginArray();
    for (int k = 0; k < kStrategyCount; ++k)
        writeStrategyResult(w, kStrategies[k], g.strategies[k], rolloutGpus);
    w.endArray();
    w.endObject();
}

void writeProcurementOption(JsonWriter &w, const ProcurementOption &p, const GpuSpec &gpu)
{
    w.beginObject();
    w.key("gpu").string(gpu.id);
    w.key("strategy").string(kStrategies[p.strategyIndex].name);
    w.key("gpus").integer(p.gpus);
    w.key("fewest_fitting").integer(p.fewestFitting);
    w.key("micro_batch").integer(p.microBatch);
    w.key("grad_accum").integer(p.gradAccum);
    w.key("global_batch").integer(p.globalBatch);
    if (p.time.known)
        writeTimeSummary(w, p.time);
    w.endObject();
}

void printStrategyTable(QTextStream &o, const Scenario &s, const GpuFit &g, Count maxGpus)
{
    o << QStringLiteral("  ") << padEnd(Cli::tr("strategy"), 15) << padStart(Cli::tr("GPUs"), 6)
      << padStart(Cli::tr("per-GPU peak"), 14) << padStart(Cli::tr("max B"), 8) << padStart(Cli::tr("max S"), 12)
      << padStart(Cli::tr("host/node"), 12) << padStart(Cli::tr("days"), 9) << padStart(Cli::tr("cost"), 11) << Qt::endl;
    for (int k = 0; k < kStrategyCount; ++k) {
        const StrategyFit &r = g.strategies[k];
        const bool fit = r.gpus > 0;
        o << QStringLiteral("  ") << padEnd(nameText(kStrategies[k].name), 15) << padStart(countOrDash(r.gpus), 6)
          << padStart((fit ? gbText(r.peak) : QStringLiteral("-")), 14) << padStart(countOrDash(r.maxBatch), 8)
          << padStart(countOrDash(r.maxSequence), 12) << padStart((fit ? gbText(r.hostPerNode) : QStringLiteral("-")), 12)
          << padStart((fit ? daysText(r.time) : QStringLiteral("-")), 9)
          << padStart((fit ? costText(r.time) : QStringLiteral("-")), 11) << Qt::endl;
    }
    o << Qt::endl;
    QString reasons[kStrategyCount];
    bool allSame = true;
    for (int k = 0; k < kStrategyCount; ++k) {
        reasons[k] = reasoning(withStrategy(s, kStrategies[k]), g.strategies[k], kStrategies[k], g.gpu->capacity, maxGpus);
        allSame = allSame && reasons[k] == reasons[0];
    }
    if (allSame) {
        o << QStringLiteral("  ") << padEnd(Cli::tr("every strategy"), 15) << reasons[0] << Qt::endl << Qt::endl;
        return;
    }
    for (int k = 0; k < kStrategyCount; ++k)
        o << QStringLiteral("  ") << padEnd(nameText(kStrategies[k].name), 15) << reasons[k] << Qt::endl;
    o << Qt::endl;
}

QString headline(const ScenarioSpec &spec, const Catalogue &catalogue)
{
    const Scenario &s = spec.scenario;
    const QString name = modelDisplayName(spec, catalogue);
    const QString tuning = s.lora.mode == AdapterMode::None ? Cli::tr("full fine-tune") : strategyText(s).section(QLatin1Char(';'), 1).trimmed();
    return Cli::tr("%1 (%2 parameters), %3: B=%4, S=%5, %6, %7, recompute %8, %9 activations, tensor %10 x pipeline %11")
            .arg(name, groupedDigits(effectiveParameters(s.model)), tuning, groupedDigits(s.training.microBatch),
                 sequenceText(s.training), recipeText(s.training.precision),
                 nameText(optimizerName(s.training.precision.optimizer)), recomputeText(s.training),
                 nameText(activationModelName(s.activations.model)))
            .arg(groupedDigits(s.parallel.tensorParallel), groupedDigits(s.parallel.pipelineParallel))
            + (s.parallel.contextParallel > 1
                       //: appended to the fit headline's layout: the context-parallel degree and kind
                       ? Cli::tr(" x context %1 (%2)")
                                 .arg(groupedDigits(s.parallel.contextParallel), nameText(contextParallelKindName(contextParallelKindOf(s))))
                       : QString());
}

} // namespace headroom
