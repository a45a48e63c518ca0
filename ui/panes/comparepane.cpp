#include "comparepane.h"

#include <cmath>

#include <QBoxLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QScrollArea>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include "charts/chartadapters.h"
#include "charts/chartpane.h"
#include "charts/recipecomparisonpane.h"
#include "comparecelldelegate.h"
#include "deferredrefresh.h"
#include "scenariodocument.h"

namespace headroom {

namespace {

QString rowLabel(ComparedRow row)
{
    switch (row) {
    case ComparedRow::Parameters: return bucketName(Bucket::Parameters);
    case ComparedRow::Gradients: return bucketName(Bucket::Gradients);
    case ComparedRow::MasterWeights: return bucketName(Bucket::MasterWeights);
    case ComparedRow::OptimizerStates: return bucketName(Bucket::OptimizerStates);
    case ComparedRow::Activations: return bucketName(Bucket::Activations);
    case ComparedRow::Overhead: return bucketName(Bucket::Overhead);
    case ComparedRow::ReferenceModel: return ComparePane::tr("Reference model");
    case ComparedRow::RewardModel: return ComparePane::tr("Reward model");
    case ComparedRow::TeacherModel: return ComparePane::tr("Teacher");
    case ComparedRow::RolloutEngine: return ComparePane::tr("vLLM (colocated)");
    case ComparedRow::Transient: return transientBucketName();
    case ComparedRow::Peak: return ComparePane::tr("Peak per GPU");
    case ComparedRow::Capacity: return ComparePane::tr("GPU capacity");
    case ComparedRow::Headroom: return ComparePane::tr("Headroom");
    case ComparedRow::HostPerNode: return ComparePane::tr("Host RAM per node");
    }
    return {};
}

QString rowToolTip(ComparedRow row)
{
    switch (row) {
    case ComparedRow::Peak: return ComparePane::tr("The highest point of the step: the rows above add up to it.");
    case ComparedRow::Capacity: return ComparePane::tr("The memory of the scenario's GPU; none chosen: 0.");
    case ComparedRow::Headroom: return ComparePane::tr("Capacity − peak: what is to spare, or, negative, what is short.");
    case ComparedRow::HostPerNode: return ComparePane::tr("Host memory each node needs (offload, loading the model).");
    case ComparedRow::ReferenceModel:
    case ComparedRow::RewardModel:
    case ComparedRow::TeacherModel:
    case ComparedRow::RolloutEngine:
        return ComparePane::tr("A frozen model beside the one trained, resident for the whole step (the frozen models bucket, by model).");
    case ComparedRow::Parameters:
    case ComparedRow::Gradients:
    case ComparedRow::MasterWeights:
    case ComparedRow::OptimizerStates:
        return ComparePane::tr("What of this bucket is live at the scenario's peak, for every trained model (PPO: the policy and the value model).");
    default: return ComparePane::tr("What of this bucket is live at the scenario's peak.");
    }
}

// More memory is worse, except for capacity and headroom; a change in capacity is neither.
int goodness(ComparedRow row, Count difference)
{
    if (difference == 0 || row == ComparedRow::Capacity)
        return 0;
    const bool less = difference < 0;
    return (row == ComparedRow::Headroom) != less ? 1 : -1;
}

// Enough decimals that a small change does not read as 0 %: 0.02 %, 4.4 %, 85 %.
int percentDecimals(double percent)
{
    const double magnitude = std::abs(percent);
    return magnitude < 1 ? 2 : magnitude < 10 ? 1 : 0;
}

QTableWidgetItem *cell(const QString &text)
{
    auto *i = new QTableWidgetItem(text);
    i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    i->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return i;
}

} // namespace

ComparePane::ComparePane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent),
      m_document(document),
      m_pin(new QPushButton(tr("&Pin the Current Scenario"), this)),
      m_rename(new QPushButton(tr("Re&name…"), this)),
      m_restore(new QPushButton(tr("&Go Back to It"), this)),
      m_remove(new QPushButton(tr("Remo&ve"), this)),
      m_hint(new QLabel(this)),
      m_table(new QTableWidget(this)),
      m_bars(new RecipeComparisonPane(this)),
      m_scroll(new QScrollArea(this)),
      m_refresh(new DeferredRefresh(this, [this] { refresh(); }))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *buttons = new QHBoxLayout;
    m_pin->setToolTip(tr("Keep the plan as it is now beside the one you edit (up to three pinned); saved with the "
                         "scenario file."));
    m_rename->setToolTip(tr("Rename the pinned scenario whose column is selected."));
    m_restore->setToolTip(tr("Make the selected pinned scenario the one you edit again (undo with Ctrl+Z)."));
    m_remove->setToolTip(tr("Take the selected pinned scenario out of the comparison."));
    for (QPushButton *b : { m_pin, m_rename, m_restore, m_remove })
        buttons->addWidget(b);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    m_hint->setTextFormat(Qt::PlainText);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);

    m_table->setRowCount(kComparedRowCount);
    QStringList rows;
    for (int r = 0; r < kComparedRowCount; ++r)
        rows << rowLabel(static_cast<ComparedRow>(r));
    m_table->setVerticalHeaderLabels(rows);
    for (int r = 0; r < kComparedRowCount; ++r)
        m_table->verticalHeaderItem(r)->setToolTip(rowToolTip(static_cast<ComparedRow>(r)));
    m_table->setItemDelegate(new CompareCellDelegate(m_table));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSelectionBehavior(QAbstractItemView::SelectColumns);
    m_table->setAccessibleName(tr("Scenarios compared"));
    m_table->setToolTip(tr("Each scenario's memory at its peak and its difference from the first column."));

    // The table and the bars side by side where there is room, else one above the other with the
    // pane scrolling: the table always whole, the bars never squashed.
    auto *content = new QWidget;
    m_box = new QBoxLayout(QBoxLayout::LeftToRight, content);
    m_box->setContentsMargins(0, 0, 0, 0);
    m_box->addWidget(m_table);
    m_box->addWidget(m_bars, 1);
    m_scroll->setWidget(content);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_scroll, 1);

    connect(m_pin, &QPushButton::clicked, this, [this] { m_document->pin(); });
    connect(m_remove, &QPushButton::clicked, this, [this] { m_document->unpin(selectedPinned()); });
    connect(m_restore, &QPushButton::clicked, this, [this] { m_document->restorePinned(selectedPinned()); });
    connect(m_rename, &QPushButton::clicked, this, &ComparePane::renameSelected);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionDoubleClicked, this, [this](int column) {
        m_table->selectColumn(column);
        renameSelected();
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &ComparePane::updateButtons);
    connect(document, &ScenarioDocument::scenarioChanged, m_refresh, &DeferredRefresh::request);
    connect(document, &ScenarioDocument::pinnedChanged, m_refresh, &DeferredRefresh::request);
    m_refresh->request();
}

