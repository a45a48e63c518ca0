// The itemized transformer model's switches, each against figures worked out by hand in the
// comments (or from Korthikanti et al. 2022's closed forms), and the itemized list against the
// estimate it explains.

#include <QtTest>

#include <utility>

#include <headroom/memory/estimate.h>
#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/transformeractivations.h>

using namespace headroom;

namespace {

// A GPT-style block of Korthikanti et al.'s size: h = 4096, a = 32, F = 4h, one micro-batch of
// s = 2048; sbh = 2048 x 4096 = 8,388,608 and as^2b = 32 x 2048^2 = 134,217,728.
Scenario gptBlock()
{
    Scenario s;
    s.model.family = BlockFamily::Gpt2;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.vocab = 50257;
    s.model.maxPositions = 2048;
    s.training.microBatch = 1;
    s.training.sequence = 2048;
    s.training.precision.recipe = Recipe::Bf16Master;
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.profile = ImplementationProfile::MegatronFused;
    s.activations.attention = AttentionKernel::Eager;
    s.activations.dropout = 0.1;
    s.overhead = { bytes(0), bytes(0) };
    return s;
}

// LLaMA-2 7B: L = 32, H = 4096, A = KV = 32, F = 11008, V = 32000; B = 1, S = 2048.
// BSH = 8,388,608; BSF = 22,544,384; BAS = 65,536; BAS^2 = 134,217,728; BSV = 65,536,000.
Scenario llama7B()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 32;
    s.model.hidden = 4096;
    s.model.heads = 32;
    s.model.kvHeads = 32;
    s.model.ffn = 11008;
    s.model.vocab = 32000;
    s.training.microBatch = 1;
    s.training.sequence = 2048;
    s.training.precision.recipe = Recipe::Bf16Master;
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.profile = ImplementationProfile::HfEager;
    s.activations.attention = AttentionKernel::Sdpa;
    s.overhead = { bytes(0), bytes(0) };
    return s;
}

// The fixtures' GPT-2 base block: B = 2, S = 128, H = 128, A = 4, F = 512.
// BSH = 32,768; BAS^2 = 131,072.
Scenario smallGpt2()
{
    Scenario s = gptBlock();
    s.model.layers = 2;
    s.model.hidden = 128;
    s.model.heads = 4;
    s.model.vocab = 1000;
    s.model.maxPositions = 1024;
    s.training.microBatch = 2;
    s.training.sequence = 128;
    s.activations.profile = ImplementationProfile::HfEager;
    return s;
}

// The fixtures' Mixtral block (mixtral-fp32): L = 2, H = 64, A = 4, KV = 2, d = 16, F = 128,
// E = 4, k = 2, V = 256; B = 2, S = 64 in FP32, as measured (hf-eager-cpu). BS = 128,
// BSH = 8,192, BAS^2 = 32,768.
Scenario smallMixtral()
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 2;
    s.model.hidden = 64;
    s.model.heads = 4;
    s.model.kvHeads = 2;
    s.model.ffn = 128;
    s.model.vocab = 256;
    s.model.moe.experts = 4;
    s.model.moe.perToken = 2;
    s.model.moe.expertFfn = 128;
    s.training.microBatch = 2;
    s.training.sequence = 64;
    s.training.precision.recipe = Recipe::Fp32;
    s.activations.model = ActivationModelKind::Transformer;
    s.activations.profile = ImplementationProfile::HfEagerCpu;
    s.activations.attention = AttentionKernel::Eager;
    s.overhead = { bytes(0), bytes(0) };
    return s;
}

// The fixtures' LoRA block (lora-qv-fp32): the LLaMA block with L = 2, H = 64, A = 4, KV = 2,
// F = 172, V = 256 and rank-8 adapters on q and v, no lora_dropout; B = 2, S = 64 in FP32.
Scenario smallLora()
{
    Scenario s = smallMixtral();
    s.model.moe = MoeSpec{};
    s.model.ffn = 172;
    s.lora.mode = AdapterMode::Lora;
    s.lora.rank = 8;
    s.lora.targets = LoraQ | LoraV;
    return s;
}

Count layerBytes(const Scenario &s) { return countOf(transformerTerms(s).layerActivations); }

Count itemBytes(const Scenario &s, std::string_view name)
{
    std::vector<ActivationItem> items;
    activationModel(ActivationModelKind::Transformer).itemize(s, items);
    Count sum = 0;
    for (const ActivationItem &i : items)
        if (i.name == name)
            sum += countOf(i.bytes);
    return sum;
}

} // namespace

