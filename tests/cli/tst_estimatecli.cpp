// headroom-cli as a user drives it: the article's example, units, and every kind of bad input.

#include <QtTest>

#include "clirun.h"

namespace {

const QStringList kBrief = { QStringLiteral("estimate"), QStringLiteral("--params"), QStringLiteral("7e9"),
                             QStringLiteral("--layers"), QStringLiteral("32"), QStringLiteral("--hidden"), QStringLiteral("4096"),
                             QStringLiteral("--heads"), QStringLiteral("32"), QStringLiteral("--batch"), QStringLiteral("1"),
                             QStringLiteral("--seq"), QStringLiteral("2048"), QStringLiteral("--recipe"), QStringLiteral("fp16-master"),
                             QStringLiteral("--optimizer"), QStringLiteral("adamw"), QStringLiteral("--activations"), QStringLiteral("textbook") };

qint64 total(const Run &r)
{
    return QJsonDocument::fromJson(r.out).object().value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("total")).toInteger(-1);
}

} // namespace

class TestEstimateCli : public QObject
{
    Q_OBJECT

private slots:
    void briefExampleJson()
    {
        const Run r = cli(kBrief + QStringList{ QStringLiteral("--overhead"), QStringLiteral("0"), QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject perGpu = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("per_gpu")).toObject();
        QCOMPARE(perGpu.value(QStringLiteral("total")).toInteger(), Q_INT64_C(147970351104));
        QCOMPARE(perGpu.value(QStringLiteral("activations")).toInteger(), Q_INT64_C(35970351104));
        QCOMPARE(perGpu.value(QStringLiteral("master_weights")).toInteger(), Q_INT64_C(28000000000));
        QCOMPARE(perGpu.value(QStringLiteral("overhead")).toInteger(), Q_INT64_C(0));
        for (const char *key : { "parameters", "gradients", "master_weights", "optimizer_states", "activations", "overhead", "total" })
            QVERIFY2(perGpu.contains(QLatin1String(key)), key);
    }

    void defaultOverheadShown()
    {
        // Default runtime share: CUDA context 1000 MiB + allocator reserve 1 GiB
        // = 1,048,576,000 + 1,073,741,824 = 2,122,317,824 bytes on top of 147,970,351,104.
        const Run json = cli(kBrief + QStringList{ QStringLiteral("--json") });
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(total(json), Q_INT64_C(150092668928));
        const Run table = cli(kBrief);
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("Runtime overhead"));
        QVERIFY(table.out.contains("2,122,317,824"));
        QVERIFY(table.out.contains("150,092,668,928"));
        QVERIFY(table.out.contains("GiB"));
    }

    void paramSpellings()
    {
        for (const char *p : { "7000000000", "7e9", "7B" }) {
            QStringList args = kBrief;
            args[2] = QLatin1String(p);
            QCOMPARE(total(cli(args + QStringList{ QStringLiteral("--overhead"), QStringLiteral("0"), QStringLiteral("--json") })),
                     Q_INT64_C(147970351104));
        }
    }

