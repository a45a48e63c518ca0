#include "delayedscalingchart.h"

#include <algorithm>
#include <cmath>

#include <QVBoxLayout>

#include <qcustomplot.h>

#include "precisiontext.h"

namespace headroom {

DelayedScalingChart::DelayedScalingChart(QWidget *parent) : QWidget(parent), m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumHeight(200);
    m_plot->setToolTip(tr("The scale each step's FP8 cast used, from the amax history (solid), against the scale the "
                          "step's own amax would give (thin). Where the solid line is above the thin one, the largest "
                          "values clamp; red marks those steps."));

    m_plot->xAxis->setLabel(tr("training step"));
    m_plot->yAxis->setLabel(tr("log2 of the FP8 scale"));

    QCPGraph *delayed = m_plot->addGraph();
    delayed->setName(tr("delayed scale (amax history)"));
    delayed->setLineStyle(QCPGraph::lsStepLeft);
    delayed->setPen(QPen(precisioncolors::distribution(), 1.8));

    QCPGraph *current = m_plot->addGraph();
    current->setName(tr("this step's own amax"));
    current->setPen(QPen(precisioncolors::normal(), 1));

    QCPGraph *clamped = m_plot->addGraph();
    clamped->setName(tr("step with clamped values"));
    clamped->setLineStyle(QCPGraph::lsNone);
    clamped->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, precisioncolors::overflow(),
                                             precisioncolors::overflow(), 5));

    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(font());
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
}

DelayedScalingChart::~DelayedScalingChart() = default;

QSize DelayedScalingChart::sizeHint() const
{
    return QSize(460, 240);
}

void DelayedScalingChart::setSeries(const DelayedScalingSeries &series)
{
    m_series = series;
    m_plot->graph(0)->setData(series.steps, series.log2DelayedScale, true);
    m_plot->graph(1)->setData(series.steps, series.log2CurrentScale, true);
    m_plot->graph(2)->setData(series.clampedSteps, series.clampedLog2Scale, true);
    double lo = 0;
    double hi = 1;
    bool first = true;
    for (const QVector<double> *v : { &series.log2DelayedScale, &series.log2CurrentScale })
        for (double y : *v) {
            lo = first ? y : std::min(lo, y);
            hi = first ? y : std::max(hi, y);
            first = false;
        }
    // Room below the lines for the legend, which sits at the bottom right.
    m_plot->yAxis->setRange(std::floor(lo) - 3, std::ceil(hi) + 1);
    const double lastStep = series.steps.isEmpty() ? 1.0 : series.steps.back();
    m_plot->xAxis->setRange(0, std::max(1.0, lastStep));
    m_plot->replot();
}

} // namespace headroom
