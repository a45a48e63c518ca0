#pragma once

// The vocabulary of the itemized activation model's tensor lists: where a tensor is saved, how it
// divides under tensor parallelism, and the scenario's sizes formed once (Context). The block
// lists (gpt2block.h, llamablock.h, ...) emit tensors through an Emitter; the model sums them
// on the hot path or itemizes them on request (transformeractivations.cpp). Internal.

#include <cstdint>
#include <string_view>

#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/scenario.h>

namespace headroom::transformer {

enum class Region : std::uint8_t { Layer, Embedding, FinalNorm, LmHead, Loss, Shared };

//! "layer", "embedding", ...: the fixtures' region names.
std::string_view regionName(Region r);

// How a tensor divides under tensor parallelism, and what the recompute policies do with it.
// A tensor with neither Sharded nor Whole sits in the replicated region: the residual stream,
// norm inputs and outputs, projection inputs and residual dropout masks, which Korthikanti et
// al. 2022 (section 4.2.1) keep whole under t alone and split along the sequence under SP.
enum Flag : unsigned {
    Sharded = 1u << 0,         // inside the tensor-parallel region (split heads, FFN columns, vocabulary): / t
    Whole = 1u << 1,           // ids, labels, positions, RoPE tables, the mask: never divided
    Core = 1u << 2,            // the attention core, rebuilt by selective recompute
    CheckpointInput = 1u << 3, // the layer's first saved tensor, which is its input when the dtypes agree
    WeightCopy = 1u << 4,      // autocast's half-precision copy of a weight
};

struct Tensor
{
    std::string_view name;
    std::string_view shape;
    Region region;
    Dtype dtype;
    Count elements; // one GPU's share
    Count bytes;
    unsigned flags;
};

inline constexpr Count sizeOf(Dtype d)
{
    switch (d) {
    case Dtype::Int64: return 8;
    case Dtype::Fp32: return 4;
    case Dtype::Fp16:
    case Dtype::Bf16: return 2;
    case Dtype::Int8:
    case Dtype::Bool: return 1;
    case Dtype::Nf4: return 0; // never an activation
    }
    return 0;
}

struct Context
{
    Count B = 0, S = 0, H = 0, A = 0, kv = 0, F = 0, V = 0, d = 0;
    // The products most tensors are sized by, formed once.
    Count BS = 0, BSH = 0, BSF = 0, BAS = 0, scores = 0, BSV = 0;
    bool gqa = false;      // fewer K/V heads than query heads
    bool positions = false; // GPT-2 with a learned position table
    BlockFamily family = BlockFamily::Gpt2;
    Dtype r = Dtype::Fp32; // residual stream, norms, embeddings ("r" in SAVED_TENSORS.md)
    Dtype c = Dtype::Fp32; // matmul inputs and outputs ("c")
    bool autocast = false;
    bool copies = false;   // autocast saves half-precision weight copies
    bool drop = false;
    AttentionKernel kernel = AttentionKernel::Eager;
    Recompute recompute = Recompute::None;
    ImplementationChoices x;
    Count t = 1;
    bool sp = false;

    Dtype mask(Dtype input) const { return x.boolDropoutMask ? Dtype::Bool : input; }

    Count share(Count elements, unsigned flags) const
    {
        if (t <= 1 || (flags & Whole))
            return elements;
        if ((flags & Sharded) || sp)
            return elements / t;
        return elements;
    }
};


//! The scenario's sizes and switches, formed once per estimate.
Context context(const Scenario &s);

template<typename Sink>
struct Emitter
{
    const Context &c;
    Sink &sink;

    void operator()(std::string_view name, std::string_view shape, Region region, Dtype dtype, Count elements,
                    unsigned flags) const
    {
        const Count n = c.share(elements, flags);
        sink(Tensor{ name, shape, region, dtype, n, n * sizeOf(dtype), flags });
    }
};

} // namespace headroom::transformer
