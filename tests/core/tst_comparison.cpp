// Scenarios compared side by side (planning/comparison.h) and pinned in a scenario file
// (io/scenariofile.h: "compare"). The figures are the article's LLaMA-2 7B under the paper
// stack, worked by hand: every bucket resident, so a bucket's change is the formula's.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/stack.h>
#include <headroom/planning/comparison.h>

using namespace headroom;

namespace {

constexpr Count kParams = 6'738'415'616;        // LLaMA-2 7B
constexpr Count kPerLayer = 1'124'073'472;      // 2 (19 BSH + 3 BAS^2) at B = 1, S = 2048
constexpr Count kActivations = 32 * kPerLayer;  // 35,970,351,104
constexpr Count kOverhead = 0; // the paper stack counts no runtime share, as the article does (stack.cpp)
constexpr Count kA100 = 81920 * kMiB;           // 85,899,345,920

} // namespace

class TestComparison : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(loadCatalogue(qEnvironmentVariable("HEADROOM_DATA_DIR"), m_catalogue).code == CatalogueError::Code::None);
        ScenarioSpec spec = realisticDefaults();
        QJsonObject root{ { QStringLiteral("schema"), 1 },
                          { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("llama-2-7b") } } },
                          { QStringLiteral("gpu"), QJsonObject{ { QStringLiteral("kind"), QStringLiteral("a100-80gb") } } },
                          { QStringLiteral("stack"), QJsonObject{ { QStringLiteral("name"), QStringLiteral("paper") } } } };
        QVERIFY(applyScenarioJson(root, m_catalogue, spec).ok());
        m_base = spec;
    }

    // A DPO run beside the SFT one: its frozen reference, LLaMA-2 7B in bf16 (2 bytes each,
    // 13,476,831,232), in a row of its own; the rows still add up to the peak.
    void frozenModelsByModel()
    {
        const Scenario sft = m_base.scenario;
        Scenario dpo = sft;
        setTrainingMethod(dpo, TrainingMethod::Dpo);
        const Scenario all[] = { sft, dpo };
        const Comparison c = compareScenarios(all);
        QCOMPARE(c.cell(0, ComparedRow::ReferenceModel).bytes, Count(0));
        QCOMPARE(c.cell(1, ComparedRow::ReferenceModel).bytes, 2 * kParams);
        QCOMPARE(c.cell(1, ComparedRow::RewardModel).bytes, Count(0));
        for (int i = 0; i < 2; ++i) {
            Count sum = 0;
            for (int r = 0; r < static_cast<int>(ComparedRow::Peak); ++r)
                sum += c.cell(i, static_cast<ComparedRow>(r)).bytes;
            QCOMPARE(sum, c.cell(i, ComparedRow::Peak).bytes);
        }
    }

    void bucketsDifferencesAndPercent()
    {
        const Scenario base = m_base.scenario;
        Scenario doubled = base; // B = 2: activations double, nothing else moves
        doubled.training.microBatch = 2;
        Scenario sharded = base; // ZeRO-1 on 4 GPUs: master copy and Adam moments / 4
        sharded.parallel.gpus = 4;
        sharded.parallel.zero = ZeroStage::Stage1;
        const Scenario all[] = { base, doubled, sharded };
        const Comparison c = compareScenarios(all);
        QCOMPARE(c.count, 3);

        // Baseline: 2P + 2P + 4P + 8P + 32 layers = 143,785,000,960 bytes, 57.9 GB short.
        const Count basePeak = 16 * kParams + kActivations + kOverhead;
        QCOMPARE(c.cell(0, ComparedRow::Parameters).bytes, 2 * kParams);
        QCOMPARE(c.cell(0, ComparedRow::MasterWeights).bytes, 4 * kParams);
        QCOMPARE(c.cell(0, ComparedRow::OptimizerStates).bytes, 8 * kParams);
        QCOMPARE(c.cell(0, ComparedRow::Activations).bytes, kActivations);
        QCOMPARE(c.cell(0, ComparedRow::Overhead).bytes, kOverhead);
        QCOMPARE(c.cell(0, ComparedRow::Peak).bytes, basePeak);
        QCOMPARE(c.cell(0, ComparedRow::Capacity).bytes, kA100);
        QCOMPARE(c.cell(0, ComparedRow::Headroom).bytes, kA100 - basePeak); // -57,885,655,040
        QVERIFY(!c.fits[0]);
        QVERIFY(!c.cell(0, ComparedRow::Peak).hasPercent);

        // B = 2: +35,970,351,104 bytes of activations, +100 %; the peak +25.0167 %
        // (35,970,351,104 / 143,785,000,960).
        QCOMPARE(c.cell(1, ComparedRow::Activations).difference, kActivations);
        QCOMPARE(c.cell(1, ComparedRow::Activations).percent, 100.0);
        QCOMPARE(c.cell(1, ComparedRow::Parameters).difference, Count(0));
        QCOMPARE(c.cell(1, ComparedRow::Peak).difference, kActivations);
        QVERIFY(qAbs(c.cell(1, ComparedRow::Peak).percent - 25.0167) < 1e-3);
        // A negative baseline headroom has no meaningful percentage.
        QVERIFY(!c.cell(1, ComparedRow::Headroom).hasPercent);
        QCOMPARE(c.cell(1, ComparedRow::Headroom).difference, -kActivations);

        // ZeRO-1 x 4: master 4P -> P (-75 %), moments 8P -> 2P (-75 %): the peak falls by 9P =
        // 60,645,740,544 bytes to 83,139,260,416, which fits with 2,760,085,504 bytes to spare.
        QCOMPARE(c.cell(2, ComparedRow::MasterWeights).bytes, kParams);
        QCOMPARE(c.cell(2, ComparedRow::MasterWeights).percent, -75.0);
        QCOMPARE(c.cell(2, ComparedRow::OptimizerStates).percent, -75.0);
        QCOMPARE(c.cell(2, ComparedRow::Peak).difference, -9 * kParams);
        QCOMPARE(c.cell(2, ComparedRow::Headroom).bytes, Count(2'760'085'504));
        QVERIFY(c.fits[2]);

        // Every column's rows add up to its peak.
        for (int i = 0; i < c.count; ++i) {
            Count sum = 0;
            for (ComparedRow r : { ComparedRow::Parameters, ComparedRow::Gradients, ComparedRow::MasterWeights,
                                   ComparedRow::OptimizerStates, ComparedRow::Activations, ComparedRow::Overhead,
                                   ComparedRow::Transient })
                sum += c.cell(i, r).bytes;
            QCOMPARE(sum, c.cell(i, ComparedRow::Peak).bytes);
        }
    }

    void noGpuHasNoCapacityNorHeadroom()
    {
        // A scenario without a GPU has nothing to spare or lack: its capacity and headroom are not
        // figures (before, its headroom read -peak), and no difference is taken with them.
        Scenario none = m_base.scenario;
        none.gpu.capacity = bytes(0);
        const Scenario withGpu = m_base.scenario;
        const Scenario all[] = { none, withGpu, none };
        const Comparison c = compareScenarios(all);
        for (int i : { 0, 2 })
            for (ComparedRow r : { ComparedRow::Capacity, ComparedRow::Headroom }) {
                QVERIFY(!c.cell(i, r).defined);
                QVERIFY(!c.cell(i, r).hasDifference);
                QCOMPARE(c.cell(i, r).bytes, Count(0));
                QCOMPARE(c.cell(i, r).difference, Count(0));
            }
        // The one with a GPU has its figures, but nothing to differ from.
        QVERIFY(c.cell(1, ComparedRow::Headroom).defined);
        QCOMPARE(c.cell(1, ComparedRow::Headroom).bytes, kA100 - (16 * kParams + kActivations + kOverhead));
        QVERIFY(!c.cell(1, ComparedRow::Headroom).hasDifference);
        QVERIFY(!c.cell(1, ComparedRow::Headroom).hasPercent);
        // The buckets compare as always: the same scenario, no difference.
        QVERIFY(c.cell(1, ComparedRow::Peak).hasDifference);
        QCOMPARE(c.cell(1, ComparedRow::Peak).difference, Count(0));
        QVERIFY(!c.fits[0]);
    }

    void atMostFour()
    {
        const Scenario five[] = { m_base.scenario, m_base.scenario, m_base.scenario, m_base.scenario, m_base.scenario };
        QCOMPARE(compareScenarios(five).count, kMaxComparedScenarios);
    }

    void pinnedScenariosRoundTripThroughTheFile()
    {
        ScenarioSpec batch4 = m_base;
        batch4.scenario.training.microBatch = 4;
        ScenarioSpec zero3 = m_base;
        zero3.scenario.parallel.gpus = 8;
        zero3.scenario.parallel.zero = ZeroStage::Stage3;
        const QList<PinnedScenario> pinned = { { QStringLiteral("B = 4"), batch4 }, { QStringLiteral("ZeRO-3 × 8"), zero3 } };
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compare.json"));
        QVERIFY(writeScenarioFile(path, m_base, pinned).ok());

        ScenarioSpec back = realisticDefaults();
        QList<PinnedScenario> pinnedBack;
        QVERIFY(readScenarioFile(path, m_catalogue, back, &pinnedBack).ok());
        QCOMPARE(pinnedBack.size(), 2);
        QCOMPARE(pinnedBack.at(0).name, QStringLiteral("B = 4"));
        QCOMPARE(pinnedBack.at(1).name, QStringLiteral("ZeRO-3 × 8"));
        QCOMPARE(pinnedBack.at(0).spec.scenario.training.microBatch, Count(4));
        QCOMPARE(pinnedBack.at(1).spec.scenario.parallel.zero, ZeroStage::Stage3);
        QCOMPARE(pinnedBack.at(1).spec.scenario.parallel.gpus, Count(8));
        QCOMPARE(pinnedBack.at(1).spec.gpuId, QStringLiteral("a100-80gb"));
        QCOMPARE(scenarioToJson(pinnedBack.at(1).spec), scenarioToJson(zero3));
        QCOMPARE(scenarioToJson(back), scenarioToJson(m_base));

        // A reader that wants only the scenario (the CLI) takes the file as well.
        ScenarioSpec only = realisticDefaults();
        QVERIFY(readScenarioFile(path, m_catalogue, only).ok());
        QCOMPARE(only.scenario.training.microBatch, Count(1));

        // No pinned scenarios: no "compare" key at all.
        QVERIFY(!scenarioFileToJson(m_base, {}).contains(QStringLiteral("compare")));
    }

    void badPinnedEntriesAreNamed_data()
    {
        QTest::addColumn<QByteArray>("compare");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("field");
        const QByteArray ok = R"({"name": "a", "scenario": {"schema": 1}})";
        QTest::newRow("not an array") << QByteArray(R"({"name": "a"})") << int(ScenarioError::Code::WrongType) << QStringLiteral("compare");
        QTest::newRow("four pinned") << "[" + ok + "," + ok + "," + ok + "," + ok + "]" << int(ScenarioError::Code::OutOfRange)
                                     << QStringLiteral("compare");
        QTest::newRow("no name") << QByteArray(R"([{"scenario": {"schema": 1}}])") << int(ScenarioError::Code::WrongType)
                                 << QStringLiteral("compare[0].name");
        QTest::newRow("blank name") << QByteArray(R"([{"name": "  ", "scenario": {"schema": 1}}])")
                                    << int(ScenarioError::Code::WrongType) << QStringLiteral("compare[0].name");
        QTest::newRow("extra key") << "[" + ok + R"(, {"name": "b", "scenario": {"schema": 1}, "colour": 1}])"
                                   << int(ScenarioError::Code::UnknownKey) << QStringLiteral("compare[1].colour");
        QTest::newRow("bad recipe") << QByteArray(R"([{"name": "a", "scenario": {"schema": 1, "training": {"recipe": "fp12"}}}])")
                                    << int(ScenarioError::Code::UnknownName) << QStringLiteral("compare[0].scenario.training.recipe");
        QTest::newRow("no schema") << QByteArray(R"([{"name": "a", "scenario": {}}])") << int(ScenarioError::Code::WrongSchema)
                                   << QStringLiteral("compare[0].scenario.schema");
    }

    void badPinnedEntriesAreNamed()
    {
        QFETCH(QByteArray, compare);
        QFETCH(int, code);
        QFETCH(QString, field);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema": 1, "training": {"batch": 3}, "compare": )" + compare + "}");
        f.close();
        ScenarioSpec spec = realisticDefaults();
        QList<PinnedScenario> pinned = { { QStringLiteral("kept"), m_base } };
        const ScenarioError e = readScenarioFile(path, m_catalogue, spec, &pinned);
        QCOMPARE(int(e.code), code);
        QCOMPARE(e.field, field);
        // Nothing changes on error: neither the scenario nor the pinned ones.
        QCOMPARE(spec.scenario.training.microBatch, Count(1));
        QCOMPARE(pinned.size(), 1);
        QCOMPARE(pinned.at(0).name, QStringLiteral("kept"));
    }

private:
    Catalogue m_catalogue;
    ScenarioSpec m_base;
};

QTEST_GUILESS_MAIN(TestComparison)
#include "tst_comparison.moc"
