#include "gpufitpane.h"

#include <cmath>
#include <limits>

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QCoreApplication>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <headroom/io/quantityparse.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptimeexplain.h>

#include "scenariotitle.h"

#include "charts/chartadapters.h"
#include "charts/planfrontpane.h"
#include "deferredrefresh.h"
#include "globalbatchtext.h"
#include "labels.h"
#include "messagebox.h"
#include "plansearchtext.h"
#include "scenariodocument.h"
#include "widgets/fittedlabel.h"
#include "widgets/flowlayout.h"

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

// The fields above the views, in the order their messages are listed.
enum InputField { TokensInput, GlobalBatchInput, BudgetInput, DeadlineInput, RentInput, PurchaseInput };

// A number as typed: in the window's locale ("5,000") or as C writes it ("5e3"), a leading "$"
// allowed. Never NaN or infinite.
bool parseAmount(const QString &typed, double &value)
{
    QString text = typed.trimmed();
    if (text.startsWith(QLatin1Char('$')))
        text = text.mid(1).trimmed();
    bool ok = false;
    double v = QLocale().toDouble(text, &ok);
    if (!ok)
        v = QLocale::c().toDouble(text, &ok);
    if (!ok || !std::isfinite(v))
        return false;
    value = v;
    return true;
}

// A table whose columns size to their contents measures a whole column again on every cell set
// (130 ms to fill the GPU table's 21 rows, on every change while it is shown): while alive, the
// columns keep their widths, and they are sized to their contents once when it ends.
class ColumnsSizedAfterFill
{
public:
    explicit ColumnsSizedAfterFill(QTableWidget *table)
        : m_header(table->horizontalHeader())
    {
        m_header->setSectionResizeMode(QHeaderView::Interactive);
    }
    ~ColumnsSizedAfterFill() { m_header->setSectionResizeMode(QHeaderView::ResizeToContents); }
    Q_DISABLE_COPY_MOVE(ColumnsSizedAfterFill)

private:
    QHeaderView *m_header;
};

// Text for an amount the user gave, read back as parseAmount() reads it.
QString amountText(double v)
{
    return QLocale().toString(v, 'g', 12);
}

} // namespace

//! The search's answer: the front, the result and the kinds the plans' indices refer to.
struct GpuFitPane::SearchOutcome
{
    int generation = 0;
    std::vector<GpuSpec> gpus;
    std::vector<SearchedPlan> front;
    PlanSearchResult result;
    double budgetUsd = 0;
    double deadlineDays = 0;
};

//! The search in flight on the thread pool, if any.
class GpuFitPane::SearchRunner
{
public:
    QFutureWatcher<SearchOutcome> *watcher = nullptr;
};

//! What the table is fitted from: copies, read on the GUI thread.
struct GpuFitPane::TableJob
{
    int generation = 0;
    bool checkpointing = false;
    Scenario scenario; //!< with the switch's recompute applied
    std::vector<GpuSpec> gpus;
    FitTableOptions options;
};

//! A fitted table: the kinds as priced then, and a row per kind pointing into them.
struct GpuFitPane::TableOutcome
{
    int generation = 0;
    bool checkpointing = false;
    std::vector<GpuSpec> gpus;
    std::vector<GpuFit> rows;
};

namespace {

// Up to this many plans of the front are kept (the CLI keeps as many).
constexpr int kMaxFront = 64;

} // namespace

// On a thread of the pool: the job is a copy, and the core's caches are per thread.
GpuFitPane::SearchOutcome GpuFitPane::runSearch(const SearchJob &job)
{
    SearchOutcome o;
    o.generation = job.generation;
    o.gpus = job.gpus;
    o.budgetUsd = job.budgetUsd;
    o.deadlineDays = job.deadlineDays;
    o.front.resize(kMaxFront);
    o.result = searchPlans(job.scenario, o.gpus, {}, job.space, job.run, job.budgetUsd, job.deadlineDays, o.front);
    o.front.resize(static_cast<std::size_t>(std::max(0, o.result.frontCount)));
    return o;
}

