// `headroom-cli estimate --example NAME`: the scenarios shipped in resources/examples/. The
// article's four rows (its section 2.3 table) must print the article's figures, derived here by
// hand from its formulas: 16 bytes a parameter of model state (FP16 weights and gradients, an
// FP32 master copy, AdamW's two FP32 moments) and 2·(19·B·S·H + 3·B·A·S²) bytes of activations a
// layer, with full checkpointing every layer's input (2·B·S·H bytes) plus one layer recomputed.

#include <QtTest>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>

#include "clirun.h"

namespace {

QJsonObject estimateJson(const QStringList &arguments, int *exitCode = nullptr)
{
    const Run r = cli(QStringList{ QStringLiteral("estimate") } + arguments + QStringList{ QStringLiteral("--json") });
    if (exitCode)
        *exitCode = r.exitCode;
    return QJsonDocument::fromJson(r.out).object();
}

qint64 perGpu(const QJsonObject &root, const char *bucket)
{
    return root.value(QStringLiteral("per_gpu")).toObject().value(QLatin1String(bucket)).toInteger(-1);
}

qint64 modelStates(const QJsonObject &root)
{
    return perGpu(root, "parameters") + perGpu(root, "gradients") + perGpu(root, "master_weights")
            + perGpu(root, "optimizer_states");
}

qint64 peak(const QJsonObject &root)
{
    return root.value(QStringLiteral("peak")).toObject().value(QStringLiteral("bytes")).toInteger(-1);
}

// The article's GB: decimal, rounded to the whole number it writes.
QString wholeGB(qint64 bytes)
{
    return QString::number(double(bytes) / 1e9, 'f', 0);
}

// The names `--example list` gives: its lines that are not indented.
QStringList listedNames()
{
    const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--example"), QStringLiteral("list") });
    QStringList names;
    for (const QString &line : QString::fromUtf8(r.out).split(QLatin1Char('\n')))
        if (!line.isEmpty() && !line.startsWith(QLatin1Char(' ')))
            names << line;
    return names;
}

} // namespace

class TestExamplesCli : public QObject
{
    Q_OBJECT

private slots:
    void article7B()
    {
        // 7e9 × 16 = 112,000,000,000 bytes of model state: the article's "112GB".
        // A layer: 19·1·2048·4096 = 159,383,552 and 3·1·32·2048² = 402,653,184 elements,
        // × 2 bytes = 1,124,073,472; × 32 layers = 35,970,351,104: "36GB".
        // 112,000,000,000 + 35,970,351,104 = 147,970,351,104: "~148GB".
        int rc = -1;
        const QJsonObject root = estimateJson({ QStringLiteral("--example"), QStringLiteral("article-7b") }, &rc);
        QCOMPARE(rc, 0);
        QCOMPARE(modelStates(root), Q_INT64_C(112000000000));
        QCOMPARE(perGpu(root, "activations"), Q_INT64_C(35970351104));
        QCOMPARE(perGpu(root, "overhead"), Q_INT64_C(0));
        QCOMPARE(perGpu(root, "total"), Q_INT64_C(147970351104));
        QCOMPARE(peak(root), Q_INT64_C(147970351104));
        QCOMPARE(wholeGB(modelStates(root)), QStringLiteral("112"));
        QCOMPARE(wholeGB(perGpu(root, "activations")), QStringLiteral("36"));
        QCOMPARE(wholeGB(peak(root)), QStringLiteral("148"));
    }

    void article7BCheckpointing()
    {
        // The article's rule for checkpointing: every layer's input, 32 × 2 × 1·2048·4096 =
        // 536,870,912 bytes, plus one layer recomputed, 1,124,073,472: 1,660,944,384 bytes on
        // top of the same 112 GB, 113,660,944,384 in all. The article's table rounds this row's
        // activations up to "about 4GB" (total "~116GB"); its rule gives 1.66 GB, which is what
        // Headroom prints (the summary of the example says so).
        int rc = -1;
        const QJsonObject root = estimateJson({ QStringLiteral("--example"), QStringLiteral("article-7b-checkpointing") }, &rc);
        QCOMPARE(rc, 0);
        QCOMPARE(modelStates(root), Q_INT64_C(112000000000));
        QCOMPARE(perGpu(root, "activations"), Q_INT64_C(1660944384));
        QCOMPARE(peak(root), Q_INT64_C(113660944384));
        QCOMPARE(wholeGB(modelStates(root)), QStringLiteral("112"));
    }

    void article7BBatch4()
    {
        // B = 4: four times 35,970,351,104 = 143,881,404,416 bytes, "144GB"; with the 112 GB,
        // 255,881,404,416: "~256GB".
        int rc = -1;
        const QJsonObject root = estimateJson({ QStringLiteral("--example"), QStringLiteral("article-7b-b4") }, &rc);
        QCOMPARE(rc, 0);
        QCOMPARE(modelStates(root), Q_INT64_C(112000000000));
        QCOMPARE(perGpu(root, "activations"), Q_INT64_C(143881404416));
        QCOMPARE(peak(root), Q_INT64_C(255881404416));
        QCOMPARE(wholeGB(perGpu(root, "activations")), QStringLiteral("144"));
        QCOMPARE(wholeGB(peak(root)), QStringLiteral("256"));
    }

