// --deepspeed, --accelerate, --torchtune, --axolotl, --llamafactory and --trl on the command line: a config sets what the flags it
// stands for set (the estimate's JSON compared with the flags' run), explicit flags override it,
// unknown and unmodelled keys are warned about on stderr, and a bad file exits 2 naming the file,
// the key and the problem.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "clirun.h"

namespace {

QString fixture(const char *name)
{
    return qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/frameworks/") + QLatin1String(name);
}

QStringList base()
{
    return { QStringLiteral("estimate"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--gpus"),
             QStringLiteral("8"), QStringLiteral("--gpu"), QStringLiteral("a100-80gb"), QStringLiteral("--json") };
}

QJsonObject estimate(const QStringList &extra, const QStringList &start = base())
{
    const Run r = cli(start + extra);
    if (r.exitCode != 0)
        qWarning("%s", r.err.constData());
    return r.exitCode == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
}

// What the memory is: the buckets, the peak, the host's share and the strategy.
QJsonObject memory(const QJsonObject &o)
{
    return { { QStringLiteral("per_gpu"), o.value(QLatin1String("per_gpu")) },
             { QStringLiteral("peak"), o.value(QLatin1String("peak")) },
             { QStringLiteral("host"), o.value(QLatin1String("host")) },
             { QStringLiteral("strategy"), o.value(QLatin1String("strategy")) } };
}

} // namespace

class TestFrameworkCli : public QObject
{
    Q_OBJECT

private slots:
    void zero3CpuOffloadIsItsFlags()
    {
        // ds_config_zero3.json read by hand: stage 3, optimizer and parameters offloaded to the
        // CPU, an optimizer block (DeepSpeed's fused Adam), overlap_comm true,
        // stage3_max_live_parameters 1e9; every bucket "auto" (the Trainer stack's H² rules);
        // bf16 "auto" under the bf16-master default.
        const QJsonObject file = estimate({ QStringLiteral("--deepspeed"), fixture("ds_config_zero3.json") });
        const QJsonObject flags = estimate({ QStringLiteral("--zero"), QStringLiteral("3"), QStringLiteral("--offload"),
                                             QStringLiteral("optimizer+params"), QStringLiteral("--fused-optimizer"), QStringLiteral("on"),
                                             QStringLiteral("--overlap-comm"), QStringLiteral("on"), QStringLiteral("--max-live-parameters"),
                                             QStringLiteral("1e9") });
        QVERIFY(!file.isEmpty());
        QVERIFY(!flags.isEmpty());
        QCOMPARE(memory(file), memory(flags));
        // And it is not the default plan: ZeRO-3 with offload leaves a fraction of the states.
        const QJsonObject plain = estimate({});
        QVERIFY(memory(plain) != memory(file));
        QVERIFY(file.value(QLatin1String("per_gpu")).toObject().value(QLatin1String("optimizer_states")).toDouble()
                < plain.value(QLatin1String("per_gpu")).toObject().value(QLatin1String("optimizer_states")).toDouble());
    }

    void flagsOverrideTheFile()
    {
        const QJsonObject both = estimate({ QStringLiteral("--deepspeed"), fixture("ds_config_zero3.json"), QStringLiteral("--offload"),
                                            QStringLiteral("none") });
        const QJsonObject flags = estimate({ QStringLiteral("--zero"), QStringLiteral("3"), QStringLiteral("--fused-optimizer"),
                                             QStringLiteral("on"), QStringLiteral("--overlap-comm"), QStringLiteral("on"),
                                             QStringLiteral("--max-live-parameters"), QStringLiteral("1e9") });
        QCOMPARE(memory(both), memory(flags));
    }

