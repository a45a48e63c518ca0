#pragma once

// What the four chart panes share: one QCustomPlot, the display unit, the light or dark look,
// export by file suffix and hover tooltips. A pane draws the data it is given and computes
// nothing; the adapters (chartadapters.h) build that data from the core.

#include <QPoint>
#include <QString>
#include <QWidget>

#include "chartdata.h"

class QCustomPlot;

namespace headroom {

class ChartPane : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChartPane)

public:
    ~ChartPane() override;

    //! The plot, for tests and for the window's own export actions.
    QCustomPlot *plot() const { return m_plot; }

    DisplayUnit unit() const { return m_unit; }
    bool isDark() const { return m_dark; }

    /*!
     * Writes the chart to \a path, in the format its suffix names: .png (at twice the pixel
     * size, for high-DPI screens and print), .pdf or .svg (vector). \a width and \a height in
     * device-independent pixels; 0 takes the pane's current size (900 × 560 if not yet laid
     * out). Returns false for another suffix or when the file cannot be written.
     */
    bool exportTo(const QString &path, int width = 0, int height = 0);

    //! The hover text at \a pos (plot widget coordinates): the value under the cursor in GB
    //! and GiB and how it was computed; empty where there is nothing.
    virtual QString toolTipAt(const QPoint &pos) const = 0;

public slots:
    //! GB (10^9) or GiB (2^30) on the axis and in every label.
    void setUnit(headroom::DisplayUnit unit);
    //! Dark background, light text. The pane also follows its palette (QEvent::PaletteChange)
    //! until setDark() is called.
    void setDark(bool dark);

protected:
    explicit ChartPane(QWidget *parent = nullptr);

    //! Rebuilds every plottable and item from the current data, unit and colours, then replots.
    virtual void rebuild() = 0;

    //! Axis, grid, legend and background colours for the current look.
    void applyTheme();
    QColor foreground() const;
    QColor background() const;
    QColor mutedForeground() const;

    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QCustomPlot *m_plot = nullptr;
    DisplayUnit m_unit = DisplayUnit::Binary;
    bool m_dark = false;
    bool m_followPalette = true;
};

} // namespace headroom
