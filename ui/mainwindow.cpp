#include "mainwindow.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QLocale>
#include <QMenuBar>
#include <QMimeData>
#include <QResizeEvent>
#include <QScreen>
#include <QScrollArea>
#include <QStatusBar>
#include <QStyle>
#include <QTableWidget>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <headroom/io/hfconfigtext.h>
#include <headroom/io/language.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/validation.h>

#include "charts/chartpane.h"
#include "chartsarea.h"
#include "deferredrefresh.h"
#include "languagemenu.h"
#include "aboutdialog.h"
#include "messagebox.h"
#include "modelimport.h"
#include "panes/comparepane.h"
#include "panes/doctorpane.h"
#include "panes/gpufitpane.h"
#include "panes/inputpane.h"
#include "panes/mathpane.h"
#include "widgets/layoutfence.h"
#include "widgets/sheetview.h"
#include "panes/verdictpane.h"
#include "precision/precisionlabpanel.h"
#include "report/reportexport.h"
#include "scenariodocument.h"
#include "settings.h"

namespace headroom {

namespace {

// Fusion's colour roles for a dark look; text contrast stays above 7:1 on the window colour.
QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe8, 0xe8, 0xea);
    const QColor disabled(0x80, 0x82, 0x88);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x44));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x36, 0x38, 0x3d));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x45, 0x47, 0x4d));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3c, 0x41));
    p.setColor(QPalette::Mid, QColor(0x25, 0x26, 0x29));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x8e, 0xd8));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7c, 0xb7, 0xf0));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xf0));
    for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

QString scenarioFilter()
{
    return MainWindow::tr("Scenario files (*.json);;All files (*)");
}

} // namespace

