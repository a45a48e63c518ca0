#include "gpufitpane.h"

#include <limits>

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include <headroom/memory/posttraining.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptimeexplain.h>

#include "scenariotitle.h"

#include "deferredrefresh.h"
#include "labels.h"
#include "messagebox.h"
#include "scenariodocument.h"

namespace headroom {

namespace {

QString countOrDash(Count n)
{
    return n > 0 ? groupedCount(n) : QStringLiteral("–");
}

// Sorts by the number it was given, not by its text ("$1,200" after "$900"); a dash sorts last.
class SortedItem final : public QTableWidgetItem
{
public:
    using QTableWidgetItem::QTableWidgetItem;
    bool operator<(const QTableWidgetItem &other) const override
    {
        const QVariant a = data(GpuFitPane::kSortRole), b = other.data(GpuFitPane::kSortRole);
        if (a.isValid() && b.isValid())
            return a.toDouble() < b.toDouble();
        return QTableWidgetItem::operator<(other);
    }
};

constexpr double kLast = std::numeric_limits<double>::infinity();

QTableWidgetItem *item(const QString &text, double sortKey, Qt::Alignment alignment = Qt::AlignRight | Qt::AlignVCenter)
{
    auto *i = new SortedItem(text);
    i->setTextAlignment(alignment);
    i->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    i->setData(GpuFitPane::kSortRole, sortKey);
    return i;
}

QString usdText(double usd) { return QStringLiteral("$") + QLocale().toString(usd, 'f', usd < 100 ? 2 : 0); }

QString boundText(const StepTime &t)
{
    const QString percent = QLocale().toString(qRound(100 * t.share(t.dominant())));
    switch (t.dominant()) {
    //: the term a training step's time is mostly spent in, with its share of the step
    case StepTerm::Compute: return GpuFitPane::tr("compute %1 %").arg(percent);
    case StepTerm::Communication: return GpuFitPane::tr("communication %1 %").arg(percent);
    case StepTerm::Bubble: return GpuFitPane::tr("bubble %1 %").arg(percent);
    case StepTerm::Offload: return GpuFitPane::tr("offload %1 %").arg(percent);
    }
    return {};
}

QString daysText(const TimeAndCost &t)
{
    if (!t.known)
        //: no time estimate: the GPU has no tensor-core peak for the recipe
        return GpuFitPane::tr("n/a");
    return QLocale().toString(t.days, 'g', 3);
}

QString costText(const TimeAndCost &t)
{
    if (!t.known)
        return GpuFitPane::tr("n/a");
    return usdText(t.costUsd);
}

} // namespace

GpuFitPane::GpuFitPane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent),
      m_document(document),
      m_heading(new QLabel(this)),
      m_checkpointing(new QCheckBox(tr("With full activation &checkpointing"), this)),
      m_columns(new QComboBox(this)),
      m_table(new QTableWidget(this)),
      m_note(new QLabel(this)),
      m_refresh(new DeferredRefresh(this, [this] { refresh(); }))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_heading->setTextFormat(Qt::PlainText);
    m_heading->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(m_heading, 1);
    m_checkpointing->setToolTip(tr("The table for the same run with every layer recomputed in backward (about 20–30 % "
                                   "slower, 8 P FLOPs per token instead of 6 P)."));
    top->addWidget(m_checkpointing);
    m_columns->addItem(tr("GPUs needed"));
    m_columns->addItem(tr("Time and cost"));
    m_columns->setToolTip(tr("Show the GPUs each strategy needs, or the time, cost, MFU and step-time terms at the "
                             "strategy needing the fewest."));
    m_columns->setAccessibleName(tr("Columns"));
    top->addWidget(m_columns);
    layout->addLayout(top);

    m_table->setColumnCount(kColumnCount);
    QStringList headers = { tr("GPU"), tr("Memory") };
    // "ZeRO-2 + offload" on two lines: the table has to fit beside a laptop's inputs.
    for (const Strategy &s : kStrategies)
        headers << Labels::strategy(s).replace(QStringLiteral(" + "), QStringLiteral("\n+ "));
    //: column headings: largest micro-batch, longest sequence, training days, cost
    headers << tr("Max B") << tr("Max S") << tr("At") << tr("Days") << tr("Rent") << tr("Own") << tr("MFU") << tr("Bound by");
    m_table->setHorizontalHeaderLabels(headers);
    for (int k = 0; k < kStrategyCount; ++k)
        m_table->horizontalHeaderItem(kFirstStrategyColumn + k)->setToolTip(Labels::strategyToolTip(kStrategies[k]));
    m_table->horizontalHeaderItem(kMaxBatchColumn)
            ->setToolTip(tr("The largest micro-batch that fits one GPU of this kind as the plan has it (its GPU count and "
                            "strategy)."));
    m_table->horizontalHeaderItem(kMaxSequenceColumn)->setToolTip(tr("The longest sequence that fits, likewise."));
    m_table->horizontalHeaderItem(kAtColumn)->setToolTip(tr("The strategy needing the fewest GPUs, and how many: what the time "
                                                            "and cost are for."));
    m_table->horizontalHeaderItem(kDaysColumn)
            ->setToolTip(tr("Days to train on the tokens below at the strategy needing the fewest GPUs."));
    m_table->horizontalHeaderItem(kCostColumn)->setToolTip(tr("What those GPU-hours cost to rent at the catalogue's price."));
    m_table->horizontalHeaderItem(kOwnColumn)
            ->setToolTip(tr("What owning the cards costs for the run: their purchase spread over %1 years, and their power at "
                            "$%2 per kWh (hosts, network and cooling not counted).")
                                 .arg(QLocale().toString(kDefaultYears))
                                 .arg(QLocale().toString(kDefaultElectricityUsdPerKwh)));
    m_table->horizontalHeaderItem(kMfuColumn)
            ->setToolTip(tr("Model-FLOPs utilisation: forward and backward FLOPs over the step time and the dense peak."));
    m_table->horizontalHeaderItem(kBoundColumn)
            ->setToolTip(tr("The term the step spends most of its time in: compute, communication, the pipeline bubble or "
                            "offload. Hover a row's cell for the whole derivation."));
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setAccessibleName(tr("GPUs needed per GPU kind and strategy"));
    // Sorted by a click on a heading; catalogue order until then.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->setToolTip(tr("GPUs needed for the plan on each GPU kind under each strategy (– : none up to 4,096). "
                           "Double-click or press Enter on a count to plan with it. Click a heading to sort."));
    layout->addWidget(m_table, 1);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    layout->addWidget(m_note);

    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int column) {
        if (column >= kFirstStrategyColumn && column < kMaxBatchColumn)
            applyCell(m_table->item(row, 0)->data(kRowRole).toInt(), column - kFirstStrategyColumn);
    });
    connect(m_checkpointing, &QCheckBox::toggled, m_refresh, &DeferredRefresh::request);
    connect(m_columns, &QComboBox::currentIndexChanged, this,
            [this](int index) { showColumns(index == 1 ? Columns::TimeAndCost : Columns::GpusNeeded); });
    showColumns(Columns::GpusNeeded);
    connect(document, &ScenarioDocument::scenarioChanged, m_refresh, &DeferredRefresh::request);
    m_refresh->request();
}