GpuFitPane::GpuFitPane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent),
      m_document(document),
      m_heading(new FittedLabel(this)),
      m_checkpointing(new QCheckBox(tr("With full activation &checkpointing"), this)),
      m_columns(new QComboBox(this)),
      m_tokens(new QLineEdit(this)),
      m_globalBatch(new QLineEdit(this)),
      m_budget(new QLineEdit(this)),
      m_deadline(new QLineEdit(this)),
      m_gpuLabel(new QLabel(this)),
      m_rent(new QLineEdit(this)),
      m_purchase(new QLineEdit(this)),
      m_onlyPlanGpu(new QCheckBox(this)),
      m_inputError(new QLabel(this)),
      m_views(new QStackedWidget(this)),
      m_tablePage(new QWidget(this)),
      m_table(new QTableWidget(m_tablePage)),
      m_note(new QLabel(m_tablePage)),
      m_planPage(new QWidget(this)),
      m_planChart(new PlanFrontPane(m_planPage)),
      m_planTable(new QTableWidget(m_planPage)),
      m_recommendation(new QLabel(m_planPage)),
      // The table only while its page is shown: behind the plans' view it would cost every step
      // a whole-catalogue fit nobody sees.
      m_refresh(new DeferredRefresh(m_tablePage, [this] { refresh(); })),
      m_searchRefresh(new DeferredRefresh(m_planPage, [this] { requestSearch(); })),
      m_runner(std::make_unique<SearchRunner>())
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    // One line, ended with an ellipsis where the pane is narrower (the whole heading is then its
    // tooltip): cut mid-word at a laptop's width before.
    m_heading->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_heading->setFixedHeight(m_heading->minimumSizeHint().height());
    top->addWidget(m_heading, 1);
    m_checkpointing->setToolTip(tr("The table for the same run with every layer recomputed in backward (about 20–30 % "
                                   "slower, 8 P FLOPs per token instead of 6 P)."));
    top->addWidget(m_checkpointing);
    m_columns->addItem(tr("GPUs needed"));
    m_columns->addItem(tr("Time and cost"));
    //: the view of the whole-plan search: its plans' days against their rent
    m_columns->addItem(tr("Best plans: time against rent"));
    m_columns->setToolTip(tr("Show the GPUs each strategy needs, the time, cost, MFU and step-time terms at the "
                             "strategy needing the fewest, or the whole-plan search's best plans of time against "
                             "rent."));
    m_columns->setAccessibleName(tr("Columns"));
    top->addWidget(m_columns);
    layout->addLayout(top);
    buildInputs(layout);

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
            ->setToolTip(tr("Days to train on the token budget above at the strategy needing the fewest GPUs."));
    m_table->horizontalHeaderItem(kCostColumn)->setToolTip(tr("What those GPU-hours cost to rent at the price per GPU-hour (the catalogue's, or "
                                                                  "the one given above for the plan's GPU kind)."));
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
    auto *tableLayout = new QVBoxLayout(m_tablePage);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_table, 1);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    tableLayout->addWidget(m_note);
    m_views->addWidget(m_tablePage);

    // The whole-plan search: the chart over the list of its plans, a splitter between them.
    const QStringList planHeaders = {
        //: column headings of the best plans' list
        tr("Days"), tr("Rent"), tr("Own"), tr("MFU"), tr("GPU"), tr("Plan"),
    };
    m_planTable->setColumnCount(static_cast<int>(planHeaders.size()));
    m_planTable->setHorizontalHeaderLabels(planHeaders);
    m_planTable->verticalHeader()->setVisible(false);
    m_planTable->verticalHeader()->setDefaultSectionSize(m_planTable->fontMetrics().height() + 6);
    m_planTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_planTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_planTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_planTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_planTable->horizontalHeader()->setStretchLastSection(true);
    m_planTable->setWordWrap(false);
    m_planTable->setAccessibleName(tr("The best plans, fastest first"));
    m_planTable->setToolTip(tr("The plans no other beats on both time and rent, fastest first; bold: the recommended plan "
                               "and the picks for the budget and the deadline. Double-click or press Enter on a plan to plan "
                               "with it."));
    m_recommendation->setWordWrap(true);
    m_recommendation->setTextFormat(Qt::PlainText);
    m_recommendation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_recommendation->setContentsMargins(4, 2, 4, 2);
    auto *planSplit = new QSplitter(Qt::Vertical, m_planPage);
    planSplit->addWidget(m_planChart);
    planSplit->addWidget(m_planTable);
    planSplit->setStretchFactor(0, 3);
    planSplit->setStretchFactor(1, 2);
    planSplit->setChildrenCollapsible(false);
    auto *planLayout = new QVBoxLayout(m_planPage);
    planLayout->setContentsMargins(0, 0, 0, 0);
    planLayout->addWidget(m_recommendation);
    planLayout->addWidget(planSplit, 1);
    m_views->addWidget(m_planPage);
    layout->addWidget(m_views, 1);

    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int column) {
        if (column >= kFirstStrategyColumn && column < kMaxBatchColumn)
            applyCell(m_table->item(row, 0)->data(kRowRole).toInt(), column - kFirstStrategyColumn);
    });
    connect(m_planTable, &QTableWidget::cellActivated, this, [this](int row, int) { applyPlan(row); });
    connect(m_planChart, &PlanFrontPane::planClicked, this, [this](int index) { applyPlan(index); });
    connect(m_checkpointing, &QCheckBox::toggled, m_refresh, &DeferredRefresh::request);
    connect(m_columns, &QComboBox::currentIndexChanged, this, [this](int index) {
        showColumns(index == 2 ? Columns::Plans : index == 1 ? Columns::TimeAndCost : Columns::GpusNeeded);
    });
    showColumns(Columns::GpusNeeded);
    connect(document, &ScenarioDocument::scenarioChanged, this, [this] {
        ++m_generation;
        showHeading();
        showInputs();
        showInputErrors(); // tokens of the global batch against the new S
        m_refresh->request();
        m_searchRefresh->request();
    });
    showHeading();
    showInputs();
    m_refresh->request();
    m_searchRefresh->request();
}

