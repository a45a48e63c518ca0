#!/usr/bin/env python3
"""GPU mode of the calibration harness: real training steps, peak memory.

For each configuration: build the model from models.py on the device, run two
real training steps (forward, backward, AdamW step, zero_grad(set_to_none=True))
and record, per step, torch.cuda.max_memory_allocated() and
max_memory_reserved() after torch.cuda.reset_peak_memory_stats(), plus
memory_allocated() before the step, after forward and after the step. Step 1
includes the creation of the AdamW states, step 2 is the steady state.

Printed beside the measurement:
  * "spec fwd": what the CPU-derived tensor list (formula_check.py /
    SAVED_TENSORS.md) predicts for the bytes held after forward (eager and
    flash_emulated only; it encodes the CPU behaviour, see README.md for where
    CUDA differs);
  * "headroom": Headroom's estimate, when --headroom-cli PATH is given
    (`PATH estimate --scenario FILE --json`, total and activations).

Configs: GPT-2 small (124M) and LLaMA-style stacks of realistic width
(H = 4096, A = 32, KV = 8, F = 14336, V = 32000, 2 layers) with S up to 8192,
eager / SDPA (only where torch has it) / flash-emulated, with and without
per-layer checkpointing, autocast bf16 and pure bf16. Sized to finish in under
8 minutes on one H200; --budget-s stops starting new configs past a time budget.

CPU exercise (no CUDA needed): --device cpu --dry-run runs every config at
tiny sizes through the same code path and skips the CUDA memory statistics.

  python3 tools/calibrate/gpu_peak.py --out tests/fixtures/calibration/gpu.json \\
      --headroom-cli build/bin/headroom-cli
  /usr/bin/python3 tools/calibrate/gpu_peak.py --device cpu --dry-run
"""

import argparse
import gc
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models  # noqa: E402
from models import ModelConfig, build_model, HAS_SDPA  # noqa: E402
import formula_check  # noqa: E402
from measure import model_state_bytes  # noqa: E402

LLAMA_WIDE = dict(arch="llama", hidden=4096, heads=32, kv_heads=8, ffn=14336, vocab=32000, layers=2, tied=False,
                  dropout=0.0, max_positions=0, norm_eps=1e-6)
GPT2_SMALL = dict(arch="gpt2", hidden=768, heads=12, kv_heads=12, ffn=3072, vocab=50257, layers=12, tied=True,
                  dropout=0.1, max_positions=1024, norm_eps=1e-5)


def _c(id_, base, B, S, precision, attn, ckpt="none", **over):
    model = dict(base, attn_impl=attn, **over)
    return {"id": id_, "model": model, "batch": B, "seq": S, "precision": precision, "checkpointing": ckpt}


def configs():
    """In priority order: the budget cuts from the end."""
    g = [
        _c("llama4096-eager-s2048", LLAMA_WIDE, 1, 2048, "autocast_bf16", "eager"),
        _c("llama4096-sdpa-s2048", LLAMA_WIDE, 1, 2048, "autocast_bf16", "sdpa"),
        _c("llama4096-flashemu-s2048", LLAMA_WIDE, 1, 2048, "autocast_bf16", "flash_emulated"),
        _c("llama4096-eager-s4096", LLAMA_WIDE, 1, 4096, "autocast_bf16", "eager"),
        _c("llama4096-sdpa-s4096", LLAMA_WIDE, 1, 4096, "autocast_bf16", "sdpa"),
        _c("llama4096-sdpa-s8192", LLAMA_WIDE, 1, 8192, "autocast_bf16", "sdpa"),
        _c("llama4096-eager-s8192", LLAMA_WIDE, 1, 8192, "autocast_bf16", "eager"),
        _c("llama4096-eager-ckpt-s8192", LLAMA_WIDE, 1, 8192, "autocast_bf16", "eager", "full"),
        _c("llama4096-sdpa-ckpt-s8192", LLAMA_WIDE, 1, 8192, "autocast_bf16", "sdpa", "full"),
        _c("llama4096-bf16-eager-s4096", LLAMA_WIDE, 1, 4096, "bf16", "eager"),
        _c("llama4096-bf16-sdpa-s8192", LLAMA_WIDE, 1, 8192, "bf16", "sdpa"),
        _c("llama4096-mha-sdpa-s4096", LLAMA_WIDE, 1, 4096, "autocast_bf16", "sdpa", kv_heads=32),
        _c("llama4096-dropout-eager-s2048", LLAMA_WIDE, 1, 2048, "autocast_bf16", "eager", dropout=0.1),
        _c("gpt2small-eager-b8-s1024", GPT2_SMALL, 8, 1024, "autocast_bf16", "eager"),
        _c("gpt2small-sdpa-b8-s1024", GPT2_SMALL, 8, 1024, "autocast_bf16", "sdpa"),
        _c("gpt2small-eager-ckpt-b8-s1024", GPT2_SMALL, 8, 1024, "autocast_bf16", "eager", "full"),
        _c("gpt2small-fp32-eager-b4-s1024", GPT2_SMALL, 4, 1024, "fp32", "eager"),
    ]
    return g


