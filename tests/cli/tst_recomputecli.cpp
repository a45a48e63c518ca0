// The checkpointing policies on the command line: torchtitan's per-operator policy as a user
// gives it (--recompute op), and its refusals naming the field.

#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>

#include "clirun.h"

class TestRecomputeCli : public QObject
{
    Q_OBJECT

private slots:
    void perOperatorPolicyOnLlama3()
    {
        const QStringList base{ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.1-8b"),
                                QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--activations"),
                                QStringLiteral("transformer"), QStringLiteral("--attention"), QStringLiteral("sdpa") };
        const Run op = cli(base + QStringList{ QStringLiteral("--recompute"), QStringLiteral("op"), QStringLiteral("--explain") });
        QVERIFY2(op.exitCode == 0, op.err.constData());
        QVERIFY2(op.out.contains("a_op"), op.out.constData());
        QVERIFY2(op.out.contains("= a_in + a_op"), op.out.constData());
        // Per layer at S = 8,192, B = 1 (Llama 3.1 8B: q 4,096, v 1,024, gate 14,336, down 4,096 wide; the kernel's
        // output 4,096 and an FP32 log-sum-exp of 32 heads): 8,192 x (2 x (4,096 + 1,024 + 14,336 + 4,096 + 4,096) + 4 x 32)
        // = 454,033,408 bytes saved beyond the layer's input.
        QVERIFY2(op.out.contains("454,033,408"), op.out.constData());
        auto activations = [&base](const char *policy) {
            const Run r = cli(base + QStringList{ QStringLiteral("--recompute"), QString::fromLatin1(policy), QStringLiteral("--json") });
            return QJsonDocument::fromJson(r.out).object().value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("activations")).toDouble();
        };
        const double full = activations("full"), perOp = activations("op"), none = activations("none");
        QVERIFY(full < perOp && perOp < none);
    }

    void refusedWhereNotModelled()
    {
        const Run gpt2 = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                               QStringLiteral("--activations"), QStringLiteral("transformer"), QStringLiteral("--recompute"),
                               QStringLiteral("op") });
        QCOMPARE(gpt2.exitCode, 2);
        QVERIFY2(gpt2.err.contains("--recompute"), gpt2.err.constData());
        QVERIFY2(gpt2.err.contains("gated MLP"), gpt2.err.constData());
        const Run textbook = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.1-8b"),
                                   QStringLiteral("--activations"), QStringLiteral("textbook"), QStringLiteral("--recompute"),
                                   QStringLiteral("op") });
        QCOMPARE(textbook.exitCode, 2);
        QVERIFY2(textbook.err.contains("textbook"), textbook.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestRecomputeCli)

#include "tst_recomputecli.moc"
