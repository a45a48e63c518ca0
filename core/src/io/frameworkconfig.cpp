#include <headroom/io/frameworkconfig.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStringDecoder>

#include <headroom/io/jsonduplicates.h>
#include <headroom/io/jsonnesting.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>

#include "frameworkbody.h"
#include "yamltree.h"

namespace headroom {

using detail::ConfigReader;
using detail::digits;

namespace {

// "line 3, column 7" of byte \a offset (1-based, columns in bytes).
QString lineAndColumn(const QByteArray &data, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, data.size());
    const qsizetype line = data.left(offset).count('\n') + 1;
    const qsizetype lineStart = data.lastIndexOf('\n', offset - 1) + 1;
    return detail::FrameworkImportTr::tr("line %1, column %2").arg(line).arg(offset - lineStart + 1);
}

// Text, not a binary file: no NUL byte, valid UTF-8.
FrameworkError checkText(const QByteArray &data, const QString &file)
{
    if (const qsizetype nul = data.indexOf('\0'); nul >= 0)
        return { file, {}, detail::FrameworkImportTr::tr("a binary file, not a text config (a NUL byte at %1)").arg(lineAndColumn(data, nul)) };
    QStringDecoder utf8(QStringDecoder::Utf8);
    const QString decoded = utf8.decode(data);
    if (utf8.hasError())
        return { file, {}, detail::FrameworkImportTr::tr("not UTF-8 text: a binary file or another encoding") };
    return {};
}

/*
 * An upper bound of the nesting of YAML text, found without parsing it: the open block
 * indentation levels, plus the "- " entries that open on one line, plus the open flow brackets
 * ([ {) outside quotes and comments; literal and folded blocks (| >) are skipped. Refused here,
 * a deep file never reaches the parser, and the tree is never deeper than the bound.
 */
int yamlNesting(const QByteArray &data, qsizetype &where)
{
    std::vector<int> indents;
    int deepest = 0, flow = 0;
    char quote = 0;
    int blockIndent = -1; // inside a literal or folded block opened at this indentation
    qsizetype lineStart = 0;
    while (lineStart < data.size()) {
        qsizetype lineEnd = data.indexOf('\n', lineStart);
        if (lineEnd < 0)
            lineEnd = data.size();
        qsizetype i = lineStart;
        int indent = 0;
        while (i < lineEnd && (data.at(i) == ' ' || data.at(i) == '\t')) {
            ++i;
            ++indent;
        }
        const bool blank = i >= lineEnd || data.at(i) == '\r' || (data.at(i) == '#' && !quote);
        if (blockIndent >= 0 && (blank || indent > blockIndent)) {
            lineStart = lineEnd + 1;
            continue;
        }
        blockIndent = -1;
        if (blank) {
            lineStart = lineEnd + 1;
            continue;
        }
        if (!quote && flow == 0) {
            while (!indents.empty() && indents.back() >= indent)
                indents.pop_back();
            indents.push_back(indent);
        }
        int dashes = 0;
        if (!quote && flow == 0)
            while (i < lineEnd && data.at(i) == '-' && (i + 1 == lineEnd || data.at(i + 1) == ' ')) {
                ++dashes;
                ++i;
                while (i < lineEnd && data.at(i) == ' ')
                    ++i;
            }
        char last = 0; // the last character outside quotes that is not a space
        for (; i < lineEnd; ++i) {
            const char c = data.at(i);
            if (quote == '"') {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    quote = 0;
                continue;
            }
            if (quote == '\'') {
                if (c == '\'')
                    quote = 0;
                continue;
            }
            if (c == '#' && (i == lineStart || data.at(i - 1) == ' ' || data.at(i - 1) == '\t'))
                break;
            if ((c == '"' || c == '\'') && (last == 0 || last == ':' || last == '-' || last == '[' || last == '{' || last == ',')) {
                quote = c;
                continue;
            }
            if (c == '[' || c == '{')
                ++flow;
            else if ((c == ']' || c == '}') && flow > 0)
                --flow;
            const int depth = int(indents.size()) + dashes + flow;
            if (depth > deepest) {
                deepest = depth;
                if (deepest == kMaxFrameworkNesting + 1)
                    where = i;
            }
            if (c != ' ' && c != '\t' && c != '\r')
                last = c;
        }
        const int depth = int(indents.size()) + dashes + flow;
        if (depth > deepest) {
            deepest = depth;
            if (deepest == kMaxFrameworkNesting + 1)
                where = lineStart;
        }
        // "key: |", "key: >-", "- |2": a block of text follows, indented deeper.
        if (!quote && flow == 0 && (last == '|' || last == '>' || last == '-' || last == '+' || (last >= '1' && last <= '9'))) {
            const QByteArray tail = data.mid(lineStart, lineEnd - lineStart).trimmed();
            static const QRegularExpression block(QStringLiteral("(^|[:\\s-])[|>][-+1-9]*$"));
            if (block.match(QString::fromUtf8(tail)).hasMatch())
                blockIndent = indent;
        }
        lineStart = lineEnd + 1;
    }
    return deepest;
}

FrameworkError tooDeep(const QByteArray &data, const QString &file, qsizetype where)
{
    return { file, {},
             detail::FrameworkImportTr::tr("nested deeper than %1 levels (at %2): refused before parsing").arg(kMaxFrameworkNesting).arg(lineAndColumn(data, where)) };
}

} // namespace

