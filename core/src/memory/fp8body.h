#pragma once

// FP8 training's sizes that the activation model and the placement share (precision.h,
// Fp8Recipe). Internal.

#include <headroom/memory/fp8linears.h>
#include <headroom/memory/parametertensors.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/transformeractivations.h>

namespace headroom::detail {

//! Weight elements of one dense decoder layer's linears, the ones FP8 training converts
//! (fp8linears.h).
inline Count fp8LayerLinearWeights(const ModelSpec &m)
{
    return fp8LayerLinears(m).weights;
}

/*!
 * What a Transformer Engine linear saves of its weight for backward: the FP8 weight and its FP8
 * transpose, one byte each per parameter (module/linear.py, 2.20.0.dev0: the weight is quantized
 * with row-wise and column-wise usage; on Hopper the column-wise data is the transpose). Under
 * Megatron-LM the same pair persists between steps as the weight workspace instead
 * (teFp8Workspace() below).
 */
constexpr Count kTeFp8WeightCopiesPerParameter = 2;

/*!
 * Whether those FP8 weights persist as Transformer Engine's weight workspace instead of being
 * saved per layer until its backward: Megatron-LM passes is_first_microbatch to TE's modules
 * unless disable_parameter_transpose_cache is set (megatron/core/extensions/transformer_engine.py,
 * TELinear.forward; TransformerConfig.disable_parameter_transpose_cache = False), and TE then
 * caches the quantized weight under "weight" (module/linear.py) and saves that same workspace for
 * backward, so no per-layer copy exists beside it.
 */
inline bool teFp8Workspace(const Scenario &s)
{
    return isTeFp8(s.training.precision.fp8) && s.stack.stack == TrainingStack::Megatron;
}

//! The workspace's bytes on this GPU: every linear weight of the stage's layers, twice, over t.
inline Bytes teFp8WorkspaceBytes(const Scenario &s)
{
    if (!teFp8Workspace(s))
        return bytes(0);
    const Count p = s.parallel.pipelineParallel > 1 ? s.parallel.pipelineParallel : 1;
    const Count t = s.parallel.tensorParallel > 1 ? s.parallel.tensorParallel : 1;
    return bytes(ceilQuotient(kTeFp8WeightCopiesPerParameter * ceilQuotient(s.model.layers, p) * fp8LayerLinearWeights(s.model), t));
}

//! The bytes of those FP8 weights one layer keeps to its backward on this GPU (its tensor-parallel
//! share), or 0 when the recipe is not Transformer Engine's or the recompute policy keeps no
//! weight copies (full recompute quantizes again while the layer is rebuilt).
inline Bytes teFp8WeightBytesHeld(const Scenario &s, const TransformerTerms &t)
{
    if (!isTeFp8(s.training.precision.fp8) || teFp8Workspace(s))
        return bytes(0);
    Count n = kTeFp8WeightCopiesPerParameter * fp8LayerLinearWeights(s.model);
    if (s.parallel.tensorParallel > 1)
        n = quotient(n, s.parallel.tensorParallel);
    const Bytes b = bytes(n);
    return t.heldWeightCopies >= b ? b : bytes(0);
}

/*!
 * Transformer Engine's delayed scaling keeps, per module, an FP32 scale and an FP32 amax history of
 * amax_history_len rows for each FP8 tensor: three per GEMM in forward (input, weight, output) and
 * two in backward (output gradient, input gradient), allocated on the GPU when the recipe state is
 * made and kept between steps (pytorch/module/base.py L1139; quantization.py
 * DelayedScalingRecipeState: scale = ones(n), amax_history = zeros(len, n), at
 * NVIDIA/TransformerEngine d0067d0). Current and blockwise scaling keep no such state.
 */
constexpr Count kTeFp8TensorsPerGemm = 3 + 2;
//! DelayedScaling.amax_history_len's default (common/recipe/__init__.py).
constexpr Count kTeAmaxHistory = 1024;
//! Megatron-Core passes its own TransformerConfig.fp8_amax_history_len, 1 unless
//! --fp8-amax-history-len says otherwise (transformer_config.py at NVIDIA/Megatron-LM HEAD of
//! 2026-11; its FP8 example scripts pass 1024).
constexpr Count kMegatronAmaxHistory = 1;

//! The amax history's rows the scenario's stack keeps, or 0 without delayed scaling.
inline Count teAmaxHistoryRows(const Scenario &s)
{
    if (s.training.precision.fp8 != Fp8Recipe::TeDelayed)
        return 0;
    return s.stack.stack == TrainingStack::Megatron ? kMegatronAmaxHistory : kTeAmaxHistory;
}

//! GEMMs of one layer's Transformer Engine modules: Megatron's fused ones, or one per linear.
inline Count teLayerGemms(const Scenario &s)
{
    const Fp8LayerLinears l = fp8LayerLinears(s.model);
    return s.stack.stack == TrainingStack::Megatron ? l.fusedGemms : l.gemms;
}

//! The scales and amax histories of this GPU's layers (its pipeline stage's), kept between steps.
//! Tensor parallelism does not split them: every rank has each module with its own state.
inline Bytes teFp8ScalingStateBytes(const Scenario &s)
{
    const Count rows = teAmaxHistoryRows(s);
    if (rows == 0)
        return bytes(0);
    const Count p = s.parallel.pipelineParallel > 1 ? s.parallel.pipelineParallel : 1;
    return bytes(ceilQuotient(s.model.layers, p) * teLayerGemms(s) * kTeFp8TensorsPerGemm * (rows + 1) * 4);
}

} // namespace headroom::detail
