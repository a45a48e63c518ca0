#include "lossscalechart.h"

#include <algorithm>
#include <cmath>

#include <QVBoxLayout>

#include <qcustomplot.h>

#include "precisiontext.h"

namespace headroom {

namespace {

// Labels a log2 axis as powers of two ("2^16"), which is how loss scales are talked about.
class PowerOfTwoTicker final : public QCPAxisTicker
{
protected:
    double getTickStep(const QCPRange &range) override
    {
        // Whole exponents, in steps of 1, 2, 4 or 8 so that about six labels show.
        const double span = range.size();
        for (double step : { 1.0, 2.0, 4.0, 8.0, 16.0 })
            if (span / step <= 8)
                return step;
        return 32.0;
    }

    QString getTickLabel(double tick, const QLocale &, QChar, int) override
    {
        return LossScaleChart::tr("2^%1").arg(qRound(tick));
    }
};

} // namespace

LossScaleChart::LossScaleChart(QWidget *parent) : QWidget(parent), m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumHeight(200);
    m_plot->setToolTip(tr("The loss scale each step used (log scale). Red marks: steps skipped because the scaled "
                          "gradients held inf or NaN; each halves the scale."));

    m_plot->xAxis->setLabel(tr("training step"));
    m_plot->yAxis->setLabel(tr("loss scale"));
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new PowerOfTwoTicker));

    QCPGraph *scale = m_plot->addGraph();
    scale->setName(tr("loss scale"));
    scale->setLineStyle(QCPGraph::lsStepLeft);
    scale->setPen(QPen(precisioncolors::distribution(), 1.5));

    QCPGraph *skipped = m_plot->addGraph();
    skipped->setName(tr("skipped step (inf/NaN)"));
    skipped->setLineStyle(QCPGraph::lsNone);
    skipped->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, precisioncolors::flushToZero(),
                                             precisioncolors::flushToZero(), 5));

    auto *threshold = new QCPItemStraightLine(m_plot);
    threshold->setObjectName(QStringLiteral("collapseLine"));
    threshold->setPen(QPen(precisioncolors::flushToZero(), 1, Qt::DashLine));
    auto *label = new QCPItemText(m_plot);
    label->setObjectName(QStringLiteral("collapseLabel"));
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->setColor(precisioncolors::flushToZero());
    label->setText(tr("scale 16: infs below this = exploding gradients"));

    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(font());
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
}

LossScaleChart::~LossScaleChart() = default;

QSize LossScaleChart::sizeHint() const
{
    return QSize(460, 260);
}

void LossScaleChart::setSeries(const LossScaleSeries &series)
{
    m_series = series;
    m_plot->graph(0)->setData(series.steps, series.log2Scale, true);
    m_plot->graph(1)->setData(series.skippedSteps, series.skippedLog2Scale, true);

    double lo = series.collapseLog2;
    double hi = series.collapseLog2;
    for (double v : series.log2Scale) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    m_plot->yAxis->setRange(std::floor(lo) - 1, std::ceil(hi) + 2);
    const double lastStep = series.steps.isEmpty() ? 1.0 : series.steps.back();
    m_plot->xAxis->setRange(0, std::max(1.0, lastStep));

    for (int i = 0; i < m_plot->itemCount(); ++i) {
        QCPAbstractItem *item = m_plot->item(i);
        if (auto *line = qobject_cast<QCPItemStraightLine *>(item)) {
            line->point1->setCoords(0, series.collapseLog2);
            line->point2->setCoords(1, series.collapseLog2);
        } else if (auto *text = qobject_cast<QCPItemText *>(item)) {
            text->position->setTypeY(QCPItemPosition::ptPlotCoords);
            text->position->setCoords(0.01, series.collapseLog2 + 0.2);
        }
    }
    m_plot->replot();
}

} // namespace headroom