def tiny(spec):
    """Same code path, sizes a CPU runs in a second."""
    m = dict(spec["model"])
    heads = 4
    kv = 4 if m["kv_heads"] == m["heads"] else 2
    m.update(hidden=64, heads=heads, kv_heads=kv, ffn=172 if m["arch"] == "llama" else 256, vocab=1000, layers=2,
             max_positions=128 if m["arch"] == "gpt2" else 0)
    return dict(spec, model=m, batch=min(spec["batch"], 2), seq=min(spec["seq"], 128))


# --------------------------------------------------------------------------
def headroom_estimate(cli, spec, extra):
    m = spec["model"]
    recipe = {"fp32": "fp32", "autocast_bf16": "amp-bf16", "bf16": "bf16-pure"}[spec["precision"]]
    model = {"arch": m["arch"], "layers": m["layers"], "hidden": m["hidden"], "heads": m["heads"],
             "kv-heads": m["kv_heads"], "ffn": m["ffn"], "vocab": m["vocab"], "tied": m["tied"]}
    if m["arch"] == "gpt2":
        model["max-positions"] = m["max_positions"]
    scen = {"schema": 1, "model": model,
            "training": {"batch": spec["batch"], "seq": spec["seq"], "recipe": recipe, "optimizer": "adamw",
                         "recompute": spec["checkpointing"]},
            # The CUDA profile: what this script measures on a GPU (1-byte dropout masks, FP32
            # softmax under autocast, PyTorch 2's mean()); on --device cpu the numbers are only a smoke test.
            "activations": {"model": "transformer", "profile": "hf-eager",
                            "attention": {"eager": "eager", "sdpa": "sdpa"}.get(m["attn_impl"], "flash"),
                            "dropout": m["dropout"]},
            "runtime": {"overhead": 0}}
    fields = dict(attn=m["attn_impl"], dropout=m["dropout"], precision=spec["precision"])
    for item in extra:
        key, _, value = item.partition("=")
        group, _, k = key.partition(".")
        value = value.format(**fields)
        try:
            value = json.loads(value)
        except ValueError:
            pass
        scen.setdefault(group, {})[k] = value
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(scen, f)
        path = f.name
    cmd = [cli, "estimate", "--scenario", path, "--json"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        if p.returncode != 0:
            return {"error": (p.stderr or p.stdout).strip().splitlines()[0] if (p.stderr or p.stdout) else
                    "exit %d" % p.returncode, "scenario": scen}
        doc = json.loads(p.stdout)
        pg = doc.get("per_gpu", {})
        return {"total": pg.get("total"), "activations": pg.get("activations"), "parameters": pg.get("parameters"),
                "gradients": pg.get("gradients"), "optimizer_states": pg.get("optimizer_states"),
                "scenario": scen}
    except (OSError, ValueError, subprocess.TimeoutExpired) as e:
        return {"error": "%s: %s" % (type(e).__name__, e), "scenario": scen}
    finally:
        os.unlink(path)


def spec_prediction(spec):
    """Bytes held after forward by the CPU-derived tensor list (eager / flash_emulated)."""
    if spec["model"]["attn_impl"] not in ("eager", "flash_emulated"):
        return None
    p = formula_check.predict(spec)
    L = spec["model"]["layers"]
    saved = L * (p["layer"] + p["layer_weight_copy_forward"]) + sum(p["outside"].values()) + p["lm_head_weight_copy"]
    return {"forward_saved": saved, "per_layer": p["layer"], "recompute_per_layer": p["recompute"],
            "outside": p["outside"], "note": "CPU/torch-1.13 tensor list; see README for CUDA differences"}


def run_one(spec, device, dry_run, steps):
    torch.manual_seed(0)
    cfg = ModelConfig(**spec["model"])
    if cfg.attn_impl == "sdpa" and not HAS_SDPA:
        return {"skipped": "torch %s has no scaled_dot_product_attention" % torch.__version__}
    cuda = device.type == "cuda" and not dry_run
    if cuda:
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats(device)
    t0 = time.time()
    with torch.device(device) if hasattr(torch, "device") and hasattr(torch.device, "__enter__") else _null():
        model = build_model(cfg)
    model.to(device)
    if spec["precision"] == "bf16":
        model.to(torch.bfloat16)
    model.train()
    if spec["checkpointing"] == "full":
        model.gradient_checkpointing_enable()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5)
    B, S = spec["batch"], spec["seq"]
    ids = torch.randint(0, cfg.vocab, (B, S), device=device)
    labels = ids.clone()

    def alloc():
        if cuda:
            torch.cuda.synchronize(device)
            return torch.cuda.memory_allocated(device)
        return None

    result = {"steps": []}
    after_init = alloc()
    for step in range(1, steps + 1):
        if cuda:
            torch.cuda.reset_peak_memory_stats(device)
        before = alloc()
        if spec["precision"] == "autocast_bf16":
            with torch.autocast(device.type, dtype=torch.bfloat16):
                loss = model(ids, labels)
        else:
            loss = model(ids, labels)
        after_fwd = alloc()
        loss.backward()
        opt.step()
        if step == steps:  # exact bytes while the gradients still exist
            result["model_state"] = model_state_bytes(model, opt)
        opt.zero_grad(set_to_none=True)
        after_step = alloc()
        rec = {"step": step, "loss": float(loss.detach().float()), "allocated_before": before,
               "allocated_after_forward": after_fwd, "allocated_after_step": after_step,
               "forward_delta": (after_fwd - before) if cuda else None,
               "peak_allocated": torch.cuda.max_memory_allocated(device) if cuda else None,
               "peak_reserved": torch.cuda.max_memory_reserved(device) if cuda else None}
        del loss
        result["steps"].append(rec)
    result["allocated_after_init"] = after_init
    if cuda:
        result["peak_allocated"] = max(s["peak_allocated"] for s in result["steps"])
        result["peak_reserved"] = max(s["peak_reserved"] for s in result["steps"])
    result["wall_s"] = round(time.time() - t0, 2)
    del model, opt, ids, labels
    gc.collect()
    if cuda:
        torch.cuda.empty_cache()
    return result


