#pragma once

// A transformer's architecture and the parameter counts that follow exactly from it.
//
// A block family names a published block layout (which norms, biases, MLP and residual a layer
// has); its traits (blockTraits()) are what the parameter count and the itemized activation
// model read. The options beside it (head dimension, q/k norms, fused projections, mixture of
// experts, multi-head latent attention) are orthogonal: Mixtral is the LLaMA block with experts,
// Qwen3 the LLaMA block with q/k norms, DeepSeek-V2 the LLaMA block with latent attention and
// experts.

#include <array>
#include <cstddef>
#include <cstdint>

#include <headroom/memory/units.h>

namespace headroom {

//! Block layouts whose parameters and saved tensors Headroom knows.
enum class BlockFamily : std::uint8_t {
    Gpt2,       //!< GPT-2: LayerNorm with bias, fused QKV with bias, GELU (tanh) MLP of two matrices, learned positions
    Llama,      //!< LLaMA: RMSNorm, RoPE, GQA, SwiGLU MLP of three matrices, no biases (also Mistral, Qwen2/3, Phi-3, Mixtral, DeepSeek)
    Neox,       //!< GPT-NeoX / Pythia: parallel residual with two LayerNorms, fused QKV with bias, GELU (erf), partial rotary
    Phi,        //!< Phi-1.5/2: parallel residual with one shared LayerNorm, biases everywhere, GELU (tanh), partial rotary, LM head bias
    Falcon,     //!< Falcon-7B: parallel residual with one shared LayerNorm, fused QKV without bias, multi-query, GELU (erf)
    Starcoder2, //!< StarCoder2: LayerNorm with bias, biases on q, k, v, o and the MLP, GELU (tanh) MLP of two matrices, RoPE
    Gemma,      //!< Gemma: RMSNorm (1 + w), gated GELU (tanh) MLP, embeddings scaled by sqrt(H), head dim apart from H/A
    Gemma2,     //!< Gemma-2 / Gemma-3: Gemma with four norms per layer and logit soft-capping
    Bert,       //!< BERT / RoBERTa: encoder, post-LayerNorm, learned positions and token types, biases, GELU (erf)
};

inline constexpr BlockFamily kAllFamilies[] = {
    BlockFamily::Gpt2,   BlockFamily::Llama, BlockFamily::Neox,  BlockFamily::Phi,  BlockFamily::Falcon,
    BlockFamily::Starcoder2, BlockFamily::Gemma, BlockFamily::Gemma2, BlockFamily::Bert,
};

enum class NormKind : std::uint8_t { LayerNorm, RmsNorm };
enum class MlpKind : std::uint8_t { TwoMatrix, Gated };
enum class ActivationFn : std::uint8_t { GeluTanh, GeluErf, Silu };
enum class Residual : std::uint8_t { Sequential, Parallel };

//! What a family's layer holds. Every count and every saved tensor follows from these.
struct BlockTraits
{
    NormKind norm = NormKind::LayerNorm;
    bool normBias = true;      //!< LayerNorm's bias (RMSNorm has none)
    Count normsPerLayer = 2;   //!< 1: one norm shared by attention and MLP (Phi, Falcon); 4: Gemma-2's sandwich norms
    bool finalNorm = true;     //!< a norm after the last layer (encoders normalise after each layer instead)
    bool embeddingNorm = false; //!< a LayerNorm right after the embeddings (BERT)
    bool qkvBias = false;
    bool outBias = false;      //!< the attention output projection's bias
    bool mlpBias = false;
    bool lmHeadBias = false;   //!< Phi's LM head has a bias of V
    bool fusedQkv = false;     //!< one matrix computes Q, K and V (GPT-2 c_attn, NeoX query_key_value, Falcon)
    MlpKind mlp = MlpKind::TwoMatrix;
    ActivationFn activation = ActivationFn::GeluTanh;
    Residual residual = Residual::Sequential;
    bool postNorm = false;     //!< the norm comes after the residual add (BERT)
    bool encoder = false;      //!< bidirectional attention, no causal mask, no LM loss by default
    bool learnedPositions = false; //!< a position table of maxPositions rows
    bool rotary = true;        //!< RoPE tables (a fraction of the head dimension under partial rotary)
    bool scaledEmbedding = false; //!< the embedding is multiplied by sqrt(H) (Gemma)
    bool softcap = false;      //!< tanh soft-capping of the attention logits and the final logits (Gemma-2)
};

namespace detail {
inline constexpr std::size_t kFamilyCount = 9;
extern const BlockTraits kFamilyTraits[kFamilyCount]; //!< in enum order (model.cpp)
} // namespace detail

inline const BlockTraits &blockTraits(BlockFamily family)
{
    const auto i = static_cast<std::size_t>(family);
    return detail::kFamilyTraits[i < detail::kFamilyCount ? i : 0];
}

struct ModelSpec;
//! The family's traits with the model's own overrides and extra biases applied.
inline BlockTraits modelTraits(const ModelSpec &model);

//! Mixture of experts in the MLP (Shazeer et al. 2017; Mixtral, Qwen-MoE, DeepSeek-MoE).
struct MoeSpec
{
    Count experts = 0;       //!< routed experts E; 0: a dense model
    Count perToken = 0;      //!< experts each token is routed to, k
    Count expertFfn = 0;     //!< one expert's inner size
    Count sharedExperts = 0; //!< experts every token goes through (DeepSeek; Qwen-MoE's shared expert counts 1)
    Count sharedFfn = 0;     //!< one shared expert's inner size (0: expertFfn)
    bool sharedGate = false; //!< a sigmoid gate (H x 1) on the shared expert (Qwen-MoE)
    Count denseLayers = 0;   //!< the first layers keep a dense MLP (DeepSeek first_k_dense_replace)
    bool routerBias = false; //!< a bias of E on the router (DeepSeek-V3 noaux_tc's correction bias, gpt-oss's router Linear)
    bool expertBias = false; //!< biases on every routed expert's matrices (gpt-oss: gate_up_proj_bias, down_proj_bias)

