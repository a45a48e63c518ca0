#pragma once

// Nothing lost in a crash: the scenario on screen (with its pinned ones and the file it came
// from) is written, atomically, a few seconds after the last change, to the user's data folder.
// A clean close removes the file (the session keeps the scenario then), so a file found at start
// means the last run did not end cleanly, and the window offers what it holds.

#include <optional>

#include <QDateTime>
#include <QList>
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

    //! Watches \a document and writes to \a path.
    Autosave(ScenarioDocument *document, const QString &path, QObject *parent = nullptr);

    //! The standard place: <generic data location>/headroom/autosave.json.
    static QString defaultPath();
    QString path() const { return m_path; }

    //! Writes now if a change is waiting (tests, and before a risky step). False if the write
    //! failed; the previous autosave then stays as it was.
    bool flush();
    //! The window closed cleanly: the file goes, and nothing more is written.
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

    ScenarioDocument *m_document;
    QString m_path;
    QTimer m_timer;
    bool m_discarded = false;
};

} // namespace headroom
