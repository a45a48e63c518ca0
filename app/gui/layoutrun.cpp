#include "layoutrun.h"

#include <QApplication>
#include <QDockWidget>
#include <QTextStream>

#include <headroom/io/scenariofile.h>

#include "chartsarea.h"
#include "layoutcheck.h"
#include "mainwindow.h"
#include "scenariodocument.h"

namespace headroom {

namespace {

struct Case
{
    const char *name;
    void (*edit)(ScenarioSpec &);
};

// The default, and the scenarios whose labels are longest or most numerous.
const Case kCases[] = {
    { "default", [](ScenarioSpec &) {} },
    { "tp8-zero3",
      [](ScenarioSpec &s) {
          s.scenario.parallel.gpus = 16;
          s.scenario.parallel.tensorParallel = 8;
          s.scenario.parallel.zero = ZeroStage::Stage3;
      } },
    { "qlora",
      [](ScenarioSpec &s) {
          s.scenario.lora.mode = AdapterMode::Qlora;
          s.scenario.lora.targets = 0;
          s.scenario.training.recompute = Recompute::Full;
      } },
    // Model states sharded eight ways under a tall short-lived segment: small segments whose
    // labels the bar's column spreads apart (File › Examples' full fine-tune with ZeRO-3).
    { "zero3-8-gpus",
      [](ScenarioSpec &s) {
          s.scenario.parallel.gpus = 8;
          s.scenario.parallel.zero = ZeroStage::Stage3;
          s.scenario.training.microBatch = 4;
          s.scenario.training.sequence = 4096;
          s.scenario.training.recompute = Recompute::Full;
      } },
    { "does-not-fit",
      [](ScenarioSpec &s) {
          s.scenario.training.microBatch = 16;
          s.scenario.training.sequence = 8192;
      } },
    { "s131072",
      [](ScenarioSpec &s) {
          s.scenario.training.sequence = 131072;
          s.scenario.training.recompute = Recompute::Full;
      } },
    // The article's own setting: the textbook formula, every bucket resident (the charts' notes
    // are longest here).
    { "textbook", [](ScenarioSpec &s) { applyStackDefaults(s.scenario, TrainingStack::Paper); } },
};

void settle()
{
    // Two turns: one lays the window out, the next replots the charts at their sizes.
    QApplication::processEvents();
    QApplication::processEvents();
}

} // namespace

int runLayoutCheck(const Catalogue &catalogue, Settings &settings, QSize size, bool dark)
{
    MainWindow window(catalogue, settings);
    window.setRemembersSession(false);
    if (dark)
        window.setDarkPalette(true);
    window.resize(size);
    window.show();
    settle();
    QTextStream err(stderr);
    int found = 0;
    auto report = [&](const QString &where) {
        for (const LayoutProblem &p : checkLayout(&window)) {
            err << where << ": " << p.widget << ": " << p.what << Qt::endl;
            ++found;
        }
    };
    // Each chart tab with each right-hand panel raised in turn.
    const QStringList panels = { QStringLiteral("math"), QStringLiteral("doctor"), QStringLiteral("precision") };
    auto everyPane = [&](const QString &where) {
        for (int pane = 0; pane < window.charts()->panes().size(); ++pane) {
            window.charts()->showPane(pane);
            window.panel(panels.at(pane % panels.size()));
            settle();
            report(where);
        }
    };
    for (const Case &c : kCases) {
        ScenarioSpec spec = ScenarioDocument::defaultSpec(catalogue);
        c.edit(spec);
        if (!window.document()->reset(spec)) {
            err << "layout check: scenario " << c.name << " does not validate" << Qt::endl;
            ++found;
            continue;
        }
        everyPane(QLatin1String(c.name));
    }
    // Four scenarios side by side, the pinned ones named as people name them (long).
    {
        const ScenarioSpec current = ScenarioDocument::defaultSpec(catalogue);
        QList<PinnedScenario> pinned;
        for (int i = 1; i <= kMaxPinnedScenarios; ++i) {
            ScenarioSpec spec = current;
            kCases[i].edit(spec);
            const QString name = QStringLiteral("%1: LLaMA-2 7B, the team's plan for the second week of training")
                                         .arg(QLatin1String(kCases[i].name));
            pinned.append({ name, spec });
        }
        if (!window.document()->reset(current, QString(), pinned)) {
            err << "layout check: the four compared scenarios do not validate" << Qt::endl;
            ++found;
        } else {
            everyPane(QStringLiteral("compare-four"));
        }
    }
    // The window grown half as large again (maximized on a larger screen) and back to the size
    // asked for, on the last scenario: the panels and the charts' labels must be laid out for
    // that size again.
    window.resize(size * 3 / 2);
    settle();
    window.resize(size);
    settle();
    if (window.size() != size) {
        err << "after-resize: the window stays " << window.width() << "x" << window.height() << " when asked for "
            << size.width() << "x" << size.height() << Qt::endl;
        ++found;
    }
    report(QStringLiteral("after-resize"));
    return found;
}

} // namespace headroom
