#pragma once

// Precision recipes and optimizers, and the exact bytes per parameter each combination keeps.

#include <cstdint>
#include <optional>
#include <string_view>

#include <headroom/memory/units.h>

namespace headroom {

//! Int64: token ids, labels and positions, which the itemized activation model lists.
//! Fp8: a float8 tensor of FP8 training (E4M3 or E5M2, one byte; fp8recipe below).
enum class Dtype { Fp32, Fp16, Bf16, Int8, Nf4, Bool, Int64, Fp8 };

//! Bytes an element of \a dtype takes; NF4 packs two elements a byte.

/*!
 * How weights, gradients and activations are stored during training (the article, section 1.3
 * and 3.3):
 *  - fp32: everything FP32;
 *  - amp-*: torch.autocast over FP32 weights: weights and gradients FP32, matmul activations in
 *    half precision; no master copy needed because the weights already are FP32;
 *  - *-master: model.half() plus an FP32 master copy for the optimizer (DeepSpeed, Megatron);
 *  - *-pure: half weights and gradients, no master copy.
 */
enum class Recipe { Fp32, AmpFp16, AmpBf16, Fp16Master, Bf16Master, Fp16Pure, Bf16Pure };

enum class Optimizer {
    AdamW, Adam, Sgd, SgdMomentum, Adam8bit, Lion, Adafactor, AoAdamW8bit, AoAdamW4bit, AoAdamWFp8, Muon, AdamMini, Galore, Apollo,
    Galore8bit
};

/*!
 * GaLore (jiaweizzhao/GaLore 2cc66f8, galore_torch/adamw.py) and APOLLO (zhuhanqing/APOLLO
 * 76b3472, apollo_torch/apollo.py): AdamW whose two moments live in a rank-r projection of each
 * of the layers' 2-D weights' gradients, zeros_like the projected gradient (so in the stepped
 * gradients' dtype), beside the projection matrix; every other tensor keeps AdamW's two moments.
 */
constexpr bool isProjectedOptimizer(Optimizer o)
{
    return o == Optimizer::Galore || o == Optimizer::Apollo || o == Optimizer::Galore8bit;
}

/*!
 * GaLore's two optimizers: AdamW, and bitsandbytes' 8-bit AdamW stepping the projected gradient
 * (galore_torch/adamw8bit.py, transformers' galore_adamw_8bit), which the published 7B-on-one-
 * consumer-GPU runs use. Both cap the rank at min(m, n) and keep the SVD factor as the projector.
 */
constexpr bool isGalore(Optimizer o) { return o == Optimizer::Galore || o == Optimizer::Galore8bit; }

/*!
 * bitsandbytes' 8-bit states (Adam8bit, and GaLore's 8-bit AdamW built on its Optimizer2State):
 * tensors under min_8bit_size = 4096 elements keep two FP32 moments instead.
 */
constexpr bool hasBnb8bitStates(Optimizer o) { return o == Optimizer::Adam8bit || o == Optimizer::Galore8bit; }

/*!
 * torchao's CPUOffloadOptimizer (torchao/optim/cpu_offload.py at pytorch/ao 36027d8, file commit
 * 3bad6a2), for single-GPU training: every trained tensor of at least 4096 elements gets a pinned
 * host copy of itself and of its gradient, of the parameter's dtype (empty_like), and a torch
 * optimizer over that copy steps on the CPU; smaller tensors stay on the GPU with their own
 * optimizer. With offload_gradients (CpuGradients) each GPU gradient is freed once copied.
 */
enum class OptimizerOffload : std::uint8_t { None, Cpu, CpuGradients };

//! The tensors torchao's CPUOffloadOptimizer keeps on the GPU: fewer elements than minimal_size.
inline constexpr Count kCpuOffloadMinimalSize = 4096;

//! The rank GaLore and APOLLO take unless given: transformers' default for both (optim_args
//! "rank", trainer_optimizer.py _setup_low_rank_optimizer at fe2596e).
inline constexpr Count kDefaultProjectionRank = 128;

//! torchao's low-bit AdamW (torchao/optim, v0.18.0): both moments quantized in blocks.
constexpr bool isTorchaoLowBit(Optimizer o)
{
    return o == Optimizer::AoAdamW8bit || o == Optimizer::AoAdamW4bit || o == Optimizer::AoAdamWFp8;
}

/*!
 * FP8 training of the decoder layers' linear layers (the LM head, embeddings, norms and routers
 * stay in the weights' dtype). What each keeps (docs/stacks.md, "FP8 training"):
 *  - tensorwise, rowwise, mxfp8: torchao's Float8Linear / MXFP8Linear (v0.18). The autograd
 *    function saves the high-precision input and weight and casts again in backward
 *    (float8_linear.py, matmul_with_hp_or_float8_args), so saved activations are the BF16 run's;
 *    nothing persists between steps. With --fp8-all-gather (tensorwise under FSDP) the unsharded
 *    linear weights are gathered as FP8, one byte per parameter (fsdp_utils.py).
 *  - te-delayed, te-blockwise: Transformer Engine's Linear (2.20.0.dev0, module/linear.py). Each
 *    linear saves its input as FP8 (the column-wise copy only, one byte per element; blockwise
 *    adds an FP32 scale per 128 elements) and the FP8 weight with its transpose (two bytes per
 *    parameter on Hopper); delayed scaling keeps an FP32 amax history of 1024 steps for each of a
 *    linear's five quantized tensors.
 */
enum class Fp8Recipe : std::uint8_t { Off, Tensorwise, Rowwise, Mxfp8, TeDelayed, TeBlockwise };

inline constexpr Fp8Recipe kAllFp8Recipes[] = { Fp8Recipe::Off,     Fp8Recipe::Tensorwise, Fp8Recipe::Rowwise,
                                                 Fp8Recipe::Mxfp8,   Fp8Recipe::TeDelayed,  Fp8Recipe::TeBlockwise };

//! Transformer Engine's recipes: FP8 saved inputs and FP8 weight copies.
constexpr bool isTeFp8(Fp8Recipe r) { return r == Fp8Recipe::TeDelayed || r == Fp8Recipe::TeBlockwise; }

//! Optimizer state dtype: FP32 (the default everywhere) or the weights' dtype, as pure-BF16
//! trainers keep it (2 + 2 + 4 = 8 bytes/param for AdamW).
enum class StateDtype { Fp32, WeightDtype };

struct PrecisionChoice
{
    Recipe recipe = Recipe::Bf16Master;
    Optimizer optimizer = Optimizer::AdamW;
    StateDtype stateDtype = StateDtype::Fp32;
    //! Gradients accumulated in an FP32 buffer instead of the weights' dtype (Megatron's
    //! main_grad, DeepSpeed's fp32 partitioned gradients): 2 + 4 + 4 + 8 = 18 bytes/param.
    bool fp32GradBuffer = false;
    //! The master copy's dtype under a *-master recipe: FP32, or the weights' 16-bit dtype as
    //! DeepSpeed keeps it with bf16.bf16_master_weights_and_grads (or fp16's
    //! fp16_master_weights_and_grads): ZeRO's partitions of the master weights and of their
    //! gradients are created in that dtype, and the optimizer's zeros_like states follow them
    //! (deepspeed/runtime/zero/stage_1_and_2.py and stage3.py, v0.18.3). Only Fp32 or the
    //! recipe's weight dtype are valid (validation.h).
    Dtype masterDtype = Dtype::Fp32;
    //! FP8 training of the layers' linears (Fp8Recipe above); Off trains them in the recipe's dtype.
    Fp8Recipe fp8 = Fp8Recipe::Off;
    //! torchao's enable_fsdp_float8_all_gather: FSDP gathers the linear weights as FP8
    //! (tensorwise only, under a stack that gathers whole layers).
    bool fp8AllGather = false;
    //! GaLore's and APOLLO's rank r (isProjectedOptimizer()); read by no other optimizer.
    Count projectionRank = kDefaultProjectionRank;
    //! torchao's CPUOffloadOptimizer around the optimizer (OptimizerOffload above).
    OptimizerOffload optimizerOffload = OptimizerOffload::None;
};

//! Bytes per parameter for each model-state bucket. Adafactor's state is not per parameter
//! (factored): optimizerFactored says so and optimizer is then the bytes per state element.
struct PerParamBytes
{
    BytesPer weights;
    BytesPer gradients;
    BytesPer master;
    BytesPer optimizer;
    bool optimizerFactored = false;

