// The check script's measured peaks (measuredfile.h) as `estimate --measured` and the window
// read them: the JSON, its scenario and every figure checked; what reads is compared with the
// estimate of its scenario, as the views show it, and every figure compared is one measured.

#include <cstdlib>

#include <headroom/io/measuredfile.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/measuredcomparison.h>
#include <headroom/memory/validation.h>

#include "fuzzsupport.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Catalogue &cat = fuzz::catalogue();
    const QByteArray text = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    MeasuredRun run;
    if (!parseMeasuredJson(text, fuzz::scratch().filePath(QStringLiteral("measured.json")), cat, run).ok())
        return 0;
    const Scenario &s = run.scenario.scenario;
    if (!validate(s).empty())
        return 0;
    const MeasuredComparison c = compareMeasured(s, estimate(s), run.figures);
    for (const MeasuredRow &row : c.rows)
        if (countOf(row.measured) < 0 || countOf(row.estimated) < 0)
            std::abort();
    return 0;
}
