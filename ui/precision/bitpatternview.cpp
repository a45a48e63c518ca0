#include "bitpatternview.h"

#include <algorithm>

#include <QPainter>

#include "precisiontext.h"

namespace headroom {

namespace {

constexpr int kFieldGap = 4; // pixels between sign, exponent and mantissa

} // namespace

BitPatternView::BitPatternView(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setToolTip(tr("The encoding bit by bit: sign (purple), exponent (green), mantissa (blue)."));
}

void BitPatternView::setEncoding(NumberFormat format, std::uint32_t bits)
{
    const bool resized = formatLayout(format).totalBits != formatLayout(m_format).totalBits;
    m_format = format;
    m_bits = bits;
    setAccessibleName(tr("%1 bits: %2").arg(PrecisionText::formatName(format), bitText()));
    if (resized)
        updateGeometry();
    update();
}

QString BitPatternView::bitText() const
{
    const FormatLayout l = formatLayout(m_format);
    QString s;
    for (int i = l.totalBits - 1; i >= 0; --i) {
        s += ((m_bits >> i) & 1U) != 0 ? QLatin1Char('1') : QLatin1Char('0');
        if (i == l.totalBits - 1 || (i == l.mantissaBits && i > 0))
            s += QLatin1Char(' ');
    }
    return s;
}

int BitPatternView::cellWidth() const
{
    return fontMetrics().horizontalAdvance(QLatin1Char('0')) + 5;
}

QSize BitPatternView::sizeHint() const
{
    // Room for FP32's 32 bits whatever the format, so the rows of the lab line up.
    return QSize(32 * cellWidth() + 2 * kFieldGap + 2, fontMetrics().height() + 6);
}

int BitPatternView::digitCell() const
{
    return fontMetrics().horizontalAdvance(QLatin1Char('0')) + 2;
}

int BitPatternView::cellAt(int width) const
{
    const int available = width - 2 * kFieldGap - 1;
    return std::max(4, std::min(cellWidth(), available / formatLayout(m_format).totalBits));
}

QSize BitPatternView::minimumSizeHint() const
{
    return QSize(formatLayout(m_format).totalBits * digitCell() + 2 * kFieldGap + 1, fontMetrics().height() + 6);
}

bool BitPatternView::digitsDrawn() const
{
    return cellAt(width()) >= digitCell();
}

void BitPatternView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const FormatLayout l = formatLayout(m_format);
    const int cell = cellAt(width());
    const int h = height() - 2;
    int x = 0;
    for (int i = l.totalBits - 1; i >= 0; --i) {
        QColor fill;
        if (i == l.totalBits - 1)
            fill = precisioncolors::sign();
        else if (i >= l.mantissaBits)
            fill = precisioncolors::exponent();
        else
            fill = precisioncolors::mantissa();
        const bool set = ((m_bits >> i) & 1U) != 0;
        // Set bits solid, clear bits a pale tint of the same field colour.
        QColor cellColor = fill;
        if (!set)
            cellColor = QColor::fromRgbF(0.75 + 0.25 * fill.redF(), 0.75 + 0.25 * fill.greenF(), 0.75 + 0.25 * fill.blueF());
        const QRect r(x, 1, cell - 1, h);
        p.fillRect(r, cellColor);
        p.setPen(set ? Qt::white : fill.darker(140));
        if (cell >= digitCell())
            p.drawText(r, Qt::AlignCenter, set ? QStringLiteral("1") : QStringLiteral("0"));
        x += cell;
        if (i == l.totalBits - 1 || i == l.mantissaBits)
            x += kFieldGap;
    }
}

} // namespace headroom
