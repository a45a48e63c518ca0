#pragma once

// Internal: the itemized activation model's estimate (transformeractivations.h), inline so that
// estimate() (estimate.cpp) computes it without the virtual call and without its result going
// through memory (written as 8-byte halves and copied at once as 16-byte values, which stalls
// until the stores retire). transformeractivations.cpp's public functions use the same bodies;
// the tensor lists themselves are summed out of line there (layerSums(), outsideSums()).

#include <cmath>

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/oprecompute.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/transformeractivations.h>

#include "fp8body.h"
#include "stackbody.h"
#include "transformer/tensorlist.h"

namespace headroom::detail {

using transformer::Context;
using transformer::firstLayerContext;
using transformer::LoraContext;
using transformer::MlaContext;
using transformer::MoeContext;
using transformer::Sharded;
using transformer::Whole;
using transformer::sizeOf;

//! The classifier's outputs on an encoder's pooler: transformers' PretrainedConfig.num_labels
//! default (configuration_utils.py: id2label of two entries when none is given).
inline constexpr Count kPoolerLabels = 2;

// The switches the implementation profile gives, with the model's and the stack's overrides.
inline ImplementationChoices choicesOf(const Scenario &s)
{
    ImplementationChoices x = implementationChoices(s.activations.profile);
    // Phi-3's qkv_proj and gate_up_proj: one matmul each, one saved input each.
    if (s.model.fusedProjections)
        x.fusedProjections = true;
    // torch.compile's partitioner recomputes the pointwise ops of the norms and activations in
    // backward and saves what feeds them: the fused kernels' lists.
    if (s.stack.compile) {
        x.fusedNorm = true;
        x.fusedActivation = true;
    }
    return x;
}

// The sub-contexts below are built field by field, zeros where the feature is off, in one
// initialization each: a constant all-zero struct of this size is cleared with rep stos,
// which costs more than the rest of the context.

inline MoeContext moeContextOf(const Scenario &s, Count F, Count BS)
{
    const ModelSpec &m = s.model;
    const bool on = m.moe.enabled();
    const Count E = on ? m.moe.experts : 0;
    const Count K = on ? m.moe.perToken : 0;
    const Count routed = K * BS;
    Count rows = routed;
    if (on && s.activations.capacityFactor > 0) {
        // Capacity-capped routing (GShard, DeepSpeed-MoE): each expert takes at most
        // C = ceil(f·k·B·S / E) rows, and the dispatch buffers [E, C, H] are padded to C, so
        // the experts' tensors hold E·C rows whatever the router does (fewer than k·B·S below
        // f = 1, where tokens are dropped; more above it). Dropless (f = 0): k·B·S.
        const double capacity = std::ceil(s.activations.capacityFactor * static_cast<double>(routed)
                                          / static_cast<double>(E));
        rows = E * static_cast<long long>(capacity);
    }
    const Count dense = m.moe.denseLayers < m.layers ? m.moe.denseLayers : m.layers;
    // Mixtral renormalises the top-k weights in place; Qwen2-MoE's norm_topk_prob and
    // DeepSeek-V2's default do not (ModelSpec has no switch for it: models with shared experts
    // are taken not to).
    const bool mixtral = on && m.moe.sharedExperts == 0;
    return MoeContext{ .E = E,
                       .K = K,
                       .F = !on ? 0 : m.moe.expertFfn > 0 ? m.moe.expertFfn : F,
                       .rows = rows,
                       .hit = rows < E ? rows : E,
                       .SF = on ? m.moe.sharedExperts * m.moe.sharedFfnOrExpert() : 0,
                       .sharedGate = on && m.moe.sharedGate,
                       .renormalize = mixtral,
                       .mixtralNames = mixtral,
                       .layers = on ? m.layers - dense : 0 };
}

inline MlaContext mlaContextOf(const ModelSpec &m)
{
    const bool on = m.mla.enabled();
    const Count rope = on ? m.mla.ropeHeadDim : 0;
    const Count nope = on ? m.mla.nopeHeadDim : 0;
    return MlaContext{ .QL = on ? m.mla.qLoraRank : 0,
                       .KL = on ? m.mla.kvLoraRank : 0,
                       .RH = rope,
                       .NH = nope,
                       .VH = on ? m.mla.valueHeadDim : 0,
                       .QH = nope + rope };
}

// \a autocast, \a compute (c) and \a residual (r): the context's own.
inline LoraContext loraContextOf(const Scenario &s, bool autocast, Dtype compute, Dtype residual)
{
    const bool on = s.lora.mode != AdapterMode::None;
    const unsigned targets = !on ? 0u : s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    const bool quantized = s.lora.mode == AdapterMode::Qlora;
    // PEFT keeps the adapters in FP32 (autocast_adapter_dtype upcasts bf16 ones), so their
    // operands are FP32 but under autocast, which casts them. Linear4bit casts its output back
    // to its input's dtype.
    const Dtype adapter = autocast ? compute : peftFp32AdaptersOf(s) ? Dtype::Fp32 : compute;
    return LoraContext{ .q = (targets & LoraQ) != 0,
                        .k = (targets & LoraK) != 0,
                        .v = (targets & LoraV) != 0,
                        .o = (targets & LoraO) != 0,
                        .gate = (targets & LoraGate) != 0,
                        .up = (targets & LoraUp) != 0,
                        .down = (targets & LoraDown) != 0,
                        .dropout = on && s.lora.dropout > 0.0,
                        .quantized = quantized,
                        .dora = on && s.lora.dora,
                        .savesInput = quantized && (s.lora.bnbSavesInput || keepsUncastInput(s.stack.quantBase) || keepsCastInput(s.stack.quantBase)),
                        .uncastInput = quantized && keepsUncastInput(s.stack.quantBase),
                        .savesDequantized = quantized && s.stack.quantBase == QuantBase::Gptq,
                        .trainedEmbedding = on && (s.lora.trainedModules & TrainedEmbedding) != 0,
                        .trainedHead = on && (s.lora.trainedModules & TrainedHead) != 0,
                        .R = on ? s.lora.rank : 0,
                        .a = on ? adapter : Dtype::Fp32,
                        .p = !on ? Dtype::Fp32 : quantized ? residual : compute };
}

// context(), inline for the estimate (context() itself is interposable under -fPIC, so the
// compiler would not inline it). Built in one initialization from locals: assigned field by
// field, the context (768 bytes) would be cleared first, with rep stos.
[[gnu::always_inline]] inline Context contextOf(const Scenario &s)
{
    const ModelSpec &m = s.model;
    const BlockTraits traits = modelTraits(m);
    // An encoder with its pooler classifies each sequence from its first token: its logits are
    // B x num_labels, not B x S x V (the --encoder-head pooler runs were charged a whole
    // vocabulary's loss).
    const bool pooled = traits.encoder && m.encoderHead == EncoderHead::Pooler;
    const Count B = s.training.microBatch;
    const Count S = sequencePerGpu(s); // S / c under context parallelism
    const Count H = m.hidden;
    const Count A = m.heads;
    // The head dim (H / A unless the model sets it; the division in 64 bits: validation bounds
    // both far below 2^63).
    const Count d = m.headDimOrDefault();
    const Count kvHeads = m.kvHeadsOrHeads();
    const Count qDim = A * d;
    const Fp8Casts casts = fp8CastTransients(s);
    const Count F = m.ffnOrDefault();
    const Count BS = B * S;
    const Count BAS = BS * A;
    const Recipe recipe = s.training.precision.recipe;
    const bool autocast = isAutocast(recipe);
    const Dtype compute = activationDtype(recipe);
    const bool fsdpMixed = fsdpMixedPrecisionOf(s);
    // Under autocast the weights, and so the embeddings and the residual stream, stay FP32; every
    // other recipe runs the whole block in its activation dtype. So does a frozen base under
    // autocast: the fixtures' LoRA and QLoRA runs keep its non-quantized weights in FP32 and
    // measured an FP32 residual stream (SAVED_TENSORS.md, "LoRA on a frozen base").
    const Dtype residual = autocast && !fsdpMixed ? Dtype::Fp32 : compute;
    const ImplementationChoices x = choicesOf(s);
    // GELU: the family's Hugging Face code unless set (GPT-2 and Phi: gelu_new written out; the
    // others F.gelu or gelu_pytorch_tanh, one op); a fused activation kernel saves its input.
    const bool pythonGelu = s.activations.gelu == GeluImpl::Python
            || (s.activations.gelu == GeluImpl::ModelDefault
                && (m.family == BlockFamily::Gpt2 || m.family == BlockFamily::Phi));
    const bool adapters = s.lora.mode != AdapterMode::None;
    const Count chunks = lossChunksOf(s); // resolveStack()'s loss chunks, without the rest of it
    // torchtune's CEWithChunkedOutputLoss upcasts each chunk; litgpt's chunked_cross_entropy
    // runs in the model's dtype.
    const bool lossUpcast = s.stack.stack != TrainingStack::Litgpt;
    const Count cp = s.parallel.contextParallel > 1 ? s.parallel.contextParallel : 1;
    const ContextParallelKind cpKind = cp > 1 ? contextParallelKindOf(s) : ContextParallelKind::Ring;
    const Count tp = s.parallel.tensorParallel > 1 ? s.parallel.tensorParallel : 1;
    const Count kvPerGpu = kvHeads >= tp ? quotient(kvHeads, tp) : 1;
    Count cpKvFactor = 1;
    if (cpKind == ContextParallelKind::AllGather)
        cpKvFactor = cp;
    else if (cpKind == ContextParallelKind::Ulysses && kvPerGpu < cp)
        cpKvFactor = quotient(cp, kvPerGpu); // validation keeps c a multiple of the GPU's KV heads
    return Context{
        .B = B,
        .S = S,
        .H = H,
        .A = A,
        .kv = kvHeads * d,
        .F = F,
        .V = pooled ? kPoolerLabels : m.headOutputs(),
        .d = d,
        .kvHeads = kvHeads,
        .qDim = qDim,
        // Partial rotary rotates int(d · fraction) dims of each head (GPT-NeoX rotary_pct, Phi
        // partial_rotary_factor), as HF truncates.
        .RD = traits.rotary ? Count(static_cast<long long>(static_cast<double>(static_cast<long long>(d)) * m.rotaryFraction))
                            : 0,
        .L = m.layers,
        .BS = BS,
        .BSH = BS * H,
        .BSF = BS * F,
        .BAS = BAS,
        .scores = BAS * S,
        .BSV = pooled ? B * kPoolerLabels : B * logitsTokens(s) * m.headOutputs(),
        .BSQ = BS * qDim,
        .gqa = kvHeads != m.heads,
        .positions = m.maxPositions > 0,
        .family = m.family,
        .parallel = traits.residual == Residual::Parallel,
        .normsPerLayer = traits.normsPerLayer,
        .fusedQkv = traits.fusedQkv,
        .softcap = traits.softcap,
        .qkNorm = m.qkNorm,
        .rotary = traits.rotary,
        .geluPython = pythonGelu && !x.fusedActivation,
        .r = residual,
        .c = compute,
        .autocast = autocast,
        .copies = autocast && x.autocastWeightCopies && !fsdpMixed,
        .drop = s.activations.dropout > 0.0,
        .kernel = attentionKernelOf(s),
        .opSaved = s.training.recompute == Recompute::Op ? opSavedLinears(m) : 0u,
        .packedMask = s.training.packed && attentionKernelOf(s) == AttentionKernel::Sdpa,
        .recompute = s.training.recompute,
        .x = x,
        .t = s.parallel.tensorParallel,
        .tensorParallel = s.parallel.tensorParallel > 1,
        .sp = s.parallel.sequenceParallel,
        .ep = s.parallel.expertParallel > 1 ? s.parallel.expertParallel : 1,
        .moe = moeContextOf(s, F, BS),
        .mla = mlaContextOf(m),
        .mlaOn = m.mla.enabled(),
        .adapters = adapters,
        .itemizedLora = adapters && transformer::itemizesAdapters(m, x),
        .lora = loraContextOf(s, autocast, compute, residual),
        .loss = s.stack.loss,
        .lossChunks = chunks > 0 ? chunks : 1,
        .lossChunkTokens = s.stack.stack == TrainingStack::Litgpt && s.stack.lossChunks == 0 ? kLitgptChunkTokens : 0,
        .lossUpcast = lossUpcast,
        // torchtune's compile_loss compiles CEWithChunkedOutputLoss.compute_cross_entropy, the
        // FP32 upcast and the cross-entropy as one graph (training/_compile.py L52-74): the
        // partitioner saves the chunk's logits and a per-row logsumexp and recomputes the softmax
        // in backward, so no FP32 B·S·V tensor is saved (torchtune's ladder: "+ chunked CE" with
        // compile, 51.0 -> 42.9 GiB for Llama-3.2-3B at B·S = 8192).
        .compiledLoss = s.stack.compile && s.stack.loss == LossKind::Chunked && lossUpcast,
        .completionLogits = logitsTokens(s) != S,
        .pooled = pooled,
        .logProbsInLogitsDtype = takesLogProbsFromLogits(s.training.method) && logProbsDtype(s) != Dtype::Fp32,
        .inputGrad = true,
        .denseMlp = !m.moe.enabled(),
        .fp8Inputs = isTeFp8(s.training.precision.fp8),
        .fp8InputScales = s.training.precision.fp8 == Fp8Recipe::TeBlockwise,
        .fp8LayerWeights = isTeFp8(s.training.precision.fp8) && !teFp8Workspace(s)
                ? kTeFp8WeightCopiesPerParameter * fp8LayerLinearWeights(m)
                : 0,
        .fp8CastForward = casts.forward,
        .fp8CastBackward = casts.backward,
        .cp = cp,
        .cpKind = cpKind,
        .cpKvFactor = cpKvFactor,
        .hybrid = m.hybrid.enabled() ? &m.hybrid : nullptr,
        .mixerLayers = static_cast<std::int64_t>(mixerLayerCount(m)),
        .mixerLayer = false,
        .attentionGate = m.attentionGate,
        .gemmaNorms = m.zeroCenteredNorm,
        .fusedGateUp = m.fusedGateUp,
    };
}

// The first layers whose list differs from the others' (transformer::firstLayersOf()).
inline Count firstLayersIn(const Context &c)
{
    // A hybrid model's mixer layers (validation keeps the other users of this slot away).
    if (c.mixerLayers > 0)
        return c.mixerLayers;
    if (c.itemizedLora && c.recompute != Recompute::Full && !c.lora.trainedEmbedding)
        return c.L > 0 ? 1 : 0;
    if (c.moe.E > 0)
        return c.L - c.moe.layers;
    return 0;
}

//! One layer's sums (its list under the context's switches) and the sums outside the layers,
//! by region: transformeractivations.cpp, out of line.
struct LayerSums
{
    Count act = 0, copies = 0, core = 0, alias = 0, largest = 0;
};

struct OutsideSums
{
    Count embedding = 0, finalNorm = 0, lmHead = 0, lmHeadCopy = 0, loss = 0, auxLoss = 0, shared = 0;
};

LayerSums layerSums(const Context &c);
OutsideSums outsideSums(const Context &c);
//! transformer::layerForwardTransient(), out of line.
Count layerScratch(const Context &c);

// One layer's figures under the recompute policy.
struct LayerFigures
{
    Bytes act = bytes(0), copies = bytes(0), core = bytes(0), alias = bytes(0);
    Bytes held = bytes(0), heldCopies = bytes(0), recompute = bytes(0), recomputeCopies = bytes(0);
};

/*!
 * What torchtitan's per-operator policy saves of one layer beyond its input (oprecompute.h), each
 * as fn(name, shape, dtype, elements): the outputs of the saved linears, in the matmul dtype, a
 * t-th of the column-parallel ones and the row-parallel ones (o, down) whole, the mm's partial sum
 * before the reduction; the fused attention kernel's output and FP32 log-sum-exp; under sequence
 * parallelism the two reduce-scatters' outputs (in the save list). Eager attention runs no kernel
 * in the list.
 */
template<typename Fn>
inline void forEachOpSaved(const Context &c, Fn &&fn)
{
    const unsigned k = c.opSaved;
    if (k & OpQ)
        fn("op_saved.q_proj", "B×S×A·d", c.c, c.share(c.BSQ, Sharded));
    if (k & OpK)
        fn("op_saved.k_proj", "B×S×KV·d", c.c, c.share(c.BS * c.kv, Sharded));
    if (k & OpV)
        fn("op_saved.v_proj", "B×S×KV·d", c.c, c.share(c.BS * c.kv, Sharded));
    if (k & OpO)
        fn("op_saved.o_proj", "B×S×H", c.c, c.share(c.BSH, Whole));
    if (k & OpGate)
        fn("op_saved.gate_proj", "B×S×F", c.c, c.share(c.BSF, Sharded));
    if (k & OpUp)
        fn("op_saved.up_proj", "B×S×F", c.c, c.share(c.BSF, Sharded));
    if (k & OpDown)
        fn("op_saved.down_proj", "B×S×H", c.c, c.share(c.BSH, Whole));
    if (c.kernel != AttentionKernel::Eager) {
        fn("op_saved.attention_out", "B×S×A·d", c.c, c.share(c.BSQ, Sharded));
        fn("op_saved.attention_lse", "B×A×S", Dtype::Fp32, c.share(c.BAS, Sharded));
    }
    if (c.tensorParallel && c.sp) {
        fn("op_saved.o_reduce_scatter", "B×S×H/t", c.c, c.share(c.BSH, 0));
        fn("op_saved.down_reduce_scatter", "B×S×H/t", c.c, c.share(c.BSH, 0));
    }
}

inline Count opSavedBytes(const Context &c)
{
    Count saved = 0;
    forEachOpSaved(c, [&saved](const char *, const char *, Dtype dtype, Count elements) { saved += elements * sizeOf(dtype); });
    return saved;
}

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
    case Recompute::Op:
        // The checkpoint keeps the layer's input and the policy's saved outputs; backward reruns
        // the layer's other ops, whose saved list is the layer's own again (counted whole: the
        // tensors it shares with the saved outputs, v, the kernel's output, the gate's output,
        // make this the upper end by them).
        f.held = checkpointInput + bytes(opSavedBytes(c));
        f.recompute = f.act - f.alias;
        f.recomputeCopies = f.copies;
        break;
    }
    return f;
}

