#pragma once

// Internal: the adapters' own saved activations (lora.h), inline for estimate() (estimate.cpp).

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/transformeractivations.h>

namespace headroom::detail {

//! adapterActivationElements() from LoraCounts::adapterRankPerLayer.
inline Count adapterActivationElementsOf(const Scenario &s, Count rankPerLayer)
{
    return s.training.microBatch * s.training.sequence * rankPerLayer;
}

//! addAdapterActivations() from LoraCounts::adapterRankPerLayer, the one count it reads.
inline void addAdapterActivationsTo(const Scenario &s, Count rankPerLayer, ActivationEstimate &e)
{
    // The itemized model lists the plain LLaMA block's adapters itself (lorablock.h).
    if (s.lora.mode == AdapterMode::None || transformerItemizesAdapters(s))
        return;
    const BytesPer size = dtypeSize(activationDtype(s.training.precision.recipe));
    const Bytes perLayer = size.times(adapterActivationElementsOf(s, rankPerLayer));
    e.perLayer += perLayer;
    if (s.training.recompute == Recompute::Full)
        e.recompute += perLayer;
    else
        e.layers += perLayer * pipelineLayersHeld(s);
}

} // namespace headroom::detail
