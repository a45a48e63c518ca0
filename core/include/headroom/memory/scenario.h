#pragma once

// One training run to estimate: model, training set-up, activation model, runtime, placement.
// A plain value: copying it allocates nothing, so sweeps can vary one field freely.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <headroom/memory/model.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/units.h>

namespace headroom {

/*!
 * Megatron's --recompute-method under --recompute-granularity full with --recompute-num-layers N
 * (megatron/core/transformer/transformer_block.py at d98e8a6): Uniform checkpoints every layer in
 * groups of N, keeping one input per group and rebuilding a whole group at once in backward;
 * Block checkpoints the first N layers of each stage one by one and keeps everything of the rest.
 */
enum class RecomputeMethod : std::uint8_t { Uniform, Block };

/*!
 * How the layers are split over the pipeline's (virtual) stages (pipelinestage.h):
 *  - Even: as evenly as the count allows, the first stages one more (Megatron's default split,
 *    which needs L divisible; torchtitan with both weights 0);
 *  - Weighted: the embedding and the output (final norm and LM head) each counted as one layer
 *    (torchtitan's generate_llm_fqn_per_model_part(), input_weight = output_weight = 1, its
 *    default; Megatron's --account-for-embedding-in-pipeline-split and
 *    --account-for-loss-in-pipeline-split): 126 layers on 16 stages are 7, 8 x 14, 7;
 *  - Listed: the layers of each virtual stage given (Parallelism::stageLayers).
 */
enum class PipelineSplit : std::uint8_t { Even, Weighted, Listed };

//! The most virtual pipeline stages (p x v) a listed split can name.
inline constexpr int kMaxPipelineChunks = 128;

enum class Recompute {
    None,      //!< every layer keeps all it saves for backward
    Full,      //!< only each layer's input is kept; one layer is recomputed at a time in backward
    Selective, //!< the attention core (scores, softmax, dropout) is recomputed (Korthikanti et al. 2022)
    //! torchtitan's per-operator policy (oprecompute.h): each layer keeps its input and the outputs
    //! of every other matmul and of the attention kernel; the rest is recomputed in backward
    Op,
};

//! Whether each layer runs under a checkpoint that keeps its input (full or per-operator).
constexpr bool checkpointsLayers(Recompute r) { return r == Recompute::Full || r == Recompute::Op; }

/*!
 * What the run trains for, named as TRL names its trainers (posttraining.h says what each keeps on
 * the GPU). Sft: today's one model and one forward per step. The preference methods run pairs
 * (chosen and rejected) through the policy: Dpo and Ipo (TRL DPOTrainer, loss_type "sigmoid" or
 * "ipo") with a frozen reference model; Orpo and Simpo (ORPOTrainer, CPOTrainer with loss_type
 * "simpo") without one. Kto (KTOTrainer) runs unpaired examples and a KL batch, with a reference.
 * Grpo (GRPOTrainer) generates G completions per prompt with a rollout engine, scores them with
 * the reference, and trains on the G·B completions. Reward (RewardTrainer) trains a score-head
 * model on pairs. Ppo (PPOTrainer) generates, scores with the reference, a reward model and a
 * value model, and trains the policy and the value model together. Distill (GKDTrainer) trains the
 * policy towards a frozen teacher's distribution over the vocabulary.
 */
enum class TrainingMethod : std::uint8_t { Sft, Dpo, Ipo, Orpo, Simpo, Kto, Grpo, Reward, Ppo, Distill };

/*!
 * A model a post-training run holds beside the policy (posttraining.h): PPO's reward and value
 * models, distillation's teacher. Its architecture is the policy's unless given (a preset or a
 * Hugging Face config); reward and value models carry a score head in place of the LM head.
 */
struct SideModel
{
    bool sameAsPolicy = true;
    ModelSpec model; //!< when not sameAsPolicy
};

struct SideModels
{
    SideModel reward;  //!< PPO: frozen, scores each completion
    SideModel critic;  //!< PPO: the value model, trained beside the policy
    SideModel teacher; //!< distillation: frozen
};

/*!
 * Who generates a reinforcement-learning run's completions (TRL GRPOConfig use_vllm, vllm_mode):
 * the policy itself with model.generate() and its KV cache; vLLM on the training GPUs, holding its
 * share of each GPU (gpu_memory_utilization); or a vLLM server on GPUs of its own.
 */
enum class RolloutEngine : std::uint8_t { HfGenerate, VllmColocate, VllmServer };

//! Where a reference model's log-probabilities come from: its forward during training, or
//! computed once before training (TRL precompute_ref_log_probs), leaving no reference on the GPU.
enum class ReferenceSource : std::uint8_t { Model, Precomputed };

struct TrainingSetup
{
    Count microBatch = 1;  //!< B, sequences per GPU per forward pass
    Count sequence = 2048; //!< S, tokens per sequence
    PrecisionChoice precision;
    Recompute recompute = Recompute::None;
    //! Under Recompute::Full, which layers are checkpointed (layerRecomputePlan()): every N-th
    //! (torchtitan's layer-level selective checkpointing, selective_ac_option "N" before
    //! 114151ad4: blocks N, 2N, ... wrapped, the others keep everything); 1: every layer.
    Count recomputeEvery = 1;
    //! Megatron's --recompute-num-layers N with recomputeMethod; 0: not given (every layer, one a
    //! checkpoint, as Hugging Face's gradient checkpointing).
    Count recomputeLayers = 0;
    RecomputeMethod recomputeMethod = RecomputeMethod::Uniform;
    Count gradAccumSteps = 1; //!< changes the global batch, never the memory (the article, 4.2)
    /*!
     * Packed sequences: each of the B sequences concatenates documents up to S tokens, no padding,
     * the loss over every token, attention kept within each document. Under a flash kernel the
     * boundaries travel as cumulative lengths (flash-attn varlen, FlexAttention's BlockMask):
     * nothing beyond an unpacked run of S. Under SDPA they travel as a dense block-causal bool
     * mask (torchtune packed_block_causal_mask; transformers' packed 4-D masks), which SDPA turns
     * into a new additive mask on every call and its memory-efficient kernel saves.
     */
    bool packed = false;
    /*!
     * A multimodal model (ModelSpec::vision): images in each of the B sequences, each of
     * imageWidth × imageHeight pixels as the processor hands them to the tower (after its resize;
     * a tower of one fixed size resizes every image to it). Their tokens are part of S.
     */
    Count images = 0;
    Count imageWidth = 0;
    Count imageHeight = 0;
    //! Whether the vision tower and its projector are trained with the language model (TRL's
    //! default) or frozen (LLaMA-Factory's freeze_vision_tower, ms-swift's freeze_vit: the default
    //! of both). Adapters leave it frozen.
    bool visionTrained = false;
    TrainingMethod method = TrainingMethod::Sft;
    ReferenceSource reference = ReferenceSource::Model;
    //! Paired methods: chosen and rejected in one forward of 2B sequences (TRL's
    //! concatenated_forward), or one after the other (both graphs kept for the loss).
    bool pairsConcatenated = true;
    //! GRPO (posttraining.h): G completions per prompt, B prompts per micro-batch; each trained
    //! sequence is S tokens, the prompt's promptLength and the completion's S − promptLength
    //! (TRL's defaults: 8 generations, max_prompt_length 512, max_completion_length 256).
    Count generations = 8;
    Count promptLength = 512;
    RolloutEngine rollout = RolloutEngine::HfGenerate;
    double rolloutMemoryFraction = 0.3; //!< vLLM colocated: gpu_memory_utilization (TRL default 0.3)
    bool rolloutSleep = false;          //!< vLLM colocated: sleep mode frees its memory while training
    Count rolloutGpus = 1;              //!< vLLM server: GPUs of its own
    SideModels sideModels;
};

enum class ActivationModelKind {
    Textbook,    //!< the article's 2*(19BSH + 3BAS^2) per layer, 16-bit
    Transformer, //!< itemized per saved tensor, per block family and implementation profile
};

enum class AttentionKernel { Eager, Sdpa, Flash };

//! Implementation profiles group the choices that change what a layer stores
//! (implementationprofile.h lists each profile's switches).
enum class ImplementationProfile {
    HfEager,       //!< Hugging Face eager code on CUDA, PyTorch >= 2
    HfSdpa,        //!< the same code with SDPA attention (HF's default attn_implementation)
    MegatronFused, //!< fused Megatron-style kernels, as in Korthikanti et al. 2022
    HfEagerCpu,    //!< Hugging Face eager code on PyTorch 1.13, CPU: what the calibration fixtures measured
};

/*!
 * How the MLP's GELU runs: as one fused kernel that saves its input (F.gelu; nanoGPT, litgpt,
 * HF's "gelu" and "gelu_pytorch_tanh"), or written out in Python (HF's gelu_new for GPT-2 and
 * Phi), whose products save four B·S·F tensors. ModelDefault: the family's Hugging Face code.
 */
enum class GeluImpl : std::uint8_t { ModelDefault, Fused, Python };

struct ActivationOptions
{
    ActivationModelKind model = ActivationModelKind::Textbook;
    ImplementationProfile profile = ImplementationProfile::HfEager;
    AttentionKernel attention = AttentionKernel::Eager;
    double dropout = 0.0; //!< attention/residual dropout probability
    GeluImpl gelu = GeluImpl::ModelDefault;
    /*!
     * Mixture of experts: the expert capacity factor of implementations that cap the tokens an
     * expert takes (GShard, DeepSpeed-MoE, Megatron --moe-expert-capacity-factor): each expert
     * holds at most ceil(factor x k x tokens / E) rows. 0: dropless, as Hugging Face's Mixtral
     * and Qwen-MoE route, k x tokens rows in all.
     */
    double capacityFactor = 0.0;
};

/*!
 * The runtime's own share of GPU memory, outside anything the model allocates.
 * Defaults and their sources:
 *  - CUDA context: 1000 MiB. PyTorch's CUDA context plus kernel images take 300 MiB to 2 GiB
 *    depending on the GPU, driver and lazy loading (PyTorch "CUDA semantics" notes; the same
 *    1000 MiB constant furiousteabag/vram-calculator uses; gpu_poor uses 650 MB).
 *  - Allocator reserve: 1 GiB. The caching allocator holds freed blocks and fragments; measured
 *    reserved minus allocated was 2.9-3.6 GiB on 7B fine-tunes (foundation-model-stack/
 *    fms-acceleration PR 14). 1 GiB is a floor, not a worst case; the doctor says when to
 *    set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True instead.
 */
//! How the weights reach the GPU before the first step (reservedmemory.h).
enum class LoadPath : std::uint8_t {
    Direct,    //!< each tensor created on the GPU in its training dtype (from_pretrained, meta-device init)
    Fp32OnGpu, //!< the model built in FP32 on the GPU, then cast or quantized tensor by tensor
};

struct RuntimeOverhead
{
    Bytes cudaContext = bytes(1000 * kMiB);
    //! Given: the allocator's cache beyond the allocated peak, a fixed figure. Negative (the
    //! default): modelled by emulating the caching allocator over the step (reservedmemory.h).
    Bytes allocatorReserve = bytes(-1);
    //! PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True.
    bool expandableSegments = false;
    LoadPath loadPath = LoadPath::Direct;

