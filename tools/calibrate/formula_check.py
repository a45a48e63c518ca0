#!/usr/bin/python3
"""Recomputes every calibration fixture from the closed-form tensor list of
SAVED_TENSORS.md and reports the error, region by region and item by item
(the itemized layer and the regions outside the layers), and checks that
SAVED_TENSORS.md carries exactly the tables generated from this file.

The tables below ARE the specification (SAVED_TENSORS.md is generated from them
with --markdown and explained there). Each entry of a table is

    (name, elements, dtype, condition, shape, what)

  * elements: a Python expression in B, S, H, A, KV, d (head dim: H / A, or
    Gemma-2's head_dim), F, V, P (GPT-2 learned positions), L, and for the newer
    families RD, E, K, N[e], SF, QL, KL, RH, NH, VH, QH, R, i (see the comment
    above NEOX_LAYER); a row whose name holds {e} repeats for each expert e;
  * dtype: bytes per element as a symbol: "r" (residual/norm dtype: 4 in fp32 and
    autocast, 2 in pure bf16), "c" (compute dtype of matmuls: 4 in fp32, 2 in
    autocast and bf16), "4" (always fp32), "8" (int64, complex64), "2", and for
    LoRA "a" (adapter operands) and "p" (projection outputs);
  * condition: a Python expression over the flags drop (dropout > 0),
    autocast, fp32, bf16, r, c, ckpt, eager, gelu_fused, norm_topk, qlora, the
    LoRA flags and the size variables above; "" means always;
  * shape as saved, and what the tensor is (documentation only).

Also compared with the same inputs (--compare): the textbook per-layer formula
2·(19·B·S·H + 3·B·A·S²) bytes (brief, section 2.2) and Korthikanti et al.
(2022) s·b·h·(34 + 5·a·s/h), both scaled to 4-byte elements for fp32 runs.

Run:  /usr/bin/python3 tools/calibrate/formula_check.py [--fixture PATH] [--compare] [--markdown]
Exit status 1 if any region is off by more than --tolerance (default 0: exact).
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FIXTURE = os.path.abspath(os.path.join(HERE, "..", "..", "tests", "fixtures", "calibration", "cpu.json"))

# --------------------------------------------------------------------------
# The specification
# --------------------------------------------------------------------------
# k^T and v as eager attention saves them (repeat_kv, then matmul's 3-D reshape): copies at A heads,
# except where both stay views. Shared by every family with LLaMA's eager_attention_forward.
K_T = "B*S*KV*d if B == 1 and KV == 1 and not autocast else B*S*A*d"
V_AT = "B*S*KV*d if B == 1 and (KV == 1 or KV == A) else B*S*A*d"

GPT2_NORM = [  # nn.LayerNorm saves its input and per-row mean / rstd in the input's dtype
    ("{ln}.input", "B*S*H", "r", "", "[B, S, H]", "the LayerNorm input (the residual stream)"),
    ("{ln}.mean", "B*S", "r", "", "[B, S, 1]", "per-token mean"),
    ("{ln}.rstd", "B*S", "r", "", "[B, S, 1]", "per-token 1/std"),
]


def _fmt(rows, **kw):
    return [tuple(x.format(**kw) if i == 0 else x for i, x in enumerate(row)) for row in rows]


_GPT2_MLP = [
    ("mlp.c_fc.input", "B*S*H", "c", "", "[B*S, H]", "ln_2 output (autocast: its bf16 cast)"),
    ("mlp.act.input", "B*S*F", "c", "", "[B, S, F]",
     "c_fc output, saved by pow(x, 3) (gelu_new written out; fused: by F.gelu(x, approximate='tanh'), the only save)"),
    ("mlp.act.tanh_out", "B*S*F", "c", "not gelu_fused", "[B, S, F]", "tanh output"),
    ("mlp.act.half_x", "B*S*F", "c", "not gelu_fused", "[B, S, F]", "0.5 * x, saved by the final product"),
    ("mlp.act.one_plus_tanh", "B*S*F", "c", "not gelu_fused", "[B, S, F]", "1 + tanh(...), saved by the final product"),
    ("mlp.c_proj.input", "B*S*F", "c", "", "[B*S, F]", "gelu output"),
    ("mlp.dropout.mask", "B*S*H", "c", "drop", "[B, S, H]", "CPU dropout mask (input dtype)"),
]

GPT2_LAYER_EAGER = [
    *_fmt(GPT2_NORM, ln="ln_1"),
    ("attn.c_attn.input", "B*S*H", "c", "", "[B*S, H]", "ln_1 output (autocast: its bf16 cast)"),
    ("attn.q", "B*S*H", "c", "B > 1", "[B*A, S, d]", "matmul's contiguous copy of the split-head q"),
    ("attn.q", "3*B*S*H", "c", "B == 1", "[A, S, d] view",
     "with B == 1 matmul can view q, k^T and v: the whole fused c_attn output [S, 3H] is saved instead"),
    ("attn.k_t", "B*S*H", "c", "B > 1", "[B*A, d, S]", "matmul's contiguous copy of k^T"),
    ("attn.probs", "B*A*S*S", "c", "", "[B, A, S, S]", "softmax output (CPU autocast: bf16)"),
    ("attn.attn_dropout.mask", "B*A*S*S", "c", "drop", "[B, A, S, S]", "CPU dropout mask (input dtype)"),
    ("attn.probs_dropped", "B*A*S*S", "c", "drop", "[B*A, S, S]",
     "dropped probabilities, saved by matmul(probs, v); without dropout this is the softmax output again"),
    ("attn.v", "B*S*H", "c", "B > 1", "[B*A, S, d]", "matmul's contiguous copy of v"),
    ("attn.c_proj.input", "B*S*H", "c", "", "[B*S, H]", "merged heads"),
    ("attn.resid_dropout.mask", "B*S*H", "c", "drop", "[B, S, H]", "CPU dropout mask (input dtype)"),
    *_fmt(GPT2_NORM, ln="ln_2"),
    *_GPT2_MLP,
]

GPT2_LAYER_FLASH = [
    *_fmt(GPT2_NORM, ln="ln_1"),
    ("attn.c_attn.input", "B*S*H", "c", "", "[B*S, H]", "ln_1 output (autocast: its bf16 cast)"),
    ("attn.q", "3*B*S*H", "c", "", "[B, S, A, d] view",
     "q, k and v are views of the fused c_attn output: its whole [B, S, 3H] storage"),
    ("attn.out", "B*S*H", "c", "", "[B, S, A, d]", "kernel output, also c_proj's input"),
    ("attn.lse", "B*A*S", "4", "", "[B, A, S]", "fp32 logsumexp"),
    ("attn.resid_dropout.mask", "B*S*H", "c", "drop", "[B, S, H]", "CPU dropout mask (input dtype)"),
    *_fmt(GPT2_NORM, ln="ln_2"),
    *_GPT2_MLP,
]

_LOSS = [
    ("log_softmax", "B*S*V", "4", "", "[B*S, V]", "log_softmax of logits.float(), saved by log_softmax and nll_loss"),
    ("labels", "B*S if B > 1 else S + 1", "8", "", "[B*S]",
     "labels padded to S+1, then [..., 1:].contiguous(): a copy when B > 1; with B == 1 the slice is "
     "contiguous and the padded storage itself is saved"),
]

GPT2_OUTSIDE = {
    "embedding": [
        ("wte.indices", "B*S", "8", "", "[B, S]", "input ids"),
        ("wpe.indices", "S", "8", "", "[1, S]", "position ids"),
        ("drop.mask", "B*S*H", "r", "drop", "[B, S, H]", "embedding dropout mask (CPU: embedding dtype)"),
    ],
    "final_norm": _fmt(GPT2_NORM, ln="ln_f"),
    "lm_head": [("lm_head.input", "B*S*H", "c", "", "[B*S, H]", "ln_f output (autocast: its bf16 cast)")],
    "loss": _LOSS,
    "shared": [],
}

RMSNORM = [  # LlamaRMSNorm: fp32 upcast; torch 1.13's mean() also saves its input (x^2)
    ("{n}.x_fp32", "B*S*H", "4", "", "[B, S, H]",
     "hidden.to(float32): the residual itself when it is fp32, a fresh copy in pure bf16"),
    ("{n}.x_squared", "B*S*H", "4", "", "[B, S, H]", "x.pow(2), saved by mean() (torch 1.13)"),
    ("{n}.rstd", "B*S", "4", "", "[B, S, 1]", "rsqrt(mean + eps)"),
    ("{n}.normed", "B*S*H", "r", "", "[B, S, H]", "(x * rstd).to(input dtype), saved by weight * h"),
]

_LLAMA_ATTN_IN = [
    ("self_attn.q_proj.input", "B*S*H", "r", "r == c", "[B*S, H]", "the norm output, shared by q/k/v_proj"),
    ("self_attn.q_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: bf16 cast of the norm output"),
    ("self_attn.k_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
    ("self_attn.v_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
]

_LLAMA_MLP = [
    ("mlp.gate_proj.input", "B*S*H", "r", "r == c", "[B*S, H]", "the norm output, shared by gate/up_proj"),
    ("mlp.gate_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: bf16 cast of the norm output"),
    ("mlp.up_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
    ("mlp.act_fn.input", "B*S*F", "c", "", "[B, S, F]", "gate_proj output, saved by SiLU"),
    ("mlp.act_out", "B*S*F", "c", "", "[B, S, F]", "SiLU output, saved by the product"),
    ("mlp.up_out", "B*S*F", "c", "", "[B, S, F]", "up_proj output, saved by the product"),
    ("mlp.down_proj.input", "B*S*F", "c", "", "[B*S, F]", "act * up"),
]

LLAMA_LAYER_EAGER = [
    *_fmt(RMSNORM, n="input_layernorm"),
    *_LLAMA_ATTN_IN,
    ("self_attn.q", "B*S*H", "c", "", "[B*A, S, d]", "matmul's copy of the RoPE'd q (autocast: bf16 cast)"),
    ("self_attn.k_t", K_T, "c", "", "[B*A, d, S]",
     "k^T at A heads: repeat_kv copy (GQA) or matmul's copy; with B == 1 and KV == 1 (no autocast) repeat_kv's "
     "expand + reshape and matmul's reshape stay views (stride 0): the RoPE'd k at one head is saved"),
    ("self_attn.probs_fp32", "B*A*S*S", "4", "", "[B, A, S, S]", "softmax(dtype=float32) output"),
    ("self_attn.dropout_mask", "B*A*S*S", "r", "drop", "[B, A, S, S]",
     "CPU dropout mask in the query dtype (= r: RoPE with cos/sin in the embedding dtype promotes)"),
    ("self_attn.probs_dropped", "B*A*S*S", "c", "drop or c != 4", "[B*A, S, S]",
     "what matmul(probs, v) saves: the .to(query dtype)/dropout result, autocast: its bf16 cast; "
     "in fp32 without dropout it is probs_fp32 again"),
    ("self_attn.v", V_AT, "c", "", "[B*A, S, d]",
     "v at A heads: repeat_kv copy or matmul's copy; with B == 1 and KV == 1 or A a view of v_proj's output"),
    ("self_attn.o_proj.input", "B*S*H", "c", "", "[B*S, H]", "merged heads"),
    *_fmt(RMSNORM, n="post_attention_layernorm"),
    *_LLAMA_MLP,
]

LLAMA_LAYER_FLASH = [
    *_fmt(RMSNORM, n="input_layernorm"),
    *_LLAMA_ATTN_IN,
    ("self_attn.q", "B*S*H", "c", "", "[B, S, A, d]", "RoPE'd q (autocast: HF casts it to bf16 for the kernel)"),
    ("self_attn.k", "B*S*KV*d", "c", "", "[B, S, KV, d]", "RoPE'd k at KV heads (autocast: bf16 cast)"),
    ("self_attn.v", "B*S*KV*d", "c", "", "[B, S, KV, d]", "a view of v_proj's output"),
    ("self_attn.out", "B*S*H", "c", "", "[B, S, A, d]", "kernel output, also o_proj's input"),
    ("self_attn.lse", "B*A*S", "4", "", "[B, A, S]", "fp32 logsumexp"),
    *_fmt(RMSNORM, n="post_attention_layernorm"),
    *_LLAMA_MLP,
]

LLAMA_OUTSIDE = {
    "embedding": [("embed_tokens.indices", "B*S", "8", "", "[B, S]", "input ids")],
    "final_norm": _fmt(RMSNORM, n="norm"),
    "lm_head": [("lm_head.input", "B*S*H", "c", "", "[B*S, H]", "final norm output (autocast: its bf16 cast)")],
    "loss": _LOSS,
    "shared": [
        ("rope_cos", "S*d", "r", "", "[1, S, d]", "RoPE cos in the embedding dtype, saved by q*cos (layer 0)"),
        ("rope_sin", "S*d", "r", "", "[1, S, d]", "RoPE sin"),
        ("causal_mask", "B*S*S", "r", "ckpt and eager", "[B, 1, S, S]",
         "4-D additive mask, a tensor argument of the reentrant checkpoint"),
        ("cache_position", "S", "8", "ckpt", "[S]", "positions (position_ids is a view), checkpoint argument"),
    ],
}

# Autocast weight copies (bf16 casts of fp32 parameters, cached per parameter for the
# autocast region and saved by the matmuls that use them). Elements per layer / lm_head.
WEIGHT_COPIES = {
    "gpt2": {"layer": "4*H*H + 2*H*F", "lm_head": "H*V"},          # Conv1D biases: their casts are not saved
    "llama": {"layer": "2*H*H + 2*H*KV*d + 3*H*F", "lm_head": "H*V"},
}

# The element that the first save of a layer aliases under reentrant checkpointing
# (recompute of layer i saves everything above except the checkpointed input itself).
CHECKPOINT_ALIAS = {
    "gpt2": ("ln_1.input", "B*S*H", "r", "", "[B, S, H]", "the checkpointed layer input"),
    "llama": ("input_layernorm.x_fp32", "B*S*H", "4", "r == 4", "[B, S, H]",
              "the checkpointed layer input; in pure bf16 x_fp32 is a fresh copy"),
}



# ==========================================================================
# Newer block families and training features (configurations with a "family" field)
# ==========================================================================
# Extra size variables: d (head dim: Gemma-2's head_dim, else H / A), RD (rotated dims per head,
# int(d * rotary_pct)), E / K (experts, top-k), N[e] (tokens routed to expert e in this layer:
# the fixture's moe.tokens_per_expert), SF (Qwen2-MoE shared expert FFN), QL / KL (MLA q / kv
# LoRA ranks, QL = 0: q_proj), RH / NH / VH / QH (MLA rope / nope / value / q-k head dims,
# QH = NH + RH), R (LoRA rank), i (layer index).
# Extra dtype symbols: "a" (LoRA adapter matmul operands: fp32 adapters, so 4, or 2 under
# autocast), "p" (what a projection returns: c, but r for QLoRA's Linear4bit, which casts its
# output back to its input's dtype).
# Extra flags: gelu_fused, norm_topk, qlora, and for LoRA the target flags lq lk lv lo lg lu ld,
# ldrop (lora_dropout > 0) and which inputs require grad: gin (the layer input: every layer but
# the first, or all with checkpointing, where enable_input_require_grads() makes the embedding
# output require grad), qg / kg / vg (q, k, v: gin or their adapter), sg (the scores: qg or kg),
# ag (the attention output: sg or vg), pg (the residual after attention: ag or lo), gg / ug
# (gate / up outputs: pg or their adapter), hg (the down_proj input: gg or ug).

LAYERNORM = GPT2_NORM  # nn.LayerNorm with bias: input, mean, rstd in the input's dtype

# ---- GPT-NeoX (GPTNeoXLayer, use_parallel_residual=True) ------------------
NEOX_LAYER = [
    ("input_layernorm.input", "B*S*H", "r", "", "[B, S, H]",
     "the layer input; post_attention_layernorm reads the same tensor (parallel residual), so its "
     "`input` is an alias of this storage"),
    ("input_layernorm.mean", "B*S", "r", "", "[B, S, 1]", "per-token mean"),
    ("input_layernorm.rstd", "B*S", "r", "", "[B, S, 1]", "per-token 1/std"),
    ("attention.query_key_value.input", "B*S*H", "c", "", "[B*S, H]", "input_layernorm output (autocast: its bf16 cast)"),
    ("attention.q", "B*S*H", "c", "", "[B*A, S, d]",
     "torch.cat((rope(q[..., :RD]), q[..., RD:])): a fresh [B, A, S, d] tensor, viewed by matmul "
     "(autocast: its bf16 cast, since RoPE with fp32 cos/sin promotes q to fp32); the RoPE products save "
     "only cos/sin, the slices and cat save nothing"),
    ("attention.k_t", "B*S*H", "c", "", "[B*A, d, S]", "likewise the rotated-and-concatenated k"),
    ("attention.probs_fp32", "B*A*S*S", "4", "", "[B, A, S, S]", "softmax(dtype=float32) output"),
    ("attention.probs_dropped", "B*A*S*S", "c", "c != 4", "[B*A, S, S]",
     "what matmul(probs, v) saves: the .to(query dtype) result (bf16) or its autocast cast; fp32: probs_fp32 again"),
    ("attention.v", "B*S*H", "c", "B > 1", "[B*A, S, d]", "matmul's contiguous copy of v (a chunk of the fused qkv output)"),
    ("attention.v", "3*B*S*H", "c", "B == 1", "[A, S, d] view",
     "with B == 1 matmul can view v: the whole fused query_key_value output [S, 3H] is saved"),
    ("attention.dense.input", "B*S*H", "c", "", "[B*S, H]", "merged heads"),
    ("post_attention_layernorm.mean", "B*S", "r", "", "[B, S, 1]", "per-token mean (its input is the layer input: alias)"),
    ("post_attention_layernorm.rstd", "B*S", "r", "", "[B, S, 1]", "per-token 1/std"),
    ("mlp.dense_h_to_4h.input", "B*S*H", "c", "", "[B*S, H]", "post_attention_layernorm output (autocast: its bf16 cast)"),
    ("mlp.act.input", "B*S*F", "c", "", "[B, S, F]", "dense_h_to_4h output, saved by F.gelu (erf)"),
    ("mlp.dense_4h_to_h.input", "B*S*F", "c", "", "[B*S, F]", "gelu output"),
]
NEOX_OUTSIDE = {
    "embedding": [("embed_in.indices", "B*S", "8", "", "[B, S]", "input ids (emb_dropout p = 0: nothing)")],
    "final_norm": _fmt(LAYERNORM, ln="final_layer_norm"),
    "lm_head": [("embed_out.input", "B*S*H", "c", "", "[B*S, H]", "final_layer_norm output (autocast: its bf16 cast)")],
    "loss": _LOSS,
    "shared": [
        ("rope_cos", "S*RD", "r", "", "[1, S, RD]", "RoPE cos over the rotated dims only, embedding dtype"),
        ("rope_sin", "S*RD", "r", "", "[1, S, RD]", "RoPE sin"),
        ("causal_mask", "B*S*S", "r", "ckpt and eager", "[B, 1, S, S]", "4-D additive mask, checkpoint argument"),
        ("cache_position", "S", "8", "ckpt", "[S]", "positions, checkpoint argument"),
    ],
}
NEOX_COPIES = [
    ("attention.query_key_value.weight", "3*H*H", "2", "autocast", "[H, 3H]", "bias casts are made, not saved"),
    ("attention.dense.weight", "H*H", "2", "autocast", "[H, H]", ""),
    ("mlp.dense_h_to_4h.weight", "H*F", "2", "autocast", "[H, F]", ""),
    ("mlp.dense_4h_to_h.weight", "F*H", "2", "autocast", "[F, H]", ""),
]
NEOX_HEAD_COPIES = [("embed_out.weight", "H*V", "2", "autocast", "[H, V]", "untied embed_out")]

# ---- Phi (PhiDecoderLayer: one LayerNorm feeds attention and MLP) --------
PHI_LAYER = [
    *_fmt(LAYERNORM, ln="input_layernorm"),
    ("self_attn.q_proj.input", "B*S*H", "r", "r == c", "[B*S, H]",
     "the LayerNorm output, shared by q/k/v_proj and mlp.fc1 (their `input` are aliases)"),
    ("self_attn.q_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: bf16 cast of the LayerNorm output"),
    ("self_attn.k_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
    ("self_attn.v_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
    ("self_attn.q", "B*S*A*d", "c", "", "[B*A, S, d]",
     "torch.cat((rope(q[..., :RD]), q[..., RD:])): fresh, viewed by matmul (autocast: its bf16 cast)"),
    ("self_attn.k_t", K_T, "c", "", "[B*A, d, S]", "likewise k, at A heads (rule of LLaMA's k_t)"),
    ("self_attn.probs_fp32", "B*A*S*S", "4", "", "[B, A, S, S]", "softmax(dtype=float32) output"),
    ("self_attn.probs_dropped", "B*A*S*S", "c", "c != 4", "[B*A, S, S]", "the .to(query dtype) result or its autocast cast"),
    ("self_attn.v", V_AT, "c", "", "[B*A, S, d]", "v (rule of LLaMA's v)"),
    ("self_attn.dense.input", "B*S*A*d", "c", "", "[B*S, H]", "merged heads"),
    ("mlp.fc1.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: a fourth bf16 cast of the LayerNorm output"),
    ("mlp.activation_fn.input", "B*S*F", "c", "", "[B, S, F]", "fc1 output, saved by pow(x, 3) (gelu_new written out)"),
    ("mlp.activation_fn.tanh_out", "B*S*F", "c", "", "[B, S, F]", "tanh output"),
    ("mlp.activation_fn.half_x", "B*S*F", "c", "", "[B, S, F]", "0.5 * x"),
    ("mlp.activation_fn.one_plus_tanh", "B*S*F", "c", "", "[B, S, F]", "1 + tanh(...)"),
    ("mlp.fc2.input", "B*S*F", "c", "", "[B*S, F]", "gelu output"),
]
PHI_OUTSIDE = {
    "embedding": [("embed_tokens.indices", "B*S", "8", "", "[B, S]", "input ids (embed_dropout p = 0: nothing)")],
    "final_norm": _fmt(LAYERNORM, ln="final_layernorm"),
    "lm_head": [("lm_head.input", "B*S*H", "c", "", "[B*S, H]", "final_layernorm output (autocast: its bf16 cast)")],
    "loss": _LOSS,
    "shared": NEOX_OUTSIDE["shared"],
}
PHI_COPIES = [
    ("self_attn.q_proj.weight", "H*A*d", "2", "autocast", "[H, A·d]", "bias casts are made, not saved"),
    ("self_attn.k_proj.weight", "H*KV*d", "2", "autocast", "[H, KV·d]", ""),
    ("self_attn.v_proj.weight", "H*KV*d", "2", "autocast", "[H, KV·d]", ""),
    ("self_attn.dense.weight", "A*d*H", "2", "autocast", "[A·d, H]", ""),
    ("mlp.fc1.weight", "H*F", "2", "autocast", "[H, F]", ""),
    ("mlp.fc2.weight", "F*H", "2", "autocast", "[F, H]", ""),
]
PHI_HEAD_COPIES = [("lm_head.weight", "H*V", "2", "autocast", "[H, V]", "the lm_head bias cast is not saved")]

# ---- Gemma-2 (Gemma2DecoderLayer) -----------------------------------------
GEMMA_NORM = [  # Gemma2RMSNorm: everything in fp32, (x * (1 + w)).type_as(x)
    ("{n}.x_fp32", "B*S*H", "4", "", "[B, S, H]",
     "x.float(): the input itself when it is fp32, a fresh copy otherwise (bf16, and the post-norms under autocast)"),
    ("{n}.x_squared", "B*S*H", "4", "", "[B, S, H]", "x.pow(2), saved by mean() (torch 1.13)"),
    ("{n}.rstd", "B*S", "4", "", "[B, S, 1]", "rsqrt(mean + eps)"),
    ("{n}.normed_fp32", "B*S*H", "4", "", "[B, S, H]", "x * rstd, in fp32 in every precision (saved by * (1 + w))"),
    ("{n}.weight_plus_one", "H", "4", "", "[H]", "1.0 + weight.float(): a fresh fp32 [H] tensor, not a parameter"),
]
GEMMA2_LAYER = [
    *_fmt(GEMMA_NORM, n="input_layernorm"),
    ("self_attn.q_proj.input", "B*S*H", "r", "r == c", "[B*S, H]", "the norm output, shared by q/k/v_proj"),
    ("self_attn.q_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: bf16 cast of the fp32 norm output"),
    ("self_attn.k_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
    ("self_attn.v_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
    ("self_attn.q", "B*S*A*d", "c", "", "[B*A, S, d]", "RoPE'd q (autocast: its bf16 cast); d is head_dim, not H / A"),
    ("self_attn.k_t", K_T, "c", "", "[B*A, d, S]", "k^T at A heads (repeat_kv copy; the B == 1, KV == 1 view rule)"),
    ("self_attn.softcap_tanh", "B*A*S*S", "c", "", "[B, A, S, S]",
     "attention logit soft-capping: tanh(scores / cap) saves its output (in the scores' dtype); / cap and * cap save nothing"),
    ("self_attn.probs_fp32", "B*A*S*S", "4", "", "[B, A, S, S]", "softmax(dtype=float32) output"),
    ("self_attn.probs_dropped", "B*A*S*S", "c", "c != 4", "[B*A, S, S]", "the .to(query dtype) result or its autocast cast"),
    ("self_attn.v", V_AT, "c", "", "[B*A, S, d]", "v at A heads (repeat_kv copy; the view rule)"),
    ("self_attn.o_proj.input", "B*S*A*d", "c", "", "[B*S, A·d]", "merged heads"),
    *_fmt(GEMMA_NORM, n="post_attention_layernorm"),
    *_fmt(GEMMA_NORM, n="pre_feedforward_layernorm"),
    ("mlp.gate_proj.input", "B*S*H", "r", "r == c", "[B*S, H]", "the norm output, shared by gate/up_proj"),
    ("mlp.gate_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: bf16 cast"),
    ("mlp.up_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
    ("mlp.act_fn.input", "B*S*F", "c", "", "[B, S, F]", "gate_proj output, saved by F.gelu(approximate='tanh')"),
    ("mlp.act_out", "B*S*F", "c", "", "[B, S, F]", "gelu output, saved by the product"),
    ("mlp.up_out", "B*S*F", "c", "", "[B, S, F]", "up_proj output, saved by the product"),
    ("mlp.down_proj.input", "B*S*F", "c", "", "[B*S, F]", "act * up"),
    *_fmt(GEMMA_NORM, n="post_feedforward_layernorm"),
]
GEMMA2_OUTSIDE = {
    "embedding": [("embed_tokens.indices", "B*S", "8", "", "[B, S]",
                   "input ids (the sqrt(H) normalizer is a 0-dim tensor: a scalar save, not counted)")],
    "final_norm": _fmt(GEMMA_NORM, n="norm"),
    "lm_head": [
        ("lm_head.input", "B*S*H", "c", "", "[B*S, H]", "final norm output (autocast: its bf16 cast)"),
        ("final_softcap.tanh_out", "B*S*V", "c", "", "[B, S, V]",
         "final logit soft-capping: tanh(logits / cap), saved by tanh, in the logits' dtype (before the loss's .float())"),
    ],
    "loss": _LOSS,
    "shared": [
        ("rope_cos", "S*d", "r", "", "[1, S, d]", "RoPE cos over head_dim, embedding dtype"),
        ("rope_sin", "S*d", "r", "", "[1, S, d]", "RoPE sin"),
        ("causal_mask", "B*S*S", "r", "ckpt and eager", "[B, 1, S, S]",
         "4-D additive mask, checkpoint argument (the sliding-window variant made per layer saves nothing)"),
        ("cache_position", "S", "8", "ckpt", "[S]", "positions, checkpoint argument"),
    ],
}
GEMMA2_COPIES = [
    ("self_attn.q_proj.weight", "H*A*d", "2", "autocast", "[H, A·d]", ""),
    ("self_attn.k_proj.weight", "H*KV*d", "2", "autocast", "[H, KV·d]", ""),
    ("self_attn.v_proj.weight", "H*KV*d", "2", "autocast", "[H, KV·d]", ""),
    ("self_attn.o_proj.weight", "A*d*H", "2", "autocast", "[A·d, H]", ""),
    ("mlp.gate_proj.weight", "H*F", "2", "autocast", "[H, F]", ""),
    ("mlp.up_proj.weight", "H*F", "2", "autocast", "[H, F]", ""),
    ("mlp.down_proj.weight", "F*H", "2", "autocast", "[F, H]", ""),
]
GEMMA2_HEAD_COPIES = [("model.embed_tokens.weight", "H*V", "2", "autocast", "[H, V]", "tied: lm_head casts the embedding")]

# ---- LLaMA-style attention shared by Mixtral / Qwen2-MoE ------------------
_LLAMA_ATTN = [
    *_fmt(RMSNORM, n="input_layernorm"),
    *_LLAMA_ATTN_IN,
    ("self_attn.q", "B*S*A*d", "c", "", "[B*A, S, d]", "matmul's copy of the RoPE'd q (autocast: bf16 cast)"),
    ("self_attn.k_t", K_T, "c", "", "[B*A, d, S]", "as LLaMA"),
    ("self_attn.probs_fp32", "B*A*S*S", "4", "", "[B, A, S, S]", "softmax(dtype=float32) output"),
    ("self_attn.probs_dropped", "B*A*S*S", "c", "c != 4", "[B*A, S, S]", "as LLaMA (no attention dropout here)"),
    ("self_attn.v", V_AT, "c", "", "[B*A, S, d]", "as LLaMA"),
    ("self_attn.o_proj.input", "B*S*A*d", "c", "", "[B*S, H]", "merged heads"),
    *_fmt(RMSNORM, n="post_attention_layernorm"),
]
_LLAMA_ATTN_COPIES = [
    ("self_attn.q_proj.weight", "H*A*d", "2", "autocast", "[H, A·d]", "q/k/v bias casts (Qwen2-MoE) are not saved"),
    ("self_attn.k_proj.weight", "H*KV*d", "2", "autocast", "[H, KV·d]", ""),
    ("self_attn.v_proj.weight", "H*KV*d", "2", "autocast", "[H, KV·d]", ""),
    ("self_attn.o_proj.weight", "A*d*H", "2", "autocast", "[A·d, H]", ""),
]


def _moe_block(p, w1, w3, w2):
    """The sparse MoE block under module path p with the expert projection names w1 (gate), w3 (up),
    w2 (down). Rows whose name holds {e} are repeated for each expert e = 0..E-1."""
    x = p + ".experts.{e}."
    return [
        (p + ".gate.input", "B*S*H", "r", "r == c", "[B*S, H]", "the norm output (router input), which the experts index into"),
        (p + ".gate.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: bf16 cast"),
        (p + ".routing_probs", "B*S*E", "4", "", "[B*S, E]", "F.softmax(router_logits, dim=1, dtype=torch.float)"),
        (p + ".topk_indices", "B*S*K", "8", "", "[B*S, K]", "torch.topk saves its indices"),
        (p + ".topk_values_clone", "B*S*K", "4", "norm_topk", "[B*S, K]",
         "renormalisation `routing_weights /= sum` is in place: autograd saves a clone of the top-k values"),
        (p + ".topk_sum", "B*S", "4", "norm_topk", "[B*S, 1]", "the sum, saved by the division"),
        (x + "token_index", "2*N[e]", "8", "N[e] > 0", "[N_e] view",
         "torch.where(expert_mask[e]) returns idx and top_x as views of one nonzero() result [N_e, 2] int64; "
         "hidden_states[None, top_x], routing_weights[top_x, idx] and index_add_ save views of it: the whole "
         "storage counts once"),
        (x + w1 + ".input", "N[e]*H", "r", "N[e] > 0 and r == c", "[N_e, H]",
         "the gathered tokens hidden_states[None, top_x] (IndexBackward saves only the index), shared by "
         + w1 + " and " + w3),
        (x + w1 + ".input", "N[e]*H", "c", "N[e] > 0 and r != c", "[N_e, H]", "autocast: bf16 cast of the gathered tokens"),
        (x + w3 + ".input", "N[e]*H", "c", "N[e] > 0 and r != c", "[N_e, H]", "autocast: another bf16 cast"),
        (x + "act_fn.input", "N[e]*F", "c", "N[e] > 0", "[N_e, F]", w1 + " output, saved by SiLU"),
        (x + "act_out", "N[e]*F", "c", "N[e] > 0", "[N_e, F]", "SiLU output, saved by the product"),
        (x + "up_out", "N[e]*F", "c", "N[e] > 0", "[N_e, F]", w3 + " output, saved by the product"),
        (x + w2 + ".input", "N[e]*F", "c", "N[e] > 0", "[N_e, F]", "act * up"),
        (x + "expert_out", "N[e]*H", "c", "N[e] > 0", "[N_e, H]", w2 + " output, saved by * routing weight"),
        (x + "routing_weight", "N[e]", "r", "N[e] > 0", "[N_e, 1]",
         "routing_weights[top_x, idx, None] (the weights were cast to the hidden dtype)"),
        (x + "weighted_out", "N[e]*H", "r", "N[e] > 0", "[N_e, H]",
         "expert_out * routing_weight (promoted to the hidden dtype), saved by index_add_: torch 1.13's derivative "
         "of index_add_ takes source.sizes() through expand_as(source) and so saves the source"),
    ]


def _moe_copies(p, w1, w3, w2, shared=False):
    rows = [(p + ".gate.weight", "H*E", "2", "autocast", "[H, E]", "router"),
            (p + ".experts.{e}." + w1 + ".weight", "H*F", "2", "autocast and N[e] > 0", "[H, F]",
             "an expert that gets no token is not measured"),
            (p + ".experts.{e}." + w3 + ".weight", "H*F", "2", "autocast and N[e] > 0", "[H, F]", ""),
            (p + ".experts.{e}." + w2 + ".weight", "F*H", "2", "autocast and N[e] > 0", "[F, H]", "")]
    if shared:
        rows += [(p + ".shared_expert.gate_proj.weight", "H*SF", "2", "autocast", "[H, SF]", ""),
                 (p + ".shared_expert.up_proj.weight", "H*SF", "2", "autocast", "[H, SF]", ""),
                 (p + ".shared_expert.down_proj.weight", "SF*H", "2", "autocast", "[SF, H]", ""),
                 (p + ".shared_expert_gate.weight", "H", "2", "autocast", "[H, 1]", "")]
    return rows


MIXTRAL_LAYER = [*_LLAMA_ATTN, *_moe_block("block_sparse_moe", "w1", "w3", "w2")]
QWEN2MOE_LAYER = [
    *_LLAMA_ATTN,
    *_moe_block("mlp", "gate_proj", "up_proj", "down_proj"),
    ("mlp.shared_expert.gate_proj.input", "B*S*H", "c", "r != c", "[B*S, H]",
     "autocast: a bf16 cast of the norm output (fp32 / bf16: the router's input again)"),
    ("mlp.shared_expert.up_proj.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
    ("mlp.shared_expert.act_fn.input", "B*S*SF", "c", "", "[B*S, SF]", "shared expert gate_proj output, saved by SiLU"),
    ("mlp.shared_expert.act_out", "B*S*SF", "c", "", "[B*S, SF]", "SiLU output"),
    ("mlp.shared_expert.up_out", "B*S*SF", "c", "", "[B*S, SF]", "up_proj output"),
    ("mlp.shared_expert.down_proj.input", "B*S*SF", "c", "", "[B*S, SF]", "act * up"),
    ("mlp.shared_expert_gate.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast"),
    ("mlp.shared_gate_sigmoid", "B*S", "c", "", "[B*S, 1]", "F.sigmoid(shared_expert_gate(x)): saved by sigmoid and by the product"),
    ("mlp.shared_expert_out", "B*S*H", "c", "", "[B*S, H]", "shared expert output, saved by sigmoid * output"),
]
MOE_AUX_LOSS = [
    ("router_probs", "L*B*S*E", "c", "", "[L*B*S, E]",
     "load_balancing_loss_func: softmax over the concatenated router logits of all layers (no dtype: theirs)"),
    ("topk_indices", "L*B*S*K", "8", "", "[L*B*S, K]", "topk saves its indices"),
    ("expert_attention_mask", "L*B*S*E", "8", "", "[L*B*S, E]",
     "the Trainer's int64 attention_mask expanded and reshaped (a copy), saved by routing_weights * mask"),
    ("mask_count", "E", "8", "", "[E]", "sum of that mask, saved by the division"),
    ("tokens_per_expert", "K*E", "4", "", "[K, E]", "fraction of tokens routed, saved by the product with the mean probabilities"),
]
MOE_OUTSIDE = {
    "embedding": LLAMA_OUTSIDE["embedding"], "final_norm": LLAMA_OUTSIDE["final_norm"],
    "lm_head": LLAMA_OUTSIDE["lm_head"], "loss": _LOSS, "aux_loss": MOE_AUX_LOSS, "shared": LLAMA_OUTSIDE["shared"],
}
LLAMA_HEAD_COPIES = [("lm_head.weight", "H*V", "2", "autocast", "[H, V]", "untied lm_head")]
MIXTRAL_COPIES = [*_LLAMA_ATTN_COPIES, *_moe_copies("block_sparse_moe", "w1", "w3", "w2")]
QWEN2MOE_COPIES = [*_LLAMA_ATTN_COPIES, *_moe_copies("mlp", "gate_proj", "up_proj", "down_proj", shared=True)]

# ---- DeepSeek-V2 multi-head latent attention ----------------------------
MLA_LAYER = [
    *_fmt(RMSNORM, n="input_layernorm"),
    ("self_attn.q_proj.input", "B*S*H", "r", "QL == 0 and r == c", "[B*S, H]",
     "the norm output, shared with kv_a_proj_with_mqa (its `input` is an alias)"),
    ("self_attn.q_proj.input", "B*S*H", "c", "QL == 0 and r != c", "[B*S, H]", "autocast: bf16 cast"),
    ("self_attn.q_a_proj.input", "B*S*H", "r", "QL > 0 and r == c", "[B*S, H]", "q_lora_rank > 0: the norm output, shared"),
    ("self_attn.q_a_proj.input", "B*S*H", "c", "QL > 0 and r != c", "[B*S, H]", "autocast: bf16 cast"),
    ("self_attn.q_a_layernorm.x_fp32", "B*S*QL", "4", "QL > 0", "[B, S, QL]",
     "q_a_proj output in fp32 (itself in fp32, a copy otherwise)"),
    ("self_attn.q_a_layernorm.x_squared", "B*S*QL", "4", "QL > 0", "[B, S, QL]", "x.pow(2), saved by mean()"),
    ("self_attn.q_a_layernorm.rstd", "B*S", "4", "QL > 0", "[B, S, 1]", "rsqrt(mean + eps)"),
    ("self_attn.q_a_layernorm.normed", "B*S*QL", "c", "QL > 0", "[B, S, QL]",
     "(x * rstd).to(input dtype): the dtype of q_a_proj's output, c"),
    ("self_attn.q_b_proj.input", "B*S*QL", "c", "QL > 0", "[B*S, QL]", "weight * normed (autocast: bf16 cast of that fp32 product)"),
    ("self_attn.kv_a_proj_with_mqa.input", "B*S*H", "c", "r != c", "[B*S, H]", "autocast: another bf16 cast of the norm output"),
    ("self_attn.kv_a_layernorm.x_fp32", "B*S*(KL+RH)", "4", "c == 4", "[B, S, KL] view",
     "fp32: compressed_kv = split(kv_a_proj output)[0] is a view, .to(float32) returns it, so the whole "
     "[B, S, KL+RH] kv_a_proj output storage is saved"),
    ("self_attn.kv_a_layernorm.x_fp32", "B*S*KL", "4", "c != 4", "[B, S, KL]", "bf16 compute: a contiguous fp32 copy of the KL part"),
    ("self_attn.kv_a_layernorm.x_squared", "B*S*KL", "4", "", "[B, S, KL]", "x.pow(2), saved by mean()"),
    ("self_attn.kv_a_layernorm.rstd", "B*S", "4", "", "[B, S, 1]", "rsqrt(mean + eps)"),
    ("self_attn.kv_a_layernorm.normed", "B*S*KL", "c", "", "[B, S, KL]", "(x * rstd).to(input dtype): c"),
    ("self_attn.kv_b_proj.input", "B*S*KL", "c", "", "[B*S, KL]", "weight * normed (autocast: its bf16 cast)"),
    ("self_attn.q", "B*A*S*QH", "c", "", "[B*A, S, QH]",
     "torch.cat((q_nope, q_pe)): fresh, viewed by matmul; the complex RoPE of q_pe / k_pe saves only freqs_cis "
     "(view_as_complex / view_as_real / type_as save nothing), so q_pe is in the compute dtype even under autocast"),
    ("self_attn.k_t", "B*A*S*QH", "c", "", "[B*A, QH, S]",
     "torch.cat((k_nope, k_pe.expand(A heads))): the single k_pe head is materialised at every head"),
    ("self_attn.probs_fp32", "B*A*S*S", "4", "", "[B, A, S, S]", "softmax(dtype=float32) of the QH-scaled scores"),
    ("self_attn.probs_dropped", "B*A*S*S", "c", "c != 4", "[B*A, S, S]", "the .to(query dtype) result"),
    ("self_attn.v", "B*A*S*VH", "c", "B > 1", "[B*A, S, VH]", "matmul's contiguous copy of value_states (a split of kv_b_proj's output)"),
    ("self_attn.v", "B*S*A*(NH+VH)", "c", "B == 1", "[A, S, VH] view", "B == 1: a view; the whole kv_b_proj output [S, A·(NH+VH)] is saved"),
    ("self_attn.o_proj.input", "B*S*A*VH", "c", "", "[B*S, A·VH]", "merged heads"),
    *_fmt(RMSNORM, n="post_attention_layernorm"),
    *_LLAMA_MLP,
]
MLA_OUTSIDE = {
    "embedding": LLAMA_OUTSIDE["embedding"], "final_norm": LLAMA_OUTSIDE["final_norm"],
    "lm_head": LLAMA_OUTSIDE["lm_head"], "loss": _LOSS,
    "shared": [
        ("rope_freqs_cis", "S*RH//2", "8", "", "[1, 1, S, RH/2] complex64",
         "DeepseekV2RotaryEmbedding: torch.polar(1, freqs), complex64 in every precision, saved by xq_ * freqs_cis"),
        ("causal_mask", "B*S*S", "r", "ckpt and eager", "[B, 1, S, S]", "4-D additive mask, checkpoint argument"),
        ("cache_position", "S", "8", "ckpt", "[S]", "positions, checkpoint argument"),
    ],
}
MLA_COPIES = [
    ("self_attn.q_proj.weight", "H*A*QH", "2", "autocast and QL == 0", "[H, A·QH]", ""),
    ("self_attn.q_a_proj.weight", "H*QL", "2", "autocast and QL > 0", "[H, QL]", ""),
    ("self_attn.q_b_proj.weight", "QL*A*QH", "2", "autocast and QL > 0", "[QL, A·QH]", ""),
    ("self_attn.kv_a_proj_with_mqa.weight", "H*(KL+RH)", "2", "autocast", "[H, KL+RH]", ""),
    ("self_attn.kv_b_proj.weight", "KL*A*(NH+VH)", "2", "autocast", "[KL, A·(NH+VH)]", ""),
    ("self_attn.o_proj.weight", "A*VH*H", "2", "autocast", "[A·VH, H]", ""),
    ("mlp.gate_proj.weight", "H*F", "2", "autocast", "[H, F]", ""),
    ("mlp.up_proj.weight", "H*F", "2", "autocast", "[H, F]", ""),
    ("mlp.down_proj.weight", "F*H", "2", "autocast", "[F, H]", ""),
]

# ---- LLaMA with LoRA / QLoRA adapters on a frozen base -------------------
# Per projection: (module path, target flag, in, out, "input requires grad" flag, alias-of-earlier condition)
LORA_PROJ = [
    ("self_attn.q_proj", "lq", "H", "A*d", "gin", "False"),
    ("self_attn.k_proj", "lk", "H", "KV*d", "gin", "lq"),
    ("self_attn.v_proj", "lv", "H", "KV*d", "gin", "lq or lk"),
    ("self_attn.o_proj", "lo", "A*d", "H", "ag", "False"),
    ("mlp.gate_proj", "lg", "H", "F", "pg", "False"),
    ("mlp.up_proj", "lu", "H", "F", "pg", "lg"),
    ("mlp.down_proj", "ld", "F", "H", "hg", "False"),
]


def _lora_rows(path, flag, fin, fout, xg, earlier):
    first = earlier == "False"
    return [
        (path + ".lora_dropout.default.mask", "B*S*" + fin, "4", "%s and ldrop and %s" % (flag, xg), "[B, S, in]",
         "CPU dropout mask of x.to(float32), saved only when x requires grad"),
        (path + ".lora_A.default.input", "B*S*" + fin, "a",
         flag if first else "%s and (ldrop or not fp32 or not (%s))" % (flag, earlier), "[B*S, in]",
         "lora_A's input, saved for the adapter's weight grad even where x needs none: the dropout output; without "
         "dropout x itself (fp32)" + ("" if first else ", then the same tensor as the earlier adapter's") +
         ", x.to(float32) (bf16) or autocast's bf16 cast, one per adapter"),
        (path + ".lora_B.default.input", "B*S*R", "a", flag, "[B*S, R]", "lora_A output"),
    ]


LORA_LAYER = [
    ("input_layernorm.x_fp32", "B*S*H", "4", "gin", "[B, S, H]",
     "as LLaMA; only when the layer input requires grad (not the first layer without checkpointing)"),
    ("input_layernorm.x_squared", "B*S*H", "4", "gin", "[B, S, H]", "x.pow(2), saved by mean()"),
    ("input_layernorm.rstd", "B*S", "4", "gin", "[B, S, 1]",
     "rsqrt(mean + eps); no `normed`: weight * h with a frozen weight saves only the weight"),
    *_lora_rows(*LORA_PROJ[0]), *_lora_rows(*LORA_PROJ[1]), *_lora_rows(*LORA_PROJ[2]),
    ("self_attn.q", "B*S*A*d", "c", "kg", "[B*A, S, d]",
     "RoPE'd q (autocast: bf16 cast), saved by q @ k^T only when k requires grad; the frozen q/k/v_proj "
     "base layers save no input"),
    ("self_attn.k_t", K_T, "c", "qg", "[B*A, d, S]", "k^T at A heads, saved when q requires grad"),
    ("self_attn.probs_fp32", "B*A*S*S", "4", "sg", "[B, A, S, S]", "softmax output, when the scores require grad"),
    ("self_attn.probs_dropped", "B*A*S*S", "c", "vg and (c != 4 or not sg)", "[B*A, S, S]",
     "saved by probs @ v when v requires grad: the .to(query dtype) result or its autocast cast"),
    ("self_attn.v", V_AT, "c", "sg", "[B*A, S, d]", "v at A heads, when the probabilities require grad"),
    *_lora_rows(*LORA_PROJ[3]),
    ("post_attention_layernorm.x_fp32", "B*S*H", "4", "pg", "[B, S, H]", "the residual after attention (no `normed`)"),
    ("post_attention_layernorm.x_squared", "B*S*H", "4", "pg", "[B, S, H]", "x.pow(2)"),
    ("post_attention_layernorm.rstd", "B*S", "4", "pg", "[B, S, 1]", "rsqrt(mean + eps)"),
    *_lora_rows(*LORA_PROJ[4]),
    ("mlp.act_fn.input", "B*S*F", "p", "gg", "[B, S, F]",
     "gate projection output, saved by SiLU (QLoRA: Linear4bit returns its input's dtype, so r)"),
    *_lora_rows(*LORA_PROJ[5]),
    ("mlp.act_out", "B*S*F", "p", "ug", "[B, S, F]", "SiLU output, saved by the product when up requires grad"),
    ("mlp.up_out", "B*S*F", "p", "gg", "[B, S, F]", "up projection output, saved when the SiLU output requires grad"),
    *_lora_rows(*LORA_PROJ[6]),
]


def _lora_copies():
    rows = []
    for path, flag, fin, fout, xg, _ in LORA_PROJ:
        rows += [
            (path + ".base_layer.weight", fin + "*" + fout, "2", "autocast and not qlora and %s and %s" % (flag, xg),
             "[in, out]", "frozen base weight: autocast does not cache casts of tensors that need no grad, the matmul "
                          "saves its own cast when x requires grad (QLoRA: none, MatMul4Bit saves nothing)"),
            (path + ".weight", fin + "*" + fout, "2", "autocast and not qlora and not %s and %s" % (flag, xg),
             "[in, out]", "a frozen projection without adapter, likewise"),
            (path + ".lora_A.default.weight", fin + "*R", "2", "autocast and %s and %s" % (flag, xg), "[in, R]",
             "cached cast of the trainable adapter, saved when x requires grad"),
            (path + ".lora_B.default.weight", "R*" + fout, "2", "autocast and " + flag, "[R, out]", ""),
        ]
    return rows


LORA_COPIES = _lora_copies()
LORA_OUTSIDE = {
    "embedding": [],  # the frozen embedding has no backward node: nothing saved
    "final_norm": [("norm.x_fp32", "B*S*H", "4", "", "[B, S, H]", "as LLaMA, no `normed` (frozen weight)"),
                   ("norm.x_squared", "B*S*H", "4", "", "[B, S, H]", "x.pow(2)"),
                   ("norm.rstd", "B*S", "4", "", "[B, S, 1]", "rsqrt(mean + eps)")],
    "lm_head": [],  # frozen lm_head: its matmul saves the weight (or its cast), not the input
    "loss": _LOSS,
    "shared": LLAMA_OUTSIDE["shared"],
}
LORA_HEAD_COPIES = [("lm_head.weight", "H*V", "2", "autocast", "[H, V]", "uncached cast of the frozen lm_head weight")]

# ---- Loss implementations on the LLaMA stack -----------------------------
CHUNKED_CE = {  # torchtune CEWithChunkedOutputLoss, num_output_chunks = 8
    "lm_head": [("lm_head.input", "B*S*H", "c", "", "8 x [B*S/8, H]",
                 "each chunk's input (B > 1: reshape copies of the tensor_split chunks; B == 1: views of the final "
                 "norm output, one storage): B·S·H in total")],
    "loss": [("log_softmax", "B*S*V", "4", "", "8 x [B*S/8, V]",
              "each chunk's log_softmax(logits.float()): the chunks add up to the full fp32 B·S·V: chunking does not "
              "reduce what is saved, only the transient fp32 upcasts"),
             ("labels", "B*S", "8", "", "8 x [B*S/8]",
              "torchtune's labels (hstack(labels[..., 1:], ignore)): B·S, copies per chunk (B > 1) or one storage (B == 1)")],
}
FUSED_LINEAR_CE = {  # Liger LigerFusedLinearCrossEntropyFunction (plain-torch emulation)
    "lm_head": [],
    "loss": [("fused_linear_ce.grad_input", "B*S*H", "r", "", "[B*S, H]",
              "gradient w.r.t. the final norm output, computed in forward (zeros_like(input): its dtype)"),
             ("fused_linear_ce.grad_weight", "V*H", "r", "", "[V, H]",
              "gradient w.r.t. lm_head.weight, accumulated in forward (zeros_like(weight): the weight's dtype, = r); "
              "no logits, no labels are saved")],
}


# --------------------------------------------------------------------------
# Which tables a configuration uses
# --------------------------------------------------------------------------
def _one(name, expr, what):
    return [(name, expr, "2", "autocast", "", what)]


def spec_of(cfg):
    """{layer, outside, wc_layer, wc_head, alias, copies_by_name} for a configuration."""
    m = cfg["model"]
    arch, flash = m["arch"], m["attn_impl"] == "flash_emulated"
    named = "family" in cfg
    if arch == "gpt2":
        sp = dict(layer=GPT2_LAYER_FLASH if flash else GPT2_LAYER_EAGER, outside=GPT2_OUTSIDE,
                  wc_layer=_one("layer", WEIGHT_COPIES["gpt2"]["layer"], ""),
                  wc_head=_one("lm_head", WEIGHT_COPIES["gpt2"]["lm_head"], ""), alias=CHECKPOINT_ALIAS["gpt2"])
        named = False
    elif arch == "llama" and (cfg.get("lora") or cfg.get("qlora")):
        sp = dict(layer=LORA_LAYER, outside=LORA_OUTSIDE, wc_layer=LORA_COPIES, wc_head=LORA_HEAD_COPIES,
                  alias=CHECKPOINT_ALIAS["llama"])
    elif arch == "llama":
        sp = dict(layer=LLAMA_LAYER_FLASH if flash else LLAMA_LAYER_EAGER, outside=dict(LLAMA_OUTSIDE),
                  wc_layer=_one("layer", WEIGHT_COPIES["llama"]["layer"], ""), wc_head=LLAMA_HEAD_COPIES,
                  alias=CHECKPOINT_ALIAS["llama"])
        named = False
        li = cfg.get("loss_impl")
        if li == "chunked_ce":
            sp["outside"].update(CHUNKED_CE)
        elif li == "fused_linear_ce":
            sp["outside"].update(FUSED_LINEAR_CE)
            sp["wc_head"] = []
    elif arch == "gpt_neox":
        sp = dict(layer=NEOX_LAYER, outside=NEOX_OUTSIDE, wc_layer=NEOX_COPIES, wc_head=NEOX_HEAD_COPIES,
                  alias=("input_layernorm.input", "B*S*H", "r", "", "[B, S, H]", "the checkpointed layer input"))
    elif arch == "phi":
        sp = dict(layer=PHI_LAYER, outside=PHI_OUTSIDE, wc_layer=PHI_COPIES, wc_head=PHI_HEAD_COPIES,
                  alias=("input_layernorm.input", "B*S*H", "r", "", "[B, S, H]", "the checkpointed layer input"))
    elif arch == "gemma2":
        sp = dict(layer=GEMMA2_LAYER, outside=GEMMA2_OUTSIDE, wc_layer=GEMMA2_COPIES, wc_head=GEMMA2_HEAD_COPIES,
                  alias=("input_layernorm.x_fp32", "B*S*H", "4", "r == 4", "[B, S, H]", "the checkpointed layer input"))
    elif arch in ("mixtral", "qwen2_moe"):
        q = arch == "qwen2_moe"
        sp = dict(layer=QWEN2MOE_LAYER if q else MIXTRAL_LAYER, outside=MOE_OUTSIDE,
                  wc_layer=QWEN2MOE_COPIES if q else MIXTRAL_COPIES, wc_head=LLAMA_HEAD_COPIES,
                  alias=CHECKPOINT_ALIAS["llama"])
    elif arch == "deepseek_v2":
        sp = dict(layer=MLA_LAYER, outside=MLA_OUTSIDE, wc_layer=MLA_COPIES, wc_head=LLAMA_HEAD_COPIES,
                  alias=CHECKPOINT_ALIAS["llama"])
    else:
        raise ValueError(arch)
    sp["copies_by_name"] = named
    return sp


# --------------------------------------------------------------------------
# Model states
# --------------------------------------------------------------------------
def param_count(m, P):
    H, A, KV, F, V, L = m["hidden"], m["heads"], m["kv_heads"], m["ffn"], m["vocab"], m["layers"]
    d = H // A
    if m["arch"] == "gpt2":
        per_layer = 2 * H + (3 * H * H + 3 * H) + (H * H + H) + 2 * H + (H * F + F) + (F * H + H)
        n = V * H + P * H + L * per_layer + 2 * H
        tensors = 2 + 12 * L + 2
    else:
        per_layer = 2 * H + H * H + 2 * H * KV * d + H * H + 3 * H * F
        n = V * H + L * per_layer + H
        tensors = 1 + 9 * L + 1
    if not m["tied"]:
        n += V * H
        tensors += 1
    return n, tensors


def family_param_count(cfg):
    """(parameters, parameter tensors) of the newer families, tied embeddings counted once."""
    m = cfg["model"]
    v = Env(cfg).vars
    H, A, KV, F, V, L, d = v["H"], v["A"], v["KV"], v["F"], v["V"], v["L"], v["d"]
    arch = m["arch"]
    head, head_tensors = V * H, 1
    if arch == "gpt_neox":
        per, per_t = 4 * H + (3 * H * H + 3 * H) + (H * H + H) + (H * F + F) + (F * H + H), 12
        final, final_t = 2 * H, 2
    elif arch == "phi":
        per = 2 * H + (H * A * d + A * d) + 2 * (H * KV * d + KV * d) + (A * d * H + H) + (H * F + F) + (F * H + H)
        per_t, final, final_t = 14, 2 * H, 2
        head, head_tensors = V * H + V, 2  # lm_head with bias
    elif arch == "gemma2":
        per, per_t = 4 * H + H * A * d + 2 * H * KV * d + A * d * H + 3 * H * F, 11
        final, final_t = H, 1
    elif arch in ("mixtral", "qwen2_moe"):
        E, SF = v["E"], v["SF"]
        per = 2 * H + H * A * d + 2 * H * KV * d + A * d * H + H * E + E * 3 * H * F
        per_t = 2 + 4 + 1 + 3 * E
        if arch == "qwen2_moe":
            if m.get("attention_bias"):
                per += A * d + 2 * KV * d
                per_t += 3
            if SF:
                per += 3 * H * SF + H
                per_t += 4
        final, final_t = H, 1
    elif arch == "deepseek_v2":
        QL, KL, RH, NH, VH, QH = (v[k] for k in ("QL", "KL", "RH", "NH", "VH", "QH"))
        q, q_t = (H * A * QH, 1) if QL == 0 else (H * QL + QL + QL * A * QH, 3)
        per = 2 * H + q + H * (KL + RH) + KL + KL * A * (NH + VH) + A * VH * H + 3 * H * F
        per_t = 2 + q_t + 3 + 1 + 3
        final, final_t = H, 1
    else:
        raise ValueError(arch)
    n = V * H + L * per + final
    tensors = 1 + L * per_t + final_t
    if not m["tied"]:
        n += head
        tensors += head_tensors
    elif head_tensors == 2:  # a tied head keeps its own bias
        n += V
        tensors += 1
    return n, tensors


def _quant_state_bytes(n, blocksize, double_quant):
    """The NF4 quant state of one weight of n values (models.quantize_nf4): absmax fp32 per block, or
    int8 codes + fp32 absmax per 256 blocks + the fp32 offset; plus the 16-entry fp32 code book."""
    nb = n // blocksize
    if double_quant:
        return nb + 4 * (-(-nb // 256)) + 4 + 64
    return 4 * nb + 64


def predict_state(cfg):
    m = cfg["model"]
    e = Env(cfg)
    pbytes = 2 if e.precision == "bf16" else 4
    if "family" in cfg and m["arch"] not in ("gpt2", "llama"):
        n, tensors = family_param_count(cfg)
    else:
        n, tensors = param_count(m, e.vars["P"])
    lora = cfg.get("lora")
    if not lora:
        return {"param_count": n, "param_bytes": n * pbytes, "grad_bytes": n * pbytes,
                "adamw_exp_avg_bytes": n * pbytes, "adamw_exp_avg_sq_bytes": n * pbytes,
                "adamw_step_bytes": 4 * tensors}
    v = e.vars
    R, L = lora["r"], v["L"]
    qlora = cfg.get("qlora")
    n_lora, n_quant, qstate, t_lora = 0, 0, 0, 0
    for path, _flag, fin, fout, _xg, _ in LORA_PROJ:
        if path.split(".")[-1] not in lora["targets"]:
            continue
        i, o = eval(fin, {}, v), eval(fout, {}, v)
        n_lora += L * R * (i + o)
        t_lora += 2 * L
        if qlora:
            n_quant += L * i * o
            qstate += L * _quant_state_bytes(i * o, qlora["blocksize"], qlora["double_quant"])
    frozen_n = n - n_quant  # full-precision frozen parameters
    frozen_bytes = frozen_n * pbytes + n_quant // 2  # NF4: two codes per uint8
    st = {"param_count": frozen_n + n_quant // 2 + n_lora, "param_bytes": frozen_bytes + 4 * n_lora,
          "grad_bytes": 4 * n_lora, "adamw_exp_avg_bytes": 4 * n_lora, "adamw_exp_avg_sq_bytes": 4 * n_lora,
          "adamw_step_bytes": 4 * t_lora, "trainable_param_count": n_lora, "trainable_param_bytes": 4 * n_lora,
          "trainable_param_tensors": t_lora, "frozen_param_bytes": frozen_bytes}
    if qlora:
        st["quant_state_bytes"] = qstate
    return st


# --------------------------------------------------------------------------
class Env:
    """Sizes, flags and bytes per element of one configuration (and one layer: `layer` selects the
    MoE token counts and, for LoRA, whether the layer input requires grad)."""

    def __init__(self, cfg, layer=None):
        m = cfg["model"]
        self.m = m
        self.precision = cfg["precision"]
        self.ckpt = cfg["checkpointing"] == "full"
        P = m["max_positions"]
        H, A = m["hidden"], m["heads"]
        d = m.get("head_size") or H // A
        rp = m.get("rotary_pct")
        moe = cfg.get("moe") or {}
        counts = moe.get("tokens_per_expert") or []
        i = 0 if layer is None else layer
        lora = cfg.get("lora") or {}
        self.vars = dict(B=cfg["batch"], S=cfg["seq"], H=H, A=A, KV=m["kv_heads"], d=d, F=m["ffn"], V=m["vocab"],
                         L=m["layers"], P=P, i=i, RD=int(d * rp) if rp else d,
                         E=m.get("experts") or 0, K=m.get("top_k") or 0, N=counts[i] if counts else [],
                         SF=m.get("shared_ffn") or 0, QL=m.get("q_lora_rank") or 0, KL=m.get("kv_lora_rank") or 0,
                         RH=m.get("qk_rope_head_dim") or 0, NH=m.get("qk_nope_head_dim") or 0,
                         VH=m.get("v_head_dim") or 0, R=lora.get("r", 0))
        self.vars["QH"] = self.vars["NH"] + self.vars["RH"]
        r = 2 if self.precision == "bf16" else 4
        c = 4 if self.precision == "fp32" else 2
        autocast = self.precision == "autocast_bf16"
        qlora = bool(cfg.get("qlora"))
        self.sizes = {"r": r, "c": c, "4": 4, "8": 8, "2": 2, "a": 2 if autocast else 4, "p": r if qlora else c}
        f = dict(drop=m["dropout"] > 0, autocast=autocast, fp32=self.precision == "fp32",
                 bf16=self.precision == "bf16", r=r, c=c, ckpt=self.ckpt, eager=m["attn_impl"] == "eager",
                 gelu_fused=m.get("gelu") == "fused",
                 norm_topk=m["arch"] == "mixtral" or bool(m.get("norm_topk_prob")), qlora=qlora)
        targets = set(lora.get("targets", ()))
        for flag, name in (("lq", "q_proj"), ("lk", "k_proj"), ("lv", "v_proj"), ("lo", "o_proj"),
                           ("lg", "gate_proj"), ("lu", "up_proj"), ("ld", "down_proj")):
            f[flag] = name in targets
        f["ldrop"] = lora.get("dropout", 0) > 0
        f["gin"] = (not lora) or self.ckpt or i > 0
        f["qg"], f["kg"], f["vg"] = f["gin"] or f["lq"], f["gin"] or f["lk"], f["gin"] or f["lv"]
        f["sg"] = f["qg"] or f["kg"]
        f["ag"] = f["sg"] or f["vg"]
        f["pg"] = f["ag"] or f["lo"]
        f["gg"], f["ug"] = f["pg"] or f["lg"], f["pg"] or f["lu"]
        f["hg"] = f["gg"] or f["ug"]
        self.flags = f

    def n(self, expr, extra=None):
        return eval(expr, {}, dict(self.vars, **self.flags, **(extra or {})))

    def on(self, cond, extra=None):
        return True if not cond else bool(eval(cond, {}, dict(self.vars, **self.flags, **(extra or {}))))

    def items(self, table):
        """[(name, bytes)] of the rows that apply; rows named with {e} repeat for each expert."""
        out = []
        for name, elems, dt, cond, _shape, _what in table:
            if "{e}" in name:
                for e in range(self.vars["E"]):
                    x = {"e": e}
                    if self.on(cond, x):
                        out.append((name.replace("{e}", str(e)), self.n(elems, x) * self.sizes[dt]))
            elif self.on(cond):
                out.append((name, self.n(elems) * self.sizes[dt]))
        return out

    def total(self, table):
        return sum(b for _, b in self.items(table))


def _rep_layer(cfg):
    return min(1, cfg["model"]["layers"] - 1)


def _sum_items(items):
    d = {}
    for name, b in items:
        d[name] = d.get(name, 0) + b
    return d


def predict_items(cfg):
    """{region: {name: bytes}} for the itemized layer (its recompute when checkpointed) and the
    regions outside the layers, as the fixture's itemized lists name them; for the newer families
    also the autocast weight copies by name ("layer_copies", "lm_head_copies")."""
    sp = spec_of(cfg)
    e = Env(cfg, _rep_layer(cfg))
    out = {"layer": _sum_items(e.items(sp["layer"]))}
    if e.ckpt:
        alias = sp["alias"]
        if e.on(alias[3]):
            del out["layer"][alias[0]]
    eo = Env(cfg)
    for region, table in sp["outside"].items():
        out[region] = _sum_items(eo.items(table))
    if sp["copies_by_name"]:
        out["layer_copies"] = _sum_items(e.items(sp["wc_layer"]))
        out["lm_head_copies"] = _sum_items(eo.items(sp["wc_head"]))
    return out


def measured_items(cfg):
    it = cfg["itemized"]
    layer = it.get("recompute") if cfg["checkpointing"] == "full" else it["forward"]
    out = {"layer": layer}
    out.update(it["outside"])
    res = {}
    for region, items in out.items():
        d = {}
        for x in items:
            if x["category"] in ("activation", "shared") and x["bytes"]:
                d[x["name"]] = d.get(x["name"], 0) + x["bytes"]
        res[region] = d
    if spec_of(cfg)["copies_by_name"]:
        prefix = ".layers.%d." % _rep_layer(cfg)
        lc, hc = {}, {}
        for x in layer:
            if x["category"] == "autocast_weight_copy" and x["bytes"]:
                name = x["name"].split(prefix, 1)[-1]
                lc[name] = lc.get(name, 0) + x["bytes"]
        for x in it["outside"].get("lm_head", []):
            if x["category"] == "autocast_weight_copy" and x["bytes"]:
                hc[x["name"]] = hc.get(x["name"], 0) + x["bytes"]
        res["layer_copies"], res["lm_head_copies"] = lc, hc
    return res


def predict(cfg):
    sp = spec_of(cfg)
    e0 = Env(cfg)
    L = e0.vars["L"]
    layers = []
    for i in range(L):
        e = Env(cfg, i)
        total = e.total(sp["layer"])
        wc = e.total(sp["wc_layer"])
        if e.ckpt:
            name, elems, dt, cond, _, _ = sp["alias"]
            alias = e.n(elems) * e.sizes[dt] if e.on(cond) else 0
            layers.append({"activation": e.n("B*S*H") * e.sizes["r"],  # the checkpointed layer input
                           "weight_copy": 0,                            # forward runs under no_grad
                           "recompute": total - alias, "recompute_weight_copy": wc})
        else:
            layers.append({"activation": total, "weight_copy": wc, "recompute": 0, "recompute_weight_copy": 0})
    pred = {"layers": layers, "outside": {}, "lm_head_weight_copy": e0.total(sp["wc_head"])}
    for region, table in sp["outside"].items():
        pred["outside"][region] = e0.total(table)
    pred["state"] = predict_state(cfg)
    last = layers[-1]  # the keys gpu_peak.py reads (one layer; the same for every layer outside LoRA / MoE)
    pred.update(layer=last["activation"], recompute=last["recompute"], layer_weight_copy_forward=last["weight_copy"],
                layer_weight_copy=last["recompute_weight_copy"] or last["weight_copy"])
    return pred


def textbook_layer(cfg):
    v = Env(cfg).vars
    el = 4 if cfg["precision"] == "fp32" else 2
    return el // 2 * 2 * (19 * v["B"] * v["S"] * v["H"] + 3 * v["B"] * v["A"] * v["S"] ** 2)


def korthikanti_layer(cfg):
    v = Env(cfg).vars
    scale = 2 if cfg["precision"] == "fp32" else 1
    s, b, h, a = v["S"], v["B"], v["H"], v["A"]
    return scale * (s * b * h * 34 + 5 * a * s * s * b)


def check(doc, tolerance, verbose):
    rows, worst = [], 0.0
    for cfg in doc["configs"]:
        p = predict(cfg)
        sv = cfg["saved"]
        comps = []
        for row, lp in zip(sv["per_layer"], p["layers"]):
            comps.append((row["region"] + ".activation", row["activation"], lp["activation"]))
            comps.append((row["region"] + ".weight_copy", row["autocast_weight_copy"], lp["weight_copy"]))
            rec = row.get("recompute", {})
            comps.append((row["region"] + ".recompute", rec.get("activation", 0), lp["recompute"]))
            if cfg["checkpointing"] == "full":
                comps.append((row["region"] + ".recompute_weight_copy", rec.get("autocast_weight_copy", 0),
                              lp["recompute_weight_copy"]))
        if len(sv["per_layer"]) != len(p["layers"]):
            comps.append(("layers", len(sv["per_layer"]), len(p["layers"])))
        for region, exp in p["outside"].items():
            row = sv["outside"].get(region, {})
            got = row.get("shared" if region == "shared" else "activation", 0)
            comps.append((region, got, exp))
        for region, row in sv["outside"].items():  # a measured region the spec does not know
            if region not in p["outside"] and region != "other":
                comps.append((region, row.get("activation", 0) + row.get("shared", 0), 0))
        comps.append(("lm_head.weight_copy", sv["outside"]["lm_head"]["autocast_weight_copy"],
                      p["lm_head_weight_copy"]))
        comps.append(("other", sv["outside"].get("other", {}).get("activation", 0), 0))
        ms = cfg["model_state"]
        for k, exp in p["state"].items():
            comps.append(("state." + k, ms.get(k, -1), exp))
        comps.append(("state.grad_bytes_after_backward", ms["grad_bytes_after_backward"], p["state"]["grad_bytes"]))
        pi, mi = predict_items(cfg), measured_items(cfg)
        for region in sorted(set(pi) | set(mi)):
            if region == "shared" and cfg["checkpointing"] == "full":
                continue  # itemized lists hold forward saves only; shared items then come from the layers too
            p_r, m_r = pi.get(region, {}), mi.get(region, {})
            for name in sorted(set(p_r) | set(m_r)):
                comps.append(("item %s:%s" % (region, name), m_r.get(name, 0), p_r.get(name, 0)))
        bad = []
        for name, got, exp in comps:
            err = abs(got - exp) / max(abs(got), 1)
            worst = max(worst, err)
            if err > tolerance:
                bad.append((name, got, exp, err))
        total_meas = sum(r["activation"] for r in sv["per_layer"]) + max(
            [r.get("recompute", {}).get("activation", 0) for r in sv["per_layer"]] or [0])
        total_pred = sum(lp["activation"] for lp in p["layers"]) + max([lp["recompute"] for lp in p["layers"]] or [0])
        rows.append((cfg["id"], len(comps), bad, total_meas, total_pred, cfg))
        if verbose or bad:
            print("%-32s %3d checks %s" % (cfg["id"], len(comps), "ok" if not bad else "MISMATCH"))
            for name, got, exp, err in bad:
                print("    %-36s measured %12d  formula %12d  %+.4f%%" % (name, got, exp, 100 * (exp - got) / max(got, 1)))
    return rows, worst


def compare(rows):
    print()
    print("Layer activations held at the peak of backward: sum over layers of what each saves in forward")
    print("plus (checkpointing) one layer's recomputation. Textbook: 2(19BSH + 3BAS^2) per layer, Korthikanti:")
    print("sbh(34 + 5as/h) per layer, both x2 for fp32; with checkpointing both count L layer inputs")
    print("(2 or 4 bytes x BSH) plus one layer. Errors are (formula - measured) / measured.")
    print()
    print("%-32s %14s %9s %9s %9s" % ("config", "measured B", "textbook", "Korthik.", "spec"))
    for cid, _, _, meas, pred, cfg in rows:
        L = cfg["model"]["layers"]
        v = Env(cfg).vars
        el = 4 if cfg["precision"] == "fp32" else 2
        if cfg["checkpointing"] == "full":
            tb = L * el * v["B"] * v["S"] * v["H"] + textbook_layer(cfg)
            ko = L * el * v["B"] * v["S"] * v["H"] + korthikanti_layer(cfg)
        else:
            tb = L * textbook_layer(cfg)
            ko = L * korthikanti_layer(cfg)
        print("%-32s %14d %+8.1f%% %+8.1f%% %+8.3f%%" % (cid, meas, 100.0 * (tb - meas) / meas,
                                                       100.0 * (ko - meas) / meas, 100.0 * (pred - meas) / meas))


def markdown_tables():
    """The tables of SAVED_TENSORS.md, generated from the spec above."""
    lines = []

    def table(title, t):
        lines.append("")
        lines.append("#### %s" % title)
        lines.append("")
        if not t:
            lines.append("Nothing is saved.")
            return
        lines.append("| name | elements | bytes/elem | saved when | shape as saved | what |")
        lines.append("|---|---|---|---|---|---|")
        for name, elems, dt, cond, shape, what in t:
            lines.append("| `%s` | %s | %s | %s | %s | %s |" % (
                name, elems.replace("*", "·"), dt, ("`%s`" % cond) if cond else "always", shape, what))
    table("GPT-2 layer, eager", GPT2_LAYER_EAGER)
    table("GPT-2 layer, flash (emulated)", GPT2_LAYER_FLASH)
    for k in ("embedding", "final_norm", "lm_head", "loss"):
        table("GPT-2 outside the layers: %s" % k, GPT2_OUTSIDE[k])
    table("LLaMA layer, eager", LLAMA_LAYER_EAGER)
    table("LLaMA layer, flash (emulated)", LLAMA_LAYER_FLASH)
    for k in ("embedding", "final_norm", "lm_head", "loss", "shared"):
        table("LLaMA outside the layers: %s" % k, LLAMA_OUTSIDE[k])
    # ---- newer families and features
    table("GPT-NeoX layer (parallel residual), eager", NEOX_LAYER)
    for k in ("embedding", "final_norm", "lm_head", "shared"):
        table("GPT-NeoX outside the layers: %s" % k, NEOX_OUTSIDE[k])
    table("GPT-NeoX autocast weight copies per layer", NEOX_COPIES + NEOX_HEAD_COPIES)
    table("Phi layer (one shared LayerNorm), eager", PHI_LAYER)
    for k in ("embedding", "final_norm", "lm_head"):
        table("Phi outside the layers: %s" % k, PHI_OUTSIDE[k])
    table("Phi autocast weight copies per layer", PHI_COPIES + PHI_HEAD_COPIES)
    table("Gemma-2 layer, eager", GEMMA2_LAYER)
    for k in ("embedding", "final_norm", "lm_head", "shared"):
        table("Gemma-2 outside the layers: %s" % k, GEMMA2_OUTSIDE[k])
    table("Gemma-2 autocast weight copies per layer", GEMMA2_COPIES + GEMMA2_HEAD_COPIES)
    table("Mixtral layer (sparse MoE), eager; rows with {e}: once per expert", MIXTRAL_LAYER)
    table("Qwen2-MoE layer, eager: the Mixtral rows under mlp. (experts' gate_proj / up_proj / down_proj), plus "
          "the shared expert", QWEN2MOE_LAYER[len(MIXTRAL_LAYER):])
    table("MoE outside the layers: aux_loss", MOE_AUX_LOSS)
    table("Mixtral / Qwen2-MoE autocast weight copies per layer", MIXTRAL_COPIES + QWEN2MOE_COPIES[-4:] + LLAMA_HEAD_COPIES)
    table("DeepSeek-V2 layer (multi-head latent attention, dense MLP), eager", MLA_LAYER)
    table("DeepSeek-V2 outside the layers: shared", MLA_OUTSIDE["shared"])
    table("DeepSeek-V2 autocast weight copies per layer", MLA_COPIES)
    table("LLaMA layer with LoRA / QLoRA adapters on a frozen base, eager", LORA_LAYER)
    for k in ("embedding", "final_norm", "lm_head"):
        table("LoRA / QLoRA outside the layers: %s" % k, LORA_OUTSIDE[k])
    table("LoRA / QLoRA autocast weight copies per layer", LORA_COPIES + LORA_HEAD_COPIES)
    for k in ("lm_head", "loss"):
        table("LLaMA with torchtune's chunked cross-entropy: %s" % k, CHUNKED_CE[k])
    for k in ("lm_head", "loss"):
        table("LLaMA with Liger's fused linear cross-entropy: %s" % k, FUSED_LINEAR_CE[k])
    return lines


DOC = os.path.join(HERE, "SAVED_TENSORS.md")
BEGIN, END = "<!-- BEGIN GENERATED TABLES (formula_check.py --markdown) -->", "<!-- END GENERATED TABLES -->"


def check_doc():
    """SAVED_TENSORS.md must carry exactly the generated tables."""
    with open(DOC) as f:
        text = f.read()
    try:
        body = text.split(BEGIN, 1)[1].split(END, 1)[0]
    except IndexError:
        print("SAVED_TENSORS.md: generated-tables markers missing")
        return False
    want = "\n".join(markdown_tables()).strip()
    if body.strip() != want:
        print("SAVED_TENSORS.md: tables differ from the spec in formula_check.py; regenerate with --markdown")
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fixture", default=DEFAULT_FIXTURE)
    ap.add_argument("--tolerance", type=float, default=0.0, help="relative, per region (default 0: exact)")
    ap.add_argument("--compare", action="store_true", help="also print textbook and Korthikanti errors")
    ap.add_argument("--markdown", action="store_true", help="print the tables as Markdown and exit")
    ap.add_argument("--no-doc-check", action="store_true", help="skip checking SAVED_TENSORS.md's tables")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if args.markdown:
        print("\n".join([BEGIN] + markdown_tables() + ["", END]))
        return 0
    with open(args.fixture) as f:
        doc = json.load(f)
    rows, worst = check(doc, args.tolerance, args.verbose)
    n_checks = sum(r[1] for r in rows)
    n_bad = sum(1 for r in rows if r[2])
    print("%d configs, %d region/state checks, %d configs with a mismatch; max relative error %.6f%%"
          % (len(rows), n_checks, n_bad, 100 * worst))
    if args.compare:
        compare(rows)
    doc_ok = True if args.no_doc_check else check_doc()
    return 1 if n_bad or not doc_ok else 0


if __name__ == "__main__":
    sys.exit(main())
