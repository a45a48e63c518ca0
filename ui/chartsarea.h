#pragma once

// The window's chart area: the four chart panes (ui/charts/, built by the charts engineer), fed
// from the document through the chart adapters whenever the estimate changes. This file is the
// one seam between the planner window and the charts. The memory bar and the sweep sit side by
// side on top; the recipe comparison and the step timeline share the full width below, in tabs.
// The comparison of pinned scenarios and the GPU table are pages of their own beside the charts.

#include <QWidget>

class QSplitter;
class QTabWidget;

#include "byteformat.h"

namespace headroom {

class DeferredRefresh;

class ChartPane;
class ComparePane;
class GpuFitPane;
class RecipeComparisonPane;
class ScenarioDocument;
class StackedBarPane;
class SweepPane;
class TimelinePane;

class ChartsArea final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChartsArea)

public:
    explicit ChartsArea(ScenarioDocument *document, QWidget *parent = nullptr);

    StackedBarPane *stackedBar() const { return m_bar; }
    SweepPane *sweep() const { return m_sweep; }
    RecipeComparisonPane *recipes() const { return m_recipes; }
    TimelinePane *timeline() const { return m_timeline; }
    //! The GPU table, a page beside the charts.
    GpuFitPane *gpuFit() const { return m_gpuFit; }
    void showGpuFit();
    //! Pinned scenarios beside the current one, a page beside the charts.
    ComparePane *compare() const { return m_compare; }
    void showCompare();
    //! The four panes in reading order: bar, sweep, recipes, timeline.
    QList<ChartPane *> panes() const;
    //! Translated names of panes(), for menus and the export dialog.
    static QStringList paneTitles();
    //! Makes pane \a index visible (the lower charts share a tab).
    void showPane(int index);

public slots:
    void setUnit(headroom::DisplayUnit unit);
    void setDark(bool dark);
    //! Feeds every pane the current scenario's data.
    //! Asks every chart to rebuild from the document (on the next turn, if on screen).
    void refresh();
    //! Rebuilds now the charts that are out of date and on screen (tests, a screenshot).
    void flush();
    //! How many chart rebuilds from the document have run (tests).
    int refreshCount() const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void refreshSweep();

    ScenarioDocument *m_document;
    StackedBarPane *m_bar;
    SweepPane *m_sweep;
    RecipeComparisonPane *m_recipes;
    TimelinePane *m_timeline;
    GpuFitPane *m_gpuFit;
    ComparePane *m_compare;
    QTabWidget *m_lower;
    QTabWidget *m_pages;
    QSplitter *m_split = nullptr;
    QList<DeferredRefresh *> m_refreshes;
    bool m_splitPlaced = false;
};

} // namespace headroom
