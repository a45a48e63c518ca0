#pragma once

// "How many GPUs of every kind": for each GPU kind and each strategy of kStrategies, the fewest
// GPUs that fit and the figures that justify them, from the exact searches (fitsearch.h) and the
// time and cost rule (procurement.h). The CLI's `fit` and the window's GPU table both print
// these; neither searches on its own. Allocation-free: callers own the rows.

#include <span>

#include <headroom/hardware/gpuspec.h>
#include <headroom/memory/breakdown.h>
#include <headroom/planning/procurement.h>

namespace headroom {

//! What the table is searched under, beside the scenario.
struct FitTableOptions
{
    double tokens = 1e9;       //!< tokens the run trains on, for days and cost
    double mfu = 0;            //!< > 0: the compute term at this share of the peak (--mfu); 0: modelled
    double networkBitsPerSecond = 0; //!< per node; 0: each kind's usual node
    double electricityUsdPerKwh = kDefaultElectricityUsdPerKwh;
    double years = kDefaultYears;
    Count globalBatch = 0;     //!< sequences per optimizer step, kept exactly; 0: the scenario's own
    double tolerance = 0;      //!< share the global batch may miss by, when allowed
    Count maxGpus = 4096;      //!< largest GPU count searched

    RunCosts run() const { return { tokens, mfu, networkBitsPerSecond, electricityUsdPerKwh, years }; }
};

//! One strategy on one GPU kind: the answer and the figures that justify it.
struct StrategyFit
{
    Count gpus = 0;                //!< fewest that fit (and keep the global batch); 0: none up to maxGpus
    Count fewestFitting = 0;       //!< fewest that fit, whatever the batch
    bool batchUnreachable = false; //!< it fits, but no count up to maxGpus keeps the global batch
    Count microBatch = 0;          //!< at the answer
    Count gradAccum = 0;
    Count globalBatch = 0;
    Bytes peak = bytes(0);         //!< per GPU at the answer, the compared figure emulated (at maxGpus when none fits: the estimate's peak)
    Bytes peakOneFewer = bytes(0); //!< the compared figure, emulated, with one data-parallel replica fewer
    bool hasOneFewer = false;
    Count maxBatch = 0;            //!< largest micro-batch at the answer
    Count maxSequence = 0;         //!< longest sequence at the answer
    Bytes hostPerNode = bytes(0);  //!< host memory per node at the answer (offload)
    Breakdown atLimit;             //!< when none fits: the estimate at maxGpus, for the reason
    TimeAndCost time;              //!< at the answer
};

//! Every strategy on one GPU kind, and the scenario's own largest batch and sequence there.
struct GpuFit
{
    const GpuSpec *gpu = nullptr;
    double price = 0;      //!< USD per GPU-hour used for the cost
    Count maxBatch = 0;    //!< the scenario as given (its GPU count and strategy), on this kind
    Count maxSequence = 0;
    StrategyFit strategies[kStrategyCount];

    bool anyFits() const;
    //! The strategy needing the fewest GPUs (the first of kStrategies on a tie); null if none fits.
    const StrategyFit *fewest() const;
    //! Its index in kStrategies; -1 if none fits.
    int fewestIndex() const;
};

//! One strategy of kStrategies (\a s already has it) on \a gpu at the fewest GPUs that fit.
StrategyFit fitStrategy(const Scenario &s, const GpuSpec &gpu, const FitTableOptions &options, double price);

//! Every strategy on \a gpu, for \a given's model and run.
GpuFit fitGpu(const Scenario &given, const GpuSpec &gpu, const FitTableOptions &options, double price);

/*!
 * fitGpu() for each kind of \a gpus into \a out (same order; \a out must be as long). \a prices,
 * if not empty, overrides each kind's price per GPU-hour (a negative entry keeps the
 * catalogue's).
 */
void fitEveryGpu(const Scenario &given, std::span<const GpuSpec> gpus, std::span<const double> prices,
                 const FitTableOptions &options, std::span<GpuFit> out);

} // namespace headroom
