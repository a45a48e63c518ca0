// Per-GPU placement of model states (ZeRO, offload, tensor and pipeline parallelism) and the
// Korthikanti et al. activation formulas. Every expected value is worked out by hand from the
// published formula in the comment beside it, never read back from the program.

#include <QtTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/korthikanti.h>
#include <headroom/memory/placement.h>
#include <headroom/memory/validation.h>

using namespace headroom;

namespace {

// LLaMA-2 architectures (Touvron et al. 2023; HF config.json): P derived in model.h and
// published as 6,738,415,616 / 13,015,864,320 / 68,976,648,192. DeepSpeed's "largest layer" is
// the V x H = 32000 x H token embedding (larger than any H x F projection: 4096 x 11008 =
// 45,088,768 < 131,072,000; 5120 x 13824 = 70,778,880 < 163,840,000; 8192 x 28672 =
// 234,881,024 < 262,144,000).
ModelSpec llama2(int size)
{
    ModelSpec m;
    m.family = BlockFamily::Llama;
    m.vocab = 32000;
    switch (size) {
    case 7: m.layers = 32; m.hidden = 4096; m.heads = 32; m.ffn = 11008; break;
    case 13: m.layers = 40; m.hidden = 5120; m.heads = 40; m.ffn = 13824; break;
    default: m.layers = 80; m.hidden = 8192; m.heads = 64; m.kvHeads = 8; m.ffn = 28672; break;
    }
    return m;
}

// DeepSpeed's estimators assume 16-bit weights, an FP32 master copy, Adam's two FP32 moments
// and FP32 gradient partitions beside the 16-bit ones: bf16-master, AdamW, fp32GradBuffer.
Scenario deepspeedScenario(int size, Count gpus, Count gpusPerNode, ZeroStage zero, Offload offload)
{
    Scenario s;
    s.model = llama2(size);
    s.training.precision.recipe = Recipe::Bf16Master;
    s.training.precision.optimizer = Optimizer::AdamW;
    s.training.precision.fp32GradBuffer = true;
    s.parallel.gpus = gpus;
    s.parallel.gpusPerNode = gpusPerNode;
    s.parallel.zero = zero;
    s.parallel.offload = offload;
    s.stack.stack = TrainingStack::DeepSpeed; // reduce_bucket_size 5e8 elements, its default
    // The estimators count neither a prefetch bucket nor unpartitioned small parameters.
    s.stack.prefetchBucket = 0;
    s.stack.persistenceThreshold = 0;
    return s;
}

// What DeepSpeed's estimators call GPU memory: the model states left on the GPU plus, at stage
// 3, the gathered largest layer (its 16-bit weights and gradients). The reduce bucket is a
// buffer they do not count.
Count deepspeedGpu(const Placement &p)
{
    return countOf(p.sharded.total() + p.gatheredParameters + p.liveGradients);
}

} // namespace

