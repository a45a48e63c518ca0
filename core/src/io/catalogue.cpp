#include <headroom/io/catalogue.h>

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <headroom/io/hfconfig.h>
#include <headroom/io/hfconfigtext.h>
#include <headroom/io/jsonduplicates.h>
#include <headroom/io/jsonplace.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/scenario.h>

namespace headroom {

namespace {

// Reads the preset's config.json into it with the same importer as a user's own (hfconfig.h).
CatalogueError readPresetConfig(ModelPreset &p)
{
    HfModel imported;
    const HfConfigError e = readHfConfig(p.configPath, QString(), imported);
    if (!e.ok())
        return { CatalogueError::Code::BadEntry, e.file.isEmpty() ? p.configPath : e.file,
                 QStringLiteral("model \"%1\": %2").arg(excerpt(p.id), hfConfigErrorText(e)) };
    p.model = imported.model;
    p.modelType = imported.modelType;
    p.configRead = true;
    return {};
}

CatalogueError readGpus(const QString &gpusPath, QList<GpuSpec> &out);

} // namespace

const ModelPreset *Catalogue::preset(const QString &id) const
{
    for (qsizetype i = 0; i < presets.size(); ++i) {
        if (presets.at(i).id != id)
            continue;
        ModelPreset &p = presets[i];
        if (!p.configRead && p.configProblem.isEmpty()) {
            const CatalogueError e = readPresetConfig(p);
            if (e.code != CatalogueError::Code::None)
                p.configProblem = e.file + QStringLiteral(": ") + e.detail;
        }
        return p.configRead ? &p : nullptr;
    }
    return nullptr;
}

QString checkpointStem(const QString &hubId)
{
    static const QRegularExpression repository(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*$"));
    const QString id = hubId.trimmed();
    if (!repository.match(id).hasMatch())
        return {};
    const QString organisation = id.section(QLatin1Char('/'), 0, 0).toLower();
    QString name = id.section(QLatin1Char('/'), 1).toLower();
    if (organisation == QLatin1String("meta-llama") && name.startsWith(QLatin1String("meta-")))
        name = name.mid(5);
    for (bool stripped = true; stripped;) {
        stripped = false;
        for (const char *suffix : { "-instruct", "-it", "-chat", "-hf", "-base", "-pt" })
            if (name.endsWith(QLatin1String(suffix)) && name.size() > qsizetype(qstrlen(suffix))) {
                name.chop(qsizetype(qstrlen(suffix)));
                stripped = true;
            }
    }
    return organisation + QLatin1Char('/') + name;
}

const ModelPreset *Catalogue::presetOfCheckpoint(const QString &hubId) const
{
    const QString stem = checkpointStem(hubId);
    if (stem.isEmpty())
        return nullptr;
    QString found;
    for (const ModelPreset &p : presets)
        if (checkpointStem(p.checkpoint) == stem) {
            if (!found.isEmpty())
                return nullptr;
            found = p.id;
        }
    return found.isEmpty() ? nullptr : preset(found);
}

const GpuSpec *Catalogue::gpu(const QString &id) const
{
    // No card has an empty id (readGpus refuses one): a scenario without a GPU must not make a
    // command that never names one read and check the whole list (2.3 M instructions a start).
    if (id.isEmpty())
        return nullptr;
    if (!gpusPath.isEmpty() && gpus.isEmpty() && gpusProblem.isEmpty()) {
        const CatalogueError e = readGpus(gpusPath, gpus);
        if (e.code != CatalogueError::Code::None)
            gpusProblem = e.file + QStringLiteral(": ") + e.detail;
    }
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
    // bin/../share/headroom; and libexec/headroom/../../share/headroom for headroom-report.
    if (QCoreApplication::instance())
        candidates << QCoreApplication::applicationDirPath() + QStringLiteral("/../share/headroom")
                   << QCoreApplication::applicationDirPath() + QStringLiteral("/../../share/headroom");
    candidates << QStringLiteral("/usr/local/share/headroom") << QStringLiteral("/usr/share/headroom");
    for (const QString &c : candidates)
        if (QFileInfo::exists(c + QStringLiteral("/gpus.json")))
            return QDir::cleanPath(c);
    return candidates.front();
}

namespace {

// The catalogue file at \a path as {"schema": 1, key: <array or object>}.
CatalogueError readRoot(const QString &path, const QString &key, bool array, QJsonValue &out)
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
                 jsonErrorText(parseError, data) };
    // QJsonDocument keeps the last of duplicated keys: an entry edited twice must not pass.
    if (const std::optional<DuplicateKey> twice = firstDuplicateKey(data))
        return { CatalogueError::Code::BadEntry, path,
                 QStringLiteral("the key \"%1\" is given twice; each key may appear once in its object").arg(excerpt(twice->path, 120)) };
    const QJsonObject root = doc.object();
    const QJsonValue value = root.value(key);
    if (root.value(QStringLiteral("schema")).toInt() != 1 || (array ? !value.isArray() : !value.isObject()))
        return { CatalogueError::Code::WrongSchema, path,
                 QStringLiteral("expected {\"schema\": 1, \"%1\": %2}").arg(key, array ? QStringLiteral("[...]") : QStringLiteral("{...}")) };
    out = value;
    return {};
}

CatalogueError readArray(const QString &path, const QString &key, QJsonArray &out)
{
    QJsonValue value;
    CatalogueError e = readRoot(path, key, true, value);
    out = value.toArray();
    return e;
}

// models/provenance.json: where each preset's config and published total come from, kept apart
// from the index (the command line reads the index on every start and never shows these). The
// window shows config_source on its preset list. Optional: a user's own preset needs none.
CatalogueError readProvenance(const QString &modelsDir, QList<ModelPreset> &presets)
{
    const QString path = modelsDir + QStringLiteral("/provenance.json");
    if (!QFileInfo::exists(path))
        return {};
    QJsonValue value;
    if (CatalogueError e = readRoot(path, QStringLiteral("models"), false, value); e.code != CatalogueError::Code::None)
        return e;
    const QJsonObject models = value.toObject();
    for (ModelPreset &p : presets) {
        const QJsonValue source = models.value(p.id).toObject().value(QStringLiteral("config_source"));
        if (!source.isUndefined() && !source.isNull() && !source.isString())
            return { CatalogueError::Code::BadEntry, path,
                     QStringLiteral("model \"%1\": config_source must be a string or null").arg(excerpt(p.id)) };
        p.source = source.toString();
    }
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

// One GPU's figures, each named with its key and allowed range when it is wrong: a negative
// price or TFLOP/s would turn into a negative cost or time, a typed string into a silent 0.
QString gpuEntryProblem(const QJsonObject &o, const QString &id, GpuSpec &g)
{
    const QString entry = QStringLiteral("gpu \"%1\"").arg(excerpt(id));
    auto shown = [](const QJsonValue &v) {
        if (v.isString())
            return QLatin1Char('"') + excerpt(v.toString()) + QLatin1Char('"');
        if (v.isDouble())
            return QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest);
        return v.isBool() ? QStringLiteral("true or false") : v.isNull() ? QStringLiteral("null") : QStringLiteral("an array or object");
    };
    Count mib = 0;
    const QJsonValue memory = o.value(QStringLiteral("memory_mib"));
    if (!readCount(o, "memory_mib", mib, true) || mib < 1 || mib > 10'000'000)
        return QStringLiteral("%1: \"memory_mib\" must be a whole number of MiB from 1 to 10,000,000, got %2")
                .arg(entry, memory.isUndefined() ? QStringLiteral("nothing") : shown(memory));
    g.capacity = bytes(mib * kMiB);
    for (const char *key : { "name", "memory_source" }) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isUndefined() && !v.isString())
            return QStringLiteral("%1: \"%2\" must be a string, got %3").arg(entry, QLatin1String(key), shown(v));
    }
    const QJsonValue bf16 = o.value(QStringLiteral("bf16"));
    if (!bf16.isUndefined() && !bf16.isBool())
        return QStringLiteral("%1: \"bf16\" must be true or false, got %2").arg(entry, shown(bf16));
    g.bf16 = bf16.toBool();
    const QJsonValue fp8 = o.value(QStringLiteral("fp8"));
    if (!fp8.isUndefined() && !fp8.isBool())
        return QStringLiteral("%1: \"fp8\" must be true or false, got %2").arg(entry, shown(fp8));
    g.fp8 = fp8.toBool();
    struct Figure
    {
        const char *key;
        double *value;
    };
    for (const Figure &f : { Figure{ "tflops_fp16", &g.tflopsFp16 }, Figure{ "tflops_bf16", &g.tflopsBf16 },
                             Figure{ "tflops_fp8", &g.tflopsFp8 }, Figure{ "price_per_hour_usd", &g.pricePerHourUsd } }) {
        const QJsonValue v = o.value(QLatin1String(f.key));
        if (v.isUndefined())
            continue;
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < 0 || v.toDouble() > 1e6)
            return QStringLiteral("%1: \"%2\" must be a number from 0 to 1,000,000, got %3").arg(entry, QLatin1String(f.key), shown(v));
        *f.value = v.toDouble();
    }
    // An FP8 card times its FP8 linears at this rate (steptime.h); without it they would be timed
    // at the 16-bit rate as if FP8 bought nothing.
    if (g.fp8 && !(g.tflopsFp8 > 0))
        return QStringLiteral("%1: \"tflops_fp8\" must be a number above 0 where \"fp8\" is true, got %2")
                .arg(entry, o.contains(QStringLiteral("tflops_fp8")) ? shown(o.value(QStringLiteral("tflops_fp8"))) : QStringLiteral("nothing"));
    // What the step time needs (steptime.h): required, so a card added without them is named
    // instead of timed as if it had no interconnect.
    struct Required
    {
        const char *key;
        double low;  //!< exclusive when lowOpen
        double high;
        bool lowOpen;
        bool whole;
        const char *range; //!< as the message says it
    };
    double values[9] = {};
    const Required required[9] = {
        { "hbm_gb_s", 0, 1e5, true, false, "a number of GB/s above 0, at most 100,000" },
        { "matmul_efficiency", 0, 1, true, false, "a fraction above 0, at most 1" },
        { "nvlink_gb_s", 0, 1e5, false, false, "a number of GB/s from 0 (none) to 100,000" },
        { "nvlink_gpus", 0, 1024, false, true, "a whole number of GPUs from 0 (none) to 1,024" },
        { "pcie_gen", 1, 7, false, true, "a whole PCIe generation from 1 to 7" },
        { "pcie_lanes", 1, 32, false, true, "a whole number of lanes from 1 to 32" },
        { "gpus_per_node", 1, 1024, false, true, "a whole number of GPUs from 1 to 1,024" },
        { "network_gbps", 0, 1e6, true, false, "a number of Gbit/s above 0, at most 1,000,000" },
        { "power_w", 0, 1e5, true, false, "a number of watts above 0, at most 100,000" },
    };
    for (int i = 0; i < 9; ++i) {
        const Required &r = required[i];
        const QJsonValue v = o.value(QLatin1String(r.key));
        const double x = v.toDouble();
        const bool inRange = v.isDouble() && std::isfinite(x) && (r.lowOpen ? x > r.low : x >= r.low) && x <= r.high
                && (!r.whole || x == std::floor(x));
        if (!inRange)
            return QStringLiteral("%1: \"%2\" must be %3, got %4")
                    .arg(entry, QLatin1String(r.key), QLatin1String(r.range), v.isUndefined() ? QStringLiteral("nothing") : shown(v));
        values[i] = x;
    }
    g.hbmGBps = values[0];
    g.matmulEfficiency = values[1];
    g.nvlinkGBps = values[2];
    g.nvlinkGpus = static_cast<Count>(static_cast<long long>(values[3]));
    g.pcieGen = static_cast<int>(values[4]);
    g.pcieLanes = static_cast<int>(values[5]);
    g.gpusPerNode = static_cast<Count>(static_cast<long long>(values[6]));
    g.networkGbps = values[7];
    g.powerWatts = values[8];
    // The attention kernels' shares of the dense peak (steptime.h): optional; 0 where a card gives
    // none, and attention is then priced as any other matmul (attentionKernelEfficiency()).
    for (auto [key, target] : { std::pair{ "attention_efficiency", &g.attentionEfficiency },
                                std::pair{ "fused_attention_efficiency", &g.fusedAttentionEfficiency } }) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            continue;
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() <= 0 || v.toDouble() > 1)
            return QStringLiteral("%1: \"%2\" must be a fraction above 0, at most 1, got %3").arg(entry, QLatin1String(key), shown(v));
        *target = v.toDouble();
    }
    // Optional: without it a GEMM's tiles are not quantized (gemmshape.h).
    const QJsonValue sms = o.value(QStringLiteral("sms"));
    if (!sms.isUndefined()) {
        const double x = sms.toDouble();
        if (!sms.isDouble() || !std::isfinite(x) || x < 1 || x > 4096 || x != std::floor(x))
            return QStringLiteral("%1: \"sms\" must be a whole number of streaming multiprocessors from 1 to 4,096, got %2").arg(entry, shown(sms));
        g.sms = static_cast<Count>(static_cast<long long>(x));
    }
    const QJsonValue purchase = o.value(QStringLiteral("purchase_usd"));
    if (!purchase.isUndefined()) {
        if (!purchase.isDouble() || !std::isfinite(purchase.toDouble()) || purchase.toDouble() < 0 || purchase.toDouble() > 1e7)
            return QStringLiteral("%1: \"purchase_usd\" must be a number of USD from 0 (unknown) to 10,000,000, got %2").arg(entry, shown(purchase));
        g.purchaseUsd = purchase.toDouble();
    }
    for (auto [key, text] : { std::pair{ "price_date", &g.priceDate }, std::pair{ "matmul_efficiency_source", &g.matmulEfficiencySource },
                              std::pair{ "sms_source", &g.smsSource },
                              std::pair{ "attention_efficiency_source", &g.attentionEfficiencySource } }) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isUndefined() && !v.isString())
            return QStringLiteral("%1: \"%2\" must be a string, got %3").arg(entry, QLatin1String(key), shown(v));
        *text = v.toString();
    }
    return {};
}

