#pragma once

// A multimodal model's vision tower (model.h VisionSpec) on the GPU: its weights, trained or
// frozen, and what it saves for backward when it is trained, for the images of one micro-batch
// (scenario.h TrainingSetup::images). Written from transformers' modeling files at 00b676f8
// (models/qwen2_vl, qwen2_5_vl, qwen3_vl, siglip, gemma3, clip, llava) and held to a CPU measurement of
// those blocks (tools/calibrate/vision_measure.py, tests/fixtures/calibration/vision-cpu.json).
//
//  - Images: a Qwen tower takes each image at its own size, rounded to whole merge units
//    (smart_resize in image_processing_qwen2_vl.py: round(side / (patch × merge)) × patch × merge);
//    its patches are the grid's, its tokens in the language model's sequence the patches over
//    merge². SigLIP takes every image at its one image_size; Gemma 3 pools its patches to
//    mm_tokens_per_image tokens.
//  - Weights: the tower and projector in the policy's weight dtype on every GPU of the first
//    pipeline stage, partitioned over the data-parallel GPUs under ZeRO-3 (FSDP wraps the whole
//    model); tensor parallelism does not split them (transformers' towers have no TP plan).
//  - Trained (visionTrained): gradients, master weights and optimizer states at the recipe's
//    bytes per parameter, placed by the ZeRO stage and offload as the policy's.
//  - Frozen: nothing saved (neither its weights nor pixel_values need a gradient, so autograd
//    records nothing); its forward holds one block's tensors at a time.

#include <optional>
#include <string_view>

#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

namespace headroom {

//! "none", "qwen2-vl", "qwen2.5-vl", "qwen3-vl", "siglip", "clip": stable names for files and the CLI.
std::string_view visionTowerKindName(VisionTowerKind kind);
std::optional<VisionTowerKind> visionTowerKindFromName(std::string_view name);
//! "frozen", "trained".
std::string_view visionTrainingName(bool trained);
std::optional<bool> visionTrainingFromName(std::string_view name);

//! One image as the tower sees it.
struct VisionImages
{
    Count gridHeight = 0;      //!< patches down the image, after the processor's rounding
    Count gridWidth = 0;       //!< patches across it
    Count patchesPerImage = 0; //!< through the tower
    Count tokensPerImage = 0;  //!< in the language model's sequence
};

//! The image of \a s as its tower takes it; zeros without a tower or images.
VisionImages visionImages(const Scenario &s);

//! The tower's model states on this GPU.
struct VisionStates
{
    Count parameters = 0;        //!< the tower and projector, whole
    Bytes weights = bytes(0);
    Bytes gradients = bytes(0);
    Bytes masterWeights = bytes(0);
    Bytes optimizerStates = bytes(0);
    Bytes hostStates = bytes(0); //!< what offload moved to host memory
    bool onRank = false;         //!< this pipeline rank holds the tower (the first)

    Bytes total() const { return weights + gradients + masterWeights + optimizerStates; }
};

//! The tower's states of \a s on one GPU, \a dataParallel the ZeRO sharding group (d · c).
VisionStates visionStates(const Scenario &s, Count dataParallel);

//! What the tower saves and holds for one micro-batch of \a sequences sequences.
struct VisionActivations
{
    Count images = 0;             //!< images in one forward: images per sequence × sequences
    Count patches = 0;            //!< N: their patches
    Count windowBlocks = 0;       //!< Qwen2.5-VL: blocks attending within windows (the rest attend per image)
    Bytes block = bytes(0);       //!< what one block attending per image saves
    Bytes windowBlock = bytes(0); //!< what one block attending within windows saves
    Bytes blockWeightCopies = bytes(0); //!< of block: autocast's 16-bit copies of its matrices
    Bytes outside = bytes(0);     //!< the patch embedding's input, the shared positions, the merger
    Bytes held = bytes(0);        //!< kept from forward to backward under the recompute policy
    Bytes recompute = bytes(0);   //!< one block rebuilt in backward (full recompute)
    Bytes blockForward = bytes(0); //!< the largest block's tensors: what a forward holds at once
};

/*!
 * The tower's saved tensors for \a sequences sequences of \a s, trained or not: the figures a
 * trained tower holds (held, recompute) and the one block a frozen tower's forward holds at a
 * time (blockForward). Zeros without images. Allocation-free.
 */
VisionActivations visionActivations(const Scenario &s, Count sequences);

namespace detail {
//! One block's saved tensors for \a patches patches whose attention units' squared sizes add up
//! to \a scores (eager attention's score matrices), with autocast's weight copies.
Bytes visionBlockBytes(const Scenario &s, Count patches, Count scores);
//! What the tower saves outside its blocks for \a images images of \a patches patches in all
//! (class tokens included): the patch embedding's input, the shared rotary tables, Qwen2.5-VL's
//! window indices, the merger or the projector for \a tokens tokens into the language model.
Bytes visionOutsideBytes(const Scenario &s, Count patches, Count images, Count tokens);
} // namespace detail

} // namespace headroom
