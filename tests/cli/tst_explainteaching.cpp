// `estimate --explain article|full`: the teaching path first (the article's four steps with the
// run's numbers, then what the training stack adds and why), the full derivation after it under
// `full` and a bare `--explain`. Expected figures are the article's, derived here by hand:
// 7e9 parameters × (2 + 2 + 4 + 8) bytes = 112,000,000,000 bytes; one layer at B = 1, S = 2048,
// H = 4096, A = 32 is 2·(19·1·2048·4096 + 3·1·32·2048²) = 2·(159,383,552 + 402,653,184)
// = 1,124,073,472 bytes; 32 layers 35,970,351,104 bytes; the total 147,970,351,104 bytes.

#include <QtTest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "clirun.h"

namespace {

QString estimate(const QStringList &arguments, int *exitCode = nullptr, QString *err = nullptr)
{
    const Run r = cli(QStringList{ QStringLiteral("estimate") } + arguments);
    if (exitCode)
        *exitCode = r.exitCode;
    if (err)
        *err = QString::fromUtf8(r.err);
    return QString::fromUtf8(r.out);
}

// The lines of the teaching path: from its heading to the peak's line.
QString teachingPart(const QString &out)
{
    const qsizetype from = out.indexOf(QStringLiteral("The article's four steps"));
    const qsizetype to = out.indexOf(QStringLiteral("Headroom's peak per GPU"));
    return from < 0 || to < from ? QString() : out.mid(from, to - from);
}

// The line of the teaching path that starts with "  N. label".
QString stepLine(const QString &teaching, const QString &start)
{
    for (const QString &line : teaching.split(QLatin1Char('\n')))
        if (line.startsWith(start))
            return line;
    return {};
}

} // namespace

class TestExplainTeaching : public QObject
{
    Q_OBJECT

private slots:
    void articleFollowsItsFourSteps()
    {
        int code = -1;
        const QString out = estimate({ QStringLiteral("--example"), QStringLiteral("article-7b"), QStringLiteral("--explain"),
                                       QStringLiteral("article") },
                                     &code);
        QCOMPARE(code, 0);
        const QString t = teachingPart(out);
        QVERIFY2(!t.isEmpty(), qPrintable(out));
        QVERIFY(stepLine(t, QStringLiteral("  1. Bytes per parameter")).endsWith(QStringLiteral("= 16 bytes/param")));
        QVERIFY(stepLine(t, QStringLiteral("  1. Bytes per parameter"))
                        .contains(QStringLiteral("2 bytes/param + 2 bytes/param + 4 bytes/param + 8 bytes/param")));
        QVERIFY(stepLine(t, QStringLiteral("  2. Fixed cost"))
                        .endsWith(QStringLiteral("= 112,000,000,000 bytes (112.00 GB, 104.31 GiB)")));
        const QString layer = stepLine(t, QStringLiteral("  3. Activations per layer"));
        QVERIFY2(layer.contains(QStringLiteral("(19·B·S·H + 3·B·A·S²)")), qPrintable(layer));
        QVERIFY(layer.endsWith(QStringLiteral("= 1,124,073,472 bytes (1.12 GB, 1.05 GiB)")));
        QVERIFY(stepLine(t, QStringLiteral("  3. Activations of the layers")).endsWith(QStringLiteral("= 35,970,351,104 bytes (35.97 GB, 33.50 GiB)")));
        QVERIFY(stepLine(t, QStringLiteral("  4. Total by the article")).endsWith(QStringLiteral("= 147,970,351,104 bytes (147.97 GB, 137.81 GiB)")));
        // The paper stack keeps the article's conventions: nothing is added.
        QVERIFY(t.contains(QStringLiteral("nothing: this run keeps the article's conventions")));
        QVERIFY(out.contains(QStringLiteral("Headroom's peak per GPU: 147,970,351,104 bytes (147.97 GB)")));
        // brief stops there: no full derivation.
        QVERIFY(!out.contains(QStringLiteral("How each figure comes about")));
        QVERIFY(!out.contains(QStringLiteral("Symbols:")));
    }

