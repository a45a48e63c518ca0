#pragma once

// Checks a scenario before it is estimated. Problems come back as typed values naming the
// field and the allowed range; the CLI and the UI word them (and translate them).

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include <headroom/memory/scenario.h>

namespace headroom {

enum class Field : std::uint8_t {
    Params, Layers, Hidden, Heads, KvHeads, Ffn, Vocab, MaxPositions,
    Batch, Sequence, GradAccum, Dropout, CudaContext, AllocatorReserve,
    Gpus, TensorParallel, PipelineParallel, LoraRank, LoraTargets,
    Zero, Offload, GpusPerNode, ReduceBucket,
    HeadDim, TypeVocab, Experts, ExpertsPerToken, ExpertFfn, SharedExperts, SharedFfn, DenseLayers,
    QLoraRank, KvLoraRank, RopeHeadDim, NopeHeadDim, ValueHeadDim, RotaryFraction, ExpertParallel,
    IndexHeads, IndexHeadDim,
    // Training stacks (stack.h)
    Stack, Loss, LossChunks, OptimizerInBackward, ActivationOffload, Compile, PagedOptimizer,
    MaxLiveParameters, PrefetchBucket, PersistenceThreshold, DistributedOptimizer, VirtualStages,
    LoraDropout, CapacityFactor, ActivationModel, Optimizer,
    NormsPerLayer,
    // Reinforcement learning's rollouts (posttraining.h)
    Generations, PromptLength, CompletionLength, RolloutMemoryFraction, RolloutGpus,
    // Post-training's other models (posttraining.h)
    Teacher,
    // Precision (precision.h)
    Recipe, MasterDtype, QuantGroupSize, QuantBase, Fp8, Fp8AllGather,
    // Adapters' variants (lora.h)
    Dora, BnbSavesInput, LoraTrainable,
    // GaLore's and APOLLO's rank, torchao's CPU-offloaded optimizer (precision.h)
    ProjectionRank, OptimizerOffload,
    // Context parallelism (scenario.h)
    ContextParallel, ContextParallelKind,
    // A rotary model's declared context (model.h)
    ContextLength,
    // Layer-level checkpointing (scenario.h TrainingSetup)
    RecomputeEvery, RecomputeLayers,
    // HSDP's shard group (scenario.h Parallelism)
    ShardGroup,
    // The layers of each pipeline stage (scenario.h PipelineSplit)
    PipelineLayers,
    // The checkpointing policy (scenario.h Recompute)
    Recompute,
    // Packed sequences (scenario.h TrainingSetup::packed)
    Packed,
    // A 2-D expert mesh (scenario.h Parallelism::expertShard)
    ExpertShard,
    // A multimodal model's images and vision tower (scenario.h TrainingSetup, model.h VisionSpec)
    Images, ImageWidth, ImageHeight, VisionTrained,
    VisionParams, VisionLayers, VisionHidden, VisionHeads, VisionFfn, VisionPatch, VisionMerge,
    VisionTemporalPatch, VisionImageSize, VisionTokensPerImage, VisionWindow, VisionFullBlocks, VisionDeepstack,
    VisionUnusedBlocks,
    // A hybrid model's mixer layers (model.h HybridSpec)
    MixerLayers, MixerHeads, MixerHeadDim, MixerKeyHeads, MixerKeyDim, MixerConv, MixerChunk,
};

//! The last Field, for loops over all of them.
inline constexpr Field kLastField = Field::MixerChunk;

enum class Problem : std::uint8_t {
    OutOfRange,     //!< outside [min, max]
    NotDivisible,   //!< must divide, or be divisible by, another field (other)
    Missing,        //!< required and not given
    Requires,       //!< its current value needs another field (other) within [min, max]
    Unsupported,    //!< its value does not go with another field's (other): reason says why
};

//! Why two choices do not go together (Problem::Unsupported).
enum class Conflict : std::uint8_t {
    None,
    FsdpHasNoStage1,          //!< FSDP shards gradients with parameters: no ZeRO-1
    LossNeedsItemized,        //!< a chunked or fused loss under the textbook formula, which has no loss
    CompileNeedsItemized,     //!< compile removes saved tensors the textbook formula does not list
    OffloadNeedsItemized,     //!< activation offload moves the itemized model's saved tensors
    InBackwardNoAccumulation, //!< optimizer-in-backward steps as gradients arrive: no accumulation
    InBackwardNoSharding,     //!< optimizer-in-backward is a single-device feature (torchtune)
    PagedNeedsGpuStates,      //!< paged states live in managed memory, not offloaded by ZeRO
    PagedNeedsAdam,           //!< bitsandbytes pages Adam-type states only
    MegatronHasNoZero,        //!< Megatron shards with its distributed optimizer, not ZeRO
    DistributedNeedsMegatron, //!< the distributed optimizer is Megatron's
    VirtualNeedsPipeline,     //!< interleaving needs pipeline stages
    VirtualDividesLayers,     //!< each stage's layers split into v chunks evenly
    ColocatedNeedsGpu,        //!< a colocated vLLM reserves a share of the chosen GPU
    TeacherSharesVocabulary,  //!< GKD compares teacher and student over one vocabulary
    HalfMasterNeedsRecipe,    //!< a 16-bit master copy is the weights' dtype under a *-master recipe
    HalfMasterNeedsZero,      //!< DeepSpeed asserts ZeRO stage 1 to 3 for 16-bit masters
    HalfMasterFp32States,     //!< DeepSpeed's 16-bit masters with FP32 states need ZeRO-Offload
    GroupSizeNeedsGroups,     //!< a group size applies to GPTQ, AWQ and HQQ bases only
    AdamMiniNeedsFullModel,   //!< Adam-mini's blocks follow the model's own tensors, not adapters
    Fp8NeedsHalfRecipe,       //!< FP8 training casts from 16-bit activations (not --recipe fp32)
    Fp8NotWithAdapters,       //!< FP8 linears under LoRA adapters are not modelled
    Fp8DenseOnly,             //!< FP8 grouped experts (MoE) are not modelled
    Fp8NeedsItemized,         //!< FP8 changes the linears' saved inputs, which the textbook formula does not list
    Fp8AllGatherNeedsTensorwise, //!< torchao asserts tensorwise scaling for the FP8 all-gather
    Fp8AllGatherNeedsFsdp,    //!< the FP8 all-gather is FSDP's: a stack that gathers whole layers, sharded
    DoraNeedsAdapters,        //!< DoRA's magnitudes sit beside LoRA adapters
    DoraNeedsPeft,            //!< DoRA is modelled from PEFT's implementation, not torchtune's or litgpt's
    BnbSavesInputNeedsNf4,    //!< older bitsandbytes' saved input belongs to its 4-bit (NF4) QLoRA base
    TrainedCopiesNeedAdapters, //!< modules_to_save trains copies beside LoRA adapters
    TrainedCopiesNeedPeft,    //!< modules_to_save is PEFT's: torchtune, litgpt and Megatron have none
    TrainedCopiesNeedDataParallel, //!< the copies are placed whole per replica: no t, p or e
    TrainedCopiesCpuOffload,  //!< torchao's CPU offload is not modelled for the copies
    ProjectedNeedsFullModel,  //!< GaLore and APOLLO project the model's own 2-D weights, not adapters
    ProjectedNeedsWholeWeights, //!< GaLore and APOLLO step each 2-D gradient whole: data parallelism only
    CpuOffloadSingleGpu,      //!< torchao's CPUOffloadOptimizer is for single-GPU training
    CpuOffloadNoMaster,       //!< it steps the model's own parameters: no master copy
    CpuOffloadNoAccumulation, //!< offload_gradients frees each gradient: no accumulation
    CpuOffloadTorchOptimizer, //!< it wraps a torch.optim optimizer and runs its own hooks
    ContextNeedsItemized,     //!< context parallelism changes attention's saved tensors, which the textbook formula does not list
    ContextNeedsRotary,       //!< context parallelism is modelled for decoders with rotary positions
    ContextNeedsSupervised,   //!< context parallelism is modelled for one forward per step (no rollouts, pairs or side models)
    UlyssesDividesHeads,      //!< Ulysses splits each GPU's query heads over the c GPUs, and KV heads or c by the other
    LayerRecomputeNeedsFull,  //!< which layers are checkpointed is a choice of full recomputation
    LayerRecomputeOneWay,     //!< every N-th layer (torchtitan) or Megatron's N layers, not both
    LayerRecomputeNeedsItemized, //!< the textbook formula has one figure for all layers
    LayerRecomputeNoAdapters, //!< modelled for whole-model training (torchtitan, Megatron)
    StageSplitNeedsPipeline,  //!< a split of the layers over stages needs --pp 2 or more
    StageListLength,          //!< a listed split names p x v stages
    StageListSum,             //!< the listed stages' layers add up to L
    WeightedSplitEmptyStage,  //!< L + 2 weighted layers over p x v stages leave one without a layer
    OpRecomputeNeedsItemized, //!< the per-operator policy saves named tensors the textbook formula does not list
    OpRecomputeNeedsGatedBlock, //!< modelled for dense gated blocks (LLaMA, Gemma), as torchtitan runs them
    OpRecomputeNoAdapters,    //!< torchtitan trains whole models
    OpRecomputeNoFp8,         //!< FP8's scaled matmuls and amax ops change what the policy saves
    PackedNeedsItemized,      //!< the textbook formula has no mask to change
    PackedNeedsDecoder,       //!< packing is modelled for causal language models
    PackedNeedsSupervised,    //!< preference pairs and rollouts are padded per sequence
    ImagesNeedVisionTower,    //!< images and a trained tower need a model with a vision tower
    VisionTrainedNoAdapters,  //!< adapters train the language model; the tower stays frozen
    VisionNoContextParallel,  //!< a tower's images split over the context-parallel GPUs is not modelled
    VisionImagesNotMeasured,  //!< the tower is counted, but what it saves for images is not measured (Llama 4)
    PixtralMaskedSdpa,        //!< Pixtral's block mask through SDPA's memory-efficient kernel is not measured
    HybridNoModelParallel,    //!< mixer layers under t, p or c > 1 are not modelled
    Mamba2NoQuantizedBase,    //!< Mamba-2's fused kernel multiplies by out_proj's weight itself
    Mamba2OutProjFused,       //!< an adapter on Mamba-2's out_proj never runs in the fused kernel
    HybridNeedsItemized,      //!< the textbook formula has attention in every layer
    HybridNoFp8,              //!< FP8 mixer projections are not modelled
    HybridNoDenseFirst,       //!< dense first layers beside experts and mixers are not modelled
    HybridWholeLayers,        //!< layer-level and per-operator checkpointing choose layers by position
    HybridNeedsLlamaBlock,    //!< mixer layers are modelled in the LLaMA block (RMSNorm, gated MLP)
    HybridNoRollouts,         //!< a rollout engine's cache of mixer states is not modelled
};

struct ValidationIssue
{
    Field field = Field::Params;
    Problem problem = Problem::OutOfRange;
    Count min = 0;
    Count max = 0;
    Field other = Field::Params; //!< for NotDivisible: field must divide this one
    Conflict reason = Conflict::None; //!< for Unsupported
};

class ValidationIssues
{
public:
    void add(const ValidationIssue &issue)
    {
        if (m_count < static_cast<int>(m_items.size()))
            m_items[static_cast<std::size_t>(m_count++)] = issue;
    }
    bool empty() const { return m_count == 0; }
    int size() const { return m_count; }
    const ValidationIssue *begin() const { return m_items.data(); }
    const ValidationIssue *end() const { return m_items.data() + m_count; }
    bool hasField(Field f) const
    {
        for (const auto &i : *this)
            if (i.field == f)
                return true;
        return false;
    }

private:
    std::array<ValidationIssue, 24> m_items{};
    int m_count = 0;
};

//! The allowed range of a numeric field. Wide enough for any real run, narrow enough that
//! every product the engine forms stays exact in 128 bits.
struct FieldRange
{
    Count min;
    Count max;
};
FieldRange fieldRange(Field field);

//! The field's stable key: the CLI option and scenario-file key without "--".
std::string_view fieldName(Field field);
//! The field whose fieldName() is \a name.
std::optional<Field> fieldFromName(std::string_view name);

//! The scenario's current value of a numeric field, for messages ("33 must divide 4,096").
Count fieldValue(Field field, const Scenario &scenario);

ValidationIssues validate(const Scenario &scenario);

} // namespace headroom
