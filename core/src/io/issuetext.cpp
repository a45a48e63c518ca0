#include <headroom/io/issuetext.h>

#include <QCoreApplication>

#include <headroom/memory/visiontower.h>

namespace headroom {

namespace {

struct Issue
{
    Q_DECLARE_TR_FUNCTIONS(Issue)
};

// The real-valued fields, which fieldValue() cannot hold.
bool realValued(Field f, const Scenario &s, double &value)
{
    switch (f) {
    case Field::Dropout: value = s.activations.dropout; return true;
    case Field::LoraDropout: value = s.lora.dropout; return true;
    case Field::CapacityFactor: value = s.activations.capacityFactor; return true;
    case Field::RolloutMemoryFraction: value = s.training.rolloutMemoryFraction; return true;
    default: return false;
    }
}

} // namespace

QString conflictReason(Conflict reason)
{
    switch (reason) {
    case Conflict::None: return {};
    case Conflict::FsdpHasNoStage1:
        return Issue::tr("FSDP shards gradients together with parameters: NO_SHARD is --zero 0, SHARD_GRAD_OP --zero 2, "
                         "FULL_SHARD --zero 3");
    case Conflict::LossNeedsItemized:
        return Issue::tr("the textbook formula has no loss to chunk or fuse; use the itemized model (--activations transformer)");
    case Conflict::CompileNeedsItemized:
        return Issue::tr("compiling removes saved tensors the textbook formula does not list; use the itemized model");
    case Conflict::OffloadNeedsItemized:
        return Issue::tr("offloading moves the itemized model's saved tensors; use the itemized model");
    case Conflict::InBackwardNoAccumulation:
        return Issue::tr("the optimizer steps while backward produces each gradient, so gradients cannot be accumulated "
                         "(torchtune refuses the combination)");
    case Conflict::InBackwardNoSharding:
        return Issue::tr("optimizer-in-backward is a single-GPU feature of torchtune's recipes, without ZeRO");
    case Conflict::PagedNeedsGpuStates:
        return Issue::tr("paged optimizer states live in CUDA managed memory; ZeRO offload moves states another way");
    case Conflict::PagedNeedsAdam:
        return Issue::tr("bitsandbytes pages the states of its Adam, AdamW and Lion optimizers only");
    case Conflict::MegatronHasNoZero:
        return Issue::tr("Megatron shards optimizer states with its distributed optimizer (--distributed-optimizer), not ZeRO");
    case Conflict::DistributedNeedsMegatron:
        return Issue::tr("the distributed optimizer is Megatron's (--stack megatron); elsewhere use ZeRO stage 1");
    case Conflict::VirtualNeedsPipeline:
        return Issue::tr("interleaving splits pipeline stages into chunks, so it needs at least 2 stages (--pp)");
    case Conflict::VirtualDividesLayers:
        return Issue::tr("the layers must split evenly into p × v model chunks");
    case Conflict::ColocatedNeedsGpu:
        return Issue::tr("a colocated vLLM reserves this share of the chosen GPU: choose a GPU (--gpu)");
    case Conflict::TeacherSharesVocabulary:
        return Issue::tr("distillation compares the teacher's and the student's distributions over one vocabulary: "
                         "choose a teacher (--teacher) with the student's vocabulary");
    case Conflict::AdamMiniNeedsFullModel:
        return Issue::tr("Adam-mini partitions the model's own tensors by their names; its blocks for LoRA adapters are not modelled "
                         "(train the whole model, or choose another optimizer)");
    case Conflict::ProjectedNeedsFullModel:
        return Issue::tr("GaLore and APOLLO project the gradients of the model's own 2-D weights; with LoRA adapters choose "
                         "another optimizer, or train the whole model");
    case Conflict::ProjectedNeedsWholeWeights:
        return Issue::tr("GaLore and APOLLO step each weight's whole 2-D gradient on one GPU: data parallelism only (--zero 0, "
                         "no tensor, pipeline or expert parallelism, no distributed optimizer)");
    case Conflict::CpuOffloadSingleGpu:
        return Issue::tr("torchao's CPU-offloaded optimizer is for single-GPU training (one GPU, --zero 0, no model "
                         "parallelism); with ZeRO use --offload optimizer");
    case Conflict::CpuOffloadNoMaster:
        return Issue::tr("torchao's CPU-offloaded optimizer steps a host copy of the model's own parameters, with no master "
                         "copy: choose --recipe bf16-pure, fp16-pure, an AMP recipe or fp32");
    case Conflict::CpuOffloadNoAccumulation:
        return Issue::tr("offloading the gradients frees each one once it is copied, so they cannot accumulate "
                         "(torchao says so): use --optimizer-offload cpu, or --grad-accum 1");
    case Conflict::CpuOffloadTorchOptimizer:
        return Issue::tr("torchao's CPU-offloaded optimizer wraps a torch optimizer (adamw, adam, sgd, sgd-momentum) and "
                         "hooks the gradients itself: no paged states, no step in backward");
    case Conflict::Fp8NeedsHalfRecipe:
        return Issue::tr("FP8 training casts the linears' 16-bit inputs and weights; choose a BF16 or FP16 recipe");
    case Conflict::Fp8NotWithAdapters:
        return Issue::tr("FP8 linears under LoRA adapters are not modelled; train the whole model or turn FP8 off");
    case Conflict::Fp8DenseOnly:
        return Issue::tr("FP8 training of routed experts (grouped GEMMs) is not modelled; FP8 applies to dense models here");
    case Conflict::LayerRecomputeNeedsFull:
        return Issue::tr("which layers are checkpointed is a choice of full recomputation: give --recompute full");
    case Conflict::LayerRecomputeOneWay:
        return Issue::tr("checkpoint every N-th layer (torchtitan) or Megatron's N layers (--recompute-layers), not both");
    case Conflict::LayerRecomputeNeedsItemized:
        return Issue::tr("the textbook formula has one figure for every layer; choose the itemized activation model");
    case Conflict::LayerRecomputeNoAdapters:
        return Issue::tr("layer-level checkpointing is modelled for whole-model training, as torchtitan and Megatron run it; "
                         "under adapters checkpoint every layer (--recompute full)");
    case Conflict::StageSplitNeedsPipeline:
        return Issue::tr("a split of the layers over pipeline stages needs at least 2 stages (--pp)");
    case Conflict::StageListLength:
        return Issue::tr("list one layer count per pipeline stage, p × v of them under --vpp");
    case Conflict::StageListSum:
        return Issue::tr("the stages' layers must add up to the model's layers");
    case Conflict::OpRecomputeNeedsItemized:
        return Issue::tr("the per-operator policy keeps named matmul and attention outputs, which the textbook formula does not "
                         "list; choose the itemized activation model");
    case Conflict::OpRecomputeNeedsGatedBlock:
        return Issue::tr("the per-operator policy is modelled for dense blocks with q, k, v, o and a gated MLP (LLaMA, Gemma), "
                         "as torchtitan runs them; not for experts, latent attention or fused QKV families");
    case Conflict::OpRecomputeNoAdapters:
        return Issue::tr("the per-operator policy is torchtitan's, which trains whole models; under adapters checkpoint every "
                         "layer (--recompute full)");
    case Conflict::OpRecomputeNoFp8:
        return Issue::tr("FP8's scaled matmuls and amax reductions change what the per-operator policy saves, which is not "
                         "modelled; use --recompute full or selective");
    case Conflict::PackedNeedsItemized:
        return Issue::tr("packing changes the attention mask, which the textbook formula does not list; choose the itemized "
                         "activation model");
    case Conflict::PackedNeedsDecoder:
        return Issue::tr("packing is modelled for causal language models, not encoders");
    case Conflict::PackedNeedsSupervised:
        return Issue::tr("packing is modelled for supervised fine-tuning and pre-training; preference pairs and rollouts are "
                         "estimated per sequence");
    case Conflict::ImagesNeedVisionTower:
        return Issue::tr("images and the vision tower's training need a multimodal model whose tower Headroom knows: import "
                         "its config.json (--hf-config) with its vision_config");
    case Conflict::VisionTrainedNoAdapters:
        return Issue::tr("adapters train the language model and leave the vision tower frozen: train the whole model "
                         "(--lora none) to train the tower, or keep --vision-tower frozen");
    case Conflict::VisionImagesNotMeasured:
        return Issue::tr("this vision tower's parameters are counted, but what it keeps for backward while it encodes images "
                         "is not yet measured: estimate without --images (text-only fine-tuning), or count the image "
                         "tokens in --seq and add the tower's activations yourself");
    case Conflict::PixtralMaskedSdpa:
        return Issue::tr("Pixtral attends over all of a step's image patches at once with a block mask, which SDPA keeps for "
                         "backward in a way not measured here: choose --attention flash (flash_attention_2 needs no mask) or "
                         "eager");
    case Conflict::VisionNoContextParallel:
        return Issue::tr("a vision tower's images over context-parallel GPUs is not modelled: use --cp 1");
    case Conflict::HybridNoModelParallel:
        return Issue::tr("a hybrid model's mixer layers (Gated DeltaNet, Mamba-2) are modelled on data-parallel GPUs with "
                         "ZeRO or FSDP: use --tp 1 --pp 1 --cp 1");
    case Conflict::Mamba2NoQuantizedBase:
        return Issue::tr("Mamba-2's fused training kernel multiplies by out_proj's weight itself, which a quantized base "
                         "stores as packed codes: use --lora lora (a 16-bit base)");
    case Conflict::Mamba2OutProjFused:
        return Issue::tr("Mamba-2's fused training kernel reads out_proj's weight without calling the module, so an "
                         "adapter on out_proj never runs: name the targets without mixer-out (all includes it)");
    case Conflict::HybridNeedsItemized:
        return Issue::tr("the textbook formula puts attention in every layer; a hybrid model's mixer layers need the "
                         "itemized activation model");
    case Conflict::HybridNoFp8:
        return Issue::tr("FP8 training of a hybrid model's mixer projections is not modelled: turn FP8 off");
    case Conflict::HybridNoDenseFirst:
        return Issue::tr("dense first layers beside experts and mixer layers are not modelled: give --dense-layers 0");
    case Conflict::HybridWholeLayers:
        return Issue::tr("checkpointing chosen by layer position or by operator is not modelled for a hybrid model, whose "
                         "layers differ: use --recompute full, selective or none");
    case Conflict::HybridNeedsLlamaBlock:
        return Issue::tr("mixer layers are modelled in the LLaMA block (RMSNorm, a gated MLP or experts), as Qwen3-Next, "
                         "Qwen3.5, Bamba and Granite 4.0-H have them");
    case Conflict::HybridNoRollouts:
        return Issue::tr("a rollout engine's cache for a hybrid model (its mixer states) is not modelled: choose a method "
                         "without generation (sft, dpo, ...)");
    case Conflict::WeightedSplitEmptyStage:
        return Issue::tr("with the embedding and the output counted as a layer each, some stage would get no layer: "
                         "use fewer stages or list the layers");
    case Conflict::ContextNeedsItemized:
        return Issue::tr("context parallelism changes what attention saves and exchanges, which the textbook formula does not "
                         "list; choose the itemized activation model");
    case Conflict::ContextNeedsRotary:
        return Issue::tr("context parallelism is modelled for decoders with rotary positions, as torchtitan, Megatron and "
                         "DeepSpeed run it; this model has learned positions or is an encoder");
    case Conflict::ContextNeedsSupervised:
        return Issue::tr("context parallelism is modelled for supervised training and pre-training (--method sft): one forward "
                         "of each sequence a step, no rollouts, pairs or side models");
    case Conflict::UlyssesDividesHeads:
        return Issue::tr("Ulysses gives each of the c GPUs a share of every GPU's heads: t × c must divide the query heads, "
                         "and the KV heads per GPU must divide c or be divisible by it");
    case Conflict::Fp8NeedsItemized:
        return Issue::tr("FP8 changes what the linears save, which the textbook formula does not list; use the itemized model");
    case Conflict::Fp8AllGatherNeedsTensorwise:
        return Issue::tr("torchao gathers FP8 weights only with tensorwise scaling (--fp8 tensorwise)");
    case Conflict::DoraNeedsAdapters:
        return Issue::tr("DoRA trains a magnitude beside each LoRA adapter: choose --lora lora or qlora");
    case Conflict::BnbSavesInputNeedsNf4:
        return Issue::tr("older bitsandbytes kept the input of its 4-bit matmul: it applies to bitsandbytes' NF4 QLoRA base "
                         "(--lora qlora, --qlora-base nf4 or nf4-dq; torchtune quantizes with torchao)");
    case Conflict::TrainedCopiesNeedAdapters:
        return Issue::tr("trained copies of the embedding and LM head (PEFT's modules_to_save) sit beside LoRA adapters: "
                         "choose --lora lora or qlora, or train the whole model");
    case Conflict::TrainedCopiesNeedPeft:
        return Issue::tr("modules_to_save is PEFT's; torchtune, litgpt and Megatron have no trained copies: choose the "
                         "hf-trainer, deepspeed, fsdp, fsdp2 or paper stack, or --lora-trainable none");
    case Conflict::TrainedCopiesNeedDataParallel:
        return Issue::tr("the trained copies are modelled whole on every replica: data parallelism with ZeRO or FSDP only "
                         "(no tensor, pipeline or expert parallelism)");
    case Conflict::TrainedCopiesCpuOffload:
        return Issue::tr("torchao's CPU-offloaded optimizer is not modelled for trained copies of the embedding and LM head: "
                         "use --optimizer-offload none, or --lora-trainable none");
    case Conflict::DoraNeedsPeft:
        return Issue::tr("DoRA is modelled from PEFT's implementation; torchtune's and litgpt's are not: choose the hf-trainer, "
                         "fsdp, fsdp2 or deepspeed stack, or turn DoRA off");
    case Conflict::Fp8AllGatherNeedsFsdp:
        return Issue::tr("the FP8 all-gather is FSDP2's: use --stack fsdp2 or torchtune with --zero 3");
    case Conflict::GroupSizeNeedsGroups:
        return Issue::tr("a group size applies to GPTQ, AWQ and HQQ bases (--qlora-base gptq, awq or hqq)");
    case Conflict::HalfMasterNeedsRecipe:
        return Issue::tr("a 16-bit master copy is kept in the weights' own dtype under a master recipe: bf16 with "
                         "--recipe bf16-master, fp16 with --recipe fp16-master; otherwise give fp32");
    case Conflict::HalfMasterNeedsZero:
        return Issue::tr("DeepSpeed keeps 16-bit master weights only under ZeRO stage 1, 2 or 3 (it asserts so)");
    case Conflict::HalfMasterFp32States:
        return Issue::tr("DeepSpeed's 16-bit master weights with FP32 optimizer states need ZeRO-Offload with its CPU Adam "
                         "(--offload optimizer); on the GPU give --optimizer-dtype weight (bf16_optimizer_states)");
    }
    return {};
}

QString issueText(const ValidationIssue &i, const Scenario &s, const IssueWords &w)
{
    const QString got = w.count(fieldValue(i.field, s));
    if (i.problem == Problem::OutOfRange && i.field == Field::Sequence && i.other == Field::MaxPositions)
        //: %1 --seq, %2 its value, %3 the table's rows
        return Issue::tr("%1: %2 is longer than the model's position table (%3 rows, max_position_embeddings): a model with "
                         "learned positions cannot run it; allowed: 1 to %3")
                .arg(w.field(i.field), got, w.count(i.max));
    if (i.problem == Problem::OutOfRange && i.field == Field::Images && i.other == Field::Sequence) {
        const Count perImage = visionImages(s).tokensPerImage;
        //: %1 --images, %2 its value, %3 tokens per image, %4 the tokens they need, %5 --seq, %6 its value, %7 the most images that fit
        return Issue::tr("%1: %2 images of %3 tokens each need %4 tokens, more than the sequence's %6 (%5); allowed: 0 to %7, "
                         "or a longer %5")
                .arg(w.field(i.field), got, w.count(perImage), w.count(s.training.images * perImage), w.field(Field::Sequence),
                     w.count(s.training.sequence), w.count(i.max));
    }
    switch (i.problem) {
    case Problem::OutOfRange: {
        double real = 0;
        if (realValued(i.field, s, real)) {
            if (i.field == Field::CapacityFactor)
                return Issue::tr("%1: %2 is out of range; allowed: 0 (dropless) to %3").arg(w.field(i.field), w.real(real), w.count(i.max));
            return Issue::tr("%1: %2 is out of range; allowed: 0 to just below 1").arg(w.field(i.field), w.real(real));
        }
        return Issue::tr("%1: %2 is out of range; allowed: %3 to %4").arg(w.field(i.field), got, w.count(i.min), w.count(i.max));
    }
    case Problem::NotDivisible:
        // The one issue where the field is the one divided (validate()): N GPUs hold whole
        // model replicas of t × p GPUs each, so N must be a multiple of t × p.
        if (i.field == Field::Gpus && i.other == Field::ContextParallel)
            //: %1 --gpus, %2 its value, %3 --tp, %4 --pp, %5 --cp, %6 t, %7 p, %8 c, %9 t × p × c
            return Issue::tr("%1: %2 must be a multiple of %3 × %4 × %5 (%6 × %7 × %8 = %9)")
                    .arg(w.field(i.field), got, w.field(Field::TensorParallel), w.field(Field::PipelineParallel),
                         w.field(Field::ContextParallel), w.count(s.parallel.tensorParallel),
                         w.count(s.parallel.pipelineParallel), w.count(s.parallel.contextParallel),
                         w.count(s.parallel.replicaGpus()));
        if (i.field == Field::Sequence && i.other == Field::ContextParallel) {
            const bool ulysses = contextParallelKindOf(s) == ContextParallelKind::Ulysses;
            const Count unit = (ulysses ? 1 : 2) * s.parallel.contextParallel;
            return ulysses
                    //: %1 --seq, %2 its value, %3 --cp, %4 c
                    ? Issue::tr("%1: %2 must be a multiple of %3 (%4): each GPU takes S / c tokens")
                              .arg(w.field(i.field), got, w.field(i.other), w.count(unit))
                    //: %1 --seq, %2 its value, %3 --cp, %4 2 × c
                    : Issue::tr("%1: %2 must be a multiple of 2 × %3 (%4): each GPU takes a head and a tail chunk of the sequence")
                              .arg(w.field(i.field), got, w.field(i.other), w.count(unit));
        }
        if (i.field == Field::ExpertShard)
            //: %1 --expert-shard, %2 its value, %3 the GPUs that hold the same experts
            return Issue::tr("%1: %2 must divide the %3 GPUs that hold the same experts (N / (t × p × e))")
                    .arg(w.field(i.field), got,
                         w.count(s.parallel.expertParallel > 0 ? s.parallel.shardingGroup() / s.parallel.expertParallel : 0));
        if (i.field == Field::ShardGroup)
            //: %1 --shard-group, %2 its value, %3 N / (t × p)
            return Issue::tr("%1: %2 must divide the %3 GPUs that hold the same layers (N / (t × p))")
                    .arg(w.field(i.field), got, w.count(s.parallel.shardingGroup()));
        if (i.field == Field::Gpus && i.other == Field::TensorParallel)
            //: %1 --gpus, %2 its value, %3 --tp, %4 --pp, %5 t, %6 p, %7 t × p
            return Issue::tr("%1: %2 must be a multiple of %3 × %4 (%5 × %6 = %7)")
                    .arg(w.field(i.field), got, w.field(Field::TensorParallel), w.field(Field::PipelineParallel),
                         w.count(s.parallel.tensorParallel), w.count(s.parallel.pipelineParallel),
                         w.count(s.parallel.tensorParallel * s.parallel.pipelineParallel));
        return Issue::tr("%1: %2 must divide %3 (%4) exactly").arg(w.field(i.field), got, w.field(i.other), w.count(fieldValue(i.other, s)));
    case Problem::Missing: return Issue::tr("%1 is required").arg(w.field(i.field));
    case Problem::Requires:
        if (i.min == i.max)
            return Issue::tr("%1 needs %2 %3 (it is %4)").arg(w.field(i.field), w.field(i.other), w.count(i.min), w.count(fieldValue(i.other, s)));
        return Issue::tr("%1 needs %2 between %3 and %4 (it is %5)")
                .arg(w.field(i.field), w.field(i.other), w.count(i.min), w.count(i.max), w.count(fieldValue(i.other, s)));
    case Problem::Unsupported:
        if (i.other == i.field)
            //: %1 the field, %2 why its value does not go with the rest of the scenario
            return Issue::tr("%1 does not go with this scenario: %2").arg(w.field(i.field), conflictReason(i.reason));
        //: %1 the field, %2 the other field, %3 why they do not go together
        return Issue::tr("%1 does not go with this %2: %3").arg(w.field(i.field), w.field(i.other), conflictReason(i.reason));
    }
    return {};
}

} // namespace headroom
