// Each preset (a Hugging Face config.json under resources/models/, read by the importer) against
// the total its authors publish (models/index.json "published_params", each quoted exactly by
// public sources: resources/models/SOURCES.md): the architecture's count must equal it exactly.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include <headroom/io/catalogue.h>
#include <headroom/memory/model.h>

using namespace headroom;

class TestPresets : public QObject
{
    Q_OBJECT

private:
    Catalogue m_catalogue;

private slots:
    void initTestCase()
    {
        const CatalogueError e = loadCatalogue(findDataDir(), m_catalogue);
        QVERIFY2(e.code == CatalogueError::Code::None, qPrintable(e.file + QLatin1Char(' ') + e.detail));
    }

    void requiredPresetsPresent()
    {
        for (const char *id : { "gpt2", "gpt2-xl", "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b",
                                "llama-3-70b", "mistral-7b", "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-72b" })
            QVERIFY2(m_catalogue.preset(QLatin1String(id)), id);
    }

    // A front end's model line (axolotl base_model, model_name_or_path) as the preset it names:
    // the model cards say these post-trained variants keep the base's architecture.
    void hubIdsNameTheirPresets_data()
    {
        QTest::addColumn<QString>("hubId");
        QTest::addColumn<QString>("stem");
        QTest::addColumn<QString>("preset");
        QTest::newRow("as in the index") << QStringLiteral("meta-llama/Llama-3.1-8B") << QStringLiteral("meta-llama/llama-3.1-8b") << QStringLiteral("llama-3.1-8b");
        QTest::newRow("older Meta- name") << QStringLiteral("meta-llama/Meta-Llama-3.1-8B-Instruct") << QStringLiteral("meta-llama/llama-3.1-8b")
                                          << QStringLiteral("llama-3.1-8b");
        QTest::newRow("two suffixes") << QStringLiteral("meta-llama/Llama-2-7b-chat-hf") << QStringLiteral("meta-llama/llama-2-7b") << QStringLiteral("llama-2-7b");
        QTest::newRow("-it") << QStringLiteral("google/gemma-2-9b-it") << QStringLiteral("google/gemma-2-9b") << QStringLiteral("gemma-2-9b");
        QTest::newRow("-Base") << QStringLiteral("Qwen/Qwen3-8B-Base") << QStringLiteral("qwen/qwen3-8b") << QStringLiteral("qwen3-8b");
        QTest::newRow("index's own -instruct") << QStringLiteral("microsoft/Phi-3-mini-4k-instruct") << QStringLiteral("microsoft/phi-3-mini-4k")
                                               << QStringLiteral("phi-3-mini-4k");
        // Another organisation's copy may be quantized or changed: no preset.
        QTest::newRow("other organisation") << QStringLiteral("unsloth/Meta-Llama-3.1-8B") << QStringLiteral("unsloth/meta-llama-3.1-8b") << QString();
        QTest::newRow("a later release") << QStringLiteral("Qwen/Qwen3-4B-Instruct-2507") << QStringLiteral("qwen/qwen3-4b-instruct-2507") << QString();
        QTest::newRow("local path") << QStringLiteral("./models/llama") << QString() << QString();
        QTest::newRow("absolute path") << QStringLiteral("/data/llama-3.1-8b") << QString() << QString();
        QTest::newRow("bare name") << QStringLiteral("llama-3.1-8b") << QString() << QString();
        QTest::newRow("three parts") << QStringLiteral("a/b/c") << QString() << QString();
    }

    void hubIdsNameTheirPresets()
    {
        QFETCH(QString, hubId);
        QFETCH(QString, stem);
        QFETCH(QString, preset);
        QCOMPARE(checkpointStem(hubId), stem);
        const ModelPreset *p = m_catalogue.presetOfCheckpoint(hubId);
        QCOMPARE(p ? p->id : QString(), preset);
    }

    void derivedMatchesPublished_data()
    {
        QTest::addColumn<QString>("id");
        for (const ModelPreset &p : m_catalogue.presets)
            if (p.publishedParams > 0)
                QTest::newRow(qPrintable(p.id)) << p.id;
    }

    void derivedMatchesPublished()
    {
        QFETCH(QString, id);
        const ModelPreset *p = m_catalogue.preset(id);
        const Count derived = effectiveParameters(p->model);
        QVERIFY2(derived == p->publishedParams,
                 qPrintable(QStringLiteral("%1: derived %2, published %3").arg(id).arg(double(derived), 0, 'f', 0)
                                    .arg(double(p->publishedParams), 0, 'f', 0)));
        if (p->publishedActiveParams > 0)
            QCOMPARE(parameterCounts(p->model).active(p->model.layers), p->publishedActiveParams);
    }

