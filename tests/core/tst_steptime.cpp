// The step time's terms, each worked out by hand from its formula (steptime.h) on a model small
// enough to count: LLaMA layout, L = 2, H = 64, A = 4 (d_h = 16), F = 128, V = 100, untied.
//   per layer: attention 4 H^2 = 16,384; MLP 3 H F = 24,576; two RMSNorms 128: 41,088
//   P = 2 x 41,088 + embedding 6,400 + final norm 64 + LM head 6,400 = 95,040
//   matmul parameters P' = P - embedding = 88,640
// and on a made-up card: 100 TFLOP/s BF16 at 50 % matmul efficiency, 1,000 GB/s, NVLink
// 100 GB/s across 8 GPUs, PCIe 4.0 x16, 8 GPUs a node on 800 Gb/s, 500 W, $10,000.

#include <QtTest>

#include <cmath>

#include <headroom/planning/procurement.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/steptime.h>
#include <headroom/planning/steptimeexplain.h>

#include "steptimecard.h"

using namespace headroom;

namespace {

Scenario tinyLlama() { return test::stepTimeLlama(); }
GpuSpec card() { return test::stepTimeCard(); }

bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); }

} // namespace

class TestStepTime : public QObject
{
    Q_OBJECT

private slots:
    void flopsPerTokenByHand()
    {
        Scenario s = tinyLlama();
        QCOMPARE(matmulParameters(s.model), 88640.0);
        // SDPA, causal: S' = S / 2 = 16. Matmuls 2 P' = 177,280 forward; attention 4 L S' A d_h =
        // 4 x 2 x 16 x 4 x 16 = 8,192 forward. Forward + backward: 3 x (177,280 + 8,192) = 556,416.
        QCOMPARE(flopsPerToken(s).model, 556416.0);
        QCOMPARE(flopsPerToken(s).hardware, 556416.0);
        QCOMPARE(trainingFlops(s, 1e9), 556416e9);
        // Eager computes the whole square: S' = 32, attention 16,384; 3 x (177,280 + 16,384) =
        // 580,992. Full recomputation adds one forward: + 177,280 + 16,384 = 774,656.
        s.activations.attention = AttentionKernel::Eager;
        QCOMPARE(flopsPerToken(s).model, 580992.0);
        s.training.recompute = Recompute::Full;
        QCOMPARE(flopsPerToken(s).model, 580992.0);
        QCOMPARE(flopsPerToken(s).hardware, 774656.0);
        // Selective recomputes only the attention core: 580,992 + 16,384 = 597,376.
        s.training.recompute = Recompute::Selective;
        QCOMPARE(flopsPerToken(s).hardware, 597376.0);
        // A frozen base (LoRA) computes no weight gradients: 2 x 177,280 + 3 x 16,384 = 403,712.
        s.training.recompute = Recompute::None;
        s.lora.mode = AdapterMode::Lora;
        QCOMPARE(flopsPerToken(s).model, 403712.0);
        // Tied embeddings: the shared table still multiplies once as the LM head. P = 88,640,
        // P' = 88,640 - 6,400 + 6,400 = 88,640.
        Scenario tied = tinyLlama();
        tied.model.tiedEmbeddings = true;
        QCOMPARE(matmulParameters(tied.model), 88640.0);
    }

