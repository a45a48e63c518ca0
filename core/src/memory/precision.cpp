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

constexpr std::array<std::pair<Optimizer, std::string_view>, 15> kOptimizerNames{ {
        { Optimizer::AdamW, "adamw" },
        { Optimizer::Adam, "adam" },
        { Optimizer::Sgd, "sgd" },
        { Optimizer::SgdMomentum, "sgd-momentum" },
        { Optimizer::Adam8bit, "adam8bit" },
        { Optimizer::Lion, "lion" },
        { Optimizer::Adafactor, "adafactor" },
        { Optimizer::AoAdamW8bit, "adamw8bit-torchao" },
        { Optimizer::AoAdamW4bit, "adamw4bit" },
        { Optimizer::AoAdamWFp8, "adamw-fp8" },
        { Optimizer::Muon, "muon" },
        { Optimizer::AdamMini, "adam-mini" },
        { Optimizer::Galore, "galore" },
        { Optimizer::Apollo, "apollo" },
        { Optimizer::Galore8bit, "galore-8bit" },
} };

constexpr std::array<std::pair<OptimizerOffload, std::string_view>, 3> kOptimizerOffloadNames{ {
        { OptimizerOffload::None, "none" },
        { OptimizerOffload::Cpu, "cpu" },
        { OptimizerOffload::CpuGradients, "cpu+gradients" },
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

std::string_view recipeName(Recipe r) { return nameOf(kRecipeNames, r); }
std::string_view optimizerName(Optimizer o) { return nameOf(kOptimizerNames, o); }
std::string_view stateDtypeName(StateDtype d) { return nameOf(kStateDtypeNames, d); }
std::optional<Recipe> recipeFromName(std::string_view n) { return valueOf(kRecipeNames, n); }
std::optional<Optimizer> optimizerFromName(std::string_view n) { return valueOf(kOptimizerNames, n); }
std::optional<StateDtype> stateDtypeFromName(std::string_view n) { return valueOf(kStateDtypeNames, n); }

std::optional<Dtype> masterDtypeFromName(std::string_view n)
{
    for (Dtype d : { Dtype::Fp32, Dtype::Bf16, Dtype::Fp16 })
        if (dtypeName(d) == n)
            return d;
    return std::nullopt;
}

std::string_view fp8RecipeName(Fp8Recipe r)
{
    switch (r) {
    case Fp8Recipe::Off: return "off";
    case Fp8Recipe::Tensorwise: return "tensorwise";
    case Fp8Recipe::Rowwise: return "rowwise";
    case Fp8Recipe::Mxfp8: return "mxfp8";
    case Fp8Recipe::TeDelayed: return "te-delayed";
    case Fp8Recipe::TeBlockwise: return "te-blockwise";
    }
    return "off";
}

std::optional<Fp8Recipe> fp8RecipeFromName(std::string_view n)
{
    for (Fp8Recipe r : kAllFp8Recipes)
        if (fp8RecipeName(r) == n)
            return r;
    return std::nullopt;
}

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
    case Dtype::Fp8: return "fp8";
    }
    return {};
}

std::string_view optimizerOffloadName(OptimizerOffload o) { return nameOf(kOptimizerOffloadNames, o); }
std::optional<OptimizerOffload> optimizerOffloadFromName(std::string_view name) { return valueOf(kOptimizerOffloadNames, name); }

} // namespace headroom
