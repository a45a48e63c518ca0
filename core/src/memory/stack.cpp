#include <headroom/memory/stack.h>

#include <headroom/memory/scenario.h>

namespace headroom {

namespace {

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

constexpr Count kHiddenSquared = -2;

StackDefaults defaultsOf(TrainingStack s)
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

// torchtune 8 pieces (num_output_chunks=8); litgpt 128-token slices (chunk_size=128); Liger's
// fused linear cross-entropy sizes its chunks by V/H (fused_linear_cross_entropy.py L35-45:
// chunk = next power of two of ceil(BT / ceil(V/H)) rows).
Count stackChunks(const Scenario &s, LossKind loss)
{
    const Count tokens = s.training.microBatch * s.training.sequence;
    if (loss == LossKind::FusedLinear) {
        const Count h = s.model.hidden > 0 ? s.model.hidden : 1;
        const Count inc = (s.model.vocab + h - 1) / h;
        const Count rows = inc > 0 ? (tokens + inc - 1) / inc : tokens;
        Count chunk = 1;
        while (chunk < rows)
            chunk *= 2;
        return chunk > 0 ? (tokens + chunk - 1) / chunk : 1;
    }
    if (s.stack.stack == TrainingStack::Litgpt)
        return (s.training.sequence + 127) / 128;
    return 8;
}

bool deepspeedKnobs(TrainingStack s)
{
    return s == TrainingStack::DeepSpeed || s == TrainingStack::HfTrainer;
}

} // namespace

StackChoices resolveStack(const Scenario &s)
{
    const StackOptions &o = s.stack;
    const StackDefaults d = defaultsOf(o.stack);
    StackChoices c;
    c.stack = o.stack;
    c.loss = o.loss;
    c.lossChunks = resolvedLossChunks(s);
    const Count hidden = s.model.hidden;
    const bool ds = deepspeedKnobs(o.stack);
    // HF's "auto" (integrations/deepspeed.py): reduce_bucket_size H², stage3_prefetch_bucket_size
    // 0.9·H², stage3_param_persistence_threshold 10·H. DeepSpeed's own: 5e8, 5e7, 1e5, and
    // stage3_max_live_parameters 1e9 for both.
    const bool hf = o.stack == TrainingStack::HfTrainer;
    const Count stackBucket = d.reduceBucket == kHiddenSquared ? hidden * hidden : d.reduceBucket;
    c.reduceBucket = s.parallel.reduceBucket >= 0 ? s.parallel.reduceBucket : stackBucket;
    c.maxLiveParameters = o.maxLiveParameters >= 0 ? o.maxLiveParameters : ds ? 1'000'000'000 : 0;
    c.prefetchBucket = o.prefetchBucket >= 0 ? o.prefetchBucket : hf ? hidden * hidden * 9 / 10 : ds ? 50'000'000 : 0;
    c.persistenceThreshold = o.persistenceThreshold >= 0 ? o.persistenceThreshold : hf ? 10 * hidden : ds ? 100'000 : 0;
    c.overlapComm = o.overlapComm == StackSwitch::StackDefault ? ds && s.parallel.zero == ZeroStage::Stage3
                                                               : o.overlapComm == StackSwitch::On;
    c.gathersWholeLayers = d.gathersWholeLayers;
    c.prefetchUnits = d.prefetchUnits;
    return c;
}

Count resolvedLossChunks(const Scenario &s)
{
    const StackOptions &o = s.stack;
    return o.loss == LossKind::Plain ? 1 : o.lossChunks > 0 ? o.lossChunks : stackChunks(s, o.loss);
}

void applyStackDefaults(Scenario &s, TrainingStack stack)
{
    const StackDefaults d = defaultsOf(stack);
    StackOptions o;
    o.stack = stack;
    o.loss = d.loss;
    o.fusedOptimizer = d.fusedOptimizer;
    // torchao's NF4Tensor always quantizes its scalers (nf4tensor.py to_nf4); bitsandbytes does
    // with bnb_4bit_use_double_quant, which the QLoRA recipes set.
    o.quantBase = QuantBase::Nf4DoubleQuant;
    s.stack = o;
    s.parallel.reduceBucket = -1;
    s.activations.model = d.activations;
    s.activations.profile = d.profile;
    s.activations.attention = d.attention;
    if (stack == TrainingStack::Torchtune) {
        // Recipes build the model under set_default_dtype(bf16); parameters, gradients and the
        // optimizer's states are all BF16 (recipes/full_finetune_single_device.py L44-50).
        s.training.precision.recipe = Recipe::Bf16Pure;
        s.training.precision.stateDtype = StateDtype::WeightDtype;
        s.training.precision.fp32GradBuffer = false;
    } else if (stack == TrainingStack::Megatron) {
        // --bf16 forces accumulate_allreduce_grads_in_fp32 (megatron/training/arguments.py L330-339).
        s.training.precision.fp32GradBuffer = true;
    }
}

StackDefaultness stackDefaultness(const Scenario &s)
{
    Scenario fresh = s;
    applyStackDefaults(fresh, s.stack.stack);
    const StackOptions &a = s.stack, &b = fresh.stack;
    StackDefaultness n;
    n.loss = a.loss == b.loss;
    n.lossChunks = a.lossChunks == b.lossChunks;
    n.optimizerInBackward = a.optimizerInBackward == b.optimizerInBackward;
    n.activationOffload = a.activationOffload == b.activationOffload;
    n.compile = a.compile == b.compile;
    n.pagedOptimizer = a.pagedOptimizer == b.pagedOptimizer;
    n.fusedOptimizer = a.fusedOptimizer == b.fusedOptimizer;
    n.quantBase = a.quantBase == b.quantBase;
    n.reduceBucket = s.parallel.reduceBucket < 0;
    n.zero3 = a.maxLiveParameters < 0 && a.prefetchBucket < 0 && a.persistenceThreshold < 0
            && a.overlapComm == StackSwitch::StackDefault && a.zeroInit == b.zeroInit;
    n.activations = s.activations.model == fresh.activations.model && s.activations.profile == fresh.activations.profile
            && s.activations.attention == fresh.activations.attention;
    return n;
}

bool fsdpMixedPrecision(const Scenario &s)
{
    return defaultsOf(s.stack.stack).gathersWholeLayers && s.parallel.gpus > 1 && isAutocast(s.training.precision.recipe);
}

bool peftFp32Adapters(const Scenario &s)
{
    const TrainingStack st = s.stack.stack;
    const bool peft = st == TrainingStack::HfTrainer || st == TrainingStack::Fsdp || st == TrainingStack::Fsdp2;
    const bool shardedQlora = s.lora.mode == AdapterMode::Qlora && s.parallel.zero == ZeroStage::Stage3;
    return peft && s.lora.mode != AdapterMode::None && !shardedQlora;
}

std::string_view stackName(TrainingStack s)
{
    switch (s) {
    case TrainingStack::Paper: return "paper";
    case TrainingStack::HfTrainer: return "hf-trainer";
    case TrainingStack::Torchtune: return "torchtune";
    case TrainingStack::Litgpt: return "litgpt";
    case TrainingStack::DeepSpeed: return "deepspeed";
    case TrainingStack::Fsdp: return "fsdp";
    case TrainingStack::Fsdp2: return "fsdp2";
    case TrainingStack::Megatron: return "megatron";
    }
    return {};
}

std::optional<TrainingStack> stackFromName(std::string_view name)
{
    for (TrainingStack s : kAllStacks)
        if (stackName(s) == name)
            return s;
    return std::nullopt;
}

std::string_view lossName(LossKind l)
{
    switch (l) {
    case LossKind::Plain: return "plain";
    case LossKind::Chunked: return "chunked";
    case LossKind::FusedLinear: return "fused-linear";
    }
    return {};
}

std::optional<LossKind> lossFromName(std::string_view name)
{
    for (LossKind l : { LossKind::Plain, LossKind::Chunked, LossKind::FusedLinear })
        if (lossName(l) == name)
            return l;
    return std::nullopt;
}

std::string_view stackSwitchName(StackSwitch s)
{
    switch (s) {
    case StackSwitch::StackDefault: return "stack";
    case StackSwitch::Off: return "off";
    case StackSwitch::On: return "on";
    }
    return {};
}

std::optional<StackSwitch> stackSwitchFromName(std::string_view name)
{
    for (StackSwitch s : { StackSwitch::StackDefault, StackSwitch::Off, StackSwitch::On })
        if (stackSwitchName(s) == name)
            return s;
    return std::nullopt;
}

std::string_view quantBaseName(QuantBase q)
{
    switch (q) {
    case QuantBase::Nf4: return "nf4";
    case QuantBase::Nf4DoubleQuant: return "nf4-dq";
    }
    return {};
}

std::optional<QuantBase> quantBaseFromName(std::string_view name)
{
    for (QuantBase q : { QuantBase::Nf4, QuantBase::Nf4DoubleQuant })
        if (quantBaseName(q) == name)
            return q;
    return std::nullopt;
}

} // namespace headroom
