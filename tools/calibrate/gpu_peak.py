#!/usr/bin/env python3
"""GPU mode of the calibration harness: real training steps, peak memory.

For each configuration: build the model from models.py on the device, run two
real training steps (forward, backward, AdamW step, zero_grad(set_to_none=True))
and record, per step, torch.cuda.max_memory_allocated() and
max_memory_reserved() after torch.cuda.reset_peak_memory_stats(), plus
memory_allocated() before the step, after forward, after backward and after the
step, and the highest allocation up to the end of forward and of backward (the
phase of the peak). Step 1 is the warm-up (it creates the AdamW states), step 2
the steady state: its max_memory_allocated() is the figure compared.

Printed beside the measurement:
  * "spec fwd": what the CPU-derived tensor list (formula_check.py /
    SAVED_TENSORS.md) predicts for the bytes held after forward (the original
    eager and flash_emulated configs only; it encodes the CPU behaviour, see
    README.md for where CUDA differs);
  * "headroom" / "hr act": Headroom's per-GPU total and activations, and
    "hr peak": its JSON peak.bytes (the highest point of its step timeline),
    with "error" = (hr peak - steady) / steady and "phase" = the measured peak's
    phase / Headroom's (f forward, b backward, o optimizer step). headroom-cli is
    given explicit options for everything: --stack hf-trainer (models.py is
    Hugging Face's code with PEFT's adapters), the CUDA profile with each
    config's attention kernel and dropout, the loss, the optimizer's kernel and
    the stack features, --overhead 0 (torch's statistic has no runtime share).

Configs, by feature (--features; in priority order, the budget cuts from the end):
  base      GPT-2 small (124M) and LLaMA-style stacks of realistic width (H = 4096,
            A = 32, KV = 8, F = 14336, V = 32000, 2 layers) with S up to 8192, eager /
            SDPA (only where torch has it) / flash-emulated, with and without per-layer
            checkpointing, autocast bf16 and pure bf16 (the original 17 configs);
  families  GPT-NeoX (Pythia-1.4B width), Phi (Phi-2), Gemma-2 (2B), GPT-2 with the
            fused GELU, LLaMA with one KV head at B = 1;
  moe       Mixtral-style (8 experts, top-2) and Qwen2-MoE-style (16 experts, top-4,
            shared expert) blocks;
  mla       DeepSeek-V2(-Lite) latent attention, with and without q_lora_rank;
  lora      LoRA (PEFT) r 8 / 16 on q,v or all projections of a frozen LLaMA base, with
            and without lora_dropout;
  qlora     the same on an NF4 base (plain-torch bitsandbytes), with and without double
            quantization;
  loss      HF's plain loss (FP32 logits), torchtune's CEWithChunkedOutputLoss (8 chunks)
            and Liger-style fused linear cross-entropy on a Llama-3-vocabulary model;
  optim     torch.optim.AdamW(foreach=True) against AdamW(fused=True) and
            optimizer-in-backward (a per-parameter AdamW stepped from
            register_post_accumulate_grad_hook, each gradient freed as it comes:
            torchtune's optimizer_in_bwd);
  offload   activation offloading (torchtune's OffloadActivations, simplified: a
            saved_tensors_hooks context copying saved tensors of >= 1024 bytes to pinned
            host memory and back; no second stream), with and without checkpointing.
  "new" = every feature but base; "all" (the default) = every feature.
--budget-s stops starting new configs past a time budget.

Two replacements make models.py's emulations allocate what the real kernels allocate
(--models-py-kernels keeps models.py's own): NF4 dequantization writes the bf16 weight
directly, chunk by chunk (bitsandbytes' dequantize_4bit allocates only that output; the
plain-torch reference keeps int64 codes and FP32 temporaries of the whole matrix), and
the fused linear cross-entropy overwrites each chunk's logits with their gradient and
accumulates grad_weight in place (Liger's kernel and its addmm(out=grad_weight); the
reference materialises FP32 chunk temporaries and a V x H product per chunk). Both
compute the same values and save the same tensors for backward.

CPU exercise (no CUDA needed): --device cpu --dry-run lists the planned GPU runs with
headroom-cli's prediction at their real sizes, then runs every config at tiny sizes
through the same code path and skips the CUDA memory statistics; --device cpu without
--dry-run does only the latter. Either exits 1 if a headroom-cli call failed.

  python3 tools/calibrate/gpu_peak.py --out tests/fixtures/calibration/gpu.json \\
      --headroom-cli build/bin/headroom-cli
  python3 tools/calibrate/gpu_peak.py --features lora,qlora,loss --out /tmp/gpu-new.json
  /usr/bin/python3 tools/calibrate/gpu_peak.py --device cpu --dry-run
"""

import argparse
import gc
import json
import os
import platform
import subprocess
import sys
import time

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models  # noqa: E402
from models import ModelConfig, build_model, HAS_SDPA  # noqa: E402
import formula_check  # noqa: E402
from measure import model_state_bytes  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

LLAMA_WIDE = dict(arch="llama", hidden=4096, heads=32, kv_heads=8, ffn=14336, vocab=32000, layers=2, tied=False,
                  dropout=0.0, max_positions=0, norm_eps=1e-6)
GPT2_SMALL = dict(arch="gpt2", hidden=768, heads=12, kv_heads=12, ffn=3072, vocab=50257, layers=12, tied=True,
                  dropout=0.1, max_positions=1024, norm_eps=1e-5)
# The newer families at the width of a released model (2 layers, random weights)
NEOX_1B = dict(arch="gpt_neox", hidden=2048, heads=16, kv_heads=16, ffn=8192, vocab=50304, layers=2, tied=False,
               dropout=0.0, max_positions=0, norm_eps=1e-5, rotary_pct=0.25)           # Pythia-1.4B
PHI_2 = dict(arch="phi", hidden=2560, heads=32, kv_heads=32, ffn=10240, vocab=51200, layers=2, tied=False,
             dropout=0.0, max_positions=0, norm_eps=1e-5, rotary_pct=0.4)              # Phi-2
GEMMA2_2B = dict(arch="gemma2", hidden=2304, heads=8, kv_heads=4, ffn=9216, vocab=256000, layers=2, tied=True,
                 dropout=0.0, max_positions=0, norm_eps=1e-6, head_size=256, attn_softcap=50.0, final_softcap=30.0,
                 query_pre_attn_scalar=256.0, sliding_window=4096)                     # Gemma-2-2B
MIXTRAL_SMALL = dict(arch="mixtral", hidden=2048, heads=16, kv_heads=8, ffn=5632, vocab=32000, layers=2, tied=False,
                     dropout=0.0, max_positions=0, norm_eps=1e-5, experts=8, top_k=2, router_aux_loss_coef=0.02)
