// headroom-latency: drives the planner window offscreen through N slider changes and prints how
// long each took, from the slider's new value until every visible pane has recomputed, replotted
// and painted; how long the first frame took; and the resident memory afterwards. A harness that
// prints figures (docs/performance.md), not a test: its targets depend on the machine.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextStream>

#include <headroom/io/catalogue.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/validation.h>

#include "mainwindow.h"
#include "panes/inputpane.h"
#include "plannerstyle.h"
#include "scenariodocument.h"
#include "settings.h"
#include "widgets/sliderfield.h"
#include "widgets/stopslider.h"

using namespace headroom;

namespace {

constexpr int kBadInput = 2;

// Runs what the change queued: the coalesced pane refreshes (zero-timers), the replots they ask
// for and the paint of every widget they marked dirty, until nothing is left to do.
void settle()
{
    for (int i = 0; i < 4; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(QEventLoop::AllEvents);
    }
}

// Resident set size from the kernel, in bytes; 0 where /proc is missing.
double residentBytes()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    const QString text = QString::fromLatin1(status.readAll());
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("VmRSS:\\s+(\\d+) kB")).match(text);
    return m.hasMatch() ? m.captured(1).toDouble() * 1024.0 : 0;
}

double percentile(std::vector<double> sorted, double q)
{
    if (sorted.empty())
        return 0;
    std::sort(sorted.begin(), sorted.end());
    const auto at = static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1) + 0.5);
    return sorted[std::min(at, sorted.size() - 1)];
}

} // namespace

