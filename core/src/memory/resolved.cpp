#include <headroom/memory/resolved.h>

#include <headroom/memory/estimate.h>

#include "resolvedbody.h"

namespace headroom {

Count largestModuleParameters(const ModelSpec &m)
{
    // One nn.Module's direct parameters: a linear's weight and bias, one expert's matrix, a table
    // (countParameters() tracks the largest as it counts).
    return countParameters(m).extremes.largestModule;
}

Count denseLayersIn(const ParameterCounts &pc, Count first, Count count)
{
    return detail::denseLayersOf(pc, first, count);
}

ModelParallelShare modelParallelShare(const Scenario &s, const ParameterCounts &pc)
{
    return detail::shareOf(s, pc, largestModuleParameters(s.model), pc.total(s.model.layers));
}

ModelParallelShare modelParallelShare(const Scenario &s, const ParameterCounts &pc, Count largestModule)
{
    return detail::shareOf(s, pc, largestModule, pc.total(s.model.layers));
}

// Under pipeline parallelism both describe the rank estimate() reports (pinnedToPeakRank()).
ModelParallelShare modelParallelShare(const Scenario &scenario)
{
    const Scenario s = pinnedToPeakRank(scenario);
    return modelParallelShare(s, parameterCounts(s.model));
}

ResolvedScenario resolve(const Scenario &s)
{
    return detail::resolveEverything(pinnedToPeakRank(s));
}

} // namespace headroom