namespace detail {

FrameworkError checkConfigText(const QByteArray &data, const QString &file)
{
    return checkText(data, file);
}

QString ConfigReader::shown(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 17);
    case QJsonValue::String: return QLatin1Char('"') + excerpt(v.toString()) + QLatin1Char('"');
    case QJsonValue::Array: return detail::FrameworkImportTr::tr("a list");
    case QJsonValue::Object: return detail::FrameworkImportTr::tr("a mapping");
    case QJsonValue::Undefined: break;
    }
    return detail::FrameworkImportTr::tr("nothing");
}

std::optional<Count> ConfigReader::count(const QJsonValue &v, const QString &key, Count min, Count max)
{
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || d != std::floor(d)) {
        fail(key, detail::FrameworkImportTr::tr("is %1; expected a whole number").arg(shown(v)));
        return std::nullopt;
    }
    if (d < double(min) || d > double(max)) {
        fail(key, detail::FrameworkImportTr::tr("is %1, out of range; allowed: %2 to %3").arg(shown(v), digits(min), digits(max)));
        return std::nullopt;
    }
    return static_cast<Count>(d);
}

std::optional<bool> ConfigReader::flag(const QJsonValue &v, const QString &key)
{
    if (!v.isBool()) {
        fail(key, detail::FrameworkImportTr::tr("is %1; expected true or false").arg(shown(v)));
        return std::nullopt;
    }
    return v.toBool();
}

std::optional<double> ConfigReader::real(const QJsonValue &v, const QString &key, double min, double max)
{
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || !(d >= min && d <= max)) {
        fail(key, detail::FrameworkImportTr::tr("is %1; expected a number from %2 to %3").arg(shown(v)).arg(min).arg(max));
        return std::nullopt;
    }
    return d;
}

std::optional<QString> ConfigReader::text(const QJsonValue &v, const QString &key)
{
    if (!v.isString()) {
        fail(key, detail::FrameworkImportTr::tr("is %1; expected text").arg(shown(v)));
        return std::nullopt;
    }
    return v.toString();
}

std::optional<QJsonObject> ConfigReader::object(const QJsonValue &v, const QString &key)
{
    if (absent(v))
        return QJsonObject();
    if (!v.isObject()) {
        fail(key, detail::FrameworkImportTr::tr("is %1; expected a mapping of keys").arg(shown(v)));
        return std::nullopt;
    }
    return v.toObject();
}

std::optional<QString> ConfigReader::choice(const QJsonValue &v, const QString &key, const QStringList &allowed, bool anyCase)
{
    if (v.isString())
        for (const QString &a : allowed)
            if (a.compare(v.toString(), anyCase ? Qt::CaseInsensitive : Qt::CaseSensitive) == 0)
                return a;
    fail(key, detail::FrameworkImportTr::tr("is %1; allowed: %2").arg(shown(v), allowed.join(QStringLiteral(", "))));
    return std::nullopt;
}

void ConfigReader::rest(const QJsonObject &o, const QString &prefix, const QStringList &handled)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!handled.contains(it.key()))
            note(FrameworkNote::Kind::Unknown, excerpt(keyPath(prefix, it.key())));
}

void ConfigReader::noEffect(const QJsonObject &o, const QString &prefix, const QStringList &handled, const QString &reason)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!handled.contains(it.key()))
            note(FrameworkNote::Kind::NoEffect, excerpt(keyPath(prefix, it.key())), reason);
}

