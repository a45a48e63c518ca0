// The counts the buckets multiply: P from the architecture (model.cpp's parameterCounts()), the
// rank's share P_m (resolved.cpp's modelParallelShare()), the adapters (lora.cpp) and the
// parameters with gradients on this rank (resolve()).

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/parametertensors.h>
#include <headroom/memory/pipelinestage.h>
#include <headroom/memory/posttraining.h>

#include "derivationbuilder.h"

namespace headroom::derivation {

namespace {

constexpr const char *kArchitectureSource = QT_TRANSLATE_NOOP("Derivation",
        "the block family's parameter tensors, module by module (parametertensors.h: the layout of the family's Hugging "
        "Face implementation, e.g. LlamaModel, GPT2Model, GPTNeoXModel, MixtralModel, DeepseekV2Model, BertModel)");

// The model's sizes as symbols, for the same walk over its tensors the engine counts with.
ModelDims<Formula> symbolicDims(Builder &b)
{
    const ModelSpec &m = b.s.model;
    const char *scenario = QT_TRANSLATE_NOOP("Derivation", "the scenario");
    ModelDims<Formula> d;
    d.one = Formula::number(1);
    d.two = Formula::number(2);
    d.three = Formula::number(3);
    d.H = b.symbol("H");
    d.headDim = b.symbol("d_h");
    d.heads = b.symbol("A");
    // Q is H wide unless the head dimension is set apart from H / A (Gemma: A·d_h).
    d.qDim = m.qDim() == m.hidden ? d.H : d.heads * d.headDim;
    d.kv = b.symbol("KV") * d.headDim;
    d.F = b.symbol("F");
    d.V = b.symbol("V");
    if (m.maxPositions > 0 && blockTraits(m.family).learnedPositions)
        d.positions = b.input("P_pos", QT_TRANSLATE_NOOP("Derivation", "learned position table rows"), m.maxPositions, scenario);
    if (m.typeVocab > 0)
        d.types = b.input("T", QT_TRANSLATE_NOOP("Derivation", "token types (segment embeddings)"), m.typeVocab, scenario);
    const MoeSpec &e = m.moe;
    if (e.enabled()) {
        d.experts = b.input("E", QT_TRANSLATE_NOOP("Derivation", "routed experts per MoE layer"), e.experts, scenario);
        d.expertFfn = b.input("F_e", QT_TRANSLATE_NOOP("Derivation", "one expert's inner size"), e.expertFfn, scenario);
        if (e.sharedExperts > 0) {
            const Formula fs = b.input("F_s1", QT_TRANSLATE_NOOP("Derivation", "one shared expert's inner size"),
                                       e.sharedFfnOrExpert(), scenario);
            d.sharedFfn = e.sharedExperts == 1
                    ? fs
                    : b.input("n_s", QT_TRANSLATE_NOOP("Derivation", "shared experts per MoE layer"), e.sharedExperts, scenario) * fs;
        }
    }
    const MlaSpec &a = m.mla;
    if (a.enabled()) {
        if (a.qLoraRank > 0)
            d.qLoraRank = b.input("r_q", QT_TRANSLATE_NOOP("Derivation", "latent attention: Q's low rank"), a.qLoraRank, scenario);
        d.kvLoraRank = b.input("r_kv", QT_TRANSLATE_NOOP("Derivation", "latent attention: the KV latent's rank"), a.kvLoraRank, scenario);
        d.ropeDim = b.input("d_rope", QT_TRANSLATE_NOOP("Derivation", "latent attention: rotary part of a q/k head"), a.ropeHeadDim, scenario);
        d.nopeDim = b.input("d_nope", QT_TRANSLATE_NOOP("Derivation", "latent attention: non-rotary part of a q/k head"), a.nopeHeadDim, scenario);
        d.valueDim = b.input("d_v", QT_TRANSLATE_NOOP("Derivation", "latent attention: a value head's dimension"), a.valueHeadDim, scenario);
        if (a.indexer()) {
            d.indexHeads = b.input("A_idx", QT_TRANSLATE_NOOP("Derivation", "the sparse-attention indexer's heads"), a.indexHeads, scenario);
            d.indexHeadDim = b.input("d_idx", QT_TRANSLATE_NOOP("Derivation", "the sparse-attention indexer's head dimension"),
                                     a.indexHeadDim, scenario);
        }
    }
    const HybridSpec &h = m.hybrid;
    if (h.enabled() && h.kind == MixerKind::ShortConv) {
        // A short convolution's one "head" is its channels; it has no keys.
        d.mixValue = b.input("C_conv", QT_TRANSLATE_NOOP("Derivation", "the short convolution's channels (LFM2: the hidden size)"),
                             h.valueWidth(), scenario);
        d.mixHeads = Formula::number(1);
        d.mixHeadDim = d.mixValue;
        d.mixKey = Formula::number(0);
        d.convKernel = b.input("k_conv", QT_TRANSLATE_NOOP("Derivation", "the mixer's convolution width"), h.convKernel, scenario);
    } else if (h.enabled()) {
        const Formula heads = b.input("h_mix", QT_TRANSLATE_NOOP("Derivation", "mixer heads (Gated DeltaNet's value heads, Mamba-2's heads)"),
                                      h.heads, scenario);
        const Formula headDim = b.input("d_mix", QT_TRANSLATE_NOOP("Derivation", "a mixer head's width (a value head's, a Mamba-2 head's)"),
                                        h.headDim, scenario);
        d.mixHeads = heads;
        d.mixHeadDim = headDim;
        d.mixValue = heads * headDim;
        d.mixKey = b.input("g_mix", QT_TRANSLATE_NOOP("Derivation", "Gated DeltaNet's key heads, Mamba-2's groups"), h.keyHeads, scenario)
                * b.input("n_mix", QT_TRANSLATE_NOOP("Derivation", "a key head's width (Gated DeltaNet), the state size (Mamba-2)"),
                          h.keyDim, scenario);
        d.convKernel = b.input("k_conv", QT_TRANSLATE_NOOP("Derivation", "the mixer's convolution width"), h.convKernel, scenario);
    }
    return d;
}

// The walk of parametertensors.h over symbols: attention, MLP (or experts) and norms of one
// layer, and the parts outside the layers.
struct SymbolicLayer
{
    std::vector<Formula> attention, mlp, norms;
};

SymbolicLayer symbolicLayer(const ModelSpec &m, const ModelDims<Formula> &d, bool sparse)
{
    SymbolicLayer l;
    forEachLayerTensor(m, d, sparse, [&l](ParamPlace, const ParamTensorOf<Formula> &t) {
        switch (t.role) {
        case ParamRole::Norm: case ParamRole::QkNorm: l.norms.push_back(t.totalElements()); break;
        case ParamRole::Q: case ParamRole::K: case ParamRole::V: case ParamRole::Qkv: case ParamRole::O:
        case ParamRole::MlaQA: case ParamRole::MlaQB: case ParamRole::MlaKvA: case ParamRole::MlaKvB: case ParamRole::Indexer:
        case ParamRole::Sink:
            l.attention.push_back(t.totalElements());
            break;
        default: l.mlp.push_back(t.totalElements()); break;
        }
    });
    return l;
}

// The architecture's parts, as model.cpp counts them.
void deriveArchitecture(Builder &b)
{
    const ModelSpec &m = b.s.model;
    const ParameterCounts &pc = b.r.counts;
    const ModelDims<Formula> d = symbolicDims(b);
    std::vector<Formula> embedding, finalNorm, head, pooler;
    forEachOutsideTensor(m, d, [&](ParamPlace place, const ParamTensorOf<Formula> &t) {
        switch (place) {
        case ParamPlace::Embedding: embedding.push_back(t.totalElements()); break;
        case ParamPlace::FinalNorm: finalNorm.push_back(t.totalElements()); break;
        case ParamPlace::Head: head.push_back(t.totalElements()); break;
        case ParamPlace::Pooler: pooler.push_back(t.totalElements()); break;
        case ParamPlace::Layer: break;
        }
    });
    const SymbolicLayer dense = symbolicLayer(m, d, false);
    b.derived("P_emb", QT_TRANSLATE_NOOP("Derivation", "embedding parameters"), pc.embedding, Formula::sum(embedding),
              kArchitectureSource);
    std::vector<Formula> block = dense.attention;
    block.insert(block.end(), dense.mlp.begin(), dense.mlp.end());
    b.derived("P_block", pc.mixture ? QT_TRANSLATE_NOOP("Derivation", "one dense layer's attention and MLP parameters")
                                    : QT_TRANSLATE_NOOP("Derivation", "one layer's attention and MLP parameters (matrices and biases)"),
              pc.dense.attention + pc.dense.mlp, Formula::sum(block), kArchitectureSource);
    b.derived("P_norm", QT_TRANSLATE_NOOP("Derivation", "one layer's norm parameters"), pc.dense.norms, Formula::sum(dense.norms),
              kArchitectureSource);
    if (pc.finalNorm > 0)
        b.derived("P_fnorm", QT_TRANSLATE_NOOP("Derivation", "final norm parameters"), pc.finalNorm, Formula::sum(finalNorm),
                  kArchitectureSource);
    if (pc.lmHead > 0)
        b.derived("P_head", m.head == ModelHead::Score
                          ? QT_TRANSLATE_NOOP("Derivation", "score head parameters (Linear H → 1 of a sequence-classification model)")
                          : QT_TRANSLATE_NOOP("Derivation", "LM head parameters (untied, with its bias where the family has one)"),
                  pc.lmHead, Formula::sum(head), kArchitectureSource);
    if (pc.pooler > 0)
        b.derived("P_pool", QT_TRANSLATE_NOOP("Derivation", "the encoder's pooler or masked-LM head"), pc.pooler,
                  Formula::sum(pooler), kArchitectureSource);

    const Formula L = b.symbol("L");
    std::vector<Formula> total{ b.symbol("P_emb") };
    Formula activeLayers;
    if (pc.mixture) {
        const SymbolicLayer sparse = symbolicLayer(m, d, true);
        std::vector<Formula> moeBlock = sparse.attention;
        moeBlock.insert(moeBlock.end(), sparse.mlp.begin(), sparse.mlp.end());
        b.derived("P_moe", QT_TRANSLATE_NOOP("Derivation", "one MoE layer's attention, experts, shared experts and router"),
                  pc.sparse.attention + pc.sparse.mlp, Formula::sum(moeBlock), kArchitectureSource);
        const Count denseCount = pc.denseLayers(m.layers);
        const Formula Ld = b.derived("L_dense", QT_TRANSLATE_NOOP("Derivation", "layers that keep a dense MLP (the first ones)"),
                                     denseCount, Formula::minOf({ b.input("k_dense", QT_TRANSLATE_NOOP("Derivation", "first layers kept dense (first_k_dense_replace)"), m.moe.denseLayers), L }));
        if (denseCount > 0)
            total.push_back(Ld * (b.symbol("P_block") + b.symbol("P_norm")));
        total.push_back((L - Ld) * (b.symbol("P_moe") + b.symbol("P_norm")));
    } else {
        total.push_back(L * (b.symbol("P_block") + b.symbol("P_norm")));
    }
    if (pc.mixerLayers > 0) {
        // A hybrid's mixer layers: their mixer in place of attention (model.h ParameterCounts).
        std::vector<Formula> mixer, attention;
        forEachMixerTensor(m, d, [&mixer](ParamPlace, const ParamTensorOf<Formula> &t) { mixer.push_back(t.totalElements()); });
        forEachLayerTensor(m, d, pc.mixture, [&attention](ParamPlace, const ParamTensorOf<Formula> &t) {
            if (isAttentionTensor(t.role))
                attention.push_back(t.totalElements());
        });
        b.derived("P_mix", QT_TRANSLATE_NOOP("Derivation", "one mixer's parameters: its projections, convolution, per-head vectors and gated norm"),
                  pc.mixer, Formula::sum(mixer),
                  QT_TRANSLATE_NOOP("Derivation", "transformers' Qwen3NextGatedDeltaNet (modeling_qwen3_next.py 01cdc608), "
                                                  "Qwen3_5GatedDeltaNet (modeling_qwen3_5.py 009e78d6), BambaMixer (modeling_bamba.py 00511f5d), "
                                                  "Lfm2ShortConv (modeling_lfm2.py 0096ba4f)"));
        b.derived("P_attn", QT_TRANSLATE_NOOP("Derivation", "one layer's attention parameters with its q/k norms, which the mixer layers lack"),
                  pc.dense.attention + pc.attentionNorms, Formula::sum(attention), kArchitectureSource);
        const Formula mixers = b.input("L_mix", QT_TRANSLATE_NOOP("Derivation", "layers whose mixer replaces attention (the config's layer_types)"),
                                       pc.mixerLayers, QT_TRANSLATE_NOOP("Derivation", "the scenario"));
        total.push_back(mixers * (b.symbol("P_mix") - b.symbol("P_attn")));
    }
    for (const char *part : { "P_fnorm", "P_head", "P_pool" })
        if (b.out.value(part))
            total.push_back(b.symbol(part));
    const bool given = m.paramsOverride > 0;
    b.derived(given ? "P_arch" : "P",
              given ? QT_TRANSLATE_NOOP("Derivation", "parameters the architecture has")
                    : QT_TRANSLATE_NOOP("Derivation", "parameters of the whole model"),
              b.r.architectureParameters, Formula::sum(total), kArchitectureSource);
    if (given)
        b.input("P", QT_TRANSLATE_NOOP("Derivation", "parameters of the whole model, as given"), m.paramsOverride);
    if (pc.mixture) {
        // Active per token: k of the E experts (model.cpp's LayerParameters::active()).
        b.input("k", QT_TRANSLATE_NOOP("Derivation", "experts each token is routed to"), m.moe.perToken,
                QT_TRANSLATE_NOOP("Derivation", "the scenario"));
        const Formula expertOne = Formula::quotient(b.input("P_experts", QT_TRANSLATE_NOOP("Derivation", "one MoE layer's routed experts"), pc.sparse.expertMatrices), b.symbol("E"));
        b.derived("P_active", QT_TRANSLATE_NOOP("Derivation", "parameters one token uses (the experts it is routed to)"),
                  pc.active(m.layers),
                  b.symbol(given ? "P_arch" : "P") - (L - b.symbol("L_dense")) * (b.symbol("P_experts") - b.symbol("k") * expertOne),
                  kArchitectureSource);
    }
}

const char *source_experts()
{
    return QT_TRANSLATE_NOOP("Derivation", "expert parallelism (DeepSpeed-MoE, Megatron --expert-model-parallel-size): E / e experts "
                                          "on each GPU, their states partitioned over the d / e replicas that hold the same experts");
}

// modelParallelShare(): Megatron's layout of one rank.
void deriveShare(Builder &b)
{
    const Scenario &s = b.s;
    const ModelSpec &m = s.model;
    if (!b.modelParallel())
        return;
    const ParameterCounts &pc = b.r.counts;
    const Count tp = s.parallel.tensorParallel, pp = s.parallel.pipelineParallel;
    auto divT = [&](Formula f) { return tp > 1 ? Formula::ceilDiv(std::move(f), b.symbol("t")) : f; };
    const Formula denseLayer = divT(b.symbol("P_block")) + b.symbol("P_norm");
    Formula sparseLayer;
    const Count ep = s.parallel.expertParallel;
    Formula expertsLocal;
    if (pc.mixture) {
        // resolved.cpp: the routed experts divided over e GPUs, then each over t.
        const Formula experts = b.input("P_experts", QT_TRANSLATE_NOOP("Derivation", "one MoE layer's routed experts"),
                                        pc.sparse.expertMatrices);
        expertsLocal = ep > 1 ? divT(Formula::quotient(experts, b.symbol("e"))) : divT(experts);
        sparseLayer = divT(b.symbol("P_moe") - experts) + expertsLocal + b.symbol("P_norm");
    }
    // The layers from index first: n of them, the dense ones first.
    auto layersOf = [&](Count first, Count count, Formula n) {
        if (!pc.mixture)
            return n * denseLayer;
        const Count dense = denseLayersIn(pc, first, count);
        std::vector<Formula> parts;
        if (dense > 0)
            parts.push_back(Formula::number(dense) * denseLayer);
        if (count - dense > 0)
            parts.push_back(Formula::number(count - dense) * sparseLayer);
        return Formula::sum(std::move(parts));
    };
    const Formula embedding = divT(b.symbol("P_emb"));
    std::vector<Formula> head;
    if (pc.finalNorm > 0)
        head.push_back(b.symbol("P_fnorm"));
    if (pc.lmHead > 0)
        head.push_back(divT(b.symbol("P_head")));
    if (pc.pooler > 0)
        head.push_back(b.symbol("P_pool"));
    Formula local;
    const Count L = m.layers;
    if (pp == 1) {
        std::vector<Formula> parts{ embedding, layersOf(0, L, b.symbol("L")) };
        parts.insert(parts.end(), head.begin(), head.end());
        local = Formula::sum(std::move(parts));
    } else {
        if (m.tiedHead())
            head.push_back(divT(b.symbol("V") * b.symbol("H")));
        // The rank's layers (pipelinestage.h), the embedding on the first, the output on the last.
        const PipelineShare rank = pipelineShareOf(s, describedRank(s), pc.mixture ? pc.denseLayerLimit : L, 0);
        std::vector<Formula> parts;
        if (rank.embedding)
            parts.push_back(embedding);
        if (!pc.mixture) {
            parts.push_back(b.symbol("L_r") * denseLayer);
        } else {
            if (rank.denseLayers > 0)
                parts.push_back(Formula::number(rank.denseLayers) * denseLayer);
            if (rank.layers - rank.denseLayers > 0)
                parts.push_back(Formula::number(rank.layers - rank.denseLayers) * sparseLayer);
        }
        if (rank.head)
            parts.insert(parts.end(), head.begin(), head.end());
        local = Formula::sum(std::move(parts));
    }
    // The routed experts of the rank's MoE layers, which ZeRO divides over d / e.
    const Count expertRank = b.r.share.expertParameters;
    if (pc.mixture && expertRank > 0 && b.r.trainableExpertOnRank > 0 && b.r.expertShardDegree != b.r.dataParallel) {
        // The pipeline rank's MoE layers.
        const Formula moeLayers = pp == 1 ? b.symbol("L") - b.symbol("L_dense") : Formula::number(b.r.share.sparseLayers);
        Formula pe = moeLayers * expertsLocal;
        if (m.paramsOverride > 0)
            pe = Formula::ceilDiv(b.symbol("P") * pe, b.symbol("P_arch"));
        b.derived("P_e", QT_TRANSLATE_NOOP("Derivation", "routed-expert parameters on this rank"), expertRank, pe, source_experts());
    }
    const char *source = QT_TRANSLATE_NOOP("Derivation", "Megatron-LM's layout (Shoeybi et al. 2019; Narayanan et al. 2021): matrices and biases "
                                 "split over t, norms replicated, vocabulary-parallel embedding; L_r layers on the rank, "
                                 "the embedding on the first stage, final norm and LM head on the last");
    if (m.paramsOverride > 0) {
        b.derived("P_m,arch", QT_TRANSLATE_NOOP("Derivation", "the architecture's parameters on this rank"), b.r.share.architectureShare,
                  local, source);
        local = Formula::ceilDiv(b.symbol("P") * b.symbol("P_m,arch"), b.symbol("P_arch"));
    }
    b.derived("P_m", QT_TRANSLATE_NOOP("Derivation", "parameters on this model-parallel rank (under pipelining, the rank shown)"), b.r.share.parameters, local, source);
}

// loraCounts(): the adapters' parameters and QLoRA's quantized share, from the same modules.
void deriveAdapters(Builder &b)
{
    const Scenario &s = b.s;
    const ModelSpec &m = s.model;
    const LoraCounts &c = b.r.lora;
    if (s.lora.mode == AdapterMode::None)
        return;
    const Formula r = b.input("r", QT_TRANSLATE_NOOP("Derivation", "adapter rank"), s.lora.rank);
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    const ModelDims<Formula> d = symbolicDims(b);
    const ParameterCounts &pc = b.r.counts;
    struct Layer
    {
        std::vector<Formula> widths, ranks, quantized, matrices, outputs;
    };
    // \a mixer: a hybrid's mixer layer, its mixer's projections in attention's place.
    auto walk = [&](bool sparse, bool mixer) {
        Layer l;
        forEachTensorOfLayer(m, d, sparse, mixer, [&](ParamPlace, const ParamTensorOf<Formula> &t) {
            if (!isLayerLinear(t.role) || !t.matrix)
                return;
            l.quantized.push_back(t.multiCopy ? t.copies * t.weightElements() : t.weightElements());
            l.matrices.push_back(t.weightElements());
            if ((loraTargetsOf(t.role) & targets) == 0)
                return;
            l.widths.push_back(t.rows + t.columns);
            l.ranks.push_back(r);
            l.outputs.push_back(t.columns);
        });
        return l;
    };
    const char *source = s.lora.dora
            ? QT_TRANSLATE_NOOP("Derivation", "Hu et al. 2021: A (r × in) and B (out × r) per adapted module, and DoRA's magnitude of out "
                                              "(Liu et al. 2024; PEFT DoraLinearLayer); a fused module is adapted once, as PEFT matches names")
            : QT_TRANSLATE_NOOP("Derivation", "Hu et al. 2021: A (r × in) and B (out × r) per adapted module; a fused "
                                              "module (GPT-2's c_attn, Phi-3's gate_up_proj) is adapted once, as PEFT matches names");
    const Layer dense = walk(false, false);
    const Formula L = b.symbol("L");
    // A hybrid's mixer layers are layers of the model's MLP kind (validation keeps dense first
    // layers away from them): that kind's count less L_mix, and L_mix mixer layers.
    const bool hybrid = pc.mixerLayers > 0;
    const Formula Lmix = hybrid ? b.symbol("L_mix") : Formula::number(0);
    // DoRA adds a magnitude per output of each adapted module (DoraLinearLayer.weight).
    auto layerAdapters = [&](const Layer &l) {
        return s.lora.dora ? r * Formula::sum(l.widths) + Formula::sum(l.outputs) : r * Formula::sum(l.widths);
    };
    const Formula Lhost = hybrid && !pc.mixture ? L - Lmix : L;
    Formula adapters = dense.widths.empty() ? Formula::number(0) : Lhost * layerAdapters(dense);
    Formula quantized = Lhost * Formula::sum(dense.quantized);
    std::vector<Formula> matrices = dense.matrices;
    Formula ranks = Formula::sum(dense.ranks);
    std::size_t rankCount = dense.ranks.size();
    // Whether layers of the host kind remain beside the mixer layers.
    bool hostLeft = !hybrid || pc.mixture || m.layers > pc.mixerLayers;
    if (pc.mixture) {
        const Layer sparse = walk(true, false);
        const Formula Ld = b.symbol("L_dense");
        const bool anyDense = pc.denseLayers(m.layers) > 0;
        const Formula Lsparse = hybrid ? L - Ld - Lmix : L - Ld;
        std::vector<Formula> parts;
        if (anyDense && !dense.widths.empty())
            parts.push_back(Ld * layerAdapters(dense));
        if (!sparse.widths.empty())
            parts.push_back(Lsparse * layerAdapters(sparse));
        adapters = Formula::sum(std::move(parts));
        std::vector<Formula> q;
        if (anyDense)
            q.push_back(Ld * Formula::sum(dense.quantized));
        q.push_back(Lsparse * Formula::sum(sparse.quantized));
        quantized = Formula::sum(std::move(q));
        matrices.insert(matrices.end(), sparse.matrices.begin(), sparse.matrices.end());
        // The engine's rule (lora.cpp): the layer kind there is, else the larger of the two.
        const Count sparseLayers = m.layers - pc.denseLayers(m.layers) - (hybrid ? pc.mixerLayers : 0);
        const bool anySparse = sparseLayers > 0;
        hostLeft = anySparse;
        if (!anyDense || (anySparse && sparse.ranks.size() > dense.ranks.size())) {
            ranks = Formula::sum(sparse.ranks);
            rankCount = sparse.ranks.size();
        }
        if (!anyDense && !anySparse)
            rankCount = 0;
    }
    if (hybrid) {
        const Layer mixer = walk(pc.mixture, true);
        if (!mixer.widths.empty())
            adapters = adapters.isZero() ? Lmix * layerAdapters(mixer) : adapters + Lmix * layerAdapters(mixer);
        quantized = quantized + Lmix * Formula::sum(mixer.quantized);
        matrices.insert(matrices.end(), mixer.matrices.begin(), mixer.matrices.end());
        if (!hostLeft || mixer.ranks.size() > rankCount)
            ranks = Formula::sum(mixer.ranks);
    }
    b.derived("P_lora", QT_TRANSLATE_NOOP("Derivation", "adapter parameters of the whole model"), c.adapterParameters, adapters, source);
    b.derived("R_lora", QT_TRANSLATE_NOOP("Derivation", "the adapters' ranks in one layer, added up"), c.adapterRankPerLayer,
              ranks, source);
    if (c.copiedParameters > 0) {
        // PEFT's modules_to_save: V x H per copied module (lora.cpp).
        std::vector<Formula> copies;
        if ((s.lora.trainedModules & TrainedEmbedding) != 0)
            copies.push_back(b.symbol("V") * b.symbol("H"));
        if ((s.lora.trainedModules & TrainedHead) != 0)
            copies.push_back(m.headOutputs() == m.vocab ? b.symbol("V") * b.symbol("H")
                                                        : Formula::number(m.headOutputs()) * b.symbol("H"));
        b.derived("P_copy", QT_TRANSLATE_NOOP("Derivation", "parameters of the trained copies of the embedding and LM head (PEFT's "
                                                            "modules_to_save), beside their frozen originals"),
                  c.copiedParameters, Formula::sum(std::move(copies)),
                  QT_TRANSLATE_NOOP("Derivation", "peft utils/other.py (5d602fd): ModulesToSaveWrapper deep-copies the module and "
                                                  "freezes the original"));
    }
    if (s.lora.mode == AdapterMode::Qlora) {
        const char *qsource = QT_TRANSLATE_NOOP("Derivation", "bitsandbytes replaces every nn.Linear of the blocks by Linear4bit; embeddings, "
                                      "norms, biases and the LM head stay 16-bit (Dettmers et al. 2023)");
        if (m.paramsOverride > 0) {
            b.derived("P_q,arch", QT_TRANSLATE_NOOP("Derivation", "the architecture's block linear weights"), c.quantizedArchitecture,
                      quantized, qsource);
            quantized = Formula::minOf({ Formula::floorDiv(b.symbol("P_q,arch") * b.symbol("P"), b.symbol("P_arch")),
                                         b.symbol("P") });
        }
        b.derived("P_q", QT_TRANSLATE_NOOP("Derivation", "base parameters stored quantized (the blocks' linear weights)"), c.quantizedParameters,
                  quantized, qsource);
        b.derived("M_q", QT_TRANSLATE_NOOP("Derivation", "the largest quantized matrix, dequantized one at a time"), c.largestQuantizedMatrix,
                  Formula::maxOf(std::move(matrices)), qsource);
    }
}

// The pipeline rank the figures are of (estimate() takes the one that peaks highest), its
// layers L_r and the layers' worth of activations it holds in flight, L_h.
void derivePipelineRank(Builder &b)
{
    const Scenario &s = b.s;
    const Count v = s.stack.virtualStages > 1 ? s.stack.virtualStages : 1;
    const Count rank = describedRank(s);
    const PipelineShare share = pipelineShareOf(s, rank, s.model.layers, 0);
    const char *scheduleSource = QT_TRANSLATE_NOOP("Derivation",
            "Megatron-LM d98e8a6 schedules.py: rank r warms up with p - r - 1 forwards (interleaved: (p - r - 1) 2 + (v - 1) p "
            "model chunks, at most m v) and runs one more before its first backward");
    b.input("r", QT_TRANSLATE_NOOP("Derivation", "the pipeline rank shown, from 0, the one whose peak is the highest: rank 0 holds "
                                                 "the embedding and the most micro-batches in flight, rank p - 1 the LM head, logits and loss"),
            rank, scheduleSource);
    const char *splitSource = nullptr;
    switch (s.parallel.pipelineSplit) {
    case PipelineSplit::Even:
        splitSource = QT_TRANSLATE_NOOP("Derivation", "layers split as evenly as the count allows, the first stages one more (Megatron's default split)");
        break;
    case PipelineSplit::Weighted:
        splitSource = QT_TRANSLATE_NOOP("Derivation", "the embedding and the output each weighted as one layer (torchtitan 1ce7f76 "
                                                      "generate_llm_fqn_per_model_part, input_weight = output_weight = 1)");
        break;
    case PipelineSplit::Listed:
        splitSource = QT_TRANSLATE_NOOP("Derivation", "the layers of each stage as given (--pp-layers)");
        break;
    }
    const bool evenFirst = s.parallel.pipelineSplit == PipelineSplit::Even && v == 1 && rank == 0;
    if (evenFirst)
        b.derived("L_r", QT_TRANSLATE_NOOP("Derivation", "layers on this pipeline rank"), share.layers,
                  Formula::ceilDiv(b.symbol("L"), b.symbol("p")), splitSource);
    else
        b.input("L_r", QT_TRANSLATE_NOOP("Derivation", "layers on this pipeline rank"), share.layers, splitSource);
    if (v == 1) {
        const Formula inFlight = Formula::minOf({ rank > 0 ? b.symbol("p") - b.symbol("r") : b.symbol("p"), b.symbol("m") });
        b.derived("L_h", QT_TRANSLATE_NOOP("Derivation", "layers' worth of activations this GPU holds"), share.heldLayers,
                  b.symbol("L_r") * inFlight, scheduleSource);
    } else {
        b.input("L_h", QT_TRANSLATE_NOOP("Derivation", "layers' worth of activations this GPU holds: its model chunks' layers for "
                                                       "each forward in flight"),
                share.heldLayers, scheduleSource);
    }
}

} // namespace

void deriveCounts(Builder &b)
{
    const Scenario &s = b.s;
    const ModelSpec &m = s.model;
    const char *scenario = QT_TRANSLATE_NOOP("Derivation", "the scenario");
    struct
    {
        Formula L, H, A, KV, dh, F, V;
    } x;
    x.L = b.input("L", QT_TRANSLATE_NOOP("Derivation", "layers"), m.layers, scenario);
    x.H = b.input("H", QT_TRANSLATE_NOOP("Derivation", "hidden size"), m.hidden, scenario);
    x.A = b.input("A", QT_TRANSLATE_NOOP("Derivation", "attention heads"), m.heads, scenario);
    x.KV = b.input("KV", QT_TRANSLATE_NOOP("Derivation", "key/value heads"), m.kvHeadsOrHeads(), scenario);
    x.dh = m.headDim > 0 ? b.input("d_h", QT_TRANSLATE_NOOP("Derivation", "head dimension, as given"), m.headDim, scenario)
                         : b.derived("d_h", QT_TRANSLATE_NOOP("Derivation", "head dimension"), m.headDimOrDefault(),
                                     Formula::floorDiv(x.H, x.A), scenario);
    x.F = b.input("F", QT_TRANSLATE_NOOP("Derivation", "MLP inner size"), m.ffnOrDefault(), scenario);
    x.V = b.input("V", QT_TRANSLATE_NOOP("Derivation", "vocabulary"), m.vocab, scenario);
    if (generatesRollouts(s.training.method))
        b.derived("B", QT_TRANSLATE_NOOP("Derivation", "completions per GPU the policy trains on: G for each prompt"),
                  savedSequences(s),
                  b.input("G_gen", QT_TRANSLATE_NOOP("Derivation", "completions generated per prompt"), s.training.generations, scenario)
                          * b.input("B_prompt", QT_TRANSLATE_NOOP("Derivation", "micro-batch: prompts per GPU per step"),
                                    s.training.microBatch, scenario),
                  QT_TRANSLATE_NOOP("Derivation", "TRL v0.19 grpo_trainer.py: num_generations completions of each prompt"));
    else if (isPairedMethod(s.training.method))
        b.derived("B", QT_TRANSLATE_NOOP("Derivation", "sequences per GPU the policy runs: the chosen and the rejected completion of each pair"),
                  savedSequences(s),
                  Formula::number(2) * b.input("B_pair", QT_TRANSLATE_NOOP("Derivation", "micro-batch: preference pairs per GPU per step"),
                                               s.training.microBatch, scenario),
                  QT_TRANSLATE_NOOP("Derivation", "TRL v0.19 dpo_trainer.py concatenated_forward: chosen and rejected in one batch"));
    else
        b.input("B", QT_TRANSLATE_NOOP("Derivation", "micro-batch: sequences per GPU per forward pass"), s.training.microBatch, scenario);
    if (generatesRollouts(s.training.method))
        b.input("S", QT_TRANSLATE_NOOP("Derivation", "tokens of each trained sequence: the prompt and its completion"),
                s.training.sequence, scenario);
    else
        b.input("S", QT_TRANSLATE_NOOP("Derivation", "sequence length, tokens"), s.training.sequence, scenario);
    const Parallelism &par = s.parallel;
    if (par.contextParallel > 1) {
        b.input("c", QT_TRANSLATE_NOOP("Derivation", "context-parallel degree: each sequence split over c GPUs"), par.contextParallel, scenario);
        b.derived("S_c", QT_TRANSLATE_NOOP("Derivation", "tokens of each sequence on this GPU: every activation holds these, "
                                                         "attention a fused kernel's (no score matrix)"),
                  sequencePerGpu(s), Formula::floorDiv(b.symbol("S"), b.symbol("c")),
                  QT_TRANSLATE_NOOP("Derivation", "torchtitan b5bcd76 context_parallel (tokens, labels and positions split S/c); "
                                                  "Megatron-LM d98e8a6 get_batch_on_this_cp_rank"));
    }
    b.input("N", QT_TRANSLATE_NOOP("Derivation", "GPUs of the run"), par.gpus, scenario);
    if (par.tensorParallel > 1)
        b.input("t", QT_TRANSLATE_NOOP("Derivation", "tensor-parallel degree"), par.tensorParallel, scenario);
    if (par.expertParallel > 1)
        b.input("e", QT_TRANSLATE_NOOP("Derivation", "expert-parallel degree"), par.expertParallel, scenario);
    if (par.pipelineParallel > 1) {
        b.input("p", QT_TRANSLATE_NOOP("Derivation", "pipeline stages"), par.pipelineParallel, scenario);
        b.input("m", QT_TRANSLATE_NOOP("Derivation", "micro-batches per step (gradient accumulation)"), s.training.gradAccumSteps, scenario);
        derivePipelineRank(b);
    }
    if (b.r.dataParallel > 1 && par.shardGroup > 0)
        b.input("d", QT_TRANSLATE_NOOP("Derivation", "the ZeRO sharding degree: HSDP's shard group (the states are replicated across the groups)"),
                b.r.dataParallel, scenario);
    else if (b.r.dataParallel > 1)
        b.derived("d", par.contextParallel > 1
                          ? QT_TRANSLATE_NOOP("Derivation", "the ZeRO sharding degree: the data- and context-parallel GPUs together, "
                                                            "over which FSDP, ZeRO and Megatron's distributed optimizer shard")
                          : QT_TRANSLATE_NOOP("Derivation", "data-parallel degree, the ZeRO sharding degree"),
                  b.r.dataParallel,
                  Formula::floorDiv(b.symbol("N"), Formula::product({ par.tensorParallel > 1 ? b.symbol("t") : Formula::number(1),
                                                                      par.pipelineParallel > 1 ? b.symbol("p") : Formula::number(1) })),
                  QT_TRANSLATE_NOOP("Derivation", "d = N / (t·p)"));

    deriveArchitecture(b);
    deriveShare(b);
    deriveAdapters(b);

    // Parameters with gradients and optimizer states on this rank (resolve()): P, or the rank's
    // P_m, under full fine-tuning; the adapters' proportional share under LoRA.
    if (s.lora.mode != AdapterMode::None && b.slicedShare())
        b.derived("P_train", QT_TRANSLATE_NOOP("Derivation", "adapter parameters on this rank"), b.r.trainableOnRank, b.sliced(b.symbol("P_lora")),
                  QT_TRANSLATE_NOOP("Derivation", "the adapters sit in the layers: this rank holds their share in proportion to its parameters"));
}

Formula trainedOnRank(const Builder &b)
{
    if (b.s.lora.mode != AdapterMode::None)
        return b.slicedShare() ? b.symbol("P_train") : b.symbol("P_lora");
    return b.modelParallel() ? b.symbol("P_m") : b.symbol("P");
}

} // namespace headroom::derivation
