#include <headroom/memory/transformeractivations.h>

#include <cstdint>

#include <headroom/memory/korthikanti.h>

namespace headroom {

namespace {

enum class Region : std::uint8_t { Layer, Embedding, FinalNorm, LmHead, Loss, Shared };

std::string_view regionName(Region r)
{
    switch (r) {
    case Region::Layer: return "layer";
    case Region::Embedding: return "embedding";
    case Region::FinalNorm: return "final_norm";
    case Region::LmHead: return "lm_head";
    case Region::Loss: return "loss";
    case Region::Shared: return "shared";
    }
    return {};
}

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

constexpr Count sizeOf(Dtype d)
{
    switch (d) {
    case Dtype::Int64: return 8;
    case Dtype::Fp32: return 4;
    case Dtype::Fp16:
    case Dtype::Bf16: return 2;
    case Dtype::Int8:
    case Dtype::Bool: return 1;
    case Dtype::Nf4: return 0; // never an activation
    }
    return 0;
}

struct Context
{
    Count B = 0, S = 0, H = 0, A = 0, kv = 0, F = 0, V = 0, d = 0;
    // The products most tensors are sized by, formed once.
    Count BS = 0, BSH = 0, BSF = 0, BAS = 0, scores = 0, BSV = 0;
    bool gqa = false;      // fewer K/V heads than query heads
    bool positions = false; // GPT-2 with a learned position table
    BlockFamily family = BlockFamily::Gpt2;
    Dtype r = Dtype::Fp32; // residual stream, norms, embeddings ("r" in SAVED_TENSORS.md)
    Dtype c = Dtype::Fp32; // matmul inputs and outputs ("c")
    bool autocast = false;
    bool copies = false;   // autocast saves half-precision weight copies
    bool drop = false;
    AttentionKernel kernel = AttentionKernel::Eager;
    Recompute recompute = Recompute::None;
    ImplementationChoices x;
    Count t = 1;
    bool sp = false;

    Dtype mask(Dtype input) const { return x.boolDropoutMask ? Dtype::Bool : input; }

    Count share(Count elements, unsigned flags) const
    {
        if (t <= 1 || (flags & Whole))
            return elements;
        if ((flags & Sharded) || sp)
            return elements / t;
        return elements;
    }
};

Context context(const Scenario &s)
{
    const ModelSpec &m = s.model;
    Context c;
    c.B = s.training.microBatch;
    c.S = s.training.sequence;
    c.H = m.hidden;
    c.A = m.heads;
    // H / A in 64 bits: validation bounds both far below 2^63.
    c.d = m.heads > 0 ? static_cast<long long>(m.hidden) / static_cast<long long>(m.heads) : 0;
    c.kv = m.kvHeadsOrHeads() * c.d;
    c.gqa = m.kvHeadsOrHeads() != m.heads;
    c.F = m.ffnOrDefault();
    c.V = m.vocab;
    c.family = m.family;
    c.positions = m.maxPositions > 0;
    c.BS = c.B * c.S;
    c.BSH = c.BS * c.H;
    c.BSF = c.BS * c.F;
    c.BAS = c.BS * c.A;
    c.scores = c.BAS * c.S;
    c.BSV = c.BS * c.V;
    const Recipe recipe = s.training.precision.recipe;
    c.autocast = isAutocast(recipe);
    c.c = activationDtype(recipe);
    // Under autocast the weights, and so the embeddings and the residual stream, stay FP32;
    // every other recipe runs the whole block in its activation dtype. A LoRA base is loaded in
    // the compute dtype even under autocast (lora.h), so its residual stream is half precision.
    const bool adapters = s.lora.mode != AdapterMode::None;
    c.r = c.autocast && !adapters ? Dtype::Fp32 : c.c;
    c.x = implementationChoices(s.activations.profile);
    c.copies = c.autocast && c.x.autocastWeightCopies && !adapters;
    c.drop = s.activations.dropout > 0.0;
    c.kernel = s.activations.attention;
    c.recompute = s.training.recompute;
    c.t = s.parallel.tensorParallel;
    c.sp = s.parallel.sequenceParallel;
    return c;
}

template<typename Sink>
struct Emitter
{
    const Context &c;
    Sink &sink;

