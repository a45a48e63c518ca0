#pragma once

// A layout that sets its items side by side in rows and starts a new row where the next would
// not fit: a row of labelled fields that wraps on a narrow pane (a laptop's, or a language whose
// labels are longer) instead of widening the window. Its minimum width is its widest item's.

#include <QLayout>
#include <QList>

namespace headroom {

class FlowLayout final : public QLayout
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlowLayout)

public:
    explicit FlowLayout(QWidget *parent = nullptr, int horizontalSpacing = 12, int verticalSpacing = 4);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    //! Lays the visible items out in \a rect (only measures when \a apply is false); the height used.
    int arrange(const QRect &rect, bool apply) const;

    QList<QLayoutItem *> m_items;
    int m_horizontal;
    int m_vertical;
};

} // namespace headroom
