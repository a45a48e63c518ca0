#pragma once

// A scenario resolved once per estimate: the counts, bytes per parameter and shares every bucket
// reads, so that no bucket recounts the parameters (estimate() used to run parameterCounts()
// several times). A plain value; resolving allocates nothing.

#include <headroom/memory/lora.h>
#include <headroom/memory/model.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/tensorsizes.h>

namespace headroom {

//! The parameters one model-parallel rank holds, before ZeRO divides anything.
struct ModelParallelShare
{
    Count parameters = 0;    //!< on the rank (tensor slice of the pipeline rank described, pipelinestage.h)
    Count total = 0;         //!< of the whole model, effectiveParameters()
    Count largestModule = 0; //!< the largest single module on a rank (ZeRO-3 gathers one at a time)
    //! The architecture's own share before a given P rescales it (equal to parameters otherwise).
    Count architectureShare = 0;
    //! Of parameters: the routed experts on this rank (E / e of them, each divided by t).
    Count expertParameters = 0;
    //! MoE layers on this rank (its pipeline stage's), whose experts expertParameters counts.
    Count sparseLayers = 0;
};

/*!
 * One rank's parameters under t-way tensor and p-way pipeline parallelism, as Megatron-LM lays
 * them out (Shoeybi et al. 2019; Narayanan et al. 2021): every block's attention and MLP
 * matrices (and biases) divided by t, its norms replicated; the pipeline rank's blocks
 * (pipelinestage.h); the vocabulary-parallel embedding (/t) on the first stage, the final norm
 * and LM head (/t; a copy of a tied embedding when p > 1) on the last. The rank is the one the
 * scenario pins (Parallelism::pipelineRank), rank 0 when it pins none; the overload without
 * counts, and resolve(), take the rank estimate() reports. A given P scales the
 * architecture's shares by P / (architecture's count). At t = p = 1 the share is P.
 * The largest module follows DeepSpeed's estimator (the nn.Module with the most direct
 * parameters: for LLaMA the V x H embedding), divided by t.
 */
ModelParallelShare modelParallelShare(const Scenario &scenario, const ParameterCounts &counts);
//! The same with the model's largest module already counted (countParameters()).
ModelParallelShare modelParallelShare(const Scenario &scenario, const ParameterCounts &counts, Count largestModule);
ModelParallelShare modelParallelShare(const Scenario &scenario);

//! DeepSpeed's largest_layer_params: the module with the most parameters of its own, whole.
Count largestModuleParameters(const ModelSpec &model);

//! How many of the \a count layers from index \a first keep a dense MLP (the rest have experts).
Count denseLayersIn(const ParameterCounts &counts, Count first, Count count);

struct ResolvedScenario
{
    ParameterCounts counts;         //!< the architecture's parameters by where they sit
    Count architectureParameters = 0; //!< counts.total(L)
    Count parameters = 0;           //!< P: the given count, else the architecture's
    PerParamBytes perParam;         //!< the recipe's and optimizer's bytes per parameter
    LoraCounts lora;                //!< adapters and base (zeros but the base without adapters)
    ModelParallelShare share;       //!< this rank's parameters under t and p
    Count dataParallel = 1;         //!< N / (t p): d·c, the sharding group (Parallelism::shardingGroup()), at least 1
    //! Parameters with gradients and optimizer states on this rank: the share under full
    //! fine-tuning, the adapters' proportional share under LoRA.
    Count trainableOnRank = 0;
    //! Of trainableOnRank: routed experts (full fine-tuning of an MoE model), which ZeRO shards
    //! over the expert data-parallel group of d / e replicas instead of all d.
    Count trainableExpertOnRank = 0;
    Count expertShardDegree = 1; //!< d / e, or Parallelism::expertShard when given
    //! PEFT's modules_to_save (LoraCounts::copiedParameters): the trained copies, beside the
    //! adapters, in the module's own dtype, which PEFT does not upcast as it does the adapters
    //! (peft 5d602fd tuners_utils.py cast_adapter_dtype walks BaseTunerLayer modules only): their
    //! bytes per parameter are the recipe's.
    Count copiesOnRank = 0;
    PerParamBytes copyPerParam;
    StackChoices stack;          //!< the training stack's choices, sized (stack.h)
    TensorSizes tensors;         //!< the trained tensors by size (tensorsizes.h)
    TensorExtremes extremes;     //!< the model's largest module and weight matrix, whole
    //! Adafactor's state shape of the whole model (factoredShape()) when the optimizer is
    //! factored and the model itself is trained; zeros otherwise (adapters have their own,
    //! LoraCounts::adapterFactoredElements).
    FactoredShape factored;
};

//! Everything above for \a scenario; under pipeline parallelism for the rank estimate() reports
//! unless the scenario pins one. Allocation-free.
ResolvedScenario resolve(const Scenario &scenario);

} // namespace headroom
