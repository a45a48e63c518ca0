#include "mainwindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QFrame>
#include <QResizeEvent>
#include <QLayout>
#include <QScreen>
#include <QScrollArea>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <headroom/memory/validation.h>

#include "charts/chartpane.h"
#include "chartsarea.h"
#include "darkpalette.h"
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
    // The window's minimum size is its own (fitPanelMinima()'s width), never raised by what its
    // panels' contents ask for: a minimum taller than the screen made the window manager drop a
    // maximized window's state and grow it past the screen's bottom (seen at 1366 x 768 under
    // openbox after a pinned scenario raised the panels' minimum height from 676 to 720 px). The
    // panels scroll instead.
    QWidget::layout()->setSizeConstraint(QLayout::SetNoConstraint);
    // The first window fits the screen it opens on: 1920 x 1080 where there is room, the whole
    // available area otherwise (showFitted() maximizes it there).
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

void MainWindow::showFitted()
{
    // What a frame may add around the client area (openbox's and GNOME's title bars are 20-40 px,
    // their borders a few): a window of 1920 x 1080 shown windowed needs that much more room.
    constexpr int kFrameWidth = 32, kFrameHeight = 80;
    const QRect avail = screen() ? screen()->availableGeometry() : QRect();
    const bool roomy = avail.width() >= std::max(kCompactWidth, 1920 + kFrameWidth) && avail.height() >= 1080 + kFrameHeight;
    if (m_geometryRestored || (avail.isValid() && roomy))
        show();
    else
        showMaximized();
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
        const GpuSpec *gpu = gpuOf(m_document->spec(), m_document->catalogue());
        m_precision->setGpuSupportsBf16(gpu ? gpu->bf16 : true, gpu ? gpu->name : QString());
    };
    connect(m_document, &ScenarioDocument::scenarioChanged, m_precision, tellLab);
    tellLab();

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
             QStringLiteral("doctor"), QStringLiteral("gpus"), QStringLiteral("gpucost"), QStringLiteral("gpuplans"),
             QStringLiteral("compare"),
             QStringLiteral("precision"), QStringLiteral("precision-fp8") };
}

void MainWindow::flushRefreshes()
{
    for (DeferredRefresh *refresh : findChildren<DeferredRefresh *>())
        refresh->flush();
    // The GPU table arrives from the thread pool: on screen, it is made current too.
    if (m_charts->gpuFit()->table()->isVisible())
        m_charts->gpuFit()->waitForTable();
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
    if (name == QLatin1String("precision") || name == QLatin1String("precision-fp8")) {
        m_precisionDock->show();
        m_precisionDock->raise();
        if (name == QLatin1String("precision-fp8"))
            m_precision->showPage(PrecisionLabPanel::Page::Fp8Training);
        return m_precision;
    }
    if (name == QLatin1String("compare")) {
        m_charts->showCompare();
        return m_charts->compare();
    }
    if (name == QLatin1String("gpus") || name == QLatin1String("gpucost") || name == QLatin1String("gpuplans")) {
        m_charts->showGpuFit();
        m_charts->gpuFit()->showColumns(name == QLatin1String("gpus")      ? GpuFitPane::Columns::GpusNeeded
                                                : name == QLatin1String("gpucost") ? GpuFitPane::Columns::TimeAndCost
                                                                                   : GpuFitPane::Columns::Plans);
        // The table and the search are fitted off the GUI thread; a panel asked for by name (a
        // screenshot, a test) shows their answer.
        if (name == QLatin1String("gpuplans"))
            m_charts->gpuFit()->waitForSearch();
        else
            m_charts->gpuFit()->waitForTable();
        return m_charts->gpuFit();
    }
    if (name == QLatin1String("doctor")) {
        m_doctorDock->show();
        m_doctorDock->raise();
        return m_doctor;
    }
    return nullptr;
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

} // namespace headroom
