#include "estimatecommand.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <headroom/io/textwidth.h>
#include <headroom/io/hfconfig.h>
#include <headroom/io/hfconfigtext.h>
#include <headroom/memory/derivation.h>
#include <headroom/memory/estimate.h>
#include <headroom/planning/steptime.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/steptimeline.h>
#include <headroom/memory/teachingpath.h>

#include "cliio.h"
#include "steptimetext.h"
#include "posttrainingtext.h"
#include "hybridtext.h"
#include "visiontext.h"
#include "wording.h"
#include "derivationtext.h"
#include "teachingtext.h"
#include "estimatejson.h"
#include "exampleoption.h"
#include "importjson.h"
#include "measuredoption.h"
#include "measuredtext.h"
#include "placementtext.h"
#include "scenariooptions.h"

namespace headroom::cli {

namespace {

QString modelLine(const ScenarioSpec &spec, const Catalogue &catalogue, const Breakdown &b)
{
    const Scenario &s = spec.scenario;
    const QString name = modelDisplayName(spec, catalogue);
    return Cli::tr("%1: %2 parameters, L=%3, H=%4, A=%5; B=%6, S=%7; %8, %9, recompute %10; %11 activations")
            .arg(name, groupedDigits(b.parameterCount), groupedDigits(s.model.layers), groupedDigits(s.model.hidden),
                 groupedDigits(s.model.heads), groupedDigits(s.training.microBatch), sequenceText(s.training),
                 recipeText(s.training.precision),
                 nameText(optimizerName(s.training.precision.optimizer)))
            .arg(recomputeText(s.training),
                 nameText(activationModelName(s.activations.model)));
}

QString transformerLine(const Scenario &s)
{
    return Cli::tr("Activations itemized per saved tensor: %1 block, %2 profile, %3 attention, dropout %4")
            .arg(nameText(familyName(s.model.family)), nameText(profileName(s.activations.profile)),
                 nameText(attentionKernelName(s.activations.attention)))
            .arg(s.activations.dropout);
}

// The step's highest point in words (steptimeline.h).
QString peakHow(const Scenario &s, const Breakdown &b)
{
    return Cli::tr("highest point of the step (%1, at %2); gradients %3")
            .arg(nameText(stepPhaseName(b.peakPhase)), nameText(timelineEventName(b.peakEvent)),
                 gradientLifetime(s) == GradientLifetime::KeptBetweenSteps ? Cli::tr("kept for the whole step")
                                                                          : Cli::tr("allocated during backward"));
}

// --itemize: one layer's saved tensors and those outside the layers, with their sums.
void printItems(const Scenario &s, const Breakdown &b)
{
    std::vector<ActivationItem> items;
    activationModel(s.activations.model).itemize(s, items);
    QTextStream &o = out();
    auto cells = [&o](const QString &region, const QString &name, const QString &shape, const QString &dtype,
                      const QString &count, const QString &bytesText, const QString &gb, const QString &gib,
                      const QString &note) {
        o << QStringLiteral("  ") << padEnd(region, 11) << padEnd(name, 37) << padEnd(shape, 16)
          << padEnd(dtype, 6) << padStart(count, 16) << padStart(bytesText, 18) << padStart(gb, 10)
          << padStart(gib, 10) << QStringLiteral("  ") << note << Qt::endl;
    };
    auto row = [&cells](const QString &region, const QString &name, const QString &shape, const QString &dtype,
                        const QString &count, Bytes v, const QString &note) {
        cells(region, name, shape, dtype, count, groupedDigits(countOf(v)), QString::number(toGB(v), 'f', 3),
              QString::number(toGiB(v), 'f', 3), note);
    };
    auto utf8 = [](std::string_view v) { return QString::fromUtf8(v.data(), qsizetype(v.size())); };
    for (ItemScope scope : { ItemScope::Layer, ItemScope::Outside }) {
        o << Qt::endl
          << (scope == ItemScope::Layer ? Cli::tr("Saved for backward by one layer (B=%1, S=%2):")
                                                  .arg(groupedDigits(s.training.microBatch), groupedDigits(s.training.sequence))
                                        : Cli::tr("Saved outside the layers (embedding, final norm, LM head, logits and loss):"))
          << Qt::endl;
        cells(Cli::tr("region"), Cli::tr("tensor"), Cli::tr("shape"), Cli::tr("dtype"), Cli::tr("count"),
              Cli::tr("bytes"), Cli::tr("GB"), Cli::tr("GiB"), QString());
        Bytes kept = bytes(0), rebuilt = bytes(0);
        for (const ActivationItem &i : items) {
            if (i.scope != scope)
                continue;
            QString note;
            if (i.recomputed)
                note = Cli::tr("recomputed in backward");
            else if (i.weightCopy)
                note = Cli::tr("autocast weight copy");
            row(utf8(i.region), utf8(i.name), utf8(i.shape), nameText(dtypeName(i.dtype)), groupedDigits(i.elements),
                i.bytes, note);
            (i.recomputed ? rebuilt : kept) += i.bytes;
        }
        if (scope == ItemScope::Layer) {
            row(QString(), Cli::tr("kept per layer"), QString(), QString(), QString(), kept, QString());
            if (rebuilt > bytes(0))
                row(QString(), Cli::tr("rebuilt for one layer in backward"), QString(), QString(), QString(), rebuilt, QString());
            row(QString(), Cli::tr("all layers held"), QString(), QString(), QString(), b.activationDetail.layers,
                Cli::tr("kept per layer x layers on this GPU"));
        } else {
            row(QString(), Cli::tr("outside total"), QString(), QString(), QString(), kept, QString());
        }
    }
    const ActivationEstimate &a = b.activationDetail;
    if (a.backwardTransient > bytes(0) || a.lossForwardTransient > bytes(0)) {
        o << Qt::endl << Cli::tr("Short-lived buffers (counted in the peak, not in the activations):") << Qt::endl;
        row(QString(), Cli::tr("logits in the loss's forward"), QString(), QString(), QString(), a.lossForwardTransient, QString());
        row(QString(), Cli::tr("loss gradients in backward"), QString(), QString(), QString(), a.backwardTransient, QString());
        row(QString(), Cli::tr("one layer's forward scratch"), QString(), QString(), QString(), a.layerForwardTransient, QString());
        row(QString(), Cli::tr("one layer's backward scratch"), QString(), QString(), QString(), a.layerBackwardTransient, QString());
    }
}

void printTable(const ScenarioSpec &spec, const Catalogue &catalogue, const Breakdown &b, const Derivation &d)
{
    const Scenario &s = spec.scenario;
    QTextStream &o = out();
    o << modelLine(spec, catalogue, b) << Qt::endl;
    if (const QString method = postTrainingText(spec.scenario); !method.isEmpty())
        o << method << Qt::endl;
    if (const QString shares = modelSharesText(b, DisplayUnit::Decimal); !shares.isEmpty())
        o << shares << Qt::endl;
    if (const QString mixers = mixerLayersText(s.model); !mixers.isEmpty())
        o << mixers << Qt::endl;
    if (const QString vision = visionTowerText(s, b, DisplayUnit::Decimal); !vision.isEmpty())
        o << vision << Qt::endl;
    if (s.activations.model == ActivationModelKind::Transformer)
        o << transformerLine(s) << Qt::endl;
    // Scale-out: where the states sit (placement.h); the single-GPU wording stays as it was.
    const bool placed = !isSingleGpuFullFineTune(s);
    if (placed)
        o << Cli::tr("Strategy: %1").arg(strategyText(s)) << Qt::endl;
    if (const QString pipeline = pipelineText(s, b); !pipeline.isEmpty())
        o << pipeline << Qt::endl;
    o << Qt::endl;
    const QString header = Cli::tr("Bucket");
    o << padEnd(header, 18) << padStart(Cli::tr("bytes"), 22) << padStart(Cli::tr("GB"), 12)
      << padStart(Cli::tr("GiB"), 12) << QStringLiteral("   ") << Cli::tr("how (--explain for every term)") << Qt::endl;
    auto line = [&o](const QString &label, Bytes v, const QString &how) {
        o << padEnd(label, 18) << padStart(groupedDigits(countOf(v)), 22)
          << padStart(QString::number(toGB(v), 'f', 2), 12) << padStart(QString::number(toGiB(v), 'f', 2), 12)
          << QStringLiteral("   ") << how << Qt::endl;
    };
    // Every row is the core's derivation: its bytes and its formula.
    for (const BucketDerivation *k : d.buckets())
        if (k != &d.peak)
            line(derivationWord(k->label), k->bytes, howText(*k));
    line(Cli::tr("Sum of buckets"), d.sumOfBuckets, Cli::tr("not all live at once; the peak is what must fit"));
    // What the peak holds beside the buckets: the stack's temporaries (the loss's logits, the
    // optimizer's foreach buffers, a layer's scratch), named so that peak and sum can be told apart.
    line(Cli::tr("Short-lived"), shortLivedBytes(d), shortLivedHow(d, s.activations.model == ActivationModelKind::Textbook));
    line(Cli::tr("Peak"), d.peak.bytes, peakHow(s, b) + QStringLiteral(": ") + howText(d.peak));
    // The peak's three figures (reservedmemory.h), each named by the tool that reports it.
    const MemoryFigures &f = d.figures;
    line(QStringLiteral("  ") + Cli::tr("allocated"), f.allocated, Cli::tr("torch.cuda.max_memory_allocated(): the tensors live at the peak"));
    line(QStringLiteral("  ") + Cli::tr("reserved"), f.reserved,
         f.cacheModelled ? Cli::tr("torch.cuda.max_memory_reserved(): + %1 the caching allocator holds beyond them (emulated, %2 segments)")
                                   .arg(gibText(f.cache), groupedDigits(f.emulation.segments))
         : s.overhead.reserveModelled() ? Cli::tr("torch.cuda.max_memory_reserved(): no tensor list to emulate the allocator on (textbook model)")
                                        : Cli::tr("torch.cuda.max_memory_reserved(): + %1 allocator reserve, as given").arg(gibText(f.cache)));
    line(QStringLiteral("  ") + Cli::tr("on the device"), f.device, Cli::tr("nvidia-smi: + %1 CUDA context").arg(gibText(f.context)));
    if (f.emulation.emulated)
        line(QStringLiteral("  ") + Cli::tr("loading"), f.emulation.loadingReserved,
             Cli::tr("reserved once the weights are loaded (%1), before the first step").arg(loadPathText(s.overhead.loadPath)));
    o << Qt::endl;
    if (placed)
        o << hostText(d, s.parallel.offload) << Qt::endl << Qt::endl;

    if (s.gpu.capacity > bytes(0)) {
        const GpuSpec *gpu = catalogue.gpu(spec.gpuId);
        const QString gpuName = gpu ? gpu->name : spec.gpuId;
        // The verdict holds the compared figure against the card, and says which it is.
        if (d.fits)
            o << Cli::tr("Verdict (%1): fits on one %2 (%3 = %4): %5 to spare.")
                            .arg(peakFigureText(d.compared), gpuName, gbText(s.gpu.capacity), gibText(s.gpu.capacity), gibText(d.margin))
              << Qt::endl;
        else
            o << Cli::tr("Verdict (%1): does not fit on one %2 (%3 = %4): short by %5.")
                            .arg(peakFigureText(d.compared), gpuName, gbText(s.gpu.capacity), gibText(s.gpu.capacity),
                                 gibText(bytes(0) - d.margin))
              << Qt::endl;
    } else {
        o << Cli::tr("No GPU chosen: give --gpu (see `headroom-cli gpus`) for a verdict.") << Qt::endl;
    }
    if (b.warnings.size() > 0) {
        o << Qt::endl << Cli::tr("Notes:") << Qt::endl;
        for (Warning w : b.warnings)
            o << QStringLiteral("  - ") << warningText(w, s) << Qt::endl;
    }
}

// What an imported config said beyond the architecture: nothing is dropped silently.
void printImport(const HfModel &h)
{
    if (h.modelType.isEmpty())
        return;
    QTextStream &o = out();
    const QStringList report = hfImportReport(h);
    o << Qt::endl << Cli::tr("Imported %1").arg(report.constFirst()) << Qt::endl;
    for (qsizetype i = 1; i < report.size(); ++i)
        o << QStringLiteral("  ") << report.at(i) << Qt::endl;
}

// `--explain` takes an optional value: "--explain article" and "--explain=full" name it, a bare
// "--explain" (followed by another option or nothing) is "full", as it was before the value.
QStringList explainWithValue(QStringList arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments.at(i) == QLatin1String("--"))
            break;
        if (arguments.at(i) != QLatin1String("--explain"))
            continue;
        const bool given = i + 1 < arguments.size() && !arguments.at(i + 1).startsWith(QLatin1Char('-'));
        arguments[i] = QStringLiteral("--explain=") + (given ? arguments.at(i + 1) : QStringLiteral("full"));
        if (given)
            arguments.removeAt(i + 1);
    }
    return arguments;
}

} // namespace

int runEstimateCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Cli::tr("Estimate one training run's GPU memory, bucket by bucket."));
    parser.addHelpOption();
    addScenarioOptions(parser, helpRequested(arguments) ? OptionText::Described : OptionText::NamesOnly);
    parser.addOption({ QStringLiteral("json"), Cli::tr("Print JSON: every figure in integer bytes.") });
    parser.addOption({ QStringLiteral("explain"),
                       Cli::tr("Also print how every figure comes about: \"article\", the article's four steps with this run's "
                               "numbers and what the training stack adds; \"full\" (the default), then each bucket's formula, "
                               "the numbers plugged in, its terms and sources, the peak and the symbols."),
                       QStringLiteral("article|full") });
    parser.addOption({ QStringLiteral("itemize"),
                       Cli::tr("Also list every tensor one layer saves for backward, and those outside the layers.") });
    parser.addOption({ QStringLiteral("measured"),
                       Cli::tr("A check script's JSON (headroom-cli check-script): what was measured, beside the "
                               "estimate. Without --scenario it estimates the scenario that ran; options refine it."),
                       Cli::tr("file") });
    parser.addOption({ QStringLiteral("example"),
                       Cli::tr("An example shipped with Headroom (the article's table, common runs), read as --scenario "
                               "reads a file; options override it. --example list names them."),
                       Cli::tr("name") });
    if (const ParseOutcome outcome = parseCommand(
                parser, explainWithValue(normaliseSwitches(arguments, { QStringLiteral("measured"), QStringLiteral("example") })),
                "estimate");
        outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);
    const QString explain = parser.isSet(QStringLiteral("explain")) ? parser.value(QStringLiteral("explain")) : QString();
    if (!explain.isEmpty() && explain != QLatin1String("article") && explain != QLatin1String("full")) {
        err() << Cli::tr("error: --explain takes \"article\" or \"full\", not \"%1\"").arg(explain) << Qt::endl;
        return kBadInput;
    }
    const bool withExample = parser.isSet(QStringLiteral("example"));
    if (withExample && asksForExampleList(parser.value(QStringLiteral("example")))) {
        printExampleList();
        return 0;
    }
    if (withExample && parser.isSet(QStringLiteral("scenario"))) {
        err() << Cli::tr("error: --example and --scenario both give the scenario; give one") << Qt::endl;
        return kBadInput;
    }
    Catalogue catalogue;
    // One GPU at most is named: gpus.json is read when it is.
    if (!loadCatalogueOrComplain(catalogue, PresetConfigs::OnDemand, GpuList::OnFirstUse))
        return kBadInput;
    ScenarioSpec spec = realisticDefaults();
    MeasuredRun measured;
    const bool withMeasured = parser.isSet(QStringLiteral("measured"));
    if (withMeasured) {
        if (!readMeasuredOrComplain(parser.value(QStringLiteral("measured")), catalogue, measured))
            return kBadInput;
        // The loop back from the measurement: the scenario that ran, unless a file is given.
        if (!parser.isSet(QStringLiteral("scenario")) && !withExample)
            spec = measured.scenario;
    }
    // An example is a scenario file from the data folder: the options below refine it.
    if (withExample && !readExampleOrComplain(parser.value(QStringLiteral("example")), catalogue, spec))
        return kBadInput;
    HfModel imported;
    QList<FrameworkImport> frameworks;
    if (!scenarioFromOptions(parser, catalogue, spec, &imported, &frameworks))
        return kBadInput;
    addCustomGpu(catalogue, spec);

    const Breakdown b = estimate(spec.scenario);
    const Derivation d = derive(spec.scenario);
    MeasuredComparison comparison;
    bool sameScenario = true;
    if (withMeasured) {
        comparison = compareMeasured(spec.scenario, b, measured.figures);
        sameScenario = scenarioToJson(spec) == scenarioToJson(measured.scenario);
    }
    if (parser.isSet(QStringLiteral("json"))) {
        JsonWriter w;
        w.beginObject();
        writeEstimateMembers(w, spec, catalogue, imported, b, d);
        // With a GPU: one optimizer step of the run as given, term by term (steptime.h), the
        // time `fit` prices; a card without a dense peak for the recipe has none.
        if (const GpuSpec *gpu = catalogue.gpu(spec.gpuId)) {
            const StepTime st = stepTime(spec.scenario, *gpu, StepTimeOptions{});
            w.key("step_time");
            if (st.known)
                writeStepTime(w, st);
            else
                w.null();
        }
        w.key("imports");
        writeFrameworkImports(w, frameworks);
        if (withMeasured) {
            w.key("measured");
            writeMeasured(w, measured, comparison, sameScenario);
        }
        w.endObject();
        writeOut(w.text());
        return 0;
    }
    printTable(spec, catalogue, b, d);
    printImport(imported);
    if (!explain.isEmpty()) {
        // The article's four steps and what the stack adds first; the full derivation after.
        out() << Qt::endl;
        printTeachingPath(out(), teachingPath(spec.scenario, d));
        if (explain == QLatin1String("full")) {
            out() << Qt::endl;
            printExplanation(out(), d);
        }
    }
    if (withMeasured)
        printMeasured(out(), measured, comparison, sameScenario);
    if (parser.isSet(QStringLiteral("itemize")))
        printItems(spec.scenario, b);
    return 0;
}

} // namespace headroom::cli
