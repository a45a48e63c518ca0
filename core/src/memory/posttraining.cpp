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
    case TrainingMethod::Grpo: return "grpo";
    }
    return {};
}

std::optional<TrainingMethod> trainingMethodFromName(std::string_view name)
{
    for (TrainingMethod m : { TrainingMethod::Sft, TrainingMethod::Dpo, TrainingMethod::Ipo, TrainingMethod::Orpo,
                              TrainingMethod::Simpo, TrainingMethod::Kto, TrainingMethod::Grpo })
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

std::string_view rolloutEngineName(RolloutEngine r)
{
    switch (r) {
    case RolloutEngine::HfGenerate: return "hf-generate";
    case RolloutEngine::VllmColocate: return "vllm-colocate";
    case RolloutEngine::VllmServer: return "vllm-server";
    }
    return {};
}

std::optional<RolloutEngine> rolloutEngineFromName(std::string_view name)
{
    for (RolloutEngine r : { RolloutEngine::HfGenerate, RolloutEngine::VllmColocate, RolloutEngine::VllmServer })
        if (rolloutEngineName(r) == name)
            return r;
    return std::nullopt;
}

} // namespace headroom
