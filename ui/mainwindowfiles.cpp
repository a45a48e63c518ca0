// The window's files: new, open (recent, dropped), import, save, and chart and report export.

#include "mainwindow.h"


#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>
#include <QUrl>
#include <QMenu>

#include <headroom/io/hfconfigtext.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/validation.h>

#include "charts/chartpane.h"
#include "chartsarea.h"
#include "deferredrefresh.h"
#include "languagemenu.h"
#include "messagebox.h"
#include "scenariotitle.h"
#include "modelimport.h"
#include "panes/comparepane.h"
#include "panes/doctorpane.h"
#include "panes/gpufitpane.h"
#include "panes/inputpane.h"
#include "panes/mathpane.h"
#include "widgets/layoutfence.h"
#include "panes/verdictpane.h"
#include "precision/precisionlabpanel.h"
#include "report/reportexport.h"
#include "scenariodocument.h"
#include "settings.h"


namespace headroom {

namespace {

QString scenarioFilter()
{
    return MainWindow::tr("Scenario files (*.json);;All files (*)");
}

} // namespace

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
                                                      tr("Training configs (*.json *.yaml *.yml *.toml);;All files (*)"));
    if (!path.isEmpty())
        importTrainingConfig(path);
}

bool MainWindow::importTrainingConfig(const QString &path, std::optional<FrameworkKind> kind, FrameworkModel model)
{
    QString error;
    QStringList report;
    if (!m_document->importTrainingConfig(path, &error, &report, kind, model)) {
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
    // The figures compare only against the scenario that ran: offer it when another is open.
    if (!m_document->measuredIsCurrent()) {
        //: %1 the scenario the measurement ran, %2 the one open in the window
        const QString text = tr("The measurement ran %1; the window shows %2, so its figures are compared with another "
                                "run's.\n\nOpen the measured scenario? (Edit › Undo brings yours back; File › Open the "
                                "Measured Scenario offers it again.)")
                                     .arg(modelTitle(m_document->measured().scenario, m_document->catalogue()),
                                          modelTitle(m_document->spec(), m_document->catalogue()));
        if (MessageBox::question(this, tr("Open the measured scenario?"), text, QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes)
            == QMessageBox::Yes)
            m_document->openMeasuredScenario();
    }
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
    if (info.suffix() == QLatin1String("yaml") || info.suffix() == QLatin1String("yml") || info.suffix() == QLatin1String("toml"))
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

} // namespace headroom
