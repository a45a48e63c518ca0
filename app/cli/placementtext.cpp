#include "placementtext.h"

#include <headroom/memory/lora.h>
#include <headroom/memory/precision.h>

#include "clitext.h"

namespace headroom::cli {

QJsonValue jsonByteValue(Bytes b)
{
    const Count v = countOf(b);
    if (v <= (Count(1) << 53) && v >= -(Count(1) << 53))
        return QJsonValue(static_cast<qint64>(v));
    return QJsonValue(static_cast<double>(v));
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

QString placementHow(const Scenario &s, const Placement &pl, StateBucket bucket)
{
    const PerParamBytes ppb = perParamBytes(s.training.precision);
    const ZeroStage z = s.parallel.zero;
    const int stage = static_cast<int>(z);
    const bool offloadOpt = s.parallel.offload != Offload::None && stage >= 1;
    const bool offloadParams = s.parallel.offload == Offload::OptimizerAndParams && stage == 3;
    const QString n = countName(s, pl);
    const QString onHost = Cli::tr(", on the host");
    QString how;
    switch (bucket) {
    case StateBucket::Parameters:
        if (s.lora.mode == AdapterMode::Lora)
            how = Cli::tr("frozen base x %1 B + %2 x %3 B").arg(perParam(frozenBaseBytesPer(s)), n, perParam(ppb.weights));
        else if (s.lora.mode == AdapterMode::Qlora)
            how = Cli::tr("NF4 base (4.127 bit) + %1 x %2 B").arg(n, perParam(ppb.weights));
        else
            how = Cli::tr("%1 x %2 B").arg(n, perParam(ppb.weights));
        if (stage >= 3)
            how = (s.lora.mode != AdapterMode::None ? QLatin1Char('(') + how + QLatin1Char(')') : how) + sharded(pl, z);
        if (offloadParams)
            how += onHost;
        if (pl.gatheredParameters > bytes(0))
            how += Cli::tr(" + gathered largest module %1").arg(gbText(pl.gatheredParameters));
        if (pl.dequantBuffer > bytes(0))
            how += Cli::tr(" + one dequantized matrix %1").arg(gbText(pl.dequantBuffer));
        break;
    case StateBucket::Gradients: {
        const bool separate = s.training.precision.fp32GradBuffer && isHalfPrecision(weightDtype(s.training.precision.recipe));
        const QString g16 = perParam(dtypeSize(weightDtype(s.training.precision.recipe)));
        if (stage == 0)
            how = Cli::tr("%1 x %2 B").arg(n, perParam(ppb.gradients));
        else if (offloadOpt)
            how = stage == 1 ? Cli::tr("%1 x %2 B (partition%3 on the host)").arg(n, g16, sharded(pl, z))
                             : Cli::tr("partition %1 x %2 B%3 on the host").arg(n, perParam(ppb.gradients), sharded(pl, z));
        else if (stage == 1)
            how = separate ? Cli::tr("%1 x %2 B + FP32 partition %1 x 4 B%3").arg(n, g16, sharded(pl, z))
                           : Cli::tr("%1 x %2 B (not divided at stage 1)").arg(n, perParam(ppb.gradients));
        else if (stage == 2 && separate)
            how = Cli::tr("(%1 x %2 B + FP32 %1 x 4 B)%3").arg(n, g16, sharded(pl, z));
        else
            how = Cli::tr("%1 x %2 B%3").arg(n, perParam(ppb.gradients), sharded(pl, z));
        if (pl.liveGradients > bytes(0))
            how += Cli::tr(" + largest module's gradients %1").arg(gbText(pl.liveGradients));
        if (pl.reduceBucket > bytes(0))
            how += Cli::tr(" + reduce bucket %1").arg(gbText(pl.reduceBucket));
        break;
    }
    case StateBucket::MasterWeights:
    case StateBucket::OptimizerStates: {
        const bool master = bucket == StateBucket::MasterWeights;
        if (!master && ppb.optimizerFactored)
            how = Cli::tr("factored: (rows + columns) x %1 B").arg(perParam(ppb.optimizer));
        else
            how = Cli::tr("%1 x %2 B").arg(n, perParam(master ? ppb.master : ppb.optimizer));
        if (stage >= 1)
            how += sharded(pl, z);
        if (offloadOpt)
            how += onHost;
        break;
    }
    }
    return how;
}

QString hostText(const Placement &pl)
{
    return Cli::tr("Host RAM per node: %1 = 1.5 x max(offloaded states of %2 %3, loading the model in FP32 %4) (DeepSpeed's estimate)")
            .arg(gbText(pl.host.perNode), gpusText(pl.gpusOnNode), gbText(pl.hostOffloadedPerNode), gbText(pl.hostLoadPerNode));
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

} // namespace headroom::cli