    void verdictAgainstGpu()
    {
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                            QStringLiteral("--gpu"), QStringLiteral("rtx-4090"), QStringLiteral("--seq"), QStringLiteral("1024") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Verdict: fits"), r.out.constData());
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("mentions");
        const QStringList base = { QStringLiteral("estimate"), QStringLiteral("--layers"), QStringLiteral("32"),
                                   QStringLiteral("--hidden"), QStringLiteral("4096"), QStringLiteral("--heads"), QStringLiteral("32") };
        QTest::newRow("zero layers") << QStringList{ QStringLiteral("estimate"), QStringLiteral("--layers"), QStringLiteral("0"),
                                                     QStringLiteral("--hidden"), QStringLiteral("4096"), QStringLiteral("--heads"), QStringLiteral("32") }
                                     << QStringLiteral("--layers");
        QTest::newRow("negative batch") << base + QStringList{ QStringLiteral("--batch"), QStringLiteral("-4") } << QStringLiteral("--batch");
        QTest::newRow("heads not dividing hidden") << QStringList{ QStringLiteral("estimate"), QStringLiteral("--layers"), QStringLiteral("2"),
                                                                   QStringLiteral("--hidden"), QStringLiteral("4096"), QStringLiteral("--heads"), QStringLiteral("30") }
                                                   << QStringLiteral("--heads");
        QTest::newRow("kv-heads not dividing heads") << base + QStringList{ QStringLiteral("--kv-heads"), QStringLiteral("5") } << QStringLiteral("--kv-heads");
        QTest::newRow("unknown preset") << QStringList{ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("gpt-5") } << QStringLiteral("--preset");
        QTest::newRow("unknown recipe") << base + QStringList{ QStringLiteral("--recipe"), QStringLiteral("fp8") } << QStringLiteral("--recipe");
        QTest::newRow("unknown optimizer") << base + QStringList{ QStringLiteral("--optimizer"), QStringLiteral("adamx") } << QStringLiteral("--optimizer");
        QTest::newRow("unknown gpu") << base + QStringList{ QStringLiteral("--gpu"), QStringLiteral("a200") } << QStringLiteral("--gpu");
        QTest::newRow("not a number") << base + QStringList{ QStringLiteral("--seq"), QStringLiteral("long") } << QStringLiteral("--seq");
        QTest::newRow("unknown option") << base + QStringList{ QStringLiteral("--batchsize"), QStringLiteral("4") } << QStringLiteral("batchsize");
        QTest::newRow("unknown command") << QStringList{ QStringLiteral("estimat") } << QStringLiteral("estimat");
        QTest::newRow("missing scenario file") << QStringList{ QStringLiteral("estimate"), QStringLiteral("--scenario"), QStringLiteral("/nonexistent/x.json") }
                                               << QStringLiteral("/nonexistent/x.json");
    }

    void badInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, mentions);
        const Run r = cli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(mentions), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void outOfRangeSaysTheRange()
    {
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--layers"), QStringLiteral("0"), QStringLiteral("--hidden"),
                            QStringLiteral("64"), QStringLiteral("--heads"), QStringLiteral("2") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--layers: 0 is out of range; allowed: 1 to 100,000"), r.err.constData());
    }

    void scenarioFiles()
    {
        QTemporaryDir dir;
        auto write = [&dir](const char *name, const QByteArray &content) {
            QFile f(dir.filePath(QLatin1String(name)));
            f.open(QIODevice::WriteOnly);
            f.write(content);
            return f.fileName();
        };
        const QString good = write("good.json", "{\"schema\": 1, \"model\": {\"params\": \"7B\", \"layers\": 32, \"hidden\": 4096, \"heads\": 32},"
                                                " \"training\": {\"batch\": 4, \"seq\": 2048, \"recipe\": \"fp16-master\"},"
                                                " \"runtime\": {\"overhead\": 0}}");
        // Options override the file: B = 1 gives the article's total again.
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--scenario"), good, QStringLiteral("--batch"), QStringLiteral("1"),
                            QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(total(r), Q_INT64_C(147970351104));

        const QString broken = write("broken.json", "{\"schema\": 1, \"training\": {\"batch\": 4,,}}");
        Run b = cli({ QStringLiteral("estimate"), QStringLiteral("--scenario"), broken });
        QCOMPARE(b.exitCode, 2);
        QVERIFY2(b.err.contains("not valid JSON"), b.err.constData());

        const QString typed = write("typed.json", "{\"schema\": 1, \"training\": {\"batch\": \"four\"}}");
        b = cli({ QStringLiteral("estimate"), QStringLiteral("--scenario"), typed });
        QCOMPARE(b.exitCode, 2);
        QVERIFY2(b.err.contains("training.batch"), b.err.constData());
    }

    void catalogues()
    {
        const Run presets = cli({ QStringLiteral("presets") });
        QCOMPARE(presets.exitCode, 0);
        QVERIFY(presets.out.contains("llama-2-7b"));
        QVERIFY(presets.out.contains("6,738,415,616"));
        const Run gpus = cli({ QStringLiteral("gpus"), QStringLiteral("--json") });
        QCOMPARE(gpus.exitCode, 0);
        QVERIFY(QJsonDocument::fromJson(gpus.out).object().value(QStringLiteral("gpus")).toArray().size() >= 12);
    }
};

QTEST_GUILESS_MAIN(TestEstimateCli)
#include "tst_estimatecli.moc"
