#include <headroom/planning/gemmshape.h>

#include <algorithm>
#include <cmath>

#include <headroom/memory/parametertensors.h>

namespace headroom {

namespace {

double toD(Count c) { return static_cast<double>(c); }

//! A k-slice of a split-K GEMM keeps at least this many of k: two of the 128-deep main-loop
//! steps of the tile shapes below, so the split never leaves a block too little to pipeline.
constexpr double kMinSplitDepth = 256;
constexpr int kMaxSplits = 16;

} // namespace

namespace {

// The share of the thread blocks' work that is the GEMM's own, with the best tile. A tile shape
// whose blocks leave SMs idle in their one wave may cut k into up to \a maxSplits slices
// (split-K), each a block doing a slice of a tile's work.
double quantizedShare(double m, double n, Count sms, int maxSplits)
{
    if (sms < 1 || !(m > 0) || !(n > 0))
        return 1.0;
    struct Tile
    {
        double rows, columns;
    };
    constexpr Tile tiles[] = { { 256, 128 }, { 128, 256 }, { 128, 128 } };
    const double units = toD(sms);
    double best = 0;
    for (const Tile &t : tiles) {
        const double tileCount = std::ceil(m / t.rows) * std::ceil(n / t.columns);
        const int splits = tileCount < units ? maxSplits : 1;
        for (int s = 1; s <= splits; ++s) {
            const double blocks = tileCount * s;
            const double waves = std::ceil(blocks / units);
            best = std::max(best, m * n * s / (waves * units * t.rows * t.columns));
        }
    }
    return best;
}

} // namespace

double tileWaveShare(double m, double n, Count sms) { return quantizedShare(m, n, sms, 1); }

double gemmSeconds(const GemmShape &g, const GemmCard &card)
{
    if (!(card.peakFlops > 0) || !(g.m > 0) || !(g.n > 0) || !(g.k > 0))
        return 0;
    // Split-K: when a tile shape's blocks leave SMs idle in their one wave, cuBLAS and CUTLASS
    // cut k into slices, each a block of its own (their split-K kernels), up to kMaxSplits and
    // k / kMinSplitDepth slices; the partial sums' reduction is not priced.
    const int splits = std::clamp(static_cast<int>(g.k / kMinSplitDepth), 1, kMaxSplits);
    const double share = quantizedShare(g.m, g.n, card.sms, splits);
    const double flops = 2 * g.m * g.n * g.k;
    const double computeS = flops / (card.peakFlops * card.efficiency * share);
    // Inputs in the GEMM's dtype, the output in 16 bits (an FP8 GEMM writes BF16).
    const double bytes = (g.m * g.k + g.k * g.n) * card.elementBytes + g.m * g.n * 2;
    const double memoryS = card.bandwidth > 0 ? bytes / card.bandwidth : 0;
    return std::max(computeS, memoryS);
}

namespace {

// Adds one linear's GEMMs, \a count of them, to \a totals: forward (m x in) (in x out), the
// input gradient (m x out) (out x in), the weight gradient (in x m) (m x out) when trained; the
// forward again in the recomputed share.
void addLinear(GemmShapeTotals &totals, const GemmCard &card, double m, double in, double out, double count,
               double forwards, bool weightGradient)
{
    if (!(count > 0) || !(m > 0) || !(in > 0) || !(out > 0))
        return;
    const double ideal = 2 * m * in * out / (card.peakFlops * card.efficiency);
    const double passes = forwards + 1 + (weightGradient ? 1 : 0);
    totals.idealS += count * passes * ideal;
    totals.modelledS += count
            * (forwards * gemmSeconds({ m, out, in }, card) + gemmSeconds({ m, in, out }, card)
               + (weightGradient ? gemmSeconds({ in, out, m }, card) : 0.0));
}

bool rowParallel(ParamRole r)
{
    return r == ParamRole::O || r == ParamRole::Down || r == ParamRole::ExpertDown || r == ParamRole::SharedDown;
}

bool replicatedUnderTensorParallel(ParamRole r)
{
    // Megatron keeps the router and latent attention's down-projections whole on every rank.
    return r == ParamRole::Router || r == ParamRole::MlaQA || r == ParamRole::MlaKvA;
}

} // namespace

GemmShapeSlowdowns gemmShapeSlowdowns(const Scenario &s, const GpuSpec &gpu, double peak16, double peak8)
{
    GemmShapeSlowdowns r;
    const ModelSpec &model = s.model;
    if (!(peak16 > 0) || model.layers < 1)
        return r;
    const double t = toD(std::max<Count>(1, s.parallel.tensorParallel));
    const double c = toD(std::max<Count>(1, s.parallel.contextParallel));
    const double ep = toD(std::max<Count>(1, s.parallel.expertParallel));
    const double tokens = toD(s.training.microBatch) * toD(s.training.sequence) / c;
    const bool fp8 = s.training.precision.fp8 != Fp8Recipe::Off && peak8 > 0;
    const double efficiency = gpu.matmulEfficiency > 0 ? gpu.matmulEfficiency : 1.0;
    const GemmCard card16{ peak16, efficiency, gpu.sms, gpu.hbmGBps * 1e9, 2 };
    const GemmCard layerCard = fp8 ? GemmCard{ peak8, efficiency, gpu.sms, gpu.hbmGBps * 1e9, 1 } : card16;
    const bool frozenBase = s.lora.mode != AdapterMode::None;
    // Full recomputation runs the checkpointed layers' forwards again (steptime.cpp's
    // recomputedShare(), approximated as every layer: the shares matter, not the count).
    const double forwards = s.training.recompute == Recompute::Full ? 2.0 : 1.0;

    const Count denseLayers = denseLayerCount(model);
    const Count sparseLayers = model.layers - denseLayers;
    // A hybrid's mixer layers run their mixer's projections in place of attention's.
    const double mixerLayers = toD(mixerLayerCount(model));
    auto isAttention = [](ParamRole r) {
        return r == ParamRole::Q || r == ParamRole::K || r == ParamRole::V || r == ParamRole::Qkv || r == ParamRole::O;
    };
    auto walk = [&](bool sparse, double layers) {
        if (!(layers > 0))
            return;
        forEachLayerTensor(model, sparse, [&](ParamPlace, const ParamTensor &p) {
            if (!p.matrix || p.role == ParamRole::Norm)
                return;
            double in = toD(p.rows), out = toD(p.columns), m = tokens, count = layers;
            if (isAttention(p.role))
                count = std::max(0.0, layers - mixerLayers);
            if (!replicatedUnderTensorParallel(p.role))
                (rowParallel(p.role) ? in : out) /= t;
            if (p.multiCopy && isRoutedExpert(p.role) && model.moe.experts > 0) {
                // Each GPU holds E / ep experts; the ep GPUs' k B S routed tokens spread over E.
                const double experts = toD(model.moe.experts);
                count *= experts / ep;
                m = tokens * toD(model.moe.perToken) * ep / experts;
            } else if (p.multiCopy) {
                count *= toD(p.copies);
            }
            addLinear(r.layers, layerCard, m, in, out, count, forwards, !frozenBase);
        });
    };
    walk(false, toD(denseLayers));
    walk(true, toD(sparseLayers));
    if (mixerLayers > 0)
        forEachMixerTensor(model, [&](ParamPlace, const ParamTensor &p) {
            if (p.matrix)
                addLinear(r.layers, layerCard, tokens, toD(p.rows), toD(p.columns), mixerLayers, forwards, !frozenBase);
        });
    // The LM head (tied or not, the table multiplies as the head), split over the vocabulary
    // under tensor parallelism; trained under a frozen base only as a trained copy.
    if (!modelTraits(model).encoder && model.headOutputs() > 0) {
        const bool headTrained = !frozenBase || (s.lora.trainedModules & TrainedHead) != 0;
        const double outputs = model.head == ModelHead::Score ? toD(model.headOutputs()) : toD(model.headOutputs()) / t;
        addLinear(r.head, card16, tokens, toD(model.hidden), outputs, 1, 1, headTrained);
    }
    return r;
}

} // namespace headroom
