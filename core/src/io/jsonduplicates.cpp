#include <headroom/io/jsonduplicates.h>

#include <string_view>
#include <vector>

namespace headroom {

namespace {

// A key of an open object: its text between the quotes, and when that holds an escape, the
// key decoded (keys are compared decoded, "a" and "\u0061" alike). Plain keys, nearly all, are
// compared as bytes: the catalogue is read on every start of the command line, and decoding
// each key into a set was a third of that.
struct Key
{
    std::string_view raw;
    bool escaped = false;
    QString decoded;

    QString text() const { return escaped ? decoded : QString::fromUtf8(raw.data(), qsizetype(raw.size())); }
    bool operator==(const Key &other) const
    {
        if (!escaped && !other.escaped)
            return raw == other.raw;
        return text() == other.text();
    }
};

// One open object or array, outermost first. The keys of all open objects share one list.
struct Level
{
    bool object = false;
    bool expectKey = false;    //!< object: the next string is a key (after '{' or ',')
    std::size_t firstKey = 0;  //!< object: where its keys begin in the list
    std::size_t currentKey = 0; //!< object: the key whose value is being read (an index in the list)
    qsizetype index = 0;       //!< array: the element being read
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

QString pathOf(const std::vector<Level> &stack, const std::vector<Key> &keys, const QString &key)
{
    QString path;
    // Each enclosing level names the child being read in it: a key, or an index.
    for (std::size_t k = 0; k + 1 < stack.size(); ++k) {
        if (stack[k].object)
            path += (path.isEmpty() ? QString() : QStringLiteral(".")) + keys[stack[k].currentKey].text();
        else
            path += QLatin1Char('[') + QString::number(stack[k].index) + QLatin1Char(']');
    }
    return path.isEmpty() ? key : path + QLatin1Char('.') + key;
}

} // namespace

std::optional<DuplicateKey> firstDuplicateKey(const QByteArray &json)
{
    std::vector<Level> stack;
    std::vector<Key> keys;
    qsizetype i = 0;
    while (i < json.size()) {
        const char c = json.at(i++);
        switch (c) {
        case '{':
            stack.push_back(Level{ true, true, keys.size(), 0, 0 });
            break;
        case '[': stack.push_back(Level{}); break;
        case '}':
        case ']':
            if (!stack.empty()) {
                if (stack.back().object)
                    keys.resize(stack.back().firstKey);
                stack.pop_back();
            }
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
            const bool isKey = !stack.empty() && stack.back().object && stack.back().expectKey;
            const qsizetype begin = i;
            qsizetype end = begin;
            while (end < json.size() && json.at(end) != '"' && json.at(end) != '\\')
                ++end;
            Key key;
            if (end < json.size() && json.at(end) == '"') {
                key.raw = std::string_view(json.constData() + begin, std::size_t(end - begin));
                i = end + 1;
            } else {
                key.escaped = true;
                key.decoded = readString(json, i);
                key.raw = std::string_view(json.constData() + begin, std::size_t(i - begin));
            }
            if (!isKey)
                break; // a string value
            Level &level = stack.back();
            level.expectKey = false;
            for (std::size_t k = level.firstKey; k < keys.size(); ++k)
                if (keys[k] == key) {
                    const QString text = key.text();
                    return DuplicateKey{ pathOf(stack, keys, text), text };
                }
            level.currentKey = keys.size();
            keys.push_back(std::move(key));
            break;
        }
        default: break; // whitespace, ':', numbers, true, false, null
        }
    }
    return std::nullopt;
}

} // namespace headroom
