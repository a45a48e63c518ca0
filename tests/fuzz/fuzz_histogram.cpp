// A gradient-magnitude histogram as a user loads it into the precision lab (CSV of
// lower,upper,count): parsed, or refused with the line; what is accepted is sorted, apart,
// finite and of positive total weight, as parseHistogram() promises.

#include <cmath>
#include <cstdlib>

#include <headroom/numerics/gradientdistribution.h>

#include "fuzzsupport.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::application();
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const HistogramParseResult r = parseHistogram(text);
    if (r.error != HistogramError::None)
        return 0;
    const MagnitudeHistogram &h = r.histogram;
    if (h.bins.empty() || !(h.totalWeight > 0) || !std::isfinite(h.totalWeight))
        std::abort();
    for (std::size_t i = 0; i < h.bins.size(); ++i) {
        if (!(h.bins[i].lower > 0) || !(h.bins[i].upper > h.bins[i].lower) || !std::isfinite(h.bins[i].upper))
            std::abort();
        if (i > 0 && h.bins[i].lower < h.bins[i - 1].upper)
            std::abort();
    }
    return 0;
}
