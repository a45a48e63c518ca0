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

/*!
 * Bamba's Mamba-2 layers: the mamba_* sizes (the inner width I = mamba_expand × hidden_size,
 * its heads, their width ("auto": I / heads), groups and state), and which layers are Mamba
 * (attn_layer_indices names the others).
 */
void readMamba2(Reader &r, HfModel &h);

//! Whether \a type has mixer layers Headroom models (layer_types may then name them).
bool readsMixerLayers(const QString &type);

} // namespace headroom::hf
