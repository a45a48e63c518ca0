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

    // One tensor of \a n elements, \a times over (layers, experts).
    void add(Count n, Count times)
    {
        if (n <= 0 || times <= 0)
            return;
        out.total += n * times;
        if (n < kBnbMin8bitSize)
            out.below8bit += n * times;
        if (n >= kBnbPagedMinSize)
            out.paged += n * times;
        if (n <= threshold)
            out.persistent += n * times;
        if (n > out.largest)
            out.largest = n;
    }
};

} // namespace

TensorSizes trainedTensorSizes(const Scenario &s, Count persistence)
{
    const ModelSpec &m = s.model;
    const ParameterCounts pc = parameterCounts(m);
    const Count L = m.layers;
    const Count dense = pc.denseLayers(L);
    const Count sparse = L - dense;
    Sizes z;
    z.threshold = persistence;
    if (s.lora.mode == AdapterMode::None) {
        auto layer = [&z](Count times) {
            return [&z, times](ParamPlace, const ParamTensor &t) {
                const Count copies = t.multiCopy ? t.copies : 1;
                z.add(t.weightElements(), times * copies);
                if (t.bias)
                    z.add(t.columns, times * copies);
            };
        };
        forEachLayerTensor(m, false, layer(dense));
        if (pc.mixture)
            forEachLayerTensor(m, true, layer(sparse));
        forEachOutsideTensor(m, layer(1));
        return z.out;
    }
    // LoRA: A (r x in) and B (out x r) per adapted module; the frozen base's small tensors
    // (norms, biases) are counted apart, since ZeRO-3 keeps them whole too.
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    const Count r = s.lora.rank;
    Count frozenSmall = 0;
    auto adapters = [&](Count times) {
        return [&, times](ParamPlace, const ParamTensor &t) {
            const Count copies = t.multiCopy ? t.copies : 1;
            if ((loraTargetsOf(t.role) & targets) != 0 && !t.multiCopy) {
                z.add(r * t.rows, times);
                z.add(t.columns * r, times);
            }
            if (t.weightElements() <= persistence)
                frozenSmall += t.weightElements() * times * copies;
            if (t.bias && t.columns <= persistence)
                frozenSmall += t.columns * times * copies;
        };
    };
    forEachLayerTensor(m, false, adapters(dense));
    if (pc.mixture)
        forEachLayerTensor(m, true, adapters(sparse));
    forEachOutsideTensor(m, [&](ParamPlace, const ParamTensor &t) {
        if (t.weightElements() <= persistence)
            frozenSmall += t.weightElements();
    });
    z.out.frozenPersistent = frozenSmall;
    return z.out;
}

} // namespace headroom