QWEN2MOE_SMALL = dict(arch="qwen2_moe", hidden=2048, heads=16, kv_heads=16, ffn=1408, vocab=151936, layers=2,
                      tied=False, dropout=0.0, max_positions=0, norm_eps=1e-6, experts=16, top_k=4,
                      norm_topk_prob=False, shared_ffn=5632, router_aux_loss_coef=0.001, attention_bias=True)
DSV2_LITE = dict(arch="deepseek_v2", hidden=2048, heads=16, kv_heads=16, ffn=10944, vocab=102400, layers=2,
                 tied=False, dropout=0.0, max_positions=0, norm_eps=1e-6, q_lora_rank=0, kv_lora_rank=512,
                 qk_rope_head_dim=64, qk_nope_head_dim=128, v_head_dim=128)            # DeepSeek-V2-Lite
LLAMA3_WIDE = dict(LLAMA_WIDE, vocab=128256, rope_theta=500000.0)                      # Llama-3 vocabulary
LLAMA_1B = dict(arch="llama", hidden=2048, heads=32, kv_heads=4, ffn=5632, vocab=32000, layers=8, tied=False,
                dropout=0.0, max_positions=0, norm_eps=1e-5)                           # TinyLlama width, 8 layers

FEATURES = ("base", "families", "moe", "mla", "lora", "qlora", "loss", "optim", "offload")

# What a config may say about its training step besides the model (defaults):
#   lora {"targets": "qv"|"all", "r", "alpha", "dropout"}, qlora {"double_quant", "blocksize"} (PEFT / bnb),
#   loss_impl None (HF) | "chunked_ce" | "fused_linear_ce", optim "foreach" | "fused",
#   optimizer_in_backward False, activation_offload False.


def _c(id_, base, B, S, precision, attn, ckpt="none", feature="base", train=None, **over):
    model = dict(base, attn_impl=attn, **over)
    spec = {"id": id_, "feature": feature, "model": model, "batch": B, "seq": S, "precision": precision,
            "checkpointing": ckpt, "optim": "foreach", "optimizer_in_backward": False, "activation_offload": False}
    spec.update(train or {})
    return spec


def _lora(targets, r, dropout, qlora=None):
    t = {"lora": {"targets": targets, "r": r, "alpha": 2 * r, "dropout": dropout}}
    if qlora is not None:
        t["qlora"] = {"double_quant": qlora == "nf4-dq", "blocksize": 64}
    return t


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
    # ---- block families (models.py's newer families are eager-only, as the CPU fixtures)
    f = "families"
    g += [
        _c("neox1b-eager-s2048", NEOX_1B, 1, 2048, "autocast_bf16", "eager", feature=f),
        _c("neox1b-bf16-eager-ckpt-s4096", NEOX_1B, 1, 4096, "bf16", "eager", "full", feature=f),
        _c("phi2-eager-s2048", PHI_2, 1, 2048, "autocast_bf16", "eager", feature=f),
        _c("phi2-bf16-eager-s2048", PHI_2, 1, 2048, "bf16", "eager", feature=f),
        _c("gemma2-2b-eager-s2048", GEMMA2_2B, 1, 2048, "autocast_bf16", "eager", feature=f),
        _c("gemma2-2b-bf16-eager-ckpt-s4096", GEMMA2_2B, 1, 4096, "bf16", "eager", "full", feature=f),
        _c("gpt2small-gelufused-eager-b8-s1024", GPT2_SMALL, 8, 1024, "autocast_bf16", "eager", feature=f,
           gelu="fused"),
        _c("llama4096-mqa-b1-eager-s4096", LLAMA_WIDE, 1, 4096, "autocast_bf16", "eager", feature=f, kv_heads=1),
    ]
    f = "moe"
    g += [
        _c("mixtral-e8k2-eager-s2048", MIXTRAL_SMALL, 1, 2048, "autocast_bf16", "eager", feature=f),
        _c("mixtral-e8k2-bf16-eager-ckpt-s4096", MIXTRAL_SMALL, 1, 4096, "bf16", "eager", "full", feature=f),
        _c("qwen2moe-e16k4-eager-s2048", QWEN2MOE_SMALL, 1, 2048, "autocast_bf16", "eager", feature=f),
        _c("qwen2moe-e16k4-bf16-eager-s2048", QWEN2MOE_SMALL, 1, 2048, "bf16", "eager", feature=f),
    ]
    f = "mla"
    g += [
        _c("dsv2lite-eager-s2048", DSV2_LITE, 1, 2048, "autocast_bf16", "eager", feature=f),
        _c("dsv2lite-bf16-eager-ckpt-s4096", DSV2_LITE, 1, 4096, "bf16", "eager", "full", feature=f),
        _c("dsv2-qlora768-eager-s2048", DSV2_LITE, 1, 2048, "autocast_bf16", "eager", feature=f, q_lora_rank=768),
    ]
    # ---- LoRA / QLoRA on a frozen LLaMA base (PEFT: FP32 adapters, alpha = 2 r)
    f = "lora"
    g += [
        _c("lora-qv-r8-eager-s2048", LLAMA_WIDE, 1, 2048, "autocast_bf16", "eager", feature=f,
           train=_lora("qv", 8, 0.0)),
        _c("lora-qv-r8-drop-eager-s2048", LLAMA_WIDE, 1, 2048, "autocast_bf16", "eager", feature=f,
           train=_lora("qv", 8, 0.05)),
        _c("lora-all-r16-drop-eager-s2048", LLAMA_WIDE, 1, 2048, "autocast_bf16", "eager", feature=f,
           train=_lora("all", 16, 0.05)),
        _c("lora-all-r16-eager-ckpt-s4096", LLAMA_WIDE, 1, 4096, "autocast_bf16", "eager", "full", feature=f,
           train=_lora("all", 16, 0.0)),
        _c("lora-all-r16-drop-bf16-sdpa-s4096", LLAMA_WIDE, 1, 4096, "bf16", "sdpa", feature=f,
           train=_lora("all", 16, 0.05)),
        _c("lora-qv-r8-fp32-eager-s1024", LLAMA_WIDE, 1, 1024, "fp32", "eager", feature=f,
           train=_lora("qv", 8, 0.05)),
    ]
    f = "qlora"
    g += [
        _c("qlora-nf4-all-r16-drop-bf16-eager-s2048", LLAMA_WIDE, 1, 2048, "bf16", "eager", feature=f,
           train=_lora("all", 16, 0.05, "nf4")),
        _c("qlora-nf4dq-all-r16-drop-bf16-eager-s2048", LLAMA_WIDE, 1, 2048, "bf16", "eager", feature=f,
           train=_lora("all", 16, 0.05, "nf4-dq")),
        _c("qlora-nf4-all-r16-eager-s2048", LLAMA_WIDE, 1, 2048, "autocast_bf16", "eager", feature=f,
           train=_lora("all", 16, 0.0, "nf4")),
        _c("qlora-nf4dq-all-r16-drop-bf16-sdpa-ckpt-s4096", LLAMA_WIDE, 1, 4096, "bf16", "sdpa", "full",
           feature=f, train=_lora("all", 16, 0.05, "nf4-dq")),
    ]
    # ---- the loss: HF (FP32 logits whole), torchtune chunked (8), Liger-style fused linear
    f = "loss"
    for prec, attn, S in (("autocast_bf16", "eager", 4096), ("bf16", "sdpa", 8192)):
        tag = ("" if prec == "autocast_bf16" else "bf16-") + attn
        for li, name in ((None, "plain"), ("chunked_ce", "chunked"), ("fused_linear_ce", "fused")):
            g.append(_c("loss-%s-v128k-%s-s%d" % (name, tag, S), LLAMA3_WIDE, 1, S, prec, attn, feature=f,
                        train={"loss_impl": li}))
    # ---- the optimizer: foreach / fused AdamW, optimizer in backward
    f = "optim"
    for prec in ("autocast_bf16", "bf16"):
        tag = "" if prec == "autocast_bf16" else "bf16-"
        g += [
            _c("optim-foreach-%seager-s1024" % tag, LLAMA_WIDE, 1, 1024, prec, "eager", feature=f,
               train={"optim": "foreach"}),
            _c("optim-fused-%seager-s1024" % tag, LLAMA_WIDE, 1, 1024, prec, "eager", feature=f,
               train={"optim": "fused"}),
            _c("optim-inbwd-%seager-s1024" % tag, LLAMA_WIDE, 1, 1024, prec, "eager", feature=f,
               train={"optim": "foreach", "optimizer_in_backward": True}),
        ]
    # ---- activation offloading (8 layers: the CLI keeps up to 2 layers' worth on the GPU, 6 checkpointed)
    f = "offload"
    for ckpt in ("none", "full"):
        tag = "-ckpt" if ckpt == "full" else ""
        g += [
            _c("offload-off-llama1b-l8-eager%s-s4096" % tag, LLAMA_1B, 1, 4096, "autocast_bf16", "eager", ckpt,
               feature=f),
            _c("offload-on-llama1b-l8-eager%s-s4096" % tag, LLAMA_1B, 1, 4096, "autocast_bf16", "eager", ckpt,
               feature=f, train={"activation_offload": True}),
        ]
    ids = [s["id"] for s in g]
    assert len(ids) == len(set(ids)), "duplicate config ids"
    return g


