#pragma once

// Internal: countParameters()'s body (model.h), inline so that estimate() (estimate.cpp) counts
// the model into registers instead of writing a 336-byte ModelCounts out and reading it back;
// the parts of it the scenario does not read are then not computed at all. model.cpp's public
// function uses the same body.

#include <headroom/memory/model.h>
#include <headroom/memory/parametertensors.h>

namespace headroom::detail {

constexpr Count largerOf(Count a, Count b) { return a > b ? a : b; }

// One layer's parameters by where they sit, and (with \a trackExtremes) its largest tensors. The
// sums are locals, not the caller's structs, so that the compiler keeps them in registers (stores
// through a reference might alias the model it reads).
[[gnu::always_inline]] inline LayerParameters layerParameters(const ModelSpec &m, const ModelDims<Count> &d,
                                                              bool sparse, TensorExtremes &extremes, bool trackExtremes)
{
    const Count perToken = m.moe.perToken;
    Count attention = 0, mlp = 0, norms = 0, activeMlp = 0, expertMatrices = 0;
    Count largestModule = extremes.largestModule, largestMatrix = extremes.largestMatrix;
    forEachLayerTensor(m, d, sparse, [&](ParamPlace, const ParamTensor &t) {
        const Count one = t.elements();
        if (trackExtremes) {
            largestModule = largerOf(largestModule, one);
            if (t.matrix)
                largestMatrix = largerOf(largestMatrix, t.weightElements());
        }
        const Count n = t.multiCopy ? t.copies * one : one;
        switch (t.role) {
        case ParamRole::Norm: case ParamRole::QkNorm:
            norms += n;
            break;
        case ParamRole::Q: case ParamRole::K: case ParamRole::V: case ParamRole::Qkv: case ParamRole::O:
        case ParamRole::MlaQA: case ParamRole::MlaQB: case ParamRole::MlaKvA: case ParamRole::MlaKvB: case ParamRole::Indexer:
        case ParamRole::Sink:
            attention += n;
            break;
        case ParamRole::ExpertUp: case ParamRole::ExpertGate: case ParamRole::ExpertDown:
            mlp += n;
            expertMatrices += n;
            // A token uses k of the E experts.
            activeMlp += perToken * one;
            break;
        default:
            mlp += n;
            activeMlp += n;
            break;
        }
    });
    extremes = TensorExtremes{ largestModule, largestMatrix };
    return LayerParameters{ attention, mlp, norms, activeMlp, expertMatrices };
}

/*!
 * countParameters(). \a trackExtremes false: the TensorExtremes stay zero, for an estimate that
 * does not read them (ZeRO-3 gathers by the largest module, the per-parameter optimizers size
 * their temporaries by the largest matrix; nothing else does): two maxima per tensor saved.
 */
[[gnu::always_inline]] inline ModelCounts countParametersOf(const ModelSpec &m, bool trackExtremes = true)
{
    const ModelDims<Count> d = modelDims(m);
    TensorExtremes extremes;
    const LayerParameters dense = layerParameters(m, d, false, extremes, trackExtremes);
    const bool mixture = m.moe.enabled();
    const LayerParameters sparse = mixture ? layerParameters(m, d, true, extremes, trackExtremes) : LayerParameters{};
    Count embedding = 0, finalNorm = 0, lmHead = 0, pooler = 0;
    Count largestModule = extremes.largestModule, largestMatrix = extremes.largestMatrix;
    // A hybrid's mixer, in place of attention in its mixer layers.
    Count mixer = 0, mixerMatrices = 0;
    forEachMixerTensor(m, d, [&](ParamPlace, const ParamTensor &t) {
        mixer += t.totalElements();
        if (t.matrix)
            mixerMatrices += t.weightElements();
        if (trackExtremes) {
            largestModule = largerOf(largestModule, t.elements());
            if (t.matrix)
                largestMatrix = largerOf(largestMatrix, t.weightElements());
        }
    });
    forEachOutsideTensor(m, d, [&](ParamPlace place, const ParamTensor &t) {
        const Count n = t.totalElements();
        if (trackExtremes) {
            largestModule = largerOf(largestModule, t.elements());
            if (t.matrix)
                largestMatrix = largerOf(largestMatrix, t.weightElements());
        }
        switch (place) {
        case ParamPlace::Embedding: embedding += n; break;
        case ParamPlace::FinalNorm: finalNorm += n; break;
        case ParamPlace::Head: lmHead += n; break;
        case ParamPlace::Pooler: pooler += n; break;
        case ParamPlace::Layer: break;
        }
    });
    // One initialization of the result (see estimate.cpp): no clearing of it first.
    return ModelCounts{ .counts = ParameterCounts{ .embedding = embedding,
                         .dense = dense,
                         .sparse = sparse,
                         .denseLayerLimit = mixture ? m.moe.denseLayers : 0,
                         .mixture = mixture,
                         .finalNorm = finalNorm,
                         .lmHead = lmHead,
                         .pooler = pooler,
                         .mixer = mixer,
                         .mixerLayers = mixerLayerCount(m),
                         .mixerMatrices = mixerMatrices,
                         // q/k norms: qkNormWhole's over A d_h and KV d_h, or two of d_h.
                         .attentionNorms = !m.qkNorm ? 0 : m.qkNormWhole ? d.qDim + d.kv : 2 * d.headDim,
                         .attentionPerLayer = dense.attention,
                         .mlpPerLayer = dense.mlp,
                         .normsPerLayer = dense.norms },
                        .extremes = TensorExtremes{ largestModule, largestMatrix } };
}

} // namespace headroom::detail
