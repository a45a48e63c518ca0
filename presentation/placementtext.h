#pragma once

// Wording and JSON for where model states sit across GPUs and the host (core placement.h),
// shared by `estimate` and `fit`.

#include <QString>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/scenario.h>

#include "jsonwriter.h"

namespace headroom {

//! "1 GPU", "8 GPUs".
QString gpusText(Count n);

//! True when the run is one GPU's plain full fine-tune: nothing to explain about placement.
bool isSingleGpuFullFineTune(const Scenario &scenario);

//! "8 GPUs (data-parallel 8 x tensor 1 x pipeline 1), ZeRO-3, offload none; LoRA r=16 on q,v".
QString strategyText(const Scenario &scenario);

/*!
 * Under pipeline parallelism, which rank the figures are of and every rank's share and peak:
 * "Pipeline: 7, 8 x 14, 7 layers (weighted); rank 15 of 16 peaks highest (7 layers, the LM
 * head, logits and loss): 61.20 GB. Ranks: 0 58.10 GB, ...". Empty without pipelining.
 */
QString pipelineText(const Scenario &scenario, const Breakdown &breakdown);
//! The `pipeline` object of `estimate --json`: the rank shown, the split and every rank.
void writePipeline(JsonWriter &w, const Scenario &scenario, const Breakdown &breakdown);

//! The `strategy` and `host` objects of `estimate --json`.
void writeStrategy(JsonWriter &w, const Scenario &scenario, const Placement &placement);
void writeHost(JsonWriter &w, const Placement &placement);

} // namespace headroom
