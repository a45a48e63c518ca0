#include <headroom/memory/precision.h>

#include <array>
#include <utility>

namespace headroom {

namespace {

constexpr std::array<std::pair<Recipe, std::string_view>, 7> kRecipeNames{ {
        { Recipe::Fp32, "fp32" },
        { Recipe::AmpFp16, "amp-fp16" },
        { Recipe::AmpBf16, "amp-bf16" },
        { Recipe::Fp16Master, "fp16-master" },
        { Recipe::Bf16Master, "bf16-master" },
        { Recipe::Fp16Pure, "fp16-pure" },
        { Recipe::Bf16Pure, "bf16-pure" },
} };

constexpr std::array<std::pair<Optimizer, std::string_view>, 7> kOptimizerNames{ {
        { Optimizer::AdamW, "adamw" },
        { Optimizer::Adam, "adam" },
        { Optimizer::Sgd, "sgd" },
        { Optimizer::SgdMomentum, "sgd-momentum" },
        { Optimizer::Adam8bit, "adam8bit" },
        { Optimizer::Lion, "lion" },
        { Optimizer::Adafactor, "adafactor" },
} };

constexpr std::array<std::pair<StateDtype, std::string_view>, 2> kStateDtypeNames{ {
        { StateDtype::Fp32, "fp32" },
        { StateDtype::WeightDtype, "weight" },
} };

template<typename E, std::size_t N>
std::string_view nameOf(const std::array<std::pair<E, std::string_view>, N> &table, E value)
{
    for (const auto &[e, name] : table)
        if (e == value)
            return name;
    return {};
}

template<typename E, std::size_t N>
std::optional<E> valueOf(const std::array<std::pair<E, std::string_view>, N> &table, std::string_view name)
{
    for (const auto &[e, n] : table)
        if (n == name)
            return e;
    return std::nullopt;
}

} // namespace

int optimizerStateTensors(Optimizer optimizer)
{
    switch (optimizer) {
    case Optimizer::AdamW:
    case Optimizer::Adam:
    case Optimizer::Adam8bit: return 2; // first and second moment
    case Optimizer::SgdMomentum:
    case Optimizer::Lion: return 1;     // momentum only (Lion: Chen et al. 2023)
    case Optimizer::Sgd:
    case Optimizer::Adafactor: return 0; // Adafactor's state is factored, counted apart
    }
    return 0;
}

PerParamBytes perParamBytes(const PrecisionChoice &c)
{
    PerParamBytes b;
    const Dtype w = weightDtype(c.recipe);
    b.weights = dtypeSize(w);
    // Gradients take the weights' dtype (autograd produces them so), unless an FP32
    // accumulation buffer replaces them.
    b.gradients = c.fp32GradBuffer ? dtypeSize(Dtype::Fp32) : dtypeSize(w);
    const bool hasMaster = c.recipe == Recipe::Fp16Master || c.recipe == Recipe::Bf16Master;
    b.master = hasMaster ? dtypeSize(Dtype::Fp32) : bytesPer(0);
    const BytesPer state = c.stateDtype == StateDtype::Fp32 ? dtypeSize(Dtype::Fp32) : dtypeSize(w);
    switch (c.optimizer) {
    case Optimizer::Adam8bit:
        // bitsandbytes keeps both moments as 8-bit codes (Dettmers et al. 2022) with an FP32
        // absmax per block of 2048 elements for each (optim/optimizer.py, block_wise=True):
        // 2 + 2 x 4 / 2048 = 513/256 bytes per parameter. Tensors under 4096 elements keep FP32
        // states (placement.cpp).
        b.optimizer = bytesPer(513, 256);
        break;
    case Optimizer::Adafactor:
        b.optimizer = state;
        b.optimizerFactored = true;
        break;
    default:
        b.optimizer = bytesPer(state.numerator * optimizerStateTensors(c.optimizer), state.denominator);
        break;
    }
    return b;
}

std::string_view recipeName(Recipe r) { return nameOf(kRecipeNames, r); }
std::string_view optimizerName(Optimizer o) { return nameOf(kOptimizerNames, o); }
std::string_view stateDtypeName(StateDtype d) { return nameOf(kStateDtypeNames, d); }
std::optional<Recipe> recipeFromName(std::string_view n) { return valueOf(kRecipeNames, n); }
std::optional<Optimizer> optimizerFromName(std::string_view n) { return valueOf(kOptimizerNames, n); }
std::optional<StateDtype> stateDtypeFromName(std::string_view n) { return valueOf(kStateDtypeNames, n); }

std::string_view dtypeName(Dtype dtype)
{
    switch (dtype) {
    case Dtype::Fp32: return "fp32";
    case Dtype::Fp16: return "fp16";
    case Dtype::Bf16: return "bf16";
    case Dtype::Int8: return "int8";
    case Dtype::Nf4: return "nf4";
    case Dtype::Bool: return "bool";
    case Dtype::Int64: return "int64";
    }
    return {};
}

} // namespace headroom
