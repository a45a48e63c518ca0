#include <headroom/planning/sweep.h>

#include <algorithm>
#include <cmath>

#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/fitsearch.h>

namespace headroom {

namespace {

Field fieldOf(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Sequence:
        return Field::Sequence;
    case SweepAxis::MicroBatch:
        return Field::Batch;
    case SweepAxis::Layers:
        return Field::Layers;
    }
    return Field::Sequence;
}

} // namespace

Count sweepAxisValue(const Scenario &s, SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Sequence:
        return s.training.sequence;
    case SweepAxis::MicroBatch:
        return s.training.microBatch;
    case SweepAxis::Layers:
        return s.model.layers;
    }
    return 0;
}

void setSweepAxisValue(Scenario &s, SweepAxis axis, Count value)
{
    switch (axis) {
    case SweepAxis::Sequence:
        s.training.sequence = value;
        break;
    case SweepAxis::MicroBatch:
        s.training.microBatch = value;
        break;
    case SweepAxis::Layers:
        s.model.layers = value;
        // A listed split names one model's layers; other depths are split evenly.
        if (s.parallel.pipelineSplit == PipelineSplit::Listed)
            s.parallel.pipelineSplit = PipelineSplit::Even;
        break;
    }
}

SweepRange defaultSweepRange(const Scenario &s, SweepAxis axis)
{
    const FieldRange limits = fieldRange(fieldOf(axis));
    const Count current = std::clamp(sweepAxisValue(s, axis), limits.min, limits.max);
    SweepRange r;
    switch (axis) {
    case SweepAxis::Sequence:
        r.lo = std::max<Count>(16, current / 16);
        r.hi = std::max<Count>(4096, current * 4);
        break;
    case SweepAxis::MicroBatch:
        r.lo = 1;
        r.hi = std::max<Count>(16, current * 4);
        break;
    case SweepAxis::Layers:
        // Every pipeline stage needs at least one layer (validate()).
        r.lo = std::max<Count>(1, s.parallel.pipelineParallel);
        r.hi = std::max<Count>(8, current * 2);
        break;
    }
    r.lo = std::clamp(std::min(r.lo, current), limits.min, limits.max);
    r.hi = std::clamp(std::max(r.hi, current), r.lo, limits.max);
    return r;
}

int logSpacedCounts(SweepRange range, Count include, int maxPoints, Count *out)
{
    const int n = std::clamp(maxPoints, 2, kMaxSweepPoints - 1);
    const Count lo = std::max<Count>(1, range.lo);
    const Count hi = std::max(lo, range.hi);
    int written = 0;
    if (hi - lo + 1 <= n) {
        for (Count v = lo; v <= hi; ++v)
            out[written++] = v;
    } else {
        // Rounded geometric steps; where rounding would repeat a value (the low end of a wide
        // range), step by one instead. f(i) = lo * r^i - i is convex, so lo * r^i + (n-1-i)
        // never exceeds max(lo + n - 1, hi) = hi: the bumped values still end at hi.
        const double logLo = std::log(static_cast<double>(lo));
        const double logHi = std::log(static_cast<double>(hi));
        Count previous = 0;
        for (int i = 0; i < n; ++i) {
            Count v = i == 0 ? lo
                    : i == n - 1 ? hi
                                 : static_cast<Count>(std::llround(std::exp(logLo + (logHi - logLo) * i / (n - 1))));
            if (i > 0 && v <= previous)
                v = previous + 1;
            out[written++] = v;
            previous = v;
        }
    }
    if (include >= lo && include <= hi) {
        Count *end = out + written;
        Count *at = std::lower_bound(out, end, include);
        if (at == end || *at != include) {
            std::move_backward(at, end, end + 1);
            *at = include;
            ++written;
        }
    }
    return written;
}

Count fitLimit(const Scenario &s, SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Sequence:
        return longestFittingSequence(s, fieldRange(Field::Sequence).max);
    case SweepAxis::MicroBatch:
        return largestFittingMicroBatch(s, fieldRange(Field::Batch).max);
    case SweepAxis::Layers:
        return largestFittingLayers(s, fieldRange(Field::Layers).max);
    }
    return 0;
}

void sweep(const Scenario &base, SweepAxis axis, const Count *values, int n, Breakdown *out)
{
    Scenario s = base;
    if (axis == SweepAxis::Layers) {
        // The layers change the model itself: every point is estimated from scratch.
        for (int i = 0; i < n; ++i) {
            setSweepAxisValue(s, axis, values[i]);
            out[i] = estimate(s);
        }
        return;
    }
    // B and S leave the model states as they are: placed once for every point (estimate.h).
    const PreparedScenario prepared = prepare(base);
    for (int i = 0; i < n; ++i) {
        setSweepAxisValue(s, axis, values[i]);
        out[i] = estimate(s, prepared);
    }
}

void fitGrid(const Scenario &base, const Count *sequences, int ns, const Count *batches, int nb, bool *out)
{
    const CacheShareScope cacheShare(base); // one emulation for every cell (reservedmemory.h)
    const PreparedScenario prepared = prepare(base);
    Scenario s = base;
    for (int i = 0; i < ns; ++i) {
        s.training.sequence = sequences[i];
        for (int j = 0; j < nb; ++j) {
            s.training.microBatch = batches[j];
            out[i * nb + j] = fits(s, estimate(s, prepared));
        }
    }
}

} // namespace headroom
