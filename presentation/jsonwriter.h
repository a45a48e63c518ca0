#pragma once
// JSON written as it is produced, for the documents the command line and the reports print
// (`estimate --json`, `fit --json`, the JSON report). Building them as QJsonObject trees was two
// thirds of `estimate --json`'s own work (docs/performance.md, "Cold start"): every key and value
// became a QString and a CBOR element, sorted on insertion, then walked again to be written.
//
// The layout is QJsonDocument::Indented's (four spaces a level, `"key": value`, an empty
// container as "{" newline "}"), strings are escaped as Qt escapes them and doubles written with
// Qt's shortest round-trip form, so a reader sees what QJsonDocument would have written; keys come
// in the order written (reading order), not sorted. Integers of any size are exact: a Count past
// 2^63 is written as its digits.
#include <cstdint>
#include <string>
#include <string_view>

#include <QByteArray>
#include <QString>

#include <headroom/memory/units.h>

namespace headroom {

class JsonWriter
{
public:
    JsonWriter();

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();

    //! The next member's name; its value follows with one of the calls below.
    JsonWriter &key(std::string_view name);

    void string(std::string_view utf8);
    void string(const QString &text);
    void string(const char *utf8) { string(std::string_view(utf8)); }
    void integer(Count value);
    void byteCount(Bytes value) { integer(countOf(value)); }
    //! A whole number below 2^53 as an integer, else the shortest round-trip form; not finite
    //! is null, as QJsonDocument writes them.
    void number(double value);
    void boolean(bool value);
    void null();

    //! The document, once the outermost container is closed (with its final newline).
    QByteArray take();
    //! The same document without a copy (valid while the writer lives): a command that only
    //! prints it need not touch a second buffer of its size.
    std::string_view text() const;

private:
    void beforeValue();
    void open(char bracket);
    void close(char bracket);
    void indent();

    static constexpr int kMaxDepth = 64;
    std::string m_out; // appends to it cost a third of QByteArray's
    int m_depth = 0;
    bool m_empty[kMaxDepth] = {}; //!< whether the container open at each depth has no element yet
    bool m_afterKey = false;
};

} // namespace headroom
