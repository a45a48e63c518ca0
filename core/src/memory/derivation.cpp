#include <headroom/memory/derivation.h>
#include <headroom/memory/posttraining.h>

#include <headroom/memory/validation.h>

#include <algorithm>

#include <headroom/memory/estimate.h>
#include <headroom/memory/korthikanti.h>

#include "derivationbuilder.h"
#include "placementbody.h"
#include "posttrainingbody.h"

namespace headroom {

namespace derivation {

Builder::Builder(const Scenario &scenario, const ResolvedScenario &resolved, const Placement &placement,
                 const Breakdown &breakdown, Derivation &derivation)
    : s(scenario), r(resolved), pl(placement), b(breakdown), out(derivation)
{
}

Formula Builder::input(std::string_view name, const char *meaning, Count value, const char *source)
{
    return derived(name, meaning, value, Formula(), source, false);
}

Formula Builder::derived(std::string_view name, const char *meaning, Count value, Formula formula, const char *source,
                         bool hasFormula)
{
    // The first registration of a symbol defines it; later ones only name it.
    if (!out.value(name)) {
        DerivedValue v;
        v.symbol = std::string(name);
        v.meaning = meaning;
        v.value = value;
        v.derived = hasFormula;
        v.formula = std::move(formula);
        v.source = source;
        out.values.push_back(std::move(v));
    }
    return Formula::symbol(name, value);
}

Formula Builder::symbol(std::string_view name) const
{
    const DerivedValue *v = out.value(name);
    return Formula::symbol(name, v ? v->value : 0);
}

Formula Builder::times(const Formula &count, BytesPer size, bool perParam)
{
    const Formula constant = perParam ? Formula::perParam(size) : Formula::perElement(size);
    if (size.denominator == 1)
        return count * constant;
    return Formula::floorOf(count * constant);
}

bool Builder::modelParallel() const
{
    return s.parallel.tensorParallel > 1 || s.parallel.pipelineParallel > 1 || s.parallel.expertParallel > 1;
}

bool Builder::slicedShare() const
{
    return r.share.total > 0 && r.share.parameters != r.share.total;
}

Formula Builder::sliced(Formula x)
{
    if (!slicedShare())
        return x;
    return Formula::ceilDiv(std::move(x) * symbol("P_m"), symbol("P"));
}

Formula Builder::sharded(Formula x)
{
    if (r.dataParallel <= 1)
        return x;
    return Formula::ceilDiv(std::move(x), symbol("d"));
}

void Builder::addTerm(BucketDerivation &bucket, const char *id, const char *label, Formula formula, Bytes bytes,
                      const char *source)
{
    if (bytes == headroom::bytes(0))
        return;
    bucket.terms.push_back({ id, label, std::move(formula), bytes, source });
}

void Builder::close(BucketDerivation &bucket, Bytes bytes)
{
    std::vector<Formula> parts;
    parts.reserve(bucket.terms.size());
    for (const DerivationTerm &t : bucket.terms)
        parts.push_back(t.formula);
    bucket.formula = Formula::sum(std::move(parts));
    bucket.bytes = bytes;
}

namespace {

// What the optimizer step's own temporaries are, per optimizer (timelinebody.h ownTemporaries()).
const char *optimizerTemporariesLabel(Optimizer o)
{
    switch (o) {
    case Optimizer::Muon:
        return QT_TRANSLATE_NOOP("Derivation", "Muon's Newton-Schulz iteration on the largest hidden matrix, in BF16: 2 x (4 r R + 2 r²) bytes");
    case Optimizer::Galore8bit:
        return QT_TRANSLATE_NOOP("Derivation", "GaLore's 8-bit step on the largest projected weight: the larger of the weight's clone and its "
                                               "update brought back to m x n, and its projector's refresh, an FP32 SVD of the gradient");
    case Optimizer::Galore:
        return QT_TRANSLATE_NOOP("Derivation", "GaLore's step on the largest projected weight: the larger of its update brought back to m x n "
                                               "twice, and its projector's refresh, an FP32 SVD of the gradient");
    case Optimizer::Apollo:
        return QT_TRANSLATE_NOOP("Derivation", "APOLLO's step on the largest projected weight: the larger of the scaled gradient twice over, "
                                               "and its projection's refresh from an FP32 copy of the gradient");
    case Optimizer::AdamMini:
        return QT_TRANSLATE_NOOP("Derivation", "Adam-mini's step on the largest tensor: the squared gradient and the update");
    case Optimizer::Lion:
    case Optimizer::Adafactor:
        return QT_TRANSLATE_NOOP("Derivation", "the step's FP32 temporaries on the largest weight matrix");
    default:
        return QT_TRANSLATE_NOOP("Derivation", "the optimizer step's temporaries (foreach sqrt of the second moment)");
    }
}

void deriveOverhead(Builder &b)
{
    BucketDerivation &o = b.out.overhead;
    o.key = "overhead";
    o.label = QT_TRANSLATE_NOOP("Derivation", "Runtime overhead");
    o.source = QT_TRANSLATE_NOOP("Derivation", "CUDA context: PyTorch's CUDA semantics notes (300 MiB to 2 GiB with the driver and lazy "
                       "loading); the caching allocator's own reserve is modelled apart, in the reserved figure "
                       "(an emulation of c10/cuda/CUDACachingAllocator.cpp), unless a fixed one is given");
    const Bytes ctx = b.s.overhead.cudaContext;
    Builder::addTerm(o, "cuda-context", QT_TRANSLATE_NOOP("Derivation", "CUDA context and kernel images"),
                     b.input("C_ctx", QT_TRANSLATE_NOOP("Derivation", "CUDA context, in bytes"), countOf(ctx)), ctx);
    const MemoryFigures &f = b.out.figures;
    if (f.cache > bytes(0))
        Builder::addTerm(o, "allocator-cache",
                         f.cacheModelled ? QT_TRANSLATE_NOOP("Derivation", "the caching allocator's blocks beyond what is allocated at its peak")
                                         : QT_TRANSLATE_NOOP("Derivation", "caching allocator's reserve beyond what is allocated"),
                         b.input("C_alloc",
                                 f.cacheModelled ? QT_TRANSLATE_NOOP("Derivation", "reserved − allocated at the peak: PyTorch's caching allocator "
                                                                                   "emulated over loading and the step, tensor by tensor, in bytes")
                                                 : QT_TRANSLATE_NOOP("Derivation", "allocator reserve, in bytes"),
                                 countOf(f.cache),
                                 f.cacheModelled ? QT_TRANSLATE_NOOP("Derivation", "c10/cuda/CUDACachingAllocator.cpp (PyTorch 2.4): 512-byte rounding, "
                                                                                   "2 MiB and 20 MiB segments, best fit, split and merged blocks")
                                                 : ""),
                         f.cache);
    Builder::close(o, ctx + f.cache);
}

// The step's highest point, mirroring steptimeline.cpp's forEachPoint() for the event that is
// the peak.
void derivePeak(Builder &b, const StepTimeline &timeline)
{
    const Scenario &s = b.s;
    const ActivationEstimate &a = b.b.activationDetail;
    const TimelinePoint &p = timeline.peakPoint();
    BucketDerivation &k = b.out.peak;
    k.key = "peak";
    k.label = QT_TRANSLATE_NOOP("Derivation", "Peak of the step");
    k.source = QT_TRANSLATE_NOOP("Derivation", "the step timeline: gradients appear during backward as saved activations are released, "
                       "short-lived buffers come and go (steptimeline.h)");
    b.out.peakEvent = p.event;
    b.out.peakPhase = p.phase;

    auto bucket = [&b](const char *name, const char *meaning, Bytes v) { return b.input(name, meaning, countOf(v)); };
    if (p.parameters > bytes(0))
        Builder::addTerm(k, "parameters", QT_TRANSLATE_NOOP("Derivation", "parameters on this GPU"),
                     bucket("W", QT_TRANSLATE_NOOP("Derivation", "parameters bucket, in bytes"), b.b.parameters), p.parameters);

    // Gradients live at this event.
    const bool kept = timeline.gradients == GradientLifetime::KeptBetweenSteps;
    if (p.gradients > bytes(0)) {
        const Formula G = bucket("G", QT_TRANSLATE_NOOP("Derivation", "gradients bucket, in bytes"), b.b.gradients);
        Formula gradients = G;
        if (!kept && p.event == TimelineEvent::ValueModelBackward) {
            gradients = G - b.input("G_v", QT_TRANSLATE_NOOP("Derivation", "the value model's gradients on this GPU, in bytes"),
                                    countOf(b.b.side.criticGradients));
        } else if (!kept && (p.event == TimelineEvent::TopLayerBackward || p.event == TimelineEvent::BottomLayerBackward)) {
            const Count held = std::max<Count>(1, pipelineLayersHeld(s));
            const GradientShares shares = gradientShares(s, b.r.counts, held);
            if (shares.total > 0) {
                const bool top = p.event == TimelineEvent::TopLayerBackward;
                const Count done = shares.done(true, top ? 1 : shares.layers, false);
                // Under adapters or a pipeline the shares count layers, not parameters
                // (steptimeline.cpp sharesOf()): the symbols say which.
                const bool byLayer = s.lora.mode != AdapterMode::None || s.parallel.pipelineParallel > 1;
                gradients = Formula::floorDiv(
                        G * b.input("g_done", byLayer ? QT_TRANSLATE_NOOP("Derivation", "layers on this GPU whose backward has run")
                                                      : QT_TRANSLATE_NOOP("Derivation", "parameters whose backward has run (head and layers so far)"),
                                    done),
                        b.input("g_all", byLayer ? QT_TRANSLATE_NOOP("Derivation", "layers on this GPU that hold gradients")
                                                 : QT_TRANSLATE_NOOP("Derivation", "parameters with gradients"),
                                shares.total));
            }
        }
        Builder::addTerm(k, "gradients", kept ? QT_TRANSLATE_NOOP("Derivation", "gradients, resident for the whole step")
                                              : QT_TRANSLATE_NOOP("Derivation", "gradients written so far"),
                         gradients, p.gradients);
    }
    if (p.masterWeights > bytes(0))
        Builder::addTerm(k, "master-weights", hasHalfMaster(b.s.training.precision) ? QT_TRANSLATE_NOOP("Derivation", "16-bit master weights")
                                                                                     : QT_TRANSLATE_NOOP("Derivation", "FP32 master weights"),
                     bucket("M", QT_TRANSLATE_NOOP("Derivation", "master-weights bucket, in bytes"), b.b.masterWeights), p.masterWeights);
    if (p.optimizerStates > bytes(0))
        Builder::addTerm(k, "optimizer-states", QT_TRANSLATE_NOOP("Derivation", "optimizer states"),
                     bucket("O", QT_TRANSLATE_NOOP("Derivation", "optimizer-states bucket, in bytes"), b.b.optimizerStates), p.optimizerStates);

    // Saved activations live at this event; a part of zero bytes is left out of the formula.
    std::vector<Formula> live;
    auto part = [&](const char *name, const char *meaning, Bytes v) {
        if (v > bytes(0))
            live.push_back(b.input(name, meaning, countOf(v)));
    };
    auto layers = [&] { part("A_L", QT_TRANSLATE_NOOP("Derivation", "activations of all layers held, in bytes"), a.layers); };
    auto below = [&] {
        part("A_emb", b.b.side.criticActivations > bytes(0)
                              ? QT_TRANSLATE_NOOP("Derivation", "embedding and shared tensors and the value model's saved tensors, in bytes")
                              : QT_TRANSLATE_NOOP("Derivation", "embedding and shared tensors, in bytes"),
             a.outside - a.outsideHead);
    };
    auto outside = [&] {
        part("A_out", QT_TRANSLATE_NOOP("Derivation", "every tensor saved outside the layers, in bytes"), a.outside);
    };
    auto rebuilt = [&] {
        part("A_rec", QT_TRANSLATE_NOOP("Derivation", "one layer recomputed in backward, in bytes"), a.recompute);
    };
    switch (p.event) {
    case TimelineEvent::LayersForward:
        layers();
        below();
        break;
    case TimelineEvent::LossForward:
    case TimelineEvent::ForwardEnd:
    case TimelineEvent::ReferenceForward:
    case TimelineEvent::LossBackward:
        layers();
        outside();
        break;
    case TimelineEvent::TopLayerBackward:
        below();
        layers();
        rebuilt();
        break;
    case TimelineEvent::BottomLayerBackward: {
        below();
        const Count held = std::max<Count>(1, pipelineLayersHeld(s));
        if (a.bottomLayer > bytes(0))
            live.push_back(b.input("A_bottom", QT_TRANSLATE_NOOP("Derivation", "what the bottom layer holds as its backward starts: a "
                                                                             "hybrid's larger layer kind (the order of its layers is "
                                                                             "not modelled)"),
                                   countOf(a.bottomLayer)));
        else if (a.layers > bytes(0))
            live.push_back(Formula::floorDiv(
                    b.input("A_L", QT_TRANSLATE_NOOP("Derivation", "activations of all layers held, in bytes"), countOf(a.layers)),
                    b.input("L_h", QT_TRANSLATE_NOOP("Derivation", "layers' worth of activations this GPU holds"), held)));
        rebuilt();
        break;
    }
    case TimelineEvent::ValueModelBackward:
        below();
        break;
    default:
        break;
    }
    if (p.activations > bytes(0))
        Builder::addTerm(k, "activations", QT_TRANSLATE_NOOP("Derivation", "saved activations still live"),
                         Formula::sum(std::move(live)), p.activations);

    // Short-lived buffers at this event, likewise.
    std::vector<Formula> scratch;
    auto x = [&](const char *name, const char *meaning, Bytes v) {
        if (v > bytes(0))
            scratch.push_back(b.input(name, meaning, countOf(v)));
    };
    const bool fp8 = s.training.precision.fp8 != Fp8Recipe::Off;
    const char *forwardScratch = s.lora.dora && s.lora.mode != AdapterMode::None
            ? QT_TRANSLATE_NOOP("Derivation", "one layer's forward scratch (the attention scores, or DoRA's weight norm of the largest "
                                              "adapted module: an identity through the adapters, W + s·B·A and copies, lora.h)")
            : fp8 ? QT_TRANSLATE_NOOP("Derivation", "one layer's forward scratch (attention scores before softmax, or the FP8 casts of "
                                                    "its largest linear's input and weight, fp8body.h)")
                  : QT_TRANSLATE_NOOP("Derivation", "one layer's forward scratch (attention scores before softmax)");
    const char *backwardScratch = fp8 ? QT_TRANSLATE_NOOP("Derivation", "one layer's backward scratch, with the FP8 casts of the linear "
                                                                        "computing its gradients (fp8body.h)")
                                      : QT_TRANSLATE_NOOP("Derivation", "one layer's backward scratch");
    if (s.parallel.contextParallel > 1) {
        forwardScratch = QT_TRANSLATE_NOOP("Derivation", "one layer's forward scratch, or context parallelism's exchange if larger: "
                                                         "ring attention's received K/V blocks with each step's output, the "
                                                         "all-to-all copies under Ulysses");
        backwardScratch = QT_TRANSLATE_NOOP("Derivation", "one layer's backward scratch, with context parallelism's exchange: the "
                                                          "K/V and dK/dV ring buffers, all-gather's whole-length dK and dV, or "
                                                          "Ulysses' all-to-all copies");
    }
    const char *cache = QT_TRANSLATE_NOOP("Derivation", "autocast's weight cache under full recompute");
    const char *transientLabel = QT_TRANSLATE_NOOP("Derivation", "short-lived buffers");
    switch (p.event) {
    case TimelineEvent::LayersForward:
        x("X_fwd", forwardScratch, a.layerForwardTransient);
        x("X_cache", cache, a.forwardCache);
        transientLabel = QT_TRANSLATE_NOOP("Derivation", "one layer's forward scratch and autocast's cache");
        break;
    case TimelineEvent::LossForward:
        if (keepsTeacher(s.training.method)) {
            x("X_jsd", QT_TRANSLATE_NOOP("Derivation", "the student's and the teacher's logits (2·B·S·V) and GKD's JSD temporaries (8·B·C·V)"),
              a.lossForwardTransient);
            transientLabel = QT_TRANSLATE_NOOP("Derivation", "the distillation loss's logits and temporaries");
        } else {
            x("X_logits", QT_TRANSLATE_NOOP("Derivation", "the logits and their FP32 copy"), a.lossForwardTransient);
            transientLabel = QT_TRANSLATE_NOOP("Derivation", "the logits and their FP32 copy");
        }
        x("X_cache", cache, a.forwardCache);
        break;
    case TimelineEvent::Generation: {
        const detail::GenerationParts g = detail::generationPartsOf(s, b.r.share.parameters, b.r.dataParallel, b.b.side.criticRankParameters);
        x("X_kv", QT_TRANSLATE_NOOP("Derivation", "the KV cache of G·B completions of S tokens each: 2·L·KV·d_h·S·G·B elements"), g.kvCache);
        if (keepsRewardAndCritic(s.training.method))
            x("X_sample", QT_TRANSLATE_NOOP("Derivation", "every generated token's FP32 logits and their stacked copy, 2·G·B·C·V (TRL `generate()`: output_scores)"),
              g.sampledLogits);
        else
            x("X_sample", QT_TRANSLATE_NOOP("Derivation", "the sampled token's FP32 logits, G·B·V"), g.sampledLogits);
        x("X_gather", keepsRewardAndCritic(s.training.method)
                  ? QT_TRANSLATE_NOOP("Derivation", "ZeRO-3's weights gathered for generation, the policy's and the value model's (TRL unwrap_model_for_generation of PolicyAndValueWrapper)")
                  : QT_TRANSLATE_NOOP("Derivation", "ZeRO-3's weights gathered for generation (TRL unwrap_model_for_generation)"),
          g.gatheredWeights);
        x("X_vllm", QT_TRANSLATE_NOOP("Derivation", "vLLM woken from sleep mode: its reserved share of the GPU"), g.woken);
        transientLabel = QT_TRANSLATE_NOOP("Derivation", "generating the rollouts");
        break;
    }
    case TimelineEvent::ReferenceForward: {
        const Bytes scores = bytes(4 * detail::ppoRolloutScoreElements(s));
        x("X_scores", QT_TRANSLATE_NOOP("Derivation", "the rollout's FP32 logits, G·B·C·V, read by the scoring loop"), scores);
        x("X_ref", QT_TRANSLATE_NOOP("Derivation", "a frozen model's forward under no_grad (the reference, PPO's reward and value models, the "
                                                   "teacher): the larger of one layer's tensors with its scratch and the logits with their FP32 copy"),
          b.b.scoringTransient - scores);
        transientLabel = QT_TRANSLATE_NOOP("Derivation", "the scoring forwards under no_grad");
        break;
    }
    case TimelineEvent::LossBackward:
        x("X_lossgrad", QT_TRANSLATE_NOOP("Derivation", "the loss's dense FP32 gradients of the logits"), a.backwardTransient);
        transientLabel = QT_TRANSLATE_NOOP("Derivation", "the loss's gradient of the logits");
        break;
    case TimelineEvent::TopLayerBackward:
    case TimelineEvent::BottomLayerBackward:
    case TimelineEvent::ValueModelBackward: {
        // A checkpointed layer runs forward again before its backward: the larger scratch counts.
        const bool rebuiltLayer = s.training.recompute != Recompute::None;
        if (rebuiltLayer && a.layerForwardTransient > a.layerBackwardTransient && a.layerBackwardTransient > bytes(0)) {
            scratch.push_back(Formula::maxOf(
                    { b.input("X_bwd", backwardScratch, countOf(a.layerBackwardTransient)),
                      b.input("X_fwd", forwardScratch, countOf(a.layerForwardTransient)) }));
        } else if (rebuiltLayer && a.layerForwardTransient > a.layerBackwardTransient) {
            x("X_fwd", forwardScratch, a.layerForwardTransient);
        } else {
            x("X_bwd", backwardScratch, a.layerBackwardTransient);
        }
        transientLabel = QT_TRANSLATE_NOOP("Derivation", "one layer's backward scratch");
        break;
    }
    case TimelineEvent::OptimizerStep:
        x("X_opt", optimizerTemporariesLabel(s.training.precision.optimizer), optimizerOwnTemporaries(s, b.b));
        x("X_step", hasHalfMaster(s.training.precision)
                  ? QT_TRANSLATE_NOOP("Derivation", "DeepSpeed ZeRO-3's gradient of the sub-group being stepped, in the 16-bit master dtype (at most sub_group_size = 1e9 elements)")
                  : QT_TRANSLATE_NOOP("Derivation", "DeepSpeed ZeRO-3's FP32 gradient of the sub-group being stepped (at most sub_group_size = 1e9 elements)"),
          frameworkStepBuffers(s, b.b));
        transientLabel = QT_TRANSLATE_NOOP("Derivation", "the optimizer step's temporaries");
        break;
    default:
        break;
    }
    if (p.transient > bytes(0))
        Builder::addTerm(k, "transient", transientLabel, Formula::sum(std::move(scratch)), p.transient);
    // The runtime's share the compared figure holds: the allocator's cache from reserved on, the
    // CUDA context on the device (reservedmemory.h).
    const MemoryFigures &f = b.out.figures;
    const PeakFigure compared = b.out.compared;
    if (compared == PeakFigure::Device && f.context + f.cache > bytes(0))
        Builder::addTerm(k, "overhead", QT_TRANSLATE_NOOP("Derivation", "runtime overhead: the CUDA context and the allocator's cache"),
                         bucket("R", QT_TRANSLATE_NOOP("Derivation", "runtime overhead, in bytes"), f.context + f.cache), f.context + f.cache);
    else if (compared == PeakFigure::Reserved && f.cache > bytes(0))
        Builder::addTerm(k, "overhead", QT_TRANSLATE_NOOP("Derivation", "the caching allocator's blocks beyond what is allocated"),
                         b.symbol("C_alloc"), f.cache);
    if (p.frozenModels > bytes(0))
        Builder::addTerm(k, "frozen-models", QT_TRANSLATE_NOOP("Derivation", "frozen models (reference, reward model, teacher, a colocated vLLM)"),
                         bucket("W_ref", QT_TRANSLATE_NOOP("Derivation", "frozen models bucket, in bytes"), b.b.frozenModels), p.frozenModels);
    Builder::close(k, f.of(compared));
}

// The frozen models a preference run holds (posttrainingbody.h's referenceModelBytes()).
void deriveFrozenModels(Builder &b)
{
    BucketDerivation &f = b.out.frozenModels;
    f.key = "frozen_models";
    f.label = QT_TRANSLATE_NOOP("Derivation", "Frozen models");
    f.source = QT_TRANSLATE_NOOP("Derivation", "TRL v0.19 dpo_trainer.py, kto_trainer.py, ppo_trainer.py, gkd_trainer.py: a frozen reference "
                                               "copy of the policy (create_reference_model), none with PEFT adapters (disable_adapter) or "
                                               "precompute_ref_log_probs; PPO's reward model and GKD's teacher frozen beside it; "
                                               "prepare_deepspeed keeps ZeRO stage 3 for them, stage 0 otherwise");
    if (b.b.frozenModels <= bytes(0)) {
        Builder::close(f, b.b.frozenModels);
        return;
    }
    if (b.b.rolloutEngine > bytes(0))
        Builder::addTerm(f, "rollout-engine", QT_TRANSLATE_NOOP("Derivation", "vLLM's reserved share of the GPU: its weights and KV-cache blocks"),
                         b.input("R_vllm", QT_TRANSLATE_NOOP("Derivation", "vLLM's reservation: gpu_memory_utilization × the GPU's capacity, in bytes"),
                                 countOf(b.b.rolloutEngine)),
                         b.b.rolloutEngine,
                         QT_TRANSLATE_NOOP("Derivation", "vLLM gpu_memory_utilization (TRL vllm_gpu_memory_utilization, default 0.3), held for the "
                                                         "whole step without vllm_enable_sleep_mode"));
    const bool stage3 = b.s.parallel.zero == ZeroStage::Stage3;
    const char *placed = stage3 ? QT_TRANSLATE_NOOP("Derivation", "ZeRO-3 partitions it over the d replicas, without an optimizer (TRL prepare_deepspeed)")
                                : QT_TRANSLATE_NOOP("Derivation", "every GPU holds it whole: TRL prepare_deepspeed runs it at ZeRO stage 0 below stage 3");
    const SideModelShares &side = b.b.side;
    if (side.reference > bytes(0)) {
        const Formula whole = Builder::times(trainedOnRank(b), b.r.perParam.weights);
        Builder::addTerm(f, "reference-model", QT_TRANSLATE_NOOP("Derivation", "the reference model's weights, in the policy's dtype"),
                         stage3 ? b.sharded(whole) : whole, side.reference - side.visionReference, placed);
    }
    if (side.visionReference > bytes(0)) {
        const Formula whole = Builder::times(b.input("P_vis", QT_TRANSLATE_NOOP("Derivation", "the vision tower's and projector's parameters"),
                                                     b.s.model.vision.parameters),
                                             b.r.perParam.weights);
        Builder::addTerm(f, "reference-vision-tower", QT_TRANSLATE_NOOP("Derivation", "the reference's copy of the vision tower, in the policy's dtype"),
                         stage3 ? b.sharded(whole) : whole, side.visionReference, placed);
    }
    // The reward model and the teacher have architectures of their own: their counts on this
    // GPU's model-parallel rank, in the policy's weight dtype (one model replica: t = p = 1).
    auto other = [&](const char *id, const char *label, std::string_view symbol, const char *meaning, Count parameters, Bytes v) {
        if (v <= bytes(0))
            return;
        const Formula whole = Builder::times(b.input(symbol, meaning, parameters), b.r.perParam.weights);
        Builder::addTerm(f, id, label, b.modelParallel() ? b.input(std::string(symbol) + "_gpu", label, countOf(v))
                                       : stage3                ? b.sharded(whole) : whole,
                         v, placed);
    };
    other("reward-model", QT_TRANSLATE_NOOP("Derivation", "the reward model's weights, in the policy's dtype"), "P_rm",
          QT_TRANSLATE_NOOP("Derivation", "the reward model's parameters (its architecture, a score head H → 1)"), side.rewardParameters,
          side.reward);
    other("teacher-model", QT_TRANSLATE_NOOP("Derivation", "the teacher's weights, in the policy's dtype"), "P_teacher",
          QT_TRANSLATE_NOOP("Derivation", "the teacher's parameters"), side.teacherParameters, side.teacher);
    Builder::close(f, b.b.frozenModels);
}

// Host memory per node, mirroring the end of placeModelStates().
void deriveHost(Builder &b)
{
    const Placement &pl = b.pl;
    BucketDerivation &h = b.out.host;
    h.key = "host";
    h.label = QT_TRANSLATE_NOOP("Derivation", "Host RAM per node");
    h.source = QT_TRANSLATE_NOOP("Derivation", "DeepSpeed's estimators (stage_1_and_2.py, stage3.py: estimate_zero2/3_model_states_mem_needs): "
                       "the larger of the offloaded states and every process loading its model slice in FP32, times "
                       "additional_buffer_factor 1.5");
    const Formula n = b.input("n_node", QT_TRANSLATE_NOOP("Derivation", "GPUs on one node"), pl.gpusOnNode);
    // A multimodal model's tower with the model it belongs to (placementbody.h visionHostShare()).
    const detail::VisionHost tower = detail::visionHostShare(b.s, b.r.dataParallel);
    const Formula offloaded = b.input("H_off", QT_TRANSLATE_NOOP("Derivation", "states offloaded per GPU, in bytes"),
                                      countOf(pl.offloaded.total() + tower.offloaded)) * n;
    const bool stage3 = b.s.parallel.zero == ZeroStage::Stage3 && b.s.stack.zeroInit;
    const Count loadedCount = stage3 ? pl.share.largestModule : pl.share.parameters + tower.loaded;
    const Formula loaded = Formula::number(4, FormulaUnit::BytesPerParam)
            * b.input("P_load", stage3 ? QT_TRANSLATE_NOOP("Derivation", "parameters of the largest module (zero.Init builds the rest partitioned)")
                                       : QT_TRANSLATE_NOOP("Derivation", "parameters each process loads"),
                      loadedCount)
            * n;
    if (b.s.training.precision.optimizerOffload != OptimizerOffload::None)
        Builder::addTerm(h, "host-per-node", QT_TRANSLATE_NOOP("Derivation", "max(offloaded states, FP32 load): torchao allocates its pinned copies exactly"),
                         Formula::maxOf({ offloaded, loaded }), pl.host.perNode,
                         QT_TRANSLATE_NOOP("Derivation", "torchao CPUOffloadOptimizer (torchao/optim/cpu_offload.py at pytorch/ao 36027d8): pinned "
                                                         "empty_like copies of each moved parameter and gradient, and its optimizer states, on the host"));
    else
        Builder::addTerm(h, "host-per-node", QT_TRANSLATE_NOOP("Derivation", "max(offloaded states, FP32 load) × 1.5"),
                         Formula::ceilDiv(Formula::maxOf({ offloaded, loaded }) * Formula::number(3), Formula::number(2)),
                         pl.host.perNode);
    Builder::close(h, pl.host.perNode);
}

} // namespace

} // namespace derivation

std::vector<std::pair<std::string, Count>> BucketDerivation::values() const
{
    std::vector<std::pair<std::string, Count>> v;
    formula.collectSymbols(v);
    return v;
}

std::vector<const BucketDerivation *> Derivation::buckets() const
{
    if (frozenModels.bytes > bytes(0))
        return { &parameters, &gradients, &masterWeights, &optimizerStates, &activations, &overhead, &frozenModels, &peak };
    return { &parameters, &gradients, &masterWeights, &optimizerStates, &activations, &overhead, &peak };
}

const DerivedValue *Derivation::value(std::string_view symbol) const
{
    for (const DerivedValue &v : values)
        if (v.symbol == symbol)
            return &v;
    return nullptr;
}

namespace derivation {

namespace {

// Activation offload (estimate.cpp): the layers' kept tensors go to pinned host memory, the GPU
// holding the few in flight. The activation model's "every layer's kept tensors" term becomes
// the layers on the GPU, and the host's share is said beside it.
void deriveActivationOffload(Builder &b)
{
    if (b.b.offloadedActivations <= bytes(0))
        return;
    BucketDerivation &k = b.out.activations;
    const Count held = std::max<Count>(1, pipelineLayersHeld(b.s));
    const Bytes perLayer = bytes(countOf(b.b.offloadedActivations) / held);
    const Count onGpu = perLayer > bytes(0) ? countOf(b.b.activationDetail.layers) / countOf(perLayer) : 0;
    for (DerivationTerm &t : k.terms) {
        if (t.id != std::string_view("layers-held"))
            continue;
        t.label = QT_TRANSLATE_NOOP("Derivation", "the layers' kept tensors still on the GPU (the rest offloaded to pinned host memory)");
        t.formula = b.input("L_gpu", QT_TRANSLATE_NOOP("Derivation", "layers' worth on the GPU: the copies in flight and the layer brought back"),
                            onGpu, QT_TRANSLATE_NOOP("Derivation", "torchtune OffloadActivations: max_fwd_stash_size = 5 tensors in flight (training/_activation_offloading.py)"))
                * b.input("a_layer", QT_TRANSLATE_NOOP("Derivation", "what one layer keeps, in bytes"), countOf(perLayer));
        t.bytes = b.b.activationDetail.layers;
        t.source = QT_TRANSLATE_NOOP("Derivation", "torchtune enable_activation_offloading: saved tensors copied to pinned CPU memory on a side stream");
    }
    Builder::close(k, b.b.activations);
}

} // namespace

} // namespace derivation

Derivation derive(const Scenario &scenario)
{
    // Under pipeline parallelism, the rank that peaks highest (estimate.h pinnedToPeakRank()).
    const Scenario s = pinnedToPeakRank(scenario);
    Derivation d;
    const ResolvedScenario r = resolve(s);
    const Placement pl = placeModelStates(s, r);
    const Breakdown b = estimate(s);
    derivation::Builder builder(s, r, pl, b, d);
    derivation::deriveStackChoices(builder);
    derivation::deriveCounts(builder);
    derivation::deriveStates(builder);
    // A preference run's policy saves the tensors of 2B sequences (posttraining.h): its
    // activations are derived for those, with B registered by deriveCounts() as 2·B_pair.
    Scenario saving = s;
    saving.training.microBatch = savedSequences(s);
    if (keepsTeacher(s.training.method))
        saving.model.head = ModelHead::Score; // the student's own loss replaced by GKD's (estimate.cpp)
    derivation::Builder savingBuilder(saving, r, pl, b, d);
    derivation::deriveActivations(savingBuilder);
    derivation::deriveActivationOffload(savingBuilder);
    d.figures = memoryFigures(s, b);
    d.compared = s.gpu.compared;
    derivation::deriveOverhead(builder);
    derivation::deriveFrozenModels(builder);
    const StepTimeline timeline = stepTimeline(s, b);
    derivation::derivePeak(builder, timeline);
    derivation::deriveHost(builder);
    if (s.activations.model == ActivationModelKind::Transformer) {
        // The same run under the article's formula, which knows no loss variant, compile or offload.
        Scenario textbook = s;
        textbook.activations.model = ActivationModelKind::Textbook;
        textbook.stack.loss = LossKind::Plain;
        textbook.stack.compile = false;
        textbook.stack.activationOffload = false;
        if (validate(textbook).empty()) {
            d.textbookActivations = derive(textbook).activations;
            d.textbookActivations.key = "textbook_activations";
            d.textbookActivations.label = QT_TRANSLATE_NOOP("Derivation", "Activations by the textbook formula, for comparison");
        }
    }
    // The runtime's bucket as derived: the CUDA context and the allocator's cache (modelled or given).
    d.sumOfBuckets = b.total() - b.overhead + d.overhead.bytes;
    d.capacity = s.gpu.capacity;
    d.margin = s.gpu.capacity - d.figures.of(d.compared);
    d.fits = fitsGpu(s, d.figures);
    const ActivationEstimate &a = b.activationDetail;
    d.activationsSplit = { a.perLayer, a.layers, a.outside, a.recompute, timeline.peakPoint().transient };
    return d;
}

} // namespace headroom