inline Count ceilDivCount(Count a, Count b) { return b > 0 ? quotient(a + b - 1, b) : a; }

//! Context parallelism's exchange buffers for one layer's attention, bytes on this GPU.
struct ContextExchange
{
    Count forward = 0, backward = 0;
};

/*!
 * From the code (scenario.h ContextParallelKind names the files). kv: this GPU's K and V as the
 * kernel takes them (S / c tokens, its heads); q, out: the query and the output; lse: FP32.
 *  - Ring (TE AttnFuncWithCPAndKVP2P, BF16 path): forward fills p2p_comm_buffers with every
 *    received block (c of them, its own cat copy first) and keeps each step's output and
 *    log-sum-exp until the final correction: c·(kv + out + lse). Backward allocates the K/V and
 *    dK/dV send and receive buffers, 4·kv, and a dq buffer.
 *  - All-gather (torch flex_cp_allgather): the gathered K and V are what the kernel saves (the
 *    saved list has them, Context::cpKvFactor), so forward adds nothing unless recomputation
 *    gathers them without saving; backward writes whole-length dK and dV before the
 *    reduce-scatter: c·kv.
 *  - Ulysses (DeepSpeed _SeqAllToAll): each all-to-all holds its input and a permuted copy beside
 *    the output it writes: two queries' worth at the largest (q), in forward and for the
 *    gradients in backward.
 */
