#include "reportwriter.h"

#include <headroom/io/jsoninteger.h>
#include <QJsonArray>
#include <QJsonDocument>

#include "estimatejson.h"
#include "fittext.h"

namespace headroom {

QByteArray reportJson(const Report &r)
{
    // `estimate --json`'s object itself, so that the report's numbers are that command's.
    QJsonObject root = estimateJson(r.spec, *r.catalogue, r.imported, r.breakdown, r.derivation);
    QJsonArray fit;
    for (const GpuFit &g : r.fits)
        fit.append(gpuResultJson(g));
    root.insert(QStringLiteral("fit"), fit);
    root.insert(QStringLiteral("fit_options"), QJsonObject{
            { QStringLiteral("tokens"), r.fitOptions.tokens },
            { QStringLiteral("max_gpus"), qint64(r.fitOptions.maxGpus) },
    });
    QJsonArray advice;
    for (const Advice &a : r.advice)
        advice.append(adviceJson(a));
    root.insert(QStringLiteral("advice"), advice);
    return jsonText(QJsonDocument(root)); // byte counts exact at any size
}

} // namespace headroom