    constexpr bool enabled() const { return experts > 0; }
    constexpr Count sharedFfnOrExpert() const { return sharedFfn > 0 ? sharedFfn : expertFfn; }
};

//! Multi-head latent attention (DeepSeek-V2/V3): Q and KV through low-rank latents.
struct MlaSpec
{
    Count qLoraRank = 0;   //!< 0: Q projected directly
    Count kvLoraRank = 0;  //!< 0: no latent attention
    Count ropeHeadDim = 0; //!< qk_rope_head_dim
    Count nopeHeadDim = 0; //!< qk_nope_head_dim
    Count valueHeadDim = 0; //!< v_head_dim

    //! DeepSeek-V3.2's lightning indexer beside the latent attention (DeepSeek Sparse Attention):
    //! wq_b (q_lora_rank -> heads x dim), wk (H -> dim) with a LayerNorm of dim, weights_proj
    //! (H -> heads). 0: none.
    Count indexHeads = 0;
    Count indexHeadDim = 0;

    constexpr bool enabled() const { return kvLoraRank > 0; }
    constexpr bool indexer() const { return indexHeads > 0 && indexHeadDim > 0; }
    constexpr Count qkHeadDim() const { return ropeHeadDim + nopeHeadDim; }
};

/*!
 * The vision encoder of a multimodal model and the projector (merger) that maps its outputs into
 * the language model's width, for the towers whose layout Headroom knows (hfvision.cpp counts
 * their parameters from transformers' modeling files; visiontower.h lists what they save).
 * What the language model reads of an image is tokens in its own sequence: the patches of the
 * image merged merge × merge at a time (Qwen), or pooled to tokensPerImage (Gemma 3).
 */
enum class VisionTowerKind : std::uint8_t {
    None,
    Qwen2Vl,  //!< LayerNorm, fused qkv with bias, fc1/fc2 with QuickGELU; a LayerNorm merger
    Qwen25Vl, //!< RMSNorm, fused qkv with bias, gated SiLU MLP with bias, window attention; an RMSNorm merger
    Qwen3Vl,  //!< Qwen2-VL's layers with GELU (tanh), learned positions beside RoPE, deepstack mergers
    Siglip,   //!< SigLIP (Gemma 3): LayerNorm, q/k/v/out with bias, GELU (tanh) MLP; a pooling projector
    Clip,     //!< CLIP (LLaVA): SigLIP's layout with QuickGELU, a class token and a pre-norm; a two-layer projector
    //! Pixtral (Mistral Small 3.x, Pixtral-12B): RMSNorms, q/k/v/o and a gated SiLU MLP without
    //! biases, 2D rotary positions; Mistral 3's patch merger and projector (merge 2), or LLaVA's
    //! projector alone (merge 1).
    Pixtral,
    //! Llama 4: a class token and a learned position per patch beside 2D rotary positions,
    //! LayerNorms, q/k/v/o and fc1/fc2 with biases; a pixel-shuffle MLP and one projection.
    //! Counted exactly; what it saves for images is not yet measured (validation refuses images).
    Llama4,
};

struct VisionSpec
{
    VisionTowerKind kind = VisionTowerKind::None;
    Count parameters = 0;   //!< the tower and its projector, exact (hfvision.cpp)
    Count layers = 0;       //!< depth
    Count hidden = 0;       //!< the tower's width
    Count heads = 0;
    Count ffn = 0;          //!< the MLP's inner width
    Count patch = 0;        //!< pixels a patch spans on each side
    Count temporalPatch = 1; //!< frames a patch spans (Qwen: 2; an image is its own two frames)
    Count merge = 1;        //!< patches merged per side into one language-model token (Qwen: 2)
    //! SigLIP and CLIP: the side every image is resized to; Pixtral: the longest side an image is
    //! scaled down to (image_size); 0: the image's own size (Qwen).
    Count imageSize = 0;
    Count tokensPerImage = 0; //!< Gemma 3: the pooled tokens an image becomes (mm_tokens_per_image)
    Count windowSize = 0;   //!< Qwen2.5-VL: a window's side in pixels (window_size); 0: no windows
    Count fullBlocks = 0;   //!< Qwen2.5-VL: blocks that attend over the whole image (fullatt_block_indexes)
    Count deepstackMergers = 0; //!< Qwen3-VL: mergers of intermediate blocks' outputs (deepstack_visual_indexes)
    bool classToken = false; //!< CLIP: a class token runs beside each image's patches (the projector drops it)
    //! LLaVA: blocks after vision_feature_layer (-2: the last one). They run, but no loss reads
    //! their output, so their saved tensors are freed as soon as the features are taken.
    Count unusedBlocks = 0;

