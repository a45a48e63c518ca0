#include <headroom/memory/resolved.h>

namespace headroom {

namespace {

// Most runs divide by 1 (one GPU, no tensor parallelism): skip the 128-bit division call then.
constexpr Count ceilDiv(Count a, Count b) { return b > 1 ? (a + b - 1) / b : a; }
constexpr Count maxOf(Count a, Count b) { return a > b ? a : b; }

} // namespace

Count largestModuleParameters(const ModelSpec &m)
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
    r.architectureShare = local;
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
    r.lora = loraCounts(s, r.counts, r.parameters);
    r.share = modelParallelShare(s, r.counts);
    r.dataParallel = maxOf(1, s.parallel.dataParallel());
    if (s.lora.mode == AdapterMode::None) {
        r.trainableOnRank = r.share.parameters;
    } else {
        const bool sliced = r.share.total > 0 && r.share.parameters != r.share.total;
        r.trainableOnRank = sliced ? ceilDiv(r.lora.adapterParameters * r.share.parameters, r.share.total)
                                   : r.lora.adapterParameters;
    }
    return r;
}

} // namespace headroom
