#pragma once

// Preference training (DPO and its family, KTO): what a run keeps on the GPU beyond the one model
// it trains, and how many sequences each policy forward carries. Modelled on TRL v0.19
// (trl/trainer/dpo_trainer.py, orpo_trainer.py, cpo_trainer.py, kto_trainer.py); the facts and
// their lines are in docs/posttraining.md.
//
//  - Paired methods (DPO, IPO, ORPO, SimPO) run the chosen and the rejected completion of each of
//    the B pairs: concatenated_forward() puts them in one batch of 2B sequences, so the policy
//    saves 2B sequences' activations; run one after the other, both graphs are still kept until
//    the loss, so the saved tensors are the same and only the short-lived buffers are of B.
//  - A reference model (DPO, IPO, KTO) is a frozen copy of the policy in the policy's weight
//    dtype (TRL create_reference_model deep-copies it), on the GPU for the whole step. None when
//    the policy trains adapters (PEFT: the reference forward runs with the adapters disabled),
//    none with precomputed log-probabilities. Under ZeRO-3 it is partitioned over the d
//    data-parallel replicas as the policy's weights are (TRL prepare_deepspeed keeps stage 3 for
//    it, without an optimizer); at stages 0-2 every GPU holds it whole (prepare_deepspeed sets
//    stage 0). Tensor and pipeline parallelism divide it as they divide the policy.
//  - The reference's forward runs under torch.no_grad() after the policy's forward, while the
//    policy's graph is alive: it saves nothing, and holds at most one layer's tensors and scratch,
//    then its logits and their FP32 copy, beside everything the policy saved.
//  - KTO runs B unpaired examples and a KL batch of B mismatched ones; the KL forwards (policy and
//    reference) run under no_grad, the same kind of short-lived buffers as the reference forward.
//  - GRPO (trl/trainer/grpo_trainer.py) generates G completions for each of B prompts, then scores
//    them (the reference's log-probs under no_grad, in _generate_and_score_completions, before the
//    policy's forward), then trains on the G·B completions of S = prompt + completion tokens. The
//    logits are charged over the whole sequence, though TRL keeps the completion's (logits_to_keep):
//    an over-count the docs name. The generation holds, beside the model states:
//      hf-generate: the KV cache, 2·L·KV·d_h·(prompt + completion)·G·B elements in the compute
//        dtype (divided by t), the sampled token's FP32 logits, and under ZeRO-3 the whole 16-bit
//        weights, which unwrap_model_for_generation gathers (ds3_gather_for_generation, default on);
//      vllm-colocate: the fraction f of the GPU vLLM reserves (gpu_memory_utilization) for its
//        weights and KV blocks, for the whole step, or only while generating with sleep mode;
//      vllm-server: nothing on the training GPUs (the server's GPUs are its own).

#include <optional>
#include <string_view>

#include <headroom/memory/scenario.h>

