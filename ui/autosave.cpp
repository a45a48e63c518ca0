#include "autosave.h"

#include <QCoreApplication>
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

} // namespace

Autosave::Autosave(ScenarioDocument *document, const QString &path, QObject *parent)
    : QObject(parent), m_document(document), m_path(path)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kIdleMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::flush);
    connect(document, &ScenarioDocument::scenarioChanged, this, &Autosave::schedule);
    connect(document, &ScenarioDocument::pinnedChanged, this, &Autosave::schedule);
    connect(document, &ScenarioDocument::fileNameChanged, this, &Autosave::schedule);
}

QString Autosave::defaultPath()
{
    // Not the application's own data location: that is named after the executable, and the
    // window, its tests and a restarted window must find the same file.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/headroom/autosave.json");
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
    const QString folder = QFileInfo(m_path).absolutePath();
    if (!QDir().mkpath(folder)) {
        emit failed(AutosaveText::tr("Cannot autosave: the folder %1 cannot be made.").arg(QDir::toNativeSeparators(folder)));
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
    QFile::remove(m_path);
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
