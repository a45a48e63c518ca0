// Every knob the engine reads is visible and editable in the inputs pane: a scenario file that
// sets tensor parallelism, an FP32 gradient buffer or a reduce bucket shows them; LoRA without
// named targets shows the targets in use (q, v) and ticking one more adds to them; host RAM per
// node stands beside offload; chart titles name what differs from the defaults.

#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <headroom/memory/estimate.h>
#include <headroom/memory/lora.h>

#include "charts/stackedbarpane.h"
#include "chartsarea.h"
#include "mainwindow.h"
#include "windowtest.h"
#include "panes/inputpane.h"
#include "scenariodocument.h"
#include "settings.h"
#include "widgets/countfield.h"

using namespace headroom;

class TestKnobs : public QObject, private test::WindowTest
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

    void aFileShowsEveryKnobItSets()
    {
        const QString path = m_dir->filePath(QStringLiteral("tp8.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{ \"schema\": 1, \"model\": { \"preset\": \"llama-2-7b\" },"
                " \"training\": { \"fp32-grad-buffer\": true },"
                " \"parallel\": { \"tp\": 8, \"zero\": 1, \"reduce-bucket\": 200000000 },"
                " \"gpu\": { \"count\": 16 } }");
        f.close();
        QVERIFY(m_window->openFile(path));
        InputPane *inputs = m_window->inputPane();
        QCOMPARE(inputs->countField(Field::TensorParallel)->value(), Count(8));
        QCOMPARE(inputs->countField(Field::Gpus)->value(), Count(16));
        QCOMPARE(inputs->countField(Field::ReduceBucket)->value(), Count(200'000'000));
        // The advanced group opens by itself, since the file set what it holds.
        QVERIFY(inputs->advancedToggle()->isChecked());
        // Editing the bucket reaches the scenario; emptying it gives the stack's back.
        CountField *bucket = inputs->countField(Field::ReduceBucket);
        bucket->setFocus();
        bucket->selectAll();
        QTest::keyClick(bucket, Qt::Key_Delete);
        QTest::keyClick(bucket, Qt::Key_Return);
        QCOMPARE(m_window->document()->scenario().parallel.reduceBucket, Count(-1));
        // Chart titles name the differences from the defaults.
        const QString title = flushed()->charts()->stackedBar()->data().title;
        for (const char *part : { "16 GPUs", "ZeRO-1", "TP 8" })
            QVERIFY2(title.contains(QLatin1String(part)), qPrintable(title));
    }

    void loraTargetsShowWhatIsUsed()
    {
        ScenarioDocument *doc = m_window->document();
        doc->edit(ScenarioDocument::EditKind::Adapter, QStringLiteral("lora"), [](ScenarioSpec &s) {
            s.scenario.lora.mode = AdapterMode::Lora;
            s.scenario.lora.targets = 0; // none named: q and v are used
        });
        InputPane *inputs = m_window->inputPane();
        // q, k, v, o, gate, up, down
        QVERIFY(inputs->loraTargetBox(0)->isChecked());
        QVERIFY(!inputs->loraTargetBox(1)->isChecked());
        QVERIFY(inputs->loraTargetBox(2)->isChecked());
        inputs->loraTargetBox(1)->click();
        QCOMPARE(doc->scenario().lora.targets, unsigned(LoraQ | LoraK | LoraV));
        // LLaMA has all seven projections: every box can be ticked.
        for (int i = 0; i < 7; ++i)
            QVERIFY(inputs->loraTargetBox(i)->isEnabled());
        // GPT-2's MLP has two matrices (c_fc, c_proj: up and down) and no gate; its fused c_attn
        // answers to q, k and v: gate cannot be ticked, and says why.
        const ModelPreset *gpt2 = m_catalogue.preset(QStringLiteral("gpt2"));
        QVERIFY(gpt2);
        doc->edit(ScenarioDocument::EditKind::Whole, QStringLiteral("gpt2"), [gpt2](ScenarioSpec &s) {
            s.presetId = gpt2->id;
            s.scenario.model = gpt2->model;
        });
        QVERIFY(!inputs->loraTargetBox(4)->isEnabled());
        QVERIFY(inputs->loraTargetBox(4)->toolTip().contains(QStringLiteral("no gate projection")));
        for (int i : { 0, 1, 2, 3, 5, 6 })
            QVERIFY(inputs->loraTargetBox(i)->isEnabled());
    }

    void hostRamBesideOffload()
    {
        // ZeRO-2 with optimizer offload on 8 GPUs of one node, LLaMA-2 7B, bf16-master AdamW:
        // each GPU offloads its master (4P/8), moments (8P/8) and gradient partition (2P/8),
        // 8 x 14P/8 = 94,337,818,624 bytes for the node; but every process first loads its
        // model in FP32, 8 x 4P = 215,629,299,712, the larger; x 1.5 (DeepSpeed's buffer
        // factor): 323,443,949,568 bytes, 301.2 GiB.
        ScenarioDocument *doc = m_window->document();
        // One GPU without offload still needs host RAM, to load the model: said so.
        QVERIFY2(m_window->inputPane()->hostRamLabel()->text().endsWith(QLatin1String("(to load the model)")),
                 qPrintable(m_window->inputPane()->hostRamLabel()->text()));
        doc->edit(ScenarioDocument::EditKind::Whole, QStringLiteral("offload"), [](ScenarioSpec &s) {
            s.scenario.parallel.gpus = 8;
            s.scenario.parallel.zero = ZeroStage::Stage2;
            s.scenario.parallel.offload = Offload::Optimizer;
        });
        QCOMPARE(countOf(doc->breakdown().host.perNode), Count(323'443'949'568));
        QVERIFY2(m_window->inputPane()->hostRamLabel()->text().contains(QLatin1String("301.2 GiB")),
                 qPrintable(m_window->inputPane()->hostRamLabel()->text()));
        QVERIFY(m_window->inputPane()->hostRamLabel()->text().endsWith(QLatin1String("(for the offloaded states and loading)")));
    }

};

QTEST_MAIN(TestKnobs)
#include "tst_ui_knobs.moc"