void GpuFitPane::showHeading()
{
    m_heading->setText(tr("GPUs needed for %1").arg(modelTitle(m_document->spec(), m_document->catalogue())));
}

void GpuFitPane::buildInputs(QLayout *into)
{
    // The run (tokens, batch, budget, deadline), then the plan's GPU kind (its prices, and
    // whether the search keeps it), as labelled fields that wrap onto another row where the pane
    // is narrow. Each field is read when left or on Enter.
    const int numberWidth = m_tokens->fontMetrics().horizontalAdvance(QStringLiteral("000,000,000")) + 12;
    auto field = [&](QLineEdit *edit, const QString &placeholder, const QString &toolTip, const QString &name) {
        edit->setPlaceholderText(placeholder);
        edit->setToolTip(toolTip);
        edit->setAccessibleName(name);
        edit->setFixedWidth(numberWidth);
        connect(edit, &QLineEdit::editingFinished, this, &GpuFitPane::readInputs);
    };
    auto *box = new QWidget(this);
    auto *flow = new FlowLayout(box);
    auto labelled = [&](QLabel *label, QLineEdit *edit) {
        auto *pair = new QWidget(box);
        auto *row = new QHBoxLayout(pair);
        row->setContentsMargins(0, 0, 0, 0);
        label->setParent(pair);
        label->setTextFormat(Qt::PlainText);
        label->setBuddy(edit);
        row->addWidget(label);
        edit->setParent(pair);
        row->addWidget(edit);
        flow->addWidget(pair);
        return pair;
    };
    // The default token budget, as the command line's (a number, in every language).
    field(m_tokens, QStringLiteral("1e9"),
          tr("Tokens the run trains on, for the days and the cost: a whole number from 1 to 1e18 (e.g. 2e10 or 300B)."),
          tr("Token budget"));
    field(m_globalBatch, tr("own"),
          tr("Sequences per optimizer step, kept exactly: data-parallel degree × micro-batch × accumulation (1 to "
             "100,000,000), or tokens written with \"tokens\" (e.g. 4M tokens: a whole number of sequences of the "
             "scenario's length). Empty or 0: the scenario's own, which every plan then keeps."),
          tr("Global batch"));
    //: placeholder of the budget and deadline fields: nothing given
    field(m_budget, tr("none"),
          tr("The rent the whole run may cost, 0.01 to 1e12 USD: the chart picks the fastest plan within it. Empty or "
             "0: none."),
          tr("Budget"));
    field(m_deadline, tr("none"),
          tr("Days the run may take, 0.001 to 36,500: the chart picks the cheapest plan finishing within them. Empty or "
             "0: none."),
          tr("Deadline"));
    field(m_rent, QString(), QString(), tr("Rent per GPU-hour"));
    field(m_purchase, QString(), QString(), tr("Purchase per card"));
    labelled(new QLabel(tr("Tokens:")), m_tokens);
    labelled(new QLabel(tr("Global batch:")), m_globalBatch);
    labelled(new QLabel(tr("Budget, USD:")), m_budget);
    labelled(new QLabel(tr("Deadline, days:")), m_deadline);
    // The plan's kind's prices, hidden while the plan has no GPU kind.
    m_priceWidgets = { labelled(m_gpuLabel, m_rent), labelled(new QLabel(tr("Purchase per card, USD:")), m_purchase),
                       m_onlyPlanGpu };
    m_onlyPlanGpu->setParent(box);
    m_onlyPlanGpu->setToolTip(tr("The whole-plan search keeps the plan's GPU kind instead of trying every kind of the "
                                 "catalogue."));
    connect(m_onlyPlanGpu, &QCheckBox::toggled, this, [this](bool only) {
        m_inputs.onlyPlanGpu = only;
        inputsChanged();
    });
    flow->addWidget(m_onlyPlanGpu);
    auto *vbox = qobject_cast<QBoxLayout *>(into);
    vbox->addWidget(box);
    m_inputError->setObjectName(QStringLiteral("fieldError"));
    m_inputError->setWordWrap(true);
    m_inputError->setTextFormat(Qt::PlainText);
    m_inputError->setStyleSheet(QStringLiteral("color: #e0454b;"));
    m_inputError->hide();
    vbox->addWidget(m_inputError);
}

