#pragma once

// Which layers each pipeline rank holds and how many micro-batches it keeps in flight: the
// split (PipelineSplit), the 1F1B and interleaved schedules' warm-up, and the embedding and
// output on the first and last ranks. Every figure that depends on a rank's share (parameters,
// activations, step time, the derivation) reads it here. Inline and allocation-free: estimate()
// walks the ranks on every call.
//
// Sources:
//  - torchtitan 1ce7f76, torchtitan/distributed/pipeline_parallel.py generate_llm_fqn_per_model_part():
//    the embedding and norm + output weighted as input_weight = output_weight = 1 layers, the
//    remainder to the first stages; virtual stage j on rank j mod p for the looped schedules.
//  - Megatron-LM d98e8a6, megatron/core/pipeline_parallel/schedules.py
//    forward_backward_pipelining_with_interleaving: rank i warms up with (p - i - 1) * 2 +
//    (v - 1) * p forward chunks (capped at m v), then runs one more forward before its first
//    backward; get_model_chunk_id(): forward k runs chunk (k mod p v) / p. Without interleaving
//    (forward_backward_pipelining_without_interleaving) p - i - 1 warm-up forwards.

#include <headroom/memory/scenario.h>

namespace headroom {

//! One pipeline rank's share of the model (pipelineShareOf()).
struct PipelineShare
{
    Count layers = 0;       //!< the rank's own layers, every chunk of it (per micro-batch)
    Count denseLayers = 0;  //!< of them, those before a mixture-of-experts model's first MoE layer
    bool embedding = false; //!< the token embedding (rank 0)
    bool head = false;      //!< the final norm, LM head, logits and loss (rank p - 1)
    //! Layers' worth of activations held at the rank's peak: each forward chunk in flight counts
    //! its layers (pipelineLayersHeld() for the first rank).
    Count heldLayers = 0;
    //! Of heldLayers, those among the model's first \a firstLayers (pipelineShareOf()'s argument).
    Count heldFirstLayers = 0;
    Count embeddingsInFlight = 0; //!< micro-batches whose embedding output rank 0 holds
    Count forwardsInFlight = 1;   //!< forward chunks the rank holds at its peak
};

//! p x v: the virtual stages (model chunks) the layers are split into.
inline Count pipelineChunks(const Scenario &s)
{
    const Count p = s.parallel.pipelineParallel > 1 ? s.parallel.pipelineParallel : 1;
    const Count v = s.stack.virtualStages > 1 ? s.stack.virtualStages : 1;
    return p * v;
}

//! The pipeline rank an estimate of \a s describes: Parallelism::pipelineRank, 0 when not pinned.
inline Count describedRank(const Scenario &s)
{
    const Count p = s.parallel.pipelineParallel;
    const Count r = s.parallel.pipelineRank;
    return p > 1 && r > 0 && r < p ? r : 0;
}

//! \a s pinned to pipeline rank \a rank (a breakdown's Breakdown::pipelineRank) unless it is
//! pinned already or has no pipeline: what a view that reads one rank's figures describes.
inline Scenario atPipelineRank(const Scenario &s, Count rank)
{
    Scenario at = s;
    if (s.parallel.pipelineParallel > 1 && s.parallel.pipelineRank < 0 && rank >= 0)
        at.parallel.pipelineRank = rank;
    return at;
}

//! The first layer of virtual stage \a j, 0 .. p v (p v: the end of the last).
inline Count chunkStart(const Scenario &s, Count j)
{
    const Count L = s.model.layers;
    const Count n = pipelineChunks(s);
    if (j <= 0 || n <= 1)
        return 0;
    if (j >= n)
        return L;
    switch (s.parallel.pipelineSplit) {
    case PipelineSplit::Listed: {
        Count start = 0;
        for (Count k = 0; k < j && k < kMaxPipelineChunks; ++k)
            start += s.parallel.stageLayers[static_cast<std::size_t>(k)];
        return start < L ? start : L;
    }
    case PipelineSplit::Weighted: {
        // L + 2 effective layers: stage 0 spends one on the embedding, the last one on the output.
        const Count effective = L + 2;
        const Count per = quotient(effective, n), extra = effective - per * n;
        const Count before = per * j + (j < extra ? j : extra) - 1;
        return before < 0 ? 0 : (before < L ? before : L);
    }
    case PipelineSplit::Even:
        break;
    }
    const Count per = quotient(L, n), extra = L - per * n;
    return per * j + (j < extra ? j : extra);
}

//! The layers of virtual stage \a j.
inline Count chunkLayers(const Scenario &s, Count j)
{
    return chunkStart(s, j + 1) - chunkStart(s, j);
}

//! The model chunk that rank \a rank's forward number \a k (from 0) runs (Megatron get_model_chunk_id()).
inline Count forwardChunk(Count k, Count p, Count v)
{
    if (v <= 1)
        return 0;
    const Count inGroup = k - quotient(k, p * v) * (p * v);
    return quotient(inGroup, p);
}

//! Forward chunks rank \a rank holds at its peak: the warm-up and the one run before its first backward.
inline Count forwardsInFlight(const Scenario &s, Count rank)
{
    const Count p = s.parallel.pipelineParallel > 1 ? s.parallel.pipelineParallel : 1;
    const Count v = s.stack.virtualStages > 1 && p > 1 ? s.stack.virtualStages : 1;
    const Count m = s.training.gradAccumSteps > 1 ? s.training.gradAccumSteps : 1;
    if (p <= 1)
        return 1;
    const Count chunks = m * v;
    const Count warm = v > 1 ? (p - rank - 1) * 2 + (v - 1) * p + 1 : p - rank;
    return warm < chunks ? warm : chunks;
}

//! The layers in [first, first + count) that are among the model's first \a limit.
inline Count layersBelow(Count first, Count count, Count limit)
{
    if (limit <= first)
        return 0;
    const Count end = first + count;
    return (limit < end ? limit : end) - first;
}

/*!
 * Rank \a rank's layers, whether it holds the embedding and the output, and what it holds in
 * flight. \a denseLimit: the layers before the first MoE layer (L for a dense model);
 * \a firstLayers: the first layers whose saved tensors differ (transformerbody.h t.firstLayers).
 */
inline PipelineShare pipelineShareOf(const Scenario &s, Count rank, Count denseLimit, Count firstLayers)
{
    PipelineShare r;
    const Count p = s.parallel.pipelineParallel > 1 ? s.parallel.pipelineParallel : 1;
    const Count v = s.stack.virtualStages > 1 && p > 1 ? s.stack.virtualStages : 1;
    if (p <= 1) {
        const Count L = s.model.layers;
        r.layers = r.heldLayers = L;
        r.denseLayers = denseLimit < L ? denseLimit : L;
        r.heldFirstLayers = firstLayers < L ? firstLayers : L;
        r.embedding = r.head = true;
        r.embeddingsInFlight = 1;
        r.forwardsInFlight = 1;
        return r;
    }
    r.embedding = rank == 0;
    r.head = rank == p - 1;
    for (Count c = 0; c < v; ++c) {
        const Count j = rank + c * p;
        const Count start = chunkStart(s, j), count = chunkStart(s, j + 1) - start;
        r.layers += count;
        r.denseLayers += layersBelow(start, count, denseLimit);
    }
    const Count forwards = forwardsInFlight(s, rank);
    r.forwardsInFlight = forwards;
    if (v <= 1) {
        const Count start = chunkStart(s, rank), count = r.layers;
        r.heldLayers = count * forwards;
        r.heldFirstLayers = layersBelow(start, count, firstLayers) * forwards;
        r.embeddingsInFlight = r.embedding ? forwards : 0;
        return r;
    }
    // Interleaved: each forward in flight holds the layers of the chunk it ran. Forward k runs
    // chunk (k mod p v) / p (forwardChunk()): each period of p v forwards runs every chunk p
    // times, and the last, partial period runs the first chunks p times each until it ends. So
    // chunk c runs full p + min(max(rest - c p, 0), p) of the forwards in flight, counted here
    // per chunk rather than per forward (hundreds in flight under deep pipelines).
    const Count period = p * v;
    const Count full = quotient(forwards, period), rest = forwards - full * period;
    for (Count c = 0; c < v; ++c) {
        const Count partial = rest - c * p;
        const Count runs = full * p + (partial <= 0 ? 0 : (partial < p ? partial : p));
        const Count j = rank + c * p;
        const Count start = chunkStart(s, j), count = chunkStart(s, j + 1) - start;
        r.heldLayers += runs * count;
        r.heldFirstLayers += runs * layersBelow(start, count, firstLayers);
        if (r.embedding && c == 0)
            r.embeddingsInFlight += runs;
    }
    return r;
}

//! Whether rank \a rank can peak above every rank before it: the first and last ranks, and a
//! middle rank whose layers differ from the rank before (with equal layers, an earlier rank holds
//! at least as many micro-batches in flight and the same states). Under interleaving every rank.
inline bool pipelineRankCanPeak(const Scenario &s, Count rank, Count denseLimit)
{
    const Count p = s.parallel.pipelineParallel;
    if (p <= 1)
        return rank == 0;
    if (rank == 0 || rank == p - 1 || rank == 1 || s.stack.virtualStages > 1)
        return true;
    const PipelineShare here = pipelineShareOf(s, rank, denseLimit, 0);
    const PipelineShare before = pipelineShareOf(s, rank - 1, denseLimit, 0);
    return here.layers != before.layers || here.denseLayers != before.denseLayers;
}

//! The most layers any rank holds per micro-batch: the pipeline runs at its slowest stage's pace.
inline Count largestStageLayers(const Scenario &s)
{
    const Count p = s.parallel.pipelineParallel;
    if (p <= 1)
        return s.model.layers;
    if (s.parallel.pipelineSplit == PipelineSplit::Even) {
        // chunkStart()'s even split gives the first `extra` of the p v chunks one layer more;
        // rank 0 runs chunks 0, p, 2p, ..., so it holds v per plus one for each c p < extra:
        // the most of any rank, without walking them (the plan search asks this per candidate).
        const Count v = s.stack.virtualStages > 1 ? s.stack.virtualStages : 1;
        const Count per = quotient(s.model.layers, p * v), extra = s.model.layers - per * p * v;
        const Count longer = quotient(extra + p - 1, p);
        return v * per + (longer < v ? longer : v);
    }
    Count most = 0;
    for (Count rank = 0; rank < p; ++rank) {
        const PipelineShare share = pipelineShareOf(s, rank, s.model.layers, 0);
        if (share.layers > most)
            most = share.layers;
    }
    return most;
}

} // namespace headroom
