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

    //! Whether an empty field is allowed; it then means \a emptyValue ("not given": 0, or -1
    //! for "the stack's default" where 0 is a value of its own).
    void setAllowEmpty(bool allow, Count emptyValue = 0)
    {
        m_allowEmpty = allow;
        m_emptyValue = emptyValue;
    }
    //! Reads byte sizes ("2GiB", "1.5GB", "1000MiB") instead of counts.
    void setBytes(bool bytes) { m_bytes = bytes; }
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
    Count m_emptyValue = 0;
    bool m_bytes = false;
    Stepper m_stepper;
};

} // namespace headroom
