// The itemized transformer model's switches, each against figures worked out by hand in the
// comments (or from Korthikanti et al. 2022's closed forms), and the itemized list against the
// estimate it explains.

#include <QtTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/korthikanti.h>
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

    void itemsAddUp_data()
    {
        QTest::addColumn<int>("family");
        QTest::addColumn<int>("profile");
        QTest::addColumn<int>("kernel");
        QTest::addColumn<int>("recompute");
        QTest::addColumn<int>("recipe");
        for (BlockFamily f : { BlockFamily::Gpt2, BlockFamily::Llama })
            for (ImplementationProfile p : kAllProfiles)
                for (AttentionKernel k : kAllAttentionKernels)
                    for (Recompute r : { Recompute::None, Recompute::Full, Recompute::Selective })
                        for (Recipe recipe : { Recipe::AmpBf16, Recipe::Bf16Pure })
                            QTest::addRow("%s %s %s %s %s", familyName(f).data(), profileName(p).data(),
                                          attentionKernelName(k).data(), recomputeName(r).data(), recipeName(recipe).data())
                                    << int(f) << int(p) << int(k) << int(r) << int(recipe);
    }

    //! The itemized list explains the estimate: kept layer tensors are what each layer holds,
    //! recomputed ones what backward rebuilds, the rest what sits outside the layers.
    void itemsAddUp()
    {
        QFETCH(int, family);
        QFETCH(int, profile);
        QFETCH(int, kernel);
        QFETCH(int, recompute);
        QFETCH(int, recipe);
        Scenario s = llama7B();
        s.model.family = BlockFamily(family);
        s.model.kvHeads = 8;
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
