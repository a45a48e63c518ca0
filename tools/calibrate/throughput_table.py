#!/usr/bin/env python3
"""Headroom's step time against published, measured training throughputs.

Reads tests/fixtures/throughput/published-runs.json (119 runs from 12 sources, split by source
into a calibration set and a validation set), runs `headroom-cli estimate --json` for each run
as its source describes it (model shape, sequence, GPU kind and count, TP/PP/VPP/CP/EP, ZeRO or
FSDP or Megatron's distributed optimizer, recompute, attention kernel, compile, precision,
micro-batch and accumulation), and compares the predicted tokens per second per GPU with the
measured one. TFLOP/s figures are turned into tokens per second with the source's own FLOP
convention (Narayanan et al. eq. 3; Megatron-LM's num_floating_point_operations), step times
with the global batch. Prints one row per run and, per set, the median |error| and the share
within 15 % (the targets: validation median <= 10 %, >= 80 % within 15 %).

    python3 tools/calibrate/throughput_table.py --cli build/bin/headroom-cli [--set validation] [--markdown]

Rows marked already_used (used by tests/core/tst_publishedthroughput.cpp) are shown but left
out of the summaries. A run whose scenario the CLI refuses is listed with the reason.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "throughput", "published-runs.json")

# Cards the sources ran on that the catalogue does not hold, given with --gpu-spec.
CUSTOM_CARDS = {
    # torchtitan's Grand Teton H100: 96 GB HBM2e at 2.4 TB/s and 500 W (its benchmark README);
    # the H100 SXM's tensor rates and the catalogue H100's measured matmul efficiency.
    "h100-96gb": "name=h100-96gb,memory=96GiB,bf16=989.4T,fp8=1978.9T,hbm=2.4TB/s,nvlink=450GB/s,"
                 "efficiency=0.803,attention-efficiency=0.30,fused-attention-efficiency=0.60,power=500W,network=3200",
    # GB300 NVL72: 288 GB HBM3e at 8 TB/s, dense BF16 2.5 PFLOP/s and FP8 5 PFLOP/s per GPU
    # (NVIDIA GB300 NVL72 page), 72 GPUs on NVLink 5 over trays of 4 with ConnectX-8 at 800 Gb/s each;
    # GB200's measured efficiency.
    "gb300": "name=gb300,memory=288GB,bf16=2500T,fp8=5000T,hbm=8TB/s,nvlink=900GB/s,nvlink-gpus=72,"
             "gpus-per-node=4,network=3200,efficiency=0.729,attention-efficiency=0.30,fused-attention-efficiency=0.60,power=1400W",
}
CATALOGUE = {"a100-80gb": "a100-80gb", "a100-40gb": "a100-40gb", "h100-80gb": "h100-80gb",
             "h200": "h200-141gb", "b200": "b200-180gb", "gb200": "gb200"}

MEGATRON_SOURCES = {"narayanan21", "mcore-r0.8-weak", "mlm-llama-example", "nemo-24.07", "nemo-longseq",
                    "mbridge-25.11", "bloom-tr11"}


def megatron_flops_per_token(m, seq):
    """Megatron-LM's num_floating_point_operations (core_r0.8.0 megatron/training/training.py)
    per token: 12 L h^2 ((1 + g/a + s/h) q/h + (F/h) k gated + V / (2 L h)); full attention,
    three passes, no recomputation."""
    L, h, a = m["layers"], m["hidden"], m["heads"]
    g = m.get("kv_heads") or a
    F = m["ffn"]
    gated = 1.5 if m.get("ffn_kind") == "swiglu" else 1.0
    k = (m.get("moe") or {}).get("top_k", 1)
    V = m["vocab"]
    return 12 * L * h * h * ((1 + g / a + seq / h) + (F / h) * k * gated + V / (2 * L * h))


def narayanan_flops_per_token(m, seq):
    """Narayanan et al. 2021, eq. 3, per token: 96 L h^2 (1 + s / (6 h) + V / (16 L h)) (four
    passes: full recomputation counted)."""
    L, h, V = m["layers"], m["hidden"], m["vocab"]
    return 96 * L * h * h * (1 + seq / (6 * h) + V / (16 * L * h))


def measured_tokens_per_gpu(run):
    q = run["measured"]["quantity"]
    v = run["measured"]["value"]
    m, seq = run["model"], run["seq"]
    if q == "tokens_per_s_per_gpu":
        return v
    if q == "tflops_per_gpu":
        per_token = narayanan_flops_per_token(m, seq) if run["source"] == "narayanan21" else megatron_flops_per_token(m, seq)
        return v * 1e12 / per_token
    if q == "step_s":
        return run["batch"]["global_batch"] * seq / (v * run["gpu"]["count"])
    raise ValueError("unknown quantity " + q)


# Networks the sources state where they differ from the catalogue card's usual node, Gbit/s
# per node: fms-fsdp's README (400 Gbps A100, 800 Gbps H100), BLOOM's Jean Zay (4 Omni-Path
# links of 100 Gbit/s per node).
NETWORK_GBPS = {("fms-fsdp", "a100-80gb"): 400, ("fms-fsdp", "h100-80gb"): 800, ("bloom-tr11", "a100-80gb"): 400}


def catalogue_card(kind):
    with open(os.path.join(ROOT, "resources", "gpus.json")) as f:
        for g in json.load(f)["gpus"]:
            if g["id"] == kind:
                return g
    raise ValueError(kind)


def card_with_network(kind, gbps):
    """The catalogue card as --gpu-spec, its node's network replaced."""
    g = catalogue_card(kind)
    parts = ["name=%s-net%d" % (kind, gbps), "memory=%dMiB" % g["memory_mib"], "fp16=%gT" % g["tflops_fp16"],
             "hbm=%gGB/s" % g["hbm_gb_s"], "efficiency=%g" % g["matmul_efficiency"], "gpus-per-node=%d" % g["gpus_per_node"],
             "network=%g" % gbps, "power=%gW" % g["power_w"]]
    if g.get("bf16"):
        parts.append("bf16=%gT" % g["tflops_bf16"])
    if g.get("fp8"):
        parts.append("fp8=%gT" % g["tflops_fp8"])
    if g.get("nvlink_gb_s"):
        parts += ["nvlink=%gGB/s" % g["nvlink_gb_s"], "nvlink-gpus=%d" % g["nvlink_gpus"]]
    for key, option in (("attention_efficiency", "attention-efficiency"), ("fused_attention_efficiency", "fused-attention-efficiency")):
        if key in g:
            parts.append("%s=%g" % (option, g[key]))
    return ",".join(parts)


