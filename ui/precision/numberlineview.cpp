#include "numberlineview.h"

#include <algorithm>
#include <cmath>

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include "precisiontext.h"

namespace headroom {

namespace {

constexpr int kGutter = 78;     // format name column
constexpr int kBandHeight = 30; // the coloured range bar
constexpr int kTop = 2;

QColor tint(const QColor &c, int alpha)
{
    QColor t = c;
    t.setAlpha(alpha);
    return t;
}

} // namespace

NumberLineView::NumberLineView(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMouseTracking(true);
}

void NumberLineView::setData(const NumberLineData &data)
{
    const bool labelsChanged = data.showAxisLabels != m_data.showAxisLabels;
    m_data = data;
    setAccessibleName(PrecisionText::formatName(data.format));
    setAccessibleDescription(summaryText());
    if (labelsChanged)
        updateGeometry();
    update();
}

QString NumberLineView::summaryText() const
{
    return tr("%1: %2 to zero, %3 subnormal, %4 overflow")
            .arg(PrecisionText::formatName(m_data.format), PrecisionText::share(m_data.shares.flushToZero),
                 PrecisionText::share(m_data.shares.subnormal), PrecisionText::share(m_data.shares.overflow));
}

QSize NumberLineView::sizeHint() const
{
    const int text = fontMetrics().height();
    return QSize(460, kTop + kBandHeight + 4 + 2 * text + (m_data.showAxisLabels ? text + 4 : 0) + 4);
}

QSize NumberLineView::minimumSizeHint() const
{
    return QSize(kGutter + 160, sizeHint().height());
}

QRectF NumberLineView::bandRect() const
{
    return QRectF(kGutter, kTop, std::max(10, width() - kGutter - 6), kBandHeight);
}

double NumberLineView::xOf(double log10Value) const
{
    const QRectF band = bandRect();
    const double span = std::max(1e-9, m_data.axisHigh - m_data.axisLow);
    return band.left() + (log10Value - m_data.axisLow) / span * band.width();
}

void NumberLineView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QRectF band = bandRect();
    const QColor text = palette().color(QPalette::WindowText);
    QColor muted = text;
    muted.setAlpha(150);

    // Format name.
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(text);
    p.drawText(QRectF(0, band.top(), kGutter - 6, band.height()), Qt::AlignVCenter | Qt::AlignLeft,
               PrecisionText::formatName(m_data.format));
    p.setFont(font());

    // Regions, clipped to the band.
    auto clampX = [&](double lg) { return std::clamp(xOf(lg), band.left(), band.right()); };
    const double xZero = clampX(m_data.zeroBound);
    const double xNormal = clampX(m_data.normalBound);
    const double xOver = clampX(m_data.overflowBound);
    p.setPen(Qt::NoPen);
    p.fillRect(QRectF(band.left(), band.top(), xZero - band.left(), band.height()), tint(precisioncolors::flushToZero(), 70));
    p.fillRect(QRectF(xZero, band.top(), xNormal - xZero, band.height()), tint(precisioncolors::subnormal(), 80));
    p.fillRect(QRectF(xNormal, band.top(), xOver - xNormal, band.height()), tint(precisioncolors::normal(), 45));
    p.fillRect(QRectF(xOver, band.top(), band.right() - xOver, band.height()), tint(precisioncolors::overflow(), 80));

    // Distribution of scaled gradient magnitudes.
    if (m_data.density.size() > 1 && m_data.peakDensity > 0) {
        QPainterPath path;
        const double base = band.bottom();
        const double height = band.height() - 3;
        path.moveTo(clampX(m_data.density.front().x()), base);
        for (const QPointF &pt : m_data.density) {
            const double y = base - std::min(1.0, pt.y() / m_data.peakDensity) * height;
            path.lineTo(clampX(pt.x()), y);
        }
        path.lineTo(clampX(m_data.density.back().x()), base);
        path.closeSubpath();
        p.save();
        p.setClipRect(band);
        p.setBrush(tint(precisioncolors::distribution(), 90));
        p.setPen(QPen(precisioncolors::distribution(), 1.5));
        p.drawPath(path);
        p.restore();
    }

