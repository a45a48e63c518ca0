// The reserved and device figures (reservedmemory.h): the tensor sequence fed to the caching
// allocator's emulation, checked where it can be worked by hand (loading), against the step
// timeline it must agree with (the allocated peak), and in how the three figures relate.

#include <QtTest>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/steptimeline.h>

using namespace headroom;

namespace {

constexpr Count kMiBc = 1024 * 1024;

// LLaMA, one layer of H = 4096, A = 32, F = 11008, V = 32000 untied, in FP32, B = S = 1 (no
// activations to speak of). Its tensors in FP32: the embedding and the LM head 32000 x 4096 x 4
// = 524,288,000 B = 500 MiB each; q, k, v, o 4096² x 4 = 64 MiB each; gate, up, down
// 4096 x 11008 x 4 = 180,355,072 B = 172 MiB each; three norms of 4096 x 4 = 16 KiB.
Scenario oneLayerFp32()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 1;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.ffn = 11008;
    s.model.vocab = 32000;
    s.training.microBatch = 1;
    s.training.sequence = 1;
    s.training.precision.recipe = Recipe::Fp32;
    s.activations.model = ActivationModelKind::Transformer;
    return s;
}

} // namespace

class TestReservedMemory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(loadCatalogue(qEnvironmentVariable("HEADROOM_DATA_DIR"), m_catalogue).code == CatalogueError::Code::None);
    }

    // Loaded directly, every tensor above 10 MiB is a segment of its own, rounded to 2 MiB
    // (all are whole MiB here): 500 + 4 x 64 + 3 x 172 + 500 = 1,772 MiB; the three norms share
    // one 2 MiB small segment: 1,774 MiB reserved, 1,772 MiB + 3 x 16 KiB allocated.
    void loadingRoundsEachTensor()
    {
        const Scenario s = oneLayerFp32();
        const MemoryFigures f = memoryFigures(s, estimate(s));
        QVERIFY(f.emulation.emulated);
        QCOMPARE(f.emulation.loadingReserved, bytes(1774 * kMiBc));
        QCOMPARE(f.emulation.loadingAllocatedPeak, bytes(1772 * kMiBc + 3 * 16 * 1024));
    }

    // Built in FP32 on the GPU and then converted to BF16, the whole FP32 model (1,774 MiB
    // reserved, as above) is live before the first copy is made: loading reserves at least that.
    void fp32FirstLoadingHoldsTheFp32Model()
    {
        Scenario s = oneLayerFp32();
        s.training.precision.recipe = Recipe::Bf16Pure;
        s.overhead.loadPath = LoadPath::Fp32OnGpu;
        const MemoryFigures fp32First = memoryFigures(s, estimate(s));
        QVERIFY(fp32First.emulation.loadingReserved >= bytes(1774 * kMiBc));
        s.overhead.loadPath = LoadPath::Direct;
        // Directly in BF16: half of each large tensor (250, 32, 86 MiB), the norms' small segment.
        const MemoryFigures direct = memoryFigures(s, estimate(s));
        QCOMPARE(direct.emulation.loadingReserved, bytes((250 + 4 * 32 + 3 * 86 + 250 + 2) * kMiBc));
    }

    // The sequence is the step timeline tensor by tensor: its allocated peak (rounded to 512
    // bytes per tensor) stays within 2 % of the timeline's, whatever the run.
    void sequenceFollowsTheTimeline_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("change");
        QTest::newRow("7b") << QStringLiteral("llama-2-7b") << QString();
        QTest::newRow("7b-recompute") << QStringLiteral("llama-2-7b") << QStringLiteral("recompute");
        QTest::newRow("7b-lora") << QStringLiteral("llama-2-7b") << QStringLiteral("lora");
        QTest::newRow("7b-b4-s4096") << QStringLiteral("llama-2-7b") << QStringLiteral("batch");
        QTest::newRow("mixtral") << QStringLiteral("mixtral-8x7b") << QStringLiteral("zero3");
        QTest::newRow("gpt2") << QStringLiteral("gpt2") << QString();
    }
    void sequenceFollowsTheTimeline()
    {
        QFETCH(QString, preset);
        QFETCH(QString, change);
        ScenarioSpec spec = realisticDefaults();
        QJsonObject root{ { QStringLiteral("schema"), 1 },
                          { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), preset } } } };
        QVERIFY(applyScenarioJson(root, m_catalogue, spec).ok());
        Scenario &s = spec.scenario;
        if (change == QStringLiteral("recompute"))
            s.training.recompute = Recompute::Full;
        if (change == QStringLiteral("lora")) {
            s.lora.mode = AdapterMode::Lora;
            s.lora.targets = LoraQ | LoraV;
        }
        if (change == QStringLiteral("batch")) {
            s.training.microBatch = 4;
            s.training.sequence = 4096;
        }
        if (change == QStringLiteral("zero3")) {
            s.parallel.gpus = 8;
            s.parallel.zero = ZeroStage::Stage3;
        }
        const Breakdown b = estimate(s);
        const MemoryFigures f = memoryFigures(s, b);
        QVERIFY(f.emulation.emulated);
        const double timeline = toDouble(f.allocated);
        const double emulated = toDouble(f.emulation.allocatedPeak);
        QVERIFY2(std::abs(emulated - timeline) <= 0.02 * timeline,
                 qPrintable(QStringLiteral("emulated %1, timeline %2").arg(emulated).arg(timeline)));
        // Reserved holds at least what is allocated; the device the context on top.
        QVERIFY(f.reserved >= f.allocated);
        QCOMPARE(f.device, f.reserved + s.overhead.cudaContext);
        QCOMPARE(f.allocated + s.overhead.cudaContext, b.peak);
    }

    // The textbook model lists no tensors: nothing to emulate, reserved = allocated; a given
    // reserve is added as given.
    void textbookAndGivenReserve()
    {
        Scenario s = oneLayerFp32();
        s.activations.model = ActivationModelKind::Textbook;
        const Breakdown b = estimate(s);
        MemoryFigures f = memoryFigures(s, b);
        QVERIFY(!f.cacheModelled);
        QCOMPARE(f.reserved, f.allocated);
        s.overhead.allocatorReserve = bytes(3 * kMiBc);
        f = memoryFigures(s, estimate(s));
        QCOMPARE(f.reserved, f.allocated + bytes(3 * kMiBc));
        QCOMPARE(f.device, f.reserved + s.overhead.cudaContext);
    }

    // fits() holds the compared figure against the card: a capacity between the allocated and
    // the device figures fits by the first only.
    void fitsByTheComparedFigure()
    {
        ScenarioSpec spec = realisticDefaults();
        QJsonObject root{ { QStringLiteral("schema"), 1 },
                          { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("llama-2-7b") } } } };
        QVERIFY(applyScenarioJson(root, m_catalogue, spec).ok());
        Scenario s = spec.scenario;
        const MemoryFigures f = memoryFigures(s, estimate(s));
        QVERIFY(f.cache > bytes(0));
        s.gpu.capacity = f.allocated + bytes(countOf(f.cache) / 2);
        for (PeakFigure figure : { PeakFigure::Allocated, PeakFigure::Reserved, PeakFigure::Device }) {
            s.gpu.compared = figure;
            QCOMPARE(fits(s, estimate(s)), figure == PeakFigure::Allocated);
            QCOMPARE(comparedPeak(s, estimate(s)), f.of(figure));
        }
    }

    // Expandable segments reuse the free end of one growing segment: on the 7B default run they
    // never hold more than the fixed segments do.
    void expandableSegmentsHoldNoMore()
    {
        ScenarioSpec spec = realisticDefaults();
        QJsonObject root{ { QStringLiteral("schema"), 1 },
                          { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("llama-2-7b") } } } };
        QVERIFY(applyScenarioJson(root, m_catalogue, spec).ok());
        Scenario s = spec.scenario;
        const Bytes fixed = memoryFigures(s, estimate(s)).reserved;
        s.overhead.expandableSegments = true;
        const MemoryFigures expandable = memoryFigures(s, estimate(s));
        QVERIFY(expandable.emulation.emulated);
        QVERIFY2(expandable.reserved <= fixed, qPrintable(QStringLiteral("%1 > %2").arg(toGiB(expandable.reserved)).arg(toGiB(fixed))));
    }

private:
    Catalogue m_catalogue;
};

QTEST_GUILESS_MAIN(TestReservedMemory)
#include "tst_reservedmemory.moc"