    constexpr bool present() const { return kind != VisionTowerKind::None && parameters > 0; }
    constexpr bool fixedSize() const { return imageSize > 0 && kind != VisionTowerKind::Pixtral; }
    //! Whether what the tower saves for images is modelled (measured on CPU, visiontower.cpp):
    //! not Llama 4's, which is not measured.
    constexpr bool imagesModelled() const { return kind != VisionTowerKind::Llama4; }
};

/*!
 * What a hybrid model mixes tokens with in the layers that have no attention (the others keep
 * it): a recurrent "linear attention" or a short convolution, whose state does not grow with
 * the sequence. Each such layer keeps its norms and its MLP (dense or experts); only attention
 * is replaced.
 */
enum class MixerKind : std::uint8_t {
    None,
    GatedDeltaNet, //!< Qwen3-Next, Qwen3.5: Gated DeltaNet (Yang, Kautz & Hatamizadeh 2025), fla's chunked kernel
    Mamba2,        //!< Bamba and Granite 4.0-H: Mamba-2's SSD layer (Dao & Gu 2024), mamba_ssm's fused kernel
    ShortConv,     //!< LFM2: a gated short convolution (B, C, x = in_proj; C · conv(B · x)), causal-conv1d's kernel
};

struct HybridSpec
{
    MixerKind kind = MixerKind::None;
    Count layers = 0;     //!< layers whose mixer replaces attention (layer_types' linear_attention / mamba / conv)
    Count heads = 0;      //!< Gated DeltaNet: value heads (linear_num_value_heads); Mamba-2: heads (mamba_n_heads); short convolution: 1
    Count headDim = 0;    //!< Gated DeltaNet: a value head's width; Mamba-2: a head's width (mamba_d_head); short convolution: its channels (LFM2: hidden_size)
    Count keyHeads = 0;   //!< Gated DeltaNet: key heads; Mamba-2: groups sharing B and C (mamba_n_groups); short convolution: none
    Count keyDim = 0;     //!< Gated DeltaNet: a key head's width; Mamba-2: the state size N (mamba_d_state); short convolution: none
    Count convKernel = 4; //!< the causal depthwise convolution's width (LFM2's conv_L_cache)
    Count chunkSize = 0;  //!< tokens per chunk of the chunked scan (Mamba-2's chunk_size; fla's Gated DeltaNet: 64)
    bool convBias = false; //!< Mamba-2's use_conv_bias (mamba_conv_bias); LFM2's conv_bias
    bool projBias = false; //!< Mamba-2's use_bias on in_proj and out_proj (mamba_proj_bias); LFM2's conv_bias
    //! Qwen3.5: in_proj_qkv, in_proj_z, in_proj_b and in_proj_a apart, where Qwen3-Next fuses
    //! them into in_proj_qkvz and in_proj_ba (the same parameters).
    bool splitProjections = false;

