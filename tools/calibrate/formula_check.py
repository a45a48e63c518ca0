#!/usr/bin/python3
"""Recomputes every calibration fixture from the closed-form tensor list of
SAVED_TENSORS.md and reports the error, region by region and item by item
(the itemized layer and the regions outside the layers), and checks that
SAVED_TENSORS.md carries exactly the tables generated from this file.

The tables below ARE the specification (SAVED_TENSORS.md is generated from them
with --markdown and explained there). Each entry of a table is

    (name, elements, dtype, condition, shape, what)

  * elements: a Python expression in B, S, H, A, KV, d (= H / A), F, V, P
    (GPT-2 learned positions), L;
  * dtype: bytes per element as a symbol: "r" (residual/norm dtype: 4 in fp32 and
    autocast, 2 in pure bf16), "c" (compute dtype of matmuls: 4 in fp32, 2 in
    autocast and bf16), "4" (always fp32), "8" (int64);
  * condition: a Python expression over the flags drop (dropout > 0),
    autocast, fp32, bf16, r, c, ckpt, eager and the size variables above;
    "" means always;
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
GPT2_NORM = [  # nn.LayerNorm saves its input and per-row mean / rstd in the input's dtype
    ("{ln}.input", "B*S*H", "r", "", "[B, S, H]", "the LayerNorm input (the residual stream)"),
    ("{ln}.mean", "B*S", "r", "", "[B, S, 1]", "per-token mean"),
    ("{ln}.rstd", "B*S", "r", "", "[B, S, 1]", "per-token 1/std"),
]


def _fmt(rows, **kw):
    return [tuple(x.format(**kw) if i == 0 else x for i, x in enumerate(row)) for row in rows]


_GPT2_MLP = [
    ("mlp.c_fc.input", "B*S*H", "c", "", "[B*S, H]", "ln_2 output (autocast: its bf16 cast)"),
    ("mlp.act.input", "B*S*F", "c", "", "[B, S, F]", "c_fc output, saved by pow(x, 3) (gelu_new written out)"),
    ("mlp.act.tanh_out", "B*S*F", "c", "", "[B, S, F]", "tanh output"),
    ("mlp.act.half_x", "B*S*F", "c", "", "[B, S, F]", "0.5 * x, saved by the final product"),
    ("mlp.act.one_plus_tanh", "B*S*F", "c", "", "[B, S, F]", "1 + tanh(...), saved by the final product"),
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
    ("self_attn.k_t", "B*S*H", "c", "", "[B*A, d, S]", "k^T at A heads: repeat_kv copy (GQA) or matmul's copy"),
    ("self_attn.probs_fp32", "B*A*S*S", "4", "", "[B, A, S, S]", "softmax(dtype=float32) output"),
    ("self_attn.dropout_mask", "B*A*S*S", "r", "drop", "[B, A, S, S]",
     "CPU dropout mask in the query dtype (= r: RoPE with cos/sin in the embedding dtype promotes)"),
    ("self_attn.probs_dropped", "B*A*S*S", "c", "drop or c != 4", "[B*A, S, S]",
     "what matmul(probs, v) saves: the .to(query dtype)/dropout result, autocast: its bf16 cast; "
     "in fp32 without dropout it is probs_fp32 again"),
    ("self_attn.v", "B*S*H", "c", "", "[B*A, S, d]", "v at A heads: repeat_kv copy or matmul's copy"),
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


# --------------------------------------------------------------------------
class Env:
    def __init__(self, cfg):
        m = cfg["model"]
        self.m = m
        self.precision = cfg["precision"]
        self.ckpt = cfg["checkpointing"] == "full"
        P = m["max_positions"]
        self.vars = dict(B=cfg["batch"], S=cfg["seq"], H=m["hidden"], A=m["heads"], KV=m["kv_heads"],
                         d=m["hidden"] // m["heads"], F=m["ffn"], V=m["vocab"], L=m["layers"], P=P)
        r = 2 if self.precision == "bf16" else 4
        c = 4 if self.precision == "fp32" else 2
        self.sizes = {"r": r, "c": c, "4": 4, "8": 8, "2": 2}
        self.flags = dict(drop=m["dropout"] > 0, autocast=self.precision == "autocast_bf16",
                          fp32=self.precision == "fp32", bf16=self.precision == "bf16", r=r, c=c,
                          ckpt=self.ckpt, eager=m["attn_impl"] == "eager")

    def n(self, expr):
        return eval(expr, {}, dict(self.vars))

    def on(self, cond):
        return True if not cond else bool(eval(cond, {}, dict(self.vars, **self.flags)))

    def items(self, table):
        out = []
        for name, elems, dt, cond, _shape, _what in table:
            if self.on(cond):
                out.append((name, self.n(elems) * self.sizes[dt]))
        return out

    def total(self, table):
        return sum(b for _, b in self.items(table))


def predict_items(cfg):
    """{region: {name: bytes}} for the itemized layer (its recompute when checkpointed) and the
    regions outside the layers, as the fixture's itemized lists name them."""
    e = Env(cfg)
    m = cfg["model"]
    flash = m["attn_impl"] == "flash_emulated"
    if m["arch"] == "gpt2":
        layer_t, outside_t = (GPT2_LAYER_FLASH if flash else GPT2_LAYER_EAGER), GPT2_OUTSIDE
    else:
        layer_t, outside_t = (LLAMA_LAYER_FLASH if flash else LLAMA_LAYER_EAGER), LLAMA_OUTSIDE
    out = {"layer": dict(e.items(layer_t))}
    if e.ckpt:
        alias = CHECKPOINT_ALIAS[m["arch"]]
        if e.on(alias[3]):
            del out["layer"][alias[0]]
    for region, table in outside_t.items():
        out[region] = dict(e.items(table))
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
    return res


