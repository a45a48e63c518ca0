#pragma once

// Exact integers in JSON at any size. QJsonValue holds 64-bit integers exactly but nothing
// larger: a byte count past 2^63 (the S x S scores of a huge run) would become a double and no
// longer add up. Such a value is stored as a marked string and written back as its digits when
// the document is serialized (jsonText()); the mark carries a random nonce drawn once per
// process, so no text from outside (a model name) can pass for one.

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <headroom/memory/units.h>

namespace headroom {

//! \a value as JSON: a 64-bit integer when it fits, else a mark that jsonText() writes as digits.
QJsonValue exactJsonInteger(Count value);

//! \a document serialized, every exactJsonInteger() mark replaced by its digits.
QByteArray jsonText(const QJsonDocument &document, QJsonDocument::JsonFormat format = QJsonDocument::Indented);

} // namespace headroom
