#include <headroom/io/measuredfile.h>

#include <cmath>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/io/jsonduplicates.h>
#include <headroom/io/jsonnesting.h>
#include <headroom/io/safefile.h>

namespace headroom {

namespace {

using Code = MeasuredFileError::Code;

MeasuredFileError problem(Code code, const QString &file, const QString &key, const QString &expected,
                          const QString &got, const QString &detail = {})
{
    MeasuredFileError e;
    e.code = code;
    e.file = file;
    e.key = key;
    e.expected = expected;
    e.got = got;
    e.detail = detail;
    return e;
}

QString kindOf(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 17);
    case QJsonValue::String: return QLatin1Char('"') + excerpt(v.toString()) + QLatin1Char('"');
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

class Reader
{
public:
    Reader(const QString &file) : m_file(file) {}

    MeasuredFileError error;

    bool object(const QJsonObject &parent, const QString &where, const char *key, QJsonObject &out, bool required = true)
    {
        const QString name = path(where, key);
        const QJsonValue v = parent.value(QLatin1String(key));
        if (v.isUndefined()) {
            if (required)
                fail(Code::MissingKey, name, QStringLiteral("an object"), QString());
            return !required;
        }
        if (!v.isObject())
            return fail(Code::WrongType, name, QStringLiteral("an object"), kindOf(v));
        out = v.toObject();
        return true;
    }

    bool text(const QJsonObject &parent, const QString &where, const char *key, QString &out, bool required)
    {
        const QString name = path(where, key);
        const QJsonValue v = parent.value(QLatin1String(key));
        if (v.isUndefined() || (!required && v.isNull()))
            return required ? fail(Code::MissingKey, name, QStringLiteral("a string"), QString()) : true;
        if (!v.isString())
            return fail(Code::WrongType, name, QStringLiteral("a string"), kindOf(v));
        out = excerpt(v.toString(), 200);
        return true;
    }

    //! A whole number 0 ... \a max; a null is "not measured" when \a nullable.
    bool integer(const QJsonObject &parent, const QString &where, const QString &key, qint64 max, bool nullable,
                 std::optional<qint64> &out)
    {
        const QString name = where.isEmpty() ? key : where + QLatin1Char('.') + key;
        const QJsonValue v = parent.value(key);
        const QString range = QStringLiteral("a whole number from 0 to %1").arg(max)
                + (nullable ? QStringLiteral(", or null when not measured") : QString());
        if (v.isUndefined())
            return fail(Code::MissingKey, name, range, QString());
        if (v.isNull() && nullable) {
            out.reset();
            return true;
        }
        if (!v.isDouble())
            return fail(Code::WrongType, name, range, kindOf(v));
        const double d = v.toDouble();
        if (!std::isfinite(d) || d != std::floor(d))
            return fail(Code::WrongType, name, range, kindOf(v));
        if (d < 0 || d > static_cast<double>(max))
            return fail(Code::OutOfRange, name, range, kindOf(v));
        out = static_cast<qint64>(d);
        return true;
    }

    bool fail(Code code, const QString &key, const QString &expected, const QString &got)
    {
        error = problem(code, m_file, key, expected, got);
        return false;
    }

private:
    static QString path(const QString &where, const char *key)
    {
        return where.isEmpty() ? QLatin1String(key) : where + QLatin1Char('.') + QLatin1String(key);
    }

