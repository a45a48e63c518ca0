#include "timelinepane.h"

#include <algorithm>
#include <functional>

#include <QLabel>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include "legenditem.h"
#include "widgets/fittedlabel.h"

#include "chartadapters.h"

namespace headroom {

TimelinePane::TimelinePane(QWidget *parent)
    : ChartPane(parent)
    , m_note(new FittedLabel(this))
{
    setAccessibleName(tr("Memory over one training step"));
    m_note->setContentsMargins(8, 0, 8, 4);
    m_note->setVisible(false);
    paneLayout()->addWidget(m_note);
    rebuild();
}

TimelinePane::~TimelinePane() = default;

void TimelinePane::setData(const TimelineData &data)
{
    m_data = data;
    m_hasTransient = std::any_of(m_data.points.cbegin(), m_data.points.cend(),
                                 [](const TimelineSample &t) { return t.transientBytes > 0; });
    rebuild();
}

QString TimelinePane::transientName()
{
    return transientBucketName();
}

QColor TimelinePane::transientColor()
{
    return transientBucketColor();
}

QString TimelinePane::measuredName()
{
    return tr("Measured (PyTorch)");
}

QColor TimelinePane::measuredColor()
{
    return QColor(0xff, 0xd2, 0x3f);
}

void TimelinePane::rebuild()
{
    QCustomPlot *p = plot();
    clearPlot();
    QCPItemText *peakLabel = nullptr;
    const QString note = m_data.measuredNote.isEmpty() ? m_data.note : m_data.note + QLatin1Char(' ') + m_data.measuredNote;
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    setTitle(tr("Memory over one training step"));
    QCPAxis *x = p->xAxis;
    QCPAxis *y = p->yAxis;
    chooseAxisScale(std::max(m_data.peakBytes, m_data.gpu.capacityBytes));
    y->setLabel(memoryAxisLabel());
    x->setLabel(tr("Events of the step, in order"));
    x->grid()->setVisible(false);
    x->setTickLength(0, 0);
    x->setSubTicks(false);
    // The phases name the key axis: one tick label in the middle of each phase's longest span
    // (the step's first point belongs to the forward phase too). Phases of a point or two (a
    // run's generation and scoring) share one label on two lines, which would overlap otherwise.
    const int n = static_cast<int>(m_data.points.size());
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    auto longest = [this](const PhaseSpan &span) {
        for (const PhaseSpan &other : m_data.phases)
            if (other.phase == span.phase && other.last - other.first > span.last - span.first)
                return false;
        return true;
    };
    QVector<QPair<double, QString>> ticks;
    const double minGap = std::max(2.0, n / 12.0);
    for (const PhaseSpan &span : m_data.phases) {
        if (!longest(span))
            continue;
        const double centre = (span.first + span.last) / 2.0;
        if (!ticks.isEmpty() && centre - ticks.last().first < minGap) {
            //: two short phases of the step named under one tick, one per line: "Generation\nScoring"
            ticks.last().second = tr("%1\n%2").arg(ticks.last().second, stepPhaseText(span.phase));
            ticks.last().first = (ticks.last().first + centre) / 2.0;
            continue;
        }
        ticks.append({ centre, stepPhaseText(span.phase) });
    }
    for (const auto &[key, label] : ticks)
        ticker->addTick(key, label);
    x->setTicker(ticker);
    if (n == 0) {
        replotIfShown();
        return;
    }
    x->setRange(-0.5, n - 0.5);

    QVector<double> keys(n);
    for (int i = 0; i < n; ++i)
        keys[i] = i;
    // Stacked steps, bottom to top: the buckets, the short-lived buffers right above the
    // activations they come with, the runtime overhead on top. Each graph is the running sum,
    // filled down to the one below.
    struct Series
    {
        QString name;
        QColor color;
        std::function<double(const TimelineSample &)> bytes;
    };
    QVector<Series> series;
    const auto frozen = static_cast<std::size_t>(bucketIndex(Bucket::FrozenModels));
    const bool anyFrozen = std::any_of(m_data.points.cbegin(), m_data.points.cend(),
                                       [frozen](const TimelineSample &t) { return t.bytes[frozen] > 0; });
    for (Bucket k : kAllBuckets) {
        const auto index = static_cast<std::size_t>(bucketIndex(k));
        if (!drawnBucket(k, anyFrozen))
            continue;
        if (k == Bucket::Overhead && m_hasTransient)
            series.append({ transientName(), transientColor(),
                            [](const TimelineSample &t) { return t.transientBytes; } });
        series.append({ bucketName(k), bucketColor(k), [index](const TimelineSample &t) { return t.bytes[index]; } });
    }
    QVector<double> running(n, 0.0);
    QVector<QCPGraph *> graphs;
    QCPGraph *below = nullptr;
    for (const Series &s : series) {
        QVector<double> values(n);
        for (int i = 0; i < n; ++i) {
            running[i] += toUnit(s.bytes(m_data.points[i]));
            values[i] = running[i];
        }
        auto *g = p->addGraph(x, y);
        g->setName(s.name);
        g->setData(keys, values, true);
        g->setLineStyle(QCPGraph::lsStepCenter);
        g->setPen(QPen(s.color.darker(125), 1));
        g->setBrush(s.color);
        g->setSelectable(QCP::stNone);
        if (below)
            g->setChannelFillGraph(below);
        below = g;
        graphs.append(g);
    }
    for (auto it = graphs.crbegin(); it != graphs.crend(); ++it)
        p->legend->addItem(makeLegendItem(p->legend, *it));

    // What a check script measured, as markers over the estimate (PyTorch's allocator counts
    // tensors only: compare them with the top of the bands below the runtime's share).
    if (!m_data.measured.isEmpty()) {
        QVector<double> mk, mv;
        for (const MeasuredMarker &m : m_data.measured) {
            mk.append(m.index);
            mv.append(toUnit(m.bytes));
        }
        auto *g = p->addGraph(x, y);
        g->setName(measuredName());
        g->setData(mk, mv);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(foreground(), 1.6), QBrush(measuredColor()), 10));
        g->setSelectable(QCP::stNone);
        p->legend->addItem(makeLegendItem(p->legend, g));
    }

    double measuredTop = 0;
    for (const MeasuredMarker &m : m_data.measured)
        measuredTop = std::max(measuredTop, m.bytes);
    const double top = std::max({ m_data.peakBytes * 1.16, m_data.comparedBytes * 1.05, m_data.gpu.capacityBytes * 1.2, measuredTop * 1.16 });
    y->setRange(0, toUnit(top));

    // Phases shaded behind the data, alternating.
    for (int i = 0; i < m_data.phases.size(); ++i) {
        const PhaseSpan &span = m_data.phases[i];
        auto *rect = new QCPItemRect(p);
        rect->setLayer(QStringLiteral("background"));
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->topLeft->setCoords(span.first - 0.5, 0);
        rect->bottomRight->setCoords(span.last + 0.5, 1);
        rect->setPen(Qt::NoPen);
        rect->setBrush(shade(i));
        rect->setSelectable(false);
    }

    if (m_data.peakIndex >= 0 && m_data.peakIndex < n) {
        const double peak = toUnit(m_data.peakBytes);
        auto *marker = new QCPItemLine(p);
        marker->start->setCoords(m_data.peakIndex, 0);
        marker->end->setCoords(m_data.peakIndex, peak);
        marker->setPen(QPen(foreground(), 1.2, Qt::DashLine));
        auto *dot = new QCPItemTracer(p);
        dot->position->setCoords(m_data.peakIndex, peak);
        dot->setStyle(QCPItemTracer::tsCircle);
        dot->setSize(9);
        dot->setPen(QPen(foreground(), 1.8));
        dot->setBrush(background());
        auto *label = peakLabel = new QCPItemText(p);
        label->position->setCoords(m_data.peakIndex, peak);
        //: the timeline's peak: size and the event, e.g. "Peak 137.5 GiB · Backward, layer 32"
        const QString text = tr("Peak %1 · %2").arg(sizeText(m_data.peakBytes), m_data.points[m_data.peakIndex].label);
        QFont bold = font();
        bold.setBold(true);
        // Placed in pixels within the axis rect (the pane rebuilds after every resize, so the
        // rect is the laid-out one): right of the peak where it fits, else left; above the dot
        // when there is room under the top, else below it; on two lines, elided, when narrow.
        const QRect area = p->axisRect()->rect().width() > 150 ? p->axisRect()->rect() : QRect(0, 0, 600, 300);
        const double at = p->axisRect()->rect().width() > 150 ? x->coordToPixel(m_data.peakIndex) - area.left()
                                                              : (m_data.peakIndex + 0.5) / n * area.width();
        const QFontMetrics metrics(bold);
        const int pad = 12;
        const int textWidth = metrics.horizontalAdvance(text) + pad;
        const bool right = at + textWidth <= area.width() || at <= area.width() - at;
        const int room = std::max(40, static_cast<int>(right ? area.width() - at : at) - pad - 4);
        QString shown = text;
        if (textWidth - pad > room) {
            shown = metrics.elidedText(tr("Peak %1").arg(sizeText(m_data.peakBytes)), Qt::ElideRight, room) + QLatin1Char('\n')
                    + metrics.elidedText(m_data.points[m_data.peakIndex].label, Qt::ElideRight, room);
        }
        // Measured as drawn: a fallback font (Chinese) can be taller than the bold font's height.
        const int height = std::max(static_cast<int>(shown.count(QLatin1Char('\n')) + 1) * metrics.height(),
                                    metrics.boundingRect(0, 0, 0, 0, Qt::TextDontClip | Qt::AlignLeft, shown).height())
                           + 8;
        const double dotY = p->axisRect()->rect().width() > 150 ? y->coordToPixel(peak) : area.top() + height;
        const bool above = dotY - height >= area.top();
        label->setPositionAlignment((above ? Qt::AlignBottom : Qt::AlignTop) | (right ? Qt::AlignLeft : Qt::AlignRight));
        label->setText(shown);
        label->setColor(foreground());
        label->setBrush(QColor(background().red(), background().green(), background().blue(), 210));
        label->setPadding(QMargins(6, 2, 6, 6));
        label->setFont(bold);
        label->setSelectable(false);
    }

    QVector<LevelLine> lines;
    // The caching allocator holds its blocks through the step: what the verdict compares is a
    // level above the live tensors, not a moment of them.
    if (m_data.comparedBytes > m_data.peakBytes + 0.5) {
        const QString figure = m_data.compared == PeakFigure::Reserved
                //: a level line over the step timeline: torch.cuda.max_memory_reserved()
                ? tr("Reserved %1").arg(sizeText(m_data.comparedBytes))
                //: a level line over the step timeline: what nvidia-smi shows for the process
                : tr("On the device %1").arg(sizeText(m_data.comparedBytes));
        lines.append({ m_data.comparedBytes, figure, foreground(), Qt::DashDotLine, 1.4, 0, QString(),
                       tr("The caching allocator keeps its blocks through the step: %1 above the live tensors' peak")
                               .arg(sizeText(m_data.comparedBytes - m_data.peakBytes)) });
    }
    if (m_data.gpu.capacityBytes > 0) {
        const bool fits = std::max(m_data.peakBytes, m_data.comparedBytes) <= m_data.gpu.capacityBytes;
        lines.append({ m_data.gpu.capacityBytes, tr("%1: %2").arg(m_data.gpu.gpuName, sizeText(m_data.gpu.capacityBytes)),
                       fits ? goodColor() : badColor(), Qt::SolidLine, 2.0, 0,
                       tr("%1\n%2").arg(m_data.gpu.gpuName, sizeText(m_data.gpu.capacityBytes)) });
    }
    addLevelLines(lines);
    keepClearOfLevelLabels(peakLabel);
    replotIfShown();
}

