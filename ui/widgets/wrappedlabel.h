#pragma once

// A word-wrapped plain-text label that remembers its height for the last widths asked. QLabel
// measures the wrapped text again on every heightForWidth(), and a box layout asks several times
// per pass; the verdict's labels change on every slider step and were measured a dozen times each.
// Its size hints are measured at its own width too: QLabel lays a word-wrapped text out three
// more times for them after every change (at a "golden ratio" width, on one line, and at zero
// width for the widest word), which a layout that sizes it by heightForWidth() never needs.

#include <array>

#include <QLabel>

namespace headroom {

class WrappedLabel final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WrappedLabel)

public:
    explicit WrappedLabel(QWidget *parent = nullptr);

    //! Sets the text (QLabel's setText is not virtual: call this one).
    void setText(const QString &text);
    int heightForWidth(int width) const override;
    //! Its current width (80 average characters before it has one) and the height there.
    QSize sizeHint() const override;
    //! Twelve average characters wide and one line high: the text wraps below that width.
    QSize minimumSizeHint() const override;
    //! How many heights were measured rather than remembered (tests).
    int measuredCount() const { return m_measured; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void forget();

    struct Remembered
    {
        int width = -1;
        int height = 0;
    };
    mutable std::array<Remembered, 3> m_heights;
    mutable int m_next = 0;
    mutable int m_measured = 0;
};

} // namespace headroom
