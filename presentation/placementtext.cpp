#include "placementtext.h"

#include <headroom/io/jsoninteger.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/precision.h>

#include "wording.h"

namespace headroom {

QJsonValue jsonByteValue(Bytes b)
{
    return exactJsonInteger(countOf(b)); // an integer at any size, written by jsonText()
}

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
    QString text = Cli::tr("%1 (data-parallel %2 x tensor %3 x pipeline %4%5), %6, offload %7")
                           .arg(gpusText(p.gpus), groupedDigits(p.dataParallel()), groupedDigits(p.tensorParallel),
                                groupedDigits(p.pipelineParallel),
                                p.sequenceParallel ? Cli::tr(", sequence parallel") : QString(), zeroText(p.zero),
                                nameText(offloadName(p.offload)));
    if (s.lora.mode != AdapterMode::None)
        text += Cli::tr("; %1 r=%2 on %3")
                        .arg(s.lora.mode == AdapterMode::Qlora ? Cli::tr("QLoRA (NF4 base)") : Cli::tr("LoRA"))
                        .arg(groupedDigits(s.lora.rank), QString::fromStdString(loraTargetsText(targetsOf(s))));
    return text;
}

QJsonObject strategyJson(const Scenario &s, const Placement &pl)
{
    const Parallelism &p = s.parallel;
    QJsonObject o{
        { QStringLiteral("gpus"), qint64(p.gpus) },
        { QStringLiteral("data_parallel"), qint64(pl.dataParallel) },
        { QStringLiteral("tensor_parallel"), qint64(p.tensorParallel) },
        { QStringLiteral("pipeline_parallel"), qint64(p.pipelineParallel) },
        { QStringLiteral("sequence_parallel"), p.sequenceParallel },
        { QStringLiteral("zero"), static_cast<int>(p.zero) },
        { QStringLiteral("offload"), nameText(offloadName(p.offload)) },
        { QStringLiteral("gpus_per_node"), qint64(p.gpusPerNode) },
        { QStringLiteral("parameters_per_rank"), qint64(pl.share.parameters) },
        { QStringLiteral("trainable_parameters"), qint64(pl.trainableParameters) },
        { QStringLiteral("lora"), nameText(adapterModeName(s.lora.mode)) },
        { QStringLiteral("buffers"), QJsonObject{
                  { QStringLiteral("gathered_parameters"), jsonByteValue(pl.gatheredParameters) },
                  { QStringLiteral("live_gradients"), jsonByteValue(pl.liveGradients) },
                  { QStringLiteral("reduce_bucket"), jsonByteValue(pl.reduceBucket) },
                  { QStringLiteral("dequant_buffer"), jsonByteValue(pl.dequantBuffer) },
          } },
    };
    if (s.lora.mode != AdapterMode::None) {
        o.insert(QStringLiteral("lora_rank"), qint64(s.lora.rank));
        o.insert(QStringLiteral("lora_targets"), QString::fromStdString(loraTargetsText(targetsOf(s))));
    }
    return o;
}

QJsonObject hostJson(const Placement &pl)
{
    return QJsonObject{
        { QStringLiteral("per_node"), jsonByteValue(pl.host.perNode) },
        { QStringLiteral("gpus_on_node"), qint64(pl.gpusOnNode) },
        { QStringLiteral("offloaded_per_gpu"), jsonByteValue(pl.offloaded.total()) },
        { QStringLiteral("offloaded_per_node"), jsonByteValue(pl.hostOffloadedPerNode) },
        { QStringLiteral("model_load_per_node"), jsonByteValue(pl.hostLoadPerNode) },
        { QStringLiteral("buffer_factor"), 1.5 },
    };
}

} // namespace headroom