namespace headroom {

//! "sft", "dpo", "ipo", "orpo", "simpo", "kto", "grpo", "reward", "ppo", "distill": TRL's names.
std::string_view trainingMethodName(TrainingMethod m);
std::optional<TrainingMethod> trainingMethodFromName(std::string_view name);
//! "model", "precomputed".
std::string_view referenceSourceName(ReferenceSource r);
std::optional<ReferenceSource> referenceSourceFromName(std::string_view name);
//! "hf-generate", "vllm-colocate", "vllm-server".
std::string_view rolloutEngineName(RolloutEngine r);
std::optional<RolloutEngine> rolloutEngineFromName(std::string_view name);

/*!
 * Sets the method and what it implies of the rest, so that the command line, a scenario file and
 * the window agree: a reward model is a score-head model (and leaving `reward` restores the LM
 * head); PPO generates one completion per prompt (TRL PPOTrainer; OpenRLHF's
 * n_samples_per_prompt default 1), GRPO num_generations (8).
 */
void setTrainingMethod(Scenario &s, TrainingMethod m);

//! The models a run may hold beside the policy and its reference.
enum class SideRole : std::uint8_t { Reward, Critic, Teacher };
//! "reward", "critic", "teacher".
std::string_view sideRoleName(SideRole r);
//! The side model's architecture: the policy's unless given; reward and value models with a score
//! head (TRL loads them with AutoModelForSequenceClassification, num_labels = 1).
ModelSpec sideModelOf(const Scenario &s, SideRole role);

//! Whether the method runs chosen and rejected completions of each pair.
constexpr bool isPairedMethod(TrainingMethod m)
{
    return m == TrainingMethod::Dpo || m == TrainingMethod::Ipo || m == TrainingMethod::Orpo || m == TrainingMethod::Simpo
            || m == TrainingMethod::Reward;
}

//! Whether the method's loss reads a reference model's log-probabilities.
constexpr bool methodUsesReference(TrainingMethod m)
{
    return m == TrainingMethod::Dpo || m == TrainingMethod::Ipo || m == TrainingMethod::Kto || m == TrainingMethod::Grpo
            || m == TrainingMethod::Ppo;
}

//! Whether the run generates its own completions (reinforcement learning with a rollout engine).
constexpr bool generatesRollouts(TrainingMethod m) { return m == TrainingMethod::Grpo || m == TrainingMethod::Ppo; }

//! Whether the scoring forward runs before the policy's (GRPO and PPO score their rollouts first),
//! rather than beside the policy's saved tensors (DPO, KTO, distillation's teacher).
constexpr bool scoresBeforePolicy(TrainingMethod m) { return generatesRollouts(m); }

//! A vLLM server's GPUs beside the training GPUs: the run needs them as well (fit counts them,
//! and days and cost rent or own them); 0 for a run without one.
constexpr Count rolloutServerGpus(const Scenario &s)
{
    return generatesRollouts(s.training.method) && s.training.rollout == RolloutEngine::VllmServer ? s.training.rolloutGpus : 0;
}

//! PPO: a frozen reward model and a trained value model beside the policy.
constexpr bool keepsRewardAndCritic(TrainingMethod m) { return m == TrainingMethod::Ppo; }
//! Distillation: a frozen teacher.
constexpr bool keepsTeacher(TrainingMethod m) { return m == TrainingMethod::Distill; }

//! Whether a frozen reference model sits on the GPU: a method that uses one, computed during
//! training, by a policy without adapters.
constexpr bool keepsReferenceModel(const Scenario &s)
{
    return methodUsesReference(s.training.method) && s.training.reference == ReferenceSource::Model
            && s.lora.mode == AdapterMode::None;
}

//! Whether a forward under no_grad (the reference's, KTO's KL batch) runs during the step.
constexpr bool hasScoringForward(const Scenario &s)
{
    return (methodUsesReference(s.training.method) && s.training.reference == ReferenceSource::Model)
            || s.training.method == TrainingMethod::Kto || keepsRewardAndCritic(s.training.method)
            || keepsTeacher(s.training.method);
}

//! Sequences whose activations the policy saves, per micro-batch of B examples: 2B for the paired
//! methods, B otherwise.
constexpr Count savedSequences(const Scenario &s)
{
    if (generatesRollouts(s.training.method))
        return s.training.generations * s.training.microBatch;
    return isPairedMethod(s.training.method) ? 2 * s.training.microBatch : s.training.microBatch;
}

//! GRPO's completion tokens: the sequence S less the prompt.
constexpr Count completionLength(const Scenario &s)
{
    return s.training.sequence - s.training.promptLength;
}

//! Tokens whose logits the policy's loss computes: GRPO's completion (TRL v0.19
//! _get_per_token_logps: the LM head over the last C + 1 positions, logits_to_keep, the last one
//! dropped), S otherwise (PPO slices the whole sequence's logits; SFT and DPO keep them all).
constexpr Count logitsTokens(const Scenario &s)
{
    return s.training.method == TrainingMethod::Grpo && completionLength(s) > 0 ? completionLength(s) : sequencePerGpu(s);
}

//! Whether the policy's loss takes per-token log-probabilities from the logits as TRL's trainers
//! do, without labels passed to the model (v0.19: selective_log_softmax in dpo_trainer.py,
//! grpo_trainer.py, ppo_trainer.py; log_softmax then gather in orpo_trainer.py, cpo_trainer.py,
//! kto_trainer.py): the log-softmax is in logProbsDtype(), where a model's own cross-entropy
//! upcasts the logits to FP32.
constexpr bool takesLogProbsFromLogits(TrainingMethod m)
{
    return m == TrainingMethod::Dpo || m == TrainingMethod::Ipo || m == TrainingMethod::Orpo || m == TrainingMethod::Simpo
            || m == TrainingMethod::Kto || m == TrainingMethod::Grpo || m == TrainingMethod::Ppo;
}

/*!
 * The dtype of the logits the model returns to a trainer that passes no labels: FP32 under
 * Accelerate's native mixed precision, which the Hugging Face Trainer (and TRL) uses for a 16-bit
 * recipe without DeepSpeed (prepare_model wraps forward in autocast and convert_outputs_to_fp32;
 * with DeepSpeed, ZeRO stage 1 and above here, the engine casts the model instead); the compute
 * dtype otherwise (a pure 16-bit model, DeepSpeed, other stacks).
 */
constexpr Dtype returnedLogitsDtype(const Scenario &s)
{
    const Recipe r = s.training.precision.recipe;
    const bool nativeAmp = s.stack.stack == TrainingStack::HfTrainer && s.parallel.zero == ZeroStage::Stage0
            && (isAutocast(r) || r == Recipe::Bf16Master || r == Recipe::Fp16Master);
    return nativeAmp ? Dtype::Fp32 : activationDtype(r);
}

//! The dtype of TRL's log-softmax over those logits: theirs, FP32 under autocast (log_softmax is
//! one of autocast's FP32 ops).
constexpr Dtype logProbsDtype(const Scenario &s)
{
    return isAutocast(s.training.precision.recipe) ? Dtype::Fp32 : returnedLogitsDtype(s);
}

//! Sequences in one forward: 2B for paired methods run concatenated, B otherwise.
constexpr Count sequencesPerForward(const Scenario &s)
{
    if (generatesRollouts(s.training.method))
        return savedSequences(s);
    return isPairedMethod(s.training.method) && s.training.pairsConcatenated ? 2 * s.training.microBatch
                                                                            : s.training.microBatch;
}

} // namespace headroom
