// headroom-cli check-script and estimate --measured: the loop from the estimate to PyTorch and
// back. The script is written, run by /usr/bin/python3 on the CPU on its tiny copy of the
// architecture (skipped where that Python has no torch), and its JSON read back.
//
// Expected figures, independent of the program: the tiny copy's parameter count worked out by
// hand from the rule io/checkscript.h states (2 layers, H = 128, at most 8 heads of 16 with the
// same grouping, the FFN scaled with H, V = 512), times the recipe's bytes per parameter; the
// saved activations within 3 % of the core's itemized estimate of the tiny copy, the tolerance
// tests/core/tst_calibration.cpp holds the itemized model to against the same PyTorch.
//
// Bad measurement files (malformed, truncated, binary, over 10 MB, deeply nested, wrong types,
// missing keys) are cut from tests/fixtures/checkscript/tiny-cpu.json, a real CPU run of the
// script (python3 check.py --device cpu --tiny --steps 2 on torch 1.13): each exits 2 naming the
// file and the key.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <functional>

#include "clirun.h"

namespace {

const QString kPython = QStringLiteral("/usr/bin/python3");

bool pythonHasTorch()
{
    QProcess p;
    p.start(kPython, { QStringLiteral("-c"), QStringLiteral("import torch") });
    return p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

QJsonObject rowOf(const QJsonObject &measured, const QString &figure)
{
    for (const QJsonValue &v : measured.value(QStringLiteral("rows")).toArray())
        if (v.toObject().value(QStringLiteral("figure")).toString() == figure)
            return v.toObject();
    return {};
}

QByteArray fixture()
{
    QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/checkscript/tiny-cpu.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The fixture with one value replaced (a dotted path into objects; an absent value removes the key).
QByteArray withValue(const QString &path, const QJsonValue &value)
{
    QJsonObject root = QJsonDocument::fromJson(fixture()).object();
    const QStringList keys = path.split(QLatin1Char('.'));
    std::function<QJsonObject(QJsonObject, int)> set = [&](QJsonObject o, int i) {
        if (i == keys.size() - 1) {
            if (value.isUndefined())
                o.remove(keys.at(i));
            else
                o.insert(keys.at(i), value);
        } else {
            o.insert(keys.at(i), set(o.value(keys.at(i)).toObject(), i + 1));
        }
        return o;
    };
    return QJsonDocument(set(root, 0)).toJson();
}

} // namespace

class TestCheckScript : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(!qEnvironmentVariable("HEADROOM_CLI").isEmpty());
        QVERIFY(m_dir.isValid());
        QVERIFY(!fixture().isEmpty());
    }

    void writesAScript()
    {
        const QString path = m_dir.filePath(QStringLiteral("check.py"));
        const Run r = cli({ QStringLiteral("check-script"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                            QStringLiteral("--output"), path });
        QCOMPARE(r.exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.startsWith("#!/usr/bin/env python3"));
        QVERIFY(!text.contains("@HEADROOM_JSON@"));
        // The scenario's numbers are in the script: LLaMA-2 7B's H = 4096 and F = 11008.
        QVERIFY(text.contains("\"hidden\": 4096"));
        QVERIFY(text.contains("\"ffn\": 11008"));
        for (const char *run : { "\"full\"", "\"full_cpu\"", "\"tiny\"", "\"tiny_cpu\"" })
            QVERIFY2(text.contains(run), run);
    }

    // Issue 32, item 4: the script was written through a link planted at --output and the
    // victim then chmodded 0755 by name. Item 13: a write failure exited 1 where report exits 2.
    void plantedLinkIsRefused()
    {
        QTemporaryDir dir;
        const QString victim = dir.filePath(QStringLiteral("victim"));
        QFile v(victim);
        QVERIFY(v.open(QIODevice::WriteOnly));
        v.write("the victim's file");
        v.close();
        QVERIFY(QFile::setPermissions(victim, QFile::ReadOwner | QFile::WriteOwner));
        const QFile::Permissions before = QFile::permissions(victim);
        const QString planted = dir.filePath(QStringLiteral("check.py"));
        QVERIFY(QFile::link(victim, planted));
        Run r = cli({ QStringLiteral("check-script"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                      QStringLiteral("--output"), planted });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QFile::encodeName(planted)) && r.err.contains("symbolic link"), r.err.constData());
        QFile back(victim);
        QVERIFY(back.open(QIODevice::ReadOnly));
        QCOMPARE(back.readAll(), QByteArray("the victim's file"));
        QCOMPARE(QFile::permissions(victim), before); // not made executable through the link
        // A folder that does not exist: the same exit code as report's.
        r = cli({ QStringLiteral("check-script"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--output"),
                  dir.filePath(QStringLiteral("missing/check.py")) });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("missing/check.py"), r.err.constData());
    }

