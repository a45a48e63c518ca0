#pragma once

// A transformer's architecture and the parameter counts that follow exactly from it.

#include <headroom/memory/units.h>

namespace headroom {

//! Block families whose parameter layout and saved tensors Headroom knows.
enum class BlockFamily {
    Gpt2,  //!< LayerNorm with bias, fused QKV with bias, GELU MLP of two matrices, learned positions
    Llama, //!< RMSNorm, RoPE (no position table), GQA, SwiGLU MLP of three matrices, no biases
};

struct ModelSpec
{
    BlockFamily family = BlockFamily::Gpt2;
    Count layers = 0;        //!< L
    Count hidden = 0;        //!< H
    Count heads = 0;         //!< A
    Count kvHeads = 0;       //!< key/value heads; 0 means A (no grouping)
    Count ffn = 0;           //!< FFN inner size; 0 means 4H
    Count vocab = 32000;     //!< V
    Count maxPositions = 0;  //!< learned position table rows (GPT-2: 1024); 0 for rotary models
    bool tiedEmbeddings = false;
    bool qkvBias = false;    //!< Qwen2 keeps biases on q, k, v in an otherwise bias-free block
    Count paramsOverride = 0; //!< a given parameter count P; 0 means derive it from the architecture

    constexpr Count kvHeadsOrHeads() const { return kvHeads > 0 ? kvHeads : heads; }
    constexpr Count ffnOrDefault() const { return ffn > 0 ? ffn : 4 * hidden; }
    // Validated sizes fit 64 bits; a 64-bit division is an instruction, a 128-bit one a library call.
    constexpr Count headDim() const
    {
        return heads > 0 ? Count(static_cast<std::int64_t>(hidden) / static_cast<std::int64_t>(heads)) : 0;
    }
    constexpr Count kvDim() const { return kvHeadsOrHeads() * headDim(); }
};

//! Parameters by where they sit. Derived term by term from the block family's layout.
struct ParameterCounts
{
    Count embedding = 0;      //!< token table (+ position table for GPT-2)
    Count attentionPerLayer = 0;
    Count mlpPerLayer = 0;
    Count normsPerLayer = 0;
    Count finalNorm = 0;
    Count lmHead = 0;         //!< 0 when tied to the token table

    constexpr Count perLayer() const { return attentionPerLayer + mlpPerLayer + normsPerLayer; }
    Count total(Count layers) const { return embedding + layers * perLayer() + finalNorm + lmHead; }
};

/*!
 * Exact parameter counts of \a model's architecture.
 * GPT-2 (Radford et al. 2019; HF GPT2Model): wte V*H, wpe P*H; per layer ln_1 and ln_2 2H each,
 * c_attn H*3H + 3H, attn c_proj H*H + H, c_fc H*F + F, mlp c_proj F*H + H; ln_f 2H.
 * LLaMA (Touvron et al. 2023; HF LlamaModel): embed V*H; per layer q H*H, k and v H*(KV*d),
 * o H*H, gate/up/down 3*H*F, two RMSNorm weights H; final norm H; lm_head V*H unless tied.
 * LLaMA-2 7B gives 6,738,415,616.
 */
ParameterCounts parameterCounts(const ModelSpec &model);

//! The parameter count the estimate uses: the given P if any, else the architecture's.
Count effectiveParameters(const ModelSpec &model);

/*!
 * Sum over the model's weight matrices of (rows + columns), and the number of parameters in
 * one-dimensional tensors (norms, biases). Adafactor (Shazeer & Stern 2018) keeps a row and a
 * column accumulator per matrix and a full accumulator per vector, so these two sums are its
 * state size in elements.
 */
struct FactoredShape
{
    Count matrixRowsPlusColumns = 0;
    Count vectorElements = 0;
};
FactoredShape factoredShape(const ModelSpec &model);

} // namespace headroom
