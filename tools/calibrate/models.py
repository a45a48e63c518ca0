"""Decoder stacks written op for op like the Hugging Face `transformers` eager
implementations, for the calibration harness (measure.py, gpu_peak.py):
GPT-2, LLaMA, GPT-NeoX, Phi, Gemma-2, Mixtral, Qwen2-MoE, DeepSeek-V2 (MLA),
and on the LLaMA block LoRA, QLoRA and two loss implementations.

Reference code paths (transformers 4.4x-4.5x, eager attention):
  * GPT-2: `GPT2Block`, `GPT2Attention` (bool causal buffer + torch.where,
    softmax in the scores' dtype then `.type(value.dtype)`), `Conv1D`
    (`torch.addmm(bias, x.view(-1, nx), weight)`), `NewGELUActivation`
    (the tanh formula written out in Python), `GPT2Model` (wte + wpe,
    embedding dropout, ln_f), `GPT2LMHeadModel` (lm_head, tied to wte by
    default).
  * LLaMA: `LlamaRMSNorm` (upcast to fp32, pow/mean/rsqrt, `.to(input_dtype)`,
    `weight * h`), `LlamaRotaryEmbedding` (cos/sin computed once per forward
    in fp32 under no_grad, cast to the embeddings' dtype), `apply_rotary_pos_emb`
    with `rotate_half`, `repeat_kv`, `eager_attention_forward` (matmul * scaling,
    additive 4-D causal mask, softmax(dtype=float32).to(query.dtype), dropout,
    matmul), `LlamaMLP` (down(silu(gate(x)) * up(x))), `LlamaModel` with the
    4-D float causal mask `[B, 1, S, S]` built as `_update_causal_mask` does
    when a 2-D attention_mask is supplied (as the HF Trainer does).
  * Loss: `ForCausalLMLoss` (logits.float(), labels padded with -100 and
    shifted, cross_entropy mean).
  * Gradient checkpointing: HF's default `use_reentrant=True`, with the layer
    arguments passed positionally as `transformers` 4.4x does.

Newer families (transformers 4.48-4.50 eager paths unless noted; dropout 0 as
their configs default to; the 4-D causal mask and the layer loop as LLaMA's):
  * GPT-NeoX: `GPTNeoXLayer` with use_parallel_residual=True (input_layernorm and
    post_attention_layernorm both on the layer input, mlp + attn + x),
    `GPTNeoXAttention` (fused query_key_value with bias, view/transpose/chunk),
    its `apply_rotary_pos_emb` (rotate the first rotary_ndims = int(d * rotary_pct)
    dims, torch.cat the rest back), `eager_attention_forward` (softmax fp32), dense
    with bias; `GPTNeoXMLP` (dense_h_to_4h, GELUActivation = F.gelu erf,
    dense_4h_to_h); `GPTNeoXModel` (embed_in, emb_dropout, final_layer_norm),
    `GPTNeoXForCausalLM` (untied embed_out).
  * Phi: `PhiDecoderLayer` (one input_layernorm, attention and MLP in parallel,
    resid_dropout), `PhiAttention` (q/k/v/dense with bias, partial rotary by
    slicing + LLaMA's apply_rotary_pos_emb + torch.cat), `PhiMLP` (fc1,
    NewGELUActivation, fc2), `PhiModel` (final_layernorm), `PhiForCausalLM`
    (lm_head with bias).
  * Gemma-2: `Gemma2RMSNorm` (fp32, `output * (1.0 + weight.float())`,
    `.type_as(x)`), `Gemma2DecoderLayer` (input / post_attention /
    pre_feedforward / post_feedforward norms; the 4.50 sliding-window mask
    rewrite on even layers), `Gemma2Attention` (head_dim apart from H / A,
    scaling = query_pre_attn_scalar ** -0.5, GQA), Gemma-2's
    `eager_attention_forward` (scores / softcap, tanh, * softcap before the
    mask), `Gemma2MLP` (down(gelu_pytorch_tanh(gate) * up)), `Gemma2Model`
    (embeddings * sqrt(H) as a tensor in the embeddings' dtype),
    `Gemma2ForCausalLM` (tied; final_logit_softcapping on the logits).
  * Mixtral: `MixtralSparseMoeBlock` (router gate Linear, softmax(dtype=float),
    topk, in-place renormalisation, cast to the hidden dtype, one-hot expert
    mask, torch.where, hidden_states[None, top_x], expert, * routing weight,
    index_add_), `MixtralBlockSparseTop2MLP` (w2(act(w1(x)) * w3(x))),
    `load_balancing_loss_func` (the attention_mask branch) added to the loss with
    router_aux_loss_coef (output_router_logits=True).
  * Qwen2-MoE: `Qwen2MoeSparseMoeBlock` (norm_topk_prob, `shared_expert` and
    `sigmoid(shared_expert_gate(x))`), `Qwen2MoeAttention` (q/k/v bias),
    `Qwen2MoeMLP` experts.
  * DeepSeek-V2: transformers' native `DeepseekV2Attention` (eager; added after
    4.50): q_proj or q_a_proj + q_a_layernorm + q_b_proj, kv_a_proj_with_mqa
    split into compressed_kv / k_pe, kv_a_layernorm, kv_b_proj split into
    k_nope / value_states, complex RoPE (`apply_rotary_emb` with
    `DeepseekV2RotaryEmbedding`'s freqs_cis) on q_pe / k_pe only, k_pe expanded
    to every head, query / key by torch.cat, eager attention with v_head_dim,
    o_proj; dense `DeepseekV2MLP`. (DeepSeek's own remote code uses a real,
    interleaved RoPE and slice assignment into new_empty tensors instead.)
  * GPT-2 with `gelu: "fused"`: `F.gelu(x, approximate="tanh")` as nanoGPT /
    litgpt use it.

Training features on the LLaMA block (apply_features):
  * LoRA: peft.tuners.lora.layer.Linear (peft 0.13-0.14): frozen base_layer,
    lora_dropout (Dropout, or Identity for p = 0) before lora_A, lora_B,
    scaling alpha / r; adapters in fp32 (autocast_adapter_dtype); everything
    else frozen; with checkpointing enable_input_require_grads().
  * QLoRA: bitsandbytes' Linear4bit / MatMul4Bit (nf4, compute dtype bf16)
    emulated in plain torch (quantize_nf4: packed uint8 codes, fp32 absmax per
    64, or double-quantized int8 absmax + fp32 per 256), with PEFT's
    lora.bnb.Linear4bit forward.
  * torchtune: TransformerDecoder.chunked_output + CEWithChunkedOutputLoss
    (num_output_chunks = 8).
  * Liger: LigerFusedLinearCrossEntropyFunction emulated in plain torch
    (FusedLinearCrossEntropy): grad_input / grad_weight computed in forward.

Attention implementations (`attn_impl`):
  * "eager": the HF eager path above.
  * "flash_emulated": a custom autograd.Function that saves exactly what
    FlashAttention-2 (and SDPA's flash backend) keep for backward: q, k, v
    (K/V at KV-head count, no repeat), out, and an fp32 logsumexp of shape
    [B, A, S]. Forward and backward are computed with plain math; only the set of
    saved tensors is emulated. Results measured with it are labelled
    "emulated" in the fixture.
  * "sdpa": `torch.nn.functional.scaled_dot_product_attention` with
    is_causal=True (HF's sdpa path without a padding mask). Only available when
    torch has it (>= 2.0); used by gpu_peak.py.

The `op(...)`/`region(...)` context managers only push names on a list that the
tracker in measure.py reads; they run no tensor op and cost nothing otherwise.
"""

import contextlib
import copy
import math
from dataclasses import dataclass, asdict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint as _torch_checkpoint

HAS_SDPA = hasattr(F, "scaled_dot_product_attention")
TORCH_VERSION = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])

# --------------------------------------------------------------------------
# Naming hooks for the tracker (measure.py). No tensor work happens here.
# --------------------------------------------------------------------------
# Each entry: [kind, name(s), module_depth_at_push, saved_counter]; kind is
# "region" or "op". The counter lets the tracker hand out the names in order.
LABELS = []
MODULE_DEPTH = [0]  # updated by the tracker's module hooks; 0 when no tracker


@contextlib.contextmanager
def region(name):
    """Explicit region for code that runs outside any module (embedding sum,
    the checkpoint call of a layer, the loss)."""
    LABELS.append(["region", name, MODULE_DEPTH[0], 0])
    try:
        yield
    finally:
        LABELS.pop()


@contextlib.contextmanager
def op(*names):
    """Names the activation tensors that the wrapped op saves for the first
    time, in the order autograd saves them."""
    LABELS.append(["op", names, MODULE_DEPTH[0], 0])
    try:
        yield
    finally:
        LABELS.pop()


# --------------------------------------------------------------------------
# Configuration
# --------------------------------------------------------------------------
@dataclass
class ModelConfig:
    arch: str               # "gpt2" or "llama"
    hidden: int             # H
    heads: int              # A
    kv_heads: int           # KV (GPT-2: always == heads)
    ffn: int                # F (GPT-2 n_inner, LLaMA intermediate_size)
    vocab: int              # V
    layers: int             # L
    tied: bool              # lm_head.weight is the input embedding
    dropout: float = 0.0    # GPT-2: attn/resid/embd pdrop; LLaMA: attention_dropout
    attn_impl: str = "eager"
    max_positions: int = 1024  # GPT-2 n_positions (wpe rows, causal buffer side)
    norm_eps: float = 1e-5
    rope_theta: float = 10000.0
    # ---- extensions for the newer block families. None = not used: such a field is left
    # out of to_dict(), so the configurations that predate them serialise as before.
    head_size: int = None            # head dim apart from H / A (Gemma-2 `head_dim`)
    rotary_pct: float = None         # GPT-NeoX `rotary_pct`, Phi `partial_rotary_factor`
    gelu: str = None                 # GPT-2 MLP activation: "python" (gelu_new written out, default) | "fused"
    attn_softcap: float = None       # Gemma-2 `attn_logit_softcapping`
    final_softcap: float = None      # Gemma-2 `final_logit_softcapping`
    query_pre_attn_scalar: float = None  # Gemma-2: scaling = query_pre_attn_scalar ** -0.5
    sliding_window: int = None       # Gemma-2 (even layers); >= S here, so the mask is unchanged
    experts: int = None              # MoE: routed experts (Mixtral `num_local_experts`, Qwen2-MoE `num_experts`)
    top_k: int = None                # MoE: `num_experts_per_tok`
    norm_topk_prob: bool = None      # MoE: renormalise the top-k weights (Mixtral always; Qwen2-MoE flag)
    shared_ffn: int = None           # Qwen2-MoE `shared_expert_intermediate_size` (0/None: no shared expert)
    router_aux_loss_coef: float = None  # MoE: load-balancing loss weight (output_router_logits=True)
    attention_bias: bool = None      # Qwen2-MoE: q/k/v_proj with bias
    q_lora_rank: int = None          # MLA: 0 = q_proj (HF q_lora_rank null), > 0: q_a_proj + q_a_layernorm + q_b_proj
    kv_lora_rank: int = None         # MLA
    qk_rope_head_dim: int = None     # MLA
    qk_nope_head_dim: int = None     # MLA
    v_head_dim: int = None           # MLA
    conv_layers: int = None          # LFM2: the first conv_layers layers run a gated short convolution
    conv_kernel: int = None          # LFM2: `conv_L_cache`, the convolution's width
    qk_norm: bool = None             # LFM2 (Qwen3 too): an RMSNorm over each q and k head

    @property
    def head_dim(self):
        if self.head_size:
            return self.head_size
        return self.hidden // self.heads

    @property
    def rotary_dim(self):
        """Rotated dims per head (partial rotary: int(head_dim * pct), as HF computes it)."""
        if self.rotary_pct is None:
            return self.head_dim
        return int(self.head_dim * self.rotary_pct)

    def to_dict(self):
        d = asdict(self)
        for k in EXTENSION_FIELDS:
            if d[k] is None:
                del d[k]
        return d


EXTENSION_FIELDS = ("head_size", "rotary_pct", "gelu", "attn_softcap", "final_softcap", "query_pre_attn_scalar",
                    "sliding_window", "experts", "top_k", "norm_topk_prob", "shared_ffn", "router_aux_loss_coef",
                    "attention_bias", "q_lora_rank", "kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim",
                    "v_head_dim", "conv_layers", "conv_kernel", "qk_norm")