void GpuFitPane::showInputs()
{
    const QString gpuId = m_document->spec().gpuId;
    const GpuSpec *gpu = m_document->catalogue().gpu(gpuId);
    if (gpuId == m_shownGpuId && !m_shownGpuId.isEmpty())
        return;
    m_shownGpuId = gpuId;
    for (QWidget *w : m_priceWidgets)
        w->setVisible(gpu != nullptr);
    // Another kind: its own prices, and the messages about the last kind's prices go.
    m_inputErrors.erase(RentInput);
    m_inputErrors.erase(PurchaseInput);
    const QString name = gpu ? Labels::shortGpuName(gpu->name) : QString();
    //: before the plan's GPU kind's rent field, %1 its short name
    m_gpuLabel->setText(tr("%1 rent per GPU-hour, USD:").arg(name));
    m_gpuLabel->setToolTip(gpu ? gpu->name : QString());
    //: %1 a GPU kind's short name
    m_onlyPlanGpu->setText(tr("Search only %1").arg(name));
    const auto rent = m_inputs.rentUsd.find(gpuId);
    const auto purchase = m_inputs.purchaseUsd.find(gpuId);
    m_rent->setText(rent != m_inputs.rentUsd.end() ? amountText(rent->second) : QString());
    m_purchase->setText(purchase != m_inputs.purchaseUsd.end() ? amountText(purchase->second) : QString());
    m_rent->setPlaceholderText(gpu ? amountText(gpu->pricePerHourUsd) : QString());
    m_purchase->setPlaceholderText(gpu ? amountText(gpu->purchaseUsd) : QString());
    if (gpu) {
        //: %1 GPU name, %2 the catalogue's price, %3 when it was read
        m_rent->setToolTip(tr("What one %1 costs to rent per hour, 0 to 1,000,000 USD. Empty: the catalogue's $%2 (%3).")
                                   .arg(gpu->name, amountText(gpu->pricePerHourUsd), gpu->priceDate));
        m_purchase->setToolTip(tr("What one %1 costs to buy, 0 to 10,000,000 USD, for the cost of owning. Empty: the "
                                  "catalogue's $%2 (%3).")
                                       .arg(gpu->name, amountText(gpu->purchaseUsd), gpu->priceDate));
    }
    showInputErrors();
}

Count GpuFitPane::globalBatchSequences() const
{
    Count sequences = 0;
    if (m_inputs.globalBatch <= 0
        || headroom::globalBatchSequences({ m_inputs.globalBatch, m_inputs.globalBatchInTokens },
                                          m_document->scenario().training.sequence, sequences)
                != GlobalBatchProblem::None)
        return 0;
    return sequences;
}

