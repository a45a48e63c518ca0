#include "reportcharts.h"

#include <QApplication>
#include <QBuffer>
#include <QPixmap>

#include <cstdio>

#include <qcustomplot.h>

#include <headroom/memory/estimate.h>

#include "chartsarea.h"
#include "charts/chartadapters.h"
#include "charts/recipecomparisonpane.h"
#include "charts/stackedbarpane.h"
#include "charts/sweeppane.h"
#include "charts/timelinepane.h"

namespace headroom {

namespace {

QtMessageHandler g_previousHandler = nullptr;

// Showing a pane on the offscreen platform (the CLI without a display) makes Qt warn that the
// platform "does not support propagateSizeHints()" once per pane: true and harmless, and noise in
// a script's stderr. Everything else goes on to the handler before.
void quietHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.contains(QLatin1String("propagateSizeHints")))
        return;
    if (g_previousHandler)
        g_previousHandler(type, context, message);
    else
        fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

// The pane laid out at the size asked for, never shown on screen, and its plot as a PNG.
QByteArray renderPane(ChartPane &pane, DisplayUnit unit, int width, int height)
{
    pane.setAttribute(Qt::WA_DontShowOnScreen);
    // Paper is white, whatever the window's palette.
    pane.setDark(false);
    pane.setUnit(unit);
    pane.resize(width, height);
    pane.show();
    // Two turns: the first delivers the resize, the second runs the queued relayout
    // (chartpane.cpp) that fits labels to the axis rect.
    QApplication::processEvents();
    QApplication::processEvents();
    const QPixmap pixmap = pane.plot()->toPixmap(pane.plot()->width(), pane.plot()->height(), 2.0);
    pane.hide();
    QByteArray png;
    QBuffer buffer(&png);
    if (pixmap.isNull() || !buffer.open(QIODevice::WriteOnly) || !pixmap.save(&buffer, "PNG"))
        return {};
    return png;
}

} // namespace

std::vector<ReportChart> renderReportCharts(const ScenarioSpec &spec, const Catalogue &catalogue, DisplayUnit unit,
                                            int width, int height)
{
    g_previousHandler = qInstallMessageHandler(quietHandler);
    const Breakdown b = estimate(spec.scenario);
    const QStringList titles = ChartsArea::paneTitles();
    std::vector<ReportChart> charts;
    auto add = [&](const char *name, const QString &title, ChartPane &pane) {
        QByteArray png = renderPane(pane, unit, width, height);
        if (!png.isEmpty())
            charts.push_back({ QLatin1String(name), title, png });
    };
    {
        StackedBarPane bar;
        bar.setData(makeStackedBar(spec, b, catalogue));
        add("breakdown", titles.at(0), bar);
    }
    {
        TimelinePane timeline;
        timeline.setData(makeTimeline(spec, b, catalogue));
        add("timeline", titles.at(3), timeline);
    }
    {
        SweepPane sweep;
        sweep.setData(makeSweep(spec, SweepAxis::Sequence, catalogue));
        add("sweep", titles.at(1), sweep);
    }
    {
        RecipeComparisonPane recipes;
        recipes.setData(makeRecipeComparison(spec, catalogue));
        add("recipes", titles.at(2), recipes);
    }
    qInstallMessageHandler(g_previousHandler);
    return charts;
}

} // namespace headroom