    void attentionByItsKernel()
    {
        // Attention's scores and P V: 4 S' A d_h = 4 x 16 x 4 x 16 = 4,096 a layer, 8,192 for
        // L = 2 forward, x 3 passes = 24,576 of the 556,416 FLOPs a token (S' = 16, causal).
        Scenario s = tinyLlama();
        s.training.microBatch = 1;
        QCOMPARE(flopsPerToken(s).attentionHardware, 24576.0);
        GpuSpec g = card();
        g.attentionEfficiency = 0.25;     // SDPA / flash-attn 2 class
        g.fusedAttentionEfficiency = 0.4; // Transformer Engine's fused attention
        // 32 tokens on one GPU: the rest at 1e14 x 0.5, attention's forward 8,192 at 1e14 x 0.25
        // and its backward 16,384 at 1e14 x 0.25 x 0.56 (kAttentionBackwardShare).
        StepTime t = stepTime(s, g, {});
        QCOMPARE(t.attentionFlopsPerStep, 24576.0 * 32);
        const double attention = 8192.0 * 32 / (1e14 * 0.25) + 16384.0 * 32 / (1e14 * 0.25 * 0.56);
        QVERIFY(near(t.attentionS, attention));
        // The tiny model's GEMMs are memory-bound (tst_gemmshape.cpp works the slowdown out by
        // hand: 979,200 bytes at 1e12 B/s against 16,957,440 FLOPs at 5e13 FLOP/s).
        const double q = (979200.0 / 1e12) / (16957440.0 / 5e13);
        QVERIFY(near(t.gemmShapeSlowdown, q));
        QVERIFY(near(t.matmulS, (556416.0 - 24576) * 32 * q / (1e14 * 0.5) + attention));
        // Full recomputation runs the attention forward again: 24,576 + 8,192 = 32,768.
        s.training.recompute = Recompute::Full;
        QCOMPARE(flopsPerToken(s).attentionHardware, 32768.0);
        s.training.recompute = Recompute::None;
        // Megatron runs the fused kernel: 1e14 x 0.4.
        s.stack.stack = TrainingStack::Megatron;
        t = stepTime(s, g, {});
        QVERIFY(near(t.attentionS, 8192.0 * 32 / (1e14 * 0.4) + 16384.0 * 32 / (1e14 * 0.4 * 0.56)));
        // A card without attention figures prices attention as any other matmul, backward too.
        t = stepTime(s, card(), {});
        QVERIFY(near(t.attentionS, 24576.0 * 32 / (1e14 * 0.5)));
        // Eager attention is batched GEMMs at the matmul efficiency: no attention-kernel term.
        s.stack.stack = TrainingStack::Paper;
        s.activations.attention = AttentionKernel::Eager;
        t = stepTime(s, g, {});
        QCOMPARE(t.attentionS, 0.0);
        // A card that gives no attention figures prices attention as any other matmul.
        QCOMPARE(attentionKernelEfficiency(s, card()), 0.5);
    }