    constexpr bool enabled() const { return kind != MixerKind::None && layers > 0; }
    //! Gated DeltaNet: the values' width (value_dim); Mamba-2: the inner width I; short
    //! convolution: its channels.
    constexpr Count valueWidth() const { return heads * headDim; }
    //! Gated DeltaNet: the keys' width (key_dim); Mamba-2: B's (and C's) width, groups × state;
    //! a short convolution has no keys (its key sizes, if set, are not read).
    constexpr Count keyWidth() const { return kind == MixerKind::ShortConv ? 0 : keyHeads * keyDim; }
    //! The channels the depthwise convolution runs over: q, k and v (Gated DeltaNet), x, B and C
    //! (Mamba-2), the product B · x (short convolution).
    constexpr Count convChannels() const
    {
        return kind == MixerKind::GatedDeltaNet ? 2 * keyWidth() + valueWidth() : valueWidth() + 2 * keyWidth();
    }
};

//! What an encoder puts on top of its last layer.
enum class EncoderHead : std::uint8_t { Pooler, MaskedLm };

/*!
 * What a decoder puts on top of its last layer: the LM head (H x V, tied to the token table or
 * not), or a score head (AutoModelForSequenceClassification with num_labels = 1: Linear(H -> 1)
 * without bias, no LM head), which reward and value models carry (TRL RewardTrainer, PPOTrainer).
 */
enum class ModelHead : std::uint8_t { LanguageModel, Score };

//! A trait the model takes from its family unless its configuration says otherwise.
enum class Switch : std::uint8_t { FamilyDefault, Off, On };

//! The RoPE scaling a config declares (rope_scaling's rope_type, or type in older configs), which
//! stretches a rotary model beyond the context it was pre-trained on.
enum class RopeScaling : std::uint8_t { None, Linear, Dynamic, Yarn, Llama3, LongRope, Other };

struct ModelSpec
{
    BlockFamily family = BlockFamily::Gpt2;
    Count layers = 0;        //!< L
    Count hidden = 0;        //!< H
    Count heads = 0;         //!< A
    Count kvHeads = 0;       //!< key/value heads; 0 means A (no grouping)
    Count headDim = 0;       //!< per-head dimension; 0 means H / A (Gemma: 256)
    Count ffn = 0;           //!< FFN inner size; 0 means 4H
    Count vocab = 32000;     //!< V
    Count maxPositions = 0;  //!< learned position table rows (GPT-2: 1024, BERT: 512); 0 for rotary models
    //! Rotary models: the context the config declares (max_position_embeddings), 0 when not known;
    //! a longer sequence is estimated with a warning (Warning::SequenceBeyondContext).
    Count contextLength = 0;
    RopeScaling ropeScaling = RopeScaling::None;
    double ropeScalingFactor = 0; //!< rope_scaling's factor, 0 when none is given
    Count typeVocab = 0;     //!< BERT token types (2; RoBERTa 1)
    bool tiedEmbeddings = false;
    bool qkvBias = false;    //!< biases on q, k, v beyond the family's own (Qwen2)
    bool outBias = false;    //!< a bias on the attention output beyond the family's own (LLaMA attention_bias)
    bool mlpBias = false;    //!< biases on the MLP beyond the family's own (LLaMA mlp_bias, Falcon bias)
    Count normsPerLayer = 0; //!< 0: the family's; Falcon's new decoder architecture has 2
    Switch parallelResidual = Switch::FamilyDefault; //!< NeoX use_parallel_residual, Falcon parallel_attn
    Switch softcap = Switch::FamilyDefault;          //!< Gemma-2's logit soft-capping (Gemma-3 has none)
    bool qkNorm = false;     //!< RMSNorm of each head's q and k (Qwen3, Gemma-3): 2 d_h weights a layer
    //! With qkNorm: one RMSNorm over all of q and one over all of k (OLMo-2, MiniMax-M2): A d_h +
    //! KV d_h weights a layer in place of 2 d_h.
    bool qkNormWhole = false;
    //! A learned logit per head and layer that the softmax attends to beside the keys (gpt-oss's
    //! attention sinks): A parameters a layer.
    bool attentionSinks = false;
    //! A sigmoid gate on attention's output, computed by q_proj beside the queries (Qwen3-Next's
    //! gated attention): q_proj is H x 2 A d_h.
    bool attentionGate = false;
    //! RMSNorms that scale by 1 + w, in FP32, as Gemma's (Qwen3-Next's Qwen3NextRMSNorm), on a
    //! family whose own norms scale by w: the same parameters, other saved tensors.
    bool zeroCenteredNorm = false;
    //! No biases anywhere, norms included, whatever the family has (MPT's no_bias: fused Wqkv,
    //! out_proj, the MLP and LayerNorms without bias).
    bool noBias = false;
    //! A norm right after the token embedding where the family has none (BLOOM's
    //! word_embeddings_layernorm).
    bool embeddingNorm = false;
    //! One matmul for Q, K, V and one for gate and up (Phi-3's qkv_proj, gate_up_proj) where the
    //! family keeps them apart: the same parameters, fewer saved inputs.
    bool fusedProjections = false;
    //! One matmul for gate and up only, q, k and v apart (Granite 4.0's input_linear, in the MLP
    //! and the shared expert): the same parameters, one adapter and one saved cast for the pair.
    bool fusedGateUp = false;
    double rotaryFraction = 1.0; //!< share of the head dimension RoPE rotates (Phi 0.4, NeoX 0.25)
    EncoderHead encoderHead = EncoderHead::Pooler;
    ModelHead head = ModelHead::LanguageModel;
    MoeSpec moe;
    MlaSpec mla;
    VisionSpec vision;       //!< a multimodal model's vision tower; none for a language model
    HybridSpec hybrid;       //!< a hybrid model's non-attention layers; none for a transformer
    Count paramsOverride = 0; //!< a given parameter count P; 0 means derive it from the architecture

