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

} // namespace headroom::detail
