#include "steptimetext.h"

#include <QCoreApplication>
#include <QTextStream>

#include "wording.h"

namespace headroom {

QJsonObject timeJson(const TimeAndCost &t)
{
    const StepTime &st = t.step;
    QJsonObject step{
        { QStringLiteral("tokens"), st.tokensPerStep },
        { QStringLiteral("matmul_s"), st.matmulS },
        { QStringLiteral("memory_bound_s"), st.memoryBoundS },
        { QStringLiteral("optimizer_s"), st.optimizerS },
        { QStringLiteral("compute_s"), st.computeS },
        { QStringLiteral("data_parallel_s"), st.dataParallelS },
        { QStringLiteral("data_parallel_exposed_s"), st.dataParallelExposedS },
        { QStringLiteral("tensor_parallel_s"), st.tensorParallelS },
        { QStringLiteral("pipeline_send_s"), st.pipelineSendS },
        { QStringLiteral("communication_s"), st.communicationS },
        { QStringLiteral("bubble_s"), st.bubbleS },
        { QStringLiteral("offload_transfer_s"), st.offloadTransferS },
        { QStringLiteral("cpu_optimizer_s"), st.cpuOptimizerS },
        { QStringLiteral("total_s"), st.totalS },
        { QStringLiteral("data_parallel_gb_s"), st.dataParallelBandwidth / 1e9 },
        { QStringLiteral("data_parallel_crosses_nodes"), st.dataParallelCrossesNodes },
        { QStringLiteral("nodes"), qint64(st.nodes) },
    };
    // The run's totals: every step takes the same time, so each term is steps x its step share.
    return QJsonObject{
        { QStringLiteral("compute_s"), t.steps * st.computeS },
        { QStringLiteral("communication_s"), t.steps * st.communicationS },
        { QStringLiteral("bubble_s"), t.steps * st.bubbleS },
        { QStringLiteral("offload_s"), t.steps * st.offloadS() },
        { QStringLiteral("total_s"), t.steps * st.totalS },
        { QStringLiteral("steps"), t.steps },
        { QStringLiteral("days"), t.days },
        { QStringLiteral("gpu_hours"), t.gpuHours },
        { QStringLiteral("rent_usd"), t.costUsd },
        { QStringLiteral("own_usd"), t.ownCostUsd },
        { QStringLiteral("mfu"), st.mfu },
        { QStringLiteral("hfu"), st.hfu },
        { QStringLiteral("dominant"), QLatin1String(stepTermName(st.dominant())) },
        { QStringLiteral("dominant_share"), st.share(st.dominant()) },
        { QStringLiteral("step"), step },
    };
}

QString dominantText(const StepTime &t)
{
    const int percent = qRound(100 * t.share(t.dominant()));
    switch (t.dominant()) {
    case StepTerm::Compute: return Cli::tr("compute bound (%1 % of the step)").arg(percent);
    case StepTerm::Communication: return Cli::tr("communication bound: %1 % of the step").arg(percent);
    case StepTerm::Bubble: return Cli::tr("pipeline-bubble bound: %1 % of the step").arg(percent);
    case StepTerm::Offload: return Cli::tr("offload bound: %1 % of the step").arg(percent);
    }
    return {};
}

void printStepTimeTerms(QTextStream &o, const std::vector<StepTimeTerm> &terms, const StepTime &t, const QString &indent)
{
    for (const StepTimeTerm &term : terms) {
        o << indent << QCoreApplication::translate("StepTime", term.label) << QStringLiteral(": ")
          << Cli::tr("%1 s").arg(term.seconds, 0, 'g', 4);
        if (!term.exposed)
            o << Cli::tr(" (%1 s of it not hidden behind compute)").arg(t.dataParallelExposedS, 0, 'g', 4);
        o << Qt::endl
          << indent << QStringLiteral("    ") << QString::fromStdString(term.formula) << QStringLiteral("  =  ")
          << QString::fromStdString(term.values) << Qt::endl
          << indent << QStringLiteral("    ") << QCoreApplication::translate("StepTime", term.source) << Qt::endl;
    }
    o << indent << Cli::tr("step: %1 s, MFU %2 %, %3").arg(t.totalS, 0, 'g', 4).arg(100 * t.mfu, 0, 'f', 1).arg(dominantText(t)) << Qt::endl;
}

} // namespace headroom
