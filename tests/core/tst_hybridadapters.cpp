// Adapters on hybrid models (lora.h, LoraMixerIn / LoraMixerOut): the adapted modules of a mixer
// layer counted by hand from transformers' modules (Qwen3NextGatedDeltaNet, Qwen3_5GatedDeltaNet,
// BambaMixer), QLoRA's quantized share, the derivation against the estimate, what stays refused
// (Mamba-2's fused kernel multiplies by out_proj's weight itself) and the module names a trainer
// config gives.

#include <QTemporaryDir>
#include <QTest>

#include <headroom/io/frameworkconfig.h>
#include <headroom/io/hfconfig.h>
#include <headroom/memory/derivation.h>

#include "derivationagrees.h"
#include "hybridscenario.h"
#include <headroom/memory/estimate.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/model.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/advice.h>

using namespace headroom;

namespace {

QString fixture(const char *name)
{
    return qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/hf/") + QLatin1String(name) + QStringLiteral(".json");
}

// A small LLaMA block (H 64, 4 heads of 16, 2 KV heads, F 128) whose last three of four layers
// are Gated DeltaNet mixers of 4 value heads of 8 and 2 key heads of 8 (Qwen3-Next's fused
// projections unless \a split).
ModelSpec smallHybrid(bool split = false)
{
    ModelSpec m = test::smallQkNormBlock();
    m.qkNorm = false;
    m.hybrid = HybridSpec{ .kind = MixerKind::GatedDeltaNet, .layers = 3, .heads = 4, .headDim = 8, .keyHeads = 2, .keyDim = 8,
                           .convKernel = 4, .splitProjections = split };
    return m;
}

Scenario runOf(const ModelSpec &model, AdapterMode mode, unsigned targets, Count rank)
{
    Scenario s;
    s.model = model;
    s.training.microBatch = 2;
    s.training.sequence = 1024;
    s.training.precision.recipe = Recipe::Bf16Master;
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.attention = AttentionKernel::Flash;
    s.lora.mode = mode;
    s.lora.targets = targets;
    s.lora.rank = rank;
    return s;
}

unsigned allTargets()
{
    unsigned all = 0;
    for (LoraTarget t : kAllLoraTargets)
        all |= t;
    return all;
}

bool refused(const Scenario &s, Field field, Conflict why)
{
    for (const ValidationIssue &i : validate(s))
        if (i.field == field && i.problem == Problem::Unsupported && i.reason == why)
            return true;
    return false;
}

} // namespace