FrameworkError readConfigBytes(const QString &path, QByteArray &data)
{
    const FileProblem p = readRegularFile(path, data, kMaxFrameworkConfigBytes);
    switch (p.code) {
    case FileProblem::Code::None: return {};
    case FileProblem::Code::NotRegularFile: return { path, {}, detail::FrameworkImportTr::tr("not a regular file: refused without reading it") };
    case FileProblem::Code::TooLarge:
        return { path, {}, detail::FrameworkImportTr::tr("larger than %1 bytes (10 MB): refused without reading it").arg(digits(kMaxFrameworkConfigBytes)) };
    default: return { path, {}, detail::FrameworkImportTr::tr("cannot be read: %1").arg(p.detail) };
    }
}

FrameworkError parseJsonConfig(const QByteArray &data, const QString &file, QJsonObject &root)
{
    if (data.size() > kMaxFrameworkConfigBytes)
        return { file, {}, detail::FrameworkImportTr::tr("larger than %1 bytes (10 MB): refused").arg(digits(kMaxFrameworkConfigBytes)) };
    if (FrameworkError e = checkText(data, file); !e.ok())
        return e;
    if (const qsizetype where = jsonTooDeepAt(data, kMaxFrameworkNesting); where >= 0)
        return tooDeep(data, file, where);
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return { file, {},
                 detail::FrameworkImportTr::tr("not valid JSON: %1 at %2").arg(parseError.errorString(), lineAndColumn(data, parseError.offset)) };
    if (!doc.isObject())
        return { file, {}, detail::FrameworkImportTr::tr("holds %1 at its top level; expected a JSON object").arg(doc.isArray() ? detail::FrameworkImportTr::tr("a list") : detail::FrameworkImportTr::tr("a single value")) };
    if (const std::optional<DuplicateKey> d = firstDuplicateKey(data))
        return { file, excerpt(d->path), detail::FrameworkImportTr::tr("given twice in the same object (JSON keeps only the last)") };
    root = doc.object();
    return {};
}

FrameworkError parseYamlConfig(const QByteArray &data, const QString &file, QJsonObject &root)
{
    if (data.size() > kMaxFrameworkConfigBytes)
        return { file, {}, detail::FrameworkImportTr::tr("larger than %1 bytes (10 MB): refused").arg(digits(kMaxFrameworkConfigBytes)) };
    if (FrameworkError e = checkText(data, file); !e.ok())
        return e;
    qsizetype where = 0;
    if (yamlNesting(data, where) > kMaxFrameworkNesting)
        return tooDeep(data, file, where);
    QJsonValue value;
    bool empty = false;
    if (FrameworkError e = readYamlTree(data, file, value, empty); !e.ok())
        return e;
    if (!value.isObject())
        return { file, {},
                 detail::FrameworkImportTr::tr("holds %1 at its top level; expected a mapping of keys")
                         .arg(value.isArray() ? detail::FrameworkImportTr::tr("a list")
                              : empty || value.isNull() ? detail::FrameworkImportTr::tr("nothing")
                                                        : detail::FrameworkImportTr::tr("a single value")) };
    root = value.toObject();
    return {};
}

HalfFormat halfFormatOf(const Scenario &s)
{
    const Recipe r = s.training.precision.recipe;
    return usesBf16(r) ? HalfFormat::Bf16 : usesFp16(r) ? HalfFormat::Fp16 : HalfFormat::None;
}

} // namespace detail

QString frameworkKindName(FrameworkKind kind)
{
    switch (kind) {
    case FrameworkKind::DeepSpeed: return QStringLiteral("deepspeed");
    case FrameworkKind::Accelerate: return QStringLiteral("accelerate");
    case FrameworkKind::Torchtune: return QStringLiteral("torchtune");
    case FrameworkKind::Axolotl: return QStringLiteral("axolotl");
    case FrameworkKind::LlamaFactory: return QStringLiteral("llamafactory");
    case FrameworkKind::Trl: return QStringLiteral("trl");
    case FrameworkKind::Torchtitan: return QStringLiteral("torchtitan");
    }
    return {};
}

QStringList FrameworkImport::keysOf(FrameworkNote::Kind k) const
{
    QStringList keys;
    for (const FrameworkNote &n : notes)
        if (n.kind == k)
            keys << n.key;
    return keys;
}

QString FrameworkError::text() const
{
    // The key path is built from the file's own keys and the file may be named by another
    // file (deepspeed_config_file): both escaped and bounded before they reach a terminal.
    const QString shownFile = excerpt(file, 4096);
    return key.isEmpty() ? QStringLiteral("%1: %2").arg(shownFile, problem)
                         : QStringLiteral("%1: %2: %3").arg(shownFile, excerpt(key, 200), problem);
}