// gpus.json into \a out (left untouched on an error).
CatalogueError readGpus(const QString &gpusPath, QList<GpuSpec> &out)
{
    QJsonArray gpus;
    if (CatalogueError e = readArray(gpusPath, QStringLiteral("gpus"), gpus); e.code != CatalogueError::Code::None)
        return e;
    QList<GpuSpec> read;
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const QJsonObject o = gpus.at(i).toObject();
        GpuSpec g;
        g.id = o.value(QStringLiteral("id")).toString();
        g.name = o.value(QStringLiteral("name")).toString();
        g.capacitySource = o.value(QStringLiteral("memory_source")).toString();
        if (!gpus.at(i).isObject() || g.id.isEmpty())
            return { CatalogueError::Code::BadEntry, gpusPath,
                     QStringLiteral("gpus[%1]: each entry is an object with a non-empty \"id\" string").arg(i) };
        // The id is what --gpu, --price and scenario files name: a second entry under it would
        // never be reached.
        if (std::any_of(read.cbegin(), read.cend(), [&g](const GpuSpec &other) { return other.id == g.id; }))
            return { CatalogueError::Code::BadEntry, gpusPath,
                     QStringLiteral("gpu \"%1\": \"id\" is given to two entries; each id must be unique").arg(excerpt(g.id)) };
        if (const QString problem = gpuEntryProblem(o, g.id, g); !problem.isEmpty())
            return { CatalogueError::Code::BadEntry, gpusPath, problem };
        read.append(g);
    }
    out = std::move(read);
    return {};
}

} // namespace

