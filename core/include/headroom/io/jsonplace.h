#pragma once
// Where in a JSON text a parser stopped, in the words a user can act on: the line and column
// (QJsonParseError gives a byte offset) and the key path being read there.

#include <QByteArray>
#include <QJsonParseError>
#include <QString>

namespace headroom {

struct JsonPlace
{
    qsizetype line = 1;   //!< 1-based
    qsizetype column = 1; //!< 1-based, in bytes
    QString path;         //!< "rope_scaling.factor", "layer_types[3]"; empty at the top level
};

//! The place of byte \a offset of \a json (clamped to the text). The path is that of the value
//! being read at the offset, as far as the text before it says.
JsonPlace jsonPlace(const QByteArray &json, qsizetype offset);

//! "line 12, column 5 (in rope_scaling.factor)", or without the parenthesis at the top level;
//! the path is the file's text: escaped and bounded here (excerpt()).
QString jsonPlaceText(const QByteArray &json, qsizetype offset);

//! Qt's words for what is wrong, and where: "unterminated object at line 3, column 34 (in
//! rope_scaling.factor)".
QString jsonErrorText(const QJsonParseError &error, const QByteArray &json);

} // namespace headroom