MainWindow::MainWindow(const Catalogue &catalogue, Settings &settings, QWidget *parent)
    : QMainWindow(parent), m_settings(settings), m_document(new ScenarioDocument(catalogue, this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(applicationIcon());
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    m_verdict = new VerdictPane(m_document);
    // The verdict's text changes on every step; fenced, the window re-lays out only when the
    // verdict needs another height, and during a drag the charts below do not jump up and down
    // as its text wraps onto more or fewer lines.
    auto *verdictFence = new LayoutFence(m_verdict, central);
    verdictFence->setShrinkDelay(700);
    layout->addWidget(verdictFence);
    auto *line = new QFrame(central);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    layout->addWidget(line);
    m_charts = new ChartsArea(m_document, central);
    layout->addWidget(m_charts, 1);
    setCentralWidget(central);
    setAcceptDrops(true);

    createDocks();
    connect(m_inputs, &InputPane::importRequested, this, &MainWindow::importConfig);
    createMenus();
    connect(m_document, &ScenarioDocument::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::modifiedChanged, this, &MainWindow::setWindowModified);
    updateTitle();
    // The first window fits the screen it opens on: 1920 x 1080 where there is room, the whole
    // available area otherwise (main() maximizes it below kCompactWidth).
    QSize size(1920, 1080);
    if (const QScreen *s = screen()) {
        const QRect avail = s->availableGeometry();
        size = size.boundedTo(avail.size());
    }
    resize(size);
    arrangeDocks(size.width() < compactBelow());
}

void MainWindow::arrangeDocks(bool compact, bool force)
{
    if (!force && compact == m_compact && m_mathDock->property("arranged").toBool())
        return;
    m_compact = compact;
    m_mathDock->setProperty("arranged", true);
    const Qt::DockWidgetArea area = compact ? Qt::LeftDockWidgetArea : Qt::RightDockWidgetArea;
    for (QDockWidget *dock : { m_mathDock, m_doctorDock, m_precisionDock })
        addDockWidget(area, dock);
    if (compact) {
        tabifyDockWidget(m_inputDock, m_mathDock);
    }
    tabifyDockWidget(m_mathDock, m_doctorDock);
    tabifyDockWidget(m_doctorDock, m_precisionDock);
    (compact ? m_inputDock : m_mathDock)->raise();
    fitPanelMinima();
    const int inputs = m_inputDock->minimumWidth();
    const int lab = m_precisionDock->minimumWidth();
    if (compact)
        resizeDocks({ m_inputDock }, { std::max(inputs, lab) }, Qt::Horizontal);
    else
        resizeDocks({ m_inputDock, m_mathDock }, { inputs, std::max(470, lab) }, Qt::Horizontal);
}

void MainWindow::fitPanelMinima()
{
    // No panel narrower than its widest row: a cut field is worse than less chart. The panels
    // scroll vertically; their pages' minimum widths are what they need across.
    const int scrollbar = style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
    const int inputs = m_inputs->minimumSizeHint().width() + scrollbar;
    int lab = 0;
    for (const QScrollArea *area : m_precision->findChildren<QScrollArea *>())
        if (area->widget())
            lab = std::max(lab, area->widget()->minimumSizeHint().width() + scrollbar);
    m_inputDock->setMinimumWidth(inputs);
    m_precisionDock->setMinimumWidth(lab);
    // What each arrangement needs across: wide, the inputs, the charts and the tabbed panels
    // side by side; compact, the widest of the tabbed panels beside the charts. The lab's pages
    // are the widest of the tabbed panels (the math sheet scrolls, the doctor wraps).
    const int separator = style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, this);
    const int panels = lab;
    const int charts = centralWidget()->minimumSizeHint().width();
    m_wideMinimumWidth = inputs + charts + panels + 2 * separator;
    setMinimumWidth(std::max(inputs, panels) + charts + separator);
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    arrangeDocks(width() < compactBelow());
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    m_inputs = new InputPane(m_document);
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_inputs);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_inputDock = new QDockWidget(tr("Inputs"), this);
    m_inputDock->setObjectName(QStringLiteral("InputsDock"));
    m_inputDock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, m_inputDock);

    m_math = new MathPane(m_document);
    m_mathDock = new QDockWidget(tr("Show the Math"), this);
    m_mathDock->setObjectName(QStringLiteral("MathDock"));
    m_mathDock->setWidget(m_math);
    addDockWidget(Qt::RightDockWidgetArea, m_mathDock);

    m_doctor = new DoctorPane(m_document);
    m_doctorDock = new QDockWidget(tr("Doctor"), this);
    m_doctorDock->setObjectName(QStringLiteral("DoctorDock"));
    m_doctorDock->setWidget(m_doctor);
    addDockWidget(Qt::RightDockWidgetArea, m_doctorDock);
    tabifyDockWidget(m_mathDock, m_doctorDock);

    m_precision = new PrecisionLabPanel(this);
    m_precisionDock = new QDockWidget(tr("Precision Lab"), this);
    m_precisionDock->setObjectName(QStringLiteral("PrecisionLabDock"));
    m_precisionDock->setWidget(m_precision);
    addDockWidget(Qt::RightDockWidgetArea, m_precisionDock);
    tabifyDockWidget(m_doctorDock, m_precisionDock);
    // The lab recommends BF16 or FP16 by the plan's GPU (the article, section 3.4).
    auto tellLab = [this] {
        const GpuSpec *gpu = m_document->catalogue().gpu(m_document->spec().gpuId);
        m_precision->setGpuSupportsBf16(gpu ? gpu->bf16 : true, gpu ? gpu->name : QString());
    };
    connect(m_document, &ScenarioDocument::scenarioChanged, m_precision, tellLab);
    tellLab();

}

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
    QAction *importAction = file->addAction(tr("&Import Hugging Face Config…"), this, &MainWindow::importConfig);
    importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    importAction->setToolTip(tr("Read a model's config.json (and, in its folder, the .safetensors headers)."));
    QAction *importTraining = file->addAction(tr("Import &Training Config…"), this, &MainWindow::importTrainingConfigFile);
    importTraining->setToolTip(tr("Read a DeepSpeed config (JSON), an Accelerate config or a torchtune recipe (YAML) into the plan."));
    QAction *measuredAction = file->addAction(tr("Load &Measured Peaks…"), this, &MainWindow::loadMeasuredDialog);
    measuredAction->setToolTip(tr("Show what a check script (headroom-cli check-script) measured beside the estimate, "
                                  "on the step timeline and in the math."));
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

QStringList MainWindow::recentFiles() const
{
    // The settings file is the user's to edit: a list of any length shows its first entries only.
    return m_settings.recentFiles.value().mid(0, kMaxRecentFiles);
}

