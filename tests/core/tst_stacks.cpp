// The training stacks' memory features, each worked out by hand on LLaMA-2 7B (L = 32,
// H = 4096, A = 32, F = 11008, V = 32000 untied: P = 6,738,415,616; one layer 202,375,168
// matrix parameters + 2 x 4096 norm weights = 202,383,360; embedding and head 131,072,000
// each, final norm 4096) or Llama-3.2-3B, from the frameworks' sources named beside each.

#include <QtTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/validation.h>

using namespace headroom;

namespace {

Scenario llama7b(TrainingStack stack)
{
    Scenario s;
    applyStackDefaults(s, stack);
    s.model.family = BlockFamily::Llama;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.ffn = 11008;
    s.model.vocab = 32000;
    s.training.precision.recipe = Recipe::Bf16Master;
    s.training.precision.optimizer = Optimizer::AdamW;
    s.overhead = { bytes(0), bytes(0) };
    return s;
}

} // namespace

class TestStacks : public QObject
{
    Q_OBJECT

private slots:
    // Issue 32, item 8: under litgpt one more token (S = 128 -> 129, Llama-3.2-3B, B = 32)
    // lowered the peak by 909 MB: the logits were split into two equal halves, where LitGPT
    // cuts a full 128-token slice and a 1-token one. One more token never lowers it now.
    void litgptLongerSequenceNeverLowersThePeak()
    {
        Scenario s;
        applyStackDefaults(s, TrainingStack::Litgpt);
        s.model.family = BlockFamily::Llama; // Llama-3.2-3B
        s.model.layers = 28;
        s.model.hidden = 3072;
        s.model.heads = 24;
        s.model.kvHeads = 8;
        s.model.ffn = 8192;
        s.model.vocab = 128256;
        s.model.tiedEmbeddings = true;
        s.training.microBatch = 32;
        QVERIFY(validate(s).empty());
        Bytes before = bytes(0);
        for (Count seq = 100; seq <= 400; ++seq) {
            s.training.sequence = seq;
            const Bytes peak = estimate(s).peak;
            QVERIFY2(peak >= before, qPrintable(QStringLiteral("S = %1").arg(qint64(seq))));
            before = peak;
        }
    }

