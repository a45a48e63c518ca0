#pragma once

// Activation models are pluggable: each answers the hot-path question (how many bytes) without
// allocating, and itemizes its tensors only when asked (the "show the math" view, --itemize).

#include <string_view>
#include <vector>

#include <headroom/memory/precision.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

namespace headroom {

//! Activation memory of one forward/backward pass on one GPU.
struct ActivationEstimate
{
    Bytes perLayer = bytes(0);  //!< what one layer saves for backward when nothing is recomputed
    Bytes layers = bytes(0);    //!< held across all layers at the end of forward, after recompute policy
    Bytes recompute = bytes(0); //!< one layer's activations rebuilt during backward (checkpointing)
    Bytes outside = bytes(0);   //!< embedding, final norm, logits and loss
    //! Largest short-lived buffer of backward beyond the saved tensors (e.g. the FP32 gradient
    //! of the logits); it counts towards the peak, not towards the stored activations.
    Bytes backwardTransient = bytes(0);
    //! Of outside: what sits above the layers (final norm, LM head, loss), freed as backward
    //! starts; the rest (embedding, tensors shared by all layers) lives until backward ends.
    Bytes outsideHead = bytes(0);
    //! Held from the first layer's forward until forward ends beyond the saved tensors:
    //! autocast's cached weight copies when full recompute leaves them unsaved.
    Bytes forwardCache = bytes(0);
    //! Largest short-lived buffer of the loss's forward: the logits and their FP32 copy.
    Bytes lossForwardTransient = bytes(0);
    //! Largest short-lived buffer while one layer runs forward (e.g. the attention scores
    //! before softmax); also while a checkpointed layer is recomputed.
    Bytes layerForwardTransient = bytes(0);
    //! Largest short-lived buffer while one layer runs backward (the gradients of its largest
    //! saved tensor and of the residual stream).
    Bytes layerBackwardTransient = bytes(0);
    //! What the bottom layer holds as its backward starts, where it is not the layers' average
    //! (⌊layers / layers held⌋, when 0): a hybrid's larger layer kind, since the order of its
    //! mixer and attention layers is not modelled (the average would fall when a smaller layer is
    //! added).
    Bytes bottomLayer = bytes(0);

    Bytes total() const { return layers + recompute + outside; }
};

enum class ItemScope { Layer, Outside };

//! One saved tensor (or one term of a formula) of an itemized activation estimate.
struct ActivationItem
{
    std::string_view name;  //!< stable identifier, e.g. "attn.softmax_out"
    std::string_view shape; //!< shape formula in B, S, H, A, KV, d, F, V, e.g. "B×A×S×S"
    Dtype dtype = Dtype::Bf16;
    Count elements = 0;
    Bytes bytes = headroom::bytes(0);
    ItemScope scope = ItemScope::Layer;
    bool recomputed = false; //!< dropped in forward and rebuilt in backward under the recompute policy
    //! Where the tensor is saved: "layer", "embedding", "final_norm", "lm_head", "loss" or
    //! "shared" (built once, used by every layer); empty for models that do not say.
    std::string_view region{};
    //! A half-precision copy of a weight that autocast keeps for backward, not an activation.
    bool weightCopy = false;
};

class ActivationModel
{
public:
    virtual ~ActivationModel() = default;
    virtual ActivationModelKind kind() const = 0;
    //! Hot path: no allocation, no strings.
    virtual ActivationEstimate estimate(const Scenario &scenario) const = 0;
    //! Appends one layer's items and the items outside the layers to \a out.
    virtual void itemize(const Scenario &scenario, std::vector<ActivationItem> &out) const = 0;
};

const ActivationModel &activationModel(ActivationModelKind kind);

} // namespace headroom