void MainWindow::rememberRecentFile(const QString &path)
{
    if (!m_remembersSession)
        return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = m_settings.recentFiles.value();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    m_settings.recentFiles.setValue(files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString &path = files.at(i);
        // &1 … &8: the menu's own keyboard shortcuts; the full path is the tooltip.
        QAction *a = m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                                             [this, path] { openRecent(path); });
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(a->toolTip());
    }
    m_recentMenu->setToolTipsVisible(true);
    if (!files.isEmpty())
        m_recentMenu->addSeparator();
    QAction *clear = m_recentMenu->addAction(tr("&Clear the List"), this, [this] {
        m_settings.recentFiles.setValue({});
        updateRecentMenu();
    });
    clear->setEnabled(!files.isEmpty());
    m_recentMenu->setEnabled(true);
}

void MainWindow::openRecent(const QString &path)
{
    if (!confirmDiscard())
        return;
    if (!QFileInfo::exists(path)) {
        // A file moved or deleted since: say so and take it off the list.
        QStringList files = m_settings.recentFiles.value();
        files.removeAll(path);
        m_settings.recentFiles.setValue(files);
        updateRecentMenu();
        MessageBox::warning(this, tr("Cannot open the scenario"),
                            tr("%1 no longer exists; it is taken off the recent files.\n\nThe scenario on screen is "
                               "unchanged.").arg(QDir::toNativeSeparators(path)));
        return;
    }
    openFile(path);
}

void MainWindow::focusDock(QDockWidget *dock, QWidget *focus)
{
    dock->show();
    dock->raise();
    focus->setFocus(Qt::ShortcutFocusReason);
}

QStringList MainWindow::panelNames()
{
    return { QStringLiteral("window"), QStringLiteral("inputs"), QStringLiteral("verdict"),
             QStringLiteral("charts"), QStringLiteral("bar"),    QStringLiteral("sweep"),
             QStringLiteral("recipes"), QStringLiteral("timeline"), QStringLiteral("math"),
             QStringLiteral("doctor"), QStringLiteral("gpus"), QStringLiteral("gpucost"), QStringLiteral("compare"),
             QStringLiteral("precision") };
}

void MainWindow::flushRefreshes()
{
    for (DeferredRefresh *refresh : findChildren<DeferredRefresh *>())
        refresh->flush();
}

QWidget *MainWindow::panel(const QString &name)
{
    if (name == QLatin1String("window"))
        return this;
    if (name == QLatin1String("inputs"))
        return m_inputs;
    if (name == QLatin1String("verdict"))
        return m_verdict;
    if (name == QLatin1String("charts"))
        return m_charts;
    const QStringList charts = { QStringLiteral("bar"), QStringLiteral("sweep"), QStringLiteral("recipes"),
                                 QStringLiteral("timeline") };
    if (charts.contains(name)) {
        m_charts->showPane(static_cast<int>(charts.indexOf(name)));
        return m_charts->panes().at(charts.indexOf(name));
    }
    if (name == QLatin1String("math")) {
        m_mathDock->show();
        m_mathDock->raise();
        return m_math;
    }
    if (name == QLatin1String("precision")) {
        m_precisionDock->show();
        m_precisionDock->raise();
        return m_precision;
    }
    if (name == QLatin1String("compare")) {
        m_charts->showCompare();
        return m_charts->compare();
    }
    if (name == QLatin1String("gpus") || name == QLatin1String("gpucost")) {
        m_charts->showGpuFit();
        m_charts->gpuFit()->showColumns(name == QLatin1String("gpus") ? GpuFitPane::Columns::GpusNeeded
                                                                      : GpuFitPane::Columns::TimeAndCost);
        return m_charts->gpuFit();
    }
    if (name == QLatin1String("doctor")) {
        m_doctorDock->show();
        m_doctorDock->raise();
        return m_doctor;
    }
    return nullptr;
}

