// A multimodal model's vision tower (visiontower.h): the images as the processor rounds them, the
// tower's states placed as the policy's, what its blocks save, and its place in the estimate and
// the validation; each against a value worked out by hand in the comments from transformers'
// code at 00b676f8 (modeling_qwen2_vl.py, modeling_qwen2_5_vl.py, image_processing_qwen2_vl.py).

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/estimate.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/validation.h>
#include <headroom/memory/visiontower.h>

using namespace headroom;

namespace {

// Qwen2.5-VL-7B's tower (its config.json): 32 blocks of 1,280, 16 heads, MLP 3,420, patches of
// 14 over 2 frames merged 2 x 2, windows of 112 px, four full-attention blocks; 676,550,144
// parameters with the merger (tst_hffamilies counts them).
VisionSpec qwen25Vl7b()
{
    return VisionSpec{ .kind = VisionTowerKind::Qwen25Vl, .parameters = 676'550'144, .layers = 32, .hidden = 1280, .heads = 16,
                       .ffn = 3420, .patch = 14, .temporalPatch = 2, .merge = 2, .imageSize = 0, .tokensPerImage = 0,
                       .windowSize = 112, .fullBlocks = 4, .deepstackMergers = 0 };
}

// Qwen2-VL-7B's: LayerNorms, an fc1/fc2 MLP of 4 x 1,280 with QuickGELU; 675,759,104 parameters.
VisionSpec qwen2Vl7b()
{
    return VisionSpec{ .kind = VisionTowerKind::Qwen2Vl, .parameters = 675'759'104, .layers = 32, .hidden = 1280, .heads = 16,
                       .ffn = 5120, .patch = 14, .temporalPatch = 2, .merge = 2 };
}

// Mistral-Small-3.2-24B's tower (its config.json, tests/fixtures/hf): Pixtral of 24 blocks of
// 1,024, 16 heads, MLP 4,096, patches of 14 merged 2 x 2, images up to 1,540 px a side.
VisionSpec mistralSmallTower()
{
    return VisionSpec{ .kind = VisionTowerKind::Pixtral, .parameters = 438'958'080, .layers = 24, .hidden = 1024, .heads = 16,
                       .ffn = 4096, .patch = 14, .temporalPatch = 1, .merge = 2, .imageSize = 1540 };
}

bool hasConflict(const ValidationIssues &issues, Field f, Conflict why)
{
    for (const ValidationIssue &i : issues)
        if (i.field == f && i.reason == why)
            return true;
    return false;
}

// A small language model beside the tower (its own figures are not what these tests read).
Scenario withTower(const VisionSpec &v)
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 4;
    s.model.hidden = 256;
    s.model.heads = 4;
    s.model.ffn = 688;
    s.model.vocab = 1000;
    s.model.vision = v;
    s.training.microBatch = 1;
    s.training.sequence = 4096;
    s.training.precision.recipe = Recipe::Bf16Master;
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.attention = AttentionKernel::Flash;
    return s;
}

// The scenario of one run of tests/fixtures/calibration/vision-cpu.json: its tower's sizes, its
// precision and attention, under the CPU profile it was measured with.
Scenario fromFixture(const QJsonObject &c)
{
    const QJsonObject z = c.value(QStringLiteral("sizes")).toObject();
    const QString tower = c.value(QStringLiteral("tower")).toString();
    Scenario s = withTower(VisionSpec{});
    VisionSpec &v = s.model.vision;
    v.kind = tower == QLatin1String("qwen2_vl") ? VisionTowerKind::Qwen2Vl
            : tower == QLatin1String("qwen2_5_vl") ? VisionTowerKind::Qwen25Vl
            : tower == QLatin1String("clip")       ? VisionTowerKind::Clip
            : tower == QLatin1String("pixtral") || tower == QLatin1String("pixtral_llava") ? VisionTowerKind::Pixtral
                                                   : VisionTowerKind::Siglip;
    v.classToken = v.kind == VisionTowerKind::Clip;
    if (z.contains(QStringLiteral("vision_feature_layer")))
        v.unusedBlocks = -z.value(QStringLiteral("vision_feature_layer")).toInteger() - 1;
    v.parameters = c.value(QStringLiteral("param_count")).toInteger();
    v.layers = z.value(QStringLiteral("depth")).toInteger();
    v.hidden = z.value(QStringLiteral("hidden")).toInteger();
    v.heads = z.value(QStringLiteral("heads")).toInteger();
    v.ffn = z.value(QStringLiteral("ffn")).toInteger();
    v.patch = z.value(QStringLiteral("patch")).toInteger();
    v.temporalPatch = z.value(QStringLiteral("temporal_patch")).toInteger(1);
    v.merge = z.value(QStringLiteral("merge")).toInteger(1);
    if (v.kind == VisionTowerKind::Pixtral) // the longest side; the images keep their own sizes
        v.imageSize = z.value(QStringLiteral("image_size")).toInteger();
    s.model.hidden = z.value(QStringLiteral("out_hidden")).toInteger();
    const QString precision = c.value(QStringLiteral("precision")).toString();
    s.training.precision.recipe = precision == QLatin1String("fp32") ? Recipe::Fp32
            : precision == QLatin1String("bf16")            ? Recipe::Bf16Pure
                             : Recipe::AmpBf16;
    s.activations.profile = ImplementationProfile::HfEagerCpu;
    s.activations.attention = c.value(QStringLiteral("attention")).toObject().value(QStringLiteral("impl")).toString()
            == QLatin1String("eager")
            ? AttentionKernel::Eager
            : AttentionKernel::Flash;
    return s;
}