void GpuFitPane::showInputErrors()
{
    QStringList lines;
    for (const auto &[f, text] : m_inputErrors)
        lines << text;
    // Tokens that the scenario's sequence length does not divide (typed so, or S changed since).
    const Count S = m_document->scenario().training.sequence;
    if (m_inputErrors.count(GlobalBatchInput) == 0 && m_inputs.globalBatchInTokens && m_inputs.globalBatch > 0
        && globalBatchSequences() == 0)
        //: %1 tokens, %2 the sequence length in tokens
        lines << tr("Global batch: %1 tokens is not a whole number of sequences of S = %2 tokens; the plans keep the "
                    "scenario's own global batch.")
                         .arg(groupedCount(m_inputs.globalBatch), groupedCount(S));
    //: after the messages about the fields: what the figures below are for
    if (!m_inputErrors.empty())
        lines << tr("The figures below keep the last valid values.");
    m_inputError->setText(lines.join(QLatin1Char('\n')));
    m_inputError->setVisible(!lines.isEmpty());
}

void GpuFitPane::readInputs()
{
    RunInputs next = m_inputs;
    std::map<int, QString> errors;
    // Counts: parseCount's exact reading ("2e10", "300B"); empty takes \a emptyValue.
    auto count = [&](QLineEdit *edit, InputField f, Count low, Count high, Count emptyValue, const QString &message,
                     auto &&apply) {
        const QString typed = edit->text().trimmed();
        if (typed.isEmpty()) {
            apply(emptyValue);
            return;
        }
        const std::optional<Count> c = parseCount(typed.toStdString());
        if (!c || *c < low || *c > high)
            errors[f] = message.arg(typed);
        else
            apply(*c);
    };
    //: %1 what was typed
    count(m_tokens, TokensInput, 1, Count(1'000'000'000'000'000'000), Count(1'000'000'000),
          tr("Tokens: \"%1\" is not allowed; give a whole number of tokens from 1 to 1e18 (e.g. 1e9, 2e10 or 300B)."),
          [&](Count c) { next.tokens = static_cast<double>(c); });
    // Sequences or tokens, read as the command line's --global-batch reads them; 0 as empty.
    if (const QString typed = m_globalBatch->text().trimmed(); typed.isEmpty() || typed == QLatin1String("0")) {
        next.globalBatch = 0;
        next.globalBatchInTokens = false;
    } else if (GlobalBatchText given; parseGlobalBatch(typed, given) == GlobalBatchProblem::None) {
        next.globalBatch = given.value;
        next.globalBatchInTokens = given.inTokens;
    } else {
        errors[GlobalBatchInput] = tr("Global batch: \"%1\" is not allowed; give 1 to 100,000,000 sequences per optimizer "
                                      "step, 1 to 1e12 tokens written with \"tokens\" (e.g. 4M tokens), or 0 or nothing "
                                      "for the scenario's own.")
                                           .arg(typed);
    }
    // Amounts: \a none is what an empty field (or 0, where \a zeroIsNone) means.
    auto amount = [&](QLineEdit *edit, InputField f, double low, double high, bool zeroIsNone, const QString &message,
                      auto &&apply) {
        const QString typed = edit->text().trimmed();
        if (typed.isEmpty()) {
            apply(std::optional<double>());
            return;
        }
        double v = 0;
        if (!parseAmount(typed, v) || ((v < low || v > high) && !(zeroIsNone && v == 0)))
            errors[f] = message.arg(typed);
        else
            apply(zeroIsNone && v == 0 ? std::optional<double>() : std::optional<double>(v));
    };
    amount(m_budget, BudgetInput, 0.01, 1e12, true,
           tr("Budget: \"%1\" is not allowed; give 0.01 to 1e12 USD of rent for the whole run, or 0 or nothing for none."),
           [&](std::optional<double> v) { next.budgetUsd = v.value_or(0); });
    amount(m_deadline, DeadlineInput, 0.001, 36500, true,
           tr("Deadline: \"%1\" is not allowed; give 0.001 to 36,500 days, or 0 or nothing for none."),
           [&](std::optional<double> v) { next.deadlineDays = v.value_or(0); });
    const QString gpuId = m_document->spec().gpuId;
    amount(m_rent, RentInput, 0, 1e6, false,
           tr("Rent per GPU-hour: \"%1\" is not allowed; give 0 to 1,000,000 USD, or nothing for the catalogue's price."),
           [&](std::optional<double> v) {
               if (v)
                   next.rentUsd[gpuId] = *v;
               else
                   next.rentUsd.erase(gpuId);
           });
    amount(m_purchase, PurchaseInput, 0, 1e7, false,
           tr("Purchase per card: \"%1\" is not allowed; give 0 to 10,000,000 USD, or nothing for the catalogue's "
              "price."),
           [&](std::optional<double> v) {
               if (v)
                   next.purchaseUsd[gpuId] = *v;
               else
                   next.purchaseUsd.erase(gpuId);
           });
    m_inputErrors = std::move(errors);
    const bool changed = next.tokens != m_inputs.tokens || next.globalBatch != m_inputs.globalBatch
            || next.globalBatchInTokens != m_inputs.globalBatchInTokens
            || next.budgetUsd != m_inputs.budgetUsd || next.deadlineDays != m_inputs.deadlineDays
            || next.rentUsd != m_inputs.rentUsd || next.purchaseUsd != m_inputs.purchaseUsd;
    m_inputs = std::move(next);
    showInputErrors(); // after m_inputs: the global batch's tokens are checked against S there
    if (changed)
        inputsChanged();
}

QString GpuFitPane::inputError() const
{
    return m_inputError->isHidden() ? QString() : m_inputError->text();
}

void GpuFitPane::inputsChanged()
{
    ++m_generation;
    m_refresh->request();
    m_searchRefresh->request();
}

std::vector<GpuSpec> GpuFitPane::pricedGpus() const
{
    const Catalogue &catalogue = m_document->catalogue();
    std::vector<GpuSpec> gpus(catalogue.gpus.cbegin(), catalogue.gpus.cend());
    // A card of the user's own (Hardware > GPU > Custom...) is searched and fitted beside the
    // catalogue's, as the command line's --gpu-spec is.
    const GpuSpec &custom = m_document->spec().customGpu;
    if (!custom.id.isEmpty() && !catalogue.gpu(custom.id))
        gpus.push_back(custom);
    for (GpuSpec &g : gpus) {
        if (const auto it = m_inputs.rentUsd.find(g.id); it != m_inputs.rentUsd.end())
            g.pricePerHourUsd = it->second;
        if (const auto it = m_inputs.purchaseUsd.find(g.id); it != m_inputs.purchaseUsd.end())
            g.purchaseUsd = it->second;
    }
    return gpus;
}

GpuFitPane::SearchJob GpuFitPane::searchJob() const
{
    SearchJob job;
    job.generation = m_generation;
    job.scenario = m_document->scenario();
    job.gpus = pricedGpus();
    if (m_inputs.onlyPlanGpu)
        for (std::size_t i = 0; i < job.gpus.size(); ++i)
            if (job.gpus[i].id == m_document->spec().gpuId)
                job.space.gpuIndex = static_cast<int>(i);
    job.space.globalBatch = globalBatchSequences();
    job.run.tokens = m_inputs.tokens;
    job.budgetUsd = m_inputs.budgetUsd;
    job.deadlineDays = m_inputs.deadlineDays;
    return job;
}

void GpuFitPane::requestSearch()
{
    // One search at a time: one for an older scenario is let finish and thrown away, and the
    // newest asked for then (searchFinished()).
    if (searchIsCurrent() || m_runner->watcher)
        return;
    auto *watcher = new QFutureWatcher<SearchOutcome>(this);
    m_runner->watcher = watcher;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] { searchFinished(watcher); });
    watcher->setFuture(QtConcurrent::run(&GpuFitPane::runSearch, searchJob()));
    m_planTable->setEnabled(false);
}

