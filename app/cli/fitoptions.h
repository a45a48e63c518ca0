#pragma once

// `headroom-cli fit`'s own settings, beside the scenario: what the GPU table is searched under
// (gpufit.h) and the procurement target (procurement.h).

#include <vector>

#include <QString>

#include <headroom/planning/gpufit.h>

namespace headroom::cli {

struct FitOptions
{
    double tokens = 1e9;
    double mfu = 0;              // > 0: --mfu, the compute term at this share of the peak
    Count globalBatch = 0;       // sequences per optimizer step, kept exactly
    bool globalBatchInTokens = false; // as given, before S turns it into sequences
    double tolerance = 0;        // --batch-tolerance
    double networkBitsPerSecond = 0; // --network, per node; 0: each kind's usual
    double electricityUsdPerKwh = kDefaultElectricityUsdPerKwh;
    double years = kDefaultYears;
    Count maxGpus = 4096;
    double budgetUsd = 0;     // --budget: the fastest plan costing at most this to rent
    double deadlineDays = 0;  // --deadline: the cheapest plan finishing within this many days
    std::vector<double> prices;    // per catalogue GPU; negative: the catalogue's own
    std::vector<double> purchases; // per catalogue GPU; negative: the catalogue's own

    FitTableOptions table() const
    {
        return { tokens, mfu, networkBitsPerSecond, electricityUsdPerKwh, years, globalBatch, tolerance, maxGpus };
    }
};

//! "400Gbps", "3.2Tbps", "50GB/s" in bits per second; -1 when not a positive rate with a unit.
double parseBitRate(const QString &text);

} // namespace headroom::cli