QJsonArray fixtureConfigs()
{
    QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/calibration/vision-cpu.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("configs")).toArray();
}

bool hasIssue(const ValidationIssues &issues, Field f, Problem p)
{
    for (const ValidationIssue &i : issues)
        if (i.field == f && i.problem == p)
            return true;
    return false;
}

} // namespace

class TestVisionTower : public QObject
{
    Q_OBJECT

private slots:
    // smart_resize rounds each side to whole merge units of patch x merge pixels, half to even
    // as Python's round does; the tokens are the patches over merge².
    void imagesRoundAsTheProcessorDoes()
    {
        Scenario s = withTower(qwen25Vl7b());
        s.training.images = 1;
        s.training.imageWidth = 1024; // 1,024 / 28 = 36.57 -> 37 units -> 74 patches
        s.training.imageHeight = 768; // 768 / 28 = 27.43 -> 27 units -> 54 patches
        VisionImages i = visionImages(s);
        QCOMPARE(qint64(i.gridWidth), 74);
        QCOMPARE(qint64(i.gridHeight), 54);
        QCOMPARE(qint64(i.patchesPerImage), 3996);
        QCOMPARE(qint64(i.tokensPerImage), 999);
        s.training.imageWidth = 1022;  // 36.5 -> 36 (even) -> 72
        s.training.imageHeight = 1050; // 37.5 -> 38 (even) -> 76
        i = visionImages(s);
        QCOMPARE(qint64(i.gridWidth), 72);
        QCOMPARE(qint64(i.gridHeight), 76);
        QCOMPARE(qint64(i.tokensPerImage), 36 * 38);

        // Qwen3-VL's patches of 16: 1,024 px is 32 units of 32, 64 patches a side.
        VisionSpec q3 = qwen2Vl7b();
        q3.kind = VisionTowerKind::Qwen3Vl;
        q3.patch = 16;
        s.model.vision = q3;
        s.training.imageWidth = s.training.imageHeight = 1024;
        QCOMPARE(qint64(visionImages(s).patchesPerImage), 4096);
        QCOMPARE(qint64(visionImages(s).tokensPerImage), 1024);

        // SigLIP at Gemma 3's 896 px whatever the image: 64 x 64 patches pooled to 256 tokens.
        s.model.vision = VisionSpec{ .kind = VisionTowerKind::Siglip, .parameters = 419'816'304, .layers = 27, .hidden = 1152,
                                     .heads = 16, .ffn = 4304, .patch = 14, .temporalPatch = 1, .merge = 1, .imageSize = 896,
                                     .tokensPerImage = 256 };
        s.training.imageWidth = s.training.imageHeight = 0;
        QCOMPARE(qint64(visionImages(s).patchesPerImage), 4096);
        QCOMPARE(qint64(visionImages(s).tokensPerImage), 256);
    }

