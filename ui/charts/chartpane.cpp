#include "chartpane.h"

#include <algorithm>
#include <numeric>
#include <cmath>

#include <QEvent>
#include <QFileInfo>
#include <QHelpEvent>
#include <QSvgGenerator>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWindow>

#include <qcustomplot.h>

#include <QBuffer>
#include <QTemporaryFile>

#include <headroom/io/safefile.h>

namespace headroom {

namespace {

// The nearest Bytes to a drawing figure, for the shared formatter (formatBytes()).
Bytes approxBytes(double v)
{
    return bytes(static_cast<Count>(v < 0 ? v - 0.5 : v + 0.5));
}

constexpr int kDefaultExportWidth = 900;
constexpr int kDefaultExportHeight = 560;

} // namespace

QString qcustomplotVersion()
{
    return QStringLiteral(QCUSTOMPLOT_VERSION_STR);
}

QString transientBucketName()
{
    return ChartPane::tr("Short-lived buffers");
}

QColor transientBucketColor()
{
    return QColor(0xF0, 0xE4, 0x42); // Okabe–Ito yellow, on top of the stack where it is framed
}

QColor bucketColor(Bucket bucket)
{
    // Okabe & Ito 2008, "Color Universal Design": adjacent buckets in the stack never share a
    // hue family, and yellow (hard to read on white) is left out.
    switch (bucket) {
    case Bucket::Parameters:
        return QColor(0x00, 0x72, 0xB2); // blue
    case Bucket::Gradients:
        return QColor(0xE6, 0x9F, 0x00); // orange
    case Bucket::MasterWeights:
        return QColor(0x56, 0xB4, 0xE9); // sky blue
    case Bucket::OptimizerStates:
        return QColor(0x00, 0x9E, 0x73); // bluish green
    case Bucket::Activations:
        return QColor(0xD5, 0x5E, 0x00); // vermillion
    case Bucket::Overhead:
        return QColor(0xCC, 0x79, 0xA7); // reddish purple
    }
    return QColor(Qt::gray);
}

namespace {

// QCustomPlot replots on every resize; while a window is laid out a chart is resized several
// times in one turn, and the pane lays its labels out again (and replots) once the size is final
// (eventFilter). This plot only takes its new size, and replots before a paint if nothing else
// has replotted it since: one replot for a burst of resizes, and never a stale frame.
class Plot final : public QCustomPlot
{
public:
    explicit Plot(QWidget *parent) : QCustomPlot(parent)
    {
        // It fills its whole rectangle (its background, then its buffers): nothing under it
        // needs painting first.
        setAttribute(Qt::WA_OpaquePaintEvent);
        connect(this, &QCustomPlot::afterReplot, this, [this] { m_stale = false; });
    }

    //! Drawn at the next paint, not now.
    void markStale() { m_stale = true; }
    //! The layout pass of a replot (margins, axis rect, legend), without drawing.
    void layOut() { updateLayout(); }
    bool isStale() const { return m_stale; }

protected:
    void resizeEvent(QResizeEvent *) override
    {
        setViewport(rect());
        m_stale = true;
    }
    void paintEvent(QPaintEvent *event) override
    {
        if (m_stale)
            replot(rpQueuedRefresh);
        QCustomPlot::paintEvent(event);
    }

private:
    bool m_stale = false;
};

} // namespace

ChartPane::ChartPane(QWidget *parent)
    : QWidget(parent)
    , m_plot(new Plot(this))
    , m_title(new QCPTextElement(m_plot))
    , m_layout(new QVBoxLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(4);
    m_layout->addWidget(m_plot, 1);
    m_plot->setMinimumSize(320, 220);
    m_plot->setAntialiasedElements(QCP::aePlottables | QCP::aeItems | QCP::aeFills);
    m_plot->setNoAntialiasingOnDrag(false);
    // A replot queues its paint (update(), not repaint()): a step that changes three charts
    // paints and flushes the window once, with the other panes, instead of once per chart.
    m_plot->setPlottingHint(QCP::phImmediateRefresh, false);
    // One paint buffer, not two: QCustomPlot keeps its "overlay" layer (selection rectangles,
    // which these charts never show) in a buffer of its own, cleared on every replot and blended
    // over the chart on every paint although it stays empty: a whole-chart fill and a
    // whole-chart blend per chart per step.
    if (QCPLayer *overlay = m_plot->layer(QStringLiteral("overlay")))
        overlay->setMode(QCPLayer::lmLogical);
    m_plot->installEventFilter(this);
    // Each pane fills the legend itself, top of the stack first.
    m_plot->setAutoAddPlottableToLegend(false);

    // Title on top across the whole width; below it the axis rect and, in a column to its
    // right (top-aligned), the legend, so the legend never hides data or labels.
    QCPAxisRect *rect = m_plot->axisRect();
    m_plot->plotLayout()->take(rect);
    m_plot->plotLayout()->simplify();
    m_title->setFont(titleFont());
    m_plot->plotLayout()->addElement(0, 0, m_title);
    auto *body = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, body);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    body->addElement(0, 0, rect);
    auto *legendColumn = m_legendColumn = new QCPLayoutGrid;
    body->addElement(0, 1, legendColumn);
    body->setColumnStretchFactor(1, 0.001);
    legendColumn->setMargins(QMargins(0, 6, 8, 6));
    legendColumn->addElement(0, 0, m_plot->legend);
    legendColumn->addElement(1, 0, new QCPLayoutElement(m_plot));
    legendColumn->setRowStretchFactor(0, 0.001);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(font());
    m_plot->legend->setIconSize(14, 12);
    m_plot->legend->setRowSpacing(2);

