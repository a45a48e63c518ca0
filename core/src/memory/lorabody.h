#pragma once

// Internal: the adapters' own saved activations (lora.h), inline for estimate() (estimate.cpp).

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/transformeractivations.h>

#include "stackbody.h"

namespace headroom::detail {

//! adapterActivationElements() from LoraCounts::adapterRankPerLayer.
inline Count adapterActivationElementsOf(const Scenario &s, Count rankPerLayer)
{
    return s.training.microBatch * sequencePerGpu(s) * rankPerLayer;
}

//! The adapters' matmul dtype and whether autocast runs them, as the itemized block takes them
//! (transformerbody.h loraContextOf()): PEFT's FP32 adapters, cast by autocast.
struct AdapterDtypes
{
    Dtype adapter = Dtype::Fp32;
    Dtype baseOut = Dtype::Fp32; //!< what the frozen base projection returns
    bool autocast = false;
    bool baseFp32 = false;       //!< the frozen base weight is FP32 (fp32 and autocast recipes)
};

inline AdapterDtypes adapterDtypesOf(const Scenario &s)
{
    const Recipe recipe = s.training.precision.recipe;
    const Dtype compute = activationDtype(recipe);
    AdapterDtypes d;
    d.autocast = isAutocast(recipe);
    d.adapter = d.autocast ? compute : peftFp32AdaptersOf(s) ? Dtype::Fp32 : compute;
    d.baseOut = compute;
    d.baseFp32 = recipe == Recipe::Fp32 || d.autocast;
    return d;
}

//! doraWeightNormScratch() of \a c's largest adapted module; 0 without DoRA.
inline Bytes doraScratchOf(const Scenario &s, const LoraCounts &c)
{
    if (!s.lora.dora || s.lora.mode == AdapterMode::None || c.doraScratchIn == 0)
        return bytes(0);
    const AdapterDtypes d = adapterDtypesOf(s);
    const Count t = s.parallel.tensorParallel > 1 ? s.parallel.tensorParallel : 1;
    return doraWeightNormScratch(c.doraScratchIn, ceilQuotient(c.doraScratchOut, t), s.lora.rank, d.adapter, d.autocast,
                                 d.baseFp32 && s.lora.mode != AdapterMode::Qlora);
}

//! addAdapterActivations() from the LoraCounts it reads: the ranks and DoRA's outputs of one
//! layer, and DoRA's scratch.
inline void addAdapterActivationsTo(const Scenario &s, Count rankPerLayer, Count doraOutputsPerLayer, Bytes doraScratch,
                                    Count quantizedInputsPerLayer, ActivationEstimate &e)
{
    if (s.lora.mode == AdapterMode::None)
        return;
    // DoRA's weight-norm scratch lives while one module runs forward, and again while a
    // checkpointed layer is rebuilt. The textbook convention has no short-lived buffers (every
    // bucket resident, the peak their sum), so it leaves the scratch out.
    if (s.activations.model != ActivationModelKind::Textbook && doraScratch > e.layerForwardTransient)
        e.layerForwardTransient = doraScratch;
    // LLM.int8's quantized input and int32 product, one linear at a time (int8MatmulScratch()):
    // the block's three shapes, H -> H, H -> F and F -> H, the last two split by t.
    if (s.activations.model != ActivationModelKind::Textbook && s.lora.mode == AdapterMode::Qlora
        && s.stack.quantBase == QuantBase::Int8) {
        const Count tokens = s.training.microBatch * sequencePerGpu(s);
        const Count t = s.parallel.tensorParallel > 1 ? s.parallel.tensorParallel : 1;
        const Count H = s.model.hidden, F = ceilQuotient(s.model.ffnOrDefault(), t);
        const Dtype input = isAutocast(s.training.precision.recipe) ? Dtype::Fp32 : activationDtype(s.training.precision.recipe);
        for (const Bytes &scratch : { int8MatmulScratch(tokens, H, ceilQuotient(H, t), input), int8MatmulScratch(tokens, H, F, input),
                                     int8MatmulScratch(tokens, F, H, input) })
            if (scratch > e.layerForwardTransient)
                e.layerForwardTransient = scratch;
    }
    // The itemized model lists the plain LLaMA block's adapters itself (lorablock.h).
    if (transformerItemizesAdapters(s))
        return;
    const BytesPer size = dtypeSize(activationDtype(s.training.precision.recipe));
    Bytes perLayer = size.times(adapterActivationElementsOf(s, rankPerLayer));
    if (s.lora.dora) {
        const AdapterDtypes d = adapterDtypesOf(s);
        perLayer += doraSavedBytes(s.training.microBatch * sequencePerGpu(s), doraOutputsPerLayer, d.baseOut, d.adapter);
    }
    // bitsandbytes before 0.43.2: each 4-bit linear's input in the compute dtype, counted as if
    // every one were its own tensor (the itemized block knows which share one).
    perLayer += size.times(s.training.microBatch * sequencePerGpu(s) * quantizedInputsPerLayer);
    e.perLayer += perLayer;
    if (s.training.recompute == Recompute::Full)
        e.recompute += perLayer;
    else
        e.layers += perLayer * pipelineLayersHeld(s);
}

} // namespace headroom::detail