    void everyRequiredFamilyHasAPublishedPreset()
    {
        // The list: each with its published total.
        for (const char *id : { "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "llama-3.2-1b", "llama-3.2-3b",
                                "mistral-7b-v0.3", "mixtral-8x7b", "mixtral-8x22b", "qwen2.5-0.5b", "qwen2.5-1.5b",
                                "qwen2.5-3b", "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-32b", "qwen2.5-72b", "qwen3-8b",
                                "qwen3-30b-a3b", "gemma-2-2b", "gemma-2-9b", "gemma-2-27b", "phi-3-mini-4k",
                                "phi-3-medium-4k", "deepseek-v2-lite", "pythia-6.9b", "bert-large-uncased" }) {
            const ModelPreset *p = m_catalogue.preset(QLatin1String(id));
            QVERIFY2(p, id);
            QVERIFY2(p->publishedParams > 0, id);
        }
    }

    void llama2_7bExact()
    {
        // 32000 x 4096 x 2 (embedding, lm_head) + 32 x (4 x 4096^2 + 3 x 4096 x 11008 + 2 x 4096) + 4096
        // = 262,144,000 + 32 x 202,383,360 + 4,096 = 6,738,415,616.
        QCOMPARE(effectiveParameters(m_catalogue.preset(QStringLiteral("llama-2-7b"))->model), Count(6'738'415'616));
    }

    void gpt2SmallExact()
    {
        // wte 50257 x 768 + wpe 1024 x 768 + 12 x (2 x 1536 + 768 x 2304 + 2304 + 768 x 768 + 768
        // + 768 x 3072 + 3072 + 3072 x 768 + 768) + 1536 = 124,439,808 (tied lm_head).
        QCOMPARE(effectiveParameters(m_catalogue.preset(QStringLiteral("gpt2"))->model), Count(124'439'808));
    }

    void gpuCatalogue()
    {
        for (const char *id : { "v100-16gb", "v100-32gb", "t4", "a10", "a100-40gb", "a100-80gb", "h100-80gb",
                                "h200-141gb", "l40s", "rtx-2080-ti", "rtx-3090", "rtx-4090", "a800-80gb",
                                "h800-80gb", "h20-96gb", "l20-48gb", "b200-180gb", "gb200", "mi300x-192gb",
                                "mi325x-256gb", "rtx-5090" })
            QVERIFY2(m_catalogue.gpu(QLatin1String(id)), id);
        // nvidia-smi reports 81920 MiB for the A100 80GB: 85,899,345,920 bytes.
        QCOMPARE(countOf(m_catalogue.gpu(QStringLiteral("a100-80gb"))->capacity), Count(85'899'345'920));
        // The catalogue's MI300X holds 196,288 MiB: 196,288 x 1,048,576 = 205,822,885,888 bytes, the
        // VRAM total rocm-smi prints (192 GiB less 320 MiB).
        QCOMPARE(countOf(m_catalogue.gpu(QStringLiteral("mi300x-192gb"))->capacity), Count(205'822'885'888));
        QVERIFY(!m_catalogue.gpu(QStringLiteral("v100-32gb"))->bf16);
        QVERIFY(m_catalogue.gpu(QStringLiteral("h100-80gb"))->bf16);
    }

    void badFileLeavesCatalogueUntouched()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("models")));
        QFile f(dir.filePath(QStringLiteral("models/index.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ \"schema\": 1, \"presets\": [ { \"id\": \"x\" ");
        f.close();
        Catalogue c = m_catalogue;
        const CatalogueError e = loadCatalogue(dir.path(), c);
        QCOMPARE(e.code, CatalogueError::Code::NotJson);
        QCOMPARE(c.presets.size(), m_catalogue.presets.size());
    }

    // The command line reads the index and only the named preset's config: every preset read on
    // demand is the one read at load, and a broken config fails only the preset it belongs to.
    void presetsReadOnDemand()
    {
        QTemporaryDir dir;
        const QString data = findDataDir();
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("models")));
        QVERIFY(QFile::copy(data + QStringLiteral("/gpus.json"), dir.filePath(QStringLiteral("gpus.json"))));
        for (const QString &name : QDir(data + QStringLiteral("/models")).entryList({ QStringLiteral("*.json") }, QDir::Files))
            QVERIFY(QFile::copy(data + QStringLiteral("/models/") + name, dir.filePath(QStringLiteral("models/") + name)));
        // GPT-2's config cut short: not JSON.
        QFile gpt2(dir.filePath(QStringLiteral("models/gpt2.json")));
        QVERIFY(gpt2.open(QIODevice::WriteOnly | QIODevice::Truncate));
        gpt2.write("{ \"model_type\": \"gpt2\", ");
        gpt2.close();

        Catalogue eager;
        const CatalogueError refused = loadCatalogue(dir.path(), eager);
        QCOMPARE(refused.code, CatalogueError::Code::BadEntry);
        QVERIFY2(refused.file.endsWith(QLatin1String("gpt2.json")), qPrintable(refused.file));

        Catalogue lazy;
        const CatalogueError e = loadCatalogue(dir.path(), lazy, PresetConfigs::OnDemand);
        QVERIFY2(e.code == CatalogueError::Code::None, qPrintable(e.file + QLatin1Char(' ') + e.detail));
        QCOMPARE(lazy.presets.size(), m_catalogue.presets.size());
        for (const ModelPreset &p : lazy.presets)
            QVERIFY2(!p.configRead, qPrintable(p.id)); // nothing read before a preset is named
        const ModelPreset *llama = lazy.preset(QStringLiteral("llama-2-7b"));
        QVERIFY(llama);
        // LLaMA-2 7B's config.json: 32 layers of width 4096, 32 heads, a 32,000-token vocabulary,
        // 6,738,415,616 parameters in all (its published total).
        QCOMPARE(llama->model.layers, Count(32));
        QCOMPARE(llama->model.hidden, Count(4096));
        QCOMPARE(llama->model.heads, Count(32));
        QCOMPARE(llama->model.vocab, Count(32000));
        QCOMPARE(effectiveParameters(llama->model), Count(6'738'415'616));
        QCOMPARE(lazy.preset(QStringLiteral("llama-2-7b")), llama); // read once, then kept
        QVERIFY(!lazy.preset(QStringLiteral("gpt2")));
        const auto broken = std::find_if(lazy.presets.cbegin(), lazy.presets.cend(),
                                         [](const ModelPreset &p) { return p.id == QLatin1String("gpt2"); });
        QVERIFY(broken != lazy.presets.cend());
        QVERIFY2(broken->configProblem.contains(QLatin1String("gpt2.json")), qPrintable(broken->configProblem));
        QVERIFY(!lazy.preset(QStringLiteral("no-such-model")));
    }

    // `estimate` names one GPU at most: under GpuList::OnFirstUse gpus.json is read when a GPU is
    // named, into the same entries a full load reads; a broken file fails that GPU only, with
    // its reason.
    void gpusReadOnFirstUse()
    {
        Catalogue lazy;
        CatalogueError e = loadCatalogue(findDataDir(), lazy, PresetConfigs::OnDemand, GpuList::OnFirstUse);
        QVERIFY2(e.code == CatalogueError::Code::None, qPrintable(e.file + QLatin1Char(' ') + e.detail));
        QVERIFY(lazy.gpus.isEmpty()); // nothing read before a GPU is named
        const GpuSpec *a100 = lazy.gpu(QStringLiteral("a100-80gb"));
        QVERIFY(a100);
        // nvidia-smi reports 81920 MiB for the A100 80GB: 85,899,345,920 bytes.
        QCOMPARE(countOf(a100->capacity), Count(85'899'345'920));
        QCOMPARE(lazy.gpus.size(), m_catalogue.gpus.size());
        QVERIFY(!lazy.gpu(QStringLiteral("no-such-gpu")));
        QVERIFY(lazy.gpusProblem.isEmpty());

        // Two entries under one id: a full load refuses the catalogue; on first use, the GPU.
        QTemporaryDir dir;
        const QString data = findDataDir();
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("models")));
        for (const QString &name : QDir(data + QStringLiteral("/models")).entryList({ QStringLiteral("*.json") }, QDir::Files))
            QVERIFY(QFile::copy(data + QStringLiteral("/models/") + name, dir.filePath(QStringLiteral("models/") + name)));
        QFile real(data + QStringLiteral("/gpus.json"));
        QVERIFY(real.open(QIODevice::ReadOnly));
        QJsonObject root = QJsonDocument::fromJson(real.readAll()).object();
        QJsonArray list = root.value(QStringLiteral("gpus")).toArray();
        list.append(list.first()); // the first GPU again, under its id
        root.insert(QStringLiteral("gpus"), list);
        QFile gpus(dir.filePath(QStringLiteral("gpus.json")));
        QVERIFY(gpus.open(QIODevice::WriteOnly));
        gpus.write(QJsonDocument(root).toJson());
        gpus.close();
        Catalogue eager;
        e = loadCatalogue(dir.path(), eager, PresetConfigs::OnDemand, GpuList::Read);
        QCOMPARE(e.code, CatalogueError::Code::BadEntry);
        Catalogue broken;
        e = loadCatalogue(dir.path(), broken, PresetConfigs::OnDemand, GpuList::OnFirstUse);
        QCOMPARE(e.code, CatalogueError::Code::None);
        QVERIFY(!broken.gpu(list.first().toObject().value(QStringLiteral("id")).toString()));
        QVERIFY2(broken.gpusProblem.contains(QLatin1String("given to two entries")), qPrintable(broken.gpusProblem));
        QVERIFY(broken.gpus.isEmpty());
    }

    // Each preset's provenance (models/provenance.json, beside the index) reaches the window's
    // catalogue: the config_source the file gives that preset.
    void provenanceKeptApartFromTheIndex()
    {
        QFile file(findDataDir() + QStringLiteral("/models/provenance.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject models = QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("models")).toObject();
        QCOMPARE(models.size(), m_catalogue.presets.size());
        int withSource = 0;
        for (const ModelPreset &p : m_catalogue.presets) {
            QVERIFY2(models.contains(p.id), qPrintable(p.id));
            const QString source = models.value(p.id).toObject().value(QStringLiteral("config_source")).toString();
            QCOMPARE(p.source, source);
            withSource += source.isEmpty() ? 0 : 1;
        }
        // RoBERTa-large's config is cited in SOURCES.md only (its config_source is null).
        QCOMPARE(withSource, m_catalogue.presets.size() - 1);
    }
};

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
