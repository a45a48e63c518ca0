#include "stackedbarpane.h"

#include <algorithm>

#include <qcustomplot.h>

#include "labels.h"
#include "legenditem.h"

#include "chartadapters.h"

namespace headroom {

namespace {

struct SideLabel
{
    double target = 0; // where the label would like to sit, value-axis units
    QString text;
    bool bold = false;
    double lo = 0, hi = 0; // the segment it names (the peak: its level), value-axis units
};

// Leaves out the labels of the smallest segments (never the bold peak) while more labels than
// fit between \a lo and \a hi at \a gap apart remain: spreading them anyway pushed the lowest
// below the axis, onto the key axis's label. A segment without its label keeps its hover text
// and its legend entry.
void dropWhatDoesNotFit(QVector<SideLabel> &labels, double gap, double lo, double hi)
{
    const double room = hi - lo - 2 * gap * 0.6; // spread()'s margins at either end
    const qsizetype fit = room < 0 ? 1 : static_cast<qsizetype>(room / gap) + 1;
    while (labels.size() > std::max<qsizetype>(fit, 1)) {
        auto smallest = labels.end();
        for (auto it = labels.begin(); it != labels.end(); ++it)
            if (!it->bold && (smallest == labels.end() || it->hi - it->lo < smallest->hi - smallest->lo))
                smallest = it;
        if (smallest == labels.end())
            break;
        labels.erase(smallest);
    }
}

// Spreads labels so that none is closer than \a gap to the next, staying within [lo, hi].
void spread(QVector<SideLabel> &labels, double gap, double lo, double hi)
{
    std::sort(labels.begin(), labels.end(), [](const SideLabel &a, const SideLabel &b) { return a.target < b.target; });
    const int n = static_cast<int>(labels.size());
    // Half a line and a little more from either end: a label's box (its padding, a bold face) is
    // a pixel or two taller than a line of text.
    const double margin = gap * 0.6;
    for (int i = 0; i < n; ++i) {
        const double floor = i == 0 ? lo + margin : labels[i - 1].target + gap;
        labels[i].target = std::max(labels[i].target, floor);
    }
    for (int i = n - 1; i >= 0; --i) {
        const double ceiling = i == n - 1 ? hi - margin : labels[i + 1].target - gap;
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
    x->grid()->setVisible(false);
    x->setTickLength(0, 0);
    x->setSubTicks(false);

    // Value axis first: label spacing depends on it.
    double top = m_data.peakBytes;
    top = std::max(top, m_data.gpu.capacityBytes);
    for (const CapacityLine &c : m_data.comparisons)
        top = std::max(top, c.capacityBytes);
    chooseAxisScale(top);
    y->setLabel(memoryAxisLabel());
    y->setRange(0, top > 0 ? toUnit(top) * 1.12 : 1.0);
    const double textHeight = textHeightOnValueAxis();

    // The labels left of the bar: each bucket's size as live at the peak (its name is in the
    // legend, beside its colour, so the column stays narrow), and the peak at the top: the bar is
    // the step's peak, the figure the verdict and the bracket use.
    QVector<SideLabel> labels;
    double cumulative = 0;
    for (const Segment &s : m_data.segments) {
        if (s.bytes > 0)
            labels.append({ toUnit(cumulative + s.bytes / 2), sizeText(s.bytes), false, toUnit(cumulative), toUnit(cumulative + s.bytes) });
        cumulative += s.bytes;
    }
    if (m_data.transientBytes > 0)
        labels.append({ toUnit(cumulative + m_data.transientBytes / 2), sizeText(m_data.transientBytes), false, toUnit(cumulative),
                        toUnit(cumulative + m_data.transientBytes) });
    if (!m_data.segments.isEmpty())
        labels.append({ toUnit(m_data.peakBytes), tr("Peak  %1").arg(sizeText(m_data.peakBytes)), true, toUnit(m_data.peakBytes),
                        toUnit(m_data.peakBytes) });

    // Key axis in pixels: a label column as wide as its text, the bar, the bracket and the
    // verdict beside it; the bar gives up width first, then the verdict breaks into two lines.
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetrics metrics(font());
    const QFontMetrics boldMetrics(boldFont);
    double labelWidth = 0;
    for (const SideLabel &l : labels)
        labelWidth = std::max<double>(labelWidth, (l.bold ? boldMetrics : metrics).horizontalAdvance(l.text) + 12);
    const int rectWidth = p->axisRect()->width();
    // Before the first layout the axis rect has no width: assume the plot less axis and legend.
    const double width = rectWidth > 150 ? rectWidth : std::max(300, p->width() - 260);
    x->setRange(0, width);
    const QString verdict = verdictText();
    QString verdictShown = verdict;
    const double bracketGap = 16, verdictGap = 8;
    auto verdictWidth = [&](const QString &text) {
        double w = 0;
        for (const QString &line : text.split(QLatin1Char('\n')))
            w = std::max<double>(w, boldMetrics.horizontalAdvance(line));
        return verdict.isEmpty() ? 0.0 : w + verdictGap + 4;
    };
    const double barLeft = labelWidth + 10;
    double room = width - barLeft - bracketGap - verdictWidth(verdictShown);
    if (room < 44 && !verdict.isEmpty()) {
        verdictShown = verdict;
        verdictShown.replace(verdictShown.indexOf(QLatin1Char(' ')), 1, QLatin1Char('\n'));
        room = width - barLeft - bracketGap - verdictWidth(verdictShown);
    }
    m_barWidth = std::clamp(std::min(width * 0.16, room), 24.0, 120.0);
    m_barKey = barLeft + m_barWidth / 2;
    const double labelKey = barLeft - 6;
    const double bracketKey = barLeft + m_barWidth + 16;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    //: the bar's axis label: what is live on one GPU at the step's highest point
    ticker->addTick(m_barKey, tr("Per GPU at the step's peak"));
    x->setTicker(ticker);
    if (m_data.segments.isEmpty()) {
        replotIfShown();
        return;
    }

    QVector<QCPBars *> bars;
    QCPBars *below = nullptr;
    auto addSegment = [&](const QString &name, const QColor &color, double bytes) {
        auto *bar = new QCPBars(x, y);
        bar->setName(name);
        bar->setWidth(m_barWidth);
        bar->setStackingGap(0);
        bar->setBrush(color);
        // A hairline in the background colour parts neighbouring segments.
        bar->setPen(QPen(background(), 1));
        bar->addData(m_barKey, toUnit(bytes));
        bar->setSelectable(QCP::stNone);
        if (below)
            bar->moveAbove(below);
        below = bar;
        bars.append(bar);
    };
    for (const Segment &s : m_data.segments)
        addSegment(bucketName(s.bucket), bucketColor(s.bucket), s.bytes);
    if (m_data.transientBytes > 0)
        addSegment(transientBucketName(), transientBucketColor(), m_data.transientBytes);
    // Legend top to bottom in the order the stack reads, top to bottom.
    for (auto it = bars.crbegin(); it != bars.crend(); ++it)
        p->legend->addItem(makeLegendItem(p->legend, *it));

    QVector<LevelLine> lines;
    const double peak = m_data.peakBytes;
    // Capacity labels keep right of the bar: longer ones break into lines.
    const double labelRoom = std::max(120.0, width - (barLeft + m_barWidth + 12));
    struct Band
    {
        double lo, hi, left;
    };
    QVector<Band> taken; // value range and left edge (key) of the comparison labels
    for (const CapacityLine &c : m_data.comparisons) {
        const double spare = c.capacityBytes - peak;
        //: a comparison GPU's capacity line: name, capacity, and "headroom 12.3 GiB" or "overflow 55.9 GiB"
        const QString name = Labels::shortGpuName(c.gpuName);
        const QString text = tr("%1: %2 · %3")
                                     .arg(name, sizeText(c.capacityBytes),
                                          spare >= 0 ? tr("headroom %1").arg(sizeText(spare))
                                                     : tr("overflow %1").arg(sizeText(-spare)));
        const QString verdictPart = spare >= 0 ? tr("headroom %1").arg(sizeText(spare))
                                               : tr("overflow %1").arg(sizeText(-spare));
        //: the same label on two lines when the chart is narrow
        QString wrapped = tr("%1: %2\n%3").arg(name, sizeText(c.capacityBytes), verdictPart);
        if (metrics.horizontalAdvance(wrapped.section(QLatin1Char('\n'), 0, 0)) > labelRoom - 8)
            //: the same label on three lines when the chart is narrower still
            wrapped = tr("%1\n%2\n%3").arg(name, sizeText(c.capacityBytes), verdictPart);
        //: hover text of a comparison GPU's line: the whole name, capacity and verdict
        const QString tip = tr("%1: %2 · %3")
                                    .arg(c.gpuName, sizeText(c.capacityBytes),
                                         spare >= 0 ? tr("headroom %1").arg(sizeText(spare))
                                                    : tr("overflow %1").arg(sizeText(-spare)));
        lines.append({ c.capacityBytes, text, mutedForeground(), Qt::DashLine, 1.2, labelRoom, wrapped, tip });
        const double level = toUnit(c.capacityBytes);
        const double textWidth = std::min<double>(metrics.horizontalAdvance(text), labelRoom);
        const int rows = metrics.horizontalAdvance(text) > labelRoom ? static_cast<int>(wrapped.count(QLatin1Char('\n'))) + 1 : 1;
        taken.append({ level - rows * textHeight, level + rows * textHeight, width - textWidth - 16 });
    }
    if (m_data.gpu.capacityBytes > 0) {
        const bool fits = m_data.gpu.capacityBytes >= peak;
        const QColor verdictColor = fits ? goodColor() : badColor();
        // The chosen GPU's verdict is the bracket's label; its line names the card.
        const QString name = Labels::shortGpuName(m_data.gpu.gpuName);
        const QString text = tr("%1: %2").arg(name, sizeText(m_data.gpu.capacityBytes));
        //: the same label on two lines when the chart is narrow
        const QString wrapped = tr("%1\n%2").arg(name, sizeText(m_data.gpu.capacityBytes));
        const QString tip = tr("%1: %2").arg(m_data.gpu.gpuName, sizeText(m_data.gpu.capacityBytes));
        // The line's label on the side away from the bracket, leaving the verdict room beside it.
        const bool labelBelow = !fits && toUnit(m_data.gpu.capacityBytes) - y->range().lower > 2 * textHeight;
        lines.append({ m_data.gpu.capacityBytes, text, verdictColor, Qt::SolidLine, 2.0, labelRoom, wrapped, tip,
                       labelBelow });
        const double level = toUnit(m_data.gpu.capacityBytes);
        const double textWidth = std::min<double>(metrics.horizontalAdvance(text), labelRoom);
        const int rows = metrics.horizontalAdvance(text) > labelRoom ? 2 : 1;
        taken.append({ labelBelow ? level - rows * textHeight : level, labelBelow ? level : level + rows * textHeight,
                       width - textWidth - 16 });

        auto *bracket = new QCPItemLine(p);
        bracket->start->setCoords(bracketKey, toUnit(peak));
        bracket->end->setCoords(bracketKey, level);
        bracket->setHead(QCPLineEnding(QCPLineEnding::esBar, 10));
        bracket->setTail(QCPLineEnding(QCPLineEnding::esBar, 10));
        bracket->setPen(QPen(verdictColor, 2));

        // Beside the bracket, at the first height from its middle outwards that keeps clear of
        // the capacity labels; hidden when the bracket is too short (the line's label is there).
        const double verdictRight = bracketKey + verdictWidth(verdictShown);
        const int verdictLines = static_cast<int>(verdictShown.count(QLatin1Char('\n'))) + 1;
        const double verdictHeight = textHeight * verdictLines;
        const double lo = std::min(toUnit(peak), level) + verdictHeight / 2;
        const double hi = std::max(toUnit(peak), level) - verdictHeight / 2;
        double at = (lo + hi) / 2;
        bool placed = false;
        for (int step = 0; step < 40 && !placed; ++step) {
            const double candidate = (lo + hi) / 2 + (step % 2 == 0 ? 1 : -1) * ((step + 1) / 2) * textHeight / 2;
            if (candidate < lo || candidate > hi)
                continue;
            placed = std::none_of(taken.cbegin(), taken.cend(), [&](const Band &b) {
                return verdictRight > b.left && candidate + verdictHeight / 2 > b.lo
                        && candidate - verdictHeight / 2 < b.hi;
            });
            if (placed)
                at = candidate;
        }
        auto *label = new QCPItemText(p);
        label->position->setCoords(bracketKey + verdictGap, at);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setText(verdictShown);
        label->setColor(verdictColor);
        label->setFont(boldFont);
        label->setSelectable(false);
        label->setVisible(placed && hi > lo);
    }
    addLevelLines(lines);

    // Drawn after the capacity lines, with a background, so a line crossing the column passes
    // behind the text.
    dropWhatDoesNotFit(labels, textHeight, y->range().lower, y->range().upper);
    spread(labels, textHeight, y->range().lower, y->range().upper);
    for (const SideLabel &l : labels) {
        // A label the spreading moved off its segment (small segments stacked tight, the peak
        // pushed clear of them) is joined to it by a thin leader, so that it still says which.
        const bool away = l.target < l.lo - textHeight / 4 || l.target > l.hi + textHeight / 4;
        if (away) {
            auto *leader = new QCPItemLine(p);
            leader->start->setCoords(labelKey, l.target);
            leader->end->setCoords(barLeft, std::clamp(l.target, l.lo, l.hi));
            leader->setPen(QPen(mutedForeground(), 1));
            leader->setSelectable(false);
        }
        auto *text = new QCPItemText(p);
        text->position->setCoords(labelKey, l.target);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        text->setText(l.text);
        text->setColor(foreground());
        text->setFont(l.bold ? boldFont : font());
        text->setBrush(background());
        text->setPadding(QMargins(2, 0, 2, 0));
        text->setSelectable(false);
        setLabelAnchor(text, barLeft, barLeft + m_barWidth, l.lo, l.hi, away);
    }
    replotIfShown();
}

QString StackedBarPane::toolTipAt(const QPoint &pos) const
{
    const QCustomPlot *p = plot();
    if (m_data.segments.isEmpty() || !p->axisRect()->rect().contains(pos))
        return QString();
    const double key = p->xAxis->pixelToCoord(pos.x());
    const double value = p->yAxis->pixelToCoord(pos.y());
    if (key < m_barKey - m_barWidth / 2 || key > m_barKey + m_barWidth / 2)
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
    const double top = bottom + toUnit(m_data.transientBytes);
    if (m_data.transientBytes > 0 && value >= bottom && value < top)
        return QStringLiteral("<b>%1</b><br>%2<br>%3")
                .arg(transientBucketName().toHtmlEscaped(), sizeTextBoth(m_data.transientBytes).toHtmlEscaped(),
                     m_data.transientFormula.toHtmlEscaped());
    // Above the bar: the peak itself, and the plain sum it is not.
    if (value >= top && value < top + textHeightOnValueAxis() * 1.5)
        return QStringLiteral("<b>%1</b><br>%2<br>%3")
                .arg(tr("Peak of the step: %1").arg(m_data.peakMoment).toHtmlEscaped(), sizeTextBoth(m_data.peakBytes).toHtmlEscaped(),
                     tr("The sum of the buckets, %1, is never live at once.").arg(sizeText(m_data.sumOfBucketsBytes)).toHtmlEscaped());
    return QString();
}

} // namespace headroom
