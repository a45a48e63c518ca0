#include "fitcommand.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <cmath>
#include <span>
#include <vector>

#include <headroom/memory/derivation.h>
#include <headroom/memory/posttraining.h>
#include <headroom/io/textwidth.h>
#include <headroom/io/quantityparse.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/planning/advice.h>
#include <headroom/planning/fitsearch.h>
#include <headroom/planning/plansearch.h>
#include <headroom/planning/procurement.h>

#include "cliio.h"
#include "wording.h"
#include "fitoptions.h"
#include "fittext.h"
#include "globalbatchtext.h"
#include "importjson.h"
#include "posttrainingtext.h"
#include "placementtext.h"
#include "plansearchtext.h"
#include "scenariooptions.h"
#include "steptimetext.h"

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
        // Sequences ("256") or tokens ("2M tokens", "524288tok"); tokens are turned into
        // sequences once S is known (below, globalBatchSequences()).
        const QString v = parser.value(QStringLiteral("global-batch"));
        GlobalBatchText given;
        const GlobalBatchProblem problem = parseGlobalBatch(v, given);
        if (problem == GlobalBatchProblem::NotANumber)
            complain(Cli::tr("--global-batch: %1 is not a whole number; give 1 to 100,000,000 sequences per step, or 1 "
                             "to 1e12 tokens written with \"tokens\" (e.g. 256 or 2M tokens)")
                             .arg(quoted(v)));
        else if (problem != GlobalBatchProblem::None)
            complain(Cli::tr("--global-batch: %1 is out of range; allowed: 1 to 100,000,000 sequences per step, or 1 to "
                             "1e12 tokens written with \"tokens\" (e.g. 256 or 2M tokens)")
                             .arg(quoted(v)));
        else {
            f.globalBatch = given.value;
            f.globalBatchInTokens = given.inTokens;
        }
    }
    if (parser.isSet(QStringLiteral("batch-tolerance"))) {
        const QString v = parser.value(QStringLiteral("batch-tolerance"));
        QString text = v.trimmed();
        const bool percent = text.endsWith(QLatin1Char('%'));
        if (percent)
            text.chop(1);
        bool isNumber = false;
        const double x = text.toDouble(&isNumber) / (percent ? 100.0 : 1.0);
        if (!isNumber || !std::isfinite(x) || x < 0 || x > 0.5)
            complain(Cli::tr("--batch-tolerance: %1 is out of range; allowed: 0 to 0.5 or 0% to 50% of the global batch").arg(quoted(v)));
        else
            f.tolerance = x;
    }
    if (parser.isSet(QStringLiteral("network"))) {
        const QString v = parser.value(QStringLiteral("network"));
        const double bits = parseBitRate(v);
        if (!(bits >= 1e6 && bits <= 1e14))
            complain(Cli::tr("--network: %1 is not allowed; give the network bandwidth per node with its unit, from 1 Mbps "
                             "to 100 Tbps (e.g. 400Gbps, 3.2Tbps, 50GB/s)")
                             .arg(quoted(v)));
        else
            f.networkBitsPerSecond = bits;
    }
    struct Bounded
    {
        const char *name;
        double low, high;
        double *value;
        const char *range;
    };
    for (const Bounded &b : { Bounded{ "electricity", 0, 10, &f.electricityUsdPerKwh, QT_TRANSLATE_NOOP("Cli", "0 to 10 USD per kWh") },
                              Bounded{ "years", 0.25, 30, &f.years, QT_TRANSLATE_NOOP("Cli", "0.25 to 30 years") },
                              Bounded{ "budget", 0.01, 1e12, &f.budgetUsd, QT_TRANSLATE_NOOP("Cli", "0.01 to 1e12 USD of rent for the whole run") },
                              Bounded{ "deadline", 0.001, 36500, &f.deadlineDays, QT_TRANSLATE_NOOP("Cli", "0.001 to 36,500 days") } }) {
        if (!parser.isSet(QLatin1String(b.name)))
            continue;
        const QString v = parser.value(QLatin1String(b.name));
        bool isNumber = false;
        const double x = v.trimmed().toDouble(&isNumber);
        if (!isNumber || !std::isfinite(x) || x < b.low || x > b.high)
            complain(Cli::tr("--%1: %2 is out of range; allowed: %3").arg(QLatin1String(b.name), quoted(v), Cli::tr(b.range)));
        else
            *b.value = x;
    }
    if (parser.isSet(QStringLiteral("max-gpus"))) {
        const QString v = parser.value(QStringLiteral("max-gpus"));
        bool tooLarge = false;
        const auto c = parseCount(v.trimmed().toStdString(), &tooLarge);
        if (!c && !tooLarge)
            complain(Cli::tr("--max-gpus: %1 is not a whole number; allowed: 1 to 1,000,000").arg(quoted(v)));
        else if (!c || *c < 1 || *c > 1'000'000)
            complain(Cli::tr("--max-gpus: %1 is out of range; allowed: 1 to 1,000,000").arg(quoted(v)));
        else
            f.maxGpus = *c;
    }
    // KIND=USD per kind of the catalogue, repeatable: per GPU-hour (--price) or per card
    // (--purchase); negative entries keep the catalogue's own.
    auto perKind = [&](const char *option, double most, const QString &message, std::vector<double> &values) {
        values.assign(static_cast<std::size_t>(catalogue.gpus.size()), -1.0);
        for (const QString &entry : parser.values(QLatin1String(option))) {
            const qsizetype eq = entry.indexOf(QLatin1Char('='));
            const QString id = eq > 0 ? entry.left(eq).trimmed() : QString();
            bool isNumber = false;
            const double usd = eq > 0 ? entry.mid(eq + 1).toDouble(&isNumber) : 0.0;
            const GpuSpec *gpu = catalogue.gpu(id);
            // toDouble() reads "nan" and "inf" as numbers: a NaN compares false with everything
            // and used to fall back to the catalogue's price in silence.
            if (!gpu || !isNumber || !std::isfinite(usd) || usd < 0 || usd > most) {
                complain(message.arg(quoted(entry)));
                continue;
            }
            values[static_cast<std::size_t>(gpu - catalogue.gpus.constData())] = usd;
        }
    };
    perKind("price", 1e6,
            Cli::tr("--price: %1 is not allowed; give KIND=USD per GPU-hour, KIND from `headroom-cli gpus`, "
                    "0 <= USD <= 1,000,000 (e.g. h100-80gb=2.49)"),
            f.prices);
    perKind("purchase", 1e7,
            Cli::tr("--purchase: %1 is not allowed; give KIND=USD per card, KIND from `headroom-cli gpus`, "
                    "0 <= USD <= 10,000,000 (e.g. h100-80gb=25000)"),
            f.purchases);
    return ok;
}

} // namespace

