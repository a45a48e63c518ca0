#include <headroom/memory/tensorsizes.h>

#include <headroom/memory/lora.h>
#include <headroom/memory/model.h>
#include <headroom/memory/parametertensors.h>

namespace headroom {

namespace {

struct Sizes
{
    Count threshold = 0;
    TensorSizes out;

    // One tensor of \a n elements, \a times over (layers, experts); \a hidden: one of the
    // layers' 2-D weights (Muon's).
    void add(Count n, Count times, bool hidden = false)
    {
        if (n <= 0 || times <= 0)
            return;
        out.total += n * times;
        if (!hidden)
            out.muonFallback += n * times;
        if (n < kBnbMin8bitSize)
            out.below8bit += n * times;
        if (n < kTorchaoMinSize || n % kTorchaoBlock8bit != 0)
            out.plainTorchao256 += n * times;
        else
            out.quantizedTensors256 += times;
        if (n < kTorchaoMinSize || n % kTorchaoBlock4bit != 0)
            out.plainTorchao128 += n * times;
        else
            out.quantizedTensors128 += times;
        if (n >= kBnbPagedMinSize)
            out.paged += n * times;
        if (n <= threshold)
            out.persistent += n * times;
        if (n > out.largest)
            out.largest = n;
    }
};

} // namespace

// Flattened: the walk's lambdas inline (estimate() reads these under ZeRO-3 and the 8-bit,
// paged and in-backward optimizers).
[[gnu::flatten]] TensorSizes trainedTensorSizes(const Scenario &s, Count persistence)
{
    const ModelSpec &m = s.model;
    const ModelDims<Count> d = modelDims(m);
    const bool mixture = m.moe.enabled();
    const Count L = m.layers;
    const Count dense = denseLayerCount(m);
    const Count sparse = L - dense;
    Sizes z;
    z.threshold = persistence;
    if (s.lora.mode == AdapterMode::None) {
        // Adam-mini's blocks of one tensor (adam_mini.py v1.1.1, by parameter name; HF LLaMA's
        // names): Q and K per head (numel / (H² / heads)), embeddings per row, the other
        // matrices per output row, norms and routers one value.
        const Count heads = m.heads > 0 ? m.heads : 1;
        auto vBlocks = [&d, heads](const ParamTensor &t) -> Count {
            switch (t.role) {
            case ParamRole::Norm: case ParamRole::QkNorm: case ParamRole::Router: case ParamRole::SharedGate:
            case ParamRole::MixerVector: case ParamRole::MixerConv: return 1;
            case ParamRole::Q: case ParamRole::K: return d.H > 0 ? quotient(t.weightElements() * heads, d.H * d.H) : 1;
            case ParamRole::TokenEmbedding: case ParamRole::PositionEmbedding: case ParamRole::TypeEmbedding:
                return d.H > 0 ? quotient(t.weightElements(), d.H) : 1;
            default: return t.matrix ? t.columns : 1;
            }
        };
        const Count rank = s.training.precision.projectionRank;
        const bool galore = isGalore(s.training.precision.optimizer);
        auto project = [&z, rank, galore](const ParamTensor &t, Count times) {
            if (t.role == ParamRole::Router || t.role == ParamRole::SharedGate || rank <= 0)
                return;
            const Count lo = t.rows < t.columns ? t.rows : t.columns;
            const Count hi = t.rows < t.columns ? t.columns : t.rows;
            const Count r = galore && rank > lo ? lo : rank;
            z.out.projected += t.weightElements() * times;
            z.out.projectedMoment += r * hi * times;
            z.out.projectors += r * lo * times;
            z.out.projectorsFp32 += lo * lo * times;
        };
        // A hybrid's mixer layers (all of one MLP kind) have their mixer in place of attention.
        const Count mixers = mixerLayerCount(m);
        auto layer = [&z, vBlocks, project](Count all, bool inLayers, Count mixerLayers = 0) {
            return [&z, all, inLayers, vBlocks, project, mixerLayers](ParamPlace, const ParamTensor &t) {
                const Count times = isAttentionTensor(t.role) ? all - mixerLayers : all;
                if (times <= 0)
                    return;
                const Count copies = t.multiCopy ? t.copies : 1;
                z.add(t.weightElements(), times * copies, inLayers && t.matrix);
                if (inLayers && t.matrix)
                    project(t, times * copies);
                z.out.adamMiniV += vBlocks(t) * times * copies;
                if (t.bias) {
                    z.add(t.columns, times * copies);
                    z.out.adamMiniV += t.columns * times * copies;
                }
            };
        };
        forEachLayerTensor(m, d, false, layer(dense, true, mixture ? 0 : mixers));
        if (mixture)
            forEachLayerTensor(m, d, true, layer(sparse, true, mixers));
        forEachMixerTensor(m, d, layer(mixers, true));
        forEachOutsideTensor(m, d, layer(1, false));
        return z.out;
    }
    // LoRA: A (r x in) and B (out x r) per adapted module; the frozen base's small tensors
    // (norms, biases) are counted apart, since ZeRO-3 keeps them whole too.
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    const Count r = s.lora.rank;
    Count frozenSmall = 0;
    // A hybrid's mixer layers (all of one MLP kind): their mixer in place of attention.
    const Count mixers = mixerLayerCount(m);
    auto adapters = [&](Count all, Count mixerLayers = 0) {
        return [&, all, mixerLayers](ParamPlace, const ParamTensor &t) {
            const Count times = isAttentionTensor(t.role) ? all - mixerLayers : all;
            if (times <= 0)
                return;
            const Count copies = t.multiCopy ? t.copies : 1;
            if ((loraTargetsOf(t.role) & targets) != 0 && !t.multiCopy) {
                // A and B are 2-D: Muon orthogonalizes them.
                z.add(r * t.rows, times, true);
                z.add(t.columns * r, times, true);
            }
            if (t.weightElements() <= persistence)
                frozenSmall += t.weightElements() * times * copies;
            if (t.bias && t.columns <= persistence)
                frozenSmall += t.columns * times * copies;
        };
    };
    forEachLayerTensor(m, d, false, adapters(dense, mixture ? 0 : mixers));
    if (mixture)
        forEachLayerTensor(m, d, true, adapters(sparse, mixers));
    forEachMixerTensor(m, d, adapters(mixers));
    forEachOutsideTensor(m, d, [&](ParamPlace, const ParamTensor &t) {
        if (t.weightElements() <= persistence)
            frozenSmall += t.weightElements();
    });
    z.out.frozenPersistent = frozenSmall;
    return z.out;
}

} // namespace headroom
