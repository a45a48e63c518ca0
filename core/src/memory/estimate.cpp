#include <headroom/memory/estimate.h>

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/resolved.h>
#include <headroom/memory/steptimeline.h>

namespace headroom {

ModelStates modelStates(const Scenario &s)
{
    return modelStates(s, effectiveParameters(s.model));
}

ModelStates modelStates(const Scenario &s, Count P)
{
    ModelStates m;
    const PerParamBytes b = perParamBytes(s.training.precision);
    m.parameterCount = P;
    m.parameters = b.weights.times(P);
    m.gradients = b.gradients.times(P);
    m.masterWeights = b.master.times(P);
    if (b.optimizerFactored) {
        const FactoredShape f = factoredShape(s.model);
        m.optimizerStates = b.optimizer.times(f.matrixRowsPlusColumns + f.vectorElements);
    } else {
        m.optimizerStates = b.optimizer.times(P);
    }
    return m;
}

namespace {

/*!
 * Activation offloading (torchtune's OffloadActivations, training/_activation_offloading.py):
 * every saved tensor of the layers is copied to pinned host memory on a second stream as it is
 * saved, and brought back ahead of its backward. The GPU keeps the tensors whose copy is in
 * flight, at most max_fwd_stash_size = 5 (L24-66), and in backward the layer being brought
 * back: with checkpointing each layer saves one tensor (its input), so 5 layers' worth; without,
 * a layer saves many, and the 5 in flight come from one layer. The head and the loss stay on the
 * GPU (their module runs under a NoOpManager).
 */
void offloadActivations(const Scenario &s, Breakdown &b)
{
    if (!s.stack.activationOffload || s.activations.model == ActivationModelKind::Textbook)
        return;
    ActivationEstimate &a = b.activationDetail;
    const Count held = pipelineLayersHeld(s);
    if (held <= 0 || a.layers <= bytes(0))
        return;
    constexpr Count kStash = 5;
    const Count onGpu = s.training.recompute == Recompute::Full ? (held < kStash + 1 ? held : kStash + 1) : (held < 2 ? held : 2);
    const Bytes perLayer = bytes(countOf(a.layers) / held);
    b.offloadedActivations = a.layers;
    a.layers = perLayer * onGpu;
}

void addWarnings(const Scenario &s, const ResolvedScenario &r, Breakdown &b)
{
    const Recipe recipe = s.training.precision.recipe;
    if (isAutocast(recipe))
        b.warnings.add(Warning::AmpKeepsFixedCost);
    if (usesFp16(recipe))
        b.warnings.add(Warning::Fp16NeedsLossScaling);
    if (recipe == Recipe::Fp16Pure || recipe == Recipe::Bf16Pure)
        b.warnings.add(Warning::PureHalfWithoutMaster);
    if (s.training.gradAccumSteps > 1)
        b.warnings.add(Warning::GradAccumSavesNoMemory);
    if (s.activations.model == ActivationModelKind::Textbook) {
        if (s.model.kvHeadsOrHeads() != s.model.heads)
            b.warnings.add(Warning::TextbookIgnoresGqa);
        if (s.model.ffnOrDefault() != 4 * s.model.hidden || s.model.family == BlockFamily::Llama)
            b.warnings.add(Warning::TextbookIgnoresFfnSize);
        b.warnings.add(Warning::TextbookIgnoresLogits);
    }
    if (s.model.paramsOverride > 0 && s.model.layers > 0 && s.model.hidden > 0 && s.model.vocab > 0) {
        const Count derived = r.architectureParameters;
        const Count diff = derived > s.model.paramsOverride ? derived - s.model.paramsOverride
                                                            : s.model.paramsOverride - derived;
        if (diff * 20 > s.model.paramsOverride)
            b.warnings.add(Warning::ParamsDifferFromArchitecture);
    }
    if (s.gpu.capacity > bytes(0)) {
        if (usesBf16(recipe) && !s.gpu.supportsBf16)
            b.warnings.add(Warning::Bf16NotSupportedOnGpu);
        if (b.peak > s.gpu.capacity)
            b.warnings.add(Warning::DoesNotFit);
    }
}

} // namespace

Breakdown estimate(const Scenario &s)
{
    Breakdown b;
    // Counts, bytes per parameter and shares once for every bucket (resolved.h).
    const ResolvedScenario r = resolve(s);
    // One GPU's share of the model states under the run's parallelism, ZeRO stage, offload and
    // adapters (placement.h); a single GPU without adapters gets modelStates() unchanged.
    const Placement placement = placeModelStates(s, r);
    b.parameterCount = placement.parameterCount;
    b.parameters = placement.gpu.parameters;
    b.gradients = placement.gpu.gradients;
    b.masterWeights = placement.gpu.masterWeights;
    b.optimizerStates = placement.gpu.optimizerStates;
    b.host = placement.host;
    b.stepBuffers = placement.stepGradientBuffer;
    b.pagedOptimizerStates = placement.pagedOptimizerStates;

    b.activationDetail = activationModel(s.activations.model).estimate(s);
    addAdapterActivations(s, r.lora, b.activationDetail); // LoRA: the adapters' own saved tensors
    offloadActivations(s, b);
    b.activations = b.activationDetail.total();
    b.overhead = s.overhead.total();

    // One peak for every view and every search: the highest point of the step (steptimeline.h),
    // whichever activation model filled the buckets.
    const TimelinePeak peak = timelinePeak(s, r, b);
    b.peak = peak.bytes;
    b.peakPhase = peak.phase;
    b.peakEvent = peak.event;
    addWarnings(s, r, b);
    return b;
}

bool fits(const Scenario &s, const Breakdown &b)
{
    return s.gpu.capacity > bytes(0) && b.peak <= s.gpu.capacity;
}

} // namespace headroom
