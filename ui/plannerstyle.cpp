#include "plannerstyle.h"

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
