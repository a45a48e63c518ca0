#include "fitcommand.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <span>
#include <vector>

#include <headroom/planning/advice.h>
#include <headroom/memory/estimate.h>
#include <headroom/planning/fitsearch.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/planning/procurement.h>
#include <headroom/io/quantityparse.h>

#include "clitext.h"
#include "placementtext.h"
#include "scenariooptions.h"

namespace headroom::cli {

namespace {

// The fit command's own settings, beside the scenario.
struct FitOptions
{
    double tokens = 1e9;
    double mfu = kDefaultMfu;
    Count globalBatch = 0;
    Count maxGpus = 4096;
    std::vector<double> prices; // per catalogue GPU; negative: the catalogue's own
};

// One strategy on one GPU kind: the answer and the figures that justify it.
struct StrategyResult
{
    Count gpus = 0;            // fewest that fit; 0: none up to --max-gpus
    Bytes peak = bytes(0);     // per GPU at the answer (or at --max-gpus when none fits)
    Bytes peakOneFewer = bytes(0); // per GPU with one data-parallel replica fewer
    bool hasOneFewer = false;
    Count maxBatch = 0;        // at the answer
    Count maxSequence = 0;     // at the answer
    Bytes hostPerNode = bytes(0);
    Breakdown atLimit;         // when none fits: the estimate at --max-gpus, for the reason
    TimeAndCost time;
};

struct GpuResult
{
    const GpuSpec *gpu = nullptr;
    double price = 0;
    Count maxBatch = 0;   // the scenario as given, per GPU
    Count maxSequence = 0;
    StrategyResult strategies[kStrategyCount];
};

StrategyResult solve(const Scenario &s, const GpuSpec &gpu, const FitOptions &f, double price)
{
    StrategyResult r;
    const Count mp = s.parallel.tensorParallel * s.parallel.pipelineParallel;
    r.gpus = gpusNeeded(s, f.maxGpus);
    Scenario at = s;
    if (r.gpus == 0) {
        at.parallel.gpus = (f.maxGpus / mp) * mp;
        r.atLimit = estimate(at);
        r.peak = r.atLimit.peak;
        return r;
    }
    at.parallel.gpus = r.gpus;
    const Breakdown b = estimate(at);
    r.peak = b.peak;
    r.hostPerNode = b.host.perNode;
    if (r.gpus > mp) {
        Scenario fewer = at;
        fewer.parallel.gpus = r.gpus - mp;
        r.peakOneFewer = estimate(fewer).peak;
        r.hasOneFewer = true;
    }
    r.maxBatch = largestFittingMicroBatch(at);
    r.maxSequence = longestFittingSequence(at);
    r.time = timeAndCost(at, gpu, r.gpus, f.tokens, f.mfu, price);
    return r;
}

GpuResult solveGpu(const Scenario &given, const GpuSpec &gpu, const FitOptions &f, double price)
{
    GpuResult g;
    g.gpu = &gpu;
    g.price = price;
    const Scenario s = onGpu(given, gpu);
    g.maxBatch = largestFittingMicroBatch(s);
    g.maxSequence = longestFittingSequence(s);
    for (int k = 0; k < kStrategyCount; ++k)
        g.strategies[k] = solve(withStrategy(s, kStrategies[k]), gpu, f, price);
    return g;
}

QString countOrDash(Count n) { return n > 0 ? groupedDigits(n) : QStringLiteral("-"); }

QString usd(double v) { return QStringLiteral("$") + QString::number(v, 'f', v < 100 ? 2 : 0); }

QString daysText(const TimeAndCost &t) { return t.known ? QString::number(t.days, 'f', t.days < 10 ? 2 : 1) : QStringLiteral("n/a"); }
QString costText(const TimeAndCost &t) { return t.known ? usd(t.costUsd) : QStringLiteral("n/a"); }

// Why a strategy needs the GPUs it does, or why none suffice.
QString reasoning(const Scenario &s, const StrategyResult &r, const Strategy &strategy, Bytes capacity, Count maxGpus)
{
    const Count mp = s.parallel.tensorParallel * s.parallel.pipelineParallel;
    if (r.gpus > 0) {
        QString text = Cli::tr("%1 per GPU on %2 <= %3").arg(gbText(r.peak), gpusText(r.gpus), gbText(capacity));
        if (r.hasOneFewer)
            text += Cli::tr("; at %1: %2 > %3").arg(groupedDigits(r.gpus - mp), gbText(r.peakOneFewer), gbText(capacity));
        else
            text += Cli::tr("; the smallest count this tensor x pipeline layout allows");
        return text;
    }
    const Breakdown &b = r.atLimit;
    const Bytes unshardable = b.activations + b.overhead;
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
                       .arg(groupedDigits(s.parallel.dataParallel()));
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

QJsonObject strategyResultJson(const Strategy &strategy, const StrategyResult &r)
{
    QJsonObject o{
        { QStringLiteral("name"), nameText(strategy.name) },
        { QStringLiteral("zero"), static_cast<int>(strategy.zero) },
        { QStringLiteral("offload"), nameText(offloadName(strategy.offload)) },
        { QStringLiteral("gpus_needed"), qint64(r.gpus) },
        { QStringLiteral("peak"), jsonByteValue(r.peak) },
        { QStringLiteral("max_micro_batch"), qint64(r.maxBatch) },
        { QStringLiteral("max_sequence"), qint64(r.maxSequence) },
        { QStringLiteral("host_per_node"), jsonByteValue(r.hostPerNode) },
    };
    if (r.hasOneFewer)
        o.insert(QStringLiteral("peak_one_fewer"), jsonByteValue(r.peakOneFewer));
    if (r.time.known) {
        o.insert(QStringLiteral("gpu_hours"), r.time.gpuHours);
        o.insert(QStringLiteral("days"), r.time.days);
        o.insert(QStringLiteral("cost_usd"), r.time.costUsd);
    }
    return o;
}

QJsonObject gpuResultJson(const GpuResult &g)
{
    QJsonArray strategies;
    for (int k = 0; k < kStrategyCount; ++k)
        strategies.append(strategyResultJson(kStrategies[k], g.strategies[k]));
    return QJsonObject{
        { QStringLiteral("id"), g.gpu->id },
        { QStringLiteral("name"), g.gpu->name },
        { QStringLiteral("capacity"), jsonByteValue(g.gpu->capacity) },
        { QStringLiteral("price_per_hour_usd"), g.price },
        { QStringLiteral("max_micro_batch"), qint64(g.maxBatch) },
        { QStringLiteral("max_sequence"), qint64(g.maxSequence) },
        { QStringLiteral("strategies"), strategies },
    };
}

void printStrategyTable(QTextStream &o, const Scenario &s, const GpuResult &g, Count maxGpus)
{
    o << QStringLiteral("  ") << Cli::tr("strategy").leftJustified(15) << Cli::tr("GPUs").rightJustified(6)
      << Cli::tr("per-GPU peak").rightJustified(14) << Cli::tr("max B").rightJustified(8) << Cli::tr("max S").rightJustified(12)
      << Cli::tr("host/node").rightJustified(12) << Cli::tr("days").rightJustified(9) << Cli::tr("cost").rightJustified(11) << Qt::endl;
    for (int k = 0; k < kStrategyCount; ++k) {
        const StrategyResult &r = g.strategies[k];
        const bool fit = r.gpus > 0;
        o << QStringLiteral("  ") << nameText(kStrategies[k].name).leftJustified(15) << countOrDash(r.gpus).rightJustified(6)
          << (fit ? gbText(r.peak) : QStringLiteral("-")).rightJustified(14) << countOrDash(r.maxBatch).rightJustified(8)
          << countOrDash(r.maxSequence).rightJustified(12) << (fit ? gbText(r.hostPerNode) : QStringLiteral("-")).rightJustified(12)
          << (fit ? daysText(r.time) : QStringLiteral("-")).rightJustified(9)
          << (fit ? costText(r.time) : QStringLiteral("-")).rightJustified(11) << Qt::endl;
    }
    o << Qt::endl;
    QString reasons[kStrategyCount];
    bool allSame = true;
    for (int k = 0; k < kStrategyCount; ++k) {
        reasons[k] = reasoning(withStrategy(s, kStrategies[k]), g.strategies[k], kStrategies[k], g.gpu->capacity, maxGpus);
        allSame = allSame && reasons[k] == reasons[0];
    }
    if (allSame) {
        o << QStringLiteral("  ") << Cli::tr("every strategy").leftJustified(15) << reasons[0] << Qt::endl << Qt::endl;
        return;
    }
    for (int k = 0; k < kStrategyCount; ++k)
        o << QStringLiteral("  ") << nameText(kStrategies[k].name).leftJustified(15) << reasons[k] << Qt::endl;
    o << Qt::endl;
}

bool anyFits(const GpuResult &g)
{
    for (const StrategyResult &r : g.strategies)
        if (r.gpus > 0)
            return true;
    return false;
}

QString headline(const ScenarioSpec &spec, const Catalogue &catalogue)
{
    const Scenario &s = spec.scenario;
    const ModelPreset *preset = catalogue.preset(spec.presetId);
    const QString name = preset ? preset->name : Cli::tr("custom model");
    const QString tuning = s.lora.mode == AdapterMode::None ? Cli::tr("full fine-tune") : strategyText(s).section(QLatin1Char(';'), 1).trimmed();
    return Cli::tr("%1 (%2 parameters), %3: B=%4, S=%5, %6, %7, recompute %8, %9 activations, tensor %10 x pipeline %11")
            .arg(name, groupedDigits(effectiveParameters(s.model)), tuning, groupedDigits(s.training.microBatch),
                 groupedDigits(s.training.sequence), nameText(recipeName(s.training.precision.recipe)),
                 nameText(optimizerName(s.training.precision.optimizer)), nameText(recomputeName(s.training.recompute)),
                 nameText(activationModelName(s.activations.model)))
            .arg(groupedDigits(s.parallel.tensorParallel), groupedDigits(s.parallel.pipelineParallel));
}

bool readFitOptions(const QCommandLineParser &parser, const Catalogue &catalogue, FitOptions &f)
{
    bool ok = true;
    auto complain = [&ok](const QString &text) {
        err() << Cli::tr("error: ") << text << Qt::endl;
        ok = false;
    };
    if (parser.isSet(QStringLiteral("tokens"))) {
        const QString v = parser.value(QStringLiteral("tokens"));
        const auto c = parseCount(v.trimmed().toStdString());
        if (!c || *c < 1 || *c > Count(1'000'000'000'000'000))
            complain(Cli::tr("--tokens: \"%1\" is not allowed; give a whole number of tokens from 1 to 1e18 (e.g. 1e9, 300B)").arg(v));
        else
            f.tokens = static_cast<double>(*c);
    }
    if (parser.isSet(QStringLiteral("mfu"))) {
        const QString v = parser.value(QStringLiteral("mfu"));
        bool isNumber = false;
        double m = v.toDouble(&isNumber);
        if (isNumber && v.trimmed().endsWith(QLatin1Char('%')))
            isNumber = false;
        if (!isNumber) {
            QString trimmed = v.trimmed();
            if (trimmed.endsWith(QLatin1Char('%'))) {
                trimmed.chop(1);
                m = trimmed.toDouble(&isNumber) / 100.0;
            }
        }
        if (!isNumber || !(m > 0.0 && m <= 1.0))
            complain(Cli::tr("--mfu: \"%1\" is out of range; allowed: a fraction 0 < MFU <= 1 (e.g. 0.4 or 40%)").arg(v));
        else
            f.mfu = m;
    }
    if (parser.isSet(QStringLiteral("global-batch"))) {
        const QString v = parser.value(QStringLiteral("global-batch"));
        const auto c = parseCount(v.trimmed().toStdString());
        if (!c || *c < 1 || *c > 100'000'000)
            complain(Cli::tr("--global-batch: \"%1\" is out of range; allowed: 1 to 100,000,000 sequences per step").arg(v));
        else
            f.globalBatch = *c;
    }
    if (parser.isSet(QStringLiteral("max-gpus"))) {
        const QString v = parser.value(QStringLiteral("max-gpus"));
        const auto c = parseCount(v.trimmed().toStdString());
        if (!c || *c < 1 || *c > 1'000'000)
            complain(Cli::tr("--max-gpus: \"%1\" is out of range; allowed: 1 to 1,000,000").arg(v));
        else
            f.maxGpus = *c;
    }
    f.prices.assign(static_cast<std::size_t>(catalogue.gpus.size()), -1.0);
    for (const QString &entry : parser.values(QStringLiteral("price"))) {
        const qsizetype eq = entry.indexOf(QLatin1Char('='));
        const QString id = eq > 0 ? entry.left(eq).trimmed() : QString();
        bool isNumber = false;
        const double usdPerHour = eq > 0 ? entry.mid(eq + 1).toDouble(&isNumber) : 0.0;
        const GpuSpec *gpu = catalogue.gpu(id);
        if (!gpu || !isNumber || usdPerHour < 0 || usdPerHour > 1e6) {
            complain(Cli::tr("--price: \"%1\" is not allowed; give KIND=USD per GPU-hour, KIND from `headroom-cli gpus`, "
                             "0 <= USD <= 1,000,000 (e.g. h100-80gb=2.49)")
                             .arg(entry));
            continue;
        }
        f.prices[static_cast<std::size_t>(gpu - catalogue.gpus.constData())] = usdPerHour;
    }
    return ok;
}

} // namespace

int runFitCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
            Cli::tr("How many GPUs of each kind a run needs under each strategy, the largest micro-batch and longest "
                    "sequence that fit, and days and cost for a token budget."));
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOption({ QStringLiteral("tokens"), Cli::tr("Token budget for days and cost (default 1e9)."), Cli::tr("count") });
    parser.addOption({ QStringLiteral("mfu"), Cli::tr("Model-FLOPs utilisation for time estimates, 0 < MFU <= 1 (default 0.4)."),
                       Cli::tr("fraction") });
    parser.addOption({ QStringLiteral("global-batch"),
                       Cli::tr("Target sequences per optimizer step: the data-parallel degree must not exceed it / B."),
                       Cli::tr("count") });
    parser.addOption({ QStringLiteral("price"), Cli::tr("Price per GPU-hour for one kind, KIND=USD (repeatable)."), Cli::tr("kind=usd") });
    parser.addOption({ QStringLiteral("max-gpus"), Cli::tr("Largest GPU count searched (default 4096)."), Cli::tr("count") });
    parser.addOption({ QStringLiteral("json"), Cli::tr("Print JSON: byte figures as integers.") });
    if (const ParseOutcome outcome = parseCommand(parser, arguments, "fit"); outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);
    Catalogue catalogue;
    if (!loadCatalogueOrComplain(catalogue))
        return kBadInput;
    FitOptions f;
    const bool fitOk = readFitOptions(parser, catalogue, f);
    ScenarioSpec spec;
    if (!scenarioFromOptions(parser, catalogue, spec) || !fitOk)
        return kBadInput;
    const Scenario &s = spec.scenario;

    // One GPU kind in detail when --gpu names it, else the whole catalogue.
    std::vector<GpuResult> results;
    std::vector<GpuResult> checkpointed; // the same with full recompute, when the run lacks it
    const bool withCheckpointing = s.training.recompute != Recompute::Full;
    Scenario recomputed = s;
    recomputed.training.recompute = Recompute::Full;
    for (qsizetype i = 0; i < catalogue.gpus.size(); ++i) {
        const GpuSpec &gpu = catalogue.gpus.at(i);
        if (!spec.gpuId.isEmpty() && gpu.id != spec.gpuId)
            continue;
        const double price = f.prices[static_cast<std::size_t>(i)] >= 0 ? f.prices[static_cast<std::size_t>(i)] : gpu.pricePerHourUsd;
        results.push_back(solveGpu(s, gpu, f, price));
        if (withCheckpointing)
            checkpointed.push_back(solveGpu(recomputed, gpu, f, price));
    }
    const bool detailed = !spec.gpuId.isEmpty();

    Advice advice[kMaxAdvice];
    int adviceCount = 0;
    if (detailed)
        adviceCount = advise(onGpu(s, *results.front().gpu), advice, kMaxAdvice);

    ProcurementTarget target;
    target.tokens = f.tokens;
    target.mfu = f.mfu;
    target.globalBatch = f.globalBatch;
    target.maxGpus = f.maxGpus;
    constexpr int kMaxOptions = 128;
    ProcurementOption options[kMaxOptions];
    const std::span<const GpuSpec> gpus(catalogue.gpus.constData(), static_cast<std::size_t>(catalogue.gpus.size()));
    const int optionCount = planProcurement(s, gpus, f.prices, target, options, kMaxOptions);

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray gpuArray, checkpointedArray, adviceArray, procurement;
        for (const GpuResult &g : results)
            gpuArray.append(gpuResultJson(g));
        for (const GpuResult &g : checkpointed)
            checkpointedArray.append(gpuResultJson(g));
        for (int i = 0; i < adviceCount; ++i) {
            const Advice &a = advice[i];
            adviceArray.append(QJsonObject{
                    { QStringLiteral("kind"), nameText(adviceName(a.kind)) },
                    { QStringLiteral("saving"), jsonByteValue(a.saving) },
                    { QStringLiteral("peak_after"), jsonByteValue(estimate(a.after).peak) },
                    { QStringLiteral("fits_after"), a.fitsAfter },
                    { QStringLiteral("micro_batch"), qint64(a.after.training.microBatch) },
                    { QStringLiteral("grad_accum"), qint64(a.after.training.gradAccumSteps) },
                    { QStringLiteral("recompute"), nameText(recomputeName(a.after.training.recompute)) },
                    { QStringLiteral("zero"), static_cast<int>(a.after.parallel.zero) },
                    { QStringLiteral("offload"), nameText(offloadName(a.after.parallel.offload)) },
                    { QStringLiteral("lora"), nameText(adapterModeName(a.after.lora.mode)) },
            });
        }
        for (int i = 0; i < optionCount; ++i) {
            const ProcurementOption &p = options[i];
            QJsonObject o{
                { QStringLiteral("gpu"), catalogue.gpus.at(p.gpuIndex).id },
                { QStringLiteral("strategy"), nameText(kStrategies[p.strategyIndex].name) },
                { QStringLiteral("gpus"), qint64(p.gpus) },
                { QStringLiteral("grad_accum"), qint64(p.gradAccum) },
                { QStringLiteral("global_batch"), qint64(p.globalBatch) },
            };
            if (p.time.known) {
                o.insert(QStringLiteral("days"), p.time.days);
                o.insert(QStringLiteral("cost_usd"), p.time.costUsd);
                o.insert(QStringLiteral("gpu_hours"), p.time.gpuHours);
            }
            procurement.append(o);
        }
        QJsonObject root{
            { QStringLiteral("schema"), 1 },
            { QStringLiteral("parameter_count"), qint64(effectiveParameters(s.model)) },
            { QStringLiteral("tokens"), f.tokens },
            { QStringLiteral("mfu"), f.mfu },
            { QStringLiteral("training_flops"), trainingFlops(s, f.tokens) },
            { QStringLiteral("gpus"), gpuArray },
            { QStringLiteral("procurement"), procurement },
        };
        if (f.globalBatch > 0)
            root.insert(QStringLiteral("global_batch"), qint64(f.globalBatch));
        if (withCheckpointing)
            root.insert(QStringLiteral("with_full_recompute"), checkpointedArray);
        if (detailed)
            root.insert(QStringLiteral("advice"), adviceArray);
        out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }

    QTextStream &o = out();
    o << headline(spec, catalogue) << Qt::endl;
    const ModelStates whole = modelStates(s);
    const Breakdown one = estimate(s);
    o << Cli::tr("Whole model: %1 of model states; activations %2 per GPU at B=%3.")
                 .arg(gbText(whole.parameters + whole.gradients + whole.masterWeights + whole.optimizerStates),
                      gbText(one.activations), groupedDigits(s.training.microBatch))
      << Qt::endl
      << Cli::tr("Data parallelism and ZeRO divide model states over the GPUs, never activations; offload moves states to "
                 "host RAM. GPUs = fewest that fit; max B and max S at that count.")
      << Qt::endl << Qt::endl;

    const double flopsPerParam = trainingFlops(s, 1.0) / static_cast<double>(effectiveParameters(s.model));
    const QString timeNote = Cli::tr("days and cost: %1 tokens x %2 P FLOPs%5 at %3 % MFU of the card's dense %4 peak "
                                     "(offload's CPU optimizer step is not timed)")
                                     .arg(groupedDigits(static_cast<Count>(f.tokens)))
                                     .arg(flopsPerParam, 0, 'g', 3)
                                     .arg(f.mfu * 100, 0, 'g', 3)
                                     .arg(usesBf16(s.training.precision.recipe) ? Cli::tr("BF16") : Cli::tr("FP16"))
                                     .arg(withCheckpointing ? Cli::tr(" (%1 P with full checkpointing)").arg(flopsPerParam + 2, 0, 'g', 3)
                                                            : QString());
    if (detailed) {
        const GpuResult &g = results.front();
        o << Cli::tr("%1: %2 per GPU, %3 per GPU-hour").arg(g.gpu->name, gbText(g.gpu->capacity), usd(g.price)) << Qt::endl;
        printStrategyTable(o, s, g, f.maxGpus);
        if (withCheckpointing) {
            o << Cli::tr("With full activation checkpointing (--recompute full; about 20-30 % slower, 8 P FLOPs per token):")
              << Qt::endl;
            printStrategyTable(o, recomputed, checkpointed.front(), f.maxGpus);
        }
        o << Cli::tr("As given (%1): peak %2 per GPU, max B %3, max S %4.")
                     .arg(strategyText(s), gbText(one.peak), countOrDash(g.maxBatch), countOrDash(g.maxSequence))
          << Qt::endl;
        if (adviceCount > 0) {
            o << Cli::tr("What to change first (the rescue order of the training-memory guide «显存都去哪儿了», each step on top of the previous):") << Qt::endl;
            Scenario before = onGpu(s, *g.gpu);
            for (int i = 0; i < adviceCount; ++i) {
                o << QStringLiteral("  %1. ").arg(i + 1) << adviceText(before, advice[i], placeModelStates(advice[i].after))
                  << Qt::endl;
                before = advice[i].after;
            }
        }
        o << Cli::tr("Time: %1.").arg(timeNote) << Qt::endl;
        return 0;
    }

