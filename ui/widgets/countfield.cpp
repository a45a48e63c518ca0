#include "countfield.h"

#include <QKeyEvent>

#include <headroom/io/quantityparse.h>

#include "byteformat.h"

namespace headroom {

CountField::CountField(QWidget *parent) : QLineEdit(parent)
{
    m_stepper = [](Count current, int steps) { return current + steps; };
    connect(this, &QLineEdit::editingFinished, this, &CountField::commit);
}

void CountField::setValue(Count value)
{
    m_value = value;
    setText(m_allowEmpty && value == m_emptyValue ? QString() : QString::number(static_cast<qint64>(value)));
}

void CountField::commit()
{
    const QString typed = text().trimmed();
    if (typed.isEmpty() && m_allowEmpty) {
        if (m_value != m_emptyValue) {
            m_value = m_emptyValue;
            emit valueEntered(static_cast<qint64>(m_emptyValue));
        }
        return;
    }
    // A leading minus is read so that the message says "out of range" rather than "not a
    // number" for a negative count, as the scenario-file reader does.
    const bool negative = typed.startsWith(QLatin1Char('-'));
    const std::string digits = (negative ? typed.mid(1) : typed).toStdString();
    std::optional<Count> parsed;
    if (m_bytes) {
        if (const std::optional<Bytes> b = parseBytes(digits))
            parsed = countOf(*b);
    } else {
        parsed = parseCount(digits);
    }
    // Counts beyond 64 bits are far outside every field's range; they are reported as text.
    if (!parsed || *parsed > Count(std::numeric_limits<qint64>::max())) {
        emit textRejected(typed);
        return;
    }
    const Count v = negative ? -*parsed : *parsed;
    m_value = v;
    emit valueEntered(static_cast<qint64>(v));
}

void CountField::keyPressEvent(QKeyEvent *event)
{
    const int steps = event->key() == Qt::Key_Up ? 1
            : event->key() == Qt::Key_Down       ? -1
            : event->key() == Qt::Key_PageUp     ? 4
            : event->key() == Qt::Key_PageDown   ? -4
                                                 : 0;
    if (steps == 0) {
        QLineEdit::keyPressEvent(event);
        return;
    }
    const Count next = m_stepper(m_value, steps);
    if (next != m_value && next > 0) {
        setValue(next);
        emit valueEntered(static_cast<qint64>(next));
    }
    event->accept();
}

} // namespace headroom