CatalogueError loadCatalogue(const QString &dataDir, Catalogue &catalogue, PresetConfigs configs, GpuList gpuList)
{
    Catalogue loaded;
    // The presets are Hugging Face config files, read by the same importer as a user's own
    // (hfconfig.h); models/index.json names them and gives each its published total.
    QJsonArray presets;
    const QString modelsDir = dataDir + QStringLiteral("/models");
    const QString indexPath = modelsDir + QStringLiteral("/index.json");
    if (CatalogueError e = readArray(indexPath, QStringLiteral("models"), presets); e.code != CatalogueError::Code::None)
        return e;
    // Grown in place, a list of 45 presets of about 1 KB each would be copied five times over
    // (pages a short-lived command faults in for nothing).
    loaded.presets.reserve(presets.size());
    for (const QJsonValue &value : presets) {
        const QJsonObject o = value.toObject();
        ModelPreset p;
        p.id = o.value(QStringLiteral("id")).toString();
        p.name = o.value(QStringLiteral("name")).toString();
        p.checkpoint = o.value(QStringLiteral("checkpoint")).toString();
        const QString config = o.value(QStringLiteral("config")).toString();
        if (p.id.isEmpty() || p.name.isEmpty() || config.isEmpty() || config.contains(QLatin1Char('/')))
            return { CatalogueError::Code::BadEntry, indexPath,
                     QStringLiteral("model \"%1\": needs id, name and config (a file name in models/)").arg(excerpt(p.id)) };
        if (!readCount(o, "published_params", p.publishedParams, false) || !readCount(o, "published_active_params", p.publishedActiveParams, false))
            return { CatalogueError::Code::BadEntry, indexPath,
                     QStringLiteral("model \"%1\": published_params must be a whole number or null").arg(excerpt(p.id)) };
        p.configPath = modelsDir + QLatin1Char('/') + config;
        if (configs == PresetConfigs::ReadAll)
            if (CatalogueError e = readPresetConfig(p); e.code != CatalogueError::Code::None)
                return e;
        loaded.presets.append(p);
    }
    if (configs == PresetConfigs::ReadAll)
        if (CatalogueError e = readProvenance(modelsDir, loaded.presets); e.code != CatalogueError::Code::None)
            return e;

    const QString gpusPath = dataDir + QStringLiteral("/gpus.json");
    if (gpuList == GpuList::OnFirstUse)
        loaded.gpusPath = gpusPath;
    else if (CatalogueError e = readGpus(gpusPath, loaded.gpus); e.code != CatalogueError::Code::None)
        return e;
    catalogue = std::move(loaded);
    return {};
}

} // namespace headroom
