// Training-framework configs in (frameworkconfig.h): DeepSpeed JSON, Accelerate and torchtune
// YAML shaped as the projects ship them (tests/fixtures/frameworks/), each read onto LLaMA-2 7B
// under the Hugging Face Trainer stack. Expected values are read off the files by hand, and
// Hugging Face's "auto" rules (transformers integrations/deepspeed.py) computed here for
// H = 4096: reduce_bucket_size H² = 16,777,216, stage3_prefetch_bucket_size 0.9·H² =
// 15,099,494, stage3_param_persistence_threshold 10·H = 40,960. Bad files are refused naming
// the file and the key, and the scenario stays as it was.

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <headroom/io/catalogue.h>
#include <headroom/io/frameworkconfig.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/stack.h>

using namespace headroom;

namespace {

QString fixture(const char *name)
{
    return qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/frameworks/") + QLatin1String(name);
}

const Catalogue &catalogue()
{
    static const Catalogue c = [] {
        Catalogue loaded;
        loadCatalogue(findDataDir(), loaded);
        return loaded;
    }();
    return c;
}

// LLaMA-2 7B, B = 1, S = 2048, bf16-master, AdamW, the Trainer stack: the window's default.
ScenarioSpec llama7b(const QJsonObject &extra = {})
{
    ScenarioSpec spec = realisticDefaults();
    QJsonObject root{ { QStringLiteral("schema"), 1 }, { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("llama-2-7b") } } } };
    for (auto it = extra.begin(); it != extra.end(); ++it)
        root.insert(it.key(), it.value());
    const ScenarioError e = applyScenarioJson(root, catalogue(), spec);
    if (!e.ok())
        qFatal("the test scenario does not apply: %s", qPrintable(e.field));
    return spec;
}

// Reads and applies; fails the test on an error.
ScenarioSpec imported(FrameworkKind kind, const char *name, ScenarioSpec spec, FrameworkImport *out = nullptr)
{
    FrameworkImport import;
    FrameworkError e = readFrameworkConfig(kind, fixture(name), spec.scenario, import);
    if (e.ok())
        e = applyFrameworkImport(import, catalogue(), spec);
    if (!e.ok())
        qWarning("%s", qPrintable(e.text()));
    Q_ASSERT(e.ok());
    if (out)
        *out = import;
    return spec;
}