FrameworkError parseFrameworkConfig(FrameworkKind kind, const QByteArray &data, const QString &file, const Scenario &current,
                                    FrameworkImport &out)
{
    QJsonObject root;
    const FrameworkError parsed = kind == FrameworkKind::DeepSpeed    ? detail::parseJsonConfig(data, file, root)
            : kind == FrameworkKind::Torchtitan                       ? detail::parseTomlConfig(data, file, root)
                                                                      : detail::parseYamlConfig(data, file, root);
    if (!parsed.ok())
        return parsed;
    FrameworkImport import;
    import.kind = kind;
    import.file = file;
    ConfigReader reader(file, current, import);
    switch (kind) {
    case FrameworkKind::DeepSpeed: detail::readDeepSpeed(root, reader); break;
    case FrameworkKind::Accelerate: detail::readAccelerate(root, file, reader); break;
    case FrameworkKind::Torchtune: detail::readTorchtune(root, detail::torchtuneLaunchOf(data), reader); break;
    case FrameworkKind::Axolotl: detail::readAxolotl(root, file, reader); break;
    case FrameworkKind::LlamaFactory: detail::readLlamaFactory(root, file, reader); break;
    case FrameworkKind::Trl: detail::readTrl(root, file, reader); break;
    case FrameworkKind::Torchtitan: detail::readTorchtitan(root, reader); break;
    }
    if (!reader.ok())
        return reader.error;
    out = import;
    return {};
}

FrameworkError readFrameworkConfig(FrameworkKind kind, const QString &path, const Scenario &current, FrameworkImport &out)
{
    QByteArray data;
    if (FrameworkError e = detail::readConfigBytes(path, data); !e.ok())
        return e;
    return parseFrameworkConfig(kind, data, path, current, out);
}

FrameworkError detectFrameworkKind(const QString &path, FrameworkKind &kind)
{
    if (QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0) {
        kind = FrameworkKind::DeepSpeed;
        return {};
    }
    if (QFileInfo(path).suffix().compare(QLatin1String("toml"), Qt::CaseInsensitive) == 0) {
        kind = FrameworkKind::Torchtitan;
        return {};
    }
    QByteArray data;
    if (FrameworkError e = detail::readConfigBytes(path, data); !e.ok())
        return e;
    QJsonObject root;
    if (FrameworkError e = detail::parseYamlConfig(data, path, root); !e.ok())
        return e;
    if (root.contains(QLatin1String("distributed_type")) || root.contains(QLatin1String("compute_environment"))) {
        kind = FrameworkKind::Accelerate;
        return {};
    }
    for (auto it = root.begin(); it != root.end(); ++it)
        if (it.value().toObject().contains(QLatin1String("_component_"))) {
            kind = FrameworkKind::Torchtune;
            return {};
        }
    if (root.contains(QLatin1String("base_model"))) {
        kind = FrameworkKind::Axolotl;
        return {};
    }
    if (root.contains(QLatin1String("model_name_or_path"))) {
        kind = root.contains(QLatin1String("stage")) || root.contains(QLatin1String("finetuning_type")) ? FrameworkKind::LlamaFactory
                                                                                                       : FrameworkKind::Trl;
        return {};
    }
    return { path, {},
             detail::FrameworkImportTr::tr("none of the configs Headroom reads: not Accelerate's (no distributed_type), torchtune's (no "
                                           "model._component_), axolotl's (no base_model), LLaMA-Factory's or TRL's (no "
                                           "model_name_or_path); a DeepSpeed config is a .json file") };
}

