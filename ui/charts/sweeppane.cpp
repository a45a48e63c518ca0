#include "sweeppane.h"

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include "labels.h"
#include "legenditem.h"
#include "widgets/fittedlabel.h"

#include "chartadapters.h"

namespace headroom {

namespace {

QString axisTitle(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Sequence:
        return SweepPane::tr("Memory per GPU as the sequence length varies");
    case SweepAxis::MicroBatch:
        return SweepPane::tr("Memory per GPU as the micro-batch varies");
    case SweepAxis::Layers:
        return SweepPane::tr("Memory per GPU as the number of layers varies");
    }
    return QString();
}

QString axisLabel(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Sequence:
        return SweepPane::tr("Sequence length S (tokens)");
    case SweepAxis::MicroBatch:
        return SweepPane::tr("Micro-batch B (sequences per GPU)");
    case SweepAxis::Layers:
        return SweepPane::tr("Layers L");
    }
    return QString();
}

QString axisSymbol(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Sequence:
        return SweepPane::tr("S");
    case SweepAxis::MicroBatch:
        return SweepPane::tr("B");
    case SweepAxis::Layers:
        return SweepPane::tr("L");
    }
    return QString();
}

QString countText(double v)
{
    return groupedCount(static_cast<Count>(v));
}

} // namespace

SweepPane::SweepPane(QWidget *parent)
    : ChartPane(parent)
    , m_selector(new QComboBox(this))
    , m_note(new FittedLabel(this))
{
    setAccessibleName(tr("Memory per GPU along one input"));
    auto *row = new QHBoxLayout;
    row->setContentsMargins(8, 4, 8, 0);
    auto *label = new QLabel(tr("&Vary:"), this);
    label->setBuddy(m_selector);
    for (SweepAxis axis : kAllSweepAxes)
        m_selector->addItem(sweepAxisName(axis), static_cast<int>(axis));
    m_selector->setToolTip(tr("The input the chart varies; everything else stays as set."));
    row->addWidget(label);
    row->addWidget(m_selector);
    row->addStretch(1);
    paneLayout()->insertLayout(0, row);
    m_note->setContentsMargins(8, 0, 8, 4);
    m_note->setVisible(false);
    paneLayout()->addWidget(m_note);
    connect(m_selector, &QComboBox::activated, this, &SweepPane::onSelectorActivated);
    rebuild();
}

SweepPane::~SweepPane() = default;

void SweepPane::setData(const SweepData &data)
{
    m_data = data;
    m_axis = data.axis;
    {
        const QSignalBlocker blocker(m_selector);
        m_selector->setCurrentIndex(m_selector->findData(static_cast<int>(m_axis)));
    }
    rebuild();
}

void SweepPane::onSelectorActivated(int index)
{
    const auto axis = static_cast<SweepAxis>(m_selector->itemData(index).toInt());
    if (axis == m_axis)
        return;
    m_axis = axis;
    emit axisChanged(axis);
}

