#include "gpufitpane.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <headroom/memory/validation.h>

#include "charts/chartadapters.h"
#include "charts/chartpane.h"
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

QTableWidgetItem *item(const QString &text, Qt::Alignment alignment = Qt::AlignRight | Qt::AlignVCenter)
{
    auto *i = new QTableWidgetItem(text);
    i->setTextAlignment(alignment);
    i->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return i;
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
    return QStringLiteral("$") + QLocale().toString(t.costUsd, 'f', t.costUsd < 100 ? 2 : 0);
}

} // namespace

GpuFitPane::GpuFitPane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent),
      m_document(document),
      m_heading(new QLabel(this)),
      m_checkpointing(new QCheckBox(tr("With full activation &checkpointing"), this)),
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
    layout->addLayout(top);

    m_table->setColumnCount(kColumnCount);
    QStringList headers = { tr("GPU"), tr("Memory") };
    // "ZeRO-2 + offload" on two lines: the table has to fit beside a laptop's inputs.
    for (const Strategy &s : kStrategies)
        headers << Labels::strategy(s).replace(QStringLiteral(" + "), QStringLiteral("\n+ "));
    //: column headings: largest micro-batch, longest sequence, training days, cost
    headers << tr("Max B") << tr("Max S") << tr("Days") << tr("Cost");
    m_table->setHorizontalHeaderLabels(headers);
    for (int k = 0; k < kStrategyCount; ++k)
        m_table->horizontalHeaderItem(kFirstStrategyColumn + k)->setToolTip(Labels::strategyToolTip(kStrategies[k]));
    m_table->horizontalHeaderItem(kMaxBatchColumn)
            ->setToolTip(tr("The largest micro-batch that fits one GPU of this kind as the plan has it (its GPU count and "
                            "strategy)."));
    m_table->horizontalHeaderItem(kMaxSequenceColumn)->setToolTip(tr("The longest sequence that fits, likewise."));
    m_table->horizontalHeaderItem(kDaysColumn)
            ->setToolTip(tr("Days to train on the tokens below at the strategy needing the fewest GPUs."));
    m_table->horizontalHeaderItem(kCostColumn)->setToolTip(tr("What those GPU-hours cost at the catalogue's price."));
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setAccessibleName(tr("GPUs needed per GPU kind and strategy"));
    m_table->setToolTip(tr("GPUs needed for the plan on each GPU kind under each strategy (– : none up to 4,096). "
                           "Double-click or press Enter on a count to plan with it."));
    layout->addWidget(m_table, 1);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    layout->addWidget(m_note);

    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int column) {
        if (column >= kFirstStrategyColumn && column < kMaxBatchColumn)
            applyCell(row, column - kFirstStrategyColumn);
    });
    connect(m_checkpointing, &QCheckBox::toggled, m_refresh, &DeferredRefresh::request);
    connect(document, &ScenarioDocument::scenarioChanged, m_refresh, &DeferredRefresh::request);
    m_refresh->request();
}

GpuFitPane::~GpuFitPane() = default;

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
    m_table->setRowCount(static_cast<int>(m_rows.size()));
    QFont bold = m_table->font();
    bold.setBold(true);
    for (int r = 0; r < static_cast<int>(m_rows.size()); ++r) {
        const GpuFit &g = m_rows[static_cast<std::size_t>(r)];
        const bool current = g.gpu->id == spec.gpuId;
        const QString shortName = ChartPane::shortGpuName(g.gpu->name);
        //: the GPU kind the plan is on, in the GPU table
        auto *name = item(current ? tr("%1 (plan)").arg(shortName) : shortName, Qt::AlignLeft | Qt::AlignVCenter);
        name->setToolTip(current ? tr("%1: the plan's GPU").arg(g.gpu->name) : g.gpu->name);
        m_table->setItem(r, 0, name);
        m_table->setItem(r, 1, item(formatBytes(g.gpu->capacity, m_unit)));
        const int fewest = g.fewestIndex();
        for (int k = 0; k < kStrategyCount; ++k) {
            const StrategyFit &f = g.strategies[k];
            auto *cell = item(countOrDash(f.gpus));
            if (f.gpus > 0) {
                QString tip = tr("%1 × %2 under %3: %4 per GPU at the peak.")
                                      .arg(groupedCount(f.gpus), g.gpu->name, Labels::strategy(kStrategies[k]),
                                           formatBytes(f.peak, m_unit));
                if (f.hasOneFewer)
                    //: %1 the GPU count one data-parallel replica fewer, %2 its peak per GPU
                    tip += QLatin1Char(' ') + tr("On %1 it would need %2.").arg(groupedCount(f.gpus - s.parallel.tensorParallel
                                                                                             * s.parallel.pipelineParallel),
                                                                                formatBytes(f.peakOneFewer, m_unit));
                if (f.hostPerNode > bytes(0))
                    tip += QLatin1Char(' ') + tr("Host RAM per node: %1.").arg(formatBytes(f.hostPerNode, m_unit));
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
        m_table->setItem(r, kMaxBatchColumn, item(countOrDash(g.maxBatch)));
        m_table->setItem(r, kMaxSequenceColumn, item(countOrDash(g.maxSequence)));
        const StrategyFit *best = g.fewest();
        m_table->setItem(r, kDaysColumn, item(best ? daysText(best->time) : QStringLiteral("–")));
        m_table->setItem(r, kCostColumn, item(best ? costText(best->time) : QStringLiteral("–")));
        if (current)
            for (int c = 0; c < kColumnCount; ++c)
                m_table->item(r, c)->setBackground(palette().color(QPalette::AlternateBase));
    }
    const FitTableOptions options;
    //: %1 tokens, %2 model-FLOPs utilisation in percent
    m_note->setText(tr("Bold: the fewest GPUs; days and cost there, for %1 tokens at %2 % MFU. Max B, max S: one GPU of "
                       "the kind as planned.")
                            .arg(groupedCount(static_cast<Count>(options.tokens)))
                            .arg(QLocale().toString(options.mfu * 100, 'g', 3)));
    m_note->setToolTip(tr("Days and cost are at the strategy needing the fewest GPUs, for %1 tokens at %2 % model-FLOPs "
                          "utilisation of the card's dense tensor-core peak (an offloaded optimizer step is not timed). "
                          "Max B and max S are for one GPU of the kind as the plan has it: %3 GPU(s), %4.")
                               .arg(groupedCount(static_cast<Count>(options.tokens)))
                               .arg(QLocale().toString(options.mfu * 100, 'g', 3))
                               .arg(groupedCount(s.parallel.gpus))
                               .arg(Labels::zeroStage(s.parallel.zero)));
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
