#pragma once

// Wording and JSON for a hybrid model's mixer layers (core model.h HybridSpec): which layers mix
// tokens without attention, and what one of their mixers holds.

#include <QString>

#include <headroom/memory/model.h>

#include "jsonwriter.h"

namespace headroom {

//! "Mixer layers: 36 of 48 are Gated DeltaNet linear attention, 33,718,464 parameters each in
//! place of attention's 27,263,488"; empty for a model without mixer layers.
QString mixerLayersText(const ModelSpec &model);

//! The model's `mixer` object of `estimate --json`, or null without mixer layers.
void writeMixerLayers(JsonWriter &w, const ModelSpec &model);

} // namespace headroom
