#include "recipecomparisonpane.h"

#include <algorithm>

#include <qcustomplot.h>

#include "legenditem.h"

#include "chartadapters.h"

namespace headroom {

namespace {

constexpr double kBarWidth = 0.62;

} // namespace

RecipeComparisonPane::RecipeComparisonPane(QWidget *parent)
    : ChartPane(parent)
{
    setAccessibleName(tr("Memory per GPU under each precision recipe"));
    rebuild();
}

RecipeComparisonPane::~RecipeComparisonPane() = default;

void RecipeComparisonPane::setData(const RecipeComparisonData &data)
{
    m_data = data;
    rebuild();
}

void RecipeComparisonPane::rebuild()
{
    QCustomPlot *p = plot();
    clearPlot();
    setTitle(!m_data.heading.isEmpty() ? m_data.heading
             : m_data.title.isEmpty()   ? QString()
                                        : tr("Precision recipes compared: %1").arg(m_data.title));
    QCPAxis *x = p->xAxis;
    QCPAxis *y = p->yAxis;
    double top = m_data.gpu.capacityBytes;
    for (const RecipeBar &bar : m_data.bars)
        top = std::max(top, bar.peakBytes);
    chooseAxisScale(top);
    y->setLabel(memoryAxisLabel());
    x->grid()->setVisible(false);
    x->setTickLength(0, 0);
    x->setSubTicks(false);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const int n = static_cast<int>(m_data.bars.size());
    // Labels wider than their slot break into lines rather than run into the next one, and keep
    // two characters between them: "BF16 + 主权重" and "BF16，无主权重" a few pixels apart read
    // as one label.
    const int rectWidth = p->axisRect()->width() > 150 ? p->axisRect()->width() : 600;
    const int slot = rectWidth / std::max(n, 1) - std::max(8, 2 * QFontMetrics(x->tickLabelFont()).averageCharWidth());
    for (int i = 0; i < n; ++i) {
        const RecipeBar &bar = m_data.bars[i];
        //: the scenario's own recipe, under its bar's label
        const QString label = bar.isCurrent && m_data.labelCurrent ? tr("%1\n(current)").arg(bar.label) : bar.label;
        ticker->addTick(i + 1, wrapToWidth(label, slot));
    }
    x->setTicker(ticker);
    x->setRange(0.4, std::max(n, 1) + 0.6);
    if (n == 0) {
        replotIfShown();
        return;
    }

    QVector<QCPBars *> stacks;
    QCPBars *below = nullptr;
    for (Bucket k : kAllBuckets) {
        const bool any = std::any_of(m_data.bars.cbegin(), m_data.bars.cend(), [k](const RecipeBar &b) {
            return bucketIndex(k) < b.segments.size() && b.segments[bucketIndex(k)].bytes > 0;
        });
        if (!drawnBucket(k, any))
            continue;
        auto *bars = new QCPBars(x, y);
        bars->setName(bucketName(k));
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        bars->setBrush(bucketColor(k));
        bars->setPen(QPen(background(), 1));
        bars->setSelectable(QCP::stNone);
        for (int i = 0; i < n; ++i) {
            const QVector<Segment> &segments = m_data.bars[i].segments;
            const double v = bucketIndex(k) < segments.size() ? segments[bucketIndex(k)].bytes : 0.0;
            bars->addData(i + 1, toUnit(v));
        }
        if (below)
            bars->moveAbove(below);
        below = bars;
        stacks.append(bars);
    }
    // The short-lived buffers on top, so that every bar's height is its peak.
    if (std::any_of(m_data.bars.cbegin(), m_data.bars.cend(), [](const RecipeBar &b) { return b.transientBytes > 0; })) {
        auto *bars = new QCPBars(x, y);
        bars->setName(transientBucketName());
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        bars->setBrush(transientBucketColor());
        bars->setPen(QPen(background(), 1));
        bars->setSelectable(QCP::stNone);
        for (int i = 0; i < n; ++i)
            bars->addData(i + 1, toUnit(m_data.bars[i].transientBytes));
        if (below)
            bars->moveAbove(below);
        below = bars;
        stacks.append(bars);
    }
    for (auto it = stacks.crbegin(); it != stacks.crend(); ++it)
        p->legend->addItem(makeLegendItem(p->legend, *it));

    y->setRange(0, toUnit(top) * 1.14);
    // Room above the tallest bar for its total, on as many lines as a narrow slot wraps it to:
    // a line's height in value units grows with the range, so widen it twice.
    int totalLines = 1;
    for (const RecipeBar &bar : std::as_const(m_data.bars))
        totalLines = std::max(totalLines, static_cast<int>(wrapToWidth(sizeText(bar.peakBytes), slot).count(QLatin1Char('\n'))) + 1);
    for (int pass = 0; pass < 2; ++pass) {
        const double needed = toUnit(top) + (totalLines + 0.5) * textHeightOnValueAxis();
        if (needed > y->range().upper)
            y->setRange(0, needed);
    }

    const double capacity = m_data.gpu.capacityBytes;
    for (int i = 0; i < n; ++i) {
        const RecipeBar &bar = m_data.bars[i];
        auto *total = new QCPItemText(p);
        total->position->setCoords(i + 1, toUnit(bar.peakBytes));
        total->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
        total->setText(wrapToWidth(sizeText(bar.peakBytes), slot));
        total->setTextAlignment(Qt::AlignHCenter);
        // Over the capacity: in the overflow colour, so the verdict reads without the line.
        total->setColor(capacity > 0 && bar.peakBytes > capacity ? badColor() : foreground());
        QFont f = font();
        f.setBold(bar.isCurrent);
        total->setFont(f);
        total->setPadding(QMargins(0, 0, 0, 2));
        total->setSelectable(false);
        // It names its bar's top: the layout check holds it there, and the capacity line's label
        // moves out of its way.
        setLabelAnchor(total, i + 1 - kBarWidth / 2, i + 1 + kBarWidth / 2, toUnit(bar.peakBytes), toUnit(bar.peakBytes), false);
    }

    QVector<LevelLine> lines;
    if (capacity > 0)
        lines.append({ capacity, tr("%1: %2").arg(m_data.gpu.gpuName, sizeText(capacity)), foreground(),
                       Qt::DashLine, 1.5, 0, tr("%1\n%2").arg(m_data.gpu.gpuName, sizeText(capacity)) });
    addLevelLines(lines);
    replotIfShown();
}

QString RecipeComparisonPane::toolTipAt(const QPoint &pos) const
{
    const QCustomPlot *p = plot();
    if (m_data.bars.isEmpty() || !p->axisRect()->rect().contains(pos))
        return QString();
    const double key = p->xAxis->pixelToCoord(pos.x());
    const double value = p->yAxis->pixelToCoord(pos.y());
    const int i = static_cast<int>(std::lround(key)) - 1;
    if (i < 0 || i >= m_data.bars.size() || std::abs(key - (i + 1)) > kBarWidth / 2)
        return QString();
    const RecipeBar &bar = m_data.bars[i];
    double bottom = 0;
    for (const Segment &s : bar.segments) {
        const double top = bottom + toUnit(s.bytes);
        if (s.bytes > 0 && value >= bottom && value < top) {
            const QString formula = s.formula.isEmpty() && bar.formulaOf ? bar.formulaOf(s.bucket) : s.formula;
            return QStringLiteral("<b>%1: %2</b><br>%3<br>%4<br><i>%5</i>")
                    .arg(bar.label.toHtmlEscaped(), bucketName(s.bucket).toHtmlEscaped(),
                         sizeTextBoth(s.bytes).toHtmlEscaped(), formula.toHtmlEscaped(), bar.detail.toHtmlEscaped());
        }
        bottom = top;
    }
    // The short-lived buffers above the buckets: why a bar is taller than its buckets (the
    // foreach AdamW temporary that a recipe without a master copy runs, and a fused one does not).
    const double top = bottom + toUnit(bar.transientBytes);
    if (bar.transientBytes > 0 && value >= bottom && value < top)
        return QStringLiteral("<b>%1: %2</b><br>%3<br>%4<br><i>%5</i>")
                .arg(bar.label.toHtmlEscaped(), transientBucketName().toHtmlEscaped(), sizeTextBoth(bar.transientBytes).toHtmlEscaped(),
                     (bar.transientHowOf ? bar.transientHowOf() : QString()).toHtmlEscaped(), bar.detail.toHtmlEscaped());
    return QString();
}

} // namespace headroom
