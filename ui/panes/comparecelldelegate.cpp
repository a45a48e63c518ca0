#include "comparecelldelegate.h"

#include <QApplication>
#include <QPainter>

namespace headroom {

namespace {

constexpr int kPadding = 6;

QFont smaller(QFont font)
{
    font.setPointSizeF(font.pointSizeF() * 0.9);
    return font;
}

} // namespace

void CompareCellDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString value = opt.text;
    const QString difference = index.data(kDifferenceRole).toString();
    opt.text.clear();
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const QRect r = opt.rect.adjusted(kPadding, 2, -kPadding, -2);
    const bool selected = opt.state & QStyle::State_Selected;
    const QColor text = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    painter->save();
    painter->setFont(opt.font);
    const QVariant fg = index.data(Qt::ForegroundRole);
    painter->setPen(fg.isValid() && !selected ? fg.value<QBrush>().color() : text);
    const int line = QFontMetrics(opt.font).height();
    painter->drawText(QRect(r.left(), r.top(), r.width(), line), Qt::AlignRight | Qt::AlignVCenter, value);
    if (!difference.isEmpty()) {
        const int goodness = index.data(kGoodnessRole).toInt();
        // Okabe–Ito bluish green and vermillion: told apart with the common colour deficiencies.
        const QColor colour = selected ? text
                : goodness > 0          ? QColor(0x00, 0x9e, 0x73)
                : goodness < 0          ? QColor(0xd5, 0x5e, 0x00)
                                        : opt.palette.color(QPalette::PlaceholderText);
        painter->setPen(colour);
        const QFont small = smaller(opt.font);
        painter->setFont(small);
        painter->drawText(QRect(r.left(), r.top() + line, r.width(), QFontMetrics(small).height()),
                          Qt::AlignRight | Qt::AlignVCenter, difference);
    }
    painter->restore();
}

QSize CompareCellDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QFontMetrics fm(opt.font);
    const QString difference = index.data(kDifferenceRole).toString();
    int width = fm.horizontalAdvance(opt.text);
    int height = fm.height() + 4;
    if (!difference.isEmpty()) {
        const QFontMetrics small(smaller(opt.font));
        width = std::max(width, small.horizontalAdvance(difference));
        height += small.height();
    }
    return { width + 2 * kPadding, height };
}

} // namespace headroom
