#include <headroom/io/jsoninteger.h>

#include <limits>
#include <random>

#include <QString>

namespace headroom {

namespace {

// "\u0001int<nonce>:" then the digits: a control character no JSON writer leaves unescaped in
// a string (it is written as \u0001), so the serialized mark is unambiguous.
const QByteArray &markPrefix()
{
    static const QByteArray prefix = [] {
        std::random_device random;
        return QByteArray("\\u0001int") + QByteArray::number(static_cast<qulonglong>(random()) << 32 | random(), 36) + ':';
    }();
    return prefix;
}

QByteArray digitsOf(Count value)
{
    const bool negative = value < 0;
    unsigned __int128 magnitude = negative ? static_cast<unsigned __int128>(-(value + 1)) + 1 : static_cast<unsigned __int128>(value);
    QByteArray out;
    do {
        out.prepend(char('0' + int(magnitude % 10)));
        magnitude /= 10;
    } while (magnitude != 0);
    if (negative)
        out.prepend('-');
    return out;
}

} // namespace

QJsonValue exactJsonInteger(Count value)
{
    if (value >= std::numeric_limits<qint64>::min() && value <= std::numeric_limits<qint64>::max())
        return QJsonValue(static_cast<qint64>(value));
    // The unescaped form of the prefix: "\\u0001" in the text is the character U+0001 here.
    const QByteArray prefix = markPrefix();
    return QJsonValue(QChar(0x0001) + QString::fromLatin1(prefix.mid(6)) + QString::fromLatin1(digitsOf(value)));
}

QByteArray jsonText(const QJsonDocument &document, QJsonDocument::JsonFormat format)
{
    QByteArray text = document.toJson(format);
    const QByteArray prefix = '"' + markPrefix();
    for (qsizetype at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at)) {
        const qsizetype begin = at + prefix.size();
        qsizetype end = begin;
        if (end < text.size() && text.at(end) == '-')
            ++end;
        while (end < text.size() && text.at(end) >= '0' && text.at(end) <= '9')
            ++end;
        if (end >= text.size() || text.at(end) != '"' || end == begin) {
            at = begin; // not one of ours: left as it is
            continue;
        }
        text.replace(at, end + 1 - at, text.mid(begin, end - begin));
    }
    return text;
}

} // namespace headroom