    // The whole catalogue: GPUs needed per strategy, and the scenario as given on one GPU.
    auto printMatrix = [&o](const std::vector<GpuResult> &rows) {
        o << Cli::tr("GPU").leftJustified(13) << Cli::tr("memory").rightJustified(10);
        for (const Strategy &st : kStrategies)
            o << nameText(st.name).rightJustified(14);
        o << Cli::tr("max B").rightJustified(8) << Cli::tr("max S").rightJustified(12) << Cli::tr("days*").rightJustified(9)
          << Cli::tr("cost*").rightJustified(11) << Qt::endl;
        for (const GpuResult &g : rows) {
            o << g.gpu->id.leftJustified(13) << gbText(g.gpu->capacity).rightJustified(10);
            const StrategyResult *fewest = nullptr;
            for (const StrategyResult &r : g.strategies) {
                o << countOrDash(r.gpus).rightJustified(14);
                if (r.gpus > 0 && (!fewest || r.gpus < fewest->gpus))
                    fewest = &r;
            }
            o << countOrDash(g.maxBatch).rightJustified(8) << countOrDash(g.maxSequence).rightJustified(12)
              << (fewest ? daysText(fewest->time) : QStringLiteral("-")).rightJustified(9)
              << (fewest ? costText(fewest->time) : QStringLiteral("-")).rightJustified(11) << Qt::endl;
        }
        o << Qt::endl;
    };
    o << Cli::tr("GPUs needed per strategy (- : none up to %1):").arg(groupedDigits(f.maxGpus)) << Qt::endl;
    printMatrix(results);
    if (withCheckpointing) {
        o << Cli::tr("With full activation checkpointing (--recompute full; about 20-30 % slower):") << Qt::endl;
        printMatrix(checkpointed);
    }
    o << Cli::tr("max B, max S: per GPU as given (%1). * at the strategy needing the fewest GPUs; %2.")
                 .arg(strategyText(s), timeNote)
      << Qt::endl << Qt::endl;