    bool reserveModelled() const { return allocatorReserve < bytes(0); }
    //! The fixed share counted at every point of the step: the context, and a given reserve.
    Bytes total() const { return cudaContext + (reserveModelled() ? bytes(0) : allocatorReserve); }
};

enum class ZeroStage { Stage0 = 0, Stage1 = 1, Stage2 = 2, Stage3 = 3 };
enum class Offload { None, Optimizer, OptimizerAndParams };

/*!
 * How a context-parallel group runs attention over a sequence split into c pieces (one per GPU;
 * every other activation holds S/c tokens). Read from the code (docs/parallelism.md):
 *  - Ring: Transformer Engine's AttnFuncWithCPAndKVP2P, Megatron's default cp_comm_type "p2p"
 *    (NVIDIA/TransformerEngine d0067d0, attention/dot_product_attention/context_parallel.py): K/V
 *    blocks pass around the ring; forward keeps every received block (and each step's output and
 *    log-sum-exp) until it returns; only the local K/V are saved for backward.
 *  - AllGather: PyTorch's FlexAttention context parallelism that torchtitan runs
 *    (torchtitan b5bcd76 decoder_sharding.py; torch cplib::flex_cp_allgather): K and V are
 *    gathered to the whole sequence and the attention saves the gathered ones; backward writes
 *    whole-length dK and dV partials and reduce-scatters them.
 *  - Ulysses: DeepSpeed's all-to-all (deepspeed/sequence/layer.py DistributedAttention): q, k, v
 *    become [S, heads/c] for the attention and its output goes back; the same elements are saved,
 *    and each all-to-all holds a permuted copy beside its output. Heads must divide by c.
 * StackDefault: the stack's own (Megatron: ring; DeepSpeed: Ulysses; the PyTorch stacks: all-gather).
 */
enum class ContextParallelKind : std::uint8_t { StackDefault, Ring, AllGather, Ulysses };

//! How the run is spread over GPUs. The defaults describe a single GPU.
struct Parallelism
{
    Count gpus = 1;           //!< N, all GPUs of the run
    Count tensorParallel = 1; //!< t
    //! c: each sequence split over c GPUs (context parallelism); every stack shards the model
    //! states over the data- and context-parallel GPUs together (shardingGroup()).
    Count contextParallel = 1;
    ContextParallelKind contextKind = ContextParallelKind::StackDefault;
    //! e: the routed experts divided over e GPUs of each data-parallel group (DeepSpeed-MoE,
    //! Megatron --expert-model-parallel-size); 1 without experts.
    Count expertParallel = 1;
    Count pipelineParallel = 1; //!< p
    PipelineSplit pipelineSplit = PipelineSplit::Even;
    //! Under PipelineSplit::Listed, the layers of virtual stage j (p x v of them; stage j runs on
    //! pipeline rank j mod p, as Megatron's and torchtitan's interleaved schedules place them).
    std::array<std::uint16_t, kMaxPipelineChunks> stageLayers{};
    Count listedStages = 0; //!< the entries of stageLayers given (validate() asks for p x v)
    /*!
     * The pipeline rank an estimate describes, 0 .. p - 1; -1: estimate() takes every rank and
     * reports the one that peaks highest (Breakdown::pipelineRank). Not a setting of the run: the
     * views pin it to show one rank's figures (pipelinestage.h pinnedToPeakRank()).
     */
    Count pipelineRank = -1;
    bool sequenceParallel = false;
    ZeroStage zero = ZeroStage::Stage0;
    /*!
     * HSDP: ZeRO shards the model states within groups of this many GPUs and replicates them
     * across the groups (torchtitan dp_shard with dp_replicate; FSDP's HYBRID_SHARD, whose
     * group is a node under accelerate; DeepSpeed's MiCS). 0: over all shardingGroup() GPUs.
     */
    Count shardGroup = 0;
    /*!
     * A 2-D expert mesh: ZeRO shards the routed experts' states over this many GPUs of each
     * expert's data-parallel group (the d / e GPUs holding the same experts) and replicates them
     * across the rest, while the dense layers shard over all d (torchtitan's FSDP of the experts
     * over its own mesh dimension beside ep; Megatron's expert data-parallel group under the
     * distributed optimizer). 0: over all d / e.
     */
    Count expertShard = 0;
    Offload offload = Offload::None;
    Count gpusPerNode = 8;
    //! Elements in ZeRO's gradient reduce bucket (DeepSpeed's reduce_bucket_size): a
    //! half-precision buffer every GPU holds at ZeRO stage 1 and above (placement.h). -1: the
    //! training stack's (stack.h: DeepSpeed 5e8, Hugging Face's "auto" H², none for FSDP).
    Count reduceBucket = -1;

