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

// DeepSpeed's largest_layer_params: the module with the most parameters of its own.
Count largestModule(const ModelSpec &m)
{
    const Count H = m.hidden, F = m.ffnOrDefault(), kv = m.kvDim(), V = m.vocab;
    Count largest = V * H; // token embedding (and an untied LM head of the same size)
    switch (m.family) {
    case BlockFamily::Llama: {
        const Count q = H * H + (m.qkvBias ? H : 0);
        const Count k = H * kv + (m.qkvBias ? kv : 0);
        largest = maxOf(largest, maxOf(q, maxOf(k, H * F)));
        break;
    }
    case BlockFamily::Gpt2:
        largest = maxOf(largest, m.maxPositions * H);
        largest = maxOf(largest, H * (H + 2 * kv) + (H + 2 * kv)); // c_attn
        largest = maxOf(largest, H * F + F);                       // c_fc (and c_proj F x H + H)
        largest = maxOf(largest, F * H + H);
        break;
    }
    return largest;
}

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

ModelParallelShare modelParallelShare(const Scenario &s)
{
    const ModelSpec &m = s.model;
    const Count t = maxOf(1, s.parallel.tensorParallel);
    const Count p = maxOf(1, s.parallel.pipelineParallel);
    const ParameterCounts pc = parameterCounts(m);
    const Count L = m.layers;
    const Count arch = pc.total(L);

    ModelParallelShare r;
    r.total = m.paramsOverride > 0 ? m.paramsOverride : arch; // effectiveParameters(), without recounting
    r.largestModule = ceilDiv(largestModule(m), t);
    Count local = arch;
    if (t > 1 || p > 1) {
        // Megatron: column- and row-parallel matrices (and their biases) are split over t, norms
        // are replicated; the embedding is vocabulary-parallel.
        const Count layer = ceilDiv(pc.attentionPerLayer + pc.mlpPerLayer, t) + pc.normsPerLayer;
        const Count embedding = ceilDiv(pc.embedding, t);
        Count head = pc.finalNorm + ceilDiv(pc.lmHead, t);
        if (p == 1) {
            local = embedding + L * layer + head;
        } else {
            // A tied output layer needs the word embedding on the last stage too.
            if (m.tiedEmbeddings)
                head += ceilDiv(m.vocab * m.hidden, t);
            const Count stageLayers = ceilDiv(L, p);
            local = maxOf(embedding + stageLayers * layer, stageLayers * layer + head);
        }
    }
    if (arch <= 0)
        r.parameters = ceilDiv(r.total, t * p);
    else if (m.paramsOverride > 0)
        r.parameters = ceilDiv(r.total * local, arch);
    else
        r.parameters = local;
    return r;
}

