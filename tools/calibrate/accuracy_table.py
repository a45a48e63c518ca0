#!/usr/bin/python3
"""Generates the tables of docs/accuracy.md: for every configuration of the calibration fixture
(tests/fixtures/calibration/cpu.json, measured with PyTorch's saved-tensor hooks), the activation
bytes held at the peak of backward as measured, and the error of three models on the same inputs:

  * textbook     the article's 2 x (19 BSH + 3 BAS^2) per layer (4-byte elements under fp32), as
                 headroom-cli computes it (--stack paper --activations textbook): L layers, or with
                 full recompute L layer inputs plus one layer; nothing outside the layers;
  * Korthikanti  Korthikanti et al. 2022, sbh (34 + 5as/h) per layer (x2 under fp32), the same
                 way for recompute; nothing outside the layers (computed here, a closed form);
  * Headroom     the itemized transformer model, as headroom-cli computes it (--activations
                 transformer --profile hf-eager-cpu, the profile that describes the measurement,
                 under the stack that ran: hf-trainer, torchtune for the chunked loss).

Both closed forms know only B, S, H, A and L of a dense layer that trains every weight, with heads
H/A wide; where a configuration is something else (mixture of experts, latent attention, LoRA or
QLoRA adapters on a frozen base, a head dimension other than H/A) their columns say n/a. The
Headroom column is computed for every configuration; the fixture's fields become CLI options the way
tests/core/tst_calibration.cpp's scenarioOf() maps them onto the model.

"Measured" is what the fixture holds at the peak of backward: every layer's forward saves (autocast's
saved weight copies included), one layer's recomputation when checkpointed, and -- for the "total"
columns -- everything outside the layers (embedding, final norm, LM head input, the FP32 log-softmax
of the loss or a chunked loss's pieces, the MoE auxiliary loss, shared RoPE tables and checkpoint
arguments). Errors are (model - measured) / measured.

Needs only the Python standard library and a built headroom-cli (no PyTorch).

  tools/calibrate/accuracy_table.py --cli build/bin/headroom-cli            # rewrite docs/accuracy.md's tables
  tools/calibrate/accuracy_table.py --cli build/bin/headroom-cli --check    # exit 1 if they are stale
  tools/calibrate/accuracy_table.py --cli build/bin/headroom-cli --print    # print them only
"""

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
DEFAULT_FIXTURE = os.path.join(ROOT, "tests", "fixtures", "calibration", "cpu.json")
DEFAULT_DOC = os.path.join(ROOT, "docs", "accuracy.md")
BEGIN = "<!-- BEGIN GENERATED TABLES (tools/calibrate/accuracy_table.py) -->"
END = "<!-- END GENERATED TABLES -->"

RECIPES = {"fp32": "fp32", "autocast_bf16": "amp-bf16", "bf16": "bf16-pure"}

# The fixture's architectures as the CLI's --arch, the way tests/core/tst_calibration.cpp's
# scenarioOf() maps them onto block families: Mixtral and Qwen2-MoE are the LLaMA block with
# experts, DeepSeek-V2 the LLaMA block with latent attention.
ARCHS = {"gpt2": "gpt2", "llama": "llama", "gpt_neox": "neox", "phi": "phi", "gemma2": "gemma2",
         "mixtral": "llama", "qwen2_moe": "llama", "deepseek_v2": "llama", "lfm2": "llama"}

# PEFT's module names as --lora-targets letters.
LORA_TARGETS = {"q_proj": "q", "k_proj": "k", "v_proj": "v", "o_proj": "o", "gate_proj": "gate",
                "up_proj": "up", "down_proj": "down"}


def closed_form_na(cfg):
    """Why the textbook formula and Korthikanti et al.'s closed form cannot describe this
    configuration, or None. Both know only B, S, H, A and L of a dense layer that trains every
    weight, with heads H/A wide."""
    m = cfg["model"]
    if m["arch"] in ("mixtral", "qwen2_moe"):
        return "mixture of experts: the closed forms have one dense MLP per layer"
    if m["arch"] == "deepseek_v2":
        return "latent attention: the closed forms assume K and V as wide as Q, heads H/A wide"
    if m["arch"] == "lfm2":
        return "short convolutions in place of attention: the closed forms have attention in every layer"
    if "lora" in cfg:
        return ("adapters on a frozen base: the closed forms assume every weight trains, so every "
                "linear saves its input")
    if "head_size" in m and m["head_size"] * m["heads"] != m["hidden"]:
        return "a head dimension other than H/A: the closed forms size Q, K, V and the context as H"
    return None