    void everyTermByHand()
    {
        // 16 GPUs: t = 2, p = 2, d = 4; B = 2, m = 4 micro-batches; 4 x 2 x 4 x 32 = 1,024 tokens.
        Scenario s = tinyLlama();
        s.parallel.gpus = 16;
        s.parallel.tensorParallel = 2;
        s.parallel.pipelineParallel = 2;
        s.parallel.zero = ZeroStage::Stage3;
        s.training.microBatch = 2;
        s.training.gradAccumSteps = 4;
        const StepTime t = stepTime(s, card(), {});
        QVERIFY(t.known);
        QCOMPARE(t.tokensPerStep, 1024.0);
        QCOMPARE(t.nodes, Count(2));
        QCOMPARE(t.modelFlopsPerStep, 556416.0 * 1024);
        // Matmuls: 556,416 x 1,024 / (16 x 1e14 x 0.5) s, the GEMMs' 531,840 of them times what
        // their tiny shapes cost (memory-bound, as tst_gemmshape.cpp works out for t = 1), the
        // attention kernels' 24,576 not.
        QVERIFY(t.gemmShapeSlowdown > 1);
        const double matmul = (531840.0 * t.gemmShapeSlowdown + 24576) * 1024 / (16 * 1e14 * 0.5);
        QVERIFY(near(t.matmulS, matmul));
        // Element-wise: the replica's 256 tokens x L/p = 1 layer x 830 x 64 bytes / t = 2,
        // at 1e12 B/s.
        const double memory = 256.0 * 1 * 830 * 64 / 2 / 1e12;
        QVERIFY(near(t.memoryBoundS, memory));
        // The optimizer step: under ZeRO-3 each GPU owns Psi / d = 95,040 / 4 / 4 = 5,940
        // parameters and reads its BF16 gradient (2 B) and reads and writes its BF16 weight (2),
        // FP32 master (4) and AdamW's two FP32 moments (8): 2 x 14 + 2 = 30 bytes at 1e12 B/s.
        const double optimizer = 5940.0 * 30 / 1e12;
        QVERIFY(near(t.optimizerS, optimizer));
        QVERIFY(near(t.computeS, matmul + memory + optimizer));
        // Data parallel, ZeRO-3: d = 4 ranks t = 2 apart span 8 GPUs, one node, one NVLink
        // domain: 100 GB/s x 0.8. Psi = P / (t p) = 23,760; per micro-batch two BF16
        // all-gathers and one BF16 reduce-scatter of 3/4 Psi: 4 x (2 x 0.75 x 23,760 x 2 +
        // 0.75 x 23,760 x 2) = 427,680 bytes.
        QVERIFY(near(t.dataParallelBandwidth, 80e9));
        QVERIFY(!t.dataParallelCrossesNodes);
        // And each collective's latency, NCCL's ring model: 8.4 us + 3 steps x 3.4 us on NVLink =
        // 18.6 us for an all-gather or a reduce-scatter over 4 ranks; per micro-batch (2 x 1 + 2)
        // all-gathers and (1 + 1) reduce-scatters (the stage's layer, the embedding or head).
        const double dpLatency = 4 * 6 * 18.6e-6;
        QVERIFY(near(t.dataParallelLatencyS, dpLatency));
        const double dp = 427680.0 / 80e9 + dpLatency;
        QVERIFY(near(t.dataParallelS, dp));
        // Tensor parallel: 4 all-reduces a layer (2 forward, 2 backward) of B S H x 2 bytes, each
        // 2 (t-1)/t of it: 8,192 bytes; m x L/p x 4 = 16 of them on NVLink.
        // Each all-reduce over 2 ranks: 8.4 + 2 x 1 x 3.4 = 15.2 us.
        const double tp = 16 * 8192.0 / 80e9 + 16 * 15.2e-6;
        QVERIFY(near(t.tensorParallelLatencyS, 16 * 15.2e-6));
        QVERIFY(near(t.tensorParallelS, tp));
        // Pipeline: the p = 2 stages are t d = 8 GPUs apart, on two nodes. Each node's 800 Gb/s =
        // 1e11 B/s serves its 8 GPUs; this group has one member there: 1e11 / 8 = 1.25e10 B/s,
        // below the NVLink its GPUs in a node share (100 GB/s), x 0.8 = 1e10. Forward activations and backward
        // gradients, B S H / t x 2 bytes each, per micro-batch: 2 x 4 x 2 x 32 x 64 / 2 x 2.
        QVERIFY(near(t.tensorParallelBandwidth, 80e9));
        const double pp = 2.0 * 4 * 2 * 32 * 64 / 2 * 2 / 1e10;
        QVERIFY(near(t.pipelineSendS, pp));
        // 90 % of the data-parallel traffic would hide behind compute, but this tiny model's step
        // has less compute than that (the collectives' latency outweighs it): only the compute's
        // worth hides, the rest is exposed.
        const double exposed = dp - std::min(0.9 * dp, matmul + memory + optimizer);
        QVERIFY(exposed > 0.1 * dp);
        QVERIFY(near(t.dataParallelExposedS, exposed));
        const double communication = exposed + tp + pp;
        QVERIFY(near(t.communicationS, communication));
        // 1F1B bubble: (p - 1) / m of the stage's compute and tensor-parallel time.
        const double bubble = 1.0 / 4 * (matmul + memory + optimizer + tp);
        QVERIFY(near(t.bubbleS, bubble));
        QCOMPARE(t.offloadS(), 0.0);
        const double total = matmul + memory + optimizer + communication + bubble;
        QVERIFY(near(t.totalS, total));
        QVERIFY(near(t.mfu, 556416.0 * 1024 / (total * 16 * 1e14)));
        // The derivation in words has every term once: the exposed ones and the data-parallel
        // term's exposed part add up to the step.
        double sum = 0;
        for (const StepTimeTerm &term : explainStepTime(s, card(), {}, t))
            sum += term.exposed ? term.seconds : t.dataParallelExposedS;
        QVERIFY(near(sum, total));
        // The interleaved schedule divides the bubble by v and sends v times as often.
        s.stack.virtualStages = 2;
        const StepTime v2 = stepTime(s, card(), {});
        QVERIFY(near(v2.bubbleS, bubble / 2));
        QVERIFY(near(v2.pipelineSendS, 2 * pp));
    }

