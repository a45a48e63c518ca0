#pragma once

// Internal: placeModelStates()'s body (placement.h), inline so that estimate() (estimate.cpp)
// keeps the Placement's fields in registers and drops the ones it does not report, instead of
// filling half a kilobyte of memory per estimate. placement.cpp's public functions use the same
// body.

#include <headroom/memory/lora.h>
#include <headroom/memory/model.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/tensorsizes.h>
#include <headroom/memory/visiontower.h>

#include "resolvedbody.h"
#include "fp8body.h"
#include "stackbody.h"

namespace headroom::detail {

inline bool deepspeedBuffers(TrainingStack s) { return s == TrainingStack::DeepSpeed || s == TrainingStack::HfTrainer; }

// What ZeRO-3 (or FSDP's FULL_SHARD) holds gathered at once, and the gradients of what it
// gathered before they are reduce-scattered.
[[gnu::always_inline]] inline void addGatheredParameters(const Scenario &s, const ResolvedScenario &r, const ParameterCounts &pc,
                                                         Placement &pl)
{
    const StackChoices &st = r.stack;
    const bool adapters = s.lora.mode != AdapterMode::None;
    const bool qlora = s.lora.mode == AdapterMode::Qlora;
    const BytesPer grad16 = dtypeSize(weightDtype(s.training.precision.recipe));
    // Gathered parameters are in the compute dtype (FSDP's param_dtype, DeepSpeed's 16-bit
    // copy), a frozen base as stored, QLoRA's matrices as packed NF4.
    BytesPer compute = adapters ? frozenBaseBytesPer(s) : r.perParam.weights;
    // FSDP's mixed precision gathers in the compute dtype whatever the storage (stack.h).
    if (fsdpMixedPrecisionOf(s))
        compute = dtypeSize(activationDtype(s.training.precision.recipe));
    const Count t = maxOf(1, s.parallel.tensorParallel);
    if (st.gathersWholeLayers) {
        // FSDP: one FlatParameter (FSDP2: one group) per decoder layer, plus the root's
        // embedding, final norm and head, which stay gathered from forward to the end of
        // backward; the layer computing and the ones prefetched.
        const Count layer = ceilDiv(pc.largestLayer(), t);
        const Count root = ceilDiv(pc.embedding + pc.finalNorm + pc.lmHead + pc.pooler, t);
        const Count units = 1 + st.prefetchUnits;
        // The larger layer's own quantized weights: an average over dense and MoE layers made the
        // gathered bytes fall as MoE layers were added (the invariants over random scenarios).
        Count quantizedLayer = 0;
        if (qlora && s.model.layers > 0)
            quantizedLayer = ceilDiv(r.lora.quantizedLargerLayer, t);
        pl.gatheredElements = root + units * layer;
        // torchao's FP8 all-gather: the layers' linear weights arrive as FP8, one byte each
        // (fsdp_utils.py, WeightWithDynamicFloat8CastTensor.fsdp_pre_all_gather); validation
        // allows it with tensorwise scaling under FSDP2 only.
        const PrecisionChoice &pc = s.training.precision;
        const Count fp8Layer = pc.fp8AllGather && pc.fp8 == Fp8Recipe::Tensorwise ? ceilDiv(fp8LayerLinearWeights(s.model), t) : 0;
        // Formats other than bitsandbytes' NF4 stay whole (placeModelStates()): nothing to gather.
        const BytesPer quantizedGathered = isBnbNf4(s.stack.quantBase) ? quantizedBaseBytesPer(s) : bytesPer(0);
        pl.gatheredParameters = compute.times(root) + quantizedGathered.times(units * quantizedLayer)
                + dtypeSize(Dtype::Fp8).times(units * fp8Layer) + compute.times(units * (layer - quantizedLayer - fp8Layer));
        if (quantizedLayer == 0 && fp8Layer == 0)
            pl.gatheredBytesPer = compute;
        // The computing unit's unsharded gradients before they are reduce-scattered.
        pl.liveGradientElements = adapters ? 0 : layer;
        pl.liveGradients = grad16.times(pl.liveGradientElements);
        return;
    }
    // DeepSpeed: the module running and its prefetch bucket, within max_live_parameters
    // (partitioned_param_coordinator.py L262-395).
    const Count module = r.share.largestModule;
    Count live = module + st.prefetchBucket;
    if (st.maxLiveParameters > 0)
        live = minOf(live, maxOf(module, st.maxLiveParameters));
    pl.gatheredElements = live;
    // QLoRA's largest module is the 16-bit embedding or head unless a quantized matrix is larger.
    const bool largestQuantized = qlora && ceilDiv(r.lora.largestQuantizedMatrix, t) >= module;
    pl.gatheredBytesPer = largestQuantized ? (isBnbNf4(s.stack.quantBase) ? quantizedBaseBytesPer(s) : bytesPer(0)) : compute;
    pl.gatheredParameters = pl.gatheredBytesPer.times(live);
    pl.liveGradientElements = adapters ? 0 : module;
    pl.liveGradients = grad16.times(pl.liveGradientElements);
    // Parameters of at most the persistence threshold are kept whole on every GPU: beyond the
    // 1/d share the sharded parameters already hold, or whole where the shards live on the CPU
    // (offloaded parameters; the persistent ones are never offloaded). Counting only the rest
    // there made the GPU's figure grow with d (the invariant test over random scenarios).
    const Count d = r.dataParallel;
    const Count persistent = r.tensors.persistent + r.tensors.frozenPersistent;
    const bool shardsOnHost = s.parallel.offload == Offload::OptimizerAndParams;
    if (persistent > 0 && (d > 1 || shardsOnHost)) {
        const BytesPer stored = adapters ? BytesPer{ r.perParam.weights } : compute;
        const Bytes whole = stored.times(persistent);
        pl.persistentParameters = shardsOnHost ? whole : whole - bytes(ceilDiv(countOf(whole), d));
    }
}

/*!
 * The states of \a c trained parameters held whole by every replica before ZeRO (PEFT's trained
 * copies, a vision tower) at \a w bytes per parameter, divided over \a d by the ZeRO stage and
 * offloaded as the adapters' are: into \a gpu and \a host. \a factored: a factored optimizer's
 * state elements.
 */
// What a multimodal model's tower adds to the host (visiontower.h): its parameters, loaded with
// the model's on the first stage, and its states that offload moved there. Out of line: language
// models return at once.
struct VisionHost
{
    Count loaded = 0;
    Bytes offloaded = bytes(0);
};

inline VisionHost visionHostShare(const Scenario &s, Count dataParallel)
{
    if (!s.model.vision.present())
        return {};
    const VisionStates v = visionStates(s, dataParallel);
    return { v.onRank ? v.parameters : 0, v.hostStates };
}

[[gnu::always_inline]] inline void placeWholeStates(const Scenario &s, Count c, const PerParamBytes &w, Count d, Count factored,
                                                    StateBytes &gpu, StateBytes &host)
{
    auto shard = [d](Bytes b) { return bytes(ceilDiv(countOf(b), d)); };
    const int stage = static_cast<int>(s.parallel.zero);
    const bool offloadOptimizer = s.parallel.offload != Offload::None && stage >= 1;
    const bool offloadParams = s.parallel.offload == Offload::OptimizerAndParams && stage == 3;
    const BytesPer grad16 = dtypeSize(weightDtype(s.training.precision.recipe));
    const bool separateFp32Grads = s.training.precision.fp32GradBuffer && isHalfPrecision(weightDtype(s.training.precision.recipe));
    gpu = StateBytes{};
    host = StateBytes{};
    const Bytes params = stage >= 3 ? shard(w.weights.times(c)) : w.weights.times(c);
    (offloadParams ? host : gpu).parameters = params;
    const Bytes acc = w.gradients.times(c);
    if (stage == 0) {
        gpu.gradients = acc;
    } else if (offloadOptimizer) {
        host.gradients = shard(acc);
        if (stage == 1)
            gpu.gradients = grad16.times(c);
    } else if (stage == 1) {
        gpu.gradients = separateFp32Grads ? grad16.times(c) + shard(acc) : acc;
    } else if (stage == 2) {
        gpu.gradients = separateFp32Grads ? shard(grad16.times(c)) + shard(acc) : shard(acc);
    } else {
        gpu.gradients = shard(acc);
    }
    const bool shardStates = stage >= 1 || s.stack.distributedOptimizer;
    const Bytes master = shardStates ? shard(w.master.times(c)) : w.master.times(c);
    const Bytes wholeStates = w.optimizer.times(w.optimizerFactored ? factored : c);
    const Bytes states = shardStates ? shard(wholeStates) : wholeStates;
    (offloadOptimizer ? host : gpu).masterWeights = master;
    (offloadOptimizer ? host : gpu).optimizerStates = states;
}

/*!
 * PEFT's trained copies (modules_to_save) on this GPU and its host: the copies' own weights,
 * gradients, master weights and optimizer states in their own dtype (ResolvedScenario::
 * copyPerParam), divided by ZeRO and offloaded by the rules placeStates() applies to the
 * adapters, so that a copy costs what an adapter of as many parameters in its dtype would.
 */
[[gnu::always_inline]] inline void placeTrainedCopies(const Scenario &s, const ResolvedScenario &r, Placement &pl)
{
    placeWholeStates(s, r.copiesOnRank, r.copyPerParam, r.dataParallel, r.lora.copiedFactoredElements, pl.copies, pl.copiesOffloaded);
}

/*!
 * placeModelStates(s, r) into \a pl (default-constructed), with the model's counts passed apart
 * (r.counts unless r was resolved under ResolveScope::EstimateOnly).
 */
[[gnu::always_inline]] inline void placeStates(const Scenario &s, const ResolvedScenario &r, const ParameterCounts &counts,
                                               Placement &pl)
{
    const Parallelism &par = s.parallel;
    const Count d = r.dataParallel;
    pl.dataParallel = d;
    pl.share = r.share;

    const PrecisionChoice &precision = s.training.precision;
    const PerParamBytes &ppb = r.perParam;
    const Dtype weights = weightDtype(precision.recipe);
    const BytesPer grad16 = dtypeSize(weights);
    // DeepSpeed keeps the 16-bit gradients and a separate FP32 partition only when the
    // weights are 16-bit; with FP32 weights the FP32 gradients are the only ones.
    const bool separateFp32Grads = precision.fp32GradBuffer && isHalfPrecision(weights);
    const bool adapters = s.lora.mode != AdapterMode::None;
    const LoraCounts &lora = r.lora;
    pl.trainableParameters = adapters ? lora.adapterParameters + lora.copiedParameters : r.parameters;
    pl.parameterCount = adapters ? lora.baseParameters + lora.adapterParameters + lora.copiedParameters : r.parameters;

    // This model-parallel rank's slice. Full fine-tuning: bytes per parameter x the rank's
    // parameters; the adapters and the frozen base in proportion to the rank's share.
    // (The lambdas here capture values, not references into r or pl, and no conditional picks
    // one of their fields by reference: either would keep them in memory in estimate().)
    const ModelParallelShare &share = r.share;
    const bool sliced = share.total > 0 && share.parameters != share.total;
    auto slice = [sliced, part = share.parameters, whole = share.total](Bytes b) {
        return sliced ? bytes(ceilDiv(countOf(b) * part, whole)) : b;
    };
    const Count n = r.trainableOnRank;
    pl.trainableWeights = ppb.weights.times(n);
    if (adapters) {
        const BytesPer rest = frozenBaseBytesPer(s);
        pl.frozenNf4 = slice(quantizedBaseBytesPer(s).times(lora.quantizedParameters));
        pl.frozen16 = slice(rest.times(lora.baseParameters - lora.quantizedParameters));
    }
    pl.replica.parameters = pl.trainableWeights + pl.frozenNf4 + pl.frozen16;
    pl.replica.gradients = ppb.gradients.times(n);
    pl.replica.masterWeights = ppb.master.times(n);
    if (ppb.optimizerFactored) {
        Count elements = lora.adapterFactoredElements;
        if (!adapters)
            elements = r.factored.matrixRowsPlusColumns + r.factored.vectorElements;
        pl.replica.optimizerStates = slice(ppb.optimizer.times(elements));
    } else {
        pl.replica.optimizerStates = ppb.optimizer.times(n);
    }

    // ZeRO sharding over the d data-parallel replicas, and offload to the host.
    const int stage = static_cast<int>(par.zero);
    const bool offloadOptimizer = par.offload != Offload::None && stage >= 1;
    const bool offloadParams = par.offload == Offload::OptimizerAndParams && stage == 3;
    auto shard = [d](Bytes b) { return bytes(ceilDiv(countOf(b), d)); };
    // A trainable bucket of w bytes per parameter, divided by ZeRO. Under expert parallelism the
    // routed experts are partitioned over their own group of d / e replicas (DeepSpeed-MoE's
    // expert data-parallel group): the dense part over d, the experts over d / e.
    const Count ne = r.trainableExpertOnRank;
    const Count de = r.expertShardDegree;
    const bool splitExperts = ne > 0 && de != d;
    auto shardOf = [splitExperts, shard, n, ne, d, de](BytesPer w) {
        if (!splitExperts)
            return shard(w.times(n));
        return bytes(ceilDiv(countOf(w.times(n - ne)), d) + ceilDiv(countOf(w.times(ne)), de));
    };
    StateBytes gpu;
    StateBytes host;

    // Stage 3 divides each part of the weights on its own (DeepSpeed partitions parameter by
    // parameter; the parts round up separately).
    // QLoRA's quantization constants (absmax, nested scales, code tables) are attributes of
    // bitsandbytes' Params4bit, outside the tensor ZeRO-3 or FSDP partitions and offloads: they
    // stay whole on every GPU; only the packed 4-bit codes are sharded (the PEFT FSDP-QLoRA and
    // DeepSpeed-QLoRA set-ups, docs/source/accelerate/fsdp.md, deepspeed.md). torchtune's torchao
    // NF4Tensor shards its scalers with the codes (nf4tensor.py fsdp_pre_all_gather).
    // GPTQ's, AWQ's and HQQ's layers keep their codes, scales and zeros as module buffers, and
    // LLM.int8's and FP8's are integer or float8 tensors: none is a floating-point parameter that
    // ZeRO-3 partitions or FSDP flattens, so the whole quantized base stays on every GPU.
    const bool bnbNf4 = isBnbNf4(s.stack.quantBase);
    const bool wholeQuantState = stage >= 3 && s.lora.mode == AdapterMode::Qlora
            && (!bnbNf4 || (r.stack.stack != TrainingStack::Paper && r.stack.stack != TrainingStack::Torchtune));
    if (wholeQuantState) {
        const Bytes codes = bnbNf4 ? slice(bytesPer(1, 2).times(lora.quantizedParameters)) : bytes(0);
        pl.quantState = pl.frozenNf4 - codes;
        const Bytes sharded = shardOf(ppb.weights) + shard(codes) + shard(pl.frozen16);
        // (Plain stores rather than a store through a selected reference, here and below, so
        // that gpu and host stay scalars.)
        if (offloadParams) {
            gpu.parameters = pl.quantState;
            host.parameters = sharded;
        } else {
            gpu.parameters = pl.quantState + sharded;
        }
    } else {
        const Bytes params = stage >= 3 ? shardOf(ppb.weights) + shard(pl.frozenNf4) + shard(pl.frozen16)
                                        : pl.replica.parameters;
        if (offloadParams)
            host.parameters = params;
        else
            gpu.parameters = params;
    }

    // Megatron's distributed optimizer shards the FP32 main parameters and the moments over the
    // data-parallel ranks as ZeRO-1 does; its FP32 main-grad buffer stays whole
    // (docs/source/api-guide/dist_optimizer.md: 6 + 12/d bytes per parameter).
    const StackChoices &st = r.stack;
    const bool shardStates = stage >= 1 || s.stack.distributedOptimizer;
    const Bytes master = shardStates ? shardOf(ppb.master) : pl.replica.masterWeights;
    Bytes optimizer = shardStates ? (ppb.optimizerFactored ? shard(pl.replica.optimizerStates) : shardOf(ppb.optimizer))
                                  : pl.replica.optimizerStates;
    // bitsandbytes keeps FP32 states (two 4-byte moments) for tensors under 4096 elements.
    if (hasBnb8bitStates(precision.optimizer) && r.tensors.below8bit > 0) {
        const Bytes small = slice(bytes(8 * r.tensors.below8bit)) - slice(ppb.optimizer.times(r.tensors.below8bit));
        optimizer += shardStates ? shard(small) : small;
    }
    if (hasOptimizerStateExtra(precision.optimizer)) {
        const Bytes extra = optimizerStateExtraOnRank(precision.optimizer, r.tensors,
                                                      slice(optimizerStateExtra(precision.optimizer, r.tensors, ppb)), share.parameters);
        optimizer += shardStates ? shard(extra) : extra;
    }
    if (offloadOptimizer) {
        host.masterWeights = master;
        host.optimizerStates = optimizer;
    } else {
        gpu.masterWeights = master;
        gpu.optimizerStates = optimizer;
    }

    const Bytes gradAcc = pl.replica.gradients; // in the optimizer's gradient dtype
    const Bytes grad16Full = grad16.times(n);   // as autograd produces them
    const Bytes gradShard = shardOf(ppb.gradients);
    if (stage == 0) {
        gpu.gradients = gradAcc;
    } else if (offloadOptimizer) {
        host.gradients = gradShard;
        if (stage == 1)
            gpu.gradients = grad16Full; // stage 1 does not partition the gradients it computes
    } else if (stage == 1) {
        gpu.gradients = separateFp32Grads ? grad16Full + gradShard : gradAcc;
    } else if (stage == 2) {
        gpu.gradients = separateFp32Grads ? shardOf(grad16) + gradShard : gradShard;
    } else {
        gpu.gradients = gradShard;
    }
    if (r.copiesOnRank > 0) {
        placeTrainedCopies(s, r, pl);
        gpu.parameters += pl.copies.parameters;
        gpu.gradients += pl.copies.gradients;
        gpu.masterWeights += pl.copies.masterWeights;
        gpu.optimizerStates += pl.copies.optimizerStates;
        host.parameters += pl.copiesOffloaded.parameters;
        host.gradients += pl.copiesOffloaded.gradients;
        host.masterWeights += pl.copiesOffloaded.masterWeights;
        host.optimizerStates += pl.copiesOffloaded.optimizerStates;
    }
    // torchtune's optimizer_in_bwd: each parameter is stepped and its gradient freed as soon as
    // it is accumulated, so at most the largest tensor's gradient exists
    // (recipes/full_finetune_single_device.py L390-415).
    if (s.stack.optimizerInBackward)
        gpu.gradients = ppb.gradients.times(ceilDiv(r.tensors.largest, maxOf(1, par.tensorParallel)));
    // torchao's CPUOffloadOptimizer (precision.h), on one GPU at stage 0 (validate()): the
    // tensors of at least 4096 elements keep a pinned host copy of themselves and of their
    // gradient in the parameter's dtype (empty_like) and their states there; the rest stay on
    // the GPU with theirs. With offload_gradients each gradient is freed once copied: the small
    // tensors' and, in flight, about the largest tensor's stay (cpu_offload.py backward_hook).
    if (precision.optimizerOffload != OptimizerOffload::None) {
        const Count kept = cpuOffloadKeptOnGpu(r.tensors, n);
        const Count moved = n - kept;
        host.masterWeights = ppb.weights.times(moved);
        host.gradients = ppb.weights.times(moved);
        host.optimizerStates = ppb.optimizer.times(moved);
        gpu.optimizerStates = ppb.optimizer.times(kept);
        if (precision.optimizerOffload == OptimizerOffload::CpuGradients) {
            const Count live = kept + r.tensors.largest;
            gpu.gradients = ppb.gradients.times(live < n ? live : n);
        }
    }
    // Paged states page to the host; the GPU holds the largest tensor's while it is updated.
    if (s.stack.pagedOptimizer && !offloadOptimizer && r.tensors.total > 0 && r.tensors.paged > 0) {
        const Bytes all = gpu.optimizerStates;
        const Bytes paged = bytes(quotient(countOf(all) * r.tensors.paged, r.tensors.total));
        const Bytes working = bytes(quotient(countOf(all) * r.tensors.largest, r.tensors.total));
        pl.pagedOptimizerStates = paged - working;
        gpu.optimizerStates = all - pl.pagedOptimizerStates;
    }
    pl.sharded = gpu;
    pl.offloaded = host;

    // Buffers that exist because of the framework. The paper's convention (Rajbhandari et al.
    // 2020, Figure 1) counts the partitioned states alone.
    const bool paper = st.stack == TrainingStack::Paper;
    if (stage == 3 && !paper)
        addGatheredParameters(s, r, counts, pl);
    if (stage >= 1 && !paper) {
        // DeepSpeed's stages 1-2 double the bucket with overlap_comm (stage_1_and_2.py
        // L2040-2058); stage 3 keeps one (stage3.py L519-541).
        pl.reduceBuckets = st.reduceBucket > 0 ? (stage < 3 && st.overlapComm ? 2 : 1) : 0;
        pl.reduceBucket = grad16.times(st.reduceBucket * pl.reduceBuckets);
    }
    // The sub-group's gradient is converted to the master partition's dtype
    // (stage3.py _prepare_fp32_grad_for_sub_group, v0.18.3): 2 bytes with 16-bit masters.
    const Count stepped = n + r.copiesOnRank;
    if (stage == 3 && !offloadOptimizer && deepspeedBuffers(st.stack) && stepped > 0)
        pl.stepGradientBuffer = (ppb.master.value() > 0 ? ppb.master : dtypeSize(Dtype::Fp32))
                                        .times(ceilDiv(stepped, d) < kZeroSubGroupSize ? ceilDiv(stepped, d) : kZeroSubGroupSize);
    if (s.lora.mode == AdapterMode::Qlora)
        pl.dequantBuffer = frozenBaseBytesPer(s).times(dequantizedCopiesAlive(s) * ceilDiv(lora.largestQuantizedMatrix, maxOf(1, par.tensorParallel)));

    pl.fp8WeightWorkspace = teFp8WorkspaceBytes(s);
    pl.fp8ScalingState = teFp8ScalingStateBytes(s);

    pl.gpu = gpu;
    pl.gpu.parameters += pl.gatheredParameters + pl.persistentParameters + pl.dequantBuffer + pl.fp8WeightWorkspace + pl.fp8ScalingState;
    // The FP32 sub-group gradient exists only while the optimizer steps (steptimeline.h).
    pl.gpu.gradients += pl.liveGradients + pl.reduceBucket;

    // Host memory per node, as DeepSpeed's estimators count it.
    pl.gpusOnNode = maxOf(1, par.gpusPerNode < par.gpus ? par.gpusPerNode : par.gpus);
    // A multimodal model's tower is loaded and offloaded with the model it belongs to.
    const VisionHost tower = visionHostShare(s, r.dataParallel);
    pl.hostOffloadedPerNode = (host.total() + tower.offloaded) * pl.gpusOnNode;
    // zero.Init builds the model partitioned: no process loads more than the largest module.
    const Count loaded = stage == 3 && s.stack.zeroInit ? share.largestModule : share.parameters + tower.loaded;
    pl.hostLoadPerNode = bytes(4 * loaded * pl.gpusOnNode);
    Bytes needed = pl.hostLoadPerNode;
    if (pl.hostOffloadedPerNode > needed)
        needed = pl.hostOffloadedPerNode;
    // torchao's CPUOffloadOptimizer allocates exactly its pinned copies (cpu_offload.py
    // empty_like): DeepSpeed's estimator factor is for DeepSpeed's own buffers.
    pl.host.perNode = precision.optimizerOffload != OptimizerOffload::None
            ? needed
            : bytes(ceilDiv(countOf(needed) * kHostBufferNumerator, kHostBufferDenominator));
}


} // namespace headroom::detail
