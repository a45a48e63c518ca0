#include <headroom/io/catalogue.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/io/hfconfig.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/scenario.h>

namespace headroom {

const ModelPreset *Catalogue::preset(const QString &id) const
{
    for (const ModelPreset &p : presets)
        if (p.id == id)
            return &p;
    return nullptr;
}

const GpuSpec *Catalogue::gpu(const QString &id) const
{
    for (const GpuSpec &g : gpus)
        if (g.id == id)
            return &g;
    return nullptr;
}

QString findDataDir()
{
    const QString env = qEnvironmentVariable("HEADROOM_DATA_DIR");
    if (!env.isEmpty())
        return env;
    QStringList candidates;
    if (QCoreApplication::instance())
        candidates << QCoreApplication::applicationDirPath() + QStringLiteral("/../share/headroom");
    candidates << QStringLiteral("/usr/local/share/headroom") << QStringLiteral("/usr/share/headroom");
    for (const QString &c : candidates)
        if (QFileInfo::exists(c + QStringLiteral("/gpus.json")))
            return QDir::cleanPath(c);
    return candidates.front();
}

namespace {

CatalogueError readArray(const QString &path, const QString &key, QJsonArray &out)
{
    QByteArray data;
    const FileProblem problem = readRegularFile(path, data);
    if (problem.code == FileProblem::Code::NotRegularFile)
        return { CatalogueError::Code::NotRegularFile, path, QStringLiteral("not a regular file") };
    if (problem.code == FileProblem::Code::TooLarge)
        return { CatalogueError::Code::TooLarge, path, QString::number(kMaxInputFileBytes) };
    if (!problem.ok())
        return { CatalogueError::Code::CannotOpen, path, problem.detail };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return { CatalogueError::Code::NotJson, path,
                 parseError.errorString() + QStringLiteral(" at offset ") + QString::number(parseError.offset) };
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("schema")).toInt() != 1 || !root.value(key).isArray())
        return { CatalogueError::Code::WrongSchema, path, QStringLiteral("expected {\"schema\": 1, \"%1\": [...]}").arg(key) };
    out = root.value(key).toArray();
    return {};
}

// JSON numbers are doubles: integral values up to 2^53 are exact, which covers every count here.
bool readCount(const QJsonObject &o, const char *key, Count &out, bool required)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || (v.isNull() && !required))
        return !required;
    if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() != static_cast<double>(v.toInteger()))
        return false;
    out = v.toInteger();
    return true;
}

} // namespace

CatalogueError loadCatalogue(const QString &dataDir, Catalogue &catalogue)
{
    Catalogue loaded;
    // The presets are Hugging Face config files, read by the same importer as a user's own
    // (hfconfig.h); models/index.json names them and gives each its published total.
    QJsonArray presets;
    const QString modelsDir = dataDir + QStringLiteral("/models");
    const QString indexPath = modelsDir + QStringLiteral("/index.json");
    if (CatalogueError e = readArray(indexPath, QStringLiteral("models"), presets); e.code != CatalogueError::Code::None)
        return e;
    for (const QJsonValue &value : presets) {
        const QJsonObject o = value.toObject();
        ModelPreset p;
        p.id = o.value(QStringLiteral("id")).toString();
        p.name = o.value(QStringLiteral("name")).toString();
        p.checkpoint = o.value(QStringLiteral("checkpoint")).toString();
        p.source = o.value(QStringLiteral("config_source")).toString();
        const QString config = o.value(QStringLiteral("config")).toString();
        if (p.id.isEmpty() || p.name.isEmpty() || config.isEmpty() || config.contains(QLatin1Char('/')))
            return { CatalogueError::Code::BadEntry, indexPath,
                     QStringLiteral("model \"%1\": needs id, name and config (a file name in models/)").arg(excerpt(p.id)) };
        if (!readCount(o, "published_params", p.publishedParams, false) || !readCount(o, "published_active_params", p.publishedActiveParams, false))
            return { CatalogueError::Code::BadEntry, indexPath,
                     QStringLiteral("model \"%1\": published_params must be a whole number or null").arg(excerpt(p.id)) };
        HfModel imported;
        const HfConfigError e = readHfConfig(modelsDir + QLatin1Char('/') + config, QString(), imported);
        if (!e.ok())
            return { CatalogueError::Code::BadEntry, e.file.isEmpty() ? indexPath : e.file,
                     QStringLiteral("model \"%1\": %2 %3 (expected %4, got %5)")
                             .arg(excerpt(p.id), e.field, QString::number(int(e.code)), e.expected, e.got) };
        p.model = imported.model;
        p.modelType = imported.modelType;
        loaded.presets.append(p);
    }

    QJsonArray gpus;
    const QString gpusPath = dataDir + QStringLiteral("/gpus.json");
    if (CatalogueError e = readArray(gpusPath, QStringLiteral("gpus"), gpus); e.code != CatalogueError::Code::None)
        return e;
    for (const QJsonValue &value : gpus) {
        const QJsonObject o = value.toObject();
        GpuSpec g;
        g.id = o.value(QStringLiteral("id")).toString();
        g.name = o.value(QStringLiteral("name")).toString();
        g.capacitySource = o.value(QStringLiteral("memory_source")).toString();
        Count mib = 0;
        if (g.id.isEmpty() || !readCount(o, "memory_mib", mib, true) || mib <= 0)
            return { CatalogueError::Code::BadEntry, gpusPath, QStringLiteral("gpu \"%1\"").arg(g.id) };
        g.capacity = bytes(mib * kMiB);
        g.bf16 = o.value(QStringLiteral("bf16")).toBool();
        g.tflopsFp16 = o.value(QStringLiteral("tflops_fp16")).toDouble();
        g.tflopsBf16 = o.value(QStringLiteral("tflops_bf16")).toDouble();
        g.pricePerHourUsd = o.value(QStringLiteral("price_per_hour_usd")).toDouble();
        loaded.gpus.append(g);
    }
    catalogue = std::move(loaded);
    return {};
}

} // namespace headroom
