#include "estimatecommand.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <headroom/io/hfconfig.h>
#include <headroom/io/hfconfigtext.h>
#include <headroom/memory/derivation.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/steptimeline.h>

#include "clitext.h"
#include "derivationtext.h"
#include "placementtext.h"
#include "scenariooptions.h"

namespace headroom::cli {

namespace {

// Integer bytes while they fit JSON's exact integer range; beyond it a double (such sizes
// only come from deliberately absurd inputs).
QJsonValue jsonBytes(Bytes b)
{
    const Count v = countOf(b);
    if (v <= (Count(1) << 53) && v >= -(Count(1) << 53))
        return QJsonValue(static_cast<qint64>(v));
    return QJsonValue(static_cast<double>(v));
}

QJsonObject perGpuJson(const Breakdown &b)
{
    return QJsonObject{
        { QStringLiteral("parameters"), jsonBytes(b.parameters) },
        { QStringLiteral("gradients"), jsonBytes(b.gradients) },
        { QStringLiteral("master_weights"), jsonBytes(b.masterWeights) },
        { QStringLiteral("optimizer_states"), jsonBytes(b.optimizerStates) },
        // The four model-state buckets together: the figure of Rajbhandari et al. 2020, Figure 1.
        { QStringLiteral("model_states"), jsonBytes(b.modelStates()) },
        { QStringLiteral("activations"), jsonBytes(b.activations) },
        { QStringLiteral("overhead"), jsonBytes(b.overhead) },
        { QStringLiteral("total"), jsonBytes(b.total()) },
    };
}

QString modelLine(const ScenarioSpec &spec, const Catalogue &catalogue, const Breakdown &b)
{
    const Scenario &s = spec.scenario;
    const QString name = modelDisplayName(spec, catalogue);
    return Cli::tr("%1: %2 parameters, L=%3, H=%4, A=%5; B=%6, S=%7; %8, %9, recompute %10; %11 activations")
            .arg(name, groupedDigits(b.parameterCount), groupedDigits(s.model.layers), groupedDigits(s.model.hidden),
                 groupedDigits(s.model.heads), groupedDigits(s.training.microBatch), groupedDigits(s.training.sequence),
                 nameText(recipeName(s.training.precision.recipe)),
                 nameText(optimizerName(s.training.precision.optimizer)))
            .arg(nameText(recomputeName(s.training.recompute)),
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

QJsonArray itemsJson(const std::vector<ActivationItem> &items)
{
    QJsonArray a;
    for (const ActivationItem &i : items) {
        a.append(QJsonObject{
                { QStringLiteral("name"), QString::fromUtf8(i.name.data(), qsizetype(i.name.size())) },
                { QStringLiteral("shape"), QString::fromUtf8(i.shape.data(), qsizetype(i.shape.size())) },
                { QStringLiteral("dtype"), nameText(dtypeName(i.dtype)) },
                { QStringLiteral("count"), jsonBytes(bytes(i.elements)) },
                { QStringLiteral("bytes"), jsonBytes(i.bytes) },
                { QStringLiteral("scope"), i.scope == ItemScope::Layer ? QStringLiteral("layer") : QStringLiteral("outside") },
                { QStringLiteral("region"), nameText(i.region) },
                { QStringLiteral("recomputed"), i.recomputed },
                { QStringLiteral("weight_copy"), i.weightCopy },
        });
    }
    return a;
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
        o << QStringLiteral("  ") << region.leftJustified(11) << name.leftJustified(37) << shape.leftJustified(16)
          << dtype.leftJustified(6) << count.rightJustified(16) << bytesText.rightJustified(18) << gb.rightJustified(10)
          << gib.rightJustified(10) << QStringLiteral("  ") << note << Qt::endl;
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
    if (s.activations.model == ActivationModelKind::Transformer)
        o << transformerLine(s) << Qt::endl;
    // Scale-out: where the states sit (placement.h); the single-GPU wording stays as it was.
    const bool placed = !isSingleGpuFullFineTune(s);
    if (placed)
        o << Cli::tr("Strategy: %1").arg(strategyText(s)) << Qt::endl;
    o << Qt::endl;
    const QString header = Cli::tr("Bucket");
    o << header.leftJustified(18) << Cli::tr("bytes").rightJustified(22) << Cli::tr("GB").rightJustified(12)
      << Cli::tr("GiB").rightJustified(12) << QStringLiteral("   ") << Cli::tr("how (--explain for every term)") << Qt::endl;
    auto line = [&o](const QString &label, Bytes v, const QString &how) {
        o << label.leftJustified(18) << groupedDigits(countOf(v)).rightJustified(22)
          << QString::number(toGB(v), 'f', 2).rightJustified(12) << QString::number(toGiB(v), 'f', 2).rightJustified(12)
          << QStringLiteral("   ") << how << Qt::endl;
    };
    // Every row is the core's derivation: its bytes and its formula.
    for (const BucketDerivation *k : d.buckets())
        if (k != &d.peak)
            line(derivationWord(k->label), k->bytes, howText(*k));
    line(Cli::tr("Sum of buckets"), d.sumOfBuckets, Cli::tr("not all live at once; the peak is what must fit"));
    line(Cli::tr("Peak"), d.peak.bytes, peakHow(s, b) + QStringLiteral(": ") + howText(d.peak));
    o << Qt::endl;
    if (placed)
        o << hostText(d) << Qt::endl << Qt::endl;

    if (s.gpu.capacity > bytes(0)) {
        const GpuSpec *gpu = catalogue.gpu(spec.gpuId);
        const QString gpuName = gpu ? gpu->name : spec.gpuId;
        if (fits(s, b))
            o << Cli::tr("Verdict: fits on one %1 (%2 = %3): %4 to spare.")
                            .arg(gpuName, gbText(s.gpu.capacity), gibText(s.gpu.capacity), gibText(s.gpu.capacity - b.peak))
              << Qt::endl;
        else
            o << Cli::tr("Verdict: does not fit on one %1 (%2 = %3): short by %4.")
                            .arg(gpuName, gbText(s.gpu.capacity), gibText(s.gpu.capacity), gibText(b.peak - s.gpu.capacity))
              << Qt::endl;
    } else {
        o << Cli::tr("No GPU chosen: give --gpu (see `headroom-cli gpus`) for a verdict.") << Qt::endl;
    }
    if (b.warnings.size() > 0) {
        o << Qt::endl << Cli::tr("Notes:") << Qt::endl;
        for (Warning w : b.warnings)
            o << QStringLiteral("  - ") << warningText(w) << Qt::endl;
    }
}

QJsonArray stringArray(const QStringList &list)
{
    QJsonArray a;
    for (const QString &s : list)
        a.append(s);
    return a;
}

// The model as counted: from the architecture (total and, with experts, active), and from the
// checkpoint's headers when a folder was imported.
QJsonObject modelJson(const ScenarioSpec &spec, const Catalogue &catalogue, const HfModel &imported)
{
    const ModelSpec &m = spec.scenario.model;
    const ParameterCounts counts = parameterCounts(m);
    const ModelPreset *preset = catalogue.preset(spec.presetId);
    const Count architecture = counts.total(m.layers);
    QJsonObject o{
        { QStringLiteral("family"), nameText(familyName(m.family)) },
        { QStringLiteral("model_type"), !imported.modelType.isEmpty() ? imported.modelType : preset ? preset->modelType : QString() },
        { QStringLiteral("name"), preset ? preset->name : spec.modelName },
        { QStringLiteral("parameters"), jsonBytes(bytes(effectiveParameters(m))) },
        { QStringLiteral("parameters_active"), jsonBytes(bytes(m.paramsOverride > 0 && !m.moe.enabled() ? m.paramsOverride
                                                                                                       : counts.active(m.layers))) },
        { QStringLiteral("parameters_from_architecture"), jsonBytes(bytes(architecture)) },
        { QStringLiteral("parameters_from_checkpoint"),
          imported.checkpoint.found ? jsonBytes(bytes(imported.checkpoint.parameters)) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("checkpoint_dtype"), imported.checkpoint.found ? QJsonValue(imported.checkpoint.dtype) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("ignored_fields"), stringArray(imported.ignored) },
        { QStringLiteral("metadata_fields"), stringArray(imported.metadata) },
        { QStringLiteral("warnings"), stringArray(imported.warnings) },
        { QStringLiteral("unrecognized_fields"), stringArray(imported.unrecognized) },
    };
    if (imported.checkpoint.found) {
        o.insert(QStringLiteral("checkpoint_buffers"), jsonBytes(bytes(imported.checkpoint.buffers)));
        o.insert(QStringLiteral("checkpoint_files"), stringArray(imported.checkpoint.files));
    }
    if (preset && preset->publishedParams > 0)
        o.insert(QStringLiteral("parameters_published"), jsonBytes(bytes(preset->publishedParams)));
    return o;
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

} // namespace

int runEstimateCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Cli::tr("Estimate one training run's GPU memory, bucket by bucket."));
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOption({ QStringLiteral("json"), Cli::tr("Print JSON: every figure in integer bytes.") });
    parser.addOption({ QStringLiteral("explain"),
                       Cli::tr("Also print how every figure comes about: each bucket's formula, the numbers plugged in, "
                               "its terms and sources, the peak and the symbols.") });
    parser.addOption({ QStringLiteral("itemize"),
                       Cli::tr("Also list every tensor one layer saves for backward, and those outside the layers.") });
    if (const ParseOutcome outcome = parseCommand(parser, normaliseSwitches(arguments), "estimate"); outcome != ParseOutcome::Run)
        return exitCodeOf(outcome);
    Catalogue catalogue;
    if (!loadCatalogueOrComplain(catalogue))
        return kBadInput;
    ScenarioSpec spec = realisticDefaults();
    HfModel imported;
    if (!scenarioFromOptions(parser, catalogue, spec, &imported))
        return kBadInput;

    const Breakdown b = estimate(spec.scenario);
    const Derivation d = derive(spec.scenario);
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray warnings;
        for (Warning w : b.warnings)
            warnings.append(nameText(warningName(w)));
        QJsonObject root{
            { QStringLiteral("schema"), 1 },
            { QStringLiteral("per_gpu"), perGpuJson(b) },
            { QStringLiteral("parameter_count"), jsonBytes(bytes(b.parameterCount)) },
            { QStringLiteral("warnings"), warnings },
            { QStringLiteral("strategy"), strategyJson(spec.scenario, placeModelStates(spec.scenario)) },
            { QStringLiteral("host"), hostJson(placeModelStates(spec.scenario)) },
        };
        std::vector<ActivationItem> items;
        activationModel(spec.scenario.activations.model).itemize(spec.scenario, items);
        root.insert(QStringLiteral("activation_items"), itemsJson(items));
        root.insert(QStringLiteral("peak"), QJsonObject{
                { QStringLiteral("bytes"), jsonBytes(b.peak) },
                { QStringLiteral("phase"), nameText(stepPhaseName(b.peakPhase)) },
                { QStringLiteral("event"), nameText(timelineEventName(b.peakEvent)) },
        });
        root.insert(QStringLiteral("derivation"), derivationJson(d));
        root.insert(QStringLiteral("activations_split"), activationsSplitJson(d.activationsSplit));
        root.insert(QStringLiteral("symbols"), symbolsJson(d));
        root.insert(QStringLiteral("whole_model_states"), bucketJson(d.wholeModelStates));
        root.insert(QStringLiteral("model"), modelJson(spec, catalogue, imported));
        if (spec.scenario.gpu.capacity > bytes(0)) {
            root.insert(QStringLiteral("gpu"), QJsonObject{
                    { QStringLiteral("id"), spec.gpuId },
                    { QStringLiteral("capacity"), jsonBytes(spec.scenario.gpu.capacity) },
                    { QStringLiteral("fits"), fits(spec.scenario, b) },
            });
        }
        out() << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return 0;
    }
    printTable(spec, catalogue, b, d);
    printImport(imported);
    if (parser.isSet(QStringLiteral("explain"))) {
        out() << Qt::endl;
        printExplanation(out(), d);
    }
    if (parser.isSet(QStringLiteral("itemize")))
        printItems(spec.scenario, b);
    return 0;
}

} // namespace headroom::cli