    // Boundaries between regions.
    p.setPen(QPen(tint(text, 120), 1, Qt::DashLine));
    for (double lg : { m_data.zeroBound, m_data.normalBound, m_data.overflowBound }) {
        const double x = xOf(lg);
        if (x > band.left() && x < band.right())
            p.drawLine(QPointF(x, band.top()), QPointF(x, band.bottom()));
    }
    p.setPen(QPen(tint(text, 90), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(band);

    // Decade ticks, labelled often enough to read but not so often they collide.
    const int first = int(std::ceil(m_data.axisLow));
    const int last = int(std::floor(m_data.axisHigh));
    const double pxPerDecade = band.width() / std::max(1e-9, m_data.axisHigh - m_data.axisLow);
    const int labelWidth = fontMetrics().horizontalAdvance(tr("1e-10")) + 8;
    int labelEvery = 1;
    while (labelEvery * pxPerDecade < labelWidth && labelEvery < 50)
        ++labelEvery;
    p.setPen(QPen(tint(text, 110), 1));
    for (int d = first; d <= last; ++d) {
        const double x = xOf(d);
        const bool major = d % labelEvery == 0;
        p.drawLine(QPointF(x, band.bottom()), QPointF(x, band.bottom() + (major ? 4 : 2)));
    }

    // The typed value.
    if (m_data.marker && *m_data.marker >= m_data.axisLow && *m_data.marker <= m_data.axisHigh) {
        const double x = xOf(*m_data.marker);
        p.setPen(QPen(text, 2));
        p.drawLine(QPointF(x, band.top() - 1), QPointF(x, band.bottom() + 1));
        QPolygonF tip;
        tip << QPointF(x - 4, band.top() - 1) << QPointF(x + 4, band.top() - 1) << QPointF(x, band.top() + 5);
        p.setBrush(text);
        p.drawPolygon(tip);
        p.setBrush(Qt::NoBrush);
    }

    // Shares, as coloured chips.
    const int lineHeight = fontMetrics().height();
    double y = band.bottom() + 5;
    double x = band.left();
    struct Chip {
        QColor color;
        QString label;
    };
    const Chip chips[] = {
        { precisioncolors::flushToZero(), tr("to zero %1").arg(PrecisionText::share(m_data.shares.flushToZero)) },
        { precisioncolors::subnormal(), tr("subnormal %1").arg(PrecisionText::share(m_data.shares.subnormal)) },
        { precisioncolors::overflow(), tr("overflow %1").arg(PrecisionText::share(m_data.shares.overflow)) },
    };
    for (const Chip &chip : chips) {
        const int box = lineHeight - 6;
        p.fillRect(QRectF(x, y + 3, box, box), chip.color);
        x += box + 4;
        p.setPen(text);
        p.drawText(QPointF(x, y + fontMetrics().ascent()), chip.label);
        x += fontMetrics().horizontalAdvance(chip.label) + 14;
    }
    y += lineHeight;
    if (m_data.unscaledShares) {
        p.setPen(muted);
        const QString unscaled = tr("without loss scaling: %1 to zero, %2 subnormal")
                                         .arg(PrecisionText::share(m_data.unscaledShares->flushToZero),
                                              PrecisionText::share(m_data.unscaledShares->subnormal));
        p.drawText(QPointF(band.left(), y + fontMetrics().ascent()),
                   fontMetrics().elidedText(unscaled, Qt::ElideRight, int(band.width())));
    }
    y += lineHeight;

    if (m_data.showAxisLabels) {
        p.setPen(muted);
        double lastRight = -1e9;
        for (int d = first; d <= last; ++d) {
            if (d % labelEvery != 0)
                continue;
            const QString label = d == 0 ? QStringLiteral("1") : tr("1e%1").arg(d);
            const double w = fontMetrics().horizontalAdvance(label);
            const double lx = std::clamp(xOf(d) - w / 2, band.left(), band.right() - w);
            // Labels pushed inside the band at its ends may meet their neighbour: drop those.
            if (lx < lastRight + 6)
                continue;
            p.drawText(QPointF(lx, y + 2 + fontMetrics().ascent()), label);
            lastRight = lx + w;
        }
    }
}

QString NumberLineView::regionToolTip(double lg) const
{
    const QString name = PrecisionText::formatName(m_data.format);
    const QString at = PrecisionText::shortNumber(std::pow(10.0, lg), 3);
    if (lg <= m_data.zeroBound)
        return tr("%1 near %2: rounds to zero. Gradients here are lost.").arg(name, at);
    if (lg < m_data.normalBound)
        return tr("%1 near %2: subnormal. Stored, but with fewer significant bits the smaller it gets.").arg(name, at);
    if (lg < m_data.overflowBound)
        return tr("%1 near %2: normal range, full precision.").arg(name, at);
    return m_data.format == NumberFormat::Fp8E4M3 ? tr("%1 near %2: overflow. E4M3 has no infinity: the value becomes NaN.").arg(name, at)
                                                   : tr("%1 near %2: overflow to infinity; GradScaler skips the step.").arg(name, at);
}

bool NumberLineView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QRectF band = bandRect();
        if (band.contains(help->pos())) {
            const double lg = m_data.axisLow + (help->pos().x() - band.left()) / band.width() * (m_data.axisHigh - m_data.axisLow);
            QToolTip::showText(help->globalPos(), regionToolTip(lg), this);
        } else {
            QToolTip::showText(help->globalPos(), PrecisionText::formatToolTip(m_data.format), this);
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace headroom
