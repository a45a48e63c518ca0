// LoRA and QLoRA model states, alone and combined with ZeRO and offload. Adapter counts are
// checked against the figures PEFT's print_trainable_parameters() reports for the same
// models; bytes are worked out by hand in the comments.

#include <QtTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/placement.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/validation.h>

Q_DECLARE_METATYPE(headroom::QuantBase)

using namespace headroom;

namespace {

// LLaMA-2 7B (HF config): P = 6,738,415,616.
Scenario llama7b()
{
    Scenario s;
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

Scenario gpt2Small()
{
    Scenario s;
    s.model.family = BlockFamily::Gpt2;
    s.model.layers = 12;
    s.model.hidden = 768;
    s.model.heads = 12;
    s.model.ffn = 3072;
    s.model.vocab = 50257;
    s.model.maxPositions = 1024;
    s.model.tiedEmbeddings = true;
    return s;
}

Scenario withLora(Scenario s, AdapterMode mode, Count rank, unsigned targets)
{
    s.lora.mode = mode;
    s.lora.rank = rank;
    s.lora.targets = targets;
    return s;
}

// LLaMA-2 7B QLoRA on q and v over NF4, B = 1, S = 512, itemized under the Trainer: the run the
// quantized bases' tests compare against.
Scenario qloraOverNf4()
{
    Scenario s = withLora(llama7b(), AdapterMode::Qlora, 16, LoraQ | LoraV);
    s.activations.model = ActivationModelKind::Transformer;
    s.training.sequence = 512;
    s.stack.stack = TrainingStack::HfTrainer;
    s.stack.quantBase = QuantBase::Nf4;
    return s;
}

// What one layer keeps over \a base beyond the same run over NF4, under \a recipe.
Count perLayerOverNf4(QuantBase base, Recipe recipe)
{
    Scenario a = qloraOverNf4();
    a.training.precision.recipe = recipe;
    Scenario b = a;
    b.stack.quantBase = base;
    return countOf(estimate(b).activationDetail.perLayer - estimate(a).activationDetail.perLayer);
}

} // namespace

class TestLora : public QObject
{
    Q_OBJECT

private slots:
    void nf4DoubleQuant()
    {
        // Dettmers et al. 2023: 4-bit codes, one FP8 absmax per 64 weights, one FP32 constant per
        // 256 blocks: 4 + 8/64 + 32/(64 x 256) = 4.126953125 bits = 67,616 / 131,072 bytes
        // (= 2113 / 4096) = 0.515869140625 bytes per parameter.
        QVERIFY(kNf4DoubleQuantBytes == bytesPer(4 * 64 * 256 + 8 * 256 + 32, 8 * 64 * 256));
        QCOMPARE(kNf4DoubleQuantBytes.value(), 0.515869140625);
    }

