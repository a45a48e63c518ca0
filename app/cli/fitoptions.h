#pragma once

// `headroom-cli fit`'s own settings, beside the scenario: what the GPU table is searched under
// (gpufit.h) and the procurement target (procurement.h).

#include <vector>

#include <headroom/planning/gpufit.h>

namespace headroom::cli {

struct FitOptions
{
    double tokens = 1e9;
    double mfu = kDefaultMfu;
    Count globalBatch = 0;
    Count maxGpus = 4096;
    std::vector<double> prices; // per catalogue GPU; negative: the catalogue's own

    FitTableOptions table() const { return { tokens, mfu, maxGpus }; }
};

} // namespace headroom::cli