class _null:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


UNIT = [2**30]


def gib(x):
    return "%.2f" % (x / UNIT[0]) if isinstance(x, (int, float)) else "-"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--dry-run", action="store_true",
                    help="tiny sizes, no CUDA memory statistics (exercises the code path, e.g. on CPU)")
    ap.add_argument("--out", help="write the results as JSON (e.g. tests/fixtures/calibration/gpu.json)")
    ap.add_argument("--only", nargs="*", help="config ids")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--budget-s", type=float, default=420.0,
                    help="start no new config after this many seconds (default 420: the run stays under 8 min)")
    ap.add_argument("--headroom-cli", help="path to headroom-cli: print its estimate beside the measurement")
    ap.add_argument("--headroom-set", action="append", default=[], metavar="GROUP.KEY=VALUE",
                    help="extra scenario key for headroom-cli; VALUE may use {attn}, {dropout}, {precision}")
    args = ap.parse_args(argv)
    device = torch.device(args.device)
    if device.type == "cuda" and not torch.cuda.is_available():
        ap.error("CUDA is not available: use --device cpu --dry-run")
    if device.type != "cuda" and not args.dry_run:
        ap.error("the peak-memory statistics need CUDA; on %s use --dry-run" % device.type)
    specs = configs()
    if args.list:
        for s in specs:
            print(s["id"])
        return 0
    if args.only:
        specs = [s for s in specs if s["id"] in set(args.only)]
    if args.dry_run:
        specs = [tiny(s) for s in specs]
    t_start = time.time()
    results = []
    unit = "GiB"
    if args.dry_run:
        UNIT[0], unit = 2**20, "MiB"
    hdr = "%-32s %9s %9s %9s %9s %9s %9s  %s" % ("config", "peak " + unit, "reserved", "fwd held", "spec fwd",
                                                  "headroom", "hr act", "note")
    print(hdr)
    print("-" * len(hdr))
    for s in specs:
        if time.time() - t_start > args.budget_s:
            r = {"skipped": "time budget (%.0f s) reached" % args.budget_s}
        else:
            try:
                r = run_one(s, device, args.dry_run, args.steps)
            except Exception as e:  # one failing config (OOM, a kernel refusing) must not end the run
                r = {"error": "%s: %s" % (type(e).__name__, (str(e).splitlines() or [""])[0][:200])}
                gc.collect()
                if device.type == "cuda":
                    torch.cuda.empty_cache()
        r.update({"id": s["id"], "model": s["model"], "batch": s["batch"], "seq": s["seq"],
                  "precision": s["precision"], "checkpointing": s["checkpointing"],
                  "attention_kind": "emulated" if s["model"]["attn_impl"] == "flash_emulated" else "measured"})
        r["spec_prediction"] = spec_prediction(s)
        if args.headroom_cli and "skipped" not in r:
            r["headroom"] = headroom_estimate(args.headroom_cli, s, args.headroom_set)
        results.append(r)
        last = (r.get("steps") or [{}])[-1]
        hr = r.get("headroom", {})
        note = r.get("skipped") or r.get("error") or hr.get("error", "")
        if r.get("wall_s") is not None:
            note = ("%.1fs " % r["wall_s"]) + note
        print("%-32s %9s %9s %9s %9s %9s %9s  %s" % (
            s["id"], gib(r.get("peak_allocated")), gib(r.get("peak_reserved")), gib(last.get("forward_delta")),
            gib((r["spec_prediction"] or {}).get("forward_saved")), gib(hr.get("total")), gib(hr.get("activations")),
            note), flush=True)
    total = time.time() - t_start
    print("%d configs in %.1f s on %s%s" % (len(results), total, device, " (dry run)" if args.dry_run else ""))
    if args.out:
        doc = {"schema": 1, "generator": "tools/calibrate/gpu_peak.py", "torch_version": torch.__version__,
               "cuda_version": torch.version.cuda, "python": platform.python_version(),
               "device": str(device), "dry_run": args.dry_run,
               "device_name": torch.cuda.get_device_name(device) if device.type == "cuda" else platform.processor(),
               "device_total_memory": (torch.cuda.get_device_properties(device).total_memory
                                       if device.type == "cuda" else None),
               "checkpoint_impl": models.CHECKPOINT_IMPL, "run_seconds": round(total, 1),
               "what": "peak memory of real training steps; peak_* are torch.cuda.max_memory_* after "
                       "reset_peak_memory_stats, per step; null in a dry run",
               "configs": results}
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        print("wrote", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
