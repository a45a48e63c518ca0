// The GPU catalogue as a user might edit it: gpus.json in a data folder; the reader either
// loads it or says why. The folder's models/index.json names no preset (the presets are Hugging
// Face configs, fuzzed by fuzz_hfconfig), so each run reads the fuzzed file alone.

#include <QDir>
#include <QFile>

#include <headroom/io/catalogue.h>

#include "fuzzsupport.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QString folder = [] {
        const QString dir = fuzz::scratch().filePath(QStringLiteral("data"));
        QDir().mkpath(dir + QStringLiteral("/models"));
        QFile index(dir + QStringLiteral("/models/index.json"));
        if (!index.open(QIODevice::WriteOnly))
            qFatal("cannot write the scratch index");
        index.write(R"({"schema": 1, "models": []})");
        return dir;
    }();
    QFile f(folder + QStringLiteral("/gpus.json"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    f.write(reinterpret_cast<const char *>(data), static_cast<qint64>(size));
    f.close();
    Catalogue out;
    loadCatalogue(folder, out);
    return 0;
}
