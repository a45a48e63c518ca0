#pragma once

// Internal to the Hugging Face importer: the parameters of a multimodal config's vision tower
// (vision_config) and of the projector into the language model, for the towers whose layout
// Headroom knows (hfvision.cpp).

#include "hfreader.h"

namespace headroom::hf {

struct VisionTower
{
    QString kind;        //!< "SigLIP", "Qwen2.5-VL"...
    Count tower = 0;     //!< the vision encoder's parameters
    Count projector = 0; //!< the projector (merger) into the language model's width
    VisionSpec spec;     //!< the shape the estimate reads (parameters: total())
    Count total() const { return tower + projector; }
};

/*!
 * Counts the tower of \a wrapperType (gemma3, qwen2_vl, qwen2_5_vl, qwen3_vl, qwen3_vl_moe) from
 * \a r's object (vision_config), \a textHidden being the language model's width. False for another
 * wrapper (its tower is not counted) or a bad value (r.error names it).
 */
bool countVisionTower(Reader &r, const QString &wrapperType, Count textHidden, VisionTower &out);

//! Whether a llava config's vision_config is CLIP's (its model_type, or none: LlavaConfig's default).
bool llavaHasClipTower(const QJsonObject &vision);
//! LLaVA's CLIP tower and projector from \a r's object (vision_config): \a featureLayers layers'
//! outputs concatenated into the projector (vision_feature_layer, one or a list).
VisionTower countClipTower(Reader &r, Count textHidden, Count featureLayers, bool projectorBias);

//! Whether a vision_config is Pixtral's (model_type "pixtral": Mistral 3's, and LLaVA's Pixtral-12B).
bool hasPixtralTower(const QJsonObject &vision);

//! What the top level of a Pixtral model's config says of its projector.
struct PixtralProjector
{
    bool mistral3 = false;   //!< Mistral 3's projector: a norm and a patch merger before LLaVA's two linears
    Count mergeSize = 1;     //!< spatial_merge_size (Mistral3Config: 2)
    Count featureLayers = 1; //!< the layers vision_feature_layer concatenates (one, or a list)
    bool bias = false;       //!< multimodal_projector_bias
};

//! Pixtral's tower and its projector from \a r's object (vision_config).
VisionTower countPixtralTower(Reader &r, Count textHidden, const PixtralProjector &projector);

//! Gemma 3's pooled tokens per image: the top level's mm_tokens_per_image (Gemma3Config default 256).
inline constexpr Count kGemma3TokensPerImage = 256;

} // namespace headroom::hf
