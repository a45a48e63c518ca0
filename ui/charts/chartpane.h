#pragma once

// What the four chart panes share: one QCustomPlot, the display unit, the light or dark look,
// export by file suffix and hover tooltips. A pane draws the data it is given and computes
// nothing; the adapters (chartadapters.h) build that data from the core.

#include <QColor>
#include <QPoint>
#include <QString>
#include <QVector>
#include <QWidget>

#include "chartdata.h"

class QCustomPlot;
class QCPItemText;
class QCPLayoutGrid;
class QCPLegend;
class QCPTextElement;
class QVBoxLayout;

namespace headroom {

//! The bucket's fixed colour, from the Okabe–Ito palette (distinguishable with the common
//! colour-vision deficiencies, and on light and dark backgrounds alike).
QColor bucketColor(Bucket bucket);

//! The short-lived buffers (logits, scratch, optimizer temporaries) that every chart stacks on
//! top of the buckets at the step's peak: their name and colour.
QString transientBucketName();
QColor transientBucketColor();

//! The QCustomPlot version the charts are built with, e.g. "2.1.1" (for Help › About; its
//! header stays out of every header).
QString qcustomplotVersion();

class ChartPane : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChartPane)

public:
    ~ChartPane() override;

    //! The plot, for tests and for the window's own export actions.
    QCustomPlot *plot() const { return m_plot; }
    //! The plot as a widget, for code that does not include QCustomPlot's header.
    QWidget *plotWidget() const;

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

    //! The whole label of a capacity (level) line within a few pixels of \a pos; empty if none.
    QString levelLineTipAt(const QPoint &pos) const;

    //! A text the chart draws, and where (plot widget coordinates), for the layout check.
    struct Annotation
    {
        QString text;
        QRect rect;
        QRect clip; //!< where it may be drawn: the axis rect, or the whole plot
        //! What the label names (a bar's segment, its top), where the pane said so; null otherwise.
        //! A label that does not sit beside it must be joined to it by a leader line.
        QRect anchor;
        bool leader = false; //!< a leader line joins the label to its anchor
    };
    //! The visible text items and the legend, as last replotted.
    QList<Annotation> annotations() const;

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
    //! Rebuilds once more on the next turn of the event loop, after laying the plot out (without
    //! drawing): for a change that moves the axis rect (a resize, new margins), since every
    //! label a rebuild fits is fitted to the axis rect as last laid out. Nothing is drawn before.
    void refitSoon();

    //! An export's size when none is given and the plot has not been laid out yet.
    static constexpr int kDefaultExportWidth = 900;
    static constexpr int kDefaultExportHeight = 560;

    //! Replots now a plot resized since its last replot (drawn otherwise at its next paint).
    void replotIfStale() const;
    //! Removes every plottable and item and empties the legend; keeps axes, title and theme.
    void clearPlot();
    //! The replot that ends a rebuild: at once while the plot is on screen; a hidden one (behind
    //! a tab, or not yet shown) is drawn when it is next painted.
    void replotIfShown();
    //! Axis, grid, legend, title and background colours for the current look.
    void applyTheme();
    //! The title above the plot, elided to the plot's width (exports keep it whole in metadata).
    void setTitle(const QString &title);
    //! \a text broken at spaces into lines no wider than \a width pixels (in the pane's font).
    QString wrapToWidth(const QString &text, int width) const;
    QFont titleFont() const;

    QColor foreground() const;
    QColor background() const;
    QColor mutedForeground() const;
    QColor gridColor() const;
    //! Shading behind a part of the chart (phases of a step).
    QColor shade(int which) const;
    //! Good news (headroom) and bad news (overflow), readable on the background.
    QColor goodColor() const;
    QColor badColor() const;

    //! \a bytes in the display unit, for axis coordinates.
    double toUnit(double bytes) const;
    //! Picks the value axis's unit for a chart whose largest value is \a maxBytes: GiB (GB), or
    //! TiB (TB) from 4,096 GiB (4,000 GB) up, so that ticks stay short and read in the unit of
    //! the chart's labels. Call before any toUnit() of a rebuild.
    void chooseAxisScale(double maxBytes);
    //! "104.3 GiB" in the display unit.
    QString sizeText(double bytes, int decimals = 1) const;
    //! "112.00 GB = 104.31 GiB", the display unit first, for tooltips.
    QString sizeTextBoth(double bytes) const;
    //! One line of label text, in value-axis units (after the value axis range is set).
    double textHeightOnValueAxis() const;
    //! "Memory per GPU (GiB)".
    QString memoryAxisLabel() const;

    //! A horizontal line across the axis rect at a memory level, with a label at its right end.
    struct LevelLine
    {
        double bytes = 0;
        QString text;
        QColor color;
        Qt::PenStyle style = Qt::SolidLine;
        qreal width = 1.5;
        //! Widest the label may be, in pixels (0: the axis rect's width). A longer label is
        //! shown as wrappedText (its lines elided to fit), or elided when there is none.
        double maxLabelWidth = 0;
        QString wrappedText;
        //! Hover text, when it says more than the label (a shortened name in full).
        QString toolTip;
        //! Label under the line where there is room (e.g. to keep clear of what is above it).
        bool preferBelow = false;
    };
    /*!
     * Draws \a lines (after the value axis range is set). Labels of lines closer than their
     * label's height apart go below the lower line and above the upper one, so none overlap.
     */
    void addLevelLines(QVector<LevelLine> lines);
    /*!
     * Moves \a label (a text the pane placed by itself: the sweep's "now", the timeline's peak)
     * off the level lines' labels, if it overlaps one: just below the label it meets, or just
     * above it when there is no room below, within the axis rect. Call after addLevelLines().
     */
    void keepClearOfLevelLabels(QCPItemText *label);
    //! Whether \a label, where it is now, covers a visible label given an anchor (setLabelAnchor()).
    bool coversPlacedText(const QCPItemText *label) const;

    /*!
     * Says that \a label names the part of the plot from value \a lo to \a hi (value-axis units)
     * between keys \a left and \a right, and whether a leader line joins them: the layout check
     * reports a label away from what it names without one.
     */
    void setLabelAnchor(QCPItemText *label, double left, double right, double lo, double hi, bool leader);

    //! Widgets the pane shows above and below the plot (selectors, notes).
    QVBoxLayout *paneLayout() const { return m_layout; }

    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void updatePixelRatio();
    //! The legend right of the axis rect, or below it when the plot is too narrow for both.
    //! Returns whether it moved.
    bool placeLegend();

    QCustomPlot *m_plot = nullptr;
    QCPTextElement *m_title = nullptr;
    QCPLayoutGrid *m_legendColumn = nullptr;
    bool m_legendBelow = false;
    QString m_fullTitle;
    //! Each level line's value-axis position and whole label, for hover (labels may be elided).
    QVector<QPair<double, QString>> m_levelTips;
    QVector<QCPItemText *> m_levelLabels; //!< the level lines' labels of the last rebuild
    struct LabelAnchor
    {
        const QCPItemText *label = nullptr;
        double left = 0, right = 0, lo = 0, hi = 0;
        bool leader = false;
    };
    QVector<LabelAnchor> m_anchors; //!< setLabelAnchor()'s of the last rebuild
    QVBoxLayout *m_layout = nullptr;
    DisplayUnit m_unit = DisplayUnit::Binary;
    bool m_teraAxis = false;
    bool m_dark = false;
    bool m_followPalette = true;
    bool m_rebuildQueued = false;
    QSize m_rectAtBuild; //!< the axis rect a rebuild fitted its labels to (clearPlot())
    bool m_refitting = false; //!< in the one rebuild replotIfShown() may ask for
};

} // namespace headroom
