// A scenario as JSON, every key written (the file keeps the scenario whole), and the file written
// atomically.

#include <headroom/io/scenariofile.h>
#include <headroom/io/gpuspectext.h>

#include <cmath>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/visiontower.h>
#include <headroom/io/jsonduplicates.h>
#include <headroom/io/quantityparse.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/validation.h>

namespace headroom {

QJsonObject scenarioFileToJson(const ScenarioSpec &spec, const QList<PinnedScenario> &pinned)
{
    QJsonObject root = scenarioToJson(spec);
    if (pinned.isEmpty())
        return root;
    QJsonArray compare;
    for (const PinnedScenario &p : pinned)
        compare.append(QJsonObject{ { QStringLiteral("name"), p.name }, { QStringLiteral("scenario"), scenarioToJson(p.spec) } });
    root.insert(QStringLiteral("compare"), compare);
    return root;
}

QJsonObject scenarioToJson(const ScenarioSpec &spec)
{
    const Scenario &s = spec.scenario;
    const ModelSpec &m = s.model;
    QJsonObject model{
        { QStringLiteral("arch"), QString::fromLatin1(familyName(m.family).data()) },
        { QStringLiteral("layers"), qint64(m.layers) },
        { QStringLiteral("hidden"), qint64(m.hidden) },
        { QStringLiteral("heads"), qint64(m.heads) },
        { QStringLiteral("kv-heads"), qint64(m.kvHeadsOrHeads()) },
        { QStringLiteral("ffn"), qint64(m.ffnOrDefault()) },
        { QStringLiteral("vocab"), qint64(m.vocab) },
        { QStringLiteral("max-positions"), qint64(m.maxPositions) },
        { QStringLiteral("tied"), m.tiedEmbeddings },
        { QStringLiteral("qkv-bias"), m.qkvBias },
        { QStringLiteral("out-bias"), m.outBias },
        { QStringLiteral("mlp-bias"), m.mlpBias },
        { QStringLiteral("qk-norm"), m.qkNorm },
        { QStringLiteral("qk-norm-whole"), m.qkNormWhole },
        { QStringLiteral("attention-sinks"), m.attentionSinks },
        { QStringLiteral("attention-gate"), m.attentionGate },
        { QStringLiteral("zero-centered-norm"), m.zeroCenteredNorm },
        { QStringLiteral("no-bias"), m.noBias },
        { QStringLiteral("embedding-norm"), m.embeddingNorm },
        { QStringLiteral("fused-projections"), m.fusedProjections },
        { QStringLiteral("fused-gate-up"), m.fusedGateUp },
        { QStringLiteral("head-dim"), qint64(m.headDim) },
        { QStringLiteral("type-vocab"), qint64(m.typeVocab) },
        { QStringLiteral("norms-per-layer"), qint64(m.normsPerLayer) },
        { QStringLiteral("rotary-fraction"), m.rotaryFraction },
        { QStringLiteral("parallel-residual"), QString::fromLatin1(switchName(m.parallelResidual).data()) },
        { QStringLiteral("softcap"), QString::fromLatin1(switchName(m.softcap).data()) },
        { QStringLiteral("encoder-head"), QString::fromLatin1(encoderHeadName(m.encoderHead).data()) },
        { QStringLiteral("head"), QString::fromLatin1(modelHeadName(m.head).data()) },
    };
    // A rotary model's declared context and RoPE scaling, where known.
    if (m.contextLength > 0)
        model.insert(QStringLiteral("context-length"), qint64(m.contextLength));
    if (m.ropeScaling != RopeScaling::None)
        model.insert(QStringLiteral("rope-scaling"), QString::fromLatin1(ropeScalingName(m.ropeScaling).data()));
    // Experts and latent attention only where the model has them.
    if (m.moe.enabled()) {
        model.insert(QStringLiteral("experts"), qint64(m.moe.experts));
        model.insert(QStringLiteral("experts-per-token"), qint64(m.moe.perToken));
        model.insert(QStringLiteral("expert-ffn"), qint64(m.moe.expertFfn));
        model.insert(QStringLiteral("shared-experts"), qint64(m.moe.sharedExperts));
        model.insert(QStringLiteral("shared-ffn"), qint64(m.moe.sharedFfn));
        model.insert(QStringLiteral("shared-gate"), m.moe.sharedGate);
        model.insert(QStringLiteral("dense-layers"), qint64(m.moe.denseLayers));
        model.insert(QStringLiteral("router-bias"), m.moe.routerBias);
        model.insert(QStringLiteral("expert-bias"), m.moe.expertBias);
    }
    if (m.mla.enabled()) {
        model.insert(QStringLiteral("q-lora-rank"), qint64(m.mla.qLoraRank));
        model.insert(QStringLiteral("kv-lora-rank"), qint64(m.mla.kvLoraRank));
        model.insert(QStringLiteral("rope-head-dim"), qint64(m.mla.ropeHeadDim));
        model.insert(QStringLiteral("nope-head-dim"), qint64(m.mla.nopeHeadDim));
        model.insert(QStringLiteral("v-head-dim"), qint64(m.mla.valueHeadDim));
        if (m.mla.indexer()) {
            model.insert(QStringLiteral("index-heads"), qint64(m.mla.indexHeads));
            model.insert(QStringLiteral("index-head-dim"), qint64(m.mla.indexHeadDim));
        }
    }
    // A hybrid's mixer only where the model has one.
    if (m.hybrid.kind != MixerKind::None) {
        const HybridSpec &h = m.hybrid;
        model.insert(QStringLiteral("mixer"), QString::fromLatin1(mixerKindName(h.kind).data()));
        model.insert(QStringLiteral("mixer-layers"), qint64(h.layers));
        model.insert(QStringLiteral("mixer-heads"), qint64(h.heads));
        model.insert(QStringLiteral("mixer-head-dim"), qint64(h.headDim));
        model.insert(QStringLiteral("mixer-key-heads"), qint64(h.keyHeads));
        model.insert(QStringLiteral("mixer-key-dim"), qint64(h.keyDim));
        model.insert(QStringLiteral("mixer-conv"), qint64(h.convKernel));
        model.insert(QStringLiteral("mixer-chunk"), qint64(h.chunkSize));
        model.insert(QStringLiteral("mixer-conv-bias"), h.convBias);
        model.insert(QStringLiteral("mixer-bias"), h.projBias);
        model.insert(QStringLiteral("mixer-split"), h.splitProjections);
    }
    // A vision tower only where the model has one.
    if (m.vision.kind != VisionTowerKind::None) {
        const VisionSpec &v = m.vision;
        model.insert(QStringLiteral("vision"), QString::fromLatin1(visionTowerKindName(v.kind).data()));
        model.insert(QStringLiteral("vision-params"), qint64(v.parameters));
        model.insert(QStringLiteral("vision-layers"), qint64(v.layers));
        model.insert(QStringLiteral("vision-hidden"), qint64(v.hidden));
        model.insert(QStringLiteral("vision-heads"), qint64(v.heads));
        model.insert(QStringLiteral("vision-ffn"), qint64(v.ffn));
        model.insert(QStringLiteral("vision-patch"), qint64(v.patch));
        model.insert(QStringLiteral("vision-temporal-patch"), qint64(v.temporalPatch));
        model.insert(QStringLiteral("vision-merge"), qint64(v.merge));
        model.insert(QStringLiteral("vision-image-size"), qint64(v.imageSize));
        model.insert(QStringLiteral("vision-tokens-per-image"), qint64(v.tokensPerImage));
        model.insert(QStringLiteral("vision-window"), qint64(v.windowSize));
        model.insert(QStringLiteral("vision-full-blocks"), qint64(v.fullBlocks));
        model.insert(QStringLiteral("vision-deepstack"), qint64(v.deepstackMergers));
        model.insert(QStringLiteral("vision-class-token"), v.classToken);
        model.insert(QStringLiteral("vision-unused-blocks"), qint64(v.unusedBlocks));
    }
    if (!spec.presetId.isEmpty())
        model.insert(QStringLiteral("preset"), spec.presetId);
    if (!spec.modelName.isEmpty())
        model.insert(QStringLiteral("name"), spec.modelName);
    if (m.paramsOverride > 0)
        model.insert(QStringLiteral("params"), qint64(m.paramsOverride));
    const TrainingSetup &t = s.training;
    QJsonObject training{
        { QStringLiteral("batch"), qint64(t.microBatch) },
        { QStringLiteral("seq"), qint64(t.sequence) },
        { QStringLiteral("recipe"), QString::fromLatin1(recipeName(t.precision.recipe).data()) },
        { QStringLiteral("optimizer"), QString::fromLatin1(optimizerName(t.precision.optimizer).data()) },
        { QStringLiteral("optimizer-dtype"), QString::fromLatin1(stateDtypeName(t.precision.stateDtype).data()) },
        { QStringLiteral("master-dtype"), QString::fromLatin1(dtypeName(t.precision.masterDtype).data()) },
        { QStringLiteral("fp8"), QString::fromLatin1(fp8RecipeName(t.precision.fp8).data()) },
        { QStringLiteral("fp8-all-gather"), t.precision.fp8AllGather },
        { QStringLiteral("fp32-grad-buffer"), t.precision.fp32GradBuffer },
        { QStringLiteral("projection-rank"), qint64(t.precision.projectionRank) },
        { QStringLiteral("optimizer-offload"), QString::fromLatin1(optimizerOffloadName(t.precision.optimizerOffload).data()) },
        { QStringLiteral("recompute"), QString::fromLatin1(recomputeName(t.recompute).data()) },
        { QStringLiteral("grad-accum"), qint64(t.gradAccumSteps) },
        { QStringLiteral("method"), QString::fromLatin1(trainingMethodName(t.method).data()) },
        { QStringLiteral("reference"), QString::fromLatin1(referenceSourceName(t.reference).data()) },
        { QStringLiteral("dpo-concat"), t.pairsConcatenated },
        { QStringLiteral("generations"), qint64(t.generations) },
        { QStringLiteral("prompt-length"), qint64(t.promptLength) },
        { QStringLiteral("rollout"), QString::fromLatin1(rolloutEngineName(t.rollout).data()) },
        { QStringLiteral("rollout-memory-fraction"), t.rolloutMemoryFraction },
        { QStringLiteral("rollout-sleep"), t.rolloutSleep },
        { QStringLiteral("rollout-gpus"), qint64(t.rolloutGpus) },
    };
    // Layer-level checkpointing, only where chosen (older files have none).
    if (t.recomputeEvery != 1)
        training.insert(QStringLiteral("recompute-every"), qint64(t.recomputeEvery));
    if (t.recomputeLayers != 0) {
        training.insert(QStringLiteral("recompute-layers"), qint64(t.recomputeLayers));
        training.insert(QStringLiteral("recompute-method"), QString::fromLatin1(recomputeMethodName(t.recomputeMethod).data()));
    }
    if (t.packed)
        training.insert(QStringLiteral("packed"), true);
    // Images and the tower's training, where set (older files have none).
    if (t.images > 0)
        training.insert(QStringLiteral("images"), qint64(t.images));
    if (t.imageWidth > 0 && t.imageHeight > 0)
        training.insert(QStringLiteral("image-size"), QStringLiteral("%1x%2").arg(qint64(t.imageWidth)).arg(qint64(t.imageHeight)));
    if (t.visionTrained)
        training.insert(QStringLiteral("vision-tower"), QString::fromLatin1(visionTrainingName(true).data()));

    for (SideRole role : { SideRole::Reward, SideRole::Critic, SideRole::Teacher }) {
        const QString &source = spec.sideModelSources[static_cast<int>(role)];
        if (!source.isEmpty())
            training.insert(role == SideRole::Reward ? QStringLiteral("reward-model")
                                    : role == SideRole::Critic ? QStringLiteral("critic-model")
                                                               : QStringLiteral("teacher"),
                            source);
    }
    const QJsonObject activations{
        { QStringLiteral("model"), QString::fromLatin1(activationModelName(s.activations.model).data()) },
        { QStringLiteral("profile"), QString::fromLatin1(profileName(s.activations.profile).data()) },
        { QStringLiteral("attention"), QString::fromLatin1(attentionKernelName(s.activations.attention).data()) },
        { QStringLiteral("dropout"), s.activations.dropout },
        { QStringLiteral("gelu"), QString::fromLatin1(geluImplName(s.activations.gelu).data()) },
        { QStringLiteral("capacity-factor"), s.activations.capacityFactor },
    };
    QJsonObject runtime{
        { QStringLiteral("cuda-context"), qint64(countOf(s.overhead.cudaContext)) },
        { QStringLiteral("expandable-segments"), s.overhead.expandableSegments ? QStringLiteral("on") : QStringLiteral("off") },
        { QStringLiteral("load-path"), QString::fromLatin1(loadPathName(s.overhead.loadPath).data()) },
    };
    // A given reserve is written; the modelled one (the default) is named.
    if (s.overhead.reserveModelled())
        runtime.insert(QStringLiteral("allocator-cache"), QStringLiteral("modelled"));
    else
        runtime.insert(QStringLiteral("allocator-reserve"), qint64(countOf(s.overhead.allocatorReserve)));
    QJsonObject gpu{ { QStringLiteral("count"), qint64(s.parallel.gpus) },
                     { QStringLiteral("compare"), QString::fromLatin1(peakFigureName(s.gpu.compared).data()) } };
    if (!spec.customGpu.id.isEmpty())
        gpu.insert(QStringLiteral("spec"), gpuSpecText(spec.customGpu));
    else if (!spec.gpuId.isEmpty())
        gpu.insert(QStringLiteral("kind"), spec.gpuId);
    const Parallelism &par = s.parallel;
    QJsonObject parallel{
        { QStringLiteral("zero"), static_cast<int>(par.zero) },
        { QStringLiteral("offload"), QString::fromLatin1(offloadName(par.offload).data()) },
        { QStringLiteral("tp"), qint64(par.tensorParallel) },
        { QStringLiteral("pp"), qint64(par.pipelineParallel) },
        { QStringLiteral("ep"), qint64(par.expertParallel) },
        { QStringLiteral("sp"), par.sequenceParallel },
        { QStringLiteral("gpus-per-node"), qint64(par.gpusPerNode) },
    };
    if (par.reduceBucket >= 0)
        parallel.insert(QStringLiteral("reduce-bucket"), qint64(par.reduceBucket));
    if (s.stack.virtualStages != 1)
        parallel.insert(QStringLiteral("vpp"), qint64(s.stack.virtualStages));
    if (par.shardGroup != 0)
        parallel.insert(QStringLiteral("shard-group"), qint64(par.shardGroup));
    if (par.expertShard != 0)
        parallel.insert(QStringLiteral("expert-shard"), qint64(par.expertShard));
    if (par.pipelineSplit != PipelineSplit::Even)
        parallel.insert(QStringLiteral("pp-layers"), QString::fromStdString(pipelineSplitText(par)));
    if (par.contextParallel != 1)
        parallel.insert(QStringLiteral("cp"), qint64(par.contextParallel));
    if (par.contextKind != ContextParallelKind::StackDefault)
        parallel.insert(QStringLiteral("cp-kind"), QString::fromLatin1(contextParallelKindName(par.contextKind).data()));
    const StackOptions &o = s.stack;
    QJsonObject stack{
        { QStringLiteral("name"), QString::fromLatin1(stackName(o.stack).data()) },
        { QStringLiteral("loss"), QString::fromLatin1(lossName(o.loss).data()) },
        { QStringLiteral("optimizer-in-backward"), o.optimizerInBackward },
        { QStringLiteral("activation-offload"), o.activationOffload },
        { QStringLiteral("compile"), o.compile },
        { QStringLiteral("paged-optimizer"), o.pagedOptimizer },
        { QStringLiteral("fused-optimizer"), o.fusedOptimizer ? QStringLiteral("on") : QStringLiteral("off") },
        { QStringLiteral("overlap-comm"), QString::fromLatin1(stackSwitchName(o.overlapComm).data()) },
        { QStringLiteral("zero-init"), o.zeroInit ? QStringLiteral("on") : QStringLiteral("off") },
        { QStringLiteral("distributed-optimizer"), o.distributedOptimizer },
    };
    // The stack's own values (-1, 0) stay unwritten: they follow the scenario when it changes.
    if (o.lossChunks > 0)
        stack.insert(QStringLiteral("loss-chunks"), qint64(o.lossChunks));
    if (o.maxLiveParameters >= 0)
        stack.insert(QStringLiteral("max-live-parameters"), qint64(o.maxLiveParameters));
    if (o.prefetchBucket >= 0)
        stack.insert(QStringLiteral("prefetch-bucket"), qint64(o.prefetchBucket));
    if (o.persistenceThreshold >= 0)
        stack.insert(QStringLiteral("persistence-threshold"), qint64(o.persistenceThreshold));
    // Rank and targets only with adapters: on reading they would switch LoRA on.
    QJsonObject lora{ { QStringLiteral("mode"), QString::fromLatin1(adapterModeName(s.lora.mode).data()) } };
    if (s.lora.mode != AdapterMode::None) {
        lora.insert(QStringLiteral("rank"), qint64(s.lora.rank));
        lora.insert(QStringLiteral("targets"),
                    QString::fromStdString(loraTargetsText(s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets)));
        lora.insert(QStringLiteral("dropout"), s.lora.dropout);
        if (s.lora.dora)
            lora.insert(QStringLiteral("dora"), true);
        if (s.lora.bnbSavesInput)
            lora.insert(QStringLiteral("bnb-saves-input"), true);
        lora.insert(QStringLiteral("base"), QString::fromLatin1(quantBaseName(s.stack.quantBase).data()));
        if (s.stack.quantGroupSize > 0)
            lora.insert(QStringLiteral("quant-group-size"), qint64(s.stack.quantGroupSize));
    }
    if (s.lora.trainedModules != 0)
        lora.insert(QStringLiteral("trainable"), QString::fromStdString(trainedModulesText(s.lora.trainedModules)));
    return QJsonObject{
        { QStringLiteral("schema"), kScenarioSchema },
        { QStringLiteral("model"), model },
        { QStringLiteral("training"), training },
        { QStringLiteral("activations"), activations },
        { QStringLiteral("runtime"), runtime },
        { QStringLiteral("gpu"), gpu },
        { QStringLiteral("parallel"), parallel },
        { QStringLiteral("lora"), lora },
        { QStringLiteral("stack"), stack },
    };
}

ScenarioError writeScenarioFile(const QString &path, const ScenarioSpec &spec, const QList<PinnedScenario> &pinned)
{
    const FileProblem problem
            = writeFileAtomically(path, QJsonDocument(scenarioFileToJson(spec, pinned)).toJson(QJsonDocument::Indented));
    if (problem.code == FileProblem::Code::CannotOpen)
        return { ScenarioError::Code::CannotOpen, path, {}, {}, problem.detail };
    if (!problem.ok())
        return { ScenarioError::Code::WriteFailed, path, {}, {}, problem.detail };
    return {};
}

} // namespace headroom
