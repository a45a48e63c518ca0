#pragma once

// One format's range on a log10 axis: where values flush to zero, where they are subnormal,
// normal, or overflow, with the gradient distribution laid over it and the share of it that
// lands in each region.

#include <optional>

#include <QPointF>
#include <QVector>
#include <QWidget>

#include <headroom/numerics/gradientdistribution.h>
#include <headroom/numerics/numberformat.h>

namespace headroom {

//! Everything a number line draws, computed by the panel from the core.
struct NumberLineData {
    NumberFormat format = NumberFormat::Fp16;
    double axisLow = -14;            //!< log10 of the left edge
    double axisHigh = 8;             //!< log10 of the right edge
    double zeroBound = 0;            //!< log10 of formatConstants().underflowBound
    double normalBound = 0;          //!< log10 of formatConstants().normalBound
    double overflowBound = 0;        //!< log10 of formatConstants().overflowBound
    QVector<QPointF> density;        //!< (log10 |scaled g|, density per decade), left to right
    double peakDensity = 1;          //!< the density drawn full height (shared by all lines)
    FormatShares shares;             //!< at the current loss scale
    std::optional<FormatShares> unscaledShares; //!< at scale 1, shown when the scale differs
    std::optional<double> marker;    //!< log10 |value| of the value typed in the lab
    bool showAxisLabels = false;     //!< decade labels under the line (the last line only)
};

class NumberLineView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NumberLineView)

public:
    explicit NumberLineView(QWidget *parent = nullptr);

    void setData(const headroom::NumberLineData &data);
    const NumberLineData &data() const { return m_data; }

    //! The line's summary as text ("FP16: 15.45 % to zero, ..."), also its accessible description.
    QString summaryText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRectF bandRect() const;
    double xOf(double log10Value) const;
    QString regionToolTip(double log10Value) const;

    NumberLineData m_data;
};

} // namespace headroom
