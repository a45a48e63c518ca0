#include "chartsarea.h"

#include <QHBoxLayout>
#include <QSplitter>
#include <QVBoxLayout>
#include <QTabWidget>

#include "charts/chartadapters.h"
#include "deferredrefresh.h"
#include "charts/recipecomparisonpane.h"
#include "charts/stackedbarpane.h"
#include "charts/sweeppane.h"
#include "charts/timelinepane.h"
#include "panes/comparepane.h"
#include "panes/gpufitpane.h"
#include "scenariodocument.h"

namespace headroom {

ChartsArea::ChartsArea(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent),
      m_document(document),
      m_bar(new StackedBarPane(this)),
      m_sweep(new SweepPane(this)),
      m_recipes(new RecipeComparisonPane(this)),
      m_timeline(new TimelinePane(this)),
      m_gpuFit(new GpuFitPane(document, this)),
      m_compare(new ComparePane(document, this)),
      m_lower(new QTabWidget(this)),
      m_pages(new QTabWidget(this))
{
    const QStringList titles = paneTitles();
    // Top: the bar and the sweep side by side; below, in tabs, the rest. A splitter between the
    // two, so that a laptop can give the table tabs (GPUs needed, Compare) more height.
    auto *top = new QWidget(this);
    auto *row = new QHBoxLayout(top);
    row->setContentsMargins(0, 0, 0, 0);
    // The bar carries a label column on each side of it; the sweep's axis is the easier to squeeze.
    row->addWidget(m_bar, 6);
    row->addWidget(m_sweep, 5);
    m_lower->addTab(m_recipes, titles.at(2));
    m_lower->addTab(m_timeline, titles.at(3));
    m_lower->setDocumentMode(true);
    m_lower->setToolTip(tr("The recipe comparison and the step timeline (Ctrl+Tab switches between them)."));
    auto *split = new QSplitter(Qt::Vertical);
    split->setObjectName(QStringLiteral("ChartsSplitter"));
    split->addWidget(top);
    split->addWidget(m_lower);
    split->setStretchFactor(0, 11);
    split->setStretchFactor(1, 9);
    split->setChildrenCollapsible(false);
    m_split = split;
    // The charts, the comparison and the GPU table each take the whole area: the tables need its
    // width, and a page not shown is not refreshed.
    m_pages->addTab(split, tr("Charts"));
    m_pages->addTab(m_compare, tr("Compare"));
    m_pages->addTab(m_gpuFit, tr("GPUs Needed"));
    m_pages->setDocumentMode(true);
    m_pages->setTabToolTip(0, tr("Memory per GPU, the sweep, the recipe comparison and the step timeline."));
    m_pages->setTabToolTip(1, tr("Pinned scenarios beside the current one: what each needs and how it differs."));
    m_pages->setTabToolTip(2, tr("How many GPUs of every kind the run needs under each strategy, and what it costs."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);
    const QList<ChartPane *> all = panes();
    for (int i = 0; i < all.size(); ++i) {
        all.at(i)->setAccessibleName(titles.at(i));
        all.at(i)->setFocusPolicy(Qt::StrongFocus);
    }
    m_bar->setToolTip(tr("Memory per GPU by bucket against the GPU's capacity; hover a segment for its formula."));
    m_sweep->setToolTip(tr("The buckets as one input sweeps, everything else held; hover for values."));
    m_recipes->setToolTip(tr("The same run under each precision recipe and adapter method."));
    m_timeline->setToolTip(tr("Memory through one training step, with the peak marked."));

    // Each chart rebuilds once per event-loop turn and only while on screen (a chart behind a
    // tab catches up when it is raised); none is built before the window first shows it.
    m_refreshes = {
        new DeferredRefresh(m_bar, [this] {
            m_bar->setData(makeStackedBar(m_document->spec(), m_document->breakdown(), m_document->derivation(),
                                          m_document->catalogue()));
        }),
        new DeferredRefresh(m_sweep, [this] { refreshSweep(); }),
        new DeferredRefresh(m_recipes, [this] { m_recipes->setData(makeRecipeComparison(m_document->spec(), m_document->catalogue())); }),
        new DeferredRefresh(m_timeline, [this] {
            TimelineData data = makeTimeline(m_document->spec(), m_document->breakdown(), m_document->catalogue());
            if (m_document->hasMeasured())
                addMeasuredMarkers(data, m_document->measuredComparison(), m_document->measured(),
                                   m_document->measuredIsCurrent());
            m_timeline->setData(data);
        }),
    };
    connect(document, &ScenarioDocument::breakdownChanged, this, &ChartsArea::refresh);
    connect(document, &ScenarioDocument::measuredChanged, this, &ChartsArea::refresh);
    connect(m_sweep, &SweepPane::axisChanged, this, &ChartsArea::refreshSweep);
    refresh();
}

QList<ChartPane *> ChartsArea::panes() const
{
    return { m_bar, m_sweep, m_recipes, m_timeline };
}

QStringList ChartsArea::paneTitles()
{
    return { tr("Memory per GPU"), tr("Sweep"), tr("Recipe comparison"), tr("Step timeline") };
}

void ChartsArea::showPane(int index)
{
    m_pages->setCurrentIndex(0);
    if (index >= 2)
        m_lower->setCurrentIndex(index - 2);
}

void ChartsArea::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // 11 : 9 once the splitter first has a height, not its children's size hints; after that,
    // where the user drags it.
    if (!m_splitPlaced && m_split->height() > 100) {
        m_splitPlaced = true;
        const int h = m_split->height() - m_split->handleWidth();
        m_split->setSizes({ h * 11 / 20, h - h * 11 / 20 });
    }
}

void ChartsArea::showGpuFit()
{
    m_pages->setCurrentWidget(m_gpuFit);
}

void ChartsArea::showCompare()
{
    m_pages->setCurrentWidget(m_compare);
}

void ChartsArea::setUnit(DisplayUnit unit)
{
    for (ChartPane *pane : panes())
        pane->setUnit(unit);
    m_gpuFit->setUnit(unit);
    m_compare->setUnit(unit);
}

void ChartsArea::setDark(bool dark)
{
    for (ChartPane *pane : panes())
        pane->setDark(dark);
    m_compare->setDark(dark);
}

void ChartsArea::refresh()
{
    for (DeferredRefresh *r : std::as_const(m_refreshes))
        r->request();
}

void ChartsArea::flush()
{
    for (DeferredRefresh *r : std::as_const(m_refreshes))
        r->flush();
}

int ChartsArea::refreshCount() const
{
    int n = 0;
    for (const DeferredRefresh *r : m_refreshes)
        n += r->refreshCount();
    return n;
}

void ChartsArea::refreshSweep()
{
    m_sweep->setData(makeSweep(m_document->spec(), m_sweep->axis(), m_document->catalogue()));
}

} // namespace headroom