    void torchtuneAndAccelerate()
    {
        // The torchtune recipe is its flags: the preset, the stack, B = 4, the LoRA targets, rank 8, S = 2048.
        // (No --preset beside the recipe: a flag would override its model.)
        const QStringList oneGpu = { QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("a100-80gb"), QStringLiteral("--json") };
        const QJsonObject recipe = estimate({ QStringLiteral("--torchtune"), fixture("llama3_1_8B_lora_single_device.yaml") }, oneGpu);
        const QJsonObject flags = estimate({ QStringLiteral("--stack"), QStringLiteral("torchtune"), QStringLiteral("--preset"),
                                             QStringLiteral("llama-3.1-8b"),
                                             QStringLiteral("--lora"), QStringLiteral("lora"), QStringLiteral("--lora-targets"),
                                             QStringLiteral("q,v,o,gate,up,down"), QStringLiteral("--lora-rank"), QStringLiteral("8"),
                                             QStringLiteral("--lora-dropout"), QStringLiteral("0"), QStringLiteral("--seq"),
                                             QStringLiteral("2048"), QStringLiteral("--batch"), QStringLiteral("4"), QStringLiteral("--grad-accum"),
                                             QStringLiteral("8"), QStringLiteral("--optimizer"), QStringLiteral("adamw"),
                                             QStringLiteral("--paged-optimizer"), QStringLiteral("false"), QStringLiteral("--fused-optimizer"),
                                             QStringLiteral("on"), QStringLiteral("--loss"), QStringLiteral("chunked"), QStringLiteral("--recompute"),
                                             QStringLiteral("full"), QStringLiteral("--activation-offload"), QStringLiteral("--compile"),
                                             QStringLiteral("--recipe"), QStringLiteral("bf16-pure"), QStringLiteral("--optimizer-dtype"),
                                             QStringLiteral("weight") },
                                           oneGpu);
        QVERIFY(!recipe.isEmpty());
        QCOMPARE(memory(recipe), memory(flags));
        const QJsonObject fsdp = estimate({ QStringLiteral("--accelerate"), fixture("accelerate_fsdp.yaml") });
        const QJsonObject fsdpFlags = estimate({ QStringLiteral("--stack"), QStringLiteral("fsdp"), QStringLiteral("--zero"), QStringLiteral("3"),
                                                 QStringLiteral("--recipe"), QStringLiteral("amp-bf16"), QStringLiteral("--recompute"),
                                                 QStringLiteral("full"), QStringLiteral("--offload"), QStringLiteral("none") });
        QVERIFY(!fsdp.isEmpty());
        QCOMPARE(memory(fsdp), memory(fsdpFlags));
    }

    // Issue 28, item 5: what a config set and left out is in the JSON, not on stderr alone.
    // accelerate_deepspeed.yaml read by hand: DEEPSPEED (the Trainer's stack), 16 processes on
    // 2 machines, bf16 with DeepSpeed's FP32 masters, stage 3 with the optimizer and parameters
    // on the CPU, ZeRO-3 init on, accumulation 4; clipping and the launcher read without effect.
    void importReportInTheJson()
    {
        const QJsonObject o = estimate({ QStringLiteral("--accelerate"), fixture("accelerate_deepspeed.yaml") });
        const QJsonArray imports = o.value(QLatin1String("imports")).toArray();
        QCOMPARE(imports.size(), 1);
        const QJsonObject a = imports.at(0).toObject();
        QCOMPARE(a.value(QLatin1String("kind")).toString(), QStringLiteral("accelerate"));
        QVERIFY(a.value(QLatin1String("file")).toString().endsWith(QLatin1String("accelerate_deepspeed.yaml")));
        const QJsonObject set = a.value(QLatin1String("set")).toObject();
        QCOMPARE(set.value(QLatin1String("gpus")).toInteger(), 16);
        QCOMPARE(set.value(QLatin1String("gpus-per-node")).toInteger(), 8);
        QCOMPARE(set.value(QLatin1String("zero")).toInteger(), 3);
        QCOMPARE(set.value(QLatin1String("offload")).toString(), QStringLiteral("optimizer+params"));
        QCOMPARE(set.value(QLatin1String("recipe")).toString(), QStringLiteral("bf16-master"));
        QCOMPARE(set.value(QLatin1String("zero-init")).toString(), QStringLiteral("on"));
        QCOMPARE(set.value(QLatin1String("grad-accum")).toInteger(), 4);
        QCOMPARE(a.value(QLatin1String("sources")).toObject().value(QLatin1String("zero")).toString(),
                 QStringLiteral("deepspeed_config.zero_stage"));
        const QJsonArray ignored = a.value(QLatin1String("ignored")).toArray();
        QVERIFY(ignored.contains(QStringLiteral("deepspeed_config.gradient_clipping")));
        QVERIFY(ignored.contains(QStringLiteral("deepspeed_config.deepspeed_multinode_launcher")));
        QVERIFY(a.value(QLatin1String("unknown")).toArray().isEmpty());
        // Without a framework config: an empty list.
        QCOMPARE(estimate({}).value(QLatin1String("imports")).toArray().size(), 0);
    }

