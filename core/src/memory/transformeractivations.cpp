#include <headroom/memory/transformeractivations.h>

#include <cstdint>

#include <headroom/memory/korthikanti.h>

#include "transformer/layers.h"

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
    case Region::Shared: return "shared";
    }
    return {};
}

Context context(const Scenario &s)
{
    const ModelSpec &m = s.model;
    Context c;
    c.B = s.training.microBatch;
    c.S = s.training.sequence;
    c.H = m.hidden;
    c.A = m.heads;
    // H / A in 64 bits: validation bounds both far below 2^63.
    c.d = m.heads > 0 ? static_cast<long long>(m.hidden) / static_cast<long long>(m.heads) : 0;
    c.kv = m.kvHeadsOrHeads() * c.d;
    c.gqa = m.kvHeadsOrHeads() != m.heads;
    c.F = m.ffnOrDefault();
    c.V = m.vocab;
    c.family = m.family;
    c.positions = m.maxPositions > 0;
    c.BS = c.B * c.S;
    c.BSH = c.BS * c.H;
    c.BSF = c.BS * c.F;
    c.BAS = c.BS * c.A;
    c.scores = c.BAS * c.S;
    c.BSV = c.BS * c.V;
    const Recipe recipe = s.training.precision.recipe;
    c.autocast = isAutocast(recipe);
    c.c = activationDtype(recipe);
    // Under autocast the weights, and so the embeddings and the residual stream, stay FP32;
    // every other recipe runs the whole block in its activation dtype. A LoRA base is loaded in
    // the compute dtype even under autocast (lora.h), so its residual stream is half precision.
    const bool adapters = s.lora.mode != AdapterMode::None;
    c.r = c.autocast && !adapters ? Dtype::Fp32 : c.c;
    c.x = implementationChoices(s.activations.profile);
    c.copies = c.autocast && c.x.autocastWeightCopies && !adapters;
    c.drop = s.activations.dropout > 0.0;
    c.kernel = s.activations.attention;
    c.recompute = s.training.recompute;
    c.t = s.parallel.tensorParallel;
    c.sp = s.parallel.sequenceParallel;
    return c;
}

} // namespace transformer

