#include <headroom/memory/scenario.h>

namespace headroom {

std::string_view recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None: return "none";
    case Recompute::Full: return "full";
    case Recompute::Selective: return "selective";
    }
    return {};
}

std::optional<Recompute> recomputeFromName(std::string_view n)
{
    for (Recompute r : { Recompute::None, Recompute::Full, Recompute::Selective })
        if (recomputeName(r) == n)
            return r;
    return std::nullopt;
}

std::string_view activationModelName(ActivationModelKind k)
{
    switch (k) {
    case ActivationModelKind::Textbook: return "textbook";
    case ActivationModelKind::Transformer: return "transformer";
    }
    return {};
}

std::optional<ActivationModelKind> activationModelFromName(std::string_view n)
{
    for (auto k : { ActivationModelKind::Textbook, ActivationModelKind::Transformer })
        if (activationModelName(k) == n)
            return k;
    return std::nullopt;
}

std::string_view familyName(BlockFamily f)
{
    switch (f) {
    case BlockFamily::Gpt2: return "gpt2";
    case BlockFamily::Llama: return "llama";
    }
    return {};
}

std::optional<BlockFamily> familyFromName(std::string_view n)
{
    for (auto f : { BlockFamily::Gpt2, BlockFamily::Llama })
        if (familyName(f) == n)
            return f;
    return std::nullopt;
}

} // namespace headroom
