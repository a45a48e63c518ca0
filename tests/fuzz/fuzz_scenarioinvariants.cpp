// Scenario files checked against the invariants tst_invariants holds over random scenarios, on
// the inputs a fuzzer finds instead: a scenario that reads and validates is estimated, and its
// buckets add up, none is negative, the peak holds the weights and the runtime's share (and is
// the plain sum under the textbook model), one more sequence never lowers it, and the
// derivation ends at the compared peak figure.

#include <cstdlib>

#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/io/scenariofile.h>
#include <headroom/memory/derivation.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/validation.h>

#include "fuzzsupport.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Catalogue &cat = fuzz::catalogue();
    const QJsonDocument json = QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size)));
    if (!json.isObject())
        return 0;
    ScenarioSpec spec = realisticDefaults();
    if (!applyScenarioJson(json.object(), cat, spec).ok() || !validate(spec.scenario).empty())
        return 0;
    const Scenario &s = spec.scenario;
    const Breakdown b = estimate(s);
    for (const Bytes part : { b.parameters, b.gradients, b.masterWeights, b.optimizerStates, b.activations, b.overhead,
                              b.stepBuffers, b.pagedOptimizerStates, b.offloadedActivations })
        if (countOf(part) < 0)
            std::abort();
    const Count total = countOf(b.total());
    if (total != countOf(b.parameters) + countOf(b.gradients) + countOf(b.masterWeights) + countOf(b.optimizerStates)
                + countOf(b.activations) + countOf(b.overhead))
        std::abort();
    if (countOf(b.peak) <= 0 || countOf(b.peak) < countOf(b.parameters) + countOf(b.overhead))
        std::abort();
    if (s.activations.model == ActivationModelKind::Textbook && countOf(b.peak) != total)
        std::abort();
    Scenario longer = s;
    longer.training.sequence += 1;
    if (validate(longer).empty() && estimate(longer).peak < b.peak)
        std::abort();
    // The derivation ends at the figure the verdict compares (reservedmemory.h), the allocated
    // peak below it and the device figure at most the reserved one plus the context.
    const Derivation d = derive(s);
    if (d.peak.bytes != comparedPeak(s, b) || d.figures.allocated > d.figures.reserved
        || d.figures.device != d.figures.reserved + d.figures.context)
        std::abort();
    return 0;
}
