#include "measuredtext.h"

#include <QTextStream>

#include <algorithm>
#include <vector>

#include <headroom/io/textwidth.h>
#include <headroom/io/measuredfiletext.h>

#include "wording.h"

namespace headroom {

namespace {

QString percentText(const std::optional<double> &relative)
{
    if (!relative)
        return Cli::tr("n/a");
    return Cli::tr("%1 %").arg(100.0 * *relative, 0, 'f', 1);
}

} // namespace

void printMeasured(QTextStream &o, const MeasuredRun &run, const MeasuredComparison &c, bool sameScenario)
{
    o << Qt::endl
      << Cli::tr("Measured (%1: %2, %3, torch %4, %5 steps%6):")
                 .arg(run.path, run.device, run.deviceName.isEmpty() ? Cli::tr("unnamed device") : run.deviceName,
                      run.torchVersion.isEmpty() ? Cli::tr("unknown") : run.torchVersion, groupedDigits(run.steps),
                      run.tiny ? Cli::tr(", the tiny copy") : QString())
      << Qt::endl;
    if (!sameScenario)
        o << Cli::tr("  note: the estimate is not of the scenario that ran; without other options --measured "
                     "estimates the file's own scenario")
          << Qt::endl;
    // Each column as wide as its widest cell, two spaces between: a difference of hundreds of
    // gigabytes against a tiny measured run never runs into its percentage.
    struct Line
    {
        QString cells[6];
    };
    std::vector<Line> lines;
    lines.push_back({ { Cli::tr("figure"), Cli::tr("measured"), Cli::tr("estimated"), Cli::tr("estimated - measured"), Cli::tr("%"),
                        Cli::tr("measured by") } });
    for (const MeasuredRow &r : c.rows)
        lines.push_back({ { measuredFigureText(r.figure), groupedDigits(countOf(r.measured)), groupedDigits(countOf(r.estimated)),
                            groupedDigits(countOf(r.difference)), percentText(r.relative),
                            run.measuredBy[static_cast<std::size_t>(r.figure)] } });
    int widths[6] = {};
    for (const Line &l : lines)
        for (int i = 0; i < 6; ++i)
            widths[i] = std::max(widths[i], displayWidth(l.cells[i]));
    for (const Line &l : lines) {
        o << QStringLiteral("  ") << padEnd(l.cells[0], widths[0]);
        for (int i = 1; i < 5; ++i)
            o << QStringLiteral("  ") << padStart(l.cells[i], widths[i]);
        o << QStringLiteral("  ") << l.cells[5] << Qt::endl;
    }
    if (c.rows.empty())
        o << QStringLiteral("  ") << Cli::tr("(the file holds no measured figure)") << Qt::endl;
    o << QStringLiteral("  ")
      << Cli::tr("Phase figures are the estimate's timeline without the runtime's share (PyTorch's allocator counts "
                 "tensors only); the reserved peak includes the allocator reserve.")
      << Qt::endl;
    for (const QString &n : run.notes)
        o << QStringLiteral("  - ") << n << Qt::endl;
}

void writeMeasured(JsonWriter &w, const MeasuredRun &run, const MeasuredComparison &c, bool sameScenario)
{
    w.beginObject();
    w.key("file").string(run.path);
    w.key("device").string(run.device);
    w.key("device_name").string(run.deviceName);
    w.key("torch_version").string(run.torchVersion);
    w.key("tiny").boolean(run.tiny);
    w.key("same_scenario").boolean(sameScenario);
    w.key("rows").beginArray();
    for (const MeasuredRow &r : c.rows) {
        w.beginObject();
        w.key("figure").string(measuredFigureKey(r.figure));
        w.key("measured").byteCount(r.measured);
        w.key("estimated").byteCount(r.estimated);
        w.key("difference").byteCount(r.difference);
        w.key("relative");
        if (r.relative)
            w.number(*r.relative);
        else
            w.null();
        w.key("event").string(timelineEventName(r.event));
        w.key("measured_by").string(run.measuredBy[static_cast<std::size_t>(r.figure)]);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

} // namespace headroom
