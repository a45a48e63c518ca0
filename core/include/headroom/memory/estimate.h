#pragma once

#include <vector>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/steptimeline.h>

namespace headroom {

//! Model-state bytes of the whole model, before any sharding.
struct ModelStates
{
    Count parameterCount = 0;
    Bytes parameters = bytes(0);
    Bytes gradients = bytes(0);
    Bytes masterWeights = bytes(0);
    Bytes optimizerStates = bytes(0);
};

/*!
 * The article's fixed cost (section 2.1): P x bytes per parameter, bucket by bucket, with the
 * recipe's and optimizer's exact bytes (precision.h). Adafactor's state is 1-D per matrix:
 * rows + columns accumulators, full for vectors (Shazeer & Stern 2018, no first moment).
 */
ModelStates modelStates(const Scenario &scenario);
//! The same for a parameter count the caller already has (placement counts it once per estimate).
ModelStates modelStates(const Scenario &scenario, Count parameters);

/*!
 * Estimates one GPU's memory for \a scenario. Hot path: no allocation, no strings, no I/O.
 * The scenario must have passed validate(); an invalid one gives meaningless figures.
 * Under pipeline parallelism the GPU is the pipeline rank that peaks highest (pipelinestage.h;
 * Breakdown::pipelineRank), or the one Parallelism::pipelineRank pins.
 */
Breakdown estimate(const Scenario &scenario);

/*!
 * \a scenario pinned to the pipeline rank estimate() reports (Parallelism::pipelineRank): what a
 * view that derives or lists one GPU's figures (the derivation, the placement) describes, so
 * that they are the peak rank's. \a scenario unchanged without pipelining or when pinned.
 */
Scenario pinnedToPeakRank(const Scenario &scenario);

//! One pipeline rank's share and peak (pipelineRankPeaks()).
struct PipelineRankPeak
{
    Count rank = 0;
    Count layers = 0;       //!< its layers, every model chunk of it
    Count heldLayers = 0;   //!< layers' worth of activations in flight at its peak
    bool embedding = false; //!< holds the token embedding (rank 0)
    bool head = false;      //!< holds the final norm, LM head, logits and loss (rank p - 1)
    Bytes peak = bytes(0);  //!< its allocated peak (reservedmemory.h allocatedPeak())
};

//! Every pipeline rank of \a scenario, in order (one entry without pipelining): what the views
//! list beside the rank estimate() reports. For views; allocates.
std::vector<PipelineRankPeak> pipelineRankPeaks(const Scenario &scenario);

/*!
 * What estimate() computes that depends neither on the micro-batch B nor on the sequence S: the
 * model's counts and one GPU's model states (placeModelStates()). A search or a sweep over B or S
 * prepares it once and estimates every probe with estimate(scenario, prepared) instead of
 * placing the model states again. A plain value; preparing allocates nothing.
 */
struct PreparedScenario
{
    Count parameterCount = 0;                //!< Breakdown::parameterCount
    StateBytes gpu;                          //!< Placement::gpu, the four buckets
    HostMemory host;                         //!< Placement::host
    Bytes stepBuffers = bytes(0);            //!< Placement::stepGradientBuffer
    Bytes pagedOptimizerStates = bytes(0);   //!< Placement::pagedOptimizerStates
    GradientShares gradientShares;           //!< the gradients' shares in the step timeline (steptimeline.h)
    Count architectureParameters = 0;        //!< ResolvedScenario::architectureParameters (a warning)
    Count largestMatrix = 0;                 //!< TensorExtremes::largestMatrix (per-parameter optimizers' temporaries)
    Count adapterRankPerLayer = 0;           //!< LoraCounts::adapterRankPerLayer (the adapters' saved outputs)
    Count doraOutputsPerLayer = 0;           //!< LoraCounts::doraOutputsPerLayer (DoRA's saved outputs)
    Bytes doraScratch = bytes(0);            //!< DoRA's weight-norm scratch of the largest adapted module
    Count quantizedInputsPerLayer = 0;       //!< LoraCounts::quantizedInputsPerLayer (older bitsandbytes' saved inputs)
    Bytes frozenModels = bytes(0);           //!< Breakdown::frozenModels (posttraining.h)
    Bytes rolloutEngine = bytes(0);          //!< Breakdown::rolloutEngine
    Count rankParameters = 0;                //!< ModelParallelShare::parameters (generation under ZeRO-3)
    Count dataParallel = 1;                  //!< ResolvedScenario::dataParallel
};

//! The B- and S-independent part of estimate(\a scenario).
PreparedScenario prepare(const Scenario &scenario);
//! The same with the model counted already: \a counts = countParameters(scenario.model).
PreparedScenario prepare(const Scenario &scenario, const ModelCounts &counts);

/*!
 * estimate(\a scenario), bit for bit, with \a prepared = prepare(p) of a scenario p that differs
 * from \a scenario in the micro-batch and the sequence at most (training.microBatch,
 * training.sequence). Any other difference gives meaningless figures.
 */
Breakdown estimate(const Scenario &scenario, const PreparedScenario &prepared);

/*!
 * estimate(\a scenario), bit for bit, with \a counts = countParameters(m) of the scenario's model
 * m: for a search that varies anything but the model (the GPU count, the ZeRO stage), so that
 * the model is counted once.
 */
Breakdown estimate(const Scenario &scenario, const ModelCounts &counts);

//! Whether \a breakdown's peak fits the scenario's GPU (always false without a GPU), by the
//! figure the scenario compares (GpuLimits::compared, reservedmemory.h), with the allocator's
//! cache a search assumes (searchCache(): one emulation per run, scaled with the allocated peak).
bool fits(const Scenario &scenario, const Breakdown &breakdown);

} // namespace headroom
