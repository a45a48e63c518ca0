#include <headroom/memory/transformeractivations.h>

#include <cmath>
#include <cstdint>

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/stack.h>

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
    case Region::AuxLoss: return "aux_loss";
    case Region::Shared: return "shared";
    }
    return {};
}

bool itemizesAdapters(const ModelSpec &m, const ImplementationChoices &x)
{
    // lorablock.h is the plain LLaMA block with HF's separate projections; other blocks keep their
    // full list under adapters and lora.cpp adds the adapters' own outputs.
    return m.family == BlockFamily::Llama && !m.moe.enabled() && !m.mla.enabled() && !m.fusedProjections
            && !x.fusedProjections;
}

namespace {

// context(), inline for the estimate (context() itself is interposable under -fPIC, so the
// compiler would not inline it).
[[gnu::always_inline]] inline Context contextOf(const Scenario &s)
{
    const ModelSpec &m = s.model;
    const BlockTraits traits = modelTraits(m);
    Context c;
    c.B = s.training.microBatch;
    c.S = s.training.sequence;
    c.H = m.hidden;
    c.A = m.heads;
    c.L = m.layers;
    // The head dim (H / A unless the model sets it; the division in 64 bits: validation bounds
    // both far below 2^63).
    c.d = m.headDimOrDefault();
    c.kvHeads = m.kvHeadsOrHeads();
    c.kv = c.kvHeads * c.d;
    c.qDim = c.A * c.d;
    c.gqa = c.kvHeads != m.heads;
    c.F = m.ffnOrDefault();
    c.V = m.vocab;
    c.family = m.family;
    c.positions = m.maxPositions > 0;
    c.parallel = traits.residual == Residual::Parallel;
    c.normsPerLayer = traits.normsPerLayer;
    c.fusedQkv = traits.fusedQkv;
    c.softcap = traits.softcap;
    c.qkNorm = m.qkNorm;
    c.rotary = traits.rotary;
    // Partial rotary rotates int(d · fraction) dims of each head (GPT-NeoX rotary_pct, Phi
    // partial_rotary_factor), as HF truncates.
    if (c.rotary)
        c.RD = static_cast<long long>(static_cast<double>(static_cast<long long>(c.d)) * m.rotaryFraction);
    c.BS = c.B * c.S;
    c.BSH = c.BS * c.H;
    c.BSF = c.BS * c.F;
    c.BAS = c.BS * c.A;
    c.BSQ = c.BS * c.qDim;
    c.scores = c.BAS * c.S;
    c.BSV = c.BS * c.V;
    const Recipe recipe = s.training.precision.recipe;
    c.autocast = isAutocast(recipe);
    c.c = activationDtype(recipe);
    // Under autocast the weights, and so the embeddings and the residual stream, stay FP32; every
    // other recipe runs the whole block in its activation dtype. So does a frozen base under
    // autocast: the fixtures' LoRA and QLoRA runs keep its non-quantized weights in FP32 and
    // measured an FP32 residual stream (SAVED_TENSORS.md, "LoRA on a frozen base").
    c.r = c.autocast && !fsdpMixedPrecision(s) ? Dtype::Fp32 : c.c;
    c.x = implementationChoices(s.activations.profile);
    // Phi-3's qkv_proj and gate_up_proj: one matmul each, one saved input each.
    if (m.fusedProjections)
        c.x.fusedProjections = true;
    // torch.compile's partitioner recomputes the pointwise ops of the norms and activations in
    // backward and saves what feeds them: the fused kernels' lists.
    if (s.stack.compile) {
        c.x.fusedNorm = true;
        c.x.fusedActivation = true;
    }
    // GELU: the family's Hugging Face code unless set (GPT-2 and Phi: gelu_new written out; the
    // others F.gelu or gelu_pytorch_tanh, one op); a fused activation kernel saves its input.
    const bool pythonGelu = s.activations.gelu == GeluImpl::Python
            || (s.activations.gelu == GeluImpl::ModelDefault
                && (m.family == BlockFamily::Gpt2 || m.family == BlockFamily::Phi));
    c.geluPython = pythonGelu && !c.x.fusedActivation;
    c.copies = c.autocast && c.x.autocastWeightCopies && !fsdpMixedPrecision(s);
    c.drop = s.activations.dropout > 0.0;
    c.kernel = s.activations.attention;
    c.recompute = s.training.recompute;
    c.t = s.parallel.tensorParallel;
    c.sp = s.parallel.sequenceParallel;
    c.ep = s.parallel.expertParallel > 1 ? s.parallel.expertParallel : 1;
    if (m.moe.enabled()) {
        MoeContext &e = c.moe;
        e.E = m.moe.experts;
        e.K = m.moe.perToken;
        e.F = m.moe.expertFfn > 0 ? m.moe.expertFfn : c.F;
        const Count routed = e.K * c.BS;
        e.rows = routed;
        if (s.activations.capacityFactor > 0 && e.E > 0) {
            // Capacity-capped routing (GShard, DeepSpeed-MoE): each expert takes at most
            // C = ceil(f·k·B·S / E) rows, and the dispatch buffers [E, C, H] are padded to C, so
            // the experts' tensors hold E·C rows whatever the router does (fewer than k·B·S below
            // f = 1, where tokens are dropped; more above it). Dropless (f = 0): k·B·S.
            const double capacity = std::ceil(s.activations.capacityFactor * static_cast<double>(routed)
                                              / static_cast<double>(e.E));
            e.rows = e.E * static_cast<long long>(capacity);
        }
        e.hit = e.rows < e.E ? e.rows : e.E;
        e.SF = m.moe.sharedExperts * m.moe.sharedFfnOrExpert();
        e.sharedGate = m.moe.sharedGate;
        // Mixtral renormalises the top-k weights in place; Qwen2-MoE's norm_topk_prob and
        // DeepSeek-V2's default do not (ModelSpec has no switch for it: models with shared
        // experts are taken not to).
        e.renormalize = m.moe.sharedExperts == 0;
        e.mixtralNames = m.moe.sharedExperts == 0;
        const Count dense = m.moe.denseLayers < m.layers ? m.moe.denseLayers : m.layers;
        e.layers = m.layers - dense;
        c.denseMlp = false;
    }
    if (m.mla.enabled()) {
        c.mlaOn = true;
        c.mla.QL = m.mla.qLoraRank;
        c.mla.KL = m.mla.kvLoraRank;
        c.mla.RH = m.mla.ropeHeadDim;
        c.mla.NH = m.mla.nopeHeadDim;
        c.mla.VH = m.mla.valueHeadDim;
        c.mla.QH = c.mla.NH + c.mla.RH;
    }
    c.adapters = s.lora.mode != AdapterMode::None;
    c.itemizedLora = c.adapters && itemizesAdapters(m, c.x);
    if (c.adapters) {
        const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
        LoraContext &a = c.lora;
        a.q = (targets & LoraQ) != 0;
        a.k = (targets & LoraK) != 0;
        a.v = (targets & LoraV) != 0;
        a.o = (targets & LoraO) != 0;
        a.gate = (targets & LoraGate) != 0;
        a.up = (targets & LoraUp) != 0;
        a.down = (targets & LoraDown) != 0;
        a.dropout = s.lora.dropout > 0.0;
        a.quantized = s.lora.mode == AdapterMode::Qlora;
        a.R = s.lora.rank;
        // PEFT keeps the adapters in FP32 (autocast_adapter_dtype upcasts bf16 ones), so their
        // operands are FP32 but under autocast, which casts them.
        a.a = c.autocast ? c.c : peftFp32Adapters(s) ? Dtype::Fp32 : c.c;
        // Linear4bit casts its output back to its input's dtype.
        a.p = a.quantized ? c.r : c.c;
    }
    c.loss = s.stack.loss; // resolveStack()'s loss and chunks, without the rest of it
    const Count chunks = resolvedLossChunks(s);
    c.lossChunks = chunks > 0 ? chunks : 1;
    // torchtune's CEWithChunkedOutputLoss upcasts each chunk; litgpt's chunked_cross_entropy
    // runs in the model's dtype.
    c.lossUpcast = s.stack.stack != TrainingStack::Litgpt;
    // torchtune's compile_loss compiles CEWithChunkedOutputLoss.compute_cross_entropy, the FP32
    // upcast and the cross-entropy as one graph (training/_compile.py L52-74): the partitioner
    // saves the chunk's logits and a per-row logsumexp and recomputes the softmax in backward,
    // so no FP32 B·S·V tensor is saved (torchtune's ladder: "+ chunked CE" with compile, 51.0
    // -> 42.9 GiB for Llama-3.2-3B at B·S = 8192).
    c.compiledLoss = s.stack.compile && c.loss == LossKind::Chunked && c.lossUpcast;
    return c;
}

} // namespace

