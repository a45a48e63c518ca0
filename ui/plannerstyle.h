#pragma once

#include <QProxyStyle>

// Fusion with check boxes and radio buttons that stay visible on a dark palette. Fusion outlines
// an indicator with the window colour darkened, which on a dark window is the colour of the box
// itself: an unticked box disappears. Everything else is Fusion's.
class PlannerStyle : public QProxyStyle
{
public:
    PlannerStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
};
