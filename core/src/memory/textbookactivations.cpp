#include <headroom/memory/textbookactivations.h>

#include "textbookbody.h"

namespace headroom {

ActivationEstimate TextbookActivations::estimate(const Scenario &s) const
{
    return detail::textbookEstimate(s);
}

void TextbookActivations::itemize(const Scenario &s, std::vector<ActivationItem> &out) const
{
    const detail::TextbookTerms t = detail::textbookTerms(s);
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
    const Count score = quotient(t.quadratic, 3);
    out.push_back({ "layer.input", "B×S×H", dtype, input, t.size.times(input), ItemScope::Layer, false });
    out.push_back({ "layer.other_bsh_tensors", "18×B×S×H", dtype, other, t.size.times(other), ItemScope::Layer, full });
    out.push_back({ "attn.scores", "B×A×S×S", dtype, score, t.size.times(score), ItemScope::Layer, full || selective });
    out.push_back({ "attn.softmax_out", "B×A×S×S", dtype, score, t.size.times(score), ItemScope::Layer,
                    full || selective });
    out.push_back({ "attn.dropout", "B×A×S×S", dtype, score, t.size.times(score), ItemScope::Layer, full || selective });
}

} // namespace headroom
