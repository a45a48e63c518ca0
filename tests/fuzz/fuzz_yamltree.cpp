// The YAML reader alone (frameworkbody.h parseYamlConfig(): the nesting pre-scan, yaml-cpp's
// event parser counting the nodes before any tree is built, then the tree as JSON with merge
// keys and aliases expanded), with its work bound checked: what it accepts holds at most
// kMaxFrameworkValues values nested at most kMaxFrameworkNesting deep, however the bytes
// tried to expand (aliases, merges, long lists). libFuzzer's -timeout and -rss_limit_mb
// (tools/fuzz.sh) catch a bound that holds for the result but not for the work.

#include <cstdlib>

#include <QJsonArray>
#include <QJsonObject>

#include <headroom/io/frameworkconfig.h>

#include "frameworkbody.h"
#include "fuzzsupport.h"

using namespace headroom;

namespace {

// Values in \a v and the deepest nesting below it.
void measure(const QJsonValue &v, int depth, long &values, int &deepest)
{
    ++values;
    deepest = depth > deepest ? depth : deepest;
    if (v.isArray())
        for (const QJsonValue &item : v.toArray())
            measure(item, depth + 1, values, deepest);
    else if (v.isObject())
        for (const QJsonValue &item : v.toObject())
            measure(item, depth + 1, values, deepest);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::application();
    const QByteArray text = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    QJsonObject root;
    if (!detail::parseYamlConfig(text, QStringLiteral("fuzz.yaml"), root).ok())
        return 0;
    long values = 0;
    int deepest = 0;
    measure(root, 0, values, deepest);
    if (values > kMaxFrameworkValues + 1 || deepest > kMaxFrameworkNesting + 1)
        std::abort();
    return 0;
}
