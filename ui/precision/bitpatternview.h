#pragma once

// One encoding drawn bit by bit, each bit coloured by its field (sign, exponent, mantissa), as
// the textbook pictures of IEEE formats show it.

#include <cstdint>

#include <QWidget>

#include <headroom/numerics/numberformat.h>

namespace headroom {

class BitPatternView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BitPatternView)

public:
    explicit BitPatternView(QWidget *parent = nullptr);

    //! Shows \a bits as an encoding of \a format.
    void setEncoding(headroom::NumberFormat format, std::uint32_t bits);

    NumberFormat format() const { return m_format; }
    std::uint32_t bits() const { return m_bits; }
    //! The bits as text, fields separated by spaces ("0 01111 0000000000"), for tests and
    //! accessibility.
    QString bitText() const;

    QSize sizeHint() const override;
    //! Room for every bit's 0 or 1: a row too narrow for its digits would be coloured cells only.
    QSize minimumSizeHint() const override;
    //! Whether the bits' digits are drawn at the view's present width (the layout check asks).
    bool digitsDrawn() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int cellWidth() const;
    int digitCell() const; //!< the narrowest cell a digit is drawn in
    int cellAt(int width) const;

    NumberFormat m_format = NumberFormat::Fp32;
    std::uint32_t m_bits = 0;
};

} // namespace headroom
