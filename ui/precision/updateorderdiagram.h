#pragma once

// The order of a mixed-precision update (the article, section 3.5) as a flow of boxes, in the correct
// order or with gradient clipping moved before unscaling, the bug the article warns about.

#include <QStringList>
#include <QWidget>

#include <headroom/numerics/lossscaler.h>

namespace headroom {

class UpdateOrderDiagram final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UpdateOrderDiagram)

public:
    //! The stages of one update, in the correct order.
    enum class Stage { Forward, ScaleLoss, Backward, Unscale, InfCheck, Clip, Step, Update };

    explicit UpdateOrderDiagram(QWidget *parent = nullptr);

    void setOrder(headroom::ClipOrder order);
    ClipOrder order() const { return m_order; }

    //! The stages as drawn, top to bottom.
    QList<Stage> stages() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString title(Stage stage) const;
    QString code(Stage stage) const;
    int boxHeight() const;

    ClipOrder m_order = ClipOrder::UnscaleThenClip;
};

} // namespace headroom