    void hfConfigModelOverridesTheRecipes()
    {
        // --hf-config comes after the framework configs: its model replaces the recipe's
        // builder (llama3_1_8b), as --preset of the same model does; the rest of the recipe stays.
        const QStringList start = { QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("a100-80gb"), QStringLiteral("--json"),
                                    QStringLiteral("--torchtune"), fixture("llama3_1_8B_lora_single_device.yaml") };
        const QJsonObject hf = estimate({ QStringLiteral("--hf-config"),
                                          qEnvironmentVariable("HEADROOM_DATA_DIR") + QStringLiteral("/models/qwen2.5-7b.json") },
                                        start);
        const QJsonObject preset = estimate({ QStringLiteral("--preset"), QStringLiteral("qwen2.5-7b") }, start);
        const QJsonObject recipe = estimate({}, start);
        QVERIFY(!hf.isEmpty());
        QCOMPARE(memory(hf), memory(preset));
        QVERIFY(memory(hf) != memory(recipe));
    }

    void warnsOnUnknownAndUnmodelledKeys()
    {
        const Run r = cli(base() + QStringList{ QStringLiteral("--torchtune"), fixture("llama3_1_8B_qlora_distributed.yaml") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("warning: ") && r.err.contains("use_shiny_new_trick"), r.err.constData());
        const Run ds = cli(base() + QStringList{ QStringLiteral("--deepspeed"), fixture("ds_config_zero3.json") });
        QCOMPARE(ds.exitCode, 0);
        QVERIFY2(ds.err.contains("zero_optimization.sub_group_size: not modelled"), ds.err.constData());
    }

    void fitTakesThem()
    {
        const Run r = cli({ QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--deepspeed"),
                            fixture("ds_config_zero2.json") });
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const Run bad = cli({ QStringLiteral("fit"), QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--deepspeed"),
                              fixture("malformed.json") });
        QCOMPARE(bad.exitCode, 2);
    }

    void badFilesExit2_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("malformed") << QStringLiteral("deepspeed") << QByteArray(R"({"zero_optimization": {"stage": 3,}})")
                                   << QByteArray("not valid JSON");
        QTest::newRow("stage 4") << QStringLiteral("deepspeed") << QByteArray(R"({"zero_optimization": {"stage": 4}})")
                                 << QByteArray("zero_optimization.stage: is 4, out of range; allowed: 0 to 3");
        QTest::newRow("binary") << QStringLiteral("accelerate") << QByteArray("\x89PNG\r\n\x1a\n\x00\x00", 10) << QByteArray("binary");
        QTest::newRow("deep") << QStringLiteral("torchtune") << (QByteArray("model: ") + QByteArray("{a: ").repeated(200) + "1" + QByteArray("}").repeated(200))
                              << QByteArray("nested deeper than 64 levels");
        QTest::newRow("bad value") << QStringLiteral("torchtune")
                                   << QByteArray("model:\n  _component_: torchtune.models.llama3_1.llama3_1_8b\nbatch_size: -3\n")
                                   << QByteArray("batch_size: is -3, out of range");
        QTest::newRow("tpu") << QStringLiteral("accelerate") << QByteArray("distributed_type: XLA\n") << QByteArray("distributed_type: is \"XLA\"");
    }
    void badFilesExit2()
    {
        QFETCH(QString, option);
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.") + (option == QLatin1String("deepspeed") ? QStringLiteral("json") : QStringLiteral("yaml")));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        const Run r = cli(base() + QStringList{ QStringLiteral("--") + option, path });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("error: --%1: %2").arg(option, path).toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains(expected), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void missingAndHugeFilesExit2()
    {
        QTemporaryDir dir;
        const QString huge = dir.filePath(QStringLiteral("huge.json"));
        QFile f(huge);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(10'000'001));
        f.close();
        Run r = cli(base() + QStringList{ QStringLiteral("--deepspeed"), huge });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("larger than 10,000,000 bytes"), r.err.constData());
        r = cli(base() + QStringList{ QStringLiteral("--torchtune"), dir.filePath(QStringLiteral("absent.yaml")) });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("absent.yaml: cannot be read"), r.err.constData());
        r = cli(base() + QStringList{ QStringLiteral("--torchtune"), fixture("truncated.yaml") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("truncated.yaml: not valid YAML"), r.err.constData());
    }