void MainWindow::restoreSession()
{
    // The saved layout comes back only where it still fits: on a smaller screen (the laptop
    // after the monitor) the window starts fitted to it instead, with its panels arranged for it.
    const QSize savedOn = m_settings.windowScreen.value();
    const QRect avail = screen() ? screen()->availableGeometry() : QRect();
    const bool fits = savedOn.isValid() && avail.isValid() && savedOn.width() <= avail.width()
            && savedOn.height() <= avail.height();
    const QByteArray geometry = m_settings.windowGeometry.value();
    const QByteArray state = m_settings.windowState.value();
    if (fits && !geometry.isEmpty() && restoreGeometry(geometry) && !state.isEmpty())
        restoreState(state);
    arrangeDocks(width() < compactBelow(), true);
    setDisplayUnit(m_settings.displayUnit.value());
    setDarkPalette(m_settings.darkPalette.value());
    const QByteArray last = m_settings.lastScenario.value();
    if (!last.isEmpty()) {
        // A remembered scenario that no longer reads (a preset removed from the catalogue) is
        // dropped quietly: the window starts from the default, as on first use.
        const QJsonDocument json = QJsonDocument::fromJson(last);
        ScenarioSpec spec = realisticDefaults();
        QList<PinnedScenario> pinned;
        if (json.isObject() && applyScenarioFileJson(json.object(), m_document->catalogue(), spec, &pinned).ok())
            m_document->reset(spec, QString(), pinned);
    }
}

void MainWindow::setDisplayUnit(DisplayUnit unit)
{
    m_unit = unit;
    (unit == DisplayUnit::Binary ? m_gibAction : m_gbAction)->setChecked(true);
    m_charts->setUnit(unit);
    m_math->setUnit(unit);
    m_verdict->setUnit(unit);
    m_doctor->setUnit(unit);
    if (m_remembersSession)
        m_settings.displayUnit.setValue(unit);
}

void MainWindow::setDarkPalette(bool dark)
{
    m_dark = dark;
    if (m_darkAction->isChecked() != dark)
        m_darkAction->setChecked(dark);
    QApplication::setPalette(dark ? darkPalette() : QApplication::style()->standardPalette());
    m_charts->setDark(dark);
    if (m_remembersSession)
        m_settings.darkPalette.setValue(dark);
}

void MainWindow::updateTitle()
{
    const QString file = m_document->fileName();
    setWindowTitle(tr("%1[*] — Headroom").arg(file.isEmpty() ? tr("Untitled scenario") : QFileInfo(file).fileName()));
    setWindowModified(m_document->isModified());
}

