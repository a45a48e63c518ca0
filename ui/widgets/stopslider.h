#pragma once

// A slider over a list of "stops" (1, 2, 3, 4, 5, 6, 8, 10, 12 ... or the powers of two), so a
// range of three decades is log-spaced and every position is a value people actually use.

#include <QList>
#include <QSlider>

#include <headroom/memory/units.h>

namespace headroom {

class StopSlider final : public QSlider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StopSlider)

public:
    explicit StopSlider(QWidget *parent = nullptr);

    void setStops(const QList<Count> &stops);
    const QList<Count> &stops() const { return m_stops; }

    //! Moves to the stop nearest \a value on a log scale, without emitting countMoved().
    void setCount(Count value);
    //! The value of the current stop.
    Count count() const;
    //! Index of the stop nearest \a value (log scale).
    int nearestStop(Count value) const;

    //! Stops with \a perOctave log-spaced values per doubling from \a lo to \a hi, rounded to
    //! multiples of \a quantum (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20 ... for quantum 1).
    static QList<Count> logStops(Count lo, Count hi, int perOctave, Count quantum = 1);
    //! The powers of two from \a lo to \a hi.
    static QList<Count> powerOfTwoStops(Count lo, Count hi);
    //! Every integer from \a lo to \a hi.
    static QList<Count> linearStops(Count lo, Count hi);

signals:
    //! The user moved the slider (mouse, keys, wheel) to \a value.
    void countMoved(qint64 value);

private:
    QList<Count> m_stops;
    bool m_programmatic = false;
};

} // namespace headroom