    // Issue 32, item 9: the script's expected figures were cast to qint64, so values past 2^63
    // wrapped (eager attention's S x S scores at B = 1,000,000, S = 1,000,000). The peak's bytes
    // are written in full; the same run's `estimate --json` gives the same digits.
    void figuresPast2To63AreExact()
    {
        const QStringList scenario{ QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--batch"),
                                    QStringLiteral("1000000"), QStringLiteral("--seq"), QStringLiteral("1000000"),
                                    QStringLiteral("--attention"), QStringLiteral("eager") };
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("huge.py"));
        QCOMPARE(cli(QStringList{ QStringLiteral("check-script") } + scenario + QStringList{ QStringLiteral("--output"), path }).exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString script = QString::fromUtf8(f.readAll());
        const Run e = cli(QStringList{ QStringLiteral("estimate") } + scenario + QStringList{ QStringLiteral("--json") });
        QCOMPARE(e.exitCode, 0);
        static const QRegularExpression peakBytes(QStringLiteral("\"peak\": \\{\\s*\"bytes\": ([0-9]+)"));
        const QRegularExpressionMatch inScript = peakBytes.match(script);
        const QRegularExpressionMatch inEstimate = peakBytes.match(QString::fromUtf8(e.out));
        QVERIFY(inScript.hasMatch() && inEstimate.hasMatch());
        QCOMPARE(inScript.captured(1), inEstimate.captured(1));
        QVERIFY(inScript.captured(1).size() > 19); // past 2^63 = 9,223,372,036,854,775,808
    }