bool MainWindow::confirmDiscard()
{
    if (!m_document->isModified())
        return true;
    const auto answer = MessageBox::question(this, tr("Unsaved changes"),
                                             tr("The scenario has changes that are not saved to a file. Save them first?"),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                             QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::newScenario()
{
    if (confirmDiscard())
        m_document->reset(ScenarioDocument::defaultSpec(m_document->catalogue()));
}

void MainWindow::openScenario()
{
    if (!confirmDiscard())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), m_settings.lastDirectory.value(),
                                                      scenarioFilter());
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFile(const QString &path)
{
    QString error;
    if (!m_document->load(path, &error)) {
        MessageBox::warning(this, tr("Cannot open the scenario"),
                            tr("%1\n\nThe scenario on screen is unchanged.").arg(error));
        return false;
    }
    if (m_remembersSession)
        m_settings.lastDirectory.setValue(QFileInfo(path).absolutePath());
    rememberRecentFile(path);
    return true;
}

void MainWindow::importConfig()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Hugging Face Config"), m_settings.lastDirectory.value(),
                                                      tr("Model configs (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    // A config.json in a checkpoint folder: read the folder, for the safetensors headers too.
    const QFileInfo info(path);
    importModel(info.fileName() == QLatin1String("config.json") ? info.absolutePath() : path);
}

void MainWindow::importTrainingConfigFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Training Config"), m_settings.lastDirectory.value(),
                                                      tr("Training configs (*.json *.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        importTrainingConfig(path);
}

bool MainWindow::importTrainingConfig(const QString &path, std::optional<FrameworkKind> kind)
{
    QString error;
    QStringList report;
    if (!m_document->importTrainingConfig(path, &error, &report, kind)) {
        MessageBox::warning(this, tr("Cannot import the training config"), tr("%1\n\nThe scenario on screen is unchanged.").arg(error));
        return false;
    }
    if (m_remembersSession)
        m_settings.lastDirectory.setValue(QFileInfo(path).absolutePath());
    // What was set and every key left out, so that nothing is dropped unseen.
    MessageBox::information(this, tr("Imported %1").arg(QFileInfo(path).fileName()), report.join(QLatin1Char('\n')));
    return true;
}

bool MainWindow::importModel(const QString &path)
{
    // Off this thread, with a progress dialog that can cancel (modelimport.h).
    HfModel model;
    const HfConfigError e = readModelInBackground(this, path, model);
    if (e.checkpoint.code == CheckpointError::Code::Cancelled)
        return false;
    if (!e.ok()) {
        MessageBox::warning(this, tr("Cannot import the model"),
                            tr("%1\n\nThe scenario on screen is unchanged.").arg(hfConfigErrorText(e)));
        return false;
    }
    m_document->applyImportedModel(model);
    if (m_remembersSession)
        m_settings.lastDirectory.setValue(QFileInfo(path).absolutePath());
    return true;
}

void MainWindow::loadMeasuredDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Measured Peaks"), m_settings.lastDirectory.value(),
                                                      tr("Check script output (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadMeasured(path);
}

bool MainWindow::loadMeasured(const QString &path)
{
    QString error;
    if (!m_document->loadMeasured(path, &error)) {
        MessageBox::warning(this, tr("Cannot load the measurement"), tr("%1\n\nThe scenario on screen is unchanged.").arg(error));
        return false;
    }
    if (m_remembersSession)
        m_settings.lastDirectory.setValue(QFileInfo(path).absolutePath());
    return true;
}

bool MainWindow::openDropped(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir())
        return importModel(path);
    // A scenario file says its schema; anything else JSON is taken for a model config, and the
    // importer names what is wrong with it if it is neither.
    QByteArray data;
    if (readRegularFile(path, data).ok()) {
        const QJsonDocument json = QJsonDocument::fromJson(data);
        if (json.isObject() && json.object().contains(QLatin1String("schema")))
            return confirmDiscard() && openFile(path);
        // A DeepSpeed config has none of a model config's keys.
        const QJsonObject o = json.object();
        if (!o.contains(QLatin1String("model_type"))
            && (o.contains(QLatin1String("zero_optimization")) || o.contains(QLatin1String("train_micro_batch_size_per_gpu"))
                || o.contains(QLatin1String("train_batch_size"))))
            return importTrainingConfig(path, FrameworkKind::DeepSpeed);
    }
    if (info.suffix() == QLatin1String("yaml") || info.suffix() == QLatin1String("yml"))
        return importTrainingConfig(path);
    if (info.fileName() == QLatin1String("config.json"))
        return importModel(info.absolutePath());
    return importModel(path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.constFirst().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.constFirst().isLocalFile())
        return;
    event->acceptProposedAction();
    // The message boxes a failed import shows must not run inside the drag's event loop.
    const QString path = urls.constFirst().toLocalFile();
    QMetaObject::invokeMethod(this, [this, path] { openDropped(path); }, Qt::QueuedConnection);
}

bool MainWindow::saveFile(const QString &path)
{
    QString error;
    if (!m_document->save(path, &error)) {
        MessageBox::warning(this, tr("Cannot save the scenario"),
                            tr("%1\n\nNothing was written; any earlier file is as it was.").arg(error));
        return false;
    }
    if (m_remembersSession)
        m_settings.lastDirectory.setValue(QFileInfo(path).absolutePath());
    rememberRecentFile(path);
    return true;
}

bool MainWindow::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    return saveFile(m_document->fileName());
}

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save Scenario"), m_settings.lastDirectory.value(),
                                                scenarioFilter());
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return saveFile(path);
}

void MainWindow::exportChart(int index)
{
    m_charts->showPane(index);
    ChartPane *pane = m_charts->panes().at(index);
    QString selected;
    QString path = QFileDialog::getSaveFileName(
            this, tr("Export Chart"), m_settings.lastDirectory.value(),
            tr("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)"), &selected);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += selected.contains(QLatin1String("*.pdf"))   ? QStringLiteral(".pdf")
                : selected.contains(QLatin1String("*.svg")) ? QStringLiteral(".svg")
                                                            : QStringLiteral(".png");
    if (!pane->exportTo(path))
        MessageBox::warning(this, tr("Cannot export the chart"),
                            tr("Could not write %1. Charts export as .png, .pdf or .svg.").arg(path));
}

void MainWindow::exportReportDialog()
{
    QString selected;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Report"), m_settings.lastDirectory.value(),
                                                      reportFileFilter(), &selected);
    if (!path.isEmpty())
        exportReport(withReportSuffix(path, selected));
}