GpuFitPane::~GpuFitPane() = default;

void GpuFitPane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        m_refresh->request();
    QWidget::changeEvent(event);
}

void GpuFitPane::showColumns(Columns columns)
{
    const bool time = columns == Columns::TimeAndCost;
    for (int c = kFirstStrategyColumn; c <= kMaxSequenceColumn; ++c)
        m_table->setColumnHidden(c, time);
    for (int c = kAtColumn; c < kColumnCount; ++c)
        m_table->setColumnHidden(c, !time);
    const QSignalBlocker blocker(m_columns);
    m_columns->setCurrentIndex(time ? 1 : 0);
}

const std::vector<GpuFit> &GpuFitPane::rows() const
{
    m_refresh->flush();
    return m_rows;
}

void GpuFitPane::setUnit(DisplayUnit unit)
{
    m_unit = unit;
    m_refresh->request();
}

void GpuFitPane::refresh()
{
    const Catalogue &catalogue = m_document->catalogue();
    Scenario s = m_document->scenario();
    if (m_checkpointing->isChecked())
        s.training.recompute = Recompute::Full;
    m_rows.assign(static_cast<std::size_t>(catalogue.gpus.size()), GpuFit{});
    fitEveryGpu(s, std::span<const GpuSpec>(catalogue.gpus.constData(), m_rows.size()), {}, FitTableOptions{}, m_rows);
    fillTable();
}

