#include "inputfields.h"

namespace headroom::inputfields {

using EditKind = ScenarioDocument::EditKind;

EditKind editKind(Field f)
{
    switch (f) {
    case Field::Params: return EditKind::Params;
    case Field::Layers: return EditKind::Layers;
    case Field::Hidden: return EditKind::Hidden;
    case Field::Heads: return EditKind::Heads;
    case Field::KvHeads: return EditKind::KvHeads;
    case Field::Ffn: return EditKind::Ffn;
    case Field::Vocab: return EditKind::Vocab;
    case Field::HeadDim: return EditKind::HeadDim;
    case Field::Experts: return EditKind::Experts;
    case Field::ExpertsPerToken: return EditKind::ExpertsPerToken;
    case Field::ExpertFfn: return EditKind::ExpertFfn;
    case Field::SharedExperts: return EditKind::SharedExperts;
    case Field::SharedFfn: return EditKind::SharedFfn;
    case Field::DenseLayers: return EditKind::DenseLayers;
    case Field::Batch: return EditKind::Batch;
    case Field::Sequence: return EditKind::Sequence;
    case Field::GradAccum: return EditKind::GradAccum;
    case Field::Gpus: return EditKind::GpuCount;
    case Field::TensorParallel: return EditKind::TensorParallel;
    case Field::PipelineParallel: return EditKind::PipelineParallel;
    case Field::ExpertParallel: return EditKind::ExpertParallel;
    case Field::ContextParallel: return EditKind::ContextParallel;
    case Field::LoraRank: return EditKind::LoraRank;
    case Field::Generations: return EditKind::Generations;
    case Field::PromptLength: return EditKind::PromptLength;
    case Field::RolloutGpus: return EditKind::RolloutGpus;
    default: return EditKind::Whole;
    }
}

void setCount(ScenarioSpec &spec, Field field, Count v)
{
    ModelSpec &m = spec.scenario.model;
    Parallelism &par = spec.scenario.parallel;
    switch (field) {
    case Field::Params: m.paramsOverride = v; break;
    case Field::Layers: m.layers = v; break;
    case Field::Hidden: m.hidden = v; break;
    case Field::Heads:
        // A model without grouped-query attention keeps K and V as wide as Q when the head
        // count changes; a grouped one keeps its KV heads.
        if (m.kvHeads == 0 || m.kvHeads == m.heads)
            m.kvHeads = v;
        m.heads = v;
        break;
    case Field::KvHeads: m.kvHeads = v; break;
    case Field::Ffn: m.ffn = v; break;
    case Field::Vocab: m.vocab = v; break;
    case Field::HeadDim: m.headDim = v; break;
    case Field::Experts: m.moe.experts = v; break;
    case Field::ExpertsPerToken: m.moe.perToken = v; break;
    case Field::ExpertFfn: m.moe.expertFfn = v; break;
    case Field::SharedExperts: m.moe.sharedExperts = v; break;
    case Field::SharedFfn: m.moe.sharedFfn = v; break;
    case Field::DenseLayers: m.moe.denseLayers = v; break;
    case Field::QLoraRank: m.mla.qLoraRank = v; break;
    case Field::KvLoraRank: m.mla.kvLoraRank = v; break;
    case Field::RopeHeadDim: m.mla.ropeHeadDim = v; break;
    case Field::NopeHeadDim: m.mla.nopeHeadDim = v; break;
    case Field::ValueHeadDim: m.mla.valueHeadDim = v; break;
    case Field::MixerLayers: m.hybrid.layers = v; break;
    case Field::MixerHeads: m.hybrid.heads = v; break;
    case Field::MixerHeadDim: m.hybrid.headDim = v; break;
    case Field::MixerKeyHeads: m.hybrid.keyHeads = v; break;
    case Field::MixerKeyDim: m.hybrid.keyDim = v; break;
    case Field::MixerConv: m.hybrid.convKernel = v; break;
    case Field::Batch: spec.scenario.training.microBatch = v; return;
    case Field::Sequence: spec.scenario.training.sequence = v; return;
    case Field::GradAccum: spec.scenario.training.gradAccumSteps = v; return;
    // Either choice of layers means full recomputation of them, as the options imply.
    case Field::RecomputeEvery:
        spec.scenario.training.recomputeEvery = v;
        if (v > 1)
            spec.scenario.training.recompute = Recompute::Full;
        return;
    case Field::RecomputeLayers:
        spec.scenario.training.recomputeLayers = v;
        if (v > 0)
            spec.scenario.training.recompute = Recompute::Full;
        return;
    case Field::ProjectionRank: spec.scenario.training.precision.projectionRank = v; return;
    case Field::Generations: spec.scenario.training.generations = v; return;
    case Field::PromptLength: spec.scenario.training.promptLength = v; return;
    case Field::RolloutGpus: spec.scenario.training.rolloutGpus = v; return;
    case Field::Images: spec.scenario.training.images = v; return;
    case Field::ImageWidth: spec.scenario.training.imageWidth = v; return;
    case Field::ImageHeight: spec.scenario.training.imageHeight = v; return;
    case Field::Gpus: par.gpus = v; return;
    case Field::TensorParallel: par.tensorParallel = v; return;
    case Field::PipelineParallel: par.pipelineParallel = v; return;
    case Field::ExpertParallel: par.expertParallel = v; return;
    case Field::ContextParallel: par.contextParallel = v; return;
    case Field::ShardGroup: par.shardGroup = v; return;
    case Field::ExpertShard: par.expertShard = v; return;
    case Field::LoraRank: spec.scenario.lora.rank = v; return;
    case Field::LossChunks: spec.scenario.stack.lossChunks = v; return;
    case Field::CudaContext: spec.scenario.overhead.cudaContext = bytes(v); return;
    case Field::AllocatorReserve: spec.scenario.overhead.allocatorReserve = bytes(v); return;
    case Field::GpusPerNode: par.gpusPerNode = v; return;
    case Field::ReduceBucket: par.reduceBucket = v; return;
    case Field::PrefetchBucket: spec.scenario.stack.prefetchBucket = v; return;
    case Field::PersistenceThreshold: spec.scenario.stack.persistenceThreshold = v; return;
    case Field::MaxLiveParameters: spec.scenario.stack.maxLiveParameters = v; return;
    case Field::VirtualStages: spec.scenario.stack.virtualStages = v; return;
    case Field::QuantGroupSize: spec.scenario.stack.quantGroupSize = v; return;
    default: return;
    }
    spec.presetId.clear();
}

QList<qint64> toList(const QList<Count> &stops)
{
    QList<qint64> out;
    out.reserve(stops.size());
    for (Count c : stops)
        out << static_cast<qint64>(c);
    return out;
}

} // namespace headroom::inputfields
