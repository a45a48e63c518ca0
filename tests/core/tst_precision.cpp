// Bytes per parameter of every recipe and optimizer, against the article's table (section 1.3)
// and the conventions of the tools that count 8, 16 or 18.

#include <QtTest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <headroom/memory/estimate.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/steptimeline.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptime.h>

using namespace headroom;

Q_DECLARE_METATYPE(headroom::Recipe)
Q_DECLARE_METATYPE(headroom::Optimizer)
Q_DECLARE_METATYPE(headroom::StateDtype)

namespace {

// LLaMA-2 7B's architecture (its published count, 6,738,415,616 parameters).
Scenario llama2_7b()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.ffn = 11008;
    s.model.vocab = 32000;
    return s;
}

} // namespace

class TestPrecision : public QObject
{
    Q_OBJECT

private slots:
    void perParam_data()
    {
        QTest::addColumn<Recipe>("recipe");
        QTest::addColumn<Optimizer>("optimizer");
        QTest::addColumn<StateDtype>("stateDtype");
        QTest::addColumn<bool>("gradBuffer");
        QTest::addColumn<double>("weights");
        QTest::addColumn<double>("gradients");
        QTest::addColumn<double>("master");
        QTest::addColumn<double>("optimizerBytes");
        QTest::addColumn<double>("total");
        // The article's table: FP32 Adam 4 + 4 + 8 = 16.
        QTest::newRow("fp32 adamw") << Recipe::Fp32 << Optimizer::AdamW << StateDtype::Fp32 << false << 4.0 << 4.0 << 0.0 << 8.0 << 16.0;
        // torch AMP keeps FP32 weights and gradients: still 16 (the article, 1.2 and 3.3).
        QTest::newRow("amp-fp16 adamw") << Recipe::AmpFp16 << Optimizer::AdamW << StateDtype::Fp32 << false << 4.0 << 4.0 << 0.0 << 8.0 << 16.0;
        QTest::newRow("amp-bf16 adamw") << Recipe::AmpBf16 << Optimizer::AdamW << StateDtype::Fp32 << false << 4.0 << 4.0 << 0.0 << 8.0 << 16.0;
        // FP16 with an FP32 master, Adam: 2 + 2 + (4 + 8) = 16.
        QTest::newRow("fp16-master adamw") << Recipe::Fp16Master << Optimizer::AdamW << StateDtype::Fp32 << false << 2.0 << 2.0 << 4.0 << 8.0 << 16.0;
        QTest::newRow("bf16-master adam") << Recipe::Bf16Master << Optimizer::Adam << StateDtype::Fp32 << false << 2.0 << 2.0 << 4.0 << 8.0 << 16.0;
        // FP16 without master, Adam: 2 + 2 + 8 = 12.
        QTest::newRow("fp16-pure adamw") << Recipe::Fp16Pure << Optimizer::AdamW << StateDtype::Fp32 << false << 2.0 << 2.0 << 0.0 << 8.0 << 12.0;
        QTest::newRow("bf16-pure adamw") << Recipe::Bf16Pure << Optimizer::AdamW << StateDtype::Fp32 << false << 2.0 << 2.0 << 0.0 << 8.0 << 12.0;
        // Pure BF16 with BF16 optimizer states: 2 + 2 + 4 = 8.
        QTest::newRow("bf16-pure adamw, bf16 states") << Recipe::Bf16Pure << Optimizer::AdamW << StateDtype::WeightDtype << false << 2.0 << 2.0 << 0.0 << 4.0 << 8.0;
        // Megatron's count with an FP32 gradient buffer: 2 + 4 + 4 + 8 = 18.
        QTest::newRow("bf16-master, fp32 grad buffer") << Recipe::Bf16Master << Optimizer::AdamW << StateDtype::Fp32 << true << 2.0 << 4.0 << 4.0 << 8.0 << 18.0;
        // SGD keeps no state; with momentum one FP32 tensor.
        QTest::newRow("fp32 sgd") << Recipe::Fp32 << Optimizer::Sgd << StateDtype::Fp32 << false << 4.0 << 4.0 << 0.0 << 0.0 << 8.0;
        QTest::newRow("fp32 sgd-momentum") << Recipe::Fp32 << Optimizer::SgdMomentum << StateDtype::Fp32 << false << 4.0 << 4.0 << 0.0 << 4.0 << 12.0;
        QTest::newRow("bf16-master sgd-momentum") << Recipe::Bf16Master << Optimizer::SgdMomentum << StateDtype::Fp32 << false << 2.0 << 2.0 << 4.0 << 4.0 << 12.0;
        // bitsandbytes 8-bit Adam: two 1-byte moments.
        // bitsandbytes >= 0.44: two 8-bit codes plus an FP32 absmax per 256 elements for each: 2 + 8/256.
        QTest::newRow("bf16-master adam8bit") << Recipe::Bf16Master << Optimizer::Adam8bit << StateDtype::Fp32 << false << 2.0 << 2.0 << 4.0 << 2.03125 << 10.03125;
        // Lion: one momentum.
        QTest::newRow("bf16-master lion") << Recipe::Bf16Master << Optimizer::Lion << StateDtype::Fp32 << false << 2.0 << 2.0 << 4.0 << 4.0 << 12.0;
        QTest::newRow("bf16-pure lion, bf16 state") << Recipe::Bf16Pure << Optimizer::Lion << StateDtype::WeightDtype << false << 2.0 << 2.0 << 0.0 << 2.0 << 6.0;
    }

