#include "placementtext.h"

#include <QStringList>

#include <headroom/memory/estimate.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/stack.h>

#include "wording.h"

namespace headroom {

QString gpusText(Count n)
{
    return n == 1 ? Cli::tr("1 GPU") : Cli::tr("%1 GPUs").arg(groupedDigits(n));
}

bool isSingleGpuFullFineTune(const Scenario &s)
{
    const Parallelism &p = s.parallel;
    return p.gpus == 1 && p.tensorParallel == 1 && p.pipelineParallel == 1 && p.zero == ZeroStage::Stage0
            && p.offload == Offload::None && s.lora.mode == AdapterMode::None;
}

namespace {

QString zeroText(ZeroStage z) { return Cli::tr("ZeRO-%1").arg(static_cast<int>(z)); }

QString perParam(BytesPer b) { return QString::number(b.value(), 'g', 4); }

unsigned targetsOf(const Scenario &s) { return s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets; }

// "P" or "P_rank (the t x p slice: n parameters)" or "adapters (n)".
QString countName(const Scenario &s, const Placement &pl)
{
    if (s.lora.mode != AdapterMode::None)
        return Cli::tr("adapters (%1)").arg(groupedDigits(pl.trainableParameters));
    if (pl.share.parameters != pl.share.total)
        return Cli::tr("P of this t x p slice (%1)").arg(groupedDigits(pl.share.parameters));
    return Cli::tr("P");
}

QString sharded(const Placement &pl, ZeroStage z)
{
    return Cli::tr(" / %1 (%2)").arg(groupedDigits(pl.dataParallel), zeroText(z));
}

} // namespace

QString strategyText(const Scenario &s)
{
    const Parallelism &p = s.parallel;
    QString layout;
    if (p.contextParallel > 1)
        //: %1 the context-parallel degree, %2 how attention is split (ring, allgather, ulysses)
        layout += Cli::tr(" x context %1 (%2)")
                          .arg(groupedDigits(p.contextParallel), nameText(contextParallelKindName(contextParallelKindOf(s))));
    if (p.sequenceParallel)
        layout += Cli::tr(", sequence parallel");
    if (p.expertShard > 0)
        //: %1 the GPUs of a 2-D expert mesh's shard group
        layout += Cli::tr(", experts sharded over %1").arg(groupedDigits(p.expertShard));
    QString text = Cli::tr("%1 (data-parallel %2 x tensor %3 x pipeline %4%5), %6, offload %7")
                           .arg(gpusText(p.gpus), groupedDigits(p.dataParallel()), groupedDigits(p.tensorParallel),
                                groupedDigits(p.pipelineParallel), layout, zeroText(p.zero),
                                nameText(offloadName(p.offload)));
    if (s.lora.mode != AdapterMode::None)
        text += Cli::tr("; %1 r=%2 on %3")
                        .arg(s.lora.mode == AdapterMode::Qlora
                                     //: %1 the quantized base's format as --qlora-base names it (nf4-dq, gptq, ...)
                                     ? Cli::tr("QLoRA (%1 base)").arg(nameText(quantBaseName(s.stack.quantBase)))
                                     : Cli::tr("LoRA"))
                        .arg(groupedDigits(s.lora.rank), QString::fromStdString(loraTargetsText(targetsOf(s))));
    if (s.lora.mode != AdapterMode::None && s.lora.dora)
        text += Cli::tr(", DoRA");
    if (s.lora.mode != AdapterMode::None && (s.lora.trainedModules & TrainedEmbedding) != 0)
        text += Cli::tr(", embedding trained");
    if (s.lora.mode != AdapterMode::None && (s.lora.trainedModules & TrainedHead) != 0)
        text += Cli::tr(", LM head trained");
    return text;
}

namespace {

// "7, 8 x 14, 7": each rank's layers, runs of equal counts folded.
QString rankLayersText(const std::vector<PipelineRankPeak> &ranks)
{
    QStringList parts;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1].layers == ranks[i].layers)
            ++j;
        const Count run = static_cast<Count>(j - i + 1);
        parts << (run > 2 ? Cli::tr("%1 x %2").arg(groupedDigits(ranks[i].layers), groupedDigits(run))
                          : QStringList(QList<QString>(run, groupedDigits(ranks[i].layers))).join(QStringLiteral(", ")));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

QString splitName(PipelineSplit split)
{
    switch (split) {
    case PipelineSplit::Even:
        //: how the layers are split over pipeline stages: as evenly as the count allows
        return Cli::tr("even");
    case PipelineSplit::Weighted:
        //: how the layers are split over pipeline stages: the embedding and the output count as a layer each
        return Cli::tr("weighted");
    case PipelineSplit::Listed:
        //: how the layers are split over pipeline stages: as the user listed them
        return Cli::tr("as listed");
    }
    return {};
}

} // namespace