Context context(const Scenario &s)
{
    return contextOf(s);
}

namespace {

// The first layers whose list differs from the others': LoRA's first layer without
// checkpointing (its input, the frozen embedding's output, needs no grad), an MoE model's dense
// first layers.
inline Count firstLayersIn(const Context &c)
{
    if (c.itemizedLora && c.recompute != Recompute::Full)
        return c.L > 0 ? 1 : 0;
    if (c.moe.E > 0)
        return c.L - c.moe.layers;
    return 0;
}

} // namespace

Count firstLayersOf(const Context &c)
{
    return firstLayersIn(c);
}

Context firstLayerContext(const Context &c)
{
    Context f = c;
    if (c.itemizedLora && c.recompute != Recompute::Full)
        f.inputGrad = false;
    if (c.moe.E > 0)
        f.denseMlp = true;
    return f;
}

} // namespace transformer

namespace {

using namespace transformer;

struct LayerSums
{
    Count act = 0, copies = 0, core = 0, alias = 0, largest = 0;
};

struct OutsideSums
{
    Count embedding = 0, finalNorm = 0, lmHead = 0, lmHeadCopy = 0, loss = 0, auxLoss = 0, shared = 0;
};

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

// One layer's figures under the recompute policy.
struct LayerFigures
{
    Bytes act = bytes(0), copies = bytes(0), core = bytes(0), alias = bytes(0);
    Bytes held = bytes(0), heldCopies = bytes(0), recompute = bytes(0), recomputeCopies = bytes(0);
};

[[gnu::always_inline]] inline LayerFigures figuresOf(const Context &c, const LayerSums &m, Bytes checkpointInput)
{
    LayerFigures f;
    f.act = bytes(m.act);
    f.copies = bytes(m.copies);
    f.core = bytes(m.core);
    f.alias = bytes(m.alias);
    switch (c.recompute) {
    case Recompute::None:
        f.held = f.act;
        f.heldCopies = f.copies;
        break;
    case Recompute::Full:
        // Reentrant checkpointing runs forward under no_grad and keeps only the layer input;
        // backward reruns one layer with grad, which saves its whole list again except the
        // tensor that is the checkpointed input itself, and autocast's weight copies.
        f.held = checkpointInput;
        f.recompute = f.act - f.alias;
        f.recomputeCopies = f.copies;
        break;
    case Recompute::Selective:
        f.held = f.act - f.core;
        f.heldCopies = f.copies;
        f.recompute = f.core;
        break;
    }
    return f;
}

Count ceilDivCount(Count a, Count b) { return b > 0 ? quotient(a + b - 1, b) : a; }

[[gnu::always_inline]] inline TransformerTerms termsOf(const Context &c)
{
    // Locals here are not const: GCC 12 keeps a const aggregate built in place in memory
    // instead of replacing it by its fields, and this is the hot path.
    LayerSums m = layerSums(c);
    TransformerTerms t;
    t.checkpointInput = bytes(c.share(c.BSH, 0) * sizeOf(c.r));
    LayerFigures f = figuresOf(c, m, t.checkpointInput);
    t.layerActivations = f.act;
    t.layerWeightCopies = f.copies;
    t.attentionCore = f.core;
    t.checkpointAlias = f.alias;
    t.largestLayerTensor = bytes(m.largest);
    t.heldActivations = f.held;
    t.heldWeightCopies = f.heldCopies;
    t.recomputeActivations = f.recompute;
    t.recomputeWeightCopies = f.recomputeCopies;
    t.firstLayers = firstLayersIn(c);
    LayerFigures first = f;
    if (t.firstLayers > 0)
        first = figuresOf(c, layerSums(firstLayerContext(c)), t.checkpointInput);
    t.firstLayerActivations = first.act;
    t.firstLayerWeightCopies = first.copies;
    t.heldFirstActivations = first.held;
    t.heldFirstWeightCopies = first.heldCopies;
    t.recomputeFirstActivations = first.recompute;
    t.recomputeFirstWeightCopies = first.recomputeCopies;

    OutsideSums o = outsideSums(c);
    t.embedding = bytes(o.embedding);
    t.finalNorm = bytes(o.finalNorm);
    t.lmHead = bytes(o.lmHead);
    t.lmHeadWeightCopy = bytes(o.lmHeadCopy);
    t.loss = bytes(o.loss);
    t.auxLoss = bytes(o.auxLoss);
    t.shared = bytes(o.shared);

    const Count logits = c.share(c.BSV, Sharded);
    const Count half = sizeOf(c.c);
    switch (c.loss) {
    case LossKind::Plain:
        if (c.x.hfLoss) {
            // Forward: the LM head's logits and their FP32 copy (logits.float(), a no-op in FP32)
            // live while log_softmax writes its saved output. Backward: nll_loss writes a dense
            // FP32 gradient and log_softmax's backward another, both beside the saved output.
            t.lossForwardTransient = bytes(logits * (half + (c.c != Dtype::Fp32 ? 4 : 0)));
            t.lossBackwardTransient = bytes(logits * 8);
        } else {
            // Vocabulary-parallel cross-entropy: the FP32 copy becomes the saved softmax and
            // then, in place, the gradient; only the half-precision logits and their gradient
            // are extra.
            const Count extra = c.c != Dtype::Fp32 ? logits * half : 0;
            t.lossForwardTransient = bytes(extra);
            t.lossBackwardTransient = bytes(extra);
        }
        break;
    case LossKind::Chunked: {
        // The head returns every chunk's logits in a list that lives until the loss has run (the
        // whole B·S·V in the logits' dtype); beside it one chunk's FP32 upcast at a time. Backward:
        // one chunk's two gradients (nll_loss's and log_softmax's) at a time.
        const Count chunk = ceilDivCount(logits, c.lossChunks);
        if (c.compiledLoss) {
            // The chunks' logits are saved (lossblock.h); the fused kernels materialize no FP32
            // chunk, and backward writes one chunk's gradient at a time.
            t.lossForwardTransient = bytes(0);
            t.lossBackwardTransient = bytes(half * chunk);
            break;
        }
        const Count upcast = c.lossUpcast && c.c != Dtype::Fp32 ? 4 * chunk : 0;
        t.lossForwardTransient = bytes(logits * half + upcast);
        t.lossBackwardTransient = bytes(2 * (c.lossUpcast ? 4 : half) * chunk);
        break;
    }
    case LossKind::FusedLinear: {
        // Liger: one chunk of rows' logits at a time, which its kernel overwrites in place with
        // their softmax gradient; backward only scales the gradients saved in forward.
        const Count rows = ceilDivCount(c.BS, c.lossChunks);
        t.lossForwardTransient = bytes(c.share(rows * c.V, Sharded) * half);
        t.lossBackwardTransient = bytes(0);
        break;
    }
    }
    t.layerForwardTransient = bytes(layerForwardTransient(c));
    // While a layer's backward runs: the gradient of the residual stream, and the gradient of its
    // largest saved tensor beside the gradient that op writes for its input.
    t.layerBackwardTransient = bytes(c.share(c.BSH, 0) * sizeOf(c.r) + 2 * m.largest);
    // Expert parallelism moves the routed rows by all-to-all, out to the experts' GPUs and back
    // (GShard; DeepSpeed-MoE's _AllToAll; Megatron's MoEAlltoAllTokenDispatcher): the permuted
    // rows being sent and those received, k·B·S of H each on average, live together in forward
    // (dispatch, then combine) and again for their gradients in backward.
    if (c.moe.E > 0 && c.ep > 1) {
        const Bytes exchange = bytes(2 * c.moe.rows * c.share(c.H, 0) * sizeOf(c.c));
        if (exchange > t.layerForwardTransient)
            t.layerForwardTransient = exchange;
        if (exchange > t.layerBackwardTransient)
            t.layerBackwardTransient = exchange;
    }
    return t;
}

} // namespace

