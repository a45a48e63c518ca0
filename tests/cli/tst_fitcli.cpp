// `headroom-cli fit` and the scale-out options of `estimate`, run as a user would. The fit
// command's answers are checked by asking `estimate` at the answer (fits) and at one GPU,
// micro-batch or token fewer/more (does not).

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QtTest>

#include "clirun.h"

namespace {

QJsonObject json(const Run &r) { return QJsonDocument::fromJson(r.out).object(); }

// The question a new user asks: LLaMA-2 13B, full fine-tune, S = 4096, on H100s.
// Under the article's textbook formula (the paper stack), whose S² scores make checkpointing
// the first answer.
const QStringList kQuestion = { QStringLiteral("--preset"), QStringLiteral("llama-2-13b"), QStringLiteral("--seq"),
                                QStringLiteral("4096"), QStringLiteral("--gpu"), QStringLiteral("h100-80gb"),
                                QStringLiteral("--stack"), QStringLiteral("paper") };

// Whether `estimate` says the scenario fits with the given extra options.
bool estimateFits(const QStringList &scenario, const QStringList &extra)
{
    const Run r = cli(QStringList{ QStringLiteral("estimate") } + scenario + extra + QStringList{ QStringLiteral("--json") });
    if (r.exitCode != 0)
        qWarning() << r.err;
    return json(r).value(QStringLiteral("gpu")).toObject().value(QStringLiteral("fits")).toBool();
}

QStringList strategyOptions(const QJsonObject &strategy, qint64 gpus)
{
    return { QStringLiteral("--zero"), QString::number(strategy.value(QStringLiteral("zero")).toInt()),
             QStringLiteral("--offload"), strategy.value(QStringLiteral("offload")).toString(),
             QStringLiteral("--gpus"), QString::number(gpus) };
}

} // namespace

class TestFitCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(!qEnvironmentVariable("HEADROOM_CLI").isEmpty()); }

    void howManyH100s()
    {
        const Run r = cli(QStringList{ QStringLiteral("fit") } + kQuestion + QStringList{ QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = json(r);
        const QJsonArray gpus = root.value(QStringLiteral("gpus")).toArray();
        QCOMPARE(gpus.size(), 1);
        QCOMPARE(gpus.at(0).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("h100-80gb"));
        // Without checkpointing the S^2 activations alone exceed the card: no strategy, no count.
        for (const QJsonValue &v : gpus.at(0).toObject().value(QStringLiteral("strategies")).toArray()) {
            const QJsonObject st = v.toObject();
            QCOMPARE(st.value(QStringLiteral("gpus_needed")).toInteger(), qint64(0));
            QVERIFY(!estimateFits(kQuestion, strategyOptions(st, 4096)));
        }
        // With full checkpointing every sharding strategy has an answer; re-estimate at it and
        // at one GPU fewer.
        const QStringList recompute = kQuestion + QStringList{ QStringLiteral("--recompute"), QStringLiteral("full") };
        const QJsonArray withRecompute = root.value(QStringLiteral("with_full_recompute")).toArray();
        QCOMPARE(withRecompute.size(), 1);
        int answered = 0;
        for (const QJsonValue &v : withRecompute.at(0).toObject().value(QStringLiteral("strategies")).toArray()) {
            const QJsonObject st = v.toObject();
            const qint64 n = st.value(QStringLiteral("gpus_needed")).toInteger();
            const QString name = st.value(QStringLiteral("name")).toString();
            if (name == QLatin1String("ddp")) {
                QCOMPARE(n, qint64(0)); // 208 GB of unsharded model states
                continue;
            }
            QVERIFY2(n > 0, qPrintable(name));
            ++answered;
            QVERIFY2(estimateFits(recompute, strategyOptions(st, n)), qPrintable(name));
            if (n > 1)
                QVERIFY2(!estimateFits(recompute, strategyOptions(st, n - 1)), qPrintable(name));
            // The largest micro-batch at that count: fits, and one more does not.
            const qint64 b = st.value(QStringLiteral("max_micro_batch")).toInteger();
            QVERIFY(b >= 1);
            QVERIFY(estimateFits(recompute, strategyOptions(st, n) + QStringList{ QStringLiteral("--batch"), QString::number(b) }));
            QVERIFY(!estimateFits(recompute, strategyOptions(st, n) + QStringList{ QStringLiteral("--batch"), QString::number(b + 1) }));
            const qint64 seq = st.value(QStringLiteral("max_sequence")).toInteger();
            QStringList longer = recompute;
            longer[3] = QString::number(seq);
            QVERIFY(estimateFits(longer, strategyOptions(st, n)));
            longer[3] = QString::number(seq + 1);
            QVERIFY(!estimateFits(longer, strategyOptions(st, n)));
            QVERIFY(st.value(QStringLiteral("days")).toDouble() > 0);
            QVERIFY(st.value(QStringLiteral("cost_usd")).toDouble() > 0);
        }
        QCOMPARE(answered, 5);
        // The advice starts with checkpointing (B is already 1) and ends in a fit.
        const QJsonArray advice = root.value(QStringLiteral("advice")).toArray();
        QVERIFY(advice.size() >= 2);
        QCOMPARE(advice.first().toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("enable-checkpointing"));
        QVERIFY(advice.last().toObject().value(QStringLiteral("fits_after")).toBool());
    }

    void textAnswer()
    {
        const Run r = cli(QStringList{ QStringLiteral("fit") } + kQuestion);
        QCOMPARE(r.exitCode, 0);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY(text.contains(QStringLiteral("NVIDIA H100 80GB")));
        QVERIFY(text.contains(QStringLiteral("With full activation checkpointing")));
        QVERIFY(text.contains(QStringLiteral("zero3")));
        QVERIFY(text.contains(QStringLiteral("never: activations")));
        QVERIFY(text.contains(QStringLiteral("What to change first")));
    }

    void wholeCatalogue()
    {
        const Run r = cli({ QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                            QStringLiteral("--recompute"), QStringLiteral("full"), QStringLiteral("--tokens"), QStringLiteral("2e9"),
                            QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = json(r);
        QVERIFY(root.value(QStringLiteral("gpus")).toArray().size() >= 10);
        QCOMPARE(root.value(QStringLiteral("tokens")).toDouble(), 2e9);
        const QJsonArray ranked = root.value(QStringLiteral("procurement")).toArray();
        QVERIFY(!ranked.isEmpty());
        for (qsizetype i = 0; i + 1 < ranked.size(); ++i) {
            const QJsonObject a = ranked.at(i).toObject(), b = ranked.at(i + 1).toObject();
            if (a.contains(QStringLiteral("cost_usd")) && b.contains(QStringLiteral("cost_usd")))
                QVERIFY(a.value(QStringLiteral("cost_usd")).toDouble() <= b.value(QStringLiteral("cost_usd")).toDouble() + 1e-9);
        }
        const Run text = cli({ QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                               QStringLiteral("--recompute"), QStringLiteral("full") });
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("Cheapest to rent, GPU kind x count x strategy"));
    }

    // GRPO with a vLLM server on 2 GPUs of its own: every count carries them ("N+2" in the text,
    // gpus_needed_with_rollout = gpus_needed + 2 in the JSON), and post-training runs name each
    // model's share.
    void rolloutGpusInTheCounts()
    {
        const QStringList run = { QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("gpt2"),
                                  QStringLiteral("--method"), QStringLiteral("grpo"), QStringLiteral("--rollout"),
                                  QStringLiteral("vllm-server"), QStringLiteral("--rollout-gpus"), QStringLiteral("2") };
        const Run r = cli(run + QStringList{ QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        int counted = 0;
        for (const QJsonValue &g : json(r).value(QStringLiteral("gpus")).toArray())
            for (const QJsonValue &v : g.toObject().value(QStringLiteral("strategies")).toArray()) {
                const QJsonObject st = v.toObject();
                QCOMPARE(st.value(QStringLiteral("rollout_gpus")).toInteger(), 2);
                const qint64 n = st.value(QStringLiteral("gpus_needed")).toInteger();
                QCOMPARE(st.value(QStringLiteral("gpus_needed_with_rollout")).toInteger(), n > 0 ? n + 2 : 0);
                counted += n > 0;
            }
        QVERIFY(counted > 0);
        const Run text = cli(run);
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("1+2") && text.out.contains("the vLLM server's 2"), text.out.constData());
        const Run dpo = cli({ QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--method"),
                              QStringLiteral("dpo") });
        QVERIFY2(dpo.out.contains("Per GPU, by model: policy"), dpo.out.constData());
    }

    void estimateStrategyJson()
    {
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                            QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--zero"), QStringLiteral("3"),
                            QStringLiteral("--offload"), QStringLiteral("optimizer"), QStringLiteral("--lora-rank"),
                            QStringLiteral("16"), QStringLiteral("--lora-targets"), QStringLiteral("q,v"), QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = json(r);
        const QJsonObject perGpu = root.value(QStringLiteral("per_gpu")).toObject();
        for (const char *key : { "parameters", "gradients", "master_weights", "optimizer_states", "activations", "overhead", "total" })
            QVERIFY2(perGpu.contains(QLatin1String(key)), key);
        const QJsonObject strategy = root.value(QStringLiteral("strategy")).toObject();
        QCOMPARE(strategy.value(QStringLiteral("zero")).toInt(), 3);
        QCOMPARE(strategy.value(QStringLiteral("offload")).toString(), QStringLiteral("optimizer"));
        QCOMPARE(strategy.value(QStringLiteral("lora")).toString(), QStringLiteral("lora"));
        // 32 layers x 2 x 16 x (4096 + 4096) = 8,388,608 adapters.
        QCOMPARE(strategy.value(QStringLiteral("trainable_parameters")).toInteger(), qint64(8'388'608));
        QVERIFY(root.value(QStringLiteral("host")).toObject().value(QStringLiteral("per_node")).toInteger() > 0);
        // The table shows the strategy and the host line.
        const Run table = cli({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                                QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--zero"), QStringLiteral("2"),
                                QStringLiteral("--tp"), QStringLiteral("2"), QStringLiteral("--sp") });
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("Strategy: 8 GPUs (data-parallel 4 x tensor 2 x pipeline 1, sequence parallel), ZeRO-2"));
        QVERIFY(table.out.contains("Host RAM per node, to load the model: ")); // no offload: what it is for
    }

    // Regression: `fit --tp 2` was refused ("--gpus: 1 must divide --tp (2)"), although fit
    // searches the GPU count itself; without --gpus the count is t × p.
    void fitWithTensorParallelAlone()
    {
        const Run r = cli({ QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--tp"),
                            QStringLiteral("2"), QStringLiteral("--gpu"), QStringLiteral("a100-80gb"), QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        const QJsonArray gpus = json(r).value(QStringLiteral("gpus")).toArray();
        QCOMPARE(gpus.size(), 1);
        // Every answer is whole replicas of two GPUs.
        for (const QJsonValue &v : gpus.at(0).toObject().value(QStringLiteral("strategies")).toArray())
            QCOMPARE(v.toObject().value(QStringLiteral("gpus_needed")).toInteger() % 2, qint64(0));
        // A price in range is taken.
        const Run priced = cli({ QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--gpu"),
                                 QStringLiteral("a100-80gb"), QStringLiteral("--price"), QStringLiteral("a100-80gb=0"),
                                 QStringLiteral("--mfu"), QStringLiteral("1%"), QStringLiteral("--json") });
        QCOMPARE(priced.exitCode, 0);
        QCOMPARE(json(priced).value(QStringLiteral("mfu_override")).toDouble(), 0.01);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QStringList model = { QStringLiteral("--preset"), QStringLiteral("llama-2-7b") };
        QTest::newRow("zero 5") << (QStringList{ QStringLiteral("estimate"), QStringLiteral("--zero"), QStringLiteral("5") } + model)
                                << QStringLiteral("--zero: 5 is out of range; allowed: 0 to 3");
        QTest::newRow("offload without zero")
                << (QStringList{ QStringLiteral("estimate"), QStringLiteral("--offload"), QStringLiteral("optimizer") } + model)
                << QStringLiteral("--offload needs --zero between 1 and 3 (it is 0)");
        QTest::newRow("offload params at zero 2")
                << (QStringList{ QStringLiteral("estimate"), QStringLiteral("--zero"), QStringLiteral("2"), QStringLiteral("--offload"),
                                 QStringLiteral("optimizer+params") } + model)
                << QStringLiteral("--offload needs --zero 3 (it is 2)");
        QTest::newRow("offload name") << (QStringList{ QStringLiteral("estimate"), QStringLiteral("--offload"), QStringLiteral("nvme") } + model)
                                      << QStringLiteral("--offload: unknown value \"nvme\"; allowed: none|optimizer|optimizer+params");
        QTest::newRow("lora target") << (QStringList{ QStringLiteral("estimate"), QStringLiteral("--lora-targets"), QStringLiteral("q,x") } + model)
                                     << QStringLiteral("--lora-targets: unknown value \"q,x\"");
        QTest::newRow("tp divides heads") << (QStringList{ QStringLiteral("estimate"), QStringLiteral("--tp"), QStringLiteral("3"),
                                                           QStringLiteral("--gpus"), QStringLiteral("3") } + model)
                                          << QStringLiteral("--tp: 3 must divide --heads (32) exactly");
        QTest::newRow("mfu") << (QStringList{ QStringLiteral("fit"), QStringLiteral("--mfu"), QStringLiteral("2") } + model)
                             << QStringLiteral("--mfu: \"2\" is out of range; allowed: 0.01 to 1 (1% to 100%");
        // Regressions: "abc" was "out of range"; 1e-300 printed 300-digit costs; a NaN price
        // fell back to the catalogue's in silence.
        QTest::newRow("mfu not a number") << (QStringList{ QStringLiteral("fit"), QStringLiteral("--mfu"), QStringLiteral("abc") } + model)
                                          << QStringLiteral("--mfu: \"abc\" is not a number; give a fraction from 0.01 to 1 or a percentage");
        QTest::newRow("mfu tiny") << (QStringList{ QStringLiteral("fit"), QStringLiteral("--mfu"), QStringLiteral("1e-300") } + model)
                                  << QStringLiteral("--mfu: \"1e-300\" is out of range; allowed: 0.01 to 1 (1% to 100%, e.g. 0.4 or 40%)");
        QTest::newRow("mfu percent tiny") << (QStringList{ QStringLiteral("fit"), QStringLiteral("--mfu"), QStringLiteral("0.5%") } + model)
                                          << QStringLiteral("--mfu: \"0.5%\" is out of range; allowed: 0.01 to 1");
        for (const char *price : { "a100-80gb=nan", "a100-80gb=inf", "a100-80gb=-1" })
            QTest::newRow(price) << (QStringList{ QStringLiteral("fit"), QStringLiteral("--price"), QLatin1String(price) } + model)
                                 << QStringLiteral("--price: \"%1\" is not allowed; give KIND=USD per GPU-hour, KIND from `headroom-cli gpus`, "
                                                   "0 <= USD <= 1,000,000").arg(QLatin1String(price));
        QTest::newRow("gpus not a multiple")
                << (QStringList{ QStringLiteral("fit"), QStringLiteral("--tp"), QStringLiteral("2"), QStringLiteral("--gpus"), QStringLiteral("3") } + model)
                << QStringLiteral("--gpus: 3 must be a multiple of --tp × --pp (2 × 1 = 2)");
        QTest::newRow("tokens") << (QStringList{ QStringLiteral("fit"), QStringLiteral("--tokens"), QStringLiteral("-5") } + model)
                                << QStringLiteral("--tokens: \"-5\" is not allowed");
        QTest::newRow("price") << (QStringList{ QStringLiteral("fit"), QStringLiteral("--price"), QStringLiteral("b200=5") } + model)
                               << QStringLiteral("--price: \"b200=5\" is not allowed; give KIND=USD");
        QTest::newRow("global batch") << (QStringList{ QStringLiteral("fit"), QStringLiteral("--global-batch"), QStringLiteral("0") } + model)
                                      << QStringLiteral("--global-batch: \"0\" is out of range; allowed: 1 to 100,000,000");
        // The procurement options: rates, prices and tokens that are zero, negative, NaN or absurd.
        auto fit = [&model](const char *option, const char *value) {
            return QStringList{ QStringLiteral("fit"), QLatin1String(option), QLatin1String(value) } + model;
        };
        QTest::newRow("tokens 1e30") << fit("--tokens", "1e30") << QStringLiteral("--tokens: \"1e30\" is not allowed; give a whole number of tokens from 1 to 1e18");
        QTest::newRow("global batch tokens not sequences")
                << fit("--global-batch", "1000 tokens") << QStringLiteral("--global-batch: 1,000 tokens is not a whole number of sequences of S = 2,048 tokens");
        // Issue 32, item 13: what is no whole number is said so, not "out of range".
        QTest::newRow("global batch nonsense") << fit("--global-batch", "many") << QStringLiteral("--global-batch: \"many\" is not a whole number");
        QTest::newRow("global batch fraction") << fit("--global-batch", "7.5") << QStringLiteral("--global-batch: \"7.5\" is not a whole number");
        QTest::newRow("max gpus word") << fit("--max-gpus", "abc")
                                       << QStringLiteral("--max-gpus: \"abc\" is not a whole number; allowed: 1 to 1,000,000");
        QTest::newRow("max gpus too many") << fit("--max-gpus", "2000000")
                                           << QStringLiteral("--max-gpus: \"2000000\" is out of range; allowed: 1 to 1,000,000");
        QTest::newRow("tolerance") << fit("--batch-tolerance", "60%") << QStringLiteral("--batch-tolerance: \"60%\" is out of range; allowed: 0 to 0.5");
        for (const char *rate : { "0Gbps", "-400Gbps", "nanGbps", "infGbps", "400", "1e30Gbps", "400 parsecs" })
            QTest::newRow(rate) << fit("--network", rate)
                                << QStringLiteral("--network: \"%1\" is not allowed; give the network bandwidth per node with its unit").arg(QLatin1String(rate));
        QTest::newRow("electricity negative") << fit("--electricity", "-0.1") << QStringLiteral("--electricity: \"-0.1\" is out of range; allowed: 0 to 10 USD per kWh");
        QTest::newRow("electricity nan") << fit("--electricity", "nan") << QStringLiteral("--electricity: \"nan\" is out of range");
        QTest::newRow("years zero") << fit("--years", "0") << QStringLiteral("--years: \"0\" is out of range; allowed: 0.25 to 30 years");
        QTest::newRow("years absurd") << fit("--years", "1e30") << QStringLiteral("--years: \"1e30\" is out of range");
        QTest::newRow("budget zero") << fit("--budget", "0") << QStringLiteral("--budget: \"0\" is out of range; allowed: 0.01 to 1e12 USD");
        QTest::newRow("budget nan") << fit("--budget", "nan") << QStringLiteral("--budget: \"nan\" is out of range");
        QTest::newRow("deadline negative") << fit("--deadline", "-1") << QStringLiteral("--deadline: \"-1\" is out of range; allowed: 0.001 to 36,500 days");
        QTest::newRow("deadline word") << fit("--deadline", "soon") << QStringLiteral("--deadline: \"soon\" is out of range");
        for (const char *purchase : { "h100-80gb=-1", "h100-80gb=nan", "h100-80gb=1e30", "b200=30000" })
            QTest::newRow(purchase) << fit("--purchase", purchase)
                                    << QStringLiteral("--purchase: \"%1\" is not allowed; give KIND=USD per card").arg(QLatin1String(purchase));
    }

    // The procurement question of a Llama-3-8B pre-training run (docs/procurement.md): the
    // global batch of 256 sequences is kept in every row, and every row's time is split.
    void globalBatchKeptAndTimeSplit()
    {
        const Run r = cli({ "fit", "--preset", "llama-3-8b", "--seq", "8192", "--batch", "1", "--global-batch", "256", "--tokens", "1e11",
                            "--recompute", "full", "--json" });
        QCOMPARE(r.exitCode, 0);
        const QJsonObject root = json(r);
        QCOMPARE(root.value(QStringLiteral("global_batch")).toInteger(), qint64(256));
        const QJsonArray rows = root.value(QStringLiteral("procurement")).toArray();
        QVERIFY(rows.size() >= 10);
        for (const QJsonValue &v : rows) {
            const QJsonObject row = v.toObject();
            const QString name = row.value(QStringLiteral("gpu")).toString() + QLatin1Char(' ') + row.value(QStringLiteral("strategy")).toString();
            QCOMPARE(row.value(QStringLiteral("global_batch")).toInteger(), qint64(256));
            // d x b x m = 256 exactly, d = GPUs (no tensor or pipeline parallelism here).
            QCOMPARE(row.value(QStringLiteral("gpus")).toInteger() * row.value(QStringLiteral("micro_batch")).toInteger()
                             * row.value(QStringLiteral("grad_accum")).toInteger(),
                     qint64(256));
            QVERIFY2(row.value(QStringLiteral("gpus")).toInteger() >= row.value(QStringLiteral("fewest_fitting")).toInteger(), qPrintable(name));
            const QJsonObject time = row.value(QStringLiteral("time")).toObject();
            const double compute = time.value(QStringLiteral("compute_s")).toDouble();
            const double communication = time.value(QStringLiteral("communication_s")).toDouble();
            const double bubble = time.value(QStringLiteral("bubble_s")).toDouble();
            const double offload = time.value(QStringLiteral("offload_s")).toDouble();
            const double total = time.value(QStringLiteral("total_s")).toDouble();
            QVERIFY2(compute > 0 && communication >= 0 && bubble == 0 && offload >= 0, qPrintable(name)); // no pipeline: no bubble
            QVERIFY2(qAbs(compute + communication + bubble + offload - total) <= 1e-9 * total, qPrintable(name));
            QVERIFY2(qAbs(time.value(QStringLiteral("days")).toDouble() * 86400 - total) <= 1e-9 * total, qPrintable(name));
            // 1e11 tokens in steps of 256 x 8192.
            QVERIFY2(qAbs(time.value(QStringLiteral("steps")).toDouble() - 1e11 / (256.0 * 8192)) < 1e-6, qPrintable(name));
            // The split steps: one more data-parallel replica than the fewest that fit only ever
            // comes from the batch: offload rows share one GPU.
            if (row.value(QStringLiteral("strategy")).toString().endsWith(QLatin1String("offload")))
                QVERIFY2(time.value(QStringLiteral("offload_s")).toDouble() > 0, qPrintable(name));
        }
    }

    // The whole-plan search (docs/procurement.md): the front is sorted and non-dominated, every
    // plan fits its card and keeps the global batch, the budget's and the deadline's picks are
    // the front's fastest within budget and cheapest within the deadline, and no plan of the
    // fewest-GPUs table beats the front on both days and rent.
    void wholePlanSearch()
    {
        const QStringList base{ "fit", "--preset", "llama-2-7b", "--seq", "4096", "--global-batch", "1024", "--tokens", "2e10", "--json" };
        const Run plain = cli(base);
        QCOMPARE(plain.exitCode, 0);
        const QJsonObject search = json(plain).value(QStringLiteral("plan_search")).toObject();
        const QJsonArray front = search.value(QStringLiteral("front")).toArray();
        QVERIFY(front.size() >= 3);
        QVERIFY(search.value(QStringLiteral("candidates")).toInteger() >= search.value(QStringLiteral("fitting")).toInteger());
        auto days = [](const QJsonValue &v) { return v.toObject().value(QStringLiteral("days")).toDouble(); };
        auto rent = [](const QJsonValue &v) { return v.toObject().value(QStringLiteral("cost_usd")).toDouble(); };
        for (qsizetype i = 0; i < front.size(); ++i) {
            const QJsonObject plan = front.at(i).toObject();
            auto n = [&plan](const char *key) { return plan.value(QLatin1String(key)).toInteger(); };
            QVERIFY(n("peak_bytes") <= n("capacity_bytes"));
            QCOMPARE(n("data_parallel") * n("micro_batch") * n("grad_accum"), qint64(1024));
            QCOMPARE(n("data_parallel") * n("tp") * n("pp") * n("cp"), n("gpus"));
            if (i > 0) {
                QVERIFY(days(front.at(i - 1)) <= days(front.at(i)));
                QVERIFY(rent(front.at(i - 1)) > rent(front.at(i)));
            }
        }
        for (const QJsonValue &row : json(plain).value(QStringLiteral("procurement")).toArray()) {
            bool beaten = false;
            for (const QJsonValue &plan : front)
                beaten = beaten || (days(plan) <= days(row) * (1 + 1e-12) && rent(plan) <= rent(row) * (1 + 1e-12));
            QVERIFY2(beaten, qPrintable(row.toObject().value(QStringLiteral("gpu")).toString()));
        }
        // A budget and a deadline halfway along the front.
        const double budget = (rent(front.first()) + rent(front.last())) / 2;
        const double deadline = (days(front.first()) + days(front.last())) / 2;
        const Run picked = cli(base + QStringList{ "--budget", QString::number(budget, 'f', 2), "--deadline", QString::number(deadline, 'g', 8) });
        QCOMPARE(picked.exitCode, 0);
        const QJsonObject answer = json(picked).value(QStringLiteral("plan_search")).toObject();
        const QJsonObject fastest = answer.value(QStringLiteral("fastest_under_budget")).toObject();
        const QJsonObject cheapest = answer.value(QStringLiteral("cheapest_under_deadline")).toObject();
        QVERIFY(!fastest.isEmpty() && !cheapest.isEmpty());
        QVERIFY(fastest.value(QStringLiteral("cost_usd")).toDouble() <= budget);
        QVERIFY(cheapest.value(QStringLiteral("days")).toDouble() <= deadline);
        for (const QJsonValue &plan : front) {
            if (rent(plan) <= budget)
                QVERIFY(days(plan) >= fastest.value(QStringLiteral("days")).toDouble());
            if (days(plan) <= deadline)
                QVERIFY(rent(plan) >= cheapest.value(QStringLiteral("cost_usd")).toDouble());
        }
        // The recommendation: under a deadline the cheapest plan within it (found by a scan here).
        const QJsonObject recommended = answer.value(QStringLiteral("recommended")).toObject();
        QCOMPARE(recommended.value(QStringLiteral("rule")).toString(), QStringLiteral("cheapest_within_deadline"));
        const QJsonObject chosen = front.at(recommended.value(QStringLiteral("front_index")).toInt()).toObject();
        QCOMPARE(chosen.value(QStringLiteral("cost_usd")).toDouble(), cheapest.value(QStringLiteral("cost_usd")).toDouble());
        // Without a budget or deadline: the fastest plan whose rent is at most 10 % above the cheapest's.
        const QJsonObject plainPick = search.value(QStringLiteral("recommended")).toObject();
        QCOMPARE(plainPick.value(QStringLiteral("rule")).toString(), QStringLiteral("fastest_near_cheapest"));
        qsizetype expected = -1;
        for (qsizetype i = 0; i < front.size() && expected < 0; ++i)
            if (rent(front.at(i)) <= 1.10 * rent(front.last()))
                expected = i;
        QCOMPARE(plainPick.value(QStringLiteral("front_index")).toInteger(), qint64(expected));
        // Out of reach: null, and the text says why.
        const Run none = cli(base + QStringList{ "--budget", "1" });
        QVERIFY(json(none).value(QStringLiteral("plan_search")).toObject().value(QStringLiteral("fastest_under_budget")).isNull());
        QStringList textArguments = base;
        textArguments.removeLast();
        const Run text = cli(textArguments + QStringList{ "--budget", "1", "--deadline", QString::number(deadline, 'g', 8) });
        QVERIFY2(text.out.contains("No plan costs $1.00 or less; the cheapest costs $"), text.out.constData());
        QVERIFY(text.out.contains("Cheapest within "));
        QVERIFY2(text.out.contains("Recommended: ") && text.out.contains("the cheapest plan finishing within"), text.out.constData());
    }

    // "I have 64 H100s": --gpus and --gpu fix the count and the kind; --zero 3 the strategy.
    void givenClusterIsKept()
    {
        const Run r = cli({ "fit", "--preset", "llama-2-70b", "--seq", "4096", "--global-batch", "1024", "--tokens", "1e11", "--gpu",
                            "h100-80gb", "--gpus", "64", "--zero", "3", "--json" });
        QCOMPARE(r.exitCode, 0);
        const QJsonArray front = json(r).value(QStringLiteral("plan_search")).toObject().value(QStringLiteral("front")).toArray();
        // One kind and one count: rent is proportional to days, so one plan, the fastest.
        QCOMPARE(front.size(), 1);
        const QJsonObject plan = front.first().toObject();
        QCOMPARE(plan.value(QStringLiteral("gpus")).toInteger(), qint64(64));
        QCOMPARE(plan.value(QStringLiteral("gpu")).toString(), QStringLiteral("h100-80gb"));
        QCOMPARE(plan.value(QStringLiteral("strategy")).toString(), QStringLiteral("zero3"));
        QVERIFY(plan.value(QStringLiteral("peak_bytes")).toInteger() <= qint64(81'559) * 1024 * 1024);
        QVERIFY(plan.value(QStringLiteral("mfu_full_attention")).toDouble() > plan.value(QStringLiteral("mfu")).toDouble());
    }

    // At equal rent the ranking is by GPU-hours: the NVLink cards come first, and a PCIe card
    // whose step is mostly communication ranks last, with the reason said.
    void equalRentPutsNvlinkFirst()
    {
        QStringList arguments{ "fit", "--preset", "llama-3-8b", "--seq", "8192", "--batch", "1", "--global-batch", "256", "--tokens", "1e11",
                               "--recompute", "full" };
        const Run gpus = cli({ QStringLiteral("gpus"), QStringLiteral("--json") });
        QCOMPARE(gpus.exitCode, 0);
        QSet<QString> nvlink;
        for (const QJsonValue &v : QJsonDocument::fromJson(gpus.out).object().value(QStringLiteral("gpus")).toArray()) {
            const QJsonObject g = v.toObject();
            arguments << QStringLiteral("--price") << g.value(QStringLiteral("id")).toString() + QStringLiteral("=2");
            if (g.value(QStringLiteral("nvlink_gpus")).toInt() >= 8)
                nvlink.insert(g.value(QStringLiteral("id")).toString());
        }
        QVERIFY(nvlink.contains(QStringLiteral("h100-80gb")));
        const Run text = cli(arguments);
        QCOMPARE(text.exitCode, 0);
        const Run r = cli(arguments + QStringList{ QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        const QJsonArray rows = json(r).value(QStringLiteral("procurement")).toArray();
        int lastNvlink = -1, firstCommunicationBoundPcie = -1;
        QString communicationBound;
        for (int i = 0; i < rows.size(); ++i) {
            const QJsonObject row = rows.at(i).toObject();
            const QString id = row.value(QStringLiteral("gpu")).toString();
            if (nvlink.contains(id) && !row.value(QStringLiteral("strategy")).toString().endsWith(QLatin1String("offload")))
                lastNvlink = i;
            if (!nvlink.contains(id) && row.value(QStringLiteral("time")).toObject().value(QStringLiteral("dominant")).toString()
                        == QLatin1String("communication")
                && firstCommunicationBoundPcie < 0) {
                firstCommunicationBoundPcie = i;
                communicationBound = id;
            }
        }
        QVERIFY2(firstCommunicationBoundPcie > lastNvlink, "a communication-bound PCIe card ranks above an NVLink card");
        QVERIFY(!communicationBound.isEmpty());
        QVERIFY2(QString::fromUtf8(text.out).contains(QStringLiteral("Ranked lower: %1 rents for no more per GPU-hour").arg(communicationBound)),
                 text.out.constData());
        QVERIFY(QString::fromUtf8(text.out).contains(QStringLiteral("communication takes")));
    }
    void badInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run r = cli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestFitCli)
#include "tst_fitcli.moc"
