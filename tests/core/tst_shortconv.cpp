// LFM2's gated short convolution (model.h MixerKind::ShortConv): parameters against the LFM2
// model card's totals and hand counts, Lfm2MLP's width rule, what one convolution layer saves
// against a tally worked out by hand from transformers' Lfm2ShortConv (modeling_lfm2.py at
// 0096ba4f) and causal-conv1d's CausalConv1dFn, the fallback's longer convolution output, the
// validation and the scenario file.

#include <cstring>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <headroom/io/catalogue.h>
#include <headroom/io/hfconfig.h>
#include <headroom/io/hfconfigtext.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/activationmodel.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/model.h>
#include <headroom/memory/validation.h>

#include "derivationagrees.h"
#include "hybridscenario.h"

using namespace headroom;

namespace {

QJsonObject fixtureObject(const char *name)
{
    QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/hf/") + QLatin1String(name) + QStringLiteral(".json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// A small LLaMA block with q/k norms and short convolutions in three of its four layers.
ModelSpec small()
{
    ModelSpec m = test::smallQkNormBlock();
    m.tiedEmbeddings = true;
    m.hybrid = HybridSpec{ .kind = MixerKind::ShortConv, .layers = 3, .heads = 1, .headDim = 64, .convKernel = 3 };
    return m;
}

Scenario runOf(const ModelSpec &model, Count batch, Count sequence, Recipe recipe)
{
    return test::hybridRunOf(model, batch, sequence, recipe);
}

qint64 itemBytes(const Scenario &s, const char *prefix)
{
    return test::layerItemBytes(s, prefix);
}

// LFM2's configs as the checkpoints state their sizes (the model card's table: 16 layers, 10
// of them convolutions, for the three small ones; 30 with 22 for the 2.6B).
QJsonObject lfm2Config(Count hidden, Count layers, Count heads, Count ff, bool adjust, const QJsonArray &attention)
{
    QJsonObject o = fixtureObject("lfm2-1.2b");
    o.insert(QStringLiteral("hidden_size"), qint64(hidden));
    o.insert(QStringLiteral("block_dim"), qint64(hidden));
    o.insert(QStringLiteral("conv_dim"), qint64(hidden));
    o.insert(QStringLiteral("conv_dim_out"), qint64(hidden));
    o.insert(QStringLiteral("num_hidden_layers"), qint64(layers));
    o.insert(QStringLiteral("num_attention_heads"), qint64(heads));
    o.insert(QStringLiteral("num_heads"), qint64(heads));
    o.insert(QStringLiteral("block_ff_dim"), qint64(ff));
    o.insert(QStringLiteral("block_auto_adjust_ff_dim"), adjust);
    o.insert(QStringLiteral("full_attn_idxs"), attention);
    return o;
}

} // namespace

class TestShortConv : public QObject
{
    Q_OBJECT

private slots:
    // One short convolution of H = 64 and kernel 3: in_proj 64 x 192 = 12,288, conv 64 x 3 =
    // 192, out_proj 64 x 64 = 4,096: 16,576; with conv_bias, + 192 + 64 + 64 = 16,896. The
    // attention it replaces: q 64 x 64, k and v 64 x 32 each, o 64 x 64, q/k norms 16 each:
    // 12,320.
    void shortConvParameters()
    {
        ModelSpec m = small();
        ModelSpec plain = m;
        plain.hybrid = HybridSpec{};
        const ParameterCounts c = parameterCounts(m);
        QCOMPARE(qint64(c.mixer), Q_INT64_C(16576));
        QCOMPARE(qint64(c.total(m.layers)), qint64(parameterCounts(plain).total(plain.layers)) + 3 * (16576 - 12320));
        m.hybrid.convBias = m.hybrid.projBias = true;
        QCOMPARE(qint64(parameterCounts(m).mixer), Q_INT64_C(16896));
        // Key sizes are not read: a short convolution with stale ones counts the same.
        m.hybrid.keyHeads = 7;
        m.hybrid.keyDim = 9;
        QCOMPARE(qint64(parameterCounts(m).mixer), Q_INT64_C(16896));
    }