bool MainWindow::exportReport(const QString &path)
{
    QString error;
    if (writeReportFile(*m_document, m_unit, path, &error))
        return true;
    MessageBox::warning(this, tr("Cannot export the report"), error);
    return false;
}

void MainWindow::startAutosave(const QString &folder)
{
    delete m_autosave;
    m_autosave = new Autosave(m_document, folder, this);
    connect(m_autosave, &Autosave::failed, this, [this](const QString &message) { statusBar()->showMessage(message, 10000); });
}

bool MainWindow::offerRecovery(const QString &path)
{
    QString error;
    const std::optional<Autosave::Recovery> recovery = Autosave::read(path, m_document->catalogue(), &error);
    if (!recovery) {
        if (!error.isEmpty()) {
            // Kept for a look, under another name, so that it is not offered at every start.
            const QString aside = path + QStringLiteral(".unreadable");
            QFile::remove(aside);
            QFile::rename(path, aside);
            MessageBox::warning(this, tr("Cannot restore the autosave"),
                                tr("%1\n\nIt was moved to %2.").arg(error, QDir::toNativeSeparators(aside)));
        }
        return false;
    }
    const QString when = recovery->savedAt.isValid() ? QLocale().toString(recovery->savedAt.toLocalTime(), QLocale::ShortFormat)
                                                     : tr("an unknown time");
    const QString what = recovery->fileName.isEmpty() ? tr("the scenario you were editing")
                                                      : QDir::toNativeSeparators(recovery->fileName);
    //: %1: a file name, or "the scenario you were editing"; %2: date and time
    const QMessageBox::StandardButton answer = MessageBox::question(
            this, tr("Restore after a crash"),
            tr("Headroom did not close normally. Restore %1 as it was autosaved at %2?").arg(what, when),
            QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer != QMessageBox::Yes) {
        QFile::remove(path);
        return false;
    }
    restoreRecovery(*recovery);
    return true;
}

void MainWindow::restoreRecovery(const Autosave::Recovery &recovery)
{
    if (!m_document->reset(recovery.spec, recovery.fileName, recovery.pinned))
        return;
    m_document->markModified();
}

MainWindow *MainWindow::reopenInLanguage(const QString &language)
{
    if (!setLanguage(language.isEmpty() ? languageForLocale(QLocale::system()) : language))
        return nullptr;
    // Every label is written once, in the constructors: a new window is the whole retranslation.
    auto *next = new MainWindow(m_document->catalogue(), m_settings);
    next->setAttribute(Qt::WA_DeleteOnClose);
    next->setRemembersSession(m_remembersSession);
    next->restoreGeometry(saveGeometry());
    next->restoreState(saveState());
    next->setDisplayUnit(m_settings.displayUnit.value());
    next->setDarkPalette(m_dark);
    next->document()->reset(m_document->spec(), m_document->fileName(), m_document->pinned());
    if (m_document->hasMeasured())
        next->document()->setMeasured(m_document->measured());
    if (m_autosave) {
        const QString folder = m_autosave->folder();
        m_autosave->discard();
        next->startAutosave(folder);
    }
    next->show();
    // This window goes without writing the session: the new one holds the same and writes it.
    m_remembersSession = false;
    delete m_autosave;
    m_autosave = nullptr;
    close();
    return next;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Quitting never asks: the scenario on screen is remembered and comes back next time, so
    // nothing is lost by closing without saving to a file.
    bool sessionWritten = true;
    if (m_remembersSession) {
        m_settings.windowGeometry.setValue(saveGeometry());
        m_settings.windowState.setValue(saveState());
        if (screen())
            m_settings.windowScreen.setValue(screen()->availableGeometry().size());
        m_settings.lastScenario.setValue(
                QJsonDocument(scenarioFileToJson(m_document->spec(), m_document->pinned())).toJson(QJsonDocument::Compact));
        sessionWritten = m_settings.sync();
    }
    // A clean close: the session keeps the scenario, so the autosave goes; only after the
    // session is written, and not if it could not be (autosaverecovery.cpp says so).
    if (sessionWritten && m_autosave)
        m_autosave->discard();
    else if (!sessionWritten)
        keepAutosaveForFailedSession();
    event->accept();
}

} // namespace headroom