namespace {

using namespace transformer;

struct Sums
{
    Count act = 0, copies = 0, core = 0, alias = 0, largest = 0;
    Count embedding = 0, finalNorm = 0, lmHead = 0, lmHeadCopy = 0, loss = 0, shared = 0;
};

// Flattened: the tensor lists inline into one loop-free sequence of additions (the hot path).
[[gnu::flatten]] Sums sums(const Context &c)
{
    Sums t;
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
    auto outside = [&t](const Tensor &x) {
        switch (x.region) {
        case Region::Embedding: t.embedding += x.bytes; break;
        case Region::FinalNorm: t.finalNorm += x.bytes; break;
        case Region::LmHead: (x.flags & WeightCopy ? t.lmHeadCopy : t.lmHead) += x.bytes; break;
        case Region::Loss: t.loss += x.bytes; break;
        case Region::Shared: t.shared += x.bytes; break;
        case Region::Layer: break;
        }
    };
    outsideTensors(c, Emitter<decltype(outside)>{ c, outside });
    return t;
}

TransformerTerms termsOf(const Context &c)
{
    const Sums m = sums(c);
    TransformerTerms t;
    t.layerActivations = bytes(m.act);
    t.layerWeightCopies = bytes(m.copies);
    t.attentionCore = bytes(m.core);
    t.checkpointInput = bytes(c.share(c.BSH, 0) * sizeOf(c.r));
    t.checkpointAlias = bytes(m.alias);
    t.largestLayerTensor = bytes(m.largest);
    switch (c.recompute) {
    case Recompute::None:
        t.heldActivations = t.layerActivations;
        t.heldWeightCopies = t.layerWeightCopies;
        break;
    case Recompute::Full:
        // Reentrant checkpointing runs forward under no_grad and keeps only the layer input;
        // backward reruns one layer with grad, which saves its whole list again except the
        // tensor that is the checkpointed input itself, and autocast's weight copies.
        t.heldActivations = t.checkpointInput;
        t.recomputeActivations = t.layerActivations - t.checkpointAlias;
        t.recomputeWeightCopies = t.layerWeightCopies;
        break;
    case Recompute::Selective:
        t.heldActivations = t.layerActivations - t.attentionCore;
        t.heldWeightCopies = t.layerWeightCopies;
        t.recomputeActivations = t.attentionCore;
        break;
    }
    t.embedding = bytes(m.embedding);
    t.finalNorm = bytes(m.finalNorm);
    t.lmHead = bytes(m.lmHead);
    t.lmHeadWeightCopy = bytes(m.lmHeadCopy);
    t.loss = bytes(m.loss);
    t.shared = bytes(m.shared);

    const Count logits = c.share(c.BSV, Sharded);
    const Count half = sizeOf(c.c);
    if (c.x.hfLoss) {
        // Forward: the LM head's logits and their FP32 copy (logits.float(), a no-op in FP32)
        // live while log_softmax writes its saved output. Backward: nll_loss writes a dense FP32
        // gradient and log_softmax's backward another, both beside the saved output.
        t.lossForwardTransient = bytes(logits * (half + (c.c != Dtype::Fp32 ? 4 : 0)));
        t.lossBackwardTransient = bytes(logits * 8);
    } else {
        // Vocabulary-parallel cross-entropy: the FP32 copy becomes the saved softmax and then, in
        // place, the gradient; only the half-precision logits and their gradient are extra.
        const Count extra = c.c != Dtype::Fp32 ? logits * half : 0;
        t.lossForwardTransient = bytes(extra);
        t.lossBackwardTransient = bytes(extra);
    }
    t.layerForwardTransient = bytes(layerForwardTransient(c));
    // While a layer's backward runs: the gradient of the residual stream, and the gradient of its
    // largest saved tensor beside the gradient that op writes for its input.
    t.layerBackwardTransient = bytes(c.share(c.BSH, 0) * sizeOf(c.r) + 2 * m.largest);
    return t;
}

} // namespace

TransformerTerms transformerTerms(const Scenario &s)
{
    return termsOf(context(s));
}

ActivationEstimate TransformerActivations::estimate(const Scenario &s) const
{
    const TransformerTerms t = termsOf(context(s));
    // Pipeline parallelism: the first stage holds ceil(L/p) layers for min(p, m) micro-batches
    // (korthikanti.h); with p = 1 that is all L layers and the whole outside part.
    const Count held = pipelineLayersHeld(s);
    ActivationEstimate e;
    e.perLayer = t.layerActivations + t.layerWeightCopies;
    e.layers = (t.heldActivations + t.heldWeightCopies) * held;
    e.recompute = t.recomputeActivations + t.recomputeWeightCopies;
    const Bytes below = t.embedding + t.shared;
    // Under full recompute autocast still caches every layer's weight copies until forward ends.
    const Bytes cached = s.training.recompute == Recompute::Full ? t.layerWeightCopies * held : bytes(0);
    if (s.parallel.pipelineParallel <= 1) {
        e.outsideHead = t.finalNorm + t.lmHead + t.lmHeadWeightCopy + t.loss;
        e.outside = below + e.outsideHead;
        e.lossForwardTransient = t.lossForwardTransient;
        e.backwardTransient = t.lossBackwardTransient;
    } else {
        const Count layersPerStage = (s.model.layers + s.parallel.pipelineParallel - 1) / s.parallel.pipelineParallel;
        const Count inFlight = layersPerStage > 0 ? held / layersPerStage : 1;
        e.outside = below * inFlight;
    }
    e.forwardCache = cached;
    e.layerForwardTransient = t.layerForwardTransient;
    e.layerBackwardTransient = t.layerBackwardTransient;
    return e;
}

void TransformerActivations::itemize(const Scenario &s, std::vector<ActivationItem> &out) const
{
    const Context c = context(s);
    const bool full = c.recompute == Recompute::Full;
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
