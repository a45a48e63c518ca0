#pragma once

#include "chartpane.h"

namespace headroom {

class FittedLabel;

/*!
 * The whole-plan search's Pareto front: days to train against rent, each plan a point coloured
 * by its GPU kind, the front joined as a staircase (below and left of it no plan exists), the
 * budget and the deadline as lines and their picks ringed. An axis whose figures span more than
 * kLogRatio is logarithmic: on linear axes an L-shaped front crowds into one corner. Hover: the
 * plan in words; a click asks for the plan (planClicked()).
 */
class PlanFrontPane final : public ChartPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlanFrontPane)

public:
    explicit PlanFrontPane(QWidget *parent = nullptr);
    ~PlanFrontPane() override;

    const PlanFrontData &data() const { return m_data; }
    QString toolTipAt(const QPoint &pos) const override;
    //! The point of data().points within a few pixels of \a pos (plot widget coordinates); -1 if none.
    int pointAt(const QPoint &pos) const;
    //! Where point \a index of data().points is drawn (plot widget coordinates), as last replotted.
    QPointF pointPosition(int index) const;
    //! Whether the axes are logarithmic (figures spanning more than kLogRatio).
    bool logDays() const;
    bool logRent() const;
    //! An axis whose figures span more than this ratio is logarithmic.
    static constexpr double kLogRatio = 8;

public slots:
    void setData(const headroom::PlanFrontData &data);

signals:
    //! A point was clicked: \a index into data().points.
    void planClicked(int index);

protected:
    void rebuild() override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    PlanFrontData m_data;
    FittedLabel *m_note = nullptr;
};

} // namespace headroom