def arguments(run):
    m, lay, b, gpu = run["model"], run["layout"], run["batch"], run["gpu"]
    source = run["source"]
    megatron = source in MEGATRON_SOURCES
    args = ["estimate", "--json", "--activations", "transformer"]
    if m.get("ffn_kind") == "swiglu":
        args += ["--arch", "llama"]
    else:
        # GELU (and Nemotron's squared ReLU, also two matrices) in GPT-2's layout; the learned
        # position table as long as the sequence.
        args += ["--arch", "gpt2", "--max-positions", str(run["seq"])]
    args += ["--layers", str(m["layers"]), "--hidden", str(m["hidden"]), "--heads", str(m["heads"]),
             "--kv-heads", str(m.get("kv_heads") or m["heads"]), "--ffn", str(m["ffn"]), "--vocab", str(m["vocab"]),
             "--tied", "true" if m.get("tied_embeddings") else "false"]
    if m.get("moe"):
        args += ["--experts", str(m["moe"]["experts"]), "--experts-per-token", str(m["moe"]["top_k"]),
                 "--expert-ffn", str(m["ffn"])]
    if megatron:
        stack = "megatron"
    elif source.startswith("torchtitan"):
        stack = "fsdp2"
    else:
        stack = "fsdp"
    args += ["--stack", stack, "--seq", str(run["seq"])]
    kind = gpu["kind"]
    network = NETWORK_GBPS.get((source, kind))
    if network:
        args += ["--gpu-spec", card_with_network(CATALOGUE[kind], network)]
    elif kind in CATALOGUE:
        args += ["--gpu", CATALOGUE[kind]]
    elif kind in CUSTOM_CARDS:
        args += ["--gpu-spec", CUSTOM_CARDS[kind]]
    else:
        raise ValueError("no card for " + kind)
    n = gpu["count"]
    tp, pp, cp, ep = lay.get("tp") or 1, lay.get("pp") or 1, lay.get("cp") or 1, lay.get("ep") or 1
    vpp = lay.get("vpp") or 1
    args += ["--gpus", str(n), "--tp", str(tp), "--pp", str(pp), "--cp", str(cp)]
    if ep > 1:
        args += ["--ep", str(ep)]
    if vpp > 1:
        args += ["--vpp", str(vpp)]
    if lay.get("sp") and tp > 1:
        args += ["--sp", "true"]
    zero = lay.get("zero")
    if megatron:
        # Megatron's distributed optimizer is its ZeRO-1 (NeMo and Megatron-Bridge use it by
        # default; the fixture records it as "1" or leaves it unstated).
        if zero in ("1", None):
            args += ["--distributed-optimizer", "true"]
    elif zero in ("fsdp-full", "3"):
        args += ["--zero", "3"]
    elif zero in ("fsdp-grad-op", "2"):
        args += ["--zero", "2"]
    elif zero == "1":
        args += ["--zero", "1"]
    elif zero == "hsdp":
        args += ["--zero", "3", "--shard-group", str(gpu.get("gpus_per_node") or 8)]
    recompute = lay.get("recompute")
    if source == "fms-fsdp" and recompute == "selective":
        # fms-fsdp's "selective AC" checkpoints a fraction of the blocks, selective_checkpointing,
        # whose default is 1: every block (fms_fsdp/config/training.py).
        recompute = "full"
    if recompute in ("none", "selective", "full", "op"):
        args += ["--recompute", recompute]
    precision = lay.get("precision")
    if precision == "fp16":
        args += ["--recipe", "fp16-master" if megatron else "amp-fp16"]
    else:
        args += ["--recipe", "bf16-master" if megatron else "amp-bf16"]
    if precision == "fp8":
        args += ["--fp8", "te-delayed" if megatron else "tensorwise"]
    # An unstated kernel is the stack's default of its time: flash or Transformer Engine's fused
    # attention for every source here but 2021's Megatron-LM and BLOOM, which state theirs.
    args += ["--attention", "eager" if lay.get("flash_attention") is False else "flash"]
    if lay.get("compile"):
        args += ["--compile", "true"]
    micro = b.get("micro_batch") or 1
    dp = n // (tp * pp * cp)
    G = b.get("global_batch") or dp * micro
    accum = max(1, round(G / (dp * micro)))
    args += ["--batch", str(micro), "--grad-accum", str(accum)]
    return args


