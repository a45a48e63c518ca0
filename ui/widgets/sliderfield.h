#pragma once

// A slider over log-spaced stops with a free-entry count field beside it: drag for what-if,
// type for an exact value (which may lie between stops or beyond the slider's ends).

#include <QWidget>

#include <headroom/memory/units.h>

namespace headroom {

class CountField;
class StopSlider;

class SliderField final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SliderField)

public:
    explicit SliderField(QWidget *parent = nullptr);

    void setStops(const QList<Count> &stops);
    //! Shows \a value in the field and moves the slider to the nearest stop, emitting nothing.
    void setValue(Count value);
    Count value() const;

    StopSlider *slider() const { return m_slider; }
    CountField *field() const { return m_field; }

    //! Sets the tooltip and the accessible names of both parts.
    void describe(const QString &name, const QString &toolTip);

signals:
    void valueEntered(qint64 value);
    void textRejected(const QString &text);

private:
    StopSlider *m_slider;
    CountField *m_field;
};

} // namespace headroom
