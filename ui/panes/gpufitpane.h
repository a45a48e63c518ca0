#pragma once

// "How many GPUs of every kind": the core's GPU table (gpufit.h) for the scenario's model and
// run, every GPU kind of the catalogue against every strategy, with time and cost at the
// strategy needing the fewest. Activating a cell makes that GPU kind, strategy and count the
// plan (one undo step). Its third view is the whole-plan search (plansearch.h): the Pareto front
// of days against rent as a chart and a list, a plan applied by a click (one undo step). The
// token budget, global batch, budget, deadline and the current GPU kind's prices above serve
// all three views.

#include <map>
#include <memory>
#include <vector>

#include <QList>
#include <QWidget>

#include <headroom/planning/gpufit.h>
#include <headroom/planning/plansearch.h>

#include "byteformat.h"

template<typename T>
class QFutureWatcher;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QStackedWidget;
class QTableWidget;

namespace headroom {

class DeferredRefresh;
class FittedLabel;
class PlanFrontPane;
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
    //! What the pane shows: the table's GPUs each strategy needs, or its time and cost (a
    //! laptop's pane cannot hold both side by side), or the whole-plan search's front.
    enum class Columns { GpusNeeded, TimeAndCost, Plans };
    void showColumns(Columns columns);
    QComboBox *columnsBox() const { return m_columns; }

    //! The run the figures are for, as the fields above the views give it.
    struct RunInputs
    {
        double tokens = 1e9;     //!< the token budget, 1 to 1e18
        Count globalBatch = 0;   //!< sequences (or tokens) per optimizer step; 0: the scenario's own
        bool globalBatchInTokens = false; //!< globalBatch is tokens, turned into sequences of the scenario's S
        double budgetUsd = 0;    //!< rent for the whole run; 0: none
        double deadlineDays = 0; //!< 0: none
        //! Per GPU kind (id) the user's rent per GPU-hour and purchase per card; absent: the catalogue's.
        std::map<QString, double> rentUsd, purchaseUsd;
        bool onlyPlanGpu = false; //!< the search keeps the plan's GPU kind
    };
    //! The inputs in effect (a field with invalid text leaves its last valid value in effect).
    const RunInputs &runInputs() const { return m_inputs; }
    QLineEdit *tokensField() const { return m_tokens; }
    QLineEdit *globalBatchField() const { return m_globalBatch; }
    QLineEdit *budgetField() const { return m_budget; }
    QLineEdit *deadlineField() const { return m_deadline; }
    QLineEdit *rentField() const { return m_rent; }
    QLineEdit *purchaseField() const { return m_purchase; }
    QCheckBox *onlyPlanGpuBox() const { return m_onlyPlanGpu; }
    //! What is wrong with the fields' text, one line per field; empty when every field is valid.
    QString inputError() const;
    //! The global batch in sequences the plans keep: the field's, tokens over the scenario's S, or
    //! 0 (the scenario's own) while the field is empty or its tokens are no whole number of sequences.
    Count globalBatchSequences() const;

