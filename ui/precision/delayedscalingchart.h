#pragma once

// Transformer Engine's delayed scaling over simulated steps, on a log2 axis: the scale each
// step's cast used (from the amax history) against the scale this step's own amax would give
// (what current scaling uses). Where the first lies above the second, the cast clamps; those
// steps are marked.

#include <QVector>
#include <QWidget>

class QCustomPlot;

namespace headroom {

//! A trace ready to draw: x = step, y = log2(scale).
struct DelayedScalingSeries {
    QVector<double> steps;
    QVector<double> log2DelayedScale;
    QVector<double> log2CurrentScale;
    QVector<double> clampedSteps;
    QVector<double> clampedLog2Scale;
};

class DelayedScalingChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DelayedScalingChart)

public:
    explicit DelayedScalingChart(QWidget *parent = nullptr);
    ~DelayedScalingChart() override;

    void setSeries(const headroom::DelayedScalingSeries &series);
    const DelayedScalingSeries &series() const { return m_series; }
    QCustomPlot *plot() const { return m_plot; }

    QSize sizeHint() const override;

private:
    QCustomPlot *m_plot;
    DelayedScalingSeries m_series;
};

} // namespace headroom
