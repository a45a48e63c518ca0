#pragma once

// `estimate --json`'s document: every figure of one estimate in integer bytes, its derivation,
// the model as counted and the verdict. Shared by `estimate --json` and the reports (whose JSON
// is this object plus the GPU table and the advice), so the two can never differ.

#include <headroom/io/catalogue.h>
#include <headroom/io/hfconfig.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/breakdown.h>
#include <headroom/memory/derivation.h>

#include "jsonwriter.h"

namespace headroom {

//! The members of the object `estimate --json` prints for \a spec, whose estimate is \a b and
//! derivation \a d, written into the object \a w has open (the caller adds its own members and
//! closes it); \a imported is what a Hugging Face import found (empty when none).
void writeEstimateMembers(JsonWriter &w, const ScenarioSpec &spec, const Catalogue &catalogue, const HfModel &imported,
                          const Breakdown &b, const Derivation &d);

} // namespace headroom
