#include <headroom/io/jsonduplicates.h>

#include <vector>

#include <QSet>

namespace headroom {

namespace {

// One open object or array, outermost first.
struct Level
{
    bool object = false;
    bool expectKey = false; //!< object: the next string is a key (after '{' or ',')
    QSet<QString> keys;     //!< object: the keys seen so far
    QString key;            //!< object: the key whose value is being read
    qsizetype index = 0;    //!< array: the element being read
};

// Decodes the string whose opening quote is just before \a i; leaves \a i after its closing
// quote. Runs between escapes are whole UTF-8 sequences: they end at an ASCII '\\' or '"'.
QString readString(const QByteArray &s, qsizetype &i)
{
    QString out;
    qsizetype run = i;
    while (i < s.size()) {
        const char c = s.at(i);
        if (c != '"' && c != '\\') {
            ++i;
            continue;
        }
        out += QString::fromUtf8(s.constData() + run, i - run);
        ++i;
        if (c == '"')
            return out;
        if (i >= s.size())
            return out;
        const char e = s.at(i++);
        switch (e) {
        case 'b': out += QChar(u'\b'); break;
        case 'f': out += QChar(u'\f'); break;
        case 'n': out += QChar(u'\n'); break;
        case 'r': out += QChar(u'\r'); break;
        case 't': out += QChar(u'\t'); break;
        case 'u': {
            // One UTF-16 code unit; the two halves of a surrogate pair follow each other here
            // as they do in a QString, so decoded keys compare as Qt's parser would.
            bool ok = false;
            const ushort unit = i + 4 <= s.size() ? s.mid(i, 4).toUShort(&ok, 16) : 0;
            if (ok)
                out += QChar(unit);
            i = qMin(i + 4, s.size());
            break;
        }
        default: out += QLatin1Char(e); break; // \" \\ \/
        }
        run = i;
    }
    return out;
}

QString pathOf(const std::vector<Level> &stack, const QString &key)
{
    QString path;
    // Each enclosing level names the child being read in it: a key, or an index.
    for (std::size_t k = 0; k + 1 < stack.size(); ++k) {
        if (stack[k].object)
            path += (path.isEmpty() ? QString() : QStringLiteral(".")) + stack[k].key;
        else
            path += QLatin1Char('[') + QString::number(stack[k].index) + QLatin1Char(']');
    }
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

} // namespace

std::optional<DuplicateKey> firstDuplicateKey(const QByteArray &json)
{
    std::vector<Level> stack;
    qsizetype i = 0;
    while (i < json.size()) {
        const char c = json.at(i++);
        switch (c) {
        case '{': {
            Level level;
            level.object = true;
            level.expectKey = true;
            stack.push_back(std::move(level));
            break;
        }
        case '[': stack.push_back(Level{}); break;
        case '}':
        case ']':
            if (!stack.empty())
                stack.pop_back();
            break;
        case ',':
            if (!stack.empty()) {
                Level &level = stack.back();
                if (level.object)
                    level.expectKey = true;
                else
                    ++level.index;
            }
            break;
        case '"': {
            const QString text = readString(json, i);
            if (stack.empty() || !stack.back().object || !stack.back().expectKey)
                break; // a string value
            Level &level = stack.back();
            level.expectKey = false;
            if (level.keys.contains(text))
                return DuplicateKey{ pathOf(stack, text), text };
            level.keys.insert(text);
            level.key = text;
            break;
        }
        default: break; // whitespace, ':', numbers, true, false, null
        }
    }
    return std::nullopt;
}

} // namespace headroom
