// The window's menus and their shortcuts.

#include "mainwindow.h"


#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QListWidget>
#include <QMenuBar>
#include <QTableWidget>
#include <QUndoStack>
#include <QMenu>

#include <headroom/memory/validation.h>

#include "charts/chartpane.h"
#include "chartsarea.h"
#include "examplesmenu.h"
#include "languagemenu.h"
#include "aboutdialog.h"
#include "messagebox.h"
#include "panes/comparepane.h"
#include "panes/doctorpane.h"
#include "panes/gpufitpane.h"
#include "panes/inputpane.h"
#include "panes/mathpane.h"
#include "widgets/sheetview.h"
#include "panes/verdictpane.h"
#include "precision/precisionlabpanel.h"
#include "report/reportexport.h"
#include "scenariodocument.h"


namespace headroom {

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(tr("&New Scenario"), this, &MainWindow::newScenario);
    newAction->setShortcut(QKeySequence::New);
    newAction->setToolTip(tr("Start again from the default scenario."));
    QAction *open = file->addAction(tr("&Open Scenario…"), this, &MainWindow::openScenario);
    open->setShortcut(QKeySequence::Open);
    open->setToolTip(tr("Open a scenario file (JSON)."));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    addExamplesMenu(file, this, m_document, [this] { return confirmDiscard(); });
    QAction *importAction = file->addAction(tr("&Import Hugging Face Config…"), this, &MainWindow::importConfig);
    importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    importAction->setToolTip(tr("Read a model's config.json (and, in its folder, the .safetensors headers)."));
    QAction *importTraining = file->addAction(tr("Import &Training Config…"), this, &MainWindow::importTrainingConfigFile);
    importTraining->setToolTip(tr("Read a DeepSpeed config (JSON), an Accelerate config or a torchtune recipe (YAML) into the plan."));
    QAction *measuredAction = file->addAction(tr("Load &Measured Peaks…"), this, &MainWindow::loadMeasuredDialog);
    measuredAction->setToolTip(tr("Show what a check script (headroom-cli check-script) measured beside the estimate, "
                                  "on the step timeline and in the math."));
    QAction *openMeasured = file->addAction(tr("Open the Measured &Scenario"), m_document, &ScenarioDocument::openMeasuredScenario);
    openMeasured->setObjectName(QStringLiteral("openMeasuredScenario"));
    openMeasured->setToolTip(tr("Make the scenario the loaded measurement ran the open one, so that its figures are "
                                "compared with their own estimate."));
    auto updateOpenMeasured = [this, openMeasured] {
        openMeasured->setEnabled(m_document->hasMeasured() && !m_document->measuredIsCurrent());
    };
    connect(m_document, &ScenarioDocument::measuredChanged, openMeasured, updateOpenMeasured);
    connect(m_document, &ScenarioDocument::scenarioChanged, openMeasured, updateOpenMeasured);
    updateOpenMeasured();
    QAction *saveAction = file->addAction(tr("&Save Scenario"), this, &MainWindow::save);
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = file->addAction(tr("Save Scenario &As…"), this, &MainWindow::saveAs);
    saveAsAction->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    QMenu *exportMenu = file->addMenu(tr("&Export Chart"));
    const QStringList titles = ChartsArea::paneTitles();
    for (int i = 0; i < titles.size(); ++i) {
        QAction *a = exportMenu->addAction(tr("%1…").arg(titles.at(i)), this, [this, i] { exportChart(i); });
        if (i == 0)
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
        a->setToolTip(tr("Save the chart as PNG, PDF or SVG."));
    }
    QAction *reportAction = file->addAction(tr("Export &Report…"), this, &MainWindow::exportReportDialog);
    reportAction->setToolTip(tr("Save the scenario's report (inputs, breakdown, peak, derivation, verdict, GPUs needed, "
                                "advice and charts) as Markdown, PDF, CSV or JSON."));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &MainWindow::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *pin = edit->addAction(tr("&Pin the Current Scenario"), this, [this] {
        m_document->pin();
        m_charts->showCompare();
    });
    pin->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    pin->setToolTip(tr("Keep the plan as it is now to compare with as you change it (up to three pinned)."));
    connect(m_document, &ScenarioDocument::pinnedChanged, pin, [this, pin] { pin->setEnabled(m_document->canPin()); });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_darkAction = view->addAction(tr("&Dark Palette"));
    m_darkAction->setCheckable(true);
    m_darkAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_darkAction->setToolTip(tr("Switch between the light and the dark palette; the charts follow."));
    connect(m_darkAction, &QAction::toggled, this, &MainWindow::setDarkPalette);
    QMenu *units = view->addMenu(tr("&Units"));
    auto *unitGroup = new QActionGroup(this);
    m_gibAction = units->addAction(tr("&Binary (GiB, 2^30 bytes)"));
    m_gbAction = units->addAction(tr("&Decimal (GB, 10^9 bytes)"));
    for (QAction *a : { m_gibAction, m_gbAction }) {
        a->setCheckable(true);
        unitGroup->addAction(a);
    }
    m_gibAction->setChecked(true);
    connect(m_gibAction, &QAction::triggered, this, [this] { setDisplayUnit(DisplayUnit::Binary); });
    connect(m_gbAction, &QAction::triggered, this, [this] { setDisplayUnit(DisplayUnit::Decimal); });
    addLanguageMenu(view, m_settings, [this](const QString &language) { reopenInLanguage(language); });
    view->addSeparator();
    QAction *goInputs = view->addAction(tr("Go to &Inputs"), this,
                                        [this] { focusDock(m_inputDock, m_inputs->presetBox()); });
    goInputs->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction *goCharts = view->addAction(tr("Go to &Charts"), this, [this] { m_charts->panes().constFirst()->setFocus(); });
    goCharts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    QAction *goMath = view->addAction(tr("Go to the &Math"), this, [this] { focusDock(m_mathDock, m_math->view()); });
    goMath->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    QAction *goDoctor = view->addAction(tr("Go to the D&octor"), this,
                                        [this] { focusDock(m_doctorDock, m_doctor->symptomList()); });
    goDoctor->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_4));
    QAction *goGpus = view->addAction(tr("Go to the &GPUs Needed"), this, [this] {
        m_charts->showGpuFit();
        m_charts->gpuFit()->table()->setFocus(Qt::ShortcutFocusReason);
    });
    goGpus->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_6));
    view->addSeparator();
    QAction *goLab = view->addAction(tr("Go to the &Precision Lab"), this,
                                     [this] { focusDock(m_precisionDock, m_precision); });
    goLab->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_5));
    view->addSeparator();
    for (QDockWidget *dock : { m_inputDock, m_mathDock, m_doctorDock, m_precisionDock })
        view->addAction(dock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Headroom"), this, [this] { showAbout(this); });
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

} // namespace headroom
