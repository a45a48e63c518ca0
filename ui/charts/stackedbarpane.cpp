#include "stackedbarpane.h"

#include <algorithm>

#include <qcustomplot.h>

#include "chartadapters.h"

namespace headroom {

namespace {

// Horizontal layout of the single bar, in key-axis coordinates: labels on the left, the bar in
// the middle, the headroom or overflow bracket to its right, capacity labels at the far right.
constexpr double kKeyMin = 0.0;
constexpr double kKeyMax = 3.0;
constexpr double kBarKey = 1.5;
constexpr double kBarWidth = 0.6;
constexpr double kLabelKey = kBarKey - kBarWidth / 2 - 0.06;
constexpr double kBracketKey = kBarKey + kBarWidth / 2 + 0.12;

struct SideLabel
{
    double target = 0; // where the label would like to sit, value-axis units
    QString text;
    QColor color;
    bool bold = false;
};

// Spreads labels so that none is closer than \a gap to the next, staying within [lo, hi].
void spread(QVector<SideLabel> &labels, double gap, double lo, double hi)
{
    std::sort(labels.begin(), labels.end(), [](const SideLabel &a, const SideLabel &b) { return a.target < b.target; });
    for (int i = 0; i < labels.size(); ++i) {
        const double floor = i == 0 ? lo + gap / 2 : labels[i - 1].target + gap;
        labels[i].target = std::max(labels[i].target, floor);
    }
    for (int i = static_cast<int>(labels.size()) - 1; i >= 0; --i) {
        const double ceiling = i == labels.size() - 1 ? hi - gap / 2 : labels[i + 1].target - gap;
        labels[i].target = std::min(labels[i].target, ceiling);
    }
}

} // namespace

StackedBarPane::StackedBarPane(QWidget *parent)
    : ChartPane(parent)
{
    setAccessibleName(tr("Memory per GPU, by bucket"));
    rebuild();
}

StackedBarPane::~StackedBarPane() = default;

void StackedBarPane::setData(const StackedBarData &data)
{
    m_data = data;
    rebuild();
}

QString StackedBarPane::verdictText() const
{
    if (m_data.gpu.capacityBytes <= 0)
        return QString();
    const double spare = m_data.gpu.capacityBytes - m_data.peakBytes;
    return spare >= 0 ? tr("headroom %1").arg(sizeText(spare)) : tr("overflow %1").arg(sizeText(-spare));
}

void StackedBarPane::rebuild()
{
    QCustomPlot *p = plot();
    clearPlot();
    setTitle(m_data.title);
    QCPAxis *x = p->xAxis;
    QCPAxis *y = p->yAxis;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->addTick(kBarKey, tr("This scenario, per GPU"));
    x->setTicker(ticker);
    x->setRange(kKeyMin, kKeyMax);
    x->grid()->setVisible(false);
    x->setTickLength(0, 0);
    x->setSubTicks(false);
    y->setLabel(memoryAxisLabel());
    if (m_data.segments.isEmpty()) {
        p->replot();
        return;
    }

    QVector<QCPBars *> bars;
    QCPBars *below = nullptr;
    double cumulative = 0;
    QVector<SideLabel> labels;
    for (const Segment &s : m_data.segments) {
        auto *bar = new QCPBars(x, y);
        bar->setName(bucketName(s.bucket));
        bar->setWidth(kBarWidth);
        bar->setStackingGap(0);
        bar->setBrush(bucketColor(s.bucket));
        // A hairline in the background colour parts neighbouring segments.
        bar->setPen(QPen(background(), 1));
        bar->addData(kBarKey, toUnit(s.bytes));
        bar->setSelectable(QCP::stNone);
        if (below)
            bar->moveAbove(below);
        below = bar;
        bars.append(bar);
        if (s.bytes > 0)
            labels.append({ toUnit(cumulative + s.bytes / 2),
                            tr("%1  %2").arg(bucketName(s.bucket), sizeText(s.bytes)), foreground(), false });
        cumulative += s.bytes;
    }
    // Legend top to bottom in the order the stack reads, top to bottom.
    for (auto it = bars.crbegin(); it != bars.crend(); ++it)
        p->legend->addItem(new QCPPlottableLegendItem(p->legend, *it));

    double top = std::max(m_data.totalBytes, m_data.peakBytes);
    top = std::max(top, m_data.gpu.capacityBytes);
    for (const CapacityLine &c : m_data.comparisons)
        top = std::max(top, c.capacityBytes);
    y->setRange(0, toUnit(top) * 1.12);

    labels.append({ toUnit(m_data.totalBytes), tr("Total  %1").arg(sizeText(m_data.totalBytes)), foreground(), true });
    const bool peakAbove = m_data.peakBytes > m_data.totalBytes * 1.0005;
    if (peakAbove) {
        auto *peakLine = new QCPItemLine(p);
        peakLine->start->setCoords(kBarKey - kBarWidth / 2, toUnit(m_data.peakBytes));
        peakLine->end->setCoords(kBarKey + kBarWidth / 2, toUnit(m_data.peakBytes));
        peakLine->setPen(QPen(foreground(), 1.5, Qt::DashLine));
        labels.append({ toUnit(m_data.peakBytes), tr("Peak in backward  %1").arg(sizeText(m_data.peakBytes)),
                        foreground(), true });
    }
    const double gap = textHeightOnValueAxis();
    spread(labels, gap, y->range().lower, y->range().upper);
    for (const SideLabel &l : labels) {
        auto *text = new QCPItemText(p);
        text->position->setCoords(kLabelKey, l.target);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        text->setText(l.text);
        text->setColor(l.color);
        QFont f = font();
        f.setBold(l.bold);
        text->setFont(f);
        text->setSelectable(false);
    }

    QVector<LevelLine> lines;
    const double peak = m_data.peakBytes;
    auto lineText = [this, peak](const CapacityLine &c) {
        const double spare = c.capacityBytes - peak;
        //: a GPU's capacity line: name, capacity, and "headroom 12.3 GiB" or "overflow 55.9 GiB"
        return tr("%1: %2 · %3")
                .arg(c.gpuName, sizeText(c.capacityBytes),
                     spare >= 0 ? tr("headroom %1").arg(sizeText(spare)) : tr("overflow %1").arg(sizeText(-spare)));
    };
    for (const CapacityLine &c : m_data.comparisons)
        lines.append({ c.capacityBytes, lineText(c), mutedForeground(), Qt::DashLine, 1.2 });
    if (m_data.gpu.capacityBytes > 0) {
        const bool fits = m_data.gpu.capacityBytes >= peak;
        lines.append({ m_data.gpu.capacityBytes, lineText(m_data.gpu), fits ? goodColor() : badColor(), Qt::SolidLine,
                       2.0 });
        // The headroom or overflow as a bracket from the peak to the capacity.
        auto *bracket = new QCPItemLine(p);
        bracket->start->setCoords(kBracketKey, toUnit(peak));
        bracket->end->setCoords(kBracketKey, toUnit(m_data.gpu.capacityBytes));
        bracket->setHead(QCPLineEnding(QCPLineEnding::esBar, 10));
        bracket->setTail(QCPLineEnding(QCPLineEnding::esBar, 10));
        bracket->setPen(QPen(fits ? goodColor() : badColor(), 2));
        auto *verdict = new QCPItemText(p);
        verdict->position->setCoords(kBracketKey + 0.05, toUnit((peak + m_data.gpu.capacityBytes) / 2));
        verdict->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        verdict->setText(verdictText());
        verdict->setColor(fits ? goodColor() : badColor());
        QFont f = font();
        f.setBold(true);
        verdict->setFont(f);
        verdict->setSelectable(false);
        // Between two close lines there is no room for it; the capacity line's label says it.
        verdict->setVisible(std::abs(toUnit(m_data.gpu.capacityBytes - peak)) > 2.2 * gap);
    }
    addLevelLines(lines);
    p->replot();
}

QString StackedBarPane::toolTipAt(const QPoint &pos) const
{
    const QCustomPlot *p = plot();
    if (m_data.segments.isEmpty() || !p->axisRect()->rect().contains(pos))
        return QString();
    const double key = p->xAxis->pixelToCoord(pos.x());
    const double value = p->yAxis->pixelToCoord(pos.y());
    if (key < kBarKey - kBarWidth / 2 || key > kBarKey + kBarWidth / 2)
        return QString();
    double bottom = 0;
    for (const Segment &s : m_data.segments) {
        const double top = bottom + toUnit(s.bytes);
        if (s.bytes > 0 && value >= bottom && value < top)
            return QStringLiteral("<b>%1</b><br>%2<br>%3")
                    .arg(bucketName(s.bucket).toHtmlEscaped(), sizeTextBoth(s.bytes).toHtmlEscaped(),
                         s.formula.toHtmlEscaped());
        bottom = top;
    }
    return QString();
}

} // namespace headroom
