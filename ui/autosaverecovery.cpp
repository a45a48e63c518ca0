// The window's side of the per-window autosave (autosave.h): offering what a crashed process
// left, and keeping the scenario when the session cannot be written on closing. Apart from
// mainwindow.cpp so that the window's own file keeps to the window.

#include <QDir>

#include "autosave.h"
#include "mainwindow.h"
#include "messagebox.h"
#include "settings.h"

namespace headroom {

bool MainWindow::offerOrphanedAutosave()
{
    if (!m_autosave)
        return false;
    // The single file earlier versions wrote is an orphan too, in the standard place only.
    const QString legacy = m_autosave->folder() == Autosave::defaultFolder() ? Autosave::legacyPath() : QString();
    const std::unique_ptr<OrphanedAutosave> orphan = OrphanedAutosave::claimNewest(m_autosave->folder(), legacy);
    // Declined: offerRecovery() removed it; unreadable: moved aside. Either way the claim ends here.
    if (!orphan || !offerRecovery(orphan->path()))
        return false;
    // Restored: this window's own autosave holds it now, and only then does the orphan go. If
    // that write fails (autosave says so) the orphan stays for the next start.
    if (m_autosave->flush())
        orphan->remove();
    return true;
}

void MainWindow::keepAutosaveForFailedSession()
{
    const QString settings = QDir::toNativeSeparators(m_settings.fileName());
    if (m_autosave && m_autosave->flush()) {
        MessageBox::warning(this, tr("Cannot save the session"),
                            tr("The session could not be written to %1. The scenario on screen is kept in the autosave "
                               "%2 and is offered at the next start.")
                                    .arg(settings, QDir::toNativeSeparators(m_autosave->path())));
        return;
    }
    MessageBox::warning(this, tr("Cannot save the session"),
                        tr("The session could not be written to %1, and there is no autosave to keep the scenario on "
                           "screen: save it to a file (File › Save As) before quitting.")
                                .arg(settings));
}

} // namespace headroom