    // The tower's states at the recipe's bytes per parameter, placed as the policy's.
    void statesPlacedAsThePolicys()
    {
        const Count P = 676'550'144;
        Scenario s = withTower(qwen25Vl7b());
        // Frozen under bf16 with an FP32 master: its BF16 weights only, 2P.
        VisionStates v = visionStates(s, 1);
        QCOMPARE(qint64(countOf(v.weights)), qint64(2 * P));
        QCOMPARE(qint64(countOf(v.total())), qint64(2 * P));
        // Trained with AdamW: BF16 weights and gradients, FP32 master and two FP32 moments: 16P.
        s.training.visionTrained = true;
        v = visionStates(s, 1);
        QCOMPARE(qint64(countOf(v.gradients)), qint64(2 * P));
        QCOMPARE(qint64(countOf(v.masterWeights)), qint64(4 * P));
        QCOMPARE(qint64(countOf(v.optimizerStates)), qint64(8 * P));
        QCOMPARE(qint64(countOf(v.total())), Q_INT64_C(10824802304));
        // ZeRO-3 over 8 GPUs divides all four: P / 8 = 84,568,768 exactly.
        s.parallel.zero = ZeroStage::Stage3;
        v = visionStates(s, 8);
        QCOMPARE(qint64(countOf(v.weights)), Q_INT64_C(169137536));
        QCOMPARE(qint64(countOf(v.total())), Q_INT64_C(1353100288));
        // ZeRO-2 keeps the weights whole.
        s.parallel.zero = ZeroStage::Stage2;
        QCOMPARE(qint64(countOf(visionStates(s, 8).weights)), qint64(2 * P));
        // Adapters leave it frozen; the second pipeline stage holds none of it.
        s.parallel.zero = ZeroStage::Stage0;
        s.lora.mode = AdapterMode::Lora;
        QCOMPARE(qint64(countOf(visionStates(s, 1).total())), qint64(2 * P));
        s.lora.mode = AdapterMode::None;
        s.parallel.pipelineParallel = 2;
        s.parallel.pipelineRank = 1;
        QCOMPARE(qint64(countOf(visionStates(s, 1).total())), 0);
    }

    // Qwen2-VL-7B's block in BF16 under flash attention on CUDA, one 448 x 448 image: 16 x 2
    // units of 28 a side, N = 32 x 32 = 1,024 patches, h 1,280, f 5,120, 16 heads.
    //   two LayerNorms: input (2 N h) and FP32 mean and rstd (8 N) each  4 N h + 16 N
    //   qkv's and fc1's inputs                                            4 N h
    //   the rotated q and k (4 N h); v keeps the fused qkv output (6 N h) 10 N h
    //   flash: its output, the projection's input (2 N h), FP32 lse      2 N h + 64 N
    //   QuickGELU: fc1's output, the sigmoid, fc2's input: 3 N f x 2     24 N h
    // = 44 N h + 80 N = 57,671,680 + 81,920 = 57,753,600 bytes (the rotary products save cos and
    // sin, which need no gradient, not q and k).
    // Outside: the pixels in BF16, N x 3 x 2 x 14² x 2 = 2,408,448; the rotary cos and sin, FP32
    // N x 80 each, 655,360; the merger's LayerNorm (2 N h + 8 N), fc1's input, the GELU's input,
    // fc2's input (6 N h): 10,493,952; 13,557,760 in all.
    void blockByHand()
    {
        Scenario s = withTower(qwen2Vl7b());
        s.training.images = 1;
        s.training.imageWidth = s.training.imageHeight = 448;
        s.training.visionTrained = true;
        VisionActivations a = visionActivations(s, 1);
        QCOMPARE(qint64(a.patches), 1024);
        QCOMPARE(qint64(countOf(a.block)), Q_INT64_C(57753600));
        QCOMPARE(qint64(countOf(a.outside)), Q_INT64_C(13557760));
        QCOMPARE(qint64(countOf(a.held)), Q_INT64_C(32) * 57753600 + 13557760);
        // Checkpointed: each block keeps its BF16 input (2 N h = 2,621,440); one is rebuilt, its
        // first LayerNorm saving that input again as the same tensor: 57,753,600 - 2,621,440.
        s.training.recompute = Recompute::Full;
        a = visionActivations(s, 1);
        QCOMPARE(qint64(countOf(a.held)), Q_INT64_C(32) * 2621440 + 13557760);
        QCOMPARE(qint64(countOf(a.recompute)), Q_INT64_C(55132160));
        // Two sequences of two images: four images, four times the patches.
        s.training.images = 2;
        QCOMPARE(qint64(visionActivations(s, 2).patches), 4096);
    }

