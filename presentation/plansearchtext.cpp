#include "plansearchtext.h"

#include <QTextStream>

#include <headroom/io/textwidth.h>

#include "fittext.h"
#include "numbertext.h"
#include "steptimetext.h"
#include "wording.h"

namespace headroom {

QString planLayoutText(const SearchedPlan &p)
{
    QStringList parts;
    if (p.tensorParallel > 1)
        parts << Cli::tr("TP %1").arg(groupedDigits(p.tensorParallel));
    if (p.pipelineParallel > 1)
        parts << (p.virtualStages > 1 ? Cli::tr("PP %1 (%2 virtual)").arg(groupedDigits(p.pipelineParallel)).arg(groupedDigits(p.virtualStages))
                                      : Cli::tr("PP %1").arg(groupedDigits(p.pipelineParallel)));
    if (p.contextParallel > 1)
        parts << Cli::tr("CP %1").arg(groupedDigits(p.contextParallel));
    if (p.expertParallel > 1)
        parts << Cli::tr("EP %1").arg(groupedDigits(p.expertParallel));
    if (parts.isEmpty())
        return p.gpus == 1 ? Cli::tr("one GPU") : Cli::tr("data parallel only");
    return parts.join(QStringLiteral(" x "));
}

QString planStrategyText(const SearchedPlan &p)
{
    if (p.distributedOptimizer)
        return kStrategies[p.strategyIndex].zero == ZeroStage::Stage0 ? Cli::tr("distributed optimizer")
                                                                        : Cli::tr("%1 + distributed optimizer").arg(nameText(kStrategies[p.strategyIndex].name));
    return nameText(kStrategies[p.strategyIndex].name);
}

QString planText(const SearchedPlan &p, const GpuSpec &gpu)
{
    //: %1 GPU count, %2 GPU kind id, %3 layout ("TP 8 x PP 2"), %4 strategy (zero1), %5 recompute
    //: policy (none, selective, full), %6 micro-batch, %7 micro-batches accumulated per step
    return Cli::tr("%1 x %2, %3, %4, recompute %5, micro-batch %6 x %7")
            .arg(groupedDigits(p.gpus), gpu.id, planLayoutText(p), planStrategyText(p),
                 nameText(recomputeName(p.recompute)), groupedDigits(p.microBatch), groupedDigits(p.gradAccum));
}

namespace {

QString planSummary(const SearchedPlan &p, const GpuSpec &gpu)
{
    //: %1 days, %2 rent, %3 the plan (planText)
    return Cli::tr("%1 days, rent %2: %3").arg(daysText(p.time), costText(p.time), planText(p, gpu));
}

void writePlan(JsonWriter &w, const SearchedPlan &p, const GpuSpec &gpu)
{
    w.beginObject();
    w.key("gpu").string(gpu.id);
    w.key("gpus").integer(p.gpus);
    w.key("data_parallel").integer(p.dataParallel());
    w.key("tp").integer(p.tensorParallel);
    w.key("pp").integer(p.pipelineParallel);
    w.key("vpp").integer(p.virtualStages);
    w.key("cp").integer(p.contextParallel);
    w.key("ep").integer(p.expertParallel);
    w.key("strategy").string(kStrategies[p.strategyIndex].name);
    w.key("distributed_optimizer").boolean(p.distributedOptimizer);
    w.key("recompute").string(recomputeName(p.recompute));
    w.key("micro_batch").integer(p.microBatch);
    w.key("grad_accum").integer(p.gradAccum);
    w.key("global_batch").integer(p.globalBatch);
    w.key("peak_bytes").integer(countOf(p.peak));
    w.key("capacity_bytes").integer(countOf(gpu.capacity));
    writeTimeSummary(w, p.time);
    w.endObject();
}

} // namespace

void printPlanSearch(QTextStream &o, std::span<const GpuSpec> gpus, std::span<const SearchedPlan> front,
                     const PlanSearchResult &r, const PlanQuestion &q)
{
    //: %1 candidates (plans x GPU kinds), %2 how many fit, %3 memory estimates computed
    o << Cli::tr("Whole-plan search: %1 candidates (GPU kind x count x layout x strategy x recompute x micro-batch), "
                 "%2 fit; %3 memory estimates, each shared by every GPU kind.")
                 .arg(groupedDigits(r.candidates), groupedDigits(r.fitting), groupedDigits(r.estimates))
      << Qt::endl;
    if (r.refusedByEmulation > 0)
        //: %1 plans left out, %2 layouts whose allocator was emulated
        o << Cli::tr("%1 of those plans were left out: they fit by the search's scaled allocator cache, not by the allocator "
                     "emulated for their own run (%2 layouts emulated).")
                     .arg(groupedDigits(r.refusedByEmulation), groupedDigits(r.emulations))
          << Qt::endl;
    //: %1 sequences per optimizer step
    o << Cli::tr("Every plan keeps the global batch of %1 sequences (--global-batch; without it the run's own: data-parallel "
                 "replicas x micro-batch x accumulation).")
                 .arg(groupedDigits(r.globalBatch))
      << Qt::endl;
    if (r.frontCount == 0) {
        o << Cli::tr("No plan fits.") << Qt::endl;
        return;
    }
    o << Cli::tr("Time against rent, the plans no other beats on both (fastest first):") << Qt::endl;
    o << QStringLiteral("  ") << padStart(Cli::tr("days"), 9) << padStart(Cli::tr("rent"), 11) << padStart(Cli::tr("own"), 11)
      << padStart(Cli::tr("MFU"), 7) << padStart(Cli::tr("peak"), 10) << QStringLiteral("  ") << Cli::tr("plan") << Qt::endl;
    for (int i = 0; i < r.frontCount; ++i) {
        const SearchedPlan &p = front[static_cast<std::size_t>(i)];
        const GpuSpec &gpu = gpus[static_cast<std::size_t>(p.gpuIndex)];
        o << QStringLiteral("  ") << padStart(daysText(p.time), 9) << padStart(costText(p.time), 11)
          << padStart(usd(p.time.ownCostUsd), 11) << padStart(QString::number(100 * p.time.step.mfu, 'f', 1), 7)
          << padStart(gbText(p.peak), 10) << QStringLiteral("  ") << planText(p, gpu) << Qt::endl;
    }
    if (r.frontTruncated)
        o << Cli::tr("(more plans lie on the front than are listed)") << Qt::endl;
    if (q.budgetUsd > 0) {
        if (r.fastestUnderBudget >= 0) {
            const SearchedPlan &p = front[static_cast<std::size_t>(r.fastestUnderBudget)];
            o << Cli::tr("Fastest within %1: %2").arg(usd(q.budgetUsd), planSummary(p, gpus[static_cast<std::size_t>(p.gpuIndex)]))
              << Qt::endl;
        } else {
            const SearchedPlan &cheapest = front[static_cast<std::size_t>(r.frontCount - 1)];
            o << Cli::tr("No plan costs %1 or less; the cheapest costs %2.").arg(usd(q.budgetUsd), costText(cheapest.time)) << Qt::endl;
        }
    }
    if (q.deadlineDays > 0) {
        if (r.cheapestUnderDeadline >= 0) {
            const SearchedPlan &p = front[static_cast<std::size_t>(r.cheapestUnderDeadline)];
            o << Cli::tr("Cheapest within %1 days: %2")
                         .arg(QString::number(q.deadlineDays, 'g', 4), planSummary(p, gpus[static_cast<std::size_t>(p.gpuIndex)]))
              << Qt::endl;
        } else {
            o << Cli::tr("No plan finishes within %1 days; the fastest takes %2.")
                         .arg(QString::number(q.deadlineDays, 'g', 4), daysText(front[0].time))
              << Qt::endl;
        }
    }
    o << planPickText(pickPlan(front, r.frontCount, q.budgetUsd, q.deadlineDays), gpus, front, q) << Qt::endl;
}

QString planPickText(const PlanPick &pick, std::span<const GpuSpec> gpus, std::span<const SearchedPlan> front,
                     const PlanQuestion &q)
{
    if (pick.chosen < 0 || static_cast<std::size_t>(pick.chosen) >= front.size())
        return Cli::tr("No plan fits.");
    const SearchedPlan &p = front[static_cast<std::size_t>(pick.chosen)];
    const GpuSpec &gpu = gpus[static_cast<std::size_t>(p.gpuIndex)];
    QString why;
    switch (pick.rule) {
    case PlanPickRule::Deadline:
        why = Cli::tr("the cheapest plan finishing within %1 days").arg(QString::number(q.deadlineDays, 'g', 4));
        break;
    case PlanPickRule::Budget:
        why = Cli::tr("the fastest plan whose rent is within %1").arg(usd(q.budgetUsd));
        break;
    case PlanPickRule::NearCheapest:
    case PlanPickRule::None:
        //: %1 a percentage, e.g. 10
        why = Cli::tr("the fastest plan whose rent is at most %1 % above the cheapest plan's").arg(qRound(kNearCheapestSlack * 100));
        // A deadline or budget no plan meets falls back to this rule (pickPlan()).
        if (q.deadlineDays > 0 || q.budgetUsd > 0)
            why += Cli::tr(" (none meets the deadline or budget given)");
        break;
    }
    //: %1 the plan in one line, %2 days, %3 rent, %4 why it is recommended
    return Cli::tr("Recommended: %1 (%2 days, %3 to rent), %4.").arg(planText(p, gpu), daysText(p.time), costText(p.time), why);
}

namespace {

const char *pickRuleName(PlanPickRule r)
{
    switch (r) {
    case PlanPickRule::None: return "none";
    case PlanPickRule::Deadline: return "cheapest_within_deadline";
    case PlanPickRule::Budget: return "fastest_within_budget";
    case PlanPickRule::NearCheapest: return "fastest_near_cheapest";
    }
    return "none";
}

} // namespace

void writePlanSearch(JsonWriter &w, std::span<const GpuSpec> gpus, std::span<const SearchedPlan> front,
                     const PlanSearchResult &r, const PlanQuestion &q)
{
    w.beginObject();
    w.key("candidates").integer(r.candidates);
    w.key("fitting").integer(r.fitting);
    w.key("estimates").integer(r.estimates);
    w.key("emulations").integer(r.emulations);
    w.key("refused_by_emulation").integer(r.refusedByEmulation);
    w.key("global_batch").integer(r.globalBatch);
    w.key("front_truncated").boolean(r.frontTruncated);
    w.key("front").beginArray();
    for (int i = 0; i < r.frontCount; ++i) {
        const SearchedPlan &p = front[static_cast<std::size_t>(i)];
        writePlan(w, p, gpus[static_cast<std::size_t>(p.gpuIndex)]);
    }
    w.endArray();
    if (q.budgetUsd > 0) {
        w.key("budget_usd").number(q.budgetUsd);
        w.key("fastest_under_budget");
        if (r.fastestUnderBudget >= 0) {
            const SearchedPlan &p = front[static_cast<std::size_t>(r.fastestUnderBudget)];
            writePlan(w, p, gpus[static_cast<std::size_t>(p.gpuIndex)]);
        } else {
            w.null();
        }
    }
    if (q.deadlineDays > 0) {
        w.key("deadline_days").number(q.deadlineDays);
        w.key("cheapest_under_deadline");
        if (r.cheapestUnderDeadline >= 0) {
            const SearchedPlan &p = front[static_cast<std::size_t>(r.cheapestUnderDeadline)];
            writePlan(w, p, gpus[static_cast<std::size_t>(p.gpuIndex)]);
        } else {
            w.null();
        }
    }
    // pickPlan()'s choice: an index into "front", and the rule that chose it.
    const PlanPick pick = pickPlan(front, r.frontCount, q.budgetUsd, q.deadlineDays);
    w.key("recommended");
    if (pick.chosen >= 0) {
        w.beginObject();
        w.key("front_index").integer(pick.chosen);
        w.key("rule").string(pickRuleName(pick.rule));
        w.endObject();
    } else {
        w.null();
    }
    w.endObject();
}

} // namespace headroom
