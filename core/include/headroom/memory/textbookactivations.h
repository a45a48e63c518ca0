#pragma once

#include <headroom/memory/activationmodel.h>

namespace headroom {

/*!
 * The article's textbook model (section 2.2), after Korthikanti et al. 2022 with eager attention:
 * a layer saves 19 B*S*H-sized tensors (input, QKV, context, MLP intermediates, residual inputs)
 * and 3 B*A*S*S-sized ones (scores, softmax output, dropout mask), each element in the
 * activation dtype (2 bytes in 16-bit, as the article assumes; 4 under the fp32 recipe):
 *     per layer = bytes * (19*B*S*H + 3*B*A*S^2).
 * No checkpointing: all L layers. Full checkpointing: every layer's input (bytes*B*S*H each)
 * plus one layer's full activations while it is recomputed. Selective: the 19*B*S*H part of
 * every layer plus one layer's score tensors. Embedding, logits and loss are not counted.
 */
class TextbookActivations final : public ActivationModel
{
public:
    ActivationModelKind kind() const override { return ActivationModelKind::Textbook; }
    ActivationEstimate estimate(const Scenario &scenario) const override;
    void itemize(const Scenario &scenario, std::vector<ActivationItem> &out) const override;
};

} // namespace headroom
