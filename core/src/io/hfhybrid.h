#pragma once

// A hybrid model's mixer layers as its config.json gives them (model.h HybridSpec). Internal.

#include "hfreader.h"

namespace headroom::hf {

/*!
 * Qwen3-Next's and Qwen3.5's Gated DeltaNet layers: the linear_* sizes, and which layers are
 * linear (layer_types' "linear_attention", or every layer but each full_attention_interval-th).
 * Qwen3.5 (\a split) projects q, k, v, z, b and a apart.
 */
void readGatedDeltaNet(Reader &r, HfModel &h, bool split);

//! Where a config says which layers are Mamba-2.
enum class Mamba2Layers {
    AttentionIndices, //!< Bamba: attn_layer_indices names the attention layers
    LayerTypes,       //!< Granite 4.0: layer_types names each layer "mamba" or "attention"
};

/*!
 * Bamba's and Granite 4.0-H's Mamba-2 layers: the mamba_* sizes (the inner width I =
 * mamba_expand × hidden_size, its heads, their width ("auto": I / heads), groups and state), and
 * which layers are Mamba; none (Granite-4.0-micro) leaves the model without a mixer.
 */
void readMamba2(Reader &r, HfModel &h, Mamba2Layers layers);

/*!
 * LFM2 (model_type lfm2): LLaMA's layers with per-head q/k norms, Lfm2MLP's width rule, and a
 * gated short convolution in place of attention in the layers layer_types calls "conv" (or that
 * full_attn_idxs leaves out); the original checkpoints' own key names (block_ff_dim,
 * tie_embedding) taken as the config takes them.
 */
void readLfm2(Reader &r, HfModel &h);

//! Whether \a type has mixer layers Headroom models (layer_types may then name them).
bool readsMixerLayers(const QString &type);

} // namespace headroom::hf
