#include <headroom/io/jsonplace.h>

#include <algorithm>
#include <vector>

#include <QCoreApplication>

#include <headroom/io/safefile.h>

namespace headroom {

namespace {

// One open object or array, outermost first: the key or index of the child being read.
struct Level
{
    bool object = false;
    bool expectKey = false;
    QString key;
    qsizetype index = 0;
};

// The string whose opening quote is just before \a i, decoded as far as plain runs go (escapes
// kept as written: a path in a message needs no more); \a i is left after its closing quote.
QString readString(const QByteArray &s, qsizetype &i, qsizetype end)
{
    const qsizetype begin = i;
    while (i < end && s.at(i) != '"') {
        if (s.at(i) == '\\')
            ++i;
        ++i;
    }
    const QString text = QString::fromUtf8(s.constData() + begin, std::min(i, end) - begin);
    ++i;
    return text;
}

struct PlaceTr
{
    Q_DECLARE_TR_FUNCTIONS(JsonPlace)
};

} // namespace

JsonPlace jsonPlace(const QByteArray &json, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, json.size());
    JsonPlace place;
    place.line = json.left(offset).count('\n') + 1;
    place.column = offset - (json.lastIndexOf('\n', offset - 1) + 1) + 1;
    std::vector<Level> stack;
    for (qsizetype i = 0; i < offset;) {
        const char c = json.at(i++);
        switch (c) {
        case '{': stack.push_back({ true, true, QString(), 0 }); break;
        case '[': stack.push_back({}); break;
        case '}':
        case ']':
            if (!stack.empty())
                stack.pop_back();
            break;
        case ',':
            if (!stack.empty()) {
                if (stack.back().object)
                    stack.back().expectKey = true;
                else
                    ++stack.back().index;
            }
            break;
        case '"': {
            const QString text = readString(json, i, offset);
            if (!stack.empty() && stack.back().object && stack.back().expectKey) {
                stack.back().key = text;
                stack.back().expectKey = false;
            }
            break;
        }
        default: break;
        }
    }
    for (const Level &l : stack) {
        if (l.object) {
            if (l.key.isEmpty() && l.expectKey)
                break; // between keys: the object itself is the place
            place.path += (place.path.isEmpty() ? QString() : QStringLiteral(".")) + l.key;
        } else {
            place.path += QLatin1Char('[') + QString::number(l.index) + QLatin1Char(']');
        }
    }
    return place;
}

QString jsonPlaceText(const QByteArray &json, qsizetype offset)
{
    const JsonPlace p = jsonPlace(json, offset);
    const QString at = PlaceTr::tr("line %1, column %2").arg(p.line).arg(p.column);
    return p.path.isEmpty() ? at : PlaceTr::tr("%1 (in %2)").arg(at, excerpt(p.path, 120));
}

QString jsonErrorText(const QJsonParseError &error, const QByteArray &json)
{
    //: Qt's description of the JSON error, then where it is
    return PlaceTr::tr("%1 at %2").arg(error.errorString(), jsonPlaceText(json, error.offset));
}

} // namespace headroom