    void article13BCheckpointing()
    {
        // 13e9 × 16 = 208,000,000,000 bytes: the article's "13e9×16B≈208GB". The article gives no
        // shape for 13B; the example takes LLaMA-2 13B's, L = 40, H = 5120, A = 40. Its rule: every
        // layer's input, 40 × 2 × 1·2048·5120 = 838,860,800 bytes, plus one layer,
        // 2 × (19·2048·5120 + 3·40·2048²) = 2 × (199,229,440 + 503,316,480) = 1,405,091,840:
        // 2,243,952,640 bytes, 210,243,952,640 in all (the table: "about 5GB", "~213GB").
        int rc = -1;
        const QJsonObject root = estimateJson({ QStringLiteral("--example"), QStringLiteral("article-13b-checkpointing") }, &rc);
        QCOMPARE(rc, 0);
        QCOMPARE(modelStates(root), Q_INT64_C(208000000000));
        QCOMPARE(perGpu(root, "activations"), Q_INT64_C(2243952640));
        QCOMPARE(peak(root), Q_INT64_C(210243952640));
        QCOMPARE(wholeGB(modelStates(root)), QStringLiteral("208"));
    }

    void optionsOverrideTheExample()
    {
        // As with --scenario, an option refines the file: the article's B = 1 row at --batch 4 is
        // its B = 4 row.
        const QJsonObject b4 = estimateJson({ QStringLiteral("--example"), QStringLiteral("article-7b"), QStringLiteral("--batch"),
                                              QStringLiteral("4") });
        QCOMPARE(peak(b4), Q_INT64_C(255881404416));
    }

    void everyExampleEstimates()
    {
        // Each name listed has its file, and each file in examples/ is listed.
        const QStringList names = listedNames();
        QCOMPARE(names.size(), 7);
        QDir dir(qEnvironmentVariable("HEADROOM_DATA_DIR") + QStringLiteral("/examples"));
        QStringList files = dir.entryList({ QStringLiteral("*.json") }, QDir::Files);
        for (QString &f : files)
            f.chop(5);
        QStringList sortedNames = names;
        sortedNames.sort();
        files.sort();
        QCOMPARE(sortedNames, files);
        for (const QString &name : names) {
            const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--example"), name, QStringLiteral("--json") });
            QVERIFY2(r.exitCode == 0, qPrintable(name + QLatin1Char(' ') + QString::fromUtf8(r.err)));
            QVERIFY2(r.err.isEmpty(), qPrintable(name + QLatin1Char(' ') + QString::fromUtf8(r.err)));
            const QJsonObject root = QJsonDocument::fromJson(r.out).object();
            QVERIFY2(peak(root) > 0, qPrintable(name));
            // The common runs are named for the cards they run on: they must fit there.
            if (!name.startsWith(QLatin1String("article-")))
                QVERIFY2(root.value(QStringLiteral("gpu")).toObject().value(QStringLiteral("fits")).toBool(), qPrintable(name));
        }
    }

    void commonRunsAreWhatTheyAreCalled()
    {
        const QJsonObject qlora = estimateJson({ QStringLiteral("--example"), QStringLiteral("qlora-8b-24gb") });
        QCOMPARE(qlora.value(QStringLiteral("gpu")).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("rtx-4090"));
        QCOMPARE(qlora.value(QStringLiteral("strategy")).toObject().value(QStringLiteral("lora")).toString(), QStringLiteral("qlora"));
        const QJsonObject lora = estimateJson({ QStringLiteral("--example"), QStringLiteral("lora-70b-8gpu") });
        const QJsonObject loraStrategy = lora.value(QStringLiteral("strategy")).toObject();
        QCOMPARE(loraStrategy.value(QStringLiteral("gpus")).toInt(), 8);
        QCOMPARE(loraStrategy.value(QStringLiteral("zero")).toInt(), 3);
        QCOMPARE(loraStrategy.value(QStringLiteral("lora")).toString(), QStringLiteral("lora"));
        const QJsonObject full = estimateJson({ QStringLiteral("--example"), QStringLiteral("full-8b-zero3") });
        const QJsonObject fullStrategy = full.value(QStringLiteral("strategy")).toObject();
        QCOMPARE(fullStrategy.value(QStringLiteral("gpus")).toInt(), 8);
        QCOMPARE(fullStrategy.value(QStringLiteral("zero")).toInt(), 3);
        QCOMPARE(fullStrategy.value(QStringLiteral("lora")).toString(), QStringLiteral("none"));
    }

    void unknownExample()
    {
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--example"), QStringLiteral("article-70b") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QString e = QString::fromUtf8(r.err);
        QVERIFY2(e.startsWith(QLatin1String("error: --example: ")), qPrintable(e));
        QVERIFY2(e.contains(QLatin1String("\"article-70b\"")), qPrintable(e));
        for (const QString &name : listedNames())
            QVERIFY2(e.contains(name), qPrintable(name));
    }

    void exampleAndScenarioTogether()
    {
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--example"), QStringLiteral("article-7b"),
                            QStringLiteral("--scenario"), QStringLiteral("article-7b.json") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--example and --scenario"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestExamplesCli)
#include "tst_examplescli.moc"
