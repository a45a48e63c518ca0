#pragma once

// The vocabulary of the itemized activation model's tensor lists: where a tensor is saved, how it
// divides under tensor parallelism, and the scenario's sizes formed once (Context). The block
// lists (gpt2block.h, llamablock.h, layernormblock.h, gemmablock.h, moeblock.h, mlablock.h,
// lorablock.h, lossblock.h) emit tensors through an Emitter; the model sums them on the hot path
// or itemizes them on request (transformeractivations.cpp). Internal.

#include <cstdint>
#include <string_view>

#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/scenario.h>

namespace headroom::transformer {

// aux_loss: MoE's load-balancing loss over the router logits of all layers.
enum class Region : std::uint8_t { Layer, Embedding, FinalNorm, LmHead, Loss, AuxLoss, Shared };

//! "layer", "embedding", ...: the fixtures' region names.
std::string_view regionName(Region r);

// How a tensor divides under tensor parallelism, and what the recompute policies do with it.
// A tensor with neither Sharded nor Whole sits in the replicated region: the residual stream,
// norm inputs and outputs, projection inputs and residual dropout masks, which Korthikanti et
// al. 2022 (section 4.2.1) keep whole under t alone and split along the sequence under SP.
enum Flag : unsigned {
    Sharded = 1u << 0,         // inside the tensor-parallel region (split heads, FFN columns, vocabulary): / t
    Whole = 1u << 1,           // ids, labels, positions, RoPE tables, the mask: never divided
    Core = 1u << 2,            // the attention core, rebuilt by selective recompute
    CheckpointInput = 1u << 3, // the layer's first saved tensor, which is its input when the dtypes agree
    WeightCopy = 1u << 4,      // autocast's half-precision copy of a weight
    LinearInput = 1u << 5,     // the saved input of a decoder layer's linear (FP8 under Transformer Engine)
};

struct Tensor
{
    std::string_view name;
    std::string_view shape;
    Region region;
    Dtype dtype;
    Count elements; // one GPU's share
    Count bytes;
    unsigned flags;
};

// 64 bits, not Count: an element's size multiplies every tensor's element count, and a 128-bit
// count times a 64-bit size takes two multiplications where two 128-bit values take three.
inline constexpr std::int64_t sizeOf(Dtype d)
{
    switch (d) {
    case Dtype::Int64: return 8;
    case Dtype::Fp32: return 4;
    case Dtype::Fp16:
    case Dtype::Bf16: return 2;
    case Dtype::Int8:
    case Dtype::Fp8:
    case Dtype::Bool: return 1;
    case Dtype::Nf4: return 0; // never an activation
    }
    return 0;
}

// Mixture of experts (SAVED_TENSORS.md, "Mixtral layer"): the routed experts are listed together,
// as one tensor per kind over all the rows the layer routes, since every per-expert save is linear
// in the expert's rows: the layer's total does not depend on how the router splits them.
struct MoeContext
{
    Count E = 0, K = 0; // routed experts, experts per token
    Count F = 0;        // one expert's inner size
    Count rows = 0;     // rows all experts of one layer take together (k·B·S when dropless)
    Count hit = 0;      // experts that get rows: the ones whose weight copies are saved
    Count SF = 0;       // the shared experts' inner size, all of them together (Qwen2-MoE, DeepSeek)
    bool sharedGate = false;  // Qwen2-MoE's sigmoid gate on the shared expert
    bool renormalize = false; // top-k weights renormalised in place (Mixtral)
    bool mixtralNames = false; // block_sparse_moe.experts.*.w1/w3/w2, else mlp.experts.*.gate_proj/...
    Count layers = 0;   // layers with experts, for the load-balancing loss
};

// Multi-head latent attention (DeepSeek-V2): the ranks and head dims of MlaSpec.
struct MlaContext
{
    Count QL = 0, KL = 0, RH = 0, NH = 0, VH = 0, QH = 0;
};

// LoRA / QLoRA on the LLaMA block (SAVED_TENSORS.md, "LLaMA layer with LoRA / QLoRA adapters").
struct LoraContext
{
    bool q = false, k = false, v = false, o = false, gate = false, up = false, down = false;
    bool dropout = false;   // lora_dropout > 0
    bool quantized = false; // QLoRA: the base is bitsandbytes' Linear4bit
    bool dora = false;      // DoRA: each adapted module also saves its base and adapter outputs
    bool savesInput = false; // bitsandbytes < 0.43.2: each 4-bit linear keeps its input (LoraSpec::bnbSavesInput)
    // LLM.int8 and HQQ (keepsUncastInput()): the kernel keeps each linear's input as it arrives, uncast
    bool uncastInput = false;
    // GPTQ (QuantBase::Gptq): GPTQModel's training path dequantizes each linear's weight in plain
    // autograd, so torch.matmul keeps the 16-bit weight whenever the input requires grad
    bool savesDequantized = false;
    // PEFT's modules_to_save: a trained copy of the embedding (its ids are saved, and the first
    // layer's input requires grad) or of the LM head (its input is saved for its weight's gradient)
    bool trainedEmbedding = false, trainedHead = false;
    Count R = 0;
    Dtype a = Dtype::Fp32;  // adapter matmul operands: PEFT keeps adapters in FP32, autocast casts them
    Dtype p = Dtype::Fp32;  // what a base projection returns (QLoRA's Linear4bit: its input's dtype)
};

struct Context
{
    Count B = 0, S = 0, H = 0, A = 0, kv = 0, F = 0, V = 0, d = 0;
    Count kvHeads = 0; // KV
    Count qDim = 0;    // A·d: q's width (H unless the head dim is set apart, Gemma)
    Count RD = 0;      // rotated dims per head (partial rotary: int(d · fraction)); 0 without RoPE
    Count L = 0;
    // The products most tensors are sized by, formed once.
    Count BS = 0, BSH = 0, BSF = 0, BAS = 0, scores = 0, BSV = 0, BSQ = 0;
    bool gqa = false;      // fewer K/V heads than query heads
    bool positions = false; // GPT-2 with a learned position table
    BlockFamily family = BlockFamily::Gpt2;
    bool parallel = false;  // parallel residual: attention and MLP read the same layer input
    Count normsPerLayer = 2;
    bool fusedQkv = false;  // the family's one QKV matrix (NeoX, Falcon, GPT-2)
    bool softcap = false;   // Gemma-2's tanh soft-capping of the attention and final logits
    bool qkNorm = false;    // an RMSNorm over each head's q and k (Qwen3, Gemma-3)
    bool rotary = false;
    bool geluPython = false; // GELU written out in Python (gelu_new): four saved B·S·F tensors
    Dtype r = Dtype::Fp32; // residual stream, norms, embeddings ("r" in SAVED_TENSORS.md)
    Dtype c = Dtype::Fp32; // matmul inputs and outputs ("c")
    bool autocast = false;
    bool copies = false;   // autocast saves half-precision weight copies
    bool drop = false;
    AttentionKernel kernel = AttentionKernel::Eager;
    unsigned opSaved = 0;
    bool packedMask = false; // packed sequences under SDPA: a dense block-causal mask (TrainingSetup::packed) // under Recompute::Op, the linears whose outputs the policy saves (oprecompute.h)
    Recompute recompute = Recompute::None;
    ImplementationChoices x;
    Count t = 1;
    bool tensorParallel = false; // t > 1: share() tests a flag per tensor, not a 128-bit count
    bool sp = false;
    Count ep = 1; // expert parallelism: the routed rows travel by all-to-all
    MoeContext moe;
    MlaContext mla;
    bool mlaOn = false;
    // Adapters: the base is frozen. itemizedLora: the LoRA list of lorablock.h applies (the plain
    // LLaMA block); other blocks keep their full list and lora.cpp adds the adapters' outputs.
    bool adapters = false;
    bool itemizedLora = false;
    LoraContext lora;
    LossKind loss = LossKind::Plain;
    Count lossChunks = 1;
    //! LitGPT's chunks: fixed slices of this many tokens of each sequence (the last shorter), not
    //! lossChunks equal pieces; 0 for equal pieces.
    Count lossChunkTokens = 0;
    bool lossUpcast = true; // the chunked loss upcasts each chunk to FP32 (torchtune; litgpt does not)
    bool compiledLoss = false; // torchtune compiles the chunked loss's upcast and cross-entropy together
    bool completionLogits = false; // BSV counts the completion's C tokens (GRPO's logits_to_keep), not S
    // An encoder's pooler and classifier (BertForSequenceClassification): V is the labels, BSV
    // one pooled token per sequence; no language-model loss over the vocabulary.
    bool pooled = false;
    bool logProbsInLogitsDtype = false; // TRL's log-probs: the log-softmax in the logits' dtype, row by row
    // Per layer: the layer input requires grad (not LoRA's first layer without checkpointing,
    // whose input is the frozen embedding's output), and this layer's MLP is dense (an MoE
    // model's first layers, DeepSeek's first_k_dense_replace).
    bool inputGrad = true;
    bool denseMlp = true;
    // FP8 training under Transformer Engine: linear inputs saved as FP8 (plus an FP32 scale per
    // 128 elements under blockwise scaling), and the FP8 weight with its transpose saved per layer.
    bool fp8Inputs = false;
    bool fp8InputScales = false;
    Count fp8LayerWeights = 0; // elements of one layer's FP8 weight and transpose, before / t
    // FP8 casts alive while one linear runs (fp8body.h fp8CastTransients()), in bytes: the
    // largest linear's in forward and in backward, on this GPU
    Count fp8CastForward = 0, fp8CastBackward = 0;
    // Context parallelism (scenario.h ContextParallelKind): S above is this GPU's S / c tokens.
    // cpKvFactor: the saved K and V against this GPU's own (all-gather: c, the gathered sequence;
    // Ulysses with fewer KV heads than c: DeepSpeed repeats them to one head a GPU); 1 otherwise.
    Count cp = 1;
    ContextParallelKind cpKind = ContextParallelKind::Ring;
    Count cpKvFactor = 1;
    // Hybrid models: the mixer layers have a list of their own (mixerblock.h), counted in the
    // first layers' slot (firstLayersOf()), which validation keeps free for them (no adapters,
    // no dense first layers, no pipeline stages beside a mixer).
    // The model's mixer (its sizes are formed for the mixer layers only, mixerblock.h: the
    // context stays small for the models without one) and how many layers have it.
    const HybridSpec *hybrid = nullptr;
    std::int64_t mixerLayers = 0;
    bool mixerLayer = false;    // this layer's list is a mixer layer's
    bool attentionGate = false; // Qwen3-Next: a sigmoid gate on attention's output (ModelSpec::attentionGate)
    bool gemmaNorms = false;    // Qwen3-Next: RMSNorms of x·(1 + w) in FP32, as Gemma's (ModelSpec::zeroCenteredNorm)
    bool fusedGateUp = false;   // Granite 4.0: gate and up in one matmul, q, k and v apart (ModelSpec::fusedGateUp)

