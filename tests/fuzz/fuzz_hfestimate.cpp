// A Hugging Face config.json imported and then estimated, as the window does on a drop: when the
// config reads, its model goes into the default scenario; when that validates, the estimate
// runs (the parameter walk, the itemized activations, the timeline) and its peak is positive.
// A config that reads must never make the estimate crash, hang or allocate without bound.

#include <cstdlib>

#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/io/hfconfig.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/validation.h>

#include "fuzzsupport.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::application();
    const QJsonDocument json = QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size)));
    if (!json.isObject())
        return 0;
    HfModel model;
    if (!readHfConfigObject(json.object(), QString(), model).ok())
        return 0;
    // What is kept and shown is escaped and bounded (safefile.h boundedName()).
    if (model.name.size() > 120)
        std::abort();
    ScenarioSpec spec = realisticDefaults();
    spec.scenario.model = model.model;
    spec.scenario.activations.dropout = model.dropout;
    if (!validate(spec.scenario).empty())
        return 0;
    if (countOf(estimate(spec.scenario).peak) <= 0)
        std::abort();
    return 0;
}
