#pragma once

// Wording and JSON for what a preference run holds beyond the model it trains (core
// posttraining.h): the method, the sequences each policy forward runs, and every model on the GPU.

#include <QString>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/scenario.h>

#include "byteformat.h"
#include "jsonwriter.h"

namespace headroom {

//! "Method: dpo; B=2 pairs, 4 sequences per forward (chosen and rejected concatenated); reference
//! model on the GPU, frozen"; empty for supervised fine-tuning.
QString postTrainingText(const Scenario &scenario);

//! Each model's share of one GPU, labelled by model: "Per GPU: policy 16.1 GB, reference 2.0 GB,
//! reward model 0.3 GB, value model 2.5 GB + 0.4 GB saved tensors"; empty when the run holds
//! only the policy. The policy's and the value model's figures are their model states.
QString modelSharesText(const Breakdown &breakdown, DisplayUnit unit);

//! The `training_method` object of `estimate --json`: method, pairs and sequences, the reference's
//! source and whether it is on the GPU.
void writeTrainingMethod(JsonWriter &w, const Scenario &scenario);

//! The `models` array: each model the GPU holds with its role, parameters and bytes on this GPU;
//! \a sources: where the reward model, value model and teacher come from (ScenarioSpec's).
void writeModels(JsonWriter &w, const Scenario &scenario, const Breakdown &breakdown, const QString (&sources)[3]);

} // namespace headroom
