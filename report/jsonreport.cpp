#include "reportwriter.h"

#include "estimatejson.h"
#include "fittext.h"

#include <headroom/memory/posttraining.h>

namespace headroom {

QByteArray reportJson(const Report &r)
{
    // `estimate --json`'s object itself, so that the report's numbers are that command's.
    JsonWriter w;
    w.beginObject();
    writeEstimateMembers(w, r.spec, *r.catalogue, r.imported, r.breakdown, r.derivation);
    w.key("fit_options").beginObject();
    w.key("tokens").number(r.fitOptions.tokens);
    w.key("max_gpus").integer(r.fitOptions.maxGpus);
    w.endObject();
    w.key("fit").beginArray();
    for (const GpuFit &g : r.fits)
        writeGpuResult(w, g, rolloutServerGpus(r.spec.scenario));
    w.endArray();
    w.key("advice").beginArray();
    for (const Advice &a : r.advice)
        writeAdvice(w, a);
    w.endArray();
    w.endObject();
    return w.take();
}

} // namespace headroom