    void adapterCounts_data()
    {
        QTest::addColumn<bool>("gpt2");
        QTest::addColumn<Count>("rank");
        QTest::addColumn<unsigned>("targets");
        QTest::addColumn<Count>("expected");
        // LLaMA-2 7B, r = 8 on q, v: 32 layers x 2 x 8 x (4096 + 4096) = 4,194,304; PEFT prints
        // "trainable params: 4,194,304 || all params: 6,742,609,920".
        QTest::newRow("llama-2-7b r8 q,v") << false << Count(8) << unsigned(LoraQ | LoraV) << Count(4'194'304);
        // r = 16 on all seven projections: q, k, v, o: 4 x 16 x 8192 = 524,288; gate, up, down:
        // 3 x 16 x (4096 + 11008) = 724,992; x 32 layers = 39,976,960 (PEFT: 39,976,960).
        QTest::newRow("llama-2-7b r16 all") << false << Count(16) << 127u << Count(39'976'960);
        // GPT-2 small: q and v live in the fused c_attn (768 -> 2304): 12 x 8 x (768 + 2304) =
        // 294,912 (PEFT on c_attn: "trainable params: 294,912 || all params: 124,734,720").
        QTest::newRow("gpt2 r8 q,v") << true << Count(8) << unsigned(LoraQ | LoraV) << Count(294'912);
        // Naming q alone still adapts c_attn once.
        QTest::newRow("gpt2 r8 q") << true << Count(8) << unsigned(LoraQ) << Count(294'912);
        // c_fc (768 -> 3072) and mlp.c_proj (3072 -> 768): 12 x 2 x 8 x 3840 = 737,280.
        QTest::newRow("gpt2 r8 up,down") << true << Count(8) << unsigned(LoraUp | LoraDown) << Count(737'280);
    }
    void adapterCounts()
    {
        QFETCH(bool, gpt2);
        QFETCH(Count, rank);
        QFETCH(unsigned, targets);
        QFETCH(Count, expected);
        const Scenario s = withLora(gpt2 ? gpt2Small() : llama7b(), AdapterMode::Lora, rank, targets);
        QCOMPARE(loraCounts(s).adapterParameters, expected);
        QCOMPARE(placeModelStates(s).trainableParameters, expected);
    }

    void defaultTargetsAreQandV()
    {
        const Scenario s = withLora(llama7b(), AdapterMode::Lora, 8, 0);
        QVERIFY(validate(s).empty());
        QCOMPARE(loraCounts(s).adapterParameters, Count(4'194'304));
    }

    void loraModelStates()
    {
        // LoRA r = 16 on q, v: n = 32 x 2 x 16 x 8192 = 8,388,608 adapters. Frozen base in bf16:
        // 2 x 6,738,415,616 = 13,476,831,232; adapters in bf16-master AdamW: weights 2n =
        // 16,777,216 (with the base: 13,493,608,448), gradients 2n = 16,777,216, master 4n =
        // 33,554,432, moments 8n = 67,108,864.
        const Breakdown b = estimate(withLora(llama7b(), AdapterMode::Lora, 16, LoraQ | LoraV));
        QCOMPARE(countOf(b.parameters), Count(13'493'608'448));
        QCOMPARE(countOf(b.gradients), Count(16'777'216));
        QCOMPARE(countOf(b.masterWeights), Count(33'554'432));
        QCOMPARE(countOf(b.optimizerStates), Count(67'108'864));
        QCOMPARE(b.parameterCount, Count(6'738'415'616 + 8'388'608));
    }

    void qloraModelStates()
    {
        // QLoRA quantizes the block linear weights: 32 x (2 x 4096^2 + 2 x 4096^2 + 3 x 4096 x
        // 11008) = 32 x 202,375,168 = 6,476,005,376 parameters in NF4: x 2113 / 4096 =
        // 1,581,056 x 2113 = 3,340,771,328 bytes. The rest (embedding, LM head, norms):
        // 6,738,415,616 - 6,476,005,376 = 262,410,240 parameters x 2 = 524,820,480 bytes.
        // Base 3,865,591,808 + adapter weights 16,777,216 + one dequantized gate/up matrix
        // 4096 x 11008 x 2 = 90,177,536 -> 3,972,546,560.
        const Scenario s = withLora(llama7b(), AdapterMode::Qlora, 16, LoraQ | LoraV);
        const LoraCounts c = loraCounts(s);
        QCOMPARE(c.quantizedParameters, Count(6'476'005'376));
        QCOMPARE(countOf(frozenBaseBytes(s, c)), Count(3'865'591'808));
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.parameters), Count(3'972'546'560));
        QCOMPARE(countOf(b.gradients), Count(16'777'216));
        QCOMPARE(countOf(b.masterWeights), Count(33'554'432));
        QCOMPARE(countOf(b.optimizerStates), Count(67'108'864));
    }

    void quantizedBaseFormats_data()
    {
        QTest::addColumn<QuantBase>("format");
        QTest::addColumn<Count>("group");
        QTest::addColumn<Count>("layerBytes");
        // One LLaMA layer of H = 64, FFN 256: q, k, v, o 64 -> 64, gate and up 64 -> 256, down
        // 256 -> 64 (65,536 weights), each format's buffers by hand (lora.cpp's sources):
        // GPTQ, groups of 32: qweight 4·(I/8)·O + qzeros 4·(I/32)·(O/8) + scales 2·(I/32)·O
        //   + g_idx 4·I: 64->64 2,048 + 64 + 256 + 256 = 2,624 (x4); 64->256 8,192 + 256 + 1,024
        //   + 256 = 9,728 (x2); 256->64 8,192 + 256 + 1,024 + 1,024 = 10,496: 40,448.
        QTest::newRow("gptq g32") << QuantBase::Gptq << Count(32) << Count(40'448);
        // AWQ, groups of 32: the same without g_idx: 2,368 x 4 + 9,472 x 2 + 9,472 = 37,888.
        QTest::newRow("awq g32") << QuantBase::Awq << Count(32) << Count(37'888);
        // LLM.int8: I·O + 4·O: 4,352 x 4 + 17,408 x 2 + 16,640 = 68,864.
        QTest::newRow("int8") << QuantBase::Int8 << Count(-1) << Count(68'864);
        // HQQ, its default 64: I·O/2 + 2 x 2 x I·O/64: 2,304 x 4 + 9,216 x 3 = 36,864.
        QTest::newRow("hqq") << QuantBase::Hqq << Count(-1) << Count(36'864);
        // FP8 (FbgemmFp8Linear): I·O + 4·O + 4: 4,356 x 4 + 17,412 x 2 + 16,644 = 68,892.
        QTest::newRow("fp8") << QuantBase::Fp8 << Count(-1) << Count(68'892);
    }

    void quantizedBaseFormats()
    {
        QFETCH(QuantBase, format);
        QFETCH(Count, group);
        QFETCH(Count, layerBytes);
        Scenario s = llama7b();
        s.model.layers = 2;
        s.model.hidden = 64;
        s.model.heads = 4;
        s.model.ffn = 256;
        s.model.vocab = 1000;
        s = withLora(s, AdapterMode::Qlora, 8, LoraQ | LoraV);
        s.stack.quantBase = format;
        s.stack.quantGroupSize = group;
        QVERIFY(validate(s).empty());
        const LoraCounts c = loraCounts(s);
        QCOMPARE(c.quantizedParameters, Count(2 * 65'536));
        // The rest (embedding and head 1000 x 64 each, five norms of 64) in BF16.
        const Count rest = 2 * (2 * 64'000 + 5 * 64);
        QCOMPARE(countOf(frozenBaseBytes(s, c)), 2 * layerBytes + rest);
        // Under ZeRO-3 on 4 GPUs the formats other than NF4 stay whole on every GPU: the base's
        // quantized part is not divided, the 16-bit rest is.
        s.parallel.gpus = 4;
        s.parallel.zero = ZeroStage::Stage3;
        s.stack.stack = TrainingStack::DeepSpeed;
        const Placement p = placeModelStates(s);
        QCOMPARE(countOf(p.quantState), 2 * layerBytes);
    }

    void groupSizeNeedsAGroupedFormat()
    {
        Scenario s = withLora(llama7b(), AdapterMode::Qlora, 8, LoraQ | LoraV);
        s.stack.quantGroupSize = 64;
        QCOMPARE(validate(s).begin()->reason, Conflict::GroupSizeNeedsGroups);
        s.stack.quantBase = QuantBase::Gptq;
        QVERIFY(validate(s).empty());
        s.stack.quantGroupSize = 0;
        QCOMPARE(validate(s).begin()->problem, Problem::OutOfRange);
        // The defaults: GPTQ and AWQ 128, HQQ 64, none for the others.
        s.stack.quantGroupSize = -1;
        QCOMPARE(quantGroupSizeOf(s), Count(128));
        s.stack.quantBase = QuantBase::Hqq;
        QCOMPARE(quantGroupSizeOf(s), Count(64));
        s.stack.quantBase = QuantBase::Int8;
        QCOMPARE(quantGroupSizeOf(s), Count(0));
    }

    void qlora70bBase()
    {
        // LLaMA-2 70B (H 8192, KV 8 x 128 = 1024, F 28672, L 80): quantized 80 x (2 x 8192^2 +
        // 2 x 8192 x 1024 + 3 x 8192 x 28672) = 68,451,041,280 x 2113 / 4096 = 35,311,779,840
        // bytes; rest 68,976,648,192 - 68,451,041,280 = 525,606,912 x 2 = 1,051,213,824;
        // base 36,362,993,664 bytes (36.4 GB: why a 70B QLoRA fits a 48 GB card).
        Scenario s = llama7b();
        s.model.layers = 80;
        s.model.hidden = 8192;
        s.model.heads = 64;
        s.model.kvHeads = 8;
        s.model.ffn = 28672;
        s = withLora(s, AdapterMode::Qlora, 64, 127);
        QCOMPARE(countOf(frozenBaseBytes(s, loraCounts(s))), Count(36'362'993'664));
    }

    void loraWithZero3()
    {
        // LoRA (r 16, q, v) with ZeRO-3 over 8 GPUs: base and adapter weights together
        // (13,493,608,448) / 8 = 1,686,701,056, plus the gathered embedding 2 x 131,072,000 =
        // 262,144,000 (frozen: no live gradients). Adapter gradients 16,777,216 / 8 = 2,097,152
        // plus the 1,000,000,000-byte reduce bucket; master 33,554,432 / 8 = 4,194,304; moments
        // 67,108,864 / 8 = 8,388,608.
        Scenario s = withLora(llama7b(), AdapterMode::Lora, 16, LoraQ | LoraV);
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage3;
        s.stack.stack = TrainingStack::DeepSpeed; // reduce_bucket_size 5e8, the largest module gathered
        s.stack.prefetchBucket = 0;                // as DeepSpeed's estimator counts it
        s.stack.persistenceThreshold = 0;
        const Placement p = placeModelStates(s);
        QCOMPARE(countOf(p.sharded.parameters), Count(1'686'701'056));
        QCOMPARE(countOf(p.gatheredParameters), Count(262'144'000));
        QCOMPARE(countOf(p.liveGradients), Count(0));
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.parameters), Count(1'686'701'056 + 262'144'000));
        QCOMPARE(countOf(b.gradients), Count(2'097'152 + 1'000'000'000));
        QCOMPARE(countOf(b.masterWeights), Count(4'194'304));
        QCOMPARE(countOf(b.optimizerStates), Count(8'388'608));
    }

    void loraWithOffload()
    {
        // LoRA with ZeRO-2 and optimizer offload on one GPU: the adapters' gradients (2n =
        // 16,777,216), master (33,554,432) and moments (67,108,864) go to the host:
        // 117,440,512 per GPU. The GPU keeps the base and adapter weights, 13,493,608,448.
        Scenario s = withLora(llama7b(), AdapterMode::Lora, 16, LoraQ | LoraV);
        s.parallel.zero = ZeroStage::Stage2;
        s.parallel.offload = Offload::Optimizer;
        QVERIFY(validate(s).empty());
        const Placement p = placeModelStates(s);
        QCOMPARE(countOf(p.offloaded.total()), Count(117'440'512));
        QCOMPARE(countOf(p.sharded.parameters), Count(13'493'608'448));
        QCOMPARE(countOf(p.sharded.gradients), Count(0));
        // Host: max(117,440,512, loading 4 x 6,738,415,616 = 26,953,662,464) x 1.5 = 40,430,493,696.
        QCOMPARE(countOf(p.host.perNode), Count(40'430'493'696));
    }

    void adapterActivations()
    {
        // Each adapter keeps A's output, B x S x r: B = 1, S = 2048, r = 16 on q and v: 2048 x 32 =
        // 65,536 elements x 2 bytes = 131,072 bytes a layer, x 32 layers = 4,194,304 bytes more
        // than full fine-tuning's activations.
        Scenario full = llama7b();
        full.training.sequence = 2048;
        const Scenario lora = withLora(full, AdapterMode::Lora, 16, LoraQ | LoraV);
        const Breakdown a = estimate(full);
        const Breakdown b = estimate(lora);
        QCOMPARE(countOf(b.activationDetail.perLayer - a.activationDetail.perLayer), Count(131'072));
        QCOMPARE(countOf(b.activations - a.activations), Count(4'194'304));
        // Under full recompute the adapters are rebuilt with their layer: one layer's 131,072.
        full.training.recompute = Recompute::Full;
        Scenario loraFull = lora;
        loraFull.training.recompute = Recompute::Full;
        QCOMPARE(countOf(estimate(loraFull).activations - estimate(full).activations), Count(131'072));
    }

    void dora()
    {
        // LLaMA-2 7B, r = 16 on q and v (in = out = 4,096), B = 1, S = 512, BF16 weights with
        // PEFT's FP32 adapters (hf-trainer, bf16-pure).
        Scenario lora = withLora(llama7b(), AdapterMode::Lora, 16, LoraQ | LoraV);
        lora.activations.model = ActivationModelKind::Transformer;
        lora.training.sequence = 512;
        lora.training.precision.recipe = Recipe::Bf16Pure;
        lora.stack.stack = TrainingStack::HfTrainer;
        Scenario dora = lora;
        dora.lora.dora = true;
        QVERIFY(validate(dora).empty());
        // A magnitude per output: 32 layers x (4,096 + 4,096) = 262,144 more trainable parameters.
        QCOMPARE(loraCounts(dora).adapterParameters - loraCounts(lora).adapterParameters, Count(262'144));
        // Saved per layer beyond LoRA: each module's base output (BF16) and lora_B's output (FP32),
        // B x S x out each, and three FP32 vectors of out: 512 x 8,192 x (2 + 4) + 3 x 8,192 x 4
        // = 25,264,128 bytes, in all 32 layers without recompute.
        const Breakdown a = estimate(lora);
        const Breakdown b = estimate(dora);
        QCOMPARE(countOf(b.activationDetail.perLayer - a.activationDetail.perLayer), Count(25'264'128));
        QCOMPARE(countOf(b.activations - a.activations), Count(32 * 25'264'128));
        // The textbook model adds the same saved tensors (lorabody.h) but, having no short-lived
        // buffers by its convention, no scratch.
        Scenario loraTextbook = lora;
        loraTextbook.activations.model = ActivationModelKind::Textbook;
        Scenario doraTextbook = dora;
        doraTextbook.activations.model = ActivationModelKind::Textbook;
        QCOMPARE(countOf(estimate(doraTextbook).activationDetail.perLayer - estimate(loraTextbook).activationDetail.perLayer),
                 Count(25'264'128));
        QCOMPARE(estimate(doraTextbook).activationDetail.layerForwardTransient, estimate(loraTextbook).activationDetail.layerForwardTransient);
        // The weight-norm scratch of one 4,096 x 4,096 module: the identity (4,096^2), A's output
        // (4,096 x 16), the product, its scaled copy and W plus it (3 x 4,096^2), in FP32, and the
        // BF16 weight cast to FP32 (4,096^2 x 4): 335,806,464 bytes, above the attention's scratch.
        QCOMPARE(countOf(b.activationDetail.layerForwardTransient), Count(335'806'464));
        QVERIFY(a.activationDetail.layerForwardTransient < b.activationDetail.layerForwardTransient);
        // down_proj (14,336 in, 4,096 out): (14,336^2 + 14,336 x 16 + 3 x 4,096 x 14,336) x 4 +
        // 4,096 x 14,336 x 4 = 1,762,525,184 bytes; under autocast 6 in^2 + 2 in r + 18 out in.
        QCOMPARE(countOf(doraWeightNormScratch(14336, 4096, 16, Dtype::Fp32, false, false)), Count(1'762'525'184));
        QCOMPARE(countOf(doraWeightNormScratch(4096, 4096, 16, Dtype::Bf16, true, true)), Count(402'784'256));

        // A block the itemized list does not cover adds the same terms: GPT-2's fused c_attn
        // (out 2,304) adapted once for q and v: 128 x 2,304 x (2 + 4) + 12 x 2,304 = 1,797,120 a layer.
        Scenario gpt = withLora(gpt2Small(), AdapterMode::Lora, 8, LoraQ | LoraV);
        gpt.training.sequence = 128;
        gpt.training.precision.recipe = Recipe::Bf16Pure;
        gpt.stack.stack = TrainingStack::HfTrainer;
        Scenario gptDora = gpt;
        gptDora.lora.dora = true;
        QCOMPARE(countOf(estimate(gptDora).activationDetail.perLayer - estimate(gpt).activationDetail.perLayer), Count(1'797'120));

        // Refused: without adapters, and under torchtune's own DoRA.
        Scenario bare = llama7b();
        bare.lora.dora = true;
        QVERIFY(validate(bare).hasField(Field::Dora));
        Scenario tune = dora;
        tune.stack.stack = TrainingStack::Torchtune;
        const ValidationIssues issues = validate(tune);
        QVERIFY(issues.hasField(Field::Dora));
        QCOMPARE(issues.begin()->reason, Conflict::DoraNeedsPeft);
    }

    void olderBitsandbytesSavesInputs()
    {
        // LLaMA-2 7B QLoRA on q and v, B = 1, S = 512. bitsandbytes before 0.43.2 keeps each 4-bit
        // linear's input in the compute dtype. Under bf16-pure the input already is BF16, so the
        // modules reading one input share it, and PEFT's FP32 adapters save their own FP32 copies,
        // not it: per layer q/k/v's input (B·S·H), o's (B·S·H), gate/up's (B·S·H) and down's (B·S·F):
        // (3 x 512 x 4,096 + 512 x 11,008) x 2 = 23,855,104 bytes.
        Scenario q = withLora(llama7b(), AdapterMode::Qlora, 16, LoraQ | LoraV);
        q.activations.model = ActivationModelKind::Transformer; // the itemized LLaMA block knows which inputs are shared
        q.training.sequence = 512;
        q.training.precision.recipe = Recipe::Bf16Pure;
        q.stack.stack = TrainingStack::HfTrainer;
        Scenario old = q;
        old.lora.bnbSavesInput = true;
        QVERIFY(validate(old).empty());
        const Breakdown now = estimate(q);
        const Breakdown before = estimate(old);
        QCOMPARE(countOf(before.activationDetail.perLayer - now.activationDetail.perLayer), Count(23'855'104));
        // Without checkpointing the first layer's input does not require grad (a frozen
        // embedding's output), so its q/k/v keep nothing: 32 x 23,855,104 - 512 x 4,096 x 2.
        QCOMPARE(countOf(before.activations - now.activations), Count(32 * 23'855'104 - 4'194'304));

        // Under autocast the residual stream is FP32 and Linear4bit casts it to BF16 itself: a copy
        // per module, (6 x 512 x 4,096 + 512 x 11,008) x 2 = 36,438,016 bytes a layer.
        q.training.precision.recipe = Recipe::AmpBf16;
        old.training.precision.recipe = Recipe::AmpBf16;
        QCOMPARE(countOf(estimate(old).activationDetail.perLayer - estimate(q).activationDetail.perLayer), Count(36'438'016));

        // It belongs to bitsandbytes' NF4 base: refused with GPTQ, and without QLoRA.
        // The textbook model has no itemized block: every quantized input is counted apart, the
        // upper bound (6 x 512 x 4,096 + 512 x 11,008) x 2 = 36,438,016 bytes a layer.
        Scenario textbook = q;
        textbook.activations.model = ActivationModelKind::Textbook;
        Scenario textbookOld = old;
        textbookOld.activations.model = ActivationModelKind::Textbook;
        QCOMPARE(countOf(estimate(textbookOld).activationDetail.perLayer - estimate(textbook).activationDetail.perLayer), Count(36'438'016));

        Scenario gptq = old;
        gptq.stack.quantBase = QuantBase::Gptq;
        QVERIFY(validate(gptq).hasField(Field::BnbSavesInput));
        Scenario plain = old;
        plain.lora.mode = AdapterMode::Lora;
        QVERIFY(validate(plain).hasField(Field::BnbSavesInput));
    }

    void int8KeepsItsInputs()
    {
        // LLaMA-2 7B QLoRA on q and v over an LLM.int8 base, B = 1, S = 512. MatMul8bitLt keeps
        // each linear's input as it arrives (ctx.tensors = (CAt, subA, A)); the modules reading
        // one input share it. Against the same run over NF4 (which keeps none), per layer:
        const Scenario nf4 = qloraOverNf4();
        auto added = [](Recipe recipe) { return perLayerOverNf4(QuantBase::Int8, recipe); };
        // bf16-pure: every input BF16, and PEFT's FP32 adapters save their own FP32 copies, so q/k/v's
        // (B·S·H), o's (B·S·H), gate/up's (B·S·H) and down's (B·S·F): (3 x 4,096 + 11,008) x 512 x 2.
        QCOMPARE(added(Recipe::Bf16Pure), Count(23'855'104));
        // Autocast: the residual stream, the norms' outputs and the MLP product are FP32 (4 bytes),
        // the attention output BF16: (2 x 4,096 x 4 + 4,096 x 2 + 11,008 x 4) x 512 = 43,515,904.
        QCOMPARE(added(Recipe::AmpBf16), Count(43'515'904));
        // FP32: lora_A on q and v saves that same FP32 input, so q/k/v's costs nothing more:
        // (4,096 + 4,096 + 11,008) x 4 x 512 = 39,321,600.
        QCOMPARE(added(Recipe::Fp32), Count(39'321'600));

        // The forward scratch of one int8 matmul: a float16 cast of the input and its int8 codes,
        // then the codes and an int32 product, and an FP32 scale per row. H -> F at 512 tokens:
        // max(3 x 4,096, 4,096 + 4 x 11,008) = 48,128 a token, 24,641,536 + 2,048 bytes; an FP16
        // input is not cast: F -> H, max(11,008, 11,008 + 16,384) x 512 + 2,048 = 14,026,752.
        QCOMPARE(countOf(int8MatmulScratch(512, 4096, 11008, Dtype::Fp32)), Count(24'643'584));
        QCOMPARE(countOf(int8MatmulScratch(512, 11008, 4096, Dtype::Fp16)), Count(14'026'752));
        QCOMPARE(countOf(int8MatmulScratch(512, 11008, 4096, Dtype::Bf16)), Count(512 * 3 * 11008 + 2048));
        Scenario int8 = nf4;
        int8.stack.quantBase = QuantBase::Int8;
        QVERIFY(estimate(int8).activationDetail.layerForwardTransient >= int8MatmulScratch(512, 4096, 11008, Dtype::Bf16));
    }

    void hqqKeepsItsInputsAsInt8Does()
    {
        // HQQMatmulNoCacheMul saves x (and the bias) whenever x requires grad, x as it arrives:
        // the same tensors as LLM.int8's MatMul8bitLt, so the same bytes per layer against NF4
        // (int8KeepsItsInputs derives them), and no int8 matmul scratch.
        auto added = [](Recipe recipe) { return perLayerOverNf4(QuantBase::Hqq, recipe); };
        QCOMPARE(added(Recipe::Bf16Pure), Count(23'855'104));
        QCOMPARE(added(Recipe::AmpBf16), Count(43'515'904));
        QCOMPARE(added(Recipe::Fp32), Count(39'321'600));
    }

    void awqKeepsItsInputsIn16Bits()
    {
        // GPTQModel's AwqGemmFn saves x, cast to FP16 unless it is 16-bit already. Against NF4,
        // per layer at B.S = 512 (LLaMA-2 7B, q and v adapted):
        auto added = [](Recipe recipe) { return perLayerOverNf4(QuantBase::Awq, recipe); };
        // Pure BF16: no cast, so the modules reading one input share it (PEFT's FP32 adapters keep
        // their own casts): (3 x 4,096 + 11,008) x 512 x 2.
        QCOMPARE(added(Recipe::Bf16Pure), Count(23'855'104));
        // Autocast: q, k, v, gate and up read the FP32 norm outputs and each keeps its own 2-byte
        // cast; o_proj's and down_proj's inputs are 16-bit already:
        // (5 x 4,096 + 4,096 + 11,008) x 512 x 2 = 36,438,016.
        QCOMPARE(added(Recipe::AmpBf16), Count(36'438'016));
    }

    void fp8BaseIsNotTrainable()
    {
        // transformers' FbgemmFp8HfQuantizer.is_trainable is False: the estimate says so.
        Scenario s = withLora(llama7b(), AdapterMode::Qlora, 16, LoraQ | LoraV);
        s.stack.quantBase = QuantBase::Fp8;
        QVERIFY(estimate(s).warnings.contains(Warning::QuantBaseNotTrainable));
        s.stack.quantBase = QuantBase::Gptq;
        QVERIFY(!estimate(s).warnings.contains(Warning::QuantBaseNotTrainable));
        s.lora.mode = AdapterMode::Lora;
        s.stack.quantBase = QuantBase::Fp8; // a LoRA run over a 16-bit base: the choice is unused
        QVERIFY(!estimate(s).warnings.contains(Warning::QuantBaseNotTrainable));
    }

    void gptqKeepsItsDequantizedWeights()
    {
        // GPTQModel's training path dequantizes in plain autograd and calls torch.matmul, so
        // every GPTQ linear whose input requires grad keeps its dequantized weight in the compute
        // dtype. LLaMA-2 7B, q and v adapted, past the first layer (the residual stream requires
        // grad there): the 7 linears' weights, 4 x 4,096^2 + 3 x 4,096 x 11,008 = 202,375,168, at
        // 2 bytes under pure BF16 and under autocast (the matmul's BF16 cast is what it keeps), 4
        // bytes in FP32. NF4's MatMul4Bit keeps none.
        const Scenario nf4 = qloraOverNf4();
        auto added = [](Recipe recipe) { return perLayerOverNf4(QuantBase::Gptq, recipe); };
        QCOMPARE(added(Recipe::Bf16Pure), Count(2 * 202'375'168));
        QCOMPARE(added(Recipe::AmpBf16), Count(2 * 202'375'168));
        QCOMPARE(added(Recipe::Fp32), Count(4 * 202'375'168));
        // Full recompute rebuilds one layer at a time and the layers keep only their inputs:
        // one layer's dequantized weights in all.
        Scenario full = nf4;
        full.training.precision.recipe = Recipe::Bf16Pure;
        full.training.recompute = Recompute::Full;
        const Count nf4Total = countOf(estimate(full).activations);
        full.stack.quantBase = QuantBase::Gptq;
        QCOMPARE(countOf(estimate(full).activations) - nf4Total, Count(2 * 202'375'168));
    }

    void dequantizedCopiesPerKernel()
    {
        // The largest quantized matrix of LLaMA-2 7B is 4,096 x 11,008 = 45,088,768 weights, 2
        // bytes each dequantized under pure BF16. bitsandbytes NF4, LLM.int8 and GPTQ hold one
        // copy; AWQ's backward repeats the transpose once per sequence beside the dequantized
        // weight, 1 + B copies; HQQ's dequantize holds the 16-bit codes, their difference from
        // the zeros and the product, three.
        Scenario s = withLora(llama7b(), AdapterMode::Qlora, 16, LoraQ | LoraV);
        s.activations.model = ActivationModelKind::Transformer;
        s.stack.stack = TrainingStack::HfTrainer;
        s.training.precision.recipe = Recipe::Bf16Pure;
        s.training.microBatch = 4;
        constexpr Count matrix = 2 * 45'088'768;
        const std::pair<QuantBase, Count> expected[] = {
            { QuantBase::Nf4, matrix }, { QuantBase::Int8, matrix }, { QuantBase::Gptq, matrix },
            { QuantBase::Awq, 5 * matrix }, { QuantBase::Hqq, 3 * matrix },
        };
        for (const auto &[base, bytes] : expected) {
            s.stack.quantBase = base;
            QVERIFY(validate(s).size() == 0);
            QCOMPARE(countOf(placeModelStates(s).dequantBuffer), bytes);
        }
    }

    void fsdpGathersTheLargerLayerOfAMoeQloraBase()
    {
        // FSDP gathers the root unit and whole decoder layers, the largest kind (here the MoE
        // layer): what it holds gathered is one such unit's bytes, so it depends neither on how
        // many layers there are nor on how many of the first keep a dense MLP. (It was priced from
        // the quantized weights averaged over all layers, and fell as MoE layers were added.)
        Scenario s = withLora(llama7b(), AdapterMode::Qlora, 8, LoraQ | LoraV);
        s.model.layers = 4;
        s.model.moe.experts = 8;
        s.model.moe.perToken = 2;
        s.model.moe.expertFfn = 4096; // 8 experts of 3 x 4,096²: the MoE layer is the larger kind
        s.model.moe.denseLayers = 1;
        s.stack.stack = TrainingStack::Fsdp;
        s.stack.quantBase = QuantBase::Nf4;
        s.parallel.gpus = 2;
        s.parallel.zero = ZeroStage::Stage3;
        QVERIFY(validate(s).empty());
        const Bytes gathered = placeModelStates(s).gatheredParameters;
        QVERIFY(gathered > bytes(0));
        Scenario longer = s;
        longer.model.layers = 6;
        QCOMPARE(countOf(placeModelStates(longer).gatheredParameters), countOf(gathered));
        Scenario allMoe = s;
        allMoe.model.moe.denseLayers = 0;
        QCOMPARE(countOf(placeModelStates(allMoe).gatheredParameters), countOf(gathered));
    }

    void trainedCopiesModelStates()
    {
        // LoRA r = 16 on q, v (8,388,608 adapters, loraModelStates()) with PEFT's modules_to_save
        // = embed_tokens, lm_head: two copies of 32,000 x 4,096 = 131,072,000, 262,144,000
        // trained parameters more, in bf16-master AdamW like the adapters: weights 2 x 262,144,000
        // = 524,288,000 on top of 13,493,608,448; gradients 2 x 270,532,608 = 541,065,216; master
        // 4 x 270,532,608 = 1,082,130,432; moments 8 x 270,532,608 = 2,164,260,864. The frozen
        // originals stay.
        Scenario s = withLora(llama7b(), AdapterMode::Lora, 16, LoraQ | LoraV);
        s.lora.trainedModules = TrainedEmbedding | TrainedHead;
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.parameters), Count(13'493'608'448 + 524'288'000));
        QCOMPARE(countOf(b.gradients), Count(541'065'216));
        QCOMPARE(countOf(b.masterWeights), Count(1'082'130'432));
        QCOMPARE(countOf(b.optimizerStates), Count(2'164'260'864));
        QCOMPARE(b.parameterCount, Count(6'738'415'616 + 8'388'608 + 262'144'000));
        QCOMPARE(placeModelStates(s).trainableParameters, Count(8'388'608 + 262'144'000));

        // ZeRO-3 over 8 GPUs (loraWithZero3()'s DeepSpeed set-up): each part divided on its own,
        // the copies' 524,288,000 weight bytes to 65,536,000 beside the base's 1,684,603,904 and
        // the adapters' 2,097,152; gradients 2,097,152 + 65,536,000; master 4,194,304 +
        // 131,072,000; moments 8,388,608 + 262,144,000.
        s.parallel.gpus = 8;
        s.parallel.zero = ZeroStage::Stage3;
        s.stack.stack = TrainingStack::DeepSpeed;
        s.stack.prefetchBucket = 0;
        s.stack.persistenceThreshold = 0;
        const Placement p = placeModelStates(s);
        QCOMPARE(countOf(p.sharded.parameters), Count(1'684'603'904 + 2'097'152 + 65'536'000));
        QCOMPARE(countOf(p.copies.parameters), Count(65'536'000));
        QCOMPARE(countOf(p.sharded.gradients), Count(2'097'152 + 65'536'000));
        QCOMPARE(countOf(p.sharded.masterWeights), Count(4'194'304 + 131'072'000));
        QCOMPARE(countOf(p.sharded.optimizerStates), Count(8'388'608 + 262'144'000));

        // With ZeRO-Offload the copies' states go to the host with the adapters'.
        s.parallel.offload = Offload::Optimizer;
        const Placement off = placeModelStates(s);
        QCOMPARE(countOf(off.copiesOffloaded.optimizerStates), Count(262'144'000));
        QCOMPARE(countOf(off.copies.optimizerStates), Count(0));
        QCOMPARE(countOf(off.offloaded.masterWeights), Count(4'194'304 + 131'072'000));
    }

    void trainedCopiesOfATiedHead()
    {
        // GPT-2 small ties its head to wte: PEFT deep-copies lm_head all the same (modules_to_tie
        // only with ensure_weight_tying=True), so the copy is 50,257 x 768 = 38,597,376 trained
        // parameters, and the tied original stays frozen.
        Scenario s = withLora(gpt2Small(), AdapterMode::Lora, 8, LoraQ | LoraV);
        const Count without = estimate(s).parameterCount;
        s.lora.trainedModules = TrainedHead;
        QCOMPARE(loraCounts(s).copiedParameters, Count(38'597'376));
        QCOMPARE(estimate(s).parameterCount, without + 38'597'376);
    }

    void trainedCopiesRefused()
    {
        auto conflictOf = [](const Scenario &s) {
            for (const ValidationIssue &i : validate(s))
                if (i.field == Field::LoraTrainable)
                    return i.reason;
            return Conflict::None;
        };
        Scenario s = llama7b();
        s.lora.trainedModules = TrainedHead;
        QCOMPARE(conflictOf(s), Conflict::TrainedCopiesNeedAdapters);
        s = withLora(llama7b(), AdapterMode::Lora, 16, LoraQ | LoraV);
        s.lora.trainedModules = TrainedEmbedding;
        QCOMPARE(conflictOf(s), Conflict::None);
        s.stack.stack = TrainingStack::Torchtune;
        QCOMPARE(conflictOf(s), Conflict::TrainedCopiesNeedPeft);
        s.stack.stack = TrainingStack::HfTrainer;
        s.parallel.gpus = 2;
        s.parallel.tensorParallel = 2;
        QCOMPARE(conflictOf(s), Conflict::TrainedCopiesNeedDataParallel);
    }

    void trainedModulesText()
    {
        QCOMPARE(trainedModulesFromText("embed,head"), std::optional<unsigned>(TrainedEmbedding | TrainedHead));
        QCOMPARE(trainedModulesFromText(" head , embed"), std::optional<unsigned>(TrainedEmbedding | TrainedHead));
        QCOMPARE(trainedModulesFromText("head"), std::optional<unsigned>(TrainedHead));
        QCOMPARE(trainedModulesFromText("none"), std::optional<unsigned>(0u));
        QVERIFY(!trainedModulesFromText("none,head"));
        QVERIFY(!trainedModulesFromText("embed,none"));
        QVERIFY(!trainedModulesFromText("lm_head"));
        QVERIFY(!trainedModulesFromText(""));
        QCOMPARE(headroom::trainedModulesText(TrainedHead | TrainedEmbedding), std::string("embed,head"));
        QCOMPARE(headroom::trainedModulesText(0), std::string("none"));
    }

    void targetsText()
    {
        QCOMPARE(loraTargetsFromText("q,v"), std::optional<unsigned>(LoraQ | LoraV));
        QCOMPARE(loraTargetsFromText(" q, k ,v,o "), std::optional<unsigned>(LoraQ | LoraK | LoraV | LoraO));
        QCOMPARE(loraTargetsFromText("all"), std::optional<unsigned>(511u)); // nine targets: 2^9 - 1
        QCOMPARE(loraTargetsFromText("mixer-in,mixer-out"), std::optional<unsigned>(384u)); // 2^7 + 2^8
        QCOMPARE(loraTargetsFromText("gate,up,down"), std::optional<unsigned>(LoraGate | LoraUp | LoraDown));
        QVERIFY(!loraTargetsFromText("q,x"));
        QVERIFY(!loraTargetsFromText(""));
        QVERIFY(!loraTargetsFromText("q,,v"));
        QCOMPARE(loraTargetsText(LoraV | LoraQ | LoraDown), std::string("q,v,down"));
    }

    void scenarioKeys()
    {
        const Catalogue none;
        auto apply = [&none](const char *json) {
            ScenarioSpec spec;
            const QJsonObject root = QJsonDocument::fromJson(QByteArray(json)).object();
            const ScenarioError e = applyScenarioJson(root, none, spec);
            return std::make_pair(e, spec.scenario);
        };
        // A rank alone means LoRA.
        auto [e1, s1] = apply(R"({"schema": 1, "lora": {"rank": 8, "targets": "q,k,v"}})");
        QVERIFY(e1.ok());
        QCOMPARE(s1.lora.mode, AdapterMode::Lora);
        QCOMPARE(s1.lora.rank, Count(8));
        QCOMPARE(s1.lora.targets, unsigned(LoraQ | LoraK | LoraV));
        // An explicit mode wins, whatever the order of keys in the file.
        auto [e2, s2] = apply(R"({"schema": 1, "lora": {"mode": "none", "rank": 8}})");
        QVERIFY(e2.ok());
        QCOMPARE(s2.lora.mode, AdapterMode::None);
        auto [e3, s3] = apply(R"({"schema": 1, "lora": {"qlora": true}})");
        QVERIFY(e3.ok());
        QCOMPARE(s3.lora.mode, AdapterMode::Qlora);
        auto [e4, s4] = apply(R"({"schema": 1, "lora": {"targets": "q,w"}})");
        QCOMPARE(e4.code, ScenarioError::Code::UnknownName);
        QCOMPARE(e4.field, QStringLiteral("lora.targets"));
        auto [e5, s5] = apply(R"({"schema": 1, "parallel": {"zero": 3, "offload": "optimizer+params", "tp": 2, "pp": 4,
                                   "sp": true, "gpus-per-node": 4, "reduce-bucket": "2e8"}})");
        QVERIFY(e5.ok());
        QCOMPARE(s5.parallel.zero, ZeroStage::Stage3);
        QCOMPARE(s5.parallel.offload, Offload::OptimizerAndParams);
        QCOMPARE(s5.parallel.tensorParallel, Count(2));
        QCOMPARE(s5.parallel.pipelineParallel, Count(4));
        QVERIFY(s5.parallel.sequenceParallel);
        QCOMPARE(s5.parallel.gpusPerNode, Count(4));
        QCOMPARE(s5.parallel.reduceBucket, Count(200'000'000));

        // Written and read back: the same placement and adapters.
        ScenarioSpec spec;
        spec.scenario = withLora(llama7b(), AdapterMode::Qlora, 32, LoraQ | LoraV | LoraO);
        spec.scenario.parallel = s5.parallel;
        ScenarioSpec back;
        QVERIFY(applyScenarioJson(scenarioToJson(spec), none, back).ok());
        QCOMPARE(back.scenario.lora.mode, AdapterMode::Qlora);
        QCOMPARE(back.scenario.lora.rank, Count(32));
        QCOMPARE(back.scenario.lora.targets, unsigned(LoraQ | LoraV | LoraO));
        QCOMPARE(back.scenario.parallel.zero, ZeroStage::Stage3);
        QCOMPARE(back.scenario.parallel.offload, Offload::OptimizerAndParams);
        QCOMPARE(back.scenario.parallel.reduceBucket, Count(200'000'000));
        QVERIFY(back.scenario.parallel.sequenceParallel);
        // Without adapters nothing switches LoRA on when read back.
        spec.scenario.lora.mode = AdapterMode::None;
        QVERIFY(applyScenarioJson(scenarioToJson(spec), none, back).ok());
        QCOMPARE(back.scenario.lora.mode, AdapterMode::None);
    }
};

QTEST_APPLESS_MAIN(TestLora)
#include "tst_lora.moc"
