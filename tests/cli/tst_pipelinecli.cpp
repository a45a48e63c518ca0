// Every pipeline stage on the command line: --pp-layers as a user gives it, the rank that peaks
// named in the text, --explain and --json. Expected splits from torchtitan 1ce7f76
// generate_llm_fqn_per_model_part(): Llama 3.1 405B's 126 layers on 16 stages, the embedding and
// the output weighted as a layer each, are 7, 8 x 14, 7.

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "clirun.h"

namespace {

QStringList llama405(const QStringList &more)
{
    return QStringList{ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.1-405b"),
                        QStringLiteral("--gpus"), QStringLiteral("128"), QStringLiteral("--tp"), QStringLiteral("8"),
                        QStringLiteral("--pp"), QStringLiteral("16"), QStringLiteral("--zero"), QStringLiteral("1"),
                        QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--grad-accum"), QStringLiteral("16"),
                        QStringLiteral("--recompute"), QStringLiteral("full") }
            + more;
}

} // namespace

class TestPipelineCli : public QObject
{
    Q_OBJECT

private slots:
    void weightedSplitOf405b()
    {
        const Run r = cli(llama405({ QStringLiteral("--pp-layers"), QStringLiteral("weighted"), QStringLiteral("--json") }));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject pipeline = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("pipeline")).toObject();
        const QJsonArray ranks = pipeline.value(QStringLiteral("ranks")).toArray();
        QCOMPARE(ranks.size(), 16);
        QCOMPARE(pipeline.value(QStringLiteral("split")).toString(), QStringLiteral("weighted"));
        qint64 total = 0;
        double highest = 0;
        for (int i = 0; i < ranks.size(); ++i) {
            const QJsonObject rank = ranks.at(i).toObject();
            QCOMPARE(rank.value(QStringLiteral("layers")).toInteger(), i == 0 || i == 15 ? 7 : 8);
            QCOMPARE(rank.value(QStringLiteral("embedding")).toBool(), i == 0);
            QCOMPARE(rank.value(QStringLiteral("head")).toBool(), i == 15);
            // 1F1B: rank i holds min(16 - i, 16) micro-batches in flight.
            QCOMPARE(rank.value(QStringLiteral("held_layers")).toInteger(), rank.value(QStringLiteral("layers")).toInteger() * (16 - i));
            total += rank.value(QStringLiteral("layers")).toInteger();
            highest = std::max(highest, rank.value(QStringLiteral("allocated_peak")).toDouble());
        }
        QCOMPARE(total, qint64(126));
        const int shown = pipeline.value(QStringLiteral("rank")).toInt();
        QCOMPARE(ranks.at(shown).toObject().value(QStringLiteral("allocated_peak")).toDouble(), highest);
    }

    void textNamesTheRank()
    {
        const Run r = cli(llama405({ QStringLiteral("--pp-layers"), QStringLiteral("weighted") }));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Pipeline: 7, 8 x 14, 7 layers (weighted); rank "), r.out.constData());
        QVERIFY2(r.out.contains("Allocated peak by rank: 0: "), r.out.constData());
    }

    void explainShowsTheRanksLayers()
    {
        const Run r = cli(llama405({ QStringLiteral("--pp-layers"), QStringLiteral("weighted"), QStringLiteral("--explain") }));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("L_r"), r.out.constData());
        QVERIFY2(r.out.contains("the pipeline rank shown"), r.out.constData());
    }

    void listedSplitMustCoverTheModel()
    {
        const Run shortList = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.2-1b"),
                                    QStringLiteral("--gpus"), QStringLiteral("4"), QStringLiteral("--pp"), QStringLiteral("4"),
                                    QStringLiteral("--pp-layers"), QStringLiteral("4,4,4") });
        QCOMPARE(shortList.exitCode, 2);
        QVERIFY2(shortList.err.contains("--pp-layers"), shortList.err.constData());
        QVERIFY2(shortList.err.contains("p × v"), shortList.err.constData());
        const Run wrongSum = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.2-1b"),
                                   QStringLiteral("--gpus"), QStringLiteral("4"), QStringLiteral("--pp"), QStringLiteral("4"),
                                   QStringLiteral("--pp-layers"), QStringLiteral("4,4,4,5") });
        QCOMPARE(wrongSum.exitCode, 2);
        QVERIFY2(wrongSum.err.contains("add up to the model's layers"), wrongSum.err.constData());
        const Run notAList = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.2-1b"),
                                   QStringLiteral("--pp-layers"), QStringLiteral("four") });
        QCOMPARE(notAList.exitCode, 2);
        QVERIFY2(notAList.err.contains("--pp-layers"), notAList.err.constData());
        // 16 layers: 3, 5, 5, 3 is accepted.
        const Run ok = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-3.2-1b"),
                             QStringLiteral("--gpus"), QStringLiteral("4"), QStringLiteral("--pp"), QStringLiteral("4"),
                             QStringLiteral("--pp-layers"), QStringLiteral("3,5,5,3") });
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
    }

    void fitTakesTheSplit()
    {
        const Run r = cli({ QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("llama-3.1-70b"),
                            QStringLiteral("--gpu"), QStringLiteral("h100-80gb"), QStringLiteral("--pp"), QStringLiteral("4"),
                            QStringLiteral("--pp-layers"), QStringLiteral("weighted"), QStringLiteral("--seq"), QStringLiteral("4096") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestPipelineCli)

#include "tst_pipelinecli.moc"