TransformerTerms transformerTerms(const Scenario &s)
{
    return termsOf(contextOf(s));
}

bool transformerItemizesAdapters(const Scenario &s)
{
    return s.activations.model == ActivationModelKind::Transformer && s.lora.mode != AdapterMode::None
            && itemizesAdapters(s.model, implementationChoices(s.activations.profile));
}

namespace {

[[gnu::always_inline]] inline Count firstLayersHeldOf(const Scenario &s, Count firstLayers)
{
    // The first pipeline stage holds layers 0 .. ceil(L/p) - 1 for each micro-batch in flight.
    const Count held = pipelineLayersHeld(s);
    const Count p = s.parallel.pipelineParallel;
    const Count perStage = p > 1 ? quotient(s.model.layers + p - 1, p) : s.model.layers;
    const Count inFlight = perStage > 0 ? quotient(held, perStage) : 1;
    return (firstLayers < perStage ? firstLayers : perStage) * inFlight;
}

} // namespace

Count firstLayersHeld(const Scenario &s, const TransformerTerms &t)
{
    return firstLayersHeldOf(s, t.firstLayers);
}

ActivationEstimate TransformerActivations::estimate(const Scenario &s) const
{
    Context c = contextOf(s);
    TransformerTerms t = termsOf(c); // not const: see termsOf()
    // Pipeline parallelism: the first stage holds ceil(L/p) layers for min(p, m) micro-batches
    // (korthikanti.h); with p = 1 that is all L layers and the whole outside part. The first
    // layers (t.firstLayers) keep their own figure.
    const Count held = pipelineLayersHeld(s);
    const Count first = firstLayersHeldOf(s, t.firstLayers);
    // Computed into locals and returned in one initialization (the compiler then writes each
    // field once instead of clearing the struct first).
    const Bytes layers = (t.heldActivations + t.heldWeightCopies) * (held - first)
            + (t.heldFirstActivations + t.heldFirstWeightCopies) * first;
    Bytes recompute = t.recomputeActivations + t.recomputeWeightCopies;
    Bytes recomputeFirst = t.recomputeFirstActivations + t.recomputeFirstWeightCopies;
    if (first > 0 && recomputeFirst > recompute)
        recompute = recomputeFirst; // one layer is rebuilt at a time: the largest
    Bytes below = t.embedding + t.shared;
    // Under full recompute autocast still caches every layer's weight copies until forward ends.
    Bytes cached = bytes(0);
    if (s.training.recompute == Recompute::Full)
        cached = t.layerWeightCopies * (held - first) + t.firstLayerWeightCopies * first;
    Bytes outside = bytes(0), outsideHead = bytes(0), lossForward = bytes(0), lossBackward = bytes(0);
    if (s.parallel.pipelineParallel <= 1) {
        outsideHead = t.finalNorm + t.lmHead + t.lmHeadWeightCopy + t.loss + t.auxLoss;
        outside = below + outsideHead;
        lossForward = t.lossForwardTransient;
        lossBackward = t.lossBackwardTransient;
    } else {
        const Count layersPerStage = quotient(s.model.layers + s.parallel.pipelineParallel - 1, s.parallel.pipelineParallel);
        const Count inFlight = layersPerStage > 0 ? quotient(held, layersPerStage) : 1;
        outside = below * inFlight;
    }
    return ActivationEstimate{ .perLayer = t.layerActivations + t.layerWeightCopies,
                               .layers = layers,
                               .recompute = recompute,
                               .outside = outside,
                               .backwardTransient = lossBackward,
                               .outsideHead = outsideHead,
                               .forwardCache = cached,
                               .lossForwardTransient = lossForward,
                               .layerForwardTransient = t.layerForwardTransient,
                               .layerBackwardTransient = t.layerBackwardTransient };
}

void TransformerActivations::itemize(const Scenario &s, std::vector<ActivationItem> &out) const
{
    // One layer: the one most layers are (past LoRA's first layer or an MoE model's dense ones),
    // as the fixtures itemize layer 1.
    const Context whole = contextOf(s);
    const Context c = whole.L > firstLayersOf(whole) ? whole : firstLayerContext(whole);
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
