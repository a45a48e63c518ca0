// Scenario files as the window and the CLI read them: the JSON, then every key checked; a
// scenario that validates is estimated (the timeline, placement and activations on inputs no
// test thought of), and the figures must hold together.

#include <cstdlib>

#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/io/scenariofile.h>
#include <headroom/memory/estimate.h>
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
    QList<PinnedScenario> pinned;
    if (!applyScenarioFileJson(json.object(), cat, spec, &pinned).ok() || !validate(spec.scenario).empty())
        return 0;
    const Breakdown b = estimate(spec.scenario);
    // The peak is what is live at the step's highest point: never more than every bucket whole
    // plus the short-lived buffers, and never nothing.
    if (b.peak.value() <= 0)
        std::abort();
    return 0;
}