class TestTransformerActivations : public QObject
{
    Q_OBJECT

private slots:
    // Expert parallelism: the routed rows go out to the experts' GPUs and back by all-to-all.
    // The small Mixtral block with every token sent to all 4 experts, in BF16 with SDPA (no
    // score scratch): k·B·S = 4 x 2 x 64 = 512 rows of H = 64, sent and received together:
    // 2 x 512 x 64 x 2 bytes = 131,072 in forward. Without EP the largest scratch is RMSNorm's,
    // x.pow(2) and x·rstd in FP32: 2 x 4 x B·S·H = 65,536 (the router's int64 mask,
    // 8 x E x k x B·S = 16,384, is smaller).
    void expertParallelAllToAll()
    {
        Scenario s = smallMixtral();
        s.model.moe.perToken = 4;
        s.training.precision.recipe = Recipe::Bf16Pure;
        s.activations.attention = AttentionKernel::Sdpa;
        s.activations.profile = ImplementationProfile::HfSdpa;
        QCOMPARE(countOf(transformerTerms(s).layerForwardTransient), Count(65'536));
        s.parallel.gpus = 2;
        s.parallel.expertParallel = 2;
        QCOMPARE(countOf(transformerTerms(s).layerForwardTransient), Count(131'072));
        QVERIFY(transformerTerms(s).layerBackwardTransient >= bytes(131'072));
    }

    void registered()
    {
        QCOMPARE(activationModel(ActivationModelKind::Transformer).kind(), ActivationModelKind::Transformer);
        QCOMPARE(activationModel(ActivationModelKind::Textbook).kind(), ActivationModelKind::Textbook);
    }

    void profileNames()
    {
        for (ImplementationProfile p : kAllProfiles)
            QCOMPARE(profileFromName(profileName(p)), std::optional<ImplementationProfile>(p));
        for (AttentionKernel k : kAllAttentionKernels)
            QCOMPARE(attentionKernelFromName(attentionKernelName(k)), std::optional<AttentionKernel>(k));
        QCOMPARE(profileName(ImplementationProfile::HfEagerCpu), std::string_view("hf-eager-cpu"));
        QVERIFY(!profileFromName("hf").has_value());
        QCOMPARE(defaultAttention(ImplementationProfile::HfSdpa), AttentionKernel::Sdpa);
        QCOMPARE(defaultAttention(ImplementationProfile::MegatronFused), AttentionKernel::Eager);
    }

    void megatronIsKorthikanti()
    {
        // Korthikanti et al. 2022, section 4.1, 16-bit activations, 1-byte dropout masks:
        // sbh (34 + 5as/h) = 34 x 8,388,608 + 5 x 134,217,728 = 285,212,672 + 671,088,640
        // = 956,301,312; the fused LayerNorms also keep an FP32 mean and 1/std per token, which
        // the paper leaves out: 2 norms x 2 x 4 bytes x 2048 = 32,768. 956,334,080 in all.
        const Scenario s = gptBlock();
        QCOMPARE(layerBytes(s), Count(956'334'080));
        QCOMPARE(layerBytes(s), countOf(korthikantiLayerBytes(2048, 1, 4096, 32, 1, false, Recompute::None)) + 32'768);
    }

    void megatronTensorParallel()
    {
        // Table 2, t = 4: sbh (10 + 24/t + 5as/(ht)) = 16 x 8,388,608 + 671,088,640 / 4
        // = 134,217,728 + 167,772,160 = 301,989,888, plus the (replicated) norm statistics
        // 32,768: 302,022,656.
        Scenario s = gptBlock();
        s.parallel.gpus = 4;
        s.parallel.tensorParallel = 4;
        QCOMPARE(layerBytes(s), Count(302'022'656));
        // With sequence parallelism everything is divided: 956,334,080 / 4 = 239,083,520.
        s.parallel.sequenceParallel = true;
        QCOMPARE(layerBytes(s), Count(239'083'520));
        // Selective recompute with SP keeps sbh 34/t = 71,303,168 (+ 8,192 of statistics) and
        // rebuilds 5as^2b/t = 167,772,160 for one layer at a time.
        s.training.recompute = Recompute::Selective;
        const TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.heldActivations), Count(71'311'360));
        QCOMPARE(countOf(t.recomputeActivations), Count(167'772'160));
        QCOMPARE(countOf(t.heldActivations), countOf(korthikantiLayerBytes(2048, 1, 4096, 32, 4, true, Recompute::Selective)) + 8'192);
    }

    void megatronFullRecompute()
    {
        // Each layer keeps its 2sbh input (16,777,216); backward rebuilds one layer's list less
        // that input: 956,334,080 - 16,777,216 = 939,556,864.
        Scenario s = gptBlock();
        s.training.recompute = Recompute::Full;
        const TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.heldActivations), Count(16'777'216));
        QCOMPARE(countOf(t.recomputeActivations), Count(939'556'864));
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.activationDetail.layers), Count(32) * 16'777'216);
    }

    void llama7BWithSdpa()
    {
        // hf-eager code, SDPA kernel, bf16 (r = c = 2), PyTorch 2 (mean() keeps no x^2):
        //   two RMSNorms: x_fp32 4 BSH + rstd 4 BS + normed 2 BSH, each 50,339,840
        //   q_proj input 2 BSH; q, k, v and out 4 x 2 BSH; lse 4 BAS = 262,144
        //   gate_proj input 2 BSH; act_fn input, act out, up out, down_proj input 4 x 2 BSF
        // = 2 x 50,339,840 + 12 x 8,388,608 + 262,144 + 8 x 22,544,384
        // = 100,679,680 + 100,663,296 + 262,144 + 180,355,072 = 381,960,192.
        const Scenario s = llama7B();
        const TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.layerActivations), Count(381'960'192));
        QCOMPARE(countOf(t.layerWeightCopies), Count(0));
        // Outside: ids 8 BS = 16,384; final norm 50,339,840; LM head input 2 BSH = 16,777,216;
        // FP32 log-softmax 4 BSV = 262,144,000 and labels 8 (S + 1) = 16,392; RoPE cos and sin
        // 2 x 2 x S x d = 1,048,576.
        QCOMPARE(countOf(t.embedding), Count(16'384));
        QCOMPARE(countOf(t.finalNorm), Count(50'339'840));
        QCOMPARE(countOf(t.lmHead), Count(16'777'216));
        QCOMPARE(countOf(t.loss), Count(262'160'392));
        QCOMPARE(countOf(t.shared), Count(1'048'576));
        // 32 layers + outside: 12,222,726,144 + 330,342,408 = 12,553,068,552.
        QCOMPARE(countOf(estimate(s).activations), Count(12'553'068'552));
    }

    void groupedKvByKernel()
    {
        // LLaMA-3 8B's attention: A = 32, KV = 8, d = 128. Flash keeps K and V at 8 heads
        // (2 x 2 x 2048 x 1024 = 8,388,608); SDPA after repeat_kv at 32 heads (2 x 16,777,216):
        // 25,165,824 more.
        Scenario s = llama7B();
        s.model.kvHeads = 8;
        s.activations.attention = AttentionKernel::Flash;
        const Count flash = layerBytes(s);
        QCOMPARE(itemBytes(s, "self_attn.k"), Count(4'194'304));
        s.activations.attention = AttentionKernel::Sdpa;
        const Count sdpa = layerBytes(s);
        QCOMPARE(sdpa - flash, Count(25'165'824));
        // Eager swaps out and lse (2 BSH + 4 BAS) for o_proj's input (2 BSH) and the S x S
        // tensors: FP32 probabilities 4 BAS^2 and their bf16 copy 2 BAS^2:
        // 6 x 134,217,728 - 262,144 = 805,044,224.
        s.activations.attention = AttentionKernel::Eager;
        QCOMPARE(layerBytes(s) - sdpa, Count(805'044'224));
    }

    void dropoutMasks()
    {
        // GPT-2 in FP32 with dropout: the attention mask and the dropped probabilities (B A S^2
        // each) and two residual masks (B S H each). CUDA's masks are 1 byte:
        // 131,072 x (1 + 4) + 2 x 32,768 = 720,896. CPU's take the input's dtype (4 bytes):
        // 131,072 x 8 + 32,768 x 8 = 1,310,720, what the fixtures gpt2-base-fp32 and
        // gpt2-base-fp32-nodrop measured (5,509,120 - 4,198,400).
        Scenario s = smallGpt2();
        s.training.precision.recipe = Recipe::Fp32;
        const Count withDropout = layerBytes(s);
        s.activations.dropout = 0;
        QCOMPARE(withDropout - layerBytes(s), Count(720'896));
        s.activations.profile = ImplementationProfile::HfEagerCpu;
        const Count cpuWithout = layerBytes(s);
        s.activations.dropout = 0.1;
        QCOMPARE(layerBytes(s) - cpuWithout, Count(1'310'720));
        QCOMPARE(layerBytes(s), Count(5'509'120));
    }

    void cudaAutocastSoftmax()
    {
        // Under CUDA autocast GPT-2's softmax runs in FP32: the FP32 probabilities (4 BAS^2) and
        // the bf16 copy the next matmul saves (2 BAS^2), against one bf16 tensor on CPU:
        // 4 x 131,072 = 524,288 more.
        Scenario s = smallGpt2();
        s.training.precision.recipe = Recipe::AmpBf16;
        s.activations.dropout = 0;
        const Count cuda = layerBytes(s);
        s.activations.profile = ImplementationProfile::HfEagerCpu;
        QCOMPARE(cuda - layerBytes(s), Count(524'288));
    }

    void autocastWeightCopies()
    {
        // amp-bf16 keeps a bf16 copy of each FP32 weight a matmul used: per LLaMA-2 7B layer
        // 2 x (2H^2 + 2 H KV d + 3 H F) = 2 x (67,108,864 + 135,266,304) = 404,750,336, and
        // 2 x H x V = 262,144,000 for the LM head.
        Scenario s = llama7B();
        s.training.precision.recipe = Recipe::AmpBf16;
        TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.layerWeightCopies), Count(404'750'336));
        QCOMPARE(countOf(t.lmHeadWeightCopy), Count(262'144'000));
        // Under full recompute forward saves none, but autocast caches all 32 layers' copies
        // until forward ends; the recomputed layer saves its own again.
        s.training.recompute = Recompute::Full;
        t = transformerTerms(s);
        QCOMPARE(countOf(t.heldWeightCopies), Count(0));
        QCOMPARE(countOf(t.recomputeWeightCopies), Count(404'750'336));
        QCOMPARE(countOf(estimate(s).activationDetail.forwardCache), Count(32) * 404'750'336);
        // Megatron's fused kernels keep no copies.
        s.activations.profile = ImplementationProfile::MegatronFused;
        QCOMPARE(countOf(transformerTerms(s).layerWeightCopies), Count(0));
    }

    void fullRecomputeAlias()
    {
        // The checkpoint holds each layer's input, 2 BSH = 16,777,216 in bf16. Its recomputation
        // saves the whole list again, including x_fp32 (an FP32 copy, not the bf16 input).
        Scenario s = llama7B();
        s.training.recompute = Recompute::Full;
        TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.heldActivations), Count(16'777'216));
        QCOMPARE(countOf(t.recomputeActivations), Count(381'960'192));
        // Under autocast the residual is FP32: the input is 4 BSH and is x_fp32 itself, which the
        // recomputation does not save again.
        s.training.precision.recipe = Recipe::AmpBf16;
        t = transformerTerms(s);
        QCOMPARE(countOf(t.heldActivations), Count(33'554'432));
        QCOMPARE(countOf(t.checkpointAlias), Count(33'554'432));
        QCOMPARE(t.recomputeActivations, t.layerActivations - t.checkpointAlias);
    }

    void selectiveRecomputeDropsTheScores()
    {
        // Eager LLaMA-2 7B: the attention core is the FP32 probabilities and their bf16 copy,
        // 6 x 134,217,728 = 805,306,368; with SDPA there is no S x S tensor to drop.
        Scenario s = llama7B();
        s.activations.attention = AttentionKernel::Eager;
        s.training.recompute = Recompute::Selective;
        QCOMPARE(countOf(transformerTerms(s).recomputeActivations), Count(805'306'368));
        s.activations.attention = AttentionKernel::Sdpa;
        QCOMPARE(countOf(transformerTerms(s).recomputeActivations), Count(0));
    }

    void lossBuffers()
    {
        // HF: forward holds the bf16 logits and their FP32 copy, (2 + 4) x BSV = 393,216,000;
        // backward nll_loss's and log_softmax's FP32 gradients, 8 x BSV = 524,288,000.
        Scenario s = llama7B();
        TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.lossForwardTransient), Count(393'216'000));
        QCOMPARE(countOf(t.lossBackwardTransient), Count(524'288'000));
        // Megatron's cross-entropy works in place in the FP32 copy: only the bf16 logits and
        // their gradient, 2 x BSV = 131,072,000; it saves the softmax (4 BSV) and two B S
        // target tensors (1 + 8 bytes): 262,144,000 + 18,432 = 262,162,432.
        s.activations.profile = ImplementationProfile::MegatronFused;
        t = transformerTerms(s);
        QCOMPARE(countOf(t.lossForwardTransient), Count(131'072'000));
        QCOMPARE(countOf(t.lossBackwardTransient), Count(131'072'000));
        QCOMPARE(countOf(t.loss), Count(262'162'432));
    }

    void pipelineFirstStage()
    {
        // p = 2 with 8 micro-batches: the first stage holds 16 layers for 2 micro-batches in
        // flight (32 layers' worth) and its embedding part twice (2 x (16,384 + 1,048,576)); the
        // loss sits on the last stage.
        Scenario s = llama7B();
        s.parallel.gpus = 2;
        s.parallel.pipelineParallel = 2;
        s.training.gradAccumSteps = 8;
        const ActivationEstimate e = activationModel(ActivationModelKind::Transformer).estimate(s);
        QCOMPARE(countOf(e.layers), Count(32) * 381'960'192);
        QCOMPARE(countOf(e.outside), Count(2'129'920));
        QCOMPARE(countOf(e.backwardTransient), Count(0));
    }

    void moeLayerIsRoutingFree()
    {
        // SAVED_TENSORS.md's closed form for a Mixtral layer, r = c = 4:
        //   attention half 16 BSH + 8 BS + 2r BSH + r BSH + 4c BSH + 4 BAS^2
        //     = 131,072 + 1,024 + 65,536 + 32,768 + 131,072 + 131,072 = 492,544;
        //   router r BSH + 4 BSE + 8 BSk + 4 BS (k + 1) (renormalised in place)
        //     = 32,768 + 2,048 + 2,048 + 1,536 = 38,400;
        //   experts k BS (16 + r H + c (4F + H) + r (H + 1)) = 256 x (16 + 256 + 2,304 + 260)
        //     = 256 x 2,836 = 726,016;
        // 1,256,960 in all, what mixtral-fp32 measured for each layer whatever the routing.
        Scenario s = smallMixtral();
        QCOMPARE(layerBytes(s), Count(1'256'960));
        // A capacity factor caps each expert at C = ceil(f k BS / E) rows, padded: f = 1.25 gives
        // C = 80, 320 rows, experts 320 x 2,836 = 907,520; f = 0.5 gives C = 32, 128 rows,
        // 363,008 (tokens dropped).
        s.activations.capacityFactor = 1.25;
        QCOMPARE(layerBytes(s), Count(492'544 + 38'400 + 907'520));
        s.activations.capacityFactor = 0.5;
        QCOMPARE(layerBytes(s), Count(492'544 + 38'400 + 363'008));
    }

    void moeAuxLoss()
    {
        // The load-balancing loss over L BS = 256 router rows: c L BS E + 8 L BS k + 8 L BS E
        // + 8 E + 4 k E = 4,096 + 4,096 + 8,192 + 32 + 32 = 16,448, as mixtral-fp32 measured;
        // it sits above the layers, with the loss.
        const Scenario s = smallMixtral();
        QCOMPARE(countOf(transformerTerms(s).auxLoss), Count(16'448));
        const ActivationEstimate e = activationModel(ActivationModelKind::Transformer).estimate(s);
        const TransformerTerms t = transformerTerms(s);
        QCOMPARE(e.outsideHead, t.finalNorm + t.lmHead + t.lmHeadWeightCopy + t.loss + t.auxLoss);
    }

    void encoderPoolerHasNoVocabularyLoss()
    {
        // BERT-large's shape at B = 1, S = 512 in BF16 (c = r = 2 bytes), no dropout: BSH =
        // 524,288, BS = 512, V = 30,522. Outside the layers by transformers' BertForMaskedLM:
        // the norm after the last layer (its input 2 BSH = 1,048,576 and FP32 mean and rstd,
        // 2 x 4 BS = 4,096), the head's input 1,048,576, the FP32 log-softmax 4 BSV =
        // 62,509,056 and the S + 1 padded int64 labels 4,104: 64,614,408.
        // BertForSequenceClassification instead: the same norm, the pooler's dense input (a view
        // of the last output, which keeps its 1,048,576 bytes alive), tanh's output 2 BH = 2,048,
        // the classifier's input 2,048, a log-softmax over B x 2 labels (4 bytes) and B int64
        // labels (8): 2,105,356. It was charged the vocabulary's 64,614,408.
        Scenario s;
        s.model.family = BlockFamily::Bert;
        s.model.layers = 24;
        s.model.hidden = 1024;
        s.model.heads = 16;
        s.model.ffn = 4096;
        s.model.vocab = 30522;
        s.model.maxPositions = 512;
        s.model.typeVocab = 2;
        s.training.microBatch = 1;
        s.training.sequence = 512;
        s.training.precision.recipe = Recipe::Bf16Master;
        s.activations.model = ActivationModelKind::Transformer;
        s.activations.profile = ImplementationProfile::HfSdpa;
        s.activations.attention = AttentionKernel::Sdpa;
        s.activations.dropout = 0;
        s.overhead = { bytes(0), bytes(0) };
        auto head = [](const Scenario &sc) {
            const TransformerTerms t = transformerTerms(sc);
            return countOf(t.finalNorm + t.lmHead + t.lmHeadWeightCopy + t.loss);
        };
        s.model.encoderHead = EncoderHead::MaskedLm;
        QCOMPARE(head(s), Count(64'614'408));
        s.model.encoderHead = EncoderHead::Pooler;
        QCOMPARE(head(s), Count(2'105'356));
        // Under autocast the pooler's dense layer saves its B x H BF16 cast, not the FP32 view,
        // and the BF16 casts of the two weights: 2 H^2 = 2,097,152 and 2 x 2 H = 4,096.
        s.training.precision.recipe = Recipe::AmpBf16;
        const TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.lmHead), Count(2'048 + 2'048 + 2'048));
        QCOMPARE(countOf(t.lmHeadWeightCopy), Count(2'097'152 + 4'096));
    }

    void lossImplementations()
    {
        // LLaMA-2 7B in bf16, BSV = 65,536,000, BSH = 8,388,608. torchtune's chunked loss (8
        // chunks, each upcast) saves the whole FP32 log-softmax, 4 BSV, and B S labels, 8 x 2,048:
        // 262,160,384; the head's list of bf16 logits (2 BSV = 131,072,000) lives beside one
        // chunk's FP32 upcast (4 BSV / 8 = 32,768,000) in forward, one chunk's two FP32 gradients
        // (65,536,000) in backward.
        Scenario s = llama7B();
        s.stack.stack = TrainingStack::Torchtune;
        s.stack.loss = LossKind::Chunked;
        TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.loss), Count(262'160'384));
        QCOMPARE(countOf(t.lmHead), Count(16'777'216));
        QCOMPARE(countOf(t.lossForwardTransient), Count(163'840'000));
        QCOMPARE(countOf(t.lossBackwardTransient), Count(65'536'000));
        // litgpt's chunked_cross_entropy stays in bf16, 128-token chunks (16): 2 BSV + 16,384 =
        // 131,088,384 saved; forward holds the logits alone, backward one chunk's two bf16
        // gradients, 2 x 2 x BSV / 16 = 16,384,000.
        s.stack.stack = TrainingStack::Litgpt;
        t = transformerTerms(s);
        QCOMPARE(countOf(t.loss), Count(131'088'384));
        QCOMPARE(countOf(t.lossForwardTransient), Count(131'072'000));
        QCOMPARE(countOf(t.lossBackwardTransient), Count(16'384'000));
        // Issue 32, item 8: LitGPT cuts fixed 128-token slices of each sequence, the last one
        // shorter (GPT.forward: x.split(lm_head_chunk_size, dim=1), lm_head_chunk_size=128;
        // chunked_cross_entropy). The largest is B x 128 x V whatever S: at S = 129 two slices of
        // 128 and 1 tokens, so backward holds 2 x 2 x 128 x 32,000 = 16,384,000 bytes, not
        // 2 x 2 x 129 x 32,000 / 2 = 8,256,000 (two equal halves, which lowered the peak as S grew);
        // at S = 100 the one slice is all of it, 2 x 2 x 100 x 32,000 = 12,800,000.
        for (const auto &[sequence, expected] : { std::pair<Count, Count>{ 129, 16'384'000 }, { 300, 16'384'000 },
                                                   { 128, 16'384'000 }, { 100, 12'800'000 } }) {
            Scenario litgpt = s;
            litgpt.training.sequence = sequence;
            QCOMPARE(countOf(transformerTerms(litgpt).lossBackwardTransient), expected);
        }
        // Liger's fused linear cross-entropy saves grad_input (2 BSH = 16,777,216) and grad_weight
        // (2 V H = 262,144,000), no head input, no logits: 278,921,216. Its chunks: ceil(V / H) =
        // 8, 2,048 / 8 = 256 rows each; one chunk's bf16 logits, 256 x 32,000 x 2 = 16,384,000.
        s.stack.stack = TrainingStack::HfTrainer;
        s.stack.loss = LossKind::FusedLinear;
        t = transformerTerms(s);
        QCOMPARE(countOf(t.lmHead), Count(0));
        QCOMPARE(countOf(t.loss), Count(278'921'216));
        QCOMPARE(countOf(t.lossForwardTransient), Count(16'384'000));
        QCOMPARE(countOf(t.lossBackwardTransient), Count(0));
        // Under autocast Liger keeps no cast of the head weight either.
        s.training.precision.recipe = Recipe::AmpBf16;
        QCOMPARE(countOf(transformerTerms(s).lmHeadWeightCopy), Count(0));
    }

    void geluImplementations()
    {
        // gelu_new written out keeps tanh, 0.5 x and 1 + tanh beside its input: 3 x 2 x BSF =
        // 3 x 2 x 131,072 = 786,432 more than F.gelu(approximate="tanh") on the small GPT-2 block.
        Scenario s = smallGpt2();
        const Count python = layerBytes(s);
        s.activations.gelu = GeluImpl::Fused;
        QCOMPARE(python - layerBytes(s), Count(786'432));
        // GPT-NeoX's F.gelu is one op by default; written out it keeps the same three more.
        s.model.family = BlockFamily::Neox;
        s.model.maxPositions = 0;
        s.activations.gelu = GeluImpl::ModelDefault;
        const Count fused = layerBytes(s);
        s.activations.gelu = GeluImpl::Python;
        QCOMPARE(layerBytes(s) - fused, Count(786'432));
    }

    void oneKvHeadAtBatchOne()
    {
        // LLaMA-2 7B eager, B = 1: with two KV heads kᵀ and v are saved at 32 heads (2 x 2 BSH =
        // 2 x 16,777,216); with one, repeat_kv stays a view and both keep one head's 2 x 2048 x 128
        // = 524,288: 2 x (16,777,216 - 524,288) = 32,505,856 less (llama-mqa-b1-* measured it).
        Scenario s = llama7B();
        s.activations.attention = AttentionKernel::Eager;
        s.model.kvHeads = 2;
        const Count two = layerBytes(s);
        s.model.kvHeads = 1;
        QCOMPARE(two - layerBytes(s), Count(32'505'856));
        // Under autocast the RoPE'd k is FP32 and its bf16 cast materialises the 32 heads; v
        // stays a view: 16,252,928 less.
        s.training.precision.recipe = Recipe::AmpBf16;
        const Count oneAmp = layerBytes(s);
        s.model.kvHeads = 2;
        QCOMPARE(layerBytes(s) - oneAmp, Count(16'252'928));
    }

    void compileFusesNormsAndActivations()
    {
        // torch.compile saves what the fused kernels save: each RMSNorm its bf16 input and the
        // FP32 1/rms (16,785,408 instead of 50,339,840: 2 x 33,554,432 less), the SwiGLU the
        // gate-up output (2 x 2 BSF) instead of three B S F tensors beside down_proj's input
        // (45,088,768 less): 381,960,192 - 67,108,864 - 45,088,768 = 269,762,560.
        Scenario s = llama7B();
        s.stack.compile = true;
        QCOMPARE(layerBytes(s), Count(269'762'560));
    }

    void loraFirstLayer()
    {
        // SAVED_TENSORS.md, LLaMA with LoRA, a layer whose input requires grad (r = c = p = a = 4):
        // 16 BSH + 8 BS + 3c BSH + 4 BAS^2 + 3p BSF = 131,072 + 1,024 + 98,304 + 131,072 + 264,192
        // = 625,664, plus the q and v adapters: one shared FP32 input a BS H = 32,768 and two
        // A outputs a BS R = 4,096 each: 666,624 (lora-qv-fp32's layer.1). The first layer's
        // input needs no grad: no input_layernorm (8 BSH + 4 BS = 66,048) and no q (k_proj has no
        // adapter: 32,768): 567,808 (its layer.0).
        Scenario s = smallLora();
        TransformerTerms t = transformerTerms(s);
        QCOMPARE(countOf(t.layerActivations), Count(666'624));
        QCOMPARE(t.firstLayers, Count(1));
        QCOMPARE(countOf(t.firstLayerActivations), Count(567'808));
        // The estimate counts each layer with its own figure, and the adapters once (lora.cpp
        // adds nothing when the itemized model lists them).
        QVERIFY(transformerItemizesAdapters(s));
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.activationDetail.layers), Count(666'624 + 567'808));
        QCOMPARE(b.activationDetail.total(), activationModel(ActivationModelKind::Transformer).estimate(s).total());
        // With checkpointing every layer's input requires grad: no first layer of its own.
        s.training.recompute = Recompute::Full;
        t = transformerTerms(s);
        QCOMPARE(t.firstLayers, Count(0));
        QCOMPARE(t.recomputeFirstActivations, t.recomputeActivations);
    }

    void itemsAddUp_data()
    {
        QTest::addColumn<int>("family");
        QTest::addColumn<int>("variant"); // 0: the family's block; 1: with experts; 2: with latent attention
        QTest::addColumn<int>("profile");
        QTest::addColumn<int>("kernel");
        QTest::addColumn<int>("recompute");
        QTest::addColumn<int>("recipe");
        for (BlockFamily f : kAllFamilies)
            for (int variant : { 0, 1, 2 })
                for (ImplementationProfile p : kAllProfiles)
                    for (AttentionKernel k : kAllAttentionKernels)
                        for (Recompute r : { Recompute::None, Recompute::Full, Recompute::Selective })
                            for (Recipe recipe : { Recipe::AmpBf16, Recipe::Bf16Pure }) {
                                if (variant > 0 && f != BlockFamily::Llama)
                                    continue;
                                QTest::addRow("%s%s %s %s %s %s", familyName(f).data(),
                                              variant == 1 ? "+moe" : variant == 2 ? "+mla" : "", profileName(p).data(),
                                              attentionKernelName(k).data(), recomputeName(r).data(), recipeName(recipe).data())
                                        << int(f) << variant << int(p) << int(k) << int(r) << int(recipe);
                            }
    }

    //! The itemized list explains the estimate: kept layer tensors are what each layer holds,
    //! recomputed ones what backward rebuilds, the rest what sits outside the layers.
    void itemsAddUp()
    {
        QFETCH(int, family);
        QFETCH(int, variant);
        QFETCH(int, profile);
        QFETCH(int, kernel);
        QFETCH(int, recompute);
        QFETCH(int, recipe);
        Scenario s = llama7B();
        s.model.family = BlockFamily(family);
        s.model.kvHeads = 8;
        if (variant == 1) {
            s.model.moe.experts = 8;
            s.model.moe.perToken = 2;
            s.model.moe.expertFfn = 1408;
            s.model.moe.sharedExperts = 1;
            s.model.moe.sharedFfn = 5632;
            s.model.moe.sharedGate = true;
        } else if (variant == 2) {
            s.model.mla = MlaSpec{ 1536, 512, 64, 128, 128 };
            s.model.headDim = 192;
        }
        s.activations.profile = ImplementationProfile(profile);
        s.activations.attention = AttentionKernel(kernel);
        s.activations.dropout = 0.1;
        s.training.recompute = Recompute(recompute);
        s.training.precision.recipe = Recipe(recipe);
        s.parallel.gpus = 2;
        s.parallel.tensorParallel = 2;
        std::vector<ActivationItem> items;
        activationModel(ActivationModelKind::Transformer).itemize(s, items);
        Bytes kept = bytes(0), rebuilt = bytes(0), outside = bytes(0);
        for (const ActivationItem &i : items) {
            QVERIFY(!i.name.empty() && !i.shape.empty() && !i.region.empty());
            QCOMPARE(countOf(i.bytes), i.elements * dtypeSize(i.dtype).numerator);
            if (i.scope == ItemScope::Outside)
                outside += i.bytes;
            else
                (i.recomputed ? rebuilt : kept) += i.bytes;
        }
        const ActivationEstimate e = activationModel(ActivationModelKind::Transformer).estimate(s);
        QCOMPARE(countOf(kept) * s.model.layers, countOf(e.layers));
        QCOMPARE(countOf(rebuilt), countOf(e.recompute));
        QCOMPARE(countOf(outside), countOf(e.outside));
    }
};

QTEST_APPLESS_MAIN(TestTransformerActivations)
#include "tst_transformeractivations.moc"
