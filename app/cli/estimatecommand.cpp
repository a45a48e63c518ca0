#include "estimatecommand.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <headroom/estimate.h>

#include "clitext.h"
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
        { QStringLiteral("activations"), jsonBytes(b.activations) },
        { QStringLiteral("overhead"), jsonBytes(b.overhead) },
        { QStringLiteral("total"), jsonBytes(b.total()) },
    };
}

QString modelLine(const ScenarioSpec &spec, const Catalogue &catalogue, const Breakdown &b)
{
    const Scenario &s = spec.scenario;
    const ModelPreset *preset = catalogue.preset(spec.presetId);
    const QString name = preset ? preset->name : Cli::tr("custom model");
    return Cli::tr("%1: %2 parameters, L=%3, H=%4, A=%5; B=%6, S=%7; %8, %9, recompute %10; %11 activations")
            .arg(name, groupedDigits(b.parameterCount), groupedDigits(s.model.layers), groupedDigits(s.model.hidden),
                 groupedDigits(s.model.heads), groupedDigits(s.training.microBatch), groupedDigits(s.training.sequence),
                 nameText(recipeName(s.training.precision.recipe)),
                 nameText(optimizerName(s.training.precision.optimizer)))
            .arg(nameText(recomputeName(s.training.recompute)),
                 nameText(activationModelName(s.activations.model)));
}

QString perParamText(BytesPer b)
{
    return QString::number(b.value(), 'g', 4);
}

void printTable(const ScenarioSpec &spec, const Catalogue &catalogue, const Breakdown &b)
{
    const Scenario &s = spec.scenario;
    const PerParamBytes ppb = perParamBytes(s.training.precision);
    QTextStream &o = out();
    o << modelLine(spec, catalogue, b) << Qt::endl;
    // Scale-out: where the states sit (placement.h); the single-GPU wording stays as it was.
    const bool placed = !isSingleGpuFullFineTune(s);
    const Placement placement = placeModelStates(s);
    if (placed)
        o << Cli::tr("Strategy: %1").arg(strategyText(s)) << Qt::endl;
    o << Qt::endl;
    struct Row { QString label; Bytes value; QString how; };
    const QString P = Cli::tr("P");
    QList<Row> rows = {
        { Cli::tr("Parameters"), b.parameters, Cli::tr("%1 x %2 B").arg(P, perParamText(ppb.weights)) },
        { Cli::tr("Gradients"), b.gradients, Cli::tr("%1 x %2 B").arg(P, perParamText(ppb.gradients)) },
        { Cli::tr("Master weights"), b.masterWeights, Cli::tr("%1 x %2 B").arg(P, perParamText(ppb.master)) },
        { Cli::tr("Optimizer states"), b.optimizerStates,
          ppb.optimizerFactored ? Cli::tr("factored: (rows + columns) x %1 B").arg(perParamText(ppb.optimizer))
                                : Cli::tr("%1 x %2 B").arg(P, perParamText(ppb.optimizer)) },
        { Cli::tr("Activations"), b.activations, Cli::tr("%1 model").arg(nameText(activationModelName(s.activations.model))) },
        { Cli::tr("Runtime overhead"), b.overhead, Cli::tr("CUDA context %1 + allocator reserve %2")
                                                           .arg(gibText(s.overhead.cudaContext), gibText(s.overhead.allocatorReserve)) },
    };
    if (placed) {
        rows[0].how = placementHow(s, placement, StateBucket::Parameters);
        rows[1].how = placementHow(s, placement, StateBucket::Gradients);
        rows[2].how = placementHow(s, placement, StateBucket::MasterWeights);
        rows[3].how = placementHow(s, placement, StateBucket::OptimizerStates);
    }
    const QString header = Cli::tr("Bucket");
    o << header.leftJustified(18) << Cli::tr("bytes").rightJustified(22) << Cli::tr("GB").rightJustified(12)
      << Cli::tr("GiB").rightJustified(12) << QStringLiteral("   ") << Cli::tr("how") << Qt::endl;
    auto line = [&o](const QString &label, Bytes v, const QString &how) {
        o << label.leftJustified(18) << groupedDigits(countOf(v)).rightJustified(22)
          << QString::number(toGB(v), 'f', 2).rightJustified(12) << QString::number(toGiB(v), 'f', 2).rightJustified(12)
          << QStringLiteral("   ") << how << Qt::endl;
    };
    for (const Row &r : rows)
        line(r.label, r.value, r.how);
    line(Cli::tr("Total"), b.total(), placed ? Cli::tr("per GPU: model states + activations + overhead")
                                             : Cli::tr("%1 B/param fixed + activations + overhead").arg(ppb.total(), 0, 'g', 4));
    o << Qt::endl;
    if (placed)
        o << hostText(placement) << Qt::endl << Qt::endl;

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

} // namespace

int runEstimateCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(Cli::tr("Estimate one training run's GPU memory, bucket by bucket."));
    parser.addHelpOption();
    addScenarioOptions(parser);
    parser.addOption({ QStringLiteral("json"), Cli::tr("Print JSON: every figure in integer bytes.") });
    if (!parser.parse(arguments)) {
        err() << Cli::tr("error: ") << parser.errorText() << Qt::endl;
        return kBadInput;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out() << parser.helpText();
        return 0;
    }
    if (!parser.positionalArguments().isEmpty()) {
        err() << Cli::tr("error: unexpected argument \"%1\"").arg(parser.positionalArguments().constFirst()) << Qt::endl;
        return kBadInput;
    }
    Catalogue catalogue;
    if (!loadCatalogueOrComplain(catalogue))
        return kBadInput;
    ScenarioSpec spec;
    if (!scenarioFromOptions(parser, catalogue, spec))
        return kBadInput;

    const Breakdown b = estimate(spec.scenario);
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
    printTable(spec, catalogue, b);
    return 0;
}

} // namespace headroom::cli