def model_args(cfg):
    """The model and the run, as options (the same for every activation model)."""
    m = cfg["model"]
    arch = m["arch"]
    args = ["--arch", ARCHS[arch], "--layers", str(m["layers"]), "--hidden", str(m["hidden"]),
            "--heads", str(m["heads"]), "--kv-heads", str(m["kv_heads"]), "--ffn", str(m["ffn"]),
            "--vocab", str(m["vocab"]), "--max-positions", str(m["max_positions"] if arch == "gpt2" else 0)]
    if m["tied"]:
        args.append("--tied")
    if "head_size" in m:
        args += ["--head-dim", str(m["head_size"])]
    if "rotary_pct" in m:
        args += ["--rotary-fraction", repr(m["rotary_pct"])]
    if "attn_softcap" in m or "final_softcap" in m:
        args += ["--softcap", "on"]
    if arch in ("mixtral", "qwen2_moe"):
        args += ["--experts", str(m["experts"]), "--experts-per-token", str(m["top_k"]),
                 "--expert-ffn", str(cfg["moe"]["expert_ffn"])]
        if arch == "qwen2_moe":
            # Qwen2MoeAttention's q, k, v carry biases; one shared expert behind a sigmoid gate.
            args += ["--qkv-bias", "--shared-experts", "1", "--shared-ffn", str(m["shared_ffn"]), "--shared-gate"]
    if arch == "deepseek_v2":
        args += ["--q-lora-rank", str(m["q_lora_rank"]), "--kv-lora-rank", str(m["kv_lora_rank"]),
                 "--rope-head-dim", str(m["qk_rope_head_dim"]), "--nope-head-dim", str(m["qk_nope_head_dim"]),
                 "--v-head-dim", str(m["v_head_dim"]),
                 "--head-dim", str(m["qk_rope_head_dim"] + m["qk_nope_head_dim"])]
    if arch == "lfm2":
        # LFM2: q/k norms, and the first conv_layers layers a gated short convolution of H channels.
        args += ["--qk-norm", "--mixer", "short-conv", "--mixer-layers", str(m["conv_layers"]), "--mixer-heads", "1",
                 "--mixer-head-dim", str(m["hidden"]), "--mixer-conv", str(m["conv_kernel"])]
    args += ["--batch", str(cfg["batch"]), "--seq", str(cfg["seq"]), "--recipe", RECIPES[cfg["precision"]],
             "--optimizer", "adamw", "--optimizer-dtype", "weight" if cfg["precision"] == "bf16" else "fp32",
             "--recompute", "full" if cfg["checkpointing"] == "full" else "none", "--overhead", "0"]
    return args


def cli_args(cfg, model):
    """headroom-cli estimate options for one fixture configuration: model "textbook" (the paper
    stack's formula) or "transformer" (the itemized model under the stack that ran, with the
    profile that describes the measurement)."""
    if model == "textbook":
        return ["estimate", "--stack", "paper"] + model_args(cfg) + ["--activations", "textbook", "--json"]
    m = cfg["model"]
    loss = cfg.get("loss_impl")
    detail = cfg.get("loss_impl_detail", {})
    # models.py runs Hugging Face's code and PEFT's adapters (the hf-trainer stack); the chunked
    # loss is torchtune's CEWithChunkedOutputLoss, so its rows name the torchtune stack.
    args = ["estimate", "--stack", "torchtune" if loss == "chunked_ce" else "hf-trainer"] + model_args(cfg)
    args += ["--activations", "transformer", "--profile", "hf-eager-cpu",
             "--attention", "eager" if m["attn_impl"] == "eager" else "flash", "--dropout", repr(m["dropout"])]
    if m.get("gelu") == "fused":
        args += ["--gelu", "fused"]
    if loss == "chunked_ce":
        args += ["--loss", "chunked", "--loss-chunks", str(detail["num_output_chunks"])]
    elif loss == "fused_linear_ce":
        args += ["--loss", "fused-linear", "--loss-chunks", str(detail["num_chunks"])]
    else:
        args += ["--loss", "plain"]
    if "lora" in cfg:
        lora = cfg["lora"]
        args += ["--lora", "qlora" if "qlora" in cfg else "lora", "--lora-rank", str(lora["r"]),
                 "--lora-targets", ",".join(LORA_TARGETS[t] for t in lora["targets"]),
                 "--lora-dropout", repr(lora["dropout"])]
        if "qlora" in cfg:
            q = cfg["qlora"]
            if q.get("format") == "gptq":
                args += ["--qlora-base", "gptq", "--quant-group-size", str(q["group_size"])]
            else:
                args += ["--qlora-base", "nf4-dq" if q["double_quant"] else "nf4"]
        # PEFT's modules_to_save, as the harness names the modules.
        saved = {"embed_tokens": "embed", "lm_head": "head"}
        if lora.get("modules_to_save"):
            args += ["--lora-trainable", ",".join(saved[m] for m in lora["modules_to_save"])]
    return args + ["--json"]


