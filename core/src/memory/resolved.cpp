#include <headroom/memory/resolved.h>

#include <headroom/memory/parametertensors.h>

namespace headroom {

namespace {

// Most runs divide by 1 (one GPU, no tensor parallelism): skip the 128-bit division call then.
constexpr Count ceilDiv(Count a, Count b) { return b > 1 ? (a + b - 1) / b : a; }
constexpr Count maxOf(Count a, Count b) { return a > b ? a : b; }

} // namespace

Count largestModuleParameters(const ModelSpec &m)
{
    // One nn.Module's direct parameters: a linear's weight and bias, one expert's matrix, a table.
    Count largest = 0;
    auto visit = [&largest](ParamPlace, const ParamTensor &t) { largest = maxOf(largest, t.elements()); };
    forEachOutsideTensor(m, visit);
    forEachLayerTensor(m, false, visit);
    if (m.moe.enabled())
        forEachLayerTensor(m, true, visit);
    return largest;
}

Count denseLayersIn(const ParameterCounts &pc, Count first, Count count)
{
    // Dense layers are the first denseLayerLimit ones (all layers without experts).
    if (!pc.mixture)
        return count;
    const Count end = first + count;
    const Count limit = pc.denseLayerLimit;
    if (limit <= first)
        return 0;
    return (limit < end ? limit : end) - first;
}

ModelParallelShare modelParallelShare(const Scenario &s, const ParameterCounts &pc)
{
    const ModelSpec &m = s.model;
    const Count t = maxOf(1, s.parallel.tensorParallel);
    const Count p = maxOf(1, s.parallel.pipelineParallel);
    const Count L = m.layers;
    const Count arch = pc.total(L);

    ModelParallelShare r;
    r.total = m.paramsOverride > 0 ? m.paramsOverride : arch; // effectiveParameters(), without recounting
    r.largestModule = ceilDiv(largestModuleParameters(m), t);
    Count local = arch;
    const Count e = maxOf(1, s.parallel.expertParallel);
    // The routed experts of one MoE layer on this rank: E / e experts, each split over t.
    const Count expertsLocal = e > 1 || t > 1 ? ceilDiv(pc.sparse.expertMatrices / e, t) : pc.sparse.expertMatrices;
    Count sparseLayers = L - pc.denseLayers(L);
    if (t > 1 || p > 1 || e > 1) {
        // Megatron: column- and row-parallel matrices (and their biases) are split over t, norms
        // are replicated; the embedding is vocabulary-parallel. Experts split like the MLP and,
        // under expert parallelism, are divided over e GPUs first.
        const Count denseLayer = ceilDiv(pc.dense.attention + pc.dense.mlp, t) + pc.dense.norms;
        const Count sparseLayer = ceilDiv(pc.sparse.attention + pc.sparse.mlp - pc.sparse.expertMatrices, t) + expertsLocal
                + pc.sparse.norms;
        auto layersOf = [&](Count first, Count count) {
            const Count dense = denseLayersIn(pc, first, count);
            return dense * denseLayer + (count - dense) * sparseLayer;
        };
        const Count embedding = ceilDiv(pc.embedding, t);
        Count head = pc.finalNorm + ceilDiv(pc.lmHead, t) + pc.pooler;
        if (p == 1) {
            local = embedding + layersOf(0, L) + head;
        } else {
            // A tied output layer needs the word embedding on the last stage too.
            if (m.tiedEmbeddings)
                head += ceilDiv(m.vocab * m.hidden, t);
            const Count stageLayers = ceilDiv(L, p);
            const Count first = embedding + layersOf(0, stageLayers);
            const Count last = layersOf(L - stageLayers, stageLayers) + head;
            local = maxOf(first, last);
            const Count stage = first >= last ? 0 : L - stageLayers;
            sparseLayers = stageLayers - denseLayersIn(pc, stage, stageLayers);
        }
    }
    r.architectureShare = local;
    r.sparseLayers = pc.mixture ? sparseLayers : 0;
    const Count expertLocal = r.sparseLayers * expertsLocal;
    r.expertParameters = m.paramsOverride > 0 && arch > 0 ? ceilDiv(r.total * expertLocal, arch) : expertLocal;
    if (arch <= 0)
        r.parameters = ceilDiv(r.total, t * p);
    else if (m.paramsOverride > 0 && local != arch)
        r.parameters = ceilDiv(r.total * local, arch);
    else if (m.paramsOverride > 0)
        r.parameters = r.total;
    else
        r.parameters = local;
    return r;
}

ModelParallelShare modelParallelShare(const Scenario &s)
{
    return modelParallelShare(s, parameterCounts(s.model));
}

ResolvedScenario resolve(const Scenario &s)
{
    ResolvedScenario r;
    r.counts = parameterCounts(s.model);
    r.architectureParameters = r.counts.total(s.model.layers);
    r.parameters = s.model.paramsOverride > 0 ? s.model.paramsOverride : r.architectureParameters;
    r.perParam = perParamBytes(s.training.precision);
    // PEFT (>= 0.12, get_peft_model(autocast_adapter_dtype=True)) creates the adapters in FP32
    // whatever the base's dtype, so under a pure half-precision recipe they train as FP32 weights
    // with FP32 gradients and moments (peft tuners_utils.py _cast_adapter_dtype). torchtune and
    // litgpt build them in the model's dtype; DeepSpeed's bf16 engine casts the module to 16 bits
    // and keeps FP32 masters (a *-master recipe).
    const Recipe recipe = s.training.precision.recipe;
    if (peftFp32Adapters(s) && (recipe == Recipe::Bf16Pure || recipe == Recipe::Fp16Pure)) {
        PrecisionChoice fp32 = s.training.precision;
        fp32.recipe = Recipe::Fp32;
        fp32.stateDtype = StateDtype::Fp32;
        r.perParam = perParamBytes(fp32);
    }
    r.lora = loraCounts(s, r.counts, r.parameters);
    r.share = modelParallelShare(s, r.counts);
    r.dataParallel = maxOf(1, s.parallel.dataParallel());
    r.stack = resolveStack(s);
    r.tensors = trainedTensorSizes(s, r.stack.persistenceThreshold);
    r.expertShardDegree = maxOf(1, r.dataParallel / maxOf(1, s.parallel.expertParallel));
    if (s.lora.mode == AdapterMode::None) {
        r.trainableOnRank = r.share.parameters;
        r.trainableExpertOnRank = r.share.expertParameters < r.trainableOnRank ? r.share.expertParameters : r.trainableOnRank;
    } else {
        const bool sliced = r.share.total > 0 && r.share.parameters != r.share.total;
        r.trainableOnRank = sliced ? ceilDiv(r.lora.adapterParameters * r.share.parameters, r.share.total)
                                   : r.lora.adapterParameters;
    }
    return r;
}

} // namespace headroom
