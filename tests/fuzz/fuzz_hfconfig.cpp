// A Hugging Face config.json as a user imports it: read as a model description (every
// model_type and key), and when it reads, its parameter counts derived.

#include <cstdlib>

#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/io/hfconfig.h>
#include <headroom/memory/model.h>
#include <headroom/memory/validation.h>

#include "fuzzsupport.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::application();
    const QJsonDocument json = QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size)));
    if (!json.isObject())
        return 0;
    HfModel model;
    if (!readHfConfigObject(json.object(), QString(), model).ok())
        return 0;
    return 0;
}
