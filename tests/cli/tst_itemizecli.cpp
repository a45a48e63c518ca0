// headroom-cli estimate with the itemized transformer model: --itemize, the activation items and
// the peak in --json, and the options that select the model (--arch, --profile, --attention,
// --dropout). Expected figures are worked out by hand in the comments.

#include <QtTest>

#include "clirun.h"

namespace {

// The issue's example: LLaMA-2 7B, B = 1, S = 2048, bf16 with an FP32 master copy, SDPA.
const QStringList kLlama = { QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                             QStringLiteral("--batch"), QStringLiteral("1"), QStringLiteral("--seq"), QStringLiteral("2048"),
                             QStringLiteral("--recipe"), QStringLiteral("bf16-master"), QStringLiteral("--attention"),
                             QStringLiteral("sdpa") };

QJsonObject json(const QStringList &arguments)
{
    const Run r = cli(arguments + QStringList{ QStringLiteral("--json") });
    return r.exitCode == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
}

QJsonObject item(const QJsonObject &root, const QString &name)
{
    for (const QJsonValue &v : root.value(QStringLiteral("activation_items")).toArray())
        if (v.toObject().value(QStringLiteral("name")).toString() == name)
            return v.toObject();
    return {};
}

// The output line that names \a name as a column of its own.
QString lineOf(const QString &text, const QString &name)
{
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (line.split(QLatin1Char(' '), Qt::SkipEmptyParts).contains(name))
            return line;
    return {};
}

} // namespace

class TestItemizeCli : public QObject
{
    Q_OBJECT

private slots:
    void itemizeListsEveryTensor_data()
    {
        // B S H = 8,388,608, B S F = 22,544,384, B S V = 65,536,000, B A S = 65,536.
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("bytes");
        QTest::newRow("norm input, FP32") << QStringLiteral("input_layernorm.x_fp32") << QStringLiteral("33,554,432");
        QTest::newRow("norm 1/rms") << QStringLiteral("input_layernorm.rstd") << QStringLiteral("8,192");
        QTest::newRow("normed") << QStringLiteral("input_layernorm.normed") << QStringLiteral("16,777,216");
        QTest::newRow("q/k/v input") << QStringLiteral("self_attn.q_proj.input") << QStringLiteral("16,777,216");
        QTest::newRow("q") << QStringLiteral("self_attn.q") << QStringLiteral("16,777,216");
        QTest::newRow("k") << QStringLiteral("self_attn.k") << QStringLiteral("16,777,216");
        QTest::newRow("v") << QStringLiteral("self_attn.v") << QStringLiteral("16,777,216");
        QTest::newRow("out") << QStringLiteral("self_attn.out") << QStringLiteral("16,777,216");
        QTest::newRow("logsumexp") << QStringLiteral("self_attn.lse") << QStringLiteral("262,144");
        QTest::newRow("post norm") << QStringLiteral("post_attention_layernorm.x_fp32") << QStringLiteral("33,554,432");
        QTest::newRow("gate/up input") << QStringLiteral("mlp.gate_proj.input") << QStringLiteral("16,777,216");
        QTest::newRow("SiLU input") << QStringLiteral("mlp.act_fn.input") << QStringLiteral("45,088,768");
        QTest::newRow("SiLU output") << QStringLiteral("mlp.act_out") << QStringLiteral("45,088,768");
        QTest::newRow("up output") << QStringLiteral("mlp.up_out") << QStringLiteral("45,088,768");
        QTest::newRow("down input") << QStringLiteral("mlp.down_proj.input") << QStringLiteral("45,088,768");
        QTest::newRow("ids") << QStringLiteral("embed_tokens.indices") << QStringLiteral("16,384");
        QTest::newRow("LM head input") << QStringLiteral("lm_head.input") << QStringLiteral("16,777,216");
        QTest::newRow("FP32 log-softmax") << QStringLiteral("log_softmax") << QStringLiteral("262,144,000");
        QTest::newRow("labels, S + 1") << QStringLiteral("labels") << QStringLiteral("16,392");
        QTest::newRow("RoPE cos") << QStringLiteral("rope_cos") << QStringLiteral("524,288");
    }

