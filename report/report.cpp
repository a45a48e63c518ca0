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
    return r;
}

} // namespace headroom
