#pragma once

#include <headroom/memory/breakdown.h>
#include <headroom/memory/scenario.h>

namespace headroom {

//! Model-state bytes of the whole model, before any sharding.
struct ModelStates
{
    Count parameterCount = 0;
    Bytes parameters = bytes(0);
    Bytes gradients = bytes(0);
    Bytes masterWeights = bytes(0);
    Bytes optimizerStates = bytes(0);
};

/*!
 * The article's fixed cost (section 2.1): P x bytes per parameter, bucket by bucket, with the
 * recipe's and optimizer's exact bytes (precision.h). Adafactor's state is 1-D per matrix:
 * rows + columns accumulators, full for vectors (Shazeer & Stern 2018, no first moment).
 */
ModelStates modelStates(const Scenario &scenario);
//! The same for a parameter count the caller already has (placement counts it once per estimate).
ModelStates modelStates(const Scenario &scenario, Count parameters);

/*!
 * Estimates one GPU's memory for \a scenario. Hot path: no allocation, no strings, no I/O.
 * The scenario must have passed validate(); an invalid one gives meaningless figures.
 */
Breakdown estimate(const Scenario &scenario);

//! Whether \a breakdown's peak fits the scenario's GPU (always false without a GPU).
bool fits(const Scenario &scenario, const Breakdown &breakdown);

} // namespace headroom
