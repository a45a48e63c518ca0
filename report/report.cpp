#include "report.h"

#include <span>

#include <headroom/memory/estimate.h>

namespace headroom {

Report makeReport(const ScenarioSpec &spec, const Catalogue &catalogue, const HfModel &imported,
                  const FitTableOptions &fitOptions)
{
    Report r;
    r.spec = spec;
    r.catalogue = &catalogue;
    r.imported = imported;
    r.breakdown = estimate(spec.scenario);
    r.derivation = derive(spec.scenario);
    Advice advice[kMaxAdvice];
    const int count = advise(spec.scenario, advice, kMaxAdvice);
    r.advice.assign(advice, advice + count);
    r.fitOptions = fitOptions;
    r.fits.resize(static_cast<std::size_t>(catalogue.gpus.size()));
    const std::span<const GpuSpec> gpus(catalogue.gpus.constData(), static_cast<std::size_t>(catalogue.gpus.size()));
    fitEveryGpu(spec.scenario, gpus, {}, fitOptions, r.fits);
    // What to rent or buy: every dimension searched (the report has no fixed ones but the
    // scenario's global batch when the options give one).
    PlanSpace space;
    space.maxGpus = fitOptions.maxGpus;
    space.globalBatch = fitOptions.globalBatch;
    r.front.resize(64);
    r.search = searchPlans(spec.scenario, gpus, {}, space, fitOptions.run(), 0, 0, r.front);
    r.front.resize(static_cast<std::size_t>(r.search.frontCount));
    r.pick = pickPlan(r.front, r.search.frontCount, 0, 0);
    return r;
}

} // namespace headroom
