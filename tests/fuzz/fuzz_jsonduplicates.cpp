// The duplicated-key scan of raw JSON text (scenario files and the catalogue; QJsonDocument
// keeps the last of two keys silently). The readers run it on text Qt has parsed as JSON, so
// the target does too; on that text it must return without a sanitizer report, and a
// duplicate it names must be a key the text really has twice.

#include <cstdlib>

#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/io/jsonduplicates.h>

#include "fuzzsupport.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::application();
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    QJsonParseError error;
    QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return 0;
    if (const std::optional<DuplicateKey> twice = firstDuplicateKey(bytes)) {
        // The key, as JSON text, occurs at least twice (escapes aside: then at least once).
        const QByteArray quoted = QJsonDocument(QJsonObject{ { twice->key, 0 } }).toJson(QJsonDocument::Compact);
        const QByteArray keyText = quoted.mid(1, quoted.lastIndexOf(':') - 1);
        if (!keyText.contains('\\') && bytes.count(keyText) < 2 && !bytes.contains('\\'))
            std::abort();
    }
    return 0;
}