    // Eager attention keeps each attention unit's FP32 softmax and its BF16 cast: a·n²·6 bytes.
    // Qwen2.5-VL's window blocks attend within windows of 112 / 28 = 4 merge units a side: on a
    // 1,024 x 768 image (37 x 27 units) the windows' squared sizes add up to (9 x 4² + 1²) x
    // (6 x 4² + 3²) x 2⁴ = 145 x 105 x 16 = 243,600 against the whole image's 3,996² =
    // 15,968,016; the two blocks differ by 16 x (15,968,016 - 243,600) x 6 = 1,509,543,936 bytes.
    void windowsAgainstTheWholeImage()
    {
        Scenario s = withTower(qwen25Vl7b());
        s.training.images = 1;
        s.training.imageWidth = 1024;
        s.training.imageHeight = 768;
        s.training.visionTrained = true;
        s.activations.attention = AttentionKernel::Eager;
        const VisionActivations a = visionActivations(s, 1);
        QCOMPARE(qint64(a.windowBlocks), 28);
        QCOMPARE(qint64(countOf(a.block - a.windowBlock)), Q_INT64_C(1509543936));
        // Under flash the kernel keeps no scores: every block alike.
        s.activations.attention = AttentionKernel::Flash;
        const VisionActivations f = visionActivations(s, 1);
        QCOMPARE(f.block, f.windowBlock);
    }

    // In the estimate: the tower's states in the state buckets, its saved tensors in the
    // activations when trained; frozen, one block's tensors among the forward's short-lived buffers.
    void inTheEstimate()
    {
        Scenario plain = withTower(VisionSpec{});
        Scenario s = withTower(qwen2Vl7b());
        s.training.images = 1;
        s.training.imageWidth = s.training.imageHeight = 448;
        QVERIFY(validate(s).empty());
        const Breakdown without = estimate(plain);
        Breakdown frozen = estimate(s);
        QCOMPARE(qint64(countOf(frozen.parameters - without.parameters)), Q_INT64_C(2) * 675759104);
        QCOMPARE(frozen.gradients, without.gradients);
        QCOMPARE(frozen.activations, without.activations);
        // The host loads it with the model, in FP32, times DeepSpeed's estimators' 1.5: 6 P_vis more.
        QCOMPARE(qint64(countOf(frozen.host.perNode - without.host.perNode)), Q_INT64_C(6) * 675759104);
        QCOMPARE(qint64(countOf(frozen.side.visionBlock)), Q_INT64_C(57753600));
        s.training.visionTrained = true;
        const Breakdown trained = estimate(s);
        QCOMPARE(qint64(countOf(trained.modelStates() - without.modelStates())), Q_INT64_C(16) * 675759104);
        QCOMPARE(qint64(countOf(trained.activations - without.activations)), Q_INT64_C(32) * 57753600 + 13557760);
        QCOMPARE(trained.side.visionActivations, trained.activations - without.activations);
        QVERIFY(trained.peak > frozen.peak);
        // DPO's reference is a frozen copy of the whole policy: its tower too, 2P in BF16; under
        // ZeRO-3 over 4 GPUs a quarter of it (TRL prepare_deepspeed keeps stage 3 for it).
        setTrainingMethod(s, TrainingMethod::Dpo);
        setTrainingMethod(plain, TrainingMethod::Dpo);
        QCOMPARE(qint64(countOf(estimate(s).frozenModels - estimate(plain).frozenModels)), Q_INT64_C(2) * 675759104);
        s.parallel.gpus = plain.parallel.gpus = 4;
        s.parallel.zero = plain.parallel.zero = ZeroStage::Stage3;
        const Breakdown sharded = estimate(s);
        QCOMPARE(qint64(countOf(sharded.side.visionReference)), Q_INT64_C(675759104) / 2);
        QCOMPARE(qint64(countOf(sharded.frozenModels - estimate(plain).frozenModels)), Q_INT64_C(675759104) / 2);
    }