    void fp8ByHand()
    {
        // The tiny LLaMA's FP8 linears per layer: q, k, v, o (64 x 64 each) and gate, up
        // (64 x 128), down (128 x 64): 40,960 weights, inputs 4 x 64 + 2 x 64 + 128 = 512 and
        // outputs 4 x 64 + 2 x 128 + 64 = 576 elements per token.
        Scenario s = tinyLlama();
        s.training.microBatch = 1;
        s.training.precision.fp8 = Fp8Recipe::Tensorwise;
        GpuSpec g = card();
        QVERIFY(!stepTime(s, g, {}).known); // no FP8 tensor cores
        g.fp8 = true;
        QVERIFY(!stepTime(s, g, {}).known); // nor a rate for them
        g.tflopsFp8 = 200;
        StepTime t = stepTime(s, g, {});
        QVERIFY(t.known);
        // 32 tokens; the linears' 2 x 3 x 2 layers x 40,960 = 491,520 FLOPs a token at 2e14 x 0.5,
        // the rest of the 556,416 (head and attention) at 1e14 x 0.5.
        QCOMPARE(t.fp8FlopsPerStep, 491520.0 * 32);
        // All of them memory-bound on this card (tst_gemmshape.cpp): the FP8 linears move 606,208
        // bytes for 15,728,640 FLOPs at 1e14 FLOP/s, the head 69,888 for 1,228,800 at 5e13;
        // attention (no figure of its own on this card) at 1e14 x 0.5.
        const double q8 = (606208.0 / 1e12) / (15728640.0 / 1e14), qHead = (69888.0 / 1e12) / (1228800.0 / 5e13);
        QVERIFY(near(t.fp8GemmShapeSlowdown, q8));
        QVERIFY(near(t.gemmShapeSlowdown, qHead));
        QVERIFY(near(t.matmulS, (556416.0 - 491520 - 24576) * 32 * qHead / (1e14 * 0.5) + 24576.0 * 32 / (1e14 * 0.5)
                                        + 491520.0 * 32 * q8 / (2e14 * 0.5)));
        // Tensorwise casts: 6 bytes per input and output-gradient element, 8 per weight once per
        // micro-batch: 32 x 2 x (6 x 512 + 6 x 576) + 2 x 40,960 x 8 = 1,073,152 bytes at 1e12 B/s.
        QVERIFY(near(t.fp8CastS, 1073152.0 / 1e12));
        QVERIFY(near(t.memoryBoundS, 32.0 * 2 * 830 * 64 / 1e12 + t.fp8CastS));
        // Compiled, the element-wise work is 0.68 of it and the tensorwise amax read of inputs and
        // output gradients fuses into the op before: 4 bytes each instead of 6 (torchao's
        // fuse_with_prev); the weights' casts stay 8.
        s.stack.compile = true;
        const StepTime compiled = stepTime(s, g, {});
        QVERIFY(near(compiled.fp8CastS, (32.0 * 2 * (4 * 512 + 4 * 576) + 2 * 40960.0 * 8) / 1e12));
        QVERIFY(near(compiled.memoryBoundS, 32.0 * 2 * 830 * 0.68 * 64 / 1e12 + compiled.fp8CastS));
        s.stack.compile = false;
        // MFU stays against the 16-bit peak.
        QVERIFY(near(t.mfu, t.modelFlopsPerStep / (t.totalS * 1e14)));

        // Transformer Engine under Megatron, 4 micro-batches, full recompute: inputs cast in both
        // forwards, 4 bytes an element; the weights once a step (the workspace). 128 tokens x
        // 2 x (2 x 4 x 512 + 4 x 576) + 2 x 40,960 x 4 = 1,966,080 bytes; the linears' FLOPs now
        // 2 x 4 x 2 x 40,960 = 655,360 a token.
        s.training.precision.fp8 = Fp8Recipe::TeDelayed;
        s.stack.stack = TrainingStack::Megatron;
        s.training.gradAccumSteps = 4;
        s.training.recompute = Recompute::Full;
        t = stepTime(s, g, {});
        QVERIFY(near(t.fp8CastS, 1966080.0 / 1e12));
        QCOMPARE(t.fp8FlopsPerStep, 655360.0 * 128);
    }