    // The LFM2 model card's "Parameters" row (LiquidAI/LFM2-350M, -700M, -1.2B, -2.6B). By hand,
    // 1.2B: embedding 65,536 x 2,048 = 134,217,728 (tied); MLP int(2 · 12,288 / 3) = 8,192 wide,
    // 3 x 2,048 x 8,192 = 50,331,648 in each of 16 layers; two norms of 2,048 a layer and the
    // final one; 6 attention layers of q 2,048², k and v 2,048 x 512, out 2,048², q/k norms 64
    // each: 10,485,888; 10 convolutions of 2,048 x 6,144 + 2,048 x 3 + 2,048²: 16,783,360.
    // 134,217,728 + 805,306,368 + 65,536 + 2,048 + 62,915,328 + 167,833,600 = 1,170,340,608.
    // 350M: H 1,024, 16 heads, block_ff_dim 6,656 -> 4,437 -> 4,608 (rounded up to 256). 700M:
    // H 1,536, 24 heads, 10,240 -> 6,826 -> 6,912. 2.6B: 30 layers, 8 attending, an MLP of
    // 10,752 used as stated (block_auto_adjust_ff_dim false).
    void lfm2AgainstTheModelCard()
    {
        const QJsonArray six = { 2, 5, 8, 10, 12, 14 };
        const QJsonArray eight = { 2, 6, 10, 14, 18, 21, 24, 27 };
        struct Case
        {
            QJsonObject config;
            Count ffn, mixers;
            qint64 published;
        };
        for (const Case &c : { Case{ lfm2Config(1024, 16, 16, 6656, true, six), 4608, 10, Q_INT64_C(354'483'968) },
                               Case{ lfm2Config(1536, 16, 24, 10240, true, six), 6912, 10, Q_INT64_C(742'489'344) },
                               Case{ fixtureObject("lfm2-1.2b"), 8192, 10, Q_INT64_C(1'170'340'608) },
                               Case{ lfm2Config(2048, 30, 32, 10752, false, eight), 10752, 22, Q_INT64_C(2'569'272'320) } }) {
            HfModel h;
            const HfConfigError e = readHfConfigObject(c.config, QString(), h);
            QVERIFY2(e.ok(), qPrintable(hfConfigErrorText(e)));
            const ModelSpec &m = h.model;
            QCOMPARE(m.hybrid.kind, MixerKind::ShortConv);
            QCOMPARE(qint64(m.ffn), qint64(c.ffn));
            QCOMPARE(qint64(mixerLayerCount(m)), qint64(c.mixers));
            QCOMPARE(qint64(m.hybrid.valueWidth()), qint64(m.hidden));
            QVERIFY(m.tiedEmbeddings && m.qkNorm);
            QCOMPARE(qint64(parameterCounts(m).total(m.layers)), c.published);
            // Every key is accounted for: used, ignored with its reason, or metadata.
            QVERIFY2(h.unrecognized.isEmpty(), qPrintable(h.unrecognized.join(QLatin1Char(','))));
            QVERIFY2(h.warnings.isEmpty(), qPrintable(h.warnings.join(QLatin1Char(','))));
            Scenario s = runOf(m, 1, 2048, Recipe::Bf16Master);
            QVERIFY(validate(s).empty());
            QVERIFY(test::derivationAgrees(s));
        }
    }

    // Lfm2MLP's width (modeling_lfm2.py 0096ba4f): block_ff_dim wins over intermediate_size; a
    // null block_ffn_dim_multiplier leaves int(2F/3) unrounded; a multiplier scales before the
    // rounding. transformers' newer configs (LFM2.5) state intermediate_size alone.
    void mlpWidthRule()
    {
        struct Case
        {
            const char *change;
            Count ffn;
        };
        auto read = [](QJsonObject o) {
            HfModel h;
            const HfConfigError e = readHfConfigObject(o, QString(), h);
            return e.ok() ? qint64(h.model.ffn) : qint64(-1);
        };
        QJsonObject o = fixtureObject("lfm2-1.2b");
        o.insert(QStringLiteral("intermediate_size"), 4096); // block_ff_dim's 12,288 wins: 8,192
        QCOMPARE(read(o), Q_INT64_C(8192));
        o.remove(QStringLiteral("block_ff_dim")); // 4,096 -> 2,730 -> 2,816
        QCOMPARE(read(o), Q_INT64_C(2816));
        o.insert(QStringLiteral("block_ffn_dim_multiplier"), QJsonValue::Null); // 2,730 as is
        QCOMPARE(read(o), Q_INT64_C(2730));
        o.insert(QStringLiteral("block_ffn_dim_multiplier"), 1.5); // int(1.5 x 2,730) = 4,095 -> 4,096
        QCOMPARE(read(o), Q_INT64_C(4096));
        o.insert(QStringLiteral("block_auto_adjust_ff_dim"), false); // 4,096 as stated
        QCOMPARE(read(o), Q_INT64_C(4096));
        // A width that int(2F/3) takes to nothing is refused by its key, with the value stated.
        QJsonObject tiny = fixtureObject("lfm2-1.2b");
        tiny.insert(QStringLiteral("block_ff_dim"), 1);
        HfModel h;
        const HfConfigError e = readHfConfigObject(tiny, QString(), h);
        QCOMPARE(e.code, HfConfigError::Code::OutOfRange);
        QCOMPARE(e.field, QStringLiteral("block_ff_dim"));
        QCOMPARE(e.got, QStringLiteral("1"));
    }

    // Which layers convolve: layer_types' "conv" (it wins over full_attn_idxs), full_attn_idxs'
    // complement, or none (every layer attends, Lfm2Config's default); a kind LFM2 does not have
    // is refused by its path.
    void layerKinds()
    {
        QJsonObject o = fixtureObject("lfm2-1.2b");
        QJsonArray types;
        for (int i = 0; i < 16; ++i)
            types.append(i % 4 == 3 ? QStringLiteral("full_attention") : QStringLiteral("conv"));
        o.insert(QStringLiteral("layer_types"), types);
        HfModel h;
        QVERIFY(readHfConfigObject(o, QString(), h).ok());
        QCOMPARE(qint64(mixerLayerCount(h.model)), Q_INT64_C(12));
        QVERIFY(h.ignored.contains(QStringLiteral("full_attn_idxs")));
        o.remove(QStringLiteral("layer_types"));
        o.remove(QStringLiteral("full_attn_idxs"));
        HfModel all;
        QVERIFY(readHfConfigObject(o, QString(), all).ok());
        QCOMPARE(all.model.hybrid.kind, MixerKind::None);
        types[5] = QStringLiteral("linear_attention");
        o.insert(QStringLiteral("layer_types"), types);
        HfModel bad;
        const HfConfigError e = readHfConfigObject(o, QString(), bad);
        QVERIFY(!e.ok());
        QCOMPARE(e.field, QStringLiteral("layer_types[5]"));
        // A copy of the width that disagrees with hidden_size is said, not used.
        QJsonObject odd = fixtureObject("lfm2-1.2b");
        odd.insert(QStringLiteral("conv_dim"), 1024);
        HfModel warned;
        QVERIFY(readHfConfigObject(odd, QString(), warned).ok());
        QVERIFY(warned.warnings.contains(QStringLiteral("conv_dim")));
    }

    // What one convolution layer of the small model saves per token in BF16, from the code:
    // in_proj's input 2·64 = 128 bytes; in_proj's output, whose views B, x (kept by B · x) and C
    // (kept by C · conv_out) hold it whole, 2·192 = 384; causal_conv1d_fn's input B · x 128; its
    // output, kept by the second product, 128; out_proj's contiguous input 128: 896 bytes. On a
    // CPU nn.Conv1d pads by 2 on each side and the slice keeps all S + 2 outputs: 2·64·2 = 256
    // bytes more a sequence.
    void savedTensorsByHand()
    {
        Scenario s = runOf(small(), 1, 512, Recipe::Bf16Pure);
        QVERIFY(validate(s).empty());
        QCOMPARE(itemBytes(s, "conv."), Q_INT64_C(896) * 512);
        s.activations.profile = ImplementationProfile::HfEagerCpu;
        s.activations.attention = AttentionKernel::Eager;
        QCOMPARE(itemBytes(s, "conv."), Q_INT64_C(896) * 512 + 256);
        // Under autocast the projections' input is the norm's FP32 output, which in_proj casts
        // and keeps in BF16 (128 a token as before), and the weights' BF16 copies are kept once a
        // layer: in_proj 64 x 192 and out_proj 64 x 64, 2 bytes each.
        Scenario amp = runOf(small(), 1, 512, Recipe::AmpBf16);
        std::vector<ActivationItem> items;
        activationModel(ActivationModelKind::Transformer).itemize(amp, items);
        qint64 copies = 0;
        for (const ActivationItem &i : items)
            if (std::string_view(i.name).substr(0, 5) == "conv." && std::string_view(i.name).find("weight_copy") != std::string_view::npos)
                copies += qint64(countOf(i.bytes));
        QCOMPARE(copies, Q_INT64_C(2) * (64 * 192 + 64 * 64));
    }

    // QLoRA and adapters on the convolution's projections are modelled (they are nn.Linear
    // modules the layer calls); a short convolution's key sizes may be zero.
    void validation()
    {
        Scenario s = runOf(small(), 1, 256, Recipe::Bf16Master);
        QVERIFY(validate(s).empty());
        s.lora.mode = AdapterMode::Qlora;
        s.lora.rank = 8;
        s.lora.targets = LoraQ | LoraV | LoraMixerIn | LoraMixerOut;
        QVERIFY(validate(s).empty());
        QVERIFY(test::derivationAgrees(s));
        Scenario t = runOf(small(), 1, 256, Recipe::Bf16Master);
        t.model.hybrid.headDim = 0;
        QVERIFY(validate(t).hasField(Field::MixerHeadDim));
    }

    // Adding a layer never lowers the peak. The bottom layer's backward holds one layer's saves;
    // a hybrid's bottom layer is of either kind, so the larger kind stands for it, not the
    // layers' average, which falls when a smaller layer is added (LFM2-350M at S = 128 under
    // ZeRO-3 with offloaded parameters, selective recompute: the draw tst_invariants found).
    void addingALayerNeverLowersThePeak()
    {
        HfModel h;
        QVERIFY(readHfConfigObject(lfm2Config(1024, 16, 16, 6656, true, QJsonArray{ 2, 5, 8, 10, 12, 14 }), QString(), h).ok());
        Scenario s = runOf(h.model, 1, 128, Recipe::AmpFp16);
        s.activations.attention = AttentionKernel::Sdpa;
        s.training.precision.optimizer = Optimizer::SgdMomentum;
        s.training.recompute = Recompute::Selective;
        s.parallel.gpus = 16;
        s.parallel.zero = ZeroStage::Stage3;
        s.parallel.offload = Offload::OptimizerAndParams;
        s.stack.stack = TrainingStack::DeepSpeed;
        QVERIFY(validate(s).empty());
        const Breakdown b = estimate(s);
        const ActivationEstimate &a = b.activationDetail;
        QVERIFY(a.bottomLayer > bytes(0));
        QVERIFY(countOf(a.bottomLayer) * 16 >= countOf(a.layers)); // at least the average
        Scenario more = s;
        more.model.layers = 17;
        QVERIFY(validate(more).empty());
        QVERIFY(countOf(estimate(more).peak) >= countOf(b.peak));
        // Without mixers every layer is alike: the average, as before.
        Scenario plain = s;
        plain.model.hybrid = HybridSpec{};
        QCOMPARE(estimate(plain).activationDetail.bottomLayer, bytes(0));
    }

    // A scenario file keeps the short convolution.
    void scenarioFileKeepsTheMixer()
    {
        Catalogue catalogue;
        QVERIFY(loadCatalogue(qEnvironmentVariable("HEADROOM_DATA_DIR"), catalogue).code == CatalogueError::Code::None);
        ScenarioSpec spec = realisticDefaults();
        HfModel h;
        QVERIFY(readHfConfigObject(fixtureObject("lfm2-1.2b"), QString(), h).ok());
        spec.scenario.model = h.model;
        spec.presetId.clear();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lfm2.json"));
        QVERIFY(writeScenarioFile(path, spec).ok());
        ScenarioSpec back = realisticDefaults();
        QVERIFY(readScenarioFile(path, catalogue, back).ok());
        QCOMPARE(back.scenario.model.hybrid.kind, MixerKind::ShortConv);
        QCOMPARE(qint64(back.scenario.model.hybrid.layers), Q_INT64_C(10));
        QCOMPARE(scenarioToJson(back), scenarioToJson(spec));
        QCOMPARE(mixerKindFromName("short-conv"), std::optional<MixerKind>(MixerKind::ShortConv));
    }
};

QTEST_GUILESS_MAIN(TestShortConv)
#include "tst_shortconv.moc"