    PlanFrontPane *planChart() const { return m_planChart; }
    //! The front's plans as a list: days, rent, own, MFU, GPU, plan.
    QTableWidget *planTable() const { return m_planTable; }
    //! The recommended plan and why, above the chart (planPickText()).
    QLabel *recommendationLabel() const { return m_recommendation; }
    //! The last search's front (fastest first), its result, and the GPU kinds its indices refer
    //! to: the catalogue with the prices in effect then. Waits for a search in flight.
    const std::vector<SearchedPlan> &plans();
    const PlanSearchResult &planResult();
    const std::vector<GpuSpec> &searchedGpus();
    //! The search as it would run now: the scenario, the kinds and prices, the space, the run.
    struct SearchJob
    {
        int generation = 0;
        Scenario scenario;
        std::vector<GpuSpec> gpus;
        PlanSpace space;
        RunCosts run;
        double budgetUsd = 0;
        double deadlineDays = 0;
    };
    SearchJob searchJob() const;
    //! Runs a pending search now and waits for the one in flight (tests, a screenshot).
    void waitForSearch();
    //! Whether the front shown is for the scenario and inputs as they are now.
    bool searchIsCurrent() const;
    //! Makes plan \a index of plans() the scenario (one undo step); false (and says why) if the
    //! front shown is out of date or the plan does not validate.
    bool applyPlan(int index);
    QCheckBox *checkpointingBox() const { return m_checkpointing; }
    //! The rows shown, in catalogue order: for the scenario and inputs as they are now (waits for
    //! the table in flight, or fits it now).
    const std::vector<GpuFit> &rows();
    //! Fits the table now if it is out of date and waits for the fit in flight (tests, a
    //! screenshot). The window never waits: the table is fitted on the thread pool (0.3 to 1 s for
    //! the whole catalogue, each answer confirmed by the allocator's emulation) and shown, greyed
    //! meanwhile, when it arrives.
    void waitForTable();
    //! Whether the table shown is for the scenario, the switch and the inputs as they are now.
    bool tableIsCurrent() const;
    //! The step-time derivation a days, rent, MFU or bound cell shows on hover, for \a row of
    //! rows() at its strategy needing the fewest GPUs; empty when it has none.
    QString stepTimeToolTip(int row) const;
    //! Makes row \a row's GPU kind with strategy \a strategy at its fewest GPUs the plan;
    //! false (and says why) if none fits or the stack does not support it.
    bool applyCell(int row, int strategy);
    //! How the table is kept current: once per event-loop turn, only while shown (the plans'
    //! view hides it) (tests).
    DeferredRefresh *deferredRefresh() const { return m_refresh; }

public slots:
    void setUnit(headroom::DisplayUnit unit);

protected:
    //! The plan's row is shaded from the palette: a new palette (dark mode) shades it again.
    void changeEvent(QEvent *event) override;

private:
    struct SearchOutcome;
    class SearchRunner;
    static SearchOutcome runSearch(const SearchJob &job);
    void searchFinished(QFutureWatcher<SearchOutcome> *watcher);

    struct TableJob;
    struct TableOutcome;
    using SharedTable = std::shared_ptr<const TableOutcome>;
    static SharedTable fitTable(const TableJob &job);
    TableJob tableJob() const;
    void requestTable();
    void tableFinished(QFutureWatcher<SharedTable> *watcher);

    //! A new scenario, switch or input: the table fitted again; a new unit or palette: shown again.
    void refresh();
    void fillTable();
    void showHeading();
    //! The table's run: the token budget and global batch of the fields.
    FitTableOptions tableOptions() const;
    void buildInputs(QLayout *into);
    //! The fields show the inputs in effect for the plan's GPU kind.
    void showInputs();
    //! Reads every field; valid ones take effect, invalid ones are reported inline.
    void readInputs();
    void showInputErrors();
    void inputsChanged();
    //! The catalogue with the user's prices in effect.
    std::vector<GpuSpec> pricedGpus() const;
    void requestSearch();
    void showSearch(const SearchOutcome &outcome);
    void fillPlanTable();

    ScenarioDocument *m_document;
    FittedLabel *m_heading;
    QCheckBox *m_checkpointing;
    QComboBox *m_columns;
    QLineEdit *m_tokens;
    QLineEdit *m_globalBatch;
    QLineEdit *m_budget;
    QLineEdit *m_deadline;
    QList<QWidget *> m_priceWidgets; //!< the plan's kind's price fields and the search's switch
    QLabel *m_gpuLabel;
    QLineEdit *m_rent;
    QLineEdit *m_purchase;
    QCheckBox *m_onlyPlanGpu;
    QLabel *m_inputError;
    QStackedWidget *m_views;
    QWidget *m_tablePage; //!< the table and its note: refreshed only while shown
    QTableWidget *m_table;
    QLabel *m_note;
    QWidget *m_planPage;
    PlanFrontPane *m_planChart;
    QTableWidget *m_planTable;
    QLabel *m_recommendation;
    DeferredRefresh *m_refresh;
    DeferredRefresh *m_searchRefresh;
    //! The table shown: its rows point into its own GPU kinds (GpuFit::gpu), the catalogue at the
    //! prices in effect when it was fitted. Shared: the watcher hands out copies of its result.
    SharedTable m_tableShown;
    QFutureWatcher<SharedTable> *m_tableWatcher = nullptr; //!< the fit in flight, if any
    RunInputs m_inputs;
    //! Per field, what is wrong with its text (field order).
    std::map<int, QString> m_inputErrors;
    QString m_shownGpuId; //!< the GPU kind whose prices the price fields show
    std::unique_ptr<SearchRunner> m_runner;
    int m_generation = 0;  //!< counts changes to what the search depends on
    std::unique_ptr<SearchOutcome> m_shown; //!< the front shown
    DisplayUnit m_unit = DisplayUnit::Binary;
};

} // namespace headroom
