#include "measuredtext.h"

#include <QTextStream>

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
    o << QStringLiteral("  ") << padEnd(Cli::tr("figure"), 20) << padStart(Cli::tr("measured"), 20)
      << padStart(Cli::tr("estimated"), 20) << padStart(Cli::tr("estimated - measured"), 22)
      << padStart(Cli::tr("%"), 10) << QStringLiteral("  ") << Cli::tr("measured by") << Qt::endl;
    for (const MeasuredRow &r : c.rows) {
        const QString how = run.measuredBy[static_cast<std::size_t>(r.figure)];
        o << QStringLiteral("  ") << padEnd(measuredFigureText(r.figure), 20)
          << padStart(groupedDigits(countOf(r.measured)), 20) << padStart(groupedDigits(countOf(r.estimated)), 20)
          << padStart(groupedDigits(countOf(r.difference)), 22) << padStart(percentText(r.relative), 10)
          << QStringLiteral("  ") << how << Qt::endl;
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