void GpuFitPane::searchFinished(QFutureWatcher<SearchOutcome> *watcher)
{
    if (watcher != m_runner->watcher)
        return; // taken already (waitForSearch())
    m_runner->watcher = nullptr;
    SearchOutcome outcome = watcher->result();
    watcher->deleteLater();
    if (outcome.generation == m_generation)
        showSearch(outcome);
    else
        m_searchRefresh->request(); // stale: the newest scenario's search, if the chart is on screen
}

void GpuFitPane::waitForSearch()
{
    m_searchRefresh->flush();
    while (!searchIsCurrent()) {
        if (!m_runner->watcher)
            requestSearch();
        QFutureWatcher<SearchOutcome> *watcher = m_runner->watcher;
        watcher->waitForFinished();
        searchFinished(watcher);
    }
}

bool GpuFitPane::searchIsCurrent() const
{
    return m_shown && m_shown->generation == m_generation;
}

void GpuFitPane::showSearch(const SearchOutcome &outcome)
{
    m_shown = std::make_unique<SearchOutcome>(outcome);
    m_planChart->setData(makePlanFront(m_shown->front, m_shown->result, m_shown->gpus, m_shown->budgetUsd,
                                       m_shown->deadlineDays));
    m_recommendation->setText(m_planChart->data().recommendation);
    fillPlanTable();
    m_planTable->setEnabled(true);
}

