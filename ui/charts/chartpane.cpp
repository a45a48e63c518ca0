#include "chartpane.h"

#include <algorithm>
#include <numeric>
#include <cmath>

#include <QEvent>
#include <QHelpEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWindow>

#include <qcustomplot.h>

namespace headroom {

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
    if (m_plot->isVisible() && !m_rebuildQueued) {
        // What the rebuild set can change the axis rect it fitted labels to: the value range's
        // tick labels ("1000" against "150") its width, the legend's rows its height. Laid out
        // again, a changed rect gets one more rebuild, fitted to it (its range and legend are
        // the same, so the rect then stays).
        static_cast<Plot *>(m_plot)->layOut();
        if (!m_refitting && m_plot->axisRect()->rect().size() != m_rectAtBuild) {
            m_refitting = true;
            rebuild();
            m_refitting = false;
            return;
        }
        m_plot->replot();
    } else
        static_cast<Plot *>(m_plot)->markStale();
}

void ChartPane::clearPlot()
{
    m_rectAtBuild = m_plot->axisRect()->rect().size();
    m_levelTips.clear();
    m_levelLabels.clear();
    m_anchors.clear();
    m_plot->clearItems();
    m_plot->clearPlottables();
    m_plot->legend->clearItems();
}

void ChartPane::replotIfStale() const
{
    if (static_cast<Plot *>(m_plot)->isStale())
        m_plot->replot();
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