def predict(cli, run):
    args = arguments(run)
    env = dict(os.environ)
    env.setdefault("HEADROOM_DATA_DIR", os.path.join(ROOT, "resources"))
    p = subprocess.run([cli] + args, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        return None, (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[0]
    st = json.loads(p.stdout).get("step_time")
    if not st:
        return None, "no step time (no dense peak for the recipe)"
    return st["tokens"] / (st["total_s"] * run["gpu"]["count"]), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "bin", "headroom-cli"))
    ap.add_argument("--set", choices=["calibration", "validation", "all"], default="all")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--check", metavar="DOC", help="fail unless DOC's table between the throughput-table markers is "
                                                   "the one this run prints (docs/procurement.md)")
    ap.add_argument("--require-targets", action="store_true",
                    help="fail unless the validation set meets the targets: median |error| <= 10 %%, >= 80 %% within 15 %%")
    opts = ap.parse_args()
    if opts.check:
        opts.markdown = True
    data = json.load(open(FIXTURE))
    split = data["split"]
    set_of = {rid: name for name in ("calibration", "validation") for rid in split[name]}
    rows = []
    for run in data["runs"]:
        which = set_of.get(run["id"], "?")
        if opts.set != "all" and which != opts.set:
            continue
        measured = measured_tokens_per_gpu(run)
        predicted, problem = predict(opts.cli, run)
        error = (predicted / measured - 1) if predicted else None
        rows.append((run, which, measured, predicted, error, problem))
    table = []
    if opts.markdown:
        table += ["| run | set | measured tok/s/GPU | predicted | error |", "|---|---|---|---|---|"]
    for run, which, measured, predicted, error, problem in rows:
        used = " (already used)" if run.get("already_used") else ""
        if opts.markdown:
            cell = "%+.1f %%" % (100 * error) if error is not None else "refused: " + problem.replace("|", "/")
            table.append("| %s%s | %s | %.0f | %s | %s |" % (run["id"], used, which, measured,
                                                         "%.0f" % predicted if predicted else "-", cell))
        else:
            cell = "%+7.1f %%" % (100 * error) if error is not None else "  refused: " + problem
            print("%-44s %-11s %10.0f %10s %s%s" % (run["id"], which, measured,
                                                   "%.0f" % predicted if predicted else "-", cell, used))
    if opts.check:
        text = open(opts.check, encoding="utf-8").read()
        begin, end = "<!-- throughput-table -->", "<!-- /throughput-table -->"
        if begin not in text or end not in text:
            print("%s: no %s ... %s markers" % (opts.check, begin, end))
            return 1
        documented = text.split(begin, 1)[1].split(end, 1)[0].strip().splitlines()
        if documented != table:
            for a, b in zip(documented, table):
                if a != b:
                    print("%s says:   %s\nthe model gives: %s" % (opts.check, a, b))
                    break
            else:
                print("%s has %d rows, the model %d" % (opts.check, len(documented), len(table)))
            print("regenerate with: tools/calibrate/throughput_table.py --markdown")
            return 1
    else:
        for line in table:
            print(line)
    print()
    failed = False
    for name in ("calibration", "validation"):
        errors = [abs(e) for r, w, _, _, e, _ in rows if w == name and e is not None and not r.get("already_used")]
        refused = sum(1 for r, w, _, p, e, _ in rows if w == name and e is None and not r.get("already_used"))
        if not errors:
            continue
        within = sum(1 for e in errors if e <= 0.15) / len(errors)
        median = statistics.median(errors)
        print("%s: %d runs, median |error| %.1f %%, %.0f %% within 15 %%, mean signed %+.1f %%; %d refused"
              % (name, len(errors), 100 * median, 100 * within,
                 100 * statistics.mean(e for r, w, _, _, e, _ in rows if w == name and e is not None and not r.get("already_used")),
                 refused))
        if opts.require_targets and name == "validation" and (median > 0.10 or within < 0.80):
            print("validation targets not met: median |error| <= 10 %, >= 80 % within 15 %")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
