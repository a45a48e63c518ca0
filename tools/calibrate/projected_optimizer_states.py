#!/usr/bin/python3
"""GaLore's and APOLLO's optimizer states after one step, measured on CPU in plain torch.

Neither galore_torch nor apollo_torch is packaged for Debian, so their first step is written
out here statement by statement, as the code at these commits runs it:
  - GaLore, jiaweizzhao/GaLore 2cc66f8: galore_torch/adamw.py AdamW.step and
    galore_torch/galore_projector.py GaLoreProjector (proj_type "std"): the projector from
    torch.linalg.svd of the gradient (cast to FP32 first unless it is FP32), Vh[:r, :] when
    m >= n else U[:, :r], cast back with .type() unless FP32; exp_avg and exp_avg_sq
    zeros_like the projected gradient;
  - APOLLO, zhuhanqing/APOLLO 76b3472: apollo_torch/apollo.py AdamW.step and
    random_projector.py GradientProjector (proj "random", "std"): an (r, n) or (m, r) normal draw
    in the gradient's FP32 copy's dtype, divided by sqrt(r), cast back unless FP32.
The projected tensors are the Linear weights whose names contain "attn" or "mlp" (GaLore's
torchrun_main.py and APOLLO's main_pretrain.py); every other parameter gets AdamW's two moments
zeros_like(p).

The states are counted by their storages, once each, so a projector that is a view of a larger
SVD factor counts the whole factor, as the allocator does. Writes
tests/fixtures/calibration/projected-optimizer-cpu.json, which tst_precision holds Headroom to
exactly.

Run with Debian's PyTorch: /usr/bin/python3 tools/calibrate/projected_optimizer_states.py
"""

import json
import math
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from models import ModelConfig, build_model  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "fixtures", "calibration",
                   "projected-optimizer-cpu.json")

# A LLaMA with grouped-query attention, so that k_proj and v_proj are not square (32 x 64) and
# a rank of 48 exceeds their short side while it does not exceed q_proj's.
CONFIG = ModelConfig(arch="llama", hidden=64, heads=4, kv_heads=2, ffn=172, vocab=256, layers=2, tied=False)


def galore_projector(grad, rank):
    float_data = grad.dtype == torch.float
    matrix = grad if float_data else grad.float()
    U, _s, Vh = torch.linalg.svd(matrix, full_matrices=False)
    proj = Vh[:rank, :] if grad.shape[0] >= grad.shape[1] else U[:, :rank]
    return proj if float_data else proj.type(grad.dtype)


def apollo_projector(grad, rank, seed):
    float_data = grad.dtype == torch.float
    matrix = grad if float_data else grad.float()
    generator = torch.Generator().manual_seed(seed)
    shape = (rank, matrix.shape[1]) if grad.shape[0] >= grad.shape[1] else (matrix.shape[0], rank)
    proj = torch.randn(shape, generator=generator, dtype=matrix.dtype) / math.sqrt(rank)
    return proj if float_data else proj.type(grad.dtype)


def project(grad, proj):
    return grad @ proj.t() if grad.shape[0] >= grad.shape[1] else proj.t() @ grad


def state_bytes(optimizer, dtype, rank):
    torch.manual_seed(0)
    model = build_model(CONFIG)
    if dtype == "bf16":
        model.to(torch.bfloat16)
    states = []
    for name, p in model.named_parameters():
        grad = torch.randn_like(p)
        projected = p.dim() == 2 and ("attn" in name or "mlp" in name) and name.endswith(".weight")
        if projected:
            proj = galore_projector(grad, rank) if optimizer == "galore" else apollo_projector(grad, rank, 0)
            low = project(grad, proj)
            states += [proj, torch.zeros_like(low), torch.zeros_like(low)]
        else:
            states += [torch.zeros_like(grad), torch.zeros_like(grad)]
    seen = {}
    for t in states:
        seen[t.storage().data_ptr()] = t.storage().size() * t.element_size()
    return sum(seen.values())


def main():
    cases = []
    for optimizer in ("galore", "apollo"):
        for dtype in ("bf16", "fp32"):
            for rank in (16, 48):
                cases.append({"optimizer": optimizer, "dtype": dtype, "rank": rank,
                              "state_bytes": state_bytes(optimizer, dtype, rank)})
    doc = {
        "what": "optimizer state bytes after GaLore's / APOLLO's first step, storages counted once",
        "torch": torch.__version__,
        "model": CONFIG.to_dict(),
        "sources": ["jiaweizzhao/GaLore 2cc66f8 galore_torch/adamw.py, galore_projector.py",
                    "zhuhanqing/APOLLO 76b3472 apollo_torch/apollo.py, random_projector.py"],
        "cases": cases,
    }
    if "--print" in sys.argv:
        print(json.dumps(doc, indent=2))
        return
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    print(f"wrote {len(cases)} cases to {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
