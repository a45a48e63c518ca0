#include "autosave.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <headroom/io/safefile.h>

#include "labels.h"
#include "scenariodocument.h"

namespace headroom {

namespace {

class AutosaveText
{
    Q_DECLARE_TR_FUNCTIONS(AutosaveText)
};

// The file's own keys around a scenario file's object, so that a scenario file is never
// mistaken for an autosave or the other way round.
const QLatin1String kFormatKey("headroom_autosave");
const QLatin1String kFileKey("file");
const QLatin1String kSavedKey("saved_at");
const QLatin1String kScenarioKey("scenario");

// A window's own file: the process id (whose life the lock records), the time the window
// started and a count of windows in this process (a new language opens a new window), so that
// a process that reuses a crashed one's id never takes, or hides, that one's file.
QString ownFileName()
{
    static int windows = 0;
    return QStringLiteral("autosave-%1-%2-%3.json")
            .arg(QCoreApplication::applicationPid())
            .arg(QDateTime::currentMSecsSinceEpoch())
            .arg(++windows);
}

QString lockPathFor(const QString &autosave)
{
    return autosave + QStringLiteral(".lock");
}

} // namespace

Autosave::Autosave(ScenarioDocument *document, const QString &folder, QObject *parent)
    : QObject(parent),
      m_document(document),
      m_folder(folder),
      m_path(QDir(folder).filePath(ownFileName())),
      m_lock(lockPathFor(m_path))
{
    // Taken now, before anything is written: a file without a live lock is an orphan.
    own();
    m_timer.setSingleShot(true);
    m_timer.setInterval(kIdleMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::flush);
    connect(document, &ScenarioDocument::scenarioChanged, this, &Autosave::schedule);
    connect(document, &ScenarioDocument::pinnedChanged, this, &Autosave::schedule);
    connect(document, &ScenarioDocument::fileNameChanged, this, &Autosave::schedule);
}

Autosave::~Autosave() = default; // the lock goes with the object; the file stays, as a crash leaves it

QString Autosave::defaultFolder()
{
    // Not the application's own data location: that is named after the executable, and the
    // window, its tests and a restarted window must find the same folder.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/headroom/autosave");
}

QString Autosave::legacyPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/headroom/autosave.json");
}

bool Autosave::own()
{
    if (m_lock.isLocked())
        return true;
    if (!QDir().mkpath(m_folder))
        return false;
    // Never stale by age: a window may run for days. Only a dead owner makes it stale.
    m_lock.setStaleLockTime(0);
    return m_lock.tryLock(0);
}

void Autosave::schedule()
{
    if (!m_discarded)
        m_timer.start();
}

bool Autosave::flush()
{
    m_timer.stop();
    if (m_discarded)
        return true;
    QJsonObject root;
    root.insert(kFormatKey, 1);
    root.insert(kFileKey, m_document->fileName());
    root.insert(kSavedKey, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    root.insert(kScenarioKey, scenarioFileToJson(m_document->spec(), m_document->pinned()));
    if (!QDir().mkpath(m_folder)) {
        emit failed(AutosaveText::tr("Cannot autosave: the folder %1 cannot be made.").arg(QDir::toNativeSeparators(m_folder)));
        return false;
    }
    // Without its lock another window would take the file for an orphan and offer or remove it.
    if (!own()) {
        emit failed(AutosaveText::tr("Cannot autosave: the lock %1 cannot be made.").arg(QDir::toNativeSeparators(m_lock.fileName())));
        return false;
    }
    const FileProblem problem = writeFileAtomically(m_path, QJsonDocument(root).toJson(QJsonDocument::Compact));
    if (!problem.ok()) {
        emit failed(AutosaveText::tr("Cannot autosave to %1: %2").arg(QDir::toNativeSeparators(m_path), problem.detail));
        return false;
    }
    return true;
}

void Autosave::discard()
{
    m_timer.stop();
    m_discarded = true;
    // The file first: unlocked, it would be an orphan another window could claim meanwhile.
    QFile::remove(m_path);
    m_lock.unlock();
}

OrphanedAutosave::OrphanedAutosave(const QString &path) : m_path(path), m_lock(lockPathFor(path))
{
    m_lock.setStaleLockTime(0); // an owner that still runs keeps its file, however old
}

OrphanedAutosave::~OrphanedAutosave() = default; // releases the claim (QLockFile removes its file)

std::unique_ptr<OrphanedAutosave> OrphanedAutosave::claimNewest(const QString &folder, const QString &legacy)
{
    QFileInfoList candidates = QDir(folder).entryInfoList({ QStringLiteral("autosave-*.json") }, QDir::Files, QDir::Time);
    if (!legacy.isEmpty() && QFileInfo(legacy).isFile())
        candidates.append(QFileInfo(legacy));
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const QFileInfo &a, const QFileInfo &b) { return a.lastModified() > b.lastModified(); });
    for (const QFileInfo &file : candidates) {
        std::unique_ptr<OrphanedAutosave> claim(new OrphanedAutosave(file.filePath()));
        // Taken only if the owner is gone (a stale lock, removed) or never locked it (a crash
        // of a window destroyed without closing, the legacy file); an owner's own discard
        // removes the file before its lock, hence the second look.
        if (claim->m_lock.tryLock(0) && QFileInfo::exists(claim->m_path))
            return claim;
    }
    return nullptr;
}

void OrphanedAutosave::remove()
{
    QFile::remove(m_path);
    m_lock.unlock();
}

std::optional<Autosave::Recovery> Autosave::read(const QString &path, const Catalogue &catalogue, QString *error)
{
    if (!QFileInfo::exists(path))
        return std::nullopt;
    auto fail = [&](const QString &why) -> std::optional<Recovery> {
        if (error)
            *error = AutosaveText::tr("The autosave %1 cannot be read: %2").arg(QDir::toNativeSeparators(path), why);
        return std::nullopt;
    };
    QByteArray data;
    const FileProblem problem = readRegularFile(path, data);
    if (!problem.ok())
        return fail(problem.detail);
    QJsonParseError parse;
    const QJsonDocument json = QJsonDocument::fromJson(data, &parse);
    if (!json.isObject())
        return fail(parse.error != QJsonParseError::NoError ? parse.errorString() : AutosaveText::tr("it is not a JSON object"));
    const QJsonObject root = json.object();
    if (root.value(kFormatKey).toInt() != 1 || !root.value(kScenarioKey).isObject())
        return fail(AutosaveText::tr("it is not a Headroom autosave"));
    Recovery recovery;
    recovery.spec = realisticDefaults();
    const ScenarioError e = applyScenarioFileJson(root.value(kScenarioKey).toObject(), catalogue, recovery.spec, &recovery.pinned);
    if (!e.ok())
        return fail(Labels::scenarioError(e));
    recovery.fileName = root.value(kFileKey).toString();
    recovery.savedAt = QDateTime::fromString(root.value(kSavedKey).toString(), Qt::ISODate);
    return recovery;
}

} // namespace headroom