    void itemizeListsEveryTensor()
    {
        QFETCH(QString, name);
        QFETCH(QString, bytes);
        const Run r = cli(kLlama + QStringList{ QStringLiteral("--itemize") });
        QCOMPARE(r.exitCode, 0);
        const QString line = lineOf(QString::fromUtf8(r.out), name);
        QVERIFY2(!line.isEmpty(), qPrintable(name));
        QVERIFY2(line.contains(QLatin1Char(' ') + bytes + QLatin1Char(' ')), qPrintable(line));
    }

    void itemizeSums()
    {
        // One layer: 2 x 50,339,840 (two norms) + 12 x 8,388,608 (q/k/v input, q, k, v, out, gate
        // input, 2 bytes each) + 262,144 + 4 x 45,088,768 = 381,960,192; 32 layers 12,222,726,144.
        // Outside: 16,384 + 50,339,840 + 16,777,216 + 262,160,392 + 1,048,576 = 330,342,408.
        const Run r = cli(kLlama + QStringList{ QStringLiteral("--itemize") });
        QCOMPARE(r.exitCode, 0);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY(text.contains(QStringLiteral("381,960,192")));
        QVERIFY(text.contains(QStringLiteral("12,222,726,144")));
        QVERIFY(text.contains(QStringLiteral("330,342,408")));
        QVERIFY(text.contains(QStringLiteral("B×S×F")));
        QVERIFY(text.contains(QStringLiteral("hf-sdpa profile, sdpa attention")));
    }

