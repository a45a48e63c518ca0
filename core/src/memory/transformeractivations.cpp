#include <headroom/memory/transformeractivations.h>

#include <cstdint>

#include "transformer/layers.h"
#include "transformerbody.h"

namespace headroom {

namespace transformer {

std::string_view regionName(Region r)
{
    switch (r) {
    case Region::Layer: return "layer";
    case Region::Embedding: return "embedding";
    case Region::FinalNorm: return "final_norm";
    case Region::LmHead: return "lm_head";
    case Region::Loss: return "loss";
    case Region::AuxLoss: return "aux_loss";
    case Region::Shared: return "shared";
    }
    return {};
}

bool itemizesAdapters(const ModelSpec &m, const ImplementationChoices &x)
{
    // lorablock.h is the plain LLaMA block with HF's separate projections; other blocks keep their
    // full list under adapters and lora.cpp adds the adapters' own outputs. So do hybrid models:
    // their mixer layers' list is the full fine-tuning one (mixerblock.h), whose linear inputs a
    // frozen base would not all keep (an upper bound), and the slot of lorablock.h's first layer
    // holds their mixer layers.
    return m.family == BlockFamily::Llama && !m.moe.enabled() && !m.mla.enabled() && !m.fusedProjections && !m.hybrid.enabled()
            && !x.fusedProjections;
}

Context context(const Scenario &s)
{
    return detail::contextOf(s);
}

Count firstLayersOf(const Context &c)
{
    return detail::firstLayersIn(c);
}

Context firstLayerContext(const Context &c)
{
    Context f = c;
    if (c.mixerLayers > 0) {
        f.mixerLayer = true;
        return f;
    }
    // A trained embedding copy (PEFT's modules_to_save) makes the first layer's input require grad.
    if (c.itemizedLora && c.recompute != Recompute::Full && !c.lora.trainedEmbedding)
        f.inputGrad = false;
    if (c.moe.E > 0)
        f.denseMlp = true;
    return f;
}

} // namespace transformer

using namespace transformer;

namespace detail {

// Flattened: the tensor lists inline into one loop-free sequence of additions (the hot path).
[[gnu::flatten]] LayerSums layerSums(const Context &c)
{
    LayerSums t;
    auto layer = [&c, &t](const Tensor &x) {
        if (x.flags & WeightCopy) {
            t.copies += x.bytes;
            return;
        }
        t.act += x.bytes;
        if (x.flags & Core)
            t.core += x.bytes;
        if ((x.flags & CheckpointInput) && x.dtype == c.r)
            t.alias += x.bytes;
        if (x.bytes > t.largest)
            t.largest = x.bytes;
    };
    layerTensors(c, Emitter<decltype(layer)>{ c, layer });
    return t;
}

[[gnu::flatten]] OutsideSums outsideSums(const Context &c)
{
    OutsideSums t;
    auto outside = [&t](const Tensor &x) {
        switch (x.region) {
        case Region::Embedding: t.embedding += x.bytes; break;
        case Region::FinalNorm: t.finalNorm += x.bytes; break;
        case Region::LmHead: (x.flags & WeightCopy ? t.lmHeadCopy : t.lmHead) += x.bytes; break;
        case Region::Loss: t.loss += x.bytes; break;
        case Region::AuxLoss: t.auxLoss += x.bytes; break;
        case Region::Shared: t.shared += x.bytes; break;
        case Region::Layer: break;
        }
    };
    outsideTensors(c, Emitter<decltype(outside)>{ c, outside });
    return t;
}

Count layerScratch(const Context &c)
{
    return layerForwardTransient(c);
}

} // namespace detail

TransformerTerms transformerTerms(const Scenario &s)
{
    return detail::termsOf(detail::contextOf(s));
}

bool transformerItemizesAdapters(const Scenario &s)
{
    return s.activations.model == ActivationModelKind::Transformer && s.lora.mode != AdapterMode::None
            && itemizesAdapters(s.model, implementationChoices(s.activations.profile));
}

Count firstLayersHeld(const Scenario &s, const TransformerTerms &t)
{
    return detail::firstLayersHeldOf(s, t.firstLayers);
}

ActivationEstimate TransformerActivations::estimate(const Scenario &s) const
{
    return detail::transformerEstimate(s);
}

void TransformerActivations::itemize(const Scenario &s, std::vector<ActivationItem> &out) const
{
    // One layer: the one most layers are (past LoRA's first layer or an MoE model's dense ones),
    // as the fixtures itemize layer 1.
    const Context whole = detail::contextOf(s);
    // A hybrid's mixer layers when they are most of its layers.
    const bool mixers = whole.mixerLayers > 0 && 2 * whole.mixerLayers > whole.L;
    const Context c = whole.L > firstLayersOf(whole) && !mixers ? whole : firstLayerContext(whole);
    const bool full = checkpointsLayers(c.recompute);
    const bool selective = c.recompute == Recompute::Selective;
    auto add = [&out](const Tensor &x, bool recomputed) {
        ActivationItem item;
        item.name = x.name;
        item.shape = x.shape;
        item.dtype = x.dtype;
        item.elements = x.elements;
        item.bytes = bytes(x.bytes);
        item.scope = x.region == Region::Layer ? ItemScope::Layer : ItemScope::Outside;
        item.recomputed = recomputed;
        item.region = regionName(x.region);
        item.weightCopy = (x.flags & WeightCopy) != 0;
        out.push_back(item);
    };
    if (full) {
        const Count n = c.share(c.BSH, 0);
        add(Tensor{ "checkpoint_input", "B×S×H", Region::Layer, c.r, n, n * sizeOf(c.r), CheckpointInput }, false);
    }
    if (c.recompute == Recompute::Op)
        detail::forEachOpSaved(c, [&add](const char *name, const char *shape, Dtype dtype, Count n) {
            add(Tensor{ name, shape, Region::Layer, dtype, n, n * sizeOf(dtype), 0 }, false);
        });
    auto layer = [&](const Tensor &x) {
        if (full && (x.flags & CheckpointInput) && x.dtype == c.r)
            return; // the checkpointed input itself, held above
        add(x, full || (selective && (x.flags & Core)));
    };
    layerTensors(c, Emitter<decltype(layer)>{ c, layer });
    auto outside = [&](const Tensor &x) { add(x, false); };
    outsideTensors(c, Emitter<decltype(outside)>{ c, outside });
}

} // namespace headroom