void GpuFitPane::fillTable()
{
    const ScenarioSpec &spec = m_document->spec();
    const Scenario &s = spec.scenario;
    m_heading->setText(tr("GPUs needed for %1").arg(modelTitle(spec, m_document->catalogue())));
    m_heading->setToolTip(m_heading->text());
    // Filled unsorted (a sorted table moves rows while they are set), sorted again after.
    m_table->setSortingEnabled(false);
    m_table->setRowCount(static_cast<int>(m_rows.size()));
    QFont bold = m_table->font();
    bold.setBold(true);
    for (int r = 0; r < static_cast<int>(m_rows.size()); ++r) {
        const GpuFit &g = m_rows[static_cast<std::size_t>(r)];
        const bool current = g.gpu->id == spec.gpuId;
        const QString shortName = Labels::shortGpuName(g.gpu->name);
        //: the GPU kind the plan is on, in the GPU table
        auto *name = item(current ? tr("%1 (plan)").arg(shortName) : shortName, r, Qt::AlignLeft | Qt::AlignVCenter);
        name->setData(kRowRole, r);
        name->setToolTip(current ? tr("%1: the plan's GPU").arg(g.gpu->name) : g.gpu->name);
        m_table->setItem(r, 0, name);
        m_table->setItem(r, 1, item(formatBytes(g.gpu->capacity, m_unit), toDouble(g.gpu->capacity)));
        const int fewest = g.fewestIndex();
        for (int k = 0; k < kStrategyCount; ++k) {
            const StrategyFit &f = g.strategies[k];
            // A vLLM server's GPUs beside the count: "2+1" (posttraining.h).
            const Count rollout = rolloutServerGpus(s);
            auto *cell = item(f.gpus > 0 && rollout > 0 ? tr("%1+%2").arg(groupedCount(f.gpus), groupedCount(rollout)) : countOrDash(f.gpus),
                              f.gpus > 0 ? static_cast<double>(f.gpus + rollout) : kLast);
            if (f.gpus > 0) {
                QString tip = tr("%1 × %2 under %3: %4 per GPU at the peak.")
                                      .arg(groupedCount(f.gpus), g.gpu->name, Labels::strategy(kStrategies[k]),
                                           formatBytes(f.peak, m_unit));
                if (f.hasOneFewer)
                    //: %1 the GPU count one data-parallel replica fewer, %2 its peak per GPU
                    tip += QLatin1Char(' ') + tr("On %1 it would need %2.").arg(groupedCount(f.gpus - s.parallel.replicaGpus()),
                                                                                formatBytes(f.peakOneFewer, m_unit));
                if (rollout > 0)
                    //: %1 the vLLM server's GPUs beside the training GPUs
                    tip += QLatin1Char(' ') + tr("Beside them, the vLLM server's %1 GPUs, in the days and the cost.").arg(groupedCount(rollout));
                if (f.hostPerNode > bytes(0))
                    tip += QLatin1Char(' ') + tr("Host RAM per node: %1.").arg(formatBytes(f.hostPerNode, m_unit));
                if (f.time.known)
                    //: %1 days, %2 rent in USD, %3 MFU in percent, %4 e.g. "communication 61 %"
                    tip += QLatin1Char(' ') + tr("%1 days, %2 to rent, MFU %3 %, bound by %4.")
                                                      .arg(QLocale().toString(f.time.days, 'g', 3), usdText(f.time.costUsd),
                                                           QLocale().toString(100 * f.time.step.mfu, 'f', 1), boundText(f.time.step));
                tip += QLatin1Char(' ') + tr("Double-click to plan with it.");
                cell->setToolTip(tip);
            } else {
                cell->setToolTip(tr("Does not fit on up to 4,096 GPUs: %1 per GPU even then.")
                                         .arg(formatBytes(f.atLimit.peak, m_unit)));
            }
            if (k == fewest)
                cell->setFont(bold);
            m_table->setItem(r, kFirstStrategyColumn + k, cell);
        }
        m_table->setItem(r, kMaxBatchColumn, item(countOrDash(g.maxBatch), g.maxBatch > 0 ? static_cast<double>(g.maxBatch) : kLast));
        m_table->setItem(r, kMaxSequenceColumn,
                         item(countOrDash(g.maxSequence), g.maxSequence > 0 ? static_cast<double>(g.maxSequence) : kLast));
        const StrategyFit *best = g.fewest();
        const bool timed = best && best->time.known;
        const QString dash = QStringLiteral("–");
        const QString derivation = stepTimeToolTip(r);
        m_table->setItem(r, kAtColumn,
                         item(best ? tr("%1 × %2").arg(groupedCount(best->gpus), Labels::strategy(kStrategies[g.fewestIndex()])) : dash,
                              best ? static_cast<double>(best->gpus) : kLast, Qt::AlignLeft | Qt::AlignVCenter));
        QTableWidgetItem *timeCells[] = {
            item(best ? daysText(best->time) : dash, timed ? best->time.days : kLast),
            item(best ? costText(best->time) : dash, timed ? best->time.costUsd : kLast),
            item(timed ? usdText(best->time.ownCostUsd) : dash, timed ? best->time.ownCostUsd : kLast),
            item(timed ? QLocale().toString(100 * best->time.step.mfu, 'f', 1) + QStringLiteral(" %") : dash,
                 timed ? -best->time.step.mfu : kLast), // highest first when sorted ascending
            item(timed ? boundText(best->time.step) : dash, timed ? -best->time.step.share(StepTerm::Compute) : kLast,
                 Qt::AlignLeft | Qt::AlignVCenter),
        };
        for (int i = 0; i < 5; ++i) {
            timeCells[i]->setToolTip(derivation);
            m_table->setItem(r, kDaysColumn + i, timeCells[i]);
        }
        if (current)
            for (int c = 0; c < kColumnCount; ++c)
                m_table->item(r, c)->setBackground(palette().color(QPalette::AlternateBase));
    }
    m_table->setSortingEnabled(true);
    const FitTableOptions options;
    //: %1 tokens
    m_note->setText(tr("Bold: the fewest GPUs; days, cost, MFU and what bounds the step there, for %1 tokens (hover for "
                       "the step's terms). Max B, max S: one GPU of the kind as planned.")
                            .arg(groupedCount(static_cast<Count>(options.tokens))));
    m_note->setToolTip(tr("Days and cost are at the strategy needing the fewest GPUs, for %1 tokens. Each step is timed "
                          "from its compute (matmuls at the card's measured matmul efficiency, element-wise work at its "
                          "memory bandwidth), data-parallel communication over NVLink, PCIe or the network of the card's "
                          "usual server, and offload's transfers and CPU optimizer step. Max B and max S are for one GPU of "
                          "the kind as the plan has it: %2 GPU(s), %3.")
                               .arg(groupedCount(static_cast<Count>(options.tokens)))
                               .arg(groupedCount(s.parallel.gpus))
                               .arg(Labels::zeroStage(s.parallel.zero)));
}