inline ContextExchange contextParallelExchange(const Context &c)
{
    const Count e = sizeOf(c.c);
    const Count kv = c.share(2 * c.BS * c.kv, Sharded) * e;
    const Count q = c.share(c.BSQ, Sharded) * e;
    const Count lse = c.share(c.BAS, Sharded) * 4;
    switch (c.cpKind) {
    case ContextParallelKind::Ring: return { c.cp * (kv + q + lse), 4 * kv + q };
    case ContextParallelKind::AllGather: return { checkpointsLayers(c.recompute) ? c.cp * kv : 0, c.cp * kv };
    case ContextParallelKind::Ulysses: return { 2 * q, 2 * q };
    case ContextParallelKind::StackDefault: break;
    }
    return {};
}

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
    if (t.firstLayers > 0) {
        const LayerSums firstSums = layerSums(firstLayerContext(c));
        first = figuresOf(c, firstSums, t.checkpointInput);
        // A hybrid's mixer layers are most of its layers: the largest saved tensor of either
        // kind sizes the backward's gradients.
        if (c.mixerLayers > 0 && firstSums.largest > m.largest) {
            m.largest = firstSums.largest;
            t.largestLayerTensor = bytes(m.largest);
        }
    }
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
            if (c.logProbsInLogitsDtype) {
                // TRL's selective_log_softmax on 16-bit logits, one sequence's row at a time: the
                // logits and a row's log-softmax; backward, the logits' gradient and a row's two.
                const Count row = ceilDivCount(logits, c.B > 0 ? c.B : 1);
                t.lossForwardTransient = bytes((logits + row) * half);
                t.lossBackwardTransient = bytes((logits + 2 * row) * half);
            }
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
        // LitGPT cuts fixed 128-token slices of each sequence, the last one shorter
        // (GPT.forward: x.split(lm_head_chunk_size, dim=1); chunked_cross_entropy, utils.py,
        // Lightning-AI/litgpt at 01db2ec): the largest holds B·min(S, 128)·V logits, not
        // B·S·V/⌈S/128⌉ (which made S = 129 lower the peak below S = 128's).
        const Count chunk = c.lossChunkTokens > 0
                ? c.share(c.B * (c.S < c.lossChunkTokens ? c.S : c.lossChunkTokens) * c.V, Sharded)
                : ceilDivCount(logits, c.lossChunks);
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
    // A linear's FP8 casts live while it runs, apart from the layer's other scratch.
    const Count scratch = layerScratch(c);
    t.layerForwardTransient = bytes(c.fp8CastForward > scratch ? c.fp8CastForward : scratch);
    // While a layer's backward runs: the gradient of the residual stream, and the gradient of its
    // largest saved tensor beside the gradient that op writes for its input; under FP8, beside
    // them, the casts of the linear computing its gradients.
    t.layerBackwardTransient = bytes(c.share(c.BSH, 0) * sizeOf(c.r) + 2 * m.largest + c.fp8CastBackward);
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
    if (c.cp > 1) {
        // What context parallelism's attention holds while it runs (contextParallelExchange()):
        // in forward beside the layer's other scratch, in backward beside the gradients.
        const ContextExchange x = contextParallelExchange(c);
        t.contextForward = bytes(x.forward);
        t.contextBackward = bytes(x.backward);
        if (t.contextForward > t.layerForwardTransient)
            t.layerForwardTransient = t.contextForward;
        t.layerBackwardTransient += t.contextBackward;
    }
    return t;
}

