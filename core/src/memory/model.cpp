#include <headroom/memory/model.h>

#include <headroom/memory/parametertensors.h>

namespace headroom {

namespace {

// Each family's layout, from its reference implementation (HF transformers' modeling_<family>.py)
// and its paper: GPT-2 (Radford et al. 2019), LLaMA (Touvron et al. 2023), GPT-NeoX (Black et al.
// 2022; use_parallel_residual), Phi-1.5/2 (PhiDecoderLayer: one input_layernorm feeding both
// branches), Falcon-7B (parallel_attn, one input_layernorm, bias=False), StarCoder2 (use_bias),
// Gemma (Gemma Team 2024: GemmaRMSNorm (1 + w), GeGLU, sqrt(H) embedding scale), Gemma-2 (four
// norms per layer, logit soft-capping), BERT (Devlin et al. 2019: post-LN, learned positions and
// token types, embedding LayerNorm).
constexpr BlockTraits traitsOf(BlockFamily f)
{
    BlockTraits t;
    switch (f) {
    case BlockFamily::Gpt2:
        t.qkvBias = t.outBias = t.mlpBias = t.fusedQkv = true;
        t.learnedPositions = true;
        t.rotary = false;
        break;
    case BlockFamily::Llama:
        t.norm = NormKind::RmsNorm;
        t.normBias = false;
        t.mlp = MlpKind::Gated;
        t.activation = ActivationFn::Silu;
        break;
    case BlockFamily::Neox:
        t.qkvBias = t.outBias = t.mlpBias = t.fusedQkv = true;
        t.activation = ActivationFn::GeluErf;
        t.residual = Residual::Parallel;
        break;
    case BlockFamily::Phi:
        t.qkvBias = t.outBias = t.mlpBias = t.lmHeadBias = true;
        t.normsPerLayer = 1;
        t.residual = Residual::Parallel;
        break;
    case BlockFamily::Falcon:
        t.fusedQkv = true;
        t.normsPerLayer = 1;
        t.activation = ActivationFn::GeluErf;
        t.residual = Residual::Parallel;
        break;
    case BlockFamily::Starcoder2:
        t.qkvBias = t.outBias = t.mlpBias = true;
        break;
    case BlockFamily::Gemma:
    case BlockFamily::Gemma2:
        t.norm = NormKind::RmsNorm;
        t.normBias = false;
        t.mlp = MlpKind::Gated;
        t.scaledEmbedding = true;
        if (f == BlockFamily::Gemma2) {
            t.normsPerLayer = 4;
            t.softcap = true;
        }
        break;
    case BlockFamily::Bert:
        t.qkvBias = t.outBias = t.mlpBias = true;
        t.activation = ActivationFn::GeluErf;
        t.finalNorm = false;
        t.embeddingNorm = true;
        t.postNorm = true;
        t.encoder = true;
        t.learnedPositions = true;
        t.rotary = false;
        break;
    }
    return t;
}

constexpr BlockTraits kTraits[] = {
    traitsOf(BlockFamily::Gpt2),   traitsOf(BlockFamily::Llama),      traitsOf(BlockFamily::Neox),
    traitsOf(BlockFamily::Phi),    traitsOf(BlockFamily::Falcon),     traitsOf(BlockFamily::Starcoder2),
    traitsOf(BlockFamily::Gemma),  traitsOf(BlockFamily::Gemma2),     traitsOf(BlockFamily::Bert),
};
static_assert(sizeof(kTraits) / sizeof(kTraits[0]) == sizeof(kAllFamilies) / sizeof(kAllFamilies[0]),
              "one traits entry per family, in enum order");

} // namespace

ModelDims<Count> modelDims(const ModelSpec &m)
{
    ModelDims<Count> d;
    d.one = 1;
    d.two = 2;
    d.H = m.hidden;
    d.qDim = m.qDim();
    d.kv = m.kvDim();
    d.F = m.ffnOrDefault();
    d.V = m.vocab;
    d.positions = m.maxPositions;
    d.types = m.typeVocab;
    d.headDim = m.headDimOrDefault();
    d.heads = m.heads;
    d.experts = m.moe.experts;
    d.expertFfn = m.moe.expertFfn;
    d.sharedFfn = m.moe.sharedExperts * m.moe.sharedFfnOrExpert();
    d.qLoraRank = m.mla.qLoraRank;
    d.kvLoraRank = m.mla.kvLoraRank;
    d.ropeDim = m.mla.ropeHeadDim;
    d.nopeDim = m.mla.nopeHeadDim;
    d.valueDim = m.mla.valueHeadDim;
    return d;
}

namespace {

LayerParameters layerParameters(const ModelSpec &m, bool sparse)
{
    LayerParameters p;
    const MoeSpec &e = m.moe;
    forEachLayerTensor(m, sparse, [&p, &e](ParamPlace, const ParamTensor &t) {
        const Count n = t.totalElements();
        switch (t.role) {
        case ParamRole::Norm:
            p.norms += n;
            break;
        case ParamRole::Q: case ParamRole::K: case ParamRole::V: case ParamRole::Qkv: case ParamRole::O:
        case ParamRole::MlaQA: case ParamRole::MlaQB: case ParamRole::MlaKvA: case ParamRole::MlaKvB:
            p.attention += n;
            break;
        case ParamRole::ExpertUp: case ParamRole::ExpertGate: case ParamRole::ExpertDown:
            p.mlp += n;
            p.expertMatrices += n;
            // A token uses k of the E experts.
            p.activeMlp += e.perToken * t.elements();
            break;
        default:
            p.mlp += n;
            p.activeMlp += n;
            break;
        }
    });
    return p;
}

} // namespace

const BlockTraits &blockTraits(BlockFamily family)
{
    const auto i = static_cast<std::size_t>(family);
    return kTraits[i < sizeof(kTraits) / sizeof(kTraits[0]) ? i : 0];
}

BlockTraits modelTraits(const ModelSpec &m)
{
    BlockTraits t = blockTraits(m.family);
    t.qkvBias = t.qkvBias || m.qkvBias;
    t.outBias = t.outBias || m.outBias;
    t.mlpBias = t.mlpBias || m.mlpBias;
    if (m.normsPerLayer > 0)
        t.normsPerLayer = m.normsPerLayer;
    if (m.parallelResidual != Switch::FamilyDefault)
        t.residual = m.parallelResidual == Switch::On ? Residual::Parallel : Residual::Sequential;
    if (m.softcap != Switch::FamilyDefault)
        t.softcap = m.softcap == Switch::On;
    return t;
}

ParameterCounts parameterCounts(const ModelSpec &m)
{
    ParameterCounts p;
    p.dense = layerParameters(m, false);
    p.mixture = m.moe.enabled();
    if (p.mixture) {
        p.sparse = layerParameters(m, true);
        p.denseLayerLimit = m.moe.denseLayers;
    }
    p.attentionPerLayer = p.dense.attention;
    p.mlpPerLayer = p.dense.mlp;
    p.normsPerLayer = p.dense.norms;
    forEachOutsideTensor(m, [&p](ParamPlace place, const ParamTensor &t) {
        switch (place) {
        case ParamPlace::Embedding: p.embedding += t.totalElements(); break;
        case ParamPlace::FinalNorm: p.finalNorm += t.totalElements(); break;
        case ParamPlace::Head: p.lmHead += t.totalElements(); break;
        case ParamPlace::Pooler: p.pooler += t.totalElements(); break;
        case ParamPlace::Layer: break;
        }
    });
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
    FactoredShape s;
    auto add = [&s](Count layers) {
        return [&s, layers](ParamPlace, const ParamTensor &t) {
            if (t.matrix) {
                s.matrixRowsPlusColumns += layers * t.copies * (t.rows + t.columns);
                if (t.bias)
                    s.vectorElements += layers * t.copies * t.columns;
            } else {
                s.vectorElements += layers * t.totalElements();
            }
        };
    };
    const ParameterCounts counts = parameterCounts(m);
    const Count dense = counts.denseLayers(m.layers);
    forEachLayerTensor(m, false, add(dense));
    if (counts.mixture)
        forEachLayerTensor(m, true, add(m.layers - dense));
    forEachOutsideTensor(m, add(1));
    return s;
}

} // namespace headroom