FrameworkError applyFrameworkImport(FrameworkImport &import, const Catalogue &catalogue, ScenarioSpec &spec, FrameworkModel model)
{
    ScenarioSpec work = spec;
    QList<FrameworkSetting> applied;
    QList<FrameworkNote> kept;
    for (const FrameworkSetting &s : import.settings) {
        const bool modelLine = s.option == QLatin1String("preset") || s.option == QLatin1String("hub-model");
        if (modelLine && model == FrameworkModel::GivenElsewhere) {
            kept.append({ FrameworkNote::Kind::NoEffect, s.source,
                          detail::FrameworkImportTr::tr("%1: the model given with the file (--preset or --hf-config) is estimated instead")
                                  .arg(ConfigReader::shown(s.value)) });
            continue;
        }
        // A model no preset is the checkpoint of, over a model imported from its config.json
        // (the window's File > Import Hugging Face Config, done first): that model is the one.
        if (s.option == QLatin1String("hub-model") && !work.imported.modelType.isEmpty() && !catalogue.presetOfCheckpoint(s.value.toString())) {
            kept.append({ FrameworkNote::Kind::NoEffect, s.source,
                          detail::FrameworkImportTr::tr("%1 is no preset's checkpoint: the imported model %2 is estimated")
                                  .arg(ConfigReader::shown(s.value), excerpt(work.modelName)) });
            continue;
        }
        // A file's vision settings over a language model (LLaMA-Factory's freeze_vision_tower is
        // in every template): nothing to train or freeze. A model given elsewhere comes after the
        // file, and takeModel() drops them from a model without a tower.
        if ((s.option == QLatin1String("vision-tower") || s.option == QLatin1String("images")) && model == FrameworkModel::FromFile
            && !work.scenario.model.vision.present()) {
            kept.append({ FrameworkNote::Kind::NoEffect, s.source,
                          detail::FrameworkImportTr::tr("the model has no vision tower Headroom knows") });
            continue;
        }
        const ScenarioKey *key = nullptr;
        for (const ScenarioKey &k : scenarioKeys())
            if (s.option == QLatin1String(k.option))
                key = &k;
        if (!key)
            return { import.file, s.source, detail::FrameworkImportTr::tr("maps to no scenario key (--%1)").arg(s.option) };
        const QJsonObject overlay{ { QStringLiteral("schema"), kScenarioSchema },
                                   { QLatin1String(key->group), QJsonObject{ { QLatin1String(key->key), s.value } } } };
        const ScenarioError e = applyScenarioJson(overlay, catalogue, work);
        if (e.ok() && modelLine) {
            // A preset replaces an imported model: its name and report go with it.
            work.imported = {};
            work.modelName.clear();
        }
        if (!e.ok()) {
            if (s.option == QLatin1String("hub-model"))
                return { import.file, s.source,
                         detail::FrameworkImportTr::tr("%1 is the checkpoint of no preset (nor a variant of one: -Instruct, -it, -chat, -hf, "
                                                       "-base); give the model's config.json with --hf-config FILE (in the window: File > "
                                                       "Import Hugging Face Config first), or choose a preset with --preset")
                                 .arg(ConfigReader::shown(s.value)) };
            return { import.file, s.source,
                     detail::FrameworkImportTr::tr("gives --%1 %2, which is refused; allowed: %3").arg(s.option, e.got.isEmpty() ? ConfigReader::shown(s.value) : e.got,
                                                                                e.expected) };
        }
        applied.append(s);
    }
    spec = work;
    import.settings = applied;
    import.notes.append(kept);
    return {};
}

QStringList frameworkImportReport(const FrameworkImport &import)
{
    QStringList lines;
    for (const FrameworkSetting &s : import.settings) {
        const QString value = s.value.isString() ? s.value.toString()
                : s.value.isBool()              ? (s.value.toBool() ? QStringLiteral("true") : QStringLiteral("false"))
                                                : QString::fromStdString(groupedNumber(Count(s.value.toDouble())));
        lines << detail::FrameworkImportTr::tr("%1: --%2 %3").arg(s.source, s.option, value);
    }
    for (const FrameworkNote &n : import.notes)
        if (n.kind == FrameworkNote::Kind::Auto)
            lines << detail::FrameworkImportTr::tr("%1: \"auto\", %2").arg(n.key, n.reason);
    lines << frameworkImportWarnings(import);
    // Keys without effect, grouped by their reason.
    QStringList reasons;
    for (const FrameworkNote &n : import.notes)
        if (n.kind == FrameworkNote::Kind::NoEffect && !reasons.contains(n.reason))
            reasons << n.reason;
    for (const QString &reason : reasons) {
        QStringList keys;
        for (const FrameworkNote &n : import.notes)
            if (n.kind == FrameworkNote::Kind::NoEffect && n.reason == reason)
                keys << n.key;
        lines << (reason.isEmpty() ? detail::FrameworkImportTr::tr("read, GPU memory does not depend on them: %1").arg(keys.join(QStringLiteral(", ")))
                                   : detail::FrameworkImportTr::tr("read, GPU memory does not depend on them (%1): %2").arg(reason, keys.join(QStringLiteral(", "))));
    }
    return lines;
}

QStringList frameworkImportWarnings(const FrameworkImport &import)
{
    QStringList lines;
    for (const FrameworkNote &n : import.notes)
        if (n.kind == FrameworkNote::Kind::NotModelled)
            lines << detail::FrameworkImportTr::tr("%1: not modelled, and memory depends on it: %2").arg(n.key, n.reason);
    const QStringList unknown = import.keysOf(FrameworkNote::Kind::Unknown);
    if (!unknown.isEmpty())
        lines << detail::FrameworkImportTr::tr("unknown keys, their effect unknown: %1").arg(unknown.join(QStringLiteral(", ")));
    return lines;
}

} // namespace headroom