    // Every block and everything outside the blocks against PyTorch 1.13 on CPU: the towers
    // written op for op from transformers (tools/calibrate/vision_measure.py), under the CPU
    // profile (LayerNorm's statistics in the input's dtype, mean() saving x²). Checkpointed runs
    // are the hand test's; the "castbuf" runs cast the rotary buffer to BF16, which
    // from_pretrained does not.
    void againstPyTorchOnCpu()
    {
        const QJsonArray configs = fixtureConfigs();
        int compared = 0;
        for (const QJsonValue &value : configs) {
            const QJsonObject c = value.toObject();
            const QString id = c.value(QStringLiteral("id")).toString();
            if (c.value(QStringLiteral("checkpointing")).toString() != QLatin1String("none") || id.endsWith(QLatin1String("castbuf")))
                continue;
            const QJsonObject z = c.value(QStringLiteral("sizes")).toObject();
            const QString tower = c.value(QStringLiteral("tower")).toString();
            const Scenario s = fromFixture(c);
            const Count N = c.value(QStringLiteral("patches")).toInteger();
            // Eager attention's units: each image, or (Qwen2.5-VL) each window outside the
            // full-attention blocks.
            const QJsonObject chunks = c.value(QStringLiteral("attention_chunks")).toObject();
            auto squares = [&chunks](const char *key) {
                Count sum = 0;
                for (const QJsonValue &n : chunks.value(QLatin1String(key)).toArray())
                    sum += Count(n.toInteger()) * n.toInteger();
                return sum;
            };
            QList<qint64> full;
            for (const QJsonValue &i : z.value(QStringLiteral("fullatt_block_indexes")).toArray())
                full << i.toInteger();
            const QJsonArray blocks = c.value(QStringLiteral("saved")).toObject().value(QStringLiteral("blocks")).toArray();
            for (qsizetype i = 0; i < blocks.size(); ++i) {
                const QJsonObject b = blocks[i].toObject();
                const Count scores = tower == QLatin1String("qwen2_5_vl") && !full.contains(i) ? squares("window")
                        : tower == QLatin1String("siglip") || tower == QLatin1String("clip")   ? squares("per_image")
                                                                                                : squares("full");
                const qint64 measured = b.value(QStringLiteral("activation")).toInteger() + b.value(QStringLiteral("autocast_weight_copy")).toInteger();
                QVERIFY2(qint64(countOf(detail::visionBlockBytes(s, N, scores))) == measured,
                         qPrintable(QStringLiteral("%1 block %2: %3 against %4").arg(id).arg(i)
                                            .arg(qint64(countOf(detail::visionBlockBytes(s, N, scores)))).arg(measured)));
            }
            // Outside the blocks, the test's loss apart; the rotary tables are "shared".
            const QJsonObject outside = c.value(QStringLiteral("saved")).toObject().value(QStringLiteral("outside")).toObject();
            qint64 measured = 0;
            // LLaVA's post_layernorm feeds no loss: freed before backward with the unused block
            // (the held test below), so not among what the tower keeps.
            const bool llava = tower == QLatin1String("clip");
            for (const char *region : { "patch_embed", "position", "window_reorder", "pre_norm", "post_norm", "feature_select", "merger", "projector" }) {
                if (llava && qstrcmp(region, "post_norm") == 0)
                    continue;
                const QJsonObject r = outside.value(QLatin1String(region)).toObject();
                measured += r.value(QStringLiteral("activation")).toInteger() + r.value(QStringLiteral("autocast_weight_copy")).toInteger()
                        + r.value(QStringLiteral("shared")).toInteger();
            }
            const Count images = c.value(QStringLiteral("images")).toArray().size();
            // The language model's tokens: Gemma 3's pooled ones, CLIP's patches without the class
            // token, Pixtral's merged ones.
            const bool pixtral = s.model.vision.kind == VisionTowerKind::Pixtral;
            const Count tokens = s.model.vision.kind == VisionTowerKind::Clip ? N - images
                    : pixtral ? N / (s.model.vision.merge * s.model.vision.merge)
                              : images * z.value(QStringLiteral("mm_tokens_per_image")).toInteger();
            qint64 modelled = qint64(countOf(detail::visionOutsideBytes(s, N, images, tokens)));
            if (pixtral) {
                // Pixtral's patch_conv runs over the processor's batch, zero-padded to the largest
                // image (the harness's two sizes: 2 x 3 x 56 x 84 pixels); Headroom's images are
                // all one size, whose batch is just their patches' pixels (N x 3 x 14²): that
                // term apart on both sides.
                const Count r = s.training.precision.recipe == Recipe::Fp32 ? 4 : 2;
                measured -= outside.value(QStringLiteral("patch_embed")).toObject().value(QStringLiteral("activation")).toInteger();
                modelled -= qint64(N * 3 * s.model.vision.patch * s.model.vision.patch * r);
            }
            QVERIFY2(modelled == measured, qPrintable(QStringLiteral("%1 outside: %2 against %3").arg(id).arg(modelled).arg(measured)));
            ++compared;
        }
        QVERIFY(compared >= 24);
    }

