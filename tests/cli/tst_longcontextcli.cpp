// Long context on the command line: context parallelism as a user gives it, and the guard that
// checks the sequence against the model's context. Expected figures are the presets' own config
// values (resources/models: LLaMA-2 7B declares max_position_embeddings 4,096 and no RoPE
// scaling; Llama 3.1 8B 131,072 with rope_type llama3, factor 8; BERT-large a 512-row table).

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "clirun.h"

class TestLongContextCli : public QObject
{
    Q_OBJECT

private slots:
    void bertCannotRunPastItsPositionTable()
    {
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("bert-large-uncased"),
                            QStringLiteral("--seq"), QStringLiteral("2048") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--seq: 2,048 is longer than the model's position table (512 rows"), r.err.constData());
        // 512 itself is fine.
        QCOMPARE(cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("bert-large-uncased"),
                       QStringLiteral("--seq"), QStringLiteral("512") })
                         .exitCode,
                 0);
    }

    void llama2WarnsPastItsContext()
    {
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                            QStringLiteral("--seq"), QStringLiteral("8192") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("(S = 8,192) runs past the model's declared context (max_position_embeddings = 4,096; no RoPE scaling declared)"), r.out.constData());
        const Run json = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                               QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--json") });
        QCOMPARE(json.exitCode, 0);
        const QJsonArray warnings = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("warnings")).toArray();
        QVERIFY(warnings.contains(QStringLiteral("sequence-beyond-context")));
        // Within the context: no warning.
        const Run within = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                                 QStringLiteral("--seq"), QStringLiteral("4096"), QStringLiteral("--json") });
        QVERIFY(!QJsonDocument::fromJson(within.out).object().value(QStringLiteral("warnings")).toArray().contains(
                QStringLiteral("sequence-beyond-context")));
    }

    void llama31NamesItsRopeScaling()
    {
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.1-8b"),
                            QStringLiteral("--seq"), QStringLiteral("262144"), QStringLiteral("--cp"), QStringLiteral("8") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("(max_position_embeddings = 131,072; RoPE scaling llama3, factor 8)"),
                 r.out.constData());
    }

    void packedSequencesUnderSdpa()
    {
        // Llama 3.2 1B (16 layers), B = 1, S = 2,048, BF16: every layer saves a 2,048² x 2 =
        // 8,388,608-byte additive mask, and the bool mask is 4,194,304 bytes once: 138,412,032 more.
        auto activations = [](bool packed) {
            QStringList args{ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.2-1b"),
                              QStringLiteral("--seq"), QStringLiteral("2048"), QStringLiteral("--activations"),
                              QStringLiteral("transformer"), QStringLiteral("--attention"), QStringLiteral("sdpa"), QStringLiteral("--json") };
            if (packed)
                args << QStringLiteral("--packed");
            const Run r = cli(args);
            return QJsonDocument::fromJson(r.out).object().value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("activations")).toDouble();
        };
        QCOMPARE(activations(true) - activations(false), 138'412'032.0);
        const Run bert = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("bert-large-uncased"),
                               QStringLiteral("--seq"), QStringLiteral("512"), QStringLiteral("--activations"),
                               QStringLiteral("transformer"), QStringLiteral("--packed") });
        QCOMPARE(bert.exitCode, 2);
        QVERIFY2(bert.err.contains("--packed"), bert.err.constData());
    }

    void contextParallelRun()
    {
        // --cp 8 alone: one replica of 8 GPUs, each holding 32,768 of the 262,144 tokens.
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.1-8b"),
                            QStringLiteral("--seq"), QStringLiteral("262144"), QStringLiteral("--cp"), QStringLiteral("8"),
                            QStringLiteral("--explain") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("S_c"), r.out.constData());
        QVERIFY2(r.out.contains("32,768"), r.out.constData());
        // 9 GPUs do not hold whole groups of 8.
        const Run bad = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.1-8b"),
                              QStringLiteral("--seq"), QStringLiteral("262144"), QStringLiteral("--cp"), QStringLiteral("8"),
                              QStringLiteral("--gpus"), QStringLiteral("9") });
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--gpus: 9 must be a multiple of --tp × --pp × --cp (1 × 1 × 8 = 8)"), bad.err.constData());
        const Run kind = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.1-8b"),
                               QStringLiteral("--cp"), QStringLiteral("2"), QStringLiteral("--cp-kind"), QStringLiteral("spiral") });
        QCOMPARE(kind.exitCode, 2);
        QVERIFY2(kind.err.contains("cp-kind"), kind.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestLongContextCli)
#include "tst_longcontextcli.moc"