ComparePane::~ComparePane() = default;

const Comparison &ComparePane::comparison() const
{
    m_refresh->flush();
    return m_comparison;
}

void ComparePane::setUnit(DisplayUnit unit)
{
    m_unit = unit;
    m_bars->setUnit(unit);
    m_refresh->request();
}

void ComparePane::setDark(bool dark)
{
    m_bars->setDark(dark);
    m_refresh->request();
}

void ComparePane::refresh()
{
    const QList<PinnedScenario> &pinned = m_document->pinned();
    Scenario all[kMaxComparedScenarios];
    QStringList names;
    int n = 0;
    for (const PinnedScenario &p : pinned) {
        all[n++] = p.spec.scenario;
        names << p.name;
    }
    all[n++] = m_document->scenario();
    //: the scenario being edited, beside the pinned ones
    names << tr("Current");
    m_comparison = compareScenarios(std::span<const Scenario>(all, static_cast<std::size_t>(n)));

    m_table->setColumnCount(n);
    // A frozen model's row only where some compared scenario holds that model.
    for (int r = 0; r < kComparedRowCount; ++r) {
        const ComparedRow row = static_cast<ComparedRow>(r);
        bool any = !isFrozenModelRow(row);
        for (int i = 0; i < n && !any; ++i)
            any = m_comparison.cell(i, row).bytes != 0;
        m_table->setRowHidden(r, !any);
    }
    for (int i = 0; i < n; ++i) {
        for (int r = 0; r < kComparedRowCount; ++r) {
            const ComparedRow row = static_cast<ComparedRow>(r);
            const ComparedCell &c = m_comparison.cell(i, row);
            if (!c.defined) {
                //: a compared scenario's capacity or headroom when it has no GPU chosen
                QTableWidgetItem *none = cell(tr("no GPU"));
                none->setToolTip(tr("No GPU is chosen in this scenario: there is no capacity to compare."));
                m_table->setItem(r, i, none);
                continue;
            }
            QTableWidgetItem *value = cell(formatSignedBytes(c.bytes, m_unit, false));
            if (row == ComparedRow::Peak) {
                QFont bold = value->font();
                bold.setBold(true);
                value->setFont(bold);
            }
            if (row == ComparedRow::Headroom && c.bytes < 0)
                value->setForeground(QColor(0xd5, 0x5e, 0x00));
            QString tip = tr("%1 bytes").arg(groupedCount(c.bytes));
            if (i > 0 && c.hasDifference) {
                //: no difference from the first scenario
                QString text = c.difference == 0 ? tr("±0") : formatSignedBytes(c.difference, m_unit, true);
                if (c.hasPercent && c.difference != 0)
                    //: a difference and the same in percent of the baseline, e.g. "−56.5 GiB (−41.6 %)"
                    text = tr("%1 (%2 %)").arg(text, (c.percent > 0 ? QStringLiteral("+") : QString())
                                                             + QLocale().toString(c.percent, 'f', percentDecimals(c.percent)));
                value->setData(CompareCellDelegate::kDifferenceRole, text);
                value->setData(CompareCellDelegate::kGoodnessRole, goodness(row, c.difference));
                //: tooltip of a compared size: %1 its bytes, %2 the difference in bytes, %3 the first scenario
                tip = tr("%1 bytes; %2 bytes from %3").arg(groupedCount(c.bytes), groupedCount(c.difference), names.at(0));
            }
            value->setToolTip(tip);
            m_table->setItem(r, i, value);
        }
        // The name heads the column at the column's width (its figures', or twelve characters),
        // elided where longer: four long names in full would push the table past a laptop's
        // pane. The whole name is in its tooltip, with the model.
        m_table->setHorizontalHeaderItem(i, new QTableWidgetItem(QString()));
        m_table->resizeColumnToContents(i);
        const int padding = 2 * m_table->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, m_table) + 4;
        const int figures = std::max(m_table->columnWidth(i) - padding, 12 * m_table->fontMetrics().averageCharWidth());
        const QString name = m_table->horizontalHeader()->fontMetrics().elidedText(names.at(i), Qt::ElideRight, figures);
        auto *header = new QTableWidgetItem(name);
        const QString model = i < pinned.size() ? modelTitle(pinned.at(i).spec, m_document->catalogue())
                                                : modelTitle(m_document->spec(), m_document->catalogue());
        //: a compared scenario's column heading tooltip: its name, then its model and settings
        header->setToolTip(name == names.at(i) ? model : tr("%1\n%2").arg(names.at(i), model));
        m_table->setHorizontalHeaderItem(i, header);
    }
    m_hint->setText(pinned.isEmpty()
                            ? tr("Pin the plan, then change it: the pinned one stays here to compare with.")
                            : tr("Differences are from %1. Double-click a name to rename it.").arg(names.at(0)));
    m_bars->setData(makeScenarioComparison(pinned, m_document->spec(), m_document->catalogue()));
    updateButtons();
    fitTable();
}

