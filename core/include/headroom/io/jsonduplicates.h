#pragma once

// Duplicated object keys in JSON text. QJsonDocument keeps only the last of them, so
// {"schema": 2, "schema": 1} reads as schema 1 and a second "training" group silently replaces
// the first; scenario files and the catalogue refuse such text before they use the document.

#include <optional>

#include <QByteArray>
#include <QString>

namespace headroom {

//! A key given twice in one object: where, and which.
struct DuplicateKey
{
    QString path; //!< "schema", "training.batch", "compare[1].scenario.model", "gpus[3].id"
    QString key;  //!< the key itself, decoded ("batch")
};

/*!
 * The first key that appears a second time in the same object of the JSON text \a json, or
 * nullopt when every object's keys are unique. Keys are compared decoded, so "a" and "\u0061"
 * are the same key. Meant for text QJsonDocument has accepted; on other text it stops at the
 * end without reading past it. Path and key are the user's text as it is: quote them through
 * excerpt().
 */
std::optional<DuplicateKey> firstDuplicateKey(const QByteArray &json);

} // namespace headroom
