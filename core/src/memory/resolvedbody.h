#pragma once

// Internal: resolve()'s body (resolved.h), inline so that estimate() (estimate.cpp) can keep the
// resolved scenario, a kilobyte of counts, in registers instead of writing it out and reading
// it back: nothing takes its address, so the compiler replaces it by the fields it reads.

#include <cstdint>

#include <headroom/memory/pipelinestage.h>
#include <headroom/memory/resolved.h>

#include "stackbody.h"

namespace headroom::detail {

//! What resolveScenario() fills.
enum class ResolveScope : std::uint8_t {
    Everything,   //!< every field, as resolve() returns it
    //! ResolvedScenario::tensors only where placeModelStates() reads them, and LoraCounts only
    //! with adapters (zeros otherwise)
    EstimateOnly,
};

inline constexpr Count ceilDiv(Count a, Count b) { return ceilQuotient(a, b); }
inline constexpr Count maxOf(Count a, Count b) { return a > b ? a : b; }
inline constexpr Count minOf(Count a, Count b) { return a < b ? a : b; }

//! denseLayersIn() from the two counts it reads.
inline Count denseLayersOf(bool mixture, Count denseLayerLimit, Count first, Count count)
{
    // Dense layers are the first denseLayerLimit ones (all layers without experts).
    if (!mixture)
        return count;
    const Count end = first + count;
    const Count limit = denseLayerLimit;
    if (limit <= first)
        return 0;
    return (limit < end ? limit : end) - first;
}

inline Count denseLayersOf(const ParameterCounts &pc, Count first, Count count)
{
    return denseLayersOf(pc.mixture, pc.denseLayerLimit, first, count);
}

//! modelParallelShare() with \a arch = pc.total(L), the architecture's count the caller has summed
//! already (the estimate sums it once).
[[gnu::always_inline]] inline ModelParallelShare shareOf(const Scenario &s, const ParameterCounts &pc, Count largestModule,
                                                         Count arch)
{
    const ModelSpec &m = s.model;
    const Count t = maxOf(1, s.parallel.tensorParallel);
    const Count p = maxOf(1, s.parallel.pipelineParallel);
    const Count L = m.layers;

    ModelParallelShare r;
    r.total = m.paramsOverride > 0 ? m.paramsOverride : arch; // effectiveParameters(), without recounting
    r.largestModule = ceilDiv(largestModule, t);
    Count local = arch;
    const Count e = maxOf(1, s.parallel.expertParallel);
    // The routed experts of one MoE layer on this rank: E / e experts, each split over t.
    const Count expertsLocal = e > 1 || t > 1 ? ceilDiv(quotient(pc.sparse.expertMatrices, e), t) : pc.sparse.expertMatrices;
    Count sparseLayers = L - pc.denseLayers(L);
    if (t > 1 || p > 1 || e > 1) {
        // Megatron: column- and row-parallel matrices (and their biases) are split over t, norms
        // are replicated; the embedding is vocabulary-parallel. Experts split like the MLP and,
        // under expert parallelism, are divided over e GPUs first.
        const Count denseLayer = ceilDiv(pc.dense.attention + pc.dense.mlp, t) + pc.dense.norms;
        const Count sparseLayer = ceilDiv(pc.sparse.attention + pc.sparse.mlp - pc.sparse.expertMatrices, t) + expertsLocal
                + pc.sparse.norms;
        // Captures values, not pc (a resolved scenario's field in estimate(): see placementbody.h).
        auto layersOf = [mixture = pc.mixture, limit = pc.denseLayerLimit, denseLayer, sparseLayer](Count first, Count count) {
            const Count dense = denseLayersOf(mixture, limit, first, count);
            return dense * denseLayer + (count - dense) * sparseLayer;
        };
        const Count embedding = ceilDiv(pc.embedding, t);
        Count head = pc.finalNorm + ceilDiv(pc.lmHead, t) + pc.pooler;
        if (p == 1) {
            local = embedding + layersOf(0, L) + head;
        } else {
            // The rank's layers, the embedding on the first rank and the output on the last
            // (pipelinestage.h); a tied output layer needs the word embedding there too.
            if (m.tiedHead())
                head += ceilDiv(m.vocab * m.hidden, t);
            const PipelineShare rank = pipelineShareOf(s, describedRank(s), pc.mixture ? pc.denseLayerLimit : L, 0);
            local = (rank.embedding ? embedding : 0) + rank.denseLayers * denseLayer
                    + (rank.layers - rank.denseLayers) * sparseLayer + (rank.head ? head : 0);
            sparseLayers = rank.layers - rank.denseLayers;
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

//! Whether placeModelStates() reads ResolvedScenario::tensors for \a s: the 8-bit optimizer's
//! small tensors, the other optimizers' extra states, stepping in backward, paged states, and
//! ZeRO-3's persistent parameters.
inline bool placementReadsTensorSizes(const Scenario &s)
{
    return hasBnb8bitStates(s.training.precision.optimizer) || hasOptimizerStateExtra(s.training.precision.optimizer)
            || s.stack.optimizerInBackward || s.stack.pagedOptimizer || s.training.precision.optimizerOffload != OptimizerOffload::None
            || s.parallel.zero == ZeroStage::Stage3;
}

/*!
 * resolve() from the model's counts (countParameters()), which the caller keeps: under
 * ResolveScope::EstimateOnly they are not copied into the result (counts and extremes stay
 * zeros there), so that no 300-byte copy is made per estimate.
 */
[[gnu::always_inline]] inline ResolvedScenario resolveScenario(const Scenario &s, ResolveScope scope, const ParameterCounts &counts,
                                                               const TensorExtremes &extremes)
{
    // Not const in estimate(): the compiler replaces a non-const local by its fields, not a const
    // one it has to construct in place.
    ResolvedScenario r;
    if (scope == ResolveScope::Everything) {
        r.counts = counts;
        r.extremes = extremes;
    }
    r.architectureParameters = counts.total(s.model.layers);
    r.parameters = s.model.paramsOverride > 0 ? s.model.paramsOverride : r.architectureParameters;
    // Results of out-of-line calls go through named locals: assigned straight into r, they could
    // be returned into r's own memory, and r would have to live in memory.
    const PerParamBytes perParam = perParamBytes(s.training.precision);
    r.perParam = perParam;
    // PEFT (>= 0.12, get_peft_model(autocast_adapter_dtype=True)) creates the adapters in FP32
    // whatever the base's dtype, so under a pure half-precision recipe they train as FP32 weights
    // with FP32 gradients and moments (peft tuners_utils.py _cast_adapter_dtype). torchtune and
    // litgpt build them in the model's dtype; DeepSpeed's bf16 engine casts the module to 16 bits
    // and keeps FP32 masters (a *-master recipe).
    const Recipe recipe = s.training.precision.recipe;
    if (peftFp32AdaptersOf(s) && (recipe == Recipe::Bf16Pure || recipe == Recipe::Fp16Pure)) {
        PrecisionChoice fp32 = s.training.precision;
        fp32.recipe = Recipe::Fp32;
        fp32.stateDtype = StateDtype::Fp32;
        const PerParamBytes fp32Bytes = perParamBytes(fp32);
        r.perParam = fp32Bytes;
    }
    if (s.lora.mode != AdapterMode::None) {
        // The out-of-line call gets a copy (on this path alone): handed the counts themselves,
        // it would keep them in memory on every estimate, where the compiler keeps the few it
        // reads in registers.
        const ParameterCounts forAdapters = counts;
        const LoraCounts lora = loraCounts(s, forAdapters, r.parameters);
        r.lora = lora;
    } else if (scope == ResolveScope::Everything) {
        // What loraCounts() gives without adapters (the placement reads it with adapters only).
        r.lora.baseParameters = r.parameters;
    }
    r.share = shareOf(s, counts, extremes.largestModule, r.architectureParameters);
    // ZeRO's sharding degree: the data- and context-parallel GPUs together (Parallelism::shardingGroup()).
    // Under HSDP the states shard within the shard group only (Parallelism::shardGroup).
    r.dataParallel = maxOf(1, s.parallel.shardGroup > 0 ? s.parallel.shardGroup : s.parallel.shardingGroup());
    const StackChoices stack = resolveStackOf(s);
    r.stack = stack;
    if (r.perParam.optimizerFactored && s.lora.mode == AdapterMode::None) {
        const FactoredShape factored = factoredShape(s.model);
        r.factored = factored;
    }
    if (scope == ResolveScope::Everything || placementReadsTensorSizes(s)) {
        const TensorSizes tensors = trainedTensorSizes(s, r.stack.persistenceThreshold);
        r.tensors = tensors;
    }
    // d / e, without a division when there is no expert parallelism (e = 1).
    const Count e = s.parallel.expertParallel;
    r.expertShardDegree = maxOf(1, e > 1 ? quotient(r.dataParallel, e) : r.dataParallel);
    // A 2-D expert mesh (Parallelism::expertShard): the experts shard over their own group.
    if (s.parallel.expertShard > 0)
        r.expertShardDegree = s.parallel.expertShard;
    if (s.lora.mode == AdapterMode::None) {
        r.trainableOnRank = r.share.parameters;
        r.trainableExpertOnRank = r.share.expertParameters < r.trainableOnRank ? r.share.expertParameters : r.trainableOnRank;
    } else {
        const bool sliced = r.share.total > 0 && r.share.parameters != r.share.total;
        r.trainableOnRank = sliced ? ceilDiv(r.lora.adapterParameters * r.share.parameters, r.share.total)
                                   : r.lora.adapterParameters;
        // Whole on every replica: validation allows the copies under data parallelism only.
        r.copiesOnRank = r.lora.copiedParameters;
        if (r.copiesOnRank > 0)
            r.copyPerParam = perParam;
    }
    return r;
}

} // namespace headroom::detail

namespace headroom::detail {

//! resolve(): everything, the model counted here.
inline ResolvedScenario resolveEverything(const Scenario &s)
{
    const ModelCounts counted = countParameters(s.model);
    return resolveScenario(s, ResolveScope::Everything, counted.counts, counted.extremes);
}

} // namespace headroom::detail
