// Layer-level checkpointing (scenario.h layerRecomputePlan()): torchtitan's every N-th layer and
// Megatron's --recompute-num-layers with the uniform and block methods. On a four-layer LLaMA
// (H = 64, S = 32, B = 1, pure BF16) one layer without checkpointing keeps W bytes (its whole
// saved list, the itemized model's figure) and a checkpoint stores the layer input, B·S·H·2 =
// 32 × 64 × 2 = 4,096 bytes. By the policies' code:
//   every 2 (blocks 2 and 4 wrapped):          2 W + 2 × 4,096 held; one layer rebuilt
//   Megatron block, N = 1 (the first layer):    3 W + 1 × 4,096; one layer rebuilt
//   Megatron uniform, N = 2 (groups {1,2},{3,4}): 2 × 4,096; two layers rebuilt at once
//   plain full:                                 4 × 4,096; one layer rebuilt
// where rebuilding g layers holds g·W less the stored input the first of them reuses.

#include <QtTest>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/transformeractivations.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptime.h>

using namespace headroom;

namespace {

Scenario fourLayers()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 4;
    s.model.hidden = 64;
    s.model.heads = 4;
    s.model.kvHeads = 4;
    s.model.ffn = 128;
    s.model.vocab = 100;
    s.training.microBatch = 1;
    s.training.sequence = 32;
    s.training.precision.recipe = Recipe::Bf16Pure;
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.profile = ImplementationProfile::HfSdpa;
    s.activations.attention = AttentionKernel::Sdpa;
    return s;
}

Scenario full(Count every, Count layers, RecomputeMethod method)
{
    Scenario s = fourLayers();
    s.training.recompute = Recompute::Full;
    s.training.recomputeEvery = every;
    s.training.recomputeLayers = layers;
    s.training.recomputeMethod = method;
    return s;
}

// W: what one layer keeps without checkpointing.
Bytes whole()
{
    const TransformerTerms t = transformerTerms(fourLayers());
    return t.heldActivations + t.heldWeightCopies;
}

ActivationEstimate activations(const Scenario &s) { return activationModel(ActivationModelKind::Transformer).estimate(s); }

constexpr Count kInput = 32 * 64 * 2;

} // namespace

class TestLayerRecompute : public QObject
{
    Q_OBJECT

private slots:
    void inputIsTheLayerInput()
    {
        QCOMPARE(countOf(transformerTerms(full(1, 0, RecomputeMethod::Uniform)).checkpointInput), kInput);
    }

    void everySecondLayer()
    {
        const ActivationEstimate a = activations(full(2, 0, RecomputeMethod::Uniform));
        QCOMPARE(a.layers, whole() * Count(2) + bytes(2 * kInput));
        const TransformerTerms t = transformerTerms(fourLayers());
        QCOMPARE(a.recompute, whole() - t.checkpointAlias);
        // Every layer (N = 1) is plain full recomputation.
        QCOMPARE(activations(full(1, 0, RecomputeMethod::Uniform)).layers, bytes(4 * kInput));
        // N beyond the layers: nothing checkpointed, everything kept.
        QCOMPARE(activations(full(5, 0, RecomputeMethod::Uniform)).layers, whole() * Count(4));
    }

    void megatronBlock()
    {
        const ActivationEstimate a = activations(full(1, 1, RecomputeMethod::Block));
        QCOMPARE(a.layers, whole() * Count(3) + bytes(kInput));
        QCOMPARE(activations(full(1, 4, RecomputeMethod::Block)).layers, bytes(4 * kInput));
    }

    void megatronUniform()
    {
        const ActivationEstimate a = activations(full(1, 2, RecomputeMethod::Uniform));
        QCOMPARE(a.layers, bytes(2 * kInput));
        const TransformerTerms t = transformerTerms(fourLayers());
        QCOMPARE(a.recompute, whole() * Count(2) - t.checkpointAlias);
        // Groups of three over four layers: two checkpoints ({1,2,3}, {4}), three rebuilt at once.
        const ActivationEstimate three = activations(full(1, 3, RecomputeMethod::Uniform));
        QCOMPARE(three.layers, bytes(2 * kInput));
        QCOMPARE(three.recompute, whole() * Count(3) - t.checkpointAlias);
    }

    void recomputedFlopsFollowTheShare()
    {
        // Half the layers checkpointed: half the extra forward of plain full recomputation.
        const FlopsPerToken none = flopsPerToken(fourLayers());
        const FlopsPerToken all = flopsPerToken(full(1, 0, RecomputeMethod::Uniform));
        const FlopsPerToken half = flopsPerToken(full(2, 0, RecomputeMethod::Uniform));
        QCOMPARE(half.model, none.model);
        QVERIFY(qAbs((half.hardware - none.hardware) - 0.5 * (all.hardware - none.hardware)) < 1e-6 * all.hardware);
        const FlopsPerToken block = flopsPerToken(full(1, 1, RecomputeMethod::Block));
        QVERIFY(qAbs((block.hardware - none.hardware) - 0.25 * (all.hardware - none.hardware)) < 1e-6 * all.hardware);
    }

    void validation()
    {
        QVERIFY(validate(full(2, 0, RecomputeMethod::Uniform)).empty());
        Scenario s = full(2, 0, RecomputeMethod::Uniform);
        s.training.recompute = Recompute::None;
        QVERIFY(validate(s).hasField(Field::RecomputeEvery));
        QVERIFY(validate(full(2, 2, RecomputeMethod::Uniform)).hasField(Field::RecomputeLayers));
        s = full(1, 2, RecomputeMethod::Block);
        s.activations.model = ActivationModelKind::Textbook;
        QVERIFY(validate(s).hasField(Field::RecomputeLayers));
        s = full(1, 2, RecomputeMethod::Block);
        s.lora.mode = AdapterMode::Lora;
        QVERIFY(validate(s).hasField(Field::RecomputeLayers));
        s = full(0, 0, RecomputeMethod::Uniform);
        QVERIFY(validate(s).hasField(Field::RecomputeEvery));
    }
};

QTEST_APPLESS_MAIN(TestLayerRecompute)
#include "tst_layerrecompute.moc"