void GpuFitPane::fillPlanTable()
{
    const QVector<PlanPoint> &points = m_planChart->data().points;
    const ColumnsSizedAfterFill sized(m_planTable);
    m_planTable->setRowCount(static_cast<int>(points.size()));
    QFont bold = m_planTable->font();
    bold.setBold(true);
    for (int r = 0; r < points.size(); ++r) {
        const PlanPoint &p = points.at(r);
        QTableWidgetItem *cells[] = {
            item(QLocale().toString(p.days, 'g', 3), p.days),
            item(usdText(p.rentUsd), p.rentUsd),
            item(usdText(p.ownUsd), p.ownUsd),
            item(QLocale().toString(100 * p.mfu, 'f', 1) + QStringLiteral(" %"), p.mfu),
            item(p.gpuName, r, Qt::AlignLeft | Qt::AlignVCenter),
            item(p.plan, r, Qt::AlignLeft | Qt::AlignVCenter),
        };
        for (int c = 0; c < 6; ++c) {
            cells[c]->setToolTip(p.toolTip);
            if (p.fastestUnderBudget || p.cheapestUnderDeadline || p.recommended)
                cells[c]->setFont(bold);
            m_planTable->setItem(r, c, cells[c]);
        }
    }
}

const std::vector<SearchedPlan> &GpuFitPane::plans()
{
    waitForSearch();
    return m_shown->front;
}

const PlanSearchResult &GpuFitPane::planResult()
{
    waitForSearch();
    return m_shown->result;
}

const std::vector<GpuSpec> &GpuFitPane::searchedGpus()
{
    waitForSearch();
    return m_shown->gpus;
}

bool GpuFitPane::applyPlan(int index)
{
    // A front for another scenario or other inputs: its plans are not what the chart will show.
    if (!searchIsCurrent() || index < 0 || index >= static_cast<int>(m_shown->front.size()))
        return false;
    const SearchedPlan &plan = m_shown->front[static_cast<std::size_t>(index)];
    const GpuSpec &gpu = m_shown->gpus[static_cast<std::size_t>(plan.gpuIndex)];
    ScenarioSpec after = m_document->spec();
    after.gpuId = gpu.id;
    after.scenario = scenarioOfPlan(after.scenario, plan, gpu);
    const ValidationIssues issues = validate(after.scenario);
    if (!issues.empty()) {
        MessageBox::warning(this, tr("Cannot plan with this"),
                            tr("%1\n\nThe scenario on screen is unchanged.").arg(Labels::issue(*issues.begin(), after.scenario)));
        return false;
    }
    //: undo text: %1 the plan in one line (GPU count and kind, layout, strategy, recompute, micro-batch)
    return m_document->replace(after, tr("Plan %1").arg(planText(plan, gpu)));
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
    const bool plans = columns == Columns::Plans;
    const bool time = columns == Columns::TimeAndCost;
    for (int c = kFirstStrategyColumn; c <= kMaxSequenceColumn; ++c)
        m_table->setColumnHidden(c, time);
    for (int c = kAtColumn; c < kColumnCount; ++c)
        m_table->setColumnHidden(c, !time);
    m_views->setCurrentIndex(plans ? 1 : 0);
    // The search tries every recompute policy: the table's switch says nothing about it.
    m_checkpointing->setVisible(!plans);
    const QSignalBlocker blocker(m_columns);
    m_columns->setCurrentIndex(plans ? 2 : time ? 1 : 0);
}

