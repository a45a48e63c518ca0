#include <headroom/memory/korthikanti.h>

namespace headroom {

Bytes korthikantiLayerBytes(Count s, Count b, Count h, Count a, Count t, bool sp, Recompute recompute)
{
    const Count sbh = s * b * h;
    const Count scores = 5 * a * s * s * b; // 5as/h x sbh
    switch (recompute) {
    case Recompute::None:
        return sp ? bytes((34 * sbh + scores) / t) : bytes((10 * sbh * t + 24 * sbh + scores) / t);
    case Recompute::Selective:
        return sp ? bytes(34 * sbh / t) : bytes((10 * sbh * t + 24 * sbh) / t);
    case Recompute::Full:
        return sp ? bytes(2 * sbh / t) : bytes(2 * sbh);
    }
    return bytes(0);
}

Count tensorParallelLinearShare(Count elements, Count t, bool sp)
{
    if (t <= 1)
        return elements;
    return sp ? elements / t : elements * (10 * t + 24) / (34 * t);
}

Count tensorParallelScoreShare(Count elements, Count t)
{
    return t <= 1 ? elements : elements / t;
}

Count pipelineLayersHeld(Count layers, Count p, Count m)
{
    if (p <= 1)
        return layers;
    const Count perStage = (layers + p - 1) / p;
    const Count inFlight = m < p ? (m < 1 ? 1 : m) : p;
    return perStage * inFlight;
}

Count pipelineLayersHeld(const Scenario &s)
{
    const Count held = pipelineLayersHeld(s.model.layers, s.parallel.pipelineParallel, s.training.gradAccumSteps);
    const Count p = s.parallel.pipelineParallel, v = s.stack.virtualStages;
    if (p <= 1 || v <= 1)
        return held;
    // The interleaved schedule (Narayanan et al. 2021, section 2.2; Korthikanti et al. 2022,
    // section 4.2.3; Megatron theoretical_memory_usage.py): the first stage warms up with
    // (p - 1)/v more layers' worth in flight, L (1 + (p - 1)/(p v)) when m >= p.
    const Count perStage = (s.model.layers + p - 1) / p;
    return held + (perStage * (p - 1) + v - 1) / v;
}

} // namespace headroom
