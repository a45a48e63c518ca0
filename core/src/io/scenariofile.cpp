#include <headroom/io/scenariofile.h>

#include <cmath>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/io/jsonduplicates.h>
#include <headroom/io/quantityparse.h>
#include <headroom/io/jsonplace.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/validation.h>

#include "scenariokeytable.h"

namespace headroom {

namespace {

using scenariokeys::KeyEntry;
using scenariokeys::Value;
using scenariokeys::entries;

const char *kindName(ValueKind kind)
{
    switch (kind) {
    case ValueKind::Count: return "a whole number";
    case ValueKind::Bytes: return "a byte size";
    case ValueKind::Bool: return "true or false";
    case ValueKind::Name: return "a name";
    case ValueKind::Real: return "a number";
    }
    return "";
}

enum class Read { Ok, WrongType, TooLarge };

// Reads one JSON value as the key's kind; counts may be numbers or strings ("7B").
Read readValue(const QJsonValue &json, ValueKind kind, Value &out)
{
    switch (kind) {
    case ValueKind::Count:
    case ValueKind::Bytes: {
        if (json.isDouble()) {
            // A whole number beyond +-9e15 (JSON numbers are doubles, exact to 2^53) is out of
            // every field's range rather than "not a whole number".
            const double d = json.toDouble();
            if (std::isfinite(d) && d != std::trunc(d))
                return Read::WrongType;
            if (!std::isfinite(d) || d < -9e15 || d > 9e15)
                return Read::TooLarge;
            out.count = json.toInteger();
            return Read::Ok;
        }
        if (!json.isString())
            return Read::WrongType;
        std::string text = json.toString().trimmed().toStdString();
        // A leading minus is read so that validation can say "out of range" rather than
        // "not a number" for a negative size.
        const bool negative = !text.empty() && text.front() == '-';
        if (negative)
            text.erase(0, 1);
        bool tooLarge = false;
        if (kind == ValueKind::Count) {
            const auto c = parseCount(text, &tooLarge);
            if (!c)
                return tooLarge ? Read::TooLarge : Read::WrongType;
            out.count = *c;
        } else {
            const auto b = parseBytes(text, &tooLarge);
            if (!b)
                return tooLarge ? Read::TooLarge : Read::WrongType;
            out.count = countOf(*b);
        }
        if (negative)
            out.count = -out.count;
        return Read::Ok;
    }
    case ValueKind::Bool:
        if (!json.isBool())
            return Read::WrongType;
        out.flag = json.toBool();
        return Read::Ok;
    case ValueKind::Name:
        if (!json.isString())
            return Read::WrongType;
        out.name = json.toString();
        return Read::Ok;
    case ValueKind::Real:
        if (!json.isDouble())
            return Read::WrongType;
        out.real = json.toDouble();
        return Read::Ok;
    }
    return Read::WrongType;
}

// The offending value as a message quotes it: strings escaped and cut short (excerpt()).
QString shown(const QJsonValue &v)
{
    if (v.isString())
        return QLatin1Char('"') + excerpt(v.toString()) + QLatin1Char('"');
    if (v.isArray() || v.isObject())
        return v.isArray() ? QStringLiteral("an array") : QStringLiteral("an object");
    return QString::fromUtf8(QJsonDocument(QJsonArray{ v }).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

// The range a key's messages give: its field's, the overhead's that of the CUDA context it is
// stored as, else every count a file can hold exactly.
FieldRange allowedRange(const ScenarioKey &key)
{
    if (qstrcmp(key.option, "overhead") == 0)
        return fieldRange(Field::CudaContext);
    if (const std::optional<Field> f = fieldFromName(key.option))
        return fieldRange(*f);
    return { -9'000'000'000'000'000, 9'000'000'000'000'000 };
}

// Counts the scenario cannot keep as given, refused when read (quoting the value as given)
// instead of being clamped or stored elsewhere for validate() to misname: the ZeRO stage is an
// enum that holds -1 to 1,000,000 (so that validate() still names a 5 itself), and the overhead
// is stored as the CUDA context, which validate() would blame.
std::optional<FieldRange> heldRange(const ScenarioKey &key)
{
    if (qstrcmp(key.option, "zero") == 0)
        return FieldRange{ -1, 1'000'000 };
    if (qstrcmp(key.option, "overhead") == 0)
        return fieldRange(Field::CudaContext);
    // Kept as given, these would read as "the default" or "the stack's" (0 or a negative is how
    // the scenario stores that) and validate() would let them pass: they are refused with the
    // field's range instead. A file never holds them (scenarioToJson() writes the default out).
    // completion-length is kept as the sequence (prompt + completion), which validate() would blame.
    // A negative reserve is the modelled cache's marker ("allocator-cache": "modelled" names it).
    for (const char *aliasesDefault : { "params", "ffn", "kv-heads", "loss-chunks", "max-live-parameters", "allocator-reserve",
                                        "prefetch-bucket", "persistence-threshold", "reduce-bucket", "completion-length" })
        if (qstrcmp(key.option, aliasesDefault) == 0)
            return fieldRange(*fieldFromName(key.option));
    return std::nullopt;
}

QString rangeText(const FieldRange &r)
{
    return QString::fromStdString(groupedNumber(r.min) + " to " + groupedNumber(r.max));
}

} // namespace

ScenarioError applyScenarioJson(const QJsonObject &input, const Catalogue &catalogue, ScenarioSpec &spec)
{
    // Schema-1 files written before model.family was renamed model.arch (saved sessions, the
    // calibration harness's gpu_peak.py) still read: the old key is taken as the new one.
    QJsonObject root = input;
    if (const QJsonValue m = root.value(QStringLiteral("model")); m.isObject()) {
        QJsonObject model = m.toObject();
        if (model.contains(QStringLiteral("family")) && !model.contains(QStringLiteral("arch"))) {
            model.insert(QStringLiteral("arch"), model.take(QStringLiteral("family")));
            root.insert(QStringLiteral("model"), model);
        }
    }
    const QJsonValue schema = root.value(QStringLiteral("schema"));
    if (!schema.isDouble() || schema.toInt() != kScenarioSchema)
        return { ScenarioError::Code::WrongSchema, QStringLiteral("schema"), QString::number(kScenarioSchema),
                 schema.isUndefined() ? QStringLiteral("nothing") : shown(schema), {} };
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (it.key() == QLatin1String("schema"))
            continue;
        bool known = false;
        for (const KeyEntry &e : entries())
            known = known || it.key() == QLatin1String(e.key.group);
        if (!known)
            return { ScenarioError::Code::UnknownKey, excerpt(it.key()),
                     QStringLiteral("model, training, activations, runtime, gpu, parallel, lora or stack"), excerpt(it.key()), {} };
        if (!it.value().isObject())
            return { ScenarioError::Code::WrongType, it.key(), QStringLiteral("an object"), shown(it.value()), {} };
        const QJsonObject group = it.value().toObject();
        for (auto k = group.begin(); k != group.end(); ++k) {
            bool found = false;
            for (const KeyEntry &e : entries())
                found = found || (it.key() == QLatin1String(e.key.group) && k.key() == QLatin1String(e.key.key));
            if (!found)
                return { ScenarioError::Code::UnknownKey, it.key() + QLatin1Char('.') + excerpt(k.key()),
                         QStringLiteral("a key listed in the README's scenario schema"), excerpt(k.key()), {} };
        }
    }

    ScenarioSpec result = spec;
    // The preset goes first so that the file's own model keys refine it, whatever their order.
    for (int pass = 0; pass < 2; ++pass) {
        for (const KeyEntry &e : entries()) {
            // The preset and the stack go first: the other keys refine them.
            const bool isPreset = qstrcmp(e.key.key, "preset") == 0 || (qstrcmp(e.key.group, "stack") == 0 && qstrcmp(e.key.key, "name") == 0);
            if ((pass == 0) != isPreset)
                continue;
            const QJsonValue json = root.value(QLatin1String(e.key.group)).toObject().value(QLatin1String(e.key.key));
            if (json.isUndefined())
                continue;
            const QString field = QLatin1String(e.key.group) + QLatin1Char('.') + QLatin1String(e.key.key);
            Value v;
            const Read read = readValue(json, e.key.kind, v);
            // Named with the field's own range, as validation would name it.
            if (read == Read::TooLarge)
                return { ScenarioError::Code::OutOfRange, field, rangeText(allowedRange(e.key)), shown(json), {} };
            if (read != Read::Ok)
                return { ScenarioError::Code::WrongType, field,
                         QLatin1String(kindName(e.key.kind)) + QStringLiteral(" (") + QLatin1String(e.key.allowed) + QLatin1Char(')'),
                         shown(json), {} };
            if (const std::optional<FieldRange> held = heldRange(e.key); held && (v.count < held->min || v.count > held->max))
                return { ScenarioError::Code::OutOfRange, field, rangeText(allowedRange(e.key)), shown(json), {} };
            if (!e.apply(result, v, catalogue))
                return { ScenarioError::Code::UnknownName, field, QLatin1String(e.key.allowed), shown(json), {} };
        }
    }
    spec = result;
    return {};
}

void takeModel(ScenarioSpec &spec, const ModelSpec &model)
{
    spec.scenario.model = model;
    if (model.maxPositions > 0 && spec.scenario.training.sequence > model.maxPositions)
        spec.scenario.training.sequence = model.maxPositions;
    // A model without a vision tower runs no images: what a multimodal model left behind goes.
    if (!model.vision.present()) {
        spec.scenario.training.images = 0;
        spec.scenario.training.visionTrained = false;
    }
}

ScenarioSpec realisticDefaults()
{
    ScenarioSpec spec;
    applyStackDefaults(spec.scenario, TrainingStack::HfTrainer);
    return spec;
}

ScenarioError applyScenarioFileJson(const QJsonObject &input, const Catalogue &catalogue, ScenarioSpec &spec,
                                    QList<PinnedScenario> *pinned)
{
    QJsonObject root = input;
    const QJsonValue compare = root.take(QStringLiteral("compare"));
    QList<PinnedScenario> read;
    if (!compare.isUndefined()) {
        if (!compare.isArray())
            return { ScenarioError::Code::WrongType, QStringLiteral("compare"), QStringLiteral("an array of pinned scenarios"),
                     shown(compare), {} };
        const QJsonArray entries = compare.toArray();
        if (entries.size() > kMaxPinnedScenarios)
            return { ScenarioError::Code::OutOfRange, QStringLiteral("compare"),
                     QStringLiteral("0 to %1 pinned scenarios").arg(kMaxPinnedScenarios), QString::number(entries.size()), {} };
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const QString at = QStringLiteral("compare[%1]").arg(i);
            if (!entries.at(i).isObject())
                return { ScenarioError::Code::WrongType, at, QStringLiteral("an object with name and scenario"),
                         shown(entries.at(i)), {} };
            const QJsonObject entry = entries.at(i).toObject();
            for (auto it = entry.begin(); it != entry.end(); ++it)
                if (it.key() != QLatin1String("name") && it.key() != QLatin1String("scenario"))
                    return { ScenarioError::Code::UnknownKey, at + QLatin1Char('.') + excerpt(it.key()),
                             QStringLiteral("name or scenario"), excerpt(it.key()), {} };
            const QJsonValue name = entry.value(QStringLiteral("name"));
            if (!name.isString() || name.toString().trimmed().isEmpty() || name.toString().size() > kMaxPinnedNameLength)
                return { ScenarioError::Code::WrongType, at + QStringLiteral(".name"),
                         QStringLiteral("a name of 1 to %1 characters").arg(kMaxPinnedNameLength), shown(name), {} };
            const QJsonValue scenario = entry.value(QStringLiteral("scenario"));
            if (!scenario.isObject())
                return { ScenarioError::Code::WrongType, at + QStringLiteral(".scenario"), QStringLiteral("a scenario object"),
                         shown(scenario), {} };
            PinnedScenario p{ name.toString().trimmed(), realisticDefaults() };
            ScenarioError e = applyScenarioJson(scenario.toObject(), catalogue, p.spec);
            if (!e.ok()) {
                e.field = at + QStringLiteral(".scenario.") + e.field;
                return e;
            }
            read.append(p);
        }
    }
    ScenarioSpec result = spec;
    const ScenarioError e = applyScenarioJson(root, catalogue, result);
    if (!e.ok())
        return e;
    spec = result;
    if (pinned)
        *pinned = read;
    return {};
}

ScenarioError readScenarioFile(const QString &path, const Catalogue &catalogue, ScenarioSpec &spec,
                               QList<PinnedScenario> *pinned)
{
    QByteArray data;
    const FileProblem problem = readRegularFile(path, data);
    switch (problem.code) {
    case FileProblem::Code::None: break;
    case FileProblem::Code::NotRegularFile: return { ScenarioError::Code::NotRegularFile, path, {}, {}, {} };
    case FileProblem::Code::TooLarge:
        return { ScenarioError::Code::TooLarge, path, QString::number(kMaxInputFileBytes), {}, {} };
    default: return { ScenarioError::Code::CannotOpen, path, {}, {}, problem.detail };
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // QJsonDocument takes only an object or an array at the top level; a lone number,
        // string, true, false or null is valid JSON all the same, and wrapped in an array it
        // parses: say that the top level must be an object rather than "not valid JSON".
        if (const QJsonDocument wrapped = QJsonDocument::fromJson('[' + data + ']'); wrapped.isArray() && wrapped.array().size() == 1)
            return { ScenarioError::Code::NotJson, path, QStringLiteral("a JSON object"), QStringLiteral("a single value"), {} };
        return { ScenarioError::Code::NotJson, path, {}, {},
                 jsonErrorText(parseError, data) };
    }
    if (!doc.isObject())
        return { ScenarioError::Code::NotJson, path, QStringLiteral("a JSON object"),
                 doc.isArray() ? QStringLiteral("an array") : QStringLiteral("a single value"), {} };
    // QJsonDocument keeps the last of duplicated keys; a file that names one twice is refused
    // (worded as a wrong value so that every front end already has words for it).
    if (const std::optional<DuplicateKey> twice = firstDuplicateKey(data))
        return { ScenarioError::Code::WrongType, excerpt(twice->path, 120), QStringLiteral("each key at most once in its object"),
                 QLatin1Char('"') + excerpt(twice->key) + QStringLiteral("\" a second time"), {} };
    return applyScenarioFileJson(doc.object(), catalogue, spec, pinned);
}

} // namespace headroom
