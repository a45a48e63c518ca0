#pragma once

#include <QProxyStyle>

// Fusion with check boxes and radio buttons that stay visible on a dark palette, and flat scroll
// bars. Fusion outlines an indicator with the window colour darkened, which on a dark window is the
// colour of the box itself: an unticked box disappears. Fusion paints a scroll bar's groove and
// handle with gradients, which Qt's raster engine splits across its thread pool row by row: a
// 1000-pixel bar took 0.7 ms to paint, a tenth of a slider step, where a flat one takes 0.02 ms.
// Everything else is Fusion's, the scroll bars' arrow buttons included.
class PlannerStyle : public QProxyStyle
{
public:
    PlannerStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option, QPainter *painter,
                            const QWidget *widget = nullptr) const override;
};
