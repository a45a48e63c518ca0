// A card outside the catalogue as the user writes it (gpuspectext.h): every key read into the
// figures it stands for (worked by hand from the units), the defaults, the text written back
// reading to the same card, and every bad value refused with the key named.

#include <QtTest>

#include <headroom/io/gpuspectext.h>
#include <headroom/planning/steptime.h>

using namespace headroom;

class TestGpuSpecText : public QObject
{
    Q_OBJECT

private slots:
    void torchtitansH100()
    {
        // torchtitan's benchmark H100s: 96 GB HBM2e at 2.4 TB/s, 500 W.
        GpuSpec g;
        QString error;
        QVERIFY2(parseGpuSpec(QStringLiteral("name=h100-96gb,memory=96GiB,bf16=989.4T,fp8=1978.9T,hbm=2.4TB/s,nvlink=450GB/s,"
                                             "pcie=64GB/s,sms=132,power=500W,price=3.5,purchase=$30000"),
                              g, error),
                 qPrintable(error));
        QCOMPARE(g.id, QStringLiteral("h100-96gb"));
        QCOMPARE(g.sms, Count(132));
        QCOMPARE(countOf(g.capacity), Count(96) * 1024 * 1024 * 1024); // 103,079,215,104 bytes
        QVERIFY(g.bf16 && g.fp8);
        QCOMPARE(g.tflopsBf16, 989.4);
        QCOMPARE(g.tflopsFp16, 989.4); // fp16 defaults to bf16
        QCOMPARE(g.tflopsFp8, 1978.9);
        QCOMPARE(g.hbmGBps, 2400.0);
        QCOMPARE(g.nvlinkGBps, 450.0);
        QCOMPARE(g.nvlinkGpus, Count(8)); // default with NVLink
        QCOMPARE(g.pcieGBps, 64.0);
        QCOMPARE(g.powerWatts, 500.0);
        QCOMPARE(g.pricePerHourUsd, 3.5);
        QCOMPARE(g.purchaseUsd, 30000.0);
        QCOMPARE(g.matmulEfficiency, 0.8); // the default
        QCOMPARE(g.attentionEfficiency, 0.0); // not given: attention priced as any other matmul
        QCOMPARE(g.fusedAttentionEfficiency, 0.0);
        QCOMPARE(g.gpusPerNode, Count(8));
        QCOMPARE(g.networkGbps, 3200.0);
        // The dense peak the step time takes for a BF16 recipe: 989.4e12 FLOP/s.
        QCOMPARE(peakFlops(g, Recipe::AmpBf16), 989.4e12);

        // Written back and read again: the same card.
        GpuSpec again;
        QVERIFY2(parseGpuSpec(gpuSpecText(g), again, error), qPrintable(error));
        QCOMPARE(again.id, g.id);
        QCOMPARE(again.capacity, g.capacity);
        QCOMPARE(again.tflopsBf16, g.tflopsBf16);
        QCOMPARE(again.tflopsFp8, g.tflopsFp8);
        QCOMPARE(again.hbmGBps, g.hbmGBps);
        QCOMPARE(again.nvlinkGBps, g.nvlinkGBps);
        QCOMPARE(again.pcieGBps, g.pcieGBps);
        QCOMPARE(again.powerWatts, g.powerWatts);
        QCOMPARE(again.pricePerHourUsd, g.pricePerHourUsd);
        QCOMPARE(again.purchaseUsd, g.purchaseUsd);
        QCOMPARE(again.matmulEfficiency, g.matmulEfficiency);
        QCOMPARE(again.sms, g.sms);
    }

