#include "fitcommand.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cmath>
#include <span>
#include <vector>

#include <headroom/io/quantityparse.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/planning/advice.h>
#include <headroom/planning/fitsearch.h>
#include <headroom/planning/procurement.h>

#include "clitext.h"
#include "fitoptions.h"
#include "fittext.h"
#include "placementtext.h"
#include "scenariooptions.h"

namespace headroom::cli {

namespace {

//! The smallest --mfu taken: 1 %.
constexpr double kMinMfu = 0.01;

bool readFitOptions(const QCommandLineParser &parser, const Catalogue &catalogue, FitOptions &f)
{
    bool ok = true;
    auto complain = [&ok](const QString &text) {
        err() << Cli::tr("error: ") << text << Qt::endl;
        ok = false;
    };
    // The user's value as messages quote it: escaped and cut short.
    auto quoted = [](const QString &v) { return QLatin1Char('"') + excerpt(v) + QLatin1Char('"'); };
    if (parser.isSet(QStringLiteral("tokens"))) {
        const QString v = parser.value(QStringLiteral("tokens"));
        const auto c = parseCount(v.trimmed().toStdString());
        if (!c || *c < 1 || *c > Count(1'000'000'000'000'000))
            complain(Cli::tr("--tokens: %1 is not allowed; give a whole number of tokens from 1 to 1e18 (e.g. 1e9, 300B)").arg(quoted(v)));
        else
            f.tokens = static_cast<double>(*c);
    }
    if (parser.isSet(QStringLiteral("mfu"))) {
        // A fraction or a percentage. Below 1 % no real run goes (and days and costs would run
        // to hundreds of digits); 1 is the card's whole dense peak.
        const QString v = parser.value(QStringLiteral("mfu"));
        QString text = v.trimmed();
        const bool percent = text.endsWith(QLatin1Char('%'));
        if (percent)
            text.chop(1);
        bool isNumber = false;
        const double m = text.toDouble(&isNumber) / (percent ? 100.0 : 1.0);
        if (!isNumber || !std::isfinite(m))
            complain(Cli::tr("--mfu: %1 is not a number; give a fraction from %2 to 1 or a percentage (e.g. 0.4 or 40%)")
                             .arg(quoted(v), QString::number(kMinMfu)));
        else if (!(m >= kMinMfu && m <= 1.0))
            complain(Cli::tr("--mfu: %1 is out of range; allowed: %2 to 1 (%3% to 100%, e.g. 0.4 or 40%)")
                             .arg(quoted(v), QString::number(kMinMfu), QString::number(kMinMfu * 100)));
        else
            f.mfu = m;
    }
    if (parser.isSet(QStringLiteral("global-batch"))) {
        const QString v = parser.value(QStringLiteral("global-batch"));
        const auto c = parseCount(v.trimmed().toStdString());
        if (!c || *c < 1 || *c > 100'000'000)
            complain(Cli::tr("--global-batch: %1 is out of range; allowed: 1 to 100,000,000 sequences per step").arg(quoted(v)));
        else
            f.globalBatch = *c;
    }
    if (parser.isSet(QStringLiteral("max-gpus"))) {
        const QString v = parser.value(QStringLiteral("max-gpus"));
        const auto c = parseCount(v.trimmed().toStdString());
        if (!c || *c < 1 || *c > 1'000'000)
            complain(Cli::tr("--max-gpus: %1 is out of range; allowed: 1 to 1,000,000").arg(quoted(v)));
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
        // toDouble() reads "nan" and "inf" as numbers: a NaN compares false with everything
        // and used to fall back to the catalogue's price in silence.
        if (!gpu || !isNumber || !std::isfinite(usdPerHour) || usdPerHour < 0 || usdPerHour > 1e6) {
            complain(Cli::tr("--price: %1 is not allowed; give KIND=USD per GPU-hour, KIND from `headroom-cli gpus`, "
                             "0 <= USD <= 1,000,000 (e.g. h100-80gb=2.49)")
                             .arg(quoted(entry)));
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
    parser.addOption({ QStringLiteral("mfu"),
                       Cli::tr("Model-FLOPs utilisation for time estimates, %1 to 1 or a percentage (default 0.4).")
                               .arg(QString::number(kMinMfu)),
                       Cli::tr("fraction") });
    parser.addOption({ QStringLiteral("global-batch"),
                       Cli::tr("Target sequences per optimizer step: the data-parallel degree must not exceed it / B."),
                       Cli::tr("count") });
    parser.addOption({ QStringLiteral("price"), Cli::tr("Price per GPU-hour for one kind, KIND=USD (repeatable)."), Cli::tr("kind=usd") });
    parser.addOption({ QStringLiteral("max-gpus"), Cli::tr("Largest GPU count searched (default 4096)."), Cli::tr("count") });
    parser.addOption({ QStringLiteral("json"), Cli::tr("Print JSON: byte figures as integers.") });
    if (const ParseOutcome outcome = parseCommand(parser,
                                                      normaliseSwitches(arguments, { QStringLiteral("tokens"), QStringLiteral("mfu"),
                                                                                     QStringLiteral("global-batch"), QStringLiteral("price"),
                                                                                     QStringLiteral("max-gpus") }),
                                                      "fit"); outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);
    Catalogue catalogue;
    if (!loadCatalogueOrComplain(catalogue))
        return kBadInput;
    FitOptions f;
    const bool fitOk = readFitOptions(parser, catalogue, f);
    ScenarioSpec spec = realisticDefaults();
    if (!scenarioFromOptions(parser, catalogue, spec) || !fitOk)
        return kBadInput;
    const Scenario &s = spec.scenario;

    // One GPU kind in detail when --gpu names it, else the whole catalogue.
    std::vector<GpuFit> results;
    std::vector<GpuFit> checkpointed; // the same with full recompute, when the run lacks it
    const bool withCheckpointing = s.training.recompute != Recompute::Full;
    Scenario recomputed = s;
    recomputed.training.recompute = Recompute::Full;
    for (qsizetype i = 0; i < catalogue.gpus.size(); ++i) {
        const GpuSpec &gpu = catalogue.gpus.at(i);
        if (!spec.gpuId.isEmpty() && gpu.id != spec.gpuId)
            continue;
        const double price = f.prices[static_cast<std::size_t>(i)] >= 0 ? f.prices[static_cast<std::size_t>(i)] : gpu.pricePerHourUsd;
        results.push_back(fitGpu(s, gpu, f.table(), price));
        if (withCheckpointing)
            checkpointed.push_back(fitGpu(recomputed, gpu, f.table(), price));
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
        for (const GpuFit &g : results)
            gpuArray.append(gpuResultJson(g));
        for (const GpuFit &g : checkpointed)
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
        const GpuFit &g = results.front();
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
    auto printMatrix = [&o](const std::vector<GpuFit> &rows) {
        o << Cli::tr("GPU").leftJustified(13) << Cli::tr("memory").rightJustified(10);
        for (const Strategy &st : kStrategies)
            o << nameText(st.name).rightJustified(14);
        o << Cli::tr("max B").rightJustified(8) << Cli::tr("max S").rightJustified(12) << Cli::tr("days*").rightJustified(9)
          << Cli::tr("cost*").rightJustified(11) << Qt::endl;
        for (const GpuFit &g : rows) {
            o << g.gpu->id.leftJustified(13) << gbText(g.gpu->capacity).rightJustified(10);
            const StrategyFit *fewest = g.fewest();
            for (const StrategyFit &r : g.strategies)
                o << countOrDash(r.gpus).rightJustified(14);
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
