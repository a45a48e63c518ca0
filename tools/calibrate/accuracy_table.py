#!/usr/bin/python3
"""Generates the tables of docs/accuracy.md: for every configuration of the calibration fixture
(tests/fixtures/calibration/cpu.json, measured with PyTorch's saved-tensor hooks), the activation
bytes held at the peak of backward as measured, and the error of three models on the same inputs:

  * textbook     the brief's 2 x (19 BSH + 3 BAS^2) per layer (4-byte elements under fp32), as
                 headroom-cli computes it (--activations textbook): L layers, or with full
                 recompute L layer inputs plus one layer; nothing outside the layers;
  * Korthikanti  Korthikanti et al. 2022, sbh (34 + 5as/h) per layer (x2 under fp32), the same
                 way for recompute; nothing outside the layers (computed here, a closed form);
  * Headroom     the itemized transformer model, as headroom-cli computes it (--activations
                 transformer --profile hf-eager-cpu, the profile that describes the measurement).

"Measured" is what the fixture holds at the peak of backward: every layer's forward saves
(autocast's saved weight copies included), one layer's recomputation when checkpointed, and --
for the "total" columns -- everything outside the layers (embedding, final norm, LM head input,
the FP32 log-softmax of the loss, shared RoPE tables and checkpoint arguments). Errors are
(model - measured) / measured.

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


def cli_args(cfg, model):
    """headroom-cli estimate options for one fixture configuration."""
    m = cfg["model"]
    args = ["estimate", "--arch", m["arch"], "--layers", str(m["layers"]), "--hidden", str(m["hidden"]),
            "--heads", str(m["heads"]), "--kv-heads", str(m["kv_heads"]), "--ffn", str(m["ffn"]),
            "--vocab", str(m["vocab"]), "--max-positions", str(m["max_positions"] if m["arch"] == "gpt2" else 0),
            "--batch", str(cfg["batch"]), "--seq", str(cfg["seq"]), "--recipe", RECIPES[cfg["precision"]],
            "--recompute", "full" if cfg["checkpointing"] == "full" else "none", "--overhead", "0",
            "--activations", model, "--json"]
    if m["tied"]:
        args.append("--tied")
    if cfg["precision"] == "bf16":
        args += ["--optimizer-dtype", "weight"]
    if model == "transformer":
        args += ["--profile", "hf-eager-cpu",
                 "--attention", "eager" if m["attn_impl"] == "eager" else "flash",
                 "--dropout", repr(m["dropout"])]
    return args


def run_cli(cli, args):
    env = dict(os.environ)
    env.setdefault("HEADROOM_DATA_DIR", os.path.join(ROOT, "resources"))
    out = subprocess.run([cli] + args, check=True, capture_output=True, text=True, env=env).stdout
    return json.loads(out)


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
        textbook = run_cli(cli, cli_args(cfg, "textbook"))["per_gpu"]["activations"]
        hr = run_cli(cli, cli_args(cfg, "transformer"))
        hr_total = hr["per_gpu"]["activations"]
        hr_outside = sum(i["bytes"] for i in hr["activation_items"] if i["scope"] == "outside")
        ko = korthikanti(cfg)
        out.append(dict(cfg=cfg, meas_layers=meas_layers, meas_total=meas_layers + meas_outside,
                        tb=textbook, ko=ko, hr_layers=hr_total - hr_outside, hr_total=hr_total))
    return out


def err(pred, meas):
    return 100.0 * (pred - meas) / meas


def pct(x):
    return "%+.1f %%" % x if abs(x) >= 0.05 else ("0 %" if x == 0 else "%+.3f %%" % x)


def describe(cfg):
    m = cfg["model"]
    bits = ["%s" % m["arch"], "B=%d S=%d H=%d A=%d" % (cfg["batch"], cfg["seq"], m["hidden"], m["heads"])]
    if m["kv_heads"] != m["heads"]:
        bits.append("KV=%d" % m["kv_heads"])
    bits.append("F=%d V=%d L=%d" % (m["ffn"], m["vocab"], m["layers"]))
    bits.append(cfg["precision"])
    if m["dropout"]:
        bits.append("drop %.1f" % m["dropout"])
    bits.append("flash" if m["attn_impl"] != "eager" else "eager")
    if cfg["checkpointing"] == "full":
        bits.append("ckpt")
    return ", ".join(bits)


def group_key(cfg):
    m = cfg["model"]
    return (m["arch"], "flash" if m["attn_impl"] != "eager" else "eager",
            "ckpt" if cfg["checkpointing"] == "full" else "no ckpt")


def tables(rs):
    lines = []
    models = (("textbook", "tb"), ("Korthikanti", "ko"), ("Headroom", None))

    def errors(r, total):
        meas = r["meas_total"] if total else r["meas_layers"]
        hr = r["hr_total"] if total else r["hr_layers"]
        return [err(r["tb"], meas), err(r["ko"], meas), err(hr, meas)]

    lines.append("### Summary over the %d configurations" % len(rs))
    lines.append("")
    lines.append("Error of each model, (model - measured) / measured. *Layers*: what the layers hold at the peak "
                 "of backward (all layers' saves, one recomputed layer); *total*: the same plus everything "
                 "outside the layers.")
    lines.append("")
    lines.append("| model | layers: mean abs | layers: min | layers: max | total: mean abs | total: min | total: max |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    for idx, (name, _) in enumerate(models):
        lay = [errors(r, False)[idx] for r in rs]
        tot = [errors(r, True)[idx] for r in rs]
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            name, pct(sum(abs(x) for x in lay) / len(lay)).lstrip("+"), pct(min(lay)), pct(max(lay)),
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
        cells = []
        for idx in range(3):
            xs = [errors(r, True)[idx] for r in g]
            cells.append("%s (%s to %s)" % (pct(sum(xs) / len(xs)), pct(min(xs)), pct(max(xs))))
        lines.append("| %s | %s | %s | %d | %s |" % (key[0], key[1], key[2], len(g), " | ".join(cells)))
    lines.append("")

    lines.append("### Worst cases")
    lines.append("")
    lines.append("| model | worst configuration (total) | error |")
    lines.append("|---|---|---:|")
    for idx, (name, _) in enumerate(models):
        worst = max(rs, key=lambda r: abs(errors(r, True)[idx]))
        if errors(worst, True)[idx] == 0 and all(errors(r, False)[idx] == 0 for r in rs):
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


def preset_json(cli, preset, batch, seq, extra):
    return run_cli(cli, ["estimate", "--preset", preset, "--batch", str(batch), "--seq", str(seq),
                         "--recipe", "bf16-master", "--overhead", "0", "--json"] + extra)


def scale_table(cli):
    lines = ["### At production scale: predictions, not measurements", "",
             "bf16 with an FP32 master copy, no recompute, activation bytes per GPU (GB, 10^9). Korthikanti is "
             "sbh(34 + 5as/h) x L; Headroom's columns are the itemized model under the profiles named "
             "(HF code on CUDA with PyTorch 2; dropout 0). *Peak* is the step timeline's maximum with eager "
             "attention, against the plain sum of model states and activations.", "",
             "| preset, B, S | textbook | Korthikanti | Headroom hf-eager, eager | Headroom hf-sdpa | Headroom, flash "
             "| of which outside the layers (hf-sdpa) | Headroom peak (eager) / plain sum |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    gb = lambda b: "%.2f" % (b / 1e9)
    for preset, batch, seq in SCALE:
        tb = preset_json(cli, preset, batch, seq, ["--activations", "textbook"])
        eager = preset_json(cli, preset, batch, seq, ["--profile", "hf-eager"])
        sdpa = preset_json(cli, preset, batch, seq, ["--profile", "hf-sdpa"])
        flash = preset_json(cli, preset, batch, seq, ["--profile", "hf-eager", "--attention", "flash"])
        models = os.path.join(ROOT, "resources", "models")
        with open(os.path.join(models, "index.json")) as f:
            entry = next(p for p in json.load(f)["models"] if p["id"] == preset)
        with open(os.path.join(models, entry["config"])) as f:
            spec = json.load(f)
        s, b = seq, batch
        h, a, L = spec["hidden_size"], spec["num_attention_heads"], spec["num_hidden_layers"]
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
