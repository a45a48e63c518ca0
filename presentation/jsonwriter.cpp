#include "jsonwriter.h"

#include <QLocale>

#include <cmath>

namespace headroom {

namespace {

char hexDigit(unsigned v)
{
    return char(v < 10 ? '0' + v : 'a' + v - 10);
}

bool needsEscape(unsigned char c)
{
    return c < 0x20 || c == '"' || c == '\\';
}

// An ASCII character that needs it escaped as QJsonDocument escapes it: the quote, the
// backslash, the five controls with a short form, the other controls as \u00XX.
void appendEscaped(std::string &out, char16_t c)
{
    out.push_back('\\');
    switch (c) {
    case u'"': out.push_back('"'); break;
    case u'\\': out.push_back('\\'); break;
    case 0x08: out.push_back('b'); break;
    case 0x0c: out.push_back('f'); break;
    case 0x0a: out.push_back('n'); break;
    case 0x0d: out.push_back('r'); break;
    case 0x09: out.push_back('t'); break;
    default:
        out.append("u00", 3);
        out.push_back(hexDigit(c >> 4));
        out.push_back(hexDigit(c & 0xf));
    }
}

// UTF-8 text between quotes: runs that need no escape are copied whole (bytes of 0x80 and up
// are copied as they are: the core's texts are UTF-8 already).
void appendUtf8(std::string &out, std::string_view text)
{
    std::size_t run = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (!needsEscape(static_cast<unsigned char>(text[i])))
            continue;
        out.append(text.data() + run, i - run);
        appendEscaped(out, char16_t(static_cast<unsigned char>(text[i])));
        run = i + 1;
    }
    out.append(text.data() + run, text.size() - run);
}

void appendEscapedUnit(std::string &out, char16_t u)
{
    out.append("\\u", 2);
    for (int shift = 12; shift >= 0; shift -= 4)
        out.push_back(hexDigit((u >> shift) & 0xf));
}

} // namespace

JsonWriter::JsonWriter()
{
    m_out.reserve(64 * 1024); // estimate --json is about 30 KB: one allocation
}

void JsonWriter::indent()
{
    static constexpr char kSpaces[] = "                                                                ";
    for (int left = 4 * m_depth; left > 0; left -= int(sizeof kSpaces - 1))
        m_out.append(kSpaces, std::size_t(qMin(left, int(sizeof kSpaces - 1))));
}

void JsonWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_depth == 0)
        return;
    if (!m_empty[m_depth - 1])
        m_out.append(",\n", 2);
    m_empty[m_depth - 1] = false;
    indent();
}

JsonWriter &JsonWriter::key(std::string_view name)
{
    beforeValue();
    m_out.push_back('"');
    appendUtf8(m_out, name);
    m_out.append("\": ", 3);
    m_afterKey = true;
    return *this;
}

void JsonWriter::open(char bracket)
{
    beforeValue();
    Q_ASSERT(m_depth < kMaxDepth); // the documents' shapes are fixed by the code, a few levels deep
    m_out.push_back(bracket);
    m_out.push_back('\n');
    m_empty[m_depth++] = true;
}

void JsonWriter::close(char bracket)
{
    Q_ASSERT(m_depth > 0);
    const bool empty = m_empty[--m_depth];
    if (!empty)
        m_out.push_back('\n');
    indent();
    m_out.push_back(bracket);
    if (m_depth == 0)
        m_out.push_back('\n');
}

void JsonWriter::beginObject() { open('{'); }
void JsonWriter::endObject() { close('}'); }
void JsonWriter::beginArray() { open('['); }
void JsonWriter::endArray() { close(']'); }

void JsonWriter::string(std::string_view utf8)
{
    beforeValue();
    m_out.push_back('"');
    appendUtf8(m_out, utf8);
    m_out.push_back('"');
}

void JsonWriter::string(const QString &text)
{
    beforeValue();
    m_out.push_back('"');
    const char16_t *s = reinterpret_cast<const char16_t *>(text.constData());
    const char16_t *end = s + text.size();
    while (s != end) {
        const char16_t u = *s++;
        if (u < 0x80) {
            if (needsEscape(static_cast<unsigned char>(u)))
                appendEscaped(m_out, u);
            else
                m_out.push_back(char(u));
        } else if (u < 0x800) {
            m_out.push_back(char(0xc0 | (u >> 6)));
            m_out.push_back(char(0x80 | (u & 0x3f)));
        } else if (QChar::isHighSurrogate(u) && s != end && QChar::isLowSurrogate(*s)) {
            const char32_t c = QChar::surrogateToUcs4(u, *s++);
            m_out.push_back(char(0xf0 | (c >> 18)));
            m_out.push_back(char(0x80 | ((c >> 12) & 0x3f)));
            m_out.push_back(char(0x80 | ((c >> 6) & 0x3f)));
            m_out.push_back(char(0x80 | (c & 0x3f)));
        } else if (QChar::isSurrogate(u)) {
            appendEscapedUnit(m_out, u); // a lone half of a pair: no UTF-8 for it, as Qt writes it
        } else {
            m_out.push_back(char(0xe0 | (u >> 12)));
            m_out.push_back(char(0x80 | ((u >> 6) & 0x3f)));
            m_out.push_back(char(0x80 | (u & 0x3f)));
        }
    }
    m_out.push_back('"');
}

void JsonWriter::integer(Count value)
{
    beforeValue();
    char digits[48];
    char *p = digits + sizeof digits;
    const bool negative = value < 0;
    // The magnitude unsigned, so that the smallest Count has one too.
    unsigned __int128 magnitude = negative ? static_cast<unsigned __int128>(-(value + 1)) + 1 : static_cast<unsigned __int128>(value);
    do {
        *--p = char('0' + int(magnitude % 10));
        magnitude /= 10;
    } while (magnitude != 0);
    if (negative)
        *--p = '-';
    m_out.append(p, std::size_t(digits + sizeof digits - p));
}

void JsonWriter::number(double value)
{
    // A whole number a double holds exactly is written as an integer ("1000000000", not
    // "1e+09"), as QJsonValue stores it (qjsonvalue.cpp, doubleValueHelper, Qt 6.4).
    constexpr double kExactIntegers = 9007199254740992.0; // 2^53
    if (std::trunc(value) == value && std::fabs(value) < kExactIntegers) {
        integer(static_cast<Count>(value));
        return;
    }
    beforeValue();
    if (std::isfinite(value))
        m_out += QByteArray::number(value, 'g', QLocale::FloatingPointShortest).toStdString();
    else
        m_out.append("null", 4); // JSON has no infinity or NaN (RFC 8259, section 6)
}

void JsonWriter::boolean(bool value)
{
    beforeValue();
    if (value)
        m_out.append("true", 4);
    else
        m_out.append("false", 5);
}

void JsonWriter::null()
{
    beforeValue();
    m_out.append("null", 4);
}

std::string_view JsonWriter::text() const
{
    Q_ASSERT(m_depth == 0);
    return m_out;
}

QByteArray JsonWriter::take()
{
    Q_ASSERT(m_depth == 0);
    return QByteArray(m_out.data(), qsizetype(m_out.size()));
}

} // namespace headroom