const std::vector<GpuFit> &GpuFitPane::rows()
{
    waitForTable();
    return m_tableShown->rows;
}

void GpuFitPane::setUnit(DisplayUnit unit)
{
    m_unit = unit;
    m_refresh->request();
}

FitTableOptions GpuFitPane::tableOptions() const
{
    FitTableOptions options;
    options.tokens = m_inputs.tokens;
    options.globalBatch = globalBatchSequences();
    return options;
}

GpuFitPane::TableJob GpuFitPane::tableJob() const
{
    TableJob job;
    job.generation = m_generation;
    job.checkpointing = m_checkpointing->isChecked();
    job.scenario = m_document->scenario();
    if (job.checkpointing)
        job.scenario.training.recompute = Recompute::Full;
    job.gpus = pricedGpus();
    job.options = tableOptions();
    return job;
}

// On a thread of the pool, like the search: the job is a copy, and the core's caches are per thread.
GpuFitPane::SharedTable GpuFitPane::fitTable(const TableJob &job)
{
    auto outcome = std::make_shared<TableOutcome>();
    outcome->generation = job.generation;
    outcome->checkpointing = job.checkpointing;
    outcome->gpus = job.gpus;
    outcome->rows.assign(outcome->gpus.size(), GpuFit{});
    fitEveryGpu(job.scenario, outcome->gpus, {}, job.options, outcome->rows);
    return outcome;
}

bool GpuFitPane::tableIsCurrent() const
{
    return m_tableShown && m_tableShown->generation == m_generation
           && m_tableShown->checkpointing == m_checkpointing->isChecked();
}

void GpuFitPane::refresh()
{
    if (tableIsCurrent())
        fillTable(); // the unit or the palette changed, not the figures
    else
        requestTable();
}

void GpuFitPane::requestTable()
{
    // One fit at a time: one for an older scenario is let finish and thrown away, and the newest
    // asked for then (tableFinished()).
    if (m_tableWatcher)
        return;
    auto *watcher = new QFutureWatcher<SharedTable>(this);
    m_tableWatcher = watcher;
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] { tableFinished(watcher); });
    watcher->setFuture(QtConcurrent::run(&GpuFitPane::fitTable, tableJob()));
    m_table->setEnabled(false);
}

void GpuFitPane::tableFinished(QFutureWatcher<SharedTable> *watcher)
{
    if (watcher != m_tableWatcher)
        return; // taken already (waitForTable())
    m_tableWatcher = nullptr;
    SharedTable outcome = watcher->result();
    watcher->deleteLater();
    m_tableShown = std::move(outcome);
    if (tableIsCurrent()) {
        fillTable();
        m_table->setEnabled(true);
    } else {
        m_refresh->request(); // stale: the newest scenario's fit, once the table is on screen
    }
}

void GpuFitPane::waitForTable()
{
    m_refresh->flush();
    while (!tableIsCurrent()) {
        if (!m_tableWatcher)
            requestTable();
        QFutureWatcher<SharedTable> *watcher = m_tableWatcher;
        watcher->waitForFinished();
        tableFinished(watcher);
    }
}

void GpuFitPane::fillTable()
{
    const ScenarioSpec &spec = m_document->spec();
    const Scenario &s = spec.scenario;
    // Filled unsorted (a sorted table moves rows while they are set), sorted again after.
    m_table->setSortingEnabled(false);
    const ColumnsSizedAfterFill sized(m_table);
    const std::vector<GpuFit> &rows = m_tableShown->rows;
    m_table->setRowCount(static_cast<int>(rows.size()));
    QFont bold = m_table->font();
    bold.setBold(true);
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const GpuFit &g = rows[static_cast<std::size_t>(r)];
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
    const FitTableOptions options = tableOptions();
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
    if (!m_tableShown || row < 0 || row >= static_cast<int>(m_tableShown->rows.size()))
        return {};
    const GpuFit &g = m_tableShown->rows[static_cast<std::size_t>(row)];
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
    const FitTableOptions options = tableOptions();
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
