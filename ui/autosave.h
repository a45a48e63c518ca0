#pragma once

// Nothing lost in a crash: the scenario on screen (with its pinned ones and the file it came
// from) is written, atomically, a few seconds after the last change, to the user's data folder.
// Each window has a file of its own (autosave-<pid>-<n>.json) and holds a lock beside it while
// it lives (QLockFile: the process id, checked for life by whoever finds the file). A clean close
// removes both (the session keeps the scenario then), so a file whose lock is stale or missing
// was left by a process that did not end cleanly, and a new window offers what it holds. A file
// whose owner still runs is never offered and never removed by another window.

#include <memory>
#include <optional>

#include <QDateTime>
#include <QList>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>

namespace headroom {

class ScenarioDocument;

class Autosave final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Autosave)

public:
    //! Idle time after a change before it is written: a drag writes once, at its end.
    static constexpr int kIdleMs = 3000;

    //! What an autosave file holds.
    struct Recovery
    {
        ScenarioSpec spec;
        QList<PinnedScenario> pinned;
        QString fileName; //!< the file the scenario was opened from or saved to; empty if none
        QDateTime savedAt;
    };

    //! Watches \a document and writes to a file of its own in \a folder, locked while it lives.
    Autosave(ScenarioDocument *document, const QString &folder, QObject *parent = nullptr);
    ~Autosave() override;

    //! The standard place: <generic data location>/headroom/autosave/.
    static QString defaultFolder();
    //! Where the single autosave of versions before per-window files was (offered once as an orphan).
    static QString legacyPath();
    QString folder() const { return m_folder; }
    QString path() const { return m_path; }

    //! Writes now if a change is waiting (tests, and before a risky step). False if the write
    //! failed; the previous autosave then stays as it was.
    bool flush();
    //! The window closed cleanly: the file goes (then its lock), and nothing more is written.
    void discard();
    bool isPending() const { return m_timer.isActive(); }

    /*!
     * Reads the autosave at \a path: nullopt when there is none, or when it does not read (then
     * \a error says why, naming the file). Never changes anything.
     */
    static std::optional<Recovery> read(const QString &path, const Catalogue &catalogue, QString *error);

signals:
    //! A write failed (a full disk, a folder that cannot be made): \a message says why.
    void failed(const QString &message);

private:
    void schedule();
    bool own();

    ScenarioDocument *m_document;
    QString m_folder;
    QString m_path;
    QLockFile m_lock;
    QTimer m_timer;
    bool m_discarded = false;
};

/*!
 * An autosave left by a process that is gone (its lock stale or missing), claimed by this one:
 * its lock is taken, so no other window starting now offers it too. The claim ends with the
 * object and leaves the file for a later start, unless remove() deleted it.
 */
class OrphanedAutosave final
{
    Q_DISABLE_COPY_MOVE(OrphanedAutosave)

public:
    /*!
     * The most recently written orphan in \a folder (and the single file of earlier versions,
     * \a legacy, if given), claimed; null if there is none. Files of running windows are
     * skipped, whatever their age.
     */
    static std::unique_ptr<OrphanedAutosave> claimNewest(const QString &folder, const QString &legacy = {});
    ~OrphanedAutosave();

    const QString &path() const { return m_path; }
    //! Deletes the file (if still there), then releases the claim.
    void remove();

private:
    explicit OrphanedAutosave(const QString &path);

    QString m_path;
    QLockFile m_lock;
};

} // namespace headroom
