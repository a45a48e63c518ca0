#include <headroom/memory/textbookactivations.h>

#include <headroom/memory/korthikanti.h>

namespace headroom {

namespace {

struct Terms
{
    Count linear = 0;    // 19*B*S*H elements
    Count quadratic = 0; // 3*B*A*S^2 elements
    Count input = 0;     // B*S*H elements, one layer's input
    BytesPer size;
};

Terms terms(const Scenario &s)
{
    const Count B = s.training.microBatch;
    const Count S = s.training.sequence;
    const Count H = s.model.hidden;
    const Count A = s.model.heads;
    Terms t;
    // One GPU's share under tensor (t) and sequence parallelism, divided as Korthikanti et al.
    // 2022 divide their 34sbh + 5as^2b (korthikanti.h): the article's 19 BSH tensors in their
    // proportion (10 of 34 stay whole under t alone; all split with SP), the score tensors by t
    // (heads are split), and a layer's input kept for full recompute split along S with SP.
    // At t = 1 every share is the whole, so a single GPU gets the article's formula unchanged.
    const Count tp = s.parallel.tensorParallel;
    const bool sp = s.parallel.sequenceParallel;
    t.linear = tensorParallelLinearShare(19 * B * S * H, tp, sp);
    t.quadratic = tensorParallelScoreShare(3 * B * A * S * S, tp);
    t.input = sp ? B * S * H / tp : B * S * H;
    t.size = dtypeSize(activationDtype(s.training.precision.recipe));
    return t;
}

} // namespace

ActivationEstimate TextbookActivations::estimate(const Scenario &s) const
{
    const Terms t = terms(s);
    // Pipeline parallelism: the first stage holds ceil(L/p) layers for min(p, m) micro-batches
    // under 1F1B (korthikanti.h); with p = 1 that is all L layers.
    const Count L = pipelineLayersHeld(s);
    ActivationEstimate e;
    e.perLayer = t.size.times(t.linear + t.quadratic);
    switch (s.training.recompute) {
    case Recompute::None:
        e.layers = e.perLayer * L;
        break;
    case Recompute::Full:
        e.layers = t.size.times(t.input) * L;
        e.recompute = e.perLayer;
        break;
    case Recompute::Selective:
        e.layers = t.size.times(t.linear) * L;
        e.recompute = t.size.times(t.quadratic);
        break;
    }
    return e;
}

void TextbookActivations::itemize(const Scenario &s, std::vector<ActivationItem> &out) const
{
    const Terms t = terms(s);
    const Dtype dtype = activationDtype(s.training.precision.recipe);
    const bool full = s.training.recompute == Recompute::Full;
    const bool selective = s.training.recompute == Recompute::Selective;
    // The article names the 19 B*S*H tensors only as a group; the split follows Korthikanti et al.
    // 2022, section 4.1 (input 2, QKV 6, context 2, output-projection input 2, MLP 16 at 2 bytes
    // is 34 sbh; the article's 19 rounds the same picture without the 1-byte masks).
    // Shapes name the whole tensor; elements are one GPU's share under tensor and sequence
    // parallelism, divided as estimate() divides them (korthikanti.h): the layer input is one of
    // the tensors tensor parallelism leaves whole (split along S with SP), the other 18 take the
    // rest of the 19 BSH share, and the scores are split by heads.
    const Count input = t.input;
    const Count other = t.linear - t.input;
    const Count score = t.quadratic / 3;
    out.push_back({ "layer.input", "B×S×H", dtype, input, t.size.times(input), ItemScope::Layer, false });
    out.push_back({ "layer.other_bsh_tensors", "18×B×S×H", dtype, other, t.size.times(other), ItemScope::Layer, full });
    out.push_back({ "attn.scores", "B×A×S×S", dtype, score, t.size.times(score), ItemScope::Layer, full || selective });
    out.push_back({ "attn.softmax_out", "B×A×S×S", dtype, score, t.size.times(score), ItemScope::Layer,
                    full || selective });
    out.push_back({ "attn.dropout", "B×A×S×S", dtype, score, t.size.times(score), ItemScope::Layer, full || selective });
}

} // namespace headroom
