// TOML as torchtitan's configs use it, read into the JSON tree the framework readers take
// (frameworkbody.h parseTomlConfig): tables ([a.b]), bare, quoted and dotted keys, basic and
// literal strings (one line; multi-line ones too), integers (underscores, 0x/0o/0b), floats
// (exponents, inf, nan), booleans, arrays (over lines, with comments and a trailing comma) and
// inline tables, after TOML 1.0.0. What torchtitan never writes is refused by name rather than
// guessed at: arrays of tables ([[a]]) and dates. Redefining a key or a table is refused, as TOML
// requires; nesting is bounded by kMaxFrameworkNesting while parsing.

#include <cctype>
#include <cmath>

#include <QJsonArray>

#include <headroom/io/safefile.h>

#include "frameworkbody.h"

namespace headroom::detail {

namespace {

// 1979-05-27, the start of a TOML date.
bool isDate(const QByteArray &word)
{
    return word.size() >= 10 && word.at(4) == '-' && word.at(7) == '-' && std::isdigit(static_cast<unsigned char>(word.at(0)))
            && std::isdigit(static_cast<unsigned char>(word.at(5)));
}

class TomlParser
{
public:
    TomlParser(const QByteArray &data, const QString &file) : m_data(data), m_file(file) {}

    FrameworkError parse(QJsonObject &root)
    {
        QStringList table; // the current [table]'s path
        QList<QStringList> definedTables;
        while (ok()) {
            skipBlankAndComments();
            if (m_at >= m_data.size())
                break;
            if (peek() == '[') {
                if (m_at + 1 < m_data.size() && m_data.at(m_at + 1) == '[') {
                    fail(FrameworkImportTr::tr("an array of tables ([[...]]), which torchtitan's configs never use: refused"));
                    break;
                }
                ++m_at;
                skipSpaces();
                QStringList path = keyPath();
                skipSpaces();
                if (!expect(']'))
                    break;
                if (definedTables.contains(path)) {
                    fail(FrameworkImportTr::tr("the table [%1] is defined twice").arg(path.join(QLatin1Char('.'))));
                    break;
                }
                definedTables.append(path);
                if (path.size() > kMaxFrameworkNesting) {
                    fail(FrameworkImportTr::tr("nested deeper than %1 levels").arg(kMaxFrameworkNesting));
                    break;
                }
                if (!insert(root, path, QJsonValue(), true))
                    break;
                table = path;
                endOfLine();
                continue;
            }
            QStringList key = keyPath();
            skipSpaces();
            if (!expect('='))
                break;
            skipSpaces();
            const QJsonValue v = value(int(table.size() + key.size()));
            if (!ok())
                break;
            if (!insert(root, table + key, v, false))
                break;
            endOfLine();
        }
        return m_error;
    }

private:
    const QByteArray &m_data;
    QString m_file;
    qsizetype m_at = 0;
    int m_values = 0;
    FrameworkError m_error;

    bool ok() const { return m_error.ok(); }
    char peek() const { return m_at < m_data.size() ? m_data.at(m_at) : '\0'; }

