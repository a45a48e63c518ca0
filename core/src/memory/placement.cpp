#include <headroom/memory/placement.h>

#include <headroom/memory/estimate.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/model.h>
#include <headroom/memory/precision.h>

namespace headroom {

namespace {

// Most runs divide by 1 (one GPU, no tensor parallelism): skip the 128-bit division call then.
constexpr Count ceilDiv(Count a, Count b) { return b > 1 ? (a + b - 1) / b : a; }
constexpr Count maxOf(Count a, Count b) { return a > b ? a : b; }

} // namespace

std::string_view offloadName(Offload o)
{
    switch (o) {
    case Offload::None: return "none";
    case Offload::Optimizer: return "optimizer";
    case Offload::OptimizerAndParams: return "optimizer+params";
    }
    return {};
}

std::optional<Offload> offloadFromName(std::string_view name)
{
    for (Offload o : { Offload::None, Offload::Optimizer, Offload::OptimizerAndParams })
        if (offloadName(o) == name)
            return o;
    return std::nullopt;
}

Placement placeModelStates(const Scenario &s)
{
    return placeModelStates(s, resolve(s));
}

Placement placeModelStates(const Scenario &s, const ResolvedScenario &r)
{
    Placement pl;
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
    pl.trainableParameters = adapters ? lora.adapterParameters : r.parameters;
    pl.parameterCount = adapters ? lora.baseParameters + lora.adapterParameters : r.parameters;

    // This model-parallel rank's slice. Full fine-tuning: bytes per parameter x the rank's
    // parameters; the adapters and the frozen base in proportion to the rank's share.
    const ModelParallelShare &share = pl.share;
    const bool sliced = share.total > 0 && share.parameters != share.total;
    auto slice = [&](Bytes b) { return sliced ? bytes(ceilDiv(countOf(b) * share.parameters, share.total)) : b; };
    const Count n = r.trainableOnRank;
    pl.trainableWeights = ppb.weights.times(n);
    if (adapters) {
        const BytesPer rest = frozenBaseBytesPer(s);
        pl.frozenNf4 = slice(kNf4DoubleQuantBytes.times(lora.quantizedParameters));
        pl.frozen16 = slice(rest.times(lora.baseParameters - lora.quantizedParameters));
    }
    pl.replica.parameters = pl.trainableWeights + pl.frozenNf4 + pl.frozen16;
    pl.replica.gradients = ppb.gradients.times(n);
    pl.replica.masterWeights = ppb.master.times(n);
    if (ppb.optimizerFactored) {
        Count elements = lora.adapterFactoredElements;
        if (!adapters) {
            const FactoredShape f = factoredShape(s.model);
            elements = f.matrixRowsPlusColumns + f.vectorElements;
        }
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
    auto shardOf = [&](BytesPer w) {
        if (!splitExperts)
            return shard(w.times(n));
        return bytes(ceilDiv(countOf(w.times(n - ne)), d) + ceilDiv(countOf(w.times(ne)), de));
    };
    StateBytes gpu;
    StateBytes host;

    // Stage 3 divides each part of the weights on its own (DeepSpeed partitions parameter by
    // parameter; the parts round up separately).
    const Bytes params = stage >= 3 ? shardOf(ppb.weights) + shard(pl.frozenNf4) + shard(pl.frozen16)
                                    : pl.replica.parameters;
    (offloadParams ? host : gpu).parameters = params;

    const Bytes master = stage >= 1 ? shardOf(ppb.master) : pl.replica.masterWeights;
    const Bytes optimizer = stage >= 1 ? (ppb.optimizerFactored ? shard(pl.replica.optimizerStates) : shardOf(ppb.optimizer))
                                       : pl.replica.optimizerStates;
    (offloadOptimizer ? host : gpu).masterWeights = master;
    (offloadOptimizer ? host : gpu).optimizerStates = optimizer;

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
    pl.sharded = gpu;
    pl.offloaded = host;

    // Buffers that exist because of the strategy.
    // The paper's convention (Rajbhandari et al. 2020, Figure 1) counts the partitioned states
    // alone: no gathered module, no buffers.
    const bool paper = r.stack.stack == TrainingStack::Paper;
    if (stage == 3 && !paper) {
        BytesPer gathered = ppb.weights;
        if (adapters)
            gathered = s.lora.mode == AdapterMode::Qlora ? kNf4DoubleQuantBytes : frozenBaseBytesPer(s);
        pl.gatheredParameters = gathered.times(share.largestModule);
        // A frozen base has no gradients to reduce-scatter.
        pl.liveGradients = adapters ? bytes(0) : grad16.times(share.largestModule);
    }
    if (stage >= 1)
        pl.reduceBucket = grad16.times(r.stack.reduceBucket);
    if (s.lora.mode == AdapterMode::Qlora)
        pl.dequantBuffer = frozenBaseBytesPer(s).times(ceilDiv(lora.largestQuantizedMatrix, maxOf(1, par.tensorParallel)));

    pl.gpu = gpu;
    pl.gpu.parameters += pl.gatheredParameters + pl.dequantBuffer;
    pl.gpu.gradients += pl.liveGradients + pl.reduceBucket;

    // Host memory per node, as DeepSpeed's estimators count it.
    pl.gpusOnNode = maxOf(1, par.gpusPerNode < par.gpus ? par.gpusPerNode : par.gpus);
    pl.hostOffloadedPerNode = host.total() * pl.gpusOnNode;
    const Count loaded = stage == 3 ? share.largestModule : share.parameters;
    pl.hostLoadPerNode = bytes(4 * loaded * pl.gpusOnNode);
    const Bytes needed = pl.hostOffloadedPerNode > pl.hostLoadPerNode ? pl.hostOffloadedPerNode : pl.hostLoadPerNode;
    pl.host.perNode = bytes(ceilDiv(countOf(needed) * kHostBufferNumerator, kHostBufferDenominator));
    return pl;
}

} // namespace headroom