void ComparePane::fitTable()
{
    // The table is never scrolled itself: it takes the width of its columns and the height of
    // its rows.
    m_table->resizeColumnsToContents();
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    int width = m_table->verticalHeader()->sizeHint().width() + 2 * m_table->frameWidth();
    for (int c = 0; c < m_table->columnCount(); ++c)
        width += m_table->columnWidth(c);
    m_table->resizeRowsToContents();
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    m_table->setFixedSize(width, height);
    const bool beside = m_scroll->viewport()->width() - width - m_box->spacing() >= kMinimumBarsWidth;
    m_box->setDirection(beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    m_bars->setMinimumHeight(beside ? 0 : kMinimumBarsHeight);
}

void ComparePane::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitTable();
}

int ComparePane::selectedPinned() const
{
    const QList<QTableWidgetSelectionRange> ranges = m_table->selectedRanges();
    if (ranges.isEmpty())
        return -1;
    const int scenario = ranges.constFirst().leftColumn();
    return scenario < m_document->pinned().size() ? scenario : -1;
}

void ComparePane::updateButtons()
{
    m_pin->setEnabled(m_document->canPin());
    const bool pinned = selectedPinned() >= 0;
    m_rename->setEnabled(pinned);
    m_restore->setEnabled(pinned);
    m_remove->setEnabled(pinned);
}

void ComparePane::renameSelected()
{
    const int index = selectedPinned();
    if (index < 0)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename the Pinned Scenario"), tr("Name:"), QLineEdit::Normal,
                                               m_document->pinned().at(index).name, &ok);
    if (ok)
        m_document->renamePinned(index, name);
}

} // namespace headroom
