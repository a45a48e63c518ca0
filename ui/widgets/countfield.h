#pragma once

// A text field for an exact count ("4096", "7e9", "7B"). It never clamps or rejects keystrokes:
// whatever is typed is either a count, handed on to be validated against the field's range, or
// not a count, reported so the form can say so beside the field.

#include <functional>

#include <QLineEdit>

#include <headroom/memory/units.h>

namespace headroom {

class CountField final : public QLineEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CountField)

public:
    //! Next value from \a current for \a steps arrow-key presses (negative: down).
    using Stepper = std::function<Count(Count current, int steps)>;

    explicit CountField(QWidget *parent = nullptr);

    //! Shows \a value without emitting anything.
    void setValue(Count value);
    Count value() const { return m_value; }

    //! Whether an empty field is allowed; it then means 0 ("not given").
    void setAllowEmpty(bool allow) { m_allowEmpty = allow; }
    void setStepper(Stepper stepper) { m_stepper = std::move(stepper); }

    //! Reads the text now, as Enter or leaving the field does.
    void commit();

signals:
    //! A count was typed (possibly out of range: validation is the document's job).
    void valueEntered(qint64 value);
    //! The text is not a count; \a text is what was typed.
    void textRejected(const QString &text);

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    Count m_value = 0;
    bool m_allowEmpty = false;
    Stepper m_stepper;
};

} // namespace headroom
