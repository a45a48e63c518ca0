// One truth: for a dozen hand-picked scenarios, the window's math panel, the bar and its hover
// text, the timeline, the sweep and the verdict show the same bytes and formulas as
// `headroom-cli estimate --json` prints for the same scenario file, and the sweep's "fits up to"
// is the verdict's longest sequence and `headroom-cli fit`'s. The first five are the
// contradictions a new user found (two peaks; a "Total" beside a different bracket; two longest
// sequences; a tensor-parallel product printed wrong; QLoRA explained as full fine-tuning).

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "../cli/clirun.h"
#include "byteformat.h"
#include "charts/stackedbarpane.h"
#include "charts/sweeppane.h"
#include "charts/timelinepane.h"
#include "chartsarea.h"
#include "mainwindow.h"
#include "panes/mathpane.h"
#include "panes/verdictpane.h"
#include "scenariodocument.h"
#include "settings.h"

using namespace headroom;

namespace {

struct Case
{
    const char *name;
    QJsonObject scenario; // the groups of a schema-1 file
};

QJsonObject group(std::initializer_list<std::pair<const char *, QJsonValue>> keys)
{
    QJsonObject o;
    for (const auto &[k, v] : keys)
        o.insert(QLatin1String(k), v);
    return o;
}

QList<Case> cases()
{
    const QJsonObject llama7b = group({ { "preset", QStringLiteral("llama-2-7b") } });
    const QJsonObject a100 = group({ { "kind", QStringLiteral("a100-80gb") }, { "count", 1 } });
    auto training = [](int batch, int seq, const char *recipe, const char *recompute = "none") {
        return group({ { "batch", batch }, { "seq", seq }, { "recipe", QLatin1String(recipe) },
                       { "optimizer", QStringLiteral("adamw") }, { "recompute", QLatin1String(recompute) } });
    };
    return {
        // 1. The default: the verdict said "Peak 135.9 GiB (end of forward)", the timeline 124.0 GiB.
        { "default", { { "model", llama7b }, { "training", training(1, 2048, "bf16-master") }, { "gpu", a100 } } },
        // 2. ZeRO-3 with FlashAttention at S = 8192: "Total 75.3 GiB" beside a bracket from 72.9 GiB.
        { "zero3-flash-8192",
          { { "model", llama7b },
            { "training", training(1, 8192, "bf16-master") },
            { "activations", group({ { "model", QStringLiteral("transformer") }, { "attention", QStringLiteral("flash") } }) },
            { "parallel", group({ { "zero", 3 } }) },
            { "gpu", group({ { "kind", QStringLiteral("a100-80gb") }, { "count", 8 } }) } } },
        // 3. The verdict's longest sequence against the sweep's "fits up to" (a QLoRA case).
        { "qlora-longest-sequence",
          { { "model", group({ { "preset", QStringLiteral("llama-3-8b") } }) },
            { "training", training(1, 2048, "bf16-master", "full") },
            { "activations", group({ { "model", QStringLiteral("transformer") }, { "attention", QStringLiteral("sdpa") } }) },
            { "lora", group({ { "mode", QStringLiteral("qlora") } }) },
            { "gpu", group({ { "kind", QStringLiteral("rtx-4090") }, { "count", 1 } }) } } },
        // 4. Tensor parallelism 8: the product was printed without its ÷8.
        { "tp8-textbook",
          { { "model", llama7b },
            { "training", training(1, 2048, "bf16-master") },
            { "parallel", group({ { "tp", 8 } }) },
            { "activations", group({ { "model", QStringLiteral("textbook") } }) },
            { "gpu", group({ { "kind", QStringLiteral("a100-80gb") }, { "count", 8 } }) } } },
        // 5. QLoRA with TP 8 and ZeRO-1 (the issue's --explain case): no full fine-tuning lines.
        { "tp8-zero1-qlora",
          { { "model", llama7b },
            { "training", training(1, 2048, "bf16-master") },
            { "parallel", group({ { "tp", 8 }, { "zero", 1 } }) },
            { "lora", group({ { "mode", QStringLiteral("qlora") } }) },
            { "gpu", group({ { "kind", QStringLiteral("a100-80gb") }, { "count", 8 } }) } } },
        { "itemized-default",
          { { "model", llama7b },
            { "training", training(1, 2048, "bf16-master") },
            { "activations", group({ { "model", QStringLiteral("transformer") } }) },
            { "gpu", a100 } } },
        { "zero2-offload",
          { { "model", group({ { "preset", QStringLiteral("llama-2-13b") } }) },
            { "training", training(2, 4096, "bf16-master", "full") },
            { "parallel", group({ { "zero", 2 }, { "offload", QStringLiteral("optimizer") } }) },
            { "gpu", group({ { "kind", QStringLiteral("h100-80gb") }, { "count", 4 } }) } } },
        { "zero3-offload-params",
          { { "model", group({ { "preset", QStringLiteral("llama-2-70b") } }) },
            { "training", training(1, 4096, "bf16-master", "full") },
            { "activations", group({ { "model", QStringLiteral("transformer") }, { "attention", QStringLiteral("flash") } }) },
            { "parallel", group({ { "zero", 3 }, { "offload", QStringLiteral("optimizer+params") } }) },
            { "gpu", group({ { "kind", QStringLiteral("a100-80gb") }, { "count", 8 } }) } } },
        { "lora-13b-full-recompute",
          { { "model", group({ { "preset", QStringLiteral("llama-2-13b") } }) },
            { "training", training(4, 2048, "bf16-master", "full") },
            { "lora", group({ { "mode", QStringLiteral("lora") }, { "rank", 64 }, { "targets", QStringLiteral("q,k,v,o") } }) },
            { "gpu", group({ { "kind", QStringLiteral("a100-40gb") }, { "count", 1 } }) } } },
        { "pp4-tp2-sp-selective",
          { { "model", group({ { "preset", QStringLiteral("llama-2-70b") } }) },
            { "training", group({ { "batch", 1 }, { "seq", 4096 }, { "recipe", QStringLiteral("bf16-master") },
                                  { "recompute", QStringLiteral("selective") }, { "grad-accum", 8 } }) },
            { "parallel", group({ { "tp", 2 }, { "pp", 4 }, { "sp", true }, { "zero", 1 } }) },
            { "gpu", group({ { "kind", QStringLiteral("h100-80gb") }, { "count", 16 } }) } } },
        { "adafactor-fp32-gpt2xl",
          { { "model", group({ { "preset", QStringLiteral("gpt2-xl") } }) },
            { "training", group({ { "batch", 8 }, { "seq", 1024 }, { "recipe", QStringLiteral("fp32") },
                                  { "optimizer", QStringLiteral("adafactor") } }) },
            { "gpu", group({ { "kind", QStringLiteral("a10") }, { "count", 1 } }) } } },
        { "adam8bit-accum-sdpa",
          { { "model", group({ { "preset", QStringLiteral("mistral-7b") } }) },
            { "training", group({ { "batch", 2 }, { "seq", 4096 }, { "recipe", QStringLiteral("bf16-pure") },
                                  { "optimizer", QStringLiteral("adam8bit") }, { "grad-accum", 4 },
                                  { "recompute", QStringLiteral("full") } }) },
            { "activations", group({ { "model", QStringLiteral("transformer") }, { "attention", QStringLiteral("sdpa") } }) },
            { "gpu", group({ { "kind", QStringLiteral("l40s") }, { "count", 1 } }) } } },
    };
}

QJsonObject runJson(const QStringList &args)
{
    const Run r = cli(args);
    if (r.exitCode != 0)
        return {};
    return QJsonDocument::fromJson(r.out).object();
}

double bytesOf(const QJsonValue &v) { return v.toDouble(); }

} // namespace

