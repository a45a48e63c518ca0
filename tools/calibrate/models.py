"""GPT-2-style and LLaMA-style decoder stacks, written op for op like the
Hugging Face `transformers` eager implementations, for the calibration
harness (measure.py, gpu_peak.py).

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

    @property
    def head_dim(self):
        return self.hidden // self.heads

    def to_dict(self):
        return asdict(self)


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
        self.act = NewGELUActivation()
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
    def __init__(self, cfg):
        super().__init__()
        dim = cfg.head_dim
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


class LlamaModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.embed_tokens = nn.Embedding(cfg.vocab, cfg.hidden)
        nn.init.normal_(self.embed_tokens.weight, std=0.02)
        self.layers = nn.ModuleList([LlamaDecoderLayer(cfg, i) for i in range(cfg.layers)])
        self.norm = LlamaRMSNorm(cfg.hidden, eps=cfg.norm_eps)
        self.rotary_emb = LlamaRotaryEmbedding(cfg)
        self.gradient_checkpointing = False
        self.record_shared = False  # measure.py sets it: keep refs to the shared tensors to name them
        self.shared = {}

    def _causal_mask(self, inputs_embeds, cache_position):
        """_update_causal_mask with a 2-D attention_mask of ones (HF Trainer passes
        one): a materialised [B, 1, S, S] mask in the embeddings' dtype. None for
        the flash / sdpa paths (no padding -> HF passes no mask)."""
        if self.cfg.attn_impl != "eager":
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

    def forward(self, input_ids, labels):
        hidden_states = self.model(input_ids)
        logits = self.lm_head(hidden_states[:, slice(0, None), :])
        with region("loss"):
            loss = causal_lm_loss(logits, labels, self.cfg.vocab)
        return loss


def build_model(cfg):
    if cfg.arch == "gpt2":
        if cfg.kv_heads != cfg.heads:
            raise ValueError("GPT-2 has no grouped-query attention")
        return GPT2LMHeadModel(cfg)
    if cfg.arch == "llama":
        return LlamaForCausalLM(cfg)
    raise ValueError(cfg.arch)