# The sizes the CPU runs, per arch (those of measure.py's fixtures); layers, batch and sequence are cut too.
TINY = {
    "gpt_neox": dict(hidden=128, heads=4, kv_heads=4, ffn=512, vocab=1000),
    "phi": dict(hidden=128, heads=4, kv_heads=4, ffn=512, vocab=1000),
    "gemma2": dict(hidden=64, heads=2, kv_heads=1, head_size=48, ffn=192, vocab=1000, query_pre_attn_scalar=64.0),
    "mixtral": dict(hidden=64, heads=4, kv_heads=2, ffn=128, vocab=256, experts=4, top_k=2),
    "qwen2_moe": dict(hidden=64, heads=4, kv_heads=4, ffn=64, vocab=256, experts=4, top_k=2, shared_ffn=128),
    "deepseek_v2": dict(hidden=64, heads=4, kv_heads=4, ffn=172, vocab=256, kv_lora_rank=32, qk_rope_head_dim=8,
                        qk_nope_head_dim=16, v_head_dim=16),
}


def tiny(spec):
    """Same code path, sizes a CPU runs in a second."""
    m = dict(spec["model"])
    if m["arch"] in ("gpt2", "llama"):
        heads = 4
        kv = 4 if m["kv_heads"] == m["heads"] else (1 if m["kv_heads"] == 1 else 2)
        m.update(hidden=64, heads=heads, kv_heads=kv, ffn=172 if m["arch"] == "llama" else 256, vocab=1000,
                 layers=2, max_positions=128 if m["arch"] == "gpt2" else 0)
    else:
        m.update(TINY[m["arch"]], layers=2)
        if m.get("q_lora_rank"):
            m["q_lora_rank"] = 24
    return dict(spec, model=m, batch=min(spec["batch"], 2), seq=min(spec["seq"], 128))


# --------------------------------------------------------------------------
# headroom-cli
# --------------------------------------------------------------------------
CLI_ARCH = {"gpt2": "gpt2", "llama": "llama", "gpt_neox": "neox", "phi": "phi", "gemma2": "gemma2",
            "mixtral": "llama", "qwen2_moe": "llama", "deepseek_v2": "llama"}
CLI_RECIPE = {"fp32": "fp32", "autocast_bf16": "amp-bf16", "bf16": "bf16-pure"}
CLI_ATTENTION = {"eager": "eager", "sdpa": "sdpa", "flash_emulated": "flash"}
CLI_LOSS = {None: "plain", "hf": "plain", "chunked_ce": "chunked", "fused_linear_ce": "fused-linear"}
CLI_LORA_TARGETS = {"qv": "q,v", "all": "all"}
# Scenario keys (GROUP.KEY, as --headroom-set and scenario files name them) whose option is named otherwise.
KEY_OPTION = {"model.name": "model-name", "stack.name": "stack", "activations.model": "activations",
              "gpu.kind": "gpu", "gpu.count": "gpus", "lora.rank": "lora-rank", "lora.targets": "lora-targets",
              "lora.dropout": "lora-dropout", "lora.base": "qlora-base", "lora.mode": "lora"}
OPTION_KEY = {v: k for k, v in KEY_OPTION.items()}
# The group of each option this script passes (for the scenario-file form recorded beside the options).
OPTION_GROUP = {
    "model": ("arch", "layers", "hidden", "heads", "kv-heads", "ffn", "vocab", "max-positions", "tied", "qkv-bias",
              "head-dim", "rotary-fraction", "softcap", "experts", "experts-per-token", "expert-ffn",
              "shared-experts", "shared-ffn", "shared-gate", "q-lora-rank", "kv-lora-rank", "rope-head-dim",
              "nope-head-dim", "v-head-dim"),
    "stack": ("stack", "loss", "loss-chunks", "optimizer-in-backward", "activation-offload", "compile",
              "fused-optimizer"),
    "training": ("batch", "seq", "recipe", "optimizer", "optimizer-dtype", "recompute", "grad-accum"),
    "activations": ("activations", "profile", "attention", "dropout", "gelu", "capacity-factor"),
    "runtime": ("overhead",),
    "gpu": ("gpus",),
    "parallel": ("zero", "offload", "tp", "pp"),
    "lora": ("lora", "lora-rank", "lora-targets", "lora-dropout", "qlora-base"),
}