def predict(cfg):
    e = Env(cfg)
    m = cfg["model"]
    arch, flash = m["arch"], m["attn_impl"] == "flash_emulated"
    if arch == "gpt2":
        layer_t = GPT2_LAYER_FLASH if flash else GPT2_LAYER_EAGER
        outside_t = GPT2_OUTSIDE
    else:
        layer_t = LLAMA_LAYER_FLASH if flash else LLAMA_LAYER_EAGER
        outside_t = LLAMA_OUTSIDE
    layer = e.total(layer_t)
    wc_layer = e.n(WEIGHT_COPIES[arch]["layer"]) * 2 if e.flags["autocast"] else 0
    wc_head = e.n(WEIGHT_COPIES[arch]["lm_head"]) * 2 if e.flags["autocast"] else 0
    pred = {"outside": {}, "layer_weight_copy": wc_layer, "lm_head_weight_copy": wc_head}
    if e.ckpt:
        name, elems, dt, cond, _, _ = CHECKPOINT_ALIAS[arch]
        alias = e.n(elems) * e.sizes[dt] if e.on(cond) else 0
        pred["layer"] = e.n("B*S*H") * e.sizes["r"]          # the checkpointed layer input
        pred["recompute"] = layer - alias
        pred["layer_weight_copy_forward"] = 0                 # forward runs under no_grad
    else:
        pred["layer"] = layer
        pred["recompute"] = 0
        pred["layer_weight_copy_forward"] = wc_layer
    for region, table in outside_t.items():
        pred["outside"][region] = e.total(table)
    n, tensors = param_count(m, e.vars["P"])
    pbytes = 2 if e.precision == "bf16" else 4
    pred["state"] = {"param_count": n, "param_bytes": n * pbytes, "grad_bytes": n * pbytes,
                     "adamw_exp_avg_bytes": n * pbytes, "adamw_exp_avg_sq_bytes": n * pbytes,
                     "adamw_step_bytes": 4 * tensors}
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
        for row in sv["per_layer"]:
            comps.append((row["region"] + ".activation", row["activation"], p["layer"]))
            comps.append((row["region"] + ".weight_copy", row["autocast_weight_copy"],
                          p["layer_weight_copy_forward"]))
            rec = row.get("recompute", {})
            comps.append((row["region"] + ".recompute", rec.get("activation", 0), p["recompute"]))
            if cfg["checkpointing"] == "full":
                comps.append((row["region"] + ".recompute_weight_copy", rec.get("autocast_weight_copy", 0),
                              p["layer_weight_copy"]))
        for region, exp in p["outside"].items():
            row = sv["outside"].get(region, {})
            got = row.get("shared" if region == "shared" else "activation", 0)
            comps.append((region, got, exp))
        comps.append(("lm_head.weight_copy", sv["outside"]["lm_head"]["autocast_weight_copy"],
                      p["lm_head_weight_copy"]))
        comps.append(("other", sv["outside"].get("other", {}).get("activation", 0), 0))
        ms = cfg["model_state"]
        for k, exp in p["state"].items():
            comps.append(("state." + k, ms[k], exp))
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
        total_pred = p["layer"] * len(sv["per_layer"]) + p["recompute"]
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
