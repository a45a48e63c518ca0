#include <headroom/memory/validation.h>

#include <headroom/memory/oprecompute.h>
#include <headroom/memory/pipelinestage.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/visiontower.h>

namespace headroom {

namespace {

constexpr Count kE(int exponent)
{
    Count v = 1;
    for (int i = 0; i < exponent; ++i)
        v *= 10;
    return v;
}

} // namespace

FieldRange fieldRange(Field f)
{
    switch (f) {
    case Field::Params: return { 1, kE(15) };
    case Field::Layers: return { 1, 100'000 };
    case Field::Hidden: return { 1, 1'000'000 };
    case Field::Heads: return { 1, 100'000 };
    case Field::KvHeads: return { 1, 100'000 };
    case Field::Ffn: return { 1, 10'000'000 };
    case Field::Vocab: return { 1, 100'000'000 };
    case Field::MaxPositions: return { 0, 100'000'000 };
    case Field::Batch: return { 1, 1'000'000 };
    case Field::Sequence: return { 1, 100'000'000 };
    case Field::GradAccum: return { 1, 1'000'000 };
    case Field::Dropout: return { 0, 1 };
    case Field::CudaContext: return { 0, kE(13) };
    case Field::AllocatorReserve: return { 0, kE(13) };
    case Field::Gpus: return { 1, 1'000'000 };
    case Field::TensorParallel: return { 1, 1024 };
    case Field::PipelineParallel: return { 1, 1024 };
    case Field::LoraRank: return { 1, 65536 };
    case Field::LoraTargets: return { 1, 511 }; // the nine LoraTarget bits
    case Field::Zero: return { 0, 3 };
    case Field::Offload: return { 0, 2 };
    case Field::GpusPerNode: return { 1, 1024 };
    case Field::ReduceBucket: return { 0, kE(12) };
    case Field::HeadDim: return { 1, 65536 };
    case Field::TypeVocab: return { 0, 1'000'000 };
    case Field::Experts: return { 0, 100'000 };
    case Field::ExpertsPerToken: return { 1, 100'000 };
    case Field::ExpertFfn: return { 1, 10'000'000 };
    case Field::SharedExperts: return { 0, 1024 };
    case Field::SharedFfn: return { 1, 10'000'000 };
    case Field::DenseLayers: return { 0, 100'000 };
    case Field::QLoraRank: return { 0, 1'000'000 };
    case Field::KvLoraRank: return { 0, 1'000'000 };
    case Field::RopeHeadDim: return { 0, 65536 };
    case Field::NopeHeadDim: return { 0, 65536 };
    case Field::ValueHeadDim: return { 1, 65536 };
    case Field::IndexHeads: return { 0, 65536 };
    case Field::IndexHeadDim: return { 0, 65536 };
    case Field::RotaryFraction: return { 0, 1 };
    case Field::ExpertParallel: return { 1, 1024 };
    case Field::ContextParallel: return { 1, 1024 };
    case Field::ContextParallelKind: return { 0, 3 };
    case Field::ContextLength: return { 0, 100'000'000 };
    case Field::RecomputeEvery: return { 1, 100'000 };
    case Field::RecomputeLayers: return { 0, 100'000 };
    case Field::ShardGroup: return { 0, 1'000'000 };
    case Field::PipelineLayers: return { 0, 65'535 };
    case Field::Recompute: return { 0, 3 };
    case Field::Packed: return { 0, 1 };
    case Field::ExpertShard: return { 0, 1'000'000 };
    // Images per sequence and their sides in pixels; a tower's shape as its configs give it.
    case Field::Images: return { 0, 10'000 };
    case Field::ImageWidth: return { 1, 100'000 };
    case Field::ImageHeight: return { 1, 100'000 };
    case Field::VisionTrained: return { 0, 1 };
    case Field::VisionParams: return { 1, kE(13) };
    case Field::VisionLayers: return { 1, 10'000 };
    case Field::VisionHidden: return { 1, 1'000'000 };
    case Field::VisionHeads: return { 1, 100'000 };
    case Field::VisionFfn: return { 1, 10'000'000 };
    case Field::VisionPatch: return { 1, 10'000 };
    case Field::VisionMerge: return { 1, 64 };
    case Field::VisionTemporalPatch: return { 1, 64 };
    case Field::VisionImageSize: return { 0, 100'000 };
    case Field::VisionTokensPerImage: return { 0, 10'000'000 };
    case Field::VisionWindow: return { 0, 100'000 };
    case Field::VisionFullBlocks: return { 0, 10'000 };
    case Field::VisionDeepstack: return { 0, 1'000 };
    case Field::VisionUnusedBlocks: return { 0, 10'000 };
    case Field::MixerLayers: return { 0, 100'000 };
    case Field::MixerHeads: return { 1, 65'536 };
    case Field::MixerHeadDim: return { 1, 65'536 };
    case Field::MixerKeyHeads: return { 1, 65'536 };
    case Field::MixerKeyDim: return { 1, 65'536 };
    case Field::MixerConv: return { 1, 1'024 };
    case Field::MixerChunk: return { 0, 1'000'000 };
    case Field::LossChunks: return { 1, 1'000'000 };
    case Field::MaxLiveParameters: return { 0, kE(15) };
    case Field::PrefetchBucket: return { 0, kE(15) };
    case Field::PersistenceThreshold: return { 0, kE(15) };
    case Field::VirtualStages: return { 1, 1024 };
    case Field::LoraDropout: return { 0, 1 };
    case Field::CapacityFactor: return { 0, 1000 };
    // No published block has more than four (Gemma-2's sandwich norms); the parameter walk
    // and the derivation visit each norm, so an unbounded count is unbounded work.
    case Field::NormsPerLayer: return { 0, 16 };
    // G·B completions are the micro-batch the policy trains on; prompt + completion its sequence.
    case Field::Generations: return { 1, 1024 };
    case Field::PromptLength: return { 1, 10'000'000 };
    case Field::CompletionLength: return { 1, 10'000'000 };
    case Field::RolloutMemoryFraction: return { 0, 1 };
    case Field::RolloutGpus: return { 1, 100'000 };
    case Field::Teacher:
    // GPTQ and AWQ pack 8 codes a 32-bit word along a group; no published checkpoint groups more
    // than a layer's inputs, and 2^20 is beyond any.
    case Field::QuantGroupSize: return { 1, 1 << 20 };
    // The rank of a projection of a weight's gradient: no weight has a side beyond LoRA's bound.
    case Field::ProjectionRank: return { 1, 65536 };
    case Field::OptimizerOffload: return { 0, 2 };
    case Field::LoraTrainable: return { 0, 3 };
    case Field::Recipe:
    case Field::MasterDtype:
    case Field::QuantBase:
    case Field::Fp8:
    case Field::Fp8AllGather:
    case Field::Dora:
    case Field::BnbSavesInput:
    case Field::Stack:
    case Field::Loss:
    case Field::OptimizerInBackward:
    case Field::ActivationOffload:
    case Field::Compile:
    case Field::PagedOptimizer:
    case Field::DistributedOptimizer:
    case Field::ActivationModel:
    case Field::Optimizer: return { 0, 1 };
    }
    return { 0, 0 };
}

std::string_view fieldName(Field f)
{
    switch (f) {
    case Field::Params: return "params";
    case Field::Layers: return "layers";
    case Field::Hidden: return "hidden";
    case Field::Heads: return "heads";
    case Field::KvHeads: return "kv-heads";
    case Field::Ffn: return "ffn";
    case Field::Vocab: return "vocab";
    case Field::MaxPositions: return "max-positions";
    case Field::Batch: return "batch";
    case Field::Sequence: return "seq";
    case Field::GradAccum: return "grad-accum";
    case Field::Dropout: return "dropout";
    case Field::CudaContext: return "cuda-context";
    case Field::AllocatorReserve: return "allocator-reserve";
    case Field::Gpus: return "gpus";
    case Field::TensorParallel: return "tp";
    case Field::PipelineParallel: return "pp";
    case Field::LoraRank: return "lora-rank";
    case Field::LoraTargets: return "lora-targets";
    case Field::Zero: return "zero";
    case Field::Offload: return "offload";
    case Field::GpusPerNode: return "gpus-per-node";
    case Field::ReduceBucket: return "reduce-bucket";
    case Field::HeadDim: return "head-dim";
    case Field::TypeVocab: return "type-vocab";
    case Field::Experts: return "experts";
    case Field::ExpertsPerToken: return "experts-per-token";
    case Field::ExpertFfn: return "expert-ffn";
    case Field::SharedExperts: return "shared-experts";
    case Field::SharedFfn: return "shared-ffn";
    case Field::DenseLayers: return "dense-layers";
    case Field::QLoraRank: return "q-lora-rank";
    case Field::KvLoraRank: return "kv-lora-rank";
    case Field::RopeHeadDim: return "rope-head-dim";
    case Field::NopeHeadDim: return "nope-head-dim";
    case Field::ValueHeadDim: return "v-head-dim";
    case Field::IndexHeads: return "index-heads";
    case Field::IndexHeadDim: return "index-head-dim";
    case Field::RotaryFraction: return "rotary-fraction";
    case Field::ExpertParallel: return "ep";
    case Field::ContextParallel: return "cp";
    case Field::ContextParallelKind: return "cp-kind";
    case Field::ContextLength: return "context-length";
    case Field::RecomputeEvery: return "recompute-every";
    case Field::RecomputeLayers: return "recompute-layers";
    case Field::ShardGroup: return "shard-group";
    case Field::PipelineLayers: return "pp-layers";
    case Field::Recompute: return "recompute";
    case Field::Packed: return "packed";
    case Field::ExpertShard: return "expert-shard";
    case Field::Images: return "images";
    case Field::ImageWidth: return "image-size";
    case Field::ImageHeight: return "image-size";
    case Field::VisionTrained: return "vision-tower";
    case Field::VisionParams: return "vision-params";
    case Field::VisionLayers: return "vision-layers";
    case Field::VisionHidden: return "vision-hidden";
    case Field::VisionHeads: return "vision-heads";
    case Field::VisionFfn: return "vision-ffn";
    case Field::VisionPatch: return "vision-patch";
    case Field::VisionMerge: return "vision-merge";
    case Field::VisionTemporalPatch: return "vision-temporal-patch";
    case Field::VisionImageSize: return "vision-image-size";
    case Field::VisionTokensPerImage: return "vision-tokens-per-image";
    case Field::VisionWindow: return "vision-window";
    case Field::VisionFullBlocks: return "vision-full-blocks";
    case Field::VisionDeepstack: return "vision-deepstack";
    case Field::VisionUnusedBlocks: return "vision-unused-blocks";
    case Field::MixerLayers: return "mixer-layers";
    case Field::MixerHeads: return "mixer-heads";
    case Field::MixerHeadDim: return "mixer-head-dim";
    case Field::MixerKeyHeads: return "mixer-key-heads";
    case Field::MixerKeyDim: return "mixer-key-dim";
    case Field::MixerConv: return "mixer-conv";
    case Field::MixerChunk: return "mixer-chunk";
    case Field::Stack: return "stack";
    case Field::Loss: return "loss";
    case Field::LossChunks: return "loss-chunks";
    case Field::OptimizerInBackward: return "optimizer-in-backward";
    case Field::ActivationOffload: return "activation-offload";
    case Field::Compile: return "compile";
    case Field::PagedOptimizer: return "paged-optimizer";
    case Field::MaxLiveParameters: return "max-live-parameters";
    case Field::PrefetchBucket: return "prefetch-bucket";
    case Field::PersistenceThreshold: return "persistence-threshold";
    case Field::DistributedOptimizer: return "distributed-optimizer";
    case Field::VirtualStages: return "vpp";
    case Field::LoraDropout: return "lora-dropout";
    case Field::CapacityFactor: return "capacity-factor";
    case Field::ActivationModel: return "activations";
    case Field::Optimizer: return "optimizer";
    case Field::NormsPerLayer: return "norms-per-layer";
    case Field::Generations: return "generations";
    case Field::PromptLength: return "prompt-length";
    case Field::CompletionLength: return "completion-length";
    case Field::RolloutMemoryFraction: return "rollout-memory-fraction";
    case Field::RolloutGpus: return "rollout-gpus";
    case Field::Teacher: return "teacher";
    case Field::Recipe: return "recipe";
    case Field::MasterDtype: return "master-dtype";
    case Field::QuantGroupSize: return "quant-group-size";
    case Field::QuantBase: return "qlora-base";
    case Field::Fp8: return "fp8";
    case Field::Fp8AllGather: return "fp8-all-gather";
    case Field::Dora: return "dora";
    case Field::BnbSavesInput: return "bnb-saves-input";
    case Field::LoraTrainable: return "lora-trainable";
    case Field::ProjectionRank: return "projection-rank";
    case Field::OptimizerOffload: return "optimizer-offload";
    }
    return {};
}

std::optional<Field> fieldFromName(std::string_view name)
{
    for (int i = 0; i <= static_cast<int>(kLastField); ++i)
        if (fieldName(static_cast<Field>(i)) == name)
            return static_cast<Field>(i);
    return std::nullopt;
}

Count fieldValue(Field f, const Scenario &s)
{
    switch (f) {
    case Field::Params: return s.model.paramsOverride;
    case Field::Layers: return s.model.layers;
    case Field::Hidden: return s.model.hidden;
    case Field::Heads: return s.model.heads;
    case Field::KvHeads: return s.model.kvHeads;
    case Field::Ffn: return s.model.ffn;
    case Field::Vocab: return s.model.vocab;
    case Field::MaxPositions: return s.model.maxPositions;
    case Field::Batch: return s.training.microBatch;
    case Field::Sequence: return s.training.sequence;
    case Field::GradAccum: return s.training.gradAccumSteps;
    case Field::Dropout: return 0;
    case Field::CudaContext: return countOf(s.overhead.cudaContext);
    case Field::AllocatorReserve: return countOf(s.overhead.allocatorReserve);
    case Field::Gpus: return s.parallel.gpus;
    case Field::TensorParallel: return s.parallel.tensorParallel;
    case Field::PipelineParallel: return s.parallel.pipelineParallel;
    case Field::LoraRank: return s.lora.rank;
    case Field::LoraTargets: return s.lora.targets;
    case Field::Zero: return static_cast<Count>(s.parallel.zero);
    case Field::Offload: return static_cast<Count>(s.parallel.offload);
    case Field::GpusPerNode: return s.parallel.gpusPerNode;
    case Field::ReduceBucket: return s.parallel.reduceBucket;
    case Field::HeadDim: return s.model.headDim;
    case Field::TypeVocab: return s.model.typeVocab;
    case Field::Experts: return s.model.moe.experts;
    case Field::ExpertsPerToken: return s.model.moe.perToken;
    case Field::ExpertFfn: return s.model.moe.expertFfn;
    case Field::SharedExperts: return s.model.moe.sharedExperts;
    case Field::SharedFfn: return s.model.moe.sharedFfn;
    case Field::DenseLayers: return s.model.moe.denseLayers;
    case Field::QLoraRank: return s.model.mla.qLoraRank;
    case Field::KvLoraRank: return s.model.mla.kvLoraRank;
    case Field::RopeHeadDim: return s.model.mla.ropeHeadDim;
    case Field::NopeHeadDim: return s.model.mla.nopeHeadDim;
    case Field::ValueHeadDim: return s.model.mla.valueHeadDim;
    case Field::IndexHeads: return s.model.mla.indexHeads;
    case Field::IndexHeadDim: return s.model.mla.indexHeadDim;
    case Field::RotaryFraction: return 0;
    case Field::ExpertParallel: return s.parallel.expertParallel;
    case Field::ContextParallel: return s.parallel.contextParallel;
    case Field::ContextParallelKind: return static_cast<Count>(s.parallel.contextKind);
    case Field::ContextLength: return s.model.contextLength;
    case Field::RecomputeEvery: return s.training.recomputeEvery;
    case Field::RecomputeLayers: return s.training.recomputeLayers;
    case Field::ShardGroup: return s.parallel.shardGroup;
    case Field::PipelineLayers: return s.parallel.listedStages;
    case Field::Recompute: return static_cast<Count>(s.training.recompute);
    case Field::Packed: return s.training.packed ? 1 : 0;
    case Field::ExpertShard: return s.parallel.expertShard;
    case Field::Images: return s.training.images;
    case Field::ImageWidth: return s.training.imageWidth;
    case Field::ImageHeight: return s.training.imageHeight;
    case Field::VisionTrained: return s.training.visionTrained ? 1 : 0;
    case Field::VisionParams: return s.model.vision.parameters;
    case Field::VisionLayers: return s.model.vision.layers;
    case Field::VisionHidden: return s.model.vision.hidden;
    case Field::VisionHeads: return s.model.vision.heads;
    case Field::VisionFfn: return s.model.vision.ffn;
    case Field::VisionPatch: return s.model.vision.patch;
    case Field::VisionMerge: return s.model.vision.merge;
    case Field::VisionTemporalPatch: return s.model.vision.temporalPatch;
    case Field::VisionImageSize: return s.model.vision.imageSize;
    case Field::VisionTokensPerImage: return s.model.vision.tokensPerImage;
    case Field::VisionWindow: return s.model.vision.windowSize;
    case Field::VisionFullBlocks: return s.model.vision.fullBlocks;
    case Field::VisionDeepstack: return s.model.vision.deepstackMergers;
    case Field::VisionUnusedBlocks: return s.model.vision.unusedBlocks;
    case Field::MixerLayers: return s.model.hybrid.layers;
    case Field::MixerHeads: return s.model.hybrid.heads;
    case Field::MixerHeadDim: return s.model.hybrid.headDim;
    case Field::MixerKeyHeads: return s.model.hybrid.keyHeads;
    case Field::MixerKeyDim: return s.model.hybrid.keyDim;
    case Field::MixerConv: return s.model.hybrid.convKernel;
    case Field::MixerChunk: return s.model.hybrid.chunkSize;
    case Field::Stack: return static_cast<Count>(s.stack.stack);
    case Field::Loss: return static_cast<Count>(s.stack.loss);
    case Field::LossChunks: return s.stack.lossChunks;
    case Field::OptimizerInBackward: return s.stack.optimizerInBackward ? 1 : 0;
    case Field::ActivationOffload: return s.stack.activationOffload ? 1 : 0;
    case Field::Compile: return s.stack.compile ? 1 : 0;
    case Field::PagedOptimizer: return s.stack.pagedOptimizer ? 1 : 0;
    case Field::MaxLiveParameters: return s.stack.maxLiveParameters;
    case Field::PrefetchBucket: return s.stack.prefetchBucket;
    case Field::PersistenceThreshold: return s.stack.persistenceThreshold;
    case Field::DistributedOptimizer: return s.stack.distributedOptimizer ? 1 : 0;
    case Field::VirtualStages: return s.stack.virtualStages;
    case Field::LoraDropout: return 0;
    case Field::CapacityFactor: return 0;
    case Field::ActivationModel: return static_cast<Count>(s.activations.model);
    case Field::Optimizer: return static_cast<Count>(s.training.precision.optimizer);
    case Field::NormsPerLayer: return s.model.normsPerLayer;
    case Field::Generations: return s.training.generations;
    case Field::PromptLength: return s.training.promptLength;
    case Field::CompletionLength: return completionLength(s);
    case Field::RolloutMemoryFraction: return 0;
    case Field::RolloutGpus: return s.training.rolloutGpus;
    case Field::Teacher: return s.training.sideModels.teacher.sameAsPolicy ? 0 : 1;
    case Field::Recipe: return static_cast<Count>(s.training.precision.recipe);
    case Field::MasterDtype: return static_cast<Count>(s.training.precision.masterDtype);
    case Field::QuantGroupSize: return s.stack.quantGroupSize;
    case Field::QuantBase: return static_cast<Count>(s.stack.quantBase);
    case Field::Fp8: return static_cast<Count>(s.training.precision.fp8);
    case Field::Fp8AllGather: return s.training.precision.fp8AllGather ? 1 : 0;
    case Field::Dora: return s.lora.dora ? 1 : 0;
    case Field::BnbSavesInput: return s.lora.bnbSavesInput ? 1 : 0;
    case Field::LoraTrainable: return s.lora.trainedModules;
    case Field::ProjectionRank: return s.training.precision.projectionRank;
    case Field::OptimizerOffload: return static_cast<Count>(s.training.precision.optimizerOffload);
    }
    return 0;
}

namespace {

// Adds an OutOfRange issue when \a v is outside \a f's range; whether it was inside.
bool checkRange(ValidationIssues &issues, Field f, Count v)
{
    const FieldRange r = fieldRange(f);
    if (v < r.min || v > r.max) {
        issues.add({ f, Problem::OutOfRange, r.min, r.max, f });
        return false;
    }
    return true;
}

// The split of the layers over the pipeline's stages (scenario.h PipelineSplit): a list names every
// virtual stage and adds up to L; torchtitan's weighted split refuses a stage without a layer.
void validatePipelineSplit(const Scenario &s, ValidationIssues &issues, bool layoutOk)
{
    const Parallelism &p = s.parallel;
    if (p.pipelineSplit == PipelineSplit::Even)
        return;
    const auto refuse = [&issues](Field other, Conflict why) {
        issues.add({ Field::PipelineLayers, Problem::Unsupported, 0, 0, other, why });
    };
    if (p.pipelineParallel < 2) {
        refuse(Field::PipelineParallel, Conflict::StageSplitNeedsPipeline);
        return;
    }
    if (!layoutOk)
        return;
    const Count chunks = pipelineChunks(s);
    if (p.pipelineSplit == PipelineSplit::Weighted) {
        if (quotient(s.model.layers + 2, chunks) < 1)
            refuse(Field::PipelineParallel, Conflict::WeightedSplitEmptyStage);
        return;
    }
    if (p.listedStages != chunks) {
        refuse(Field::PipelineParallel, Conflict::StageListLength);
        return;
    }
    Count sum = 0;
    for (Count j = 0; j < p.listedStages && j < kMaxPipelineChunks; ++j)
        sum += p.stageLayers[static_cast<std::size_t>(j)];
    if (sum != s.model.layers)
        refuse(Field::Layers, Conflict::StageListSum);
}

// A multimodal model's tower and the images it encodes (visiontower.h), as modelled.
void validateVision(const Scenario &s, ValidationIssues &issues)
{
    const VisionSpec &v = s.model.vision;
    const TrainingSetup &t = s.training;
    auto inRange = [&issues](Field f, Count value) { return checkRange(issues, f, value); };
    auto refuse = [&issues](Field f, Field other, Conflict why) { issues.add({ f, Problem::Unsupported, 0, 0, other, why }); };
    // A tower's shape is checked where it has one, or where a file gave part of one (a size
    // without its kind still has to be a size); 0 is "no tower" until a kind is given.
    const bool described = v.kind != VisionTowerKind::None;
    auto check = [&](Field f, Count value) { return (value == 0 && !described) || inRange(f, value); };
    const bool towerOk = check(Field::VisionParams, v.parameters) & check(Field::VisionLayers, v.layers) & check(Field::VisionHidden, v.hidden)
            & check(Field::VisionHeads, v.heads) & check(Field::VisionFfn, v.ffn) & check(Field::VisionPatch, v.patch)
            & inRange(Field::VisionMerge, v.merge) & inRange(Field::VisionTemporalPatch, v.temporalPatch)
            & inRange(Field::VisionImageSize, v.imageSize) & inRange(Field::VisionTokensPerImage, v.tokensPerImage)
            & inRange(Field::VisionWindow, v.windowSize) & inRange(Field::VisionFullBlocks, v.fullBlocks)
            & inRange(Field::VisionDeepstack, v.deepstackMergers) & inRange(Field::VisionUnusedBlocks, v.unusedBlocks);
    if (towerOk && described && v.fullBlocks > v.layers)
        issues.add({ Field::VisionFullBlocks, Problem::OutOfRange, 0, v.layers, Field::VisionLayers });
    if (towerOk && described && v.unusedBlocks >= v.layers)
        issues.add({ Field::VisionUnusedBlocks, Problem::OutOfRange, 0, v.layers - 1, Field::VisionLayers });
    if (described) {
        if (towerOk && v.hidden % v.heads != 0)
            issues.add({ Field::VisionHeads, Problem::NotDivisible, 0, 0, Field::VisionHidden });
        // A fixed-size tower's side is whole patches (SigLIP: 896 / 14 = 64).
        if (towerOk && v.fixedSize() && v.imageSize % v.patch != 0)
            issues.add({ Field::VisionPatch, Problem::NotDivisible, 0, 0, Field::VisionImageSize });
    }
    const bool imagesOk = inRange(Field::Images, t.images);
    if (!v.present()) {
        if (imagesOk && t.images > 0)
            refuse(Field::Images, Field::Images, Conflict::ImagesNeedVisionTower);
        if (t.visionTrained)
            refuse(Field::VisionTrained, Field::VisionTrained, Conflict::ImagesNeedVisionTower);
        return;
    }
    if (t.visionTrained && s.lora.mode != AdapterMode::None)
        refuse(Field::VisionTrained, Field::VisionTrained, Conflict::VisionTrainedNoAdapters);
    if (!imagesOk || t.images == 0 || !towerOk)
        return;
    if (!v.imagesModelled()) {
        refuse(Field::Images, Field::Images, Conflict::VisionImagesNotMeasured);
        return;
    }
    if (s.parallel.contextParallel > 1)
        refuse(Field::Images, Field::ContextParallel, Conflict::VisionNoContextParallel);
    // Pixtral under SDPA runs its N x N block mask through the memory-efficient kernel, which
    // keeps (and may pad) it for backward: not measured; flash (no mask) and eager are.
    if (v.kind == VisionTowerKind::Pixtral && attentionKernelOf(s) == AttentionKernel::Sdpa)
        refuse(Field::Images, Field::Images, Conflict::PixtralMaskedSdpa);
    // A tower of the image's own size needs that size; a fixed-size tower resizes every image.
    if (!v.fixedSize()) {
        if (t.imageWidth == 0 || t.imageHeight == 0) {
            issues.add({ Field::ImageWidth, Problem::Missing, 0, 0, Field::ImageWidth });
            return;
        }
        if (!(inRange(Field::ImageWidth, t.imageWidth) & inRange(Field::ImageHeight, t.imageHeight)))
            return;
        // smart_resize refuses a side shorter than one merge unit (patch × merge pixels); Pixtral's
        // processor rounds any side up to one.
        const Count factor = v.kind == VisionTowerKind::Pixtral ? 1 : v.patch * v.merge;
        if (t.imageWidth < factor)
            issues.add({ Field::ImageWidth, Problem::OutOfRange, factor, fieldRange(Field::ImageWidth).max, Field::ImageWidth });
        if (t.imageHeight < factor)
            issues.add({ Field::ImageHeight, Problem::OutOfRange, factor, fieldRange(Field::ImageHeight).max, Field::ImageHeight });
        if (t.imageWidth < factor || t.imageHeight < factor)
            return;
    }
    // The images' tokens are part of each sequence: at most S of them.
    const Count perImage = visionImages(s).tokensPerImage;
    if (perImage > 0 && t.images * perImage > t.sequence)
        issues.add({ Field::Images, Problem::OutOfRange, 0, quotient(t.sequence, perImage), Field::Sequence });
}

// What the training stack's features need of the rest of the scenario (stack.h).
// Context parallelism (scenario.h): c GPUs per sequence, as the frameworks modelled run it.
// A hybrid model's mixer layers (model.h HybridSpec), within what is modelled of them: the
// LLaMA block's layers on one stage, whole-model training, the itemized model.
void validateHybrid(const Scenario &s, ValidationIssues &issues)
{
    const HybridSpec &h = s.model.hybrid;
    auto inRange = [&issues](Field f, Count value) { return checkRange(issues, f, value); };
    // The shape is checked where a mixer is named, or where a file gave part of one (a size
    // without its kind still has to be a size); 0 is "no mixer" until a kind is given.
    const bool described = h.kind != MixerKind::None;
    auto check = [&](Field f, Count value) { return (value == 0 && !described) || inRange(f, value); };
    // A short convolution has no keys: its key sizes are not read, whatever they hold.
    const bool keyed = h.kind != MixerKind::ShortConv;
    auto checkKey = [&](Field f, Count value) { return !keyed || check(f, value); };
    const bool shapeOk = inRange(Field::MixerLayers, h.layers) & check(Field::MixerHeads, h.heads)
            & check(Field::MixerHeadDim, h.headDim) & checkKey(Field::MixerKeyHeads, h.keyHeads) & checkKey(Field::MixerKeyDim, h.keyDim)
            & inRange(Field::MixerConv, h.convKernel) & inRange(Field::MixerChunk, h.chunkSize);
    if (!shapeOk || !described)
        return;
    if (h.layers > s.model.layers) {
        issues.add({ Field::MixerLayers, Problem::OutOfRange, 0, s.model.layers, Field::Layers });
        return;
    }
    // Gated DeltaNet's value heads are whole groups of its key heads (repeat_interleave).
    if (h.kind == MixerKind::GatedDeltaNet && h.heads % h.keyHeads != 0)
        issues.add({ Field::MixerKeyHeads, Problem::NotDivisible, 0, 0, Field::MixerHeads });
    if (h.layers == 0)
        return;
    auto refuse = [&issues](Field f, Conflict why) { issues.add({ f, Problem::Unsupported, 0, 0, Field::MixerLayers, why }); };
    const Parallelism &p = s.parallel;
    if (p.tensorParallel > 1)
        refuse(Field::TensorParallel, Conflict::HybridNoModelParallel);
    if (p.pipelineParallel > 1)
        refuse(Field::PipelineParallel, Conflict::HybridNoModelParallel);
    if (p.contextParallel > 1)
        refuse(Field::ContextParallel, Conflict::HybridNoModelParallel);
    // transformers' BambaMixer.cuda_kernels_forward (modeling_bamba.py at 00511f5d) trains through
    // mamba_split_conv1d_scan_combined(..., outproj_weight=self.out_proj.weight): the kernel
    // multiplies by out_proj's weight itself instead of calling the module, so a quantized
    // out_proj (packed 4-bit or 8-bit codes) cannot run, and an adapter on it is never reached.
    if (h.kind == MixerKind::Mamba2 && s.lora.mode == AdapterMode::Qlora)
        refuse(Field::QuantBase, Conflict::Mamba2NoQuantizedBase);
    if (h.kind == MixerKind::Mamba2 && s.lora.mode != AdapterMode::None && (s.lora.targets & LoraMixerOut) != 0)
        refuse(Field::LoraTargets, Conflict::Mamba2OutProjFused);
    if (s.activations.model == ActivationModelKind::Textbook)
        refuse(Field::ActivationModel, Conflict::HybridNeedsItemized);
    if (s.training.precision.fp8 != Fp8Recipe::Off)
        refuse(Field::Fp8, Conflict::HybridNoFp8);
    if (s.model.moe.enabled() && s.model.moe.denseLayers > 0)
        refuse(Field::DenseLayers, Conflict::HybridNoDenseFirst);
    if (s.training.recompute == Recompute::Op || s.training.recomputeEvery > 1 || s.training.recomputeLayers > 0)
        refuse(Field::Recompute, Conflict::HybridWholeLayers);
    if (s.model.family != BlockFamily::Llama || s.model.mla.enabled())
        refuse(Field::MixerLayers, Conflict::HybridNeedsLlamaBlock);
    if (generatesRollouts(s.training.method))
        refuse(Field::Generations, Conflict::HybridNoRollouts);
}

void validateContextParallel(const Scenario &s, ValidationIssues &issues, bool layoutOk)
{
    const Parallelism &p = s.parallel;
    const ModelSpec &m = s.model;
    if (!checkRange(issues, Field::ContextParallel, p.contextParallel)
        || !checkRange(issues, Field::ContextParallelKind, static_cast<Count>(p.contextKind)) || p.contextParallel <= 1)
        return;
    const Count c = p.contextParallel;
    auto unsupported = [&issues](Field other, Conflict why) {
        issues.add({ Field::ContextParallel, Problem::Unsupported, 0, 0, other, why });
    };
    // N holds whole groups of t × p × c GPUs (issueText() names the three).
    if (layoutOk && p.gpus % p.replicaGpus() != 0)
        issues.add({ Field::Gpus, Problem::NotDivisible, 0, 0, Field::ContextParallel });
    const ContextParallelKind kind = contextParallelKindOf(s);
    // Ring and all-gather balance the causal mask by giving each GPU a head and a tail chunk:
    // S must be a multiple of 2c (Transformer Engine asserts it; torchtitan's head-tail load
    // balancer needs it). Ulysses splits the sequence plainly: a multiple of c.
    const Count unit = kind == ContextParallelKind::Ulysses ? c : 2 * c;
    if (s.training.sequence % unit != 0)
        issues.add({ Field::Sequence, Problem::NotDivisible, 0, 0, Field::ContextParallel });
    if (s.activations.model == ActivationModelKind::Textbook)
        unsupported(Field::ActivationModel, Conflict::ContextNeedsItemized);
    // Conflicts with the model or the method name no other field: the issue names cp alone.
    if (!modelTraits(m).rotary || modelTraits(m).encoder)
        unsupported(Field::ContextParallel, Conflict::ContextNeedsRotary);
    if (s.training.method != TrainingMethod::Sft)
        unsupported(Field::ContextParallel, Conflict::ContextNeedsSupervised);
    if (kind == ContextParallelKind::Ulysses && m.heads > 0 && p.tensorParallel > 0) {
        const Count t = p.tensorParallel;
        const Count q = m.heads % t == 0 ? m.heads / t : 0;
        const Count kv = m.kvHeadsOrHeads() % t == 0 ? m.kvHeadsOrHeads() / t : 0;
        if (q == 0 || q % c != 0 || kv == 0 || (kv % c != 0 && c % kv != 0))
            unsupported(Field::Heads, Conflict::UlyssesDividesHeads);
    }
}

void validateStack(const Scenario &s, ValidationIssues &issues)
{
    const StackOptions &o = s.stack;
    const Parallelism &p = s.parallel;
    auto unsupported = [&issues](Field field, Field other, Conflict why) {
        issues.add({ field, Problem::Unsupported, 0, 0, other, why });
    };
    auto inRange = [&issues](Field f, Count v) { return checkRange(issues, f, v); };
    const bool fsdp = o.stack == TrainingStack::Fsdp || o.stack == TrainingStack::Fsdp2;
    if (fsdp && p.zero == ZeroStage::Stage1)
        unsupported(Field::Zero, Field::Stack, Conflict::FsdpHasNoStage1);
    if (o.stack == TrainingStack::Megatron && p.zero != ZeroStage::Stage0)
        unsupported(Field::Zero, Field::Stack, Conflict::MegatronHasNoZero);
    const bool textbook = s.activations.model == ActivationModelKind::Textbook;
    if (o.loss != LossKind::Plain && textbook)
        unsupported(Field::Loss, Field::ActivationModel, Conflict::LossNeedsItemized);
    if (o.lossChunks != 0)
        inRange(Field::LossChunks, o.lossChunks);
    if (o.compile && textbook)
        unsupported(Field::Compile, Field::ActivationModel, Conflict::CompileNeedsItemized);
    if (o.activationOffload && textbook)
        unsupported(Field::ActivationOffload, Field::ActivationModel, Conflict::OffloadNeedsItemized);
    if (o.optimizerInBackward) {
        // torchtune: "optimizer_in_bwd" with gradient accumulation raises; the recipes that
        // have it are single-device ones (recipes/full_finetune_single_device.py L122-130).
        if (s.training.gradAccumSteps > 1)
            unsupported(Field::OptimizerInBackward, Field::GradAccum, Conflict::InBackwardNoAccumulation);
        if (p.zero != ZeroStage::Stage0 || p.gpus > 1)
            unsupported(Field::OptimizerInBackward, Field::Gpus, Conflict::InBackwardNoSharding);
    }
    // DeepSpeed's 16-bit master weights (precision.h): DeepSpeedConfig asserts a ZeRO stage of 1
    // to 3, and _configure_master_weights asserts ZeRO-Offload with DeepSpeedCPUAdam when the
    // states stay FP32 (deepspeed/runtime/config.py, base_optimizer.py, v0.18.3).
    const PrecisionChoice &pc = s.training.precision;
    if (hasHalfMaster(pc) && (o.stack == TrainingStack::DeepSpeed || o.stack == TrainingStack::HfTrainer)) {
        if (p.zero == ZeroStage::Stage0)
            unsupported(Field::MasterDtype, Field::Zero, Conflict::HalfMasterNeedsZero);
        else if (pc.stateDtype == StateDtype::Fp32 && p.offload == Offload::None)
            unsupported(Field::MasterDtype, Field::Offload, Conflict::HalfMasterFp32States);
    }
    if (o.pagedOptimizer) {
        if (p.offload != Offload::None)
            unsupported(Field::PagedOptimizer, Field::Zero, Conflict::PagedNeedsGpuStates);
        const Optimizer opt = s.training.precision.optimizer;
        if (opt != Optimizer::AdamW && opt != Optimizer::Adam && opt != Optimizer::Adam8bit && opt != Optimizer::Lion)
            unsupported(Field::PagedOptimizer, Field::Optimizer, Conflict::PagedNeedsAdam);
    }
    if (o.maxLiveParameters >= 0)
        inRange(Field::MaxLiveParameters, o.maxLiveParameters);
    if (o.prefetchBucket >= 0)
        inRange(Field::PrefetchBucket, o.prefetchBucket);
    if (o.persistenceThreshold >= 0)
        inRange(Field::PersistenceThreshold, o.persistenceThreshold);
    if (o.distributedOptimizer && o.stack != TrainingStack::Megatron)
        unsupported(Field::DistributedOptimizer, Field::Stack, Conflict::DistributedNeedsMegatron);
    if (inRange(Field::VirtualStages, o.virtualStages) && o.virtualStages > 1) {
        if (p.pipelineParallel < 2)
            unsupported(Field::VirtualStages, Field::PipelineParallel, Conflict::VirtualNeedsPipeline);
        else if (p.pipelineSplit == PipelineSplit::Even && s.model.layers % (p.pipelineParallel * o.virtualStages) != 0)
            unsupported(Field::VirtualStages, Field::Layers, Conflict::VirtualDividesLayers);
    }
    const double f = s.activations.capacityFactor;
    if (!(f >= 0.0 && f <= 1000.0))
        issues.add({ Field::CapacityFactor, Problem::OutOfRange, 0, 1000, Field::CapacityFactor });
}

// Reinforcement learning's rollouts (posttraining.h): every value in its range whatever the method
// (a file may set them before it names the method), what they need of the rest under GRPO.
void validateRollouts(const Scenario &s, ValidationIssues &issues)
{
    const TrainingSetup &rl = s.training;
    const bool grpo = generatesRollouts(rl.method);
    auto inRange = [&issues](Field f, Count v) { return checkRange(issues, f, v); };
    // G·B completions are the policy's micro-batch: at most the micro-batch's own limit.
    if (inRange(Field::Generations, rl.generations) && grpo && rl.generations * rl.microBatch > fieldRange(Field::Batch).max)
        issues.add({ Field::Generations, Problem::OutOfRange, 1, std::max<Count>(1, fieldRange(Field::Batch).max / rl.microBatch),
                     Field::Generations });
    // The completion is what S holds beyond the prompt: at least a token of it under GRPO, PPO
    // and distillation (GKD's loss reads the completion's logits).
    const bool prompted = grpo || keepsTeacher(rl.method);
    if (inRange(Field::PromptLength, rl.promptLength) && prompted && rl.promptLength >= rl.sequence)
        issues.add({ Field::PromptLength, Problem::OutOfRange, 1, std::max<Count>(1, rl.sequence - 1), Field::Sequence });
    else if (prompted)
        inRange(Field::CompletionLength, completionLength(s));
    if (keepsTeacher(rl.method) && sideModelOf(s, SideRole::Teacher).vocab != s.model.vocab)
        issues.add({ Field::Teacher, Problem::Unsupported, 0, 0, Field::Vocab, Conflict::TeacherSharesVocabulary });
    inRange(Field::RolloutGpus, rl.rolloutGpus);
    if (!(rl.rolloutMemoryFraction > 0.0 && rl.rolloutMemoryFraction <= 1.0))
        issues.add({ Field::RolloutMemoryFraction, Problem::OutOfRange, 0, 1, Field::RolloutMemoryFraction });
    else if (grpo && rl.rollout == RolloutEngine::VllmColocate && s.gpu.capacity <= bytes(0))
        issues.add({ Field::RolloutMemoryFraction, Problem::Unsupported, 0, 0, Field::Gpus, Conflict::ColocatedNeedsGpu });
}

} // namespace

ValidationIssues validate(const Scenario &s)
{
    ValidationIssues issues;
    auto inRange = [&issues](Field f, Count v) { return checkRange(issues, f, v); };
    {
        const PrecisionChoice &pc = s.training.precision;
        if (pc.masterDtype != Dtype::Fp32 && !hasHalfMaster(pc))
            issues.add({ Field::MasterDtype, Problem::Unsupported, 0, 0, Field::Recipe, Conflict::HalfMasterNeedsRecipe });
        if (pc.optimizer == Optimizer::AdamMini && s.lora.mode != AdapterMode::None)
            issues.add({ Field::Optimizer, Problem::Unsupported, 0, 0, Field::LoraRank, Conflict::AdamMiniNeedsFullModel });
        checkRange(issues, Field::ProjectionRank, pc.projectionRank);
        // torchao's CPUOffloadOptimizer (precision.h): "for single-GPU training"; it copies the
        // parameters it steps, so no master copy; offload_gradients is "not compatible with
        // gradient accumulation"; it wraps a torch.optim class and hooks the gradients itself
        // (cpu_offload.py at ao 36027d8).
        if (pc.optimizerOffload != OptimizerOffload::None) {
            const Parallelism &par = s.parallel;
            const Optimizer o = pc.optimizer;
            auto refuse = [&issues](Field other, Conflict why) {
                issues.add({ Field::OptimizerOffload, Problem::Unsupported, 0, 0, other, why });
            };
            if (par.gpus > 1 || par.zero != ZeroStage::Stage0 || par.offload != Offload::None || par.tensorParallel > 1
                || par.pipelineParallel > 1 || par.expertParallel > 1)
                refuse(Field::Gpus, Conflict::CpuOffloadSingleGpu);
            else if (pc.recipe == Recipe::Fp16Master || pc.recipe == Recipe::Bf16Master)
                refuse(Field::Recipe, Conflict::CpuOffloadNoMaster);
            else if (pc.optimizerOffload == OptimizerOffload::CpuGradients && s.training.gradAccumSteps > 1)
                refuse(Field::GradAccum, Conflict::CpuOffloadNoAccumulation);
            else if ((o != Optimizer::AdamW && o != Optimizer::Adam && o != Optimizer::Sgd && o != Optimizer::SgdMomentum)
                     || s.stack.optimizerInBackward || s.stack.pagedOptimizer || s.stack.distributedOptimizer)
                refuse(Field::Optimizer, Conflict::CpuOffloadTorchOptimizer);
        }
        if (isProjectedOptimizer(pc.optimizer)) {
            // GaLore's and APOLLO's projectors take each weight's 2-D gradient whole (an SVD, or a
            // matmul with its random projection): DeepSpeed's and FSDP1's flat partitions,
            // Megatron's sharded buffers and tensor- or pipeline-parallel slices are not what
            // their scripts run (torchrun_main.py: DDP only); the adapters are not theirs either.
            const Parallelism &par = s.parallel;
            if (s.lora.mode != AdapterMode::None)
                issues.add({ Field::Optimizer, Problem::Unsupported, 0, 0, Field::LoraRank, Conflict::ProjectedNeedsFullModel });
            else if (par.zero != ZeroStage::Stage0)
                issues.add({ Field::Optimizer, Problem::Unsupported, 0, 0, Field::Zero, Conflict::ProjectedNeedsWholeWeights });
            else if (s.stack.distributedOptimizer)
                issues.add({ Field::Optimizer, Problem::Unsupported, 0, 0, Field::DistributedOptimizer, Conflict::ProjectedNeedsWholeWeights });
            else if (par.tensorParallel > 1)
                issues.add({ Field::Optimizer, Problem::Unsupported, 0, 0, Field::TensorParallel, Conflict::ProjectedNeedsWholeWeights });
            else if (par.pipelineParallel > 1)
                issues.add({ Field::Optimizer, Problem::Unsupported, 0, 0, Field::PipelineParallel, Conflict::ProjectedNeedsWholeWeights });
            else if (par.expertParallel > 1)
                issues.add({ Field::Optimizer, Problem::Unsupported, 0, 0, Field::ExpertParallel, Conflict::ProjectedNeedsWholeWeights });
        }
        // -1 is the format's default; any other value must be a group size of a grouped format.
        if (s.stack.quantGroupSize != -1 && checkRange(issues, Field::QuantGroupSize, s.stack.quantGroupSize)) {
            const QuantBase q = s.stack.quantBase;
            if (q != QuantBase::Gptq && q != QuantBase::Awq && q != QuantBase::Hqq)
                issues.add({ Field::QuantGroupSize, Problem::Unsupported, 0, 0, Field::QuantBase, Conflict::GroupSizeNeedsGroups });
        }
        // FP8 training (precision.h, Fp8Recipe): what is modelled of it.
        if (pc.fp8 != Fp8Recipe::Off) {
            auto fp8Conflict = [&issues](Field other, Conflict why) {
                issues.add({ Field::Fp8, Problem::Unsupported, 0, 0, other, why });
            };
            if (pc.recipe == Recipe::Fp32)
                fp8Conflict(Field::Recipe, Conflict::Fp8NeedsHalfRecipe);
            if (s.lora.mode != AdapterMode::None)
                fp8Conflict(Field::LoraRank, Conflict::Fp8NotWithAdapters);
            if (s.model.moe.enabled())
                fp8Conflict(Field::Experts, Conflict::Fp8DenseOnly);
            if (s.activations.model == ActivationModelKind::Textbook)
                fp8Conflict(Field::ActivationModel, Conflict::Fp8NeedsItemized);
        }
        // DoRA (lora.h): PEFT's magnitudes beside its adapters.
        if (s.lora.dora) {
            if (s.lora.mode == AdapterMode::None)
                issues.add({ Field::Dora, Problem::Unsupported, 0, 0, Field::LoraRank, Conflict::DoraNeedsAdapters });
            else if (s.stack.stack == TrainingStack::Torchtune || s.stack.stack == TrainingStack::Litgpt)
                issues.add({ Field::Dora, Problem::Unsupported, 0, 0, Field::Stack, Conflict::DoraNeedsPeft });
        }
        // PEFT's modules_to_save (lora.h): copies trained beside the adapters, placed whole on
        // every replica; torchtune, litgpt and Megatron have no such option.
        if (s.lora.trainedModules != 0) {
            auto refuseCopies = [&issues](Field other, Conflict why) {
                issues.add({ Field::LoraTrainable, Problem::Unsupported, 0, 0, other, why });
            };
            if (s.lora.trainedModules > (TrainedEmbedding | TrainedHead))
                inRange(Field::LoraTrainable, s.lora.trainedModules);
            else if (s.lora.mode == AdapterMode::None)
                refuseCopies(Field::LoraRank, Conflict::TrainedCopiesNeedAdapters);
            else if (s.stack.stack == TrainingStack::Torchtune || s.stack.stack == TrainingStack::Litgpt
                     || s.stack.stack == TrainingStack::Megatron)
                refuseCopies(Field::Stack, Conflict::TrainedCopiesNeedPeft);
            else if (s.parallel.tensorParallel > 1 || s.parallel.pipelineParallel > 1 || s.parallel.expertParallel > 1)
                refuseCopies(s.parallel.tensorParallel > 1 ? Field::TensorParallel
                                     : s.parallel.pipelineParallel > 1 ? Field::PipelineParallel : Field::ExpertParallel,
                             Conflict::TrainedCopiesNeedDataParallel);
            else if (pc.optimizerOffload != OptimizerOffload::None)
                refuseCopies(Field::OptimizerOffload, Conflict::TrainedCopiesCpuOffload);
        }
        // (torchtune's QLoRA quantizes with torchao's NF4Tensor, not bitsandbytes.)
        if (s.lora.bnbSavesInput
            && (s.lora.mode != AdapterMode::Qlora || (s.stack.quantBase != QuantBase::Nf4 && s.stack.quantBase != QuantBase::Nf4DoubleQuant)
                || s.stack.stack == TrainingStack::Torchtune))
            issues.add({ Field::BnbSavesInput, Problem::Unsupported, 0, 0, Field::QuantBase, Conflict::BnbSavesInputNeedsNf4 });
        if (pc.fp8AllGather) {
            // torchao's Float8LinearConfig.__post_init__ asserts tensorwise weights for it; it is
            // FSDP2's all-gather hook (fsdp_utils.py), so it needs sharded whole-layer gathers.
            const bool fsdpStack = s.stack.stack == TrainingStack::Fsdp2 || s.stack.stack == TrainingStack::Torchtune;
            if (pc.fp8 != Fp8Recipe::Tensorwise)
                issues.add({ Field::Fp8AllGather, Problem::Unsupported, 0, 0, Field::Fp8, Conflict::Fp8AllGatherNeedsTensorwise });
            else if (!fsdpStack || s.parallel.zero != ZeroStage::Stage3)
                issues.add({ Field::Fp8AllGather, Problem::Unsupported, 0, 0, Field::Stack, Conflict::Fp8AllGatherNeedsFsdp });
        }
    }
    const ModelSpec &m = s.model;
    if (m.paramsOverride != 0)
        inRange(Field::Params, m.paramsOverride);
    const bool layersOk = inRange(Field::Layers, m.layers);
    const bool hiddenOk = inRange(Field::Hidden, m.hidden);
    const bool headsOk = inRange(Field::Heads, m.heads);
    const bool kvOk = m.kvHeads == 0 || inRange(Field::KvHeads, m.kvHeads);
    if (m.ffn != 0)
        inRange(Field::Ffn, m.ffn);
    inRange(Field::Vocab, m.vocab);
    inRange(Field::MaxPositions, m.maxPositions);
    inRange(Field::ContextLength, m.contextLength);
    (void)layersOk;
    // Heads divide the hidden size unless each head's dimension is given (Gemma, MLA).
    if (m.headDim != 0)
        inRange(Field::HeadDim, m.headDim);
    else if (hiddenOk && headsOk && !m.mla.enabled() && m.hidden % m.heads != 0)
        issues.add({ Field::Heads, Problem::NotDivisible, 0, 0, Field::Hidden });
    inRange(Field::TypeVocab, m.typeVocab);
    inRange(Field::NormsPerLayer, m.normsPerLayer); // 0: the family's
    if (!(m.rotaryFraction >= 0.0 && m.rotaryFraction <= 1.0))
        issues.add({ Field::RotaryFraction, Problem::OutOfRange, 0, 1, Field::RotaryFraction });
    const MoeSpec &e = m.moe;
    if (inRange(Field::Experts, e.experts) && e.experts > 0) {
        if (inRange(Field::ExpertsPerToken, e.perToken) && e.perToken > e.experts)
            issues.add({ Field::ExpertsPerToken, Problem::OutOfRange, 1, e.experts, Field::Experts });
        inRange(Field::ExpertFfn, e.expertFfn);
        inRange(Field::SharedExperts, e.sharedExperts);
        if (e.sharedFfn != 0)
            inRange(Field::SharedFfn, e.sharedFfn);
        inRange(Field::DenseLayers, e.denseLayers);
    }
    const MlaSpec &a = m.mla;
    if (a.kvLoraRank != 0 && inRange(Field::KvLoraRank, a.kvLoraRank)) {
        inRange(Field::QLoraRank, a.qLoraRank);
        inRange(Field::RopeHeadDim, a.ropeHeadDim);
        inRange(Field::NopeHeadDim, a.nopeHeadDim);
        inRange(Field::ValueHeadDim, a.valueHeadDim);
        inRange(Field::IndexHeads, a.indexHeads);
        inRange(Field::IndexHeadDim, a.indexHeadDim);
    }
    if (headsOk && kvOk && m.kvHeads != 0 && m.heads % m.kvHeads != 0)
        issues.add({ Field::KvHeads, Problem::NotDivisible, 0, 0, Field::Heads });

    const TrainingSetup &t = s.training;
    inRange(Field::Batch, t.microBatch);
    // A learned position table (GPT-2, BERT) has maxPositions rows: a longer sequence has no
    // position to look up (the embedding raises an index error), so it cannot be estimated.
    if (inRange(Field::Sequence, t.sequence) && m.maxPositions > 0 && t.sequence > m.maxPositions)
        issues.add({ Field::Sequence, Problem::OutOfRange, 1, m.maxPositions, Field::MaxPositions });
    inRange(Field::GradAccum, t.gradAccumSteps);
    // Layer-level checkpointing: a choice within full recomputation, one way at a time.
    const bool everyOk = inRange(Field::RecomputeEvery, t.recomputeEvery);
    const bool recomputeLayersOk = inRange(Field::RecomputeLayers, t.recomputeLayers);
    if (everyOk && recomputeLayersOk && (t.recomputeEvery > 1 || t.recomputeLayers > 0)) {
        const Field f = t.recomputeLayers > 0 ? Field::RecomputeLayers : Field::RecomputeEvery;
        auto refuse = [&issues, f](Field other, Conflict why) { issues.add({ f, Problem::Unsupported, 0, 0, other, why }); };
        if (t.recompute != Recompute::Full)
            refuse(f, Conflict::LayerRecomputeNeedsFull);
        if (t.recomputeEvery > 1 && t.recomputeLayers > 0)
            refuse(Field::RecomputeEvery, Conflict::LayerRecomputeOneWay);
        if (s.activations.model == ActivationModelKind::Textbook)
            refuse(Field::ActivationModel, Conflict::LayerRecomputeNeedsItemized);
        if (s.lora.mode != AdapterMode::None)
            refuse(f, Conflict::LayerRecomputeNoAdapters);
    }
    // torchtitan's per-operator policy (oprecompute.h), as modelled.
    if (checkRange(issues, Field::Recompute, static_cast<Count>(t.recompute)) && t.recompute == Recompute::Op) {
        auto refuse = [&issues](Field other, Conflict why) { issues.add({ Field::Recompute, Problem::Unsupported, 0, 0, other, why }); };
        if (s.activations.model == ActivationModelKind::Textbook)
            refuse(Field::ActivationModel, Conflict::OpRecomputeNeedsItemized);
        else if (!opRecomputeModelled(s.model))
            refuse(Field::Recompute, Conflict::OpRecomputeNeedsGatedBlock);
        if (s.lora.mode != AdapterMode::None)
            refuse(Field::Recompute, Conflict::OpRecomputeNoAdapters);
        if (s.training.precision.fp8 != Fp8Recipe::Off)
            refuse(Field::Fp8, Conflict::OpRecomputeNoFp8);
    }
    // Packed sequences (TrainingSetup::packed), as modelled.
    if (t.packed) {
        auto refuse = [&issues](Field other, Conflict why) { issues.add({ Field::Packed, Problem::Unsupported, 0, 0, other, why }); };
        if (s.activations.model == ActivationModelKind::Textbook)
            refuse(Field::ActivationModel, Conflict::PackedNeedsItemized);
        if (modelTraits(m).encoder)
            refuse(Field::Packed, Conflict::PackedNeedsDecoder);
        if (t.method != TrainingMethod::Sft)
            refuse(Field::Packed, Conflict::PackedNeedsSupervised);
    }
    if (!(s.activations.dropout >= 0.0 && s.activations.dropout < 1.0))
        issues.add({ Field::Dropout, Problem::OutOfRange, 0, 1, Field::Dropout });
    inRange(Field::CudaContext, countOf(s.overhead.cudaContext));
    if (!s.overhead.reserveModelled())
        inRange(Field::AllocatorReserve, countOf(s.overhead.allocatorReserve));

    const Parallelism &p = s.parallel;
    const bool gpusOk = inRange(Field::Gpus, p.gpus);
    const bool tpOk = inRange(Field::TensorParallel, p.tensorParallel);
    const bool ppOk = inRange(Field::PipelineParallel, p.pipelineParallel);
    // N holds whole replicas of t × p GPUs. Reversed from the other NotDivisible issues: the
    // field is the one divided, by t × p (issueText() words it so, naming --tp and --pp).
    if (gpusOk && tpOk && ppOk && p.gpus % (p.tensorParallel * p.pipelineParallel) != 0)
        issues.add({ Field::Gpus, Problem::NotDivisible, 0, 0, Field::TensorParallel });
    if (tpOk && headsOk && m.heads % p.tensorParallel != 0)
        issues.add({ Field::TensorParallel, Problem::NotDivisible, 0, 0, Field::Heads });
    if (ppOk && layersOk && p.pipelineParallel > m.layers)
        issues.add({ Field::PipelineParallel, Problem::OutOfRange, 1, m.layers, Field::Layers });

    // ZeRO and offload (placement.h): offloading needs a ZeRO optimizer (stage >= 1), and
    // parameters can only leave the GPU once stage 3 has partitioned them.
    const bool zeroOk = inRange(Field::Zero, static_cast<Count>(p.zero));
    const bool offloadOk = inRange(Field::Offload, static_cast<Count>(p.offload));
    if (zeroOk && offloadOk) {
        if (p.offload == Offload::Optimizer && p.zero == ZeroStage::Stage0)
            issues.add({ Field::Offload, Problem::Requires, 1, 3, Field::Zero });
        if (p.offload == Offload::OptimizerAndParams && p.zero != ZeroStage::Stage3)
            issues.add({ Field::Offload, Problem::Requires, 3, 3, Field::Zero });
    }
    // Expert parallelism divides the routed experts over e GPUs of each data-parallel group.
    if (inRange(Field::ExpertParallel, p.expertParallel) && p.expertParallel > 1) {
        if (!m.moe.enabled())
            issues.add({ Field::ExpertParallel, Problem::Requires, 2, fieldRange(Field::Experts).max, Field::Experts });
        else if (m.moe.experts % p.expertParallel != 0)
            issues.add({ Field::ExpertParallel, Problem::NotDivisible, 0, 0, Field::Experts });
        if (gpusOk && tpOk && ppOk && p.tensorParallel * p.pipelineParallel > 0
            && (p.gpus / (p.tensorParallel * p.pipelineParallel)) % p.expertParallel != 0)
            issues.add({ Field::ExpertParallel, Problem::NotDivisible, 0, 0, Field::Gpus });
    }
    validateContextParallel(s, issues, gpusOk && tpOk && ppOk);
    // HSDP: groups of the GPUs that hold the same layers, under a ZeRO stage that shards.
    if (inRange(Field::ShardGroup, p.shardGroup) && p.shardGroup > 0) {
        if (p.zero == ZeroStage::Stage0)
            issues.add({ Field::ShardGroup, Problem::Requires, 1, 3, Field::Zero });
        if (gpusOk && tpOk && ppOk && p.shardingGroup() % p.shardGroup != 0)
            issues.add({ Field::ShardGroup, Problem::NotDivisible, 0, 0, Field::Gpus });
    }
    validatePipelineSplit(s, issues, ppOk && layersOk);
    // A 2-D expert mesh: groups of the GPUs that hold the same experts, under a ZeRO stage that shards.
    if (inRange(Field::ExpertShard, p.expertShard) && p.expertShard > 0) {
        if (!m.moe.enabled())
            issues.add({ Field::ExpertShard, Problem::Requires, 2, fieldRange(Field::Experts).max, Field::Experts });
        else if (p.zero == ZeroStage::Stage0)
            issues.add({ Field::ExpertShard, Problem::Requires, 1, 3, Field::Zero });
        else if (gpusOk && tpOk && ppOk && p.expertParallel > 0 && (p.shardingGroup() / p.expertParallel) % p.expertShard != 0)
            issues.add({ Field::ExpertShard, Problem::NotDivisible, 0, 0, Field::ExpertParallel });
    }
    inRange(Field::GpusPerNode, p.gpusPerNode);
    if (p.reduceBucket != -1) // -1: the stack's
        inRange(Field::ReduceBucket, p.reduceBucket);

    validateStack(s, issues);
    validateRollouts(s, issues);
    validateVision(s, issues);
    validateHybrid(s, issues);

    if (s.lora.mode != AdapterMode::None) {
        inRange(Field::LoraRank, s.lora.rank);
        if (!(s.lora.dropout >= 0.0 && s.lora.dropout < 1.0))
            issues.add({ Field::LoraDropout, Problem::OutOfRange, 0, 1, Field::LoraDropout });
        // No targets named means the default, q and v (lora.h, kDefaultLoraTargets).
        if (s.lora.targets != 0)
            inRange(Field::LoraTargets, s.lora.targets);
    }
    return issues;
}

} // namespace headroom
