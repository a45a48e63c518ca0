// The four model-state buckets, mirroring placeModelStates() (placement.cpp) term for term.

#include <cstring>

#include <headroom/memory/lora.h>

#include "derivationbuilder.h"
#include "fp8body.h"

namespace headroom::derivation {

namespace {

// The quantized base's storage in words, per format (lora.cpp quantizedMatrixBytes()).
const char *quantizedBaseLabel(QuantBase q)
{
    switch (q) {
    case QuantBase::Nf4: return QT_TRANSLATE_NOOP("Derivation", "frozen base in NF4 (4.5 bits a weight)");
    case QuantBase::Nf4DoubleQuant: return QT_TRANSLATE_NOOP("Derivation", "frozen base in NF4 with double quantization (4.127 bits a weight)");
    case QuantBase::Gptq: return QT_TRANSLATE_NOOP("Derivation", "frozen base in GPTQ 4-bit (codes, zeros, FP16 group scales, g_idx)");
    case QuantBase::Awq: return QT_TRANSLATE_NOOP("Derivation", "frozen base in AWQ 4-bit (codes, zeros, FP16 group scales)");
    case QuantBase::Int8: return QT_TRANSLATE_NOOP("Derivation", "frozen base in LLM.int8 (int8 codes, FP32 row scales)");
    case QuantBase::Hqq: return QT_TRANSLATE_NOOP("Derivation", "frozen base in HQQ 4-bit (codes, 16-bit group scales and zeros)");
    case QuantBase::Fp8: return QT_TRANSLATE_NOOP("Derivation", "frozen base in FP8 (E4M3 weights, FP32 channel scales)");
    }
    return "";
}

// What the kernel holds of the largest quantized matrix while it dequantizes (dequantizedCopiesAlive()).
const char *dequantizedLabel(QuantBase q)
{
    switch (q) {
    case QuantBase::Nf4:
    case QuantBase::Nf4DoubleQuant: return QT_TRANSLATE_NOOP("Derivation", "one NF4 matrix dequantized to 16 bits for its matmul");
    case QuantBase::Gptq: return QT_TRANSLATE_NOOP("Derivation", "one GPTQ matrix dequantized to 16 bits for its matmul");
    case QuantBase::Awq: return QT_TRANSLATE_NOOP("Derivation", "one AWQ matrix dequantized, and its transpose repeated once per sequence in backward");
    case QuantBase::Int8: return QT_TRANSLATE_NOOP("Derivation", "one int8 matrix dequantized to 16 bits for the input's gradient");
    case QuantBase::Hqq: return QT_TRANSLATE_NOOP("Derivation", "one HQQ matrix dequantized: codes, codes minus zeros, and the scaled result, in 16 bits");
    case QuantBase::Fp8: return QT_TRANSLATE_NOOP("Derivation", "one FP8 matrix dequantized to 16 bits for its matmul");
    }
    return "";
}

const char *dequantizedSource(QuantBase q)
{
    switch (q) {
    case QuantBase::Nf4:
    case QuantBase::Nf4DoubleQuant: return QT_TRANSLATE_NOOP("Derivation", "bitsandbytes Linear4bit dequantizes the weight before each matmul");
    case QuantBase::Gptq: return QT_TRANSLATE_NOOP("Derivation", "GPTQModel v7.3.4 TorchLinear._forward (TritonV2Linear falls back to it while training): dequantize_weight(), compiled, then torch.matmul");
    case QuantBase::Awq: return QT_TRANSLATE_NOOP("Derivation", "AutoAWQ v0.2.9 awq/modules/linear/gemm.py WQLinearMMFunction.backward: dequantize_weights_cuda, then .transpose(0, 1).unsqueeze(0).repeat(batch_size, 1, 1)");
    case QuantBase::Int8: return QT_TRANSLATE_NOOP("Derivation", "bitsandbytes 95f9af3 MatMul8bitLt.backward: CB.to(dtype_A, copy=True).mul_(SCB / 127) for the input's gradient");
    case QuantBase::Hqq: return QT_TRANSLATE_NOOP("Derivation", "hqq 0.2.8 core/quantize.py HQQLinear.dequantize: unpack into 16 bits, (W_r - zero) * scale");
    case QuantBase::Fp8: return QT_TRANSLATE_NOOP("Derivation", "assumed as for the other bases: one 16-bit matrix (FBGEMM's own FP8 matmul has no backward, so nothing there trains)");
    }
    return "";
}

} // namespace


namespace {

constexpr Count ceilDiv(Count a, Count b) { return b > 1 ? (a + b - 1) / b : a; }

const char *kFp8WorkspaceSource = QT_TRANSLATE_NOOP("Derivation",
        "Megatron-LM passes is_first_microbatch to Transformer Engine's modules (megatron/core/extensions/"
        "transformer_engine.py; disable_parameter_transpose_cache defaults to false), so TE 2.20.0.dev0 keeps each "
        "linear's FP8 weight and transpose as a workspace between steps (pytorch/module/linear.py)");
const char *kFp8ScalingSource = QT_TRANSLATE_NOOP("Derivation",
        "Transformer Engine d0067d0, pytorch/module/base.py (3 FP8 tensors a GEMM in forward, 2 in backward) and "
        "quantization.py DelayedScalingRecipeState (an FP32 scale and amax_history_len FP32 amaxes each)");
const char *kZeroSource = QT_TRANSLATE_NOOP("Derivation", "Rajbhandari et al. 2020, section 5 (ZeRO stages 1-3); DeepSpeed stage_1_and_2.py and "
                                  "stage3.py");
const char *kOffloadSource = QT_TRANSLATE_NOOP("Derivation", "ZeRO-Offload, Ren et al. 2021: optimizer states, master copy and the gradient "
                                     "partition live in host memory and the step runs on the CPU");

const char *kCpuOffloadSource = QT_TRANSLATE_NOOP("Derivation", "torchao CPUOffloadOptimizer (torchao/optim/cpu_offload.py at pytorch/ao "
                                                                "36027d8): tensors of at least minimal_size = 4096 elements get a pinned "
                                                                "host copy and gradient (empty_like) and their optimizer on the CPU");

struct States
{
    explicit States(Builder &builder) : b(builder) { }

    Builder &b;
    int stage = 0;
    bool offloadOptimizer = false;
    bool offloadParams = false;
    bool adapters = false;
    bool separateFp32Grads = false;
    BytesPer grad16;
    Formula n; // trained parameters on this rank
    bool splitExperts = false; // routed experts sharded over d / e, the rest over d (placement.cpp)

    Bytes shard(Bytes v) const { return bytes(ceilDiv(countOf(v), b.r.dataParallel)); }

