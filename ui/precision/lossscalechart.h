#pragma once

// The simulated GradScaler scale over training steps on a log2 axis, with the skipped steps
// marked and the scale-16 line the article's diagnosis refers to.

#include <QVector>
#include <QWidget>

class QCustomPlot;

namespace headroom {

//! A trace ready to draw: x = step, y = log2(scale).
struct LossScaleSeries {
    QVector<double> steps;
    QVector<double> log2Scale;
    QVector<double> skippedSteps;
    QVector<double> skippedLog2Scale;
    double collapseLog2 = 4;   //!< log2 of the scale below which infs mean exploding gradients
    double floorLog2 = -30;    //!< where a scale of zero is drawn
};

class LossScaleChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LossScaleChart)

public:
    explicit LossScaleChart(QWidget *parent = nullptr);
    ~LossScaleChart() override;

    void setSeries(const headroom::LossScaleSeries &series);
    const LossScaleSeries &series() const { return m_series; }
    QCustomPlot *plot() const { return m_plot; }

    QSize sizeHint() const override;

private:
    QCustomPlot *m_plot;
    LossScaleSeries m_series;
};

} // namespace headroom
