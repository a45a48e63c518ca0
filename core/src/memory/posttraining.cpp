#include <headroom/memory/posttraining.h>

namespace headroom {

std::string_view trainingMethodName(TrainingMethod m)
{
    switch (m) {
    case TrainingMethod::Sft: return "sft";
    case TrainingMethod::Dpo: return "dpo";
    case TrainingMethod::Ipo: return "ipo";
    case TrainingMethod::Orpo: return "orpo";
    case TrainingMethod::Simpo: return "simpo";
    case TrainingMethod::Kto: return "kto";
    }
    return {};
}

std::optional<TrainingMethod> trainingMethodFromName(std::string_view name)
{
    for (TrainingMethod m : { TrainingMethod::Sft, TrainingMethod::Dpo, TrainingMethod::Ipo, TrainingMethod::Orpo,
                              TrainingMethod::Simpo, TrainingMethod::Kto })
        if (trainingMethodName(m) == name)
            return m;
    return std::nullopt;
}

std::string_view referenceSourceName(ReferenceSource r)
{
    return r == ReferenceSource::Precomputed ? "precomputed" : "model";
}

std::optional<ReferenceSource> referenceSourceFromName(std::string_view name)
{
    if (name == "model")
        return ReferenceSource::Model;
    if (name == "precomputed")
        return ReferenceSource::Precomputed;
    return std::nullopt;
}

} // namespace headroom
