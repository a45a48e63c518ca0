#pragma once

// Wording and JSON for where model states sit across GPUs and the host (core placement.h),
// shared by `estimate` and `fit`.

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/scenario.h>

namespace headroom {

//! Integer bytes while JSON holds them exactly, else a double.
QJsonValue jsonByteValue(Bytes b);

//! "1 GPU", "8 GPUs".
QString gpusText(Count n);

//! True when the run is one GPU's plain full fine-tune: nothing to explain about placement.
bool isSingleGpuFullFineTune(const Scenario &scenario);

//! "8 GPUs (data-parallel 8 x tensor 1 x pipeline 1), ZeRO-3, offload none; LoRA r=16 on q,v".
QString strategyText(const Scenario &scenario);

//! The `strategy` and `host` objects of `estimate --json`.
QJsonObject strategyJson(const Scenario &scenario, const Placement &placement);
QJsonObject hostJson(const Placement &placement);

} // namespace headroom
