#include "steptimetext.h"

#include <QCoreApplication>
#include <QTextStream>

#include "wording.h"

namespace headroom {

void writeTime(JsonWriter &w, const TimeAndCost &t)
{
    const StepTime &st = t.step;
    w.beginObject();
    // The run's totals: every step takes the same time, so each term is steps x its step share.
    w.key("total_s").number(t.steps * st.totalS);
    w.key("compute_s").number(t.steps * st.computeS);
    w.key("communication_s").number(t.steps * st.communicationS);
    w.key("bubble_s").number(t.steps * st.bubbleS);
    w.key("offload_s").number(t.steps * st.offloadS());
    w.key("steps").number(t.steps);
    w.key("days").number(t.days);
    w.key("gpu_hours").number(t.gpuHours);
    w.key("rent_usd").number(t.costUsd);
    w.key("own_usd").number(t.ownCostUsd);
    w.key("mfu").number(st.mfu);
    w.key("mfu_full_attention").number(st.mfuFullAttention);
    w.key("hfu").number(st.hfu);
    w.key("dominant").string(stepTermName(st.dominant()));
    w.key("dominant_share").number(st.share(st.dominant()));
    w.key("step");
    writeStepTime(w, st);
    w.endObject();
}

void writeTimeSummary(JsonWriter &w, const TimeAndCost &t)
{
    w.key("days").number(t.days);
    w.key("cost_usd").number(t.costUsd);
    w.key("own_cost_usd").number(t.ownCostUsd);
    w.key("gpu_hours").number(t.gpuHours);
    w.key("mfu").number(t.step.mfu);
    w.key("mfu_full_attention").number(t.step.mfuFullAttention);
    w.key("time");
    writeTime(w, t);
}

void writeStepTime(JsonWriter &w, const StepTime &st)
{
    w.beginObject();
    w.key("tokens").number(st.tokensPerStep);
    w.key("total_s").number(st.totalS);
    w.key("compute_s").number(st.computeS);
    w.key("matmul_s").number(st.matmulS);
    w.key("gemm_shape_slowdown").number(st.gemmShapeSlowdown);
    w.key("fp8_gemm_shape_slowdown").number(st.fp8GemmShapeSlowdown);
    w.key("memory_bound_s").number(st.memoryBoundS);
    w.key("fp8_cast_s").number(st.fp8CastS);
    w.key("attention_s").number(st.attentionS);
    w.key("attention_efficiency").number(st.attentionEfficiency);
    w.key("optimizer_s").number(st.optimizerS);
    w.key("communication_s").number(st.communicationS);
    w.key("data_parallel_s").number(st.dataParallelS);
    w.key("data_parallel_exposed_s").number(st.dataParallelExposedS);
    w.key("tensor_parallel_s").number(st.tensorParallelS);
    w.key("context_parallel_s").number(st.contextParallelS);
    w.key("expert_parallel_s").number(st.expertParallelS);
    w.key("stage_imbalance_s").number(st.stageImbalanceS);
    w.key("pipeline_send_s").number(st.pipelineSendS);
    w.key("bubble_s").number(st.bubbleS);
    w.key("offload_transfer_s").number(st.offloadTransferS);
    w.key("cpu_optimizer_s").number(st.cpuOptimizerS);
    w.key("data_parallel_gb_s").number(st.dataParallelBandwidth / 1e9);
    w.key("data_parallel_crosses_nodes").boolean(st.dataParallelCrossesNodes);
    w.key("nodes").integer(st.nodes);
    w.key("mfu").number(st.mfu);
    w.key("mfu_full_attention").number(st.mfuFullAttention);
    w.key("hfu").number(st.hfu);
    w.endObject();
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
    //: MFU twice: causal attention counted as the kernel runs it (half), then whole, as most papers count it
    o << indent << Cli::tr("step: %1 s, MFU %2 % (%3 % counting attention's whole square, as most publications do), %4")
                           .arg(t.totalS, 0, 'g', 4)
                           .arg(100 * t.mfu, 0, 'f', 1)
                           .arg(100 * t.mfuFullAttention, 0, 'f', 1)
                           .arg(dominantText(t))
      << Qt::endl;
}

} // namespace headroom
