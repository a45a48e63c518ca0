// The training stack's choices, each with its value and whether it is the stack's default
// (stack.h), for the derivation: what the estimate assumed about the framework, said once.

#include <headroom/memory/derivation.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/resolved.h>

#include "derivationbuilder.h"

namespace headroom::derivation {

namespace {

std::string onOff(bool on) { return on ? "on" : "off"; }

std::string number(Count c) { return groupedNumber(c); }

std::string text(std::string_view v) { return std::string(v); }

// Where each stack's defaults come from, per choice (stack.cpp has the same sources).
const char *activationSource(TrainingStack t)
{
    switch (t) {
    case TrainingStack::Paper:
        return QT_TRANSLATE_NOOP("Derivation", "the article's textbook formula, 2·(19·B·S·H + 3·B·A·S²) per layer");
    case TrainingStack::Megatron:
        return QT_TRANSLATE_NOOP("Derivation", "Megatron's fused kernels (Korthikanti et al. 2022) with Transformer Engine's flash attention");
    case TrainingStack::Torchtune:
        return QT_TRANSLATE_NOOP("Derivation", "torchtune: F.scaled_dot_product_attention, K and V expanded to all heads (modules/attention.py)");
    case TrainingStack::Litgpt:
        return QT_TRANSLATE_NOOP("Derivation", "litgpt: F.scaled_dot_product_attention (litgpt/model.py)");
    default:
        return QT_TRANSLATE_NOOP("Derivation", "transformers: attn_implementation defaults to SDPA (torch >= 2.1.1)");
    }
}

const char *lossSource(TrainingStack t)
{
    switch (t) {
    case TrainingStack::Torchtune:
        return QT_TRANSLATE_NOOP("Derivation", "torchtune CEWithChunkedOutputLoss, num_output_chunks=8, each chunk upcast to FP32");
    case TrainingStack::Litgpt:
        return QT_TRANSLATE_NOOP("Derivation", "litgpt chunked_cross_entropy, 128-token chunks in the model's dtype");
    case TrainingStack::Megatron:
        return QT_TRANSLATE_NOOP("Derivation", "Megatron's vocabulary-parallel cross-entropy, in place");
    case TrainingStack::Paper:
        return QT_TRANSLATE_NOOP("Derivation", "none: the textbook formula has no loss");
    default:
        return QT_TRANSLATE_NOOP("Derivation", "transformers ForCausalLMLoss: the whole logits upcast to FP32");
    }
}

const char *optimizerSource(TrainingStack t)
{
    switch (t) {
    case TrainingStack::HfTrainer:
    case TrainingStack::Fsdp:
    case TrainingStack::Fsdp2:
        return QT_TRANSLATE_NOOP("Derivation", "TrainingArguments optim adamw_torch: torch.optim.AdamW, foreach on CUDA");
    case TrainingStack::Litgpt:
        return QT_TRANSLATE_NOOP("Derivation", "litgpt: torch.optim.AdamW, foreach on CUDA");
    case TrainingStack::Torchtune:
        return QT_TRANSLATE_NOOP("Derivation", "torchtune recipe configs: torch.optim.AdamW with fused: True");
    default:
        return QT_TRANSLATE_NOOP("Derivation", "DeepSpeed's and Megatron's FusedAdam update in place");
    }
}

} // namespace

void deriveStackChoices(Builder &b)
{
    const Scenario &s = b.s;
    const StackOptions &o = s.stack;
    const StackChoices &c = b.r.stack;
    const StackDefaultness d = stackDefaultness(s);
    std::vector<StackChoice> &out = b.out.choices;
    b.out.stack = o.stack;
    auto add = [&out](const char *id, const char *label, std::string value, bool fromStack, const char *source) {
        out.push_back({ id, label, std::move(value), fromStack, source });
    };
    add("activations", QT_TRANSLATE_NOOP("Derivation", "activation model, profile and attention kernel"),
        text(activationModelName(s.activations.model)) + ", " + text(profileName(s.activations.profile)) + ", "
                + text(attentionKernelName(s.activations.attention)),
        d.activations, activationSource(o.stack));
    std::string loss = text(lossName(c.loss));
    if (c.loss != LossKind::Plain)
        loss += ", " + number(c.lossChunks) + " chunks";
    add("loss", QT_TRANSLATE_NOOP("Derivation", "loss over the logits"), loss, d.loss && d.lossChunks, lossSource(o.stack));
    add("fused-optimizer", QT_TRANSLATE_NOOP("Derivation", "fused optimizer kernel (else torch's foreach, with a temporary)"),
        onOff(o.fusedOptimizer), d.fusedOptimizer, optimizerSource(o.stack));
    add("optimizer-in-backward", QT_TRANSLATE_NOOP("Derivation", "optimizer steps in backward"), onOff(o.optimizerInBackward),
        d.optimizerInBackward, QT_TRANSLATE_NOOP("Derivation", "torchtune optimizer_in_bwd"));
    add("activation-offload", QT_TRANSLATE_NOOP("Derivation", "activations offloaded to pinned host memory"),
        onOff(o.activationOffload), d.activationOffload, QT_TRANSLATE_NOOP("Derivation", "torchtune enable_activation_offloading"));
    add("compile", QT_TRANSLATE_NOOP("Derivation", "torch.compile"), onOff(o.compile), d.compile,
        QT_TRANSLATE_NOOP("Derivation", "off unless the run compiles (torchtune compile: True)"));
    add("paged-optimizer", QT_TRANSLATE_NOOP("Derivation", "paged optimizer states"), onOff(o.pagedOptimizer), d.pagedOptimizer,
        QT_TRANSLATE_NOOP("Derivation", "bitsandbytes Paged* optimizers"));
    if (s.lora.mode == AdapterMode::Qlora)
        add("qlora-base", QT_TRANSLATE_NOOP("Derivation", "QLoRA's quantized base"), text(quantBaseName(o.quantBase)), d.quantBase,
            QT_TRANSLATE_NOOP("Derivation", "torchao NF4Tensor always double-quantizes; bitsandbytes with bnb_4bit_use_double_quant"));
    if (s.parallel.zero != ZeroStage::Stage0) {
        add("reduce-bucket", QT_TRANSLATE_NOOP("Derivation", "gradient reduce bucket, elements"), number(c.reduceBucket), d.reduceBucket,
            o.stack == TrainingStack::HfTrainer ? QT_TRANSLATE_NOOP("Derivation", "Hugging Face's \"auto\" reduce_bucket_size: hidden_size²")
            : o.stack == TrainingStack::DeepSpeed ? QT_TRANSLATE_NOOP("Derivation", "DeepSpeed reduce_bucket_size 5e8 (runtime/zero/config.py)")
                                                 : QT_TRANSLATE_NOOP("Derivation", "no reduce bucket: FSDP and Megatron reduce-scatter their own buffers"));
        add("overlap-comm", QT_TRANSLATE_NOOP("Derivation", "overlap_comm (a second bucket at stages 1-2)"), onOff(c.overlapComm),
            o.overlapComm == StackSwitch::StackDefault, QT_TRANSLATE_NOOP("Derivation", "DeepSpeed: on at stage 3, off below"));
    }
    if (s.parallel.zero == ZeroStage::Stage3) {
        if (c.gathersWholeLayers) {
            add("gathered-units", QT_TRANSLATE_NOOP("Derivation", "decoder layers gathered at once (the computing one and its prefetch)"),
                number(1 + c.prefetchUnits), true,
                QT_TRANSLATE_NOOP("Derivation", "FSDP1 limit_all_gathers: two all-gathers in flight; FSDP2 prefetches one layer"));
        } else {
            add("prefetch-bucket", QT_TRANSLATE_NOOP("Derivation", "ZeRO-3 prefetch bucket, elements"), number(c.prefetchBucket), d.zero3,
                QT_TRANSLATE_NOOP("Derivation", "DeepSpeed stage3_prefetch_bucket_size 5e7; Hugging Face \"auto\" 0.9·hidden_size²"));
            add("persistence-threshold", QT_TRANSLATE_NOOP("Derivation", "ZeRO-3 persistence threshold, elements"),
                number(c.persistenceThreshold), d.zero3,
                QT_TRANSLATE_NOOP("Derivation", "DeepSpeed stage3_param_persistence_threshold 1e5; Hugging Face \"auto\" 10·hidden_size"));
            add("max-live-parameters", QT_TRANSLATE_NOOP("Derivation", "ZeRO-3 live parameters at most"), number(c.maxLiveParameters),
                d.zero3, QT_TRANSLATE_NOOP("Derivation", "DeepSpeed stage3_max_live_parameters 1e9"));
        }
        add("zero-init", QT_TRANSLATE_NOOP("Derivation", "model built partitioned (zero.Init)"), onOff(o.zeroInit), d.zero3,
            QT_TRANSLATE_NOOP("Derivation", "on: DeepSpeed and accelerate's zero3_init"));
    }
    if (o.stack == TrainingStack::Megatron)
        add("distributed-optimizer", QT_TRANSLATE_NOOP("Derivation", "Megatron's distributed optimizer"), onOff(o.distributedOptimizer),
            !o.distributedOptimizer, QT_TRANSLATE_NOOP("Derivation", "opt-in: --use-distributed-optimizer"));
    if (s.parallel.pipelineParallel > 1)
        add("vpp", QT_TRANSLATE_NOOP("Derivation", "model chunks per pipeline stage"), number(o.virtualStages), o.virtualStages == 1,
            QT_TRANSLATE_NOOP("Derivation", "Megatron --num-layers-per-virtual-pipeline-stage (none: 1)"));
}

} // namespace headroom::derivation