    void perParam()
    {
        QFETCH(Recipe, recipe);
        QFETCH(Optimizer, optimizer);
        QFETCH(StateDtype, stateDtype);
        QFETCH(bool, gradBuffer);
        QFETCH(double, weights);
        QFETCH(double, gradients);
        QFETCH(double, master);
        QFETCH(double, optimizerBytes);
        QFETCH(double, total);
        const PerParamBytes b = perParamBytes({ recipe, optimizer, stateDtype, gradBuffer });
        QCOMPARE(b.weights.value(), weights);
        QCOMPARE(b.gradients.value(), gradients);
        QCOMPARE(b.master.value(), master);
        QCOMPARE(b.optimizer.value(), optimizerBytes);
        QCOMPARE(b.total(), total);
        QVERIFY(!b.optimizerFactored);
    }

    void sixteenBitMasters()
    {
        // DeepSpeed's bf16_master_weights_and_grads: the master partition is created in BF16
        // (stage_1_and_2.py, stage3.py at v0.18.3): 2 + 2 + 2 + 8 = 14; with
        // bf16_optimizer_states the moments are zeros_like of that partition: 2 + 2 + 2 + 4 = 10,
        // the ratio 10/16 the DeepSpeedExamples run shows (16.17 against 25.74 GiB allocated).
        PrecisionChoice c{ Recipe::Bf16Master, Optimizer::AdamW, StateDtype::Fp32, false };
        c.masterDtype = Dtype::Bf16;
        QVERIFY(hasHalfMaster(c));
        QCOMPARE(perParamBytes(c).master.value(), 2.0);
        QCOMPARE(perParamBytes(c).total(), 14.0);
        c.stateDtype = StateDtype::WeightDtype;
        QCOMPARE(perParamBytes(c).total(), 10.0);
        // FP16's fp16_master_weights_and_grads, FP32 states (its CPU Adam): 2 + 2 + 2 + 8.
        PrecisionChoice h{ Recipe::Fp16Master, Optimizer::AdamW, StateDtype::Fp32, false };
        h.masterDtype = Dtype::Fp16;
        QCOMPARE(perParamBytes(h).total(), 14.0);
        // A master dtype the recipe cannot have is not a 16-bit master.
        h.masterDtype = Dtype::Bf16;
        QVERIFY(!hasHalfMaster(h));
        // A new recipe carries a 16-bit master along, or drops it where there is no master.
        c.masterDtype = Dtype::Bf16;
        setRecipe(c, Recipe::Fp16Master);
        QCOMPARE(c.masterDtype, Dtype::Fp16);
        setRecipe(c, Recipe::Bf16Pure);
        QCOMPARE(c.masterDtype, Dtype::Fp32);
        QCOMPARE(masterDtypeFromName("bf16"), std::optional<Dtype>(Dtype::Bf16));
        QCOMPARE(masterDtypeFromName("int8"), std::optional<Dtype>());
    }

