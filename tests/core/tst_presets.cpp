// Each preset (a Hugging Face config.json under resources/models/, read by the importer) against
// the total its authors publish (models/index.json "published_params", each quoted exactly by
// public sources: resources/models/SOURCES.md): the architecture's count must equal it exactly.

#include <QtTest>

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
                                "h200-141gb", "l40s", "rtx-2080-ti", "rtx-3090", "rtx-4090" })
            QVERIFY2(m_catalogue.gpu(QLatin1String(id)), id);
        // nvidia-smi reports 81920 MiB for the A100 80GB: 85,899,345,920 bytes.
        QCOMPARE(countOf(m_catalogue.gpu(QStringLiteral("a100-80gb"))->capacity), Count(85'899'345'920));
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
};

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
