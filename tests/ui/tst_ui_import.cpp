// Bringing one's own model into the window: a Hugging Face config dropped on the window (a file
// or a folder with safetensors headers) or read through the document becomes the scenario's
// model as one undo step; what it reports is shown; a broken file changes nothing; the experts
// of a mixture-of-experts model are edited like any other field. Expected counts are worked out
// by hand from the published architectures in the comments.

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <headroom/memory/estimate.h>
#include <headroom/memory/validation.h>

#include "mainwindow.h"
#include "windowtest.h"
#include "messagebox.h"
#include "panes/inputpane.h"
#include "scenariodocument.h"
#include "settings.h"
#include "widgets/countfield.h"

using namespace headroom;

namespace {

// Mixtral-8x7B: 46,702,792,704 parameters, 12,879,925,248 active per token (published).
constexpr Count kMixtral = 46'702'792'704;
constexpr Count kMixtralActive = 12'879'925'248;

void writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(data), data.size());
}

QByteArray shippedConfig(const char *name)
{
    QFile f(findDataDir() + QStringLiteral("/models/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", name);
    return f.readAll();
}

// A one-file checkpoint of two BF16 tensors, 3 x 4 and 5 elements: 17 parameters stored.
QByteArray tinySafetensors()
{
    auto tensor = [](std::initializer_list<int> shape, int begin, int end) {
        QJsonArray s;
        for (int d : shape)
            s.append(d);
        return QJsonObject{ { QStringLiteral("dtype"), QStringLiteral("BF16") },
                            { QStringLiteral("shape"), s },
                            { QStringLiteral("data_offsets"), QJsonArray{ begin, end } } };
    };
    const QJsonObject header{ { QStringLiteral("a.weight"), tensor({ 3, 4 }, 0, 24) },
                              { QStringLiteral("b.weight"), tensor({ 5 }, 24, 34) } };
    const QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    QByteArray out(8, '\0');
    quint64 n = quint64(json.size());
    for (int i = 0; i < 8; ++i, n >>= 8)
        out[i] = char(n & 0xff);
    return out + json + QByteArray(34, '\0');
}

} // namespace

