#pragma once

// Internal: resolveStack()'s body (stack.h) and the stacks' own defaults, inline so that
// estimate() (estimate.cpp, through resolvedbody.h) sizes only the choices the scenario's
// placement reads, instead of calling out for all of them (the loss chunks, which only the
// itemized activation model asks for, take divisions). stack.cpp's public functions use the
// same bodies.

#include <headroom/memory/scenario.h>
#include <headroom/memory/stack.h>

namespace headroom::detail {

// The stacks' own defaults. Sources, per stack (the versions the measured peaks were taken
// with, docs/accuracy.md):
//  - Hugging Face: transformers <= 4.48 LlamaForCausalLM / ForCausalLMLoss upcast the whole
//    logits to FP32 (PRs #31292, #33902, #35646); TrainingArguments.optim "adamw_torch" is
//    torch.optim.AdamW without fused=, so foreach on CUDA; the DeepSpeed integration's "auto"
//    reduce_bucket_size is hidden_size² (integrations/deepspeed.py trainer_config_finalize).
//  - torchtune 0.3-0.4 (@30b8519, @1814feb): CEWithChunkedOutputLoss(num_output_chunks=8)
//    (modules/loss/ce_chunked_output_loss.py L30); recipe configs use torch.optim.AdamW with
//    fused: True; distributed recipes shard with FSDP2 per decoder layer.
//  - litgpt v0.5.3: LoRA and adapter fine-tuning call model(..., lm_head_chunk_size=128) and
//    chunked_cross_entropy(chunk_size=128) in the model dtype (litgpt/utils.py L294-340).
//  - DeepSpeed v0.15.0 deepspeed/runtime/zero/config.py: reduce_bucket_size 5e8,
//    stage3_prefetch_bucket_size 5e7, stage3_param_persistence_threshold 1e5,
//    stage3_max_live_parameters 1e9, overlap_comm True at stage 3 and False below; FusedAdam.
//  - FSDP1 (torch.distributed.fsdp): one FlatParameter per wrapped decoder layer,
//    BACKWARD_PRE prefetch, limit_all_gathers=True with two all-gathers in flight
//    (_limiter_utils.py _max_num_inflight_all_gathers = 2); no reduce bucket.
//  - FSDP2 (fully_shard): per-parameter sharding, one decoder layer gathered and the next one
//    prefetched; no reduce bucket.
//  - Megatron-Core r0.9.0: vocabulary-parallel cross-entropy in place, FusedAdam, the FP32
//    main_grad buffer (--bf16 forces accumulate_allreduce_grads_in_fp32); the distributed
//    optimizer is opt-in (--use-distributed-optimizer).
struct StackDefaults
{
    LossKind loss;
    bool fusedOptimizer;
    Count reduceBucket; // elements; kHiddenSquared: hidden² (HF "auto")
    bool gathersWholeLayers;
    Count prefetchUnits;
    ActivationModelKind activations;
    ImplementationProfile profile;
    AttentionKernel attention;
};

inline constexpr Count kHiddenSquared = -2;

constexpr StackDefaults defaultsOf(TrainingStack s)
{
    using A = ActivationModelKind;
    using P = ImplementationProfile;
    using K = AttentionKernel;
    switch (s) {
    case TrainingStack::Paper: return { LossKind::Plain, true, 0, false, 0, A::Textbook, P::HfEager, K::Eager };
    case TrainingStack::HfTrainer: return { LossKind::Plain, false, kHiddenSquared, false, 0, A::Transformer, P::HfSdpa, K::Sdpa };
    case TrainingStack::Torchtune: return { LossKind::Chunked, true, 0, true, 1, A::Transformer, P::HfSdpa, K::Sdpa };
    case TrainingStack::Litgpt: return { LossKind::Chunked, false, 0, true, 2, A::Transformer, P::HfSdpa, K::Sdpa };
    case TrainingStack::DeepSpeed: return { LossKind::Plain, true, 500'000'000, false, 0, A::Transformer, P::HfSdpa, K::Sdpa };
    case TrainingStack::Fsdp: return { LossKind::Plain, false, 0, true, 2, A::Transformer, P::HfSdpa, K::Sdpa };
    case TrainingStack::Fsdp2: return { LossKind::Plain, false, 0, true, 1, A::Transformer, P::HfSdpa, K::Sdpa };
    case TrainingStack::Megatron: return { LossKind::Plain, true, 0, false, 0, A::Transformer, P::MegatronFused, K::Flash };
    }
    return { LossKind::Plain, true, 0, false, 0, A::Textbook, P::HfEager, K::Eager };
}

//! LitGPT's lm_head_chunk_size and chunk_size (finetune/*.py: model(..., lm_head_chunk_size=128)).
inline constexpr Count kLitgptChunkTokens = 128;

// torchtune 8 pieces (num_output_chunks=8); litgpt 128-token slices (chunk_size=128); Liger's
// fused linear cross-entropy sizes its chunks by V/H (fused_linear_cross_entropy.py L35-45:
// chunk = next power of two of ceil(BT / ceil(V/H)) rows). (quotient(): the built-in division's
// result, in one 64-bit instruction for validated sizes instead of a 128-bit library call.)
inline Count stackChunks(const Scenario &s, LossKind loss)
{
    const Count tokens = s.training.microBatch * sequencePerGpu(s);
    if (loss == LossKind::FusedLinear) {
        const Count h = s.model.hidden > 0 ? s.model.hidden : 1;
        const Count inc = quotient(s.model.vocab + h - 1, h);
        const Count rows = inc > 0 ? quotient(tokens + inc - 1, inc) : tokens;
        Count chunk = 1;
        while (chunk < rows)
            chunk *= 2;
        return chunk > 0 ? quotient(tokens + chunk - 1, chunk) : 1;
    }
    // LitGPT's slices are kLitgptChunkTokens each, the last shorter (transformerbody.h sizes
    // the largest): ⌈S/128⌉ of them.
    if (s.stack.stack == TrainingStack::Litgpt)
        return quotient(sequencePerGpu(s) + kLitgptChunkTokens - 1, kLitgptChunkTokens);
    return 8;
}

constexpr bool deepspeedKnobs(TrainingStack s)
{
    return s == TrainingStack::DeepSpeed || s == TrainingStack::HfTrainer;
}

//! resolvedLossChunks().
inline Count lossChunksOf(const Scenario &s)
{
    const StackOptions &o = s.stack;
    return o.loss == LossKind::Plain ? 1 : o.lossChunks > 0 ? o.lossChunks : stackChunks(s, o.loss);
}

//! resolveStack().
[[gnu::always_inline]] inline StackChoices resolveStackOf(const Scenario &s)
{
    const StackOptions &o = s.stack;
    const StackDefaults d = defaultsOf(o.stack);
    StackChoices c;
    c.stack = o.stack;
    c.loss = o.loss;
    c.lossChunks = lossChunksOf(s);
    const Count hidden = s.model.hidden;
    const bool ds = deepspeedKnobs(o.stack);
    // HF's "auto" (integrations/deepspeed.py): reduce_bucket_size H², stage3_prefetch_bucket_size
    // 0.9·H², stage3_param_persistence_threshold 10·H. DeepSpeed's own: 5e8, 5e7, 1e5, and
    // stage3_max_live_parameters 1e9 for both.
    const bool hf = o.stack == TrainingStack::HfTrainer;
    const Count stackBucket = d.reduceBucket == kHiddenSquared ? hidden * hidden : d.reduceBucket;
    c.reduceBucket = s.parallel.reduceBucket >= 0 ? s.parallel.reduceBucket : stackBucket;
    c.maxLiveParameters = o.maxLiveParameters >= 0 ? o.maxLiveParameters : ds ? 1'000'000'000 : 0;
    c.prefetchBucket = o.prefetchBucket >= 0 ? o.prefetchBucket : hf ? quotient(hidden * hidden * 9, 10) : ds ? 50'000'000 : 0;
    c.persistenceThreshold = o.persistenceThreshold >= 0 ? o.persistenceThreshold : hf ? 10 * hidden : ds ? 100'000 : 0;
    c.overlapComm = o.overlapComm == StackSwitch::StackDefault ? ds && s.parallel.zero == ZeroStage::Stage3
                                                               : o.overlapComm == StackSwitch::On;
    c.gathersWholeLayers = d.gathersWholeLayers;
    c.prefetchUnits = d.prefetchUnits;
    return c;
}

//! fsdpMixedPrecision().
inline bool fsdpMixedPrecisionOf(const Scenario &s)
{
    return defaultsOf(s.stack.stack).gathersWholeLayers && s.parallel.gpus > 1 && isAutocast(s.training.precision.recipe);
}

//! peftFp32Adapters().
inline bool peftFp32AdaptersOf(const Scenario &s)
{
    const TrainingStack st = s.stack.stack;
    const bool peft = st == TrainingStack::HfTrainer || st == TrainingStack::Fsdp || st == TrainingStack::Fsdp2;
    const bool shardedQlora = s.lora.mode == AdapterMode::Qlora && s.parallel.zero == ZeroStage::Stage3;
    return peft && s.lora.mode != AdapterMode::None && !shardedQlora;
}

} // namespace headroom::detail
