// The counts the buckets multiply: P from the architecture (model.cpp's parameterCounts()), the
// rank's share P_m (resolved.cpp's modelParallelShare()), the adapters (lora.cpp) and the
// parameters with gradients on this rank (resolve()).

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/lora.h>

#include "derivationbuilder.h"

namespace headroom::derivation {

namespace {

constexpr const char *kArchitectureSource = QT_TRANSLATE_NOOP("Derivation", 
        "the block layout's parameters, tensor by tensor (GPT-2: Radford et al. 2019, HF GPT2Model; LLaMA: Touvron et al. "
        "2023, HF LlamaModel)");

struct Symbols
{
    Formula L, H, A, KV, dh, F, V;
};

// H·(KV·d_h): the width of K and V together is 2·KV·d_h.
Formula kvWidth(const Symbols &x) { return x.KV * x.dh; }

// The architecture's parts, as model.cpp counts them.
void deriveArchitecture(Builder &b, const Symbols &x)
{
    const ModelSpec &m = b.s.model;
    const ParameterCounts &pc = b.r.counts;
    const bool gpt2 = m.family == BlockFamily::Gpt2;
    Formula embedding = x.V * x.H;
    Formula attention, mlp, norms, finalNorm;
    if (gpt2) {
        if (m.maxPositions > 0)
            embedding = embedding + b.input("P_pos", QT_TRANSLATE_NOOP("Derivation", "learned position table rows"), m.maxPositions) * x.H;
        const Formula qkv = x.H + Formula::number(2) * kvWidth(x);
        attention = x.H * qkv + qkv + x.H * x.H + x.H;
        mlp = x.H * x.F + x.F + x.F * x.H + x.H;
        norms = Formula::number(4) * x.H;
        finalNorm = Formula::number(2) * x.H;
    } else {
        attention = Formula::number(2) * x.H * x.H + Formula::number(2) * x.H * kvWidth(x);
        if (m.qkvBias)
            attention = attention + x.H + Formula::number(2) * kvWidth(x);
        mlp = Formula::number(3) * x.H * x.F;
        norms = Formula::number(2) * x.H;
        finalNorm = x.H;
    }
    b.derived("P_emb", QT_TRANSLATE_NOOP("Derivation", "embedding parameters"), pc.embedding, embedding, kArchitectureSource);
    b.derived("P_block", QT_TRANSLATE_NOOP("Derivation", "one layer's attention and MLP parameters (matrices and biases)"),
              pc.attentionPerLayer + pc.mlpPerLayer, attention + mlp, kArchitectureSource);
    b.derived("P_norm", QT_TRANSLATE_NOOP("Derivation", "one layer's norm parameters"), pc.normsPerLayer, norms, kArchitectureSource);
    b.derived("P_fnorm", QT_TRANSLATE_NOOP("Derivation", "final norm parameters"), pc.finalNorm, finalNorm, kArchitectureSource);
    if (pc.lmHead > 0)
        b.derived("P_head", QT_TRANSLATE_NOOP("Derivation", "LM head parameters (untied)"), pc.lmHead, x.V * x.H, kArchitectureSource);
    Formula total = b.symbol("P_emb") + x.L * (b.symbol("P_block") + b.symbol("P_norm")) + b.symbol("P_fnorm");
    if (pc.lmHead > 0)
        total = total + b.symbol("P_head");
    const bool given = m.paramsOverride > 0;
    b.derived(given ? "P_arch" : "P", given ? QT_TRANSLATE_NOOP("Derivation", "parameters the architecture has") : QT_TRANSLATE_NOOP("Derivation", "parameters of the whole model"),
              b.r.architectureParameters, total, kArchitectureSource);
    if (given)
        b.input("P", QT_TRANSLATE_NOOP("Derivation", "parameters of the whole model, as given"), m.paramsOverride);
}

// modelParallelShare(): Megatron's layout of one rank.
void deriveShare(Builder &b, const Symbols &x)
{
    const Scenario &s = b.s;
    const ModelSpec &m = s.model;
    if (!b.modelParallel())
        return;
    const Formula t = b.symbol("t");
    const Count tp = s.parallel.tensorParallel, pp = s.parallel.pipelineParallel;
    auto divT = [&](Formula f) { return tp > 1 ? Formula::ceilDiv(std::move(f), t) : f; };
    const Formula layer = divT(b.symbol("P_block")) + b.symbol("P_norm");
    const Formula embedding = divT(b.symbol("P_emb"));
    Formula head = b.symbol("P_fnorm");
    if (b.r.counts.lmHead > 0)
        head = head + divT(b.symbol("P_head"));
    Formula local;
    if (pp == 1) {
        local = embedding + x.L * layer + head;
    } else {
        if (m.tiedEmbeddings)
            head = head + divT(x.V * x.H);
        const Formula stageLayers = Formula::ceilDiv(x.L, b.symbol("p"));
        local = Formula::maxOf({ embedding + stageLayers * layer, stageLayers * layer + head });
    }
    const char *source = QT_TRANSLATE_NOOP("Derivation", "Megatron-LM's layout (Shoeybi et al. 2019; Narayanan et al. 2021): matrices and biases "
                                 "split over t, norms replicated, vocabulary-parallel embedding; ⌈L/p⌉ layers per stage, "
                                 "the embedding on the first stage, final norm and LM head on the last");
    if (m.paramsOverride > 0) {
        b.derived("P_m,arch", QT_TRANSLATE_NOOP("Derivation", "the architecture's parameters on the most loaded rank"), b.r.share.architectureShare,
                  local, source);
        local = Formula::ceilDiv(b.symbol("P") * b.symbol("P_m,arch"), b.symbol("P_arch"));
    }
    b.derived("P_m", QT_TRANSLATE_NOOP("Derivation", "parameters on the most loaded model-parallel rank"), b.r.share.parameters, local, source);
}

// loraCounts(): the adapters' parameters and QLoRA's quantized share.
void deriveAdapters(Builder &b, const Symbols &x)
{
    const Scenario &s = b.s;
    const ModelSpec &m = s.model;
    const LoraCounts &c = b.r.lora;
    if (s.lora.mode == AdapterMode::None)
        return;
    const Formula r = b.input("r", QT_TRANSLATE_NOOP("Derivation", "adapter rank"), s.lora.rank);
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    const bool gpt2 = m.family == BlockFamily::Gpt2;
    std::vector<Formula> widths; // in + out of each adapted projection
    std::vector<Formula> ranks;
    auto adapter = [&](Formula in, Formula out) {
        widths.push_back(std::move(in) + std::move(out));
        ranks.push_back(r);
    };
    if (gpt2) {
        if (targets & (LoraQ | LoraK | LoraV))
            adapter(x.H, x.H + Formula::number(2) * kvWidth(x)); // the fused c_attn
        if (targets & LoraO)
            adapter(x.H, x.H);
        if (targets & LoraUp)
            adapter(x.H, x.F);
        if (targets & LoraDown)
            adapter(x.F, x.H);
    } else {
        for (LoraTarget t : kAllLoraTargets) {
            if (!(targets & t))
                continue;
            switch (t) {
            case LoraQ:
            case LoraO: adapter(x.H, x.H); break;
            case LoraK:
            case LoraV: adapter(x.H, kvWidth(x)); break;
            case LoraGate:
            case LoraUp: adapter(x.H, x.F); break;
            case LoraDown: adapter(x.F, x.H); break;
            }
        }
    }
    const char *source = QT_TRANSLATE_NOOP("Derivation", "Hu et al. 2021: A (r × in) and B (out × r) per adapted projection; PEFT adapts GPT-2's "
                                 "fused c_attn once for any of q, k, v");
    b.derived("P_lora", QT_TRANSLATE_NOOP("Derivation", "adapter parameters of the whole model"), c.adapterParameters,
              x.L * r * Formula::sum(widths), source);
    b.derived("R_lora", QT_TRANSLATE_NOOP("Derivation", "the adapters' ranks in one layer, added up"), c.adapterRankPerLayer, Formula::sum(ranks),
              source);
    if (s.lora.mode == AdapterMode::Qlora) {
        Formula quantized = gpt2 ? x.L * (x.H * (x.H + Formula::number(2) * kvWidth(x)) + x.H * x.H
                                          + Formula::number(2) * x.H * x.F)
                                 : x.L * (Formula::number(2) * x.H * x.H + Formula::number(2) * x.H * kvWidth(x)
                                          + Formula::number(3) * x.H * x.F);
        const char *qsource = QT_TRANSLATE_NOOP("Derivation", "bitsandbytes replaces every nn.Linear of the blocks by Linear4bit; embeddings, "
                                      "norms, biases and the LM head stay 16-bit (Dettmers et al. 2023)");
        if (m.paramsOverride > 0) {
            // Not the engine's figure but its input: the architecture's count before scaling.
            b.derived("P_nf4,arch", QT_TRANSLATE_NOOP("Derivation", "the architecture's block linear weights"), quantized.value(), quantized, qsource);
            quantized = Formula::minOf({ Formula::floorDiv(b.symbol("P_nf4,arch") * b.symbol("P"), b.symbol("P_arch")),
                                         b.symbol("P") });
        }
        b.derived("P_nf4", QT_TRANSLATE_NOOP("Derivation", "base parameters stored in NF4 (the blocks' linear weights)"), c.quantizedParameters,
                  quantized, qsource);
        const Formula largest = gpt2 ? Formula::maxOf({ x.H * x.F, x.H * (x.H + Formula::number(2) * kvWidth(x)) })
                                     : Formula::maxOf({ x.H * x.F, x.H * x.H });
        b.derived("M_nf4", QT_TRANSLATE_NOOP("Derivation", "the largest quantized matrix, dequantized one at a time"), c.largestQuantizedMatrix,
                  largest, qsource);
    }
}

} // namespace

void deriveCounts(Builder &b)
{
    const Scenario &s = b.s;
    const ModelSpec &m = s.model;
    const char *scenario = QT_TRANSLATE_NOOP("Derivation", "the scenario");
    Symbols x;
    x.L = b.input("L", QT_TRANSLATE_NOOP("Derivation", "layers"), m.layers, scenario);
    x.H = b.input("H", QT_TRANSLATE_NOOP("Derivation", "hidden size"), m.hidden, scenario);
    x.A = b.input("A", QT_TRANSLATE_NOOP("Derivation", "attention heads"), m.heads, scenario);
    x.KV = b.input("KV", QT_TRANSLATE_NOOP("Derivation", "key/value heads"), m.kvHeadsOrHeads(), scenario);
    x.dh = b.derived("d_h", QT_TRANSLATE_NOOP("Derivation", "head dimension"), m.headDim(), Formula::floorDiv(x.H, x.A), scenario);
    x.F = b.input("F", QT_TRANSLATE_NOOP("Derivation", "MLP inner size"), m.ffnOrDefault(), scenario);
    x.V = b.input("V", QT_TRANSLATE_NOOP("Derivation", "vocabulary"), m.vocab, scenario);
    b.input("B", QT_TRANSLATE_NOOP("Derivation", "micro-batch: sequences per GPU per forward pass"), s.training.microBatch, scenario);
    b.input("S", QT_TRANSLATE_NOOP("Derivation", "sequence length, tokens"), s.training.sequence, scenario);
    const Parallelism &par = s.parallel;
    b.input("N", QT_TRANSLATE_NOOP("Derivation", "GPUs of the run"), par.gpus, scenario);
    if (par.tensorParallel > 1)
        b.input("t", QT_TRANSLATE_NOOP("Derivation", "tensor-parallel degree"), par.tensorParallel, scenario);
    if (par.pipelineParallel > 1) {
        b.input("p", QT_TRANSLATE_NOOP("Derivation", "pipeline stages"), par.pipelineParallel, scenario);
        b.input("m", QT_TRANSLATE_NOOP("Derivation", "micro-batches per step (gradient accumulation)"), s.training.gradAccumSteps, scenario);
    }
    if (b.r.dataParallel > 1)
        b.derived("d", QT_TRANSLATE_NOOP("Derivation", "data-parallel degree, the ZeRO sharding degree"), b.r.dataParallel,
                  Formula::floorDiv(b.symbol("N"), Formula::product({ par.tensorParallel > 1 ? b.symbol("t") : Formula::number(1),
                                                                      par.pipelineParallel > 1 ? b.symbol("p") : Formula::number(1) })),
                  QT_TRANSLATE_NOOP("Derivation", "d = N / (t·p)"));

    deriveArchitecture(b, x);
    deriveShare(b, x);
    deriveAdapters(b, x);

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
