#include "labels.h"

#include <headroom/io/issuetext.h>

#include "byteformat.h"

namespace headroom {

namespace {

QString latin1(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

} // namespace

QString Labels::recipe(Recipe r)
{
    switch (r) {
    case Recipe::Fp32: return tr("FP32");
    case Recipe::AmpFp16: return tr("AMP FP16 (autocast)");
    case Recipe::AmpBf16: return tr("AMP BF16 (autocast)");
    case Recipe::Fp16Master: return tr("FP16 with FP32 master");
    case Recipe::Bf16Master: return tr("BF16 with FP32 master");
    case Recipe::Fp16Pure: return tr("Pure FP16 (no master)");
    case Recipe::Bf16Pure: return tr("Pure BF16 (no master)");
    }
    return {};
}

QString Labels::fp8Recipe(Fp8Recipe r)
{
    switch (r) {
    case Fp8Recipe::Off: return tr("Off");
    case Fp8Recipe::Tensorwise: return tr("torchao tensorwise");
    case Fp8Recipe::Rowwise: return tr("torchao rowwise");
    case Fp8Recipe::Mxfp8: return tr("torchao MXFP8");
    case Fp8Recipe::TeDelayed: return tr("Transformer Engine, delayed scaling");
    case Fp8Recipe::TeBlockwise: return tr("Transformer Engine, blockwise scaling");
    }
    return {};
}

QString Labels::fp8RecipeToolTip(Fp8Recipe r)
{
    switch (r) {
    case Fp8Recipe::Off: return tr("The linears compute in the recipe's dtype.");
    case Fp8Recipe::Tensorwise:
    case Fp8Recipe::Rowwise:
    case Fp8Recipe::Mxfp8:
        return tr("torchao casts each linear's inputs to FP8 for the matmul but saves the BF16 input and weight for "
                  "backward: memory as in BF16 (measured: within 1 %).");
    case Fp8Recipe::TeDelayed:
    case Fp8Recipe::TeBlockwise:
        return tr("Transformer Engine saves each linear's input as FP8 (half of BF16) but also its FP8 weight and "
                  "transpose, 2 bytes per parameter: more memory than BF16 for short sequences.");
    }
    return {};
}

QString Labels::peakFigure(PeakFigure f)
{
    switch (f) {
    case PeakFigure::Allocated: return tr("allocated");
    case PeakFigure::Reserved: return tr("reserved");
    case PeakFigure::Device: return tr("on the device");
    }
    return {};
}

QString Labels::peakFigureToolTip(PeakFigure f)
{
    switch (f) {
    case PeakFigure::Allocated:
        return tr("What the tensors take at the step's peak: torch.cuda.max_memory_allocated().");
    case PeakFigure::Reserved:
        return tr("What PyTorch's caching allocator holds at its peak, the tensors and its cached blocks: "
                  "torch.cuda.max_memory_reserved().");
    case PeakFigure::Device:
        return tr("What the process has on the GPU, reserved and the CUDA context: what nvidia-smi shows, and "
                  "what runs out.");
    }
    return {};
}

QString Labels::loadPath(LoadPath p)
{
    switch (p) {
    case LoadPath::Direct: return tr("Each tensor in its dtype");
    case LoadPath::Fp32OnGpu: return tr("Built in FP32 on the GPU, then converted");
    }
    return {};
}

QString Labels::recipeShort(Recipe r)
{
    switch (r) {
    case Recipe::Fp32: return tr("FP32");
    case Recipe::AmpFp16: return tr("AMP FP16");
    case Recipe::AmpBf16: return tr("AMP BF16");
    case Recipe::Fp16Master: return tr("FP16 + master");
    case Recipe::Bf16Master: return tr("BF16 + master");
    case Recipe::Fp16Pure: return tr("pure FP16");
    case Recipe::Bf16Pure: return tr("pure BF16");
    }
    return {};
}

QString Labels::recipeToolTip(Recipe r)
{
    switch (r) {
    case Recipe::Fp32: return tr("Weights, gradients and activations in FP32.");
    case Recipe::AmpFp16:
    case Recipe::AmpBf16:
        return tr("torch.autocast over FP32 weights: weights and gradients stay FP32, matmul activations are "
                  "half precision. The fixed cost is not halved.");
    case Recipe::Fp16Master:
    case Recipe::Bf16Master:
        return tr("model.half() plus an FP32 master copy for the optimizer (DeepSpeed, Megatron): "
                  "2 + 2 + 4 bytes per parameter before the optimizer states.");
    case Recipe::Fp16Pure:
    case Recipe::Bf16Pure:
        return tr("Half-precision weights and gradients without a master copy: small updates are lost.");
    }
    return {};
}

QString Labels::optimizerOffload(OptimizerOffload o)
{
    switch (o) {
    case OptimizerOffload::None: return tr("No (on the GPU)");
    case OptimizerOffload::Cpu: return tr("States on the CPU (torchao)");
    case OptimizerOffload::CpuGradients: return tr("States and gradients on the CPU (torchao)");
    }
    return {};
}

QString Labels::trainedModules(unsigned modules)
{
    const bool embedding = (modules & TrainedEmbedding) != 0, head = (modules & TrainedHead) != 0;
    if (embedding && head)
        return tr("embedding and LM head");
    if (embedding)
        return tr("embedding");
    return head ? tr("LM head") : tr("none");
}

QString Labels::optimizer(Optimizer o)
{
    switch (o) {
    case Optimizer::AdamW: return tr("AdamW");
    case Optimizer::Adam: return tr("Adam");
    case Optimizer::Sgd: return tr("SGD");
    case Optimizer::SgdMomentum: return tr("SGD with momentum");
    case Optimizer::Adam8bit: return tr("8-bit Adam");
    case Optimizer::AoAdamW8bit: return tr("8-bit AdamW (torchao)");
    case Optimizer::AoAdamW4bit: return tr("4-bit AdamW (torchao)");
    case Optimizer::AoAdamWFp8: return tr("FP8 AdamW (torchao)");
    case Optimizer::Muon: return tr("Muon");
    case Optimizer::AdamMini: return tr("Adam-mini");
    case Optimizer::Galore: return tr("GaLore");
    case Optimizer::Apollo: return tr("APOLLO");
    case Optimizer::Galore8bit: return tr("GaLore 8-bit");
    case Optimizer::Lion: return tr("Lion");
    case Optimizer::Adafactor: return tr("Adafactor");
    }
    return {};
}

QString Labels::trainingMethod(TrainingMethod m)
{
    switch (m) {
    case TrainingMethod::Sft: return tr("SFT (supervised)");
    case TrainingMethod::Dpo: return tr("DPO");
    case TrainingMethod::Ipo: return tr("IPO");
    case TrainingMethod::Orpo: return tr("ORPO");
    case TrainingMethod::Simpo: return tr("SimPO");
    case TrainingMethod::Kto: return tr("KTO");
    case TrainingMethod::Grpo: return tr("GRPO");
    case TrainingMethod::Reward: return tr("Reward model");
    case TrainingMethod::Ppo: return tr("PPO");
    case TrainingMethod::Distill: return tr("Distillation (GKD)");
    }
    return {};
}

QString Labels::trainingMethodToolTip(TrainingMethod m)
{
    switch (m) {
    case TrainingMethod::Sft: return tr("One model, one forward of B sequences per step.");
    case TrainingMethod::Dpo:
    case TrainingMethod::Ipo:
        return tr("Chosen and rejected completions in one forward of 2·B sequences, and a frozen reference model "
                  "(none with LoRA: its forward runs with the adapters disabled).");
    case TrainingMethod::Orpo:
    case TrainingMethod::Simpo:
        return tr("Chosen and rejected completions in one forward of 2·B sequences, without a reference model.");
    case TrainingMethod::Kto: return tr("B unpaired examples, a KL batch under no_grad, and a frozen reference model.");
    case TrainingMethod::Grpo:
        return tr("G completions generated for each of B prompts, scored by a frozen reference model, then trained on; "
                  "the generation's KV cache or vLLM share as the scenario file sets it.");
    case TrainingMethod::Reward:
        return tr("A score head (H → 1) in place of the LM head, trained on chosen and rejected completions of B pairs.");
    case TrainingMethod::Ppo:
        return tr("One completion generated for each of B prompts, scored by a frozen reference and a frozen reward "
                  "model; the policy and a value model are trained together, each with its optimizer states.");
    case TrainingMethod::Distill:
        return tr("The policy learns a frozen teacher's distribution over the vocabulary: the teacher's weights, its "
                  "logits and the JSD loss's tensors over the completion.");
    }
    return {};
}

QString Labels::rolloutEngine(RolloutEngine r)
{
    switch (r) {
    case RolloutEngine::HfGenerate: return tr("The policy (generate)");
    case RolloutEngine::VllmColocate: return tr("vLLM on the training GPUs");
    case RolloutEngine::VllmServer: return tr("vLLM server");
    }
    return {};
}

QString Labels::rolloutEngineToolTip(RolloutEngine r)
{
    switch (r) {
    case RolloutEngine::HfGenerate:
        return tr("model.generate() with its KV cache; under ZeRO-3 the weights are gathered whole to generate.");
    case RolloutEngine::VllmColocate:
        return tr("vLLM keeps its share of each GPU (gpu_memory_utilization, 0.3 unless the scenario file sets it) for its "
                  "weights and KV blocks.");
    case RolloutEngine::VllmServer: return tr("Generation on GPUs of its own: nothing on the training GPUs.");
    }
    return {};
}

QString Labels::recompute(Recompute r)
{
    switch (r) {
    case Recompute::None: return tr("None");
    case Recompute::Full: return tr("Full");
    case Recompute::Selective: return tr("Selective");
    case Recompute::Op: return tr("Per op");
    }
    return {};
}

QString Labels::recomputeToolTip(Recompute r)
{
    switch (r) {
    case Recompute::None: return tr("Every layer keeps everything it saves for backward.");
    case Recompute::Full:
        return tr("Activation checkpointing: only each layer's input is kept; one layer is recomputed at a time "
                  "in backward (about 20-30% slower).");
    case Recompute::Selective:
        return tr("Only the attention core (scores, softmax, dropout) is recomputed (Korthikanti et al. 2022).");
    case Recompute::Op:
        return tr("torchtitan's per-operator policy: each layer keeps its input and the outputs of every other matmul "
                  "and of the attention kernel; the rest is recomputed in backward.");
    }
    return {};
}

QString Labels::zeroStage(ZeroStage s)
{
    switch (s) {
    case ZeroStage::Stage0: return tr("Off (stage 0)");
    case ZeroStage::Stage1: return tr("Stage 1: optimizer states sharded");
    case ZeroStage::Stage2: return tr("Stage 2: + gradients sharded");
    case ZeroStage::Stage3: return tr("Stage 3: + parameters sharded");
    }
    return {};
}

QString Labels::contextParallelKind(ContextParallelKind k)
{
    switch (k) {
    case ContextParallelKind::StackDefault: return tr("The stack's");
    case ContextParallelKind::Ring: return tr("Ring (K/V blocks passed around)");
    case ContextParallelKind::AllGather: return tr("All-gather (whole K/V)");
    case ContextParallelKind::Ulysses: return tr("Ulysses (all-to-all over heads)");
    }
    return {};
}

QString Labels::offload(Offload o)
{
    switch (o) {
    case Offload::None: return tr("None");
    case Offload::Optimizer: return tr("Optimizer states to CPU");
    case Offload::OptimizerAndParams: return tr("Optimizer states and parameters to CPU");
    }
    return {};
}

QString Labels::strategy(const Strategy &strategy)
{
    if (strategy.zero == ZeroStage::Stage0)
        //: plain data parallelism (PyTorch DistributedDataParallel)
        return tr("DDP");
    const QString zero = tr("ZeRO-%1").arg(static_cast<int>(strategy.zero));
    //: a ZeRO stage with DeepSpeed's CPU offload, e.g. "ZeRO-3 + offload"
    return strategy.offload == Offload::None ? zero : tr("%1 + offload").arg(zero);
}

QString Labels::strategyToolTip(const Strategy &strategy)
{
    switch (strategy.zero) {
    case ZeroStage::Stage0:
        return tr("Plain data parallelism: every GPU holds all parameters, gradients and optimizer states; more GPUs "
                  "never make a replica smaller.");
    case ZeroStage::Stage1:
        return tr("ZeRO-1: the optimizer states (and the FP32 master copy) are divided over the data-parallel GPUs.");
    case ZeroStage::Stage2:
        return strategy.offload == Offload::None
                ? tr("ZeRO-2 (FSDP SHARD_GRAD_OP): optimizer states and gradients are divided over the GPUs.")
                : tr("ZeRO-2 with the optimizer states and its step moved to host RAM.");
    case ZeroStage::Stage3:
        return strategy.offload == Offload::None
                ? tr("ZeRO-3 (FSDP FULL_SHARD): parameters, gradients and optimizer states are all divided over the "
                     "GPUs.")
                : tr("ZeRO-3 with the optimizer states and the parameters moved to host RAM.");
    }
    return {};
}

QString Labels::adapter(AdapterMode m)
{
    switch (m) {
    case AdapterMode::None: return tr("Full fine-tuning");
    case AdapterMode::Lora: return tr("LoRA");
    case AdapterMode::Qlora: return tr("QLoRA (4-bit base)");
    }
    return {};
}

QString Labels::family(BlockFamily f)
{
    switch (f) {
    case BlockFamily::Gpt2: return tr("GPT-2 (LayerNorm, GELU MLP)");
    case BlockFamily::Llama: return tr("LLaMA (RMSNorm, SwiGLU, GQA)");
    case BlockFamily::Neox: return tr("GPT-NeoX / Pythia (parallel residual)");
    case BlockFamily::Phi: return tr("Phi-1.5/2 (parallel residual, one norm)");
    case BlockFamily::Falcon: return tr("Falcon (parallel residual, multi-query)");
    case BlockFamily::Starcoder2: return tr("StarCoder2 (LayerNorm, biases, GELU)");
    case BlockFamily::Gemma: return tr("Gemma (RMSNorm, gated GELU)");
    case BlockFamily::Gemma2: return tr("Gemma-2/3 (four norms, soft-capping)");
    case BlockFamily::Bert: return tr("BERT / RoBERTa (encoder)");
    }
    return {};
}

QString Labels::stack(TrainingStack s)
{
    switch (s) {
    case TrainingStack::Paper: return tr("Paper conventions (textbook)");
    case TrainingStack::HfTrainer: return tr("Hugging Face Trainer / PEFT");
    case TrainingStack::Torchtune: return tr("torchtune");
    case TrainingStack::Litgpt: return tr("LitGPT");
    case TrainingStack::DeepSpeed: return tr("DeepSpeed");
    case TrainingStack::Fsdp: return tr("PyTorch FSDP");
    case TrainingStack::Fsdp2: return tr("PyTorch FSDP2");
    case TrainingStack::Megatron: return tr("Megatron-LM");
    }
    return {};
}

QString Labels::stackToolTip(TrainingStack s)
{
    switch (s) {
    case TrainingStack::Paper:
        return tr("No framework buffers: the ZeRO paper's model states and the article's textbook activation formula, for teaching.");
    case TrainingStack::HfTrainer:
        return tr("transformers' Trainer with PEFT: SDPA attention, the whole logits upcast to FP32, torch's foreach AdamW, "
                  "DeepSpeed's \"auto\" buckets.");
    case TrainingStack::Torchtune:
        return tr("torchtune recipes: pure BF16, chunked cross-entropy (8 chunks), fused AdamW, FSDP2 per decoder layer.");
    case TrainingStack::Litgpt:
        return tr("LitGPT: chunked cross-entropy in the model's dtype, FSDP per block on several GPUs.");
    case TrainingStack::DeepSpeed:
        return tr("DeepSpeed's engine with its own defaults: a 5e8-element reduce bucket, ZeRO-3 prefetch and persistence, FusedAdam.");
    case TrainingStack::Fsdp:
        return tr("FSDP1: one unit per decoder layer, two all-gathers in flight, no reduce bucket.");
    case TrainingStack::Fsdp2:
        return tr("FSDP2 (fully_shard): per-layer groups, one layer prefetched.");
    case TrainingStack::Megatron:
        return tr("Megatron-LM: fused kernels, flash attention, FP32 main gradients, in-place vocabulary-parallel loss.");
    }
    return {};
}

QString Labels::loss(LossKind l)
{
    switch (l) {
    case LossKind::Plain: return tr("Whole logits in FP32");
    case LossKind::Chunked: return tr("Chunked cross-entropy");
    case LossKind::FusedLinear: return tr("Fused linear cross-entropy");
    }
    return {};
}

QString Labels::modelName(const ScenarioSpec &spec, const Catalogue &catalogue)
{
    if (const ModelPreset *preset = catalogue.preset(spec.presetId))
        return preset->name;
    return spec.modelName.isEmpty() ? tr("Custom model") : spec.modelName;
}

QString Labels::activationModel(ActivationModelKind k)
{
    switch (k) {
    case ActivationModelKind::Textbook: return tr("Textbook formula");
    case ActivationModelKind::Transformer: return tr("Itemized transformer");
    }
    return {};
}

QString Labels::stepPhase(StepPhase p)
{
    switch (p) {
    case StepPhase::Forward: return tr("forward");
    case StepPhase::Backward: return tr("backward");
    case StepPhase::OptimizerStep: return tr("optimizer step");
    case StepPhase::Scoring: return tr("scoring (a frozen model's forward)");
    case StepPhase::Generation: return tr("generating the rollouts");
    }
    return {};
}

QString Labels::timelineEvent(TimelineEvent e)
{
    switch (e) {
    case TimelineEvent::StepStart: return tr("start of the step");
    case TimelineEvent::LayersForward: return tr("last layer's forward");
    case TimelineEvent::LossForward: return tr("the loss's forward (logits)");
    case TimelineEvent::ForwardEnd: return tr("end of forward");
    case TimelineEvent::LossBackward: return tr("the loss's backward");
    case TimelineEvent::TopLayerBackward: return tr("last layer's backward");
    case TimelineEvent::BottomLayerBackward: return tr("first layer's backward");
    case TimelineEvent::BackwardEnd: return tr("end of backward");
    case TimelineEvent::OptimizerStep: return tr("optimizer step");
    case TimelineEvent::StepEnd: return tr("end of the step");
    case TimelineEvent::ReferenceForward: return tr("a frozen model's forward (scoring)");
    case TimelineEvent::Generation: return tr("the rollouts' generation");
    case TimelineEvent::ValueModelBackward: return tr("the value model's backward");
    }
    return {};
}

QString Labels::field(Field f)
{
    switch (f) {
    case Field::Params: return tr("Parameters");
    case Field::Layers: return tr("Layers");
    case Field::Hidden: return tr("Hidden size");
    case Field::Heads: return tr("Heads");
    case Field::KvHeads: return tr("KV heads");
    case Field::Ffn: return tr("FFN size");
    case Field::Vocab: return tr("Vocabulary");
    case Field::MaxPositions: return tr("Max positions");
    case Field::Batch: return tr("Micro-batch");
    case Field::Sequence: return tr("Sequence length");
    case Field::GradAccum: return tr("Gradient accumulation");
    case Field::Dropout: return tr("Dropout");
    case Field::CudaContext: return tr("CUDA context");
    case Field::AllocatorReserve: return tr("Allocator reserve");
    case Field::Gpus: return tr("GPUs");
    case Field::TensorParallel: return tr("Tensor parallel");
    case Field::PipelineParallel: return tr("Pipeline parallel");
    case Field::LoraRank: return tr("LoRA rank");
    case Field::LoraTargets: return tr("LoRA targets");
    case Field::Zero: return tr("ZeRO stage");
    case Field::Offload: return tr("Offload");
    case Field::GpusPerNode: return tr("GPUs per node");
    case Field::ReduceBucket: return tr("Reduce bucket");
    case Field::HeadDim: return tr("Head dimension");
    case Field::TypeVocab: return tr("Token types");
    case Field::Experts: return tr("Experts");
    case Field::ExpertsPerToken: return tr("Experts per token");
    case Field::ExpertFfn: return tr("Expert FFN size");
    case Field::SharedExperts: return tr("Shared experts");
    case Field::SharedFfn: return tr("Shared expert FFN size");
    case Field::DenseLayers: return tr("Dense layers");
    case Field::QLoraRank: return tr("Q latent rank");
    case Field::KvLoraRank: return tr("KV latent rank");
    case Field::RopeHeadDim: return tr("Rotary head dimension");
    case Field::NopeHeadDim: return tr("Non-rotary head dimension");
    case Field::ValueHeadDim: return tr("Value head dimension");
    case Field::IndexHeads: return tr("Indexer heads");
    case Field::IndexHeadDim: return tr("Indexer head dimension");
    case Field::RotaryFraction: return tr("Rotary fraction");
    case Field::ExpertParallel: return tr("Expert parallel");
    case Field::ContextParallel: return tr("Context parallel");
    case Field::ContextParallelKind: return tr("Context-parallel attention");
    case Field::ContextLength: return tr("Declared context");
    case Field::RecomputeEvery: return tr("Checkpoint every N-th layer");
    case Field::ShardGroup: return tr("HSDP shard group");
    case Field::PipelineLayers: return tr("layers per pipeline stage");
    case Field::Recompute: return tr("checkpointing");
    case Field::Packed: return tr("packed sequences");
    case Field::ExpertShard: return tr("experts' shard group");
    case Field::RecomputeLayers: return tr("Megatron recompute layers");
    case Field::Stack: return tr("Training stack");
    case Field::Loss: return tr("Loss");
    case Field::LossChunks: return tr("Loss chunks");
    case Field::OptimizerInBackward: return tr("Optimizer in backward");
    case Field::ActivationOffload: return tr("Activation offload");
    case Field::Compile: return tr("torch.compile");
    case Field::PagedOptimizer: return tr("Paged optimizer");
    case Field::MaxLiveParameters: return tr("Max live parameters");
    case Field::PrefetchBucket: return tr("Prefetch bucket");
    case Field::PersistenceThreshold: return tr("Persistence threshold");
    case Field::DistributedOptimizer: return tr("Distributed optimizer");
    case Field::VirtualStages: return tr("Virtual pipeline stages");
    case Field::LoraDropout: return tr("LoRA dropout");
    case Field::CapacityFactor: return tr("Capacity factor");
    case Field::ActivationModel: return tr("Activation model");
    case Field::Optimizer: return tr("Optimizer");
    case Field::NormsPerLayer: return tr("Norms per layer");
    case Field::Generations: return tr("Generations per prompt");
    case Field::PromptLength: return tr("Prompt length");
    case Field::CompletionLength: return tr("Completion length");
    case Field::RolloutMemoryFraction: return tr("Rollout memory fraction");
    case Field::RolloutGpus: return tr("Rollout GPUs");
    case Field::Teacher: return tr("Teacher");
    case Field::Recipe: return tr("Recipe");
    case Field::MasterDtype: return tr("Master weights' dtype");
    case Field::QuantGroupSize: return tr("Quantization group size");
    case Field::QuantBase: return tr("Quantized base");
    case Field::Fp8: return tr("FP8 training");
    case Field::Fp8AllGather: return tr("FP8 all-gather");
    case Field::Dora: return tr("DoRA");
    case Field::BnbSavesInput: return tr("Older bitsandbytes");
    case Field::LoraTrainable: return tr("Trained copies");
    case Field::ProjectionRank: return tr("Projection rank");
    case Field::OptimizerOffload: return tr("Optimizer on CPU");
    case Field::Images: return tr("Images per sequence");
    case Field::ImageWidth: return tr("Image width");
    case Field::ImageHeight: return tr("Image height");
    case Field::VisionTrained: return tr("Vision tower");
    case Field::VisionParams: return tr("Vision tower parameters");
    case Field::VisionLayers: return tr("Vision tower blocks");
    case Field::VisionHidden: return tr("Vision tower width");
    case Field::VisionHeads: return tr("Vision tower heads");
    case Field::VisionFfn: return tr("Vision tower MLP width");
    case Field::VisionPatch: return tr("Vision patch size");
    case Field::VisionMerge: return tr("Vision merge size");
    case Field::VisionTemporalPatch: return tr("Vision temporal patch");
    case Field::VisionImageSize: return tr("Vision image size");
    case Field::VisionTokensPerImage: return tr("Tokens per image");
    case Field::VisionWindow: return tr("Vision window");
    case Field::VisionFullBlocks: return tr("Full-attention vision blocks");
    case Field::VisionDeepstack: return tr("Deepstack mergers");
    case Field::VisionUnusedBlocks: return tr("Unused vision blocks");
    case Field::MixerLayers: return tr("Mixer layers");
    case Field::MixerHeads: return tr("Mixer heads");
    case Field::MixerHeadDim: return tr("Mixer head width");
    case Field::MixerKeyHeads: return tr("Mixer key heads or groups");
    case Field::MixerKeyDim: return tr("Mixer key width or state size");
    case Field::MixerConv: return tr("Mixer convolution width");
    case Field::MixerChunk: return tr("Mixer scan chunk");
    }
    return {};
}

QString Labels::issue(const ValidationIssue &i, const Scenario &s)
{
    static const IssueWords words{ field, groupedCount, [](double v) { return QLocale().toString(v); } };
    return issueText(i, s, words);
}

QString Labels::notACount(Field f, const QString &text)
{
    const FieldRange r = fieldRange(f);
    return tr("%1: \"%2\" is not a whole number; allowed: %3 to %4 (e.g. 4096, 7e9 or 7B)")
            .arg(field(f), text, groupedCount(r.min), groupedCount(r.max));
}

QString Labels::warning(Warning w)
{
    switch (w) {
    case Warning::AmpKeepsFixedCost:
        return tr("AMP keeps FP32 weights and gradients: the fixed cost is the same as FP32; AMP saves activations, "
                  "not model states.");
    case Warning::GradAccumSavesNoMemory:
        return tr("Gradient accumulation enlarges the global batch; it saves no memory.");
    case Warning::TextbookIgnoresGqa:
        return tr("The textbook formula assumes K and V as wide as Q; this model groups its key/value heads.");
    case Warning::TextbookIgnoresFfnSize:
        return tr("The textbook formula assumes a GPT-style 4H MLP; this model's MLP differs.");
    case Warning::TextbookIgnoresLogits:
        return tr("The textbook formula leaves out the embedding, the logits and the loss.");
    case Warning::ParamsDifferFromArchitecture:
        return tr("The given parameter count differs from the architecture's by more than 5%.");
    case Warning::Bf16NotSupportedOnGpu:
        return tr("This GPU has no BF16 tensor cores: use an FP16 recipe with a loss scaler.");
    case Warning::Fp16NeedsLossScaling:
        return tr("FP16 gradients underflow below about 6e-8: train with a dynamic loss scaler (GradScaler).");
    case Warning::DoesNotFit:
        return tr("The peak exceeds the GPU's memory.");
    case Warning::PureHalfWithoutMaster:
        return tr("Without an FP32 master copy, updates smaller than half a half-precision ulp are lost.");
    case Warning::Fp8NotSupportedOnGpu:
        return tr("This GPU has no FP8 tensor cores (they start with Ada Lovelace and Hopper): FP8 training does not run on it.");
    case Warning::QuantBaseNotTrainable:
        return tr("transformers does not fine-tune FBGEMM FP8 checkpoints (FbgemmFp8HfQuantizer.is_trainable is false) and FBGEMM's FP8 matmul has no backward: this figure assumes a kernel that trains.");
    case Warning::SequenceBeyondContext:
        return tr("The sequence is longer than the context the model's config declares (max_position_embeddings).");
    }
    return {};
}

QString Labels::warning(Warning w, const Scenario &s)
{
    if (w != Warning::SequenceBeyondContext)
        return warning(w);
    const ModelSpec &m = s.model;
    const QString name = QString::fromLatin1(ropeScalingName(m.ropeScaling).data());
    const QString scaling = m.ropeScaling == RopeScaling::None ? tr("no RoPE scaling declared")
            : m.ropeScalingFactor > 0
            //: %1 the RoPE scaling's name (yarn, llama3, ...), %2 its factor
            ? tr("RoPE scaling %1, factor %2").arg(name, QString::number(m.ropeScalingFactor))
            : tr("RoPE scaling %1").arg(name);
    //: %1 S, %2 the declared context, %3 what it says of RoPE scaling
    return tr("The sequence (S = %1) runs past the model's declared context (max_position_embeddings = %2; %3).")
            .arg(groupedCount(s.training.sequence), groupedCount(m.contextLength), scaling);
}

QString Labels::scenarioError(const ScenarioError &e)
{
    switch (e.code) {
    case ScenarioError::Code::None: return {};
    case ScenarioError::Code::CannotOpen: return tr("Cannot open %1: %2").arg(e.field, e.detail);
    case ScenarioError::Code::NotRegularFile:
        return tr("%1 is not a regular file (a FIFO, a device or a folder); it was not read.").arg(e.field);
    case ScenarioError::Code::TooLarge:
        return tr("%1 is larger than %2 bytes, the most a scenario file may have; it was not read.")
                .arg(e.field, groupedCount(e.expected.toLongLong()));
    case ScenarioError::Code::NotJson:
        if (!e.got.isEmpty())
            return tr("%1 holds %2 at its top level; a scenario file is a JSON object.").arg(e.field, e.got);
        return tr("%1 is not valid JSON: %2").arg(e.field, e.detail);
    case ScenarioError::Code::WriteFailed:
        return tr("Could not write %1 (%2); the previous file is unchanged.").arg(e.field, e.detail);
    case ScenarioError::Code::WrongSchema:
        return tr("Scenario file: \"schema\" must be %1, found %2").arg(e.expected, e.got);
    case ScenarioError::Code::UnknownKey:
        return tr("Scenario file: unknown key \"%1\"; allowed: %2").arg(e.field, e.expected);
    case ScenarioError::Code::WrongType: return tr("%1: expected %2, got %3").arg(e.field, e.expected, e.got);
    case ScenarioError::Code::UnknownName: return tr("%1: unknown value %2; allowed: %3").arg(e.field, e.got, e.expected);
    case ScenarioError::Code::OutOfRange: return tr("%1: %2 is out of range; allowed: %3").arg(e.field, e.got, e.expected);
    }
    return {};
}

QString Labels::catalogueError(const CatalogueError &e)
{
    switch (e.code) {
    case CatalogueError::Code::None: return {};
    case CatalogueError::Code::CannotOpen: return tr("Cannot open %1: %2").arg(e.file, e.detail);
    case CatalogueError::Code::NotRegularFile: return tr("%1 is not a regular file; it was not read.").arg(e.file);
    case CatalogueError::Code::TooLarge:
        return tr("%1 is larger than %2 bytes; it was not read.").arg(e.file, groupedCount(e.detail.toLongLong()));
    case CatalogueError::Code::NotJson: return tr("%1 is not valid JSON: %2").arg(e.file, e.detail);
    case CatalogueError::Code::WrongSchema: return tr("%1 has the wrong layout: %2").arg(e.file, e.detail);
    case CatalogueError::Code::BadEntry: return tr("%1 has a bad entry: %2").arg(e.file, e.detail);
    }
    return {};
}

QString Labels::activationItem(std::string_view id)
{
    if (id == "layer.input") return tr("Layer input");
    if (id == "layer.other_bsh_tensors") return tr("QKV, context, MLP and residual tensors");
    if (id == "attn.scores") return tr("Attention scores QKᵀ");
    if (id == "attn.softmax_out") return tr("Softmax output");
    if (id == "attn.dropout") return tr("Attention dropout");
    // Items of other activation models keep their stable identifier, which names the tensor.
    return latin1(id);
}

// "H200 141GB" for "NVIDIA H200 141GB (SXM)": the vendor and the form factor make the label
// too long for the room right of the bar; the hover text keeps the whole name.
QString Labels::shortGpuName(const QString &name)
{
    QString out = name;
    const int paren = static_cast<int>(out.indexOf(QLatin1String(" (")));
    if (paren > 0)
        out.truncate(paren);
    for (const QLatin1String vendor : { QLatin1String("NVIDIA "), QLatin1String("AMD "), QLatin1String("Intel ") })
        if (out.startsWith(vendor) && out.size() > vendor.size())
            out.remove(0, vendor.size());
    return out.trimmed();
}

} // namespace headroom