FrameworkError refusal(FrameworkKind kind, const QByteArray &text, const char *name = "bad.conf")
{
    FrameworkImport import;
    return parseFrameworkConfig(kind, text, QLatin1String(name), llama7b().scenario, import);
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestFrameworkConfigs : public QObject
{
    Q_OBJECT

private slots:
    void deepSpeedZero3CpuOffload()
    {
        FrameworkImport import;
        const ScenarioSpec spec = imported(FrameworkKind::DeepSpeed, "ds_config_zero3.json", llama7b(), &import);
        const Scenario &s = spec.scenario;
        QCOMPARE(s.parallel.zero, ZeroStage::Stage3);
        QCOMPARE(s.parallel.offload, Offload::OptimizerAndParams);
        // "auto" everywhere: Hugging Face's integration, so the Trainer stack stays.
        QCOMPARE(s.stack.stack, TrainingStack::HfTrainer);
        // bf16.enabled "auto" <- --bf16: the scenario's recipe is BF16 with masters.
        QCOMPARE(s.training.precision.recipe, Recipe::Bf16Master);
        QCOMPARE(s.training.precision.optimizer, Optimizer::AdamW);
        QCOMPARE(s.training.microBatch, Count(1));
        QCOMPARE(s.training.gradAccumSteps, Count(1));
        // The optimizer block: DeepSpeed's FusedAdam / CPU Adam, not the Trainer's foreach AdamW.
        QVERIFY(s.stack.fusedOptimizer);
        const StackChoices c = resolveStack(s);
        QCOMPARE(c.reduceBucket, Count(16'777'216));
        QCOMPARE(c.prefetchBucket, Count(15'099'494));
        QCOMPARE(c.persistenceThreshold, Count(40'960));
        QCOMPARE(c.maxLiveParameters, Count(1'000'000'000));
        QVERIFY(c.overlapComm);
        const QStringList autos = import.keysOf(FrameworkNote::Kind::Auto);
        for (const char *k : { "train_micro_batch_size_per_gpu", "gradient_accumulation_steps", "train_batch_size", "bf16.enabled",
                               "fp16.enabled", "zero_optimization.reduce_bucket_size", "zero_optimization.stage3_prefetch_bucket_size",
                               "zero_optimization.stage3_param_persistence_threshold" })
            QVERIFY2(autos.contains(QLatin1String(k)), k);
        const QStringList notModelled = import.keysOf(FrameworkNote::Kind::NotModelled);
        QVERIFY(notModelled.contains(QStringLiteral("zero_optimization.sub_group_size")));
        QVERIFY(notModelled.contains(QStringLiteral("zero_optimization.stage3_max_reuse_distance")));
        QVERIFY(import.keysOf(FrameworkNote::Kind::Unknown).isEmpty());
        const QStringList noEffect = import.keysOf(FrameworkNote::Kind::NoEffect);
        for (const char *k : { "scheduler", "gradient_clipping", "steps_per_print", "wall_clock_breakdown", "fp16.loss_scale",
                               "optimizer.params.lr", "zero_optimization.offload_optimizer.pin_memory" })
            QVERIFY2(noEffect.contains(QLatin1String(k)), k);
        QVERIFY(frameworkImportReport(import).contains(QStringLiteral("zero_optimization.stage: --zero 3")));
        // After a model change the "auto" buckets follow it, as Hugging Face fills them once
        // the model is known: Llama-2 13B, H = 5120.
        ScenarioSpec bigger = spec;
        QVERIFY(applyScenarioJson(QJsonObject{ { QStringLiteral("schema"), 1 },
                                               { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("llama-2-13b") } } } },
                                  catalogue(), bigger)
                        .ok());
        QCOMPARE(resolveStack(bigger.scenario).reduceBucket, Count(5120) * 5120);
    }

    void autoPrecisionFollowsTheScenario_data()
    {
        QTest::addColumn<QString>("recipe");
        QTest::addColumn<Recipe>("expected");
        QTest::newRow("--bf16") << QStringLiteral("amp-bf16") << Recipe::Bf16Master;
        QTest::newRow("--fp16") << QStringLiteral("fp16-pure") << Recipe::Fp16Master;
        QTest::newRow("neither") << QStringLiteral("fp32") << Recipe::Fp32;
    }
    void autoPrecisionFollowsTheScenario()
    {
        QFETCH(QString, recipe);
        QFETCH(Recipe, expected);
        const ScenarioSpec start = llama7b({ { QStringLiteral("training"), QJsonObject{ { QStringLiteral("recipe"), recipe } } } });
        QCOMPARE(imported(FrameworkKind::DeepSpeed, "ds_config_zero3.json", start).scenario.training.precision.recipe, expected);
    }

    void deepSpeedZero2()
    {
        FrameworkImport import;
        const Scenario s = imported(FrameworkKind::DeepSpeed, "ds_config_zero2.json", llama7b(), &import).scenario;
        QCOMPARE(s.parallel.zero, ZeroStage::Stage2);
        QCOMPARE(s.parallel.offload, Offload::Optimizer);
        QCOMPARE(s.parallel.reduceBucket, Count(200'000'000));
        QCOMPARE(s.stack.overlapComm, StackSwitch::On);
        QVERIFY(import.keysOf(FrameworkNote::Kind::NotModelled).contains(QStringLiteral("zero_optimization.allgather_bucket_size")));
    }

    void deepSpeedWithoutAuto()
    {
        // Under the paper's stack a config without "auto" is DeepSpeed's own engine:
        // 64 = 4 per GPU x 2 steps x 8 GPUs.
        FrameworkImport import;
        ScenarioSpec start = llama7b({ { QStringLiteral("stack"), QJsonObject{ { QStringLiteral("name"), QStringLiteral("paper") } } } });
        const ScenarioSpec spec = imported(FrameworkKind::DeepSpeed, "ds_zero1_plain.json", start, &import);
        const Scenario &s = spec.scenario;
        QCOMPARE(s.stack.stack, TrainingStack::DeepSpeed);
        QCOMPARE(s.parallel.gpus, Count(8));
        QVERIFY(spec.gpuCountGiven);
        QCOMPARE(s.training.microBatch, Count(4));
        QCOMPARE(s.training.gradAccumSteps, Count(2));
        QCOMPARE(s.training.precision.recipe, Recipe::Bf16Master);
        QCOMPARE(s.training.precision.optimizer, Optimizer::Adam);
        QCOMPARE(s.parallel.zero, ZeroStage::Stage1);
        QCOMPARE(resolveStack(s).reduceBucket, Count(500'000'000));
        QCOMPARE(import.keysOf(FrameworkNote::Kind::Unknown), QStringList{ QStringLiteral("my_custom_key") });
    }

    void absentBucketsUnderTheTrainerAreDeepSpeeds()
    {
        // Hugging Face fills "auto" only; a bucket left out is DeepSpeed's 5e8, not H².
        FrameworkImport import;
        ScenarioSpec spec = llama7b();
        QVERIFY(parseFrameworkConfig(FrameworkKind::DeepSpeed, R"({"zero_optimization": {"stage": 3}})", QStringLiteral("z3.json"),
                                     spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        const StackChoices c = resolveStack(spec.scenario);
        QCOMPARE(c.reduceBucket, Count(500'000'000));
        QCOMPARE(c.prefetchBucket, Count(50'000'000));
        QCOMPARE(c.persistenceThreshold, Count(100'000));
    }

    void sixteenBitMastersAreRead()
    {
        // DeepSpeedExamples' training/bf16_master_weight/configs/bf16_full.json: both flags in the
        // bf16 block (DeepSpeedBF16Config, v0.18.3).
        ScenarioSpec spec = llama7b();
        FrameworkImport import;
        QVERIFY(parseFrameworkConfig(FrameworkKind::DeepSpeed,
                                     R"({"bf16": {"enabled": true, "bf16_master_weights_and_grads": true, "bf16_optimizer_states": true},
                                         "zero_optimization": {"stage": 3}})",
                                     QStringLiteral("bf16_full.json"), spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        const PrecisionChoice &p = spec.scenario.training.precision;
        QCOMPARE(p.recipe, Recipe::Bf16Master);
        QCOMPARE(p.masterDtype, Dtype::Bf16);
        QCOMPARE(p.stateDtype, StateDtype::WeightDtype);
        QVERIFY(!p.fp32GradBuffer);
        QCOMPARE(perParamBytes(p).total(), 10.0);
        // Before, the builder was "not a builder Headroom has a preset for" and the model stayed.
        QVERIFY(!import.keysOf(FrameworkNote::Kind::NotModelled).contains(QStringLiteral("model._component_")));

        // States in BF16 without BF16 masters: DeepSpeed asserts, and so does the import.
        FrameworkImport refused;
        const FrameworkError e = parseFrameworkConfig(FrameworkKind::DeepSpeed,
                                                      R"({"bf16": {"enabled": true, "bf16_optimizer_states": true}, "zero_optimization": {"stage": 2}})",
                                                      QStringLiteral("b.json"), spec.scenario, refused);
        QVERIFY(!e.ok());
        QCOMPARE(e.key, QStringLiteral("bf16.bf16_optimizer_states"));

        // A block that is off sets nothing, and says so.
        spec = llama7b();
        FrameworkImport off;
        QVERIFY(parseFrameworkConfig(FrameworkKind::DeepSpeed,
                                     R"({"bf16": {"enabled": true}, "fp16": {"enabled": false, "fp16_master_weights_and_grads": true},
                                         "zero_optimization": {"stage": 2}})",
                                     QStringLiteral("off.json"), spec.scenario, off)
                        .ok());
        QVERIFY(applyFrameworkImport(off, catalogue(), spec).ok());
        QCOMPARE(spec.scenario.training.precision.masterDtype, Dtype::Fp32);
    }

    void noZeroBlockIsZeroOff()
    {
        // DeepSpeed without zero_optimization runs stage 0 and offloads nothing, whatever the
        // scenario had.
        ScenarioSpec spec = llama7b({ { QStringLiteral("gpu"), QJsonObject{ { QStringLiteral("count"), 8 } } },
                                      { QStringLiteral("parallel"), QJsonObject{ { QStringLiteral("zero"), 3 }, { QStringLiteral("offload"), QStringLiteral("optimizer") } } } });
        FrameworkImport import;
        QVERIFY(parseFrameworkConfig(FrameworkKind::DeepSpeed, R"({"train_micro_batch_size_per_gpu": 2})", QStringLiteral("b.json"),
                                     spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(spec.scenario.parallel.zero, ZeroStage::Stage0);
        QCOMPARE(spec.scenario.parallel.offload, Offload::None);
        QCOMPARE(spec.scenario.training.microBatch, Count(2));
    }

    void batchSplits_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<qint64>("accum");
        QTest::addColumn<qint64>("gpus");
        // Four GPUs in the scenario; DeepSpeed fills the missing one (runtime/config.py).
        QTest::newRow("total alone: micro = total / GPUs") << QByteArray(R"({"train_batch_size": 32})") << qint64(8) << qint64(1) << qint64(4);
        QTest::newRow("total and micro: accumulation") << QByteArray(R"({"train_batch_size": 32, "train_micro_batch_size_per_gpu": 2})")
                                                       << qint64(2) << qint64(4) << qint64(4);
        QTest::newRow("all three: the GPU count")
                << QByteArray(R"({"train_batch_size": 96, "train_micro_batch_size_per_gpu": 3, "gradient_accumulation_steps": 2})")
                << qint64(3) << qint64(2) << qint64(16);
    }
    void batchSplits()
    {
        QFETCH(QByteArray, json);
        QFETCH(qint64, batch);
        QFETCH(qint64, accum);
        QFETCH(qint64, gpus);
        ScenarioSpec spec = llama7b({ { QStringLiteral("gpu"), QJsonObject{ { QStringLiteral("count"), 4 } } } });
        FrameworkImport import;
        QVERIFY(parseFrameworkConfig(FrameworkKind::DeepSpeed, json, QStringLiteral("b.json"), spec.scenario, import).ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(qint64(spec.scenario.training.microBatch), batch);
        QCOMPARE(qint64(spec.scenario.training.gradAccumSteps), accum);
        QCOMPARE(qint64(spec.scenario.parallel.gpus), gpus);
    }

    // Issue 28, item 4: DeepSpeed and Accelerate as the frameworks read them.
    void deepSpeedAsTheFrameworksReadIt()
    {
        // fp16 "auto" and no bf16 block under --bf16: the Trainer fills fp16.enabled = false and
        // adds nothing, then Accelerate adds {"bf16": {"enabled": true}} for its bf16 mixed
        // precision (accelerate utils/dataclasses.py DeepSpeedPlugin.set_mixed_precision, v1.0).
        // The llama7b() scenario trains BF16 with FP32 masters.
        FrameworkImport import;
        ScenarioSpec spec = llama7b();
        QVERIFY(parseFrameworkConfig(FrameworkKind::DeepSpeed, R"({"fp16": {"enabled": "auto"}, "zero_optimization": {"stage": 2}})",
                                     QStringLiteral("a.json"), spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(spec.scenario.training.precision.recipe, Recipe::Bf16Master);
        QVERIFY(import.keysOf(FrameworkNote::Kind::Auto).contains(QStringLiteral("bf16")));
        // The given block on: Accelerate adds no other; the file's FP16 stands.
        spec = llama7b();
        QVERIFY(parseFrameworkConfig(FrameworkKind::DeepSpeed, R"({"fp16": {"enabled": true}, "train_micro_batch_size_per_gpu": "auto"})",
                                     QStringLiteral("b.json"), spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(spec.scenario.training.precision.recipe, Recipe::Fp16Master);

        // No "auto" and no precision block, given on its own: DeepSpeed's own engine, which
        // enables neither (deepspeed/runtime/config.py get_fp16_enabled, get_bfloat16_enabled:
        // false when absent, v0.16.4) and trains in FP32.
        spec = llama7b();
        QVERIFY(parseFrameworkConfig(FrameworkKind::DeepSpeed, R"({"train_micro_batch_size_per_gpu": 2, "zero_optimization": {"stage": 2}})",
                                     QStringLiteral("c.json"), spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(spec.scenario.stack.stack, TrainingStack::DeepSpeed);
        QCOMPARE(spec.scenario.training.precision.recipe, Recipe::Fp32);

        // "auto" where Hugging Face fills nothing: DeepSpeed's config model drops it and takes
        // the default, 1e9 live parameters (runtime/config_utils.py, runtime/zero/config.py).
        spec = llama7b();
        QVERIFY(parseFrameworkConfig(FrameworkKind::DeepSpeed, R"({"zero_optimization": {"stage": 3, "stage3_max_live_parameters": "auto"}})",
                                     QStringLiteral("d.json"), spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(resolveStack(spec.scenario).maxLiveParameters, Count(1'000'000'000));
        QVERIFY(import.keysOf(FrameworkNote::Kind::Auto).contains(QStringLiteral("zero_optimization.stage3_max_live_parameters")));
    }

    void accelerateAsItLaunches()
    {
        // The DeepSpeed plugin without a file: Accelerate writes no bucket sizes, so DeepSpeed's
        // defaults (5e8, 5e7, 1e5; deepspeed/runtime/zero/config.py) apply, not the Trainer's
        // hidden_size² rule (LLaMA-2 7B: 4096² = 16,777,216).
        FrameworkImport import;
        Scenario s = imported(FrameworkKind::Accelerate, "accelerate_deepspeed.yaml", llama7b(), &import).scenario;
        StackChoices c = resolveStack(s);
        QCOMPARE(c.reduceBucket, Count(500'000'000));
        QCOMPARE(c.prefetchBucket, Count(50'000'000));
        QCOMPARE(c.persistenceThreshold, Count(100'000));
        // Without zero_stage: Accelerate's default, stage 2 (DeepSpeedPlugin.__post_init__), no offload.
        ScenarioSpec spec = llama7b({ { QStringLiteral("parallel"), QJsonObject{ { QStringLiteral("zero"), 3 }, { QStringLiteral("offload"), QStringLiteral("optimizer") } } } });
        QVERIFY(parseFrameworkConfig(FrameworkKind::Accelerate, "distributed_type: DEEPSPEED\nnum_processes: 4\ndeepspeed_config:\n  gradient_accumulation_steps: 2\n",
                                     QStringLiteral("a.yaml"), spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(spec.scenario.parallel.zero, ZeroStage::Stage2);
        QCOMPARE(spec.scenario.parallel.offload, Offload::None);

        // distributed_type NO: accelerate launch starts one process whatever num_processes says
        // (commands/launch.py, simple_launcher).
        spec = llama7b();
        QVERIFY(parseFrameworkConfig(FrameworkKind::Accelerate, "distributed_type: 'NO'\nnum_processes: 8\n", QStringLiteral("b.yaml"),
                                     spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(spec.scenario.parallel.gpus, Count(1));
        QVERIFY(import.keysOf(FrameworkNote::Kind::NotModelled).contains(QStringLiteral("num_processes")));

        // parallelism_config (Accelerate 1.10): tensor parallel 2 of 8 processes, FSDP over the
        // other 4; context parallelism said not modelled.
        spec = llama7b();
        QVERIFY(parseFrameworkConfig(FrameworkKind::Accelerate,
                                     "distributed_type: FSDP\nnum_processes: 8\nfsdp_config:\n  fsdp_version: 2\nparallelism_config:\n"
                                     "  parallelism_config_dp_replicate_size: 1\n  parallelism_config_dp_shard_size: 2\n"
                                     "  parallelism_config_tp_size: 2\n  parallelism_config_cp_size: 2\n"
                                     "  parallelism_config_cp_comm_strategy: allgather\n",
                                     QStringLiteral("c.yaml"), spec.scenario, import)
                        .ok());
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(spec.scenario.parallel.gpus, Count(8));
        QCOMPARE(spec.scenario.parallel.tensorParallel, Count(2));
        QVERIFY(import.keysOf(FrameworkNote::Kind::NotModelled).contains(QStringLiteral("parallelism_config.parallelism_config_cp_size")));
        QVERIFY(import.keysOf(FrameworkNote::Kind::NoEffect).contains(QStringLiteral("parallelism_config.parallelism_config_cp_comm_strategy")));
        QVERIFY(import.keysOf(FrameworkNote::Kind::Unknown).isEmpty());
    }

    void accelerateFsdp()
    {
        FrameworkImport import;
        const Scenario s = imported(FrameworkKind::Accelerate, "accelerate_fsdp.yaml", llama7b(), &import).scenario;
        QCOMPARE(s.stack.stack, TrainingStack::Fsdp);
        QCOMPARE(s.parallel.gpus, Count(8));
        QCOMPARE(s.parallel.gpusPerNode, Count(8));
        QCOMPARE(s.parallel.zero, ZeroStage::Stage3);
        QCOMPARE(s.parallel.offload, Offload::None);
        QCOMPARE(s.training.precision.recipe, Recipe::AmpBf16);
        QCOMPARE(s.training.recompute, Recompute::Full);
        QVERIFY(import.keysOf(FrameworkNote::Kind::Unknown).isEmpty());
        QVERIFY(import.keysOf(FrameworkNote::Kind::NoEffect).contains(QStringLiteral("fsdp_config.fsdp_state_dict_type")));
    }

    void accelerateDeepSpeedPlugin()
    {
        const Scenario s = imported(FrameworkKind::Accelerate, "accelerate_deepspeed.yaml", llama7b()).scenario;
        QCOMPARE(s.stack.stack, TrainingStack::HfTrainer);
        QCOMPARE(s.parallel.gpus, Count(16));
        QCOMPARE(s.parallel.gpusPerNode, Count(8)); // 16 processes on 2 machines
        QCOMPARE(s.parallel.zero, ZeroStage::Stage3);
        QCOMPARE(s.parallel.offload, Offload::OptimizerAndParams);
        QCOMPARE(s.training.gradAccumSteps, Count(4));
        QCOMPARE(s.training.precision.recipe, Recipe::Bf16Master);
        QVERIFY(s.stack.zeroInit);
    }

    void accelerateDeepSpeedConfigFile()
    {
        FrameworkImport import;
        const Scenario s = imported(FrameworkKind::Accelerate, "accelerate_deepspeed_file.yaml", llama7b(), &import).scenario;
        QCOMPARE(s.parallel.gpus, Count(4));
        QCOMPARE(s.parallel.zero, ZeroStage::Stage2);
        QCOMPARE(s.parallel.offload, Offload::Optimizer);
        QCOMPARE(s.parallel.reduceBucket, Count(200'000'000));
        QVERIFY(!s.stack.zeroInit);
        QVERIFY(import.keysOf(FrameworkNote::Kind::NotModelled).contains(QStringLiteral("ds_config_zero2.json: zero_optimization.allgather_bucket_size")));
    }

    // Issue 32, item 6: a YAML key path in an error and the deepspeed_config_file path named by
    // the YAML reached the terminal with their escape sequences.
    void hostileKeysAndPathsAreEscaped()
    {
        const QByteArray key = "\"\\e]0;pwned\\a\": {[1, 2]: 3}\n";
        QString text = refusal(FrameworkKind::Accelerate, key).text();
        QVERIFY2(!text.isEmpty() && !text.contains(QChar(0x1b)) && !text.contains(QChar(0x07)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("\\x1b]0;pwned\\x07")), qPrintable(text));
        const QByteArray file = "distributed_type: DEEPSPEED\ndeepspeed_config:\n  deepspeed_config_file: \"/nonexistent/\\e[31mred\\nerror: fake\"\n";
        text = refusal(FrameworkKind::Accelerate, file).text();
        QVERIFY2(!text.isEmpty() && !text.contains(QChar(0x1b)) && !text.contains(QLatin1Char('\n')), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("/nonexistent/\\x1b[31mred\\nerror: fake")), qPrintable(text));
    }

    // Issue 32, item 7: the value limit was applied after yaml-cpp had built the tree, so a
    // 10 MB list took 9.5 s and 2.35 GB. It is counted first, without a tree, and refused early.
    void aHugeListIsRefusedBeforeItIsBuilt()
    {
        QByteArray text = "num_processes: 8\ntpu_env:\n";
        while (text.size() < 10'000'000 - 8)
            text += "- 12345\n";
        QVERIFY(text.size() <= kMaxFrameworkConfigBytes);
        // Refused by the count before the tree (its own words; the tree's count says "stands
        // for more than ... (through aliases)"). No clock here: under the sanitizers the text
        // checks before it take seconds on their own.
        const FrameworkError e = refusal(FrameworkKind::Accelerate, text);
        QVERIFY2(e.problem.contains(QStringLiteral("holds more than 100,000 values: refused before reading them")), qPrintable(e.text()));
    }

    // Issue 32, item 11: the YAML reader differed from the Python tools it imitates.
    void yamlAsPythonReadsIt()
    {
        // Several documents: PyYAML's safe_load refuses them; the first one was used silently.
        FrameworkError e = refusal(FrameworkKind::Accelerate, "num_processes: 8\n---\nnum_processes: 2\n");
        QVERIFY2(e.problem.contains(QStringLiteral("more than one YAML document")), qPrintable(e.text()));
        // Merge keys apply (the mapping's own keys win, then the first merged mapping), where
        // << was reported unknown and left out.
        FrameworkImport import;
        const QByteArray merged = "distributed_type: MULTI_GPU\n"
                                  "fsdp_config: &shared {}\n"
                                  "<<: [{num_processes: 4, mixed_precision: fp16}, {num_processes: 2, num_machines: 1}]\n"
                                  "mixed_precision: bf16\n";
        e = parseFrameworkConfig(FrameworkKind::Accelerate, merged, QStringLiteral("merge.yaml"), llama7b().scenario, import);
        QVERIFY2(e.ok(), qPrintable(e.text()));
        QMap<QString, QString> set;
        for (const FrameworkSetting &s : import.settings)
            set.insert(s.option, s.value.toVariant().toString());
        QCOMPARE(set.value(QStringLiteral("gpus")), QStringLiteral("4"));
        QVERIFY(!import.keysOf(FrameworkNote::Kind::Unknown).contains(QStringLiteral("<<")));
        QVERIFY2(set.value(QStringLiteral("recipe")).contains(QStringLiteral("bf16")), qPrintable(set.value(QStringLiteral("recipe"))));
        // !!str 4 is text, not the number 4.
        e = refusal(FrameworkKind::Accelerate, "num_processes: !!str 4\n");
        QVERIFY2(!e.ok() && e.key.contains(QStringLiteral("num_processes")), qPrintable(e.text()));
        QVERIFY(refusal(FrameworkKind::Accelerate, "num_processes: 4\n").ok());
        // A tag shorter than YAML's str tag: resolved from the text (the tag compare once read
        // past its end; seen by AddressSanitizer in tools/sanitize.sh and the fuzzer).
        QVERIFY(refusal(FrameworkKind::Accelerate, "num_processes: !x 4\n").ok());
    }

    void torchtuneFullSingleDevice()
    {
        FrameworkImport import;
        const ScenarioSpec spec = imported(FrameworkKind::Torchtune, "llama3_1_8B_full_single_device.yaml", llama7b(), &import);
        const Scenario &s = spec.scenario;
        QCOMPARE(spec.presetId, QStringLiteral("llama-3.1-8b"));
        QCOMPARE(s.model.vocab, Count(128256));
        QCOMPARE(s.stack.stack, TrainingStack::Torchtune);
        QCOMPARE(s.training.microBatch, Count(2));
        QCOMPARE(s.training.gradAccumSteps, Count(1));
        QCOMPARE(s.training.sequence, Count(2048)); // max_seq_len null: the scenario's stays
        QCOMPARE(s.training.precision.recipe, Recipe::Bf16Pure);
        QCOMPARE(s.training.precision.stateDtype, StateDtype::WeightDtype);
        QCOMPARE(s.training.precision.optimizer, Optimizer::Adam8bit);
        QVERIFY(s.stack.pagedOptimizer);
        QVERIFY(s.stack.optimizerInBackward);
        QCOMPARE(s.training.recompute, Recompute::Full);
        QVERIFY(!s.stack.activationOffload);
        QVERIFY(!s.stack.compile);
        QCOMPARE(s.stack.loss, LossKind::Chunked);
        QCOMPARE(s.lora.mode, AdapterMode::None);
        QVERIFY(import.keysOf(FrameworkNote::Kind::NotModelled).contains(QStringLiteral("tokenizer.max_seq_len")));
        QVERIFY(import.keysOf(FrameworkNote::Kind::Unknown).isEmpty());
        QVERIFY(import.keysOf(FrameworkNote::Kind::NoEffect).contains(QStringLiteral("checkpointer")));
    }

    void torchtuneLora()
    {
        const Scenario s = imported(FrameworkKind::Torchtune, "llama3_1_8B_lora_single_device.yaml", llama7b()).scenario;
        QCOMPARE(s.lora.mode, AdapterMode::Lora);
        QCOMPARE(s.lora.rank, Count(8));
        QCOMPARE(s.lora.targets, unsigned(LoraQ | LoraV | LoraO | LoraGate | LoraUp | LoraDown));
        QCOMPARE(s.lora.dropout, 0.0);
        QCOMPARE(s.training.sequence, Count(2048));
        QCOMPARE(s.training.microBatch, Count(4));
        QCOMPARE(s.training.gradAccumSteps, Count(8));
        QVERIFY(s.stack.compile);
        QVERIFY(s.stack.activationOffload);
        QVERIFY(s.stack.fusedOptimizer); // fused: True
        QCOMPARE(s.training.precision.optimizer, Optimizer::AdamW);
        QVERIFY(!s.stack.pagedOptimizer);
    }

    // Builders that share a preset's architecture: the parameter counts are the checkpoints'
    // published totals, each worked from the builder's arguments (no biases but Qwen's q, k, v):
    // Qwen2 7B: L = 28 x (q 3584^2 + 3584, k and v 3584 x 512 + 512 each, o 3584^2, MLP
    // 3 x 3584 x 18944, norms 2 x 3584) = 6,525,618,176, plus a 152,064 x 3,584 table and head
    // (untied) and the final norm: 7,615,616,512. Qwen2 0.5B (tied): 24 x 14,912,384 +
    // 151,936 x 896 + 896 = 494,032,768. Qwen2 1.5B (tied): 28 x 46,797,824 + 151,936 x 1,536
    // + 1,536 = 1,543,714,304. Llama 3.3 70B: 80 x 855,654,400 + 2 x 128,256 x 8,192 + 8,192 =
    // 70,553,706,496.
    // The builders added with their presets (pytorch/torchtune@bd2a0fc, each family's
    // _model_builders.py; totals published for the checkpoints: resources/models/SOURCES.md), a
    // layer being q A d_h x H, k and v KV d_h x H, o, 3 H F, two norms of H (and Qwen3's q/k norms
    // of 2 d_h): qwen3_0_6b (tied) 28 x 15,730,944 + 151,936 x 1,024 + 1,024 = 596,049,920;
    // qwen3_32b 64 x 487,598,336 + 2 x 151,936 x 5,120 + 5,120 = 32,762,123,264; phi4_14b
    // 40 x 340,797,440 + 2 x 100,352 x 5,120 + 5,120 = 14,659,507,200; gemma_2b (tied, one KV
    // head of 256) 18 x 110,104,576 + 256,000 x 2,048 + 2,048 = 2,506,172,416; code_llama2_7b
    // 32 x 202,383,360 + 2 x 32,016 x 4,096 + 4,096 = 6,738,546,688.
    void torchtuneBuildersOfOtherNames_data()
    {
        QTest::addColumn<QByteArray>("component");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<qlonglong>("parameters");
        QTest::newRow("qwen2_7b") << QByteArray("torchtune.models.qwen2.qwen2_7b") << QStringLiteral("qwen2.5-7b") << 7'615'616'512LL;
        QTest::newRow("lora_qwen2_0_5b") << QByteArray("torchtune.models.qwen2.lora_qwen2_0_5b") << QStringLiteral("qwen2.5-0.5b")
                                         << 494'032'768LL;
        QTest::newRow("qwen2_1_5b") << QByteArray("torchtune.models.qwen2.qwen2_1_5b") << QStringLiteral("qwen2.5-1.5b") << 1'543'714'304LL;
        QTest::newRow("qlora_llama3_3_70b") << QByteArray("torchtune.models.llama3_3.qlora_llama3_3_70b")
                                            << QStringLiteral("llama-3.1-70b") << 70'553'706'496LL;
        QTest::newRow("qwen3_0_6b_instruct") << QByteArray("torchtune.models.qwen3.qwen3_0_6b_instruct") << QStringLiteral("qwen3-0.6b")
                                             << 596'049'920LL;
        QTest::newRow("lora_qwen3_32b") << QByteArray("torchtune.models.qwen3.lora_qwen3_32b") << QStringLiteral("qwen3-32b")
                                        << 32'762'123'264LL;
        QTest::newRow("phi4_14b") << QByteArray("torchtune.models.phi4.phi4_14b") << QStringLiteral("phi-4") << 14'659'507'200LL;
        QTest::newRow("qlora_gemma_2b") << QByteArray("torchtune.models.gemma.qlora_gemma_2b") << QStringLiteral("gemma-2b")
                                        << 2'506'172'416LL;
        QTest::newRow("code_llama2_7b") << QByteArray("torchtune.models.code_llama2.code_llama2_7b") << QStringLiteral("codellama-7b")
                                        << 6'738'546'688LL;
    }
    void torchtuneBuildersOfOtherNames()
    {
        QFETCH(QByteArray, component);
        QFETCH(QString, preset);
        QFETCH(qlonglong, parameters);
        const bool adapters = component.contains(".lora_") || component.contains(".qlora_");
        const QByteArray text = "model:\n  _component_: " + component + "\n"
                + (adapters ? QByteArray("  lora_attn_modules: [q_proj, v_proj]\n") : QByteArray())
                + "tokenizer:\n  max_seq_len: 1024\n";
        FrameworkImport import;
        ScenarioSpec spec = llama7b();
        FrameworkError e = parseFrameworkConfig(FrameworkKind::Torchtune, text, QStringLiteral("builder.yaml"), spec.scenario, import);
        if (e.ok())
            e = applyFrameworkImport(import, catalogue(), spec);
        QVERIFY2(e.ok(), qPrintable(e.text()));
        QCOMPARE(spec.presetId, preset);
        QCOMPARE(qlonglong(countParameters(spec.scenario.model).counts.total(spec.scenario.model.layers)), parameters);
        // Before, the builder was "not a builder Headroom has a preset for" and the model stayed.
        QVERIFY(!import.keysOf(FrameworkNote::Kind::NotModelled).contains(QStringLiteral("model._component_")));
    }

    void torchtuneQloraDistributed()
    {
        FrameworkImport import;
        const Scenario s = imported(FrameworkKind::Torchtune, "llama3_1_8B_qlora_distributed.yaml", llama7b(), &import).scenario;
        QCOMPARE(s.lora.mode, AdapterMode::Qlora);
        QCOMPARE(s.lora.rank, Count(16));
        QCOMPARE(s.lora.targets, unsigned(LoraQ | LoraK | LoraV | LoraO));
        QCOMPARE(s.lora.dropout, 0.05);
        QCOMPARE(s.training.sequence, Count(4096));
        QCOMPARE(s.parallel.zero, ZeroStage::Stage3);
        QCOMPARE(s.parallel.offload, Offload::OptimizerAndParams);
        QCOMPARE(s.stack.lossChunks, Count(16));
        QVERIFY(!s.stack.fusedOptimizer); // torch.optim.AdamW's default on CUDA: foreach
        QCOMPARE(import.keysOf(FrameworkNote::Kind::Unknown), QStringList{ QStringLiteral("use_shiny_new_trick") });
        QVERIFY(frameworkImportWarnings(import).join(QLatin1Char('\n')).contains(QStringLiteral("use_shiny_new_trick")));
    }

    // Issue 28, item 2: most of torchtune's configs for its distributed recipes carry no fsdp_*
    // key; the header names the recipe and its launch. FSDP2 shards fully (reshard after forward
    // by default) over the 8 processes of "tune run --nproc_per_node 8".
    void torchtuneDistributedRecipeFromItsHeader()
    {
        FrameworkImport import;
        const Scenario s = imported(FrameworkKind::Torchtune, "llama3_1_70B_lora_distributed.yaml", llama7b(), &import).scenario;
        QCOMPARE(s.parallel.zero, ZeroStage::Stage3);
        QCOMPARE(s.parallel.gpus, Count(8));
        QCOMPARE(s.parallel.offload, Offload::None);
        QCOMPARE(s.lora.mode, AdapterMode::Lora);
        QStringList sources;
        for (const FrameworkSetting &set : import.settings)
            sources << set.source;
        QVERIFY2(sources.join(QLatin1Char('|')).contains(QStringLiteral("lora_finetune_distributed")), qPrintable(sources.join(QLatin1Char('|'))));
        // A single-device recipe's header shards nothing.
        const Scenario single = imported(FrameworkKind::Torchtune, "llama3_1_8B_lora_single_device.yaml", llama7b()).scenario;
        QCOMPARE(single.parallel.zero, ZeroStage::Stage0);
        QCOMPARE(single.parallel.gpus, Count(1));
        // Two nodes of eight: 16 GPUs.
        FrameworkImport twoNodes;
        QVERIFY(parseFrameworkConfig(FrameworkKind::Torchtune,
                                     "# Config for multi-device full finetuning in full_finetune_distributed.py\n"
                                     "#   tune run --nnodes 2 --nproc_per_node 8 full_finetune_distributed --config llama3_1/405B\n"
                                     "model:\n  _component_: torchtune.models.llama3_1.llama3_1_8b\n",
                                     QStringLiteral("405B.yaml"), llama7b().scenario, twoNodes)
                        .ok());
        bool sixteen = false;
        for (const FrameworkSetting &set : twoNodes.settings)
            sixteen = sixteen || (set.option == QLatin1String("gpus") && set.value.toInteger() == 16);
        QVERIFY(sixteen);
    }


    // torchtune's FP8 (recipes/full_finetune_distributed.py, training/quantization.py):
    // enable_fp8_training alone is tensorwise with the FSDP2 FP8 all-gather; a recipe name picks
    // torchao's recipe without it.
    void torchtuneFp8Training()
    {
        auto read = [](const char *extra) {
            FrameworkImport import;
            Scenario s = llama7b().scenario;
            const QByteArray text = QByteArray("# Config for multi-device full finetuning in full_finetune_distributed.py\n"
                                               "#   tune run --nproc_per_node 8 full_finetune_distributed --config llama3_1/8B_full\n"
                                               "model:\n  _component_: torchtune.models.llama3_1.llama3_1_8b\n")
                    + extra;
            const bool ok = parseFrameworkConfig(FrameworkKind::Torchtune, text, QStringLiteral("fp8.yaml"), s, import).ok();
            QMap<QString, QString> set;
            for (const FrameworkSetting &x : import.settings)
                set.insert(x.option, x.value.toVariant().toString());
            return std::pair{ ok, set };
        };
        auto [ok, set] = read("enable_fp8_training: true\n");
        QVERIFY(ok);
        QCOMPARE(set.value(QStringLiteral("fp8")), QStringLiteral("tensorwise"));
        QCOMPARE(set.value(QStringLiteral("fp8-all-gather")), QStringLiteral("true"));
        std::tie(ok, set) = read("enable_fp8_training: true\nfp8_recipe_name: rowwise\n");
        QVERIFY(ok);
        QCOMPARE(set.value(QStringLiteral("fp8")), QStringLiteral("rowwise"));
        QVERIFY(!set.contains(QStringLiteral("fp8-all-gather")));
        std::tie(ok, set) = read("enable_fp8_training: true\nfp8_recipe_name: mxfp8\n");
        QVERIFY(!ok); // not one of torchtune's recipe names: refused naming the key
    }

    // Accelerate's mixed_precision: fp8 (accelerator.py at 16cb6eb): BF16 autocast for the rest;
    // fp8_config.backend TE is Transformer Engine's delayed scaling, AO (or none: Accelerate's
    // first choice when torchao is installed) torchao's tensorwise recipe, whose default config
    // gathers FSDP2's weights in FP8; MS-AMP is not modelled. The template's keys are Accelerate's
    // own examples/config_yaml_templates/fp8.yaml.
    void accelerateFp8()
    {
        auto read = [](const char *text) {
            FrameworkImport import;
            Scenario s = llama7b().scenario;
            const bool ok = parseFrameworkConfig(FrameworkKind::Accelerate, text, QStringLiteral("fp8.yaml"), s, import).ok();
            QMap<QString, QString> set;
            for (const FrameworkSetting &x : import.settings)
                set.insert(x.option, x.value.toVariant().toString());
            QStringList notModelled;
            for (const FrameworkNote &n : import.notes)
                if (n.kind == FrameworkNote::Kind::NotModelled)
                    notModelled << n.key;
            return std::tuple{ ok, set, notModelled };
        };
        auto [ok, set, notModelled] = read("distributed_type: \"NO\"\nmixed_precision: \"fp8\"\nfp8_config:\n  backend: TE\n"
                                           "  amax_history_len: 1024\n  fp8_format: E4M3\n  interval: 1\n  margin: 0\n"
                                           "  override_linear_precision: [false, false, false]\n  use_autocast_during_eval: false\n");
        QVERIFY(ok);
        QCOMPARE(set.value(QStringLiteral("recipe")), QStringLiteral("amp-bf16"));
        QCOMPARE(set.value(QStringLiteral("fp8")), QStringLiteral("te-delayed"));
        QVERIFY(notModelled.contains(QStringLiteral("fp8_config.backend"))); // the LM head Accelerate converts too
        std::tie(ok, set, notModelled) = read("distributed_type: FSDP\nnum_processes: 8\nmixed_precision: fp8\n"
                                              "fsdp_config:\n  fsdp_version: 2\n  fsdp_reshard_after_forward: true\n");
        QVERIFY(ok);
        QCOMPARE(set.value(QStringLiteral("fp8")), QStringLiteral("tensorwise"));
        QCOMPARE(set.value(QStringLiteral("fp8-all-gather")), QStringLiteral("true"));
        std::tie(ok, set, notModelled) = read("distributed_type: MULTI_GPU\nnum_processes: 2\nmixed_precision: fp8\nfp8_config:\n  backend: AO\n");
        QVERIFY(ok);
        QCOMPARE(set.value(QStringLiteral("fp8")), QStringLiteral("tensorwise"));
        QVERIFY(!set.contains(QStringLiteral("fp8-all-gather"))); // DDP: no gather to put in FP8
        std::tie(ok, set, notModelled) = read("mixed_precision: fp8\nfp8_config:\n  backend: MSAMP\n");
        QVERIFY(ok);
        QVERIFY(!set.contains(QStringLiteral("fp8")));
        QCOMPARE(set.value(QStringLiteral("recipe")), QStringLiteral("amp-bf16"));
        QVERIFY(notModelled.contains(QStringLiteral("fp8_config.backend")));
        std::tie(ok, set, notModelled) = read("mixed_precision: fp8\nfp8_config:\n  backend: FP4\n");
        QVERIFY(!ok); // not a backend Accelerate has: refused naming the key
    }

    void detectsTheKind_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<FrameworkKind>("kind");
        QTest::newRow("json") << fixture("ds_config_zero3.json") << FrameworkKind::DeepSpeed;
        QTest::newRow("accelerate") << fixture("accelerate_fsdp.yaml") << FrameworkKind::Accelerate;
        QTest::newRow("torchtune") << fixture("llama3_1_8B_lora_single_device.yaml") << FrameworkKind::Torchtune;
    }
    void detectsTheKind()
    {
        QFETCH(QString, file);
        QFETCH(FrameworkKind, kind);
        FrameworkKind found = FrameworkKind::DeepSpeed;
        QVERIFY(detectFrameworkKind(file, found).ok());
        QCOMPARE(found, kind);
    }

    void refusesBadFiles_data()
    {
        QTest::addColumn<FrameworkKind>("kind");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("problem");
        using K = FrameworkKind;
        QTest::newRow("malformed json") << K::DeepSpeed << readAll(fixture("malformed.json")) << QString() << QStringLiteral("not valid JSON");
        QTest::newRow("truncated json") << K::DeepSpeed << readAll(fixture("truncated.json")) << QString() << QStringLiteral("not valid JSON");
        QTest::newRow("truncated yaml") << K::Torchtune << readAll(fixture("truncated.yaml")) << QString() << QStringLiteral("not valid YAML");
        QTest::newRow("binary") << K::Accelerate << QByteArray("\x7f" "ELF\x02\x01\x01\x00\x00\x00 binary", 18) << QString()
                                << QStringLiteral("binary");
        QTest::newRow("latin-1") << K::Torchtune << QByteArray("batch_size: 2 # gr\xf6\xdf" "e\n") << QString() << QStringLiteral("UTF-8");
        QTest::newRow("huge") << K::DeepSpeed << (QByteArray("{\"a\": \"") + QByteArray(10'000'001, 'x') + "\"}") << QString()
                              << QStringLiteral("larger than 10,000,000 bytes");
        QTest::newRow("deep json") << K::DeepSpeed << (QByteArray("{\"a\":").repeated(100) + "1" + QByteArray("}").repeated(100))
                                   << QString() << QStringLiteral("nested deeper than 64 levels");
        QTest::newRow("deep yaml flow") << K::Torchtune << (QByteArray("model: ") + QByteArray("[").repeated(5000) + QByteArray("]").repeated(5000))
                                        << QString() << QStringLiteral("nested deeper than 64 levels");
        QByteArray blocks;
        for (int i = 0; i < 100; ++i)
            blocks += QByteArray(i, ' ') + "k" + QByteArray::number(i) + ":\n";
        QTest::newRow("deep yaml blocks") << K::Accelerate << blocks << QString() << QStringLiteral("nested deeper than 64 levels");
        QTest::newRow("deep yaml dashes") << K::Torchtune << (QByteArray("model: \n") + QByteArray("- ").repeated(3000) + "x\n") << QString()
                                          << QStringLiteral("nested deeper than 64 levels");
        QTest::newRow("aliases") << K::Torchtune
                                 << QByteArray("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                                               "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                                               "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e]\n")
                                 << QString() << QStringLiteral("more than 100,000 values");
        // A text libyaml cannot parse, in the words and place PyYAML 6.0 (with libyaml) gives:
        // "while parsing a block mapping ... did not find expected key ... line 3, column 2".
        QTest::newRow("bad indentation") << K::Accelerate << QByteArray("a:\n  b: 1\n c: 2\n") << QString()
                                         << QStringLiteral("not valid YAML: while parsing a block mapping: did not find expected key (line 3, column 2)");
        QTest::newRow("undefined alias") << K::Torchtune << QByteArray("batch_size: *nope\n") << QString()
                                         << QStringLiteral("found undefined alias \"nope\" (line 1, column 13)");
        QTest::newRow("a list as a key") << K::Torchtune << QByteArray("? [1, 2]\n: 3\n") << QString()
                                         << QStringLiteral("a key that is not plain text");
        QTest::newRow("top-level list") << K::Accelerate << QByteArray("- distributed_type: FSDP\n") << QString()
                                        << QStringLiteral("expected a mapping");
        QTest::newRow("json duplicate") << K::DeepSpeed << QByteArray(R"({"zero_optimization": {"stage": 1, "stage": 3}})")
                                        << QStringLiteral("zero_optimization.stage") << QStringLiteral("given twice");
        QTest::newRow("yaml duplicate") << K::Torchtune
                                        << QByteArray("model:\n  _component_: torchtune.models.llama3_1.llama3_1_8b\nbatch_size: 1\nbatch_size: 8\n")
                                        << QStringLiteral("batch_size") << QStringLiteral("given twice");
        QTest::newRow("stage 4") << K::DeepSpeed << QByteArray(R"({"zero_optimization": {"stage": 4}})")
                                 << QStringLiteral("zero_optimization.stage") << QStringLiteral("is 4, out of range; allowed: 0 to 3");
        QTest::newRow("offload device") << K::DeepSpeed << QByteArray(R"({"zero_optimization": {"stage": 3, "offload_param": {"device": "gpu"}}})")
                                        << QStringLiteral("zero_optimization.offload_param.device") << QStringLiteral("allowed: none, cpu, nvme");
        QTest::newRow("fp16 and bf16") << K::DeepSpeed << QByteArray(R"({"fp16": {"enabled": true}, "bf16": {"enabled": true}})")
                                       << QStringLiteral("bf16.enabled") << QStringLiteral("DeepSpeed enables one");
        QTest::newRow("batch not a multiple")
                << K::DeepSpeed << QByteArray(R"({"train_batch_size": 30, "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 2})")
                << QStringLiteral("train_batch_size") << QStringLiteral("not a multiple");
        // Accelerate refuses a mesh whose sizes do not multiply to the processes
        // (parallelism_config.py, ParallelismConfig._validate_accelerator, v1.10).
        QTest::newRow("parallelism_config product") << K::Accelerate
                                                    << QByteArray("distributed_type: FSDP\nnum_processes: 8\nfsdp_config:\n  fsdp_version: 2\n"
                                                                  "parallelism_config:\n  parallelism_config_tp_size: 2\n"
                                                                  "  parallelism_config_dp_shard_size: 2\n")
                                                    << QStringLiteral("parallelism_config") << QStringLiteral("multiply to 4, not the 8 processes");
        QTest::newRow("tpu") << K::Accelerate << QByteArray("distributed_type: XLA\nnum_processes: 8\n") << QStringLiteral("distributed_type")
                             << QStringLiteral("allowed: NO, MULTI_GPU, FSDP, DEEPSPEED, MEGATRON_LM");
        QTest::newRow("machines") << K::Accelerate << QByteArray("distributed_type: MULTI_GPU\nnum_processes: 10\nnum_machines: 3\n")
                                  << QStringLiteral("num_machines") << QStringLiteral("does not divide");
        QTest::newRow("batch text") << K::Torchtune << QByteArray("model:\n  _component_: torchtune.models.llama3_1.llama3_1_8b\nbatch_size: two\n")
                                    << QStringLiteral("batch_size") << QStringLiteral("expected a whole number");
        QTest::newRow("fp16 dtype") << K::Torchtune << QByteArray("model:\n  _component_: torchtune.models.llama2.llama2_7b\ndtype: fp16\n")
                                    << QStringLiteral("dtype") << QStringLiteral("refuse");
        QTest::newRow("lora module") << K::Torchtune
                                     << QByteArray("model:\n  _component_: torchtune.models.llama2.lora_llama2_7b\n  lora_attn_modules: [q_proj, w9]\n")
                                     << QStringLiteral("model.lora_attn_modules[1]") << QStringLiteral("allowed: q_proj, k_proj, v_proj, output_proj");
        QTest::newRow("packed without length")
                << K::Torchtune << QByteArray("model:\n  _component_: torchtune.models.llama2.llama2_7b\ndataset:\n  packed: True\n")
                << QStringLiteral("tokenizer.max_seq_len") << QStringLiteral("packs");
        QTest::newRow("no model") << K::Torchtune << QByteArray("batch_size: 2\n") << QStringLiteral("model") << QStringLiteral("is missing");
    }
    void refusesBadFiles()
    {
        QFETCH(FrameworkKind, kind);
        QFETCH(QByteArray, text);
        QFETCH(QString, key);
        QFETCH(QString, problem);
        const FrameworkError e = refusal(kind, text, "bad.conf");
        QVERIFY(!e.ok());
        QCOMPARE(e.file, QStringLiteral("bad.conf"));
        QCOMPARE(e.key, key);
        QVERIFY2(e.problem.contains(problem), qPrintable(e.problem));
        QVERIFY(e.text().startsWith(key.isEmpty() ? QStringLiteral("bad.conf: ") : QStringLiteral("bad.conf: ") + key + QStringLiteral(": ")));
    }

    void refusedFilesLeaveTheScenario()
    {
        // Read from disk: a huge file refused by its size without reading it, a binary file, a
        // FIFO-free missing path; the scenario as it was.
        QTemporaryDir dir;
        const QString huge = dir.filePath(QStringLiteral("huge.json"));
        {
            QFile f(huge);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(10'000'001));
        }
        const QString binary = dir.filePath(QStringLiteral("binary.yaml"));
        {
            QFile f(binary);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("\x00\x01\x02\xff\xfe", 5));
        }
        const ScenarioSpec before = llama7b();
        for (const auto &[kind, path, problem] :
             { std::tuple{ FrameworkKind::DeepSpeed, huge, QStringLiteral("larger than") },
               std::tuple{ FrameworkKind::Torchtune, binary, QStringLiteral("binary") },
               std::tuple{ FrameworkKind::Accelerate, dir.filePath(QStringLiteral("absent.yaml")), QStringLiteral("cannot be read") } }) {
            ScenarioSpec spec = before;
            FrameworkImport import;
            import.file = QStringLiteral("untouched");
            const FrameworkError e = readFrameworkConfig(kind, path, spec.scenario, import);
            QVERIFY(!e.ok());
            QCOMPARE(e.file, path);
            QVERIFY2(e.problem.contains(problem), qPrintable(e.problem));
            QCOMPARE(import.file, QStringLiteral("untouched"));
            QCOMPARE(scenarioToJson(spec), scenarioToJson(before));
        }
        // A value the scenario refuses names the config's key, and nothing of the import is applied.
        FrameworkImport bad;
        bad.file = QStringLiteral("x.json");
        bad.settings = { { QStringLiteral("zero"), 3, QStringLiteral("zero_optimization.stage") },
                         { QStringLiteral("recipe"), QStringLiteral("fp12-magic"), QStringLiteral("bf16.enabled") } };
        ScenarioSpec spec = before;
        const FrameworkError e = applyFrameworkImport(bad, catalogue(), spec);
        QCOMPARE(e.key, QStringLiteral("bf16.enabled"));
        QVERIFY2(e.problem.contains(QStringLiteral("fp12-magic")), qPrintable(e.problem));
        QCOMPARE(scenarioToJson(spec), scenarioToJson(before));
    }
};

QTEST_GUILESS_MAIN(TestFrameworkConfigs)
#include "tst_frameworkconfigs.moc"