int main(int argc, char *argv[])
{
    // Offscreen unless told otherwise: the figures are Qt's layout and painting, not a display's.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("headroom-latency"));
    QApplication::setStyle(new PlannerStyle);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Time the planner window's slider steps, offscreen."));
    parser.addHelpOption();
    const QCommandLineOption stepsOption(QStringLiteral("steps"), QStringLiteral("Slider changes to time (1 to 1000000)."),
                                         QStringLiteral("N"), QStringLiteral("1000"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("Window size, WxH (320x240 to 7680x4320)."),
                                        QStringLiteral("WxH"), QStringLiteral("1920x1080"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print one JSON object."));
    const QCommandLineOption csvOption(QStringLiteral("csv"),
                                       QStringLiteral("Also write every step (slider, value, milliseconds) to FILE, to see what sets the tail."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption panelOption(QStringLiteral("panel"),
                                         QStringLiteral("Show panel NAME while stepping (as headroom --panel names it: "
                                                        "gpus for the GPU table, gpuplans for the whole-plan search)."),
                                         QStringLiteral("NAME"));
    parser.addOptions({ stepsOption, sizeOption, jsonOption, csvOption, panelOption });
    parser.process(app);

    QTextStream out(stdout);
    QTextStream err(stderr);
    bool ok = false;
    const qlonglong steps = parser.value(stepsOption).toLongLong(&ok);
    if (!ok || steps < 1 || steps > 1000000) {
        err << "headroom-latency: --steps: \"" << parser.value(stepsOption) << "\" is not a count from 1 to 1000000" << Qt::endl;
        return kBadInput;
    }
    const QRegularExpressionMatch sizeMatch = QRegularExpression(QStringLiteral("^(\\d{3,4})x(\\d{3,4})$")).match(parser.value(sizeOption));
    const QSize size = sizeMatch.hasMatch() ? QSize(sizeMatch.captured(1).toInt(), sizeMatch.captured(2).toInt()) : QSize();
    if (!size.isValid() || size.width() < 320 || size.height() < 240 || size.width() > 7680 || size.height() > 4320) {
        err << "headroom-latency: --size: \"" << parser.value(sizeOption) << "\" is not WxH from 320x240 to 7680x4320" << Qt::endl;
        return kBadInput;
    }

    const QString panelName = parser.value(panelOption);
    if (parser.isSet(panelOption) && !MainWindow::panelNames().contains(panelName)) {
        err << "headroom-latency: --panel: \"" << panelName << "\" is not one of " << MainWindow::panelNames().join(QStringLiteral(", "))
            << Qt::endl;
        return kBadInput;
    }

    Catalogue catalogue;
    const CatalogueError catalogueError = loadCatalogue(findDataDir(), catalogue);
    if (catalogueError.code != CatalogueError::Code::None) {
        err << "headroom-latency: cannot load the catalogue; set HEADROOM_DATA_DIR" << Qt::endl;
        return 1;
    }
    // A throw-away settings file: the user's session is neither read nor written.
    QTemporaryDir scratch;
    Settings settings(scratch.filePath(QStringLiteral("settings.ini")));

    // The first frame: from constructing the window to the end of its first paint, every
    // visible chart plotted at its laid-out size.
    QElapsedTimer first;
    first.start();
    MainWindow window(catalogue, settings);
    window.setRemembersSession(false);
    window.resize(size);
    window.show();
    settle();
    const double firstFrameMs = static_cast<double>(first.nsecsElapsed()) / 1e6;
    // A panel on screen beside the inputs (its first answer waited for): each step then pays for
    // what that panel does on the window's thread.
    if (!panelName.isEmpty()) {
        window.panel(panelName);
        settle();
    }

    // The sliders a user drags most, alternately, each walked up its stops and back down, so
    // that every step changes the scenario.
    QList<StopSlider *> sliders;
    QList<Field> fields;
    for (Field f : { Field::Sequence, Field::Batch, Field::Layers, Field::Hidden }) {
        if (SliderField *field = window.inputPane()->sliderField(f)) {
            sliders << field->slider();
            fields << f;
        }
    }
    if (sliders.isEmpty()) {
        err << "headroom-latency: the inputs pane has no sliders" << Qt::endl;
        return 1;
    }
    std::vector<int> direction(static_cast<std::size_t>(sliders.size()), 1);
    std::vector<double> ms;
    ms.reserve(static_cast<std::size_t>(steps));
    std::vector<std::pair<int, int>> stepped; // (slider, its new value) per step, for --csv
    stepped.reserve(static_cast<std::size_t>(steps));
    for (qlonglong i = 0; i < steps; ++i) {
        const auto k = static_cast<std::size_t>(i % sliders.size());
        StopSlider *slider = sliders.at(static_cast<int>(k));
        if (slider->value() + direction[k] > slider->maximum() || slider->value() + direction[k] < slider->minimum())
            direction[k] = -direction[k];
        QElapsedTimer step;
        step.start();
        slider->setValue(slider->value() + direction[k]);
        settle();
        ms.push_back(static_cast<double>(step.nsecsElapsed()) / 1e6);
        stepped.emplace_back(static_cast<int>(k), slider->value());
    }

    if (parser.isSet(csvOption)) {
        QString text = QStringLiteral("step,slider,value,ms\n");
        for (std::size_t i = 0; i < ms.size(); ++i)
            text += QStringLiteral("%1,%2,%3,%4\n")
                            .arg(i)
                            .arg(QString::fromStdString(std::string(fieldName(fields.at(stepped[i].first)))))
                            .arg(stepped[i].second)
                            .arg(ms[i], 0, 'f', 3);
        // Atomic, and never through a link planted at the name (safewrite.h).
        if (const FileProblem p = writeFileAtomically(parser.value(csvOption), text.toUtf8()); !p.ok()) {
            err << "headroom-latency: --csv: cannot write \"" << excerpt(parser.value(csvOption)) << "\": " << p.detail << Qt::endl;
            return 1;
        }
    }

    const double median = percentile(ms, 0.5);
    const double p99 = percentile(ms, 0.99);
    const double rssMb = residentBytes() / 1e6;
    if (parser.isSet(jsonOption)) {
        const QJsonObject o{ { QStringLiteral("median_ms"), median },
                             { QStringLiteral("p99_ms"), p99 },
                             { QStringLiteral("first_frame_ms"), firstFrameMs },
                             { QStringLiteral("rss_mb"), rssMb },
                             { QStringLiteral("steps"), steps },
                             { QStringLiteral("panel"), panelName.isEmpty() ? QStringLiteral("window") : panelName },
                             { QStringLiteral("size"), parser.value(sizeOption) } };
        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << Qt::endl;
    } else {
        out << "steps " << steps << " at " << parser.value(sizeOption) << ": median " << median << " ms, p99 " << p99
            << " ms; first frame " << firstFrameMs << " ms; RSS " << rssMb << " MB (10^6 bytes)" << Qt::endl;
    }
    return 0;
}