    void operator()(std::string_view name, std::string_view shape, Region region, Dtype dtype, Count elements,
                    unsigned flags) const
    {
        const Count n = c.share(elements, flags);
        sink(Tensor{ name, shape, region, dtype, n, n * sizeOf(dtype), flags });
    }
};

struct LayerNormNames
{
    std::string_view input, mean, rstd;
};
constexpr LayerNormNames kLn1{ "ln_1.input", "ln_1.mean", "ln_1.rstd" };
constexpr LayerNormNames kLn2{ "ln_2.input", "ln_2.mean", "ln_2.rstd" };
constexpr LayerNormNames kLnF{ "ln_f.input", "ln_f.mean", "ln_f.rstd" };

struct RmsNormNames
{
    std::string_view input, xFp32, xSquared, rstd, normed;
};
constexpr RmsNormNames kInputNorm{ "input_layernorm.input", "input_layernorm.x_fp32", "input_layernorm.x_squared",
                                   "input_layernorm.rstd", "input_layernorm.normed" };
constexpr RmsNormNames kPostNorm{ "post_attention_layernorm.input", "post_attention_layernorm.x_fp32",
                                  "post_attention_layernorm.x_squared", "post_attention_layernorm.rstd",
                                  "post_attention_layernorm.normed" };
constexpr RmsNormNames kFinalNorm{ "norm.input", "norm.x_fp32", "norm.x_squared", "norm.rstd", "norm.normed" };

// nn.LayerNorm (and Apex's fused one) saves its input and per-token mean and 1/std.
template<typename Emit>
void layerNorm(const Context &c, const Emit &emit, Region region, const LayerNormNames &n, unsigned inputFlags)
{
    const Dtype stats = c.x.normStatsFp32 ? Dtype::Fp32 : c.r;
    emit(n.input, "B×S×H", region, c.r, c.BSH, inputFlags);
    emit(n.mean, "B×S", region, stats, c.BS, 0);
    emit(n.rstd, "B×S", region, stats, c.BS, 0);
}

// HF's LlamaRMSNorm: x = hidden.to(float32) (the residual itself when it is FP32, a fresh copy
// otherwise), saved by pow and by the product; x.pow(2).mean() (torch 1.13's mean saves x²);
// rstd = rsqrt(mean + eps), FP32; (x * rstd).to(input dtype), saved by weight * h. A fused
// kernel saves its input and the FP32 1/rms only.
template<typename Emit>
void rmsNorm(const Context &c, const Emit &emit, Region region, const RmsNormNames &n, unsigned inputFlags)
{
    const Count BSH = c.BSH;
    if (c.x.fusedNorm) {
        emit(n.input, "B×S×H", region, c.r, BSH, inputFlags);
        emit(n.rstd, "B×S", region, Dtype::Fp32, c.BS, 0);
        return;
    }
    emit(n.xFp32, "B×S×H", region, Dtype::Fp32, BSH, inputFlags);
    if (c.x.meanSavesInput)
        emit(n.xSquared, "B×S×H", region, Dtype::Fp32, BSH, 0);
    emit(n.rstd, "B×S", region, Dtype::Fp32, c.BS, 0);
    emit(n.normed, "B×S×H", region, c.r, BSH, 0);
}

// A GPT-2 block as HF's GPT2Block runs it (SAVED_TENSORS.md, "GPT-2 layer"), with the
// profile's switches.
template<typename Emit>
void gpt2Layer(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const Count B = c.B, H = c.H, F = c.F;
    const Count BSH = c.BSH, BSF = c.BSF, scores = c.scores;
    const Dtype half = c.c;
    layerNorm(c, emit, L, kLn1, CheckpointInput);
    emit("attn.c_attn.input", "B×S×H", L, c.c, BSH, 0);
    if (c.copies)
        emit("attn.c_attn.weight_copy", c.gqa ? "H×(H+2·KV·d)" : "H×3H", L, half, H * (H + 2 * c.kv),
             Sharded | WeightCopy);
    std::string_view fused = c.gqa ? "B×S×(H+2·KV·d)" : "B×S×3H";
    if (c.kernel == AttentionKernel::Eager) {
        const bool expand = c.x.expandGroupedKv || !c.gqa;
        const Count kvWidth = expand ? H : c.kv;
        // matmul makes contiguous copies of the split heads; with B = 1 it can view them, and the
        // whole fused c_attn output is what stays saved (the same bytes when K and V are full).
        if (B == 1) {
            emit("attn.q", fused, L, c.c, c.BS * (H + 2 * c.kv), Sharded);
        } else {
            emit("attn.q", "B×A×S×d", L, c.c, BSH, Sharded);
            emit("attn.k_t", expand ? "B×A×d×S" : "B×KV×d×S", L, c.c, c.BS * kvWidth, Sharded);
        }
        const Dtype softmax = !c.x.fusedSoftmax && c.autocast && c.x.softmaxFp32UnderAutocast ? Dtype::Fp32 : c.c;
        emit("attn.probs", "B×A×S×S", L, softmax, scores, Sharded | Core);
        if (c.drop)
            emit("attn.attn_dropout.mask", "B×A×S×S", L, c.mask(c.c), scores, Sharded | Core);
        // What matmul(probs, v) saves: the dropout output, or the half copy of FP32 probabilities;
        // otherwise the softmax output itself again.
        if (c.drop || softmax != c.c)
            emit("attn.probs_dropped", "B×A×S×S", L, c.c, scores, Sharded | Core);
        if (B > 1)
            emit("attn.v", expand ? "B×A×S×d" : "B×KV×S×d", L, c.c, c.BS * kvWidth, Sharded);
        emit("attn.c_proj.input", "B×S×H", L, c.c, BSH, Sharded);
    } else {
        // SDPA and flash kernels save q, k and v, which are views of the fused c_attn output (its
        // whole storage counts once), the output (also c_proj's input) and an FP32 logsumexp.
        emit("attn.q", fused, L, c.c, c.BS * (H + 2 * c.kv), Sharded);
        emit("attn.out", "B×S×H", L, c.c, BSH, Sharded);
        emit("attn.lse", "B×A×S", L, Dtype::Fp32, c.BAS, Sharded);
    }
    if (c.copies)
        emit("attn.c_proj.weight_copy", "H×H", L, half, H * H, Sharded | WeightCopy);
    if (c.drop)
        emit("attn.resid_dropout.mask", "B×S×H", L, c.mask(c.c), BSH, 0);
    layerNorm(c, emit, L, kLn2, 0);
    emit("mlp.c_fc.input", "B×S×H", L, c.c, BSH, 0);
    if (c.copies)
        emit("mlp.c_fc.weight_copy", "H×F", L, half, H * F, Sharded | WeightCopy);
    emit("mlp.act.input", "B×S×F", L, c.c, BSF, Sharded);
    if (!c.x.fusedActivation) {
        // gelu_new as Python arithmetic: tanh saves its output, the final product both factors.
        emit("mlp.act.tanh_out", "B×S×F", L, c.c, BSF, Sharded);
        emit("mlp.act.half_x", "B×S×F", L, c.c, BSF, Sharded);
        emit("mlp.act.one_plus_tanh", "B×S×F", L, c.c, BSF, Sharded);
    }
    emit("mlp.c_proj.input", "B×S×F", L, c.c, BSF, Sharded);
    if (c.copies)
        emit("mlp.c_proj.weight_copy", "F×H", L, half, F * H, Sharded | WeightCopy);
    if (c.drop)
        emit("mlp.dropout.mask", "B×S×H", L, c.mask(c.c), BSH, 0);
}

// A LLaMA block as HF's LlamaDecoderLayer runs it (SAVED_TENSORS.md, "LLaMA layer"), with the
// profile's switches. Dropout exists only inside attention (attention_dropout).
template<typename Emit>
void llamaLayer(const Context &c, const Emit &emit)
{
    constexpr Region L = Region::Layer;
    const Count H = c.H, F = c.F;
    const Count BSH = c.BSH, BSF = c.BSF, scores = c.scores;
    const Dtype half = c.c;
    const bool split = c.r != c.c; // autocast: each projection casts the FP32 norm output itself
    rmsNorm(c, emit, L, kInputNorm, CheckpointInput);
    if (c.x.fusedProjections) {
        emit("self_attn.qkv_proj.input", "B×S×H", L, c.c, BSH, 0);
        if (c.copies)
            emit("self_attn.qkv_proj.weight_copy", c.gqa ? "H×(H+2·KV·d)" : "H×3H", L, half, H * (H + 2 * c.kv),
                 Sharded | WeightCopy);
    } else {
        emit("self_attn.q_proj.input", "B×S×H", L, split ? c.c : c.r, BSH, 0);
        if (split) {
            emit("self_attn.k_proj.input", "B×S×H", L, c.c, BSH, 0);
            emit("self_attn.v_proj.input", "B×S×H", L, c.c, BSH, 0);
        }
        if (c.copies) {
            emit("self_attn.q_proj.weight_copy", "H×H", L, half, H * H, Sharded | WeightCopy);
            emit("self_attn.k_proj.weight_copy", "H×KV·d", L, half, H * c.kv, Sharded | WeightCopy);
            emit("self_attn.v_proj.weight_copy", "H×KV·d", L, half, H * c.kv, Sharded | WeightCopy);
        }
    }
    if (c.kernel == AttentionKernel::Eager) {
        const bool expand = c.x.expandGroupedKv || !c.gqa;
        const Count kvWidth = expand ? H : c.kv;
        emit("self_attn.q", "B×A×S×d", L, c.c, BSH, Sharded);
        emit("self_attn.k_t", expand ? "B×A×d×S" : "B×KV×d×S", L, c.c, c.BS * kvWidth, Sharded);
        if (c.x.fusedSoftmax) {
            emit("self_attn.probs", "B×A×S×S", L, c.c, scores, Sharded | Core);
            if (c.drop) {
                emit("self_attn.dropout_mask", "B×A×S×S", L, c.mask(c.c), scores, Sharded | Core);
                emit("self_attn.probs_dropped", "B×A×S×S", L, c.c, scores, Sharded | Core);
            }
        } else {
            // softmax(dtype=float32), then .to(query dtype) and dropout, whose mask takes the
            // query's dtype: the residual dtype, since RoPE multiplies by tables of that dtype.
            emit("self_attn.probs_fp32", "B×A×S×S", L, Dtype::Fp32, scores, Sharded | Core);
            if (c.drop)
                emit("self_attn.dropout_mask", "B×A×S×S", L, c.mask(c.r), scores, Sharded | Core);
            if (c.drop || c.c != Dtype::Fp32)
                emit("self_attn.probs_dropped", "B×A×S×S", L, c.c, scores, Sharded | Core);
        }
        emit("self_attn.v", expand ? "B×A×S×d" : "B×KV×S×d", L, c.c, c.BS * kvWidth, Sharded);
        emit("self_attn.o_proj.input", "B×S×H", L, c.c, BSH, Sharded);
    } else {
        // FlashAttention reads grouped K/V at KV heads; SDPA gets them after repeat_kv.
        const bool expand = c.kernel == AttentionKernel::Sdpa && c.x.expandGroupedKv && c.gqa;
        const Count kvWidth = expand ? H : c.kv;
        emit("self_attn.q", "B×S×A×d", L, c.c, BSH, Sharded);
        std::string_view shape = expand || !c.gqa ? "B×S×A×d" : "B×S×KV×d";
        emit("self_attn.k", shape, L, c.c, c.BS * kvWidth, Sharded);
        emit("self_attn.v", shape, L, c.c, c.BS * kvWidth, Sharded);
        emit("self_attn.out", "B×S×A×d", L, c.c, BSH, Sharded);
        emit("self_attn.lse", "B×A×S", L, Dtype::Fp32, c.BAS, Sharded);
    }
    if (c.copies)
        emit("self_attn.o_proj.weight_copy", "H×H", L, half, H * H, Sharded | WeightCopy);
    rmsNorm(c, emit, L, kPostNorm, 0);
    if (c.x.fusedProjections) {
        emit("mlp.gate_up_proj.input", "B×S×H", L, c.c, BSH, 0);
        if (c.copies)
            emit("mlp.gate_up_proj.weight_copy", "H×2F", L, half, 2 * H * F, Sharded | WeightCopy);
    } else {
        emit("mlp.gate_proj.input", "B×S×H", L, split ? c.c : c.r, BSH, 0);
        if (split)
            emit("mlp.up_proj.input", "B×S×H", L, c.c, BSH, 0);
        if (c.copies) {
            emit("mlp.gate_proj.weight_copy", "H×F", L, half, H * F, Sharded | WeightCopy);
            emit("mlp.up_proj.weight_copy", "H×F", L, half, H * F, Sharded | WeightCopy);
        }
    }
    if (c.x.fusedActivation) {
        emit("mlp.gate_up_out", "B×S×2F", L, c.c, 2 * BSF, Sharded);
    } else {
        emit("mlp.act_fn.input", "B×S×F", L, c.c, BSF, Sharded);
        emit("mlp.act_out", "B×S×F", L, c.c, BSF, Sharded);
        emit("mlp.up_out", "B×S×F", L, c.c, BSF, Sharded);
    }
    emit("mlp.down_proj.input", "B×S×F", L, c.c, BSF, Sharded);
    if (c.copies)
        emit("mlp.down_proj.weight_copy", "F×H", L, half, F * H, Sharded | WeightCopy);
}

template<typename Emit>
void layerTensors(const Context &c, const Emit &emit)
{
    if (c.family == BlockFamily::Llama)
        llamaLayer(c, emit);
    else
        gpt2Layer(c, emit);
}

// Everything saved outside the blocks: SAVED_TENSORS.md, "outside the layers".
template<typename Emit>
void outsideTensors(const Context &c, const Emit &emit)
{
    const Count B = c.B, S = c.S, H = c.H;
    const Count BSH = c.BSH;
    const bool llama = c.family == BlockFamily::Llama;
    if (llama) {
        emit("embed_tokens.indices", "B×S", Region::Embedding, Dtype::Int64, c.BS, Whole);
    } else {
        emit("wte.indices", "B×S", Region::Embedding, Dtype::Int64, c.BS, Whole);
        if (c.positions)
            emit("wpe.indices", "S", Region::Embedding, Dtype::Int64, S, Whole);
        if (c.drop)
            emit("drop.mask", "B×S×H", Region::Embedding, c.mask(c.r), BSH, 0);
    }
    if (llama)
        rmsNorm(c, emit, Region::FinalNorm, kFinalNorm, 0);
    else
        layerNorm(c, emit, Region::FinalNorm, kLnF, 0);
    emit("lm_head.input", "B×S×H", Region::LmHead, c.c, BSH, 0);
    if (c.copies)
        emit("lm_head.weight_copy", "H×V", Region::LmHead, c.c, H * c.V, Sharded | WeightCopy);
    if (c.x.hfLoss) {
        emit("log_softmax", "B×S×V", Region::Loss, Dtype::Fp32, c.BSV, Sharded);
        // Labels padded to S + 1 and shifted: a copy when B > 1; with B = 1 the shifted slice is
        // contiguous and the padded storage itself is saved.
        emit("labels", B > 1 ? "B×S" : "S+1", Region::Loss, Dtype::Int64, B > 1 ? c.BS : S + 1, Whole);
    } else {
        emit("loss.softmax", "B×S×V", Region::Loss, Dtype::Fp32, c.BSV, Sharded);
        emit("loss.target_mask", "B×S", Region::Loss, Dtype::Bool, c.BS, Whole);
        emit("loss.masked_target", "B×S", Region::Loss, Dtype::Int64, c.BS, Whole);
    }
    if (llama) {
        emit("rope_cos", "S×d", Region::Shared, c.r, S * c.d, Whole);
        emit("rope_sin", "S×d", Region::Shared, c.r, S * c.d, Whole);
        // The reentrant checkpoint holds its tensor arguments: the 4-D mask (eager only) and
        // the positions.
        if (c.recompute == Recompute::Full && c.x.maskArgument) {
            if (c.kernel == AttentionKernel::Eager)
                emit("causal_mask", "B×S×S", Region::Shared, c.r, B * S * S, Whole);
            emit("cache_position", "S", Region::Shared, Dtype::Int64, S, Whole);
        }
    }
}

// The largest short-lived buffer of one layer's forward beyond what it saves.
Count layerForwardTransient(const Context &c)
{
    const Count scores = c.share(c.scores, Sharded);
    const Count BSH = c.share(c.BSH, 0);
    Count attention = 0;
    if (c.kernel == AttentionKernel::Eager) {
        if (c.x.fusedSoftmax) {
            // The raw scores QKᵀ beside the fused softmax's output.
            attention = scores * sizeOf(c.c);
        } else if (c.family == BlockFamily::Llama) {
            // matmul(q, kᵀ) * scaling, then + the 4-D mask (promoted to FP32 under autocast):
            // the scaled scores and the masked ones are live together.
            attention = scores * (sizeOf(c.c) + (sizeOf(c.r) > sizeOf(c.c) ? sizeOf(c.r) : sizeOf(c.c)));
        } else {
            // GPT-2: the scores, divided by sqrt(d), then torch.where against the causal buffer.
            attention = scores * 2 * sizeOf(c.c);
        }
    }
    Count other = 0;
    if (c.family == BlockFamily::Gpt2 && !c.x.fusedActivation) {
        // gelu_new's unsaved intermediates (x³, 0.044715·x³, x + ...): two B·S·F at a time.
        other = 2 * c.share(c.BSF, Sharded) * sizeOf(c.c);
    } else if (c.family == BlockFamily::Llama && !c.x.fusedNorm) {
        // RMSNorm's x.pow(2) (unless mean() saves it) and, below FP32, x * rstd before the cast.
        other = (c.x.meanSavesInput ? 0 : 4 * BSH) + (c.r != Dtype::Fp32 ? 4 * BSH : 0);
    }
    return attention > other ? attention : other;
}

struct Sums
{
    Count act = 0, copies = 0, core = 0, alias = 0, largest = 0;
    Count embedding = 0, finalNorm = 0, lmHead = 0, lmHeadCopy = 0, loss = 0, shared = 0;
};

// Flattened: the tensor lists inline into one loop-free sequence of additions (the hot path).
[[gnu::flatten]] Sums sums(const Context &c)
{
    Sums t;
    auto layer = [&c, &t](const Tensor &x) {
        if (x.flags & WeightCopy) {
            t.copies += x.bytes;
            return;
        }
        t.act += x.bytes;
        if (x.flags & Core)
            t.core += x.bytes;
        if ((x.flags & CheckpointInput) && x.dtype == c.r)
            t.alias += x.bytes;
        if (x.bytes > t.largest)
            t.largest = x.bytes;
    };
    layerTensors(c, Emitter<decltype(layer)>{ c, layer });
    auto outside = [&t](const Tensor &x) {
        switch (x.region) {
        case Region::Embedding: t.embedding += x.bytes; break;
        case Region::FinalNorm: t.finalNorm += x.bytes; break;
        case Region::LmHead: (x.flags & WeightCopy ? t.lmHeadCopy : t.lmHead) += x.bytes; break;
        case Region::Loss: t.loss += x.bytes; break;
        case Region::Shared: t.shared += x.bytes; break;
        case Region::Layer: break;
        }
    };
    outsideTensors(c, Emitter<decltype(outside)>{ c, outside });
    return t;
}

TransformerTerms termsOf(const Context &c)
{
    const Sums m = sums(c);
    TransformerTerms t;
    t.layerActivations = bytes(m.act);
    t.layerWeightCopies = bytes(m.copies);
    t.attentionCore = bytes(m.core);
    t.checkpointInput = bytes(c.share(c.BSH, 0) * sizeOf(c.r));
    t.checkpointAlias = bytes(m.alias);
    t.largestLayerTensor = bytes(m.largest);
    switch (c.recompute) {
    case Recompute::None:
        t.heldActivations = t.layerActivations;
        t.heldWeightCopies = t.layerWeightCopies;
        break;
    case Recompute::Full:
        // Reentrant checkpointing runs forward under no_grad and keeps only the layer input;
        // backward reruns one layer with grad, which saves its whole list again except the
        // tensor that is the checkpointed input itself, and autocast's weight copies.
        t.heldActivations = t.checkpointInput;
        t.recomputeActivations = t.layerActivations - t.checkpointAlias;
        t.recomputeWeightCopies = t.layerWeightCopies;
        break;
    case Recompute::Selective:
        t.heldActivations = t.layerActivations - t.attentionCore;
        t.heldWeightCopies = t.layerWeightCopies;
        t.recomputeActivations = t.attentionCore;
        break;
    }
    t.embedding = bytes(m.embedding);
    t.finalNorm = bytes(m.finalNorm);
    t.lmHead = bytes(m.lmHead);
    t.lmHeadWeightCopy = bytes(m.lmHeadCopy);
    t.loss = bytes(m.loss);
    t.shared = bytes(m.shared);

    const Count logits = c.share(c.BSV, Sharded);
    const Count half = sizeOf(c.c);
    if (c.x.hfLoss) {
        // Forward: the LM head's logits and their FP32 copy (logits.float(), a no-op in FP32)
        // live while log_softmax writes its saved output. Backward: nll_loss writes a dense FP32
        // gradient and log_softmax's backward another, both beside the saved output.
        t.lossForwardTransient = bytes(logits * (half + (c.c != Dtype::Fp32 ? 4 : 0)));
        t.lossBackwardTransient = bytes(logits * 8);
    } else {
        // Vocabulary-parallel cross-entropy: the FP32 copy becomes the saved softmax and then, in
        // place, the gradient; only the half-precision logits and their gradient are extra.
        const Count extra = c.c != Dtype::Fp32 ? logits * half : 0;
        t.lossForwardTransient = bytes(extra);
        t.lossBackwardTransient = bytes(extra);
    }
    t.layerForwardTransient = bytes(layerForwardTransient(c));
    // While a layer's backward runs: the gradient of the residual stream, and the gradient of its
    // largest saved tensor beside the gradient that op writes for its input.
    t.layerBackwardTransient = bytes(c.share(c.BSH, 0) * sizeOf(c.r) + 2 * m.largest);
    return t;
}

} // namespace

TransformerTerms transformerTerms(const Scenario &s)
{
    return termsOf(context(s));
}

ActivationEstimate TransformerActivations::estimate(const Scenario &s) const
{
    const TransformerTerms t = termsOf(context(s));
    // Pipeline parallelism: the first stage holds ceil(L/p) layers for min(p, m) micro-batches
    // (korthikanti.h); with p = 1 that is all L layers and the whole outside part.
    const Count held = pipelineLayersHeld(s);
    ActivationEstimate e;
    e.perLayer = t.layerActivations + t.layerWeightCopies;
    e.layers = (t.heldActivations + t.heldWeightCopies) * held;
    e.recompute = t.recomputeActivations + t.recomputeWeightCopies;
    const Bytes below = t.embedding + t.shared;
    // Under full recompute autocast still caches every layer's weight copies until forward ends.
    const Bytes cached = s.training.recompute == Recompute::Full ? t.layerWeightCopies * held : bytes(0);
    if (s.parallel.pipelineParallel <= 1) {
        e.outsideHead = t.finalNorm + t.lmHead + t.lmHeadWeightCopy + t.loss;
        e.outside = below + e.outsideHead;
        e.lossForwardTransient = t.lossForwardTransient;
        e.backwardTransient = t.lossBackwardTransient;
    } else {
        const Count layersPerStage = (s.model.layers + s.parallel.pipelineParallel - 1) / s.parallel.pipelineParallel;
        const Count inFlight = layersPerStage > 0 ? held / layersPerStage : 1;
        e.outside = below * inFlight;
    }
    e.forwardCache = cached;
    e.layerForwardTransient = t.layerForwardTransient;
    e.layerBackwardTransient = t.layerBackwardTransient;
    return e;
}

void TransformerActivations::itemize(const Scenario &s, std::vector<ActivationItem> &out) const
{
    const Context c = context(s);
    const bool full = c.recompute == Recompute::Full;
    const bool selective = c.recompute == Recompute::Selective;
    auto add = [&out](const Tensor &x, bool recomputed) {
        ActivationItem item;
        item.name = x.name;
        item.shape = x.shape;
        item.dtype = x.dtype;
        item.elements = x.elements;
        item.bytes = bytes(x.bytes);
        item.scope = x.region == Region::Layer ? ItemScope::Layer : ItemScope::Outside;
        item.recomputed = recomputed;
        item.region = regionName(x.region);
        item.weightCopy = (x.flags & WeightCopy) != 0;
        out.push_back(item);
    };
    if (full) {
        const Count n = c.share(c.BSH, 0);
        add(Tensor{ "checkpoint_input", "B×S×H", Region::Layer, c.r, n, n * sizeOf(c.r), CheckpointInput }, false);
    }
    auto layer = [&](const Tensor &x) {
        if (full && (x.flags & CheckpointInput) && x.dtype == c.r)
            return; // the checkpointed input itself, held above
        add(x, full || (selective && (x.flags & Core)));
    };
    layerTensors(c, Emitter<decltype(layer)>{ c, layer });
    auto outside = [&](const Tensor &x) { add(x, false); };
    outsideTensors(c, Emitter<decltype(outside)>{ c, outside });
}

} // namespace headroom
