#pragma once

#include "chartpane.h"

namespace headroom {

/*!
 * The current scenario, per GPU, as one stacked bar (parameters, gradients, master weights,
 * optimizer states, activations, overhead) against horizontal lines at the chosen GPU's
 * capacity and one or two comparison GPUs, with the headroom or overflow labelled.
 */
class StackedBarPane final : public ChartPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StackedBarPane)

public:
    explicit StackedBarPane(QWidget *parent = nullptr);
    ~StackedBarPane() override;

    const StackedBarData &data() const { return m_data; }
    QString toolTipAt(const QPoint &pos) const override;

    //! The headroom or overflow label as shown, e.g. "overflow 55.9 GiB"; empty without a GPU.
    QString verdictText() const;

public slots:
    void setData(const headroom::StackedBarData &data);

protected:
    void rebuild() override;

private:
    StackedBarData m_data;
    // Where the bar sits on the key axis, whose units are the axis rect's pixels (so that the
    // label column fits its text at any width).
    double m_barKey = 0;
    double m_barWidth = 0;
};

} // namespace headroom
