#pragma once

// "How many GPUs of every kind": the core's GPU table (gpufit.h) for the scenario's model and
// run, every GPU kind of the catalogue against every strategy, with time and cost at the
// strategy needing the fewest. Activating a cell makes that GPU kind, strategy and count the
// plan (one undo step).

#include <vector>

#include <QWidget>

#include <headroom/planning/gpufit.h>

#include "byteformat.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QTableWidget;

namespace headroom {

class DeferredRefresh;
class ScenarioDocument;

class GpuFitPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GpuFitPane)

public:
    explicit GpuFitPane(ScenarioDocument *document, QWidget *parent = nullptr);
    ~GpuFitPane() override;

    //! Columns: GPU, memory, one per strategy of kStrategies, max B, max S, then at the strategy
    //! needing the fewest GPUs: days, rent, owning cost, MFU and the term the step is bound by.
    static constexpr int kFirstStrategyColumn = 2;
    static constexpr int kMaxBatchColumn = kFirstStrategyColumn + kStrategyCount;
    static constexpr int kMaxSequenceColumn = kMaxBatchColumn + 1;
    static constexpr int kAtColumn = kMaxSequenceColumn + 1; //!< the strategy and count the time is for
    static constexpr int kDaysColumn = kAtColumn + 1;
    static constexpr int kCostColumn = kDaysColumn + 1; //!< renting
    static constexpr int kOwnColumn = kCostColumn + 1;
    static constexpr int kMfuColumn = kOwnColumn + 1;
    static constexpr int kBoundColumn = kMfuColumn + 1;
    static constexpr int kColumnCount = kBoundColumn + 1;
    //! On every cell: the number it sorts by (a dash sorts last).
    static constexpr int kSortRole = Qt::UserRole + 1;
    //! On the GPU cell: the row's index in rows(), whatever the sort.
    static constexpr int kRowRole = Qt::UserRole + 2;

    QTableWidget *table() const { return m_table; }
    //! What the table shows: the GPUs each strategy needs, or time and cost (a laptop's pane
    //! cannot hold both side by side).
    enum class Columns { GpusNeeded, TimeAndCost };
    void showColumns(Columns columns);
    QComboBox *columnsBox() const { return m_columns; }
    QCheckBox *checkpointingBox() const { return m_checkpointing; }
    //! The rows shown, in catalogue order (after a pending refresh).
    const std::vector<GpuFit> &rows() const;
    //! The step-time derivation a days, rent, MFU or bound cell shows on hover, for \a row of
    //! rows() at its strategy needing the fewest GPUs; empty when it has none.
    QString stepTimeToolTip(int row) const;
    //! Makes row \a row's GPU kind with strategy \a strategy at its fewest GPUs the plan;
    //! false (and says why) if none fits or the stack does not support it.
    bool applyCell(int row, int strategy);
    //! How the table is kept current: once per event-loop turn, only while shown (tests).
    DeferredRefresh *deferredRefresh() const { return m_refresh; }

public slots:
    void setUnit(headroom::DisplayUnit unit);

protected:
    //! The plan's row is shaded from the palette: a new palette (dark mode) shades it again.
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void fillTable();

    ScenarioDocument *m_document;
    QLabel *m_heading;
    QCheckBox *m_checkpointing;
    QComboBox *m_columns;
    QTableWidget *m_table;
    QLabel *m_note;
    DeferredRefresh *m_refresh;
    std::vector<GpuFit> m_rows;
    DisplayUnit m_unit = DisplayUnit::Binary;
};

} // namespace headroom
