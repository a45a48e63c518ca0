// ScenarioDocument: the default scenario, edits and their signals, invalid drafts, undo, and
// files that fail to load. Expected figures are worked by hand from the article's formulas.

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <headroom/memory/estimate.h>
#include <headroom/memory/validation.h>

#include "scenariodocument.h"

using namespace headroom;

namespace {

// LLaMA-2 7B (published and derived): 6,738,415,616 parameters.
constexpr Count kLlama7bParams = 6'738'415'616;
// bf16-master + AdamW: 2 + 2 + 4 + 8 = 16 bytes per parameter.
constexpr Count kFixed = kLlama7bParams * 16; // 107,814,649,856
// Textbook, B = 1, S = 2048, H = 4096, A = 32: 2 x (19*1*2048*4096 + 3*1*32*2048^2)
// = 2 x (159,383,552 + 402,653,184) = 1,124,073,472 bytes per layer.
constexpr Count kPerLayer = 1'124'073'472;
constexpr Count kActivations = 32 * kPerLayer; // 35,970,351,104
// 1000 MiB CUDA context + 1 GiB allocator reserve.
constexpr Count kOverhead = 0; // the paper stack counts no runtime share, as the article does (stack.cpp)

Catalogue loadedCatalogue()
{
    Catalogue c;
    const CatalogueError e = loadCatalogue(findDataDir(), c);
    if (e.code != CatalogueError::Code::None)
        qFatal("catalogue: %s", qPrintable(e.detail));
    return c;
}

// The article's convention: the default scenario under the paper stack (the textbook formula,
// every bucket resident, no framework buffers), where every figure below is worked by hand.
void toTextbook(ScenarioDocument &doc)
{
    ScenarioSpec spec = ScenarioDocument::defaultSpec(doc.catalogue());
    applyStackDefaults(spec.scenario, TrainingStack::Paper);
    QVERIFY(doc.reset(spec));
}

} // namespace