double parseBitRate(const QString &text)
{
    // A number and a unit: bits (Mbps, Gbps, Tbps, also "Gb/s") or bytes (MB/s, GB/s, TB/s).
    QString t = text.trimmed();
    struct Unit
    {
        const char *suffix;
        double bitsPerSecond;
    };
    for (const Unit &u : { Unit{ "Tbps", 1e12 }, Unit{ "Gbps", 1e9 }, Unit{ "Mbps", 1e6 }, Unit{ "Tb/s", 1e12 },
                           Unit{ "Gb/s", 1e9 }, Unit{ "Mb/s", 1e6 }, Unit{ "TB/s", 8e12 }, Unit{ "GB/s", 8e9 },
                           Unit{ "MB/s", 8e6 } }) {
        const QLatin1String suffix(u.suffix);
        if (!t.endsWith(suffix, Qt::CaseSensitive))
            continue;
        t.chop(suffix.size());
        bool isNumber = false;
        const double x = t.trimmed().toDouble(&isNumber);
        return isNumber && std::isfinite(x) && x > 0 ? x * u.bitsPerSecond : -1;
    }
    return -1;
}

int runFitCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
            Cli::tr("How many GPUs of each kind a run needs under each strategy, the largest micro-batch and longest "
                    "sequence that fit, and days and cost for a token budget."));
    parser.addHelpOption();
    addScenarioOptions(parser, helpRequested(arguments) ? OptionText::Described : OptionText::NamesOnly);
    parser.addOption({ QStringLiteral("tokens"), Cli::tr("Token budget for days and cost (default 1e9)."), Cli::tr("count") });
    parser.addOption({ QStringLiteral("mfu"),
                       Cli::tr("Run the compute term at this share of the dense peak, %1 to 1 or a percentage, instead of "
                               "the modelled matmul efficiency and memory-bound time (communication and bubbles are still "
                               "added).")
                               .arg(QString::number(kMinMfu)),
                       Cli::tr("fraction") });
    parser.addOption({ QStringLiteral("global-batch"),
                       Cli::tr("Sequences (or \"N tokens\") per optimizer step, kept exactly: data-parallel degree x "
                               "micro-batch x accumulation equals it in every row."),
                       Cli::tr("count") });
    parser.addOption({ QStringLiteral("batch-tolerance"),
                       Cli::tr("Allow the global batch to miss by this share (e.g. 5%); default 0, exact."), Cli::tr("share") });
    parser.addOption({ QStringLiteral("network"),
                       Cli::tr("Network bandwidth per node, e.g. 400Gbps or 3.2Tbps (default: each GPU kind's usual server)."),
                       Cli::tr("rate") });
    parser.addOption({ QStringLiteral("electricity"),
                       Cli::tr("Electricity price for the cost of owning, USD per kWh (default %1).").arg(kDefaultElectricityUsdPerKwh),
                       Cli::tr("usd") });
    parser.addOption({ QStringLiteral("years"),
                       Cli::tr("Years the purchase is spread over for the cost of owning (default %1).").arg(kDefaultYears),
                       Cli::tr("years") });
    parser.addOption({ QStringLiteral("purchase"), Cli::tr("Purchase price of one card of a kind, KIND=USD (repeatable)."),
                       Cli::tr("kind=usd") });
    parser.addOption({ QStringLiteral("explain"), Cli::tr("With --gpu: each strategy's step time, term by term, with formulas and sources.") });
    parser.addOption({ QStringLiteral("price"), Cli::tr("Price per GPU-hour for one kind, KIND=USD (repeatable)."), Cli::tr("kind=usd") });
    parser.addOption({ QStringLiteral("max-gpus"), Cli::tr("Largest GPU count searched (default 4096)."), Cli::tr("count") });
    parser.addOption({ QStringLiteral("budget"),
                       Cli::tr("The fastest plan of the whole-plan search whose rent for the token budget is at most this "
                               "many USD."),
                       Cli::tr("usd") });
    parser.addOption({ QStringLiteral("deadline"),
                       Cli::tr("The cheapest plan of the whole-plan search that trains the token budget within this many days."),
                       Cli::tr("days") });
    parser.addOption({ QStringLiteral("json"), Cli::tr("Print JSON: byte figures as integers.") });
    if (const ParseOutcome outcome = parseCommand(parser,
                                                      normaliseSwitches(arguments, { QStringLiteral("tokens"), QStringLiteral("mfu"),
                                                                                     QStringLiteral("global-batch"), QStringLiteral("price"),
                                                                                     QStringLiteral("max-gpus"), QStringLiteral("batch-tolerance"),
                                                                                     QStringLiteral("network"), QStringLiteral("electricity"),
                                                                                     QStringLiteral("years"), QStringLiteral("purchase"),
                                                                                     QStringLiteral("budget"), QStringLiteral("deadline") }),
                                                      "fit"); outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);
    Catalogue catalogue;
    if (!loadCatalogueOrComplain(catalogue))
        return kBadInput;
    FitOptions f;
    const bool fitOk = readFitOptions(parser, catalogue, f);
    ScenarioSpec spec = realisticDefaults();
    QList<FrameworkImport> frameworks;
    if (!scenarioFromOptions(parser, catalogue, spec, nullptr, &frameworks) || !fitOk)
        return kBadInput;
    const Scenario &s = spec.scenario;
    if (f.globalBatchInTokens) {
        const Count S = s.training.sequence;
        Count sequences = 0;
        if (globalBatchSequences({ f.globalBatch, true }, S, sequences) != GlobalBatchProblem::None) {
            err() << Cli::tr("error: --global-batch: %1 tokens is not a whole number of sequences of S = %2 tokens; give a "
                             "multiple of %2 tokens or a count of sequences")
                             .arg(groupedDigits(f.globalBatch), groupedDigits(S))
                  << Qt::endl;
            return kBadInput;
        }
        f.globalBatch = sequences;
    }
    // The user's prices replace the catalogue's own in this run's copy, so every figure below
    // reads one price per kind.
    for (qsizetype i = 0; i < catalogue.gpus.size(); ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (f.prices[k] >= 0)
            catalogue.gpus[i].pricePerHourUsd = f.prices[k];
        if (f.purchases[k] >= 0)
            catalogue.gpus[i].purchaseUsd = f.purchases[k];
    }
    // A card outside the catalogue (--gpu-spec) joins this run's copy, priced as given.
    addCustomGpu(catalogue, spec);

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
        results.push_back(fitGpu(s, gpu, f.table(), gpu.pricePerHourUsd));
        if (withCheckpointing)
            checkpointed.push_back(fitGpu(recomputed, gpu, f.table(), gpu.pricePerHourUsd));
    }
    const bool detailed = !spec.gpuId.isEmpty();

    Advice advice[kMaxAdvice];
    int adviceCount = 0;
    if (detailed)
        adviceCount = advise(onGpu(s, *results.front().gpu), advice, kMaxAdvice);

    ProcurementTarget target;
    target.run = f.table().run();
    target.globalBatch = f.globalBatch;
    target.tolerance = f.tolerance;
    target.maxGpus = f.maxGpus;
    constexpr int kMaxOptions = 128;
    ProcurementOption options[kMaxOptions];
    const std::span<const GpuSpec> gpus(catalogue.gpus.constData(), static_cast<std::size_t>(catalogue.gpus.size()));
    const int optionCount = planProcurement(s, gpus, {}, target, options, kMaxOptions);

    // The whole-plan search: what the user gave on the command line (or a file set) stays as
    // given; the rest is searched.
    PlanSpace space;
    auto given = [&](const char *option) {
        if (parser.isSet(QLatin1String(option)))
            return true;
        for (const FrameworkImport &import : frameworks)
            for (const FrameworkSetting &setting : import.settings)
                if (setting.option == QLatin1String(option))
                    return true;
        return false;
    };
    if (!spec.gpuId.isEmpty())
        space.gpuIndex = static_cast<int>(catalogue.gpu(spec.gpuId) - catalogue.gpus.constData());
    space.gpus = given("gpus") ? s.parallel.gpus : 0;
    space.maxGpus = f.maxGpus;
    space.tensorParallel = !given("tp");
    space.pipelineParallel = !given("pp") && !given("vpp") && !given("pp-layers");
    space.contextParallel = !given("cp");
    space.expertParallel = !given("ep");
    space.strategy = !given("zero") && !given("offload");
    space.recompute = !given("recompute");
    space.globalBatch = f.globalBatch;
    constexpr int kMaxFront = 64;
    SearchedPlan front[kMaxFront];
    const PlanSearchResult searched = searchPlans(s, gpus, {}, space, target.run, f.budgetUsd, f.deadlineDays, front);
    const PlanQuestion question{ f.budgetUsd, f.deadlineDays };

    if (parser.isSet(QStringLiteral("json"))) {
        JsonWriter w;
        w.beginObject();
        w.key("schema").integer(1);
        w.key("parameter_count").integer(effectiveParameters(s.model));
        w.key("tokens").number(f.tokens);
        w.key("training_flops").number(trainingFlops(s, f.tokens));
        if (f.mfu > 0)
            w.key("mfu_override").number(f.mfu);
        if (f.networkBitsPerSecond > 0)
            w.key("network_gbps").number(f.networkBitsPerSecond / 1e9);
        if (f.globalBatch > 0) {
            w.key("global_batch").integer(f.globalBatch);
            // One sequence per replica at most: beyond it a GPU would idle.
            w.key("largest_data_parallel").integer(f.globalBatch);
            w.key("batch_tolerance").number(f.tolerance);
        }
        w.key("electricity_usd_per_kwh").number(f.electricityUsdPerKwh);
        w.key("years").number(f.years);
        w.key("gpus").beginArray();
        for (const GpuFit &g : results)
            writeGpuResult(w, g, rolloutServerGpus(s));
        w.endArray();
        if (withCheckpointing) {
            w.key("with_full_recompute").beginArray();
            for (const GpuFit &g : checkpointed)
                writeGpuResult(w, g, rolloutServerGpus(s));
            w.endArray();
        }
        if (detailed) {
            w.key("advice").beginArray();
            for (int i = 0; i < adviceCount; ++i)
                writeAdvice(w, advice[i]);
            w.endArray();
        }
        w.key("imports");
        writeFrameworkImports(w, frameworks);
        w.key("procurement").beginArray();
        for (int i = 0; i < optionCount; ++i)
            writeProcurementOption(w, options[i], catalogue.gpus.at(options[i].gpuIndex));
        w.endArray();
        w.key("plan_search");
        writePlanSearch(w, gpus, front, searched, question);
        w.endObject();
        writeOut(w.text());
        return 0;
    }

    QTextStream &o = out();
    o << headline(spec, catalogue) << Qt::endl;
    const ModelStates whole = modelStates(s);
    // Under adapters the whole model's states are the frozen base, the adapters and any trained
    // copies (the derivation's fixed cost), not P x the recipe's bytes.
    const Bytes wholeBytes = s.lora.mode != AdapterMode::None ? derive(s).wholeModelStates.bytes
                                                             : whole.parameters + whole.gradients + whole.masterWeights + whole.optimizerStates;
    const Breakdown one = estimate(s);
    o << Cli::tr("Whole model: %1 of model states; activations %2 per GPU at B=%3.")
                 .arg(gbText(wholeBytes),
                      gbText(one.activations), groupedDigits(s.training.microBatch))
      << Qt::endl;
    // A post-training run's other models, as the scenario places them.
    if (const QString shares = modelSharesText(one, DisplayUnit::Decimal); !shares.isEmpty())
        o << shares << Qt::endl;
    o
      << Cli::tr("Data parallelism and ZeRO divide model states over the GPUs, never activations; offload moves states to "
                 "host RAM. GPUs = fewest that fit; max B and max S at that count.")
      << Qt::endl << Qt::endl;

    const QString timeNote = f.mfu > 0
            ? Cli::tr("days and cost: %1 tokens; each step's compute at %2 % of the card's dense peak (--mfu), plus data-, "
                      "tensor- and pipeline-parallel communication, the pipeline bubble and offload (docs/procurement.md)")
                      .arg(groupedDigits(static_cast<Count>(f.tokens)))
                      .arg(f.mfu * 100, 0, 'g', 3)
            : Cli::tr("days and cost: %1 tokens; each step timed from its compute (matmuls at the card's measured matmul "
                      "efficiency, element-wise work at its memory bandwidth), data-, tensor- and pipeline-parallel "
                      "communication (90 % of the data-parallel traffic hidden behind compute), the pipeline bubble and "
                      "offload (docs/procurement.md)")
                      .arg(groupedDigits(static_cast<Count>(f.tokens)));
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
        o << Cli::tr("Time: %1.").arg(timeNote) << Qt::endl << Qt::endl;
        printPlanSearch(o, gpus, front, searched, question);
        if (parser.isSet(QStringLiteral("explain"))) {
            StepTimeOptions stepOptions;
            stepOptions.networkBitsPerSecond = f.networkBitsPerSecond;
            stepOptions.computeFractionOverride = f.mfu;
            for (int k = 0; k < kStrategyCount; ++k) {
                const StrategyFit &r = g.strategies[k];
                if (!r.time.known)
                    continue;
                Scenario at = withStrategy(onGpu(s, *g.gpu), kStrategies[k]);
                at.parallel.gpus = r.gpus;
                at.training.microBatch = r.microBatch;
                at.training.gradAccumSteps = r.gradAccum;
                o << Qt::endl
                  << Cli::tr("%1 on %2 GPUs (micro-batch %3, accumulation %4), one step:")
                             .arg(nameText(kStrategies[k].name), groupedDigits(r.gpus), groupedDigits(r.microBatch),
                                  groupedDigits(r.gradAccum))
                  << Qt::endl;
                printStepTimeTerms(o, explainStepTime(at, *g.gpu, stepOptions, r.time.step), r.time.step, QStringLiteral("  "));
            }
        }
        return 0;
    }

    // The whole catalogue: GPUs needed per strategy, and the scenario as given on one GPU.
    // A vLLM server's GPUs beside each count: "2+1".
    const Count rollout = rolloutServerGpus(s);
    auto gpusCell = [rollout](Count n) {
        return n > 0 && rollout > 0 ? QStringLiteral("%1+%2").arg(groupedDigits(n), groupedDigits(rollout)) : countOrDash(n);
    };
    auto printMatrix = [&o, &gpusCell](const std::vector<GpuFit> &rows) {
        o << padEnd(Cli::tr("GPU"), 13) << padStart(Cli::tr("memory"), 10);
        for (const Strategy &st : kStrategies)
            o << padStart(nameText(st.name), 14);
        o << padStart(Cli::tr("max B"), 8) << padStart(Cli::tr("max S"), 12) << padStart(Cli::tr("days*"), 9)
          << padStart(Cli::tr("cost*"), 11) << Qt::endl;
        for (const GpuFit &g : rows) {
            o << padEnd(g.gpu->id, 13) << padStart(gbText(g.gpu->capacity), 10);
            const StrategyFit *fewest = g.fewest();
            for (const StrategyFit &r : g.strategies)
                o << padStart(gpusCell(r.gpus), 14);
            o << padStart(countOrDash(g.maxBatch), 8) << padStart(countOrDash(g.maxSequence), 12)
              << padStart((fewest ? daysText(fewest->time) : QStringLiteral("-")), 9)
              << padStart((fewest ? costText(fewest->time) : QStringLiteral("-")), 11) << Qt::endl;
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
      << Qt::endl;
    if (rollout > 0)
        o << Cli::tr("N+%1: N training GPUs and the vLLM server's %1 of the same kind (--rollout-gpus), in days and cost too.")
                     .arg(groupedDigits(rollout))
          << Qt::endl;
    o << Qt::endl;

    printPlanSearch(o, gpus, front, searched, question);
    o << Qt::endl;
    if (optionCount == 0) {
        o << Cli::tr("No GPU kind fits this run under any strategy up to %1 GPUs%2.")
                     .arg(groupedDigits(f.maxGpus), withCheckpointing ? Cli::tr(" as given; see the checkpointed table") : QString())
          << Qt::endl;
        return 0;
    }
    auto optionLine = [&](const ProcurementOption &p) {
        const GpuSpec &gpu = catalogue.gpus.at(p.gpuIndex);
        if (!p.time.known)
            return Cli::tr("%1 x %2, %3: no time (no dense peak for this recipe)")
                    .arg(groupedDigits(p.gpus), gpu.id, nameText(kStrategies[p.strategyIndex].name));
        return Cli::tr("%1 x %2, %3: %4 days, %5 GPU-hours, rent %6, own %7, MFU %8 %, %9 (micro-batch %10, grad-accum %11, "
                       "global batch %12)")
                .arg(groupedDigits(p.gpus), gpu.id, nameText(kStrategies[p.strategyIndex].name), daysText(p.time),
                     QString::number(p.time.gpuHours, 'f', 0), costText(p.time), usd(p.time.ownCostUsd),
                     QString::number(100 * p.time.step.mfu, 'f', 1), dominantText(p.time.step))
                .arg(groupedDigits(p.microBatch), groupedDigits(p.gradAccum), groupedDigits(p.globalBatch));
    };
    o << Cli::tr("Cheapest to rent, GPU kind x count x strategy, for %1 tokens (ties by days):").arg(groupedDigits(static_cast<Count>(f.tokens)))
      << Qt::endl;
    for (int i = 0; i < optionCount && i < 5; ++i)
        o << QStringLiteral("  %1. ").arg(i + 1) << optionLine(options[i]) << Qt::endl;
    // By days: the same options, fastest first (a small selection, no allocation needed).
    o << Cli::tr("Fastest at the fewest GPUs that fit:") << Qt::endl;
    bool shown[kMaxOptions] = {};
    int fastest = -1;
    for (int rank = 0; rank < 5 && rank < optionCount; ++rank) {
        int best = -1;
        for (int i = 0; i < optionCount; ++i)
            if (!shown[i] && options[i].time.known
                && (best < 0 || options[i].time.days < options[best].time.days))
                best = i;
        if (best < 0)
            break;
        shown[best] = true;
        if (rank == 0)
            fastest = best;
        o << QStringLiteral("  %1. ").arg(rank + 1) << optionLine(options[best]) << Qt::endl;
    }
    // Why the ranking is what it is: the fastest option's price, and a card that rents for no
    // more per hour than the cheapest yet ranks below it because its links hold it back.
    const ProcurementOption &top = options[0];
    if (fastest > 0 && top.time.known) {
        const ProcurementOption &quick = options[fastest];
        o << Cli::tr("Not chosen: the fastest, %1 x %2 %3, finishes %4 days sooner but costs %5 more to rent.")
                     .arg(groupedDigits(quick.gpus), catalogue.gpus.at(quick.gpuIndex).id, nameText(kStrategies[quick.strategyIndex].name),
                          QString::number(top.time.days - quick.time.days, 'f', 1), usd(quick.time.costUsd - top.time.costUsd))
          << Qt::endl;
    }
    const double topRate = catalogue.gpus.at(top.gpuIndex).pricePerHourUsd;
    for (int i = 1; i < optionCount && top.time.known; ++i) {
        const ProcurementOption &p = options[i];
        const GpuSpec &gpu = catalogue.gpus.at(p.gpuIndex);
        const double rate = gpu.pricePerHourUsd;
        if (!p.time.known || p.gpuIndex == top.gpuIndex || rate > topRate || p.time.step.dominant() != StepTerm::Communication)
            continue;
        o << Cli::tr("Ranked lower: %1 rents for no more per GPU-hour than %2 (%3 vs %4) but communication takes %5 % of its "
                     "step (data-parallel at %6 GB/s per GPU%7), so it needs %8 GPU-hours instead of %9.")
                     .arg(gpu.id, catalogue.gpus.at(top.gpuIndex).id, usd(rate), usd(topRate))
                     .arg(qRound(100 * p.time.step.share(StepTerm::Communication)))
                     .arg(p.time.step.dataParallelBandwidth / 1e9, 0, 'f', 0)
                     .arg(gpu.nvlinkGpus > 0 && p.gpus <= gpu.nvlinkGpus ? Cli::tr(", NVLink")
                          : p.time.step.dataParallelCrossesNodes          ? Cli::tr(", across nodes")
                                                                          : Cli::tr(", PCIe"))
                     .arg(QString::number(p.time.gpuHours, 'f', 0), QString::number(top.time.gpuHours, 'f', 0))
          << Qt::endl;
        break;
    }
    return 0;
}

} // namespace headroom::cli
