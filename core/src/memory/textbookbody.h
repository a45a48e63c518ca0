#pragma once

// Internal: the textbook activation model's terms and estimate (textbookactivations.h), inline
// so that estimate() (estimate.cpp) computes them without the virtual call.

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/textbookactivations.h>

namespace headroom::detail {

struct TextbookTerms
{
    Count linear = 0;    // 19*B*S*H elements
    Count quadratic = 0; // 3*B*A*S^2 elements
    Count input = 0;     // B*S*H elements, one layer's input
    BytesPer size;
};

[[gnu::always_inline]] inline TextbookTerms textbookTerms(const Scenario &s)
{
    const Count B = s.training.microBatch;
    const Count S = s.training.sequence;
    const Count H = s.model.hidden;
    const Count A = s.model.heads;
    TextbookTerms t;
    // One GPU's share under tensor (t) and sequence parallelism, divided as Korthikanti et al.
    // 2022 divide their 34sbh + 5as^2b (korthikanti.h): the article's 19 BSH tensors in their
    // proportion (10 of 34 stay whole under t alone; all split with SP), the score tensors by t
    // (heads are split), and a layer's input kept for full recompute split along S with SP.
    // At t = 1 every share is the whole, so a single GPU gets the article's formula unchanged.
    const Count tp = s.parallel.tensorParallel;
    const bool sp = s.parallel.sequenceParallel;
    t.linear = tensorParallelLinearShare(19 * B * S * H, tp, sp);
    t.quadratic = tensorParallelScoreShare(3 * B * A * S * S, tp);
    t.input = sp ? quotient(B * S * H, tp) : B * S * H;
    t.size = dtypeSize(activationDtype(s.training.precision.recipe));
    return t;
}

[[gnu::always_inline]] inline ActivationEstimate textbookEstimate(const Scenario &s)
{
    const TextbookTerms t = textbookTerms(s);
    // Pipeline parallelism: the first stage holds ceil(L/p) layers for min(p, m) micro-batches
    // under 1F1B (korthikanti.h); with p = 1 that is all L layers.
    const Count L = pipelineLayersHeld(s);
    const Bytes perLayer = t.size.times(t.linear + t.quadratic);
    // Built in one initialization (not assigned field by field) so that the compiler writes each
    // field once instead of clearing the whole struct first.
    switch (s.training.recompute) {
    case Recompute::None:
        return { .perLayer = perLayer, .layers = perLayer * L };
    case Recompute::Full:
    case Recompute::Op: // validate() refuses it for the textbook model
        return { .perLayer = perLayer, .layers = t.size.times(t.input) * L, .recompute = perLayer };
    case Recompute::Selective:
        return { .perLayer = perLayer, .layers = t.size.times(t.linear) * L, .recompute = t.size.times(t.quadratic) };
    }
    return { .perLayer = perLayer };
}

} // namespace headroom::detail