[[gnu::always_inline]] inline Count firstLayersHeldOf(const Scenario &s, Count firstLayers)
{
    // Of the layers the rank holds in flight (pipelinestage.h), those among the model's first.
    return pipelineShareOf(s, describedRank(s), s.model.layers, firstLayers).heldFirstLayers;
}

/*!
 * Layer-level checkpointing (layerRecomputePlan()): of the stage's n layers the checkpointed ones
 * keep their input (one per group under Megatron's uniform method), the others everything they
 * save, as without recomputation; backward rebuilds one layer, or one uniform group at once, whose
 * first tensor is the stored input itself. Per micro-batch in flight, as estimate() counts.
 */
inline void partialRecompute(const Scenario &s, const TransformerTerms &t, const PipelineShare &rank, Bytes &layers,
                             Bytes &recompute, Bytes &cached)
{
    const Count n = rank.layers;
    const Count inFlight = n > 0 ? quotient(rank.heldLayers, n) : 1;
    const Count first = quotient(rank.heldFirstLayers, inFlight > 0 ? inFlight : 1);
    const LayerRecomputePlan plan = layerRecomputePlan(s, n, first);
    const Bytes whole = t.layerActivations + t.layerWeightCopies;
    const Bytes wholeFirst = t.firstLayers > 0 ? t.firstLayerActivations + t.firstLayerWeightCopies : whole;
    const Count keptFirst = first - plan.checkpointedFirst;
    const Count keptRest = n - first - (plan.checkpointed - plan.checkpointedFirst);
    layers = (wholeFirst * keptFirst + whole * keptRest + t.checkpointInput * plan.inputs) * inFlight;
    const Bytes largest = wholeFirst > whole ? wholeFirst : whole;
    recompute = largest * plan.group - t.checkpointAlias;
    const Bytes copiesFirst = t.firstLayers > 0 ? t.firstLayerWeightCopies : t.layerWeightCopies;
    cached = (copiesFirst * plan.checkpointedFirst + t.layerWeightCopies * (plan.checkpointed - plan.checkpointedFirst)) * inFlight;
}

