#include "placementtext.h"

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

void writeStrategy(JsonWriter &w, const Scenario &s, const Placement &pl)
{
    const Parallelism &p = s.parallel;
    w.beginObject();
    w.key("gpus").integer(p.gpus);
    w.key("data_parallel").integer(pl.dataParallel);
    w.key("tensor_parallel").integer(p.tensorParallel);
    w.key("pipeline_parallel").integer(p.pipelineParallel);
    w.key("sequence_parallel").boolean(p.sequenceParallel);
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
