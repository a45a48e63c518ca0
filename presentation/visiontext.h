#pragma once

// Wording and JSON for a multimodal model's vision tower (core visiontower.h): what it is, the
// images it runs on, and its share of one GPU.

#include <QString>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/scenario.h>

#include "byteformat.h"
#include "jsonwriter.h"

namespace headroom {

//! "Vision tower: Qwen2.5-VL, 676,550,144 parameters, frozen: 1.35 GB weights; 2 images of
//! 1036x1036 pixels a sequence, 74x74 patches, 1,369 tokens each"; empty without a tower.
QString visionTowerText(const Scenario &scenario, const Breakdown &breakdown, DisplayUnit unit);

//! The `vision_tower` object of `estimate --json`, or null without a tower.
void writeVisionTower(JsonWriter &w, const Scenario &scenario, const Breakdown &breakdown);

} // namespace headroom
