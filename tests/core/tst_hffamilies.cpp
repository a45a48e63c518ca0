// The Hugging Face families people train in 2026 (issue 28, item 3), read from fixtures that
// reproduce real config.json files (tests/fixtures/hf/SOURCES.md names each file's repository,
// path and commit): parameter counts worked out by hand from the modeling files' layouts and held
// against the totals their authors publish; nested language models named by their key paths;
// hybrid models and contradicting --hf-family refused by name.

#include <cmath>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <headroom/io/hfconfig.h>
#include <headroom/io/catalogue.h>
#include <headroom/io/hfconfigtext.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/model.h>
#include <headroom/memory/validation.h>

using namespace headroom;

namespace {

QString fixture(const QString &name)
{
    return qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/hf/") + name + QStringLiteral(".json");
}

// The conflict of a validation that finds exactly one issue, and that one about the images
// (Conflict::None otherwise).
Conflict onlyConflict(const ValidationIssues &issues)
{
    return issues.size() == 1 && issues.begin()->field == Field::Images ? issues.begin()->reason : Conflict::None;
}

QJsonObject fixtureObject(const QString &name)
{
    QFile f(fixture(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// DeepSeek-V3's layout (transformers models/deepseek_v3/modeling_deepseek_v3.py), written out
// independently of the engine's tensor walk: latent attention (q_a, its norm, q_b; kv_a with the
// rotary key, its norm, kv_b; o), the first k layers a dense SwiGLU MLP, the others a router of
// E x H with its correction bias of E, E routed and the shared experts of three matrices each;
// two norms a layer; untied embedding and head; the final norm.
struct DeepSeekShape
{
    qint64 H, L, A, qRank, kvRank, rope, nope, v, E, k, expertFfn, shared, denseLayers, F, V;
    qint64 indexHeads = 0, indexDim = 0; // V3.2's indexer
};

qint64 attentionOf(const DeepSeekShape &s)
{
    qint64 a = s.H * s.qRank + s.qRank + s.qRank * s.A * (s.nope + s.rope) + s.H * (s.kvRank + s.rope) + s.kvRank
            + s.kvRank * s.A * (s.nope + s.v) + s.A * s.v * s.H;
    if (s.indexHeads > 0) // wq_b, wk, k_norm (weight and bias), weights_proj
        a += s.qRank * s.indexHeads * s.indexDim + s.H * s.indexDim + 2 * s.indexDim + s.H * s.indexHeads;
    return a;
}

qint64 deepSeekTotal(const DeepSeekShape &s)
{
    const qint64 attention = attentionOf(s);
    const qint64 dense = attention + 3 * s.H * s.F + 2 * s.H;
    const qint64 moe = attention + s.H * s.E + s.E + (s.E + s.shared) * 3 * s.H * s.expertFfn + 2 * s.H;
    return s.denseLayers * dense + (s.L - s.denseLayers) * moe + 2 * s.V * s.H + s.H;
}

qint64 deepSeekActive(const DeepSeekShape &s)
{
    const qint64 attention = attentionOf(s);
    const qint64 dense = attention + 3 * s.H * s.F + 2 * s.H;
    const qint64 moe = attention + s.H * s.E + s.E + (s.k + s.shared) * 3 * s.H * s.expertFfn + 2 * s.H;
    return s.denseLayers * dense + (s.L - s.denseLayers) * moe + 2 * s.V * s.H + s.H;
}

// Within the rounding of a published figure: \a count at most \a halfUnit from \a published.
bool withinRounding(qint64 count, double published, double halfUnit)
{
    return std::abs(double(count) - published) <= halfUnit;
}

} // namespace

class TestHfFamilies : public QObject
{
    Q_OBJECT

private slots:
    void totalsByHand_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<qint64>("active");
        // gpt-oss-20b (modeling_gpt_oss.py: q and o A d_h = 64 x 64 = 4,096 wide, k and v 8 x 64,
        // all four with bias; one sink per head; router 2,880 x 32 + 32; each expert gate_up
        // 2,880 x 5,760 + 5,760 and down 2,880 x 2,880 + 2,880; two RMSNorms): a layer
        // 11,800,576 + 2 x 1,475,072 + 11,799,360 + 64 + 92,192 + 32 x 24,891,840 + 5,760 =
        // 823,186,976; 24 of them, the untied 201,088 x 2,880 table and head, the final norm:
        // 20,914,757,184. Active: 4 experts a token: 24 x 126,215,456 + 1,158,266,880 + 2,880.
        QTest::newRow("gpt-oss-20b") << QStringLiteral("gpt-oss-20b") << Q_INT64_C(20914757184) << Q_INT64_C(4187440704);
        // gpt-oss-120b: 36 layers of 26,550,144 + 368,768 + 128 x 24,891,840 + 5,760 plus the same
        // outside: 116,829,156,672; active 36 x 126,492,032 + 1,158,266,880 + 2,880.
        QTest::newRow("gpt-oss-120b") << QStringLiteral("gpt-oss-120b") << Q_INT64_C(116829156672) << Q_INT64_C(5711982912);
        // Llama-4-Scout's language model (modeling_llama4.py): attention 5,120 x 5,120 twice and
        // 5,120 x 1,024 twice = 62,914,560; every layer MoE: router 5,120 x 16, 16 experts and the
        // shared one of 3 x 5,120 x 8,192, norms 10,240: 48 x 2,202,101,760 + 2 x 202,048 x 5,120
        // + 5,120 = 107,769,861,120. Active: one routed expert and the shared one.
        QTest::newRow("Llama-4-Scout text") << QStringLiteral("llama-4-scout-17b-16e-instruct") << Q_INT64_C(107769861120)
                                            << Q_INT64_C(17172894720);
        // Llama-4-Maverick: every second layer MoE (interleave_moe_layer_step 2): 24 dense layers of
        // 62,914,560 + 3 x 5,120 x 16,384 + 10,240 = 314,583,040 and 24 of 62,914,560 + 655,360 +
        // 129 x 125,829,120 + 10,240 = 16,295,536,640, the same outside: 400,711,848,960.
        QTest::newRow("Llama-4-Maverick text") << QStringLiteral("llama-4-maverick-17b-128e-instruct") << Q_INT64_C(400711848960)
                                               << Q_INT64_C(17184691200);
        // BLOOM-560m: 24 layers of 12 H² + 13 H (two LayerNorms, query_key_value, dense, the 4H
        // MLP, every bias) at H = 1,024, the tied 250,880 x 1,024 table, the embedding LayerNorm
        // and the final one: 302,309,376 + 256,901,120 + 2,048 + 2,048 = 559,214,592.
        QTest::newRow("BLOOM-560m") << QStringLiteral("bloom-560m") << Q_INT64_C(559214592) << Q_INT64_C(559214592);
        // Qwen3-235B-A22B: attention 33,554,432 x 2 + 2,097,152 x 2 + q/k norms 256 = 71,303,424;
        // router 4,096 x 128; 128 experts of 3 x 4,096 x 1,536; norms 8,192: 94 x 2,487,755,008 +
        // 2 x 151,936 x 4,096 + 4,096. Active: 8 experts.
        QTest::newRow("Qwen3-235B-A22B") << QStringLiteral("qwen3-235b-a22b") << Q_INT64_C(235093634560) << Q_INT64_C(22190763520);
        // Qwen3-VL-8B's language model is Qwen3-8B's: 36 x (q 4,096², k, v 4,096 x 1,024, o,
        // q/k norms 256, MLP 3 x 4,096 x 12,288, norms 8,192) + 2 x 151,936 x 4,096 + 4,096.
        QTest::newRow("Qwen3-VL-8B text") << QStringLiteral("qwen3-vl-8b-instruct") << Q_INT64_C(8190735360) << Q_INT64_C(8190735360);
        // MiMo-7B (Qwen2's layers: q, k, v with bias, o without): 36 x (16,781,312 + 2 x 4,195,328
        // + 16,777,216 + 3 x 4,096 x 11,008 + 8,192) + 2 x 151,680 x 4,096 + 4,096.
        QTest::newRow("MiMo-7B") << QStringLiteral("mimo-7b-base") << Q_INT64_C(7622619136) << Q_INT64_C(7622619136);
        // Qwen3-0.6B, tied: 28 x 15,730,944 + 151,936 x 1,024 + 1,024.
        QTest::newRow("Qwen3-0.6B") << QStringLiteral("qwen3-0.6b") << Q_INT64_C(596049920) << Q_INT64_C(596049920);
    }
    void totalsByHand()
    {
        QFETCH(QString, file);
        QFETCH(qint64, total);
        QFETCH(qint64, active);
        HfModel m;
        const HfConfigError e = readHfConfig(fixture(file), QString(), m);
        QVERIFY2(e.ok(), qPrintable(hfConfigErrorText(e)));
        const ParameterCounts c = parameterCounts(m.model);
        QCOMPARE(qint64(c.total(m.model.layers)), total);
        QCOMPARE(qint64(c.active(m.model.layers)), active);
    }

    // The DeepSeek-V3 layout by the formula above: Kimi K2 (model_type kimi_k2, DeepSeek-V3's
    // architecture with 384 experts, 64 heads and one dense layer) and DeepSeek-V3.2 (V3's shape
    // and an indexer of 64 heads of 128 on every layer).
    void deepSeekLayouts()
    {
        const DeepSeekShape kimi{ 7168, 61, 64, 1536, 512, 64, 128, 128, 384, 8, 2048, 1, 1, 18432, 163840 };
        HfModel k2;
        QVERIFY(readHfConfig(fixture(QStringLiteral("kimi-k2-instruct")), QString(), k2).ok());
        const ParameterCounts kc = parameterCounts(k2.model);
        QCOMPARE(qint64(kc.total(61)), deepSeekTotal(kimi));
        QCOMPARE(qint64(kc.active(61)), deepSeekActive(kimi));
        // The model card's "1T total, 32B activated", to their rounding; activated counts, as
        // gpt-oss's card does, what a token multiplies: not the embedding table's lookup.
        QVERIFY(withinRounding(qint64(kc.total(61)), 1e12, 0.05e12));
        QVERIFY(withinRounding(qint64(kc.active(61)) - kimi.V * kimi.H, 32e9, 0.5e9));
        QVERIFY2(k2.notes.join(QLatin1Char('\n')).contains(QStringLiteral("\"kimi_k2\" read as deepseek_v3")),
                 qPrintable(k2.notes.join(QLatin1Char('\n'))));

        DeepSeekShape v32{ 7168, 61, 128, 1536, 512, 64, 128, 128, 256, 8, 2048, 1, 3, 18432, 129280 };
        v32.indexHeads = 64;
        v32.indexDim = 128;
        HfModel d;
        QVERIFY(readHfConfig(fixture(QStringLiteral("deepseek-v3.2")), QString(), d).ok());
        QCOMPARE(qint64(parameterCounts(d.model).total(61)), deepSeekTotal(v32));
        QCOMPARE(d.model.mla.indexHeads, Count(64));
        // The indexer is 13,959,424 parameters a layer beyond V3 (whose 671 B the V3.2 pages repeat).
        DeepSeekShape v3 = v32;
        v3.indexHeads = 0;
        QCOMPARE(deepSeekTotal(v32) - deepSeekTotal(v3), Q_INT64_C(61) * 13'959'424);
        // Its scores over every key are activations not itemized: a warning, named by key.
        QVERIFY(d.warnings.contains(QStringLiteral("index_topk")));
        QVERIFY(d.warnings.contains(QStringLiteral("num_nextn_predict_layers")));
    }

    // Against the totals their authors publish (rounded as published): gpt-oss's model card gives
    // 20.91 B and 116.83 B, and counts as active what a token multiplies: the unembedding, not the
    // embedding table's lookup (3.61 B and 5.13 B). Llama 4's card: 17 B active for both, 400 B in
    // all for Maverick (its language model is 400.7 B; Scout's 109 B includes the vision encoder,
    // which these fixtures, cut before vision_config, do not have: pixtralAndLlama4Towers()).
    void publishedRoundedTotals()
    {
        struct Case
        {
            const char *file;
            double total, totalHalfUnit, active, activeHalfUnit;
        };
        const Case cases[] = {
            { "gpt-oss-20b", 20.91e9, 0.005e9, 3.61e9, 0.005e9 },
            { "gpt-oss-120b", 116.83e9, 0.005e9, 5.13e9, 0.005e9 },
            { "llama-4-maverick-17b-128e-instruct", 400e9, 1e9, 17e9, 0.5e9 },
            { "qwen3-235b-a22b", 235e9, 0.5e9, 22e9, 0.5e9 },
        };
        for (const Case &c : cases) {
            HfModel m;
            QVERIFY(readHfConfig(fixture(QLatin1String(c.file)), QString(), m).ok());
            const ParameterCounts counts = parameterCounts(m.model);
            const qint64 total = qint64(counts.total(m.model.layers));
            QVERIFY2(withinRounding(total, c.total, c.totalHalfUnit), c.file);
            const bool openAi = QLatin1String(c.file).startsWith(QLatin1String("gpt-oss"));
            const qint64 active = qint64(counts.active(m.model.layers)) - (openAi ? qint64(m.model.vocab * m.model.hidden) : 0);
            QVERIFY2(withinRounding(active, c.active, c.activeHalfUnit), c.file);
        }
        // BLOOM-560m's exact published count (its model card: 559,214,592).
        HfModel bloom;
        QVERIFY(readHfConfig(fixture(QStringLiteral("bloom-560m")), QString(), bloom).ok());
        QCOMPARE(qint64(parameterCounts(bloom.model).total(bloom.model.layers)), Q_INT64_C(559214592));
        QVERIFY(bloom.model.embeddingNorm);
        QCOMPARE(bloom.model.maxPositions, Count(0));
        QVERIFY(bloom.notes.join(QLatin1Char('\n')).contains(QStringLiteral("ALiBi")));
    }

    // gpt-oss's switches as its modeling file has them, and MXFP4 experts read as dequantized.
    void gptOssSwitches()
    {
        HfModel m;
        QVERIFY(readHfConfig(fixture(QStringLiteral("gpt-oss-20b")), QString(), m).ok());
        QVERIFY(m.model.attentionSinks);
        QVERIFY(m.model.moe.expertBias);
        QVERIFY(m.model.moe.routerBias);
        QVERIFY(m.model.qkvBias && m.model.outBias);
        QCOMPARE(m.model.moe.denseLayers, Count(0));
        QVERIFY(m.used.contains(QStringLiteral("quantization_config")));
        QVERIFY(m.notes.join(QLatin1Char('\n')).contains(QStringLiteral("MXFP4")));
        // Its layer_types are sliding and full attention: the same tensors, ignored.
        QVERIFY(m.ignored.contains(QStringLiteral("layer_types")));
        QVERIFY2(m.unrecognized.isEmpty(), qPrintable(m.unrecognized.join(QLatin1Char(','))));
    }

    // A language model nested in text_config: read from there, every key named by its path; the
    // vision tower is a warning, the image token ids metadata.
    void nestedLanguageModels()
    {
        HfModel vl;
        QVERIFY(readHfConfig(fixture(QStringLiteral("qwen3-vl-8b-instruct")), QString(), vl).ok());
        QCOMPARE(vl.modelType, QStringLiteral("qwen3"));
        QVERIFY(vl.model.qkNorm);
        QVERIFY(!vl.model.tiedEmbeddings); // the top level's tie_word_embeddings: false
        QVERIFY(vl.used.contains(QStringLiteral("text_config.hidden_size")));
        QVERIFY(vl.used.contains(QStringLiteral("tie_word_embeddings")));
        QVERIFY(!vl.warnings.contains(QStringLiteral("vision_config"))); // its tower is in the estimate
        QVERIFY(vl.metadata.contains(QStringLiteral("image_token_id")));
        QVERIFY2(vl.unrecognized.isEmpty(), qPrintable(vl.unrecognized.join(QLatin1Char(','))));

        HfModel maverick;
        QVERIFY(readHfConfig(fixture(QStringLiteral("llama-4-maverick-17b-128e-instruct")), QString(), maverick).ok());
        QCOMPARE(maverick.model.moe.denseLayers, Count(24));
        QVERIFY(maverick.notes.join(QLatin1Char('\n')).contains(QStringLiteral("24 of 48 layers carry experts")));
        QVERIFY(maverick.ignored.contains(QStringLiteral("text_config.attention_chunk_size")));

        // A bad value inside text_config is named by its path.
        QJsonObject o = fixtureObject(QStringLiteral("llama-4-scout-17b-16e-instruct"));
        QJsonObject text = o.value(QStringLiteral("text_config")).toObject();
        text.insert(QStringLiteral("num_attention_heads"), QStringLiteral("forty"));
        o.insert(QStringLiteral("text_config"), text);
        HfModel bad;
        const HfConfigError e = readHfConfigObject(o, QString(), bad);
        QCOMPARE(e.code, HfConfigError::Code::WrongType);
        QCOMPARE(e.field, QStringLiteral("text_config.num_attention_heads"));
        // A multimodal config without its language model.
        o.remove(QStringLiteral("text_config"));
        QCOMPARE(readHfConfigObject(o, QString(), bad).field, QStringLiteral("text_config"));
    }

    // The vision towers Headroom counts (hfvision.cpp), by hand. Qwen3-VL-8B's (its fixture,
    // transformers models/qwen3_vl): Conv3d 3 x 2 x 16 x 16 x 1,152 + 1,152; 2,304 positions x
    // 1,152; 27 layers of two LayerNorms 4,608, qkv 1,152 x 3,456 + 3,456, proj 1,152² + 1,152,
    // fc1 1,152 x 4,304 + 4,304, fc2 4,304 x 1,152 + 1,152 = 15,239,504; the merger (LayerNorm
    // 2,304, 4,608² + 4,608, 4,608 x 4,096 + 4,096) and three deepstack mergers (their LayerNorm
    // over 4,608): 1,770,624 + 2,654,208 + 411,466,608 + 40,119,040 + 3 x 40,125,952 =
    // 576,388,336; with the language model 8,767,123,696, the 8.77 B its card gives.
    void visionTowers()
    {
        HfModel vl;
        QVERIFY(readHfConfig(fixture(QStringLiteral("qwen3-vl-8b-instruct")), QString(), vl).ok());
        QCOMPARE(qint64(vl.visionParameters), Q_INT64_C(576388336));
        QCOMPARE(vl.visionKind, QStringLiteral("Qwen3-VL"));
        QVERIFY(withinRounding(qint64(parameterCounts(vl.model).total(36) + vl.visionParameters), 8.77e9, 0.005e9));
        QVERIFY(!vl.warnings.contains(QStringLiteral("vision_config"))); // in the estimate
        QVERIFY(vl.used.contains(QStringLiteral("vision_config.depth")));
        // The shape the estimate reads, as the fixture states it (Qwen3VLVisionConfig): 27 blocks
        // of 1,152 with 16 heads and an MLP of 4,304, patches of 16 (the class default too) over
        // 2 frames, merged 2 x 2, three deepstack mergers.
        const VisionSpec &v = vl.model.vision;
        QCOMPARE(v.kind, VisionTowerKind::Qwen3Vl);
        QCOMPARE(qint64(v.parameters), Q_INT64_C(576388336));
        QCOMPARE(qint64(v.layers), 27);
        QCOMPARE(qint64(v.hidden), 1152);
        QCOMPARE(qint64(v.heads), 16);
        QCOMPARE(qint64(v.ffn), 4304);
        QCOMPARE(qint64(v.patch), 16);
        QCOMPARE(qint64(v.temporalPatch), 2);
        QCOMPARE(qint64(v.merge), 2);
        QCOMPARE(qint64(v.deepstackMergers), 3);

        // Gemma-3-4b's sizes: SigLIP at 896 px in patches of 14 (4,096 positions), 27 layers of
        // H 1,152 and I 4,304 without the pooling head: Conv2d 3 x 14² x 1,152 + 1,152 = 678,528,
        // positions 4,718,592, layers 27 x 15,239,504, post LayerNorm 2,304 = 416,866,032; the
        // projector 1,152 x 2,560 + its RMSNorm 1,152 = 2,950,272. With the language model
        // (gemma3TextDefaults) 4,300,079,472: the 4.3 B of its card.
        const QJsonObject gemma{ { QStringLiteral("model_type"), QStringLiteral("gemma3") },
                                 { QStringLiteral("text_config"), QJsonObject{ { QStringLiteral("hidden_size"), 2560 },
                                                                               { QStringLiteral("intermediate_size"), 10240 },
                                                                               { QStringLiteral("model_type"), QStringLiteral("gemma3_text") },
                                                                               { QStringLiteral("num_hidden_layers"), 34 } } },
                                 { QStringLiteral("vision_config"), QJsonObject{ { QStringLiteral("hidden_size"), 1152 },
                                                                                 { QStringLiteral("image_size"), 896 },
                                                                                 { QStringLiteral("intermediate_size"), 4304 },
                                                                                 { QStringLiteral("model_type"), QStringLiteral("siglip_vision_model") },
                                                                                 { QStringLiteral("num_attention_heads"), 16 },
                                                                                 { QStringLiteral("num_hidden_layers"), 27 },
                                                                                 { QStringLiteral("patch_size"), 14 },
                                                                                 { QStringLiteral("vision_use_head"), false } } } };
        HfModel g;
        QVERIFY(readHfConfigObject(gemma, QString(), g).ok());
        QCOMPARE(qint64(g.visionParameters), Q_INT64_C(416866032) + Q_INT64_C(2950272));
        QCOMPARE(qint64(parameterCounts(g.model).total(34) + g.visionParameters), Q_INT64_C(4300079472));
        // Its images: 896 px at every size, pooled to Gemma3Config's 256 tokens.
        QCOMPARE(g.model.vision.kind, VisionTowerKind::Siglip);
        QCOMPARE(qint64(g.model.vision.imageSize), 896);
        QCOMPARE(qint64(g.model.vision.tokensPerImage), 256);

        // Qwen2.5-VL-7B, its language model at the top level (the files before transformers
        // nested it): Conv3d without bias 3 x 2 x 14² x 1,280 = 1,505,280; 32 layers of two
        // RMSNorms 2,560, qkv 1,280 x 3,840 + 3,840, proj 1,280² + 1,280, gate and up 1,280 x 3,420
        // + 3,420 each, down 3,420 x 1,280 + 1,280 = 19,702,200; the merger (RMSNorm 1,280,
        // 5,120² + 5,120, 5,120 x 3,584 + 3,584): 676,550,144; with Qwen2-7B's 7,615,616,512:
        // 8,292,166,656, the 8.29 B of its card.
        const QJsonObject qwen25{ { QStringLiteral("model_type"), QStringLiteral("qwen2_5_vl") }, { QStringLiteral("hidden_size"), 3584 },
                              { QStringLiteral("num_hidden_layers"), 28 }, { QStringLiteral("num_attention_heads"), 28 },
                              { QStringLiteral("num_key_value_heads"), 4 }, { QStringLiteral("intermediate_size"), 18944 },
                              { QStringLiteral("vocab_size"), 152064 }, { QStringLiteral("tie_word_embeddings"), false },
                              { QStringLiteral("vision_config"), QJsonObject{ { QStringLiteral("depth"), 32 }, { QStringLiteral("hidden_size"), 1280 },
                                                                              { QStringLiteral("intermediate_size"), 3420 },
                                                                              { QStringLiteral("num_heads"), 16 }, { QStringLiteral("in_chans"), 3 },
                                                                              { QStringLiteral("out_hidden_size"), 3584 },
                                                                              { QStringLiteral("patch_size"), 14 },
                                                                              { QStringLiteral("spatial_merge_size"), 2 },
                                                                              { QStringLiteral("temporal_patch_size"), 2 } } } };
        HfModel q25;
        const HfConfigError e25 = readHfConfigObject(qwen25, QString(), q25);
        QVERIFY2(e25.ok(), qPrintable(hfConfigErrorText(e25)));
        QCOMPARE(q25.modelType, QStringLiteral("qwen2"));
        QCOMPARE(qint64(q25.visionParameters), Q_INT64_C(676550144));
        QCOMPARE(qint64(parameterCounts(q25.model).total(28) + q25.visionParameters), Q_INT64_C(8292166656));
        // The file states no windows: Qwen2_5_VLVisionConfig's 112 px and blocks 7, 15, 23, 31.
        QCOMPARE(q25.model.vision.kind, VisionTowerKind::Qwen25Vl);
        QCOMPARE(qint64(q25.model.vision.windowSize), 112);
        QCOMPARE(qint64(q25.model.vision.fullBlocks), 4);

        // Qwen2-VL-7B: LayerNorms with bias and an fc1/fc2 MLP of 4 x 1,280: 32 x 19,677,440 +
        // 1,505,280 + the merger's LayerNorm 2,560 and its two Linears = 675,759,104.
        QJsonObject qwen2 = qwen25;
        qwen2.insert(QStringLiteral("model_type"), QStringLiteral("qwen2_vl"));
        qwen2.insert(QStringLiteral("vision_config"),
                     QJsonObject{ { QStringLiteral("depth"), 32 }, { QStringLiteral("embed_dim"), 1280 }, { QStringLiteral("mlp_ratio"), 4 },
                                  { QStringLiteral("num_heads"), 16 }, { QStringLiteral("in_chans"), 3 }, { QStringLiteral("hidden_size"), 3584 },
                                  { QStringLiteral("patch_size"), 14 }, { QStringLiteral("spatial_merge_size"), 2 },
                                  { QStringLiteral("temporal_patch_size"), 2 } });
        HfModel q2;
        QVERIFY(readHfConfigObject(qwen2, QString(), q2).ok());
        QCOMPARE(qint64(q2.visionParameters), Q_INT64_C(675759104));

        // LLaVA-1.5-7B (the keys of llava-hf/llava-1.5-7b-hf's config.json): CLIP ViT-L/14 at
        // 336 px without its projection head: the class embedding 1,024, Conv2d 3 x 14² x 1,024 =
        // 602,112, 577 positions 590,848, pre_layrnorm 2,048, 24 layers of two LayerNorms 4,096,
        // q, k, v, out_proj 4 x (1,024² + 1,024) = 4,198,400, fc1 4,194,304 + 4,096, fc2 4,194,304 +
        // 1,024 (12,596,224 a layer), post_layernorm 2,048: 303,507,456; the projector 1,024 x
        // 4,096 + 4,096 and 4,096² + 4,096: 20,979,712. With Vicuna-7B at the file's vocabulary of
        // 32,064 (6,738,939,904): 7,063,427,072, the 7.06 B its card gives. Its images are 576
        // tokens (24 x 24 patches, the class token dropped by the "default" strategy).
        const QJsonObject llava{ { QStringLiteral("model_type"), QStringLiteral("llava") }, { QStringLiteral("vocab_size"), 32064 },
                                 { QStringLiteral("tie_word_embeddings"), false }, { QStringLiteral("projector_hidden_act"), QStringLiteral("gelu") },
                                 { QStringLiteral("vision_feature_layer"), -2 },
                                 { QStringLiteral("vision_feature_select_strategy"), QStringLiteral("default") },
                                 { QStringLiteral("text_config"), QJsonObject{ { QStringLiteral("model_type"), QStringLiteral("llama") },
                                                                               { QStringLiteral("max_position_embeddings"), 4096 },
                                                                               { QStringLiteral("rms_norm_eps"), 1e-5 },
                                                                               { QStringLiteral("vocab_size"), 32064 } } },
                                 { QStringLiteral("vision_config"), QJsonObject{ { QStringLiteral("hidden_size"), 1024 },
                                                                                 { QStringLiteral("image_size"), 336 },
                                                                                 { QStringLiteral("intermediate_size"), 4096 },
                                                                                 { QStringLiteral("model_type"), QStringLiteral("clip_vision_model") },
                                                                                 { QStringLiteral("num_attention_heads"), 16 },
                                                                                 { QStringLiteral("num_hidden_layers"), 24 },
                                                                                 { QStringLiteral("patch_size"), 14 },
                                                                                 { QStringLiteral("projection_dim"), 768 },
                                                                                 { QStringLiteral("vocab_size"), 32000 } } } };
        HfModel lv;
        const HfConfigError el = readHfConfigObject(llava, QString(), lv);
        QVERIFY2(el.ok(), qPrintable(hfConfigErrorText(el)));
        QCOMPARE(lv.visionKind, QStringLiteral("CLIP"));
        QCOMPARE(qint64(lv.visionParameters), Q_INT64_C(303507456) + Q_INT64_C(20979712));
        QCOMPARE(qint64(parameterCounts(lv.model).total(lv.model.layers) + lv.visionParameters), Q_INT64_C(7063427072));
        QVERIFY(withinRounding(qint64(parameterCounts(lv.model).total(lv.model.layers) + lv.visionParameters), 7.06e9, 0.005e9));
        QCOMPARE(lv.model.vision.kind, VisionTowerKind::Clip);
        QVERIFY(lv.model.vision.classToken);
        QCOMPARE(qint64(lv.model.vision.tokensPerImage), 576);
        QVERIFY(!lv.warnings.contains(QStringLiteral("vision_config")));
        QVERIFY2(lv.unrecognized.isEmpty(), qPrintable(lv.unrecognized.join(QLatin1Char(','))));

        // A bad value in vision_config is named by its path.
        QJsonObject bad = qwen2;
        QJsonObject badVision = bad.value(QStringLiteral("vision_config")).toObject();
        badVision.insert(QStringLiteral("depth"), QStringLiteral("deep"));
        bad.insert(QStringLiteral("vision_config"), badVision);
        HfModel b;
        QCOMPARE(readHfConfigObject(bad, QString(), b).field, QStringLiteral("vision_config.depth"));
    }

    // Pixtral's tower (Mistral Small 3.x, Pixtral-12B) and Llama 4's, counted by hand from their
    // modeling files (hfvision.cpp names them) and held against the totals published for the
    // whole checkpoints. Images through them are refused until what they save is measured.
    void pixtralAndLlama4Towers()
    {
        // Mistral-Small-3.2-24B (its config.json, the fixture). The tower: Conv2d without bias
        // 3 x 14² x 1,024 = 602,112, ln_pre 1,024, 24 layers of two RMSNorms 2,048, q/k/v/o
        // 4 x 1,024² = 4,194,304 and the gated MLP 3 x 1,024 x 4,096 = 12,582,912: 16,779,264
        // each, 402,702,336: 403,305,472. Mistral 3's projector: its RMSNorm 1,024, the patch
        // merger 4,096 x 1,024 = 4,194,304, linear_1 1,024 x 5,120 = 5,242,880 and linear_2
        // 5,120² = 26,214,400, without biases: 35,652,608. The language model: tables
        // 2 x 131,072 x 5,120 = 1,342,177,280, 40 layers of q 5,120 x 4,096, k and v
        // 5,120 x 1,024, o, the MLP 3 x 5,120 x 32,768 and two norms (555,755,520 each), the final
        // norm: 23,572,403,200. In all 24,011,361,280: keras-hub's count of the checkpoint.
        HfModel m;
        QVERIFY(readHfConfig(fixture(QStringLiteral("mistral-small-3.2-24b-instruct-2506")), QString(), m).ok());
        QCOMPARE(qint64(m.visionParameters), Q_INT64_C(403305472) + Q_INT64_C(35652608));
        QCOMPARE(qint64(parameterCounts(m.model).total(m.model.layers)), Q_INT64_C(23572403200));
        QCOMPARE(qint64(parameterCounts(m.model).total(m.model.layers) + m.visionParameters), Q_INT64_C(24011361280));
        QCOMPARE(m.visionKind, QStringLiteral("Pixtral"));
        QCOMPARE(m.model.vision.kind, VisionTowerKind::Pixtral);
        QCOMPARE(qint64(m.model.vision.parameters), Q_INT64_C(438958080));
        QCOMPARE(qint64(m.model.vision.merge), 2);
        QCOMPARE(qint64(m.model.vision.imageSize), 1540);
        QVERIFY(!m.model.vision.fixedSize()); // image_size is the longest side, not every image's
        QVERIFY(!m.warnings.contains(QStringLiteral("vision_config")));
        QVERIFY2(m.unrecognized.isEmpty(), qPrintable(m.unrecognized.join(QLatin1Char(','))));

        // In the estimate its weights count, and images through it (tst_visiontower: measured);
        // under SDPA its block mask is refused by name.
        ScenarioSpec spec;
        spec.scenario.model = m.model;
        QVERIFY(validate(spec.scenario).empty());
        spec.scenario.training.images = 1;
        spec.scenario.training.imageHeight = spec.scenario.training.imageWidth = 1024;
        spec.scenario.activations.attention = AttentionKernel::Flash;
        QVERIFY(validate(spec.scenario).empty());
        spec.scenario.activations.attention = AttentionKernel::Sdpa;
        QCOMPARE(onlyConflict(validate(spec.scenario)), Conflict::PixtralMaskedSdpa);
        spec.scenario.activations.attention = AttentionKernel::Flash;

        // Pixtral-12B in LLaVA's layout (mistral-community/pixtral-12b): patches of 16 at up to
        // 1,024 px, no merger, LlavaConfig's projector with biases. The tower: Conv2d
        // 3 x 16² x 1,024 = 786,432, ln_pre and the 24 layers as above: 403,489,792; the projector
        // 1,024 x 5,120 + 5,120 and 5,120² + 5,120: 31,467,520. Mistral-NeMo-12B's language model
        // (MLP 3 x 5,120 x 14,336): 12,247,782,400. In all 12,682,739,712.
        const QJsonObject pixtral{
            { QStringLiteral("model_type"), QStringLiteral("llava") },
            { QStringLiteral("text_config"), QJsonObject{ { QStringLiteral("model_type"), QStringLiteral("mistral") },
                                                          { QStringLiteral("hidden_size"), 5120 },
                                                          { QStringLiteral("head_dim"), 128 },
                                                          { QStringLiteral("intermediate_size"), 14336 },
                                                          { QStringLiteral("num_attention_heads"), 32 },
                                                          { QStringLiteral("num_key_value_heads"), 8 },
                                                          { QStringLiteral("num_hidden_layers"), 40 },
                                                          { QStringLiteral("vocab_size"), 131072 } } },
            { QStringLiteral("vision_config"), QJsonObject{ { QStringLiteral("model_type"), QStringLiteral("pixtral") },
                                                            { QStringLiteral("hidden_size"), 1024 },
                                                            { QStringLiteral("intermediate_size"), 4096 },
                                                            { QStringLiteral("num_hidden_layers"), 24 },
                                                            { QStringLiteral("num_attention_heads"), 16 },
                                                            { QStringLiteral("image_size"), 1024 },
                                                            { QStringLiteral("patch_size"), 16 } } },
            { QStringLiteral("vision_feature_layer"), -1 } };
        HfModel p;
        QVERIFY(readHfConfigObject(pixtral, QString(), p).ok());
        QCOMPARE(qint64(p.visionParameters), Q_INT64_C(403489792) + Q_INT64_C(31467520));
        QCOMPARE(qint64(parameterCounts(p.model).total(p.model.layers)), Q_INT64_C(12247782400));
        QCOMPARE(qint64(parameterCounts(p.model).total(p.model.layers) + p.visionParameters), Q_INT64_C(12682739712));
        QCOMPARE(qint64(p.model.vision.merge), 1);
        // Its images run through the tower and LLaVA's projector (tst_visiontower: measured), a
        // token a patch: 1,024 px is 4,096 tokens, beyond S = 2,048; 512 px is 1,024.
        spec.scenario.model = p.model;
        QCOMPARE(onlyConflict(validate(spec.scenario)), Conflict::None);
        QVERIFY(!validate(spec.scenario).empty());
        spec.scenario.training.imageHeight = spec.scenario.training.imageWidth = 512;
        QVERIFY(validate(spec.scenario).empty());

        // Llama-4-Scout: its fixture's language model (107,769,861,120) and the vision_config of
        // its checkpoint. The tower: the unfold linear 3 x 14² x 1,408 = 827,904, the class
        // token 1,408, (336 / 14)² + 1 = 577 positions x 1,408 = 812,416, layernorm_pre and _post
        // 5,632, 34 layers of q/k/v/o 4 x (1,408² + 1,408) = 7,935,488, fc1 and fc2 with biases
        // 2 x 1,408 x 5,632 + 5,632 + 1,408 = 15,866,752 and two LayerNorms 5,632: 809,467,648;
        // the pixel-shuffle MLP 5,632 x 4,096 + 4,096² = 39,845,888: 850,960,896. The projector
        // 4,096 x 5,120 = 20,971,520. In all 108,641,793,536: the checkpoint's Hub total.
        QJsonObject scout = fixtureObject(QStringLiteral("llama-4-scout-17b-16e-instruct"));
        const QJsonObject scoutVision{ { QStringLiteral("model_type"), QStringLiteral("llama4_vision_model") },
                                       { QStringLiteral("hidden_size"), 1408 },
                                       { QStringLiteral("intermediate_size"), 5632 },
                                       { QStringLiteral("num_hidden_layers"), 34 },
                                       { QStringLiteral("num_attention_heads"), 16 },
                                       { QStringLiteral("image_size"), 336 },
                                       { QStringLiteral("patch_size"), 14 },
                                       { QStringLiteral("projector_input_dim"), 4096 },
                                       { QStringLiteral("projector_output_dim"), 4096 },
                                       { QStringLiteral("vision_output_dim"), 4096 },
                                       { QStringLiteral("pixel_shuffle_ratio"), 0.5 },
                                       { QStringLiteral("multi_modal_projector_bias"), false } };
        scout.insert(QStringLiteral("vision_config"), scoutVision);
        HfModel l;
        QVERIFY(readHfConfigObject(scout, QString(), l).ok());
        QCOMPARE(qint64(l.visionParameters), Q_INT64_C(850960896) + Q_INT64_C(20971520));
        QCOMPARE(qint64(parameterCounts(l.model).total(l.model.layers) + l.visionParameters), Q_INT64_C(108641793536));
        QCOMPARE(l.model.vision.kind, VisionTowerKind::Llama4);
        QVERIFY(!l.warnings.contains(QStringLiteral("vision_config")));
        // Nor is Llama 4's.
        spec.scenario.model = l.model;
        QCOMPARE(onlyConflict(validate(spec.scenario)), Conflict::VisionImagesNotMeasured);

        // Llama4VisionConfig's defaults are no checkpoint's: a size left out is refused by name.
        QJsonObject partial = scoutVision;
        partial.remove(QStringLiteral("vision_output_dim"));
        scout.insert(QStringLiteral("vision_config"), partial);
        HfModel none;
        QCOMPARE(readHfConfigObject(scout, QString(), none).field, QStringLiteral("vision_config.vision_output_dim"));
    }

    // Gemma-3's multimodal files state in text_config only what differs from Gemma3TextConfig's
    // defaults (vocabulary 262,208, 8 heads, 4 KV heads, head dimension 256). With gemma-3-4b's
    // sizes (H 2,560, 34 layers, F 10,240): a layer is q 2,560 x 2,048, k and v 2,560 x 1,024, o,
    // q/k norms 512, MLP 3 x 2,560 x 10,240, four norms 10,240 = 94,382,592; the tied table
    // 262,208 x 2,560 and the final norm: 3,880,263,168 (the language model of the 4.3 B).
    void gemma3TextDefaults()
    {
        const QJsonObject o{ { QStringLiteral("model_type"), QStringLiteral("gemma3") },
                             { QStringLiteral("text_config"), QJsonObject{ { QStringLiteral("hidden_size"), 2560 },
                                                                           { QStringLiteral("intermediate_size"), 10240 },
                                                                           { QStringLiteral("model_type"), QStringLiteral("gemma3_text") },
                                                                           { QStringLiteral("num_hidden_layers"), 34 } } },
                             { QStringLiteral("mm_tokens_per_image"), 256 } };
        HfModel m;
        const HfConfigError e = readHfConfigObject(o, QString(), m);
        QVERIFY2(e.ok(), qPrintable(hfConfigErrorText(e)));
        QCOMPARE(qint64(parameterCounts(m.model).total(34)), Q_INT64_C(3880263168));
        QVERIFY(m.model.tiedEmbeddings);
        QCOMPARE(m.model.softcap, Switch::Off);
    }

    // Models whose layers are not all attention and whose mixers Headroom does not model are
    // refused by what the layers are: by model_type, or by a layer_types entry in a family
    // without mixers (Qwen3-Next's Gated DeltaNet is read: tst_hybridlayers).
    void hybridsRefusedByTheirLayers()
    {
        for (const char *file : { "nemotron-h-56b-base-8k" }) {
            HfModel m;
            const HfConfigError e = readHfConfig(fixture(QLatin1String(file)), QString(), m);
            QCOMPARE(e.code, HfConfigError::Code::HybridLayers);
            QVERIFY(hfConfigErrorText(e).contains(QLatin1String(file)));
        }
        QJsonObject o = fixtureObject(QStringLiteral("qwen3-0.6b"));
        QJsonArray types;
        for (int i = 0; i < 28; ++i)
            types.append(i % 4 == 3 ? QStringLiteral("full_attention") : QStringLiteral("linear_attention"));
        o.insert(QStringLiteral("layer_types"), types);
        HfModel m;
        const HfConfigError e = readHfConfigObject(o, QString(), m);
        QCOMPARE(e.code, HfConfigError::Code::HybridLayers);
        QCOMPARE(e.field, QStringLiteral("layer_types[0]"));
        QVERIFY(hfConfigErrorText(e).contains(QStringLiteral("linear_attention")));
    }

    // --hf-family reads an unknown model_type as a known one; a config whose structure the family
    // lacks is refused naming the key (Llama 4 read as LLaMA lost its experts in silence).
    void hfFamilyContradictionsRefused()
    {
        struct Case
        {
            const char *file;
            const char *family;
            const char *key;
        };
        const Case cases[] = {
            { "llama-4-scout-17b-16e-instruct", "llama", "text_config" },
            { "gpt-oss-20b", "llama", "num_local_experts" },
            { "qwen3-235b-a22b", "qwen3", "num_experts" },
            { "kimi-k2-instruct", "mixtral", "n_routed_experts" },
        };
        for (const Case &c : cases) {
            HfModel m;
            const HfConfigError e = readHfConfig(fixture(QLatin1String(c.file)), QLatin1String(c.family), m);
            QCOMPARE(e.code, HfConfigError::Code::Contradiction);
            QCOMPARE(e.field, QLatin1String(c.key));
            QVERIFY(hfConfigErrorText(e).contains(QStringLiteral("--hf-family %1").arg(QLatin1String(c.family))));
        }
        // Llama 4's language model flattened to the top level, read as LLaMA: its experts say no.
        const QJsonObject text = fixtureObject(QStringLiteral("llama-4-scout-17b-16e-instruct")).value(QStringLiteral("text_config")).toObject();
        HfModel flat;
        const HfConfigError e = readHfConfigObject(text, QStringLiteral("llama"), flat);
        QCOMPARE(e.code, HfConfigError::Code::Contradiction);
        // A custom model_type with LLaMA's fields reads as LLaMA.
        QJsonObject custom = fixtureObject(QStringLiteral("qwen3-0.6b"));
        custom.insert(QStringLiteral("model_type"), QStringLiteral("my_llama"));
        HfModel ok;
        QVERIFY(readHfConfigObject(custom, QStringLiteral("qwen3"), ok).ok());
        QCOMPARE(qint64(parameterCounts(ok.model).total(28)), Q_INT64_C(596049920));
    }

    // GLM-4.5's layout (transformers models/glm4_moe: DeepSeek-V3's routing over grouped-query
    // attention with q, k, v biases, o without, q/k norms), on a small config by hand: H 64, 3
    // layers, 4 heads of 16 (2 KV heads), the first layer dense (F 128), then 8 experts of 32,
    // one shared. Attention: q 64 x 64 + 64, k and v 64 x 32 + 32 each, o 64 x 64, q/k norms 32
    // = 12,448. Dense layer: + 3 x 64 x 128 + 128 = 37,152. MoE layer: + router 64 x 8 + its
    // correction bias 8 + 9 x 3 x 64 x 32 + 128 = 68,392. Embedding and head 2 x 1,000 x 64,
    // final norm 64: 37,152 + 2 x 68,392 + 128,064 = 302,000.
    void glm45Layout()
    {
        const QJsonObject o{ { QStringLiteral("model_type"), QStringLiteral("glm4_moe") }, { QStringLiteral("hidden_size"), 64 },
                             { QStringLiteral("num_hidden_layers"), 3 }, { QStringLiteral("num_attention_heads"), 4 },
                             { QStringLiteral("num_key_value_heads"), 2 }, { QStringLiteral("head_dim"), 16 },
                             { QStringLiteral("intermediate_size"), 128 }, { QStringLiteral("moe_intermediate_size"), 32 },
                             { QStringLiteral("n_routed_experts"), 8 }, { QStringLiteral("num_experts_per_tok"), 2 },
                             { QStringLiteral("n_shared_experts"), 1 }, { QStringLiteral("first_k_dense_replace"), 1 },
                             { QStringLiteral("attention_bias"), true }, { QStringLiteral("use_qk_norm"), true },
                             { QStringLiteral("partial_rotary_factor"), 0.5 }, { QStringLiteral("num_nextn_predict_layers"), 1 },
                             { QStringLiteral("vocab_size"), 1000 } };
        HfModel m;
        const HfConfigError e = readHfConfigObject(o, QString(), m);
        QVERIFY2(e.ok(), qPrintable(hfConfigErrorText(e)));
        QCOMPARE(qint64(parameterCounts(m.model).total(3)), Q_INT64_C(302000));
        QCOMPARE(m.model.rotaryFraction, 0.5);
        // The checkpoint's multi-token-prediction layer, which transformers does not build: a warning.
        QVERIFY(m.warnings.contains(QStringLiteral("num_nextn_predict_layers")));
    }

    // The older families the issue lists, on configs with their published sizes, by hand:
    // MPT-7B (d_model 4,096, 32 layers, expansion 4, vocabulary 50,432, no_bias): 32 x (12 H² +
    // two LayerNorms of H without bias) + the tied table + the final norm = 6,649,286,656.
    // DBRX (d_model 6,144, 40 layers, 48 heads, 8 KV heads, 16 experts of 10,752, top 4,
    // vocabulary 100,352, untied): a layer Wqkv 6,144 x 8,192, out_proj 6,144², norms 12,288,
    // router 6,144 x 16, experts 16 x 3 x 6,144 x 10,752 = 3,259,084,800; 40 of them, table and
    // head, final norm: 131,596,523,520, active 36,469,708,800 (its authors: 132 B, 36 B active).
    // ChatGLM3-6B (hidden 4,096, 28 layers, 32 heads of 128, 2 key-value groups, ffn 13,696,
    // padded vocabulary 65,024, q/k/v bias): a layer 4,096 x 4,608 + 4,608, 4,096², 4,096 x
    // 27,392, 13,696 x 4,096, norms 8,192 = 203,960,832; 28 of them, untied table and head, final
    // norm: 6,243,584,000 (6.2 B); GLM-4-9B the same layer 40 times over 151,552 tokens:
    // 9,399,951,360 (9.4 B).
    void olderFamilies()
    {
        const QJsonObject mpt{ { QStringLiteral("model_type"), QStringLiteral("mpt") }, { QStringLiteral("d_model"), 4096 },
                               { QStringLiteral("n_heads"), 32 }, { QStringLiteral("n_layers"), 32 },
                               { QStringLiteral("expansion_ratio"), 4 }, { QStringLiteral("vocab_size"), 50432 },
                               { QStringLiteral("no_bias"), true }, { QStringLiteral("max_seq_len"), 2048 },
                               { QStringLiteral("attn_config"), QJsonObject{ { QStringLiteral("alibi"), true },
                                                                             { QStringLiteral("attn_impl"), QStringLiteral("torch") },
                                                                             { QStringLiteral("qk_ln"), false } } } };
        HfModel m;
        QVERIFY(readHfConfigObject(mpt, QString(), m).ok());
        QCOMPARE(qint64(parameterCounts(m.model).total(32)), Q_INT64_C(6649286656));
        QVERIFY(m.used.contains(QStringLiteral("attn_config.qk_ln")));
        QVERIFY(m.ignored.contains(QStringLiteral("attn_config.attn_impl")));

        const QJsonObject dbrx{ { QStringLiteral("model_type"), QStringLiteral("dbrx") }, { QStringLiteral("d_model"), 6144 },
                                { QStringLiteral("n_heads"), 48 }, { QStringLiteral("n_layers"), 40 },
                                { QStringLiteral("vocab_size"), 100352 }, { QStringLiteral("max_seq_len"), 32768 },
                                { QStringLiteral("attn_config"), QJsonObject{ { QStringLiteral("kv_n_heads"), 8 },
                                                                              { QStringLiteral("clip_qkv"), 8 },
                                                                              { QStringLiteral("rope_theta"), 500000 } } },
                                { QStringLiteral("ffn_config"), QJsonObject{ { QStringLiteral("ffn_hidden_size"), 10752 },
                                                                             { QStringLiteral("moe_num_experts"), 16 },
                                                                             { QStringLiteral("moe_top_k"), 4 },
                                                                             { QStringLiteral("moe_jitter_eps"), 0.01 } } } };
        HfModel d;
        QVERIFY(readHfConfigObject(dbrx, QString(), d).ok());
        QCOMPARE(qint64(parameterCounts(d.model).total(40)), Q_INT64_C(131596523520));
        QCOMPARE(qint64(parameterCounts(d.model).active(40)), Q_INT64_C(36469708800));
        QVERIFY(withinRounding(qint64(parameterCounts(d.model).total(40)), 132e9, 0.5e9));
        QVERIFY(withinRounding(qint64(parameterCounts(d.model).active(40)), 36e9, 0.5e9));
        QVERIFY(d.used.contains(QStringLiteral("ffn_config.moe_top_k")));
        // A nested key of the wrong type is named by its path.
        QJsonObject badDbrx = dbrx;
        badDbrx.insert(QStringLiteral("ffn_config"), QJsonObject{ { QStringLiteral("moe_num_experts"), QStringLiteral("many") } });
        QCOMPARE(readHfConfigObject(badDbrx, QString(), d).field, QStringLiteral("ffn_config.moe_num_experts"));

        QJsonObject glm{ { QStringLiteral("model_type"), QStringLiteral("chatglm") }, { QStringLiteral("hidden_size"), 4096 },
                         { QStringLiteral("num_layers"), 28 }, { QStringLiteral("num_attention_heads"), 32 },
                         { QStringLiteral("kv_channels"), 128 }, { QStringLiteral("multi_query_attention"), true },
                         { QStringLiteral("multi_query_group_num"), 2 }, { QStringLiteral("ffn_hidden_size"), 13696 },
                         { QStringLiteral("padded_vocab_size"), 65024 }, { QStringLiteral("add_qkv_bias"), true },
                         { QStringLiteral("add_bias_linear"), false }, { QStringLiteral("rmsnorm"), true },
                         { QStringLiteral("post_layer_norm"), true }, { QStringLiteral("seq_length"), 8192 } };
        HfModel g;
        QVERIFY(readHfConfigObject(glm, QString(), g).ok());
        QCOMPARE(qint64(parameterCounts(g.model).total(28)), Q_INT64_C(6243584000));
        QVERIFY(withinRounding(qint64(parameterCounts(g.model).total(28)), 6.2e9, 0.05e9));
        glm.insert(QStringLiteral("num_layers"), 40);
        glm.insert(QStringLiteral("padded_vocab_size"), 151552);
        QVERIFY(readHfConfigObject(glm, QString(), g).ok());
        QCOMPARE(qint64(parameterCounts(g.model).total(40)), Q_INT64_C(9399951360));
        QVERIFY(withinRounding(qint64(parameterCounts(g.model).total(40)), 9.4e9, 0.05e9));
        // A model without its final norm is warned under the key that says so, not under rmsnorm.
        glm.insert(QStringLiteral("post_layer_norm"), false);
        QVERIFY(readHfConfigObject(glm, QString(), g).ok());
        QVERIFY(g.warnings.contains(QStringLiteral("post_layer_norm")));
        QVERIFY(!g.warnings.contains(QStringLiteral("rmsnorm")));
    }

    // MiniMax-M2.5 (its fixture; MiniMax-M2's layout, transformers models/minimax_m2): q 3,072 x
    // 6,144, k and v 3,072 x 1,024, o, q/k norms over the whole layer 6,144 + 1,024 = 44,047,360;
    // router 3,072 x 256 + its bias 256; 256 experts of 3 x 3,072 x 1,536; norms 6,144: a layer
    // 3,668,718,848; 62 of them, untied 200,064 x 3,072 table and head, final norm:
    // 228,689,764,864 (M2's card: 230 B, 10 B active without the table's lookup). OLMo-2-7B's sizes
    // (H 4,096, 32 layers and heads, F 11,008, vocabulary 100,352): 32 x (4 H² + 3 H F + q/k norms
    // 2 H + norms 2 H) + table, head, final norm = 7,298,617,344 (7.3 B).
    void wholeLayerQkNorms()
    {
        HfModel mm;
        const HfConfigError e = readHfConfig(fixture(QStringLiteral("minimax-m2.5")), QString(), mm);
        QVERIFY2(e.ok(), qPrintable(hfConfigErrorText(e)));
        const ParameterCounts c = parameterCounts(mm.model);
        QCOMPARE(qint64(c.total(62)), Q_INT64_C(228689764864));
        QVERIFY(withinRounding(qint64(c.total(62)), 230e9, 5e9));
        QVERIFY(withinRounding(qint64(c.active(62) - mm.model.vocab * mm.model.hidden), 10e9, 0.5e9));
        QCOMPARE(mm.model.rotaryFraction, 0.5);
        QVERIFY(mm.warnings.contains(QStringLiteral("use_mtp")));
        QVERIFY(mm.model.qkNormWhole);
        // FP8 weights in blocks of 128 x 128: stored, not a base Headroom models: a warning.
        QVERIFY(mm.warnings.contains(QStringLiteral("quantization_config")));

        const QJsonObject olmo{ { QStringLiteral("model_type"), QStringLiteral("olmo2") }, { QStringLiteral("hidden_size"), 4096 },
                                { QStringLiteral("num_hidden_layers"), 32 }, { QStringLiteral("num_attention_heads"), 32 },
                                { QStringLiteral("intermediate_size"), 11008 }, { QStringLiteral("vocab_size"), 100352 } };
        HfModel o;
        QVERIFY(readHfConfigObject(olmo, QString(), o).ok());
        QCOMPARE(qint64(parameterCounts(o.model).total(32)), Q_INT64_C(7298617344));
        QVERIFY(withinRounding(qint64(parameterCounts(o.model).total(32)), 7.3e9, 0.05e9));
    }

    // The switches the new families need travel through a scenario file: written, read back,
    // the same model and the same count (gpt-oss: sinks, expert and router biases; BLOOM: the
    // embedding norm; DeepSeek-V3.2: the indexer).
    void switchesSurviveAScenarioFile()
    {
        Catalogue catalogue;
        for (const char *file : { "gpt-oss-20b", "bloom-560m", "deepseek-v3.2", "minimax-m2.5", "qwen3-vl-8b-instruct" }) {
            HfModel m;
            QVERIFY(readHfConfig(fixture(QLatin1String(file)), QString(), m).ok());
            ScenarioSpec spec = realisticDefaults();
            takeModel(spec, m.model);
            // The images and the tower's training travel with the training keys.
            spec.scenario.training.images = 2;
            spec.scenario.training.imageWidth = 1024;
            spec.scenario.training.imageHeight = 768;
            spec.scenario.training.visionTrained = true;
            ScenarioSpec back = realisticDefaults();
            const ScenarioError e = applyScenarioJson(scenarioToJson(spec), catalogue, back);
            QVERIFY2(e.ok(), file);
            QCOMPARE(back.scenario.model.attentionSinks, m.model.attentionSinks);
            QCOMPARE(back.scenario.model.qkNormWhole, m.model.qkNormWhole);
            QCOMPARE(back.scenario.model.embeddingNorm, m.model.embeddingNorm);
            QCOMPARE(back.scenario.model.moe.expertBias, m.model.moe.expertBias);
            QCOMPARE(back.scenario.model.mla.indexHeads, m.model.mla.indexHeads);
            const VisionSpec &v = back.scenario.model.vision;
            QCOMPARE(v.kind, m.model.vision.kind);
            QCOMPARE(v.parameters, m.model.vision.parameters);
            QCOMPARE(v.layers, m.model.vision.layers);
            QCOMPARE(v.hidden, m.model.vision.hidden);
            QCOMPARE(v.heads, m.model.vision.heads);
            QCOMPARE(v.ffn, m.model.vision.ffn);
            QCOMPARE(v.patch, m.model.vision.patch);
            QCOMPARE(v.temporalPatch, m.model.vision.temporalPatch);
            QCOMPARE(v.merge, m.model.vision.merge);
            QCOMPARE(v.deepstackMergers, m.model.vision.deepstackMergers);
            QCOMPARE(back.scenario.training.images, Count(2));
            QCOMPARE(back.scenario.training.imageWidth, Count(1024));
            QCOMPARE(back.scenario.training.imageHeight, Count(768));
            QVERIFY(back.scenario.training.visionTrained);
            QCOMPARE(parameterCounts(back.scenario.model).total(back.scenario.model.layers),
                     parameterCounts(m.model).total(m.model.layers));
        }
    }

    // Every key of every fixture is accounted for: used, metadata, ignored, a warning or listed
    // as unrecognized; none dropped.
    void everyKeyAccountedFor()
    {
        for (const char *file : { "gpt-oss-20b", "gpt-oss-120b", "llama-4-scout-17b-16e-instruct", "llama-4-maverick-17b-128e-instruct",
                                  "kimi-k2-instruct", "deepseek-v3.2", "qwen3-vl-8b-instruct", "mimo-7b-base", "bloom-560m",
                                  "qwen3-235b-a22b", "qwen3-30b-a3b", "qwen3-4b", "qwen3-0.6b", "minimax-m2.5" }) {
            HfModel m;
            QVERIFY2(readHfConfig(fixture(QLatin1String(file)), QString(), m).ok(), file);
            const QStringList seen = m.used + m.metadata + m.ignored + m.warnings + m.unrecognized;
            const QJsonObject o = fixtureObject(QLatin1String(file));
            for (auto it = o.begin(); it != o.end(); ++it) {
                QVERIFY2(seen.contains(it.key()), qPrintable(QLatin1String(file) + QStringLiteral(": ") + it.key()));
                if (it.key() != QLatin1String("text_config") && !(it.key() == QLatin1String("vision_config") && m.visionParameters > 0))
                    continue;
                const QJsonObject nested = it.value().toObject();
                for (auto t = nested.begin(); t != nested.end(); ++t)
                    QVERIFY2(seen.contains(it.key() + QLatin1Char('.') + t.key()),
                             qPrintable(QLatin1String(file) + QStringLiteral(": ") + it.key() + QLatin1Char('.') + t.key()));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestHfFamilies)
#include "tst_hffamilies.moc"
