#include <headroom/memory/model.h>

#include <headroom/memory/parametertensors.h>

#include "modelbody.h"

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

static_assert(sizeof(kAllFamilies) / sizeof(kAllFamilies[0]) == detail::kFamilyCount, "one traits entry per family, in enum order");

} // namespace

namespace detail {

const BlockTraits kFamilyTraits[kFamilyCount] = {
    traitsOf(BlockFamily::Gpt2),   traitsOf(BlockFamily::Llama),      traitsOf(BlockFamily::Neox),
    traitsOf(BlockFamily::Phi),    traitsOf(BlockFamily::Falcon),     traitsOf(BlockFamily::Starcoder2),
    traitsOf(BlockFamily::Gemma),  traitsOf(BlockFamily::Gemma2),     traitsOf(BlockFamily::Bert),
};

} // namespace detail

// Flattened: the walk's lambdas inline and the tensors stay in registers (the hot path).
[[gnu::flatten]] ModelCounts countParameters(const ModelSpec &m)
{
    return detail::countParametersOf(m);
}

ParameterCounts parameterCounts(const ModelSpec &m)
{
    return countParameters(m).counts;
}

Count effectiveParameters(const ModelSpec &model)
{
    if (model.paramsOverride > 0)
        return model.paramsOverride;
    return parameterCounts(model).total(model.layers);
}

FactoredShape factoredShape(const ModelSpec &m)
{
    auto add = [](FactoredShape &s, Count layers) {
        return [&s, layers](ParamPlace, const ParamTensor &t) {
            if (t.matrix) {
                s.matrixRowsPlusColumns += layers * t.copies * (t.rows + t.columns);
                if (t.bias)
                    s.vectorElements += layers * t.copies * t.columns;
            } else if (t.role == ParamRole::MixerConv) {
                // Adafactor factors a C x 1 x K weight over its last two dimensions: a row
                // factor of C x 1 and a column factor of C x K.
                s.vectorElements += layers * (t.rows + t.rows * t.columns);
            } else {
                s.vectorElements += layers * t.totalElements();
            }
        };
    };
    FactoredShape s;
    const ModelDims<Count> d = modelDims(m);
    const Count dense = denseLayerCount(m);
    forEachLayerTensor(m, d, false, add(s, dense));
    if (m.moe.enabled())
        forEachLayerTensor(m, d, true, add(s, m.layers - dense));
    if (m.hybrid.enabled()) {
        // The mixer layers hold their mixer in place of attention (all of one MLP kind).
        const Count mixers = mixerLayerCount(m);
        forEachMixerTensor(m, d, add(s, mixers));
        FactoredShape attention;
        auto attentionOnly = add(attention, mixers);
        forEachLayerTensor(m, d, m.moe.enabled(), [&](ParamPlace place, const ParamTensor &t) {
            if (isAttentionTensor(t.role))
                attentionOnly(place, t);
        });
        s.matrixRowsPlusColumns -= attention.matrixRowsPlusColumns;
        s.vectorElements -= attention.vectorElements;
    }
    forEachOutsideTensor(m, d, add(s, 1));
    return s;
}

} // namespace headroom
