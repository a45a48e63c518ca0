#include <headroom/memory/model.h>

namespace headroom {

ParameterCounts parameterCounts(const ModelSpec &m)
{
    ParameterCounts p;
    const Count H = m.hidden;
    const Count F = m.ffnOrDefault();
    const Count kv = m.kvDim();
    switch (m.family) {
    case BlockFamily::Gpt2:
        p.embedding = m.vocab * H + m.maxPositions * H;
        // Fused c_attn produces Q, K and V; with grouped heads K and V are narrower.
        p.attentionPerLayer = H * (H + 2 * kv) + (H + 2 * kv) + H * H + H;
        p.mlpPerLayer = H * F + F + F * H + H;
        p.normsPerLayer = 2 * (2 * H);
        p.finalNorm = 2 * H;
        break;
    case BlockFamily::Llama:
        p.embedding = m.vocab * H;
        p.attentionPerLayer = H * H + 2 * H * kv + H * H + (m.qkvBias ? H + 2 * kv : 0);
        p.mlpPerLayer = 3 * H * F;
        p.normsPerLayer = 2 * H;
        p.finalNorm = H;
        break;
    }
    p.lmHead = m.tiedEmbeddings ? 0 : m.vocab * H;
    return p;
}

Count effectiveParameters(const ModelSpec &model)
{
    if (model.paramsOverride > 0)
        return model.paramsOverride;
    return parameterCounts(model).total(model.layers);
}

FactoredShape factoredShape(const ModelSpec &m)
{
    const Count H = m.hidden;
    const Count F = m.ffnOrDefault();
    const Count kv = m.kvDim();
    const Count L = m.layers;
    FactoredShape s;
    const ParameterCounts p = parameterCounts(m);
    switch (m.family) {
    case BlockFamily::Gpt2:
        s.matrixRowsPlusColumns = (m.vocab + H) + (m.maxPositions > 0 ? m.maxPositions + H : 0)
                + L * ((H + H + 2 * kv) + (H + H) + (H + F) + (F + H));
        break;
    case BlockFamily::Llama:
        s.matrixRowsPlusColumns = (m.vocab + H)
                + L * ((H + H) + 2 * (H + kv) + (H + H) + 3 * (H + F));
        break;
    }
    if (!m.tiedEmbeddings)
        s.matrixRowsPlusColumns += m.vocab + H;
    // Whatever is not in a matrix sits in a vector (norm weights and biases).
    Count matrixElements = 0;
    switch (m.family) {
    case BlockFamily::Gpt2:
        matrixElements = m.vocab * H + m.maxPositions * H
                + L * (H * (H + 2 * kv) + H * H + 2 * H * F);
        break;
    case BlockFamily::Llama:
        matrixElements = m.vocab * H + L * (2 * H * H + 2 * H * kv + 3 * H * F);
        break;
    }
    matrixElements += p.lmHead;
    s.vectorElements = p.total(L) - matrixElements;
    return s;
}

} // namespace headroom
