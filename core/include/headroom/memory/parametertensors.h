#pragma once

// Every parameter tensor of a model, one item per nn.Module's weight (and its bias), in the
// block family's own layout. One enumeration feeds the parameter counts, Adafactor's factored
// shape, DeepSpeed's largest module, the LoRA projections, QLoRA's quantized share and the
// derivation's formula for P, so none of them can disagree about what a layer holds. It is
// written over a size type N: Count for the engine, Formula for the derivation (the same walk
// yields the numbers and the symbols).

#include <cstdint>

#include <headroom/memory/model.h>

namespace headroom {

//! What a parameter tensor is, as far as adapters, quantization and sharding care.
enum class ParamRole : std::uint8_t {
    TokenEmbedding, PositionEmbedding, TypeEmbedding,
    Norm,                   //!< any LayerNorm / RMSNorm weight (and bias) of the block, the embedding or the head
    QkNorm,                 //!< attention's q/k norms (Qwen3, Gemma-3): norms, but attention's own
    Q, K, V, Qkv, O,        //!< attention projections; Qkv is one fused matrix
    MlaQA, MlaQB, MlaKvA, MlaKvB, //!< latent attention's projections (Q directly is Q)
    Up, Gate, Down, GateUp, //!< the MLP; TwoMatrix MLPs have Up and Down only
    Router, SharedGate,     //!< MoE: the router (H x E) and Qwen-MoE's shared-expert gate (H x 1)
    Indexer,                //!< DeepSeek-V3.2's indexer projections (wq_b, wk, weights_proj)
    Sink,                   //!< gpt-oss's attention sinks: one logit per head, no linear
    ExpertUp, ExpertGate, ExpertDown,  //!< one routed expert's matrices
    SharedUp, SharedGateProj, SharedDown, //!< the shared experts' matrices
    Head, Pooler,
    //! A hybrid model's mixer (model.h HybridSpec): its input projections (Qwen3-Next's
    //! in_proj_qkvz and in_proj_ba, Mamba-2's in_proj), its output projection, the depthwise
    //! convolution's weight (channels x kernel, not a Linear) and its per-head vectors and norm.
    MixerIn, MixerOut, MixerConv, MixerVector,
};

//! Where a parameter tensor sits.
enum class ParamPlace : std::uint8_t { Embedding, Layer, FinalNorm, Head, Pooler };

//! The sizes a model's tensors are made of, as counts or as formulas.
template<typename N>
struct ModelDims
{
    N one, two, three;
    N H, qDim, kv, F, V, positions, types, headDim;
    N heads, experts, expertFfn, sharedFfn, qLoraRank, kvLoraRank, ropeDim, nopeDim, valueDim;
    N indexHeads, indexHeadDim;
    N mixKey, mixValue, mixHeads, mixHeadDim, convKernel; //!< HybridSpec's keyWidth(), valueWidth(), heads, headDim, convKernel
};

//! One nn.Module's parameters: a weight of rows x columns (a vector is one row) and an optional
//! bias of \a columns, repeated \a copies times in its place (e.g. E experts).
template<typename N>
struct ParamTensorOf
{
    ParamRole role = ParamRole::Norm;
    N rows{};
    N columns{};
    bool bias = false;
    N copies{};
    bool matrix = true;      //!< false for norms and lone biases: vectors for Adafactor
    bool multiCopy = false;  //!< copies is not one (the experts)