    //! Whether an LM head shares the token table (a score head never does).
    constexpr bool tiedHead() const { return tiedEmbeddings && head == ModelHead::LanguageModel; }
    //! The head's outputs per token: V, or 1 for a score head.
    constexpr Count headOutputs() const { return head == ModelHead::Score ? 1 : vocab; }
    constexpr Count kvHeadsOrHeads() const { return kvHeads > 0 ? kvHeads : heads; }
    constexpr Count ffnOrDefault() const { return ffn > 0 ? ffn : 4 * hidden; }
    // Validated sizes fit 64 bits; a 64-bit division is an instruction, a 128-bit one a library call.
    constexpr Count headDimOrDefault() const
    {
        if (headDim > 0)
            return headDim;
        return heads > 0 ? Count(static_cast<std::int64_t>(hidden) / static_cast<std::int64_t>(heads)) : 0;
    }
    constexpr Count qDim() const { return heads * headDimOrDefault(); }   //!< A d_h: Q's width (H unless d_h is set)
    constexpr Count kvDim() const { return kvHeadsOrHeads() * headDimOrDefault(); }
};

inline BlockTraits modelTraits(const ModelSpec &m)
{
    BlockTraits t = blockTraits(m.family);
    t.qkvBias = !m.noBias && (t.qkvBias || m.qkvBias);
    t.outBias = !m.noBias && (t.outBias || m.outBias);
    t.mlpBias = !m.noBias && (t.mlpBias || m.mlpBias);
    t.normBias = t.normBias && !m.noBias;
    t.lmHeadBias = t.lmHeadBias && !m.noBias;
    t.embeddingNorm = t.embeddingNorm || m.embeddingNorm;
    if (m.normsPerLayer > 0)
        t.normsPerLayer = m.normsPerLayer;
    if (m.parallelResidual != Switch::FamilyDefault)
        t.residual = m.parallelResidual == Switch::On ? Residual::Parallel : Residual::Sequential;
    if (m.softcap != Switch::FamilyDefault)
        t.softcap = m.softcap == Switch::On;
    return t;
}

//! Parameters of one layer, by where they sit. MoE layers count all experts; active() the routed ones.
struct LayerParameters
{
    Count attention = 0; //!< Q, K, V, O (or MLA's projections and latent norms), their biases, q/k norms
    Count mlp = 0;       //!< dense MLP, or the MoE layer's experts, shared experts and router
    Count norms = 0;
    Count activeMlp = 0; //!< of mlp: what one token uses (dense: all of it; MoE: k experts, the shared ones, the router)
    Count expertMatrices = 0; //!< of mlp: the routed experts (expert parallelism divides these)

