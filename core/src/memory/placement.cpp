#include <headroom/memory/placement.h>

#include <headroom/memory/estimate.h>

#include "placementbody.h"

namespace headroom {

std::string_view offloadName(Offload o)
{
    switch (o) {
    case Offload::None: return "none";
    case Offload::Optimizer: return "optimizer";
    case Offload::OptimizerAndParams: return "optimizer+params";
    }
    return {};
}

std::optional<Offload> offloadFromName(std::string_view name)
{
    for (Offload o : { Offload::None, Offload::Optimizer, Offload::OptimizerAndParams })
        if (offloadName(o) == name)
            return o;
    return std::nullopt;
}

Placement placeModelStates(const Scenario &scenario)
{
    // Under pipeline parallelism the rank estimate() reports (estimate.h pinnedToPeakRank()).
    const Scenario s = pinnedToPeakRank(scenario);
    return placeModelStates(s, resolve(s));
}

Placement placeModelStates(const Scenario &s, const ResolvedScenario &r)
{
    Placement pl;
    detail::placeStates(s, r, r.counts, pl);
    return pl;
}

} // namespace headroom
