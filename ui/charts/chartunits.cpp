// A chart's value axis in GB or GiB (TB or TiB for the largest), and sizes as its labels say them.

#include "chartpane.h"

#include <qcustomplot.h>

#include "byteformat.h"

namespace headroom {

namespace {

// The nearest Bytes to a drawing figure, for the shared formatter (formatBytes()).
Bytes approxBytes(double v)
{
    return bytes(static_cast<Count>(v < 0 ? v - 0.5 : v + 0.5));
}

} // namespace

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

} // namespace headroom
