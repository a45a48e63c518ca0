// torchtitan's per-operator selective checkpointing (--recompute op; oprecompute.h). The policy
// (torchtitan distributed/activation_checkpoint.py _apply_op_sac with the Llama _op_sac_save_list)
// saves the outputs of aten.mm except every second one, and of the SDPA kernels; a linear with
// a bias runs aten.addmm, neither counted nor saved. Worked by hand:
//  - LLaMA block, no biases: mms q(1) k(2) v(3) o(4) gate(5) up(6) down(7): q, v, gate, down saved.
//  - Qwen2 (biases on q, k, v): q, k, v are addmm; o(1) gate(2) up(3) down(4): o and up saved.
//  - Phi-3 (fused qkv_proj, gate_up_proj): qkv(1) o(2) gate_up(3) down(4): qkv and gate_up saved.
// On the step-time LLaMA (steptimecard.h: B = 1, S = 32, H = 64, A = 4 heads of 16, 4 KV heads,
// F = 128, BF16 matmuls, SDPA) one layer saves beyond its input:
//   q 32 x 64 x 2 = 4,096; v 4,096; gate 32 x 128 x 2 = 8,192; down 4,096; the kernel's output
//   4,096 and FP32 log-sum-exp 4 x 32 x 4 = 512: 25,088 bytes.

#include <QtTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/oprecompute.h>
#include <headroom/memory/transformeractivations.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptime.h>

#include "steptimecard.h"

using namespace headroom;

namespace {

Scenario llama()
{
    Scenario s = test::stepTimeLlama();
    s.activations.model = ActivationModelKind::Transformer;
    return s;
}

} // namespace

class TestOpRecompute : public QObject
{
    Q_OBJECT

private slots:
    void savedLinearsFollowTheMmCount()
    {
        ModelSpec m = llama().model;
        QCOMPARE(opSavedLinears(m), unsigned(OpQ | OpV | OpGate | OpDown));
        m.qkvBias = true; // Qwen2
        QCOMPARE(opSavedLinears(m), unsigned(OpO | OpUp));
        m.qkvBias = false;
        m.fusedProjections = true; // Phi-3
        QCOMPARE(opSavedLinears(m), unsigned(OpQ | OpK | OpV | OpGate | OpUp));
    }

    void recomputedShareOfLlama3()
    {
        // Llama 3 8B: k, o, up recomputed: (1,024 + 4,096 + 14,336) / (4,096 + 2 x 1,024 + 4,096 + 3 x 14,336).
        ModelSpec m;
        m.family = BlockFamily::Llama;
        m.hidden = 4096;
        m.heads = 32;
        m.kvHeads = 8;
        m.ffn = 14336;
        m.layers = 32;
        m.vocab = 128256;
        QVERIFY(qAbs(opRecomputedLinearShare(m) - 19456.0 / 53248.0) < 1e-12);
    }

    void layerKeepsItsInputAndTheSavedOutputs()
    {
        Scenario full = llama();
        full.training.recompute = Recompute::Full;
        Scenario op = llama();
        op.training.recompute = Recompute::Op;
        QVERIFY(validate(op).empty());
        const TransformerTerms f = transformerTerms(full);
        const TransformerTerms o = transformerTerms(op);
        QCOMPARE(o.heldActivations, f.heldActivations + bytes(25'088));
        // Backward rebuilds the layer as under full checkpointing.
        QCOMPARE(o.recomputeActivations, f.recomputeActivations);
        // Two layers held: the estimate's layers bucket.
        QCOMPARE(estimate(op).activationDetail.layers, (f.heldActivations + bytes(25'088)) * Count(2));
        // Between full checkpointing and none.
        Scenario none = llama();
        QVERIFY(estimate(op).activations > estimate(full).activations);
        QVERIFY(estimate(op).activations < estimate(none).activations);
    }

    void eagerAttentionSavesNoKernelOutput()
    {
        Scenario op = llama();
        op.training.recompute = Recompute::Op;
        op.activations.attention = AttentionKernel::Eager;
        Scenario full = op;
        full.training.recompute = Recompute::Full;
        // q, v, gate, down only: 20,480 bytes.
        QCOMPARE(transformerTerms(op).heldActivations, transformerTerms(full).heldActivations + bytes(20'480));
    }

    void tensorParallelKeepsRowParallelPartialSums()
    {
        // t = 2 with sequence parallelism: q, v, gate, the kernel's output and lse halve (2,048 +
        // 2,048 + 4,096 + 2,048 + 256); down's mm output stays whole (4,096); the two
        // reduce-scatters' outputs are 32 x 64 / 2 x 2 = 2,048 each: 18,688 bytes.
        Scenario op = llama();
        op.training.recompute = Recompute::Op;
        op.parallel.tensorParallel = op.parallel.gpus = 2;
        op.parallel.sequenceParallel = true;
        Scenario full = op;
        full.training.recompute = Recompute::Full;
        QCOMPARE(transformerTerms(op).heldActivations, transformerTerms(full).heldActivations + bytes(18'688));
    }

    void stepTimeRerunsTheUnsavedMatmuls()
    {
        // Per token: 2 x L x (the layer's linear weights) x share more hardware FLOPs. Here the
        // weights are 4,096 x 2 + 4,096 x 2 + 3 x 8,192 = 40,960 a layer, k, o and up recomputed:
        // 4,096 + 4,096 + 8,192 = 16,384, so 2 x 2 x 16,384 = 65,536 FLOPs a token.
        Scenario op = llama();
        op.training.recompute = Recompute::Op;
        const Scenario none = llama();
        const double more = flopsPerToken(op).hardware - flopsPerToken(none).hardware;
        QVERIFY2(qAbs(more - 65'536.0) < 1e-6, qPrintable(QString::number(more)));
        QCOMPARE(flopsPerToken(op).model, flopsPerToken(none).model);
    }

    void validation()
    {
        Scenario s = llama();
        s.training.recompute = Recompute::Op;
        s.activations.model = ActivationModelKind::Textbook;
        QVERIFY(validate(s).hasField(Field::Recompute));
        s = llama();
        s.training.recompute = Recompute::Op;
        s.model.family = BlockFamily::Gpt2; // fused QKV, two-matrix MLP
        QVERIFY(validate(s).hasField(Field::Recompute));
        s = llama();
        s.training.recompute = Recompute::Op;
        s.lora.mode = AdapterMode::Lora;
        QVERIFY(validate(s).hasField(Field::Recompute));
        s = llama();
        s.training.recompute = Recompute::Op;
        s.training.precision.fp8 = Fp8Recipe::Tensorwise;
        QVERIFY(validate(s).hasField(Field::Recompute));
    }
};

QTEST_APPLESS_MAIN(TestOpRecompute)

#include "tst_oprecompute.moc"