class TestOneTruth : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(loadCatalogue(findDataDir(), m_catalogue).code == CatalogueError::Code::None);
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("headroom.ini")));
        m_window = std::make_unique<MainWindow>(m_catalogue, *m_settings);
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->setDisplayUnit(DisplayUnit::Binary);
    }

    void sameFiguresAsTheCli_data()
    {
        QTest::addColumn<QString>("file");
        for (const Case &c : cases()) {
            QJsonObject root = c.scenario;
            root.insert(QStringLiteral("schema"), 1);
            const QString path = m_dir.filePath(QLatin1String(c.name) + QStringLiteral(".json"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(root).toJson());
            f.close();
            QTest::newRow(c.name) << path;
        }
    }

    void sameFiguresAsTheCli()
    {
        QFETCH(QString, file);
        const QJsonObject json = runJson({ QStringLiteral("estimate"), QStringLiteral("--scenario"), file, QStringLiteral("--json") });
        QVERIFY2(!json.isEmpty(), qPrintable(file));
        QString error;
        QVERIFY2(m_window->document()->load(file, &error), qPrintable(error));
        QCoreApplication::processEvents();

        const double peak = bytesOf(json.value(QStringLiteral("peak")).toObject().value(QStringLiteral("bytes")));
        const QJsonObject derivation = json.value(QStringLiteral("derivation")).toObject();
        QCOMPARE(bytesOf(derivation.value(QStringLiteral("peak")).toObject().value(QStringLiteral("bytes"))), peak);

        // One peak: the bar's height, the timeline's highest point, the sweep at the current value.
        const StackedBarData &bar = flushed()->charts()->stackedBar()->data();
        QCOMPARE(bar.peakBytes, peak);
        double stacked = bar.transientBytes;
        for (const Segment &s : bar.segments)
            stacked += s.bytes;
        QCOMPARE(stacked, peak); // the bracket is measured from the top of what is drawn
        // The timeline draws the live tensors; the compared figure is its level line above them.
        QCOMPARE(flushed()->charts()->timeline()->data().comparedBytes, peak);
        QVERIFY(flushed()->charts()->timeline()->data().peakBytes <= peak);
        const SweepData &sweep = flushed()->charts()->sweep()->data();
        if (sweep.currentIndex >= 0)
            QCOMPARE(sweep.peak.at(sweep.currentIndex), peak);

        // The verdict: the same peak, the same margin.
        QVERIFY2(flushed()->verdictPane()->detail().startsWith(
                         QStringLiteral("Peak %1 per GPU").arg(formatBytes(bytes(Count(peak)), DisplayUnit::Binary))),
                 qPrintable(flushed()->verdictPane()->detail()));

        // The sweep's "fits up to" is the verdict's longest sequence and fit's.
        const QJsonObject fit = runJson({ QStringLiteral("fit"), QStringLiteral("--scenario"), file, QStringLiteral("--json") });
        const QString gpuId = m_window->document()->spec().gpuId;
        double longest = -1;
        for (const QJsonValue &g : fit.value(QStringLiteral("gpus")).toArray())
            if (g.toObject().value(QStringLiteral("id")).toString() == gpuId)
                longest = g.toObject().value(QStringLiteral("max_sequence")).toDouble();
        QCOMPARE(sweep.axis, SweepAxis::Sequence);
        QCOMPARE(sweep.fitLimit, longest);
        if (longest > 0)
            QVERIFY2(flushed()->verdictPane()->batchText().contains(
                             QStringLiteral(": %1.").arg(groupedCount(static_cast<Count>(longest)))),
                     qPrintable(flushed()->verdictPane()->batchText()));

        // Every term of every bucket, with its numbers plugged in, is in the math panel as the CLI
        // prints it, and each bar segment's hover names its bucket's formula.
        const QString math = m_window->mathPane()->plainText();
        const QStringList keys = { QStringLiteral("parameters"), QStringLiteral("gradients"), QStringLiteral("master_weights"),
                                   QStringLiteral("optimizer_states"), QStringLiteral("activations"), QStringLiteral("overhead"),
                                   QStringLiteral("peak") };
        for (const QString &key : keys) {
            const QJsonObject bucket = derivation.value(key).toObject();
            for (const QJsonValue &t : bucket.value(QStringLiteral("terms")).toArray()) {
                const QString numbers = t.toObject().value(QStringLiteral("formula_values")).toString();
                QVERIFY2(math.contains(numbers), qPrintable(key + QStringLiteral(": ") + numbers));
            }
        }
        for (int i = 0; i < bar.segments.size(); ++i) {
            const QJsonObject bucket = derivation.value(keys[i]).toObject();
            if (bucket.value(QStringLiteral("terms")).toArray().isEmpty())
                continue;
            QVERIFY2(bar.segments[i].formula.contains(bucket.value(QStringLiteral("formula_values")).toString()),
                     qPrintable(bar.segments[i].formula));
        }

        // Units are words: no "2 B" beside the batch size B; no "brief" anywhere.
        static const QRegularExpression byteLetter(QStringLiteral("\\d B\\b"));
        QVERIFY2(!byteLetter.match(math).hasMatch(), qPrintable(byteLetter.match(math).captured(0)));
        QVERIFY(!math.contains(QStringLiteral("brief"), Qt::CaseInsensitive));
        const QJsonObject split = json.value(QStringLiteral("activations_split")).toObject();
        QCOMPARE(bytesOf(split.value(QStringLiteral("layers_held"))) + bytesOf(split.value(QStringLiteral("outside_layers")))
                         + bytesOf(split.value(QStringLiteral("recomputed_layer"))),
                 bytesOf(json.value(QStringLiteral("per_gpu")).toObject().value(QStringLiteral("activations"))));
    }

    void tensorParallelProductIsWrittenWithItsDivision()
    {
        // LLaMA-2 7B at t = 8 (textbook): the activations' linear part is 19·B·S·H·(10t + 24)/(34t),
        // printed with t, and the parameters are this rank's P_m = 842,534,912 (by hand:
        // ⌈131,072,000/8⌉ + 32·(⌈202,375,168/8⌉ + 8,192) + 4,096 + ⌈131,072,000/8⌉) × 2 bytes/param.
        QString error;
        QVERIFY(m_window->document()->load(m_dir.filePath(QStringLiteral("tp8-textbook.json")), &error));
        const QString math = m_window->mathPane()->plainText();
        QVERIFY2(math.contains(QStringLiteral("⌊19·B·S·H·(10·t + 24) / (34·t)⌋")), qPrintable(math));
        QVERIFY(math.contains(QStringLiteral("P_m × 2 bytes/param = 842,534,912 × 2 bytes/param")));
        QVERIFY(math.contains(QStringLiteral("⌈P_emb / t⌉ + L·(⌈P_block / t⌉ + P_norm) + P_fnorm + ⌈P_head / t⌉")));
    }

    void qloraIsNotExplainedAsFullFineTuning()
    {
        // QLoRA r = 16 on q and v: 8,388,608 adapter parameters, of which the most loaded of the 8
        // ranks holds its share ⌈8,388,608 × 842,534,912 / 6,738,415,616⌉ = 1,048,867; AdamW
        // keeps 8 bytes of each: 8,390,936 B, not the 6.7 GB of a full fine-tune's share.
        QString error;
        QVERIFY(m_window->document()->load(m_dir.filePath(QStringLiteral("tp8-zero1-qlora.json")), &error));
        QCOMPARE(countOf(m_window->document()->breakdown().optimizerStates), Count(8'390'936));
        const QString math = m_window->mathPane()->plainText();
        QVERIFY2(math.contains(QStringLiteral("optimizer states = P_train × 8 bytes/param = 1,048,867 × 8 bytes/param")),
                 qPrintable(math));
        QVERIFY(math.contains(QStringLiteral("frozen base in NF4 with double quantization")));
        QVERIFY(!math.contains(QStringLiteral("P × 16 bytes/param")));
    }

private:
    Catalogue m_catalogue;
    QTemporaryDir m_dir;
    std::unique_ptr<Settings> m_settings;
    // The window with every pane's pending refresh run: panes refresh once per event-loop turn.
    MainWindow *flushed()
    {
        m_window->flushRefreshes();
        return m_window.get();
    }

    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestOneTruth)
#include "tst_ui_onetruth.moc"
