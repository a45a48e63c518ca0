#pragma once

// Scenarios side by side: pin the plan, change it, and see up to four at once: a table of what
// is live at each one's peak, bucket by bucket, with each one's difference from the first in
// bytes and in percent (the core's compareScenarios()), and their stacked bars. The pinned
// scenarios live in the document and are saved with it.

#include <QWidget>

#include <headroom/planning/comparison.h>

#include "byteformat.h"

class QLabel;
class QPushButton;
class QBoxLayout;
class QScrollArea;
class QTableWidget;

namespace headroom {

class DeferredRefresh;
class RecipeComparisonPane;
class ScenarioDocument;

class ComparePane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparePane)

public:
    explicit ComparePane(ScenarioDocument *document, QWidget *parent = nullptr);
    ~ComparePane() override;

    QTableWidget *table() const { return m_table; }
    RecipeComparisonPane *bars() const { return m_bars; }
    QPushButton *pinButton() const { return m_pin; }
    //! The comparison shown: the pinned scenarios, then the current one (after a pending refresh).
    const Comparison &comparison() const;
    //! Column i is scenario i (the pinned ones, then the current one); each cell's second line
    //! is the difference from column 0 (CompareCellDelegate::kDifferenceRole).
    DeferredRefresh *deferredRefresh() const { return m_refresh; }
    //! Narrower than this beside the table, the bars go below it.
    static constexpr int kMinimumBarsWidth = 320;
    //! Below the table, the bars are at least this tall (the pane scrolls).
    static constexpr int kMinimumBarsHeight = 260;

public slots:
    void setUnit(headroom::DisplayUnit unit);
    void setDark(bool dark);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void refresh();
    //! The pinned scenario whose column is selected; -1 for none (or the current one).
    int selectedPinned() const;
    void updateButtons();
    void renameSelected();
    void fitTable();

    ScenarioDocument *m_document;
    QPushButton *m_pin;
    QPushButton *m_rename;
    QPushButton *m_restore;
    QPushButton *m_remove;
    QLabel *m_hint;
    QTableWidget *m_table;
    RecipeComparisonPane *m_bars;
    QScrollArea *m_scroll;
    QBoxLayout *m_box = nullptr;
    DeferredRefresh *m_refresh;
    Comparison m_comparison;
    DisplayUnit m_unit = DisplayUnit::Binary;
};

} // namespace headroom
