#include "sliderfield.h"

#include <QHBoxLayout>

#include "countfield.h"
#include "stopslider.h"

namespace headroom {

SliderField::SliderField(QWidget *parent)
    : QWidget(parent), m_slider(new StopSlider(this)), m_field(new CountField(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_field);
    m_field->setMaximumWidth(m_field->fontMetrics().horizontalAdvance(QStringLiteral("0000000000")) + 16);
    setFocusProxy(m_slider);

    // Arrow keys in the field walk the same stops as the slider; from a value between two stops
    // the first step goes to the neighbouring stop, not past it.
    m_field->setStepper([this](Count current, int steps) {
        const QList<Count> &stops = m_slider->stops();
        if (stops.isEmpty())
            return current + steps;
        if (steps > 0) {
            int i = 0;
            while (i < stops.size() && stops.at(i) <= current)
                ++i;
            i = qMin<int>(i + steps - 1, static_cast<int>(stops.size() - 1));
            return qMax(stops.at(i), current);
        }
        int i = static_cast<int>(stops.size()) - 1;
        while (i >= 0 && stops.at(i) >= current)
            --i;
        i = qMax(i + steps + 1, 0);
        return qMin(stops.at(i), current);
    });

    connect(m_slider, &StopSlider::countMoved, this, [this](qint64 v) {
        m_field->setValue(v);
        emit valueEntered(v);
    });
    connect(m_field, &CountField::valueEntered, this, [this](qint64 v) {
        m_slider->setCount(v);
        emit valueEntered(v);
    });
    connect(m_field, &CountField::textRejected, this, &SliderField::textRejected);
}

void SliderField::setStops(const QList<Count> &stops)
{
    m_slider->setStops(stops);
}

void SliderField::setValue(Count value)
{
    m_slider->setCount(value);
    m_field->setValue(value);
}

Count SliderField::value() const
{
    return m_field->value();
}

void SliderField::describe(const QString &name, const QString &toolTip)
{
    m_slider->setAccessibleName(name);
    m_field->setAccessibleName(name);
    m_slider->setToolTip(toolTip);
    m_field->setToolTip(toolTip);
}

} // namespace headroom