    Dtype mask(Dtype input) const { return x.boolDropoutMask ? Dtype::Bool : input; }
    // Autocast casts the FP32 norm output for each projection apart; otherwise they share it.
    bool split() const { return r != c; }

    Count share(Count elements, unsigned flags) const
    {
        if (!tensorParallel || (flags & Whole))
            return elements;
        if ((flags & Sharded) || sp)
            return quotient(elements, t);
        return elements;
    }
};

//! The scenario's sizes and switches, formed once per estimate.
Context context(const Scenario &s);
//! Whether lorablock.h's list applies to a model under adapters (the plain LLaMA block).
bool itemizesAdapters(const ModelSpec &m, const ImplementationChoices &x);
//! How many first layers have a list of their own (TransformerTerms::firstLayers).
Count firstLayersOf(const Context &c);
//! The context of those first layers.
Context firstLayerContext(const Context &c);

template<typename Sink>
struct Emitter
{
    const Context &c;
    Sink &sink;

    void operator()(std::string_view name, std::string_view shape, Region region, Dtype dtype, Count elements,
                    unsigned flags) const
    {
        const Count n = c.share(elements, flags);
        if ((flags & LinearInput) && c.fp8Inputs) {
            // TE keeps only the column-wise FP8 copy (module/linear.py: update_usage(rowwise_usage=False)).
            const Count scales = c.fp8InputScales ? quotient(n, 32) : 0; // 4 bytes per 128 elements
            sink(Tensor{ name, shape, region, Dtype::Fp8, n, n + scales, flags });
            return;
        }
        sink(Tensor{ name, shape, region, dtype, n, n * sizeOf(dtype), flags });
    }
};

} // namespace headroom::transformer
