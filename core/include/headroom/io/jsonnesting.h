#pragma once

// How deep JSON text nests, read before QJsonDocument parses it: each reader refuses text nested
// deeper than its own files ever are (a measurement 16 levels, a framework config 64) with the
// offset where it goes too deep, instead of handing it to the parser.

#include <QByteArray>

namespace headroom {

/*!
 * The byte offset of the first '{' or '[' outside strings that opens level \a limit + 1 of
 * \a json, or -1 when it never nests deeper than \a limit. Strings are skipped with their
 * escapes, so a bracket inside a name does not count; a stray closer never takes the depth
 * below 0.
 */
qsizetype jsonTooDeepAt(const QByteArray &json, int limit);

} // namespace headroom