# --------------------------------------------------------------------------
# Attention kernels shared by both families
# --------------------------------------------------------------------------
class FlashEmulated(torch.autograd.Function):
    """Saves what FlashAttention-2 saves: q, k, v, out, lse (fp32, [B, A, S]).

    Layout as in flash_attn_func: q [B, S, A, d], k/v [B, S, KV, d] (no KV
    repeat), out [B, S, A, d]. Dropout is regenerated from the RNG in the real
    kernel, so no mask is saved; this emulation replays it with a seed
    (a Python int, not a tensor).
    """

    @staticmethod
    def forward(ctx, q, k, v, scale, dropout_p, causal):
        B, S, A, d = q.shape
        KV = k.shape[2]
        rep = A // KV
        seed = int(torch.randint(0, 2**31 - 1, (1,)).item()) if dropout_p > 0 else 0
        with torch.autocast(device_type=q.device.type, enabled=False):  # a kernel: fp32 lse
            out, lse = FlashEmulated._math(q, k, v, scale, dropout_p, causal, rep, seed)
        ctx.scale, ctx.dropout_p, ctx.causal, ctx.rep, ctx.seed = scale, dropout_p, causal, rep, seed
        ctx.save_for_backward(q, k, v, out, lse)
        return out

    @staticmethod
    def _math(q, k, v, scale, dropout_p, causal, rep, seed):
        qh = q.transpose(1, 2).float()
        kh = k.transpose(1, 2).float().repeat_interleave(rep, dim=1)
        vh = v.transpose(1, 2).float().repeat_interleave(rep, dim=1)
        s = torch.matmul(qh, kh.transpose(-1, -2)) * scale
        if causal:
            S = s.shape[-1]
            m = torch.ones(S, S, dtype=torch.bool, device=s.device).triu(1)
            s = s.masked_fill(m, float("-inf"))
        lse = torch.logsumexp(s, dim=-1)  # [B, A, S] fp32
        p = torch.exp(s - lse.unsqueeze(-1))
        if dropout_p > 0:
            g = torch.Generator(device=p.device)
            g.manual_seed(seed)
            keep = torch.rand(p.shape, generator=g, device=p.device) >= dropout_p
            p = p * keep / (1.0 - dropout_p)
        out = torch.matmul(p, vh).to(q.dtype).transpose(1, 2).contiguous()
        return out, lse

    @staticmethod
    def backward(ctx, grad_out):
        q, k, v, _out, _lse = ctx.saved_tensors
        # The recomputation below is this emulation's own business (a real
        # kernel keeps no autograd graph): hide it from outer saved-tensor hooks.
        with torch.enable_grad(), torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
            q_ = q.detach().requires_grad_(True)
            k_ = k.detach().requires_grad_(True)
            v_ = v.detach().requires_grad_(True)
            with torch.autocast(device_type=q.device.type, enabled=False):
                out, _ = FlashEmulated._math(q_, k_, v_, ctx.scale, ctx.dropout_p, ctx.causal, ctx.rep, ctx.seed)
            gq, gk, gv = torch.autograd.grad(out, (q_, k_, v_), grad_out)
        return gq, gk, gv, None, None, None


def flash_attention_emulated(query, key, value, scale, dropout_p):
    """query [B, A, S, d], key/value [B, KV, S, d] -> [B, S, A, d] (contiguous),
    like HF's `_flash_attention_forward` (it transposes to [B, S, heads, d])."""
    q = query.transpose(1, 2)
    k = key.transpose(1, 2)
    v = value.transpose(1, 2)
    if q.dtype == torch.float32 and _autocast_enabled(q.device.type):
        # HF flash_attention_forward: fp32 inputs (LLaMA's RoPE output under
        # autocast is fp32) are cast to the autocast dtype before the kernel.
        dt = _autocast_dtype(q.device.type)
        q, k, v = q.to(dt), k.to(dt), v.to(dt)
    with op("q", "k", "v", "out", "lse"):
        return FlashEmulated.apply(q, k, v, scale, dropout_p, True)


def _autocast_enabled(device_type):
    if device_type == "cuda":
        return torch.is_autocast_enabled()
    return torch.is_autocast_cpu_enabled()


def _autocast_dtype(device_type):
    if device_type == "cuda":
        return torch.get_autocast_gpu_dtype()
    return torch.get_autocast_cpu_dtype()


def sdpa_attention(query, key, value, scale, dropout_p, n_rep):
    """HF `sdpa_attention_forward` without a padding mask -> [B, S, A, d]."""
    if not HAS_SDPA:
        raise RuntimeError("torch %s has no scaled_dot_product_attention" % torch.__version__)
    kwargs = {}
    if TORCH_VERSION >= (2, 5):
        kwargs["enable_gqa"] = n_rep > 1  # HF: use_gqa_in_sdpa() when no mask
    else:
        key = repeat_kv(key, n_rep)
        value = repeat_kv(value, n_rep)
    if TORCH_VERSION >= (2, 1):
        kwargs["scale"] = scale
    with op("sdpa"):
        out = F.scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=dropout_p,
                                             is_causal=True, **kwargs)
    return out.transpose(1, 2).contiguous()


def repeat_kv(hidden_states, n_rep):
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


def causal_lm_loss(logits, labels, vocab_size, ignore_index=-100):
    """transformers.loss.loss_utils.ForCausalLMLoss (mean reduction)."""
    with op("logits_fp32"):
        logits = logits.float()
    labels = F.pad(labels, (0, 1), value=ignore_index)
    shift_labels = labels[..., 1:].contiguous()
    logits = logits.view(-1, vocab_size)
    shift_labels = shift_labels.view(-1)
    with op("log_softmax", "log_softmax", "labels"):
        return F.cross_entropy(logits, shift_labels, ignore_index=ignore_index, reduction="mean")


# Called with each tensor that the reentrant checkpoint keeps alive outside
# save_for_backward: tensors inside non-tensor arguments (LLaMA's
# position_embeddings tuple) go to ctx.inputs and live until backward.
HELD_BY_CHECKPOINT = []


def _checkpoint(fn, *args):
    out = _torch_checkpoint(fn, *args, use_reentrant=True)
    for sink in HELD_BY_CHECKPOINT:
        for a in args:
            if isinstance(a, (tuple, list)):
                for t in a:
                    if isinstance(t, torch.Tensor):
                        sink(t)
    return out


CHECKPOINT_IMPL = "torch.utils.checkpoint.checkpoint(use_reentrant=True), HF default"


# --------------------------------------------------------------------------
# GPT-2
# --------------------------------------------------------------------------
class Conv1D(nn.Module):
    """transformers.pytorch_utils.Conv1D."""

    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.empty(nx, nf))
        self.bias = nn.Parameter(torch.zeros(nf))
        nn.init.normal_(self.weight, std=0.02)

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        with op("input"):
            x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        x = x.view(size_out)
        return x


class NewGELUActivation(nn.Module):
    """transformers.activations.NewGELUActivation (gelu_new), op for op."""

    def forward(self, input):
        with op("input"):
            cube = torch.pow(input, 3.0)
        inner = input + 0.044715 * cube
        with op("tanh_out"):
            t = torch.tanh(math.sqrt(2.0 / math.pi) * inner)
        with op("half_x", "one_plus_tanh"):
            return 0.5 * input * (1.0 + t)


class FusedGELUTanh(nn.Module):
    """`F.gelu(x, approximate="tanh")`: one ATen op (nanoGPT's / litgpt's GELU, HF's
    `gelu_pytorch_tanh`, `PytorchGELUTanh`); saves only its input."""

    def forward(self, input):
        with op("input"):
            return F.gelu(input, approximate="tanh")