//! TransformerActivations::estimate().
[[gnu::always_inline]] inline ActivationEstimate transformerEstimate(const Scenario &s)
{
    Context c = contextOf(s);
    TransformerTerms t = termsOf(c); // not const: see termsOf()
    // Pipeline parallelism: the rank holds its layers for each forward chunk in flight
    // (pipelinestage.h; the first rank ceil(L/p) layers for min(p, m) micro-batches under an even
    // split); with p = 1 that is all L layers and the whole outside part. The first layers
    // (t.firstLayers) keep their own figure.
    const PipelineShare rank = pipelineShareOf(s, describedRank(s), s.model.layers, t.firstLayers);
    const Count held = rank.heldLayers;
    const Count first = rank.heldFirstLayers;
    // Computed into locals and returned in one initialization (the compiler then writes each
    // field once instead of clearing the struct first).
    const Bytes layers = (t.heldActivations + t.heldWeightCopies) * (held - first)
            + (t.heldFirstActivations + t.heldFirstWeightCopies) * first;
    Bytes recompute = t.recomputeActivations + t.recomputeWeightCopies;
    Bytes recomputeFirst = t.recomputeFirstActivations + t.recomputeFirstWeightCopies;
    if (first > 0 && recomputeFirst > recompute)
        recompute = recomputeFirst; // one layer is rebuilt at a time: the largest
    // Under full recompute autocast still caches every layer's weight copies until forward ends.
    Bytes cached = bytes(0);
    if (checkpointsLayers(s.training.recompute))
        cached = t.layerWeightCopies * (held - first) + t.firstLayerWeightCopies * first;
    Bytes layersHeld = layers;
    if (s.training.recompute == Recompute::Full && (s.training.recomputeEvery > 1 || s.training.recomputeLayers > 0))
        partialRecompute(s, t, rank, layersHeld, recompute, cached);
    // The embedding's output on the first rank, for each micro-batch in flight there; the final
    // norm, LM head, logits and loss on the last, for the one micro-batch whose forward is
    // followed at once by its backward (pipelinestage.h). Without pipelining one rank holds both.
    // Every rank builds its own RoPE tables (and, checkpointing, its mask and positions).
    Bytes outside = t.embedding * rank.embeddingsInFlight + t.shared * rank.forwardsInFlight, outsideHead = bytes(0), lossForward = bytes(0), lossBackward = bytes(0);
    if (rank.head) {
        outsideHead = t.finalNorm + t.lmHead + t.lmHeadWeightCopy + t.loss + t.auxLoss;
        outside += outsideHead;
        lossForward = t.lossForwardTransient;
        lossBackward = t.lossBackwardTransient;
    }
    // One layer's figure (a forward-only pass holds one at a time): a hybrid's larger kind.
    Bytes perLayer = t.layerActivations + t.layerWeightCopies;
    if (c.mixerLayers > 0 && t.firstLayerActivations + t.firstLayerWeightCopies > perLayer)
        perLayer = t.firstLayerActivations + t.firstLayerWeightCopies;
    // A hybrid's bottom layer may be either kind: the larger one held.
    Bytes bottomLayer = bytes(0);
    if (c.mixerLayers > 0 && first > 0 && held > first) {
        const Bytes mixer = t.heldFirstActivations + t.heldFirstWeightCopies, attention = t.heldActivations + t.heldWeightCopies;
        bottomLayer = mixer > attention ? mixer : attention;
    }
    return ActivationEstimate{ .perLayer = perLayer,
                               .layers = layersHeld,
                               .recompute = recompute,
                               .outside = outside,
                               .backwardTransient = lossBackward,
                               .outsideHead = outsideHead,
                               .forwardCache = cached,
                               .lossForwardTransient = lossForward,
                               .layerForwardTransient = t.layerForwardTransient,
                               .layerBackwardTransient = t.layerBackwardTransient,
                               .bottomLayer = bottomLayer };
}

} // namespace headroom::detail