QString TimelinePane::toolTipAt(const QPoint &pos) const
{
    const QCustomPlot *p = plot();
    if (m_data.points.isEmpty() || !p->axisRect()->rect().contains(pos))
        return QString();
    const int i = static_cast<int>(std::lround(p->xAxis->pixelToCoord(pos.x())));
    if (i < 0 || i >= m_data.points.size())
        return QString();
    const TimelineSample &point = m_data.points[i];
    QString text = QStringLiteral("<b>%1</b> (%2)").arg(point.label.toHtmlEscaped(), stepPhaseText(point.phase).toHtmlEscaped());
    for (auto k = kAllBuckets.crbegin(); k != kAllBuckets.crend(); ++k) {
        if (!drawnBucket(*k, point.bytes[static_cast<std::size_t>(bucketIndex(*k))] > 0))
            continue;
        text += QStringLiteral("<br>%1: %2")
                        .arg(bucketName(*k).toHtmlEscaped(),
                             sizeText(point.bytes[static_cast<std::size_t>(bucketIndex(*k))], 2).toHtmlEscaped());
        if (*k == Bucket::Overhead && m_hasTransient)
            text += QStringLiteral("<br>%1: %2")
                            .arg(transientName().toHtmlEscaped(), sizeText(point.transientBytes, 2).toHtmlEscaped());
    }
    text += QStringLiteral("<br><b>%1</b>").arg(tr("Live: %1").arg(sizeTextBoth(point.total())).toHtmlEscaped());
    if (i == m_data.peakIndex)
        text += QStringLiteral("<br>%1").arg(tr("The step's peak.").toHtmlEscaped());
    for (const MeasuredMarker &m : m_data.measured)
        if (m.index == i)
            text += QStringLiteral("<br>%1").arg(tr("Measured %1: %2 (estimated without the runtime's share: %3)")
                                                        .arg(m.label, sizeTextBoth(m.bytes), sizeTextBoth(m.estimated))
                                                        .toHtmlEscaped());
    return text;
}

} // namespace headroom