    //! The bytes of an element of the parameters the optimizer steps: the master copy's where the
    //! recipe keeps one, the weights' otherwise (what zeros_like(p) states and gradients take).
    constexpr BytesPer stepped() const { return master.value() > 0 ? master : weights; }

    //! Total for non-factored optimizers, the article's "bytes_per_param".
    constexpr double total() const
    {
        return weights.value() + gradients.value() + master.value() + optimizer.value();
    }
};

//! The dtype most saved activations take: half precision for every recipe but fp32.

//! Number of full-size state tensors the optimizer keeps per parameter (Adam: m and v).
constexpr int optimizerStateTensors(Optimizer optimizer);

/*!
 * The recipe's and optimizer's bytes per parameter. Defined below, inline: every estimate reads
 * it, and inlined its sizes are small constants the compiler keeps in registers (whole sizes
 * then multiply without a division) instead of 128-bit fields read back from memory.
 */
constexpr PerParamBytes perParamBytes(const PrecisionChoice &choice);

// Small and on every estimate's path: defined here so they inline.
constexpr bool usesFp16(Recipe r) { return r == Recipe::AmpFp16 || r == Recipe::Fp16Master || r == Recipe::Fp16Pure; }
constexpr bool usesBf16(Recipe r) { return r == Recipe::AmpBf16 || r == Recipe::Bf16Master || r == Recipe::Bf16Pure; }
constexpr bool isAutocast(Recipe r) { return r == Recipe::AmpFp16 || r == Recipe::AmpBf16; }

constexpr BytesPer dtypeSize(Dtype dtype)
{
    switch (dtype) {
    case Dtype::Int64: return bytesPer(8);
    case Dtype::Fp32: return bytesPer(4);
    case Dtype::Fp16:
    case Dtype::Bf16: return bytesPer(2);
    case Dtype::Int8:
    case Dtype::Fp8:
    case Dtype::Bool: return bytesPer(1);
    case Dtype::Nf4: return bytesPer(1, 2);
    }
    return bytesPer(0);
}

constexpr Dtype weightDtype(Recipe recipe)
{
    switch (recipe) {
    case Recipe::Fp32:
    case Recipe::AmpFp16:
    case Recipe::AmpBf16: return Dtype::Fp32;
    case Recipe::Fp16Master:
    case Recipe::Fp16Pure: return Dtype::Fp16;
    case Recipe::Bf16Master:
    case Recipe::Bf16Pure: return Dtype::Bf16;
    }
    return Dtype::Fp32;
}

constexpr Dtype activationDtype(Recipe recipe)
{
    if (recipe == Recipe::Fp32)
        return Dtype::Fp32;
    return usesFp16(recipe) ? Dtype::Fp16 : Dtype::Bf16;
}

constexpr bool isHalfPrecision(Dtype dtype) { return dtype == Dtype::Fp16 || dtype == Dtype::Bf16; }

constexpr int optimizerStateTensors(Optimizer optimizer)
{
    switch (optimizer) {
    case Optimizer::AdamW:
    case Optimizer::Adam:
    case Optimizer::Adam8bit:
    case Optimizer::AoAdamW8bit:
    case Optimizer::AoAdamW4bit:
    case Optimizer::AoAdamWFp8:
    case Optimizer::Galore:
    case Optimizer::Galore8bit:
    case Optimizer::Apollo: return 2; // first and second moment (GaLore, APOLLO: projected, counted apart)
    case Optimizer::SgdMomentum:
    case Optimizer::Lion:
    case Optimizer::Muon:
    case Optimizer::AdamMini: return 1; // momentum only (Lion: Chen et al. 2023; Muon: its hidden matrices;
                                        // Adam-mini: m whole, v one per block, counted apart)
    case Optimizer::Sgd:
    case Optimizer::Adafactor: return 0; // Adafactor's state is factored, counted apart
    }
    return 0;
}

constexpr PerParamBytes perParamBytes(const PrecisionChoice &c)
{
    PerParamBytes b;
    const Dtype w = weightDtype(c.recipe);
    b.weights = dtypeSize(w);
    // Gradients take the weights' dtype (autograd produces them so), unless an FP32
    // accumulation buffer replaces them.
    b.gradients = c.fp32GradBuffer ? dtypeSize(Dtype::Fp32) : dtypeSize(w);
    const bool hasMaster = c.recipe == Recipe::Fp16Master || c.recipe == Recipe::Bf16Master;
    b.master = hasMaster ? dtypeSize(c.masterDtype == w ? w : Dtype::Fp32) : bytesPer(0);
    const BytesPer state = c.stateDtype == StateDtype::Fp32 ? dtypeSize(Dtype::Fp32) : dtypeSize(w);
    switch (c.optimizer) {
    case Optimizer::Adam8bit:
    case Optimizer::Galore8bit: // bitsandbytes' Optimizer2State; the projected moments apart (tensorsizes.h)
        // bitsandbytes keeps both moments as 8-bit codes (Dettmers et al. 2022) with an FP32
        // absmax per block of 256 elements for each (optim/optimizer.py init_state, blocksize =
        // 256 since 0.44.0, commit aa57bd89; still so at 95f9af3): 2 + 2 x 4 / 256 = 65/32 bytes
        // per parameter (0.43 and older: blocks of 2048, 513/256). Tensors under 4096 elements
        // keep FP32 states (placement.cpp).
        b.optimizer = bytesPer(65, 32);
        break;
    case Optimizer::AoAdamW8bit:
    case Optimizer::AoAdamWFp8:
        // torchao: a uint8 code (8-bit, subclass_8bit.py) or a float8_e4m3fn value (FP8,
        // subclass_fp8.py) per element and an FP32 scale per 256-element block, for each moment:
        // 2 x (1 + 4/256) = 65/32 bytes per parameter. Small or indivisible tensors keep plain
        // states (placement.cpp).
        b.optimizer = bytesPer(65, 32);
        break;
    case Optimizer::AoAdamW4bit:
        // Two 4-bit codes a byte and an FP32 scale per 128 elements (subclass_4bit.py), for each
        // moment: 2 x (1/2 + 4/128) = 17/16 bytes per parameter.
        b.optimizer = bytesPer(17, 16);
        break;
    case Optimizer::Adafactor:
        b.optimizer = state;
        b.optimizerFactored = true;
        break;
    case Optimizer::Galore:
    case Optimizer::Apollo:
        // Both moments are zeros_like the gradient they step, so in the dtype of the parameters
        // stepped (the master copy where the recipe keeps one), whatever the state dtype says;
        // the projected tensors' smaller states are counted apart (tensorsizes.h).
        b.optimizer = bytesPer(2 * b.stepped().numerator, b.stepped().denominator);
        break;
    default:
        b.optimizer = bytesPer(state.numerator * optimizerStateTensors(c.optimizer), state.denominator);
        break;
    }
    return b;
}

// Stable names used by the CLI, scenario files and settings; never translated.
std::string_view recipeName(Recipe recipe);
std::string_view optimizerName(Optimizer optimizer);
std::string_view stateDtypeName(StateDtype dtype);
std::string_view dtypeName(Dtype dtype);
std::optional<Recipe> recipeFromName(std::string_view name);
std::optional<Optimizer> optimizerFromName(std::string_view name);
std::optional<StateDtype> stateDtypeFromName(std::string_view name);
//! The master copy's dtypes by name: fp32, bf16 or fp16.
std::optional<Dtype> masterDtypeFromName(std::string_view name);
//! "off", "tensorwise", "rowwise", "mxfp8", "te-delayed", "te-blockwise".
std::string_view fp8RecipeName(Fp8Recipe recipe);
std::optional<Fp8Recipe> fp8RecipeFromName(std::string_view name);
//! "none", "cpu", "cpu+gradients".
std::string_view optimizerOffloadName(OptimizerOffload offload);
std::optional<OptimizerOffload> optimizerOffloadFromName(std::string_view name);
//! Whether \a c keeps a master copy in 16 bits (masterDtype is the weights' half dtype).
constexpr bool hasHalfMaster(const PrecisionChoice &c)
{
    return (c.recipe == Recipe::Fp16Master || c.recipe == Recipe::Bf16Master) && c.masterDtype == weightDtype(c.recipe);
}
//! A new recipe for \a c: a 16-bit master copy follows the new weights' dtype where the recipe
//! keeps a master, and goes back to FP32 where it keeps none (the window's and the doctor's
//! recipe changes never leave a master dtype the recipe cannot have).
constexpr void setRecipe(PrecisionChoice &c, Recipe r)
{
    const bool half = hasHalfMaster(c);
    c.recipe = r;
    const bool master = r == Recipe::Fp16Master || r == Recipe::Bf16Master;
    c.masterDtype = half && master ? weightDtype(r) : Dtype::Fp32;
}

//! FP8 off, the all-gather with it: what a run that cannot have FP8 linears (adapters, an FP32
//! recipe; validation.h) is shown or offered with.
constexpr void turnOffFp8(PrecisionChoice &c)
{
    c.fp8 = Fp8Recipe::Off;
    c.fp8AllGather = false;
}

inline constexpr Recipe kAllRecipes[] = { Recipe::Fp32,       Recipe::AmpFp16,    Recipe::AmpBf16,
                                          Recipe::Fp16Master, Recipe::Bf16Master, Recipe::Fp16Pure,
                                          Recipe::Bf16Pure };
inline constexpr Optimizer kAllOptimizers[] = { Optimizer::AdamW,       Optimizer::Adam,
                                                Optimizer::Sgd,         Optimizer::SgdMomentum,
                                                Optimizer::Adam8bit,    Optimizer::Lion,
                                                Optimizer::Adafactor,   Optimizer::AoAdamW8bit,
                                                Optimizer::AoAdamW4bit, Optimizer::AoAdamWFp8,
                                                Optimizer::Muon,        Optimizer::AdamMini,
                                                Optimizer::Galore,      Optimizer::Apollo,
                                                Optimizer::Galore8bit };

} // namespace headroom