    m_dark = palette().color(QPalette::Window).lightness() < 128;
    applyTheme();
}

ChartPane::~ChartPane() = default;

QFont ChartPane::titleFont() const
{
    QFont f = font();
    f.setBold(true);
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * 1.15);
    return f;
}

void ChartPane::setUnit(DisplayUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    rebuild();
}

void ChartPane::setDark(bool dark)
{
    m_followPalette = false;
    if (dark == m_dark)
        return;
    m_dark = dark;
    applyTheme();
    rebuild();
}

QColor ChartPane::foreground() const { return m_dark ? QColor(0xE6, 0xE6, 0xE6) : QColor(0x20, 0x20, 0x20); }
QColor ChartPane::background() const { return m_dark ? QColor(0x1E, 0x1F, 0x22) : QColor(Qt::white); }
QColor ChartPane::mutedForeground() const { return m_dark ? QColor(0xA8, 0xA8, 0xA8) : QColor(0x5A, 0x5A, 0x5A); }
QColor ChartPane::gridColor() const { return m_dark ? QColor(0x3A, 0x3C, 0x40) : QColor(0xE2, 0xE2, 0xE2); }

QColor ChartPane::shade(int which) const
{
    if (m_dark)
        return which % 2 == 0 ? QColor(0xFF, 0xFF, 0xFF, 14) : QColor(0xFF, 0xFF, 0xFF, 30);
    return which % 2 == 0 ? QColor(0x00, 0x00, 0x00, 8) : QColor(0x00, 0x00, 0x00, 20);
}

// Okabe–Ito bluish green and vermillion, lightened on dark backgrounds for contrast.
QColor ChartPane::goodColor() const { return m_dark ? QColor(0x3C, 0xD0, 0x9A) : QColor(0x00, 0x7A, 0x58); }
QColor ChartPane::badColor() const { return m_dark ? QColor(0xFF, 0x8A, 0x4C) : QColor(0xB8, 0x4A, 0x00); }

namespace {

// Bytes in a GB or GiB, and the step from giga to tera (1000 or 1024).
double gigaBytes(DisplayUnit unit) { return unit == DisplayUnit::Decimal ? 1e9 : static_cast<double>(kGiB); }
double teraStep(DisplayUnit unit) { return unit == DisplayUnit::Decimal ? 1e3 : 1024.0; }

} // namespace

double ChartPane::toUnit(double b) const
{
    return m_teraAxis ? b / (gigaBytes(m_unit) * teraStep(m_unit)) : b / gigaBytes(m_unit);
}

void ChartPane::chooseAxisScale(double maxBytes)
{
    m_teraAxis = maxBytes >= 4 * teraStep(m_unit) * gigaBytes(m_unit);
}

QString ChartPane::sizeText(double b, int decimals) const
{
    return formatBytes(approxBytes(b), m_unit, decimals);
}

QString ChartPane::sizeTextBoth(double b) const
{
    return formatBytesBoth(approxBytes(b), m_unit, 2);
}