    constexpr Count total() const { return attention + mlp + norms; }
    constexpr Count active() const { return attention + activeMlp + norms; }
};

//! Parameters by where they sit. Derived term by term from the block family's layout.
struct ParameterCounts
{
    Count embedding = 0;      //!< token table, position table, token types, embedding norm
    LayerParameters dense;    //!< a layer with a dense MLP
    LayerParameters sparse;   //!< a layer with experts (MoE models)
    Count denseLayerLimit = 0; //!< MoE models: the first layers that stay dense (all layers otherwise)
    bool mixture = false;     //!< layers past denseLayerLimit are MoE layers
    Count finalNorm = 0;
    Count lmHead = 0;         //!< 0 when tied to the token table (plus a bias where the family has one)
    Count pooler = 0;         //!< BERT's pooler, or its masked-LM head transform
    //! Hybrid models: one mixer's parameters (its projections, convolution, per-head vectors and
    //! gated norm), which replace attention's in mixerLayers of the layers. The MLP and norms of
    //! those layers are the others' (a hybrid's layers all have the same MLP kind: validation
    //! refuses dense first layers beside experts).
    Count mixer = 0;
    Count mixerLayers = 0;
    Count mixerMatrices = 0;  //!< of mixer: the projections' weights (the rest are vectors)
    Count attentionNorms = 0; //!< an attention layer's q/k norms (among its norms), which mixer layers lack

    // A dense layer's figures, as every block without experts has them.
    Count attentionPerLayer = 0;
    Count mlpPerLayer = 0;
    Count normsPerLayer = 0;