    // LLaVA reads the features of its second-to-last block (vision_feature_layer -2): the last
    // block and post_layernorm run and save their tensors, which are freed as soon as the features
    // are taken (the harness's freed_before_backward, found with weak references). What the tower
    // holds into backward is the rest.
    void llavaFreesItsUnusedBlock()
    {
        int compared = 0;
        for (const QJsonValue &value : fixtureConfigs()) {
            const QJsonObject c = value.toObject();
            if (c.value(QStringLiteral("tower")).toString() != QLatin1String("clip") || c.value(QStringLiteral("checkpointing")).toString() != QLatin1String("none"))
                continue;
            Scenario s = fromFixture(c);
            QCOMPARE(qint64(s.model.vision.unusedBlocks), 1);
            s.model.vision.imageSize = c.value(QStringLiteral("sizes")).toObject().value(QStringLiteral("image_size")).toInteger();
            s.training.images = c.value(QStringLiteral("images")).toArray().size();
            s.training.visionTrained = true;
            const QJsonObject saved = c.value(QStringLiteral("saved")).toObject();
            const QJsonObject freed = saved.value(QStringLiteral("freed_before_backward")).toObject();
            QVERIFY(freed.contains(QStringLiteral("block.%1").arg(qint64(s.model.vision.layers - 1))) && freed.contains(QStringLiteral("post_norm")));
            auto bytesOf = [](const QJsonObject &r) {
                return r.value(QStringLiteral("activation")).toInteger() + r.value(QStringLiteral("autocast_weight_copy")).toInteger()
                        + r.value(QStringLiteral("shared")).toInteger();
            };
            qint64 held = 0;
            for (const QJsonValue &b : saved.value(QStringLiteral("blocks")).toArray())
                if (!freed.contains(b.toObject().value(QStringLiteral("region")).toString()))
                    held += bytesOf(b.toObject());
            const QJsonObject outside = saved.value(QStringLiteral("outside")).toObject();
            for (auto it = outside.begin(); it != outside.end(); ++it)
                if (it.key() != QLatin1String("loss") && !freed.contains(it.key()))
                    held += bytesOf(it.value().toObject());
            QVERIFY2(qint64(countOf(visionActivations(s, 1).held)) == held,
                     qPrintable(QStringLiteral("%1: %2 against %3").arg(c.value(QStringLiteral("id")).toString())
                                        .arg(qint64(countOf(visionActivations(s, 1).held))).arg(held)));
            ++compared;
        }
        QCOMPARE(compared, 6);
    }