class TestScenarioDocument : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { m_catalogue = loadedCatalogue(); }

    // A fresh document answers as the Hugging Face Trainer would run it: the itemized model with
    // SDPA. LLaMA-2 7B, B = 1, S = 2048 (worked by hand in tst_itemizecli): 381,960,192 bytes a
    // layer x 32 + 330,342,408 outside = 12,553,068,552; the peak, 109,091,061,760 bytes, comes
    // in the first layer's backward, below the plain sum of the buckets.
    void defaultScenarioIsRealistic()
    {
        ScenarioDocument doc(m_catalogue);
        const Scenario &s = doc.scenario();
        QCOMPARE(s.stack.stack, TrainingStack::HfTrainer);
        QCOMPARE(s.activations.model, ActivationModelKind::Transformer);
        QCOMPARE(s.activations.attention, AttentionKernel::Sdpa);
        QCOMPARE(doc.breakdown().activations, bytes(12'553'068'552));
        // The allocated peak 108,042,485,760 (tst_itemizecli) and the CUDA context 1,048,576,000.
        QCOMPARE(doc.breakdown().peak, bytes(109'091'061'760));
        QCOMPARE(doc.breakdown().peakPhase, StepPhase::Backward);
        QVERIFY(doc.breakdown().peak < doc.breakdown().total());
    }

    void defaultScenario()
    {
        ScenarioDocument doc(m_catalogue);
        toTextbook(doc);
        const ScenarioSpec &spec = doc.spec();
        QCOMPARE(spec.presetId, QStringLiteral("llama-2-7b"));
        QCOMPARE(spec.gpuId, QStringLiteral("a100-80gb"));
        QCOMPARE(spec.scenario.training.microBatch, Count(1));
        QCOMPARE(spec.scenario.training.sequence, Count(2048));
        QCOMPARE(spec.scenario.training.precision.recipe, Recipe::Bf16Master);
        QCOMPARE(spec.scenario.training.precision.optimizer, Optimizer::AdamW);
        QCOMPARE(spec.scenario.training.recompute, Recompute::None);
        QCOMPARE(spec.scenario.parallel.gpus, Count(1));
        QCOMPARE(spec.scenario.gpu.capacity, bytes(81920 * kMiB));

        const Breakdown &b = doc.breakdown();
        QCOMPARE(b.parameterCount, kLlama7bParams);
        QCOMPARE(b.modelStates(), bytes(kFixed));
        QCOMPARE(b.activations, bytes(kActivations));
        QCOMPARE(b.overhead, bytes(kOverhead));
        QCOMPARE(b.total(), bytes(kFixed + kActivations + kOverhead)); // 143,785,000,960
        QVERIFY(!fits(spec.scenario, b));
        QVERIFY(doc.issues().empty());
        QVERIFY(!doc.isModified());
    }

    void editReestimatesAndSignals()
    {
        ScenarioDocument doc(m_catalogue);
        toTextbook(doc);
        QSignalSpy scenario(&doc, &ScenarioDocument::scenarioChanged);
        QSignalSpy breakdown(&doc, &ScenarioDocument::breakdownChanged);
        QVERIFY(doc.edit(ScenarioDocument::EditKind::Batch, QStringLiteral("batch"),
                         [](ScenarioSpec &s) { s.scenario.training.microBatch = 4; }));
        QCOMPARE(scenario.count(), 1);
        QCOMPARE(breakdown.count(), 1);
        // Activations are linear in B: 4 x 35,970,351,104 (the article's 144 GB row).
        QCOMPARE(doc.breakdown().activations, bytes(4 * kActivations));
        QCOMPARE(breakdown.at(0).at(0).value<Breakdown>().activations, bytes(4 * kActivations));
        QVERIFY(doc.isModified());

        // The same value again changes nothing and signals nothing.
        QVERIFY(!doc.edit(ScenarioDocument::EditKind::Batch, QStringLiteral("batch"),
                          [](ScenarioSpec &s) { s.scenario.training.microBatch = 4; }));
        QCOMPARE(breakdown.count(), 1);
    }

    void checkpointingDropsActivations()
    {
        ScenarioDocument doc(m_catalogue);
        toTextbook(doc);
        doc.edit(ScenarioDocument::EditKind::Recompute, QStringLiteral("full"),
                 [](ScenarioSpec &s) { s.scenario.training.recompute = Recompute::Full; });
        // Full: every layer keeps its input (2 x B*S*H = 16,777,216 B) plus one layer rebuilt.
        QCOMPARE(doc.breakdown().activations, bytes(32 * 16'777'216 + kPerLayer)); // 1,660,944,384
    }

    void invalidDraftKeepsLastValidScenario()
    {
        ScenarioDocument doc(m_catalogue);
        toTextbook(doc);
        QSignalSpy issues(&doc, &ScenarioDocument::issuesChanged);
        QSignalSpy breakdown(&doc, &ScenarioDocument::breakdownChanged);
        QVERIFY(!doc.edit(ScenarioDocument::EditKind::Heads, QStringLiteral("heads"),
                          [](ScenarioSpec &s) { s.scenario.model.heads = 33; }));
        QCOMPARE(issues.count(), 1);
        QCOMPARE(breakdown.count(), 0);
        // 33 divides neither hidden (4096) nor is divided by the preset's 32 KV heads.
        QCOMPARE(doc.issues().size(), 2);
        const ValidationIssue issue = *doc.issues().begin();
        QCOMPARE(issue.field, Field::Heads);
        QCOMPARE(issue.problem, Problem::NotDivisible);
        QCOMPARE(issue.other, Field::Hidden);
        QVERIFY(doc.issues().hasField(Field::KvHeads));
        QCOMPARE(doc.draft().scenario.model.heads, Count(33));
        QCOMPARE(doc.scenario().model.heads, Count(32));
        QCOMPARE(doc.breakdown().activations, bytes(kActivations));
        QCOMPARE(doc.undoStack()->count(), 0);

        // A valid change elsewhere still applies to the last valid scenario; the bad heads stay.
        QVERIFY(doc.edit(ScenarioDocument::EditKind::Batch, QStringLiteral("batch"),
                         [](ScenarioSpec &s) { s.scenario.training.microBatch = 2; }));
        QCOMPARE(doc.breakdown().activations, bytes(2 * kActivations));
        QCOMPARE(doc.draft().scenario.model.heads, Count(33));
        QCOMPARE(doc.issues().size(), 2);

        // Making the draft consistent (4092 / 33 = 124, 33 KV heads) makes it the scenario.
        QVERIFY(!doc.edit(ScenarioDocument::EditKind::Hidden, QStringLiteral("hidden"),
                          [](ScenarioSpec &s) { s.scenario.model.hidden = 4092; }));
        QCOMPARE(doc.issues().size(), 1);
        QVERIFY(doc.edit(ScenarioDocument::EditKind::KvHeads, QStringLiteral("kv"),
                         [](ScenarioSpec &s) { s.scenario.model.kvHeads = 33; }));
        QVERIFY(doc.issues().empty());
        QCOMPARE(doc.scenario().model.heads, Count(33));
        QCOMPARE(doc.scenario().model.hidden, Count(4092));
    }

    void undoRestoresAndMergesADrag()
    {
        ScenarioDocument doc(m_catalogue);
        toTextbook(doc);
        for (Count b : { 2, 3, 4, 5, 6 })
            doc.edit(ScenarioDocument::EditKind::Batch, QStringLiteral("batch"),
                     [b](ScenarioSpec &s) { s.scenario.training.microBatch = b; });
        // One drag is one undo step.
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.edit(ScenarioDocument::EditKind::Sequence, QStringLiteral("seq"),
                 [](ScenarioSpec &s) { s.scenario.training.sequence = 4096; });
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().training.sequence, Count(2048));
        QCOMPARE(doc.scenario().training.microBatch, Count(6));
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().training.microBatch, Count(1));
        QCOMPARE(doc.breakdown().activations, bytes(kActivations));
        QVERIFY(!doc.isModified());
        doc.undoStack()->redo();
        QCOMPARE(doc.scenario().training.microBatch, Count(6));
    }

    void undoClearsAnInvalidDraft()
    {
        ScenarioDocument doc(m_catalogue);
        doc.edit(ScenarioDocument::EditKind::Batch, QStringLiteral("batch"),
                 [](ScenarioSpec &s) { s.scenario.training.microBatch = 2; });
        doc.edit(ScenarioDocument::EditKind::Heads, QStringLiteral("heads"),
                 [](ScenarioSpec &s) { s.scenario.model.heads = 33; });
        QVERIFY(!doc.issues().empty());
        doc.undoStack()->undo();
        QVERIFY(doc.issues().empty());
        QCOMPARE(doc.draft().scenario.model.heads, Count(32));
    }

    void replaceIsOneUndoStep()
    {
        ScenarioDocument doc(m_catalogue);
        ScenarioSpec after = doc.spec();
        after.scenario.training.recompute = Recompute::Selective;
        after.scenario.training.microBatch = 2;
        QVERIFY(doc.replace(after, QStringLiteral("advice")));
        QCOMPARE(doc.undoStack()->count(), 1);
        // An invalid scenario is refused.
        ScenarioSpec bad = doc.spec();
        bad.scenario.training.sequence = 0;
        QVERIFY(!doc.replace(bad, QStringLiteral("bad")));
        QCOMPARE(doc.undoStack()->count(), 1);
    }

    // Two scenarios whose estimates differ are never "the same" (which would drop an undo step
    // or skip a re-estimate). Every scenario key, set to each of a few other values on a
    // Mixtral-shaped model (so the expert keys matter), is checked against the estimate itself.
    void everyKeyTellsScenariosApart()
    {
        ScenarioSpec base;
        const QJsonObject moe{ { QStringLiteral("schema"), kScenarioSchema },
                               { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("mixtral-8x7b") } } },
                               { QStringLiteral("gpu"), QJsonObject{ { QStringLiteral("count"), 8 } } },
                               { QStringLiteral("lora"), QJsonObject{ { QStringLiteral("mode"), QStringLiteral("none") } } } };
        QVERIFY(applyScenarioJson(moe, m_catalogue, base).ok());
        QVERIFY(validate(base.scenario).empty());
        const Breakdown b0 = estimate(base.scenario);
        int distinguished = 0;
        for (const ScenarioKey &k : scenarioKeys()) {
            QList<QJsonValue> candidates;
            switch (k.kind) {
            case ValueKind::Count: candidates = { 1, 2, 4, 16, 64 }; break;
            case ValueKind::Bytes: candidates = { QStringLiteral("3GiB") }; break;
            case ValueKind::Bool: candidates = { true, false }; break;
            case ValueKind::Real: candidates = { 0.2, 0.5 }; break;
            case ValueKind::Name:
                for (const QString &n : QString::fromLatin1(k.allowed).split(QLatin1Char('|')))
                    candidates << n;
                break;
            }
            for (const QJsonValue &v : candidates) {
                ScenarioSpec changed = base;
                QJsonObject group{ { QLatin1String(k.key), v } };
                const QJsonObject overlay{ { QStringLiteral("schema"), kScenarioSchema }, { QLatin1String(k.group), group } };
                if (!applyScenarioJson(overlay, m_catalogue, changed).ok() || !validate(changed.scenario).empty())
                    continue;
                const Breakdown b = estimate(changed.scenario);
                if (b.peak != b0.peak || b.total() != b0.total() || b.parameterCount != b0.parameterCount) {
                    ++distinguished;
                    QVERIFY2(!ScenarioDocument::sameScenario(base, changed), k.option);
                }
            }
        }
        QVERIFY(distinguished > 40);
    }

    void saveAndLoadRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        ScenarioDocument doc(m_catalogue);
        doc.edit(ScenarioDocument::EditKind::Sequence, QStringLiteral("seq"),
                 [](ScenarioSpec &s) { s.scenario.training.sequence = 8192; });
        doc.edit(ScenarioDocument::EditKind::Zero, QStringLiteral("zero"),
                 [](ScenarioSpec &s) { s.scenario.parallel.zero = ZeroStage::Stage2; });
        QString error;
        QVERIFY2(doc.save(path, &error), qPrintable(error));
        QCOMPARE(doc.fileName(), path);
        QVERIFY(!doc.isModified());

        ScenarioDocument other(m_catalogue);
        QVERIFY2(other.load(path, &error), qPrintable(error));
        QVERIFY(ScenarioDocument::sameScenario(other.spec(), doc.spec()));
        QCOMPARE(other.fileName(), path);
        QCOMPARE(other.undoStack()->count(), 0);
    }

    void failedLoadLeavesTheDocumentAlone_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("not json") << QByteArray("{ \"schema\": 1, ") << QStringLiteral("not valid JSON");
        QTest::newRow("wrong schema") << QByteArray("{ \"schema\": 7 }") << QStringLiteral("\"schema\" must be 1");
        QTest::newRow("unknown key") << QByteArray("{ \"schema\": 1, \"training\": { \"batchsize\": 4 } }")
                                     << QStringLiteral("training.batchsize");
        QTest::newRow("heads do not divide hidden")
                << QByteArray("{ \"schema\": 1, \"model\": { \"preset\": \"llama-2-7b\", \"heads\": 33 } }")
                << QStringLiteral("Heads: 33 must divide Hidden size (4,096) exactly");
        QTest::newRow("sequence out of range")
                << QByteArray("{ \"schema\": 1, \"model\": { \"preset\": \"gpt2\" }, \"training\": { \"seq\": 0 } }")
                << QStringLiteral("Sequence length: 0 is out of range; allowed: 1 to 100,000,000");
        // Issue 32, item 1: the window aborted (std::bad_alloc) opening this file.
        QTest::newRow("norms per layer 7B")
                << QByteArray("{ \"schema\": 1, \"model\": { \"preset\": \"llama-2-7b\", \"norms-per-layer\": \"7B\" } }")
                << QStringLiteral("Norms per layer: 7,000,000,000 is out of range; allowed: 0 to 16");
    }

    void failedLoadLeavesTheDocumentAlone()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, mentions);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();

        ScenarioDocument doc(m_catalogue);
        doc.edit(ScenarioDocument::EditKind::Batch, QStringLiteral("batch"),
                 [](ScenarioSpec &s) { s.scenario.training.microBatch = 3; });
        const ScenarioSpec before = doc.spec();
        QSignalSpy changed(&doc, &ScenarioDocument::scenarioChanged);
        QString error;
        QVERIFY(!doc.load(path, &error));
        QVERIFY2(error.contains(mentions), qPrintable(error));
        QCOMPARE(changed.count(), 0);
        QVERIFY(ScenarioDocument::sameScenario(doc.spec(), before));
        QCOMPARE(doc.undoStack()->count(), 1);
        QVERIFY(doc.fileName().isEmpty());
    }

    void failedSaveChangesNothing()
    {
        ScenarioDocument doc(m_catalogue);
        doc.edit(ScenarioDocument::EditKind::Batch, QStringLiteral("batch"),
                 [](ScenarioSpec &s) { s.scenario.training.microBatch = 3; });
        QString error;
        QVERIFY(!doc.save(QStringLiteral("/nonexistent-folder/plan.json"), &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(doc.fileName().isEmpty());
        QVERIFY(doc.isModified());
    }

private:
    Catalogue m_catalogue;
};

QTEST_GUILESS_MAIN(TestScenarioDocument)
#include "tst_ui_scenariodocument.moc"
