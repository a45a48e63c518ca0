#pragma once

// Wording and JSON for a multimodal model's vision tower (core visiontower.h): what it is, the
// images it runs on, and its share of one GPU.

#include <QString>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/scenario.h>

#include "byteformat.h"
#include "jsonwriter.h"

namespace headroom {

//! "Vision tower: qwen2.5-vl, 676,550,144 parameters, frozen: 1.4 GB of weights; images per
//! sequence: 2, each 74×54 patches and 999 tokens"; empty without a tower.
QString visionTowerText(const Scenario &scenario, const Breakdown &breakdown, DisplayUnit unit);

//! The `vision_tower` object of `estimate --json`, or null without a tower.
void writeVisionTower(JsonWriter &w, const Scenario &scenario, const Breakdown &breakdown);

} // namespace headroom
