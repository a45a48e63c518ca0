#include "estimatejson.h"

#include "hybridtext.h"

#include <headroom/memory/reservedmemory.h>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/steptimeline.h>

#include "wording.h"
#include "derivationtext.h"
#include "placementtext.h"
#include "posttrainingtext.h"
#include "visiontext.h"

namespace headroom {

namespace {

void writePerGpu(JsonWriter &w, const Breakdown &b)
{
    w.beginObject();
    w.key("parameters").byteCount(b.parameters);
    w.key("gradients").byteCount(b.gradients);
    w.key("master_weights").byteCount(b.masterWeights);
    w.key("optimizer_states").byteCount(b.optimizerStates);
    // The four model-state buckets together: the figure of Rajbhandari et al. 2020, Figure 1.
    w.key("model_states").byteCount(b.modelStates());
    w.key("activations").byteCount(b.activations);
    w.key("overhead").byteCount(b.overhead);
    // A preference run's reference model (posttraining.h): listed when there is one, as the
    // derivation's buckets are.
    if (b.frozenModels > bytes(0))
        w.key("frozen_models").byteCount(b.frozenModels);
    w.key("total").byteCount(b.total());
    w.endObject();
}

void writeItems(JsonWriter &w, const std::vector<ActivationItem> &items)
{
    w.beginArray();
    for (const ActivationItem &i : items) {
        w.beginObject();
        w.key("name").string(i.name);
        w.key("shape").string(i.shape);
        w.key("dtype").string(dtypeName(i.dtype));
        w.key("count").integer(i.elements);
        w.key("bytes").byteCount(i.bytes);
        w.key("scope").string(i.scope == ItemScope::Layer ? "layer" : "outside");
        w.key("region").string(i.region);
        w.key("recomputed").boolean(i.recomputed);
        w.key("weight_copy").boolean(i.weightCopy);
        w.endObject();
    }
    w.endArray();
}

void writeStrings(JsonWriter &w, const QStringList &list)
{
    w.beginArray();
    for (const QString &s : list)
        w.string(s);
    w.endArray();
}

// The model as counted: from the architecture (total and, with experts, active), and from the
// checkpoint's headers when a folder was imported.
void writeModel(JsonWriter &w, const ScenarioSpec &spec, const Catalogue &catalogue, const HfModel &imported)
{
    const ModelSpec &m = spec.scenario.model;
    const ParameterCounts counts = parameterCounts(m);
    const ModelPreset *preset = catalogue.preset(spec.presetId);
    w.beginObject();
    w.key("name").string(preset ? preset->name : spec.modelName);
    w.key("family").string(familyName(m.family));
    w.key("model_type").string(!imported.modelType.isEmpty() ? imported.modelType : preset ? preset->modelType : QString());
    w.key("parameters").integer(effectiveParameters(m));
    w.key("parameters_active").integer(m.paramsOverride > 0 && !m.moe.enabled() ? m.paramsOverride : counts.active(m.layers));
    w.key("parameters_from_architecture").integer(counts.total(m.layers));
    if (preset && preset->publishedParams > 0)
        w.key("parameters_published").integer(preset->publishedParams);
    w.key("parameters_from_checkpoint");
    if (imported.checkpoint.found)
        w.integer(imported.checkpoint.parameters);
    else
        w.null();
    w.key("checkpoint_dtype");
    if (imported.checkpoint.found)
        w.string(imported.checkpoint.dtype);
    else
        w.null();
    if (imported.checkpoint.found) {
        w.key("checkpoint_buffers").integer(imported.checkpoint.buffers);
        w.key("checkpoint_files");
        writeStrings(w, imported.checkpoint.files);
    }
    // A multimodal config's vision tower and projector, counted (and in the estimate: vision_tower).
    w.key("vision_parameters").integer(imported.visionParameters);
    // A hybrid's mixer layers, in place of attention in some of its layers.
    w.key("mixer");
    writeMixerLayers(w, m);
    w.key("ignored_fields");
    writeStrings(w, imported.ignored);
    w.key("metadata_fields");
    writeStrings(w, imported.metadata);
    w.key("warnings");
    writeStrings(w, imported.warnings);
    w.key("unrecognized_fields");
    writeStrings(w, imported.unrecognized);
    w.endObject();
}

} // namespace

void writeEstimateMembers(JsonWriter &w, const ScenarioSpec &spec, const Catalogue &catalogue, const HfModel &imported,
                          const Breakdown &b, const Derivation &d)
{
    w.key("schema").integer(1);
    w.key("per_gpu");
    writePerGpu(w, b);
    // The peak's three figures (reservedmemory.h); "bytes" is the one compared with the GPU.
    const MemoryFigures &f = d.figures;
    w.key("peak").beginObject();
    w.key("bytes").byteCount(f.of(d.compared));
    w.key("compared").string(peakFigureName(d.compared));
    w.key("allocated").byteCount(f.allocated);
    w.key("reserved").byteCount(f.reserved);
    w.key("device").byteCount(f.device);
    w.key("phase").string(stepPhaseName(b.peakPhase));
    w.key("event").string(timelineEventName(b.peakEvent));
    w.key("allocator_cache").beginObject();
    w.key("bytes").byteCount(f.cache);
    w.key("modelled").boolean(f.cacheModelled);
    if (f.cacheModelled) {
        w.key("expandable_segments").boolean(spec.scenario.overhead.expandableSegments);
        w.key("segments").integer(f.emulation.segments);
        w.key("requests").integer(f.emulation.tensors);
    }
    w.endObject();
    w.key("cuda_context").byteCount(f.context);
    w.key("loading").beginObject();
    w.key("path").string(loadPathName(spec.scenario.overhead.loadPath));
    w.key("allocated").byteCount(f.emulation.loadingAllocatedPeak);
    w.key("reserved").byteCount(f.emulation.loadingReserved);
    w.endObject();
    w.endObject();
    if (spec.scenario.gpu.capacity > bytes(0)) {
        w.key("gpu").beginObject();
        w.key("id").string(spec.gpuId);
        w.key("capacity").byteCount(spec.scenario.gpu.capacity);
        w.key("compared").string(peakFigureName(d.compared));
        w.key("fits").boolean(d.fits);
        w.endObject();
    }
    w.key("parameter_count").integer(b.parameterCount);
    w.key("training_method");
    writeTrainingMethod(w, spec.scenario);
    w.key("models");
    writeModels(w, spec.scenario, b, spec.sideModelSources);
    w.key("vision_tower");
    writeVisionTower(w, spec.scenario, b);
    w.key("warnings").beginArray();
    for (Warning warning : b.warnings)
        w.string(warningName(warning));
    w.endArray();
    w.key("model");
    writeModel(w, spec, catalogue, imported);
    const Placement placement = placeModelStates(spec.scenario);
    w.key("strategy");
    writeStrategy(w, spec.scenario, placement);
    if (spec.scenario.parallel.pipelineParallel > 1) {
        w.key("pipeline");
        writePipeline(w, spec.scenario, b);
    }
    w.key("host");
    writeHost(w, placement);
    w.key("derivation");
    writeDerivation(w, d);
    w.key("whole_model_states");
    writeBucket(w, d.wholeModelStates);
    w.key("activations_split");
    writeActivationsSplit(w, d.activationsSplit);
    w.key("symbols");
    writeSymbols(w, d);
    std::vector<ActivationItem> items;
    activationModel(spec.scenario.activations.model).itemize(spec.scenario, items);
    w.key("activation_items");
    writeItems(w, items);
}

} // namespace headroom
