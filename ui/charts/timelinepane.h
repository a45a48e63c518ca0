#pragma once

#include "chartpane.h"

class QLabel;

namespace headroom {

class FittedLabel;

/*!
 * Memory over one training step (forward, backward, optimizer step), stacked by bucket, with
 * the phases shaded and the peak marked: what PyTorch's memory snapshot viewer shows after a
 * run, shown before it.
 */
class TimelinePane final : public ChartPane
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimelinePane)

public:
    explicit TimelinePane(QWidget *parent = nullptr);
    ~TimelinePane() override;

    const TimelineData &data() const { return m_data; }
    QString toolTipAt(const QPoint &pos) const override;

    //! The series of short-lived buffers (stacked above the activations when there are any).
    static QString transientName();
    static QColor transientColor();
    //! The series of a check script's measurement, drawn as markers (addMeasuredMarkers()).
    static QString measuredName();
    static QColor measuredColor();

public slots:
    void setData(const headroom::TimelineData &data);

protected:
    void rebuild() override;

private:
    TimelineData m_data;
    bool m_hasTransient = false;
    FittedLabel *m_note = nullptr;
};

} // namespace headroom
