// makePlanFront() (chartadapters.h): the whole-plan search's front as the chart's points. Every
// figure is the core's; the words are the presentation layer's planText() and the chart's own
// legend and note.

#include "chartadapters.h"

#include <QCoreApplication>
#include <QLocale>

#include "labels.h"
#include "plansearchtext.h"
#include "wording.h"

namespace headroom {

namespace {

class PlanFrontText
{
    Q_DECLARE_TR_FUNCTIONS(PlanFrontText)
};

QString usdText(double usd)
{
    return QStringLiteral("$") + QLocale().toString(usd, 'f', usd < 100 ? 2 : 0);
}

QString daysText(double days)
{
    return QLocale().toString(days, 'g', 3);
}

} // namespace

PlanFrontData makePlanFront(std::span<const SearchedPlan> front, const PlanSearchResult &result,
                            std::span<const GpuSpec> gpus, double budgetUsd, double deadlineDays)
{
    PlanFrontData data;
    data.budgetUsd = budgetUsd > 0 ? budgetUsd : 0;
    data.deadlineDays = deadlineDays > 0 ? deadlineDays : 0;
    //: a line on the time-against-cost chart, %1 the rent budget in USD
    data.budgetLabel = PlanFrontText::tr("Budget %1").arg(usdText(data.budgetUsd));
    //: a line on the time-against-cost chart, %1 days
    data.deadlineLabel = PlanFrontText::tr("Deadline %1 days").arg(daysText(data.deadlineDays));
    //: legend: the plan picked for the budget, %1 the budget in USD
    data.fastestLabel = PlanFrontText::tr("Fastest within %1").arg(usdText(data.budgetUsd));
    //: legend: the plan picked for the deadline, %1 days
    data.cheapestLabel = PlanFrontText::tr("Cheapest within %1 days").arg(daysText(data.deadlineDays));
    //: legend: the plan the search recommends
    data.recommendedLabel = PlanFrontText::tr("Recommended");
    const int count = std::min(result.frontCount, static_cast<int>(front.size()));
    const PlanPick pick = pickPlan(front, count, data.budgetUsd, data.deadlineDays);
    data.recommendation = planPickText(pick, gpus, front, PlanQuestion{ data.budgetUsd, data.deadlineDays });
    for (int i = 0; i < count; ++i) {
        const SearchedPlan &p = front[static_cast<std::size_t>(i)];
        if (p.gpuIndex < 0 || static_cast<std::size_t>(p.gpuIndex) >= gpus.size())
            continue;
        const GpuSpec &gpu = gpus[static_cast<std::size_t>(p.gpuIndex)];
        PlanPoint point;
        point.front = i;
        point.gpuName = Labels::shortGpuName(gpu.name);
        qsizetype kind = data.kinds.indexOf(point.gpuName);
        if (kind < 0) {
            kind = data.kinds.size();
            data.kinds << point.gpuName;
        }
        point.kind = static_cast<int>(kind);
        point.days = p.time.days;
        point.rentUsd = p.time.costUsd;
        point.ownUsd = p.time.ownCostUsd;
        point.mfu = p.time.step.mfu;
        point.plan = planText(p, gpu);
        point.fastestUnderBudget = i == result.fastestUnderBudget;
        point.cheapestUnderDeadline = i == result.cheapestUnderDeadline;
        point.recommended = i == pick.chosen;
        //: tooltip of a plan on the time-against-cost chart: %1 days, %2 rent, %3 cost of owning,
        //: %4 MFU in percent, %5 the GPU's full name, %6 the plan in one line
        point.toolTip = PlanFrontText::tr("%1 days, %2 to rent, %3 to own, MFU %4 %\n%5\n%6")
                                .arg(daysText(p.time.days), usdText(p.time.costUsd), usdText(p.time.ownCostUsd),
                                     QLocale().toString(100 * p.time.step.mfu, 'f', 1), gpu.name, point.plan);
        if (point.fastestUnderBudget)
            point.toolTip += QLatin1Char('\n') + data.fastestLabel;
        if (point.cheapestUnderDeadline)
            point.toolTip += QLatin1Char('\n') + data.cheapestLabel;
        if (point.recommended)
            point.toolTip += QLatin1Char('\n') + data.recommendedLabel;
        //: on hover over a plan of the chart
        point.toolTip += QLatin1Char('\n') + PlanFrontText::tr("Click to plan with it (one undo step).");
        data.points << point;
    }

    QStringList note;
    if (data.points.isEmpty()) {
        note << Cli::tr("No plan fits.");
    } else {
        //: %1 plans considered, %2 of them fit, %3 plans on the front
        note << PlanFrontText::tr("%1 plans considered (GPU kind × count × layout × strategy × recompute × micro-batch), "
                                  "%2 fit; %3 no other beats on both time and rent.")
                        .arg(groupedCount(result.candidates), groupedCount(result.fitting),
                             groupedCount(static_cast<Count>(data.points.size())));
        if (result.frontTruncated)
            note << Cli::tr("(more plans lie on the front than are listed)");
        if (data.budgetUsd > 0 && result.fastestUnderBudget < 0)
            note << Cli::tr("No plan costs %1 or less; the cheapest costs %2.")
                            .arg(usdText(data.budgetUsd), usdText(data.points.last().rentUsd));
        if (data.deadlineDays > 0 && result.cheapestUnderDeadline < 0)
            note << Cli::tr("No plan finishes within %1 days; the fastest takes %2.")
                            .arg(daysText(data.deadlineDays), daysText(data.points.first().days));
    }
    data.note = note.join(QLatin1Char(' '));
    return data;
}

} // namespace headroom