    // axolotl's examples/mistral/qlora.yml (fixture) read by hand: the Mistral 7B preset, the
    // Trainer stack, QLoRA on an NF4 base with double quantization, rank 32 on every linear,
    // dropout 0.05, S = 8,192 packed, B = 2, accumulation 4, bf16 auto (BF16: adapters in FP32
    // over the 16-bit base), bitsandbytes' 8-bit AdamW, checkpointing, flash attention.
    void axolotlIsItsFlags()
    {
        const QStringList oneGpu = { QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("a100-80gb"), QStringLiteral("--json") };
        const QJsonObject file = estimate({ QStringLiteral("--axolotl"), fixture("axolotl/mistral_7b_qlora.yml") }, oneGpu);
        const QJsonObject flags = estimate({ QStringLiteral("--stack"), QStringLiteral("hf-trainer"), QStringLiteral("--preset"),
                                             QStringLiteral("mistral-7b"), QStringLiteral("--lora"), QStringLiteral("qlora"),
                                             QStringLiteral("--qlora-base"), QStringLiteral("nf4-dq"), QStringLiteral("--lora-rank"),
                                             QStringLiteral("32"), QStringLiteral("--lora-dropout"), QStringLiteral("0.05"),
                                             QStringLiteral("--lora-targets"), QStringLiteral("all"), QStringLiteral("--seq"),
                                             QStringLiteral("8192"), QStringLiteral("--packed"), QStringLiteral("--batch"), QStringLiteral("2"),
                                             QStringLiteral("--grad-accum"), QStringLiteral("4"), QStringLiteral("--recipe"),
                                             QStringLiteral("amp-bf16"), QStringLiteral("--optimizer"), QStringLiteral("adam8bit"),
                                             QStringLiteral("--paged-optimizer"), QStringLiteral("false"), QStringLiteral("--recompute"),
                                             QStringLiteral("full"), QStringLiteral("--attention"), QStringLiteral("flash") },
                                           oneGpu);
        QVERIFY(!file.isEmpty());
        QCOMPARE(memory(file), memory(flags));
        const QJsonObject report = file.value(QLatin1String("imports")).toArray().at(0).toObject();
        QCOMPARE(report.value(QLatin1String("kind")).toString(), QStringLiteral("axolotl"));
        QCOMPARE(report.value(QLatin1String("set")).toObject().value(QLatin1String("hub-model")).toString(),
                 QStringLiteral("mistralai/Mistral-7B-v0.1"));
    }