    void dataParallelVolumes()
    {
        // Two GPUs in one node, no TP or PP: Psi = P = 95,040, f = 1/2, BF16 gradients (2 B).
        Scenario s = tinyLlama();
        s.parallel.gpus = 2;
        s.training.gradAccumSteps = 3;
        const double bw = 80e9;
        // Latencies over 2 ranks on NVLink (NCCL's ring model): an all-reduce 8.4 + 2 x 3.4 =
        // 15.2 us, a reduce-scatter or an all-gather 8.4 + 3.4 = 11.8 us; every volume here fits
        // one 25 MiB bucket.
        // DDP: one all-reduce a step, 2 f Psi g = 95,040 x 2 bytes, whatever m.
        s.parallel.zero = ZeroStage::Stage0;
        QVERIFY(near(stepTime(s, card(), {}).dataParallelS, 95040.0 * 2 / bw + 15.2e-6));
        // ZeRO-1: one reduce-scatter of gradients and one all-gather of weights a step.
        s.parallel.zero = ZeroStage::Stage1;
        QVERIFY(near(stepTime(s, card(), {}).dataParallelS, (0.5 * 95040 * 2 + 0.5 * 95040 * 2) / bw + 2 * 11.8e-6));
        // ZeRO-2: the reduce-scatter every micro-batch (3), the all-gather once.
        s.parallel.zero = ZeroStage::Stage2;
        QVERIFY(near(stepTime(s, card(), {}).dataParallelS, (3 * 0.5 * 95040 * 2 + 0.5 * 95040 * 2) / bw + 4 * 11.8e-6));
        // An FP32 gradient buffer doubles what is reduced.
        s.training.precision.fp32GradBuffer = true;
        QVERIFY(near(stepTime(s, card(), {}).dataParallelS, (3 * 0.5 * 95040 * 4 + 0.5 * 95040 * 2) / bw + 4 * 11.8e-6));
        // 1,536 GPUs on 192 nodes under DDP: a ring all-reduce would take 8.4 + (2 x 1,535 -
        // 2 x 191) x 3.4 + 2 x 191 x 9.6 = 12,814 us; NCCL's tree 2 x (7 x 28 + log2(192) x 50) =
        // 1,150.4 us, the less.
        s.parallel.zero = ZeroStage::Stage0;
        s.training.precision.fp32GradBuffer = false;
        s.parallel.gpus = 1536;
        QVERIFY(near(stepTime(s, card(), {}).dataParallelLatencyS, 2 * (7 * 28 + std::log2(192.0) * 50) * 1e-6));
    }

