#pragma once

// The trained parameters by tensor size, for the frameworks whose memory depends on it:
//  - DeepSpeed ZeRO-3 never partitions a parameter of at most stage3_param_persistence_threshold
//    elements (partition_parameters.py L1111-1116): it stays whole on every GPU;
//  - bitsandbytes keeps FP32 states for tensors under min_8bit_size = 4096 elements and pages
//    only the states of tensors of at least 1e5 elements (optim/optimizer.py L319-337,
//    L348-413);
//  - an optimizer stepping in backward, or a paged one, works one tensor at a time.
// Each nn.Module's weight and bias are separate tensors, and so is each expert's matrix.

#include <headroom/memory/scenario.h>

namespace headroom {

inline constexpr Count kBnbMin8bitSize = 4096;
//! torchao's low-bit AdamW quantizes a state only for tensors of at least 4096 elements that its
//! block divides (torchao/optim/adam.py _new_buffer, v0.18.0): blocks of 256 for the 8-bit and
//! FP8 states, 128 for the 4-bit ones.
inline constexpr Count kTorchaoMinSize = 4096;
inline constexpr Count kTorchaoBlock8bit = 256;
inline constexpr Count kTorchaoBlock4bit = 128;
inline constexpr Count kBnbPagedMinSize = 100'000;

struct TensorSizes
{
    Count total = 0;       //!< elements of all trained tensors (the model, or the adapters)
    Count below8bit = 0;   //!< of them, in tensors of fewer than 4096 elements
    Count plainTorchao256 = 0; //!< in tensors torchao's 8-bit and FP8 AdamW leave unquantized
    Count plainTorchao128 = 0; //!< in tensors its 4-bit AdamW leaves unquantized
    Count quantizedTensors256 = 0; //!< tensors those quantize (each state keeps its own code table)
    Count quantizedTensors128 = 0;
    //! In tensors Muon does not orthogonalize: everything but the layers' 2-D weights (the
    //! embeddings, the LM head, norms, biases), which its AdamW fallback steps.
    Count muonFallback = 0;
    //! Adam-mini's second-moment elements (zyushun/Adam-mini v1.1.1, adam_mini.py): one per head
    //! of the Q and K projections, one per output row of the other matrices and of the
    //! embeddings, one per norm and router, every bias element.
    Count adamMiniV = 0;
    //! GaLore's and APOLLO's projections (isProjectedOptimizer()): the elements of the layers'
    //! 2-D weights but the routers (the tensors they project, the attn and mlp Linears of
    //! their scripts and of transformers' documented optim_target_modules), the elements of one
    //! projected moment, r x max(m, n) for each, and of the projection matrices, r x min(m, n)
    //! stored in the gradients' dtype, or min(m, n)² where GaLore's FP32 projector is a view of
    //! its SVD factor. GaLore's r is at most min(m, n) (the SVD has no more); APOLLO's random
    //! projection takes r as given.
    Count projected = 0;
    Count projectedMoment = 0;
    Count projectors = 0;
    Count projectorsFp32 = 0;
    Count paged = 0;       //!< in tensors of at least 1e5 elements
    Count persistent = 0;  //!< in tensors of at most the persistence threshold
    Count largest = 0;     //!< the largest one tensor
    //! The frozen base's tensors of at most the persistence threshold (LoRA), also kept whole.
    Count frozenPersistent = 0;
};

/*!
 * What torchao's low-bit AdamW keeps beyond its quantized rate (PerParamBytes::optimizer) over
 * every trained tensor, for the whole model before model parallelism and ZeRO divide it:
 *  - the tensors it leaves unquantized keep both moments as zeros_like(p), in the dtype of the
 *    parameters it steps (the master copy where the recipe keeps one): 2 x that instead of the
 *    quantized rate (torchao/optim/adam.py _new_buffer, v0.18.0);
 *  - every quantized state holds its own FP32 code table: 256 values for the 8-bit states, 16
 *    for the 4-bit ones, none for FP8 (subclass_8bit.py, subclass_4bit.py).
 * Zero for other optimizers.
 */
inline Bytes torchaoStateExtra(Optimizer o, const TensorSizes &t, const PerParamBytes &ppb)
{
    if (!isTorchaoLowBit(o))
        return bytes(0);
    const BytesPer stepped = ppb.stepped();
    const bool four = o == Optimizer::AoAdamW4bit;
    const Count plain = four ? t.plainTorchao128 : t.plainTorchao256;
    const Count tables = o == Optimizer::AoAdamWFp8 ? 0 : four ? 2 * 16 * 4 * t.quantizedTensors128 : 2 * 256 * 4 * t.quantizedTensors256;
    return stepped.times(2 * plain) - ppb.optimizer.times(plain) + bytes(tables);
}

/*!
 * Muon (KellerJordan/Muon muon.py at 857d1ad; Moonlight's toy_train.py alike) keeps one
 * momentum_buffer per parameter (PerParamBytes::optimizer); the tensors it does not
 * orthogonalize (TensorSizes::muonFallback) are stepped by its AdamW, with exp_avg and
 * exp_avg_sq: one more state each. Zero for other optimizers.
 */
inline Bytes muonStateExtra(Optimizer o, const TensorSizes &t, const PerParamBytes &ppb)
{
    return o == Optimizer::Muon ? ppb.optimizer.times(t.muonFallback) : bytes(0);
}

/*!
 * GaLore and APOLLO (isProjectedOptimizer()): what their projections change against AdamW's two
 * moments over every trained tensor (PerParamBytes::optimizer): the projected tensors' full-size
 * moments give way to two moments of the projected gradient's shape and the projection matrix,
 * all in the stepped gradients' dtype (galore_torch/adamw.py, apollo_torch/apollo.py: exp_avg
 * and exp_avg_sq zeros_like the projected gradient; the projector kept in the optimizer's
 * state between refreshes). Negative where the projection saves, as it does whenever r is well
 * under min(m, n). Zero for other optimizers.
 */
inline Bytes projectedStateExtra(Optimizer o, const TensorSizes &t, const PerParamBytes &ppb)
{
    if (!isProjectedOptimizer(o))
        return bytes(0);
    const BytesPer stepped = ppb.stepped();
    // GaLore in FP32 keeps Vh[:r, :] or U[:, :r] of torch.linalg.svd, a view that holds the
    // whole factor (galore_projector.py get_orthogonal_matrix returns it uncast for float32).
    const bool fp32View = isGalore(o) && stepped == dtypeSize(Dtype::Fp32);
    const Count projector = fp32View ? t.projectorsFp32 : t.projectors;
    // GaLore's 8-bit AdamW: bitsandbytes' two 8-bit moments of the projected gradient's shape
    // (init_state on p.data swapped for the projected gradient, adamw8bit.py), at its rate.
    if (o == Optimizer::Galore8bit)
        return ppb.optimizer.times(t.projectedMoment) + stepped.times(projector) - ppb.optimizer.times(t.projected);
    return stepped.times(2 * t.projectedMoment + projector) - ppb.optimizer.times(t.projected);
}

//! The optimizer states beyond PerParamBytes::optimizer × the trained parameters that
//! torchao's low-bit AdamW, Muon, Adam-mini, GaLore and APOLLO keep (whole model, before model
//! parallelism and ZeRO); negative where a projection keeps less.
inline Bytes optimizerStateExtra(Optimizer o, const TensorSizes &t, const PerParamBytes &ppb)
{
    const Bytes adamMini = o == Optimizer::AdamMini ? ppb.optimizer.times(t.adamMiniV) : bytes(0);
    return torchaoStateExtra(o, t, ppb) + muonStateExtra(o, t, ppb) + adamMini + projectedStateExtra(o, t, ppb);
}

/*!
 * An optimizer's extra states for \a rankParameters trained parameters where the architecture
 * has \a architecture (TensorSizes::total): a given P scales them in proportion, as it scales
 * the per-parameter states. GaLore's and APOLLO's extra, a saving, would otherwise be the whole
 * architecture's against a smaller P's states.
 */
inline Bytes extraForGivenParameters(Bytes extra, Count rankParameters, Count architecture)
{
    if (architecture <= 0 || rankParameters == architecture)
        return extra;
    return bytes(quotient(countOf(extra) * rankParameters, architecture));
}

/*!
 * optimizerStateExtra() for a model-parallel rank of \a rankParameters trained parameters (its
 * slice already taken): GaLore's and APOLLO's scaled to a given P (extraForGivenParameters();
 * they run at t = p = 1, where the rank's parameters are P), the others' as the architecture
 * counts them, small beside the per-parameter states they add to.
 */
inline Bytes optimizerStateExtraOnRank(Optimizer o, const TensorSizes &t, Bytes sliced, Count rankParameters)
{
    return isProjectedOptimizer(o) ? extraForGivenParameters(sliced, rankParameters, t.total) : sliced;
}

/*!
 * torchao's CPUOffloadOptimizer (precision.h, OptimizerOffload): of \a trainedOnRank trained
 * parameters, those it leaves on the GPU, in tensors of fewer than minimal_size = 4096 elements
 * (the count TensorSizes::below8bit keeps), in proportion where a given P scales the rank.
 */
inline Count cpuOffloadKeptOnGpu(const TensorSizes &t, Count trainedOnRank)
{
    static_assert(kCpuOffloadMinimalSize == kBnbMin8bitSize, "below8bit counts the tensors under 4096 elements");
    if (t.total <= 0 || t.below8bit <= 0)
        return 0;
    if (trainedOnRank == t.total)
        return t.below8bit;
    return quotient(t.below8bit * trainedOnRank, t.total);
}

//! Whether optimizerStateExtra() can be non-zero for \a o.
constexpr bool hasOptimizerStateExtra(Optimizer o)
{
    return isTorchaoLowBit(o) || o == Optimizer::Muon || o == Optimizer::AdamMini || isProjectedOptimizer(o);
}

//! The scenario's trained tensors (the whole model, or the LoRA adapters) with \a persistence as
//! DeepSpeed's threshold. Counts are the architecture's, before a given P or model parallelism.
TensorSizes trainedTensorSizes(const Scenario &scenario, Count persistence);

} // namespace headroom
