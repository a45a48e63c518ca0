// Each preset's parameter count, derived from its architecture, against the total its authors
// publish (presets.json "published_params", taken from the model cards and safetensors indexes).

#include <QtTest>

#include <headroom/io/catalogue.h>

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
            QTest::newRow(qPrintable(p.id)) << p.id;
    }

    void derivedMatchesPublished()
    {
        QFETCH(QString, id);
        const ModelPreset *p = m_catalogue.preset(id);
        const double derived = static_cast<double>(effectiveParameters(p->model));
        const double published = static_cast<double>(p->publishedParams);
        QVERIFY2(std::abs(derived - published) <= 0.005 * published,
                 qPrintable(QStringLiteral("%1: derived %2, published %3").arg(id).arg(derived, 0, 'f', 0).arg(published, 0, 'f', 0)));
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
        QFile f(dir.filePath(QStringLiteral("presets.json")));
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