QString GpuFitPane::stepTimeToolTip(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_rows.size()))
        return {};
    const GpuFit &g = m_rows[static_cast<std::size_t>(row)];
    const int k = g.fewestIndex();
    if (k < 0 || !g.strategies[k].time.known)
        return {};
    const StrategyFit &f = g.strategies[k];
    Scenario at = withStrategy(onGpu(m_document->scenario(), *g.gpu), kStrategies[k]);
    if (m_checkpointing->isChecked())
        at.training.recompute = Recompute::Full;
    at.parallel.gpus = f.gpus;
    at.training.microBatch = f.microBatch;
    at.training.gradAccumSteps = f.gradAccum;
    const FitTableOptions options;
    StepTimeOptions stepOptions;
    stepOptions.networkBitsPerSecond = options.networkBitsPerSecond;
    stepOptions.computeFractionOverride = options.mfu;
    //: %1 GPU count, %2 GPU name, %3 strategy, %4 micro-batch, %5 accumulation steps
    QString text = tr("One step on %1 × %2 under %3 (micro-batch %4, accumulation %5):")
                           .arg(groupedCount(f.gpus), g.gpu->name, Labels::strategy(kStrategies[k]), groupedCount(f.microBatch),
                                groupedCount(f.gradAccum))
                           .toHtmlEscaped();
    text = QStringLiteral("<p>") + text + QStringLiteral("</p><table>");
    for (const StepTimeTerm &term : explainStepTime(at, *g.gpu, stepOptions, f.time.step)) {
        const QString seconds = QLocale().toString(term.seconds, 'g', 3);
        text += QStringLiteral("<tr><td><b>%1</b></td><td align=right>%2</td></tr><tr><td colspan=2>%3 = %4<br><i>%5</i></td></tr>")
                        .arg(QCoreApplication::translate("StepTime", term.label).toHtmlEscaped(),
                             //: seconds per optimizer step
                             tr("%1 s").arg(seconds),
                             QString::fromStdString(term.formula).toHtmlEscaped(), QString::fromStdString(term.values).toHtmlEscaped(),
                             QCoreApplication::translate("StepTime", term.source).toHtmlEscaped());
    }
    const StepTime &t = f.time.step;
    //: %1 seconds per step, %2 MFU in percent, %3 the dominant term
    text += QStringLiteral("</table><p>") + tr("Step: %1 s, MFU %2 %, bound by %3.")
                                                    .arg(QLocale().toString(t.totalS, 'g', 3), QLocale().toString(100 * t.mfu, 'f', 1),
                                                         boundText(t))
                                                    .toHtmlEscaped()
            + QStringLiteral("</p>");
    return text;
}