    void refusesWhatItCannotBuild_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("named");
        QTest::newRow("gpt2") << QStringList{ QStringLiteral("--preset"), QStringLiteral("gpt2") } << QStringLiteral("--arch");
        QTest::newRow("zero") << QStringList{ QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--gpus"),
                                              QStringLiteral("8"), QStringLiteral("--zero"), QStringLiteral("3") }
                              << QStringLiteral("--zero");
        QTest::newRow("lion") << QStringList{ QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--optimizer"),
                                              QStringLiteral("lion") }
                              << QStringLiteral("--optimizer");
        QTest::newRow("mixtral") << QStringList{ QStringLiteral("--preset"), QStringLiteral("mixtral-8x7b") } << QStringLiteral("--experts");
        QTest::newRow("no output") << QStringList{ QStringLiteral("--preset"), QStringLiteral("llama-2-7b") } << QStringLiteral("--output");
    }

    void refusesWhatItCannotBuild()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, named);
        const QString path = m_dir.filePath(QStringLiteral("refused.py"));
        QStringList args{ QStringLiteral("check-script") };
        args << options;
        if (named != QStringLiteral("--output"))
            args << QStringLiteral("--output") << path;
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(named), r.err.constData());
        QVERIFY(!QFile::exists(path));
    }

    void runsOnCpu_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<qint64>("params");    // the tiny copy's P, by hand (below)
        QTest::addColumn<qint64>("trainable");
        QTest::addColumn<int>("weightBytes");  // per parameter
        QTest::addColumn<int>("gradBytes");
        QTest::addColumn<int>("masterBytes");
        QTest::addColumn<int>("stateBytes");   // AdamW's two moments together
        // LLaMA-3.2 1B's tiny copy: A 32 -> 8, KV 8 -> 2 (4 per group), d = 16, F = 8192 x 128 / 2048
        // = 512, tied, V 512. Per layer q 128·128 + k 128·32 + v 128·32 + o 128·128 = 40,960,
        // MLP 3·128·512 = 196,608, two norms 256: 237,824; two layers 475,648, embedding 65,536,
        // final norm 128: P = 541,312.
        const qint64 small = 541312;
        // LLaMA-2 7B's: A 32 -> 8, KV 8 (no grouping), F 11008 x 128 / 4096 = 344, untied. Per
        // layer 4·16,384 + 3·128·344 + 256 = 197,888; two layers 395,776; embedding and head
        // 2·65,536; final norm 128: P = 526,976.
        const qint64 seven = 526976;
        // LoRA r 8 on q and v of LLaMA-3.2 1B's copy: q 8·(128 + 128) + v 8·(128 + 32) = 3,328 per
        // layer, 6,656 in all, trained in FP32 (PEFT's adapters) on the frozen FP32 base.
        const qint64 adapters = 6656;
        QTest::newRow("llama-3.2-1b fp32") << QStringList{ QStringLiteral("--preset"), QStringLiteral("llama-3.2-1b"),
                                                           QStringLiteral("--recipe"), QStringLiteral("fp32") }
                                           << small << small << 4 << 4 << 0 << 8;
        QTest::newRow("llama-2-7b amp-bf16 full recompute")
                << QStringList{ QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--recipe"),
                                QStringLiteral("amp-bf16"), QStringLiteral("--recompute"), QStringLiteral("full") }
                << seven << seven << 4 << 4 << 0 << 8;
        QTest::newRow("llama-3.2-1b bf16-pure") << QStringList{ QStringLiteral("--preset"), QStringLiteral("llama-3.2-1b"),
                                                                QStringLiteral("--recipe"), QStringLiteral("bf16-pure"),
                                                                QStringLiteral("--optimizer-dtype"), QStringLiteral("weight") }
                                                << small << small << 2 << 2 << 0 << 4;
        QTest::newRow("llama-2-7b bf16-master") << QStringList{ QStringLiteral("--preset"), QStringLiteral("llama-2-7b"),
                                                                QStringLiteral("--recipe"), QStringLiteral("bf16-master") }
                                                << seven << seven << 2 << 2 << 4 << 8;
        QTest::newRow("llama-3.2-1b lora amp-bf16")
                << QStringList{ QStringLiteral("--preset"), QStringLiteral("llama-3.2-1b"), QStringLiteral("--recipe"),
                                QStringLiteral("amp-bf16"), QStringLiteral("--lora"), QStringLiteral("lora"),
                                QStringLiteral("--lora-rank"), QStringLiteral("8"), QStringLiteral("--lora-targets"),
                                QStringLiteral("q,v") }
                << small + adapters << adapters << 4 << 4 << 0 << 8;
    }

    //! The script trains its tiny copy on the CPU; PyTorch's bytes agree with the hand count
    //! exactly, and with the estimate read back through estimate --measured.
    void runsOnCpu()
    {
        if (!pythonHasTorch())
            QSKIP("/usr/bin/python3 has no torch (Debian: apt-get install python3-torch)");
        QFETCH(QStringList, options);
        QFETCH(qint64, params);
        QFETCH(qint64, trainable);
        QFETCH(int, weightBytes);
        QFETCH(int, gradBytes);
        QFETCH(int, masterBytes);
        QFETCH(int, stateBytes);
        const QString script = m_dir.filePath(QStringLiteral("check-%1.py").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
        const QString output = script + QStringLiteral(".json");
        QCOMPARE(cli(QStringList{ QStringLiteral("check-script") } + options + QStringList{ QStringLiteral("--output"), script }).exitCode, 0);

        QProcess python;
        python.start(kPython, { script, QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--tiny"),
                                QStringLiteral("--steps"), QStringLiteral("2"), QStringLiteral("--output"), output });
        QVERIFY(python.waitForFinished(240000));
        QVERIFY2(python.exitCode() == 0, python.readAllStandardError().constData());
        QFile f(output);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();

        // The documented keys (README.md, "Check it on your GPU").
        for (const char *key : { "schema", "generator", "implementation", "device", "device_name", "torch_version", "tiny",
                                 "steps", "run", "scenario", "measured", "measured_by", "estimated", "comparison", "notes" })
            QVERIFY2(doc.contains(QLatin1String(key)), key);
        QCOMPARE(doc.value(QStringLiteral("run")).toString(), QStringLiteral("tiny_cpu"));
        QCOMPARE(doc.value(QStringLiteral("implementation")).toString(), QStringLiteral("plain-torch"));
        const QJsonObject measured = doc.value(QStringLiteral("measured")).toObject();
        const QJsonObject phases = measured.value(QStringLiteral("phases")).toObject();
        for (const char *key : { "step_start", "forward_peak", "forward_end", "backward_peak", "backward_end", "optimizer_peak", "step_end" })
            QVERIFY2(phases.contains(QLatin1String(key)), key);
        QVERIFY(measured.value(QStringLiteral("max_memory_allocated")).isNull()); // no allocator statistics on a CPU
        QCOMPARE(doc.value(QStringLiteral("measured_by")).toObject().value(QStringLiteral("activations")).toString(),
                 QStringLiteral("saved-tensors-hooks"));

        // PyTorch's bytes against the hand count.
        QCOMPARE(measured.value(QStringLiteral("parameters")).toInteger(), params * weightBytes);
        QCOMPARE(measured.value(QStringLiteral("gradients")).toInteger(), trainable * gradBytes);
        QCOMPARE(measured.value(QStringLiteral("master_weights")).toInteger(), trainable * masterBytes);
        QCOMPARE(measured.value(QStringLiteral("optimizer_states")).toInteger(), trainable * stateBytes);
        // At the step's start the model states are live, no gradients.
        QCOMPARE(phases.value(QStringLiteral("step_start")).toInteger(),
                 params * weightBytes + trainable * (masterBytes + stateBytes));

        // Back through estimate --measured: the scenario that ran (the tiny copy, as the CPU runs it).
        const Run back = cli({ QStringLiteral("estimate"), QStringLiteral("--measured"), output, QStringLiteral("--json") });
        QVERIFY2(back.exitCode == 0, back.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(back.out).object();
        const QJsonObject m = root.value(QStringLiteral("measured")).toObject();
        QVERIFY(m.value(QStringLiteral("same_scenario")).toBool());
        QCOMPARE(root.value(QStringLiteral("parameter_count")).toInteger(), params);
        for (const char *figure : { "parameters", "gradients", "master_weights", "optimizer_states", "phases.step_start" }) {
            const QJsonObject row = rowOf(m, QLatin1String(figure));
            QVERIFY2(!row.isEmpty(), figure);
            QVERIFY2(row.value(QStringLiteral("difference")).toInteger() == 0,
                     qPrintable(QStringLiteral("%1: measured %2, estimated %3").arg(QLatin1String(figure))
                                        .arg(row.value(QStringLiteral("measured")).toInteger())
                                        .arg(row.value(QStringLiteral("estimated")).toInteger())));
        }
        // Saved activations, and the end of forward (model states plus everything saved): within 3 %.
        for (const char *figure : { "activations", "phases.forward_end" }) {
            const QJsonObject row = rowOf(m, QLatin1String(figure));
            QVERIFY2(!row.isEmpty(), figure);
            const double measuredBytes = row.value(QStringLiteral("measured")).toDouble();
            const double estimated = row.value(QStringLiteral("estimated")).toDouble();
            QVERIFY(measuredBytes > 0);
            QVERIFY2(std::abs(estimated - measuredBytes) <= 0.03 * measuredBytes,
                     qPrintable(QStringLiteral("%1: measured %2, estimated %3").arg(QLatin1String(figure)).arg(measuredBytes).arg(estimated)));
        }
        // The script printed the same estimate the CLI derives again from its scenario.
        for (const QJsonValue &v : doc.value(QStringLiteral("comparison")).toArray()) {
            const QJsonObject row = rowOf(m, v.toObject().value(QStringLiteral("figure")).toString());
            QCOMPARE(row.value(QStringLiteral("estimated")).toInteger(), v.toObject().value(QStringLiteral("estimated")).toInteger());
        }
        // The text output puts the rows beside the table.
        const Run text = cli({ QStringLiteral("estimate"), QStringLiteral("--measured"), output, QStringLiteral("--explain") });
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("Measured ("));
        QVERIFY(text.out.contains("Saved activations"));
    }

    void fixtureReadsBack()
    {
        const QString path = m_dir.filePath(QStringLiteral("fixture.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(fixture());
        f.close();
        const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--measured"), path, QStringLiteral("--json") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject m = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("measured")).toObject();
        QCOMPARE(m.value(QStringLiteral("device")).toString(), QStringLiteral("cpu"));
        // A CPU run has no CUDA context and no caching allocator: its estimate holds no runtime share.
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("overhead")).toInteger(),
                 qint64(0));
        // The fixture's own figure, as PyTorch gave it (2 layers of LLaMA-3.2 1B's tiny copy in FP32).
        QCOMPARE(rowOf(m, QStringLiteral("parameters")).value(QStringLiteral("measured")).toInteger(), Q_INT64_C(541312) * 4);
        // Another scenario over the same file: said so.
        const Run other = cli({ QStringLiteral("estimate"), QStringLiteral("--measured"), path, QStringLiteral("--batch"),
                                QStringLiteral("2"), QStringLiteral("--json") });
        QCOMPARE(other.exitCode, 0);
        QVERIFY(!QJsonDocument::fromJson(other.out).object().value(QStringLiteral("measured")).toObject()
                         .value(QStringLiteral("same_scenario")).toBool());
    }

    // The text table against a scenario far larger than the tiny run that was measured: every
    // column stays apart (two spaces at least) and reads back as the JSON's figures, however many
    // digits the differences and percentages take (they ran together before).
    void measuredTableColumnsStayApart()
    {
        const QString path = m_dir.filePath(QStringLiteral("apart.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(fixture());
        f.close();
        const QStringList args = { QStringLiteral("estimate"), QStringLiteral("--measured"), path, QStringLiteral("--preset"),
                                   QStringLiteral("llama-2-7b") };
        const Run text = cli(args);
        QCOMPARE(text.exitCode, 0);
        const Run json = cli(args + QStringList{ QStringLiteral("--json") });
        QCOMPARE(json.exitCode, 0);
        const QJsonArray rows = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("measured")).toObject()
                                        .value(QStringLiteral("rows")).toArray();
        QVERIFY(rows.size() >= 5);
        const QRegularExpression row(QStringLiteral("^  (\\S.*?) {2,}([0-9,]+) {2,}([0-9,]+) {2,}(-?[0-9,]+) {2,}([0-9.]+ %|n/a) {2,}(\\S+)$"));
        int matched = 0;
        for (const QString &line : QString::fromUtf8(text.out).split(QLatin1Char('\n'))) {
            const QRegularExpressionMatch m = row.match(line);
            if (!m.hasMatch())
                continue;
            const QJsonObject r = rows.at(matched++).toObject();
            auto number = [&m](int i) { return m.captured(i).remove(QLatin1Char(',')).toLongLong(); };
            QCOMPARE(number(2), r.value(QStringLiteral("measured")).toInteger());
            QCOMPARE(number(3), r.value(QStringLiteral("estimated")).toInteger());
            QCOMPARE(number(4), r.value(QStringLiteral("difference")).toInteger());
            QCOMPARE(m.captured(5), QStringLiteral("%1 %").arg(100 * r.value(QStringLiteral("relative")).toDouble(), 0, 'f', 1));
        }
        QCOMPARE(matched, static_cast<int>(rows.size()));
    }

    void badFiles_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("named"); // what the message must name beside the file
        const QByteArray good = fixture();
        QTest::newRow("malformed") << QByteArray("{\"schema\": 1,, }") << QStringLiteral("not valid JSON");
        QTest::newRow("truncated") << good.left(good.size() / 2) << QStringLiteral("not valid JSON");
        QByteArray binary(4096, '\0');
        for (int i = 0; i < binary.size(); ++i)
            binary[i] = char((i * 131 + 7) & 0xff);
        QTest::newRow("binary") << binary << QStringLiteral("not valid JSON");
        QByteArray huge = good;
        huge.insert(1, "\"padding\": \"" + QByteArray(11 * 1024 * 1024, 'x') + "\",");
        QTest::newRow("over 10 MB") << huge << QStringLiteral("10,485,760");
        QByteArray deep = "{\"schema\": 1, \"x\": " + QByteArray(200, '[') + QByteArray(200, ']') + "}";
        QTest::newRow("deeply nested") << deep << QStringLiteral("deeper than 16 levels");
        QTest::newRow("top-level array") << QByteArray("[1, 2]") << QStringLiteral("an array");
        QTest::newRow("wrong schema") << withValue(QStringLiteral("schema"), 2) << QStringLiteral("\"schema\"");
        QTest::newRow("text for bytes") << withValue(QStringLiteral("measured.gradients"), QStringLiteral("12"))
                                        << QStringLiteral("measured.gradients");
        QTest::newRow("fraction") << withValue(QStringLiteral("measured.parameters"), 1.5) << QStringLiteral("measured.parameters");
        QTest::newRow("negative") << withValue(QStringLiteral("measured.phases.step_end"), -4096)
                                  << QStringLiteral("measured.phases.step_end");
        QTest::newRow("above 2^53") << withValue(QStringLiteral("measured.activations"), 1e17)
                                    << QStringLiteral("measured.activations");
        QTest::newRow("missing phase") << withValue(QStringLiteral("measured.phases.backward_end"), QJsonValue(QJsonValue::Undefined))
                                       << QStringLiteral("measured.phases.backward_end");
        QTest::newRow("missing measured") << withValue(QStringLiteral("measured"), QJsonValue(QJsonValue::Undefined))
                                          << QStringLiteral("\"measured\"");
        QTest::newRow("missing scenario") << withValue(QStringLiteral("scenario"), QJsonValue(QJsonValue::Undefined))
                                          << QStringLiteral("\"scenario\"");
        QTest::newRow("tiny not a switch") << withValue(QStringLiteral("tiny"), QStringLiteral("yes")) << QStringLiteral("tiny");
        QTest::newRow("measured_by not text") << withValue(QStringLiteral("measured_by.gradients"), 3)
                                              << QStringLiteral("measured_by.gradients");
        QTest::newRow("bad scenario") << withValue(QStringLiteral("scenario.training.recipe"), QStringLiteral("fp12"))
                                      << QStringLiteral("scenario.training.recipe");
        QByteArray twice = good;
        twice.replace("\"schema\": 1", "\"schema\": 1, \"schema\": 1");
        QTest::newRow("duplicate key") << twice << QStringLiteral("schema");
    }

    void badFiles()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, named);
        const QString path = m_dir.filePath(QStringLiteral("bad-%1.json").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        for (const char *format : { "--json", "--explain" }) {
            const Run r = cli({ QStringLiteral("estimate"), QStringLiteral("--measured"), path, QLatin1String(format) });
            QCOMPARE(r.exitCode, 2);
            const QString message = QString::fromUtf8(r.err);
            QVERIFY2(message.contains(path), qPrintable(message.left(400)));
            QVERIFY2(message.contains(named), qPrintable(message.left(400)));
            QVERIFY(message.size() < 2000); // never the file echoed back
            QVERIFY(r.out.isEmpty());
        }
    }

    void notAFile()
    {
        const Run missing = cli({ QStringLiteral("estimate"), QStringLiteral("--measured"), m_dir.filePath(QStringLiteral("none.json")) });
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("none.json"));
        const Run folder = cli({ QStringLiteral("estimate"), QStringLiteral("--measured"), m_dir.path() });
        QCOMPARE(folder.exitCode, 2);
        QVERIFY(folder.err.contains("not a regular file"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCheckScript)
#include "tst_checkscript.moc"