def run_cli(cli, args):
    env = dict(os.environ)
    env.setdefault("HEADROOM_DATA_DIR", os.path.join(ROOT, "resources"))
    proc = subprocess.run([cli] + args, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise SystemExit("headroom-cli %s\nfailed (%d): %s" % (" ".join(args), proc.returncode, proc.stderr.strip()))
    return json.loads(proc.stdout)


def measured(cfg):
    """(layers, outside) bytes held at the peak of backward."""
    sv = cfg["saved"]
    layers = sum(r["activation"] + r["autocast_weight_copy"] for r in sv["per_layer"])
    rec = max([r.get("recompute", {}).get("activation", 0) + r.get("recompute", {}).get("autocast_weight_copy", 0)
               for r in sv["per_layer"]] or [0])
    outside = sum(r["activation"] + r["autocast_weight_copy"] + r["shared"] for r in sv["outside"].values())
    return layers + rec, outside


def korthikanti(cfg):
    s, b = cfg["seq"], cfg["batch"]
    h, a, L = cfg["model"]["hidden"], cfg["model"]["heads"], cfg["model"]["layers"]
    scale = 2 if cfg["precision"] == "fp32" else 1
    layer = scale * (34 * s * b * h + 5 * a * s * s * b)
    if cfg["checkpointing"] == "full":
        return L * scale * 2 * s * b * h + layer
    return L * layer


def rows(doc, cli):
    out = []
    for cfg in doc["configs"]:
        meas_layers, meas_outside = measured(cfg)
        na = closed_form_na(cfg)
        textbook = None if na else run_cli(cli, cli_args(cfg, "textbook"))["per_gpu"]["activations"]
        ko = None if na else korthikanti(cfg)
        hr = run_cli(cli, cli_args(cfg, "transformer"))
        hr_total = hr["per_gpu"]["activations"]
        hr_outside = sum(i["bytes"] for i in hr["activation_items"] if i["scope"] == "outside")
        out.append(dict(cfg=cfg, na=na, meas_layers=meas_layers, meas_total=meas_layers + meas_outside,
                        tb=textbook, ko=ko, hr_layers=hr_total - hr_outside, hr_total=hr_total))
    return out


def err(pred, meas):
    return None if pred is None else 100.0 * (pred - meas) / meas


def pct(x):
    if x is None:
        return "n/a"
    return "%+.1f %%" % x if abs(x) >= 0.05 else ("0 %" if x == 0 else "%+.3f %%" % x)


def lora_text(cfg):
    lora = cfg["lora"]
    bits = ["%s r=%d on %s" % ("QLoRA" if "qlora" in cfg else "LoRA", lora["r"],
                               ",".join(LORA_TARGETS[t] for t in lora["targets"]))]
    if lora["dropout"]:
        bits.append("lora drop %g" % lora["dropout"])
    if lora.get("modules_to_save"):
        bits.append("trained copies of %s" % " and ".join(lora["modules_to_save"]))
    if "qlora" in cfg:
        q = cfg["qlora"]
        bits.append("GPTQ 4-bit, groups of %d" % q["group_size"] if q.get("format") == "gptq"
                    else "NF4 double quant" if q["double_quant"] else "NF4")
    return ", ".join(bits)


def describe(cfg):
    m = cfg["model"]
    bits = ["%s" % m["arch"], "B=%d S=%d H=%d A=%d" % (cfg["batch"], cfg["seq"], m["hidden"], m["heads"])]
    if m["kv_heads"] != m["heads"]:
        bits.append("KV=%d" % m["kv_heads"])
    if "head_size" in m:
        bits.append("d_h=%d" % m["head_size"])
    bits.append("F=%d V=%d L=%d" % (m["ffn"], m["vocab"], m["layers"]))
    if "rotary_pct" in m:
        bits.append("rotary %g" % m["rotary_pct"])
    if "attn_softcap" in m or "final_softcap" in m:
        bits.append("softcap %g/%g" % (m.get("attn_softcap", 0), m.get("final_softcap", 0)))
    if m["arch"] in ("mixtral", "qwen2_moe"):
        moe = "E=%d k=%d expert F=%d" % (m["experts"], m["top_k"], cfg["moe"]["expert_ffn"])
        if m["arch"] == "qwen2_moe":
            moe += " + shared F=%d (gated)" % m["shared_ffn"]
        bits.append(moe)
    if m["arch"] == "deepseek_v2":
        bits.append("MLA q rank %d kv rank %d rope %d nope %d v %d" % (
            m["q_lora_rank"], m["kv_lora_rank"], m["qk_rope_head_dim"], m["qk_nope_head_dim"], m["v_head_dim"]))
    if m["arch"] == "lfm2":
        bits.append("%d short convolutions of %d, q/k norms" % (m["conv_layers"], m["conv_kernel"]))
    if m.get("gelu") == "fused":
        bits.append("fused GELU")
    bits.append(cfg["precision"])
    if m["dropout"]:
        bits.append("drop %.1f" % m["dropout"])
    bits.append("flash" if m["attn_impl"] != "eager" else "eager")
    if cfg["checkpointing"] == "full":
        bits.append("ckpt")
    if "lora" in cfg:
        bits.append(lora_text(cfg))
    detail = cfg.get("loss_impl_detail", {})
    if cfg.get("loss_impl") == "chunked_ce":
        bits.append("chunked CE, %d chunks" % detail["num_output_chunks"])
    elif cfg.get("loss_impl") == "fused_linear_ce":
        bits.append("fused linear CE, %d chunks" % detail["num_chunks"])
    return ", ".join(bits)


# Block families and features, in the order the tables list them.
FAMILIES = ["gpt2", "gpt2, fused GELU", "llama", "llama + LoRA", "llama + QLoRA", "llama, chunked CE (torchtune)",
            "llama, fused linear CE (Liger)", "gpt_neox", "phi", "gemma2", "mixtral (MoE)",
            "qwen2_moe (MoE, shared expert)", "deepseek_v2 (MLA)", "lfm2 (short convolutions)",
            "lfm2 + LoRA"]


def family(cfg):
    m = cfg["model"]
    arch = m["arch"]
    if arch == "gpt2":
        return "gpt2, fused GELU" if m.get("gelu") == "fused" else "gpt2"
    if arch == "llama":
        if "qlora" in cfg:
            return "llama + QLoRA"
        if "lora" in cfg:
            return "llama + LoRA"
        if cfg.get("loss_impl") == "chunked_ce":
            return "llama, chunked CE (torchtune)"
        if cfg.get("loss_impl") == "fused_linear_ce":
            return "llama, fused linear CE (Liger)"
        return "llama"
    if arch == "lfm2":
        return "lfm2 + LoRA" if "lora" in cfg else "lfm2 (short convolutions)"
    return {"mixtral": "mixtral (MoE)", "qwen2_moe": "qwen2_moe (MoE, shared expert)",
            "deepseek_v2": "deepseek_v2 (MLA)"}.get(arch, arch)


def group_key(cfg):
    m = cfg["model"]
    return (FAMILIES.index(family(cfg)), "flash" if m["attn_impl"] != "eager" else "eager",
            "ckpt" if cfg["checkpointing"] == "full" else "no ckpt")


def tables(rs):
    lines = []
    models = ("textbook", "Korthikanti", "Headroom")

    def errors(r, total):
        meas = r["meas_total"] if total else r["meas_layers"]
        hr = r["hr_total"] if total else r["hr_layers"]
        return [err(r["tb"], meas), err(r["ko"], meas), err(hr, meas)]

    def spread(xs):
        xs = [x for x in xs if x is not None]
        if not xs:
            return "n/a"
        return "%s (%s to %s)" % (pct(sum(xs) / len(xs)), pct(min(xs)), pct(max(xs)))

    closed = [r for r in rs if r["na"] is None]
    lines.append("### Summary over the %d configurations" % len(rs))
    lines.append("")
    lines.append("Error of each model, (model - measured) / measured. *Layers*: what the layers hold at the peak "
                 "of backward (all layers' saves, one recomputed layer); *total*: the same plus everything "
                 "outside the layers. The textbook formula and Korthikanti et al. are compared on the %d "
                 "configurations they can describe (dense layers with heads H/A wide that train every weight); "
                 "the other %d (mixture of experts, latent attention, LoRA and QLoRA adapters, Gemma-2's "
                 "wider heads, LFM2's short convolutions) are n/a for them. Headroom is compared on all %d."
                 % (len(closed), len(rs) - len(closed), len(rs)))
    lines.append("")
    lines.append("| model | configs | layers: mean abs | layers: min | layers: max | total: mean abs | total: min "
                 "| total: max |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|")
    for idx, name in enumerate(models):
        subset = rs if idx == 2 else closed
        lay = [errors(r, False)[idx] for r in subset]
        tot = [errors(r, True)[idx] for r in subset]
        lines.append("| %s | %d | %s | %s | %s | %s | %s | %s |" % (
            name, len(subset), pct(sum(abs(x) for x in lay) / len(lay)).lstrip("+"), pct(min(lay)), pct(max(lay)),
            pct(sum(abs(x) for x in tot) / len(tot)).lstrip("+"), pct(min(tot)), pct(max(tot))))
    lines.append("")

    lines.append("### By block family, attention and checkpointing (mean error of the total, min to max)")
    lines.append("")
    lines.append("| family | attention | checkpointing | configs | textbook | Korthikanti | Headroom |")
    lines.append("|---|---|---|---:|---|---|---|")
    groups = {}
    for r in rs:
        groups.setdefault(group_key(r["cfg"]), []).append(r)
    for key in sorted(groups):
        g = groups[key]
        cells = [spread([errors(r, True)[idx] for r in g]) for idx in range(3)]
        lines.append("| %s | %s | %s | %d | %s |" % (FAMILIES[key[0]], key[1], key[2], len(g), " | ".join(cells)))
    lines.append("")
    reasons = {}
    for r in rs:
        if r["na"]:
            reasons.setdefault(r["na"], []).append(family(r["cfg"]))
    lines.append("n/a, the textbook formula and Korthikanti et al. cannot describe:")
    lines.append("")
    for reason, fams in reasons.items():
        seen = []
        for f in fams:
            if f not in seen:
                seen.append(f)
        lines.append("- %s: %s." % (", ".join(seen), reason))
    lines.append("")

    lines.append("### Worst cases")
    lines.append("")
    lines.append("| model | worst configuration (total) | error |")
    lines.append("|---|---|---:|")
    for idx, name in enumerate(models):
        subset = rs if idx == 2 else closed
        worst = max(subset, key=lambda r: abs(errors(r, True)[idx]))
        if errors(worst, True)[idx] == 0 and all(errors(r, False)[idx] == 0 for r in subset):
            lines.append("| %s | none: every configuration exact, layers and total | 0 %% |" % name)
            continue
        lines.append("| %s | `%s`: %s | %s |" % (name, worst["cfg"]["id"], describe(worst["cfg"]),
                                                pct(errors(worst, True)[idx])))
    lines.append("")

    lines.append("### Every configuration")
    lines.append("")
    lines.append("| configuration | measured layers (B) | textbook | Korthikanti | Headroom | measured total (B) "
                 "| textbook | Korthikanti | Headroom |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rs:
        lay, tot = errors(r, False), errors(r, True)
        lines.append("| `%s` | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["cfg"]["id"], "{:,}".format(r["meas_layers"]), pct(lay[0]), pct(lay[1]), pct(lay[2]),
            "{:,}".format(r["meas_total"]), pct(tot[0]), pct(tot[1]), pct(tot[2])))
    lines.append("")
    lines.append("Configurations (inputs as the fixture records them):")
    lines.append("")
    for r in rs:
        lines.append("- `%s`: %s" % (r["cfg"]["id"], describe(r["cfg"])))
    return lines


# Production-scale predictions (no measurement): the three models side by side on presets.
SCALE = [("gpt2-xl", 1, 1024), ("llama-2-7b", 1, 4096), ("llama-3-8b", 1, 8192)]


def preset_json(cli, stack, preset, batch, seq, extra):
    return run_cli(cli, ["estimate", "--stack", stack, "--preset", preset, "--batch", str(batch), "--seq", str(seq),
                         "--recipe", "bf16-master", "--recompute", "none", "--overhead", "0", "--json"] + extra)


def scale_table(cli):
    lines = ["### At production scale: predictions, not measurements", "",
             "bf16 with an FP32 master copy, no recompute, activation bytes per GPU (GB, 10^9). Korthikanti is "
             "sbh(34 + 5as/h) x L; the textbook column is `--stack paper`, Headroom's columns are the itemized "
             "model under `--stack hf-trainer` with the profiles and attention named (HF code on CUDA with "
             "PyTorch 2; dropout 0, plain loss). *Peak* is the step timeline's maximum with eager attention, "
             "against the plain sum of model states and activations.", "",
             "| preset, B, S | textbook | Korthikanti | Headroom hf-eager, eager | Headroom hf-sdpa | Headroom, flash "
             "| of which outside the layers (hf-sdpa) | Headroom peak (eager) / plain sum |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    gb = lambda b: "%.2f" % (b / 1e9)
    for preset, batch, seq in SCALE:
        tb = preset_json(cli, "paper", preset, batch, seq, ["--activations", "textbook"])
        hf = ["--activations", "transformer", "--dropout", "0", "--loss", "plain"]
        eager = preset_json(cli, "hf-trainer", preset, batch, seq, hf + ["--profile", "hf-eager", "--attention", "eager"])
        sdpa = preset_json(cli, "hf-trainer", preset, batch, seq, hf + ["--profile", "hf-sdpa", "--attention", "sdpa"])
        flash = preset_json(cli, "hf-trainer", preset, batch, seq, hf + ["--profile", "hf-eager", "--attention", "flash"])
        # The preset's shape as the CLI reads it (its symbols), for the closed form.
        sym = {x["symbol"]: x["value"] for x in tb["symbols"] if "value" in x}
        s, b = seq, batch
        h, a, L = sym["H"], sym["A"], sym["L"]
        ko = L * (34 * s * b * h + 5 * a * s * s * b)
        outside = sum(i["bytes"] for i in sdpa["activation_items"] if i["scope"] == "outside")
        lines.append("| `%s`, %d, %d | %s | %s | %s | %s | %s | %s | %s / %s |" % (
            preset, batch, seq, gb(tb["per_gpu"]["activations"]), gb(ko), gb(eager["per_gpu"]["activations"]),
            gb(sdpa["per_gpu"]["activations"]), gb(flash["per_gpu"]["activations"]), gb(outside),
            gb(eager["peak"]["bytes"]), gb(eager["per_gpu"]["total"])))
    lines.append("")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="path to a built headroom-cli")
    ap.add_argument("--fixture", default=DEFAULT_FIXTURE)
    ap.add_argument("--doc", default=DEFAULT_DOC)
    ap.add_argument("--check", action="store_true", help="exit 1 if the document's tables differ")
    ap.add_argument("--print", action="store_true", help="print the tables instead of writing the document")
    args = ap.parse_args(argv)
    with open(args.fixture) as f:
        doc = json.load(f)
    block = "\n".join([BEGIN, ""] + tables(rows(doc, args.cli)) + [""] + scale_table(args.cli) + [END])
    if args.print:
        print(block)
        return 0
    with open(args.doc) as f:
        text = f.read()
    try:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
    except ValueError:
        print("%s: generated-table markers missing" % args.doc, file=sys.stderr)
        return 1
    new = head + block + tail
    if args.check:
        if new != text:
            print("%s: tables are stale; rerun tools/calibrate/accuracy_table.py" % args.doc, file=sys.stderr)
            return 1
        print("%s: tables are current" % args.doc)
        return 0
    with open(args.doc, "w") as f:
        f.write(new)
    print("wrote %s (%d configurations)" % (args.doc, len(doc["configs"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