    N weightElements() const { return rows * columns; }
    N elements() const { return bias ? weightElements() + columns : weightElements(); }
    N totalElements() const { return multiCopy ? copies * elements() : elements(); }
};

using ParamTensor = ParamTensorOf<Count>;

//! The model's sizes as counts.
inline ModelDims<Count> modelDims(const ModelSpec &m)
{
    ModelDims<Count> d;
    d.one = 1;
    d.two = 2;
    d.three = 3;
    d.H = m.hidden;
    d.headDim = m.headDimOrDefault();
    d.qDim = m.heads * d.headDim;       // ModelSpec::qDim()
    d.kv = m.kvHeadsOrHeads() * d.headDim; // ModelSpec::kvDim()
    d.F = m.ffnOrDefault();
    d.V = m.vocab;
    d.positions = m.maxPositions;
    d.types = m.typeVocab;
    d.heads = m.heads;
    d.experts = m.moe.experts;
    d.expertFfn = m.moe.expertFfn;
    d.sharedFfn = m.moe.sharedExperts * m.moe.sharedFfnOrExpert();
    d.qLoraRank = m.mla.qLoraRank;
    d.kvLoraRank = m.mla.kvLoraRank;
    d.ropeDim = m.mla.ropeHeadDim;
    d.nopeDim = m.mla.nopeHeadDim;
    d.valueDim = m.mla.valueHeadDim;
    d.indexHeads = m.mla.indexHeads;
    d.indexHeadDim = m.mla.indexHeadDim;
    d.mixKey = m.hybrid.keyWidth();
    d.mixValue = m.hybrid.valueWidth();
    d.mixHeads = m.hybrid.heads;
    d.mixHeadDim = m.hybrid.headDim;
    d.convKernel = m.hybrid.convKernel;
    return d;
}

//! Calls \a f(ParamPlace, const ParamTensorOf<N> &) for every tensor of one layer
//! (\a sparseLayer: a layer with experts, for MoE models).
template<typename N, typename F>
void forEachLayerTensor(const ModelSpec &m, const ModelDims<N> &d, bool sparseLayer, F &&f);

//! Calls \a f(ParamPlace, const ParamTensorOf<N> &) for every tensor outside the layers.
template<typename N, typename F>
void forEachOutsideTensor(const ModelSpec &m, const ModelDims<N> &d, F &&f);

//! Calls \a f(ParamPlace::Layer, const ParamTensorOf<N> &) for every tensor of a hybrid model's
//! mixer (one layer's; nothing when the model has none), from transformers' modules:
//! Qwen3NextGatedDeltaNet, Qwen3_5GatedDeltaNet, BambaMixer / GraniteMoeHybridMambaLayer.
template<typename N, typename F>
void forEachMixerTensor(const ModelSpec &m, const ModelDims<N> &d, F &&f);

//! The same over counts.
template<typename F>
void forEachLayerTensor(const ModelSpec &m, bool sparseLayer, F &&f) { forEachLayerTensor(m, modelDims(m), sparseLayer, f); }
template<typename F>
void forEachOutsideTensor(const ModelSpec &m, F &&f) { forEachOutsideTensor(m, modelDims(m), f); }
template<typename F>
void forEachMixerTensor(const ModelSpec &m, F &&f) { forEachMixerTensor(m, modelDims(m), f); }

//! True for the matrices bitsandbytes replaces by Linear4bit under QLoRA (every nn.Linear of
//! the layers, the router included; never embeddings, norms or the LM head).
constexpr bool isLayerLinear(ParamRole r)
{
    return r != ParamRole::Norm && r != ParamRole::QkNorm && r != ParamRole::Sink && r != ParamRole::MixerConv && r != ParamRole::MixerVector
            && r != ParamRole::TokenEmbedding && r != ParamRole::PositionEmbedding
            && r != ParamRole::TypeEmbedding && r != ParamRole::Head && r != ParamRole::Pooler;
}

//! True for the tensors of a layer's attention, which a hybrid's mixer layers do not have.
constexpr bool isAttentionTensor(ParamRole r)
{
    switch (r) {
    case ParamRole::Q: case ParamRole::K: case ParamRole::V: case ParamRole::Qkv: case ParamRole::O:
    case ParamRole::MlaQA: case ParamRole::MlaQB: case ParamRole::MlaKvA: case ParamRole::MlaKvB: case ParamRole::Indexer:
    case ParamRole::Sink: case ParamRole::QkNorm:
        return true;
    default:
        return false;
    }
}

/*!
 * Calls \a f(ParamPlace, const ParamTensorOf<N> &) for every tensor of one layer of its kind: a
 * hybrid model's mixer layer (\a mixerLayer) has its mixer's tensors (forEachMixerTensor) in
 * place of attention's; any other layer is forEachLayerTensor()'s.
 */
template<typename N, typename F>
void forEachTensorOfLayer(const ModelSpec &m, const ModelDims<N> &d, bool sparseLayer, bool mixerLayer, F &&f)
{
    if (!mixerLayer) {
        forEachLayerTensor(m, d, sparseLayer, f);
        return;
    }
    forEachLayerTensor(m, d, sparseLayer, [&f](ParamPlace place, const ParamTensorOf<N> &t) {
        if (!isAttentionTensor(t.role))
            f(place, t);
    });
    forEachMixerTensor(m, d, f);
}
template<typename F>
void forEachTensorOfLayer(const ModelSpec &m, bool sparseLayer, bool mixerLayer, F &&f)
{
    forEachTensorOfLayer(m, modelDims(m), sparseLayer, mixerLayer, f);
}

constexpr bool isRoutedExpert(ParamRole r)
{
    return r == ParamRole::ExpertUp || r == ParamRole::ExpertGate || r == ParamRole::ExpertDown;
}

// --- implementation ---------------------------------------------------------------------------

template<typename N, typename F>
void forEachLayerTensor(const ModelSpec &m, const ModelDims<N> &d, bool sparseLayer, F &&f)
{
    const BlockTraits t = modelTraits(m);
    const bool qkvBias = t.qkvBias;
    const bool normBias = t.norm == NormKind::LayerNorm && t.normBias;
    constexpr ParamPlace L = ParamPlace::Layer;
    auto linear = [&f, &d](ParamRole role, const N &in, const N &out, bool bias) {
        f(L, ParamTensorOf<N>{ role, in, out, bias, d.one, true, false });
    };
    const bool expertBias = m.moe.expertBias && !m.noBias;
    auto experts = [&f, &d, expertBias](ParamRole role, const N &in, const N &out) {
        f(L, ParamTensorOf<N>{ role, in, out, expertBias, d.experts, true, true });
    };
    // Vectors (norm weights, lone biases) are one row of n: a bias then adds another n.
    auto vector = [&f, &d](const N &n, bool bias) { f(L, ParamTensorOf<N>{ ParamRole::Norm, d.one, n, bias, d.one, false, false }); };

    // Attention.
    if (m.mla.enabled()) {
        const N qk = d.heads * (d.nopeDim + d.ropeDim);
        if (m.mla.qLoraRank > 0) {
            linear(ParamRole::MlaQA, d.H, d.qLoraRank, false);
            vector(d.qLoraRank, false); // q_a_layernorm
            linear(ParamRole::MlaQB, d.qLoraRank, qk, false);
        } else {
            linear(ParamRole::Q, d.H, qk, false);
        }
        linear(ParamRole::MlaKvA, d.H, d.kvLoraRank + d.ropeDim, false);
        vector(d.kvLoraRank, false); // kv_a_layernorm
        linear(ParamRole::MlaKvB, d.kvLoraRank, d.heads * (d.nopeDim + d.valueDim), false);
        linear(ParamRole::O, d.heads * d.valueDim, d.H, t.outBias);
        if (m.mla.indexer()) {
            // DeepSeek-V3.2's indexer (its Indexer module): queries from the Q latent, one shared
            // key with its LayerNorm (weight and bias), per-head weights.
            linear(ParamRole::Indexer, m.mla.qLoraRank > 0 ? d.qLoraRank : d.H, d.indexHeads * d.indexHeadDim, false);
            linear(ParamRole::Indexer, d.H, d.indexHeadDim, false);
            vector(d.indexHeadDim, true);
            linear(ParamRole::Indexer, d.H, d.indexHeads, false);
        }
    } else {
        // Qwen3-Next's gated attention: q_proj computes the output gate beside the queries.
        const N q = m.attentionGate ? d.two * d.qDim : d.qDim;
        if (t.fusedQkv || m.fusedProjections) {
            linear(ParamRole::Qkv, d.H, q + d.two * d.kv, qkvBias);
        } else {
            linear(ParamRole::Q, d.H, q, qkvBias);
            linear(ParamRole::K, d.H, d.kv, qkvBias);
            linear(ParamRole::V, d.H, d.kv, qkvBias);
        }
        linear(ParamRole::O, d.qDim, d.H, t.outBias);
    }
    auto qkNorm = [&f, &d](const N &n) { f(L, ParamTensorOf<N>{ ParamRole::QkNorm, d.one, n, false, d.one, false, false }); };
    if (m.qkNorm && m.qkNormWhole) {
        qkNorm(d.qDim); // q_norm over A d_h
        qkNorm(d.kv);   // k_norm over KV d_h
    } else if (m.qkNorm) {
        qkNorm(d.headDim); // q_norm
        qkNorm(d.headDim); // k_norm
    }
    if (m.attentionSinks)
        f(L, ParamTensorOf<N>{ ParamRole::Sink, d.one, d.heads, false, d.one, false, false });

    // MLP or experts.
    const MoeSpec &e = m.moe;
    if (sparseLayer && e.enabled()) {
        linear(ParamRole::Router, d.H, d.experts, false);
        if (e.routerBias)
            f(L, ParamTensorOf<N>{ ParamRole::Router, d.one, d.experts, false, d.one, false, false });
        experts(ParamRole::ExpertGate, d.H, d.expertFfn);
        experts(ParamRole::ExpertUp, d.H, d.expertFfn);
        experts(ParamRole::ExpertDown, d.expertFfn, d.H);
        if (e.sharedExperts > 0) {
            // The shared experts run as one MLP of their inner sizes added up (Granite 4.0's
            // shared_mlp with gate and up in one input_linear).
            if (m.fusedGateUp) {
                linear(ParamRole::GateUp, d.H, d.two * d.sharedFfn, false);
            } else {
                linear(ParamRole::SharedGateProj, d.H, d.sharedFfn, false);
                linear(ParamRole::SharedUp, d.H, d.sharedFfn, false);
            }
            linear(ParamRole::SharedDown, d.sharedFfn, d.H, false);
            if (e.sharedGate)
                linear(ParamRole::SharedGate, d.H, d.one, false);
        }
    } else {
        if (t.mlp == MlpKind::Gated && (m.fusedProjections || m.fusedGateUp)) {
            linear(ParamRole::GateUp, d.H, d.two * d.F, t.mlpBias);
        } else if (t.mlp == MlpKind::Gated) {
            linear(ParamRole::Gate, d.H, d.F, t.mlpBias);
            linear(ParamRole::Up, d.H, d.F, t.mlpBias);
        } else {
            linear(ParamRole::Up, d.H, d.F, t.mlpBias);
        }
        linear(ParamRole::Down, d.F, d.H, t.mlpBias);
    }
    // A 64-bit counter (the count is a family's 1 to 4 or a validated override): a 128-bit one
    // costs a double-word compare per norm on every estimate.
    for (std::int64_t i = 0, n = static_cast<std::int64_t>(t.normsPerLayer); i < n; ++i)
        vector(d.H, normBias);
}

template<typename N, typename F>
void forEachMixerTensor(const ModelSpec &m, const ModelDims<N> &d, F &&f)
{
    const HybridSpec &h = m.hybrid;
    if (!h.enabled())
        return;
    constexpr ParamPlace L = ParamPlace::Layer;
    auto linear = [&f, &d](ParamRole role, const N &in, const N &out, bool bias) {
        f(L, ParamTensorOf<N>{ role, in, out, bias, d.one, true, false });
    };
    auto vector = [&f, &d](const N &n) { f(L, ParamTensorOf<N>{ ParamRole::MixerVector, d.one, n, false, d.one, false, false }); };
    // The convolution's weight, channels x 1 x kernel (nn.Conv1d with groups = channels): rows x
    // columns, not a matrix (factoredShape() counts Adafactor's factors of a 3-D tensor apart).
    auto conv = [&f, &d](const N &channels, bool bias) {
        f(L, ParamTensorOf<N>{ ParamRole::MixerConv, channels, d.convKernel, false, d.one, false, false });
        if (bias)
            f(L, ParamTensorOf<N>{ ParamRole::MixerVector, d.one, channels, false, d.one, false, false });
    };
    if (h.kind == MixerKind::GatedDeltaNet) {
        // Qwen3NextGatedDeltaNet: q, k (key_dim each), v and the output gate z (value_dim each);
        // beta and the decay's input a (one per value head each); conv1d over q, k, v without
        // bias; dt_bias and A_log per value head; RMSNormGated over a value head; out_proj.
        // Qwen3.5 projects the same four parts apart.
        if (h.splitProjections) {
            linear(ParamRole::MixerIn, d.H, d.two * d.mixKey + d.mixValue, false); // in_proj_qkv
            linear(ParamRole::MixerIn, d.H, d.mixValue, false);                    // in_proj_z
            linear(ParamRole::MixerIn, d.H, d.mixHeads, false);                    // in_proj_b
            linear(ParamRole::MixerIn, d.H, d.mixHeads, false);                    // in_proj_a
        } else {
            linear(ParamRole::MixerIn, d.H, d.two * d.mixKey + d.two * d.mixValue, false); // in_proj_qkvz
            linear(ParamRole::MixerIn, d.H, d.two * d.mixHeads, false);                    // in_proj_ba
        }
        conv(d.two * d.mixKey + d.mixValue, false);
        vector(d.mixHeads); // dt_bias
        vector(d.mixHeads); // A_log
        vector(d.mixHeadDim); // norm
        linear(ParamRole::MixerOut, d.mixValue, d.H, false);
        return;
    }
    if (h.kind == MixerKind::ShortConv) {
        // LFM2's Lfm2ShortConv (modeling_lfm2.py 0096ba4f): in_proj to the gates B and C and the
        // input x (V each), a depthwise conv over B · x, out_proj; conv_bias on all three.
        linear(ParamRole::MixerIn, d.H, d.three * d.mixValue, h.projBias);
        conv(d.mixValue, h.convBias);
        linear(ParamRole::MixerOut, d.mixValue, d.H, h.projBias);
        return;
    }
    // Mamba-2 (BambaMixer): in_proj to the gate z and x (I each), B and C (groups x state each)
    // and dt (one per head); conv1d over x, B and C; dt_bias, A_log and D per head; the gated
    // RMSNorm over I; out_proj.
    linear(ParamRole::MixerIn, d.H, d.two * d.mixValue + d.two * d.mixKey + d.mixHeads, h.projBias);
    conv(d.mixValue + d.two * d.mixKey, h.convBias);
    vector(d.mixHeads); // dt_bias
    vector(d.mixHeads); // A_log
    vector(d.mixHeads); // D
    vector(d.mixValue); // norm
    linear(ParamRole::MixerOut, d.mixValue, d.H, h.projBias);
}

template<typename N, typename F>
void forEachOutsideTensor(const ModelSpec &m, const ModelDims<N> &d, F &&f)
{
    const BlockTraits t = modelTraits(m);
    const bool normBias = t.norm == NormKind::LayerNorm && t.normBias;
    auto tensor = [&f, &d](ParamPlace place, ParamRole role, const N &rows, const N &columns, bool bias, bool matrix) {
        f(place, ParamTensorOf<N>{ role, rows, columns, bias, d.one, matrix, false });
    };
    tensor(ParamPlace::Embedding, ParamRole::TokenEmbedding, d.V, d.H, false, true);
    if (t.learnedPositions && m.maxPositions > 0)
        tensor(ParamPlace::Embedding, ParamRole::PositionEmbedding, d.positions, d.H, false, true);
    if (m.typeVocab > 0)
        tensor(ParamPlace::Embedding, ParamRole::TypeEmbedding, d.types, d.H, false, true);
    if (t.embeddingNorm)
        tensor(ParamPlace::Embedding, ParamRole::Norm, d.one, d.H, normBias, false);
    if (t.finalNorm)
        tensor(ParamPlace::FinalNorm, ParamRole::Norm, d.one, d.H, normBias, false);
    if (t.encoder) {
        // BERT's pooler (H x H with bias); a masked-LM head adds a LayerNorm and the decoder's
        // bias of V, its weight tied to the token table unless untied.
        tensor(ParamPlace::Pooler, ParamRole::Pooler, d.H, d.H, true, true);
        if (m.encoderHead == EncoderHead::MaskedLm) {
            tensor(ParamPlace::Pooler, ParamRole::Norm, d.one, d.H, true, false);
            tensor(ParamPlace::Pooler, ParamRole::Pooler, d.one, d.V, false, false);
            if (!m.tiedEmbeddings)
                tensor(ParamPlace::Head, ParamRole::Head, d.H, d.V, false, true);
        }
        return;
    }
    if (m.head == ModelHead::Score) {
        // The score head: Linear(H -> 1, bias=False) in HF's *ForSequenceClassification.
        tensor(ParamPlace::Head, ParamRole::Head, d.H, d.one, false, true);
        return;
    }
    if (!m.tiedEmbeddings)
        tensor(ParamPlace::Head, ParamRole::Head, d.H, d.V, t.lmHeadBias, true);
    else if (t.lmHeadBias)
        tensor(ParamPlace::Head, ParamRole::Head, d.one, d.V, false, false);
}

} // namespace headroom