    // PEFT's trained copies (placementbody.h placeTrainedCopies()): P_copy x w, divided by d
    // where ZeRO divides it.
    bool copies() const { return b.r.copiesOnRank > 0; }
    Formula copiesFormula(BytesPer w, bool divided) const
    {
        const Formula whole = Builder::times(b.symbol("P_copy"), w);
        return divided ? b.sharded(whole) : whole;
    }

    // torchao's CPU-offloaded optimizer (placement.cpp): the trained parameters it leaves on the
    // GPU, in tensors under 4096 elements, and those it moves.
    bool cpuOffload() const { return b.s.training.precision.optimizerOffload != OptimizerOffload::None; }
    Count keptOnGpu() const { return cpuOffloadKeptOnGpu(b.r.tensors, b.r.trainableOnRank); }
    Formula kept() const
    {
        return b.input("P_small", QT_TRANSLATE_NOOP("Derivation", "trained parameters in tensors under 4096 elements, which torchao's "
                                                                  "CPU offload keeps on the GPU"),
                       keptOnGpu());
    }
    Formula moved() const { return n - kept(); }

    //! A trainable bucket of \a w bytes per parameter after ZeRO, and its formula.
    Formula shardedFormula(BytesPer w) const
    {
        if (!splitExperts)
            return b.sharded(Builder::times(n, w));
        return Formula::ceilDiv(Builder::times(n - b.symbol("P_e"), w), b.symbol("d"))
                + Formula::ceilDiv(Builder::times(b.symbol("P_e"), w), b.symbol("d_e"));
    }
    Bytes shardedBytes(BytesPer w) const
    {
        const Count total = b.r.trainableOnRank, ne = b.r.trainableExpertOnRank;
        if (!splitExperts)
            return shard(w.times(total));
        return bytes(ceilDiv(countOf(w.times(total - ne)), b.r.dataParallel) + ceilDiv(countOf(w.times(ne)), b.r.expertShardDegree));
    }
};

// PPO's value model (posttraining.h): its states, placed as the policy's (the same ZeRO stage,
// precision and optimizer: TRL trains it with the policy under one optimizer), one term of
// each state bucket.
void addCriticTerm(Builder &b, BucketDerivation &k, const char *id, const char *meaning, Bytes v)
{
    if (v <= bytes(0))
        return;
    Builder::addTerm(k, id, QT_TRANSLATE_NOOP("Derivation", "the value model's share, placed as the policy's"),
                     b.input(id, meaning, countOf(v)), v,
                     QT_TRANSLATE_NOOP("Derivation", "TRL v0.19 ppo_trainer.py: PolicyAndValueWrapper trains the value model beside the "
                                                     "policy with one optimizer"));
}

// A multimodal model's vision tower (visiontower.h): its share of a state bucket, placed by the
// ZeRO stage and offload as the policy's, whole on every GPU of the first stage otherwise.
void addVisionTerm(Builder &b, BucketDerivation &k, const char *id, const char *meaning, Bytes v)
{
    if (v <= bytes(0))
        return;
    Builder::addTerm(k, id, QT_TRANSLATE_NOOP("Derivation", "the vision tower's share: P_vis at the recipe's bytes, placed as the policy's"),
                     b.input(id, meaning, countOf(v)), v,
                     QT_TRANSLATE_NOOP("Derivation", "transformers 00b676f8: the tower is a submodule of the model (Qwen2VLModel.visual, "
                                                     "Gemma3Model.vision_tower), sharded with it; visiontower.h"));
}

void deriveParameters(States &x)
{
    Builder &b = x.b;
    const Placement &pl = b.pl;
    BucketDerivation &k = b.out.parameters;
    k.key = "parameters";
    k.label = QT_TRANSLATE_NOOP("Derivation", "Parameters");
    k.source = QT_TRANSLATE_NOOP("Derivation", "P × bytes per parameter of the recipe's weight dtype (FP32: 4, FP16/BF16: 2)");

    // The parts of the weights on this rank, each divided by ZeRO-3 on its own.
    struct Part
    {
        const char *id;
        const char *label;
        Formula formula;
        Bytes bytes;
    };
    std::vector<Part> parts;
    parts.push_back({ "weights", x.adapters ? QT_TRANSLATE_NOOP("Derivation", "adapter weights") : QT_TRANSLATE_NOOP("Derivation", "weights"),
                      Builder::times(x.n, b.r.perParam.weights), pl.trainableWeights });
    if (x.adapters) {
        const LoraCounts &c = b.r.lora;
        const BytesPer rest = frozenBaseBytesPer(b.s);
        if (pl.quantState > bytes(0)) {
            // ZeRO-3 / FSDP partition NF4's packed codes; the constants stay whole, and the other
            // formats stay whole altogether (placement.cpp).
            if (isBnbNf4(b.s.stack.quantBase))
                parts.push_back({ "frozen-nf4-codes", QT_TRANSLATE_NOOP("Derivation", "frozen base's packed 4-bit codes"),
                                  b.sliced(Builder::times(b.symbol("P_q"), bytesPer(1, 2))), pl.frozenNf4 - pl.quantState });
        } else if (b.s.lora.mode == AdapterMode::Qlora)
            parts.push_back({ "frozen-nf4", quantizedBaseLabel(b.s.stack.quantBase),
                              b.sliced(Builder::times(b.symbol("P_q"), quantizedBaseBytesPer(b.s))), pl.frozenNf4 });
        const Formula restCount = c.quantizedParameters > 0 ? b.symbol("P") - b.symbol("P_q") : b.symbol("P");
        parts.push_back({ "frozen-16bit", b.s.lora.mode == AdapterMode::Qlora
                                  ? QT_TRANSLATE_NOOP("Derivation", "frozen base outside the quantized matrices (embeddings, norms, LM head)")
                                  : QT_TRANSLATE_NOOP("Derivation", "frozen base in the compute dtype"),
                          b.sliced(Builder::times(restCount, rest)), pl.frozen16 });
    }
    if (x.copies())
        parts.push_back({ "trained-copies", QT_TRANSLATE_NOOP("Derivation", "trained copies of the embedding and LM head, in their own dtype"),
                          Builder::times(b.symbol("P_copy"), b.r.copyPerParam.weights), b.r.copyPerParam.weights.times(b.r.copiesOnRank) });
    for (std::size_t i = 0; i < parts.size(); ++i) {
        Part &p = parts[i];
        // The trained weights (the first part) divide as placement.cpp divides them.
        Formula f = x.stage >= 3 ? (i == 0 ? x.shardedFormula(b.r.perParam.weights) : b.sharded(p.formula)) : p.formula;
        const Bytes v = x.stage >= 3 ? (i == 0 ? x.shardedBytes(b.r.perParam.weights) : x.shard(p.bytes)) : p.bytes;
        if (x.offloadParams) {
            k.offloadedFormula = k.offloadedFormula.isZero() ? f : k.offloadedFormula + f;
            k.offloaded += v;
            continue;
        }
        Builder::addTerm(k, p.id, p.label, std::move(f), v, x.stage >= 3 ? kZeroSource : "");
    }
    if (pl.quantState > bytes(0) && !isBnbNf4(b.s.stack.quantBase)) {
        Builder::addTerm(k, "quantized-base-whole", QT_TRANSLATE_NOOP("Derivation", "the quantized base, kept whole on every GPU"),
                         b.sliced(Builder::times(b.symbol("P_q"), quantizedBaseBytesPer(b.s))), pl.quantState,
                         QT_TRANSLATE_NOOP("Derivation", "GPTQ, AWQ and HQQ keep codes, scales and zeros as module buffers, LLM.int8 and FP8 as "
                                                         "integer or float8 tensors: ZeRO-3 and FSDP partition floating-point parameters only"));
    } else if (pl.quantState > bytes(0)) {
        Builder::addTerm(k, "nf4-quant-state", QT_TRANSLATE_NOOP("Derivation", "QLoRA's quantization constants, kept whole on every GPU"),
                         b.sliced(Builder::times(b.symbol("P_q"), quantizedBaseBytesPer(b.s))) - b.sliced(Builder::times(b.symbol("P_q"), bytesPer(1, 2))),
                         pl.quantState,
                         QT_TRANSLATE_NOOP("Derivation", "bitsandbytes Params4bit keeps absmax and the nested scales in its quant_state, outside the tensor ZeRO-3 and FSDP partition"));
    }
    if (pl.gatheredParameters > bytes(0)) {
        const bool fsdp = b.r.stack.gathersWholeLayers;
        const Formula live = b.input("P_gather", fsdp ? QT_TRANSLATE_NOOP("Derivation", "parameters FSDP holds gathered: the root unit and the decoder layers computing and prefetched")
                                                      : QT_TRANSLATE_NOOP("Derivation", "parameters ZeRO-3 holds gathered: the largest module and the prefetch bucket, within max_live_parameters"),
                                     pl.gatheredElements,
                                     fsdp ? QT_TRANSLATE_NOOP("Derivation", "FSDP1 limit_all_gathers keeps two all-gathers in flight (_limiter_utils.py); FSDP2 prefetches one layer")
                                          : QT_TRANSLATE_NOOP("Derivation", "DeepSpeed partitioned_param_coordinator.py: stage3_prefetch_bucket_size ahead, at most stage3_max_live_parameters"));
        // One dtype: P_gather × its bytes; FSDP's QLoRA units mix NF4 and 16-bit parts.
        Formula f = pl.gatheredBytesPer.numerator > 0
                ? Builder::times(live, pl.gatheredBytesPer)
                : b.input("B_gather",
                          b.s.training.precision.fp8AllGather
                                  ? QT_TRANSLATE_NOOP("Derivation", "their bytes: the layers' linear weights in FP8 (torchao's FP8 all-gather), the rest in the compute dtype")
                                  : QT_TRANSLATE_NOOP("Derivation", "their bytes: the quantized matrices in NF4, the rest in the compute dtype"),
                          countOf(pl.gatheredParameters));
        Builder::addTerm(k, "zero3-gathered", QT_TRANSLATE_NOOP("Derivation", "parameters gathered whole for their forward and backward"),
                         std::move(f), pl.gatheredParameters, kZeroSource);
    }
    if (pl.persistentParameters > bytes(0))
        Builder::addTerm(k, "zero3-persistent", QT_TRANSLATE_NOOP("Derivation", "small parameters ZeRO-3 never partitions, beyond their shard"),
                         b.input("B_persist", QT_TRANSLATE_NOOP("Derivation", "bytes kept whole beyond the shard (tensors of at most stage3_param_persistence_threshold elements)"),
                                 countOf(pl.persistentParameters)),
                         pl.persistentParameters, QT_TRANSLATE_NOOP("Derivation", "DeepSpeed partition_parameters.py: ds_persist for tensors at or under the threshold"));
    if (b.s.lora.mode == AdapterMode::Qlora) {
        Formula matrix = b.symbol("M_q");
        if (b.s.parallel.tensorParallel > 1)
            matrix = Formula::ceilDiv(matrix, b.symbol("t"));
        const QuantBase q = b.s.stack.quantBase;
        if (q == QuantBase::Awq)
            matrix = (Formula::number(1) + b.symbol("B")) * matrix;
        else if (const Count copies = dequantizedCopiesAlive(b.s); copies > 1)
            matrix = Formula::number(copies) * matrix;
        Builder::addTerm(k, "qlora-dequantized", dequantizedLabel(q), Builder::times(matrix, frozenBaseBytesPer(b.s)), pl.dequantBuffer,
                         dequantizedSource(q));
    }
    if (pl.fp8WeightWorkspace > bytes(0)) {
        const Formula linears = b.input("P_lin", QT_TRANSLATE_NOOP("Derivation", "one layer's linear weights, the ones FP8 training converts"),
                                        detail::fp8LayerLinearWeights(b.s.model), kFp8WorkspaceSource);
        Formula perStage = Builder::times(b.symbol("L") * linears, bytesPer(detail::kTeFp8WeightCopiesPerParameter), false);
        if (b.s.parallel.pipelineParallel > 1)
            perStage = Builder::times(b.symbol("L_r") * linears,
                                      bytesPer(detail::kTeFp8WeightCopiesPerParameter), false);
        if (b.s.parallel.tensorParallel > 1)
            perStage = Formula::ceilDiv(perStage, b.symbol("t"));
        Builder::addTerm(k, "fp8-weight-workspace", QT_TRANSLATE_NOOP("Derivation", "Transformer Engine's FP8 weights and transposes, kept between steps"),
                         std::move(perStage), pl.fp8WeightWorkspace, kFp8WorkspaceSource);
    }
    if (pl.fp8ScalingState > bytes(0)) {
        const Formula gemms = b.input("G_fp8", b.s.stack.stack == TrainingStack::Megatron
                                              ? QT_TRANSLATE_NOOP("Derivation", "GEMMs of one layer's Transformer Engine modules (Megatron fuses q, k, v and gate, up)")
                                              : QT_TRANSLATE_NOOP("Derivation", "GEMMs of one layer's Transformer Engine modules (one per linear)"),
                                      detail::teLayerGemms(b.s), kFp8ScalingSource);
        const Formula rows = b.input("n_amax", b.s.stack.stack == TrainingStack::Megatron
                                             ? QT_TRANSLATE_NOOP("Derivation", "rows of the amax history (Megatron's fp8_amax_history_len, default 1)")
                                             : QT_TRANSLATE_NOOP("Derivation", "rows of the amax history (DelayedScaling's amax_history_len, default 1024)"),
                                     detail::teAmaxHistoryRows(b.s), kFp8ScalingSource);
        const Formula layers = b.s.parallel.pipelineParallel > 1 ? b.symbol("L_r") : b.symbol("L");
        Formula f = Builder::times(layers * gemms * Formula::number(detail::kTeFp8TensorsPerGemm) * (rows + Formula::number(1)),
                                   dtypeSize(Dtype::Fp32), false);
        Builder::addTerm(k, "fp8-scaling-state", QT_TRANSLATE_NOOP("Derivation", "delayed scaling's FP32 scales and amax histories: 5 FP8 tensors a GEMM"),
                         std::move(f), pl.fp8ScalingState, kFp8ScalingSource);
    }
    addCriticTerm(b, k, "W_v", QT_TRANSLATE_NOOP("Derivation", "the value model's weights on this GPU, in bytes"), b.b.side.criticParameterBytes);
    addVisionTerm(b, k, "W_vis", QT_TRANSLATE_NOOP("Derivation", "the vision tower's weights on this GPU, in bytes"), b.b.side.visionWeights);
    Builder::close(k, b.b.parameters);
}

void deriveGradients(States &x)
{
    Builder &b = x.b;
    const Placement &pl = b.pl;
    BucketDerivation &k = b.out.gradients;
    k.key = "gradients";
    k.label = QT_TRANSLATE_NOOP("Derivation", "Gradients");
    k.source = QT_TRANSLATE_NOOP("Derivation", "one gradient per trained parameter, in the weights' dtype (in FP32 with an FP32 gradient buffer)");
    const Count n = b.r.trainableOnRank;
    const Bytes acc = b.r.perParam.gradients.times(n);
    const Bytes full16 = x.grad16.times(n);
    const Formula accF = Builder::times(x.n, b.r.perParam.gradients);
    const Formula full16F = Builder::times(x.n, x.grad16);
    const char *accLabel = b.s.training.precision.fp32GradBuffer ? QT_TRANSLATE_NOOP("Derivation", "FP32 gradient buffer")
                                                                 : QT_TRANSLATE_NOOP("Derivation", "gradients");
    if (x.cpuOffload()) {
        // The pinned host copy of each moved tensor's gradient, in the parameter's dtype.
        k.offloadedFormula = Builder::times(x.moved(), b.r.perParam.weights);
        k.offloaded = b.pl.offloaded.gradients;
    }
    if (b.s.training.precision.optimizerOffload == OptimizerOffload::CpuGradients) {
        const Count live = x.keptOnGpu() + b.r.tensors.largest;
        const Formula liveF = Formula::minOf({ x.n, x.kept() + b.input("P_max", QT_TRANSLATE_NOOP("Derivation", "elements of the largest trained tensor"),
                                                                     b.r.tensors.largest) });
        Builder::addTerm(k, "gradients-offloaded", QT_TRANSLATE_NOOP("Derivation", "the small tensors' gradients and, in flight to the host, "
                                                                                   "about the largest tensor's: each is freed once copied"),
                         Builder::times(liveF, b.r.perParam.gradients), b.r.perParam.gradients.times(live < n ? live : n),
                         kCpuOffloadSource);
    } else if (b.s.stack.optimizerInBackward) {
        Count largest = b.r.tensors.largest;
        Formula count = b.input("P_max", QT_TRANSLATE_NOOP("Derivation", "elements of the largest trained tensor"), largest);
        if (b.s.parallel.tensorParallel > 1) {
            count = Formula::ceilDiv(count, b.symbol("t"));
            largest = ceilDiv(largest, b.s.parallel.tensorParallel);
        }
        Builder::addTerm(k, "gradients-in-backward", QT_TRANSLATE_NOOP("Derivation", "one tensor's gradient: each is applied and freed as backward produces it"),
                         Builder::times(count, b.r.perParam.gradients), b.r.perParam.gradients.times(largest),
                         QT_TRANSLATE_NOOP("Derivation", "torchtune optimizer_in_bwd: per-parameter optimizers stepped from post-accumulate-grad hooks (recipes/full_finetune_single_device.py L390-415)"));
    } else if (x.stage == 0) {
        Builder::addTerm(k, "gradients", accLabel, accF, acc);
    } else if (x.offloadOptimizer) {
        k.offloadedFormula = x.shardedFormula(b.r.perParam.gradients);
        k.offloaded = x.shardedBytes(b.r.perParam.gradients);
        if (x.stage == 1)
            Builder::addTerm(k, "gradients-16bit", QT_TRANSLATE_NOOP("Derivation", "16-bit gradients as autograd writes them (stage 1 keeps them whole)"),
                             full16F, full16, kOffloadSource);
    } else if (x.stage == 1) {
        if (x.separateFp32Grads) {
            Builder::addTerm(k, "gradients-16bit", QT_TRANSLATE_NOOP("Derivation", "16-bit gradients as autograd writes them (stage 1 keeps them whole)"),
                             full16F, full16, kZeroSource);
            Builder::addTerm(k, "gradients-fp32-partition", QT_TRANSLATE_NOOP("Derivation", "FP32 gradient partition of this replica"),
                             x.shardedFormula(b.r.perParam.gradients), x.shardedBytes(b.r.perParam.gradients), kZeroSource);
        } else {
            Builder::addTerm(k, "gradients", accLabel, accF, acc, kZeroSource);
        }
    } else if (x.stage == 2) {
        if (x.separateFp32Grads) {
            Builder::addTerm(k, "gradients-16bit", QT_TRANSLATE_NOOP("Derivation", "16-bit gradient partition"), x.shardedFormula(x.grad16),
                             x.shardedBytes(x.grad16), kZeroSource);
            Builder::addTerm(k, "gradients-fp32-partition", QT_TRANSLATE_NOOP("Derivation", "FP32 gradient partition of this replica"),
                             x.shardedFormula(b.r.perParam.gradients), x.shardedBytes(b.r.perParam.gradients), kZeroSource);
        } else {
            Builder::addTerm(k, "gradients", QT_TRANSLATE_NOOP("Derivation", "gradient partition of this replica"),
                             x.shardedFormula(b.r.perParam.gradients), x.shardedBytes(b.r.perParam.gradients), kZeroSource);
        }
    } else {
        Builder::addTerm(k, "gradients", QT_TRANSLATE_NOOP("Derivation", "gradient partition of this replica"),
                         x.shardedFormula(b.r.perParam.gradients), x.shardedBytes(b.r.perParam.gradients), kZeroSource);
    }
    if (x.copies()) {
        // The copies' gradients, placed by the rules above (placementbody.h placeTrainedCopies()).
        const BytesPer w = b.r.copyPerParam.gradients;
        Formula onGpu;
        Formula onHost;
        if (x.stage == 0) {
            onGpu = x.copiesFormula(w, false);
        } else if (x.offloadOptimizer) {
            onHost = x.copiesFormula(w, true);
            if (x.stage == 1)
                onGpu = x.copiesFormula(x.grad16, false);
        } else if (x.stage == 1) {
            onGpu = x.separateFp32Grads ? x.copiesFormula(x.grad16, false) + x.copiesFormula(w, true) : x.copiesFormula(w, false);
        } else if (x.stage == 2) {
            onGpu = x.separateFp32Grads ? x.copiesFormula(x.grad16, true) + x.copiesFormula(w, true) : x.copiesFormula(w, true);
        } else {
            onGpu = x.copiesFormula(w, true);
        }
        if (pl.copiesOffloaded.gradients > bytes(0)) {
            k.offloadedFormula = k.offloadedFormula.isZero() ? onHost : k.offloadedFormula + onHost;
            k.offloaded += pl.copiesOffloaded.gradients;
        }
        if (pl.copies.gradients > bytes(0))
            Builder::addTerm(k, "trained-copies-gradients", QT_TRANSLATE_NOOP("Derivation", "the trained copies' gradients, in their own dtype"),
                             std::move(onGpu), pl.copies.gradients, x.stage >= 1 ? kZeroSource : "");
    }
    if (pl.liveGradients > bytes(0))
        Builder::addTerm(k, "zero3-live-gradients",
                         QT_TRANSLATE_NOOP("Derivation", "the gathered module's 16-bit gradients before they are reduce-scattered"),
                         Builder::times(b.input("P_live", QT_TRANSLATE_NOOP("Derivation", "parameters of the module (FSDP: the unit) whose gradients are being reduce-scattered"),
                                                pl.liveGradientElements),
                                        x.grad16),
                         pl.liveGradients, kZeroSource);
    if (pl.reduceBucket > bytes(0))
        Builder::addTerm(k, "zero-reduce-bucket", pl.reduceBuckets > 1 ? QT_TRANSLATE_NOOP("Derivation", "ZeRO's two gradient reduce buckets (overlap_comm)")
                                                                        : QT_TRANSLATE_NOOP("Derivation", "ZeRO's gradient reduce bucket"),
                         Builder::times(b.input("n_bucket", QT_TRANSLATE_NOOP("Derivation", "elements of the reduce buckets (reduce_bucket_size, twice with overlap_comm)"),
                                                b.r.stack.reduceBucket * pl.reduceBuckets),
                                        x.grad16, false),
                         pl.reduceBucket,
                         b.s.parallel.reduceBucket >= 0
                                 ? QT_TRANSLATE_NOOP("Derivation", "reduce_bucket_size as set")
                                 : b.s.stack.stack == TrainingStack::HfTrainer
                                 ? QT_TRANSLATE_NOOP("Derivation", "Hugging Face's \"auto\" reduce_bucket_size: hidden_size² elements (transformers integrations/deepspeed.py)")
                                 : QT_TRANSLATE_NOOP("Derivation", "DeepSpeed reduce_bucket_size, default 5e8 elements (deepspeed/runtime/zero/config.py)"));
    addCriticTerm(b, k, "G_v", QT_TRANSLATE_NOOP("Derivation", "the value model's gradients on this GPU, in bytes"), b.b.side.criticGradients);
    addVisionTerm(b, k, "G_vis", QT_TRANSLATE_NOOP("Derivation", "the vision tower's gradients on this GPU, in bytes"), b.b.side.visionGradients);
    Builder::close(k, b.b.gradients);
}

// Master weights and optimizer states: whole at stage 0, divided by d from stage 1, on the host
// with optimizer offload. \a perParam: the state's bytes per trained parameter (0/1 for
// Adafactor's factored state, which divides as one block).
void deriveShardedState(States &x, BucketDerivation &k, Formula whole, Bytes wholeBytes, const char *id, const char *label,
                        const BytesPer *perParam, Formula copies, Bytes copiesBytes)
{
    Builder &b = x.b;
    // Megatron's distributed optimizer shards these over d like ZeRO-1 (placement.cpp).
    const bool shardStates = x.stage >= 1 || b.s.stack.distributedOptimizer;
    Formula f = shardStates ? (perParam ? x.shardedFormula(*perParam) : b.sharded(whole)) : whole;
    Bytes v = shardStates ? (perParam ? x.shardedBytes(*perParam) : x.shard(wholeBytes)) : wholeBytes;
    // PEFT's trained copies beside the adapters, divided and offloaded with them.
    if (copiesBytes > bytes(0)) {
        f = f + (shardStates ? b.sharded(copies) : copies);
        v += copiesBytes;
    }
    const bool optimizer = std::strcmp(id, "optimizer-states") == 0;
    if (optimizer && hasBnb8bitStates(b.s.training.precision.optimizer) && b.r.tensors.below8bit > 0) {
        // bitsandbytes keeps two FP32 moments (8 bytes) for tensors under 4096 elements.
        const Count small = b.r.tensors.below8bit;
        const Bytes extraWhole = bytes(8 * small) - b.r.perParam.optimizer.times(small);
        const Bytes sliced = b.r.share.total > 0 && b.r.share.parameters != b.r.share.total
                ? bytes(ceilDiv(countOf(bytes(8 * small)) * b.r.share.parameters, b.r.share.total))
                        - bytes(ceilDiv(countOf(b.r.perParam.optimizer.times(small)) * b.r.share.parameters, b.r.share.total))
                : extraWhole;
        const Bytes extra = shardStates ? x.shard(sliced) : sliced;
        f = f + b.input("B_small", QT_TRANSLATE_NOOP("Derivation", "what FP32 states for tensors under 4096 elements add (bitsandbytes min_8bit_size)"),
                        countOf(extra), QT_TRANSLATE_NOOP("Derivation", "bitsandbytes optim/optimizer.py: params below min_8bit_size keep 32-bit states"));
        v += extra;
    }
    // The optimizers' own extras (tensorsizes.h), this rank's slice of them divided as
    // placement.cpp divides them.
    auto extraOnGpu = [&](Bytes whole) {
        const Bytes sliced = b.r.share.total > 0 && b.r.share.parameters != b.r.share.total
                ? bytes(ceilDiv(countOf(whole) * b.r.share.parameters, b.r.share.total))
                : whole;
        return shardStates ? x.shard(sliced) : sliced;
    };
    if (optimizer && b.s.training.precision.optimizer == Optimizer::AdamMini) {
        const Bytes extra = extraOnGpu(optimizerStateExtra(Optimizer::AdamMini, b.r.tensors, b.r.perParam));
        f = f + b.input("B_vmean", QT_TRANSLATE_NOOP("Derivation", "Adam-mini's second moments: one per head of Q and K, per output row of "
                                                                   "the other matrices and the embeddings, one per norm, every bias"),
                        countOf(extra), QT_TRANSLATE_NOOP("Derivation", "zyushun/Adam-mini adam_mini.py (v1.1.1): vmean per block, by parameter name"));
        v += extra;
    }
    if (optimizer && b.s.training.precision.optimizer == Optimizer::Muon) {
        const Bytes extra = extraOnGpu(optimizerStateExtra(Optimizer::Muon, b.r.tensors, b.r.perParam));
        f = f + b.input("B_adam", QT_TRANSLATE_NOOP("Derivation", "the second moment of the tensors Muon leaves to its AdamW (embeddings, "
                                                                  "LM head, norms, biases)"),
                        countOf(extra), QT_TRANSLATE_NOOP("Derivation", "KellerJordan/Muon muon.py (857d1ad): hidden 2-D weights keep one "
                                                                        "momentum_buffer; the rest exp_avg and exp_avg_sq"));
        v += extra;
    }
    if (optimizer && isProjectedOptimizer(b.s.training.precision.optimizer)) {
        // Negative where the projection keeps less than AdamW's two full moments: shown as what
        // it saves, subtracted.
        const Bytes extra = extraOnGpu(extraForGivenParameters(projectedStateExtra(b.s.training.precision.optimizer, b.r.tensors, b.r.perParam),
                                                               b.r.share.parameters, b.r.tensors.total));
        const char *source = b.s.training.precision.optimizer == Optimizer::Galore8bit
                ? QT_TRANSLATE_NOOP("Derivation", "jiaweizzhao/GaLore galore_torch/adamw8bit.py (2cc66f8): bitsandbytes' two 8-bit moments and their "
                                                  "absmax per 256 of the projected gradient's shape; the projector from the gradient's SVD, in its dtype")
                : b.s.training.precision.optimizer == Optimizer::Galore
                ? QT_TRANSLATE_NOOP("Derivation", "jiaweizzhao/GaLore galore_torch/adamw.py (2cc66f8): exp_avg and exp_avg_sq zeros_like the projected "
                                                  "gradient; the projector from the gradient's SVD, in its dtype (FP32: a view of the whole factor)")
                : QT_TRANSLATE_NOOP("Derivation", "zhuhanqing/APOLLO apollo_torch/apollo.py (76b3472): exp_avg and exp_avg_sq zeros_like the projected "
                                                  "gradient; the random projection kept between refreshes, in the gradient's dtype");
        if (extra < bytes(0)) {
            f = f - b.input("B_proj", QT_TRANSLATE_NOOP("Derivation", "what the projection of rank r saves: the layers' 2-D weights keep two moments "
                                                                      "of r x max(m, n) and an r x min(m, n) projection instead of two of m x n"),
                            -countOf(extra), source);
        } else if (extra > bytes(0)) {
            f = f + b.input("B_proj", QT_TRANSLATE_NOOP("Derivation", "what the projection of rank r adds: at this rank the two moments of r x max(m, n) "
                                                                      "and the projection outweigh two of m x n"),
                            countOf(extra), source);
        }
        v += extra;
    }
    if (optimizer && isTorchaoLowBit(b.s.training.precision.optimizer)) {
        const Bytes extra = extraOnGpu(torchaoStateExtra(b.s.training.precision.optimizer, b.r.tensors, b.r.perParam));
        f = f + b.input("B_plain", QT_TRANSLATE_NOOP("Derivation", "what torchao adds: plain states for tensors under 4096 elements or "
                                                                   "not a whole number of blocks, and each quantized state's code table"),
                        countOf(extra), QT_TRANSLATE_NOOP("Derivation", "torchao optim/adam.py _new_buffer (v0.18.0): only tensors of at least "
                                                                        "4096 elements that the block divides are quantized; the rest keep zeros_like(p)"));
        v += extra;
    }
    if (optimizer && b.pl.pagedOptimizerStates > bytes(0)) {
        f = f - b.input("B_paged", QT_TRANSLATE_NOOP("Derivation", "states paged to CUDA managed memory (all but the largest tensor's)"),
                        countOf(b.pl.pagedOptimizerStates),
                        QT_TRANSLATE_NOOP("Derivation", "bitsandbytes paged optimizers: states of tensors of at least 1e5 elements in managed memory, prefetched for their update"));
        v -= b.pl.pagedOptimizerStates;
    }
    if (x.offloadOptimizer) {
        if (v > bytes(0)) {
            k.offloadedFormula = f;
            k.offloaded = v;
        }
        return;
    }
    if (optimizer && x.cpuOffload()) {
        // torchao's CPU offload: the small tensors' states stay, the others' are on the host.
        k.offloadedFormula = Builder::times(x.moved(), b.r.perParam.optimizer);
        k.offloaded = b.pl.offloaded.optimizerStates;
        Builder::addTerm(k, id, QT_TRANSLATE_NOOP("Derivation", "the optimizer states of the tensors under 4096 elements"),
                         Builder::times(x.kept(), b.r.perParam.optimizer), b.r.perParam.optimizer.times(x.keptOnGpu()), kCpuOffloadSource);
        return;
    }
    Builder::addTerm(k, id, label, f, v, shardStates ? kZeroSource : "");
}

void deriveMaster(States &x)
{
    Builder &b = x.b;
    BucketDerivation &k = b.out.masterWeights;
    k.key = "master_weights";
    k.label = QT_TRANSLATE_NOOP("Derivation", "Master weights");
    const bool half = hasHalfMaster(b.s.training.precision);
    k.source = half ? QT_TRANSLATE_NOOP("Derivation", "a 16-bit copy of the trained weights for the update (DeepSpeed's "
                                                      "bf16_master_weights_and_grads: ZeRO's master partitions in the weights' dtype, "
                                                      "deepspeed/runtime/zero/stage_1_and_2.py and stage3.py, v0.18.3)")
                    : QT_TRANSLATE_NOOP("Derivation", "an FP32 copy of the trained weights for the update (*-master recipes: DeepSpeed, Megatron, Apex O2)");
    deriveShardedState(x, k, Builder::times(x.n, b.r.perParam.master), b.pl.replica.masterWeights, "master-weights",
                       half ? QT_TRANSLATE_NOOP("Derivation", "16-bit master copy") : QT_TRANSLATE_NOOP("Derivation", "FP32 master copy"),
                       &b.r.perParam.master, x.copies() ? x.copiesFormula(b.r.copyPerParam.master, false) : Formula(),
                       b.pl.copies.masterWeights + b.pl.copiesOffloaded.masterWeights);
    if (x.cpuOffload()) {
        // Not a master copy in another dtype: the pinned host copy of the parameters the CPU
        // optimizer steps, then copies back.
        k.source = QT_TRANSLATE_NOOP("Derivation", "no master copy on the GPU; torchao's CPU-offloaded optimizer keeps a pinned host copy "
                                                   "of each parameter it steps, in the parameter's dtype, and copies it back after the step");
        k.offloadedFormula = Builder::times(x.moved(), b.r.perParam.weights);
        k.offloaded = b.pl.offloaded.masterWeights;
    }
    addCriticTerm(b, k, "M_v", QT_TRANSLATE_NOOP("Derivation", "the value model's FP32 master weights on this GPU, in bytes"), b.b.side.criticMasterWeights);
    addVisionTerm(b, k, "M_vis", QT_TRANSLATE_NOOP("Derivation", "the vision tower's master weights on this GPU, in bytes"), b.b.side.visionMasterWeights);
    Builder::close(k, b.b.masterWeights);
}

void deriveOptimizer(States &x)
{
    Builder &b = x.b;
    BucketDerivation &k = b.out.optimizerStates;
    k.key = "optimizer_states";
    k.label = QT_TRANSLATE_NOOP("Derivation", "Optimizer states");
    const PerParamBytes &ppb = b.r.perParam;
    Formula whole;
    if (ppb.optimizerFactored) {
        k.source = QT_TRANSLATE_NOOP("Derivation", "Adafactor (Shazeer & Stern 2018): a row and a column accumulator per matrix, a full one per "
                           "vector; no first moment");
        Count elements = b.r.lora.adapterFactoredElements;
        if (!x.adapters) {
            const FactoredShape f = factoredShape(b.s.model);
            elements = f.matrixRowsPlusColumns + f.vectorElements;
        }
        const Formula e = b.input("E_fac", QT_TRANSLATE_NOOP("Derivation", "Adafactor state elements: rows + columns of every matrix, plus vectors"),
                                  elements);
        whole = b.sliced(Builder::times(e, ppb.optimizer, false));
    } else {
        k.source = isProjectedOptimizer(b.s.training.precision.optimizer)
                ? QT_TRANSLATE_NOOP("Derivation", "per trained parameter: AdamW's two moments in the stepped gradients' dtype; for the layers' 2-D "
                                                  "weights GaLore (Zhao et al. 2024) and APOLLO (Zhu et al. 2024) keep them in a projection of rank r")
                : b.s.training.precision.optimizer == Optimizer::AdamMini
                ? QT_TRANSLATE_NOOP("Derivation", "per trained parameter: Adam-mini's first moment m (one state); its second moment is one value "
                                                  "per block (Zhang et al. 2024)")
                : b.s.training.precision.optimizer == Optimizer::Muon
                ? QT_TRANSLATE_NOOP("Derivation", "per trained parameter: Muon's momentum buffer (one state); the embeddings, LM head, norms and "
                                                  "biases have AdamW's two (KellerJordan/Muon, Moonlight)")
                : isTorchaoLowBit(b.s.training.precision.optimizer)
                ? QT_TRANSLATE_NOOP("Derivation", "per trained parameter: torchao's low-bit AdamW quantizes both moments in blocks with an FP32 "
                                                  "scale each, 8-bit codes or FP8 in blocks of 256 (65/32 bytes), 4-bit codes in blocks of 128 "
                                                  "(17/16 bytes) (torchao/optim, v0.18.0)")
                : QT_TRANSLATE_NOOP("Derivation", "per trained parameter: Adam/AdamW two moments, SGD with momentum and Lion one, 8-bit Adam two "
                                                  "8-bit codes (Dettmers et al. 2022), each in FP32 unless the states take the weights' dtype");
        whole = Builder::times(x.n, ppb.optimizer);
    }
    Formula copies;
    if (x.copies())
        copies = b.r.copyPerParam.optimizerFactored
                ? Builder::times(b.input("E_copy", QT_TRANSLATE_NOOP("Derivation", "Adafactor state elements of the trained copies: rows + columns of each"),
                                         b.r.lora.copiedFactoredElements),
                                 b.r.copyPerParam.optimizer, false)
                : x.copiesFormula(b.r.copyPerParam.optimizer, false);
    deriveShardedState(x, k, whole, b.pl.replica.optimizerStates, "optimizer-states", QT_TRANSLATE_NOOP("Derivation", "optimizer states"),
                       ppb.optimizerFactored ? nullptr : &ppb.optimizer, std::move(copies),
                       b.pl.copies.optimizerStates + b.pl.copiesOffloaded.optimizerStates);
    addCriticTerm(b, k, "O_v", QT_TRANSLATE_NOOP("Derivation", "the value model's optimizer states on this GPU, in bytes"), b.b.side.criticOptimizerStates);
    addVisionTerm(b, k, "O_vis", QT_TRANSLATE_NOOP("Derivation", "the vision tower's optimizer states on this GPU, in bytes"), b.b.side.visionOptimizerStates);
    Builder::close(k, b.b.optimizerStates);
}

// The article's section 2.1: P × bytes per parameter, bucket by bucket, for the whole model.
void deriveWholeModel(States &x)
{
    Builder &b = x.b;
    BucketDerivation &k = b.out.wholeModelStates;
    k.key = "whole_model_states";
    k.label = QT_TRANSLATE_NOOP("Derivation", "Fixed cost of the whole model");
    k.source = QT_TRANSLATE_NOOP("Derivation", "the model states before any sharding or offload: P × bytes per parameter of "
                                               "each state (mixed precision with Adam: 2 + 2 + 4 + 8 = 16 bytes/param)");
    const PerParamBytes &ppb = b.r.perParam;
    const Scenario &s = b.s;
    Bytes total = bytes(0);
    const bool adapters = x.adapters;
    const Formula n = adapters ? b.symbol("P_lora") : b.symbol("P");
    const Count count = adapters ? b.r.lora.adapterParameters : b.r.parameters;
    if (adapters) {
        const LoraCounts &c = b.r.lora;
        const BytesPer rest = frozenBaseBytesPer(s);
        if (s.lora.mode == AdapterMode::Qlora) {
            const Bytes nf4 = quantizedBaseBytesPer(s).times(c.quantizedParameters);
            Builder::addTerm(k, "frozen-nf4", quantizedBaseLabel(s.stack.quantBase),
                             Builder::times(b.symbol("P_q"), quantizedBaseBytesPer(s)), nf4);
            total += nf4;
        }
        const Bytes rest16 = rest.times(c.baseParameters - c.quantizedParameters);
        Builder::addTerm(k, "frozen-16bit", QT_TRANSLATE_NOOP("Derivation", "frozen base in the compute dtype"),
                         Builder::times(c.quantizedParameters > 0 ? b.symbol("P") - b.symbol("P_q") : b.symbol("P"), rest),
                         rest16);
        total += rest16;
    }
    struct State
    {
        const char *id;
        const char *label;
        BytesPer size;
    };
    const State states[] = {
        { "weights", adapters ? QT_TRANSLATE_NOOP("Derivation", "adapter weights") : QT_TRANSLATE_NOOP("Derivation", "weights"),
          ppb.weights },
        { "gradients", QT_TRANSLATE_NOOP("Derivation", "gradients"), ppb.gradients },
        { "master-weights", QT_TRANSLATE_NOOP("Derivation", "FP32 master copy"), ppb.master },
        { "optimizer-states", QT_TRANSLATE_NOOP("Derivation", "optimizer states"), ppb.optimizer },
    };
    const bool factored = ppb.optimizerFactored;
    BytesPer perParam{ 0, 1 };
    bool whole = true;
    for (const State &st : states) {
        if (factored && std::strcmp(st.id, "optimizer-states") == 0) {
            Count elements = b.r.lora.adapterFactoredElements;
            if (!adapters) {
                const FactoredShape f = factoredShape(s.model);
                elements = f.matrixRowsPlusColumns + f.vectorElements;
            }
            const Bytes v = ppb.optimizer.times(elements);
            Builder::addTerm(k, st.id, QT_TRANSLATE_NOOP("Derivation", "factored optimizer states"),
                             Builder::times(b.input("E_fac", QT_TRANSLATE_NOOP("Derivation", "Adafactor state elements: rows + columns of every matrix, plus vectors"), elements),
                                            ppb.optimizer, false),
                             v);
            total += v;
            continue;
        }
        // The optimizer's states beyond its rate per parameter, as modelStates() counts them.
        Bytes extra = bytes(0);
        const Optimizer o = s.training.precision.optimizer;
        if (!adapters && std::strcmp(st.id, "optimizer-states") == 0 && hasOptimizerStateExtra(o))
            extra = optimizerStateExtraOnRank(o, b.r.tensors, optimizerStateExtra(o, b.r.tensors, ppb), count);
        Formula f = Builder::times(n, st.size);
        if (extra < bytes(0))
            f = f - b.input("B_opt", QT_TRANSLATE_NOOP("Derivation", "what the optimizer keeps less than its rate per parameter "
                                                                     "(GaLore's and APOLLO's projections)"),
                            -countOf(extra));
        else if (extra > bytes(0))
            f = f + b.input("B_opt", QT_TRANSLATE_NOOP("Derivation", "what the optimizer keeps beyond its rate per parameter (unquantized "
                                                                     "small tensors, fallback moments, per-block values)"),
                            countOf(extra));
        const Bytes v = st.size.times(count) + extra;
        Builder::addTerm(k, st.id, st.label, std::move(f), v);
        total += v;
        whole = whole && st.size.denominator == 1 && extra == bytes(0);
        perParam.numerator += st.size.numerator * (st.size.denominator == 1 ? 1 : 0);
    }
    if (x.copies()) {
        // PEFT's trained copies: their four states in their own dtype.
        const PerParamBytes &w = b.r.copyPerParam;
        const Count c = b.r.lora.copiedParameters;
        const BytesPer perCopy{ w.weights.numerator * w.gradients.denominator * w.master.denominator
                                        + w.gradients.numerator * w.weights.denominator * w.master.denominator
                                        + w.master.numerator * w.weights.denominator * w.gradients.denominator,
                                w.weights.denominator * w.gradients.denominator * w.master.denominator };
        Formula f = Builder::times(b.symbol("P_copy"), perCopy);
        Bytes v = perCopy.times(c);
        if (w.optimizerFactored) {
            f = f + Builder::times(b.input("E_copy", QT_TRANSLATE_NOOP("Derivation", "Adafactor state elements of the trained copies: rows + columns of each"),
                                           b.r.lora.copiedFactoredElements),
                                   w.optimizer, false);
            v += w.optimizer.times(b.r.lora.copiedFactoredElements);
        } else {
            f = f + Builder::times(b.symbol("P_copy"), w.optimizer);
            v += w.optimizer.times(c);
        }
        Builder::addTerm(k, "trained-copies", QT_TRANSLATE_NOOP("Derivation", "the trained copies of the embedding and LM head: weights, "
                                                                              "gradients, master copy and optimizer states in their own dtype"),
                         std::move(f), v);
        total += v;
    }
    Builder::close(k, total);
    // Mixed precision with Adam is still 16 bytes/param: the teaching line, P × the sum.
    if (!adapters && !factored && whole)
        k.formula = Builder::times(b.symbol("P"), perParam);
}

} // namespace

void deriveStates(Builder &b)
{
    const Scenario &s = b.s;
    States x(b);
    x.stage = static_cast<int>(s.parallel.zero);
    x.offloadOptimizer = s.parallel.offload != Offload::None && x.stage >= 1;
    x.offloadParams = s.parallel.offload == Offload::OptimizerAndParams && x.stage == 3;
    x.adapters = s.lora.mode != AdapterMode::None;
    const Dtype weights = weightDtype(s.training.precision.recipe);
    x.grad16 = dtypeSize(weights);
    x.separateFp32Grads = s.training.precision.fp32GradBuffer && isHalfPrecision(weights);
    x.n = trainedOnRank(b);
    x.splitExperts = b.r.trainableExpertOnRank > 0 && b.r.expertShardDegree != b.r.dataParallel;
    if (x.splitExperts && s.parallel.expertShard > 0)
        b.input("d_e", QT_TRANSLATE_NOOP("Derivation", "the experts' sharding degree of a 2-D expert mesh (--expert-shard): ZeRO's "
                                                       "divisor for the experts, replicated across the rest of their d / e GPUs"),
                b.r.expertShardDegree, QT_TRANSLATE_NOOP("Derivation", "the scenario"));
    else if (x.splitExperts)
        b.derived("d_e", QT_TRANSLATE_NOOP("Derivation", "the expert data-parallel degree, d / e: ZeRO's divisor for the experts"),
                  b.r.expertShardDegree, Formula::floorDiv(b.symbol("d"), b.symbol("e")));
    deriveParameters(x);
    deriveGradients(x);
    deriveMaster(x);
    deriveOptimizer(x);
    deriveWholeModel(x);
}

} // namespace headroom::derivation