    void overlapPerStack()
    {
        // Two GPUs, ZeRO-2: FSDP-style stacks hide 90 % of the traffic; DeepSpeed's engine at
        // stage 2 keeps overlap_comm off by default and hides none, until it is turned on.
        Scenario s = tinyLlama();
        s.parallel.gpus = 2;
        s.parallel.zero = ZeroStage::Stage2;
        s.training.microBatch = 256; // compute enough to hide 90 % of the collectives' latency too
        s.stack.stack = TrainingStack::Fsdp;
        StepTime t = stepTime(s, card(), {});
        QVERIFY(near(t.dataParallelExposedS, 0.1 * t.dataParallelS));
        s.stack.stack = TrainingStack::DeepSpeed;
        t = stepTime(s, card(), {});
        QVERIFY(t.dataParallelS > 0);
        QCOMPARE(t.dataParallelExposedS, t.dataParallelS);
        s.stack.overlapComm = StackSwitch::On;
        QVERIFY(near(stepTime(s, card(), {}).dataParallelExposedS, 0.1 * t.dataParallelS));
        // At stage 3 its default is on.
        s.stack.overlapComm = StackSwitch::StackDefault;
        s.parallel.zero = ZeroStage::Stage3;
        t = stepTime(s, card(), {});
        QVERIFY(near(t.dataParallelExposedS, 0.1 * t.dataParallelS));
        // The Trainer without ZeRO is plain DDP, which overlaps.
        s.stack.stack = TrainingStack::HfTrainer;
        s.parallel.zero = ZeroStage::Stage0;
        t = stepTime(s, card(), {});
        QVERIFY(near(t.dataParallelExposedS, 0.1 * t.dataParallelS));
    }

    void expertParallelAllToAlls()
    {
        // The tiny model with 4 routed experts, 2 a token, on 2 GPUs with e = 2: each MoE layer's
        // dispatch and combine send (e-1)/e x k x B S H x 2 bytes = 1/2 x 2 x 32 x 64 x 2 = 4,096
        // bytes, forward and backward: 4 all-to-alls a layer, 2 layers, one micro-batch: 8, on
        // NVLink at 80e9 B/s, each with 8.4 + 3.4 = 11.8 us of latency (2 ranks, one node).
        Scenario s = tinyLlama();
        s.model.moe.experts = 4;
        s.model.moe.perToken = 2;
        s.model.moe.expertFfn = 128;
        s.training.microBatch = 1;
        s.parallel.gpus = 2;
        s.parallel.expertParallel = 2;
        QVERIFY(validate(s).empty());
        const StepTime t = stepTime(s, card(), {});
        QVERIFY(near(t.expertParallelS, 8 * (4096.0 / 80e9 + 11.8e-6)));
        QVERIFY(near(t.expertParallelBandwidth, 80e9));
        // Every term once in the explanation: they add up to the step.
        double sum = 0;
        for (const StepTimeTerm &term : explainStepTime(s, card(), {}, t))
            sum += term.exposed ? term.seconds : t.dataParallelExposedS;
        QVERIFY(near(sum, t.totalS));
        // Without expert parallelism, no all-to-all.
        s.parallel.expertParallel = 1;
        QCOMPARE(stepTime(s, card(), {}).expertParallelS, 0.0);
    }

