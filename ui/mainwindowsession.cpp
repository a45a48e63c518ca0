// The window's session: restored at start, kept by the autosave while it runs, offered back after a crash, written when it closes, and carried into a window in another language.

#include "mainwindow.h"


#include <QCloseEvent>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLocale>
#include <QStatusBar>

#include <headroom/io/language.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/validation.h>

#include "languagemenu.h"
#include "messagebox.h"
#include "panes/inputpane.h"
#include "widgets/layoutfence.h"
#include "precision/precisionlabpanel.h"
#include "scenariodocument.h"
#include "settings.h"


namespace headroom {

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
    m_geometryRestored = fits && !geometry.isEmpty() && restoreGeometry(geometry);
    if (m_geometryRestored && !state.isEmpty())
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