def fused_ce_chunks(spec):
    """Liger's chunking, as models.FusedLinearCrossEntropy computes it: ceil(BT / chunk_size)."""
    m = spec["model"]
    BT = spec["batch"] * spec["seq"]
    inc = -(-m["vocab"] // m["hidden"])
    cs = models._next_power_of_2(-(-BT // inc))
    return -(-BT // cs)


def cli_options(spec):
    """The headroom-cli options of a config, every choice explicit: [(option, value or None for a flag)]."""
    m = spec["model"]
    arch = m["arch"]
    o = [("stack", "hf-trainer"), ("arch", CLI_ARCH[arch]), ("layers", m["layers"]), ("hidden", m["hidden"]),
         ("heads", m["heads"]), ("kv-heads", m["kv_heads"]), ("ffn", m["ffn"]), ("vocab", m["vocab"])]
    if m["tied"]:
        o.append(("tied", None))
    if arch == "gpt2":
        o.append(("max-positions", m["max_positions"]))
    if m.get("head_size"):
        o.append(("head-dim", m["head_size"]))
    if m.get("rotary_pct") is not None:
        o.append(("rotary-fraction", m["rotary_pct"]))
    if m.get("attn_softcap") or m.get("final_softcap"):
        o.append(("softcap", "on"))
    if m.get("experts"):
        o += [("experts", m["experts"]), ("experts-per-token", m["top_k"]), ("expert-ffn", m["ffn"]),
              ("capacity-factor", 0)]  # dropless, as Hugging Face routes
        if arch == "qwen2_moe":
            o += [("qkv-bias", None), ("shared-experts", 1), ("shared-ffn", m["shared_ffn"]), ("shared-gate", None)]
    if m.get("kv_lora_rank"):
        o += [("q-lora-rank", m.get("q_lora_rank") or 0), ("kv-lora-rank", m["kv_lora_rank"]),
              ("rope-head-dim", m["qk_rope_head_dim"]), ("nope-head-dim", m["qk_nope_head_dim"]),
              ("v-head-dim", m["v_head_dim"]), ("head-dim", m["qk_rope_head_dim"] + m["qk_nope_head_dim"])]
    recipe = CLI_RECIPE[spec["precision"]]
    o += [("batch", spec["batch"]), ("seq", spec["seq"]), ("recipe", recipe), ("optimizer", "adamw"),
          # PyTorch allocates AdamW's moments like the parameter: BF16 under pure bf16
          ("optimizer-dtype", "weight" if recipe == "bf16-pure" else "fp32"),
          ("recompute", spec["checkpointing"]), ("grad-accum", 1)]
    # The CUDA profile: what this script measures on a GPU (1-byte dropout masks, FP32 softmax
    # under autocast, PyTorch 2's mean()); on --device cpu the numbers are only a smoke test.
    attn = m["attn_impl"]
    gelu = ("fused" if m.get("gelu") == "fused" else "python") if arch == "gpt2" else "model"
    o += [("activations", "transformer"), ("profile", "hf-sdpa" if attn == "sdpa" else "hf-eager"),
          ("attention", CLI_ATTENTION[attn]), ("dropout", m["dropout"]), ("gelu", gelu)]
    loss = CLI_LOSS[spec.get("loss_impl")]
    o.append(("loss", loss))
    if loss == "chunked":
        o.append(("loss-chunks", 8))
    elif loss == "fused-linear":
        o.append(("loss-chunks", fused_ce_chunks(spec)))
    o.append(("fused-optimizer", "on" if spec.get("optim") == "fused" else "off"))
    if spec.get("optimizer_in_backward"):
        o.append(("optimizer-in-backward", None))
    if spec.get("activation_offload"):
        o.append(("activation-offload", None))
    lora = spec.get("lora")
    if lora:
        o += [("lora", "qlora" if spec.get("qlora") else "lora"), ("lora-rank", lora["r"]),
              ("lora-targets", CLI_LORA_TARGETS[lora["targets"]]), ("lora-dropout", lora["dropout"])]
        if spec.get("qlora"):
            o.append(("qlora-base", "nf4-dq" if spec["qlora"].get("double_quant") else "nf4"))
    else:
        o.append(("lora", "none"))
    o += [("gpus", 1), ("zero", 0), ("offload", "none"), ("tp", 1), ("pp", 1), ("overhead", 0)]
    return o


def apply_extra(opts, extra, spec):
    """--headroom-set GROUP.KEY=VALUE items (VALUE may use {attn}, {dropout}, {precision}) over the options:
    a value replaces the option's, true / false set or drop a flag."""
    m = spec["model"]
    fields = dict(attn=m["attn_impl"], dropout=m["dropout"], precision=spec["precision"])
    opts = list(opts)
    for item in extra:
        key, _, value = item.partition("=")
        group, _, k = key.partition(".")
        name = KEY_OPTION.get(key, k)
        value = value.format(**fields)
        opts = [(n, v) for n, v in opts if n != name]
        if value.lower() == "true":
            opts.append((name, None))
        elif value.lower() != "false":
            opts.append((name, value))
    return opts


def _fmt_value(v):
    if isinstance(v, float):
        return repr(v)
    return str(v)


def argv_of(opts):
    argv = []
    for name, value in opts:
        argv.append("--" + name)
        if value is not None:
            argv.append(_fmt_value(value))
    return argv


def scenario_of(opts):
    """The same choices as a schema-1 scenario file (for `headroom-cli estimate --scenario FILE`)."""
    scen = {"schema": 1}
    group_of = {o: g for g, names in OPTION_GROUP.items() for o in names}
    for name, value in opts:
        if name in OPTION_KEY:
            group, key = OPTION_KEY[name].split(".", 1)
        else:
            group, key = group_of.get(name, "?"), name
        scen.setdefault(group, {})[key] = True if value is None else value
    return scen


def headroom_estimate(cli, spec, extra):
    opts = apply_extra(cli_options(spec), extra, spec)
    argv = argv_of(opts)
    out = {"options": argv, "scenario": scenario_of(opts)}
    cmd = [cli, "estimate"] + argv + ["--json"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        out["exit"] = p.returncode
        if p.returncode != 0:
            text = (p.stderr or p.stdout).strip()
            out["error"] = text.splitlines()[0] if text else "exit %d" % p.returncode
            return out
        doc = json.loads(p.stdout)
        pg = doc.get("per_gpu", {})
        peak = doc.get("peak", {})
        st = doc.get("strategy", {})
        out.update({"peak": peak.get("bytes"), "peak_event": peak.get("event"), "peak_phase": peak.get("phase"),
                    "total": pg.get("total"), "activations": pg.get("activations"),
                    "parameters": pg.get("parameters"), "gradients": pg.get("gradients"),
                    "optimizer_states": pg.get("optimizer_states"),
                    "parameter_count": doc.get("parameter_count"),
                    "trainable_parameters": st.get("trainable_parameters"),
                    "buffers": st.get("buffers"), "activations_split": doc.get("activations_split"),
                    "warnings": doc.get("warnings")})
    except (OSError, ValueError, subprocess.TimeoutExpired) as e:
        out["error"] = "%s: %s" % (type(e).__name__, e)
    return out


def spec_prediction(spec):
    """Bytes held after forward by the CPU-derived tensor list (the original eager / flash_emulated configs)."""
    if spec.get("feature") != "base" or spec["model"]["attn_impl"] not in ("eager", "flash_emulated"):
        return None
    p = formula_check.predict(spec)
    L = spec["model"]["layers"]
    saved = L * (p["layer"] + p["layer_weight_copy_forward"]) + sum(p["outside"].values()) + p["lm_head_weight_copy"]
    return {"forward_saved": saved, "per_layer": p["layer"], "recompute_per_layer": p["recompute"],
            "outside": p["outside"], "note": "CPU/torch-1.13 tensor list; see README for CUDA differences"}


# --------------------------------------------------------------------------
# Memory-faithful replacements for two of models.py's emulations (see the docstring)
# --------------------------------------------------------------------------
_DEQUANT_CHUNK = 1 << 20  # elements per step: 1M values -> ~24 MB of int64/fp32 temporaries
_CE_FP32_ELEMENTS = 1 << 22  # logits rows per FP32 step of the fused cross-entropy: <= 16 MB


def dequantize_nf4_bf16(packed, state, shape, blocksize=64, blocksize2=256):
    """models.dequantize_nf4 computed chunk by chunk into one bf16 tensor (bitsandbytes' dequantize_4bit
    allocates only its 16-bit output). models.Linear4bit's compute dtype is bf16, so MatMul4Bit's
    W.to(A.dtype) is then a no-op; the values are models.dequantize_nf4(...).to(bfloat16) exactly."""
    flat = packed.reshape(-1)
    n = flat.numel() * 2
    if "absmax2" in state:  # n / blocksize scales: small
        q = state["absmax"].float()
        nb = q.numel()
        pad = (-nb) % blocksize2
        q = torch.cat([q, q.new_zeros(pad)]).view(-1, blocksize2)
        absmax = (q / 127 * state["absmax2"][:, None]).reshape(-1)[:nb] + state["offset"]
    else:
        absmax = state["absmax"]
    out = torch.empty(n, dtype=torch.bfloat16, device=packed.device)
    step = max(blocksize, _DEQUANT_CHUNK // blocksize * blocksize)
    for s in range(0, n, step):
        e = min(n, s + step)
        p = flat[s // 2:e // 2]
        idx = torch.stack([(p >> 4) & 0xF, p & 0xF], dim=1).reshape(-1).long()
        vals = state["code"][idx].view(-1, blocksize)
        out[s:e] = (vals * absmax[s // blocksize:e // blocksize, None]).reshape(-1)
    return out.view(shape)


class LigerFusedLinearCE(torch.autograd.Function):
    """models.FusedLinearCrossEntropy with Liger's allocations: per chunk of rows only the logits (which
    the kernel overwrites with their softmax gradient; here a few rows at a time go through FP32) and
    grad_weight accumulated in place (torch.addmm(out=grad_weight)). Same chunking, same saved tensors
    (grad_input, grad_weight), same backward."""

    @staticmethod
    def forward(ctx, _input, weight, target, ignore_index):
        BT, H = _input.shape
        V = weight.shape[0]
        inc_factor = -(-V // H)
        chunk_size = models._next_power_of_2(-(-BT // inc_factor))
        num_chunks = -(-BT // chunk_size)
        grad_weight = torch.zeros_like(weight) if weight.requires_grad else None
        grad_input = torch.zeros_like(_input)
        loss_1d = torch.zeros(BT, dtype=torch.float32, device=_input.device)
        n_non_ignore = max(int((target != ignore_index).sum().item()), 1)
        rows = max(1, _CE_FP32_ELEMENTS // V)  # FP32 rows per step of the "kernel"
        for chunk_id in range(num_chunks):
            s, e = chunk_id * chunk_size, min((chunk_id + 1) * chunk_size, BT)
            x = _input[s:e]
            logits = x @ weight.t()  # the only [rows, V] buffer
            t = target[s:e]
            for r in range(0, e - s, rows):
                r2 = min(e - s, r + rows)
                tt = t[r:r2]
                valid = (tt != ignore_index).float()
                ti = tt.clamp(min=0)
                lf = logits[r:r2].float()
                lse = torch.logsumexp(lf, dim=-1)
                loss_1d[s + r:s + r2] = (lse - lf.gather(1, ti[:, None]).squeeze(1)) * valid / n_non_ignore
                lf.sub_(lse[:, None]).exp_()
                lf[torch.arange(r2 - r, device=lf.device), ti] -= 1.0
                lf.mul_((valid / n_non_ignore)[:, None])
                logits[r:r2].copy_(lf)
                del lf
            grad_input[s:e] = logits @ weight
            if grad_weight is not None:
                grad_weight.addmm_(logits.t().to(x.dtype), x)
            del logits
        loss = torch.sum(loss_1d)
        ctx.save_for_backward(grad_input.detach(), grad_weight.detach() if grad_weight is not None else None)
        return loss

    backward = staticmethod(models.FusedLinearCrossEntropy.backward)


REFERENCE_KERNELS = {"dequantize_nf4": models.dequantize_nf4, "FusedLinearCrossEntropy": models.FusedLinearCrossEntropy}


def use_faithful_kernels(on):
    models.dequantize_nf4 = dequantize_nf4_bf16 if on else REFERENCE_KERNELS["dequantize_nf4"]
    models.FusedLinearCrossEntropy = LigerFusedLinearCE if on else REFERENCE_KERNELS["FusedLinearCrossEntropy"]


# --------------------------------------------------------------------------
# Training-stack features: optimizer, optimizer in backward, activation offloading
# --------------------------------------------------------------------------
def make_adamw(params, kind, device, notes, lr=1e-5):
    """torch.optim.AdamW with fused=True or foreach=True (fused needs CUDA, and torch >= 2.0)."""
    if kind == "fused":
        try:
            return torch.optim.AdamW(params, lr=lr, fused=True)
        except (TypeError, RuntimeError) as e:
            if device.type == "cuda":
                raise
            note = "fused AdamW unavailable here (%s): foreach used" % type(e).__name__
            if note not in notes:
                notes.append(note)
    return torch.optim.AdamW(params, lr=lr, foreach=True)


class OptimizerInBackward:
    """torchtune's optimizer_in_bwd (training.register_optim_in_bwd_hooks): one optimizer per parameter,
    stepped from a post-accumulate-grad hook, its gradient freed right after, so at most the gradients
    still being accumulated exist. torch < 2.1 has no register_post_accumulate_grad_hook: the hook then
    goes on the parameter's AccumulateGrad node (same moment: after the gradient is written)."""

    def __init__(self, params, kind, device, notes):
        self.opts = {p: make_adamw([p], kind, device, notes) for p in params}
        self.handles, self.nodes = [], []
        for p in params:
            if hasattr(p, "register_post_accumulate_grad_hook"):
                self.handles.append(p.register_post_accumulate_grad_hook(self._step))
            else:
                node = p.expand_as(p).grad_fn.next_functions[0][0]
                self.nodes.append(node)  # the node is held weakly by the parameter
                self.handles.append(node.register_hook(lambda *_, p=p: self._step(p)))
                if "register_post_accumulate_grad_hook missing: AccumulateGrad hooks used" not in notes:
                    notes.append("register_post_accumulate_grad_hook missing: AccumulateGrad hooks used")

    def _step(self, p):
        self.opts[p].step()
        self.opts[p].zero_grad(set_to_none=True)

    @property
    def state(self):  # what measure.model_state_bytes reads
        return {p: o.state[p] for p, o in self.opts.items() if p in o.state}

    def step(self):
        pass

    def zero_grad(self, set_to_none=True):
        pass

    def remove(self):
        for h in self.handles:
            h.remove()


def decoder_of(model):
    """The module that runs embeddings, layers and final norm (not the head and the loss)."""
    for name in ("model", "transformer", "gpt_neox"):
        m = getattr(model, name, None)
        if isinstance(m, nn.Module):
            return m
    return model.base


class OffloadActivations:
    """torchtune.training.OffloadActivations (use_streams=False, use_pin_memory=True): a
    saved_tensors_hooks pair; pack copies each saved tensor of at least min_offload_bytes that is not a
    parameter into pinned host memory (non_blocking) and returns an id, unpack brings it back to the
    device. Active only while the decoder runs: torchtune runs the output projection under a
    NoOpManager and the loss outside the context, so the head's and the loss's tensors stay on the GPU.
    Not emulated: the second stream and its stash of up to 5 tensors in flight (max_fwd_stash_size).
    On a CPU device the copy goes to plain host memory, so that the code path runs."""

    def __init__(self, model, device, min_offload_bytes=1024):
        self.device = device
        self.min_bytes = min_offload_bytes
        self.pin = device.type == "cuda"
        self.active = False
        self.tracker = {}
        self.next_id = 0
        self.offloaded_bytes = 0
        self.offloaded_tensors = 0
        self.kept_tensors = 0
        dec = decoder_of(model)
        self.hooks = [dec.register_forward_pre_hook(lambda *a: self._set(True)),
                      dec.register_forward_hook(lambda *a: self._set(False))]

    def _set(self, on):
        self.active = on

    def pack(self, t):
        tid = self.next_id
        self.next_id += 1
        nbytes = t.numel() * t.element_size()
        if self.active and nbytes >= self.min_bytes and not isinstance(t, nn.Parameter) and \
                t.device.type == self.device.type:
            host = torch.empty_like(t, device="cpu", pin_memory=self.pin)
            host.copy_(t, non_blocking=self.pin)
            self.tracker[tid] = (host, True)
            self.offloaded_bytes += nbytes
            self.offloaded_tensors += 1
        else:
            self.tracker[tid] = (t, False)
            self.kept_tensors += 1
        return tid

    def unpack(self, tid):
        t, moved = self.tracker.pop(tid)
        if moved:
            t = t.to(self.device, non_blocking=self.pin)
        return t

    def context(self):
        return torch.autograd.graph.saved_tensors_hooks(self.pack, self.unpack)

    def stats(self):
        """This step's counts; drops what backward did not unpack (it would outlive the step)."""
        s = {"offloaded_bytes": self.offloaded_bytes, "offloaded_tensors": self.offloaded_tensors,
             "kept_tensors": self.kept_tensors, "not_unpacked": len(self.tracker),
             "min_offload_bytes": self.min_bytes, "pinned": self.pin}
        self.offloaded_bytes = self.offloaded_tensors = self.kept_tensors = 0
        self.tracker.clear()
        return s

    def remove(self):
        for h in self.hooks:
            h.remove()


# --------------------------------------------------------------------------
def _features_spec(spec):
    """What build_model / apply_features read: LoRA, QLoRA, the loss implementation."""
    return {k: spec[k] for k in ("lora", "qlora", "loss_impl", "checkpointing") if spec.get(k)}


def cuda_statistics(device, dry_run):
    """Whether the CUDA memory statistics are read (a function, so that a test can mock them)."""
    return device.type == "cuda" and not dry_run


def run_one(spec, device, dry_run, steps):
    torch.manual_seed(0)
    cfg = ModelConfig(**spec["model"])
    if cfg.attn_impl == "sdpa" and not HAS_SDPA:
        return {"skipped": "torch %s has no scaled_dot_product_attention" % torch.__version__}
    cuda = cuda_statistics(device, dry_run)
    notes = []
    if cuda:
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats(device)
    t0 = time.time()
    # bf16 conversion, then LoRA / QLoRA (FP32 adapters) and the loss implementation, as measure.py does
    with torch.device(device) if hasattr(torch, "device") and hasattr(torch.device, "__enter__") else _null():
        model = build_model(cfg, _features_spec(spec), spec["precision"])
    model.to(device)
    for m in model.modules():  # the NF4 quant state is a plain dict on the module (bnb QuantState)
        if isinstance(m, models.Linear4bit):
            m.quant_state["tensors"] = {k: v.to(device) for k, v in m.quant_state["tensors"].items()}
    model.train()
    if spec["checkpointing"] == "full":
        model.gradient_checkpointing_enable()
    # the Trainer's optimizer takes the parameters that require grad (all of them unless LoRA)
    params = [p for p in model.parameters() if p.requires_grad]
    kind = spec.get("optim", "foreach")
    if spec.get("optimizer_in_backward"):
        opt = OptimizerInBackward(params, kind, device, notes)
    else:
        opt = make_adamw(params, kind, device, notes)
    offload = OffloadActivations(model, device) if spec.get("activation_offload") else None
    B, S = spec["batch"], spec["seq"]
    ids = torch.randint(0, cfg.vocab, (B, S), device=device)
    labels = ids.clone()

    def alloc():
        if cuda:
            torch.cuda.synchronize(device)
            return torch.cuda.memory_allocated(device)
        return None

    def peak():
        if cuda:
            torch.cuda.synchronize(device)
            return torch.cuda.max_memory_allocated(device)
        return None

    result = {"steps": []}
    after_init = alloc()
    for step in range(1, steps + 1):
        if cuda:
            torch.cuda.reset_peak_memory_stats(device)
        before = alloc()
        ctx = offload.context() if offload else _null()
        with ctx:
            if spec["precision"] == "autocast_bf16":
                with torch.autocast(device.type, dtype=torch.bfloat16):
                    loss = model(ids, labels)
            else:
                loss = model(ids, labels)
        after_fwd, peak_fwd = alloc(), peak()
        loss.backward()
        after_bwd, peak_bwd = alloc(), peak()
        opt.step()
        if step == steps:  # exact bytes while the gradients still exist
            result["model_state"] = model_state_bytes(model, opt)
        opt.zero_grad(set_to_none=True)
        after_step = alloc()
        rec = {"step": step, "loss": float(loss.detach().float()), "allocated_before": before,
               "allocated_after_forward": after_fwd, "allocated_after_backward": after_bwd,
               "allocated_after_step": after_step,
               "forward_delta": (after_fwd - before) if cuda else None,
               "peak_allocated": torch.cuda.max_memory_allocated(device) if cuda else None,
               "peak_reserved": torch.cuda.max_memory_reserved(device) if cuda else None,
               "peak_allocated_forward": peak_fwd, "peak_allocated_through_backward": peak_bwd}
        if cuda:
            top = rec["peak_allocated"]
            rec["peak_phase"] = "forward" if peak_fwd == top else "backward" if peak_bwd == top else "optimizer-step"
        if offload:
            rec["offload"] = offload.stats()
        del loss
        result["steps"].append(rec)
    result["allocated_after_init"] = after_init
    if cuda:
        result["peak_allocated"] = max(s["peak_allocated"] for s in result["steps"])
        result["peak_reserved"] = max(s["peak_reserved"] for s in result["steps"])
        steady = result["steps"][-1]
        result["steady_peak_allocated"] = steady["peak_allocated"]
        result["steady_peak_phase"] = steady["peak_phase"]
        result["steady_step"] = steady["step"] if steps > 1 else None
        if steps < 2:
            notes.append("one step only: no warm-up, the peak includes the creation of the AdamW states")
    result["param_count_torch"] = sum(p.numel() for p in model.parameters())
    result["trainable_param_count_torch"] = sum(p.numel() for p in params)
    if offload:
        offload.remove()
    if isinstance(opt, OptimizerInBackward):
        opt.remove()
    result["notes"] = notes
    result["wall_s"] = round(time.time() - t0, 2)
    del model, opt, ids, labels, params, offload
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


def pct(x):
    return "%+.1f%%" % (100 * x) if isinstance(x, (int, float)) else "-"


def _train_summary(s):
    t = []
    if s.get("lora"):
        lo = s["lora"]
        kind = ("qlora-nf4dq" if s["qlora"]["double_quant"] else "qlora-nf4") if s.get("qlora") else "lora"
        t.append("%s r%d %s%s" % (kind, lo["r"], lo["targets"], " drop%g" % lo["dropout"] if lo["dropout"] else ""))
    if s.get("loss_impl"):
        t.append({"chunked_ce": "chunked-ce", "fused_linear_ce": "fused-linear-ce"}[s["loss_impl"]])
    if s.get("optim") == "fused":
        t.append("fused-adamw")
    if s.get("optimizer_in_backward"):
        t.append("opt-in-bwd")
    if s.get("activation_offload"):
        t.append("act-offload")
    return ",".join(t) or "-"


def _check_counts(r, hr):
    """Parameter counts of the built model against headroom-cli's (the arch mapping's check)."""
    if "param_count_torch" not in r or hr.get("parameter_count") is None:
        return ""
    if r["trainable_param_count_torch"] != r["param_count_torch"]:  # LoRA / QLoRA (NF4 codes count half)
        want, got, what = r["trainable_param_count_torch"], hr.get("trainable_parameters"), "trainable"
    else:
        want, got, what = r["param_count_torch"], hr["parameter_count"], "params"
    return "" if want == got else "%s: torch %d, headroom %s" % (what, want, got)


def print_plan(specs, cli, extra, verbose):
    """The planned GPU runs at their real sizes with headroom-cli's prediction; returns (calls, failures)."""
    print("planned runs (real sizes), headroom-cli's prediction:")
    hdr = "%-46s %-8s %2s %5s %-9s %-4s %-7s %-28s %9s  %s" % ("config", "feature", "B", "S", "precision", "ckpt",
                                                              "attn", "training", "peak GiB", "phase / event")
    print(hdr)
    print("-" * len(hdr))
    calls = fails = 0
    plan = []
    for s in specs:
        hr = headroom_estimate(cli, s, extra) if cli else {}
        if cli:
            calls += 1
            fails += hr.get("exit") != 0
        m = s["model"]
        ev = ("%s / %s" % (hr.get("peak_phase"), hr.get("peak_event"))) if "peak" in hr else hr.get("error", "")
        print("%-46s %-8s %2d %5d %-9s %-4s %-7s %-28s %9s  %s" % (
            s["id"], s["feature"], s["batch"], s["seq"], s["precision"].replace("autocast_", "amp-"),
            s["checkpointing"], m["attn_impl"].replace("flash_emulated", "flashem"), _train_summary(s),
            "%.2f" % (hr["peak"] / 2**30) if hr.get("peak") is not None else "-", ev))
        if verbose and cli:
            print("    headroom-cli estimate " + " ".join(hr["options"]))
        plan.append({"id": s["id"], "feature": s["feature"], "batch": s["batch"], "seq": s["seq"],
                     "model": s["model"], "headroom": hr})
    if cli:
        print("headroom-cli at real sizes: %d calls, %s" % (
            calls, "all exit 0" if not fails else "%d FAILED" % fails))
    print()
    return calls, fails, plan


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--dry-run", action="store_true",
                    help="list the planned runs with headroom-cli's prediction at their real sizes, then run every "
                         "config at tiny sizes without CUDA memory statistics (exercises the code path, e.g. on CPU)")
    ap.add_argument("--out", help="write the results as JSON (e.g. tests/fixtures/calibration/gpu.json)")
    ap.add_argument("--features", default="all",
                    help="comma list of %s, 'new' (all but base) or 'all' (default)" % ", ".join(FEATURES))
    ap.add_argument("--only", nargs="*", help="config ids")
    ap.add_argument("--list", action="store_true", help="config ids and features, then exit")
    ap.add_argument("--steps", type=int, default=2, help="steps per config (default 2: warm-up + steady state)")
    ap.add_argument("--budget-s", type=float, default=420.0,
                    help="start no new config after this many seconds (default 420: the run stays under 8 min)")
    default_cli = os.path.join(REPO, "build", "bin", "headroom-cli")
    ap.add_argument("--headroom-cli", default=default_cli if os.access(default_cli, os.X_OK) else None,
                    help="path to headroom-cli: print its estimate beside the measurement (default: build/bin/ of "
                         "this checkout when it exists)")
    ap.add_argument("--no-headroom", action="store_true", help="do not call headroom-cli")
    ap.add_argument("--headroom-set", action="append", default=[], metavar="GROUP.KEY=VALUE",
                    help="extra scenario key for headroom-cli, passed as its option (true / false set or drop a "
                         "flag); VALUE may use {attn}, {dropout}, {precision}")
    ap.add_argument("--models-py-kernels", action="store_true",
                    help="keep models.py's reference NF4 dequantization and fused linear cross-entropy (their "
                         "temporaries are not the real kernels')")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each config's headroom-cli options")
    args = ap.parse_args(argv)
    device = torch.device(args.device)
    if device.type == "cuda" and not torch.cuda.is_available():
        ap.error("CUDA is not available: use --device cpu (--dry-run)")
    cli = None if args.no_headroom else args.headroom_cli
    if cli and not os.environ.get("HEADROOM_DATA_DIR") and os.path.isdir(os.path.join(REPO, "resources")):
        os.environ["HEADROOM_DATA_DIR"] = os.path.join(REPO, "resources")
    use_faithful_kernels(not args.models_py_kernels)
    wanted = set()
    for f in args.features.split(","):
        f = f.strip()
        if f == "all":
            wanted.update(FEATURES)
        elif f == "new":
            wanted.update(FEATURES[1:])
        elif f in FEATURES:
            wanted.add(f)
        elif f:
            ap.error("unknown feature %r (choose from %s, new, all)" % (f, ", ".join(FEATURES)))
    specs = [s for s in configs() if s["feature"] in wanted]
    if args.list:
        for s in specs:
            print("%-46s %-8s %s" % (s["id"], s["feature"], _train_summary(s)))
        return 0
    if args.only:  # ids pick from every config, whatever --features says
        known = {s["id"] for s in configs()}
        unknown = [i for i in args.only if i not in known]
        if unknown:
            ap.error("unknown config ids: %s" % ", ".join(unknown))
        specs = [s for s in configs() if s["id"] in set(args.only)]
    small = args.dry_run or device.type != "cuda"
    calls = fails = 0
    plan = None
    if args.dry_run:
        calls, fails, plan = print_plan(specs, cli, args.headroom_set, args.verbose)
    if small:
        why = "dry run" if args.dry_run else "%s: no CUDA" % device.type
        print("%s: no peak-memory statistics (torch.cuda.max_memory_allocated/reserved are skipped, their columns "
              "print '-'); every config runs at tiny sizes to exercise the code path, headroom-cli is asked about "
              "the same tiny sizes\n" % why)
    run_specs = [tiny(s) for s in specs] if small else specs
    t_start = time.time()
    results = []
    unit = "GiB"
    if small:
        UNIT[0], unit = 2**20, "MiB"
    row = "%-46s %9s %9s %9s %9s %9s %9s %9s %9s %7s %5s  %s"
    hdr = row % ("config", "peak " + unit, "reserved", "fwd held", "spec fwd", "headroom", "hr act", "steady",
                 "hr peak", "error", "phase", "note")
    print(hdr)
    print("-" * len(hdr))
    errors = []
    for s in run_specs:
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
        r.update({"id": s["id"], "feature": s["feature"], "model": s["model"], "batch": s["batch"], "seq": s["seq"],
                  "precision": s["precision"], "checkpointing": s["checkpointing"],
                  "attention_kind": "emulated" if s["model"]["attn_impl"] == "flash_emulated" else "measured",
                  "training": {k: s.get(k) for k in ("lora", "qlora", "loss_impl", "optim", "optimizer_in_backward",
                                                    "activation_offload")}})
        r["spec_prediction"] = spec_prediction(s)
        if cli:
            r["headroom"] = headroom_estimate(cli, s, args.headroom_set)
            calls += 1
            fails += r["headroom"].get("exit") != 0
        hr = r.get("headroom", {})
        if r.get("steady_peak_allocated") and hr.get("peak") is not None:
            r["peak_error"] = (hr["peak"] - r["steady_peak_allocated"]) / r["steady_peak_allocated"]
            errors.append((abs(r["peak_error"]), s["id"]))
        results.append(r)
        last = (r.get("steps") or [{}])[-1]
        parts = [r.get("wall_s") is not None and "%.1fs" % r["wall_s"], r.get("skipped"), r.get("error"),
                 hr.get("error"), _check_counts(r, hr)] + r.get("notes", [])
        if last.get("offload"):
            parts.append("offloaded %s %s to host" % (gib(last["offload"]["offloaded_bytes"]), unit))
        note = "; ".join(p for p in parts if p)
        phase = "-"
        if r.get("steady_peak_phase") or hr.get("peak_phase"):
            phase = "%s/%s" % ((r.get("steady_peak_phase") or "-")[0], (hr.get("peak_phase") or "-")[0])
        print(row % (
            s["id"], gib(r.get("peak_allocated")), gib(r.get("peak_reserved")), gib(last.get("forward_delta")),
            gib((r["spec_prediction"] or {}).get("forward_saved")), gib(hr.get("total")), gib(hr.get("activations")),
            gib(r.get("steady_peak_allocated")), gib(hr.get("peak")), pct(r.get("peak_error")), phase, note),
            flush=True)
    total = time.time() - t_start
    print("%d configs in %.1f s on %s%s" % (len(results), total, device, " (dry run)" if args.dry_run else ""))
    if errors:
        errors.sort()
        med = errors[len(errors) // 2][0] if len(errors) % 2 else (errors[len(errors) // 2 - 1][0] +
                                                                    errors[len(errors) // 2][0]) / 2
        print("peak error (headroom peak.bytes vs steady-state max_memory_allocated) over %d configs: median |error| "
              "%.1f %%, max %.1f %% (%s)" % (len(errors), 100 * med, 100 * errors[-1][0], errors[-1][1]))
    if cli:
        print("headroom-cli: %d calls, %s" % (calls, "all exit 0" if not fails else "%d FAILED" % fails))
    if args.out:
        doc = {"schema": 1, "generator": "tools/calibrate/gpu_peak.py", "torch_version": torch.__version__,
               "cuda_version": torch.version.cuda, "python": platform.python_version(),
               "device": str(device), "dry_run": args.dry_run, "tiny_sizes": small,
               "features": sorted(wanted, key=FEATURES.index),
               "kernels": "models.py reference" if args.models_py_kernels else
                          "gpu_peak.py: bf16 chunked NF4 dequantization, in-place fused linear cross-entropy",
               "device_name": torch.cuda.get_device_name(device) if device.type == "cuda" else platform.processor(),
               "device_total_memory": (torch.cuda.get_device_properties(device).total_memory
                                       if device.type == "cuda" else None),
               "checkpoint_impl": models.CHECKPOINT_IMPL, "run_seconds": round(total, 1),
               "what": "peak memory of real training steps; peak_* are torch.cuda.max_memory_* after "
                       "reset_peak_memory_stats, per step; steady_peak_allocated (the last step's) is compared with "
                       "headroom.peak (headroom-cli's peak.bytes) as peak_error; null in a dry run",
               "configs": results}
        if plan is not None:
            doc["plan"] = plan
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        print("wrote", args.out)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