Placement placeModelStates(const Scenario &s)
{
    Placement pl;
    const Parallelism &par = s.parallel;
    const Count d = maxOf(1, par.dataParallel());
    pl.dataParallel = d;
    pl.share = modelParallelShare(s);

    const PrecisionChoice &precision = s.training.precision;
    const PerParamBytes ppb = perParamBytes(precision);
    const Dtype weights = weightDtype(precision.recipe);
    const BytesPer grad16 = dtypeSize(weights);
    // DeepSpeed keeps the 16-bit gradients and a separate FP32 partition only when the
    // weights are 16-bit; with FP32 weights the FP32 gradients are the only ones.
    const bool separateFp32Grads = precision.fp32GradBuffer && isHalfPrecision(weights);
    const bool adapters = s.lora.mode != AdapterMode::None;

    // Whole-model buckets of the trainable parameters, and the frozen base.
    StateBytes whole;
    Bytes frozen = bytes(0);
    LoraCounts lora;
    if (adapters) {
        lora = loraCounts(s);
        const Count n = lora.adapterParameters;
        pl.trainableParameters = n;
        pl.parameterCount = lora.baseParameters + n;
        frozen = frozenBaseBytes(s, lora);
        whole.parameters = ppb.weights.times(n);
        whole.gradients = ppb.gradients.times(n);
        whole.masterWeights = ppb.master.times(n);
        whole.optimizerStates = ppb.optimizerFactored ? ppb.optimizer.times(lora.adapterFactoredElements)
                                                      : ppb.optimizer.times(n);
    } else {
        const ModelStates m = modelStates(s, pl.share.total);
        pl.trainableParameters = m.parameterCount;
        pl.parameterCount = m.parameterCount;
        whole = { m.parameters, m.gradients, m.masterWeights, m.optimizerStates };
    }

    // This model-parallel rank's slice: every bucket in the proportion of its parameters.
    const ModelParallelShare &share = pl.share;
    const bool sliced = share.total > 0 && share.parameters != share.total;
    auto slice = [&](Count v) { return sliced ? ceilDiv(v * share.parameters, share.total) : v; };
    auto sliceBytes = [&](Bytes b) { return bytes(slice(countOf(b))); };
    const Count trainableLocal = slice(pl.trainableParameters);
    pl.replica.parameters = sliceBytes(whole.parameters) + sliceBytes(frozen);
    pl.replica.gradients = sliceBytes(whole.gradients);
    pl.replica.masterWeights = sliceBytes(whole.masterWeights);
    pl.replica.optimizerStates = sliceBytes(whole.optimizerStates);

    // ZeRO sharding over the d data-parallel replicas, and offload to the host.
    const int stage = static_cast<int>(par.zero);
    const bool offloadOptimizer = par.offload != Offload::None && stage >= 1;
    const bool offloadParams = par.offload == Offload::OptimizerAndParams && stage == 3;
    auto shard = [d](Bytes b) { return bytes(ceilDiv(countOf(b), d)); };
    StateBytes gpu;
    StateBytes host;

    const Bytes params = stage >= 3 ? shard(pl.replica.parameters) : pl.replica.parameters;
    (offloadParams ? host : gpu).parameters = params;

    const Bytes master = stage >= 1 ? shard(pl.replica.masterWeights) : pl.replica.masterWeights;
    const Bytes optimizer = stage >= 1 ? shard(pl.replica.optimizerStates) : pl.replica.optimizerStates;
    (offloadOptimizer ? host : gpu).masterWeights = master;
    (offloadOptimizer ? host : gpu).optimizerStates = optimizer;

    const Bytes gradAcc = pl.replica.gradients;         // in the optimizer's gradient dtype
    const Bytes grad16Full = grad16.times(trainableLocal); // as autograd produces them
    if (stage == 0) {
        gpu.gradients = gradAcc;
    } else if (offloadOptimizer) {
        host.gradients = shard(gradAcc);
        if (stage == 1)
            gpu.gradients = grad16Full; // stage 1 does not partition the gradients it computes
    } else if (stage == 1) {
        gpu.gradients = separateFp32Grads ? grad16Full + shard(gradAcc) : gradAcc;
    } else if (stage == 2) {
        gpu.gradients = separateFp32Grads ? shard(grad16Full) + shard(gradAcc) : shard(gradAcc);
    } else {
        gpu.gradients = shard(gradAcc);
    }
    pl.sharded = gpu;
    pl.offloaded = host;

    // Buffers that exist because of the strategy.
    if (stage == 3) {
        BytesPer gathered = ppb.weights;
        if (adapters)
            gathered = s.lora.mode == AdapterMode::Qlora ? kNf4DoubleQuantBytes : frozenBaseBytesPer(s);
        pl.gatheredParameters = gathered.times(share.largestModule);
        // A frozen base has no gradients to reduce-scatter.
        pl.liveGradients = adapters ? bytes(0) : grad16.times(share.largestModule);
    }
    if (stage >= 1)
        pl.reduceBucket = grad16.times(par.reduceBucket);
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