    if (optionCount == 0) {
        o << Cli::tr("No GPU kind fits this run under any strategy up to %1 GPUs%2.")
                     .arg(groupedDigits(f.maxGpus), withCheckpointing ? Cli::tr(" as given; see the checkpointed table") : QString())
          << Qt::endl;
        return 0;
    }
    auto optionLine = [&](const ProcurementOption &p) {
        const GpuSpec &gpu = catalogue.gpus.at(p.gpuIndex);
        return Cli::tr("%1 x %2, %3: %4 days, %5 (grad-accum %6, global batch %7)")
                .arg(groupedDigits(p.gpus), gpu.id, nameText(kStrategies[p.strategyIndex].name), daysText(p.time),
                     costText(p.time), groupedDigits(p.gradAccum), groupedDigits(p.globalBatch));
    };
    o << Cli::tr("Cheapest GPU kind x count x strategy for %1 tokens (ties by days):").arg(groupedDigits(static_cast<Count>(f.tokens)))
      << Qt::endl;
    for (int i = 0; i < optionCount && i < 5; ++i)
        o << QStringLiteral("  %1. ").arg(i + 1) << optionLine(options[i]) << Qt::endl;
    // By days: the same options, fastest first (a small selection, no allocation needed).
    o << Cli::tr("Fastest at the fewest GPUs that fit:") << Qt::endl;
    bool shown[kMaxOptions] = {};
    for (int rank = 0; rank < 5 && rank < optionCount; ++rank) {
        int best = -1;
        for (int i = 0; i < optionCount; ++i)
            if (!shown[i] && options[i].time.known
                && (best < 0 || options[i].time.days < options[best].time.days))
                best = i;
        if (best < 0)
            break;
        shown[best] = true;
        o << QStringLiteral("  %1. ").arg(rank + 1) << optionLine(options[best]) << Qt::endl;
    }
    return 0;
}

} // namespace headroom::cli