class TestHybridAdapters : public QObject
{
    Q_OBJECT

private slots:
    // r (in + out) per adapted module, r = 8. The attention layer: q 64 -> 64 (128), k and v
    // 64 -> 32 (96 each), o 64 -> 64 (128), gate and up 64 -> 128 (192 each), down 128 -> 64
    // (192): 1,024 in all, 8,192 parameters. A mixer layer: in_proj_qkvz 64 -> 2·16 + 2·32 = 96
    // (160), in_proj_ba 64 -> 8 (72), out_proj 32 -> 64 (96), and the same MLP (576): 904, 7,232
    // parameters. One attention layer and three mixer layers: 8,192 + 3 · 7,232 = 29,888.
    void adaptersOfEachLayerKindByHand()
    {
        const ModelSpec m = smallHybrid();
        QCOMPARE(modelLoraTargets(m), allTargets());
        LoraCounts c = loraCounts(runOf(m, AdapterMode::Lora, allTargets(), 8));
        QCOMPARE(qint64(c.adapterParameters), Q_INT64_C(29'888));
        // The A outputs one layer saves: the attention layer's seven adapters, 7 · 8.
        QCOMPARE(qint64(c.adapterRankPerLayer), Q_INT64_C(56));
        // q and v (the default) adapt the attention layer only: 8 · (128 + 96).
        c = loraCounts(runOf(m, AdapterMode::Lora, 0, 8));
        QCOMPARE(qint64(c.adapterParameters), Q_INT64_C(1'792));
        // The mixer's projections alone: 3 · 8 · (160 + 72 + 96) = 7,872; three adapters a layer.
        c = loraCounts(runOf(m, AdapterMode::Lora, LoraMixerIn | LoraMixerOut, 8));
        QCOMPARE(qint64(c.adapterParameters), Q_INT64_C(7'872));
        QCOMPARE(qint64(c.adapterRankPerLayer), Q_INT64_C(24));
        // Qwen3.5's four input projections: in_proj_qkv 64 -> 64 (128), in_proj_z 64 -> 32 (96),
        // in_proj_b and in_proj_a 64 -> 4 (68 each): 3 · 8 · 360 = 8,640.
        c = loraCounts(runOf(smallHybrid(true), AdapterMode::Lora, LoraMixerIn, 8));
        QCOMPARE(qint64(c.adapterParameters), Q_INT64_C(8'640));
        // DoRA adds a magnitude per output: attention layer 64 + 32 + 32 + 64 + 128 + 128 + 64 =
        // 512, mixer layer 96 + 8 + 64 + 320 = 488: 29,888 + 512 + 3 · 488 = 31,864.
        Scenario dora = runOf(m, AdapterMode::Lora, allTargets(), 8);
        dora.lora.dora = true;
        QCOMPARE(qint64(loraCounts(dora).adapterParameters), Q_INT64_C(31'864));
    }

    // QLoRA quantizes every nn.Linear of the blocks: the attention layer's q 4,096, k and v
    // 2,048 each, o 4,096, gate, up and down 8,192 each (36,864); a mixer layer's in_proj_qkvz
    // 6,144, in_proj_ba 512, out_proj 2,048 and the MLP (24,576): 33,280. The convolution (an
    // nn.Conv1d) stays 16-bit. 36,864 + 3 · 33,280 = 136,704.
    void quantizedBaseByHand()
    {
        const LoraCounts c = loraCounts(runOf(smallHybrid(), AdapterMode::Qlora, 0, 8));
        QCOMPARE(qint64(c.quantizedParameters), Q_INT64_C(136'704));
        QCOMPARE(qint64(c.largestQuantizedMatrix), Q_INT64_C(8'192));
        // FSDP's unit: the larger layer by parameters is the attention layer (12,288 of attention
        // against a mixer's 8,976), so its 36,864 quantized weights.
        QCOMPARE(qint64(c.quantizedLargerLayer), Q_INT64_C(36'864));
    }

    // Qwen3.5-9B from its config (H 4,096; 16 heads of 256 with the output gate, so q_proj is
    // 4,096 -> 8,192; 4 KV heads; F 12,288; 24 of 32 layers Gated DeltaNet with 16 key heads of
    // 128 and 32 value heads of 128), r = 16 on every target. Attention layer, in + out: q 12,288,
    // k and v 5,120 each, o 8,192, gate and up 16,384 each, down 16,384: 79,872. Mixer layer:
    // in_proj_qkv 4,096 -> 8,192 (12,288), in_proj_z 4,096 -> 4,096 (8,192), in_proj_b and
    // in_proj_a 4,096 -> 32 (4,128 each), out_proj 4,096 -> 4,096 (8,192), the MLP 49,152:
    // 86,080. 16 · (8 · 79,872 + 24 · 86,080) = 43,278,336.
    void qwen35NineBByHand()
    {
        HfModel h;
        QVERIFY(readHfConfig(fixture("qwen3.5-9b-finetune"), QString(), h).ok());
        Scenario s = runOf(h.model, AdapterMode::Lora, allTargets(), 16);
        s.training.sequence = 4096;
        QVERIFY(validate(s).empty());
        QCOMPARE(qint64(loraCounts(s).adapterParameters), Q_INT64_C(43'278'336));
    }

    // The derivation's buckets and formulas give the estimate's bytes for LoRA and QLoRA on a
    // dense hybrid (Qwen3.5-9B) and a hybrid with experts (Qwen3.5-35B-A3B), on every target set.
    void derivationMatchesTheEstimate()
    {
        int checked = 0;
        for (const char *name : { "qwen3.5-9b-finetune", "qwen3.5-35b-a3b-finetune" }) {
            HfModel h;
            QVERIFY(readHfConfig(fixture(name), QString(), h).ok());
            for (AdapterMode mode : { AdapterMode::Lora, AdapterMode::Qlora })
                for (unsigned targets : { 0u, allTargets(), unsigned(LoraMixerIn), unsigned(LoraO | LoraMixerOut | LoraDown) })
                    for (ZeroStage zero : { ZeroStage::Stage0, ZeroStage::Stage3 }) {
                        Scenario s = runOf(h.model, mode, targets, 16);
                        s.training.recompute = Recompute::Full;
                        s.parallel.gpus = zero == ZeroStage::Stage0 ? 1 : 4;
                        s.parallel.zero = zero;
                        QVERIFY2(validate(s).empty(), name);
                        QVERIFY(test::derivationAgrees(s));
                        ++checked;
                    }
        }
        QCOMPARE(checked, 32);
    }

    // Gated DeltaNet runs its projections as modules: LoRA and QLoRA on any of them validate.
    // Mamba-2's fused training kernel (transformers' BambaMixer.cuda_kernels_forward calls
    // mamba_split_conv1d_scan_combined(..., outproj_weight=self.out_proj.weight)) multiplies by
    // out_proj's weight itself: a quantized base cannot run there and an adapter on out_proj
    // never runs, both refused by name; adapters on in_proj and the MLP are modelled.
    void whatTheKernelsAllow()
    {
        QVERIFY(validate(runOf(smallHybrid(), AdapterMode::Qlora, allTargets(), 8)).empty());
        ModelSpec m = smallHybrid();
        m.hybrid = HybridSpec{ .kind = MixerKind::Mamba2, .layers = 3, .heads = 4, .headDim = 16, .keyHeads = 1, .keyDim = 16,
                               .convKernel = 4 };
        QVERIFY(validate(runOf(m, AdapterMode::Lora, LoraQ | LoraV | LoraMixerIn | LoraGate, 8)).empty());
        QVERIFY(refused(runOf(m, AdapterMode::Qlora, LoraMixerIn, 8), Field::QuantBase, Conflict::Mamba2NoQuantizedBase));
        QVERIFY(refused(runOf(m, AdapterMode::Lora, LoraMixerOut, 8), Field::LoraTargets, Conflict::Mamba2OutProjFused));
        QVERIFY(refused(runOf(m, AdapterMode::Lora, allTargets(), 8), Field::LoraTargets, Conflict::Mamba2OutProjFused));
        // Mamba-2's in_proj to z, x, B, C and dt: 64 -> 2·64 + 2·16 + 4 = 164 (r · 228 = 1,824 a
        // layer at r = 8), three layers.
        QCOMPARE(qint64(loraCounts(runOf(m, AdapterMode::Lora, LoraMixerIn, 8)).adapterParameters), Q_INT64_C(5'472));
        // A model whose every layer is a mixer layer has no attention projection to adapt.
        m.hybrid.layers = 4;
        QCOMPARE(modelLoraTargets(m), unsigned(LoraGate | LoraUp | LoraDown | LoraMixerIn | LoraMixerOut));
    }

    // Granite-4.0-H-Micro's shared MLP computes gate and up in one input_linear (H 2,048 ->
    // 2 · 8,192): PEFT adapts it once when either is named, r (2,048 + 16,384) in each of its
    // 40 layers, 40 · 8 · 18,432 = 5,898,240 at r = 8. Its Mamba-2 layers refuse QLoRA.
    void graniteFusedGateUpAdaptedOnce()
    {
        HfModel h;
        QVERIFY(readHfConfig(fixture("granite-4.0-h-micro"), QString(), h).ok());
        const Scenario s = runOf(h.model, AdapterMode::Lora, LoraGate, 8);
        QVERIFY(validate(s).empty());
        QCOMPARE(qint64(loraCounts(s).adapterParameters), Q_INT64_C(5'898'240));
        QCOMPARE(qint64(loraCounts(runOf(h.model, AdapterMode::Lora, LoraGate | LoraUp, 8)).adapterParameters), Q_INT64_C(5'898'240));
        QVERIFY(refused(runOf(h.model, AdapterMode::Qlora, 0, 8), Field::QuantBase, Conflict::Mamba2NoQuantizedBase));
    }

    // Advice never steps to a run the engine refuses, now that adapters on Gated DeltaNet are
    // modelled and Mamba-2's quantized base is not: every run offered validates, and a Mamba-2
    // model is never offered QLoRA.
    void adviceOffersOnlyWhatValidates()
    {
        HfModel h;
        QVERIFY(readHfConfig(fixture("qwen3.5-9b-finetune"), QString(), h).ok());
        Scenario s = runOf(h.model, AdapterMode::None, 0, 16);
        s.training.microBatch = 4;
        s.training.sequence = 4096;
        s.gpu.capacity = bytes(Count(10) * 1'000'000'000);
        QVERIFY(validate(s).empty());
        Advice advice[8];
        int n = advise(s, advice, 8);
        QVERIFY(n > 0);
        for (int i = 0; i < n; ++i)
            QVERIFY(validate(advice[i].after).empty());

        Scenario mamba = runOf(smallHybrid(), AdapterMode::None, 0, 8);
        mamba.model.hybrid = HybridSpec{ .kind = MixerKind::Mamba2, .layers = 3, .heads = 4, .headDim = 16, .keyHeads = 1,
                                         .keyDim = 16, .convKernel = 4 };
        mamba.gpu.capacity = bytes(Count(1) << 20); // fits nothing: every step is tried
        n = advise(mamba, advice, 8);
        for (int i = 0; i < n; ++i) {
            QVERIFY(advice[i].kind != AdviceKind::Qlora);
            QVERIFY(validate(advice[i].after).empty());
        }
    }

    // A trainer config's module names: Qwen3.5's in_proj_qkv and in_proj_z (two of its four input
    // projections) adapt all four, said in a note; out_proj is mixer-out.
    void trainerConfigModuleNames()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("qwen35_lora.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("model_name_or_path: Qwen/Qwen3.5-9B\nstage: sft\nfinetuning_type: lora\n"
                "lora_target: q_proj,in_proj_qkv,in_proj_z,out_proj,down_proj\nlora_rank: 16\n"
                "per_device_train_batch_size: 1\ncutoff_len: 2048\n");
        f.close();
        FrameworkImport import;
        const FrameworkError e = readFrameworkConfig(FrameworkKind::LlamaFactory, path, Scenario{}, import);
        QVERIFY2(e.ok(), qPrintable(e.text()));
        QString targets;
        for (const FrameworkSetting &set : import.settings)
            if (set.option == QLatin1String("lora-targets"))
                targets = set.value.toString();
        QCOMPARE(targets, QStringLiteral("q,down,mixer-in,mixer-out"));
        bool noted = false;
        for (const FrameworkNote &n : import.notes)
            noted = noted || (n.key == QLatin1String("lora_target") && n.reason.contains(QLatin1String("in_proj_qkv, in_proj_z")));
        QVERIFY(noted);
        QCOMPARE(loraTargetsFromText("q,down,mixer-in,mixer-out"), std::optional<unsigned>(LoraQ | LoraDown | LoraMixerIn | LoraMixerOut));
        QCOMPARE(loraTargetsText(LoraMixerIn | LoraK), std::string("k,mixer-in"));
    }
};

QTEST_GUILESS_MAIN(TestHybridAdapters)
#include "tst_hybridadapters.moc"