void SweepPane::rebuild()
{
    QCustomPlot *p = plot();
    clearPlot();
    QCPItemText *nowLabel = nullptr;
    m_note->setText(m_data.note);
    m_note->setVisible(!m_data.note.isEmpty());
    setTitle(axisTitle(m_data.axis));
    QCPAxis *x = p->xAxis;
    QCPAxis *y = p->yAxis;
    x->setLabel(axisLabel(m_data.axis));
    double largest = m_data.gpu.capacityBytes;
    for (double v : m_data.peak)
        largest = std::max(largest, v);
    for (double v : m_data.alternativeTotal)
        largest = std::max(largest, v);
    chooseAxisScale(largest);
    y->setLabel(memoryAxisLabel());
    // The last tick label is centred on the axis's right end: keep room for its right half
    // (QCustomPlot's automatic margins leave room for the right axis only). Where that moves
    // the axis rect, which every label below is fitted to, fit them again once it is laid out.
    // The room only grows while one input is varied, so that dragging a slider back and forth
    // across a digit does not lay the chart out twice a step; another input starts afresh.
    if (!m_data.x.isEmpty()) {
        const int room = QFontMetrics(x->tickLabelFont()).horizontalAdvance(countText(m_data.x.last())) / 2 + 4;
        QMargins margins = p->axisRect()->minimumMargins();
        const bool sameInput = m_roomAxis == m_data.axis;
        if (room > margins.right() || (!sameInput && room != margins.right())) {
            margins.setRight(room);
            p->axisRect()->setMinimumMargins(margins);
            refitSoon();
        }
        m_roomAxis = m_data.axis;
    }
    // Whole numbers only; on the sequence axis, multiples of 1024 as people choose lengths. The
    // step doubles until every tick label has its own width and a gap beside it, so labels
    // never run into each other however narrow the pane.
    const int rectWidth = p->axisRect()->width() > 100 ? p->axisRect()->width() : std::max(200, p->width() - 260);
    double step = m_data.axis == SweepAxis::Sequence && !m_data.x.isEmpty() && m_data.x.last() >= 4096 ? 1024 : 1;
    if (m_data.x.size() >= 2) {
        const QFontMetrics tickMetrics(x->tickLabelFont());
        // The widest label (the last, grouped or not) and two digits' gap.
        const double labelWidth = tickMetrics.horizontalAdvance(countText(m_data.x.last()))
                + tickMetrics.horizontalAdvance(QLatin1Char('0')) * 2;
        const double span = m_data.x.last() - m_data.x.first();
        const double fitting = std::max(1.0, std::floor(rectWidth / labelWidth));
        while (std::floor(span / step) + 1 > fitting && step < span)
            step *= 2;
    }
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(step);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    x->setTicker(ticker);
    // Whole numbers as written ("6000000"), never QCustomPlot's default "6·10^6".
    x->setNumberFormat(QStringLiteral("f"));
    x->setNumberPrecision(0);
    x->grid()->setVisible(true);
    if (m_data.x.size() < 2) {
        replotIfShown();
        return;
    }
    x->setRange(m_data.x.first(), m_data.x.last());

    // Stacked areas: each bucket's graph is the running sum, filled down to the one below.
    QVector<double> running(m_data.x.size(), 0.0);
    QVector<QCPGraph *> graphs;
    QCPGraph *below = nullptr;
    double top = 0;
    for (Bucket k : kAllBuckets) {
        const QVector<double> &series = m_data.y[static_cast<std::size_t>(bucketIndex(k))];
        if (!drawnBucket(k, std::any_of(series.cbegin(), series.cend(), [](double v) { return v > 0; })))
            continue;
        QVector<double> values(running.size());
        for (int i = 0; i < running.size(); ++i) {
            running[i] += toUnit(series.value(i));
            values[i] = running[i];
        }
        auto *g = p->addGraph(x, y);
        g->setName(bucketName(k));
        g->setData(m_data.x, values, true);
        const QColor c = bucketColor(k);
        g->setPen(QPen(c.darker(125), 1));
        g->setBrush(c);
        g->setSelectable(QCP::stNone);
        if (below)
            g->setChannelFillGraph(below);
        below = g;
        graphs.append(g);
    }
    // The short-lived buffers on top: the stack's top is the peak at every x.
    if (std::any_of(m_data.transient.cbegin(), m_data.transient.cend(), [](double v) { return v > 0; })) {
        QVector<double> values(running.size());
        for (int i = 0; i < running.size(); ++i) {
            running[i] += toUnit(m_data.transient.value(i));
            values[i] = running[i];
        }
        auto *g = p->addGraph(x, y);
        g->setName(transientBucketName());
        g->setData(m_data.x, values, true);
        g->setPen(QPen(transientBucketColor().darker(125), 1));
        g->setBrush(transientBucketColor());
        g->setSelectable(QCP::stNone);
        if (below)
            g->setChannelFillGraph(below);
        below = g;
        graphs.append(g);
    }
    for (double v : running)
        top = std::max(top, v);

    if (!m_data.alternativeTotal.isEmpty()) {
        QVector<double> values(m_data.alternativeTotal.size());
        // The value axis follows the stack, not this line: eager attention's S² total would
        // flatten a flash stack to a sliver; the dashed line leaving the top says enough.
        for (int i = 0; i < values.size(); ++i)
            values[i] = toUnit(m_data.alternativeTotal[i]);
        auto *g = p->addGraph(x, y);
        g->setName(m_data.alternativeLabel);
        g->setData(m_data.x, values, true);
        g->setPen(QPen(foreground(), 2, Qt::DashLine));
        g->setSelectable(QCP::stNone);
        p->legend->addItem(makeLegendItem(p->legend, g));
    }
    for (auto it = graphs.crbegin(); it != graphs.crend(); ++it)
        p->legend->addItem(makeLegendItem(p->legend, *it));

    // Room above the capacity line for its label, clear of the marker's label at the top.
    y->setRange(0, std::max(top * 1.1, toUnit(m_data.gpu.capacityBytes) * 1.25));

    // The scenario's own value: a vertical line, a dot on the total and a label.
    const double ratio = (m_data.current - m_data.x.first()) / (m_data.x.last() - m_data.x.first());
    auto *marker = new QCPItemStraightLine(p);
    marker->point1->setCoords(m_data.current, 0);
    marker->point2->setCoords(m_data.current, 1);
    marker->setPen(QPen(foreground(), 1.2, Qt::DashLine));
    if (m_data.currentIndex >= 0) {
        auto *dot = new QCPItemTracer(p);
        dot->setGraph(graphs.last());
        dot->setGraphKey(m_data.current);
        dot->setStyle(QCPItemTracer::tsCircle);
        dot->setSize(8);
        dot->setPen(QPen(foreground(), 1.5));
        dot->setBrush(background());
        //: the current value's marker, e.g. "now: S = 2,048, peak 139.8 GiB"
        QString text = tr("now: %1 = %2, peak %3")
                               .arg(axisSymbol(m_data.axis), countText(m_data.current),
                                    sizeText(m_data.peak.value(m_data.currentIndex)));
        // Inside the axis rect: beside the marker on the side with room, else slid along
        // the top edge, on two lines when one is wider than the rect.
        const QFontMetrics metrics(font());
        const int padding = 8;
        const bool laidOut = p->axisRect()->width() > 100;
        if (laidOut && metrics.horizontalAdvance(text) + padding + 4 > rectWidth)
            text = wrapToWidth(text, std::max(40, rectWidth - padding - 4));
        double textWidth = 0;
        for (const QString &line : text.split(QLatin1Char('\n')))
            textWidth = std::max<double>(textWidth, metrics.horizontalAdvance(line));
        const double w = (textWidth + padding) / rectWidth; // in axis rect ratio
        double left = ratio > 0.6 ? ratio - w : ratio;
        left = std::clamp(left, 0.0, std::max(0.0, 1.0 - w - 2.0 / rectWidth));
        auto *label = nowLabel = new QCPItemText(p);
        label->position->setType(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(left, 0.02);
        label->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
        label->setTextAlignment(Qt::AlignLeft);
        label->setText(text);
        label->setClipToAxisRect(true);
        label->setColor(foreground());
        label->setBrush(QColor(background().red(), background().green(), background().blue(), 210));
        label->setPadding(QMargins(4, 2, 4, 2));
        label->setSelectable(false);
    }

    QVector<LevelLine> lines;
    if (m_data.gpu.capacityBytes > 0) {
        const QString card = tr("%1: %2").arg(m_data.gpu.gpuName, sizeText(m_data.gpu.capacityBytes));
        // The exact limit of the core's fit search, which the verdict reports too; it may lie
        // beyond the points drawn.
        const QString fit = m_data.fitLimit > 0 ? tr("fits up to %1 = %2").arg(axisSymbol(m_data.axis), countText(m_data.fitLimit))
                                                : tr("fits nowhere");
        //: a capacity line's label: the card, then whether and how far the run fits
        const QString text = tr("%1 · %2").arg(card, fit);
        // Where the line does not fit: two lines, the card by its short name (hover: the whole).
        const QString shortCard = tr("%1: %2").arg(Labels::shortGpuName(m_data.gpu.gpuName), sizeText(m_data.gpu.capacityBytes));
        lines.append({ m_data.gpu.capacityBytes, text, m_data.fitLimit > 0 ? goodColor() : badColor(),
                       Qt::SolidLine, 2.0, 0, shortCard + QLatin1Char('\n') + fit });
    }
    addLevelLines(lines);
    keepClearOfLevelLabels(nowLabel);
    replotIfShown();
}

QString SweepPane::toolTipAt(const QPoint &pos) const
{
    const QCustomPlot *p = plot();
    if (m_data.x.isEmpty() || !p->axisRect()->rect().contains(pos))
        return QString();
    const double key = p->xAxis->pixelToCoord(pos.x());
    // The nearest computed point.
    const auto it = std::lower_bound(m_data.x.cbegin(), m_data.x.cend(), key);
    int i = static_cast<int>(it - m_data.x.cbegin());
    if (i >= m_data.x.size() || (i > 0 && key - m_data.x[i - 1] < m_data.x[i] - key))
        i = std::max(0, i - 1);
    QString text = QStringLiteral("<b>%1 = %2</b>").arg(axisSymbol(m_data.axis), countText(m_data.x[i]));
    for (auto k = kAllBuckets.crbegin(); k != kAllBuckets.crend(); ++k) {
        const double v = m_data.y[static_cast<std::size_t>(bucketIndex(*k))].value(i);
        if (!drawnBucket(*k, v > 0))
            continue;
        text += QStringLiteral("<br>%1: %2").arg(bucketName(*k).toHtmlEscaped(), sizeText(v, 2).toHtmlEscaped());
    }
    if (m_data.transient.value(i) > 0)
        text += QStringLiteral("<br>%1: %2")
                        .arg(transientBucketName().toHtmlEscaped(), sizeText(m_data.transient.value(i), 2).toHtmlEscaped());
    text += QStringLiteral("<br><b>%1</b>").arg(tr("Peak: %1 (live at the step's highest point)").arg(sizeTextBoth(m_data.peak.value(i))).toHtmlEscaped());
    if (!m_data.alternativeTotal.isEmpty())
        text += QStringLiteral("<br>%1: %2")
                        .arg(m_data.alternativeLabel.toHtmlEscaped(),
                             sizeText(m_data.alternativeTotal.value(i), 2).toHtmlEscaped());
    return text;
}

} // namespace headroom
