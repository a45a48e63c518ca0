#include "chartsarea.h"

#include <QGridLayout>
#include <QTabWidget>

#include "charts/chartadapters.h"
#include "charts/recipecomparisonpane.h"
#include "charts/stackedbarpane.h"
#include "charts/sweeppane.h"
#include "charts/timelinepane.h"
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
      m_lower(new QTabWidget(this))
{
    const QStringList titles = paneTitles();
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_bar, 0, 0);
    grid->addWidget(m_sweep, 0, 1);
    m_lower->addTab(m_recipes, titles.at(2));
    m_lower->addTab(m_timeline, titles.at(3));
    m_lower->addTab(m_gpuFit, tr("GPUs needed"));
    m_lower->setDocumentMode(true);
    m_lower->setToolTip(tr("The recipe comparison, the step timeline and the GPUs needed of every kind."));
    grid->addWidget(m_lower, 1, 0, 1, 2);
    // The bar carries a label column on each side of it; the sweep's axis is the easier to squeeze.
    grid->setColumnStretch(0, 6);
    grid->setColumnStretch(1, 5);
    grid->setRowStretch(0, 11);
    grid->setRowStretch(1, 9);
    const QList<ChartPane *> all = panes();
    for (int i = 0; i < all.size(); ++i) {
        all.at(i)->setAccessibleName(titles.at(i));
        all.at(i)->setFocusPolicy(Qt::StrongFocus);
    }
    m_bar->setToolTip(tr("Memory per GPU by bucket against the GPU's capacity; hover a segment for its formula."));
    m_sweep->setToolTip(tr("The buckets as one input sweeps, everything else held; hover for values."));
    m_recipes->setToolTip(tr("The same run under each precision recipe and adapter method."));
    m_timeline->setToolTip(tr("Memory through one training step, with the peak marked."));

    connect(document, &ScenarioDocument::breakdownChanged, this, &ChartsArea::refresh);
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
    if (index >= 2)
        m_lower->setCurrentIndex(index - 2);
}

void ChartsArea::showGpuFit()
{
    m_lower->setCurrentWidget(m_gpuFit);
}

void ChartsArea::setUnit(DisplayUnit unit)
{
    for (ChartPane *pane : panes())
        pane->setUnit(unit);
    m_gpuFit->setUnit(unit);
}

void ChartsArea::setDark(bool dark)
{
    for (ChartPane *pane : panes())
        pane->setDark(dark);
}

void ChartsArea::refresh()
{
    const ScenarioSpec &spec = m_document->spec();
    const Breakdown &b = m_document->breakdown();
    const Catalogue &catalogue = m_document->catalogue();
    m_bar->setData(makeStackedBar(spec, b, m_document->derivation(), catalogue));
    refreshSweep();
    m_recipes->setData(makeRecipeComparison(spec, catalogue));
    m_timeline->setData(makeTimeline(spec, b, catalogue));
}

void ChartsArea::refreshSweep()
{
    m_sweep->setData(makeSweep(m_document->spec(), m_sweep->axis(), m_document->catalogue()));
}

} // namespace headroom
