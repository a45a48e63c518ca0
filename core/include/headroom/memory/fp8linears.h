#pragma once

// The linears FP8 training converts in one dense decoder layer, as the step time prices their
// matmuls and casts (planning/steptime.h) and the memory model their FP8 copies.

#include <headroom/memory/model.h>

namespace headroom {

//! One layer's FP8 linears, summed: every matrix but the norms, the router and the shared-expert
//! gate (torchtitan's float8 converter filters the router; Transformer Engine's modules hold the
//! projections and the MLP). The LM head and the embeddings stay 16-bit.
struct Fp8LayerLinears
{
    Count inputs = 0;  //!< sum of in_features: the elements of one token's inputs they cast
    Count outputs = 0; //!< sum of out_features: the elements of one token's output gradients they cast
    Count weights = 0; //!< sum of in x out: the weights they cast
    //! GEMMs of the layer's linears when each is its own module (Transformer Engine's te.Linear
    //! swapped in for every nn.Linear, as Accelerate's TE backend does).
    Count gemms = 0;
    //! GEMMs under Megatron-Core's fused Transformer Engine modules: q, k and v in one
    //! linear_qkv, gate and up in one linear_fc1 (megatron/core/models/gpt/gpt_layer_specs.py).
    Count fusedGemms = 0;
};

Fp8LayerLinears fp8LayerLinears(const ModelSpec &model);

} // namespace headroom
