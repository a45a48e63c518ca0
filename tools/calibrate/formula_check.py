#!/usr/bin/python3
"""Recomputes every calibration fixture from the closed-form tensor list of
SAVED_TENSORS.md and reports the error, region by region.

The tables below ARE the specification (SAVED_TENSORS.md is generated from them
with --markdown and explained there). Each entry of a table is

    (name, elements, dtype, condition)

  * elements: a Python expression in B, S, H, A, KV, d (= H / A), F, V, P
    (GPT-2 learned positions), L;
  * dtype: bytes per element as a symbol: "r" (residual/norm dtype: 4 in fp32 and
    autocast, 2 in pure bf16), "c" (compute dtype of matmuls: 4 in fp32, 2 in
    autocast and bf16), "4" (always fp32), "8" (int64), "mask" (the CPU dropout
    mask of the attention probabilities, see below);
  * condition: a Python expression over the flags drop (dropout > 0),
    autocast, fp32, bf16, r, c, ckpt; "" means always.

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
    ("{ln}.input", "B*S*H", "r", ""),
    ("{ln}.mean", "B*S", "r", ""),
    ("{ln}.rstd", "B*S", "r", ""),
]

GPT2_LAYER_EAGER = [
    *[(n.format(ln="ln_1"), e, t, c) for n, e, t, c in GPT2_NORM],
    ("attn.c_attn.input", "B*S*H", "c", ""),       # ln_1 output (autocast: its bf16 cast)
    ("attn.q", "B*S*H", "c", ""),                  # matmul's contiguous copy of q, [B*A, S, d]
    ("attn.k_t", "B*S*H", "c", ""),                # matmul's contiguous copy of k^T, [B*A, d, S]
    ("attn.probs", "B*A*S*S", "c", ""),            # softmax output (CPU autocast: bf16)
    ("attn.attn_dropout.mask", "B*A*S*S", "c", "drop"),
    ("attn.probs_dropped", "B*A*S*S", "c", "drop"),  # without dropout: the softmax output again
    ("attn.v", "B*S*H", "c", ""),                  # matmul's contiguous copy of v
    ("attn.c_proj.input", "B*S*H", "c", ""),       # merged heads
    ("attn.resid_dropout.mask", "B*S*H", "c", "drop"),
    *[(n.format(ln="ln_2"), e, t, c) for n, e, t, c in GPT2_NORM],
    ("mlp.c_fc.input", "B*S*H", "c", ""),
    ("mlp.act.input", "B*S*F", "c", ""),           # gelu_new, written out in Python, saves four B*S*F
    ("mlp.act.tanh_out", "B*S*F", "c", ""),
    ("mlp.act.half_x", "B*S*F", "c", ""),
    ("mlp.act.one_plus_tanh", "B*S*F", "c", ""),
    ("mlp.c_proj.input", "B*S*F", "c", ""),
    ("mlp.dropout.mask", "B*S*H", "c", "drop"),
]

GPT2_LAYER_FLASH = [
    *[(n.format(ln="ln_1"), e, t, c) for n, e, t, c in GPT2_NORM],
    ("attn.c_attn.input", "B*S*H", "c", ""),
    ("attn.q", "3*B*S*H", "c", ""),       # q, k, v are views of the fused c_attn output: its whole storage
    ("attn.out", "B*S*H", "c", ""),       # also c_proj's input
    ("attn.lse", "B*A*S", "4", ""),
    ("attn.resid_dropout.mask", "B*S*H", "c", "drop"),
    *[(n.format(ln="ln_2"), e, t, c) for n, e, t, c in GPT2_NORM],
    ("mlp.c_fc.input", "B*S*H", "c", ""),
    ("mlp.act.input", "B*S*F", "c", ""),
    ("mlp.act.tanh_out", "B*S*F", "c", ""),
    ("mlp.act.half_x", "B*S*F", "c", ""),
    ("mlp.act.one_plus_tanh", "B*S*F", "c", ""),
    ("mlp.c_proj.input", "B*S*F", "c", ""),
    ("mlp.dropout.mask", "B*S*H", "c", "drop"),
]

GPT2_OUTSIDE = {
    "embedding": [
        ("wte.indices", "B*S", "8", ""),
        ("wpe.indices", "S", "8", ""),          # position_ids [1, S]
        ("drop.mask", "B*S*H", "r", "drop"),
    ],
    "final_norm": [(n.format(ln="ln_f"), e, t, c) for n, e, t, c in GPT2_NORM],
    "lm_head": [("lm_head.input", "B*S*H", "c", "")],
    "loss": [
        ("log_softmax", "B*S*V", "4", ""),      # logits.float() -> log_softmax output, fp32
        # labels padded to S+1 then [..., 1:].contiguous(): a copy when B > 1; with B == 1 the
        # slice is already contiguous and the whole padded storage is what is saved
        ("labels", "B*S if B > 1 else S + 1", "8", ""),
    ],
    "shared": [],
}

RMSNORM = [  # LlamaRMSNorm: fp32 upcast; torch 1.13's mean() also saves its input (x^2)
    ("{n}.x_fp32", "B*S*H", "4", ""),
    ("{n}.x_squared", "B*S*H", "4", ""),
    ("{n}.rstd", "B*S", "4", ""),
    ("{n}.normed", "B*S*H", "r", ""),        # x * rstd cast back to the input dtype
]

LLAMA_LAYER_EAGER = [
    *[(n.format(n="input_layernorm"), e, t, c) for n, e, t, c in RMSNORM],
    ("self_attn.q_proj.input", "B*S*H", "r", "r == c"),       # the norm output, shared by q/k/v
    ("self_attn.q_proj.input", "3*B*S*H", "c", "r != c"),     # autocast: one bf16 cast per projection
    ("self_attn.q", "B*S*H", "c", ""),                        # [B*A, S, d]
    ("self_attn.k_t", "B*S*H", "c", ""),                      # repeat_kv'd (A heads) [B*A, d, S]
    ("self_attn.probs_fp32", "B*A*S*S", "4", ""),             # softmax(dtype=float32)
    ("self_attn.dropout_mask", "B*A*S*S", "r", "drop"),       # dropout runs in the query dtype (= r)
    ("self_attn.probs_dropped", "B*A*S*S", "c", "drop or c != 4"),  # what matmul(probs, v) saves
    ("self_attn.v", "B*S*H", "c", ""),                        # repeat_kv'd (A heads)
    ("self_attn.o_proj.input", "B*S*H", "c", ""),
    *[(n.format(n="post_attention_layernorm"), e, t, c) for n, e, t, c in RMSNORM],
    ("mlp.gate_proj.input", "B*S*H", "r", "r == c"),
    ("mlp.gate_proj.input", "2*B*S*H", "c", "r != c"),
    ("mlp.act_fn.input", "B*S*F", "c", ""),
    ("mlp.act_out", "B*S*F", "c", ""),
    ("mlp.up_out", "B*S*F", "c", ""),
    ("mlp.down_proj.input", "B*S*F", "c", ""),
]

LLAMA_LAYER_FLASH = [
    *[(n.format(n="input_layernorm"), e, t, c) for n, e, t, c in RMSNORM],
    ("self_attn.q_proj.input", "B*S*H", "r", "r == c"),
    ("self_attn.q_proj.input", "3*B*S*H", "c", "r != c"),
    ("self_attn.q", "B*S*H", "c", ""),          # RoPE output (autocast: HF casts it to bf16 for the kernel)
    ("self_attn.k", "B*S*KV*d", "c", ""),       # KV heads, no repeat
    ("self_attn.v", "B*S*KV*d", "c", ""),       # a view of v_proj's output
    ("self_attn.out", "B*S*H", "c", ""),        # also o_proj's input
    ("self_attn.lse", "B*A*S", "4", ""),
    *[(n.format(n="post_attention_layernorm"), e, t, c) for n, e, t, c in RMSNORM],
    ("mlp.gate_proj.input", "B*S*H", "r", "r == c"),
    ("mlp.gate_proj.input", "2*B*S*H", "c", "r != c"),
    ("mlp.act_fn.input", "B*S*F", "c", ""),
    ("mlp.act_out", "B*S*F", "c", ""),
    ("mlp.up_out", "B*S*F", "c", ""),
    ("mlp.down_proj.input", "B*S*F", "c", ""),
]

LLAMA_OUTSIDE = {
    "embedding": [("embed_tokens.indices", "B*S", "8", "")],
    "final_norm": [(n.format(n="norm"), e, t, c) for n, e, t, c in RMSNORM],
    "lm_head": [("lm_head.input", "B*S*H", "c", "")],
    "loss": GPT2_OUTSIDE["loss"],
    "shared": [
        ("rope_cos", "S*d", "r", ""),                       # [1, S, d] in the embeddings' dtype
        ("rope_sin", "S*d", "r", ""),
        ("causal_mask", "B*S*S", "r", "ckpt and eager"),    # [B, 1, S, S], saved by the reentrant checkpoint
        ("cache_position", "S", "8", "ckpt"),               # position_ids is a view of it
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
    "gpt2": ("ln_1.input", "B*S*H", "r", ""),
    "llama": ("input_layernorm.x_fp32", "B*S*H", "4", "r == 4"),  # pure bf16: x_fp32 is a fresh copy
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
        return True if not cond else bool(eval(cond, {}, dict(self.flags)))

    def items(self, table):
        out = []
        for name, elems, dt, cond in table:
            if self.on(cond):
                out.append((name, self.n(elems) * self.sizes[dt]))
        return out

    def total(self, table):
        return sum(b for _, b in self.items(table))


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
        name, elems, dt, cond = CHECKPOINT_ALIAS[arch]
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


def markdown():
    def table(title, t):
        print("\n%s\n" % title)
        print("| name | elements | bytes/elem | saved when |")
        print("|---|---|---|---|")
        for name, elems, dt, cond in t:
            print("| `%s` | %s | %s | %s |" % (name, elems.replace("*", "·"), dt, cond or "always"))
    table("GPT-2 layer, eager", GPT2_LAYER_EAGER)
    table("GPT-2 layer, flash (emulated)", GPT2_LAYER_FLASH)
    for k, t in GPT2_OUTSIDE.items():
        if t:
            table("GPT-2 outside: %s" % k, t)
    table("LLaMA layer, eager", LLAMA_LAYER_EAGER)
    table("LLaMA layer, flash (emulated)", LLAMA_LAYER_FLASH)
    for k, t in LLAMA_OUTSIDE.items():
        table("LLaMA outside: %s" % k, t)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fixture", default=DEFAULT_FIXTURE)
    ap.add_argument("--tolerance", type=float, default=0.0, help="relative, per region (default 0: exact)")
    ap.add_argument("--compare", action="store_true", help="also print textbook and Korthikanti errors")
    ap.add_argument("--markdown", action="store_true", help="print the tables as Markdown and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if args.markdown:
        markdown()
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
    return 1 if n_bad else 0


if __name__ == "__main__":
    sys.exit(main())