double ChartPane::textHeightOnValueAxis() const
{
    // Before the first layout the axis rect has no size; assume a typical one. A short rect
    // is real, though: assuming a taller one would set a two-line label above a line near
    // the top, out of the rect.
    const int rectHeight = m_plot->axisRect()->height() > 20 ? m_plot->axisRect()->height() : 400;
    const int textHeight = QFontMetrics(font()).height() + 4;
    return m_plot->yAxis->range().size() * textHeight / rectHeight;
}

QString ChartPane::memoryAxisLabel() const
{
    //: value axis label; %1 is GB or GiB
    return tr("Memory per GPU (%1)").arg(m_teraAxis ? teraUnitName(m_unit) : gigaUnitName(m_unit));
}

void ChartPane::setTitle(const QString &title)
{
    m_fullTitle = title;
    // Elided to the plot's width: a long title must not widen the layout beyond the plot.
    const int room = (m_plot->width() > 100 ? m_plot->width() : kDefaultExportWidth) - 24;
    m_title->setText(QFontMetrics(titleFont()).elidedText(title, Qt::ElideRight, room));
    m_title->setVisible(!title.isEmpty());
}

QString ChartPane::wrapToWidth(const QString &text, int width) const
{
    const QFontMetrics metrics(font());
    QStringList out;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString &word : paragraph.split(QLatin1Char(' '))) {
            const QString candidate = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(candidate) > width) {
                out << line;
                line = word;
            } else {
                line = candidate;
            }
        }
        out << line;
    }
    return out.join(QLatin1Char('\n'));
}

void ChartPane::applyTheme()
{
    const QColor fg = foreground();
    const QColor muted = mutedForeground();
    m_plot->setBackground(background());
    m_plot->axisRect()->setBackground(background());
    for (QCPAxis *axis : m_plot->axisRect()->axes()) {
        axis->setBasePen(QPen(muted, 1));
        axis->setTickPen(QPen(muted, 1));
        axis->setSubTickPen(QPen(muted, 1));
        axis->setTickLabelColor(fg);
        axis->setLabelColor(fg);
        axis->grid()->setPen(QPen(gridColor(), 1, Qt::SolidLine));
        axis->grid()->setSubGridVisible(false);
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    m_plot->legend->setBrush(background());
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setTextColor(fg);
    m_title->setTextColor(fg);
}

void ChartPane::replotIfShown()
{
    // A rebuild queued after a resize lays everything out again at the new size: drawing now
    // would be undone by it.
    if (m_plot->isVisible() && !m_rebuildQueued)
        m_plot->replot();
    else
        static_cast<Plot *>(m_plot)->markStale();
}

void ChartPane::clearPlot()
{
    m_levelTips.clear();
    m_levelLabels.clear();
    m_plot->clearItems();
    m_plot->clearPlottables();
    m_plot->legend->clearItems();
}

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
        const bool below = (l.preferBelow || crowdedAbove || !roomAbove) && roomBelow;
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

QWidget *ChartPane::plotWidget() const
{
    return m_plot;
}

void ChartPane::refitSoon()
{
    if (m_rebuildQueued)
        return;
    m_rebuildQueued = true;
    QMetaObject::invokeMethod(
            this,
            [this] {
                m_rebuildQueued = false;
                // Labels are fitted to the axis rect, which the plot lays out only when it next
                // draws: lay it out at the new size first (without drawing), with the legend
                // where it now goes; the rebuild draws. Fitted to the last drawn axis rect
                // instead, a chart shrunk back from a wider window kept its wide layout's
                // one-line category labels, run into each other.
                placeLegend();
                static_cast<Plot *>(m_plot)->layOut();
                rebuild();
            },
            Qt::QueuedConnection);
}

QList<ChartPane::Annotation> ChartPane::annotations() const
{
    // A plot resized since its last replot is drawn at its next paint; lay it out now so that
    // what is listed is what that paint shows.
    if (static_cast<Plot *>(m_plot)->isStale())
        m_plot->replot();
    QList<Annotation> out;
    for (int i = 0; i < m_plot->itemCount(); ++i) {
        const auto *item = qobject_cast<const QCPItemText *>(m_plot->item(i));
        if (!item || !item->visible() || item->text().isEmpty())
            continue;
        const QRect clip = item->clipToAxisRect() ? m_plot->axisRect()->rect() : m_plot->rect();
        out.append({ item->text(), textRect(item), clip });
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

bool ChartPane::exportTo(const QString &path, int width, int height)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool laidOut = m_plot->width() > 100 && m_plot->height() > 100 && m_plot->isVisible();
    const int w = width > 0 ? width : laidOut ? m_plot->width() : kDefaultExportWidth;
    const int h = height > 0 ? height : laidOut ? m_plot->height() : kDefaultExportHeight;
    // Rendered in memory first, then written atomically (writeFileAtomically()): a failed export
    // never leaves a half-written file, nor replaces a good one.
    QByteArray data;
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        // Twice the pixels: sharp on high-DPI screens and in print.
        const QPixmap pixmap = m_plot->toPixmap(w, h, 2.0);
        QBuffer buffer(&data);
        ok = !pixmap.isNull() && buffer.open(QIODevice::WriteOnly) && pixmap.save(&buffer, "PNG");
    } else if (suffix == QLatin1String("pdf")) {
        // QCustomPlot writes PDF to a named file only: a scratch file beside the target.
        QTemporaryFile scratch(QFileInfo(path).absolutePath() + QStringLiteral("/.headroom-export-XXXXXX.pdf"));
        if (scratch.open()) {
            scratch.close();
            ok = m_plot->savePdf(scratch.fileName(), w, h, QCP::epNoCosmetic, QString(), m_fullTitle)
                    && readRegularFile(scratch.fileName(), data).ok() && !data.isEmpty();
        }
    } else if (suffix == QLatin1String("svg")) {
        QBuffer buffer(&data);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(w, h));
        generator.setViewBox(QRect(0, 0, w, h));
        generator.setTitle(m_fullTitle);
        QCPPainter painter;
        if (painter.begin(&generator)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            m_plot->toPainter(&painter, w, h);
            ok = painter.end();
        }
        ok = ok && !data.isEmpty();
    }
    ok = ok && writeFileAtomically(path, data).ok();
    // Exporting at another size lays the plot out for that size; lay it out for the screen again.
    m_plot->replot();
    return ok;
}

