// Hybrid models' mixer layers (model.h HybridSpec): parameters against published totals and
// hand counts, what one mixer layer saves against a tally worked out by hand from the kernels'
// code (fla 0.5.2's chunk_gated_delta_rule, mamba_ssm 2.3.2's mamba_split_conv1d_scan_combined),
// the validation of what is not modelled, and the scenario file.

#include <cstring>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <headroom/io/catalogue.h>
#include <headroom/io/hfconfig.h>
#include <headroom/io/hfconfigtext.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/activationmodel.h>
#include <headroom/memory/derivation.h>

#include "derivationagrees.h"
#include "hybridscenario.h"
#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/model.h>
#include <headroom/memory/validation.h>

using namespace headroom;

namespace {

QString fixture(const char *name)
{
    return qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/hf/") + QLatin1String(name) + QStringLiteral(".json");
}

// A small LLaMA block with q/k norms; the mixer is given by each test.
ModelSpec small()
{
    return test::smallQkNormBlock();
}

Scenario runOf(const ModelSpec &model, Count batch, Count sequence, Recipe recipe)
{
    return test::hybridRunOf(model, batch, sequence, recipe);
}

qint64 itemBytes(const Scenario &s, const char *prefix, qint64 *perLayerConstant = nullptr, const char *constantName = nullptr)
{
    return test::layerItemBytes(s, prefix, perLayerConstant, constantName);
}

} // namespace

class TestHybridLayers : public QObject
{
    Q_OBJECT

private slots:
    // One Gated DeltaNet mixer of H = 64 with 2 key heads of 8 and 4 value heads of 8, kernel 4
    // (Qwen3NextGatedDeltaNet's tensors): in_proj_qkvz 64 x (2·16 + 2·32) = 6,144; in_proj_ba
    // 64 x 8 = 512; conv1d (2·16 + 32) x 4 = 256; dt_bias and A_log 4 each; norm 8; out_proj
    // 32 x 64 = 2,048: 8,976. Qwen3.5's four projections are the same 6,656. The attention it
    // replaces: q 64 x 64, k and v 64 x 32 each, o 64 x 64, q/k norms 16 each: 12,320.
    void gatedDeltaNetParameters()
    {
        ModelSpec m = small();
        const Count plain = parameterCounts(m).total(m.layers);
        m.hybrid = HybridSpec{ .kind = MixerKind::GatedDeltaNet, .layers = 3, .heads = 4, .headDim = 8, .keyHeads = 2, .keyDim = 8,
                               .convKernel = 4 };
        const ParameterCounts c = parameterCounts(m);
        QCOMPARE(qint64(c.mixer), Q_INT64_C(8976));
        QCOMPARE(qint64(c.mixerLayers), Q_INT64_C(3));
        QCOMPARE(qint64(c.total(m.layers)), qint64(plain) + 3 * (8976 - 12320));
        m.hybrid.splitProjections = true;
        QCOMPARE(qint64(parameterCounts(m).mixer), Q_INT64_C(8976));
    }

    // Mamba-2 (BambaMixer) of H = 64, I = 128 in 8 heads of 16, one group of state 16, kernel 4
    // with the convolution's bias: in_proj 64 x (2·128 + 2·16 + 8) = 18,944; conv1d 160 x 4 + 160
    // = 800; dt_bias, A_log, D 8 each; norm 128; out_proj 128 x 64 = 8,192: 28,088.
    void mamba2Parameters()
    {
        ModelSpec m = small();
        m.hybrid = HybridSpec{ .kind = MixerKind::Mamba2, .layers = 4, .heads = 8, .headDim = 16, .keyHeads = 1, .keyDim = 16,
                               .convKernel = 4, .chunkSize = 256, .convBias = true };
        QCOMPARE(qint64(parameterCounts(m).mixer), Q_INT64_C(28088));
        m.hybrid.projBias = true; // + 296 and + 64
        QCOMPARE(qint64(parameterCounts(m).mixer), Q_INT64_C(28448));
    }

