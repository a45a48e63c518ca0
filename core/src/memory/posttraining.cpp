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
    case TrainingMethod::Reward: return "reward";
    case TrainingMethod::Ppo: return "ppo";
    case TrainingMethod::Distill: return "distill";
    }
    return {};
}

std::optional<TrainingMethod> trainingMethodFromName(std::string_view name)
{
    for (TrainingMethod m : { TrainingMethod::Sft, TrainingMethod::Dpo, TrainingMethod::Ipo, TrainingMethod::Orpo,
                              TrainingMethod::Simpo, TrainingMethod::Kto, TrainingMethod::Grpo, TrainingMethod::Reward,
                              TrainingMethod::Ppo, TrainingMethod::Distill })
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

void setTrainingMethod(Scenario &s, TrainingMethod m)
{
    const TrainingMethod was = s.training.method;
    s.training.method = m;
    if (m == TrainingMethod::Reward)
        s.model.head = ModelHead::Score;
    else if (was == TrainingMethod::Reward)
        s.model.head = ModelHead::LanguageModel;
    if (m == TrainingMethod::Ppo && was != TrainingMethod::Ppo)
        s.training.generations = 1;
    else if (was == TrainingMethod::Ppo && m == TrainingMethod::Grpo)
        s.training.generations = TrainingSetup{}.generations;
}

ModelSpec sideModelOf(const Scenario &s, SideRole role)
{
    const SideModels &side = s.training.sideModels;
    const SideModel &given = role == SideRole::Reward ? side.reward : role == SideRole::Critic ? side.critic : side.teacher;
    ModelSpec m = given.sameAsPolicy ? s.model : given.model;
    m.head = role == SideRole::Teacher ? ModelHead::LanguageModel : ModelHead::Score;
    // A parameter count given for the policy counts its LM head; a score-head copy is counted
    // from its architecture.
    if (given.sameAsPolicy && m.head != s.model.head)
        m.paramsOverride = 0;
    return m;
}

std::string_view sideRoleName(SideRole r)
{
    switch (r) {
    case SideRole::Reward: return "reward";
    case SideRole::Critic: return "critic";
    case SideRole::Teacher: return "teacher";
    }
    return {};
}

} // namespace headroom
