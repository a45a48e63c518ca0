#include "importjson.h"

#include <cmath>

namespace headroom {

namespace {

void writeSettingValue(JsonWriter &w, const QJsonValue &v)
{
    if (v.isString())
        w.string(v.toString());
    else if (v.isBool())
        w.boolean(v.toBool());
    else if (v.isDouble())
        w.number(v.toDouble());
    else
        w.null();
}

// Whether \a index is the last setting of its option: the one the scenario ends with.
bool lastOfItsOption(const QList<FrameworkSetting> &settings, qsizetype index)
{
    for (qsizetype later = index + 1; later < settings.size(); ++later)
        if (settings.at(later).option == settings.at(index).option)
            return false;
    return true;
}

void writeNotes(JsonWriter &w, const FrameworkImport &import, FrameworkNote::Kind kind)
{
    w.beginArray();
    for (const FrameworkNote &n : import.notes) {
        if (n.kind != kind)
            continue;
        w.beginObject();
        w.key("key").string(n.key);
        w.key("reason").string(n.reason);
        w.endObject();
    }
    w.endArray();
}

void writeKeys(JsonWriter &w, const QStringList &keys)
{
    w.beginArray();
    for (const QString &k : keys)
        w.string(k);
    w.endArray();
}

} // namespace

void writeFrameworkImports(JsonWriter &w, const QList<FrameworkImport> &imports)
{
    w.beginArray();
    for (const FrameworkImport &import : imports) {
        w.beginObject();
        w.key("file").string(import.file);
        w.key("kind").string(frameworkKindName(import.kind));
        w.key("set").beginObject();
        for (qsizetype i = 0; i < import.settings.size(); ++i)
            if (lastOfItsOption(import.settings, i)) {
                w.key(import.settings.at(i).option.toStdString());
                writeSettingValue(w, import.settings.at(i).value);
            }
        w.endObject();
        w.key("sources").beginObject();
        for (qsizetype i = 0; i < import.settings.size(); ++i)
            if (lastOfItsOption(import.settings, i))
                w.key(import.settings.at(i).option.toStdString()).string(import.settings.at(i).source);
        w.endObject();
        w.key("auto");
        writeNotes(w, import, FrameworkNote::Kind::Auto);
        w.key("not_modelled");
        writeNotes(w, import, FrameworkNote::Kind::NotModelled);
        w.key("ignored");
        writeKeys(w, import.keysOf(FrameworkNote::Kind::NoEffect));
        w.key("unknown");
        writeKeys(w, import.keysOf(FrameworkNote::Kind::Unknown));
        w.key("warnings");
        writeKeys(w, frameworkImportWarnings(import));
        w.endObject();
    }
    w.endArray();
}

} // namespace headroom