    // Qwen3-Next-80B-A3B (tests/fixtures/hf): 79,674,391,296 parameters, the Hub's safetensors
    // total for Qwen3-Coder-Next (the same architecture, no MTP weights), 3,874,929,408 active
    // (CMander02/ModelSheet tests/test_catalog_parameters.py at 26a3cf21). The -Instruct
    // checkpoint's 81,324,862,720 (debaditc/kvfit scripts/build_registry.py at bd4ccabf) holds
    // the MTP module transformers does not load: fc 2H x H, three norms of H and one full
    // attention layer with its MoE MLP (27,263,488 + 1,614,809,088 + 2 norms of H):
    // 8,388,608 + 6,144 + 1,642,076,672 = 1,650,471,424.
    void qwen3NextAgainstPublishedTotals()
    {
        HfModel h;
        const HfConfigError e = readHfConfig(fixture("qwen3-next-80b-a3b-thinking"), QString(), h);
        QVERIFY2(e.ok(), qPrintable(hfConfigErrorText(e)));
        const ModelSpec &m = h.model;
        QCOMPARE(m.hybrid.kind, MixerKind::GatedDeltaNet);
        QCOMPARE(qint64(m.hybrid.layers), Q_INT64_C(36)); // full_attention_interval 4 over 48 layers
        QVERIFY(m.attentionGate && m.zeroCenteredNorm && m.qkNorm);
        const ParameterCounts c = parameterCounts(m);
        QCOMPARE(qint64(c.total(m.layers)), Q_INT64_C(79'674'391'296));
        QCOMPARE(qint64(c.total(m.layers)) + Q_INT64_C(1'650'471'424), Q_INT64_C(81'324'862'720));
        QCOMPARE(qint64(c.active(m.layers)), Q_INT64_C(3'874'929'408));
        QVERIFY(!h.unrecognized.contains(QStringLiteral("layer_types")));
        QVERIFY(h.used.contains(QStringLiteral("linear_num_value_heads")));
    }

    // Qwen3.5 (tests/fixtures/hf, fine-tunes that keep the architecture): the Hub's totals hold
    // the text model, the vision tower and the MTP module transformers does not load. The 9B's
    // 9,653,104,368 (Qwen/Qwen3.5-9B's safetensors total) less its MTP module, fc 2H x H =
    // 33,554,432, three norms of H = 12,288 and one full-attention layer with its dense MLP
    // (q 4,096 x 8,192 = 33,554,432, k and v 4,096 x 1,024 each, o 4,096 x 4,096, q/k norms 512:
    // 58,720,768; MLP 3 x 4,096 x 12,288 = 150,994,944; norms 8,192), 243,290,624 in all. The
    // 35B-A3B's 35,951,822,704 less fc 8,388,608, norms 6,144 and a layer of attention
    // (27,263,488), experts and their router and shared expert (256 x 3 x 512 x 2,048 + 524,288
    // + 3,145,728 + 2,048 = 808,978,432) and norms 4,096: 844,640,768.
    void qwen35AgainstPublishedTotals()
    {
        struct Case
        {
            const char *file;
            qint64 published, mtp;
            Count mixers, layers;
        };
        for (const Case &c : { Case{ "qwen3.5-9b-finetune", Q_INT64_C(9'653'104'368), Q_INT64_C(243'290'624), 24, 32 },
                               Case{ "qwen3.5-35b-a3b-finetune", Q_INT64_C(35'951'822'704), Q_INT64_C(844'640'768), 30, 40 } }) {
            HfModel h;
            const HfConfigError e = readHfConfig(fixture(c.file), QString(), h);
            QVERIFY2(e.ok(), qPrintable(hfConfigErrorText(e)));
            const ModelSpec &m = h.model;
            QCOMPARE(m.hybrid.kind, MixerKind::GatedDeltaNet);
            QVERIFY(m.hybrid.splitProjections);
            QCOMPARE(m.hybrid.layers, c.mixers);
            QCOMPARE(m.layers, c.layers);
            QVERIFY(m.vision.present());
            QCOMPARE(qint64(parameterCounts(m).total(m.layers)) + qint64(m.vision.parameters) + c.mtp, c.published);
            // Every key of the language model and the tower is accounted for; the fine-tunes'
            // own keys at the top level are not Qwen's.
            for (const QString &k : h.unrecognized)
                QVERIFY2(k == QLatin1String("model_name") || k.startsWith(QLatin1String("unsloth_")), qPrintable(k));
        }
    }

    // What one Gated DeltaNet layer of Qwen3-Next-80B saves per token in BF16 (no autocast),
    // worked out from the code: the projections' input 2 H = 4,096; causal_conv1d's input
    // 2·(2·2,048 + 4,096) = 16,384; the l2-normed q and k repeated to 32 heads, 2·32·128 = 8,192
    // each, with FP32 1/norms 4·32 = 128 each; v's contiguous copy 8,192; the FP32 cumulative gate
    // 128; beta 64; A [.., 32, 64] 4,096; softplus's FP32 input and output 128 each; the gated
    // norm's input and gate 8,192 each and its 1/rms 128; out_proj's input 8,192: 74,560 bytes,
    // and exp(A_log), 32 FP32 values, once a layer.
    void gatedDeltaNetSavedTensorsByHand()
    {
        HfModel h;
        QVERIFY(readHfConfig(fixture("qwen3-next-80b-a3b-thinking"), QString(), h).ok());
        Scenario s = runOf(h.model, 2, 1024, Recipe::Bf16Pure);
        qint64 constant = 0;
        const qint64 perLayer = itemBytes(s, "linear_attn.", &constant, "linear_attn.A_log_exp");
        QCOMPARE(perLayer, Q_INT64_C(74'560) * 2 * 1024);
        QCOMPARE(constant, Q_INT64_C(128));
    }

    // One Mamba-2 layer of the small model above in BF16, from MambaSplitConv1dScanCombinedFn's
    // saved list: in_proj's input 2·64 = 128 a token; zxbcdt 2·(2·128 + 2·16 + 8) = 592; the
    // scan's output 2·128 = 256; the norm's FP32 1/rms per group 4: 980 bytes a token, and A and
    // exp(A_log), 8 FP32 values each, once a layer.
    void mamba2SavedTensorsByHand()
    {
        Scenario s = runOf(small(), 1, 512, Recipe::Bf16Pure);
        s.model.hybrid = HybridSpec{ .kind = MixerKind::Mamba2, .layers = 4, .heads = 8, .headDim = 16, .keyHeads = 1, .keyDim = 16,
                                     .convKernel = 4, .chunkSize = 256, .convBias = true };
        const qint64 all = itemBytes(s, "mamba.");
        QCOMPARE(all, Q_INT64_C(980) * 512 + 2 * 8 * 4);
    }

    // The mixer layers' figure takes the place of the attention layers' one in the estimate: a
    // model with one more mixer layer holds (mixer layer − attention layer) more, each as the
    // itemized list gives it.
    void estimateCountsEachLayerKindOnce()
    {
        Scenario s = runOf(small(), 1, 256, Recipe::Bf16Pure);
        s.model.hybrid = HybridSpec{ .kind = MixerKind::GatedDeltaNet, .layers = 2, .heads = 4, .headDim = 16, .keyHeads = 2,
                                     .keyDim = 16, .convKernel = 4 };
        QVERIFY(validate(s).empty());
        const Breakdown two = estimate(s);
        s.model.hybrid.layers = 3;
        const Breakdown three = estimate(s);
        std::vector<ActivationItem> attention, mixer;
        {
            Scenario a = s;
            a.model.hybrid.layers = 1; // most layers attend: the attention layer is itemized
            activationModel(ActivationModelKind::Transformer).itemize(a, attention);
            activationModel(ActivationModelKind::Transformer).itemize(s, mixer);
        }
        auto layerSum = [](const std::vector<ActivationItem> &v) {
            qint64 n = 0;
            for (const ActivationItem &i : v)
                if (i.scope == ItemScope::Layer)
                    n += qint64(countOf(i.bytes));
            return n;
        };
        QCOMPARE(qint64(countOf(three.activations - two.activations)), layerSum(mixer) - layerSum(attention));
    }

    // The derivation's buckets and their formulas give the estimate's bytes for hybrid models
    // under every ZeRO stage, recompute policy and recipe (P's formula adds L_mix·(P_mix − P_attn)).
    void derivationMatchesTheEstimate()
    {
        HfModel h;
        QVERIFY(readHfConfig(fixture("qwen3.5-9b-finetune"), QString(), h).ok());
        int checked = 0;
        for (ZeroStage zero : { ZeroStage::Stage0, ZeroStage::Stage2, ZeroStage::Stage3 })
            for (Recompute recompute : { Recompute::None, Recompute::Full, Recompute::Selective })
                for (Recipe recipe : { Recipe::Bf16Master, Recipe::Bf16Pure, Recipe::AmpBf16 }) {
                    Scenario s = runOf(h.model, 2, 4096, recipe);
                    s.training.recompute = recompute;
                    s.parallel.gpus = zero == ZeroStage::Stage0 ? 1 : 8;
                    s.parallel.zero = zero;
                    QVERIFY(validate(s).empty());
                    QVERIFY(test::derivationAgrees(s));
                    ++checked;
                }
        QCOMPARE(checked, 27);
    }

    // Granite 4.0 (granitemoehybrid) from configs rebuilt from IBM's published sizes
    // (tests/fixtures/hf/SOURCES.md), against the published totals. H-Micro: H 2,048, 40 layers,
    // 36 of them Mamba-2 (I 4,096 over 64 heads of 64, one group, state 128, kernel 4, conv bias),
    // 4 attention (32 heads of 64, 8 KV heads), a shared MLP of 8,192 in every layer, vocabulary
    // 100,352 tied. Embedding 205,520,896; a layer's norms and MLP 4,096 + 2,048 · 16,384 + 8,192
    // · 2,048 = 50,335,744; attention 2 · 4,194,304 + 2 · 1,048,576 = 10,485,760; a mixer:
    // in_proj 2,048 · (2 · 4,096 + 2 · 128 + 64) = 17,432,576, conv 4,352 · 4 + 4,352 = 21,760,
    // dt_bias, A_log, D 192, norm 4,096, out_proj 8,388,608: 25,847,232. 205,520,896 + 40 ·
    // 50,335,744 + 4 · 10,485,760 + 36 · 25,847,232 + 2,048 = 3,191,396,096 (Ollama's
    // general.parameter_count of IBM's build). H-Small adds 72 experts of 768 and a shared MLP of
    // 1,536: 32,207,337,984 (llama.cpp's count of its GGUF). Granite-4.0-micro, the same model type
    // with attention and RoPE in all 40 layers: 3,402,836,480 (its Hub safetensors total).
    void graniteAgainstPublishedTotals()
    {
        struct Case
        {
            const char *file;
            Count mixers;
            Count published;
        };
        for (const Case &c : { Case{ "granite-4.0-h-micro", 36, 3'191'396'096 }, Case{ "granite-4.0-h-small", 36, 32'207'337'984 },
                               Case{ "granite-4.0-micro", 0, 3'402'836'480 } }) {
            HfModel h;
            const HfConfigError e = readHfConfig(fixture(c.file), QString(), h);
            QVERIFY2(e.ok(), qPrintable(hfConfigErrorText(e)));
            const ModelSpec &m = h.model;
            QCOMPARE(qint64(mixerLayerCount(m)), qint64(c.mixers));
            QVERIFY(m.fusedGateUp);
            QCOMPARE(m.rotaryFraction, c.mixers > 0 ? 0.0 : 1.0); // "nope" in the hybrids
            QCOMPARE(qint64(parameterCounts(m).total(m.layers)), qint64(c.published));
            Scenario s = runOf(m, 1, 4096, Recipe::Bf16Master);
            QVERIFY(validate(s).empty());
            QVERIFY(test::derivationAgrees(s));
        }
        // Without layer_types GraniteMoeHybridConfig makes every layer Mamba (layers_block_type).
        QFile f(fixture("granite-4.0-h-micro"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        o.remove(QStringLiteral("layer_types"));
        HfModel all;
        QVERIFY(readHfConfigObject(o, QString(), all).ok());
        QCOMPARE(qint64(mixerLayerCount(all.model)), Q_INT64_C(40));
    }

    // What is not modelled is refused by name.
    void unmodelledCombinationsRefused()
    {
        Scenario s = runOf(small(), 1, 256, Recipe::Bf16Master);
        s.model.hybrid = HybridSpec{ .kind = MixerKind::GatedDeltaNet, .layers = 2, .heads = 4, .headDim = 16, .keyHeads = 2,
                                     .keyDim = 16, .convKernel = 4 };
        QVERIFY(validate(s).empty());
        auto refused = [](const Scenario &x, Field f, Conflict why) {
            for (const ValidationIssue &i : validate(x))
                if (i.field == f && i.problem == Problem::Unsupported && i.reason == why)
                    return true;
            return false;
        };
        Scenario t = s;
        t.parallel.gpus = 2;
        t.parallel.tensorParallel = 2;
        QVERIFY(refused(t, Field::TensorParallel, Conflict::HybridNoModelParallel));
        t = s;
        t.lora.mode = AdapterMode::Lora; // modelled (tst_hybridadapters)
        t.lora.rank = 8;
        QVERIFY(validate(t).empty());
        t = s;
        t.activations.model = ActivationModelKind::Textbook;
        QVERIFY(refused(t, Field::ActivationModel, Conflict::HybridNeedsItemized));
        t = s;
        t.model.family = BlockFamily::Gpt2;
        QVERIFY(refused(t, Field::MixerLayers, Conflict::HybridNeedsLlamaBlock));
        t = s;
        t.model.hybrid.layers = 5; // more than the model's 4
        QVERIFY(validate(t).hasField(Field::MixerLayers));
        t = s;
        t.model.hybrid.keyHeads = 3; // 4 value heads are not whole groups of 3
        QVERIFY(validate(t).hasField(Field::MixerKeyHeads));
    }

    // A scenario file keeps the mixer: written and read back, the same scenario.
    void scenarioFileKeepsTheMixer()
    {
        Catalogue catalogue;
        QVERIFY(loadCatalogue(qEnvironmentVariable("HEADROOM_DATA_DIR"), catalogue).code == CatalogueError::Code::None);
        for (const char *file : { "qwen3-next-80b-a3b-thinking", "granite-4.0-h-small" }) {
            ScenarioSpec spec = realisticDefaults();
            HfModel h;
            QVERIFY(readHfConfig(fixture(file), QString(), h).ok());
            spec.scenario.model = h.model;
            spec.presetId.clear();
            // Adapters on the mixers' inputs and the MLP's gate (Granite's fused gate_up).
            spec.scenario.lora.mode = AdapterMode::Lora;
            spec.scenario.lora.targets = LoraMixerIn | LoraGate;
            QTemporaryDir dir;
            const QString path = dir.filePath(QStringLiteral("hybrid.json"));
            QVERIFY(writeScenarioFile(path, spec).ok());
            ScenarioSpec back = realisticDefaults();
            QVERIFY(readScenarioFile(path, catalogue, back).ok());
            const ModelSpec &m = back.scenario.model;
            const HybridSpec &y = m.hybrid;
            QCOMPARE(qint64(y.layers), Q_INT64_C(36));
            QCOMPARE(back.scenario.lora.targets, unsigned(LoraMixerIn | LoraGate));
            if (std::strcmp(file, "granite-4.0-h-small") == 0) {
                QCOMPARE(y.kind, MixerKind::Mamba2);
                QCOMPARE(qint64(y.heads), Q_INT64_C(128));
                QVERIFY(m.fusedGateUp && !m.fusedProjections);
                QCOMPARE(m.rotaryFraction, 0.0);
            } else {
                QCOMPARE(y.kind, MixerKind::GatedDeltaNet);
                QCOMPARE(qint64(y.heads), Q_INT64_C(32));
                QCOMPARE(qint64(y.keyHeads), Q_INT64_C(16));
                QVERIFY(m.attentionGate && m.zeroCenteredNorm);
            }
            QCOMPARE(scenarioToJson(back), scenarioToJson(spec));
        }
    }
};

QTEST_GUILESS_MAIN(TestHybridLayers)
#include "tst_hybridlayers.moc"