bool GpuFitPane::applyCell(int row, int strategy)
{
    const std::vector<GpuFit> &all = rows();
    if (row < 0 || row >= static_cast<int>(all.size()) || strategy < 0 || strategy >= kStrategyCount)
        return false;
    const GpuFit &g = all[static_cast<std::size_t>(row)];
    const StrategyFit &f = g.strategies[strategy];
    if (f.gpus == 0)
        return false;
    ScenarioSpec after = m_document->spec();
    after.gpuId = g.gpu->id;
    after.scenario = withStrategy(onGpu(after.scenario, *g.gpu), kStrategies[strategy]);
    after.scenario.parallel.gpus = f.gpus;
    if (f.microBatch > 0) {
        after.scenario.training.microBatch = f.microBatch;
        after.scenario.training.gradAccumSteps = f.gradAccum;
    }
    if (m_checkpointing->isChecked())
        after.scenario.training.recompute = Recompute::Full;
    const ValidationIssues issues = validate(after.scenario);
    if (!issues.empty()) {
        MessageBox::warning(this, tr("Cannot plan with this"),
                            tr("%1\n\nThe scenario on screen is unchanged.").arg(Labels::issue(*issues.begin(), after.scenario)));
        return false;
    }
    //: undo text: %1 GPU count, %2 GPU name, %3 strategy
    return m_document->replace(after, tr("Plan %1 × %2 under %3").arg(groupedCount(f.gpus), g.gpu->name,
                                                                     Labels::strategy(kStrategies[strategy])));
}

} // namespace headroom
