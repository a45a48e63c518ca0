// A 2-D expert mesh on the command line (--expert-shard N): accepted where N divides the GPUs
// that hold the same experts, refused naming the option elsewhere.

#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>

#include "clirun.h"

class TestExpertMeshCli : public QObject
{
    Q_OBJECT

private slots:
    void mixtralOnSixteenGpus()
    {
        const QStringList base{ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("mixtral-8x7b"),
                                QStringLiteral("--gpus"), QStringLiteral("16"), QStringLiteral("--ep"), QStringLiteral("2"),
                                QStringLiteral("--zero"), QStringLiteral("3") };
        const Run r = cli(base + QStringList{ QStringLiteral("--expert-shard"), QStringLiteral("2"), QStringLiteral("--json") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(root.value(QStringLiteral("strategy")).toObject().value(QStringLiteral("expert_shard")).toInt(), 2);
        // Sharded over 2 instead of 16 / 2 = 8: more states on each GPU.
        const Run whole = cli(base + QStringList{ QStringLiteral("--json") });
        const double sharded = QJsonDocument::fromJson(whole.out).object().value(QStringLiteral("per_gpu")).toObject()
                                       .value(QStringLiteral("optimizer_states")).toDouble();
        QVERIFY(root.value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("optimizer_states")).toDouble() > sharded);
        const Run explain = cli(base + QStringList{ QStringLiteral("--expert-shard"), QStringLiteral("2"), QStringLiteral("--explain") });
        QVERIFY2(explain.out.contains("d_e"), explain.out.constData());
        const Run bad = cli(base + QStringList{ QStringLiteral("--expert-shard"), QStringLiteral("3") });
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--expert-shard: 3 must divide the 8 GPUs that hold the same experts"), bad.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestExpertMeshCli)

#include "tst_expertmeshcli.moc"