    // Checkpointed runs: each block keeps its input (the stream's dtype: SigLIP's is FP32 under
    // autocast), and one block's rebuild saves its list again, less the input where its first
    // norm keeps it as it is. The runs whose images make N with images of one size (flash, or
    // SigLIP's and CLIP's equal images): Qwen's 120 patches as one 10 x 12 grid (140 x 168 px).
    void checkpointedAgainstPyTorchOnCpu()
    {
        int compared = 0;
        for (const QJsonValue &value : fixtureConfigs()) {
            const QJsonObject c = value.toObject();
            const QString id = c.value(QStringLiteral("id")).toString();
            const QString kind = c.value(QStringLiteral("tower")).toString();
            const bool siglip = kind == QLatin1String("siglip") || kind == QLatin1String("clip"); // one image size
            const bool pixtral = kind == QLatin1String("pixtral") || kind == QLatin1String("pixtral_llava");
            if (c.value(QStringLiteral("checkpointing")).toString() != QLatin1String("full")
                || (!siglip && !pixtral && !id.contains(QLatin1String("flash"))))
                continue;
            Scenario s = fromFixture(c);
            s.training.recompute = Recompute::Full;
            s.training.visionTrained = true;
            const QJsonArray images = c.value(QStringLiteral("images")).toArray();
            if (siglip) {
                s.model.vision.imageSize = s.model.vision.patch * images[0].toArray()[1].toInteger();
                s.training.images = images.size();
            } else if (pixtral) {
                // The blocks see N patches in one sequence whatever the images: one 56 x 112 px
                // image is its 32 (4 x 8 patches of 14 px; whole 28 px merge units in Mistral 3's
                // layout).
                s.training.images = 1;
                s.training.imageHeight = 56;
                s.training.imageWidth = 112;
            } else {
                s.training.images = 1;
                s.training.imageWidth = 168;
                s.training.imageHeight = 140;
            }
            const VisionActivations a = visionActivations(s, 1);
            QCOMPARE(qint64(a.patches), c.value(QStringLiteral("patches")).toInteger());
            const QJsonObject saved = c.value(QStringLiteral("saved")).toObject();
            // LLaVA's unused last block keeps its input until the features are taken, no longer.
            const QJsonObject freed = saved.value(QStringLiteral("freed_before_backward")).toObject();
            qint64 held = 0;
            for (const QJsonValue &b : saved.value(QStringLiteral("blocks")).toArray())
                if (!freed.contains(b.toObject().value(QStringLiteral("region")).toString()))
                    held += b.toObject().value(QStringLiteral("activation")).toInteger();
            QVERIFY2(qint64(countOf(a.held - a.outside)) == held, qPrintable(id));
            QVERIFY2(qint64(countOf(a.recompute)) == saved.value(QStringLiteral("max_recompute_bytes_per_block")).toInteger(), qPrintable(id));
            if (pixtral) {
                // What checkpointing keeps outside the blocks: the position ids and, under eager,
                // the block mask (the "shared" region), beside the rest (the padded pixels apart,
                // as above).
                const QJsonObject outside = saved.value(QStringLiteral("outside")).toObject();
                qint64 kept = 0;
                for (const char *region : { "patch_embed", "position", "pre_norm", "projector", "shared" }) {
                    const QJsonObject r = outside.value(QLatin1String(region)).toObject();
                    kept += r.value(QStringLiteral("activation")).toInteger() + r.value(QStringLiteral("autocast_weight_copy")).toInteger()
                            + r.value(QStringLiteral("shared")).toInteger();
                }
                kept -= outside.value(QStringLiteral("patch_embed")).toObject().value(QStringLiteral("activation")).toInteger();
                const Count rIn = s.training.precision.recipe == Recipe::Fp32 ? 4 : 2;
                QCOMPARE(qint64(countOf(a.outside)) - qint64(a.patches * 3 * 14 * 14 * rIn), kept);
            }
            ++compared;
        }
        QCOMPARE(compared, 11);
    }

    void validation()
    {
        // Images need a tower.
        Scenario s = withTower(VisionSpec{});
        s.training.images = 1;
        QVERIFY(hasIssue(validate(s), Field::Images, Problem::Unsupported));
        // A tower at the image's own size needs the size, at least a merge unit (28 px) a side.
        s = withTower(qwen25Vl7b());
        s.training.images = 1;
        QVERIFY(hasIssue(validate(s), Field::ImageWidth, Problem::Missing));
        s.training.imageWidth = 20;
        s.training.imageHeight = 448;
        QVERIFY(hasIssue(validate(s), Field::ImageWidth, Problem::OutOfRange));
        // A 1,024 x 768 image is 999 tokens: five are 4,995, more than S = 4,096, which holds four.
        s.training.imageWidth = 1024;
        s.training.imageHeight = 768;
        s.training.images = 5;
        const ValidationIssues issues = validate(s);
        QVERIFY(hasIssue(issues, Field::Images, Problem::OutOfRange));
        for (const ValidationIssue &i : issues)
            if (i.field == Field::Images)
                QCOMPARE(qint64(i.max), 4);
        s.training.sequence = 3000;
        for (const ValidationIssue &i : validate(s))
            if (i.field == Field::Images)
                QCOMPARE(qint64(i.max), 3);
        s.training.images = 3;
        QVERIFY(validate(s).empty());
        // Adapters do not train the tower.
        s.training.visionTrained = true;
        s.lora.mode = AdapterMode::Lora;
        QVERIFY(hasIssue(validate(s), Field::VisionTrained, Problem::Unsupported));

        // Pixtral: images of any side (its processor rounds up to a 28 px unit), in Mistral 3's
        // layout or LLaVA's; SDPA's masked kernel is not measured, nor Llama 4's tower.
        s = withTower(mistralSmallTower());
        s.training.images = 1;
        s.training.imageWidth = 20;
        s.training.imageHeight = 20;
        QVERIFY(validate(s).empty());
        s.activations.attention = AttentionKernel::Sdpa;
        QVERIFY(hasConflict(validate(s), Field::Images, Conflict::PixtralMaskedSdpa));
        s.activations.attention = AttentionKernel::Flash;
        QVERIFY(validate(s).empty());
        s.model.vision.merge = 1;
        QVERIFY(validate(s).empty());
        s.model.vision.merge = 2;
        s.model.vision.kind = VisionTowerKind::Llama4;
        QVERIFY(hasConflict(validate(s), Field::Images, Conflict::VisionImagesNotMeasured));
        s.training.images = 0;
        QVERIFY(validate(s).empty()); // its weights count without images
    }