    // A model no preset is the checkpoint of: exit 2 naming the key and the model, asking for its
    // config; with --preset beside the file the rest of the file is read.
    void unknownModelAsksForItsConfig()
    {
        const QStringList start = { QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100-80gb") };
        const Run refused = cli(start + QStringList{ QStringLiteral("--axolotl"), fixture("axolotl/other_jamba_qlora_paged8bit.yml") });
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("base_model") && refused.err.contains("ai21labs/Jamba-v0.1") && refused.err.contains("--hf-config"),
                 refused.err.constData());
        const Run kept = cli(start + QStringList{ QStringLiteral("--trl"), fixture("trl/or1_olympiccoder32b_sft.yaml"), QStringLiteral("--preset"),
                                                   QStringLiteral("qwen2.5-32b"), QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--json") });
        QCOMPARE(kept.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(kept.out).object();
        QCOMPARE(o.value(QLatin1String("imports")).toArray().at(0).toObject().value(QLatin1String("kind")).toString(), QStringLiteral("trl"));
    }

    // LLaMA-Factory's examples/train_full/llama3_full_sft.yaml (fixture) names
    // examples/deepspeed/ds_z3_config.json from the checkout's root: found in the YAML's parent
    // folders, stage 3 with DeepSpeed's FP32 masters. A name found nowhere is refused.
    void llamaFactoryFindsItsDeepSpeedFile()
    {
        const QStringList start = { QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("a100-80gb"), QStringLiteral("--gpus"),
                                    QStringLiteral("4"), QStringLiteral("--json") };
        const QJsonObject o = estimate({ QStringLiteral("--llamafactory"), fixture("llamafactory/b_llama3_full_sft_ds3.yaml") }, start);
        QVERIFY(!o.isEmpty());
        const QJsonObject set = o.value(QLatin1String("imports")).toArray().at(0).toObject().value(QLatin1String("set")).toObject();
        QCOMPARE(set.value(QLatin1String("zero")).toInteger(), 3);
        QCOMPARE(set.value(QLatin1String("recipe")).toString(), QStringLiteral("bf16-master"));
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("run.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("model_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct\nstage: sft\ndeepspeed: nowhere/ds_z3_config.json\n");
        f.close();
        const Run r = cli(start + QStringList{ QStringLiteral("--llamafactory"), f.fileName() });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("deepspeed") && r.err.contains("nowhere/ds_z3_config.json"), r.err.constData());
    }

    // LLaMA-Factory's freeze_vision_tower (model_utils/visual.py): false under full fine-tuning
    // trains the tower; under LoRA it would put adapters on it, not modelled and said; over a
    // language model the key changes nothing and is said so, never refused.
    void llamaFactoryVisionTower()
    {
        const QString vl = qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/hf/qwen3-vl-8b-instruct.json");
        const QStringList start = { QStringLiteral("estimate"), QStringLiteral("--json"), QStringLiteral("--hf-config"), vl };
        QTemporaryDir dir;
        auto write = [&dir](const char *name, const QByteArray &text) {
            QFile f(dir.filePath(QLatin1String(name)));
            if (f.open(QIODevice::WriteOnly))
                f.write(text);
            return f.fileName();
        };
        const QString full = write("full.yaml", "model_name_or_path: Qwen/Qwen3-VL-8B-Instruct\nstage: sft\nfinetuning_type: full\n"
                                                "freeze_vision_tower: false\nimage_max_pixels: 262144\nbf16: true\n");
        QJsonObject o = estimate({ QStringLiteral("--llamafactory"), full }, start);
        QVERIFY(!o.isEmpty());
        const QJsonObject imported = o.value(QLatin1String("imports")).toArray().at(0).toObject();
        QCOMPARE(imported.value(QLatin1String("set")).toObject().value(QLatin1String("vision-tower")).toString(), QStringLiteral("trained"));
        QCOMPARE(o.value(QLatin1String("vision_tower")).toObject().value(QLatin1String("training")).toString(), QStringLiteral("trained"));
        QVERIFY(QJsonDocument(imported).toJson().contains("image_max_pixels"));
        const QString lora = write("lora.yaml", "model_name_or_path: Qwen/Qwen3-VL-8B-Instruct\nstage: sft\nfinetuning_type: lora\n"
                                                "freeze_vision_tower: false\n");
        o = estimate({ QStringLiteral("--llamafactory"), lora }, start);
        QCOMPARE(o.value(QLatin1String("vision_tower")).toObject().value(QLatin1String("training")).toString(), QStringLiteral("frozen"));
        QVERIFY(QJsonDocument(o.value(QLatin1String("imports")).toArray().at(0).toObject()).toJson().contains("LoRA on the vision tower"));
        const QString text = write("text.yaml", "model_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct\nstage: sft\nfreeze_vision_tower: true\n");
        o = estimate({ QStringLiteral("--llamafactory"), text }, { QStringLiteral("estimate"), QStringLiteral("--json") });
        QVERIFY(!o.isEmpty());
        QVERIFY(o.value(QLatin1String("vision_tower")).isNull());
    }
};

QTEST_GUILESS_MAIN(TestFrameworkCli)
#include "tst_frameworkcli.moc"
