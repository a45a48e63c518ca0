#pragma once

// FP8 training's sizes that the activation model and the placement share (precision.h,
// Fp8Recipe). Internal.

#include <headroom/memory/fp8linears.h>
#include <headroom/memory/korthikanti.h>
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
    // The pipeline rank's layers (pipelinestage.h).
    const Count t = s.parallel.tensorParallel > 1 ? s.parallel.tensorParallel : 1;
    return bytes(ceilQuotient(kTeFp8WeightCopiesPerParameter * rankLayers(s) * fp8LayerLinearWeights(s.model), t));
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
    return bytes(rankLayers(s) * teLayerGemms(s) * kTeFp8TensorsPerGemm * (rows + 1) * 4);
}

/*!
 * The FP8 copies a linear makes and drops while it runs, for the largest linear of a layer on this
 * GPU (tensor parallelism: q, k, v, gate and up split their outputs, o and down their inputs), at
 * T = B·S tokens of one micro-batch, one byte an element (MXFP8 and TE's blockwise recipe add a
 * scale per 32 elements' worth: 33/32; rowwise scales, 4 bytes a row, are left out):
 * - torchao (tensorwise, rowwise, mxfp8; float8_linear.py matmul_with_hp_or_float8_args at ao
 *   36027d8): forward casts the input and the weight (T·in + in·out) and saves neither; backward
 *   casts the output gradient twice (row- and column-major, for the input's and the weight's
 *   gradients), the weight again and the input column-major: 2·T·out + T·in + in·out.
 * - Transformer Engine (module/linear.py at d0067d0): forward casts the input row- and
 *   column-major and keeps the column-major copy for backward (counted as saved), so T·in lives
 *   only while the GEMM runs; backward casts the output gradient both ways: 2·T·out.
 * Each is a transient of one linear; the largest over the layer's linears is the figure.
 */
struct Fp8Casts
{
    Count forward = 0, backward = 0;
};

inline Fp8Casts fp8CastTransients(const Scenario &s)
{
    const Fp8Recipe r = s.training.precision.fp8;
    if (r == Fp8Recipe::Off)
        return {};
    const Count T = s.training.microBatch * sequencePerGpu(s);
    const Count t = s.parallel.tensorParallel > 1 ? s.parallel.tensorParallel : 1;
    const bool te = isTeFp8(r);
    Count forward = 0, backward = 0;
    forEachLayerTensor(s.model, false, [&](ParamPlace, const ParamTensor &p) {
        if (!p.matrix || p.role == ParamRole::Norm || p.role == ParamRole::Router || p.role == ParamRole::SharedGate)
            return;
        const bool rowParallel = p.role == ParamRole::O || p.role == ParamRole::Down || p.role == ParamRole::ExpertDown
                || p.role == ParamRole::SharedDown;
        const Count in = rowParallel ? ceilQuotient(p.rows, t) : p.rows;
        const Count out = rowParallel ? p.columns : ceilQuotient(p.columns, t);
        const Count f = te ? T * in : T * in + in * out;
        const Count b = te ? 2 * T * out : 2 * T * out + T * in + in * out;
        forward = f > forward ? f : forward;
        backward = b > backward ? b : backward;
    });
    const Count per32 = r == Fp8Recipe::Mxfp8 || r == Fp8Recipe::TeBlockwise ? 33 : 32;
    return { ceilQuotient(forward * per32, 32), ceilQuotient(backward * per32, 32) };
}

} // namespace headroom::detail