class TestImport : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(setUpCatalogue());
    }

    void init()
    {
        QVERIFY(openWindow(false));
    }

    void cleanup()
    {
        closeWindow();
    }

    void dropAFolderWithACheckpoint()
    {
        const QString folder = m_dir->filePath(QStringLiteral("Mixtral-8x7B-v0.1"));
        QVERIFY(QDir().mkpath(folder));
        writeFile(folder + QStringLiteral("/config.json"), shippedConfig("mixtral-8x7b.json"));
        writeFile(folder + QStringLiteral("/model.safetensors"), tinySafetensors());
        ScenarioDocument *doc = m_window->document();
        const Count seqBefore = doc->scenario().training.sequence;
        QVERIFY(test::dropFile(m_window.get(), folder));

        QCOMPARE(doc->breakdown().parameterCount, kMixtral);
        QCOMPARE(doc->scenario().model.moe.experts, Count(8));
        QCOMPARE(doc->scenario().training.sequence, seqBefore); // only the model changes
        QCOMPARE(doc->spec().modelName, QStringLiteral("Mixtral-8x7B-v0.1"));
        InputPane *inputs = m_window->inputPane();
        QVERIFY(inputs->importedLabel()->isVisibleTo(inputs));
        QVERIFY(inputs->importedLabel()->text().contains(QLatin1String("mixtral")));
        // The report names what the config held beyond the architecture (sliding_window is used
        // by the model and ignored by its memory).
        QVERIFY(inputs->importedLabel()->toolTip().contains(QLatin1String("sliding_window")));
        const QString counts = inputs->parameterCountLabel()->text();
        QVERIFY2(counts.contains(QLatin1String("46,702,792,704")), qPrintable(counts));
        QVERIFY2(counts.contains(QLatin1String("active per token: 12,879,925,248")), qPrintable(counts));
        QVERIFY2(counts.contains(QLatin1String("checkpoint: 17")) && counts.contains(QLatin1String("BF16")), qPrintable(counts));
        QCOMPARE(inputs->presetBox()->currentData().toString(), QString());
        QVERIFY(inputs->expertsBox()->isChecked());
        QVERIFY(inputs->expertsFields()->isVisibleTo(inputs));
        QVERIFY(m_window->windowTitle().contains(QLatin1String("Untitled")));

        // One undo step brings the LLaMA-2 7B back.
        doc->undoStack()->undo();
        QCOMPARE(doc->breakdown().parameterCount, Count(6'738'415'616));
        QVERIFY(!inputs->importedLabel()->isVisibleTo(inputs));
    }

    // Issue 32, item 7: a checkpoint folder was read on the window's thread (five links to one
    // large header: 16.5 s of a frozen window). It is read on a worker now: the window's events
    // run meanwhile, a progress dialog offers Cancel, and a cancelled import changes nothing.
    void largeCheckpointReadsOffTheWindowsThreadAndCancels()
    {
        const QString folder = m_dir->filePath(QStringLiteral("many-shards"));
        QVERIFY(QDir().mkpath(folder));
        writeFile(folder + QStringLiteral("/config.json"), shippedConfig("mixtral-8x7b.json"));
        // 80 shards of a 1 MB header each (whitespace around one tensor): 80 MB to read and parse.
        const QByteArray tiny = tinySafetensors();
        quint64 length = 0;
        for (int i = 7; i >= 0; --i)
            length = (length << 8) | static_cast<unsigned char>(tiny[i]);
        const QByteArray json = tiny.mid(8, qsizetype(length)) + QByteArray(1024 * 1024, ' ');
        QByteArray shard(8, '\0');
        quint64 n = quint64(json.size());
        for (int i = 0; i < 8; ++i, n >>= 8)
            shard[i] = char(n & 0xff);
        shard += json + QByteArray(34, '\0');
        for (int i = 0; i < 80; ++i)
            writeFile(folder + QStringLiteral("/model-%1.safetensors").arg(i, 5, 10, QLatin1Char('0')), shard);

        ScenarioDocument *doc = m_window->document();
        const ScenarioSpec before = doc->spec();
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
        ticker.start(0);
        // Cancel as soon as the window's loop runs, through the dialog's own Cancel.
        bool cancelled = false;
        QTimer::singleShot(0, this, [this, &cancelled] {
            if (auto *dialog = m_window->findChild<QProgressDialog *>()) {
                if (auto *button = dialog->findChild<QPushButton *>()) {
                    button->click();
                    cancelled = true;
                }
            }
        });
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(!m_window->importModel(folder));
        MessageBox::setNextAnswer(QMessageBox::NoButton);
        ticker.stop();
        QVERIFY(cancelled);
        QVERIFY(ticks > 0); // the window's events ran during the read
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), before));
        QCOMPARE(doc->undoStack()->count(), 0);

        // Not cancelled, it reads every shard: 80 × 17 parameters stored.
        QVERIFY(m_window->importModel(folder));
        QCOMPARE(doc->spec().imported.checkpoint.parameters, Count(80 * 17));
        QCOMPARE(doc->spec().imported.checkpoint.files.size(), 80);
    }

    void dropAConfigFile()
    {
        const QString file = m_dir->filePath(QStringLiteral("qwen2.5-7b.json"));
        writeFile(file, shippedConfig("qwen2.5-7b.json"));
        QVERIFY(test::dropFile(m_window.get(), file));
        // Qwen2.5-7B, published: 7,615,616,512.
        QCOMPARE(m_window->document()->breakdown().parameterCount, Count(7'615'616'512));
        QVERIFY(!m_window->inputPane()->expertsBox()->isChecked());
        QVERIFY(!m_window->inputPane()->expertsFields()->isVisibleTo(m_window->inputPane()));
    }

    void badFilesChangeNothing_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << QByteArray("{ \"model_type\": \"llama\", \"hidden_size\": 4") << QStringLiteral("not valid JSON");
        QTest::newRow("unknown model_type") << QByteArray("{ \"model_type\": \"mamba\" }") << QStringLiteral("mamba");
        QTest::newRow("heads not dividing")
                << QByteArray("{ \"model_type\": \"llama\", \"hidden_size\": 100, \"num_hidden_layers\": 2, "
                              "\"num_attention_heads\": 3, \"intermediate_size\": 64, \"vocab_size\": 10 }")
                << QStringLiteral("num_attention_heads");
        QTest::newRow("negative size")
                << QByteArray("{ \"model_type\": \"llama\", \"hidden_size\": -4096, \"num_hidden_layers\": 2, "
                              "\"num_attention_heads\": 32, \"intermediate_size\": 64, \"vocab_size\": 10 }")
                << QStringLiteral("hidden_size");
    }

    void badFilesChangeNothing()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString file = m_dir->filePath(QStringLiteral("config.json"));
        writeFile(file, content);
        ScenarioDocument *doc = m_window->document();
        const ScenarioSpec before = doc->spec();
        const int steps = doc->undoStack()->count();
        MessageBox::setNextAnswer(QMessageBox::Ok);
        QVERIFY(test::dropFile(m_window.get(), file));
        QVERIFY2(MessageBox::lastText().contains(expected), qPrintable(MessageBox::lastText()));
        QVERIFY(MessageBox::lastText().contains(QLatin1String("unchanged")));
        QVERIFY(ScenarioDocument::sameScenario(doc->spec(), before));
        QCOMPARE(doc->undoStack()->count(), steps);
    }

    // A dropped scenario file (it says its schema) is opened, not imported.
    void dropAScenarioFile()
    {
        const QString file = m_dir->filePath(QStringLiteral("plan.json"));
        writeFile(file, "{ \"schema\": 1, \"model\": { \"preset\": \"gpt2\" }, \"training\": { \"batch\": 4 } }");
        QVERIFY(test::dropFile(m_window.get(), file));
        QCOMPARE(m_window->document()->spec().presetId, QStringLiteral("gpt2"));
        QCOMPARE(m_window->document()->fileName(), file);
    }

    // Editing the experts: Mixtral with E = 4. Each expert is 3 x 4096 x 14336 = 176,160,768
    // parameters and the router 4096 x E per layer, so over 32 layers the model loses
    // 4 x 176,160,768 x 32 = 22,548,578,304 expert and 4096 x 4 x 32 = 524,288 router
    // parameters: 46,702,792,704 - 22,549,102,592 = 24,153,690,112. With k = 1 a token passes
    // through the rest of the model (1,604,587,520: attention 32 x 41,943,040, norms 32 x 8,192
    // + 4,096, embedding and head 2 x 131,072,000), the router (524,288) and one expert per
    // layer (32 x 176,160,768 = 5,637,144,576): 7,242,256,384.
    void editTheExperts()
    {
        ScenarioDocument *doc = m_window->document();
        QString error;
        QVERIFY2(doc->importModel(findDataDir() + QStringLiteral("/models/mixtral-8x7b.json"), &error), qPrintable(error));
        InputPane *inputs = m_window->inputPane();
        CountField *experts = inputs->countField(Field::Experts);
        QVERIFY(experts);
        experts->setFocus();
        experts->selectAll();
        QTest::keyClicks(experts, QStringLiteral("4"));
        QTest::keyClick(experts, Qt::Key_Return);
        QCOMPARE(doc->breakdown().parameterCount, Count(24'153'690'112));
        CountField *perToken = inputs->countField(Field::ExpertsPerToken);
        perToken->setFocus();
        perToken->selectAll();
        QTest::keyClicks(perToken, QStringLiteral("1"));
        QTest::keyClick(perToken, Qt::Key_Return);
        QCOMPARE(parameterCounts(doc->scenario().model).active(32), Count(7'242'256'384));
        QVERIFY(inputs->parameterCountLabel()->text().contains(QLatin1String("7,242,256,384")));

        // Ten experts per token out of four is named with its range, and the scenario stays.
        perToken->setFocus();
        perToken->selectAll();
        QTest::keyClicks(perToken, QStringLiteral("10"));
        QTest::keyClick(perToken, Qt::Key_Return);
        QVERIFY2(!inputs->errorText(Field::ExpertsPerToken).isEmpty(), "no message beside the field");
        QCOMPARE(doc->scenario().model.moe.perToken, Count(1));

        // Switching the experts off leaves one dense MLP of the same inner size, 3 x 4096 x 14336
        // per layer: 1,604,587,520 + 5,637,144,576 = 7,241,732,096, all of it active. The
        // invalid k typed above is dropped with the experts.
        inputs->expertsBox()->click();
        QVERIFY(!doc->scenario().model.moe.enabled());
        QCOMPARE(doc->breakdown().parameterCount, Count(7'241'732'096));
        QCOMPARE(parameterCounts(doc->scenario().model).active(32), Count(7'241'732'096));
        QVERIFY(!inputs->parameterCountLabel()->text().contains(QLatin1String("active per token")));
    }

    // A hybrid model from the window: Qwen3.5-9B's config shows its mixer switched on, Gated
    // DeltaNet in 24 of 32 layers; switching the mixers off gives every layer attention's
    // 58,720,768 parameters in place of the mixer's 67,403,968 (tst_hybridlayers works both out):
    // 8,953,803,264 − 24 × 8,683,200 = 8,745,406,464. Switched on again, the form's defaults are
    // a valid Gated DeltaNet (three of four layers).
    void hybridModelFromTheWindow()
    {
        ScenarioDocument *doc = m_window->document();
        QString error;
        QVERIFY2(doc->importModel(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/hf/qwen3.5-9b-finetune.json"), &error),
                 qPrintable(error));
        InputPane *inputs = m_window->inputPane();
        QVERIFY(inputs->mixerBox()->isChecked());
        QCOMPARE(inputs->mixerKindBox()->currentData().toInt(), static_cast<int>(MixerKind::GatedDeltaNet));
        QCOMPARE(inputs->countField(Field::MixerLayers)->value(), Count(24));
        QCOMPARE(parameterCounts(doc->scenario().model).total(32), Count(8'953'803'264));
        inputs->mixerBox()->click();
        QVERIFY(!doc->scenario().model.hybrid.enabled());
        QCOMPARE(parameterCounts(doc->scenario().model).total(32), Count(8'745'406'464));
        inputs->mixerBox()->click();
        QCOMPARE(doc->scenario().model.hybrid.kind, MixerKind::GatedDeltaNet);
        QCOMPARE(doc->scenario().model.hybrid.layers, Count(24));
        QVERIFY(validate(doc->scenario()).empty());
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QCOMPARE(parameterCounts(doc->scenario().model).total(32), Count(8'953'803'264));
    }

    // LFM2 from the window: its short convolutions in 10 of 16 layers, the key sizes a short
    // convolution does not have disabled. Switched to Gated DeltaNet, the mixers keep their layers
    // and take the form's defaults over this model (32 value heads and 16 key heads of 64, kernel
    // 4): in_proj_qkvz 2,048 x 6,144 = 12,582,912, in_proj_ba 2,048 x 64 = 131,072, conv 4,096 x
    // 4 = 16,384, dt_bias, A_log and norm 128, out_proj 2,048 x 2,048 = 4,194,304: 16,924,800, or
    // 141,440 more than the short convolution's 16,783,360 in each of 10 layers: 1,170,340,608 +
    // 1,414,400 = 1,171,755,008. Back to the short convolution: one head as wide as the model.
    void shortConvolutionFromTheWindow()
    {
        ScenarioDocument *doc = m_window->document();
        QString error;
        QVERIFY2(doc->importModel(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/hf/lfm2-1.2b.json"), &error),
                 qPrintable(error));
        InputPane *inputs = m_window->inputPane();
        QComboBox *kind = inputs->mixerKindBox();
        QCOMPARE(kind->currentData().toInt(), static_cast<int>(MixerKind::ShortConv));
        QVERIFY(!inputs->countField(Field::MixerKeyHeads)->isEnabled());
        QCOMPARE(parameterCounts(doc->scenario().model).total(16), Count(1'170'340'608));
        emit kind->activated(kind->findData(static_cast<int>(MixerKind::GatedDeltaNet)));
        QCOMPARE(doc->scenario().model.hybrid.kind, MixerKind::GatedDeltaNet);
        QCOMPARE(doc->scenario().model.hybrid.layers, Count(10));
        QVERIFY(validate(doc->scenario()).empty());
        QVERIFY(inputs->countField(Field::MixerKeyHeads)->isEnabled());
        QCOMPARE(parameterCounts(doc->scenario().model).total(16), Count(1'171'755'008));
        emit kind->activated(kind->findData(static_cast<int>(MixerKind::ShortConv)));
        const HybridSpec &h = doc->scenario().model.hybrid;
        QCOMPARE(h.kind, MixerKind::ShortConv);
        QCOMPARE(h.heads, Count(1));
        QCOMPARE(h.headDim, Count(2048));
        QCOMPARE(h.convKernel, Count(3));
        QCOMPARE(parameterCounts(doc->scenario().model).total(16), Count(1'170'340'608));
        doc->undoStack()->undo();
        QCOMPARE(doc->scenario().model.hybrid.kind, MixerKind::GatedDeltaNet);
    }

    // Expert parallelism from the window: e = 8 of 8 GPUs keeps one expert per layer on each
    // (tst_placement works the bytes out); here, the field reaches the scenario and a degree
    // that does not divide the experts is refused beside the field.
    void expertParallelField()
    {
        ScenarioDocument *doc = m_window->document();
        QString error;
        QVERIFY(doc->importModel(findDataDir() + QStringLiteral("/models/mixtral-8x7b.json"), &error));
        doc->edit(ScenarioDocument::EditKind::GpuCount, QStringLiteral("gpus"), [](ScenarioSpec &s) { s.scenario.parallel.gpus = 8; });
        CountField *ep = m_window->inputPane()->countField(Field::ExpertParallel);
        QVERIFY(ep && ep->isEnabled());
        ep->setFocus();
        ep->selectAll();
        QTest::keyClicks(ep, QStringLiteral("8"));
        QTest::keyClick(ep, Qt::Key_Return);
        QCOMPARE(doc->scenario().parallel.expertParallel, Count(8));
        ep->selectAll();
        QTest::keyClicks(ep, QStringLiteral("3"));
        QTest::keyClick(ep, Qt::Key_Return);
        QVERIFY(!m_window->inputPane()->errorText(Field::ExpertParallel).isEmpty());
        QCOMPARE(doc->scenario().parallel.expertParallel, Count(8));
    }

};

QTEST_MAIN(TestImport)
#include "tst_ui_import.moc"