    // Pixtral's images as PixtralImageProcessor sizes them (image_processing_pixtral.py):
    // scaled down when a side exceeds image_size (1,540: ratio = max(h, w) / 1,540, each side
    // ceil(side / ratio)), then each side rounded up to whole 28 px units (patch 14 x merge 2).
    void pixtralImages()
    {
        Scenario s = withTower(mistralSmallTower());
        s.training.images = 1;
        // 1,000 x 710: within 1,540; 1,000 -> 1,008 / 14 = 72 and 710 -> 728 / 14 = 52 patches a
        // side: 3,744 patches, 936 tokens (36 x 26).
        s.training.imageWidth = 1000;
        s.training.imageHeight = 710;
        VisionImages i = visionImages(s);
        QCOMPARE(qint64(i.gridWidth), 72);
        QCOMPARE(qint64(i.gridHeight), 52);
        QCOMPARE(qint64(i.patchesPerImage), 3744);
        QCOMPARE(qint64(i.tokensPerImage), 936);
        // 3,080 x 1,000: ratio 2, so 1,540 x 500; 1,540 = 55 units exactly, 500 -> 504 = 18 units:
        // 110 x 36 patches.
        s.training.imageWidth = 3080;
        s.training.imageHeight = 1000;
        i = visionImages(s);
        QCOMPARE(qint64(i.gridWidth), 110);
        QCOMPARE(qint64(i.gridHeight), 36);
        // A tower without image_size (a scenario file's 0) keeps the image's size: 3,080 -> 3,080
        // = 110 units, 1,000 -> 1,008 = 36 units.
        s.model.vision.imageSize = 0;
        i = visionImages(s);
        QCOMPARE(qint64(i.gridWidth), 220);
        QCOMPARE(qint64(i.gridHeight), 72);
        s.model.vision.imageSize = 1540;
        // Eager attention over one sequence of every image of the micro-batch: two images of
        // 3,960 patches are 7,920 patches, 7,920² scores a head (FP32 softmax and its BF16 cast:
        // 6 bytes each, 16 heads) in each of the 24 blocks.
        s.training.images = 2;
        s.training.imageWidth = 1540;
        s.training.imageHeight = 504;
        s.training.visionTrained = true;
        s.training.precision.recipe = Recipe::Bf16Pure;
        s.activations.attention = AttentionKernel::Eager;
        const VisionActivations eager = visionActivations(s, 1);
        QCOMPARE(qint64(eager.patches), Q_INT64_C(7920));
        s.activations.attention = AttentionKernel::Flash;
        const VisionActivations flash = visionActivations(s, 1);
        // Eager's block against flash's: the scores 16 x 7,920² x 6 and o_proj's input
        // 7,920 x 1,024 x 2, less flash's output and log-sum-exp (7,920 x 1,024 x 2 + 16 x 7,920 x 4).
        QCOMPARE(qint64(countOf(eager.block - flash.block)), Q_INT64_C(16) * 7920 * 7920 * 6 - Q_INT64_C(16) * 7920 * 4);
    }
};

QTEST_APPLESS_MAIN(TestVisionTower)
#include "tst_visiontower.moc"