class GPT2Attention(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        n = cfg.max_positions
        self.register_buffer("bias", torch.tril(torch.ones((n, n), dtype=torch.bool)).view(1, 1, n, n),
                             persistent=False)
        self.embed_dim = cfg.hidden
        self.num_heads = cfg.heads
        self.head_dim = cfg.head_dim
        self.split_size = cfg.hidden
        self.attn_impl = cfg.attn_impl
        self.dropout_p = cfg.dropout
        self.layer_idx = layer_idx
        self.c_attn = Conv1D(3 * cfg.hidden, cfg.hidden)
        self.c_proj = Conv1D(cfg.hidden, cfg.hidden)
        self.attn_dropout = nn.Dropout(cfg.dropout)
        self.resid_dropout = nn.Dropout(cfg.dropout)

    def _eager(self, query, key, value):
        with op("q", "k_t"):
            attn_weights = torch.matmul(query, key.transpose(-1, -2))
        with op("scale"):
            attn_weights = attn_weights / torch.full([], value.size(-1) ** 0.5, dtype=attn_weights.dtype,
                                                     device=attn_weights.device)
        query_length, key_length = query.size(-2), key.size(-2)
        causal_mask = self.bias[:, :, key_length - query_length: key_length, :key_length]
        mask_value = torch.finfo(attn_weights.dtype).min
        mask_value = torch.full([], mask_value, dtype=attn_weights.dtype, device=attn_weights.device)
        with op("causal_where"):
            attn_weights = torch.where(causal_mask, attn_weights.to(attn_weights.dtype), mask_value)
        with op("probs"):
            attn_weights = nn.functional.softmax(attn_weights, dim=-1)
        with op("probs_vdtype"):
            attn_weights = attn_weights.type(value.dtype)
        attn_weights = self.attn_dropout(attn_weights)
        with op("probs_dropped", "v"):
            attn_output = torch.matmul(attn_weights, value)
        return attn_output.transpose(1, 2)

    def forward(self, hidden_states):
        query_states, key_states, value_states = self.c_attn(hidden_states).split(self.split_size, dim=2)
        shape_q = (*query_states.shape[:-1], -1, self.head_dim)
        shape_kv = (*key_states.shape[:-1], -1, self.head_dim)
        query_states = query_states.view(shape_q).transpose(1, 2)
        key_states = key_states.view(shape_kv).transpose(1, 2)
        value_states = value_states.view(shape_kv).transpose(1, 2)
        p = self.dropout_p if self.training else 0.0
        if self.attn_impl == "eager":
            attn_output = self._eager(query_states, key_states, value_states)
        elif self.attn_impl == "flash_emulated":
            attn_output = flash_attention_emulated(query_states, key_states, value_states,
                                                   1.0 / math.sqrt(self.head_dim), p)
        elif self.attn_impl == "sdpa":
            attn_output = sdpa_attention(query_states, key_states, value_states,
                                         1.0 / math.sqrt(self.head_dim), p, 1)
        else:
            raise ValueError(self.attn_impl)
        attn_output = attn_output.reshape(*attn_output.shape[:-2], -1).contiguous()
        attn_output = self.c_proj(attn_output)
        attn_output = self.resid_dropout(attn_output)
        return attn_output


class GPT2MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.c_fc = Conv1D(cfg.ffn, cfg.hidden)
        self.c_proj = Conv1D(cfg.hidden, cfg.ffn)
        self.act = FusedGELUTanh() if cfg.gelu == "fused" else NewGELUActivation()
        self.dropout = nn.Dropout(cfg.dropout)

    def forward(self, hidden_states):
        hidden_states = self.c_fc(hidden_states)
        hidden_states = self.act(hidden_states)
        hidden_states = self.c_proj(hidden_states)
        hidden_states = self.dropout(hidden_states)
        return hidden_states


class GPT2Block(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.ln_1 = nn.LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.attn = GPT2Attention(cfg, layer_idx)
        self.ln_2 = nn.LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.mlp = GPT2MLP(cfg)

    def forward(self, hidden_states, layer_past=None, attention_mask=None, head_mask=None):
        residual = hidden_states
        hidden_states = self.ln_1(hidden_states)
        attn_output = self.attn(hidden_states)
        hidden_states = attn_output + residual
        residual = hidden_states
        hidden_states = self.ln_2(hidden_states)
        feed_forward_hidden_states = self.mlp(hidden_states)
        hidden_states = residual + feed_forward_hidden_states
        return hidden_states


class GPT2Model(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.wte = nn.Embedding(cfg.vocab, cfg.hidden)
        self.wpe = nn.Embedding(cfg.max_positions, cfg.hidden)
        nn.init.normal_(self.wte.weight, std=0.02)
        nn.init.normal_(self.wpe.weight, std=0.01)
        self.drop = nn.Dropout(cfg.dropout)
        self.h = nn.ModuleList([GPT2Block(cfg, i) for i in range(cfg.layers)])
        self.ln_f = nn.LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.gradient_checkpointing = False

    def forward(self, input_ids):
        B, S = input_ids.shape
        with region("embedding"):
            position_ids = torch.arange(0, S, dtype=torch.long, device=input_ids.device).unsqueeze(0)
            inputs_embeds = self.wte(input_ids)
            position_embeds = self.wpe(position_ids)
            hidden_states = inputs_embeds + position_embeds
            hidden_states = self.drop(hidden_states)
        for i, block in enumerate(self.h):
            if self.gradient_checkpointing and self.training:
                with region("layer.%d" % i), op("checkpoint_input"):
                    # transformers 4.4x: checkpoint(block, hidden_states, None, attention_mask,
                    # head_mask[i], ...) with attention_mask/head_mask None -> only
                    # hidden_states is a tensor argument.
                    hidden_states = _checkpoint(block, hidden_states, None, None, None)
            else:
                hidden_states = block(hidden_states)
        hidden_states = self.ln_f(hidden_states)
        return hidden_states


class GPT2LMHeadModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.transformer = GPT2Model(cfg)
        self.lm_head = nn.Linear(cfg.hidden, cfg.vocab, bias=False)
        if cfg.tied:
            self.lm_head.weight = self.transformer.wte.weight
        else:
            nn.init.normal_(self.lm_head.weight, std=0.02)
        self.shared = {}

    def gradient_checkpointing_enable(self):
        self.transformer.gradient_checkpointing = True

    def region_modules(self):
        m = {"transformer.wte": "embedding", "transformer.wpe": "embedding", "transformer.drop": "embedding",
             "transformer.ln_f": "final_norm", "lm_head": "lm_head"}
        for i in range(self.cfg.layers):
            m["transformer.h.%d" % i] = "layer.%d" % i
        return m

    def forward(self, input_ids, labels):
        self.shared = {}
        hidden_states = self.transformer(input_ids)
        logits = self.lm_head(hidden_states)
        with region("loss"):
            loss = causal_lm_loss(logits, labels, self.cfg.vocab)
        return loss


# --------------------------------------------------------------------------
# LLaMA
# --------------------------------------------------------------------------
class LlamaRMSNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        input_dtype = hidden_states.dtype
        hidden_states = hidden_states.to(torch.float32)
        with op("x_fp32", "x_squared"):
            variance = hidden_states.pow(2).mean(-1, keepdim=True)
        with op("rstd"):
            r = torch.rsqrt(variance + self.variance_epsilon)
        with op("x_fp32", "rstd"):  # both already saved above: aliases
            hidden_states = hidden_states * r
        with op("normed"):
            return self.weight * hidden_states.to(input_dtype)


class LlamaRotaryEmbedding(nn.Module):
    def __init__(self, cfg, dim=None):
        super().__init__()
        dim = dim or cfg.head_dim  # partial rotary (GPT-NeoX, Phi): the rotated dims only
        inv_freq = 1.0 / (cfg.rope_theta ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.attention_scaling = 1.0

    @torch.no_grad()
    def forward(self, x, position_ids):
        inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1).to(x.device)
        position_ids_expanded = position_ids[:, None, :].float()
        device_type = x.device.type if isinstance(x.device.type, str) and x.device.type != "mps" else "cpu"
        with torch.autocast(device_type=device_type, enabled=False):
            freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
            emb = torch.cat((freqs, freqs), dim=-1)
            cos = emb.cos() * self.attention_scaling
            sin = emb.sin() * self.attention_scaling
        return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin, unsqueeze_dim=1):
    cos = cos.unsqueeze(unsqueeze_dim)
    sin = sin.unsqueeze(unsqueeze_dim)
    with op("rope_q"):
        q_embed = (q * cos) + (rotate_half(q) * sin)
    with op("rope_k"):
        k_embed = (k * cos) + (rotate_half(k) * sin)
    return q_embed, k_embed


class LlamaAttention(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.layer_idx = layer_idx
        self.head_dim = cfg.head_dim
        self.num_key_value_groups = cfg.heads // cfg.kv_heads
        self.scaling = self.head_dim ** -0.5
        self.attention_dropout = cfg.dropout
        self.attn_impl = cfg.attn_impl
        self.q_proj = nn.Linear(cfg.hidden, cfg.heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(cfg.hidden, cfg.kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(cfg.hidden, cfg.kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(cfg.heads * self.head_dim, cfg.hidden, bias=False)
        if cfg.qk_norm:  # LFM2's q_layernorm / k_layernorm (Qwen3's q_norm / k_norm): per head, before RoPE
            self.q_norm = LlamaRMSNorm(self.head_dim, eps=cfg.norm_eps)
            self.k_norm = LlamaRMSNorm(self.head_dim, eps=cfg.norm_eps)

    def _eager(self, query, key, value, attention_mask, dropout):
        """transformers.models.llama.modeling_llama.eager_attention_forward"""
        key_states = repeat_kv(key, self.num_key_value_groups)
        value_states = repeat_kv(value, self.num_key_value_groups)
        with op("q", "k_t"):
            attn_weights = torch.matmul(query, key_states.transpose(2, 3))
        with op("scale"):
            attn_weights = attn_weights * self.scaling
        if attention_mask is not None:
            causal_mask = attention_mask[:, :, :, : key_states.shape[-2]]
            attn_weights = attn_weights + causal_mask
        with op("probs_fp32"):
            attn_weights = nn.functional.softmax(attn_weights, dim=-1, dtype=torch.float32)
        with op("probs_qdtype"):
            attn_weights = attn_weights.to(query.dtype)
        with op("dropout_mask"):
            attn_weights = nn.functional.dropout(attn_weights, p=dropout, training=self.training)
        with op("probs_dropped", "v"):
            attn_output = torch.matmul(attn_weights, value_states)
        attn_output = attn_output.transpose(1, 2).contiguous()
        return attn_output

    def forward(self, hidden_states, position_embeddings, attention_mask):
        input_shape = hidden_states.shape[:-1]
        hidden_shape = (*input_shape, -1, self.head_dim)
        if hasattr(self, "q_norm"):
            query_states = self.q_norm(self.q_proj(hidden_states).view(hidden_shape)).transpose(1, 2)
            key_states = self.k_norm(self.k_proj(hidden_states).view(hidden_shape)).transpose(1, 2)
        else:
            query_states = self.q_proj(hidden_states).view(hidden_shape).transpose(1, 2)
            key_states = self.k_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        value_states = self.v_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        cos, sin = position_embeddings
        query_states, key_states = apply_rotary_pos_emb(query_states, key_states, cos, sin)
        dropout = 0.0 if not self.training else self.attention_dropout
        if self.attn_impl == "eager":
            attn_output = self._eager(query_states, key_states, value_states, attention_mask, dropout)
        elif self.attn_impl == "flash_emulated":
            attn_output = flash_attention_emulated(query_states, key_states, value_states, self.scaling, dropout)
        elif self.attn_impl == "sdpa":
            attn_output = sdpa_attention(query_states, key_states, value_states, self.scaling, dropout,
                                         self.num_key_value_groups)
        else:
            raise ValueError(self.attn_impl)
        attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        attn_output = self.o_proj(attn_output)
        return attn_output


class LlamaMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.gate_proj = nn.Linear(cfg.hidden, cfg.ffn, bias=False)
        self.up_proj = nn.Linear(cfg.hidden, cfg.ffn, bias=False)
        self.down_proj = nn.Linear(cfg.ffn, cfg.hidden, bias=False)
        self.act_fn = nn.SiLU()

    def forward(self, x):
        g = self.act_fn(self.gate_proj(x))
        u = self.up_proj(x)
        with op("act_out", "up_out"):
            h = g * u
        return self.down_proj(h)


class LlamaDecoderLayer(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.self_attn = LlamaAttention(cfg, layer_idx)
        self.mlp = LlamaMLP(cfg)
        self.input_layernorm = LlamaRMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.post_attention_layernorm = LlamaRMSNorm(cfg.hidden, eps=cfg.norm_eps)

    def forward(self, hidden_states, attention_mask=None, position_ids=None, cache_position=None,
                position_embeddings=None):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states = self.self_attn(hidden_states, position_embeddings, attention_mask)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.post_attention_layernorm(hidden_states)
        hidden_states = self.mlp(hidden_states)
        hidden_states = residual + hidden_states
        return hidden_states


# --------------------------------------------------------------------------
# LFM2 (transformers models/lfm2/modeling_lfm2.py at 0096ba4f): LLaMA's layers with q/k norms,
# and in the conv layers a gated short convolution where attention was. The CPU runs
# Lfm2ShortConv.slow_forward (cuda_kernels_forward needs a GPU and causal-conv1d). Module names
# follow the LLaMA classes above (input_layernorm, mlp.gate_proj, q_norm...), which Headroom's
# lists use; LFM2 itself calls them operator_norm, feed_forward.w1, q_layernorm.
# --------------------------------------------------------------------------
class Lfm2ShortConv(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        k = cfg.conv_kernel
        self.conv = nn.Conv1d(cfg.hidden, cfg.hidden, kernel_size=k, groups=cfg.hidden, bias=False, padding=k - 1)
        self.in_proj = nn.Linear(cfg.hidden, 3 * cfg.hidden, bias=False)
        self.out_proj = nn.Linear(cfg.hidden, cfg.hidden, bias=False)

    def forward(self, x):
        seqlen = x.shape[1]
        bcx = self.in_proj(x).transpose(-1, -2)
        b, c, xs = bcx.chunk(3, dim=-2)
        with op("in_proj.output", "in_proj.output"):  # two views of in_proj's output
            bx = b * xs
        # padding K - 1 on both sides: S + K - 1 outputs, of which the slice keeps S
        conv_out = self.conv(bx)[..., :seqlen]
        with op("in_proj.output", "conv.output"):
            y = c * conv_out
        y = y.transpose(-1, -2).contiguous()
        return self.out_proj(y)


class Lfm2DecoderLayer(LlamaDecoderLayer):
    def __init__(self, cfg, layer_idx):
        super().__init__(cfg, layer_idx)
        self.is_conv = layer_idx < (cfg.conv_layers or 0)
        if self.is_conv:
            del self.self_attn
            self.conv = Lfm2ShortConv(cfg)

    def forward(self, hidden_states, attention_mask=None, position_ids=None, cache_position=None,
                position_embeddings=None):
        if not self.is_conv:
            return super().forward(hidden_states, attention_mask, position_ids, cache_position, position_embeddings)
        # The 4-D causal mask reaches the convolution too, where apply_mask_to_padding_states
        # leaves the input alone (its second dimension is 1).
        residual = hidden_states
        hidden_states = self.conv(self.input_layernorm(hidden_states))
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.mlp(self.post_attention_layernorm(hidden_states))
        return residual + hidden_states


def hf_causal_mask(inputs_embeds, cache_position, attn_impl):
    """_update_causal_mask with a 2-D attention_mask of ones (HF Trainer passes
    one): a materialised [B, 1, S, S] mask in the embeddings' dtype. None for
    the flash / sdpa paths (no padding -> HF passes no mask)."""
    if attn_impl != "eager":
        return None
    dtype, device = inputs_embeds.dtype, inputs_embeds.device
    B, S = inputs_embeds.shape[:2]
    min_dtype = torch.finfo(dtype).min
    causal_mask = torch.full((S, S), fill_value=min_dtype, dtype=dtype, device=device)
    causal_mask = torch.triu(causal_mask, diagonal=1)
    causal_mask *= torch.arange(S, device=device) > cache_position.reshape(-1, 1)
    causal_mask = causal_mask[None, None, :, :].expand(B, 1, -1, -1)
    causal_mask = causal_mask.clone()  # HF clones when an attention_mask is given
    return causal_mask


class LlamaModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.embed_tokens = nn.Embedding(cfg.vocab, cfg.hidden)
        nn.init.normal_(self.embed_tokens.weight, std=0.02)
        layer = Lfm2DecoderLayer if cfg.arch == "lfm2" else LlamaDecoderLayer
        self.layers = nn.ModuleList([layer(cfg, i) for i in range(cfg.layers)])
        self.norm = LlamaRMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.rotary_emb = LlamaRotaryEmbedding(cfg)
        self.gradient_checkpointing = False
        self.record_shared = False  # measure.py sets it: keep refs to the shared tensors to name them
        self.shared = {}

    def _causal_mask(self, inputs_embeds, cache_position):
        return hf_causal_mask(inputs_embeds, cache_position, self.cfg.attn_impl)

    def forward(self, input_ids):
        with region("embedding"):
            inputs_embeds = self.embed_tokens(input_ids)
        S = inputs_embeds.shape[1]
        cache_position = torch.arange(0, S, device=inputs_embeds.device)
        position_ids = cache_position.unsqueeze(0)
        causal_mask = self._causal_mask(inputs_embeds, cache_position)
        hidden_states = inputs_embeds
        position_embeddings = self.rotary_emb(hidden_states, position_ids)
        if self.record_shared:
            self.shared = {"causal_mask": causal_mask, "cache_position": cache_position,
                           "rope_cos": position_embeddings[0], "rope_sin": position_embeddings[1]}
        for i, decoder_layer in enumerate(self.layers):
            if self.gradient_checkpointing and self.training:
                with region("layer.%d" % i), op("checkpoint_input"):
                    # transformers 4.4x passes these positionally to the reentrant
                    # checkpoint: tensors among them are saved for backward.
                    hidden_states = _checkpoint(decoder_layer.__call__, hidden_states, causal_mask,
                                                position_ids, cache_position, position_embeddings)
            else:
                hidden_states = decoder_layer(hidden_states, attention_mask=causal_mask,
                                              position_ids=position_ids, cache_position=cache_position,
                                              position_embeddings=position_embeddings)
        hidden_states = self.norm(hidden_states)
        return hidden_states


class LlamaForCausalLM(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.model = LlamaModel(cfg)
        self.lm_head = nn.Linear(cfg.hidden, cfg.vocab, bias=False)
        if cfg.tied:
            self.lm_head.weight = self.model.embed_tokens.weight
        else:
            nn.init.normal_(self.lm_head.weight, std=0.02)

    @property
    def shared(self):
        return self.model.shared

    def gradient_checkpointing_enable(self):
        self.model.gradient_checkpointing = True

    def region_modules(self):
        m = {"model.embed_tokens": "embedding", "model.norm": "final_norm", "lm_head": "lm_head"}
        for i in range(self.cfg.layers):
            m["model.layers.%d" % i] = "layer.%d" % i
        return m

    loss_impl = "hf"  # "hf" | "chunked_ce" | "fused_linear_ce" (apply_features)

    def forward(self, input_ids, labels):
        hidden_states = self.model(input_ids)
        if self.loss_impl == "chunked_ce":
            return torchtune_chunked_forward(self, hidden_states, labels)
        if self.loss_impl == "fused_linear_ce":
            return liger_fused_linear_forward(self, hidden_states, labels)
        logits = self.lm_head(hidden_states[:, slice(0, None), :])
        with region("loss"):
            loss = causal_lm_loss(logits, labels, self.cfg.vocab)
        return loss



# ==========================================================================
# Newer block families (transformers 4.48-4.50 eager code paths, except where noted)
# ==========================================================================
def eager_attention_forward(module, query, key, value, attention_mask, scaling, dropout=0.0, softcap=None):
    """transformers' `eager_attention_forward` as LLaMA, Phi, Mixtral, Qwen2-MoE and DeepSeek-V2 have
    it (repeat_kv, matmul * scaling, additive mask, softmax(dtype=float32).to(query.dtype), dropout,
    matmul); GPT-NeoX's is the same without repeat_kv (num_key_value_groups = 1); Gemma-2's adds the
    logit soft-capping (scores / cap, tanh, * cap) before the mask."""
    n_rep = getattr(module, "num_key_value_groups", 1)
    key_states = repeat_kv(key, n_rep)
    value_states = repeat_kv(value, n_rep)
    with op("q", "k_t"):
        attn_weights = torch.matmul(query, key_states.transpose(2, 3))
    with op("scale"):
        attn_weights = attn_weights * scaling
    if softcap is not None:
        attn_weights = attn_weights / softcap
        with op("softcap_tanh"):
            attn_weights = torch.tanh(attn_weights)
        attn_weights = attn_weights * softcap
    if attention_mask is not None:
        causal_mask = attention_mask[:, :, :, : key_states.shape[-2]]
        attn_weights = attn_weights + causal_mask
    with op("probs_fp32"):
        attn_weights = nn.functional.softmax(attn_weights, dim=-1, dtype=torch.float32)
    with op("probs_qdtype"):
        attn_weights = attn_weights.to(query.dtype)
    with op("dropout_mask"):
        attn_weights = nn.functional.dropout(attn_weights, p=dropout, training=module.training)
    with op("probs_dropped", "v"):
        attn_output = torch.matmul(attn_weights, value_states)
    return attn_output.transpose(1, 2).contiguous()


class GELUActivation(nn.Module):
    """transformers.activations.GELUActivation (`gelu`): nn.functional.gelu, erf form."""

    def forward(self, input):
        with op("input"):
            return F.gelu(input)


class _DecoderModel(nn.Module):
    """The scaffolding of LlamaModel.forward that the families below share: embeddings, positions,
    the 4-D causal mask for eager attention, the position embeddings built once per forward, the
    layer loop (reentrant checkpoint, layer arguments passed positionally as transformers 4.4x
    does: hidden_states, attention_mask, position_ids, cache_position, position_embeddings) and the
    final norm. A layer that returns (hidden_states, extra) has its extras collected in
    `layer_extras` (MoE router logits)."""

    embed_name, norm_name = "embed_tokens", "norm"

    def _init_common(self, cfg):
        self.cfg = cfg
        self.gradient_checkpointing = False
        self.record_shared = False
        self.shared = {}
        self.layer_extras = []

    def _pre_layers(self, inputs_embeds):
        return inputs_embeds

    def forward(self, input_ids):
        with region("embedding"):
            inputs_embeds = getattr(self, self.embed_name)(input_ids)
        S = inputs_embeds.shape[1]
        cache_position = torch.arange(0, S, device=inputs_embeds.device)
        position_ids = cache_position.unsqueeze(0)
        causal_mask = hf_causal_mask(inputs_embeds, cache_position, self.cfg.attn_impl)
        with region("embedding"):
            hidden_states = self._pre_layers(inputs_embeds)
        position_embeddings = self.rotary_emb(hidden_states, position_ids)
        if self.record_shared:
            self.shared = {"causal_mask": causal_mask, "cache_position": cache_position}
            if isinstance(position_embeddings, tuple):
                self.shared.update(rope_cos=position_embeddings[0], rope_sin=position_embeddings[1])
            else:
                self.shared["rope_freqs_cis"] = position_embeddings
        self.layer_extras = []
        for i, layer in enumerate(self.layers):
            if self.gradient_checkpointing and self.training:
                with region("layer.%d" % i), op("checkpoint_input"):
                    out = _checkpoint(layer.__call__, hidden_states, causal_mask, position_ids, cache_position,
                                      position_embeddings)
            else:
                out = layer(hidden_states, attention_mask=causal_mask, position_ids=position_ids,
                            cache_position=cache_position, position_embeddings=position_embeddings)
            if isinstance(out, tuple):
                hidden_states, extra = out
                self.layer_extras.append(extra)
            else:
                hidden_states = out
        hidden_states = getattr(self, self.norm_name)(hidden_states)
        return hidden_states


class _CausalLM(nn.Module):
    """`...ForCausalLM.forward`: head on hidden_states[:, slice(-0, None), :] (logits_to_keep = 0),
    optional logit post-processing (Gemma-2 soft-capping), ForCausalLMLoss, optional MoE
    auxiliary loss."""

    base_name, head_name = "model", "lm_head"
    extra_regions = {}

    @property
    def base(self):
        return getattr(self, self.base_name)

    @property
    def shared(self):
        return self.base.shared

    def enable_shared_recording(self):
        self.base.record_shared = True

    def gradient_checkpointing_enable(self):
        self.base.gradient_checkpointing = True

    def region_modules(self):
        b = self.base_name
        m = {"%s.%s" % (b, self.base.embed_name): "embedding", "%s.%s" % (b, self.base.norm_name): "final_norm",
             self.head_name: "lm_head"}
        for k, v in self.extra_regions.items():
            m["%s.%s" % (b, k)] = v
        for i in range(self.cfg.layers):
            m["%s.layers.%d" % (b, i)] = "layer.%d" % i
        return m

    def _logits(self, logits):
        return logits

    def _aux_loss(self, loss, input_ids):
        return loss

    def forward(self, input_ids, labels):
        hidden_states = self.base(input_ids)
        logits = getattr(self, self.head_name)(hidden_states[:, slice(0, None), :])
        logits = self._logits(logits)
        with region("loss"):
            loss = causal_lm_loss(logits, labels, self.cfg.vocab)
        return self._aux_loss(loss, input_ids)


# --------------------------------------------------------------------------
# GPT-NeoX (GPTNeoXLayer with use_parallel_residual=True)
# --------------------------------------------------------------------------
def apply_rotary_pos_emb_partial(q, k, cos, sin, unsqueeze_dim=1):
    """GPT-NeoX's apply_rotary_pos_emb (4.48+): rotate the first rotary_dim = cos.shape[-1] dims,
    concatenate the rest back."""
    cos = cos.unsqueeze(unsqueeze_dim)
    sin = sin.unsqueeze(unsqueeze_dim)
    rotary_dim = cos.shape[-1]
    q_rot, q_pass = q[..., :rotary_dim], q[..., rotary_dim:]
    k_rot, k_pass = k[..., :rotary_dim], k[..., rotary_dim:]
    with op("rope_q"):
        q_embed = (q_rot * cos) + (rotate_half(q_rot) * sin)
    with op("rope_k"):
        k_embed = (k_rot * cos) + (rotate_half(k_rot) * sin)
    with op("cat_q"):
        q_embed = torch.cat([q_embed, q_pass], dim=-1)
    with op("cat_k"):
        k_embed = torch.cat([k_embed, k_pass], dim=-1)
    return q_embed, k_embed


class GPTNeoXAttention(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.cfg = cfg
        self.head_size = cfg.hidden // cfg.heads
        self.attention_dropout = cfg.dropout
        self.rotary_ndims = int(self.head_size * cfg.rotary_pct)
        self.scaling = self.head_size ** -0.5
        self.layer_idx = layer_idx
        self.query_key_value = nn.Linear(cfg.hidden, 3 * cfg.hidden, bias=True)
        self.dense = nn.Linear(cfg.hidden, cfg.hidden, bias=True)

    def forward(self, hidden_states, attention_mask, position_embeddings):
        input_shape = hidden_states.shape[:-1]
        hidden_shape = (*input_shape, -1, 3 * self.head_size)
        qkv = self.query_key_value(hidden_states).view(hidden_shape).transpose(1, 2)
        query_states, key_states, value_states = qkv.chunk(3, dim=-1)
        cos, sin = position_embeddings
        query_states, key_states = apply_rotary_pos_emb_partial(query_states, key_states, cos, sin)
        attn_output = eager_attention_forward(self, query_states, key_states, value_states, attention_mask,
                                              scaling=self.scaling,
                                              dropout=0.0 if not self.training else self.attention_dropout)
        attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        return self.dense(attn_output)


class GPTNeoXMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.dense_h_to_4h = nn.Linear(cfg.hidden, cfg.ffn)
        self.dense_4h_to_h = nn.Linear(cfg.ffn, cfg.hidden)
        self.act = GELUActivation()

    def forward(self, hidden_states):
        hidden_states = self.dense_h_to_4h(hidden_states)
        hidden_states = self.act(hidden_states)
        return self.dense_4h_to_h(hidden_states)


class GPTNeoXLayer(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.post_attention_layernorm = nn.LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.post_attention_dropout = nn.Dropout(cfg.dropout)
        self.post_mlp_dropout = nn.Dropout(cfg.dropout)
        self.attention = GPTNeoXAttention(cfg, layer_idx)
        self.mlp = GPTNeoXMLP(cfg)

    def forward(self, hidden_states, attention_mask=None, position_ids=None, cache_position=None,
                position_embeddings=None):
        attn_output = self.attention(self.input_layernorm(hidden_states), attention_mask, position_embeddings)
        attn_output = self.post_attention_dropout(attn_output)
        # use_parallel_residual: x = x + attn(ln1(x)) + mlp(ln2(x))
        mlp_output = self.mlp(self.post_attention_layernorm(hidden_states))
        mlp_output = self.post_mlp_dropout(mlp_output)
        return mlp_output + attn_output + hidden_states


class GPTNeoXModel(_DecoderModel):
    embed_name, norm_name = "embed_in", "final_layer_norm"

    def __init__(self, cfg):
        super().__init__()
        self._init_common(cfg)
        self.embed_in = nn.Embedding(cfg.vocab, cfg.hidden)
        nn.init.normal_(self.embed_in.weight, std=0.02)
        self.emb_dropout = nn.Dropout(cfg.dropout)
        self.layers = nn.ModuleList([GPTNeoXLayer(cfg, i) for i in range(cfg.layers)])
        self.final_layer_norm = nn.LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.rotary_emb = LlamaRotaryEmbedding(cfg, dim=cfg.rotary_dim)

    def _pre_layers(self, inputs_embeds):
        return self.emb_dropout(inputs_embeds)


class GPTNeoXForCausalLM(_CausalLM):
    base_name, head_name = "gpt_neox", "embed_out"
    extra_regions = {"emb_dropout": "embedding"}

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.gpt_neox = GPTNeoXModel(cfg)
        self.embed_out = nn.Linear(cfg.hidden, cfg.vocab, bias=False)
        if cfg.tied:
            self.embed_out.weight = self.gpt_neox.embed_in.weight
        else:
            nn.init.normal_(self.embed_out.weight, std=0.02)


# --------------------------------------------------------------------------
# Phi (PhiDecoderLayer: one LayerNorm shared by attention and MLP)
# --------------------------------------------------------------------------
class PhiAttention(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.head_dim = cfg.head_dim
        self.num_key_value_groups = cfg.heads // cfg.kv_heads
        self.scaling = self.head_dim ** -0.5
        self.attention_dropout = cfg.dropout
        self.q_proj = nn.Linear(cfg.hidden, cfg.heads * self.head_dim, bias=True)
        self.k_proj = nn.Linear(cfg.hidden, cfg.kv_heads * self.head_dim, bias=True)
        self.v_proj = nn.Linear(cfg.hidden, cfg.kv_heads * self.head_dim, bias=True)
        self.dense = nn.Linear(cfg.heads * self.head_dim, cfg.hidden, bias=True)
        self.rotary_ndims = int(self.head_dim * cfg.rotary_pct)

    def forward(self, hidden_states, attention_mask, position_embeddings):
        input_shape = hidden_states.shape[:-1]
        hidden_shape = (*input_shape, -1, self.head_dim)
        query_states = self.q_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        key_states = self.k_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        value_states = self.v_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        cos, sin = position_embeddings
        query_rot, query_pass = query_states[..., : self.rotary_ndims], query_states[..., self.rotary_ndims:]
        key_rot, key_pass = key_states[..., : self.rotary_ndims], key_states[..., self.rotary_ndims:]
        query_rot, key_rot = apply_rotary_pos_emb(query_rot, key_rot, cos, sin)
        with op("cat_q"):
            query_states = torch.cat((query_rot, query_pass), dim=-1)
        with op("cat_k"):
            key_states = torch.cat((key_rot, key_pass), dim=-1)
        attn_output = eager_attention_forward(self, query_states, key_states, value_states, attention_mask,
                                              scaling=self.scaling,
                                              dropout=0.0 if not self.training else self.attention_dropout)
        attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        return self.dense(attn_output)


class PhiMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.activation_fn = NewGELUActivation()
        self.fc1 = nn.Linear(cfg.hidden, cfg.ffn)
        self.fc2 = nn.Linear(cfg.ffn, cfg.hidden)

    def forward(self, hidden_states):
        hidden_states = self.fc1(hidden_states)
        hidden_states = self.activation_fn(hidden_states)
        return self.fc2(hidden_states)


class PhiDecoderLayer(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.self_attn = PhiAttention(cfg, layer_idx)
        self.mlp = PhiMLP(cfg)
        self.input_layernorm = nn.LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.resid_dropout = nn.Dropout(cfg.dropout)

    def forward(self, hidden_states, attention_mask=None, position_ids=None, cache_position=None,
                position_embeddings=None):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        attn_outputs = self.self_attn(hidden_states, attention_mask, position_embeddings)
        attn_outputs = self.resid_dropout(attn_outputs)
        feed_forward_hidden_states = self.resid_dropout(self.mlp(hidden_states))
        return attn_outputs + feed_forward_hidden_states + residual


class PhiModel(_DecoderModel):
    embed_name, norm_name = "embed_tokens", "final_layernorm"

    def __init__(self, cfg):
        super().__init__()
        self._init_common(cfg)
        self.embed_tokens = nn.Embedding(cfg.vocab, cfg.hidden)
        nn.init.normal_(self.embed_tokens.weight, std=0.02)
        self.embed_dropout = nn.Dropout(cfg.dropout)
        self.layers = nn.ModuleList([PhiDecoderLayer(cfg, i) for i in range(cfg.layers)])
        self.final_layernorm = nn.LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.rotary_emb = LlamaRotaryEmbedding(cfg, dim=cfg.rotary_dim)

    def _pre_layers(self, inputs_embeds):
        return self.embed_dropout(inputs_embeds)


class PhiForCausalLM(_CausalLM):
    extra_regions = {"embed_dropout": "embedding"}

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.model = PhiModel(cfg)
        self.lm_head = nn.Linear(cfg.hidden, cfg.vocab, bias=True)
        nn.init.normal_(self.lm_head.weight, std=0.02)
        if cfg.tied:
            self.lm_head.weight = self.model.embed_tokens.weight


# --------------------------------------------------------------------------
# Gemma-2 (Gemma2DecoderLayer)
# --------------------------------------------------------------------------
class Gemma2RMSNorm(nn.Module):
    """Gemma2RMSNorm: computed in fp32 on x.float(), scaled by (1 + weight.float()) in fp32, then
    .type_as(x) (`(x * w).to(dtype)`, unlike LLaMA's `w * x.to(dtype)`)."""

    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.zeros(dim))

    def _norm(self, x):
        with op("x_fp32", "x_squared"):
            variance = x.pow(2).mean(-1, keepdim=True)
        with op("rstd"):
            r = torch.rsqrt(variance + self.eps)
        with op("x_fp32", "rstd"):
            return x * r

    def forward(self, x):
        output = self._norm(x.float())
        with op("normed_fp32", "weight_plus_one"):
            output = output * (1.0 + self.weight.float())
        return output.type_as(x)


class Gemma2MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.gate_proj = nn.Linear(cfg.hidden, cfg.ffn, bias=False)
        self.up_proj = nn.Linear(cfg.hidden, cfg.ffn, bias=False)
        self.down_proj = nn.Linear(cfg.ffn, cfg.hidden, bias=False)
        self.act_fn = FusedGELUTanh()  # hidden_activation gelu_pytorch_tanh (PytorchGELUTanh)

    def forward(self, x):
        g = self.act_fn(self.gate_proj(x))
        u = self.up_proj(x)
        with op("act_out", "up_out"):
            h = g * u
        return self.down_proj(h)


class Gemma2Attention(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.head_dim = cfg.head_dim
        self.num_key_value_groups = cfg.heads // cfg.kv_heads
        self.scaling = cfg.query_pre_attn_scalar ** -0.5
        self.attention_dropout = cfg.dropout
        self.q_proj = nn.Linear(cfg.hidden, cfg.heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(cfg.hidden, cfg.kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(cfg.hidden, cfg.kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(cfg.heads * self.head_dim, cfg.hidden, bias=False)
        self.attn_logit_softcapping = cfg.attn_softcap
        self.sliding_window = cfg.sliding_window if not bool(layer_idx % 2) else None

    def forward(self, hidden_states, attention_mask, position_embeddings):
        input_shape = hidden_states.shape[:-1]
        hidden_shape = (*input_shape, -1, self.head_dim)
        query_states = self.q_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        key_states = self.k_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        value_states = self.v_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        cos, sin = position_embeddings
        query_states, key_states = apply_rotary_pos_emb(query_states, key_states, cos, sin)
        attn_output = eager_attention_forward(self, query_states, key_states, value_states, attention_mask,
                                              scaling=self.scaling,
                                              dropout=self.attention_dropout if self.training else 0.0,
                                              softcap=self.attn_logit_softcapping)
        attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        return self.o_proj(attn_output)


class Gemma2DecoderLayer(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.is_sliding = not bool(layer_idx % 2)
        self.sliding_window = cfg.sliding_window
        self.self_attn = Gemma2Attention(cfg, layer_idx)
        self.mlp = Gemma2MLP(cfg)
        self.input_layernorm = Gemma2RMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.post_attention_layernorm = Gemma2RMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.pre_feedforward_layernorm = Gemma2RMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.post_feedforward_layernorm = Gemma2RMSNorm(cfg.hidden, eps=cfg.norm_eps)

    def forward(self, hidden_states, attention_mask=None, position_ids=None, cache_position=None,
                position_embeddings=None):
        if self.is_sliding and attention_mask is not None:  # 4.50, eager: 4-D mask sliced from the left
            effective_seq_len = max(cache_position.shape[0], self.sliding_window)
            min_dtype = torch.finfo(attention_mask.dtype).min
            sliding_window_mask = torch.tril(torch.ones_like(attention_mask, dtype=torch.bool),
                                             diagonal=-self.sliding_window)
            attention_mask = torch.where(sliding_window_mask, min_dtype, attention_mask)
            offset = cache_position[-1] - effective_seq_len + 1
            offset = torch.clamp(offset, min=0)
            mask_indexes = torch.arange(min(effective_seq_len, attention_mask.shape[-1]), device=attention_mask.device)
            mask_indexes += offset
            attention_mask = attention_mask[:, :, :, mask_indexes]
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states = self.self_attn(hidden_states, attention_mask, position_embeddings)
        hidden_states = self.post_attention_layernorm(hidden_states)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.pre_feedforward_layernorm(hidden_states)
        hidden_states = self.mlp(hidden_states)
        hidden_states = self.post_feedforward_layernorm(hidden_states)
        return residual + hidden_states


class Gemma2Model(_DecoderModel):
    def __init__(self, cfg):
        super().__init__()
        self._init_common(cfg)
        self.embed_tokens = nn.Embedding(cfg.vocab, cfg.hidden)
        nn.init.normal_(self.embed_tokens.weight, std=0.02)
        self.layers = nn.ModuleList([Gemma2DecoderLayer(cfg, i) for i in range(cfg.layers)])
        self.norm = Gemma2RMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.rotary_emb = LlamaRotaryEmbedding(cfg)

    def _pre_layers(self, inputs_embeds):
        # normalizer in the embeddings' dtype (sqrt(3072) = 55.4256 becomes 55.5 in bf16, as in HF)
        normalizer = torch.tensor(self.cfg.hidden ** 0.5, dtype=inputs_embeds.dtype)
        with op("normalizer"):
            return inputs_embeds * normalizer


class Gemma2ForCausalLM(_CausalLM):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.model = Gemma2Model(cfg)
        self.lm_head = nn.Linear(cfg.hidden, cfg.vocab, bias=False)
        if cfg.tied:
            self.lm_head.weight = self.model.embed_tokens.weight
        else:
            nn.init.normal_(self.lm_head.weight, std=0.02)

    def _logits(self, logits):
        if self.cfg.final_softcap is None:
            return logits
        with region("lm_head"):
            logits = logits / self.cfg.final_softcap
            with op("final_softcap.tanh_out"):
                logits = torch.tanh(logits)
            return logits * self.cfg.final_softcap


# --------------------------------------------------------------------------
# Mixture of experts: Mixtral (MixtralSparseMoeBlock) and Qwen2-MoE (shared expert)
# --------------------------------------------------------------------------
class ExpertMLP(nn.Module):
    """MixtralBlockSparseTop2MLP (w1, w3, w2) or, with qwen_names, Qwen2MoeMLP (gate/up/down_proj):
    down(act(gate(x)) * up(x))."""

    def __init__(self, hidden, ffn, qwen_names=False):
        super().__init__()
        self.names = ("gate_proj", "up_proj", "down_proj") if qwen_names else ("w1", "w3", "w2")
        setattr(self, self.names[0], nn.Linear(hidden, ffn, bias=False))
        setattr(self, self.names[2], nn.Linear(ffn, hidden, bias=False))
        setattr(self, self.names[1], nn.Linear(hidden, ffn, bias=False))
        self.act_fn = nn.SiLU()

    def forward(self, hidden_states):
        g = self.act_fn(getattr(self, self.names[0])(hidden_states))
        u = getattr(self, self.names[1])(hidden_states)
        with op("act_out", "up_out"):
            h = g * u
        return getattr(self, self.names[2])(h)


class SparseMoeBlock(nn.Module):
    """MixtralSparseMoeBlock (qwen=False) / Qwen2MoeSparseMoeBlock (qwen=True), op for op: router
    Linear, softmax in fp32, topk, renormalise (Mixtral always, Qwen2-MoE if norm_topk_prob),
    cast to the hidden dtype, then per expert torch.where on the one-hot mask,
    hidden_states[None, top_x] gather, expert MLP, * routing_weights[top_x, idx, None],
    index_add_; Qwen2-MoE adds the shared expert times sigmoid(shared_expert_gate(x)).
    Records the tokens routed to each expert, per call, in `count_log`."""

    def __init__(self, cfg, qwen=False):
        super().__init__()
        self.hidden_dim = cfg.hidden
        self.num_experts = cfg.experts
        self.top_k = cfg.top_k
        self.norm_topk_prob = True if not qwen else bool(cfg.norm_topk_prob)
        self.qwen = qwen
        self.gate = nn.Linear(cfg.hidden, cfg.experts, bias=False)
        self.experts = nn.ModuleList([ExpertMLP(cfg.hidden, cfg.ffn, qwen_names=qwen) for _ in range(cfg.experts)])
        if qwen and cfg.shared_ffn:
            self.shared_expert = ExpertMLP(cfg.hidden, cfg.shared_ffn, qwen_names=True)
            self.shared_expert_gate = nn.Linear(cfg.hidden, 1, bias=False)
        else:
            self.shared_expert = None
        self.count_log = []

    def forward(self, hidden_states):
        batch_size, sequence_length, hidden_dim = hidden_states.shape
        hidden_states = hidden_states.view(-1, hidden_dim)
        router_logits = self.gate(hidden_states)
        with op("routing_probs"):
            routing_weights = F.softmax(router_logits, dim=1, dtype=torch.float)
        with op("topk_indices"):
            routing_weights, selected_experts = torch.topk(routing_weights, self.top_k, dim=-1)
        if self.norm_topk_prob:
            with op("topk_values_clone", "topk_sum"):  # in-place div_: autograd saves a clone of self
                routing_weights /= routing_weights.sum(dim=-1, keepdim=True)
        routing_weights = routing_weights.to(hidden_states.dtype)
        final_hidden_states = torch.zeros((batch_size * sequence_length, hidden_dim), dtype=hidden_states.dtype,
                                          device=hidden_states.device)
        expert_mask = torch.nn.functional.one_hot(selected_experts, num_classes=self.num_experts).permute(2, 1, 0)
        counts = []
        for expert_idx in range(self.num_experts):
            expert_layer = self.experts[expert_idx]
            idx, top_x = torch.where(expert_mask[expert_idx])
            counts.append(int(top_x.shape[0]))
            e = "experts.%d." % expert_idx
            with op(e + "token_index"):
                current_state = hidden_states[None, top_x].reshape(-1, hidden_dim)
            current_hidden_states = expert_layer(current_state)
            with op(e + "token_index", e + "token_index"):
                w = routing_weights[top_x, idx, None]
            with op(e + "expert_out", e + "routing_weight"):
                current_hidden_states = current_hidden_states * w
            with op(e + "token_index", e + "weighted_out"):
                final_hidden_states.index_add_(0, top_x, current_hidden_states.to(hidden_states.dtype))
        self.count_log.append(counts)
        if self.shared_expert is not None:
            shared_expert_output = self.shared_expert(hidden_states)
            g = self.shared_expert_gate(hidden_states)
            with op("shared_gate_sigmoid"):
                g = F.sigmoid(g)
            with op("shared_gate_sigmoid", "shared_expert_out"):
                shared_expert_output = g * shared_expert_output
            final_hidden_states = final_hidden_states + shared_expert_output
        final_hidden_states = final_hidden_states.reshape(batch_size, sequence_length, hidden_dim)
        return final_hidden_states, router_logits


def load_balancing_loss_func(gate_logits, num_experts, top_k, attention_mask):
    """transformers' load_balancing_loss_func (Mixtral / Qwen2-MoE), with the 2-D attention_mask
    the HF Trainer passes (the branch that masks padding)."""
    compute_device = gate_logits[0].device
    concatenated_gate_logits = torch.cat([layer_gate.to(compute_device) for layer_gate in gate_logits], dim=0)
    with op("router_probs"):
        routing_weights = torch.nn.functional.softmax(concatenated_gate_logits, dim=-1)
    with op("topk_indices"):
        _, selected_experts = torch.topk(routing_weights, top_k, dim=-1)
    expert_mask = torch.nn.functional.one_hot(selected_experts, num_experts)
    batch_size, sequence_length = attention_mask.shape
    num_hidden_layers = concatenated_gate_logits.shape[0] // (batch_size * sequence_length)
    expert_attention_mask = (attention_mask[None, :, :, None, None]
                             .expand((num_hidden_layers, batch_size, sequence_length, top_k, num_experts))
                             .reshape(-1, top_k, num_experts).to(compute_device))
    tokens_per_expert = torch.sum(expert_mask.float() * expert_attention_mask, dim=0) / torch.sum(
        expert_attention_mask, dim=0)
    router_per_expert_attention_mask = (attention_mask[None, :, :, None]
                                        .expand((num_hidden_layers, batch_size, sequence_length, num_experts))
                                        .reshape(-1, num_experts).to(compute_device))
    with op("expert_attention_mask"):
        weighted = routing_weights * router_per_expert_attention_mask
    with op("mask_count"):
        router_prob_per_expert = torch.sum(weighted, dim=0) / torch.sum(router_per_expert_attention_mask, dim=0)
    with op("tokens_per_expert"):
        overall_loss = torch.sum(tokens_per_expert * router_prob_per_expert.unsqueeze(0))
    return overall_loss * num_experts


class MoeDecoderLayer(nn.Module):
    """MixtralDecoderLayer (`block_sparse_moe`) / Qwen2MoeDecoderLayer (`mlp`): LLaMA's layer with the
    sparse MoE block as MLP; returns (hidden_states, router_logits)."""

    def __init__(self, cfg, layer_idx, qwen):
        super().__init__()
        self.self_attn = (Qwen2MoeAttention if qwen else LlamaAttention)(cfg, layer_idx)
        self.moe_name = "mlp" if qwen else "block_sparse_moe"
        setattr(self, self.moe_name, SparseMoeBlock(cfg, qwen=qwen))
        self.input_layernorm = LlamaRMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.post_attention_layernorm = LlamaRMSNorm(cfg.hidden, eps=cfg.norm_eps)

    def forward(self, hidden_states, attention_mask=None, position_ids=None, cache_position=None,
                position_embeddings=None):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states = self.self_attn(hidden_states, position_embeddings, attention_mask)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.post_attention_layernorm(hidden_states)
        hidden_states, router_logits = getattr(self, self.moe_name)(hidden_states)
        hidden_states = residual + hidden_states
        return hidden_states, router_logits


class Qwen2MoeAttention(LlamaAttention):
    """Qwen2MoeAttention: LLaMA's attention with bias on q, k and v (attention_bias)."""

    def __init__(self, cfg, layer_idx):
        super().__init__(cfg, layer_idx)
        bias = bool(cfg.attention_bias)
        self.q_proj = nn.Linear(cfg.hidden, cfg.heads * self.head_dim, bias=bias)
        self.k_proj = nn.Linear(cfg.hidden, cfg.kv_heads * self.head_dim, bias=bias)
        self.v_proj = nn.Linear(cfg.hidden, cfg.kv_heads * self.head_dim, bias=bias)


class MoeModel(_DecoderModel):
    def __init__(self, cfg, qwen):
        super().__init__()
        self._init_common(cfg)
        self.embed_tokens = nn.Embedding(cfg.vocab, cfg.hidden)
        nn.init.normal_(self.embed_tokens.weight, std=0.02)
        self.layers = nn.ModuleList([MoeDecoderLayer(cfg, i, qwen) for i in range(cfg.layers)])
        self.norm = LlamaRMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.rotary_emb = LlamaRotaryEmbedding(cfg)


class MoeForCausalLM(_CausalLM):
    """MixtralForCausalLM / Qwen2MoeForCausalLM with output_router_logits=True: LM loss +
    router_aux_loss_coef * load_balancing_loss_func(router logits of every layer)."""

    def __init__(self, cfg, qwen=False):
        super().__init__()
        self.cfg = cfg
        self.model = MoeModel(cfg, qwen)
        self.lm_head = nn.Linear(cfg.hidden, cfg.vocab, bias=False)
        if cfg.tied:
            self.lm_head.weight = self.model.embed_tokens.weight
        else:
            nn.init.normal_(self.lm_head.weight, std=0.02)

    def moe_blocks(self):
        return [getattr(layer, layer.moe_name) for layer in self.model.layers]

    def _aux_loss(self, loss, input_ids):
        with region("aux_loss"):
            attention_mask = torch.ones_like(input_ids)  # the Trainer's int64 attention_mask of ones
            aux_loss = load_balancing_loss_func(tuple(self.model.layer_extras), self.cfg.experts, self.cfg.top_k,
                                                attention_mask)
            loss += self.cfg.router_aux_loss_coef * aux_loss.to(loss.device)
        return loss


# --------------------------------------------------------------------------
# DeepSeek-V2 multi-head latent attention (transformers' native DeepseekV2Attention, eager)
# --------------------------------------------------------------------------
class DeepseekV2RotaryEmbedding(nn.Module):
    """DeepseekV2RotaryEmbedding: complex `freqs_cis` = polar(1, positions x inv_freq) over
    qk_rope_head_dim, fp32 (complex64), computed once per forward under no_grad."""

    def __init__(self, cfg):
        super().__init__()
        dim = cfg.qk_rope_head_dim
        inv_freq = 1.0 / (cfg.rope_theta ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.attention_scaling = 1.0

    @torch.no_grad()
    def forward(self, x, position_ids):
        inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        position_ids_expanded = position_ids[:, None, :].float()
        with torch.autocast(device_type=x.device.type, enabled=False):
            freqs = (inv_freq_expanded.to(x.device) @ position_ids_expanded).transpose(1, 2)
            freqs_cis = torch.polar(torch.ones_like(freqs), freqs)
            freqs_cis = freqs_cis * self.attention_scaling
        return freqs_cis


def apply_rotary_emb(xq, xk, freqs_cis):
    """DeepSeek-V2's apply_rotary_emb: pairs of dims as complex numbers times freqs_cis."""
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    freqs_cis = freqs_cis.unsqueeze(1).to(xq_.device)
    with op("rope_q"):
        xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3).type_as(xq)
    with op("rope_k"):
        xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3).type_as(xk)
    return xq_out, xk_out


class DeepseekV2Attention(nn.Module):
    def __init__(self, cfg, layer_idx):
        super().__init__()
        self.num_heads = cfg.heads
        self.attention_dropout = cfg.dropout
        self.q_lora_rank = cfg.q_lora_rank or None
        self.qk_rope_head_dim = cfg.qk_rope_head_dim
        self.kv_lora_rank = cfg.kv_lora_rank
        self.v_head_dim = cfg.v_head_dim
        self.qk_nope_head_dim = cfg.qk_nope_head_dim
        self.qk_head_dim = cfg.qk_nope_head_dim + cfg.qk_rope_head_dim
        self.num_key_value_groups = 1
        H = cfg.hidden
        if self.q_lora_rank is None:
            self.q_proj = nn.Linear(H, self.num_heads * self.qk_head_dim, bias=False)
        else:
            self.q_a_proj = nn.Linear(H, self.q_lora_rank, bias=False)
            self.q_a_layernorm = LlamaRMSNorm(self.q_lora_rank)
            self.q_b_proj = nn.Linear(self.q_lora_rank, self.num_heads * self.qk_head_dim, bias=False)
        self.kv_a_proj_with_mqa = nn.Linear(H, self.kv_lora_rank + self.qk_rope_head_dim, bias=False)
        self.kv_a_layernorm = LlamaRMSNorm(self.kv_lora_rank)
        self.kv_b_proj = nn.Linear(self.kv_lora_rank, self.num_heads * (self.qk_nope_head_dim + self.v_head_dim),
                                   bias=False)
        self.o_proj = nn.Linear(self.num_heads * self.v_head_dim, H, bias=False)
        self.scaling = self.qk_head_dim ** (-0.5)

    def forward(self, hidden_states, attention_mask, position_embeddings):
        batch_size, seq_length = hidden_states.shape[:-1]
        query_shape = (batch_size, seq_length, -1, self.qk_head_dim)
        key_shape = (batch_size, seq_length, -1, self.qk_nope_head_dim + self.v_head_dim)
        if self.q_lora_rank is None:
            q = self.q_proj(hidden_states)
        else:
            q = self.q_b_proj(self.q_a_layernorm(self.q_a_proj(hidden_states)))
        q = q.view(query_shape).transpose(1, 2)
        q_nope, q_pe = torch.split(q, [self.qk_nope_head_dim, self.qk_rope_head_dim], dim=-1)
        compressed_kv = self.kv_a_proj_with_mqa(hidden_states)
        k_nope, k_pe = torch.split(compressed_kv, [self.kv_lora_rank, self.qk_rope_head_dim], dim=-1)
        k_nope = self.kv_b_proj(self.kv_a_layernorm(k_nope)).view(key_shape).transpose(1, 2)
        k_nope, value_states = torch.split(k_nope, [self.qk_nope_head_dim, self.v_head_dim], dim=-1)
        k_pe = k_pe.view(batch_size, 1, seq_length, self.qk_rope_head_dim)
        q_pe, k_pe = apply_rotary_emb(q_pe, k_pe, position_embeddings.to(q_pe.device))
        k_pe = k_pe.expand(*k_nope.shape[:-1], -1)
        with op("cat_q"):
            query_states = torch.cat((q_nope, q_pe), dim=-1)
        with op("cat_k"):
            key_states = torch.cat((k_nope, k_pe), dim=-1)
        attn_output = eager_attention_forward(self, query_states, key_states, value_states, attention_mask,
                                              dropout=0.0 if not self.training else self.attention_dropout,
                                              scaling=self.scaling)
        attn_output = attn_output.reshape(batch_size, seq_length, -1).contiguous()
        return self.o_proj(attn_output)


class DeepseekV2DecoderLayer(LlamaDecoderLayer):
    """DeepseekV2DecoderLayer with the dense DeepseekV2MLP (layers below first_k_dense_replace)."""

    def __init__(self, cfg, layer_idx):
        super().__init__(cfg, layer_idx)
        self.self_attn = DeepseekV2Attention(cfg, layer_idx)

    def forward(self, hidden_states, attention_mask=None, position_ids=None, cache_position=None,
                position_embeddings=None):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states = self.self_attn(hidden_states, attention_mask, position_embeddings)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.post_attention_layernorm(hidden_states)
        hidden_states = self.mlp(hidden_states)
        return residual + hidden_states


class DeepseekV2Model(_DecoderModel):
    def __init__(self, cfg):
        super().__init__()
        self._init_common(cfg)
        self.embed_tokens = nn.Embedding(cfg.vocab, cfg.hidden)
        nn.init.normal_(self.embed_tokens.weight, std=0.02)
        self.layers = nn.ModuleList([DeepseekV2DecoderLayer(cfg, i) for i in range(cfg.layers)])
        self.norm = LlamaRMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.rotary_emb = DeepseekV2RotaryEmbedding(cfg)


class DeepseekV2ForCausalLM(_CausalLM):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.model = DeepseekV2Model(cfg)
        self.lm_head = nn.Linear(cfg.hidden, cfg.vocab, bias=False)
        if cfg.tied:
            self.lm_head.weight = self.model.embed_tokens.weight
        else:
            nn.init.normal_(self.lm_head.weight, std=0.02)


# --------------------------------------------------------------------------
# Training features on the LLaMA block: LoRA, QLoRA (NF4 base), chunked / fused-linear losses
# --------------------------------------------------------------------------
class LoraLinear(nn.Module):
    """peft.tuners.lora.layer.Linear (peft 0.13-0.14), adapter "default", no DoRA: frozen
    base_layer, lora_dropout (nn.Dropout, or nn.Identity for p = 0) before lora_A (r x in),
    lora_B (out x r, zero init), scaling = alpha / r;
    result = base(x) + lora_B(lora_A(dropout(x.to(lora_A dtype)))) * scaling, cast back to the
    base result's dtype."""

    def __init__(self, base_layer, r, lora_alpha, lora_dropout, adapter_dtype=None):
        super().__init__()
        self.base_layer = base_layer
        in_f, out_f = base_layer.in_features, base_layer.out_features
        self.lora_dropout = nn.ModuleDict({"default": nn.Dropout(p=lora_dropout) if lora_dropout > 0.0
                                           else nn.Identity()})
        self.lora_A = nn.ModuleDict({"default": nn.Linear(in_f, r, bias=False)})
        self.lora_B = nn.ModuleDict({"default": nn.Linear(r, out_f, bias=False)})
        self.scaling = {"default": lora_alpha / r}
        nn.init.kaiming_uniform_(self.lora_A["default"].weight, a=math.sqrt(5))
        nn.init.zeros_(self.lora_B["default"].weight)
        if adapter_dtype is not None:
            self.lora_A.to(adapter_dtype)
            self.lora_B.to(adapter_dtype)

    def forward(self, x):
        result = self.base_layer(x)
        torch_result_dtype = result.dtype
        lora_A, lora_B = self.lora_A["default"], self.lora_B["default"]
        dropout, scaling = self.lora_dropout["default"], self.scaling["default"]
        x = x.to(lora_A.weight.dtype)  # peft: self._cast_input_dtype(x, lora_A.weight.dtype)
        result = result + lora_B(lora_A(dropout(x))) * scaling
        result = result.to(torch_result_dtype)
        return result


class LoraLinear4bit(LoraLinear):
    """peft.tuners.lora.bnb.Linear4bit.forward: base result cloned, the input cast to the adapter
    dtype unless (CUDA) autocast is on, the adapter output cast back to the result dtype."""

    def forward(self, x):
        result = self.base_layer(x)
        result = result.clone()  # "as per Tim Dettmers, for 4bit, we need to defensively clone here"
        lora_A, lora_B = self.lora_A["default"], self.lora_B["default"]
        dropout, scaling = self.lora_dropout["default"], self.scaling["default"]
        requires_conversion = not torch.is_autocast_enabled()  # the CUDA flag: True under CPU autocast
        if requires_conversion:
            expected_dtype = result.dtype
            x = x.to(lora_A.weight.dtype)
        output = lora_B(lora_A(dropout(x))) * scaling
        if requires_conversion:
            output = output.to(expected_dtype)
        return result + output


# bitsandbytes' NF4 code book (normal-float 4-bit, bnb.functional.get_4bit_type("nf4"))
NF4_CODE = [-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453, -0.28444138169288635,
            -0.18477343022823334, -0.09105003625154495, 0.0, 0.07958029955625534, 0.16093020141124725,
            0.24611230194568634, 0.33791524171829224, 0.44070982933044434, 0.5626170039176941,
            0.7229568362236023, 1.0]


def quantize_nf4(weight, blocksize=64, double_quant=False, blocksize2=256):
    """NF4 in plain torch, the layout of bitsandbytes' quantize_4bit: codes packed two per uint8
    (high nibble first) as a [n/2, 1] tensor, fp32 absmax per `blocksize` values; double_quant
    (bnb compress_statistics): absmax - mean(absmax) quantized to int8 per `blocksize2` blocks with an
    fp32 absmax each, plus the fp32 offset. Returns (packed, state dict of tensors)."""
    flat = weight.detach().float().reshape(-1)
    n = flat.numel()
    assert n % blocksize == 0 and n % 2 == 0
    blocks = flat.view(-1, blocksize)
    absmax = blocks.abs().max(dim=1).values.clamp(min=1e-12)
    code = torch.tensor(NF4_CODE, dtype=torch.float32)
    idx = ((blocks / absmax[:, None])[..., None] - code).abs().argmin(-1).to(torch.uint8).reshape(-1)
    packed = ((idx[0::2] << 4) | idx[1::2]).view(-1, 1).contiguous()
    state = {"code": code}
    if double_quant:
        offset = absmax.mean()
        a = absmax - offset
        nb = a.numel()
        pad = (-nb) % blocksize2
        a2 = torch.cat([a, a.new_zeros(pad)]).view(-1, blocksize2)
        absmax2 = a2.abs().max(dim=1).values.clamp(min=1e-12)
        q = torch.round(a2 / absmax2[:, None] * 127).to(torch.int8).reshape(-1)[:nb].contiguous()
        state.update(absmax=q, absmax2=absmax2, offset=offset.reshape(1))
    else:
        state["absmax"] = absmax
    return packed, state


def dequantize_nf4(packed, state, shape, blocksize=64, blocksize2=256):
    hi = (packed.reshape(-1) >> 4) & 0xF
    lo = packed.reshape(-1) & 0xF
    idx = torch.stack([hi, lo], dim=1).reshape(-1).long()
    vals = state["code"][idx].view(-1, blocksize)
    if "absmax2" in state:
        q = state["absmax"].float()
        nb = q.numel()
        pad = (-nb) % blocksize2
        q = torch.cat([q, q.new_zeros(pad)]).view(-1, blocksize2)
        absmax = (q / 127 * state["absmax2"][:, None]).reshape(-1)[:nb] + state["offset"]
    else:
        absmax = state["absmax"]
    return (vals * absmax[:, None]).reshape(shape)


class MatMul4Bit(torch.autograd.Function):
    """bitsandbytes.autograd._functions.MatMul4Bit: output = linear(A, dequantize(B).to(A.dtype));
    keeps (None, B) on ctx as plain attributes (the packed parameter, not save_for_backward, not
    the input: bnb computes no grad for B), dequantizes again in backward for grad_A."""

    @staticmethod
    def forward(ctx, A, B, bias, quant_state):
        W = dequantize_nf4(B, quant_state["tensors"], quant_state["shape"], quant_state["blocksize"])
        with op("dequantized_weight"):  # a transient: forward runs without grad, nothing saved
            output = torch.nn.functional.linear(A, W.to(A.dtype), bias)
        ctx.state = quant_state
        ctx.dtype_A = A.dtype
        ctx.tensors = (None, B) if any(ctx.needs_input_grad[:2]) else (None, None)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        _, B = ctx.tensors
        grad_A = None
        if ctx.needs_input_grad[0]:
            W = dequantize_nf4(B, ctx.state["tensors"], ctx.state["shape"], ctx.state["blocksize"])
            grad_A = torch.matmul(grad_output, W.to(grad_output.dtype))
        return grad_A, None, None, None


class Linear4bit(nn.Module):
    """bitsandbytes.nn.Linear4bit (quant_type nf4, no bias): the frozen weight as packed uint8 codes
    (Params4bit, requires_grad False) and its quant state; forward casts x to compute_dtype, runs
    MatMul4Bit and casts the output back to x's dtype."""

    def __init__(self, linear, compute_dtype=torch.bfloat16, blocksize=64, double_quant=False):
        super().__init__()
        self.in_features, self.out_features = linear.in_features, linear.out_features
        packed, state = quantize_nf4(linear.weight, blocksize=blocksize, double_quant=double_quant)
        self.weight = nn.Parameter(packed, requires_grad=False)
        self.quant_state = {"tensors": state, "shape": (self.out_features, self.in_features),
                            "blocksize": blocksize}
        self.compute_dtype = compute_dtype
        self.bias = None

    def quant_state_bytes(self):
        return {k: v.numel() * v.element_size() for k, v in self.quant_state["tensors"].items()}

    def forward(self, x):
        inp_dtype = x.dtype
        if self.compute_dtype is not None:
            x = x.to(self.compute_dtype)
        out = MatMul4Bit.apply(x, self.weight, None, self.quant_state)
        return out.to(inp_dtype)


class GptqLinear(nn.Module):
    """A 4-bit GPTQ linear as GPTQModel trains it (ModelCloud/GPTQModel v7.3.4,
    nn_modules/qlinear/torch.py TorchLinear; tritonv2.py TritonV2Linear.forward calls it while
    self.training): buffers qweight int32 [in/8, out], qzeros int32 [groups, out/8], scales fp16
    [groups, out] and g_idx int32 [in] (the layout of GPTQModel's _register_gptq_buffers and
    AutoGPTQ's QuantLinear); forward dequantizes with plain torch ops (dequantize_weight) and calls
    torch.matmul outside any autograd.Function, so mm keeps the dequantized weight whenever x
    requires grad. The codes come from round-to-nearest per group here: GPTQ's error feedback
    changes their values, not the layout or what is saved."""

    def __init__(self, linear, group_size=128):
        super().__init__()
        self.in_features, self.out_features = linear.in_features, linear.out_features
        assert self.in_features % 8 == 0 and self.out_features % 8 == 0, "GPTQ packs 8 codes per int32"
        w = linear.weight.detach().float().t().contiguous()  # [in, out]
        groups = (self.in_features + group_size - 1) // group_size
        g_idx = torch.arange(self.in_features, dtype=torch.int32) // group_size
        lo = torch.stack([w[g_idx == g].min(0).values for g in range(groups)])
        hi = torch.stack([w[g_idx == g].max(0).values for g in range(groups)])
        scales = ((hi - lo) / 15).clamp(min=1e-8)
        zeros = torch.round(-lo / scales).clamp(0, 15)
        q = torch.clamp(torch.round(w / scales[g_idx.long()]) + zeros[g_idx.long()], 0, 15).to(torch.int32)
        shifts = torch.arange(0, 32, 4, dtype=torch.int32)
        qweight = (q.reshape(self.in_features // 8, 8, self.out_features) << shifts[None, :, None]).sum(1, dtype=torch.int32)
        zq = (zeros.to(torch.int32) - 1)  # AutoGPTQ stores zeros - 1 (the v1 format GPTQModel reads)
        qzeros = ((zq & 15).reshape(groups, self.out_features // 8, 8) << shifts[None, None, :]).sum(2, dtype=torch.int32)
        self.register_buffer("qweight", qweight)
        self.register_buffer("qzeros", qzeros)
        self.register_buffer("scales", scales.to(torch.float16))
        self.register_buffer("g_idx", g_idx)
        self.register_buffer("wf", shifts, persistent=False)
        self.bias = None

    def quant_state_bytes(self):
        return {k: getattr(self, k).numel() * getattr(self, k).element_size()
                for k in ("qweight", "qzeros", "scales", "g_idx")}

    def dequantize_weight(self):
        # TorchLinear.dequantize_weight: unpack the codes and zeros, (code - zero) * scale per group
        zeros = torch.bitwise_right_shift(self.qzeros.unsqueeze(2).expand(-1, -1, 8), self.wf[None, None, :]).to(torch.int8)
        zeros = (torch.bitwise_and(zeros, 15) + 1).reshape(self.qzeros.shape[0], -1)
        weight = torch.bitwise_right_shift(self.qweight.unsqueeze(1).expand(-1, 8, -1), self.wf[None, :, None]).to(torch.int8)
        weight = torch.bitwise_and(weight, 15).reshape(self.in_features, self.out_features)
        g = self.g_idx.long()
        return self.scales[g] * (weight - zeros[g]).to(torch.float16)

    def forward(self, x):
        out_shape = x.shape[:-1] + (self.out_features,)
        x = x.reshape(-1, x.shape[-1])
        weights = self.dequantize_weight().to(x.dtype)
        with op("weight_copy"):  # kept by mm for grad_x: weights is not a leaf, nothing caches it
            out = torch.matmul(x, weights)
        return out.reshape(out_shape)


LORA_TARGETS = {"qv": ("q_proj", "v_proj"),
                "all": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")}


def apply_features(model, spec, precision):
    """LoRA / QLoRA / loss implementations on a built (and, for bf16, converted) LLaMA model, as
    PEFT's get_peft_model and the Trainer set them up:
      * qlora: every target Linear becomes an NF4 Linear4bit (compute dtype bf16);
      * lora / qlora: a LoRA wrapper on each target, adapters in fp32 (PEFT's default
        autocast_adapter_dtype=True upcasts bf16 adapters), everything else frozen;
      * with checkpointing, enable_input_require_grads() (the embedding output requires grad, as
        PEFT and HF do for the reentrant checkpoint); without it the first layer's input does not
        require grad;
      * loss_impl: "chunked_ce" (torchtune) or "fused_linear_ce" (Liger), see below."""
    lora = spec.get("lora")
    qlora = spec.get("qlora")
    if spec.get("loss_impl"):
        model.loss_impl = spec["loss_impl"]
    if not lora:
        return model
    targets = LORA_TARGETS[lora["targets"]]
    for p in model.parameters():
        p.requires_grad_(False)
    for layer in model.model.layers:
        # LFM2's convolution layers have no self_attn (their in_proj / out_proj are not targets here)
        for parent in (getattr(layer, "self_attn", None), layer.mlp):
            if parent is None:
                continue
            for name in targets:
                base = getattr(parent, name, None)
                if base is None:
                    continue
                if qlora and qlora.get("format") == "gptq":
                    # peft tuners/lora/gptq.py GPTQLoraLinear.forward is LoraLinear's (the input cast
                    # to the adapters' dtype, the sum cast back to the base output's)
                    wrapped = LoraLinear(GptqLinear(base, group_size=qlora["group_size"]), lora["r"], lora["alpha"],
                                         lora["dropout"], adapter_dtype=torch.float32)
                elif qlora:
                    base = Linear4bit(base, compute_dtype=torch.bfloat16, blocksize=qlora.get("blocksize", 64),
                                      double_quant=qlora.get("double_quant", False))
                    wrapped = LoraLinear4bit(base, lora["r"], lora["alpha"], lora["dropout"],
                                             adapter_dtype=torch.float32)
                else:
                    wrapped = LoraLinear(base, lora["r"], lora["alpha"], lora["dropout"],
                                         adapter_dtype=torch.float32)
                setattr(parent, name, wrapped)
    # PEFT's modules_to_save (peft 5d602fd, utils/other.py ModulesToSaveWrapper.update): a deepcopy
    # of the module in its own dtype (cast_adapter_dtype upcasts only BaseTunerLayer adapters, and
    # the wrapper is not one) that trains, beside the frozen original, which stays in memory. The
    # wrapper's forward calls the copy; here the copy takes the original's place (so its saved
    # tensors keep the module's name) and the original is kept frozen on the model, unused.
    saved = lora.get("save", ())
    if saved:
        model.frozen_originals = nn.ModuleList()
    for name in saved:
        owner = model.model if name == "embed_tokens" else model
        original = getattr(owner, name)
        trained = copy.deepcopy(original)
        trained.requires_grad_(True)
        model.frozen_originals.append(original)
        setattr(owner, name, trained)
    if spec.get("checkpointing") == "full":
        model.model.embed_tokens.register_forward_hook(lambda m, i, o: o.requires_grad_(True))
    return model


def torchtune_chunked_forward(model, hidden_states, labels, num_output_chunks=8, ignore_index=-100):
    """torchtune: TransformerDecoder.chunked_output ([output(chunk) for chunk in
    h.tensor_split(num_output_chunks, dim=1)], a list of logits) and CEWithChunkedOutputLoss
    (each chunk's logits .float(), cross_entropy(reduction="sum"), summed, / number of tokens);
    labels shifted as the torchtune recipes do (hstack(labels[..., 1:], ignore_index))."""
    logits = [model.lm_head(chunk) for chunk in hidden_states.tensor_split(num_output_chunks, dim=1)]
    with region("loss"):
        ignore_labels_cache = torch.full((labels.shape[0], 1), ignore_index, dtype=labels.dtype,
                                         device=labels.device)
        labels = torch.hstack((labels[..., 1:], ignore_labels_cache[: labels.shape[0]]))
        total_elements = (labels != ignore_index).sum()
        labels = [target_chunk.reshape(-1) for target_chunk in labels.chunk(num_output_chunks, dim=1)]
        logits = [logit_chunk.reshape(-1, logit_chunk.size(-1)) for logit_chunk in logits]
        total_loss = 0.0
        for logits_chunk, labels_chunk in zip(logits, labels):
            with op("log_softmax", "log_softmax", "labels"):
                total_loss += F.cross_entropy(logits_chunk.float(), labels_chunk, ignore_index=ignore_index,
                                              reduction="sum")
        return total_loss / total_elements


def _next_power_of_2(n):
    return 1 << (int(n) - 1).bit_length()


class FusedLinearCrossEntropy(torch.autograd.Function):
    """Liger's LigerFusedLinearCrossEntropyFunction in plain torch: tokens in chunks
    (inc_factor = ceil(V / H), chunk_size = next_power_of_2(ceil(BT / inc_factor))); per chunk the
    logits x_chunk @ W^T, their fp32 softmax gradient (softmax - one_hot) / n_non_ignore computed in
    forward (Liger's kernel writes it into the logits buffer), grad_input[chunk] = g @ W and
    grad_weight += g^T @ x_chunk. Saves only grad_input (x's shape and dtype) and grad_weight (W's
    shape and dtype); backward scales them by grad_output."""

    @staticmethod
    def forward(ctx, _input, weight, target, ignore_index):
        BT, H = _input.shape
        V = weight.shape[0]
        inc_factor = -(-V // H)
        chunk_size = _next_power_of_2(-(-BT // inc_factor))
        num_chunks = -(-BT // chunk_size)
        grad_weight = torch.zeros_like(weight) if weight.requires_grad else None
        grad_input = torch.zeros_like(_input)
        loss_1d = torch.zeros(BT, dtype=torch.float32, device=_input.device)
        target_mask = target != ignore_index
        n_non_ignore = max(int(target_mask.sum().item()), 1)
        for chunk_id in range(num_chunks):
            s, e = chunk_id * chunk_size, min((chunk_id + 1) * chunk_size, BT)
            x = _input[s:e]
            logits_chunk = x @ weight.t()
            t = target[s:e]
            valid = (t != ignore_index)
            tt = t.clamp(min=0)
            lf = logits_chunk.float()
            lse = torch.logsumexp(lf, dim=-1)
            loss_1d[s:e] = (lse - lf.gather(1, tt[:, None]).squeeze(1)) * valid / n_non_ignore
            g = torch.softmax(lf, dim=-1)
            g[torch.arange(e - s), tt] -= 1.0
            g = (g * (valid[:, None].float() / n_non_ignore)).to(logits_chunk.dtype)
            grad_input[s:e] = g @ weight
            if grad_weight is not None:
                grad_weight += (g.t().to(x.dtype) @ x).to(grad_weight.dtype)
        loss = torch.sum(loss_1d)
        ctx.save_for_backward(grad_input.detach(), grad_weight.detach() if grad_weight is not None else None)
        return loss

    @staticmethod
    def backward(ctx, grad_output):
        grad_input, grad_weight = ctx.saved_tensors
        if not torch.equal(grad_output, torch.tensor(1.0, device=grad_output.device)):
            grad_input = grad_input * grad_output
            grad_weight = grad_weight * grad_output if grad_weight is not None else None
        return grad_input, grad_weight, None, None


def liger_fused_linear_forward(model, hidden_states, labels, ignore_index=-100):
    """Liger's lce_forward / LigerForCausalLMLoss (0.5.x): labels padded and shifted as HF does,
    hidden_states.view(-1, H), the fused linear cross-entropy on lm_head.weight: no logits."""
    with region("loss"):
        labels = F.pad(labels, (0, 1), value=ignore_index)
        shift_labels = labels[..., 1:].contiguous().view(-1)
        h = hidden_states[:, slice(0, None), :].reshape(-1, model.cfg.hidden)
        with op("fused_linear_ce.grad_input", "fused_linear_ce.grad_weight"):
            return FusedLinearCrossEntropy.apply(h, model.lm_head.weight, shift_labels, ignore_index)


def build_model(cfg, spec=None, precision=None):
    """The model for a configuration; with `spec` (a measure.py grid entry) and the precision the
    training features (LoRA, QLoRA, loss implementation) are applied after the bf16 conversion."""
    if cfg.arch == "gpt2":
        if cfg.kv_heads != cfg.heads:
            raise ValueError("GPT-2 has no grouped-query attention")
        model = GPT2LMHeadModel(cfg)
    elif cfg.arch in ("llama", "lfm2"):
        model = LlamaForCausalLM(cfg)
    elif cfg.arch == "gpt_neox":
        model = GPTNeoXForCausalLM(cfg)
    elif cfg.arch == "phi":
        model = PhiForCausalLM(cfg)
    elif cfg.arch == "gemma2":
        model = Gemma2ForCausalLM(cfg)
    elif cfg.arch == "mixtral":
        model = MoeForCausalLM(cfg, qwen=False)
    elif cfg.arch == "qwen2_moe":
        model = MoeForCausalLM(cfg, qwen=True)
    elif cfg.arch == "deepseek_v2":
        model = DeepseekV2ForCausalLM(cfg)
    else:
        raise ValueError(cfg.arch)
    if spec is not None:
        if precision == "bf16":
            model.to(torch.bfloat16)
        apply_features(model, spec, precision)
    return model