    void fp16OnlyCardAndDecimalUnits()
    {
        // A V100-like card: FP16 only (no BF16), 32 GB decimal, 900 GB/s, PCIe card without NVLink.
        GpuSpec g;
        QString error;
        QVERIFY2(parseGpuSpec(QStringLiteral("name=old.card_1,memory=32GB,fp16=125,hbm=900GB/s,efficiency=0.7"), g, error),
                 qPrintable(error));
        QCOMPARE(countOf(g.capacity), Count(32'000'000'000));
        QVERIFY(!g.bf16 && !g.fp8);
        QCOMPARE(g.tflopsFp16, 125.0);
        QCOMPARE(g.tflopsBf16, 0.0);
        QCOMPARE(g.nvlinkGpus, Count(0));
        QCOMPARE(g.matmulEfficiency, 0.7);
        QCOMPARE(g.sms, Count(0)); // not given: GEMMs not quantized (gemmshape.h)
        QVERIFY2(parseGpuSpec(QStringLiteral("name=c,memory=32GB,fp16=125,hbm=900GB/s,sms=80"), g, error), qPrintable(error));
        QCOMPARE(g.sms, Count(80));
        QCOMPARE(peakFlops(g, Recipe::AmpBf16), 0.0); // no BF16: no time for a BF16 recipe
    }

    void badValuesNameTheKey_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString ok = QStringLiteral("name=c,memory=96GiB,bf16=989T,hbm=3TB/s");
        QTest::newRow("empty") << QString() << QStringLiteral("give key=value pairs");
        QTest::newRow("no name") << QStringLiteral("memory=96GiB,bf16=989T,hbm=3TB/s") << QStringLiteral("name is required");
        QTest::newRow("no memory") << QStringLiteral("name=c,bf16=989T,hbm=3TB/s") << QStringLiteral("memory is required");
        QTest::newRow("no hbm") << QStringLiteral("name=c,memory=96GiB,bf16=989T") << QStringLiteral("hbm is required");
        QTest::newRow("no rate") << QStringLiteral("name=c,memory=96GiB,hbm=3TB/s") << QStringLiteral("bf16 or fp16 is required");
        QTest::newRow("bare memory") << QStringLiteral("name=c,memory=96,bf16=989T,hbm=3TB/s") << QStringLiteral("memory: \"96\" is not allowed; give 1 GiB to 16 TiB");
        QTest::newRow("tiny memory") << QStringLiteral("name=c,memory=1MiB,bf16=989T,hbm=3TB/s") << QStringLiteral("memory: \"1MiB\" is not allowed");
        QTest::newRow("nan rate") << QStringLiteral("name=c,memory=96GiB,bf16=nan,hbm=3TB/s") << QStringLiteral("bf16: \"nan\" is not allowed; give dense TFLOP/s above 0");
        QTest::newRow("negative rate") << QStringLiteral("name=c,memory=96GiB,bf16=-5T,hbm=3TB/s") << QStringLiteral("bf16: \"-5T\" is not allowed");
        QTest::newRow("hbm without unit") << QStringLiteral("name=c,memory=96GiB,bf16=989T,hbm=3") << QStringLiteral("hbm: \"3\" is not allowed; give a rate above 0 with its unit");
        QTest::newRow("bad name") << QStringLiteral("name=a b,memory=96GiB,bf16=989T,hbm=3TB/s") << QStringLiteral("name: \"a b\" is not allowed");
        QTest::newRow("twice") << ok + QStringLiteral(",bf16=1000T") << QStringLiteral("bf16 is given twice");
        QTest::newRow("unknown") << ok + QStringLiteral(",color=red") << QStringLiteral("unknown key \"color\"");
        QTest::newRow("not a pair") << ok + QStringLiteral(",fast") << QStringLiteral("\"fast\" is not key=value");
        QTest::newRow("efficiency") << ok + QStringLiteral(",efficiency=1.5") << QStringLiteral("efficiency: \"1.5\" is not allowed; give the share of the dense peak the kernels reach");
        QTest::newRow("sms") << ok + QStringLiteral(",sms=0") << QStringLiteral("sms: \"0\" is not allowed; give a whole number of streaming multiprocessors");
        QTest::newRow("fractional sms") << ok + QStringLiteral(",sms=13.5") << QStringLiteral("sms: \"13.5\" is not allowed");
        QTest::newRow("nvlink gpus") << ok + QStringLiteral(",nvlink-gpus=0") << QStringLiteral("nvlink-gpus: \"0\" is not allowed");
        QTest::newRow("price") << ok + QStringLiteral(",price=-1") << QStringLiteral("price: \"-1\" is not allowed; give USD per GPU-hour");
    }

    void badValuesNameTheKey()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        GpuSpec g;
        g.id = QStringLiteral("untouched");
        QString error;
        QVERIFY(!parseGpuSpec(text, g, error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QCOMPARE(g.id, QStringLiteral("untouched")); // nothing written on error
    }
};

QTEST_APPLESS_MAIN(TestGpuSpecText)
#include "tst_gpuspectext.moc"
