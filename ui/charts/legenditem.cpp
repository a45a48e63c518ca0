#include "legenditem.h"

#include <QHash>
#include <QStaticText>

#include <qcustomplot.h>

namespace headroom {

namespace {

struct ShapedName
{
    QStaticText text;
    QSize size; //!< as QCPPlottableLegendItem measures it: boundingRect(0, 0, 0, iconHeight, TextDontClip, name)
};

// Every legend's names, by font and name: a handful of bucket and GPU names, shaped once for the
// window's life (cleared if it ever holds more than a chart could show).
const ShapedName &shaped(const QFont &font, int iconHeight, const QString &name)
{
    static QHash<QString, ShapedName> names;
    const QString key = font.key() + QLatin1Char('\x1f') + QString::number(iconHeight) + QLatin1Char('\x1f') + name;
    auto it = names.constFind(key);
    if (it != names.constEnd())
        return *it;
    if (names.size() > 512)
        names.clear();
    ShapedName s;
    s.text.setText(name);
    s.text.setTextFormat(Qt::PlainText);
    s.text.setPerformanceHint(QStaticText::AggressiveCaching);
    s.text.prepare(QTransform(), font);
    s.size = QFontMetrics(font).boundingRect(0, 0, 0, iconHeight, Qt::TextDontClip, name).size();
    return *names.insert(key, s);
}

// The plottable draws its own icon, a protected member QCPPlottableLegendItem reaches as a
// friend; a derived item reaches it through a using-declaration.
struct IconDrawer : QCPAbstractPlottable
{
    using QCPAbstractPlottable::drawLegendIcon;
};

class LegendItem final : public QCPPlottableLegendItem
{
public:
    LegendItem(QCPLegend *legend, QCPAbstractPlottable *plottable) : QCPPlottableLegendItem(legend, plottable) {}

protected:
    // QCPPlottableLegendItem::draw and ::minimumOuterSizeHint, with the text's size and glyphs
    // taken from the cache.
    void draw(QCPPainter *painter) override
    {
        if (!mPlottable)
            return;
        const QFont font = getFont();
        const QSize iconSize = mParentLegend->iconSize();
        const ShapedName &name = shaped(font, iconSize.height(), mPlottable->name());
        painter->setFont(font);
        painter->setPen(QPen(getTextColor()));
        const QRect iconRect(mRect.topLeft(), iconSize);
        painter->drawStaticText(QPoint(mRect.x() + iconSize.width() + mParentLegend->iconTextPadding(), mRect.y()), name.text);
        painter->save();
        painter->setClipRect(iconRect, Qt::IntersectClip);
        (mPlottable->*(&IconDrawer::drawLegendIcon))(painter, iconRect);
        painter->restore();
        if (getIconBorderPen().style() != Qt::NoPen) {
            painter->setPen(getIconBorderPen());
            painter->setBrush(Qt::NoBrush);
            const int halfPen = qCeil(painter->pen().widthF() * 0.5) + 1;
            painter->setClipRect(mOuterRect.adjusted(-halfPen, -halfPen, halfPen, halfPen));
            painter->drawRect(iconRect);
        }
    }

    QSize minimumOuterSizeHint() const override
    {
        if (!mPlottable)
            return QSize();
        const QSize iconSize = mParentLegend->iconSize();
        const ShapedName &name = shaped(getFont(), iconSize.height(), mPlottable->name());
        return QSize(iconSize.width() + mParentLegend->iconTextPadding() + name.size.width() + mMargins.left() + mMargins.right(),
                     qMax(name.size.height(), iconSize.height()) + mMargins.top() + mMargins.bottom());
    }
};

} // namespace

QCPAbstractLegendItem *makeLegendItem(QCPLegend *legend, QCPAbstractPlottable *plottable)
{
    return new LegendItem(legend, plottable);
}

} // namespace headroom