    /*!
     * N / (t·p): the GPUs that hold the same layers, over which ZeRO, FSDP and Megatron's
     * distributed optimizer shard the model states: the data- and context-parallel GPUs together
     * (torchtitan's FSDP mesh dp_shard × cp; Megatron's data_parallel_group_with_cp; DeepSpeed's
     * seq_data_parallel_group).
     */
    constexpr Count shardingGroup() const
    {
        // Without model parallelism (mp = 1, the common case) no division: every estimate asks.
        const Count mp = tensorParallel * pipelineParallel;
        return mp > 1 ? quotient(gpus, mp) : mp == 1 ? gpus : 0;
    }
    //! t·p·c: the GPUs of one model replica; N is a whole number of them.
    constexpr Count replicaGpus() const
    {
        return tensorParallel * pipelineParallel * (contextParallel > 1 ? contextParallel : 1);
    }
    //! d = N / (t·p·c): the replicas that each run their own micro-batches.
    constexpr Count dataParallel() const
    {
        const Count g = shardingGroup();
        return contextParallel > 1 ? quotient(g, contextParallel) : g;
    }
};

enum class AdapterMode { None, Lora, Qlora };

//! Low-rank adapters (Hu et al. 2021) on a frozen base, or on a 4-bit NF4 base (Dettmers et al. 2023).
struct LoraSpec
{
    AdapterMode mode = AdapterMode::None;
    Count rank = 16;
    //! Bit set of LoraTarget values.
    unsigned targets = 0;
    //! lora_dropout: with p > 0 each adapter saves a dropout mask and the dropped input
    //! (PEFT's default 0; torchtune's Llama-2 builders 0.05; litgpt 0.05).
    double dropout = 0.0;
    //! DoRA (Liu et al. 2024; PEFT use_dora=True): each adapted module also trains a magnitude
    //! vector of its outputs and rescales the base and adapter outputs by it (lora.h).
    bool dora = false;
    //! bitsandbytes before 0.43.2: MatMul4Bit kept each 4-bit linear's input (cast to the compute
    //! dtype) for backward, though backward never reads it (fixed in 9e75374, PR #1270).
    bool bnbSavesInput = false;
    //! PEFT's modules_to_save (TrainedModule bits): each listed module trains a copy of itself
    //! beside its frozen original (lora.h, LoraCounts::copiedParameters).
    unsigned trainedModules = 0;
};

//! What PEFT's modules_to_save can list beside the adapters: the token embedding and the LM head.
enum TrainedModule : unsigned { TrainedEmbedding = 1u << 0, TrainedHead = 1u << 1 };

enum LoraTarget : unsigned {
    LoraQ = 1u << 0, LoraK = 1u << 1, LoraV = 1u << 2, LoraO = 1u << 3,
    LoraGate = 1u << 4, LoraUp = 1u << 5, LoraDown = 1u << 6,
    //! A hybrid model's mixer layers: their input projections (Gated DeltaNet's in_proj_qkvz and
    //! in_proj_ba, or Qwen3.5's in_proj_qkv, _z, _b and _a; Mamba-2's in_proj) and out_proj.
    LoraMixerIn = 1u << 7, LoraMixerOut = 1u << 8,
};

/*!
 * Which of a GPU's three peak figures (reservedmemory.h) the verdict holds against its memory:
 * what torch allocates, what its caching allocator reserves, or what the device has in use
 * (nvidia-smi), the one that runs out.
 */
enum class PeakFigure : std::uint8_t { Allocated, Reserved, Device };

//! What the estimate needs to know of the chosen GPU; names and prices stay in the catalogue.
struct GpuLimits
{
    Bytes capacity = bytes(0); //!< 0: no GPU chosen, no verdict
    bool supportsBf16 = true;
    bool supportsFp8 = true; //!< FP8 tensor cores, for --fp8 (no GPU chosen: not checked)
    PeakFigure compared = PeakFigure::Device;
};

//! "allocated", "reserved", "device".
std::string_view peakFigureName(PeakFigure f);
std::optional<PeakFigure> peakFigureFromName(std::string_view name);

struct Scenario
{
    ModelSpec model;
    TrainingSetup training;
    ActivationOptions activations;
    RuntimeOverhead overhead;
    Parallelism parallel;
    LoraSpec lora;
    GpuLimits gpu;
    StackOptions stack;
};

/*!
 * Tokens of each sequence one GPU holds: S / c under context parallelism (validation keeps S a
 * multiple of c), S otherwise. Every activation but the attention's exchanged K/V is this long.
 */
constexpr Count sequencePerGpu(const Scenario &s)
{
    const Count c = s.parallel.contextParallel;
    return c > 1 ? quotient(s.training.sequence, c) : s.training.sequence;
}

/*!
 * The attention kernel the run uses: the chosen one, but a fused one (flash) under context
 * parallelism, whose ring, all-gather and all-to-all attention all run fused kernels (Transformer
 * Engine's, SDPA's flash and efficient ones, FlexAttention): eager attention's score matrix is
 * never formed. The derivation says so.
 */
constexpr AttentionKernel attentionKernelOf(const Scenario &s)
{
    return s.parallel.contextParallel > 1 && s.activations.attention == AttentionKernel::Eager ? AttentionKernel::Flash
                                                                                               : s.activations.attention;
}

/*!
 * One pipeline stage's checkpointing under Recompute::Full (TrainingSetup::recomputeEvery,
 * recomputeLayers) for \a n layers on the stage, \a first of them with a list of their own:
 * checkpointed layers (of them, among the first), the inputs the stage stores for them, and how
 * many layers backward rebuilds at once.
 */
struct LayerRecomputePlan
{
    bool partial = false;  //!< not the plain "every layer, one a checkpoint"
    Count checkpointed = 0, checkpointedFirst = 0, inputs = 0, group = 1;
};

constexpr LayerRecomputePlan layerRecomputePlan(const Scenario &s, Count n, Count first)
{
    const TrainingSetup &t = s.training;
    LayerRecomputePlan p{ false, n, first, n, 1 };
    if (t.recompute != Recompute::Full)
        return LayerRecomputePlan{ false, 0, 0, 0, 1 };
    if (t.recomputeLayers > 0) {
        const Count N = t.recomputeLayers;
        p.partial = true;
        if (t.recomputeMethod == RecomputeMethod::Block) {
            p.checkpointed = N < n ? N : n;
            p.checkpointedFirst = N < first ? N : first;
            p.inputs = p.checkpointed;
        } else {
            p.inputs = quotient(n + N - 1, N);
            p.group = N < n ? N : n;
        }
    } else if (t.recomputeEvery > 1) {
        p.partial = true;
        p.checkpointed = quotient(n, t.recomputeEvery);
        p.checkpointedFirst = quotient(first, t.recomputeEvery);
        p.inputs = p.checkpointed;
    }
    return p;
}

/*!
 * --pp-layers: "even", "weighted", or the layers of each virtual stage, "7,8,8,7". Sets \a p's
 * split and list and returns true; false, \a p untouched, for anything else (a list longer than
 * kMaxPipelineChunks, an entry above 65,535, an empty entry).
 */
bool setPipelineSplit(std::string_view text, Parallelism &p);
//! What setPipelineSplit() reads back: "even", "weighted" or the list.
std::string pipelineSplitText(const Parallelism &p);

//! "uniform", "block".
std::string_view recomputeMethodName(RecomputeMethod m);
std::optional<RecomputeMethod> recomputeMethodFromName(std::string_view name);

//! "default", "ring", "allgather", "ulysses".
std::string_view contextParallelKindName(ContextParallelKind k);
std::optional<ContextParallelKind> contextParallelKindFromName(std::string_view name);
//! The kind a scenario runs: the given one, or its stack's (ContextParallelKind).
ContextParallelKind contextParallelKindOf(const Scenario &s);

std::string_view recomputeName(Recompute r);
std::optional<Recompute> recomputeFromName(std::string_view name);
std::string_view activationModelName(ActivationModelKind k);
std::optional<ActivationModelKind> activationModelFromName(std::string_view name);
std::string_view familyName(BlockFamily f);
//! "model", "fused", "python".
std::string_view geluImplName(GeluImpl g);
std::optional<GeluImpl> geluImplFromName(std::string_view name);
std::optional<BlockFamily> familyFromName(std::string_view name);
//! "family", "off", "on".
std::string_view switchName(Switch s);
std::optional<Switch> switchFromName(std::string_view name);
//! "none", "linear", "dynamic", "yarn", "llama3", "longrope", "other".
std::string_view ropeScalingName(RopeScaling r);
std::optional<RopeScaling> ropeScalingFromName(std::string_view name);
//! "none", "gated-deltanet", "mamba2".
std::string_view mixerKindName(MixerKind k);
std::optional<MixerKind> mixerKindFromName(std::string_view name);
//! "pooler", "mlm".
std::string_view encoderHeadName(EncoderHead h);
std::optional<EncoderHead> encoderHeadFromName(std::string_view name);
//! "lm", "score".
std::string_view modelHeadName(ModelHead h);
std::optional<ModelHead> modelHeadFromName(std::string_view name);

} // namespace headroom