    void sixteenBitMastersShardWithZero3()
    {
        // 4 GPUs, ZeRO-3, DeepSpeed: the master and the moments divided by d like the FP32 ones,
        // ⌈P × 2 / 4⌉ and ⌈P × 4 / 4⌉ for LLaMA-2 7B's P = 6,738,415,616 (its published count).
        Scenario s = llama2_7b();
        s.stack.stack = TrainingStack::DeepSpeed;
        s.parallel.gpus = 4;
        s.parallel.zero = ZeroStage::Stage3;
        s.training.precision = { Recipe::Bf16Master, Optimizer::AdamW, StateDtype::WeightDtype, false };
        s.training.precision.masterDtype = Dtype::Bf16;
        QVERIFY2(validate(s).empty(), fieldName(validate(s).begin()->field).data());
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.masterWeights), Count(3'369'207'808));
        QCOMPARE(countOf(b.optimizerStates), Count(6'738'415'616));
        // DeepSpeed asserts ZeRO 1-3, and offload for FP32 states beside 16-bit masters.
        s.parallel.zero = ZeroStage::Stage0;
        QCOMPARE(validate(s).begin()->reason, Conflict::HalfMasterNeedsZero);
        s.parallel.zero = ZeroStage::Stage2;
        s.training.precision.stateDtype = StateDtype::Fp32;
        QCOMPARE(validate(s).begin()->reason, Conflict::HalfMasterFp32States);
        s.parallel.offload = Offload::Optimizer;
        QVERIFY(validate(s).empty());
        s.training.precision.recipe = Recipe::Fp16Master;
        QCOMPARE(validate(s).begin()->reason, Conflict::HalfMasterNeedsRecipe);
    }

    void torchaoLowBitAdamW()
    {
        // torchao/optim (v0.18.0): per quantized moment a code per element (1 byte, or half a byte
        // at 4 bits) and an FP32 scale per block of 256 (8-bit, FP8) or 128 (4-bit).
        QCOMPARE(perParamBytes({ Recipe::Bf16Pure, Optimizer::AoAdamW8bit }).optimizer.value(), 2.03125);
        QCOMPARE(perParamBytes({ Recipe::Bf16Pure, Optimizer::AoAdamWFp8 }).optimizer.value(), 2.03125);
        QCOMPARE(perParamBytes({ Recipe::Bf16Pure, Optimizer::AoAdamW4bit }).optimizer.value(), 1.0625);

        // A LLaMA of L = 2, H = 64, 4 heads, FFN 256, V = 1001, pure BF16, one GPU:
        //  q, k, v, o 64 x 64 = 4,096 elements each and gate, up, down 64 x 256 = 16,384: at least
        //    4096 and whole blocks of 256 and 128, quantized: 2 x (4 x 4,096 + 3 x 16,384) = 131,072
        //    elements in 14 tensors;
        //  the norms (64 elements: 2 per layer and the final one) and the embedding and head
        //    (1001 x 64 = 64,064 elements, 250.25 blocks of 256, 500.5 of 128) stay plain:
        //    320 + 2 x 64,064 = 128,448 elements with two BF16 moments, 4 bytes each.
        // 8-bit: 131,072 x 65/32 + 128,448 x 4 + 14 x 2 code tables of 256 FP32 = 266,240 + 513,792
        //        + 28,672 = 808,704 bytes; FP8 the same without tables: 780,032;
        // 4-bit: 131,072 x 17/16 + 513,792 + 14 x 2 x 16 x 4 = 139,264 + 513,792 + 1,792 = 654,848.
        Scenario s;
        s.model.family = BlockFamily::Llama;
        s.model.layers = 2;
        s.model.hidden = 64;
        s.model.heads = 4;
        s.model.ffn = 256;
        s.model.vocab = 1001;
        s.training.precision = { Recipe::Bf16Pure, Optimizer::AoAdamW8bit, StateDtype::WeightDtype, false };
        QVERIFY(validate(s).empty());
        QCOMPARE(effectiveParameters(s.model), Count(259'520));
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(808'704));
        s.training.precision.optimizer = Optimizer::AoAdamWFp8;
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(780'032));
        s.training.precision.optimizer = Optimizer::AoAdamW4bit;
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(654'848));
        // Under a master recipe torchao steps the FP32 masters: the plain moments take 4 bytes
        // each, 128,448 x 8 = 1,027,584 in place of 513,792.
        s.training.precision = { Recipe::Bf16Master, Optimizer::AoAdamW4bit, StateDtype::Fp32, false };
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(654'848 + 513'792));
    }

    void muon()
    {
        // KellerJordan/Muon (857d1ad): a momentum_buffer per hidden 2-D weight; the embedding,
        // the head and the norms go to its AdamW with two moments. LLaMA-2 7B, pure BF16 with
        // BF16 states: 2 x 6,738,415,616 + 2 x (2 x 131,072,000 + 65 x 4,096) = 13,476,831,232
        // + 524,820,480 = 14,001,651,712 bytes.
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        s.training.precision = { Recipe::Bf16Pure, Optimizer::Muon, StateDtype::WeightDtype, false };
        QVERIFY(validate(s).empty());
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.optimizerStates), Count(14'001'651'712));
        // Newton-Schulz on the largest hidden matrix, 4,096 x 11,008 (r = 4,096, R = 11,008), in
        // BF16: 2 x (4 x 4,096 x 11,008 + 2 x 4,096²) = 427,819,008 bytes at the step.
        QCOMPARE(countOf(optimizerOwnTemporaries(s, b)), Count(427'819'008));
    }

    void adamMini()
    {
        // Adam-mini v1.1.1: m as the parameter, v one per block. LLaMA-2 7B, BF16 states:
        // m 2 x 6,738,415,616 = 13,476,831,232; v per layer: Q and K one per head (32 + 32),
        // V, O and down one per output row (3 x 4,096), gate and up (2 x 11,008), two norms
        // = 34,370, x 32 = 1,099,840; embedding and head one per token (2 x 32,000); the final
        // norm 1: 1,163,841 values x 2 = 2,327,682. Total 13,479,158,914 bytes.
        Scenario s = llama2_7b();
        s.training.precision = { Recipe::Bf16Pure, Optimizer::AdamMini, StateDtype::WeightDtype, false };
        QVERIFY(validate(s).empty());
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(13'479'158'914));
        // Its blocks follow the model's own tensor names: adapters are refused, not guessed.
        s.lora.mode = AdapterMode::Lora;
        s.lora.targets = LoraQ | LoraV;
        QCOMPARE(validate(s).begin()->reason, Conflict::AdamMiniNeedsFullModel);
    }

    void galore()
    {
        // GaLore (2cc66f8), rank 128, LLaMA-2 7B in pure BF16: the layers' 2-D weights keep two
        // moments of 128 x max(m, n) and a projector of 128 x min(m, n), all BF16; the embedding,
        // the head and the norms AdamW's two moments.
        // Per layer: q, k, v, o 4,096 x 4,096: moments 128 x 4,096 = 524,288 each, x 4 =
        // 2,097,152; gate, up, down 11,008 x 4,096: 128 x 11,008 = 1,409,024, x 3 = 4,227,072;
        // one moment 6,324,224, two 12,648,448; projectors 7 x 128 x 4,096 = 3,670,016; the
        // layer 16,318,464, x 32 = 522,190,848 elements. The rest: 2 x 131,072,000 + 65 x 4,096
        // = 262,410,240, two moments 524,820,480. (522,190,848 + 524,820,480) x 2 bytes =
        // 2,094,022,656 bytes, against AdamW's 4 x 6,738,415,616 = 26,953,662,464.
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        s.training.precision = { Recipe::Bf16Pure, Optimizer::Galore, StateDtype::WeightDtype, false };
        QVERIFY(validate(s).empty());
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.optimizerStates), Count(2'094'022'656));
        // The step, on an 11,008 x 4,096 weight (lo 4,096, hi 11,008): the refresh's FP32 copy
        // 45,088,768, U 11,008 x 4,096 = 45,088,768, S 4,096, Vh 4,096² = 16,777,216, x 4 bytes =
        // 427,835,392, and the new BF16 projector 128 x 4,096 x 2 = 1,048,576: 428,883,968. The
        // update, (3 x 128 x 11,008 + 2 x 45,088,768) x 2 = 188,809,216, is smaller.
        QCOMPARE(countOf(optimizerOwnTemporaries(s, b)), Count(428'883'968));

        // Under AMP the weights and gradients are FP32, and GaLore's projector is the view
        // Vh[:r, :] (or U[:, :r]) of the whole SVD factor, min(m, n)² FP32 values:
        // 7 x 4,096² x 32 = 3,758,096,384; moments 2 x 202,375,168 = 404,750,336; the rest
        // 524,820,480; (3,758,096,384 + 404,750,336 + 524,820,480) x 4 = 18,750,668,800 bytes.
        s.training.precision = { Recipe::AmpBf16, Optimizer::Galore, StateDtype::Fp32, false };
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(18'750'668'800));

        // GaLore's rank is at most min(m, n): 8,192 on these weights gives the SVD's 4,096, so
        // each moment is the weight's size and each projector 4,096²: per layer the moments
        // 2 x (4 x 16,777,216 + 3 x 45,088,768) = 404,750,336, the projectors 7 x 16,777,216 =
        // 117,440,512; x 32 = 16,710,107,136; the rest 524,820,480; x 2 bytes = 34,469,855,232,
        // more than AdamW's 26,953,662,464 (the derivation then adds, not subtracts).
        s.training.precision = { Recipe::Bf16Pure, Optimizer::Galore, StateDtype::WeightDtype, false };
        s.training.precision.projectionRank = 8192;
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(34'469'855'232));
    }

    void galore8bit()
    {
        // GaLore's 8-bit AdamW (galore_torch/adamw8bit.py, 2cc66f8) at rank 128, LLaMA-2 7B in pure
        // BF16: bitsandbytes' Optimizer2State on the projected gradient, so two 8-bit moments of
        // 128 x max(m, n) with an FP32 absmax per 256 of each (65/32 bytes an element): the
        // 202,375,168 projected elements of galore() give 411,074,560 bytes; the projectors stay
        // in BF16, 117,440,512 x 2 = 234,881,024; the 262,410,240 other parameters (no tensor
        // under 4,096 elements) 65/32 each, 533,020,800: 1,178,976,384 bytes.
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        s.training.precision = { Recipe::Bf16Pure, Optimizer::Galore8bit, StateDtype::WeightDtype, false };
        QVERIFY(validate(s).empty());
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.optimizerStates), Count(1'178'976'384));
        // Its rank is capped at min(m, n) as GaLore's: at 8,192 the moments are the weights' own
        // 6,476,005,376 elements (65/32: 13,154,385,920), the projectors 7 x 4,096² x 32 =
        // 3,758,096,384 in BF16 (7,516,192,768), the rest 533,020,800: 21,203,599,488.
        s.training.precision.projectionRank = 8192;
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(21'203'599'488));
        QCOMPARE(optimizerFromName("galore-8bit"), std::optional<Optimizer>(Optimizer::Galore8bit));
    }

    void apollo()
    {
        // APOLLO (76b3472) at rank 128 keeps what GaLore keeps at that rank (the random
        // projection stored in the gradients' dtype): 2,094,022,656 bytes (galore()).
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        s.training.precision = { Recipe::Bf16Pure, Optimizer::Apollo, StateDtype::WeightDtype, false };
        QVERIFY(validate(s).empty());
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.optimizerStates), Count(2'094'022'656));
        // The step on an 11,008 x 4,096 weight: the projected gradient, denom and update
        // 3 x 128 x 11,008 = 4,227,072, the scaled gradient twice 2 x 45,088,768 = 90,177,536,
        // the channel norms 2 x 11,008 = 22,016; x 2 bytes = 188,853,248. The refresh, an FP32
        // copy 180,355,072 + the FP32 draw and its scaling 2 x 128 x 4,096 x 4 = 4,194,304 + the
        // BF16 cast 1,048,576 = 185,597,952, is smaller.
        QCOMPARE(countOf(optimizerOwnTemporaries(s, b)), Count(188'853'248));

        // APOLLO-Mini, rank 1: moments per layer 4 x 4,096 + 3 x 11,008 = 49,408, x 2; the
        // projections 7 x 4,096 = 28,672; (2 x 49,408 + 28,672) x 32 = 4,079,616; the rest
        // 524,820,480; x 2 bytes = 1,057,800,192.
        s.training.precision.projectionRank = 1;
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(1'057'800'192));

        // Rank 256, APOLLO's 7B script (docs/optimizers.md): the two moments 809,500,672, the
        // projections 7 x 256 x 4,096 x 32 = 234,881,024, the rest 524,820,480 elements; x 2 bytes
        // = 3,138,404,352 (the project page's "1.6 G" is the moments alone).
        s.training.precision.projectionRank = 256;
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(3'138'404'352));
    }

    // The state bytes after one GaLore or APOLLO step, measured in PyTorch 1.13 on CPU by
    // tools/calibrate/projected_optimizer_states.py (their first steps written out in plain torch,
    // storages counted once), for a grouped-query LLaMA whose k and v are 32 x 64, at ranks 16
    // and 48 (48 exceeds their short side: GaLore's SVD stops at 32, APOLLO's draw does not), in
    // BF16 and FP32 (GaLore's FP32 projector a view of the whole factor). Exact.
    void projectedStatesMeasuredOnCpu()
    {
        QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/calibration/projected-optimizer-cpu.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonObject m = doc.value(QStringLiteral("model")).toObject();
        const QJsonArray cases = doc.value(QStringLiteral("cases")).toArray();
        QCOMPARE(cases.size(), 8);
        for (const QJsonValue &v : cases) {
            const QJsonObject c = v.toObject();
            Scenario s;
            s.model.family = BlockFamily::Llama;
            s.model.layers = m.value(QStringLiteral("layers")).toInteger();
            s.model.hidden = m.value(QStringLiteral("hidden")).toInteger();
            s.model.heads = m.value(QStringLiteral("heads")).toInteger();
            s.model.kvHeads = m.value(QStringLiteral("kv_heads")).toInteger();
            s.model.ffn = m.value(QStringLiteral("ffn")).toInteger();
            s.model.vocab = m.value(QStringLiteral("vocab")).toInteger();
            s.model.tiedEmbeddings = m.value(QStringLiteral("tied")).toBool();
            const bool bf16 = c.value(QStringLiteral("dtype")).toString() == QStringLiteral("bf16");
            const auto optimizer = optimizerFromName(c.value(QStringLiteral("optimizer")).toString().toStdString());
            QVERIFY(optimizer.has_value());
            s.training.precision = { bf16 ? Recipe::Bf16Pure : Recipe::Fp32, *optimizer,
                                     bf16 ? StateDtype::WeightDtype : StateDtype::Fp32, false };
            s.training.precision.projectionRank = c.value(QStringLiteral("rank")).toInteger();
            QVERIFY(validate(s).empty());
            const QByteArray what = (c.value(QStringLiteral("optimizer")).toString() + QLatin1Char(' ') + c.value(QStringLiteral("dtype")).toString()
                                     + QStringLiteral(" r=") + QString::number(qint64(s.training.precision.projectionRank))).toUtf8();
            QVERIFY2(countOf(estimate(s).optimizerStates) == c.value(QStringLiteral("state_bytes")).toInteger(), what.constData());
        }
    }

    void projectedOptimizersAreRefused()
    {
        Scenario s = llama2_7b();
        s.training.precision = { Recipe::Bf16Pure, Optimizer::Galore, StateDtype::WeightDtype, false };
        s.training.precision.projectionRank = 0;
        QCOMPARE(validate(s).begin()->field, Field::ProjectionRank);
        QCOMPARE(validate(s).begin()->problem, Problem::OutOfRange);
        s.training.precision.projectionRank = 128;
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage2;
        QCOMPARE(validate(s).begin()->reason, Conflict::ProjectedNeedsWholeWeights);
        s.parallel.zero = ZeroStage::Stage0;
        QVERIFY(validate(s).empty()); // DDP, as GaLore's torchrun_main.py runs
        s.parallel.tensorParallel = 2;
        QCOMPARE(validate(s).begin()->reason, Conflict::ProjectedNeedsWholeWeights);
        s.parallel.tensorParallel = 1;
        s.lora.mode = AdapterMode::Lora;
        s.training.precision.optimizer = Optimizer::Apollo;
        QCOMPARE(validate(s).begin()->reason, Conflict::ProjectedNeedsFullModel);
    }

    void adafactorIsFactored()
    {
        // A LLaMA-shaped toy: L = 2, H = 8, A = 2, F = 16, V = 10, untied.
        // Matrices (rows + columns): embed 10 + 8 = 18, lm_head 18; per layer q 16, k 16, v 16,
        // o 16, gate 24, up 24, down 24 = 136, two layers 272; total 308 accumulators.
        // Vectors: per layer two RMSNorm weights of 8 = 16, two layers 32, final norm 8: 40.
        // State = (308 + 40) x 4 bytes = 1,392 bytes, against 8 x P for Adam.
        Scenario s;
        s.model.family = BlockFamily::Llama;
        s.model.layers = 2;
        s.model.hidden = 8;
        s.model.heads = 2;
        s.model.ffn = 16;
        s.model.vocab = 10;
        s.training.precision = { Recipe::Fp32, Optimizer::Adafactor, StateDtype::Fp32, false };
        const FactoredShape f = factoredShape(s.model);
        QCOMPARE(f.matrixRowsPlusColumns, Count(308));
        QCOMPARE(f.vectorElements, Count(40));
        QCOMPARE(countOf(modelStates(s).optimizerStates), Count(1392));
        // P = 80 + 80 + 2 x (64 x 4 + 3 x 128 + 16) + 8 = 1,480.
        QCOMPARE(effectiveParameters(s.model), Count(1480));
    }

    void namesRoundTrip()
    {
        for (Recipe r : kAllRecipes)
            QCOMPARE(recipeFromName(recipeName(r)), std::optional<Recipe>(r));
        for (Optimizer o : kAllOptimizers)
            QCOMPARE(optimizerFromName(optimizerName(o)), std::optional<Optimizer>(o));
        QVERIFY(!recipeFromName("fp8"));
        QCOMPARE(recipeName(Recipe::Bf16Master), std::string_view("bf16-master"));
    }

    // FP8 training (precision.h, Fp8Recipe), LLaMA-2 7B at B = 1, S = 4096. Per layer: the
    // linears' weights P_lin = 4·H² + 3·H·F = 67,108,864 + 135,266,304 = 202,375,168;
    // B·S·H = 16,777,216 and B·S·F = 45,088,768 elements.
    void fp8TorchaoKeepsBf16Activations()
    {
        // torchao's autograd function saves the BF16 input and weight (float8_linear.py): the
        // saved tensors are the BF16 run's, whatever the recipe.
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        s.training.sequence = 4096;
        const Bytes bf16 = estimate(s).activations;
        for (Fp8Recipe r : { Fp8Recipe::Tensorwise, Fp8Recipe::Rowwise, Fp8Recipe::Mxfp8 }) {
            s.training.precision.fp8 = r;
            QVERIFY(validate(s).size() == 0);
            QCOMPARE(countOf(estimate(s).activations), countOf(bf16));
        }
    }

    void fp8CastsLiveWhileALinearRuns()
    {
        // torchao saves the BF16 tensors, so its FP8 copies are transients of one linear. In its
        // backward (float8_linear.py): the output gradient cast twice, the weight and the input
        // once, 2·T·out + T·in + in·out one-byte elements. LLaMA-2 7B at T = 4096: gate/up
        // (4,096 -> 11,008) is the largest: 2 x 4,096 x 11,008 + 4,096^2 + 4,096 x 11,008 =
        // 152,043,520 (down_proj: 123,731,968).
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        s.training.sequence = 4096;
        const Bytes bf16 = estimate(s).activationDetail.layerBackwardTransient;
        s.training.precision.fp8 = Fp8Recipe::Tensorwise;
        QCOMPARE(countOf(estimate(s).activationDetail.layerBackwardTransient - bf16), Count(152'043'520));
        s.training.precision.fp8 = Fp8Recipe::Rowwise; // row scales left out
        QCOMPARE(countOf(estimate(s).activationDetail.layerBackwardTransient - bf16), Count(152'043'520));
        // MXFP8: an E8M0 scale per 32 elements, 33/32 bytes an element.
        s.training.precision.fp8 = Fp8Recipe::Mxfp8;
        QCOMPARE(countOf(estimate(s).activationDetail.layerBackwardTransient - bf16), Count(156'794'880));
        // Tensor parallelism over 2: gate/up keep their whole input and half their outputs,
        // 2 x 4,096 x 5,504 + 4,096^2 + 4,096 x 5,504 = 84,410,368; down_proj keeps its whole
        // output, 2 x 4,096^2 + 4,096 x 5,504 + 5,504 x 4,096 = 78,643,200.
        s.parallel.tensorParallel = 2;
        s.parallel.gpus = 2;
        s.training.precision.fp8 = Fp8Recipe::Off;
        const Bytes tp = estimate(s).activationDetail.layerBackwardTransient;
        s.training.precision.fp8 = Fp8Recipe::Tensorwise;
        QCOMPARE(countOf(estimate(s).activationDetail.layerBackwardTransient - tp), Count(84'410'368));
        // Forward casts the input and the weight, down_proj's the largest: 2 x 4,096 x 11,008.
        s.parallel.tensorParallel = 1;
        s.parallel.gpus = 1;
        s.activations.attention = AttentionKernel::Flash;
        s.stack.compile = true; // the norms fused: no other forward scratch is larger
        QVERIFY(countOf(estimate(s).activationDetail.layerForwardTransient) >= Count(90'177'536));
        s.training.precision.fp8 = Fp8Recipe::Off;
        QVERIFY(countOf(estimate(s).activationDetail.layerForwardTransient) < Count(90'177'536));
    }

    void fp8TransformerEngineByHand()
    {
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        s.training.sequence = 4096;
        constexpr Count pLin = 202'375'168, bsh = 16'777'216, bsf = 45'088'768;
        // Eager attention: the q/k/v input, o_proj's, gate/up's and down_proj's inputs go from two
        // bytes to one; the FP8 weight and transpose add two bytes per linear weight.
        const Count off = countOf(estimate(s).activations);
        s.training.precision.fp8 = Fp8Recipe::TeDelayed;
        QCOMPARE(countOf(estimate(s).activations) - off, 32 * (2 * pLin - 3 * bsh - bsf));
        // Under SDPA the kernel keeps its BF16 output and o_proj saves an FP8 copy beside it.
        s.activations.attention = AttentionKernel::Sdpa;
        s.training.precision.fp8 = Fp8Recipe::Off;
        const Count offSdpa = countOf(estimate(s).activations);
        s.training.precision.fp8 = Fp8Recipe::TeDelayed;
        const Count delayed = countOf(estimate(s).activations);
        QCOMPARE(delayed - offSdpa, 32 * (2 * pLin - bsh - bsf)); // 10,972,299,264 bytes
        // Blockwise: an FP32 scale per 128 FP8 input elements, 1/32 byte each.
        s.training.precision.fp8 = Fp8Recipe::TeBlockwise;
        QCOMPARE(countOf(estimate(s).activations) - delayed, 32 * ((3 * bsh + bsf) / 32));
        // Tensor parallelism splits the weights and the inputs inside its region (o_proj's FP8
        // copy, down_proj's input); q/k/v's and gate/up's inputs stay whole without SP:
        // P_lin - B·S·H - B·S·H + B·S·H/2 - B·S·F/2 per layer.
        s.training.precision.fp8 = Fp8Recipe::TeDelayed;
        s.parallel.tensorParallel = 2;
        s.parallel.gpus = 2;
        const Count tp = countOf(estimate(s).activations);
        s.training.precision.fp8 = Fp8Recipe::Off;
        QCOMPARE(tp - countOf(estimate(s).activations), 32 * (pLin - 3 * bsh / 2 - bsf / 2));
    }

    void fp8AllGatherHalvesGatheredLinears()
    {
        // FSDP2 gathers the computing layer and one prefetched: with torchao's FP8 all-gather
        // their linear weights take one byte instead of BF16's two.
        Scenario s = llama2_7b();
        applyStackDefaults(s, TrainingStack::Fsdp2);
        s.activations.model = ActivationModelKind::Transformer;
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage3;
        s.training.precision.fp8 = Fp8Recipe::Tensorwise;
        QVERIFY(validate(s).size() == 0);
        const Count before = countOf(estimate(s).parameters);
        s.training.precision.fp8AllGather = true;
        QVERIFY(validate(s).size() == 0);
        QCOMPARE(before - countOf(estimate(s).parameters), 2 * Count(202'375'168));
    }

    void fp8Refusals()
    {
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        s.training.precision.fp8 = Fp8Recipe::TeDelayed;
        s.training.precision.recipe = Recipe::Fp32;
        QCOMPARE(validate(s).begin()->reason, Conflict::Fp8NeedsHalfRecipe);
        s.training.precision.recipe = Recipe::Bf16Master;
        s.lora.mode = AdapterMode::Lora;
        s.lora.rank = 8;
        QCOMPARE(validate(s).begin()->reason, Conflict::Fp8NotWithAdapters);
        s.lora.mode = AdapterMode::None;
        s.activations.model = ActivationModelKind::Textbook;
        QCOMPARE(validate(s).begin()->reason, Conflict::Fp8NeedsItemized);
        s.activations.model = ActivationModelKind::Transformer;
        // torchao asserts tensorwise scaling for the FP8 all-gather; it is FSDP2's hook.
        s.training.precision.fp8 = Fp8Recipe::Rowwise;
        s.training.precision.fp8AllGather = true;
        QCOMPARE(validate(s).begin()->reason, Conflict::Fp8AllGatherNeedsTensorwise);
        s.training.precision.fp8 = Fp8Recipe::Tensorwise;
        QCOMPARE(validate(s).begin()->reason, Conflict::Fp8AllGatherNeedsFsdp);
    }

    void fp8MegatronKeepsTheWorkspace()
    {
        // Megatron-LM passes is_first_microbatch, so TE keeps the FP8 weights and transposes as
        // a workspace between steps: a model state of 2 bytes per linear weight of the stage's
        // layers, not a per-layer saved tensor.
        Scenario s = llama2_7b();
        applyStackDefaults(s, TrainingStack::Megatron);
        s.activations.model = ActivationModelKind::Transformer;
        s.training.sequence = 4096;
        constexpr Count pLin = 202'375'168;
        const Breakdown bf16 = estimate(s);
        s.training.precision.fp8 = Fp8Recipe::TeDelayed;
        QVERIFY(validate(s).size() == 0);
        const Breakdown fp8 = estimate(s);
        // Beside them, delayed scaling's scales and amax histories: Megatron's 4 fused GEMMs a
        // layer (qkv, proj, fc1, fc2) x 5 FP8 tensors x (1 + 1) FP32 values at its default
        // fp8_amax_history_len = 1: 40 bytes a GEMM.
        QCOMPARE(countOf(fp8.parameters) - countOf(bf16.parameters), 32 * 2 * pLin + 32 * 4 * 40);
        QVERIFY(fp8.activations < bf16.activations); // only the FP8 inputs remain there
        // Two pipeline stages hold 16 layers each; TP = 2 halves each weight.
        s.parallel.pipelineParallel = 2;
        s.parallel.tensorParallel = 2;
        s.parallel.gpus = 4;
        const Count withFp8 = countOf(estimate(s).parameters);
        s.training.precision.fp8 = Fp8Recipe::Off;
        QCOMPARE(withFp8 - countOf(estimate(s).parameters), 16 * 2 * pLin / 2 + 16 * 4 * 40);
    }

    void fp8DelayedScalingKeepsAmaxHistories()
    {
        // Transformer Engine's delayed scaling keeps, for each GEMM, an FP32 scale and an FP32
        // amax history of 1024 rows for 3 forward and 2 backward FP8 tensors (base.py,
        // quantization.py DelayedScalingRecipeState). With te.Linear swapped in for each of
        // LLaMA's 7 linears: 32 x 7 x 5 x (1024 + 1) x 4 = 4,592,000 bytes, kept between steps.
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        const Count off = countOf(estimate(s).parameters);
        s.training.precision.fp8 = Fp8Recipe::TeDelayed;
        QVERIFY(validate(s).size() == 0);
        QCOMPARE(countOf(placeModelStates(s).fp8ScalingState), Count(4'592'000));
        QCOMPARE(countOf(estimate(s).parameters) - off, Count(4'592'000));
        // Blockwise and torchao's dynamic scaling compute each scale from the tensor at hand.
        for (Fp8Recipe r : { Fp8Recipe::TeBlockwise, Fp8Recipe::Tensorwise, Fp8Recipe::Rowwise }) {
            s.training.precision.fp8 = r;
            QCOMPARE(countOf(placeModelStates(s).fp8ScalingState), Count(0));
        }
        // Every tensor-parallel rank keeps its modules' whole state; a pipeline stage its layers'.
        s.training.precision.fp8 = Fp8Recipe::TeDelayed;
        s.parallel.tensorParallel = 2;
        s.parallel.pipelineParallel = 2;
        s.parallel.gpus = 4;
        QCOMPARE(countOf(placeModelStates(s).fp8ScalingState), Count(4'592'000 / 2));
    }

    void fp8NeedsFp8TensorCores()
    {
        // FP8 tensor cores start with Ada Lovelace and Hopper: an A100 is warned about and gets
        // no step time (so no plan in the cost ranking); an H100 neither.
        Scenario s = llama2_7b();
        s.activations.model = ActivationModelKind::Transformer;
        s.training.precision.fp8 = Fp8Recipe::Tensorwise;
        s.gpu.capacity = bytes(80 * kGiB);
        s.gpu.supportsFp8 = false;
        QVERIFY(estimate(s).warnings.contains(Warning::Fp8NotSupportedOnGpu));
        GpuSpec a100;
        a100.bf16 = true;
        a100.tflopsBf16 = 312;
        a100.matmulEfficiency = 0.8;
        a100.hbmGBps = 2039;
        QVERIFY(!stepTime(s, a100, StepTimeOptions{}).known);
        s.gpu.supportsFp8 = true;
        QVERIFY(!estimate(s).warnings.contains(Warning::Fp8NotSupportedOnGpu));
        a100.fp8 = true; // as if it had them
        a100.tflopsFp8 = 624;
        QVERIFY(stepTime(s, a100, StepTimeOptions{}).known);
    }
};

QTEST_APPLESS_MAIN(TestPrecision)
#include "tst_precision.moc"