    void jsonItemsAndPeak()
    {
        const QJsonObject root = json(kLlama);
        const QJsonObject logSoftmax = item(root, QStringLiteral("log_softmax"));
        QCOMPARE(logSoftmax.value(QStringLiteral("bytes")).toInteger(), Q_INT64_C(262144000));
        QCOMPARE(logSoftmax.value(QStringLiteral("count")).toInteger(), Q_INT64_C(65536000));
        QCOMPARE(logSoftmax.value(QStringLiteral("dtype")).toString(), QStringLiteral("fp32"));
        QCOMPARE(logSoftmax.value(QStringLiteral("scope")).toString(), QStringLiteral("outside"));
        QCOMPARE(item(root, QStringLiteral("self_attn.lse")).value(QStringLiteral("bytes")).toInteger(), Q_INT64_C(262144));
        // 12,222,726,144 + 330,342,408
        QCOMPARE(root.value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("activations")).toInteger(),
                 Q_INT64_C(12553068552));
        // The allocated peak comes while the first layer's backward runs: weights 13,476,831,232
        // + master 26,953,662,464 + moments 53,907,324,928 = 94,337,818,624; every gradient but
        // the untied embedding's, 2 x (6,738,415,616 - 131,072,000) = 13,214,687,232; the
        // embedding's ids and RoPE tables 1,064,960; one layer 381,960,192; its backward scratch,
        // the residual gradient 16,777,216 and twice the largest tensor 2 x 45,088,768:
        // 106,954,752. 108,042,485,760 in all, below the plain sum because the gradients and the
        // activations are never all live at once. Reserved adds the emulated allocator's cache,
        // the device the CUDA context (1,048,576,000); the verdict compares the device figure.
        const QJsonObject peak = root.value(QStringLiteral("peak")).toObject();
        QCOMPARE(peak.value(QStringLiteral("allocated")).toInteger(), Q_INT64_C(108042485760));
        const qint64 reserved = peak.value(QStringLiteral("reserved")).toInteger();
        const qint64 cache = peak.value(QStringLiteral("allocator_cache")).toObject().value(QStringLiteral("bytes")).toInteger();
        QVERIFY(peak.value(QStringLiteral("allocator_cache")).toObject().value(QStringLiteral("modelled")).toBool());
        QCOMPARE(reserved, Q_INT64_C(108042485760) + cache);
        QVERIFY(cache > 0 && cache < Q_INT64_C(108042485760) / 5);
        QCOMPARE(peak.value(QStringLiteral("device")).toInteger(), reserved + Q_INT64_C(1048576000));
        QCOMPARE(peak.value(QStringLiteral("bytes")).toInteger(), peak.value(QStringLiteral("device")).toInteger());
        QCOMPARE(peak.value(QStringLiteral("phase")).toString(), QStringLiteral("backward"));
        QVERIFY(peak.value(QStringLiteral("bytes")).toInteger()
                < root.value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("total")).toInteger());
    }

    void attentionImpliesTheItemizedModel()
    {
        // --attention without --activations selects the itemized model...
        QVERIFY(!item(json(kLlama), QStringLiteral("self_attn.lse")).isEmpty());
        // ...while an explicit --activations textbook keeps the article's formula.
        const QJsonObject textbook = json(kLlama + QStringList{ QStringLiteral("--activations"), QStringLiteral("textbook") });
        QVERIFY(item(textbook, QStringLiteral("self_attn.lse")).isEmpty());
        QVERIFY(!item(textbook, QStringLiteral("attn.scores")).isEmpty());
        // Without any of the activation options the default is the itemized model under the
        // Hugging Face Trainer stack (SDPA); the paper stack brings the textbook formula back.
        const QJsonObject plain = json({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b") });
        QVERIFY(!item(plain, QStringLiteral("self_attn.lse")).isEmpty());
        QVERIFY(item(plain, QStringLiteral("attn.scores")).isEmpty());
        const QJsonObject paper = json({ QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                                         QStringLiteral("--stack"), QStringLiteral("paper") });
        QVERIFY(!item(paper, QStringLiteral("attn.scores")).isEmpty());
    }

    void profiles()
    {
        const QStringList base = { QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                                   QStringLiteral("--seq"), QStringLiteral("2048") };
        // hf-sdpa implies SDPA: the kernel's output is saved, no S x S tensor.
        const QJsonObject sdpa = json(base + QStringList{ QStringLiteral("--profile"), QStringLiteral("hf-sdpa") });
        QVERIFY(!item(sdpa, QStringLiteral("self_attn.out")).isEmpty());
        // Megatron's fused SwiGLU keeps the gate-up output, 2 x 2 x B S F = 90,177,536, and its
        // eager attention the bf16 probabilities 2 B A S^2 = 268,435,456.
        const QJsonObject megatron = json(base + QStringList{ QStringLiteral("--profile"), QStringLiteral("megatron-fused") });
        QCOMPARE(item(megatron, QStringLiteral("mlp.gate_up_out")).value(QStringLiteral("bytes")).toInteger(), Q_INT64_C(90177536));
        QCOMPARE(item(megatron, QStringLiteral("self_attn.probs")).value(QStringLiteral("bytes")).toInteger(), Q_INT64_C(268435456));
        // A named kernel overrides the profile's.
        const QJsonObject flash = json(base + QStringList{ QStringLiteral("--profile"), QStringLiteral("megatron-fused"),
                                                           QStringLiteral("--attention"), QStringLiteral("flash") });
        QVERIFY(item(flash, QStringLiteral("self_attn.probs")).isEmpty());
        // The CPU profile with dropout saves the mask in the query's dtype (bf16 here):
        // 2 x B A S^2 = 268,435,456.
        const QJsonObject cpu = json(base + QStringList{ QStringLiteral("--profile"), QStringLiteral("hf-eager-cpu"),
                                                         QStringLiteral("--dropout"), QStringLiteral("0.1") });
        QCOMPARE(item(cpu, QStringLiteral("self_attn.dropout_mask")).value(QStringLiteral("bytes")).toInteger(), Q_INT64_C(268435456));
    }

    void recomputeMarks()
    {
        const Run r = cli(kLlama + QStringList{ QStringLiteral("--recompute"), QStringLiteral("full"), QStringLiteral("--itemize") });
        QCOMPARE(r.exitCode, 0);
        const QString text = QString::fromUtf8(r.out);
        // The checkpoint holds the bf16 layer input, 2 B S H = 16,777,216; the rest is rebuilt.
        QVERIFY(lineOf(text, QStringLiteral("checkpoint_input")).contains(QStringLiteral("16,777,216")));
        QVERIFY(lineOf(text, QStringLiteral("mlp.up_out")).contains(QStringLiteral("recomputed")));
    }

    void archOption()
    {
        const QStringList custom = { QStringLiteral("estimate"), QStringLiteral("--layers"), QStringLiteral("2"),
                                     QStringLiteral("--hidden"), QStringLiteral("128"), QStringLiteral("--heads"), QStringLiteral("4"),
                                     QStringLiteral("--vocab"), QStringLiteral("1000"), QStringLiteral("--attention"), QStringLiteral("eager") };
        QVERIFY(!item(json(custom + QStringList{ QStringLiteral("--arch"), QStringLiteral("gpt2") }), QStringLiteral("attn.probs")).isEmpty());
        QVERIFY(!item(json(custom + QStringList{ QStringLiteral("--arch"), QStringLiteral("llama") }),
                      QStringLiteral("self_attn.probs_fp32")).isEmpty());
        // The option was renamed from --family.
        QCOMPARE(cli(custom + QStringList{ QStringLiteral("--family"), QStringLiteral("gpt2") }).exitCode, 2);
        const Run bad = cli(custom + QStringList{ QStringLiteral("--arch"), QStringLiteral("mamba") });
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("arch"));
    }

    void badValues()
    {
        Run r = cli(kLlama + QStringList{ QStringLiteral("--dropout"), QStringLiteral("1") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--dropout"));
        r = cli(kLlama + QStringList{ QStringLiteral("--profile"), QStringLiteral("deepspeed") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("hf-eager"));
        r = cli(kLlama + QStringList{ QStringLiteral("--attention"), QStringLiteral("xformers") });
        QCOMPARE(r.exitCode, 2);
    }

    void scenarioFileKeys()
    {
        // A file naming the profile alone selects the itemized model; the saved keys read back.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema": 1, "model": {"preset": "llama-2-7b", "arch": "llama"},
                    "activations": {"profile": "hf-eager-cpu", "attention": "flash", "dropout": 0.0}})");
        f.close();
        const QJsonObject root = json({ QStringLiteral("estimate"), QStringLiteral("--scenario"), path });
        QVERIFY(!item(root, QStringLiteral("self_attn.lse")).isEmpty());
        // torch 1.13's mean() keeps x^2: 4 B S H per norm (S = 2048 by default).
        QCOMPARE(item(root, QStringLiteral("input_layernorm.x_squared")).value(QStringLiteral("bytes")).toInteger(),
                 Q_INT64_C(33554432));
        // Files written before the rename say model.family: read as model.arch (the default
        // block is GPT-2, so LLaMA's FP32 probabilities show the key took effect).
        QFile old(dir.filePath(QStringLiteral("old.json")));
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write(R"({"schema": 1, "model": {"family": "llama", "layers": 2, "hidden": 128, "heads": 4, "vocab": 1000},
                      "activations": {"attention": "eager"}})");
        old.close();
        const QJsonObject back = json({ QStringLiteral("estimate"), QStringLiteral("--scenario"), old.fileName() });
        QVERIFY(!item(back, QStringLiteral("self_attn.probs_fp32")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestItemizeCli)
#include "tst_itemizecli.moc"