    QString where() const
    {
        qsizetype line = 1, column = 1;
        for (qsizetype i = 0; i < m_at && i < m_data.size(); ++i) {
            if (m_data.at(i) == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        return FrameworkImportTr::tr("line %1, column %2").arg(line).arg(column);
    }

    void fail(const QString &problem)
    {
        if (ok())
            m_error = { m_file, {}, FrameworkImportTr::tr("not valid TOML: %1 at %2").arg(problem, where()) };
    }

    bool expect(char c)
    {
        if (peek() != c) {
            fail(FrameworkImportTr::tr("expected '%1'").arg(QLatin1Char(c)));
            return false;
        }
        ++m_at;
        return true;
    }

    void skipSpaces()
    {
        while (peek() == ' ' || peek() == '\t')
            ++m_at;
    }

    void skipComment()
    {
        if (peek() == '#')
            while (m_at < m_data.size() && peek() != '\n')
                ++m_at;
    }

    void skipBlankAndComments()
    {
        for (;;) {
            skipSpaces();
            skipComment();
            if (peek() == '\r' || peek() == '\n')
                ++m_at;
            else
                return;
        }
    }

    void endOfLine()
    {
        skipSpaces();
        skipComment();
        if (peek() == '\r')
            ++m_at;
        if (m_at < m_data.size() && peek() != '\n')
            fail(FrameworkImportTr::tr("more after a value on its line"));
        else if (m_at < m_data.size())
            ++m_at;
    }

    QString simpleKey()
    {
        const char c = peek();
        if (c == '"' || c == '\'')
            return string();
        const qsizetype start = m_at;
        while (m_at < m_data.size()) {
            const char k = peek();
            if ((k >= 'A' && k <= 'Z') || (k >= 'a' && k <= 'z') || (k >= '0' && k <= '9') || k == '_' || k == '-')
                ++m_at;
            else
                break;
        }
        if (m_at == start)
            fail(FrameworkImportTr::tr("expected a key"));
        return QString::fromUtf8(m_data.mid(start, m_at - start));
    }

    QStringList keyPath()
    {
        QStringList path{ simpleKey() };
        for (;;) {
            skipSpaces();
            if (!ok() || peek() != '.')
                return path;
            ++m_at;
            skipSpaces();
            path << simpleKey();
        }
    }

    // Sets \a path to \a v (a table when \a table) under \a node, creating the tables above it.
    // Each table on the way is taken out of its parent while it changes, so that it is never
    // shared and never copied: a file of many keys reads in linear time.
    bool insert(QJsonObject &node, const QStringList &path, const QJsonValue &v, bool table, qsizetype at = 0)
    {
        const QString &key = path.at(at);
        if (at + 1 == path.size()) {
            if (table) {
                if (node.contains(key) && !node.value(key).isObject()) {
                    fail(FrameworkImportTr::tr("%1 is a value, not a table").arg(path.join(QLatin1Char('.'))));
                    return false;
                }
                if (!node.contains(key))
                    node.insert(key, QJsonObject());
                return true;
            }
            if (node.contains(key)) {
                m_error = { m_file, excerpt(path.join(QLatin1Char('.'))), FrameworkImportTr::tr("given twice (TOML refuses a key defined twice)") };
                return false;
            }
            node.insert(key, v);
            return true;
        }
        QJsonValue next = node.take(key);
        if (!next.isUndefined() && !next.isObject()) {
            node.insert(key, next);
            fail(FrameworkImportTr::tr("%1 is a value, not a table").arg(path.mid(0, at + 1).join(QLatin1Char('.'))));
            return false;
        }
        QJsonObject child = next.toObject();
        next = QJsonValue();
        const bool done = insert(child, path, v, table, at + 1);
        node.insert(key, child);
        return done;
    }

    QString string()
    {
        const char quote = peek();
        const bool multi = m_data.mid(m_at, 3) == QByteArray(3, quote);
        m_at += multi ? 3 : 1;
        if (multi && peek() == '\n')
            ++m_at;
        QByteArray out;
        for (;;) {
            if (m_at >= m_data.size()) {
                fail(FrameworkImportTr::tr("a string without its closing quote"));
                return {};
            }
            const char c = m_data.at(m_at);
            if (multi ? m_data.mid(m_at, 3) == QByteArray(3, quote) : c == quote) {
                m_at += multi ? 3 : 1;
                return QString::fromUtf8(out);
            }
            if (c == '\n' && !multi) {
                fail(FrameworkImportTr::tr("a string without its closing quote"));
                return {};
            }
            if (c == '\\' && quote == '"') {
                const char e = m_at + 1 < m_data.size() ? m_data.at(m_at + 1) : '\0';
                m_at += 2;
                switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case 'u':
                case 'U': {
                    const int n = e == 'u' ? 4 : 8;
                    bool hex = false;
                    const uint code = QString::fromLatin1(m_data.mid(m_at, n)).toUInt(&hex, 16);
                    if (!hex || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
                        fail(FrameworkImportTr::tr("a bad \\u escape"));
                        return {};
                    }
                    const char32_t ch = code;
                    out += QString::fromUcs4(&ch, 1).toUtf8();
                    m_at += n;
                    break;
                }
                case '\n':
                    if (multi) {
                        while (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')
                            ++m_at;
                        break;
                    }
                    [[fallthrough]];
                default: fail(FrameworkImportTr::tr("an unknown escape")); return {};
                }
                continue;
            }
            out += c;
            ++m_at;
        }
    }

    QJsonValue value(int depth)
    {
        if (++m_values > kMaxFrameworkValues) {
            fail(FrameworkImportTr::tr("more than %1 values: refused").arg(digits(kMaxFrameworkValues)));
            return {};
        }
        if (depth > kMaxFrameworkNesting) {
            fail(FrameworkImportTr::tr("nested deeper than %1 levels").arg(kMaxFrameworkNesting));
            return {};
        }
        const char c = peek();
        if (c == '"' || c == '\'')
            return string();
        if (c == '[') {
            ++m_at;
            QJsonArray list;
            for (;;) {
                skipBlankAndComments();
                if (peek() == ']') {
                    ++m_at;
                    return list;
                }
                list.append(value(depth + 1));
                if (!ok())
                    return {};
                skipBlankAndComments();
                if (peek() == ',') {
                    ++m_at;
                    continue;
                }
                if (!expect(']'))
                    return {};
                return list;
            }
        }
        if (c == '{') {
            ++m_at;
            QJsonObject table;
            skipSpaces();
            if (peek() == '}') {
                ++m_at;
                return table;
            }
            for (;;) {
                skipSpaces();
                const QStringList key = keyPath();
                skipSpaces();
                if (!expect('='))
                    return {};
                skipSpaces();
                const QJsonValue v = value(depth + int(key.size()));
                if (!ok() || !insert(table, key, v, false))
                    return {};
                skipSpaces();
                if (peek() == ',') {
                    ++m_at;
                    continue;
                }
                if (!expect('}'))
                    return {};
                return table;
            }
        }
        // A bare word: a boolean or a number.
        const qsizetype start = m_at;
        while (m_at < m_data.size()) {
            const char k = peek();
            if (k == ',' || k == ']' || k == '}' || k == ' ' || k == '\t' || k == '\n' || k == '\r' || k == '#')
                break;
            ++m_at;
        }
        const QByteArray word = m_data.mid(start, m_at - start);
        if (word == "true")
            return true;
        if (word == "false")
            return false;
        if (word == "inf" || word == "+inf")
            return std::numeric_limits<double>::infinity();
        if (word == "-inf")
            return -std::numeric_limits<double>::infinity();
        if (word == "nan" || word == "+nan" || word == "-nan")
            return std::nan("");
        QByteArray digits = word;
        digits.replace('_', "");
        bool number = false;
        double d = 0;
        if (digits.startsWith("0x") || digits.startsWith("0o") || digits.startsWith("0b")) {
            const int base = digits.at(1) == 'x' ? 16 : digits.at(1) == 'o' ? 8 : 2;
            d = double(digits.mid(2).toLongLong(&number, base));
        } else if (!digits.isEmpty() && !digits.contains(':') && !isDate(digits)) {
            d = digits.toDouble(&number);
        }
        if (!number || word.startsWith('_') || word.endsWith('_') || word.contains("__")) {
            m_at = start;
            fail(isDate(digits) || word.contains(':') ? FrameworkImportTr::tr("a date or time, which torchtitan's configs never hold")
                                                          : FrameworkImportTr::tr("a value that is no string, number, boolean, list or table"));
            return {};
        }
        return d;
    }
};

} // namespace

FrameworkError parseTomlConfig(const QByteArray &data, const QString &file, QJsonObject &root)
{
    if (data.size() > kMaxFrameworkConfigBytes)
        return { file, {}, FrameworkImportTr::tr("larger than %1 bytes (10 MB): refused").arg(digits(kMaxFrameworkConfigBytes)) };
    if (FrameworkError e = checkConfigText(data, file); !e.ok())
        return e;
    QJsonObject parsed;
    TomlParser parser(data, file);
    if (FrameworkError e = parser.parse(parsed); !e.ok())
        return e;
    root = parsed;
    return {};
}

} // namespace headroom::detail