    void linksByPlacement()
    {
        Scenario s = tinyLlama();
        s.parallel.zero = ZeroStage::Stage0;
        GpuSpec g = card();
        // A bridge joins pairs only: two GPUs use NVLink, four go over PCIe 4.0 x16:
        // 16 x 1.97 GB/s = 31.52e9 x 0.8.
        g.nvlinkGpus = 2;
        s.parallel.gpus = 2;
        QVERIFY(near(stepTime(s, g, {}).dataParallelBandwidth, 80e9));
        s.parallel.gpus = 4;
        QVERIFY(near(stepTime(s, g, {}).dataParallelBandwidth, 31.52e9 * 0.8));
        // No NVLink: PCIe inside the node; 16 GPUs span two nodes and get the whole node's
        // network (every GPU of the node is in the group): 1e11 B/s, above PCIe: PCIe bounds it.
        g.nvlinkGpus = 0;
        g.nvlinkGBps = 0;
        s.parallel.gpus = 16;
        StepTime t = stepTime(s, g, {});
        QVERIFY(t.dataParallelCrossesNodes);
        QVERIFY(near(t.dataParallelBandwidth, 31.52e9 * 0.8));
        // --network 100Gbps: 12.5e9 B/s per node now bounds it.
        StepTimeOptions slow;
        slow.networkBitsPerSecond = 100e9;
        t = stepTime(s, g, slow);
        QVERIFY(near(t.dataParallelBandwidth, 12.5e9 * 0.8));
        QCOMPARE(t.nodes, Count(2));
        // An NVL72-like domain: trays of 4, NVLink 100 GB/s across 72 GPUs, 800 Gb/s a tray.
        // 36 GPUs stay on NVLink across 9 trays: 100e9 x 0.8; so would 64, the whole run inside one
        // domain; 96 (more than a domain) go over the trays' network, at 100 Gb/s 12.5e9 x 0.8.
        g.gpusPerNode = 4;
        g.nvlinkGpus = 72;
        g.nvlinkGBps = 100;
        s.parallel.gpus = 36;
        t = stepTime(s, g, slow);
        QVERIFY(!t.dataParallelCrossesNodes);
        QVERIFY(near(t.dataParallelBandwidth, 80e9));
        QCOMPARE(t.nodes, Count(9));
        s.parallel.gpus = 64;
        QVERIFY(!stepTime(s, g, slow).dataParallelCrossesNodes);
        s.parallel.gpus = 96;
        t = stepTime(s, g, slow);
        QVERIFY(t.dataParallelCrossesNodes);
        QVERIFY(near(t.dataParallelBandwidth, 12.5e9 * 0.8));
    }

    void offloadByHand()
    {
        // One GPU, ZeRO-2 with the optimizer on the host: gradients down (2 B) and weights up
        // (2 B) for all 95,040 parameters over PCIe 4.0 x16 x 0.8; the CPU steps them at 1.6e9 a
        // second.
        Scenario s = tinyLlama();
        s.parallel.zero = ZeroStage::Stage2;
        s.parallel.offload = Offload::Optimizer;
        const StepTime t = stepTime(s, card(), {});
        QVERIFY(near(t.offloadTransferS, 95040.0 * 4 / (31.52e9 * 0.8)));
        QVERIFY(near(t.cpuOptimizerS, 95040.0 / 1.6e9));
        double sum = 0;
        for (const StepTimeTerm &term : explainStepTime(s, card(), {}, t))
            sum += term.seconds;
        QVERIFY(near(sum, t.totalS));
        // The weights offloaded too (ZeRO-3): every micro-batch brings them up for forward and
        // for backward: + 2 x 95,040 x 2 bytes.
        s.parallel.zero = ZeroStage::Stage3;
        s.parallel.offload = Offload::OptimizerAndParams;
        QVERIFY(near(stepTime(s, card(), {}).offloadTransferS, (95040.0 * 4 + 2 * 95040.0 * 2) / (31.52e9 * 0.8)));
    }

    void mfuOverride()
    {
        // --mfu 0.4: compute = hardware FLOPs / (N x peak x 0.4); no memory-bound term.
        Scenario s = tinyLlama();
        StepTimeOptions o;
        o.computeFractionOverride = 0.4;
        const StepTime t = stepTime(s, card(), o);
        QVERIFY(near(t.computeS, 556416.0 * 32 / (1e14 * 0.4)));
        QCOMPARE(t.memoryBoundS, 0.0);
    }

