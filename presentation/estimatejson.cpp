#include "estimatejson.h"

#include <QJsonArray>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/steptimeline.h>

#include "wording.h"
#include "derivationtext.h"
#include "placementtext.h"

namespace headroom {

namespace {

QJsonObject perGpuJson(const Breakdown &b)
{
    return QJsonObject{
        { QStringLiteral("parameters"), jsonByteValue(b.parameters) },
        { QStringLiteral("gradients"), jsonByteValue(b.gradients) },
        { QStringLiteral("master_weights"), jsonByteValue(b.masterWeights) },
        { QStringLiteral("optimizer_states"), jsonByteValue(b.optimizerStates) },
        // The four model-state buckets together: the figure of Rajbhandari et al. 2020, Figure 1.
        { QStringLiteral("model_states"), jsonByteValue(b.modelStates()) },
        { QStringLiteral("activations"), jsonByteValue(b.activations) },
        { QStringLiteral("overhead"), jsonByteValue(b.overhead) },
        { QStringLiteral("total"), jsonByteValue(b.total()) },
    };
}

QJsonArray itemsJson(const std::vector<ActivationItem> &items)
{
    QJsonArray a;
    for (const ActivationItem &i : items) {
        a.append(QJsonObject{
                { QStringLiteral("name"), QString::fromUtf8(i.name.data(), qsizetype(i.name.size())) },
                { QStringLiteral("shape"), QString::fromUtf8(i.shape.data(), qsizetype(i.shape.size())) },
                { QStringLiteral("dtype"), nameText(dtypeName(i.dtype)) },
                { QStringLiteral("count"), jsonByteValue(bytes(i.elements)) },
                { QStringLiteral("bytes"), jsonByteValue(i.bytes) },
                { QStringLiteral("scope"), i.scope == ItemScope::Layer ? QStringLiteral("layer") : QStringLiteral("outside") },
                { QStringLiteral("region"), nameText(i.region) },
                { QStringLiteral("recomputed"), i.recomputed },
                { QStringLiteral("weight_copy"), i.weightCopy },
        });
    }
    return a;
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
        { QStringLiteral("parameters"), jsonByteValue(bytes(effectiveParameters(m))) },
        { QStringLiteral("parameters_active"), jsonByteValue(bytes(m.paramsOverride > 0 && !m.moe.enabled() ? m.paramsOverride
                                                                                                       : counts.active(m.layers))) },
        { QStringLiteral("parameters_from_architecture"), jsonByteValue(bytes(architecture)) },
        { QStringLiteral("parameters_from_checkpoint"),
          imported.checkpoint.found ? jsonByteValue(bytes(imported.checkpoint.parameters)) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("checkpoint_dtype"), imported.checkpoint.found ? QJsonValue(imported.checkpoint.dtype) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("ignored_fields"), stringArray(imported.ignored) },
        { QStringLiteral("metadata_fields"), stringArray(imported.metadata) },
        { QStringLiteral("warnings"), stringArray(imported.warnings) },
        { QStringLiteral("unrecognized_fields"), stringArray(imported.unrecognized) },
    };
    if (imported.checkpoint.found) {
        o.insert(QStringLiteral("checkpoint_buffers"), jsonByteValue(bytes(imported.checkpoint.buffers)));
        o.insert(QStringLiteral("checkpoint_files"), stringArray(imported.checkpoint.files));
    }
    if (preset && preset->publishedParams > 0)
        o.insert(QStringLiteral("parameters_published"), jsonByteValue(bytes(preset->publishedParams)));
    return o;
}

} // namespace

QJsonObject estimateJson(const ScenarioSpec &spec, const Catalogue &catalogue, const HfModel &imported, const Breakdown &b,
                         const Derivation &d)
{
    QJsonArray warnings;
    for (Warning w : b.warnings)
        warnings.append(nameText(warningName(w)));
    QJsonObject root{
        { QStringLiteral("schema"), 1 },
        { QStringLiteral("per_gpu"), perGpuJson(b) },
        { QStringLiteral("parameter_count"), jsonByteValue(bytes(b.parameterCount)) },
        { QStringLiteral("warnings"), warnings },
        { QStringLiteral("strategy"), strategyJson(spec.scenario, placeModelStates(spec.scenario)) },
        { QStringLiteral("host"), hostJson(placeModelStates(spec.scenario)) },
    };
    std::vector<ActivationItem> items;
    activationModel(spec.scenario.activations.model).itemize(spec.scenario, items);
    root.insert(QStringLiteral("activation_items"), itemsJson(items));
    root.insert(QStringLiteral("peak"), QJsonObject{
            { QStringLiteral("bytes"), jsonByteValue(b.peak) },
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
                { QStringLiteral("capacity"), jsonByteValue(spec.scenario.gpu.capacity) },
                { QStringLiteral("fits"), fits(spec.scenario, b) },
        });
    }
    return root;
}

} // namespace headroom
