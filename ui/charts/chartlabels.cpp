// Level lines (a GPU's capacity, a measured peak) with their labels, the labels kept clear of each
// other, and every text a chart draws as the layout check sees it.

#include "chartpane.h"

#include <algorithm>

#include <qcustomplot.h>

namespace headroom {

void ChartPane::addLevelLines(QVector<LevelLine> lines)
{
    // Where labels cannot all be shown apart (lines a few pixels from each other on a scale of
    // terabytes), the line given last keeps its label: the callers give the chosen GPU last.
    QVector<int> given(lines.size()); // each sorted line's place in the callers' order
    std::iota(given.begin(), given.end(), 0);
    std::stable_sort(given.begin(), given.end(), [&](int a, int b) { return lines[a].bytes < lines[b].bytes; });
    {
        QVector<LevelLine> sorted;
        for (int i : std::as_const(given))
            sorted << lines[i];
        lines = sorted;
    }
    const QCPRange y = m_plot->yAxis->range();
    const double textHeight = textHeightOnValueAxis();
    const QFontMetrics metrics(font());
    const int rectWidth = m_plot->axisRect()->width() > 150 ? m_plot->axisRect()->width() : 600;
    // Fit each label to its width: whole, else broken at " · ", else elided line by line.
    QStringList texts;
    QVector<int> lineCounts;
    for (const LevelLine &l : lines) {
        const int available = static_cast<int>(l.maxLabelWidth > 0 ? l.maxLabelWidth : rectWidth) - 8;
        QString text = l.text;
        if (metrics.horizontalAdvance(text) > available) {
            QStringList parts = (l.wrappedText.isEmpty() ? l.text : l.wrappedText).split(QLatin1Char('\n'));
            for (QString &part : parts)
                part = metrics.elidedText(part, Qt::ElideRight, std::max(available, 40));
            text = parts.join(QLatin1Char('\n'));
        }
        texts << text;
        lineCounts << static_cast<int>(text.count(QLatin1Char('\n'))) + 1;
    }
    QVector<std::pair<double, double>> extents; // each label's span on the value axis
    for (int i = 0; i < lines.size(); ++i) {
        const LevelLine &l = lines[i];
        const double level = toUnit(l.bytes);
        auto *line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(0, level);
        line->point2->setCoords(1, level);
        line->setPen(QPen(l.color, l.width, l.style));
        line->setSelectable(false);

        // Below the line when the next line up is too close for both labels to sit above.
        const double labelHeight = textHeight * lineCounts[i];
        const bool crowdedAbove = i + 1 < lines.size() && toUnit(lines[i + 1].bytes) - level < labelHeight;
        const bool roomBelow = level - y.lower > labelHeight;
        // Also below when the label would leave the top of the axis rect.
        const bool roomAbove = y.upper - level > labelHeight;
        bool below = (l.preferBelow || crowdedAbove || !roomAbove) && roomBelow;
        auto *label = new QCPItemText(m_plot);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setTypeY(QCPItemPosition::ptPlotCoords);
        label->position->setCoords(0.995, level);
        label->setPositionAlignment(Qt::AlignRight | (below ? Qt::AlignTop : Qt::AlignBottom));
        label->setTextAlignment(Qt::AlignRight);
        label->setText(texts[i]);
        label->setColor(l.color);
        label->setBrush(QColor(background().red(), background().green(), background().blue(), 200));
        label->setPadding(QMargins(3, 1, 3, 1));
        label->setClipToAxisRect(true);
        label->setSelectable(false);
        // Clear of the labels tied to what they name (a recipe's total above its bar), which cannot
        // move: to the other side of the line where that side is clear and has room.
        if (m_plot->axisRect()->width() > 150 && coversPlacedText(label)) {
            const bool other = !below;
            if (other ? roomBelow : roomAbove) {
                label->setPositionAlignment(Qt::AlignRight | (other ? Qt::AlignTop : Qt::AlignBottom));
                if (coversPlacedText(label))
                    label->setPositionAlignment(Qt::AlignRight | (below ? Qt::AlignTop : Qt::AlignBottom));
                else
                    below = other;
            }
        }
        m_levelLabels.append(label);
        m_levelTips.append({ level, l.toolTip.isEmpty() ? l.text : l.toolTip });
        extents.append({ below ? level - labelHeight : level, below ? level : level + labelHeight });
    }
    // Highest priority first: a label that would cover one already kept is hidden (its line
    // stays, and its hover text names it).
    QVector<int> byPriority(lines.size());
    std::iota(byPriority.begin(), byPriority.end(), 0);
    std::sort(byPriority.begin(), byPriority.end(), [&](int a, int b) { return given[a] > given[b]; });
    const int first = static_cast<int>(m_levelLabels.size()) - static_cast<int>(lines.size());
    QVector<std::pair<double, double>> kept;
    for (int i : std::as_const(byPriority)) {
        const auto [lo, hi] = extents[i];
        const bool covers = std::any_of(kept.cbegin(), kept.cend(), [&](const std::pair<double, double> &k) {
            return lo < k.second && hi > k.first;
        });
        m_levelLabels[first + i]->setVisible(!covers);
        if (!covers)
            kept.append({ lo, hi });
    }
}

namespace {

// The rectangle QCPItemText::draw fills: the text's bounding box plus padding, placed by the
// position alignment at the anchor (rotation is never used here), in plot pixels.
QRect textRect(const QCPItemText *item)
{
    const QFontMetrics metrics(item->font());
    const QRect text = metrics.boundingRect(0, 0, 0, 0, Qt::TextDontClip | item->textAlignment(), item->text());
    const QMargins pad = item->padding();
    QRect box = text.adjusted(-pad.left(), -pad.top(), pad.right(), pad.bottom());
    const QPointF anchor = item->position->pixelPosition();
    const Qt::Alignment a = item->positionAlignment();
    const int x = a.testFlag(Qt::AlignLeft) ? int(anchor.x()) : a.testFlag(Qt::AlignRight) ? int(anchor.x()) - box.width()
                                                                                         : int(anchor.x()) - box.width() / 2;
    const int y = a.testFlag(Qt::AlignTop) ? int(anchor.y()) : a.testFlag(Qt::AlignBottom) ? int(anchor.y()) - box.height()
                                                                                           : int(anchor.y()) - box.height() / 2;
    box.moveTopLeft(QPoint(x, y));
    return box;
}

} // namespace

bool ChartPane::coversPlacedText(const QCPItemText *label) const
{
    const QRect mine = textRect(label);
    for (const LabelAnchor &anchor : m_anchors) {
        const QCPItemText *other = anchor.label;
        if (other == label || !other->visible() || other->text().isEmpty())
            continue;
        const QRect overlap = mine.intersected(textRect(other));
        if (overlap.width() > 1 && overlap.height() > 1)
            return true;
    }
    return false;
}

void ChartPane::keepClearOfLevelLabels(QCPItemText *label)
{
    if (!label || m_plot->axisRect()->width() < 100)
        return;
    const QRect area = m_plot->axisRect()->rect();
    for (const QCPItemText *level : std::as_const(m_levelLabels)) {
        if (!level->visible())
            continue;
        const QRect mine = textRect(label);
        const QRect theirs = textRect(level);
        if (!mine.intersects(theirs))
            continue;
        // Below the level label if it fits there, else above it; same x. Tied to the level
        // label's edge rather than to a pixel, so that the two stay apart when the axis rect
        // changes height after this (the legend's rows are known only at the next layout).
        const bool fitsBelow = theirs.bottom() + 2 + mine.height() <= area.bottom();
        const Qt::Alignment horizontal = label->positionAlignment() & Qt::AlignHorizontal_Mask;
        label->position->setTypeY(QCPItemPosition::ptAbsolute);
        label->position->setParentAnchorY(fitsBelow ? level->bottom : level->top);
        label->position->setCoords(label->position->coords().x(), fitsBelow ? 2 : -2);
        label->setPositionAlignment(horizontal | (fitsBelow ? Qt::AlignTop : Qt::AlignBottom));
    }
}

void ChartPane::setLabelAnchor(QCPItemText *label, double left, double right, double lo, double hi, bool leader)
{
    m_anchors.append({ label, left, right, lo, hi, leader });
}

QList<ChartPane::Annotation> ChartPane::annotations() const
{
    // A plot resized since its last replot is drawn at its next paint; lay it out now so that
    // what is listed is what that paint shows.
    replotIfStale();
    QList<Annotation> out;
    for (int i = 0; i < m_plot->itemCount(); ++i) {
        const auto *item = qobject_cast<const QCPItemText *>(m_plot->item(i));
        if (!item || !item->visible() || item->text().isEmpty())
            continue;
        const QRect clip = item->clipToAxisRect() ? m_plot->axisRect()->rect() : m_plot->rect();
        Annotation a{ item->text(), textRect(item), clip };
        for (const LabelAnchor &anchor : m_anchors)
            if (anchor.label == item) {
                const QCPAxis *x = m_plot->xAxis, *y = m_plot->yAxis;
                a.anchor = QRectF(QPointF(x->coordToPixel(anchor.left), y->coordToPixel(anchor.hi)),
                                  QPointF(x->coordToPixel(anchor.right), y->coordToPixel(anchor.lo)))
                                   .toAlignedRect();
                a.leader = anchor.leader;
            }
        out.append(a);
    }
    if (m_plot->legend->visible() && m_plot->legend->itemCount() > 0)
        out.append({ QStringLiteral("legend"), m_plot->legend->outerRect(), m_plot->rect() });
    // The key axis's tick labels, each centred under its tick as QCustomPlot draws them: category
    // names (the recipes, the step's phases) can run into each other where a slot is narrow, and
    // the last one can run past the plot's right edge.
    const QCPAxis *x = m_plot->xAxis;
    if (x->visible() && x->tickLabels()) {
        const QFontMetrics metrics(x->tickLabelFont());
        const QVector<double> ticks = x->tickVector();
        const QVector<QString> labels = x->tickVectorLabels();
        const int top = m_plot->axisRect()->rect().bottom() + x->offset() + x->tickLabelPadding();
        for (qsizetype i = 0; i < std::min(ticks.size(), labels.size()); ++i) {
            if (labels.at(i).isEmpty() || !x->range().contains(ticks.at(i)))
                continue;
            QRect rect = metrics.boundingRect(QRect(0, 0, 10000, 10000), Qt::AlignHCenter | Qt::AlignTop, labels.at(i));
            rect.moveTo(qRound(x->coordToPixel(ticks.at(i))) - rect.width() / 2, top);
            out.append({ labels.at(i), rect, m_plot->rect() });
        }
    }
    return out;
}

QString ChartPane::levelLineTipAt(const QPoint &pos) const
{
    if (!m_plot->axisRect()->rect().contains(pos))
        return QString();
    for (const auto &[level, text] : m_levelTips)
        if (std::abs(m_plot->yAxis->coordToPixel(level) - pos.y()) <= 4)
            return text.toHtmlEscaped();
    return QString();
}

} // namespace headroom