    void noPeakNoTime()
    {
        Scenario s = tinyLlama();
        s.training.precision.recipe = Recipe::Fp32;
        QVERIFY(!stepTime(s, card(), {}).known);
        s.training.precision.recipe = Recipe::Bf16Master;
        GpuSpec g = card();
        g.bf16 = false;
        QVERIFY(!stepTime(s, g, {}).known);
    }

    void globalBatchPlans()
    {
        // 256 sequences, B = 4, at least 3 GPUs: 3 does not divide 256; 4 replicas x 4 x 16.
        BatchPlan p = planGlobalBatch(3, 1, 4, 256, 0, 4096);
        QCOMPARE(p.gpus, Count(4));
        QCOMPARE(p.microBatch, Count(4));
        QCOMPARE(p.gradAccum, Count(16));
        QCOMPARE(p.globalBatch, Count(256));
        // TP 2: at least 5 GPUs means 3 replicas; 4 replicas = 8 GPUs.
        QCOMPARE(planGlobalBatch(5, 2, 4, 256, 0, 4096).gpus, Count(8));
        // 6 sequences on at least 4 GPUs, B = 4: 4 and 5 do not divide 6; 6 replicas of one.
        p = planGlobalBatch(4, 1, 4, 6, 0, 4096);
        QCOMPARE(p.gpus, Count(6));
        QCOMPARE(p.microBatch, Count(1));
        QCOMPARE(p.gradAccum, Count(1));
        // A smaller micro-batch when B does not divide the share: 12 on 2 replicas, B = 4: 6
        // each, b = 3, m = 2.
        p = planGlobalBatch(2, 1, 4, 12, 0, 4096);
        QCOMPARE(p.microBatch, Count(3));
        QCOMPARE(p.gradAccum, Count(2));
        // More replicas than sequences: none.
        QCOMPARE(planGlobalBatch(4, 1, 1, 3, 0, 4096).gpus, Count(0));
        // Nor beyond the search's limit: 7 sequences (prime) from 2 GPUs up needs 7.
        QCOMPARE(planGlobalBatch(2, 1, 1, 7, 0, 6).gpus, Count(0));
        QCOMPARE(planGlobalBatch(2, 1, 1, 7, 0, 7).gpus, Count(7));
        // With 5 % allowed: 100 on 3 replicas of 4: m = round(100 / 12) = 8 reaches 96 (4 off).
        p = planGlobalBatch(3, 1, 4, 100, 0.05, 4096);
        QCOMPARE(p.gpus, Count(3));
        QCOMPARE(p.globalBatch, Count(96));
        QCOMPARE(p.gradAccum, Count(8));
    }

    void rentAndOwn()
    {
        // 1e6 tokens on 2 GPUs of the card (DDP, one node): steps = 1e6 / (2 x 1 x 1 x 32).
        Scenario s = tinyLlama();
        s.parallel.gpus = 2;
        RunCosts run;
        run.tokens = 1e6;
        run.electricityUsdPerKwh = 0.2;
        run.years = 5;
        const TimeAndCost c = timeAndCost(s, card(), run, 3.0);
        QVERIFY(c.known);
        const double steps = 1e6 / 64;
        QVERIFY(near(c.steps, steps));
        const double seconds = steps * c.step.totalS;
        QVERIFY(near(c.days, seconds / 86400));
        QVERIFY(near(c.gpuHours, 2 * seconds / 3600));
        QVERIFY(near(c.costUsd, 2 * seconds / 3600 * 3.0));
        // Owning: 2 x $10,000 x days / (365 x 5) + GPU-hours x 0.5 kW x $0.20.
        QVERIFY(near(c.ownCostUsd, 2 * 10000 * (seconds / 86400) / (365 * 5) + 2 * seconds / 3600 * 0.5 * 0.2));
    }
};

QTEST_APPLESS_MAIN(TestStepTime)
#include "tst_steptime.moc"
