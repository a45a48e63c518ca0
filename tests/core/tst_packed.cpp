// Packed sequences (TrainingSetup::packed). Under SDPA the document boundaries are a dense
// block-causal bool mask (torchtune packed_block_causal_mask: B×S×S), which
// scaled_dot_product_attention turns into a new additive mask in q's dtype on every call
// (aten/src/ATen/native/transformers/attention.cpp convert_boolean_attn_mask) and its
// memory-efficient kernel saves for backward; under a flash kernel (varlen, FlexAttention's
// BlockMask) nothing is added. Worked by hand on the step-time LLaMA (steptimecard.h: L = 2,
// B = 1, S = 32, A = 4 heads of 16, BF16):
//   each layer saves 1 x 32 x 32 x 2 = 2,048 bytes of additive mask; the bool mask is 1,024 bytes
//   once: 2 x 2,048 + 1,024 = 5,120 bytes more than unpacked.
//   The kernel with a mask computes the whole square: attention's 4 L S' A d forward goes from
//   S' = 16 to 32, 4 x 2 x 16 x 4 x 16 = 8,192 FLOPs a token more forward, three times that with
//   backward: 24,576.

#include <QtTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptime.h>

#include "steptimecard.h"

using namespace headroom;

namespace {

Scenario llama(AttentionKernel kernel)
{
    Scenario s = test::stepTimeLlama();
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.attention = kernel;
    return s;
}

} // namespace

class TestPacked : public QObject
{
    Q_OBJECT

private slots:
    void sdpaKeepsAnAdditiveMaskPerLayer()
    {
        const Scenario plain = llama(AttentionKernel::Sdpa);
        Scenario packed = plain;
        packed.training.packed = true;
        QVERIFY(validate(packed).empty());
        QCOMPARE(estimate(packed).activations - estimate(plain).activations, bytes(5'120));
    }

    void flashAddsNothing()
    {
        const Scenario plain = llama(AttentionKernel::Flash);
        Scenario packed = plain;
        packed.training.packed = true;
        QCOMPARE(estimate(packed).activations, estimate(plain).activations);
    }

    void checkpointingRebuildsTheLayersMask()
    {
        // Full recomputation: the layers keep their inputs; the bool mask stays (1,024) and the
        // rebuilt layer makes its additive mask again (2,048 in the recompute figure).
        Scenario plain = llama(AttentionKernel::Sdpa);
        plain.training.recompute = Recompute::Full;
        Scenario packed = plain;
        packed.training.packed = true;
        const ActivationEstimate a = estimate(packed).activationDetail, b = estimate(plain).activationDetail;
        QCOMPARE(a.layers, b.layers);
        QCOMPARE(a.outside - b.outside, bytes(1'024));
        QCOMPARE(a.recompute - b.recompute, bytes(2'048));
    }

    void denseMaskComputesTheWholeSquare()
    {
        const Scenario plain = llama(AttentionKernel::Sdpa);
        Scenario packed = plain;
        packed.training.packed = true;
        QVERIFY(qAbs(flopsPerToken(packed).model - flopsPerToken(plain).model - 24'576.0) < 1e-6);
    }

    void validation()
    {
        Scenario s = llama(AttentionKernel::Sdpa);
        s.training.packed = true;
        s.activations.model = ActivationModelKind::Textbook;
        QVERIFY(validate(s).hasField(Field::Packed));
        s = llama(AttentionKernel::Sdpa);
        s.training.packed = true;
        s.model.family = BlockFamily::Bert;
        QVERIFY(validate(s).hasField(Field::Packed));
    }
};

QTEST_APPLESS_MAIN(TestPacked)

#include "tst_packed.moc"