class TestPlacement : public QObject
{
    Q_OBJECT

private slots:
    // Rajbhandari et al. 2020 (ZeRO), Figure 1: Psi = 7.5B parameters, N_d = 64, K = 12
    // (mixed-precision Adam: FP32 master copy 4 + momentum 4 + variance 4).
    void zeroPaper_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<Count>("expected");
        QTest::addColumn<QString>("gb");
        // Baseline: (2 + 2 + K) Psi = 16 x 7.5e9 = 120,000,000,000 = 120 GB.
        QTest::newRow("baseline") << 0 << Count(120'000'000'000) << QStringLiteral("120.0");
        // P_os: 2 Psi + 2 Psi + K Psi / N_d = 15e9 + 15e9 + 90e9 / 64 = 30e9 + 1,406,250,000
        // = 31,406,250,000 = 31.4 GB.
        QTest::newRow("P_os") << 1 << Count(31'406'250'000) << QStringLiteral("31.4");
        // P_os+g: 2 Psi + (2 + K) Psi / N_d = 15e9 + 105e9 / 64 = 15e9 + 1,640,625,000
        // = 16,640,625,000 = 16.6 GB.
        QTest::newRow("P_os+g") << 2 << Count(16'640'625'000) << QStringLiteral("16.6");
        // P_os+g+p: (2 + 2 + K) Psi / N_d = 120e9 / 64 = 1,875,000,000 = 1.9 GB.
        QTest::newRow("P_os+g+p") << 3 << Count(1'875'000'000) << QStringLiteral("1.9");
    }
    void zeroPaper()
    {
        QFETCH(int, stage);
        QFETCH(Count, expected);
        QFETCH(QString, gb);
        Scenario s;
        s.model = llama2(7); // the architecture only names the model; P is given
        s.model.paramsOverride = 7'500'000'000;
        s.training.precision.recipe = Recipe::Fp16Master;
        s.training.precision.optimizer = Optimizer::Adam;
        s.parallel.gpus = 64;
        s.parallel.zero = static_cast<ZeroStage>(stage);
        const Placement p = placeModelStates(s);
        QCOMPARE(p.dataParallel, Count(64));
        QCOMPARE(countOf(p.sharded.total()), expected);
        QCOMPARE(QString::number(toGB(p.sharded.total()), 'f', 1), gb);
        QCOMPARE(countOf(p.offloaded.total()), Count(0));
    }

    void zeroPaperBuckets()
    {
        // P_os bucket by bucket: weights 2 Psi = 15e9 and gradients 2 Psi = 15e9 stay whole;
        // master 4 Psi / 64 = 468,750,000; moments 8 Psi / 64 = 937,500,000.
        Scenario s;
        s.model = llama2(7);
        s.model.paramsOverride = 7'500'000'000;
        s.training.precision.recipe = Recipe::Fp16Master;
        s.training.precision.optimizer = Optimizer::Adam;
        s.parallel.gpus = 64;
        s.parallel.zero = ZeroStage::Stage1;
        const Placement p = placeModelStates(s);
        QCOMPARE(countOf(p.sharded.parameters), Count(15'000'000'000));
        QCOMPARE(countOf(p.sharded.gradients), Count(15'000'000'000));
        QCOMPARE(countOf(p.sharded.masterWeights), Count(468'750'000));
        QCOMPARE(countOf(p.sharded.optimizerStates), Count(937'500'000));
    }

    // DeepSpeed estimate_zero2_model_states_mem_needs (stage_1_and_2.py, as quoted in
    // research/peers.md 2.6), additional_buffer_factor 1.5, one node:
    //   no offload: GPU = 2P + int(18P / N), CPU = P x 4 x gpus_per_node x 1.5
    //   offload:    GPU = 2P,                CPU = P x max(4 N, 16) x 1.5
    void deepspeedZero2_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<Count>("gpus");
        QTest::addColumn<bool>("offload");
        QTest::addColumn<Count>("gpu");
        QTest::addColumn<Count>("cpu");
        // 7B, 8 GPUs: 2P = 13,476,831,232; 18P / 8 = 15,161,435,136; GPU = 28,638,266,368.
        // CPU = 4P x 8 x 1.5 = 48P = 323,443,949,568.
        QTest::newRow("7B N=8") << 7 << Count(8) << false << Count(28'638'266'368) << Count(323'443'949'568);
        // Offload: GPU = 2P = 13,476,831,232; CPU = P x max(32, 16) x 1.5 = 48P = 323,443,949,568.
        QTest::newRow("7B N=8 offload") << 7 << Count(8) << true << Count(13'476'831'232) << Count(323'443'949'568);
        // 7B, 2 GPUs: GPU = 2P + 9P = 11P = 74,122,571,776; CPU = 4P x 2 x 1.5 = 12P = 80,860,987,392.
        QTest::newRow("7B N=2") << 7 << Count(2) << false << Count(74'122'571'776) << Count(80'860'987'392);
        // Offload: CPU = P x max(8, 16) x 1.5 = 24P = 161,721,974,784 (the 16 branch).
        QTest::newRow("7B N=2 offload") << 7 << Count(2) << true << Count(13'476'831'232) << Count(161'721'974'784);
        // 13B, 8 GPUs: 2P = 26,031,728,640; 18P / 8 = 29,285,694,720; GPU = 55,317,423,360.
        // CPU = 48P = 624,761,487,360.
        QTest::newRow("13B N=8") << 13 << Count(8) << false << Count(55'317'423'360) << Count(624'761'487'360);
        QTest::newRow("13B N=8 offload") << 13 << Count(8) << true << Count(26'031'728'640) << Count(624'761'487'360);
        // 13B, 2 GPUs offload: GPU 2P = 26,031,728,640; CPU = 24P = 312,380,743,680.
        QTest::newRow("13B N=2 offload") << 13 << Count(2) << true << Count(26'031'728'640) << Count(312'380'743'680);
        // 70B, 8 GPUs: 2P = 137,953,296,384; 18P / 8 = 155,197,458,432; GPU = 293,150,754,816.
        // CPU = 48P = 3,310,879,113,216.
        QTest::newRow("70B N=8") << 70 << Count(8) << false << Count(293'150'754'816) << Count(3'310'879'113'216);
        QTest::newRow("70B N=8 offload") << 70 << Count(8) << true << Count(137'953'296'384) << Count(3'310'879'113'216);
        // 70B, 2 GPUs: GPU = 11P = 758,743,130,112; CPU = 12P = 827,719,778,304.
        QTest::newRow("70B N=2") << 70 << Count(2) << false << Count(758'743'130'112) << Count(827'719'778'304);
    }
    void deepspeedZero2()
    {
        QFETCH(int, size);
        QFETCH(Count, gpus);
        QFETCH(bool, offload);
        QFETCH(Count, gpu);
        QFETCH(Count, cpu);
        const Scenario s = deepspeedScenario(size, gpus, 8, ZeroStage::Stage2, offload ? Offload::Optimizer : Offload::None);
        QVERIFY(validate(s).empty());
        const Placement p = placeModelStates(s);
        QCOMPARE(deepspeedGpu(p), gpu);
        QCOMPARE(countOf(p.host.perNode), cpu);
    }

    // DeepSpeed estimate_zero3_model_states_mem_needs (stage3.py, peers.md 2.6) with zero_init
    // (Headroom assumes zero.Init at stage 3), 8 GPUs a node, LL = largest layer parameters:
    //   no offload:          GPU = 4 LL + int(18P / N), CPU = LL x 4 x 8 x 1.5 = 48 LL
    //   offload optimizer:   GPU = 4 LL + int(2P / N),  CPU = P x 16 / nodes x 1.5
    //   offload opt+params:  GPU = 4 LL,                CPU = P x 18 / nodes x 1.5
    void deepspeedZero3_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<Count>("nodes");
        QTest::addColumn<int>("offload");
        QTest::addColumn<Count>("gpu");
        QTest::addColumn<Count>("cpu");
        // 7B, LL = 131,072,000, 4 LL = 524,288,000.
        // 1 node: 18P / 8 = 15,161,435,136 -> GPU 15,685,723,136; CPU 48 LL = 6,291,456,000.
        QTest::newRow("7B 1 node") << 7 << Count(1) << 0 << Count(15'685'723'136) << Count(6'291'456'000);
        // 2P / 8 = 1,684,603,904 -> GPU 2,208,891,904; CPU 24P = 161,721,974,784.
        QTest::newRow("7B 1 node offload opt") << 7 << Count(1) << 1 << Count(2'208'891'904) << Count(161'721'974'784);
        // GPU 4 LL = 524,288,000; CPU 27P = 181,937,221,632.
        QTest::newRow("7B 1 node offload all") << 7 << Count(1) << 2 << Count(524'288'000) << Count(181'937'221'632);
        // 2 nodes (N = 16): 18P / 16 = 7,580,717,568 -> GPU 8,105,005,568; CPU still 48 LL.
        QTest::newRow("7B 2 nodes") << 7 << Count(2) << 0 << Count(8'105'005'568) << Count(6'291'456'000);
        // 2P / 16 = 842,301,952 -> GPU 1,366,589,952; CPU 16P / 2 x 1.5 = 12P = 80,860,987,392.
        QTest::newRow("7B 2 nodes offload opt") << 7 << Count(2) << 1 << Count(1'366'589'952) << Count(80'860'987'392);
        // CPU 18P / 2 x 1.5 = 13.5P = 90,968,610,816.
        QTest::newRow("7B 2 nodes offload all") << 7 << Count(2) << 2 << Count(524'288'000) << Count(90'968'610'816);
        // 13B, LL = 163,840,000, 4 LL = 655,360,000; 18P / 8 = 29,285,694,720 -> 29,941,054,720;
        // CPU 48 LL = 7,864,320,000.
        QTest::newRow("13B 1 node") << 13 << Count(1) << 0 << Count(29'941'054'720) << Count(7'864'320'000);
        // 2P / 8 = 3,253,966,080 -> 3,909,326,080; CPU 24P = 312,380,743,680.
        QTest::newRow("13B 1 node offload opt") << 13 << Count(1) << 1 << Count(3'909'326'080) << Count(312'380'743'680);
        // CPU 27P = 351,428,336,640.
        QTest::newRow("13B 1 node offload all") << 13 << Count(1) << 2 << Count(655'360'000) << Count(351'428'336'640);
        // 2 nodes: 2P / 16 = 1,626,983,040 -> 2,282,343,040; CPU 12P = 156,190,371,840.
        QTest::newRow("13B 2 nodes offload opt") << 13 << Count(2) << 1 << Count(2'282'343'040) << Count(156'190'371'840);
        // 70B, LL = 262,144,000, 4 LL = 1,048,576,000; 18P / 8 = 155,197,458,432 -> 156,246,034,432;
        // CPU 48 LL = 12,582,912,000.
        QTest::newRow("70B 1 node") << 70 << Count(1) << 0 << Count(156'246'034'432) << Count(12'582'912'000);
        // 2P / 8 = 17,244,162,048 -> 18,292,738,048; CPU 24P = 1,655,439,556,608.
        QTest::newRow("70B 1 node offload opt") << 70 << Count(1) << 1 << Count(18'292'738'048) << Count(1'655'439'556'608);
        // 2 nodes: 18P / 16 = 77,598,729,216 -> 78,647,305,216.
        QTest::newRow("70B 2 nodes") << 70 << Count(2) << 0 << Count(78'647'305'216) << Count(12'582'912'000);
        // CPU 13.5P = 931,184,750,592.
        QTest::newRow("70B 2 nodes offload all") << 70 << Count(2) << 2 << Count(1'048'576'000) << Count(931'184'750'592);
    }
    void deepspeedZero3()
    {
        QFETCH(int, size);
        QFETCH(Count, nodes);
        QFETCH(int, offload);
        QFETCH(Count, gpu);
        QFETCH(Count, cpu);
        const Scenario s = deepspeedScenario(size, 8 * nodes, 8, ZeroStage::Stage3, static_cast<Offload>(offload));
        QVERIFY(validate(s).empty());
        const Placement p = placeModelStates(s);
        QCOMPARE(deepspeedGpu(p), gpu);
        QCOMPARE(countOf(p.host.perNode), cpu);
    }

    void reduceBucketIsSeparate()
    {
        // The reduce bucket: 5e8 elements x 2 bytes (bf16) = 1,000,000,000 bytes at every
        // stage >= 1, none at stage 0; estimate() adds it to the gradients bucket. Hugging
        // Face's "auto" is hidden² = 4096² = 16,777,216 elements, 33,554,432 bytes; FSDP and
        // the paper's convention have none.
        Scenario s = deepspeedScenario(7, 8, 8, ZeroStage::Stage0, Offload::None);
        QCOMPARE(countOf(placeModelStates(s).reduceBucket), Count(0));
        s.parallel.zero = ZeroStage::Stage2;
        const Placement p = placeModelStates(s);
        QCOMPARE(countOf(p.reduceBucket), Count(1'000'000'000));
        QCOMPARE(countOf(p.gpu.gradients), countOf(p.sharded.gradients) + Count(1'000'000'000));
        s.parallel.reduceBucket = 200'000'000;
        QCOMPARE(countOf(placeModelStates(s).reduceBucket), Count(400'000'000));
        s.parallel.reduceBucket = 0;
        QCOMPARE(countOf(placeModelStates(s).reduceBucket), Count(0));
        s.parallel.reduceBucket = -1;
        s.stack.stack = TrainingStack::HfTrainer;
        QCOMPARE(countOf(placeModelStates(s).reduceBucket), Count(33'554'432));
        s.stack.stack = TrainingStack::Fsdp;
        QCOMPARE(countOf(placeModelStates(s).reduceBucket), Count(0));
        s.stack.stack = TrainingStack::Paper;
        QCOMPARE(countOf(placeModelStates(s).reduceBucket), Count(0));
    }

    void estimateUsesPlacement()
    {
        // A single GPU without adapters: estimate() reports modelStates() unchanged
        // (7B bf16-master AdamW, 16 B/param: 2P, 2P, 4P, 8P).
        Scenario s;
        s.model = llama2(7);
        s.overhead = { bytes(0), bytes(0) };
        Breakdown b = estimate(s);
        QCOMPARE(countOf(b.parameters), Count(13'476'831'232));
        QCOMPARE(countOf(b.gradients), Count(13'476'831'232));
        QCOMPARE(countOf(b.masterWeights), Count(26'953'662'464));
        QCOMPARE(countOf(b.optimizerStates), Count(53'907'324'928));
        // ZeRO-3 on 8 GPUs, no FP32 gradient buffer: 2P / 8 = 1,684,603,904 each for weights and
        // gradients, + 2 LL = 262,144,000 gathered and 262,144,000 live gradients, + the
        // 1,000,000,000-byte bucket; master 4P / 8 = 3,369,207,808; moments 8P / 8 = 6,738,415,616.
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage3;
        s.stack.stack = TrainingStack::DeepSpeed;
        s.stack.prefetchBucket = 0; // the estimator's convention: the largest module alone
        s.stack.persistenceThreshold = 0;
        b = estimate(s);
        QCOMPARE(countOf(b.parameters), Count(1'684'603'904 + 262'144'000));
        QCOMPARE(countOf(b.gradients), Count(1'684'603'904) + 262'144'000 + 1'000'000'000);
        QCOMPARE(countOf(b.masterWeights), Count(3'369'207'808));
        QCOMPARE(countOf(b.optimizerStates), Count(6'738'415'616));
        // Host: zero.Init loads only the largest layer: 4 x 131,072,000 x 8 x 1.5 = 6,291,456,000.
        QCOMPARE(countOf(b.host.perNode), Count(6'291'456'000));
    }

    void modelParallelShare_data()
    {
        QTest::addColumn<Count>("tp");
        QTest::addColumn<Count>("pp");
        QTest::addColumn<Count>("expected");
        // LLaMA-2 7B. Attention 4H^2 = 67,108,864 and MLP 3HF = 135,266,304 per layer, 202,375,168
        // split over t; two RMSNorms 2H = 8,192 replicated; embedding and LM head V H =
        // 131,072,000 each, vocabulary-parallel; final norm H = 4,096.
        QTest::newRow("t=1 p=1") << Count(1) << Count(1) << Count(6'738'415'616);
        // t = 8: layer 202,375,168 / 8 + 8,192 = 25,305,088, x 32 = 809,762,816; embedding and
        // head 16,384,000 each; + 4,096: 809,762,816 + 32,768,000 + 4,096 = 842,534,912.
        QTest::newRow("t=8") << Count(8) << Count(1) << Count(842'534'912);
        // p = 4: 8 layers a stage of 202,383,360 = 1,619,066,880; first stage + embedding
        // 131,072,000 = 1,750,138,880; last stage + norm 4,096 + head 131,072,000 =
        // 1,750,142,976, the more loaded.
        QTest::newRow("p=4") << Count(1) << Count(4) << Count(1'750'142'976);
    }
    void modelParallelShare()
    {
        QFETCH(Count, tp);
        QFETCH(Count, pp);
        QFETCH(Count, expected);
        Scenario s;
        s.model = llama2(7);
        s.parallel.tensorParallel = tp;
        s.parallel.pipelineParallel = pp;
        s.parallel.gpus = tp * pp;
        QCOMPARE(headroom::modelParallelShare(s).parameters, expected);
        // Model states follow the slice: 16 B/param on one rank of t = 8 is 16 x 842,534,912.
        if (tp == 8)
            QCOMPARE(countOf(placeModelStates(s).sharded.total()), Count(16) * expected);
    }

    // Korthikanti et al. 2022, Table 2, per layer, for their 22B configuration (Table 3: a = 64,
    // h = 6144, s = 2048), b = 1: sbh = 12,582,912, 5as^2b = 5 x 64 x 2048^2 = 1,342,177,280.
    void korthikanti_data()
    {
        QTest::addColumn<Count>("t");
        QTest::addColumn<bool>("sp");
        QTest::addColumn<int>("recompute");
        QTest::addColumn<Count>("expected");
        // t = 1 (either way): 34 sbh + 5as^2b = 427,819,008 + 1,342,177,280 = 1,769,996,288.
        QTest::newRow("t=1") << Count(1) << false << 0 << Count(1'769'996'288);
        QTest::newRow("t=1 sp") << Count(1) << true << 0 << Count(1'769'996'288);
        // t = 2: 10 sbh + (24 sbh + 5as^2b) / 2 = 125,829,120 + 1,644,167,168 / 2 = 947,912,704.
        QTest::newRow("t=2") << Count(2) << false << 0 << Count(947'912'704);
        // t = 2 with SP: (34 sbh + 5as^2b) / 2 = 884,998,144.
        QTest::newRow("t=2 sp") << Count(2) << true << 0 << Count(884'998'144);
        // t = 8: 125,829,120 + 1,644,167,168 / 8 = 125,829,120 + 205,520,896 = 331,350,016.
        QTest::newRow("t=8") << Count(8) << false << 0 << Count(331'350'016);
        // t = 8 with SP: 1,769,996,288 / 8 = 221,249,536.
        QTest::newRow("t=8 sp") << Count(8) << true << 0 << Count(221'249'536);
        // Selective recompute drops 5as^2b: t = 1: 34 sbh = 427,819,008; t = 2: 10 sbh + 12 sbh =
        // 276,824,064, SP: 17 sbh = 213,909,504; t = 8: 10 sbh + 3 sbh = 163,577,856, SP:
        // 34 sbh / 8 = 53,477,376.
        QTest::newRow("t=1 selective") << Count(1) << false << 2 << Count(427'819'008);
        QTest::newRow("t=2 selective") << Count(2) << false << 2 << Count(276'824'064);
        QTest::newRow("t=2 sp selective") << Count(2) << true << 2 << Count(213'909'504);
        QTest::newRow("t=8 selective") << Count(8) << false << 2 << Count(163'577'856);
        QTest::newRow("t=8 sp selective") << Count(8) << true << 2 << Count(53'477'376);
        // Full recompute keeps the layer input: 2 sbh = 25,165,824; split along s with SP:
        // t = 8: 3,145,728.
        QTest::newRow("t=8 full") << Count(8) << false << 1 << Count(25'165'824);
        QTest::newRow("t=8 sp full") << Count(8) << true << 1 << Count(3'145'728);
    }
    void korthikanti()
    {
        QFETCH(Count, t);
        QFETCH(bool, sp);
        QFETCH(int, recompute);
        QFETCH(Count, expected);
        const Recompute r = recompute == 0 ? Recompute::None : (recompute == 1 ? Recompute::Full : Recompute::Selective);
        QCOMPARE(countOf(korthikantiLayerBytes(2048, 1, 6144, 64, t, sp, r)), expected);
    }

    // The article's textbook model divided as Korthikanti divides: the article's 7B (L = 32,
    // H = 4096, A = 32, S = 2048, B = 1): 19 BSH = 159,383,552, 3 BAS^2 = 402,653,184.
    void textbookTensorParallel_data()
    {
        QTest::addColumn<Count>("t");
        QTest::addColumn<bool>("sp");
        QTest::addColumn<Count>("perLayer");
        // t = 8 without SP: 159,383,552 x (10 x 8 + 24) / (34 x 8) = 16,575,889,408 / 272 =
        // 60,940,769 (remainder 240); scores 402,653,184 / 8 = 50,331,648;
        // 2 bytes x (60,940,769 + 50,331,648) = 222,544,834.
        QTest::newRow("t=8") << Count(8) << false << Count(222'544'834);
        // t = 8 with SP: 2 x (159,383,552 / 8 + 50,331,648) = 2 x (19,922,944 + 50,331,648) = 140,509,184.
        QTest::newRow("t=8 sp") << Count(8) << true << Count(140'509'184);
        // t = 2: 159,383,552 x 44 / 68 = 103,130,533 (remainder 44 / 68); 402,653,184 / 2 =
        // 201,326,592; 2 x 304,457,125 = 608,914,250.
        QTest::newRow("t=2") << Count(2) << false << Count(608'914'250);
    }
    void textbookTensorParallel()
    {
        QFETCH(Count, t);
        QFETCH(bool, sp);
        QFETCH(Count, perLayer);
        Scenario s;
        s.model.paramsOverride = 7'000'000'000;
        s.model.layers = 32;
        s.model.hidden = 4096;
        s.model.heads = 32;
        s.training.sequence = 2048;
        s.training.precision.recipe = Recipe::Fp16Master;
        s.parallel.tensorParallel = t;
        s.parallel.sequenceParallel = sp;
        s.parallel.gpus = t;
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.activationDetail.perLayer), perLayer);
        QCOMPARE(countOf(b.activations), perLayer * 32);
        // The itemized view divides the same way: its items add up to the layer's bytes.
        std::vector<ActivationItem> items;
        activationModel(ActivationModelKind::Textbook).itemize(s, items);
        Bytes sum = bytes(0);
        for (const ActivationItem &item : items)
            sum += item.bytes;
        QCOMPARE(countOf(sum), perLayer);
    }

    void textbookPipeline()
    {
        // One layer of the article's 7B is 1,124,073,472 bytes. p = 4 stages of 8 layers under
        // 1F1B: the first stage holds min(p, m) micro-batches: m = 1 -> 8 layers' worth =
        // 8,992,587,776; m = 2 -> 16 = 17,985,175,552; m = 8 >= p -> 32 = 35,970,351,104, the
        // same as without pipelining (Korthikanti section 4.2.3).
        Scenario s;
        s.model.paramsOverride = 7'000'000'000;
        s.model.layers = 32;
        s.model.hidden = 4096;
        s.model.heads = 32;
        s.training.sequence = 2048;
        s.training.precision.recipe = Recipe::Fp16Master;
        s.parallel.pipelineParallel = 4;
        s.parallel.gpus = 4;
        QCOMPARE(pipelineLayersHeld(32, 4, 1), Count(8));
        QCOMPARE(countOf(estimate(s).activations), Count(8'992'587'776));
        s.training.gradAccumSteps = 2;
        QCOMPARE(countOf(estimate(s).activations), Count(17'985'175'552));
        s.training.gradAccumSteps = 8;
        QCOMPARE(countOf(estimate(s).activations), Count(35'970'351'104));
        // Full recompute on that stage: 8 x 4 layer inputs (2 BSH = 16,777,216 bytes each) plus
        // one layer rebuilt: 32 x 16,777,216 + 1,124,073,472 = 1,660,944,384.
        s.training.recompute = Recompute::Full;
        QCOMPARE(countOf(estimate(s).activations), Count(1'660'944'384));
    }


    // Mixtral-8x7B (HF config: 32 layers, H 4096, 8 KV heads, E = 8 routed experts of F 14336,
    // top-2; published total 46,702,792,704). One layer's experts: 8 x 3 x 4096 x 14336 =
    // 1,409,286,144 parameters, x 32 = 45,097,156,608; the rest (attention, norms, routers,
    // embeddings) is 1,605,636,096. Expert parallelism keeps E / e experts per GPU and shards
    // their states over the d / e replicas that hold the same experts (DeepSpeed-MoE).
    void expertParallel_data()
    {
        QTest::addColumn<Count>("ep");
        QTest::addColumn<Count>("weights");
        QTest::addColumn<Count>("master");
        QTest::addColumn<Count>("optimizer");
        // e = 8 of d = 8: each GPU holds one expert per layer, 45,097,156,608 / 8 =
        // 5,637,144,576, unsharded (d / e = 1); the dense part is sharded over 8.
        //   weights   2 x (1,605,636,096 + 5,637,144,576)          = 14,485,561,344
        //   master    4 x 1,605,636,096 / 8 + 4 x 5,637,144,576     = 23,351,396,352
        //   Adam      8 x 1,605,636,096 / 8 + 8 x 5,637,144,576     = 46,702,792,704
        QTest::newRow("e=8") << Count(8) << Count(14'485'561'344) << Count(23'351'396'352) << Count(46'702'792'704);
        // e = 2: four experts per layer, 22,548,578,304, sharded over d / e = 4.
        //   weights   2 x (1,605,636,096 + 22,548,578,304)         = 48,308,428,800
        //   master    802,818,048 + 4 x 22,548,578,304 / 4          = 23,351,396,352
        //   Adam      1,605,636,096 + 8 x 22,548,578,304 / 4        = 46,702,792,704
        QTest::newRow("e=2") << Count(2) << Count(48'308'428'800) << Count(23'351'396'352) << Count(46'702'792'704);
        // e = 1: every GPU holds all experts, everything sharded over 8 (46,702,792,704 / 8 =
        // 5,837,849,088 parameters' worth of states).
        QTest::newRow("e=1") << Count(1) << Count(93'405'585'408) << Count(23'351'396'352) << Count(46'702'792'704);
    }

    void expertParallel()
    {
        QFETCH(Count, ep);
        QFETCH(Count, weights);
        QFETCH(Count, master);
        QFETCH(Count, optimizer);
        Scenario s;
        s.model.family = BlockFamily::Llama;
        s.model.vocab = 32000;
        s.model.layers = 32;
        s.model.hidden = 4096;
        s.model.heads = 32;
        s.model.kvHeads = 8;
        s.model.ffn = 14336;
        s.model.moe.experts = 8;
        s.model.moe.perToken = 2;
        s.model.moe.expertFfn = 14336;
        s.training.precision.recipe = Recipe::Bf16Master;
        s.training.precision.optimizer = Optimizer::AdamW;
        s.parallel.gpus = 8;
        s.parallel.gpusPerNode = 8;
        s.parallel.zero = ZeroStage::Stage2;
        s.parallel.expertParallel = ep;
        QVERIFY(validate(s).empty());
        QCOMPARE(parameterCounts(s.model).total(32), Count(46'702'792'704));
        const Placement p = placeModelStates(s);
        QCOMPARE(countOf(p.sharded.parameters), weights);
        QCOMPARE(countOf(p.sharded.masterWeights), master);
        QCOMPARE(countOf(p.sharded.optimizerStates), optimizer);
        s.parallel.expertParallel = 3; // does not divide 8 experts
        QVERIFY(validate(s).hasField(Field::ExpertParallel));
        s.parallel.expertParallel = 16; // more than the experts (and the 8 GPUs)
        QVERIFY(validate(s).hasField(Field::ExpertParallel));
    }

    // torchao's CPUOffloadOptimizer (cpu_offload.py at ao 36027d8): every trained tensor of at
    // least 4096 elements moves its states, a copy of itself and of its gradient to the host, in
    // the parameter's dtype; the smaller ones stay on the GPU with their states.
    void torchaoCpuOffload()
    {
        // LLaMA-2 7B in pure BF16, AdamW with BF16 states: no tensor is under 4096 elements (the
        // norms have 4096), so all of it moves: host copy 2 P, gradient 2 P, states 4 P with
        // P = 6,738,415,616; nothing of the optimizer stays on the GPU, the gradients do.
        Scenario s;
        s.model = llama2(7);
        s.activations.model = ActivationModelKind::Transformer;
        s.training.precision = { Recipe::Bf16Pure, Optimizer::AdamW, StateDtype::WeightDtype, false };
        s.training.precision.optimizerOffload = OptimizerOffload::Cpu;
        QVERIFY(validate(s).empty());
        Placement pl = placeModelStates(s);
        QCOMPARE(countOf(pl.offloaded.masterWeights), Count(13'476'831'232));
        QCOMPARE(countOf(pl.offloaded.gradients), Count(13'476'831'232));
        QCOMPARE(countOf(pl.offloaded.optimizerStates), Count(26'953'662'464));
        QCOMPARE(countOf(pl.sharded.optimizerStates), Count(0));
        QCOMPARE(countOf(pl.sharded.gradients), Count(13'476'831'232));
        // Host RAM: what torchao pins, 2 P + 2 P + 4 P = 53,907,324,928 bytes, above the FP32 load
        // (4 P), without DeepSpeed's estimator factor of 1.5.
        QCOMPARE(countOf(pl.host.perNode), Count(53'907'324'928));
        // offload_gradients: each gradient freed once copied; in flight about the largest tensor,
        // the 32,000 x 4,096 embedding: 131,072,000 x 2 bytes.
        s.training.precision.optimizerOffload = OptimizerOffload::CpuGradients;
        pl = placeModelStates(s);
        QCOMPARE(countOf(pl.sharded.gradients), Count(262'144'000));

        // A grouped-query toy in FP32 (L = 2, H = 64, 4 heads, 2 KV heads, F = 172, V = 256,
        // untied): P = 2 x 16,384 + 2 x (4,096 + 2 x 2,048 + 4,096 + 3 x 11,008 + 2 x 64) + 64
        // = 123,712. Under 4096 elements: k and v (32 x 64 = 2,048 each) and the norms:
        // 2 x (2 x 2,048 + 128) + 64 = 8,512 stay, 115,200 move. GPU states 8,512 x 8 = 68,096;
        // host states 115,200 x 8 = 921,600, host copy and gradient 115,200 x 4 = 460,800 each.
        s = Scenario();
        s.model.family = BlockFamily::Llama;
        s.model.layers = 2;
        s.model.hidden = 64;
        s.model.heads = 4;
        s.model.kvHeads = 2;
        s.model.ffn = 172;
        s.model.vocab = 256;
        s.activations.model = ActivationModelKind::Transformer;
        s.training.precision = { Recipe::Fp32, Optimizer::AdamW, StateDtype::Fp32, false };
        s.training.precision.optimizerOffload = OptimizerOffload::Cpu;
        QCOMPARE(effectiveParameters(s.model), Count(123'712));
        pl = placeModelStates(s);
        QCOMPARE(countOf(pl.sharded.optimizerStates), Count(68'096));
        QCOMPARE(countOf(pl.offloaded.optimizerStates), Count(921'600));
        QCOMPARE(countOf(pl.offloaded.masterWeights), Count(460'800));
        QCOMPARE(countOf(pl.offloaded.gradients), Count(460'800));
        // With the gradients offloaded the GPU keeps the small tensors' and the largest's (the
        // 256 x 64 embedding): (8,512 + 16,384) x 4 = 99,584.
        s.training.precision.optimizerOffload = OptimizerOffload::CpuGradients;
        QCOMPARE(countOf(placeModelStates(s).sharded.gradients), Count(99'584));

        // What torchao refuses, or its code does not do.
        s.parallel.gpus = 2;
        QCOMPARE(validate(s).begin()->reason, Conflict::CpuOffloadSingleGpu);
        s.parallel.gpus = 1;
        s.training.gradAccumSteps = 4;
        QCOMPARE(validate(s).begin()->reason, Conflict::CpuOffloadNoAccumulation);
        s.training.precision.optimizerOffload = OptimizerOffload::Cpu;
        QVERIFY(validate(s).empty());
        s.training.precision.recipe = Recipe::Bf16Master;
        QCOMPARE(validate(s).begin()->reason, Conflict::CpuOffloadNoMaster);
        s.training.precision.recipe = Recipe::Bf16Pure;
        s.training.precision.optimizer = Optimizer::Adam8bit;
        QCOMPARE(validate(s).begin()->reason, Conflict::CpuOffloadTorchOptimizer);
    }

    void validation()
    {
        Scenario s;
        s.model = llama2(7);
        s.parallel.offload = Offload::Optimizer;
        ValidationIssues issues = validate(s);
        QCOMPARE(issues.size(), 1);
        QCOMPARE(issues.begin()->field, Field::Offload);
        QCOMPARE(issues.begin()->problem, Problem::Requires);
        QCOMPARE(issues.begin()->other, Field::Zero);
        QCOMPARE(issues.begin()->min, Count(1));
        s.parallel.zero = ZeroStage::Stage2;
        QVERIFY(validate(s).empty());
        s.parallel.offload = Offload::OptimizerAndParams;
        issues = validate(s);
        QCOMPARE(issues.size(), 1);
        QCOMPARE(issues.begin()->min, Count(3));
        QCOMPARE(issues.begin()->max, Count(3));
        s.parallel.zero = static_cast<ZeroStage>(4);
        issues = validate(s);
        QVERIFY(issues.hasField(Field::Zero));
        QCOMPARE(fieldName(Field::Zero), std::string_view("zero"));
        s.parallel.zero = ZeroStage::Stage3;
        s.parallel.gpusPerNode = 0;
        QVERIFY(validate(s).hasField(Field::GpusPerNode));
    }
};

QTEST_APPLESS_MAIN(TestPlacement)
#include "tst_placement.moc"
