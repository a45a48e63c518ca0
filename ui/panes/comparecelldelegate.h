#pragma once

// A comparison cell on two lines: the scenario's size, and under it, smaller and coloured, its
// difference from the first scenario. Two lines keep four scenarios within a laptop's width.

#include <QStyledItemDelegate>

namespace headroom {

class CompareCellDelegate final : public QStyledItemDelegate
{
    Q_OBJECT

public:
    //! The second line's text (empty: one line) and whether it is better (1), worse (-1) or
    //! neither (0), as item data.
    static constexpr int kDifferenceRole = Qt::UserRole + 1;
    static constexpr int kGoodnessRole = Qt::UserRole + 2;

    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace headroom