bool ChartPane::eventFilter(QObject *watched, QEvent *event)
{
    // Label spacing and column widths depend on the axis rect's size in pixels: fit them again
    // once the plot has its new size (the queued call runs after its own replot).
    if (watched == m_plot && event->type() == QEvent::Resize)
        refitSoon();
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            text = levelLineTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, m_plot);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void ChartPane::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_followPalette) {
        const bool dark = palette().color(QPalette::Window).lightness() < 128;
        if (dark != m_dark) {
            m_dark = dark;
            applyTheme();
            rebuild();
        }
    } else if (event->type() == QEvent::FontChange) {
        m_plot->legend->setFont(font());
        m_title->setFont(titleFont());
        rebuild();
    }
}

void ChartPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updatePixelRatio();
    // A window moved to a screen of another scale: render the buffers at its pixel ratio.
    if (QWindow *w = window()->windowHandle())
        connect(w, &QWindow::screenChanged, this, &ChartPane::updatePixelRatio, Qt::UniqueConnection);
}

bool ChartPane::placeLegend()
{
    // Below this width a legend beside the axis rect leaves the data too little room.
    constexpr int kNarrowPlotWidth = 480;
    const bool below = m_plot->width() > 0 && m_plot->width() < kNarrowPlotWidth;
    if (below == m_legendBelow)
        return false;
    m_legendBelow = below;
    QCPLegend *legend = m_plot->legend;
    QCPLayoutGrid *layout = m_plot->plotLayout();
    if (below) {
        m_legendColumn->take(legend);
        m_legendColumn->setMargins(QMargins());
        layout->addElement(2, 0, legend);
        layout->setRowStretchFactor(2, 0.001);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        legend->setWrap(2);
    } else {
        layout->take(legend);
        layout->simplify();
        legend->setWrap(0);
        legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
        m_legendColumn->setMargins(QMargins(0, 6, 8, 6));
        m_legendColumn->addElement(0, 0, legend);
    }
    return true;
}

void ChartPane::updatePixelRatio()
{
    const double ratio = devicePixelRatioF();
    if (!qFuzzyCompare(m_plot->bufferDevicePixelRatio(), ratio)) {
        m_plot->setBufferDevicePixelRatio(ratio);
        m_plot->replot();
    }
}

} // namespace headroom
