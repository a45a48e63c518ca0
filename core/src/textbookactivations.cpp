#include <headroom/textbookactivations.h>

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
    t.linear = 19 * B * S * H;
    t.quadratic = 3 * B * A * S * S;
    t.input = B * S * H;
    t.size = dtypeSize(activationDtype(s.training.precision.recipe));
    return t;
}

} // namespace

ActivationEstimate TextbookActivations::estimate(const Scenario &s) const
{
    const Terms t = terms(s);
    const Count L = s.model.layers;
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
    const Count B = s.training.microBatch, S = s.training.sequence, H = s.model.hidden;
    const Count A = s.model.heads;
    // The brief names the 19 B*S*H tensors only as a group; the split follows Korthikanti et al.
    // 2022, section 4.1 (input 2, QKV 6, context 2, output-projection input 2, MLP 16 at 2 bytes
    // is 34 sbh; the brief's 19 rounds the same picture without the 1-byte masks).
    out.push_back({ "layer.input", "B×S×H", dtype, B * S * H, t.size.times(B * S * H), ItemScope::Layer, false });
    out.push_back({ "layer.other_bsh_tensors", "18×B×S×H", dtype, 18 * B * S * H,
                    t.size.times(18 * B * S * H), ItemScope::Layer, full });
    out.push_back({ "attn.scores", "B×A×S×S", dtype, B * A * S * S, t.size.times(B * A * S * S),
                    ItemScope::Layer, full || selective });
    out.push_back({ "attn.softmax_out", "B×A×S×S", dtype, B * A * S * S, t.size.times(B * A * S * S),
                    ItemScope::Layer, full || selective });
    out.push_back({ "attn.dropout", "B×A×S×S", dtype, B * A * S * S, t.size.times(B * A * S * S),
                    ItemScope::Layer, full || selective });
}

} // namespace headroom