    void fsdpGathersLayers()
    {
        // FSDP1 FULL_SHARD on 8 GPUs: the root unit (embedding, final norm, head: 262,148,096)
        // stays gathered, with the layer computing and two in flight (limit_all_gathers):
        // 262,148,096 + 3 x 202,383,360 = 869,298,176 parameters in BF16, 1,738,596,352 bytes;
        // the computing layer's BF16 gradients before reduce-scatter, 404,766,720. No bucket.
        Scenario s = llama7b(TrainingStack::Fsdp);
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage3;
        const Placement p = placeModelStates(s);
        QCOMPARE(p.gatheredElements, Count(869'298'176));
        QCOMPARE(countOf(p.gatheredParameters), Count(1'738'596'352));
        QCOMPARE(countOf(p.liveGradients), Count(404'766'720));
        QCOMPARE(countOf(p.reduceBucket), Count(0));
        // FSDP2 prefetches one layer: 262,148,096 + 2 x 202,383,360 = 666,914,816.
        s.stack.stack = TrainingStack::Fsdp2;
        QCOMPARE(placeModelStates(s).gatheredElements, Count(666'914'816));
        // FSDP has no ZeRO-1.
        s.parallel.zero = ZeroStage::Stage1;
        QVERIFY(validate(s).hasField(Field::Zero));
    }

    void deepspeedStage3Buffers()
    {
        // DeepSpeed's defaults: the largest module (the 131,072,000-parameter embedding) and the
        // 5e7 prefetch bucket gathered, 181,072,000 in BF16 = 362,144,000 bytes; tensors of at
        // most 1e5 elements kept whole: the 65 norms of 4096, 266,240 parameters, 532,480 bytes,
        // whose shard would be 66,560: 465,920 more; one 5e8-element BF16 bucket (stage 3).
        Scenario s = llama7b(TrainingStack::DeepSpeed);
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage3;
        Placement p = placeModelStates(s);
        QCOMPARE(p.gatheredElements, Count(181'072'000));
        QCOMPARE(countOf(p.gatheredParameters), Count(362'144'000));
        QCOMPARE(countOf(p.persistentParameters), Count(465'920));
        QCOMPARE(countOf(p.reduceBucket), Count(1'000'000'000));
        // The FP32 gradient of one optimizer sub-group at the step: min(P / 8, 1e9) x 4 =
        // 842,301,952 x 4 = 3,369,207,808 (stage3.py _prepare_fp32_grad_for_sub_group).
        QCOMPARE(countOf(estimate(s).stepBuffers), Count(3'369'207'808));
        // Hugging Face's "auto": prefetch 0.9 x 4096^2 = 15,099,494 elements, persistence 10 x
        // 4096 = 40,960 (the norms still fall under it), bucket 4096^2 = 16,777,216 elements.
        s.stack.stack = TrainingStack::HfTrainer;
        p = placeModelStates(s);
        QCOMPARE(p.gatheredElements, Count(131'072'000 + 15'099'494));
        QCOMPARE(countOf(p.persistentParameters), Count(465'920));
        QCOMPARE(countOf(p.reduceBucket), Count(33'554'432));
        // stage3_max_live_parameters caps what is gathered (never below the module itself).
        s.stack.maxLiveParameters = 140'000'000;
        QCOMPARE(placeModelStates(s).gatheredElements, Count(140'000'000));
    }

    void overlapCommDoublesTheBucket()
    {
        // DeepSpeed stages 1-2 with overlap_comm: two 5e8-element BF16 buckets (stage_1_and_2.py).
        Scenario s = llama7b(TrainingStack::DeepSpeed);
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage2;
        QCOMPARE(countOf(placeModelStates(s).reduceBucket), Count(1'000'000'000));
        s.stack.overlapComm = StackSwitch::On;
        QCOMPARE(countOf(placeModelStates(s).reduceBucket), Count(2'000'000'000));
    }

    void optimizerInBackward()
    {
        // torchtune's optimizer_in_bwd: the largest tensor's gradient at a time, the 32000 x 4096
        // embedding (or head) in BF16: 262,144,000 bytes; none of the step's temporaries.
        Scenario s = llama7b(TrainingStack::Torchtune);
        s.stack.optimizerInBackward = true;
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.gradients), Count(262'144'000));
        s.training.gradAccumSteps = 4;
        QVERIFY(validate(s).hasField(Field::OptimizerInBackward));
    }

    void adam8bitAndPaging()
    {
        // bitsandbytes 8-bit AdamW on Llama-3.2-3B (P = 3,212,749,824; 28 layers, H = 3072,
        // tied): 65/32 bytes a parameter (two 8-bit codes and an FP32 absmax per 256 for each,
        // bitsandbytes >= 0.44), 6,525,898,080 bytes; its 57 norms of 3072 < 4096 elements keep
        // FP32 states, 8 x 175,104 - 175,104 x 65/32 = 1,045,152 more: 6,526,943,232.
        Scenario s = llama7b(TrainingStack::Torchtune);
        s.model.layers = 28;
        s.model.hidden = 3072;
        s.model.heads = 24;
        s.model.kvHeads = 8;
        s.model.ffn = 8192;
        s.model.vocab = 128256;
        s.model.tiedEmbeddings = true;
        s.training.precision.optimizer = Optimizer::Adam8bit;
        QCOMPARE(estimate(s).parameterCount, Count(3'212'749'824));
        QCOMPARE(countOf(estimate(s).optimizerStates), Count(6'526'943'232));
        // Paged: all states of tensors of at least 1e5 elements go to managed memory but the
        // largest tensor's (the 128256 x 3072 embedding, prefetched for its update); what
        // stays is the small tensors' and that one: in proportion to their elements.
        s.stack.pagedOptimizer = true;
        const Breakdown b = estimate(s);
        const Count all = 6'526'943'232, total = 3'212'749'824, paged = total - 175'104, largest = 128'256 * 3072;
        const Count moved = all * paged / total - all * largest / total;
        QCOMPARE(countOf(b.pagedOptimizerStates), moved);
        QCOMPARE(countOf(b.optimizerStates), all - moved);
    }

    void megatronDistributedOptimizer()
    {
        // Megatron with --bf16 (an FP32 main-grad buffer) and the distributed optimizer on 8
        // data-parallel GPUs: 2P weights, 4P gradients whole, 4P master and 8P moments / 8:
        // 6 + 12/8 bytes a parameter (dist_optimizer.md).
        Scenario s = llama7b(TrainingStack::Megatron);
        s.parallel.gpus = 8;
        s.stack.distributedOptimizer = true;
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.parameters), Count(13'476'831'232));
        QCOMPARE(countOf(b.gradients), Count(26'953'662'464));
        QCOMPARE(countOf(b.masterWeights), Count(3'369'207'808));
        QCOMPARE(countOf(b.optimizerStates), Count(6'738'415'616));
        s.parallel.zero = ZeroStage::Stage1;
        QVERIFY(validate(s).hasField(Field::Zero));
    }

    void nf4WithAndWithoutDoubleQuantization()
    {
        // QLoRA's base: the 32 x 202,375,168 = 6,476,005,376 block weights at 0.5 + 4/64 bytes
        // (an FP32 absmax per 64) = 3,642,753,024, or 0.5 + 1/64 + 4/(64 x 256) bytes with the
        // absmax quantized again = 3,340,771,328.
        Scenario s = llama7b(TrainingStack::HfTrainer);
        s.lora.mode = AdapterMode::Qlora;
        s.stack.quantBase = QuantBase::Nf4;
        QCOMPARE(countOf(placeModelStates(s).frozenNf4), Count(3'642'753'024));
        s.stack.quantBase = QuantBase::Nf4DoubleQuant;
        QCOMPARE(countOf(placeModelStates(s).frozenNf4), Count(3'340'771'328));
    }

    void activationOffload()
    {
        // Checkpointed layers offloaded: each keeps its BF16 input, B·S·H x 2 = 16,777,216 bytes
        // at B = 1, S = 2048; the GPU holds the 5 copies in flight and the one brought back, 6 x
        // 16,777,216 = 100,663,296; the host the 32 layers' 536,870,912.
        Scenario s = llama7b(TrainingStack::Torchtune);
        s.training.recompute = Recompute::Full;
        const Bytes held = estimate(s).activationDetail.layers;
        QCOMPARE(countOf(held), Count(536'870'912));
        s.stack.activationOffload = true;
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.activationDetail.layers), Count(100'663'296));
        QCOMPARE(countOf(b.offloadedActivations), Count(536'870'912));
    }

    void interleavedPipeline()
    {
        // 32 layers on p = 4 stages, 8 micro-batches: 1F1B holds 8 x 4 = 32 layers' worth on the
        // first stage; with v = 2 chunks a stage, (8 x 3) / 2 = 12 more: 44, L (1 + 3/8).
        Scenario s = llama7b(TrainingStack::Megatron);
        s.parallel.gpus = 4;
        s.parallel.pipelineParallel = 4;
        s.training.gradAccumSteps = 8;
        QCOMPARE(pipelineLayersHeld(s), Count(32));
        s.stack.virtualStages = 2;
        QVERIFY(validate(s).empty());
        QCOMPARE(pipelineLayersHeld(s), Count(44));
        s.stack.virtualStages = 3; // 32 layers do not split into 4 x 3 chunks
        QVERIFY(validate(s).hasField(Field::VirtualStages));
    }

    void paperCountsStatesAlone()
    {
        // The paper's convention at ZeRO-3: P x 16 / 64 for 7.5e9 parameters on 64 GPUs,
        // 1,875,000,000 bytes, nothing gathered, no bucket.
        Scenario s = llama7b(TrainingStack::Paper);
        s.model.paramsOverride = 7'500'000'000;
        s.training.precision.recipe = Recipe::Fp16Master;
        s.training.precision.optimizer = Optimizer::Adam;
        s.parallel.gpus = 64;
        s.parallel.zero = ZeroStage::Stage3;
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.modelStates()), Count(1'875'000'000));
    }
};

QTEST_APPLESS_MAIN(TestStacks)
#include "tst_stacks.moc"
