#include "stopslider.h"

#include <cmath>

namespace headroom {

StopSlider::StopSlider(QWidget *parent) : QSlider(Qt::Horizontal, parent)
{
    setTracking(true); // every view follows the drag, not only the release
    setFocusPolicy(Qt::StrongFocus);
    connect(this, &QSlider::valueChanged, this, [this](int index) {
        if (!m_programmatic && index >= 0 && index < m_stops.size())
            emit countMoved(static_cast<qint64>(m_stops.at(index)));
    });
}

void StopSlider::setStops(const QList<Count> &stops)
{
    const Count current = count();
    m_stops = stops;
    m_programmatic = true;
    setRange(0, static_cast<int>(qMax<qsizetype>(0, m_stops.size() - 1)));
    setPageStep(qMax(1, static_cast<int>(m_stops.size() / 8)));
    m_programmatic = false;
    setCount(current);
}

int StopSlider::nearestStop(Count value) const
{
    if (m_stops.isEmpty())
        return -1;
    if (value <= m_stops.constFirst())
        return 0;
    if (value >= m_stops.constLast())
        return static_cast<int>(m_stops.size() - 1);
    const double lv = std::log(static_cast<double>(value));
    int best = 0;
    double bestDistance = INFINITY;
    for (int i = 0; i < m_stops.size(); ++i) {
        const double d = std::abs(std::log(static_cast<double>(m_stops.at(i))) - lv);
        if (d < bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    return best;
}

void StopSlider::setCount(Count value)
{
    const int index = nearestStop(value);
    if (index < 0)
        return;
    m_programmatic = true;
    setValue(index);
    m_programmatic = false;
}

Count StopSlider::count() const
{
    const int index = value();
    return index >= 0 && index < m_stops.size() ? m_stops.at(index) : 0;
}

QList<Count> StopSlider::logStops(Count lo, Count hi, int perOctave, Count quantum)
{
    QList<Count> stops;
    if (lo < 1 || hi < lo || perOctave < 1 || quantum < 1)
        return stops;
    // Values k * 2^e with k running over perOctave evenly spaced mantissas in [1, 2): the
    // "nice" sizes (4096, 5120, 6144, 7168, 8192 for four per octave) that real configs use.
    for (Count base = 1; base <= hi; base *= 2) {
        for (int k = 0; k < perOctave; ++k) {
            const Count v = base * (perOctave + k) / perOctave;
            const Count rounded = (v + quantum / 2) / quantum * quantum;
            if (rounded >= lo && rounded <= hi && (stops.isEmpty() || rounded > stops.constLast()))
                stops << rounded;
        }
    }
    if (stops.isEmpty() || stops.constFirst() != lo)
        stops.prepend(lo);
    if (stops.constLast() != hi)
        stops << hi;
    return stops;
}

QList<Count> StopSlider::powerOfTwoStops(Count lo, Count hi)
{
    QList<Count> stops;
    for (Count v = 1; v <= hi; v *= 2)
        if (v >= lo)
            stops << v;
    return stops;
}

QList<Count> StopSlider::linearStops(Count lo, Count hi)
{
    QList<Count> stops;
    for (Count v = lo; v <= hi; ++v)
        stops << v;
    return stops;
}

} // namespace headroom