QString pipelineText(const Scenario &s, const Breakdown &b)
{
    if (s.parallel.pipelineParallel <= 1 || b.pipelineRank < 0)
        return {};
    const std::vector<PipelineRankPeak> ranks = pipelineRankPeaks(s);
    const PipelineRankPeak &shown = ranks[static_cast<std::size_t>(b.pipelineRank)];
    QString holds;
    if (shown.embedding && shown.head)
        holds = Cli::tr(", the embedding, the LM head, logits and loss");
    else if (shown.embedding)
        holds = Cli::tr(", the embedding");
    else if (shown.head)
        holds = Cli::tr(", the LM head, logits and loss");
    //: %1 layers per rank, %2 how they were split, %3 the rank shown, %4 the ranks, %5 its layers,
    //: %6 what else it holds, %7 its layers' worth held in flight
    QString text = Cli::tr("Pipeline: %1 layers (%2); rank %3 of %4 peaks highest: %5 layers%6, %7 layers' worth of activations in flight")
                           .arg(rankLayersText(ranks), splitName(s.parallel.pipelineSplit), groupedDigits(b.pipelineRank),
                                groupedDigits(s.parallel.pipelineParallel), groupedDigits(shown.layers), holds,
                                groupedDigits(shown.heldLayers));
    QStringList peaks;
    for (const PipelineRankPeak &r : ranks)
        //: one pipeline rank's allocated peak: %1 the rank, %2 GB
        peaks << Cli::tr("%1: %2 GB").arg(groupedDigits(r.rank), QString::number(toGB(r.peak), 'f', 2));
    //: %1 every rank's allocated peak
    return text + QLatin1Char('\n') + Cli::tr("Allocated peak by rank: %1").arg(peaks.join(QStringLiteral(", ")));
}

void writePipeline(JsonWriter &w, const Scenario &s, const Breakdown &b)
{
    w.beginObject();
    w.key("rank").integer(b.pipelineRank);
    w.key("split").string(pipelineSplitText(s.parallel));
    w.key("ranks").beginArray();
    for (const PipelineRankPeak &r : pipelineRankPeaks(s)) {
        w.beginObject();
        w.key("rank").integer(r.rank);
        w.key("layers").integer(r.layers);
        w.key("held_layers").integer(r.heldLayers);
        w.key("embedding").boolean(r.embedding);
        w.key("head").boolean(r.head);
        w.key("allocated_peak").byteCount(r.peak);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

void writeStrategy(JsonWriter &w, const Scenario &s, const Placement &pl)
{
    const Parallelism &p = s.parallel;
    w.beginObject();
    w.key("gpus").integer(p.gpus);
    w.key("data_parallel").integer(pl.dataParallel);
    w.key("tensor_parallel").integer(p.tensorParallel);
    w.key("pipeline_parallel").integer(p.pipelineParallel);
    w.key("sequence_parallel").boolean(p.sequenceParallel);
    w.key("expert_parallel").integer(p.expertParallel);
    w.key("expert_shard").integer(p.expertShard);
    w.key("gpus_per_node").integer(p.gpusPerNode);
    w.key("zero").integer(static_cast<int>(p.zero));
    w.key("offload").string(offloadName(p.offload));
    w.key("parameters_per_rank").integer(pl.share.parameters);
    w.key("trainable_parameters").integer(pl.trainableParameters);
    w.key("lora").string(adapterModeName(s.lora.mode));
    if (s.lora.mode != AdapterMode::None) {
        w.key("lora_rank").integer(s.lora.rank);
        w.key("lora_targets").string(loraTargetsText(targetsOf(s)));
    }
    w.key("buffers").beginObject();
    w.key("gathered_parameters").byteCount(pl.gatheredParameters);
    w.key("live_gradients").byteCount(pl.liveGradients);
    w.key("reduce_bucket").byteCount(pl.reduceBucket);
    w.key("dequant_buffer").byteCount(pl.dequantBuffer);
    w.key("fp8_weight_workspace").byteCount(pl.fp8WeightWorkspace);
    w.key("fp8_scaling_state").byteCount(pl.fp8ScalingState);
    w.endObject();
    w.endObject();
}

void writeHost(JsonWriter &w, const Placement &pl)
{
    w.beginObject();
    w.key("per_node").byteCount(pl.host.perNode);
    w.key("gpus_on_node").integer(pl.gpusOnNode);
    w.key("offloaded_per_gpu").byteCount(pl.offloaded.total());
    w.key("offloaded_per_node").byteCount(pl.hostOffloadedPerNode);
    w.key("model_load_per_node").byteCount(pl.hostLoadPerNode);
    w.key("buffer_factor").number(1.5);
    w.endObject();
}

} // namespace headroom
