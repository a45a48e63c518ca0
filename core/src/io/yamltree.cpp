#include "yamltree.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include <QRegularExpression>

#include <yaml.h>

#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

QString utf8(const yaml_char_t *text, std::size_t length)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(text), qsizetype(length));
}

bool isTag(const yaml_char_t *tag, const char *name)
{
    // strcmp, which stops at the shorter string's end (a fixed-length compare read past a short tag).
    return tag && std::strcmp(reinterpret_cast<const char *>(tag), name) == 0;
}

// YAML 1.1 as Python's tools load it: PyYAML's safe loader (yes/no/on/off are booleans) with
// OmegaConf's float rule (2e-5 is a number, PyYAML alone reads it as text). Text as it is when
// quoted, a block (| >), tagged !!str (`!!str 4`) or the non-specific `!`; any other tag is
// resolved from the text, as yaml-cpp resolved it before (Headroom 0.1's reader).
QJsonValue resolveScalar(const yaml_event_t &event)
{
    const auto &scalar = event.data.scalar;
    const QString s = utf8(scalar.value, scalar.length);
    if (isTag(scalar.tag, YAML_STR_TAG) || isTag(scalar.tag, "!"))
        return s;
    if (!scalar.tag && scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return s;
    static const QRegularExpression nulls(QStringLiteral("^(~|null|Null|NULL|)$"));
    static const QRegularExpression truths(QStringLiteral("^(true|True|TRUE|yes|Yes|YES|on|On|ON)$"));
    static const QRegularExpression falses(QStringLiteral("^(false|False|FALSE|no|No|NO|off|Off|OFF)$"));
    static const QRegularExpression number(QStringLiteral("^[-+]?([0-9][0-9_]*(\\.[0-9_]*)?|\\.[0-9_]+)([eE][-+]?[0-9]+)?$"));
    if (nulls.match(s).hasMatch())
        return QJsonValue(QJsonValue::Null);
    if (truths.match(s).hasMatch())
        return true;
    if (falses.match(s).hasMatch())
        return false;
    if (number.match(s).hasMatch()) {
        QString plain = s;
        plain.remove(QLatin1Char('_'));
        bool ok = false;
        const double d = plain.toDouble(&ok);
        if (ok && std::isfinite(d))
            return d;
    }
    return s;
}

// A node given an anchor (&name), kept for the aliases (*name) that repeat it.
struct Anchored
{
    QJsonValue value;
    int values = 0;   //!< the nodes it stands for, itself included
    int depth = 0;    //!< the levels it nests, itself included
    bool scalar = false;
    QString text;     //!< a scalar's text, for an alias used as a key
};

// A mapping or sequence being read.
struct Open
{
    bool map = false;
    QJsonObject object;
    QJsonArray array;
    QString path;              //!< where it sits, as messages name it
    std::string anchor;
    int valuesAtStart = 0;
    int depth = 1;             //!< the levels it nests so far, itself included
    // A mapping: the key whose value comes next, and the merges (<<) to apply at its end.
    bool haveKey = false;
    bool mergeKey = false;
    QString key;
    std::vector<QJsonValue> merges;
    qsizetype index = 0;       //!< a sequence: the next element's index
};

class TreeReader
{
public:
    explicit TreeReader(const QString &file) : m_file(file) { }

    FrameworkError error;
    QJsonValue root;
    bool haveRoot = false;

    // One event; false once the tree is done or refused.
    bool take(const yaml_event_t &event)
    {
        switch (event.type) {
        case YAML_DOCUMENT_START_EVENT:
            if (++m_documents > 1) {
                fail(QString(), FrameworkImportTr::tr("holds more than one YAML document (---): a config is one document, as "
                                                      "Python's yaml.safe_load requires"));
                return false;
            }
            return true;
        case YAML_SCALAR_EVENT: return scalar(event);
        case YAML_ALIAS_EVENT: return alias(event);
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT: return open(event);
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT: return close();
        default: return true; // stream start and end, document end
        }
    }

private:
    QString m_file;
    std::vector<Open> m_open;
    std::unordered_map<std::string, Anchored> m_anchors;
    int m_documents = 0;
    int m_nodes = 0;    //!< nodes read, keys included
    int m_values = 0;   //!< values the tree holds, aliases expanded
    bool m_expanded = false;

    void fail(const QString &key, const QString &problem) { error = { m_file, key, problem }; }

    bool keyExpected() const { return !m_open.empty() && m_open.back().map && !m_open.back().haveKey; }

    QString childPath() const
    {
        if (m_open.empty())
            return QString();
        const Open &parent = m_open.back();
        return parent.map ? keyPath(parent.path, parent.key) : parent.path + QStringLiteral("[%1]").arg(parent.index);
    }

    // The bounds: the nodes read (keys too) before any tree could grow past them, and the
    // values the tree holds once aliases repeat what they name.
    bool count(int values)
    {
        if (++m_nodes > 2 * kMaxFrameworkValues || (m_values += values) > kMaxFrameworkValues) {
            fail(QString(), m_expanded ? FrameworkImportTr::tr("the file stands for more than %1 values (through aliases): refused")
                                                 .arg(digits(kMaxFrameworkValues))
                                       : FrameworkImportTr::tr("holds more than %1 values: refused before reading them").arg(digits(kMaxFrameworkValues)));
            return false;
        }
        return true;
    }

    bool nestingAllowed(int depth, const QString &path)
    {
        if (int(m_open.size()) + depth <= kMaxFrameworkNesting)
            return true;
        fail(path, FrameworkImportTr::tr("nested deeper than %1 levels").arg(kMaxFrameworkNesting));
        return false;
    }

    // A key of the open mapping: plain text, or the merge key (<<, unquoted and untagged).
    bool key(const QString &text, bool merge)
    {
        Open &map = m_open.back();
        map.haveKey = true;
        map.mergeKey = merge;
        map.key = text;
        if (!merge && map.object.contains(text)) {
            fail(excerpt(keyPath(map.path, text)), FrameworkImportTr::tr("given twice in the same mapping (which one counts is the reader's guess)"));
            return false;
        }
        return true;
    }

    bool notPlainKey()
    {
        fail(m_open.back().path, FrameworkImportTr::tr("a key that is not plain text (a list or a mapping as a key)"));
        return false;
    }

    // A finished node into its parent, or as the document.
    void place(const QJsonValue &value, int depth)
    {
        if (m_open.empty()) {
            root = value;
            haveRoot = true;
            return;
        }
        Open &parent = m_open.back();
        parent.depth = std::max(parent.depth, depth + 1);
        if (!parent.map) {
            parent.array.append(value);
            ++parent.index;
            return;
        }
        parent.haveKey = false;
        if (parent.mergeKey)
            parent.merges.push_back(value);
        else
            parent.object.insert(parent.key, value);
    }

    void remember(const yaml_char_t *anchor, Anchored anchored)
    {
        if (anchor)
            m_anchors[reinterpret_cast<const char *>(anchor)] = std::move(anchored);
    }

    bool scalar(const yaml_event_t &event)
    {
        const auto &s = event.data.scalar;
        if (keyExpected()) {
            if (!count(0))
                return false;
            const QString text = utf8(s.value, s.length);
            const bool merge = text == QLatin1String("<<") && !s.tag && s.style == YAML_PLAIN_SCALAR_STYLE;
            remember(s.anchor, { QJsonValue(text), 1, 1, true, text });
            return key(text, merge);
        }
        if (!count(1) || !nestingAllowed(1, childPath()))
            return false;
        const QJsonValue value = resolveScalar(event);
        remember(s.anchor, { value, 1, 1, true, utf8(s.value, s.length) });
        place(value, 1);
        return true;
    }

    bool alias(const yaml_event_t &event)
    {
        const auto found = m_anchors.find(reinterpret_cast<const char *>(event.data.alias.anchor));
        if (found == m_anchors.end()) {
            // PyYAML's composer: "found undefined alias". An alias to a node still open is one too.
            fail(QString(), FrameworkImportTr::tr("not valid YAML: %1 (line %2, column %3)")
                                    .arg(QStringLiteral("found undefined alias \"%1\"").arg(excerpt(QString::fromUtf8(
                                            reinterpret_cast<const char *>(event.data.alias.anchor)))))
                                    .arg(event.start_mark.line + 1)
                                    .arg(event.start_mark.column + 1));
            return false;
        }
        const Anchored anchored = found->second; // a copy: the map may rehash below
        if (keyExpected()) {
            if (!count(0))
                return false;
            if (!anchored.scalar)
                return notPlainKey();
            return key(anchored.text, false);
        }
        m_expanded = m_expanded || anchored.values > 1;
        if (!count(anchored.values) || !nestingAllowed(anchored.depth, childPath()))
            return false;
        place(anchored.value, anchored.depth);
        return true;
    }

    bool open(const yaml_event_t &event)
    {
        if (keyExpected())
            return notPlainKey();
        const QString path = childPath();
        if (!count(1) || !nestingAllowed(1, path))
            return false;
        Open node;
        node.map = event.type == YAML_MAPPING_START_EVENT;
        node.path = path;
        const yaml_char_t *anchor = node.map ? event.data.mapping_start.anchor : event.data.sequence_start.anchor;
        if (anchor)
            node.anchor = reinterpret_cast<const char *>(anchor);
        node.valuesAtStart = m_values - 1;
        m_open.push_back(std::move(node));
        return true;
    }

    // The merges of a mapping, as PyYAML's flatten_mapping applies them: its own keys win, then
    // the first merged mapping that has the key.
    bool applyMerges(Open &map)
    {
        for (const QJsonValue &from : map.merges) {
            QJsonArray sources;
            if (from.isObject())
                sources.append(from);
            else if (from.isArray())
                sources = from.toArray();
            if (sources.isEmpty() || std::any_of(sources.begin(), sources.end(), [](const QJsonValue &m) { return !m.isObject(); })) {
                fail(excerpt(keyPath(map.path, QStringLiteral("<<"))), FrameworkImportTr::tr("a merge (<<) takes a mapping or a list of mappings"));
                return false;
            }
            for (const QJsonValue &source : sources) {
                const QJsonObject merged = source.toObject();
                for (auto it = merged.begin(); it != merged.end(); ++it)
                    if (!map.object.contains(it.key()))
                        map.object.insert(it.key(), it.value());
            }
        }
        return true;
    }

    bool close()
    {
        Open node = std::move(m_open.back());
        m_open.pop_back();
        if (node.map && !applyMerges(node))
            return false;
        const QJsonValue value = node.map ? QJsonValue(node.object) : QJsonValue(node.array);
        if (!node.anchor.empty())
            m_anchors[node.anchor] = { value, m_values - node.valuesAtStart, node.depth, false, QString() };
        place(value, node.depth);
        return true;
    }
};

// libyaml's own words for a text it cannot parse: "while parsing a block mapping: did not find
// expected key", as PyYAML prints them; its marks are 0-based.
FrameworkError parseError(const yaml_parser_t &parser, const QString &file)
{
    QString what = QString::fromUtf8(parser.problem ? parser.problem : "unknown error");
    if (parser.context)
        what = QString::fromUtf8(parser.context) + QStringLiteral(": ") + what;
    const yaml_mark_t &mark = parser.problem_mark;
    return { file, {},
             FrameworkImportTr::tr("not valid YAML: %1 (line %2, column %3)").arg(what).arg(mark.line + 1).arg(mark.column + 1) };
}

} // namespace

FrameworkError readYamlTree(const QByteArray &data, const QString &file, QJsonValue &root, bool &empty)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return { file, {}, FrameworkImportTr::tr("not valid YAML: %1 (line %2, column %3)").arg(QStringLiteral("out of memory")).arg(1).arg(1) };
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char *>(data.constData()), std::size_t(data.size()));
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
    TreeReader reader(file);
    FrameworkError result;
    for (bool done = false; !done;) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            result = parseError(parser, file);
            break;
        }
        done = event.type == YAML_STREAM_END_EVENT;
        const bool going = reader.take(event);
        yaml_event_delete(&event);
        if (!going) {
            result = reader.error;
            break;
        }
    }
    yaml_parser_delete(&parser);
    if (!result.ok())
        return result;
    root = reader.root;
    empty = !reader.haveRoot;
    return {};
}

} // namespace headroom::detail