    QString m_file;
};

} // namespace

MeasuredFileError readMeasuredFile(const QString &path, const Catalogue &catalogue, MeasuredRun &run)
{
    QByteArray data;
    const FileProblem read = readRegularFile(path, data, kMaxMeasuredFileBytes);
    switch (read.code) {
    case FileProblem::Code::None: break;
    case FileProblem::Code::NotRegularFile: return problem(Code::NotRegularFile, path, {}, {}, {});
    case FileProblem::Code::TooLarge:
        return problem(Code::TooLarge, path, {}, QString::number(kMaxMeasuredFileBytes), {});
    default: return problem(Code::CannotOpen, path, {}, {}, {}, read.detail);
    }
    return parseMeasuredJson(data, path, catalogue, run);
}

MeasuredFileError parseMeasuredJson(const QByteArray &json, const QString &path, const Catalogue &catalogue,
                                    MeasuredRun &run)
{
    if (const qsizetype at = jsonTooDeepAt(json, kMaxMeasuredDepth); at >= 0)
        return problem(Code::TooDeep, path, {}, QString::number(kMaxMeasuredDepth),
                       QStringLiteral("offset %1").arg(at));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return problem(Code::NotJson, path, {}, {}, {},
                       parseError.errorString() + QStringLiteral(" at offset ") + QString::number(parseError.offset));
    if (!doc.isObject())
        return problem(Code::NotJson, path, {}, QStringLiteral("a JSON object"),
                       doc.isArray() ? QStringLiteral("an array") : QStringLiteral("a single value"));
    if (const std::optional<DuplicateKey> twice = firstDuplicateKey(json))
        return problem(Code::DuplicateKey, path, excerpt(twice->path, 120), QStringLiteral("each key at most once in its object"),
                       QLatin1Char('"') + excerpt(twice->key) + QStringLiteral("\" a second time"));

    const QJsonObject root = doc.object();
    Reader r(path);
    std::optional<qint64> schema;
    if (!r.integer(root, QString(), QStringLiteral("schema"), 1000, false, schema))
        return r.error;
    if (*schema != kMeasuredSchema)
        return problem(Code::WrongSchema, path, QStringLiteral("schema"), QString::number(kMeasuredSchema),
                       QString::number(*schema));
    MeasuredRun m;
    m.path = path;
    QJsonObject measured, phases, by, scenario;
    std::optional<qint64> steps;
    if (!r.text(root, QString(), "device", m.device, true) || !r.text(root, QString(), "device_name", m.deviceName, false)
        || !r.text(root, QString(), "torch_version", m.torchVersion, false)
        || !r.integer(root, QString(), QStringLiteral("steps"), 1000000, false, steps)
        || !r.object(root, QString(), "measured", measured) || !r.object(measured, QStringLiteral("measured"), "phases", phases)
        || !r.object(root, QString(), "measured_by", by, false) || !r.object(root, QString(), "scenario", scenario))
        return r.error;
    m.steps = *steps;
    const QJsonValue tiny = root.value(QStringLiteral("tiny"));
    if (tiny.isUndefined())
        return problem(Code::MissingKey, path, QStringLiteral("tiny"), QStringLiteral("true or false"), {});
    if (!tiny.isBool())
        return problem(Code::WrongType, path, QStringLiteral("tiny"), QStringLiteral("true or false"), kindOf(tiny));
    m.tiny = tiny.toBool();

    for (MeasuredFigure f : kAllMeasuredFigures) {
        const std::string_view full = measuredFigureKey(f);
        const QString key = QString::fromLatin1(full.data(), qsizetype(full.size()));
        const bool phase = key.startsWith(QLatin1String("phases."));
        // Check scripts before 2026-12 did not read the device's used memory: absent, not measured.
        if (f == MeasuredFigure::DeviceUsed && measured.value(key).isUndefined())
            continue;
        std::optional<qint64> value;
        if (!r.integer(phase ? phases : measured, phase ? QStringLiteral("measured.phases") : QStringLiteral("measured"),
                       phase ? key.mid(7) : key, kMaxMeasuredBytes, true, value))
            return r.error;
        if (value)
            m.figures[f] = bytes(*value);
        const QJsonValue how = by.value(key);
        if (!how.isUndefined() && !how.isNull() && !how.isString())
            return problem(Code::WrongType, path, QStringLiteral("measured_by.") + key, QStringLiteral("a string"), kindOf(how));
        m.measuredBy[static_cast<std::size_t>(f)] = excerpt(how.toString(), 80);
    }
    const QJsonValue notes = root.value(QStringLiteral("notes"));
    if (!notes.isUndefined()) {
        if (!notes.isArray())
            return problem(Code::WrongType, path, QStringLiteral("notes"), QStringLiteral("an array of strings"), kindOf(notes));
        const QJsonArray list = notes.toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (!list.at(i).isString())
                return problem(Code::WrongType, path, QStringLiteral("notes[%1]").arg(i), QStringLiteral("a string"),
                               kindOf(list.at(i)));
            m.notes.append(excerpt(list.at(i).toString(), 300));
        }
    }
    m.scenario = realisticDefaults();
    const ScenarioError e = applyScenarioFileJson(scenario, catalogue, m.scenario, nullptr);
    if (!e.ok()) {
        MeasuredFileError bad = problem(Code::BadScenario, path, QStringLiteral("scenario.") + e.field, e.expected, e.got, e.detail);
        bad.scenario = e;
        return bad;
    }
    // A run on the CPU has no CUDA context and no caching allocator: its scenario's runtime share
    // is none, so the estimate beside it does not show a GPU's.
    if (m.device == QLatin1String("cpu")) {
        m.scenario.scenario.overhead.cudaContext = bytes(0);
        m.scenario.scenario.overhead.allocatorReserve = bytes(0);
    }
    run = m;
    return {};
}

} // namespace headroom
