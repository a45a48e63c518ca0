#pragma once

// A scenario in one line, as chart titles, the Compare tab and the GPUs Needed tab head it.

#include <QString>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>

namespace headroom {

//! The scenario in a few words for a title: model, B, S, recipe, optimizer, adapters, and every
//! setting that differs from the defaults (checkpointing, GPUs, ZeRO, offload, parallelism, stack).
QString modelTitle(const ScenarioSpec &spec, const Catalogue &catalogue);

} // namespace headroom
