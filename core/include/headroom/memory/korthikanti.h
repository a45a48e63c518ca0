#pragma once

// Activation memory of one transformer layer under tensor, sequence and pipeline parallelism,
// after Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models"
// (arXiv:2205.05198), section 4 and Table 2. Every activation model that reads
// Scenario::parallel divides with these functions, so the textbook and the itemized models
// agree on what tensor, sequence and pipeline parallelism do.
//
// Notation as in the paper: s sequence, b micro-batch, h hidden, a heads, t tensor-parallel
// degree, p pipeline stages, L layers. Sizes in bytes with 16-bit activations and 1-byte
// dropout masks.

#include <headroom/memory/pipelinestage.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

namespace headroom {

/*!
 * Bytes one layer keeps for backward on one GPU (Korthikanti et al. 2022, Table 2):
 *  - no recompute, tensor parallel:          sbh (10 + 24/t + 5as/(ht))
 *  - no recompute, tensor + sequence parallel: sbh/t (34 + 5as/h)
 *  - selective recompute (the 5as/h attention core is rebuilt): sbh (10 + 24/t), sbh 34/t with SP
 *  - full recompute: the layer's input, 2sbh; with SP the input is split along the sequence,
 *    2sbh/t (Table 2 lists 2sbh for full recompute without sequence parallelism).
 * The 10 sbh that tensor parallelism alone leaves whole are the two LayerNorm inputs (4), the
 * inputs of the QKV and first MLP projections (2 + 2) and the two 1-byte dropout masks (2);
 * sequence parallelism splits them along s. The result is exact, rounded down to a byte.
 */
Bytes korthikantiLayerBytes(Count s, Count b, Count h, Count a, Count t, bool sequenceParallel,
                            Recompute recompute);

/*!
 * One GPU's share of a layer's sbh-proportional activations, \a elements of them in all: with
 * tensor parallelism alone 10 of every 34 stay whole and 24 are divided by t, so the share is
 * elements (10t + 24) / (34t); with sequence parallelism all are divided, elements / t.
 * Rounded down. At t = 1 the share is \a elements.
 */
inline Count tensorParallelLinearShare(Count elements, Count t, bool sequenceParallel);

/*!
 * One GPU's share of the attention scores (the 5as^2b term): heads are divided over t with or
 * without sequence parallelism, elements / t rounded down.
 */
inline Count tensorParallelScoreShare(Count elements, Count t);

/*!
 * Layers' worth of activations the first pipeline stage holds at its peak under 1F1B
 * (Narayanan et al. 2021; Korthikanti et al. 2022, section 4.2.3): it owns ceil(L/p) layers and
 * keeps min(p, m) micro-batches in flight, m being the micro-batches of one step. With p = 1 this
 * is L; with m >= p it is about L (the paper's "the first stage holds L layers' worth").
 */
inline Count pipelineLayersHeld(Count layers, Count pipelineStages, Count microBatches);

//! The same for the pipeline rank an estimate of \a scenario describes (pipelinestage.h): its
//! layers, split as the scenario says, times the forward chunks it keeps in flight; on the first
//! rank under an even split ceil(L/p) min(p, m), and under the interleaved schedule
//! L (1 + (p - 1)/(p v)) when m >= p. L without pipeline parallelism.
inline Count pipelineLayersHeld(const Scenario &scenario);

//! The layers of the pipeline rank an estimate of \a scenario describes, per micro-batch
//! (ceil(L/p) on the first rank under an even split); L without pipeline parallelism.
inline Count rankLayers(const Scenario &scenario)
{
    return pipelineShareOf(scenario, describedRank(scenario), scenario.model.layers, 0).layers;
}

// --- implementation: small and on every estimate's path, defined here so that they inline ---

inline Count tensorParallelLinearShare(Count elements, Count t, bool sp)
{
    if (t <= 1)
        return elements;
    return sp ? quotient(elements, t) : quotient(elements * (10 * t + 24), 34 * t);
}

inline Count tensorParallelScoreShare(Count elements, Count t)
{
    return t <= 1 ? elements : quotient(elements, t);
}

inline Count pipelineLayersHeld(Count layers, Count p, Count m)
{
    if (p <= 1)
        return layers;
    const Count perStage = quotient(layers + p - 1, p);
    const Count inFlight = m < p ? (m < 1 ? 1 : m) : p;
    return perStage * inFlight;
}

inline Count pipelineLayersHeld(const Scenario &s)
{
    // Narayanan et al. 2021, section 2.2; Korthikanti et al. 2022, section 4.2.3; Megatron's
    // schedules (pipelinestage.h).
    return pipelineShareOf(s, describedRank(s), s.model.layers, 0).heldLayers;
}

} // namespace headroom