    constexpr Count perLayer() const { return attentionPerLayer + mlpPerLayer + normsPerLayer; }
    //! How many of \a layers keep a dense MLP.
    constexpr Count denseLayers(Count layers) const
    {
        if (!mixture)
            return layers;
        return denseLayerLimit < layers ? denseLayerLimit : layers;
    }
    //! What a mixer layer's parameters differ by from an attention layer's.
    constexpr Count mixerDelta() const { return mixer - dense.attention - attentionNorms; }
    //! All \a layers of the model (mixer layers are counted over the whole model: validation
    //! refuses pipeline stages for hybrids).
    Count layersTotal(Count layers) const
    {
        const Count d = denseLayers(layers);
        return d * dense.total() + (layers - d) * sparse.total() + mixerLayers * mixerDelta();
    }
    //! The largest layer: an attention layer or a mixer layer, dense or with experts.
    constexpr Count largestLayer() const
    {
        const Count attention = dense.total() > sparse.total() ? dense.total() : sparse.total();
        if (mixerLayers == 0)
            return attention;
        const Count mixed = (mixture ? sparse.total() : dense.total()) + mixerDelta();
        return mixed > attention ? mixed : attention;
    }
    Count total(Count layers) const { return embedding + layersTotal(layers) + finalNorm + lmHead + pooler; }
    //! Parameters one token uses: every expert it is routed to, none of the others.
    Count active(Count layers) const
    {
        const Count d = denseLayers(layers);
        return embedding + d * dense.active() + (layers - d) * sparse.active() + mixerLayers * mixerDelta() + finalNorm + lmHead
                + pooler;
    }
};

/*!
 * Exact parameter counts of \a model's architecture, from its family's traits
 * (blockTraits()) and its options. Per layer: Q (A d_h), K and V (KV d_h each) and O, fused or
 * not, with the family's biases; or MLA's q_a/q_b (or q), kv_a (kv_lora + rope) with its norm,
 * kv_b (A (nope + v)) and o; q/k norms; the MLP (two matrices H x F and F x H, or three) or the
 * experts (E gated experts, the shared ones, the router H x E); norms. Embedding: V x H, the
 * position table and token types if the family has them, BERT's embedding LayerNorm. The LM
 * head V x H unless tied (+ V for Phi's bias); BERT's pooler H x H + H.
 * LLaMA-2 7B gives 6,738,415,616; Mixtral-8x7B 46,702,792,704 of which 12,879,925,248 active.
 */
ParameterCounts parameterCounts(const ModelSpec &model);

//! The parameter count the estimate uses: the given P if any, else the architecture's.
Count effectiveParameters(const ModelSpec &model);

//! What one walk over the model's tensors (parametertensors.h) yields beside parameterCounts():
//! the largest tensors, which ZeRO-3's gathering and the per-parameter optimizers are sized by.
struct TensorExtremes
{
    Count largestModule = 0; //!< most parameters of one module, weight and bias (largestModuleParameters())
    Count largestMatrix = 0; //!< the largest weight matrix, whole (largestWeightMatrix() before dividing by t)
};

//! parameterCounts() and TensorExtremes, from one walk.
struct ModelCounts
{
    ParameterCounts counts;
    TensorExtremes extremes;
};

//! parameterCounts() and TensorExtremes in one walk over the tensors (the estimate's path:
//! resolve() calls it once). Allocation-free.
ModelCounts countParameters(const ModelSpec &model);

//! Layers of \a model that keep a dense MLP: ParameterCounts::denseLayers() without counting.
constexpr Count denseLayerCount(const ModelSpec &model)
{
    if (!model.moe.enabled())
        return model.layers;
    return model.moe.denseLayers < model.layers ? model.moe.denseLayers : model.layers;
}

//! Layers of \a model whose mixer replaces attention (none without a mixer; at most L).
constexpr Count mixerLayerCount(const ModelSpec &model)
{
    if (!model.hybrid.enabled())
        return 0;
    return model.hybrid.layers < model.layers ? model.hybrid.layers : model.layers;
}

/*!
 * Sum over the model's weight matrices of (rows + columns), and the number of parameters in
 * one-dimensional tensors (norms, biases). Adafactor (Shazeer & Stern 2018) keeps a row and a
 * column accumulator per matrix and a full accumulator per vector, so these two sums are its
 * state size in elements.
 */
struct FactoredShape
{
    Count matrixRowsPlusColumns = 0;
    Count vectorElements = 0;
};
FactoredShape factoredShape(const ModelSpec &model);

} // namespace headroom
