#include "plannerstyle.h"

#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

} // namespace

PlannerStyle::PlannerStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion")))
{
}

void PlannerStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                                 const QWidget *widget) const
{
    const bool indicator = element == PE_IndicatorCheckBox || element == PE_IndicatorRadioButton;
    if (!indicator || !option || !isDark(option->palette)) {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        return;
    }
    // Fusion derives the indicator's outline from the window colour (darker by 40 %); handing it a
    // mid grey window gives an outline of about #6b6e75, 3:1 against the dark window, while the
    // box, its tick and its focus ring keep their own roles.
    const QColor outlineSource(0x96, 0x9a, 0xa3);
    if (const auto *button = qstyleoption_cast<const QStyleOptionButton *>(option)) {
        QStyleOptionButton copy(*button);
        copy.palette.setColor(QPalette::Window, outlineSource);
        QProxyStyle::drawPrimitive(element, &copy, painter, widget);
        return;
    }
    QStyleOption copy(*option);
    copy.palette.setColor(QPalette::Window, outlineSource);
    QProxyStyle::drawPrimitive(element, &copy, painter, widget);
}

void PlannerStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex *option, QPainter *painter,
                                      const QWidget *widget) const
{
    const auto *bar = qstyleoption_cast<const QStyleOptionSlider *>(option);
    if (control != CC_ScrollBar || !bar) {
        QProxyStyle::drawComplexControl(control, option, painter, widget);
        return;
    }
    const QPalette &palette = bar->palette;
    const bool dark = isDark(palette);
    // The groove: the window's colour, a shade towards the text so that the bar stays visible.
    const QColor window = palette.color(QPalette::Window);
    painter->fillRect(bar->rect, dark ? window.lighter(118) : window.darker(106));
    // Fusion's arrow buttons, without its groove and handle.
    QStyleOptionSlider arrows(*bar);
    arrows.subControls &= SC_ScrollBarAddLine | SC_ScrollBarSubLine;
    if (arrows.subControls)
        QProxyStyle::drawComplexControl(control, &arrows, painter, widget);
    // The handle: a rounded bar in a mid tone, stronger under the mouse and while dragged.
    if (!(bar->subControls & SC_ScrollBarSlider) || bar->minimum == bar->maximum)
        return;
    const QRect handle = subControlRect(control, bar, SC_ScrollBarSlider, widget);
    if (handle.isEmpty())
        return;
    const bool hot = (bar->activeSubControls & SC_ScrollBarSlider) && (bar->state & (State_MouseOver | State_Sunken));
    QColor colour = dark ? window.lighter(hot ? 230 : 185) : window.darker(hot ? 150 : 130);
    if (!(bar->state & State_Enabled))
        colour = dark ? window.lighter(140) : window.darker(112);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(colour);
    const qreal inset = 2;
    painter->drawRoundedRect(QRectF(handle).adjusted(inset, inset, -inset, -inset), 3, 3);
    painter->restore();
}
