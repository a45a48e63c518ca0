#include <headroom/memory/stack.h>

#include <headroom/memory/scenario.h>

#include "stackbody.h"

namespace headroom {

StackChoices resolveStack(const Scenario &s)
{
    return detail::resolveStackOf(s);
}

Count resolvedLossChunks(const Scenario &s)
{
    return detail::lossChunksOf(s);
}

void applyStackDefaults(Scenario &s, TrainingStack stack)
{
    const detail::StackDefaults d = detail::defaultsOf(stack);
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
    // The runtime's share: the article counts none (its 148 GB is the model states and the
    // activations alone), so the paper stack's conventions leave it out; every framework runs
    // in a CUDA context with PyTorch's caching allocator (RuntimeOverhead's defaults).
    const RuntimeOverhead runtime;
    s.overhead.cudaContext = stack == TrainingStack::Paper ? bytes(0) : runtime.cudaContext;
    s.overhead.allocatorReserve = stack == TrainingStack::Paper ? bytes(0) : runtime.allocatorReserve;
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
    return detail::fsdpMixedPrecisionOf(s);
}

bool peftFp32Adapters(const Scenario &s)
{
    return detail::peftFp32AdaptersOf(s);
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
    case QuantBase::Gptq: return "gptq";
    case QuantBase::Awq: return "awq";
    case QuantBase::Int8: return "int8";
    case QuantBase::Hqq: return "hqq";
    case QuantBase::Fp8: return "fp8";
    }
    return {};
}

std::optional<QuantBase> quantBaseFromName(std::string_view name)
{
    for (QuantBase q : kAllQuantBases)
        if (quantBaseName(q) == name)
            return q;
    return std::nullopt;
}

} // namespace headroom
