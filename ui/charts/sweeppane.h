#pragma once

#include <optional>

#include "chartpane.h"

class QComboBox;
class QLabel;

namespace headroom {

class FittedLabel;

/*!
 * The buckets as a stacked area while one input sweeps (sequence length by default; batch or
 * layers from the selector above the plot), with the current value marked and the GPU's
 * capacity drawn. Where the activation model tells eager from flash attention, the other
 * kernel's activations are a dashed line, so the S² growth against the linear one shows.
 */
class SweepPane final : public ChartPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SweepPane)

public:
    explicit SweepPane(QWidget *parent = nullptr);
    ~SweepPane() override;

    const SweepData &data() const { return m_data; }
    //! The axis the selector shows (the data's axis once data is set).
    SweepAxis axis() const { return m_axis; }
    QString toolTipAt(const QPoint &pos) const override;

    //! The selector, for tests.
    QComboBox *axisSelector() const { return m_selector; }

public slots:
    void setData(const headroom::SweepData &data);

signals:
    //! The user picked another axis; the owner answers with setData(makeSweep(spec, axis, ...)).
    void axisChanged(headroom::SweepAxis axis);

protected:
    void rebuild() override;

private:
    void onSelectorActivated(int index);

    SweepData m_data;
    SweepAxis m_axis = SweepAxis::Sequence;
    QComboBox *m_selector = nullptr;
    FittedLabel *m_note = nullptr;
    //! The input the axis rect's right margin was last fitted for (rebuild()).
    std::optional<SweepAxis> m_roomAxis;
};

} // namespace headroom