    void fullAndBareExplainAddTheDerivationAfterIt()
    {
        for (const QStringList &explain : { QStringList{ QStringLiteral("--explain"), QStringLiteral("full") },
                                            QStringList{ QStringLiteral("--explain=full") },
                                            QStringList{ QStringLiteral("--explain") } }) {
            int code = -1;
            const QString out = estimate(QStringList{ QStringLiteral("--example"), QStringLiteral("article-7b") } + explain, &code);
            QCOMPARE(code, 0);
            const qsizetype teaching = out.indexOf(QStringLiteral("The article's four steps"));
            const qsizetype full = out.indexOf(QStringLiteral("How each figure comes about"));
            QVERIFY2(teaching >= 0 && full > teaching, qPrintable(explain.join(QLatin1Char(' '))));
            QVERIFY(out.contains(QStringLiteral("Symbols:")));
        }
        // A bare --explain before another option still takes no value.
        int code = -1;
        const QString out = estimate({ QStringLiteral("--explain"), QStringLiteral("--example"), QStringLiteral("article-7b") }, &code);
        QCOMPARE(code, 0);
        QVERIFY(out.contains(QStringLiteral("How each figure comes about")));
    }

    void aBadValueIsRefused()
    {
        int code = -1;
        QString err;
        const QString out = estimate({ QStringLiteral("--explain"), QStringLiteral("short") }, &code, &err);
        QCOMPARE(code, 2);
        QVERIFY2(err.contains(QStringLiteral("--explain")) && err.contains(QStringLiteral("article"))
                         && err.contains(QStringLiteral("full")) && err.contains(QStringLiteral("short")),
                 qPrintable(err));
        QVERIFY(out.isEmpty());
    }

    void theDefaultStackSaysWhatItAdds()
    {
        // The Hugging Face Trainer's itemized run of LLaMA-2 7B: the loss's FP32 logits and the
        // runtime's share are named with their bytes. The CUDA context is 1000 MiB =
        // 1000 × 1,048,576 = 1,048,576,000 bytes; the loss's bytes are the derivation's own
        // head-and-loss term (read from --json), beside the article's figures.
        int code = -1;
        const QString out = estimate({ QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--explain"),
                                       QStringLiteral("article") },
                                     &code);
        QCOMPARE(code, 0);
        const QString t = teachingPart(out);
        // P = 6,738,415,616 (LLaMA-2 7B's architecture) × 16 = 107,814,649,856 bytes.
        QVERIFY(stepLine(t, QStringLiteral("  2. Fixed cost")).endsWith(QStringLiteral("= 107,814,649,856 bytes (107.81 GB, 100.41 GiB)")));
        QVERIFY(t.contains(QStringLiteral("What the training stack adds beyond the article")));
        QVERIFY2(t.contains(QStringLiteral("CUDA context and kernel images: C_ctx = +1,048,576,000 bytes (+1.05 GB)")), qPrintable(t));
        const Run json = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--json") });
        const QJsonObject root = QJsonDocument::fromJson(json.out).object();
        qint64 head = -1;
        for (const QJsonValue v : root.value(QStringLiteral("derivation")).toObject().value(QStringLiteral("activations")).toObject()
                                  .value(QStringLiteral("terms")).toArray())
            if (v.toObject().value(QStringLiteral("id")).toString() == QLatin1String("head-and-loss"))
                head = v.toObject().value(QStringLiteral("bytes")).toInteger(-1);
        QVERIFY(head > 0);
        // The loss's log-softmax alone is B·S·V FP32 values: 1 × 2048 × 32000 × 4 = 262,144,000 bytes.
        QVERIFY(head >= 262144000);
        QVERIFY2(t.contains(QStringLiteral("the loss's FP32 logits and the LM head's input: a_head = +%1 bytes").arg(QLocale(QLocale::English).toString(head))),
                 qPrintable(t));
        QVERIFY(t.contains(QStringLiteral("the caching allocator's blocks")));
        QVERIFY(!t.contains(QStringLiteral("nothing: this run keeps")));
    }

    void fitExplainIsUnchanged()
    {
        // fit's --explain is a switch of its own (step-time terms), not the teaching path.
        const Run r = cli({ QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--gpu"),
                            QStringLiteral("a100-80gb"), QStringLiteral("--explain") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY(!QString::fromUtf8(r.out).contains(QStringLiteral("The article's four steps")));
    }
};

QTEST_GUILESS_MAIN(TestExplainTeaching)
#include "tst_explainteaching.moc"
