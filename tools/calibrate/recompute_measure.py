#!/usr/bin/python3
"""Checkpointing policies on CPU: what a LLaMA step keeps for backward under each.

The LLaMA stack of models.py (Hugging Face's eager code, random weights, eager attention) runs
one training step with its layers checkpointed by one of these policies; every tensor saved for
backward is recorded through torch.autograd.graph.saved_tensors_hooks and counted once per
storage, parameters and buffers left out (as measure.py and posttraining_measure.py count):

  every-N    torchtitan's layer-level selective checkpointing (activation_checkpoint.py
             _apply_layer_sac, selective_ac_option "N"): blocks N, 2N, ... (counted from 1) under a
             checkpoint, the others plain.
  uniform-N  Megatron-LM d98e8a6 transformer_block.py _checkpointed_forward, recompute_method
             uniform: the layers in consecutive groups of N, one checkpoint a group.
  block-N    the same, recompute_method block: the first N layers one checkpoint each, the rest plain.
  op         torchtitan's per-operator policy (_apply_op_sac), EMULATED: PyTorch 1.13 has no
             selective-checkpoint contexts, so a custom autograd function stands in for the
             checkpoint. It runs the layer under no_grad, keeps the layer's input and the outputs
             the policy would save (every odd bias-free mm of the block: q_proj, v_proj, gate_proj,
             down_proj; eager attention runs no kernel in the save list), and reruns the whole
             layer in backward. What it measures is the size of exactly those tensors in the real
             model: their widths under grouped-query attention, their dtype, the stride of the
             views they come from; not torchtitan's choice of them, which is read from its code.

The checkpoints are PyTorch's reentrant ones (use_reentrant=True, as models.py runs Hugging
Face's); each keeps its inputs. Backward's saves are recorded too, per checkpoint unit, those
forward had saved already left out: each unit's rerun saves its layers' tensors again while that
unit's backward runs, the transient one unit adds at the peak; the largest unit's is reported.

Writes tests/fixtures/calibration/recompute-cpu.json, which tests/core/tst_layerrecompute.cpp and
tst_oprecompute.cpp hold Headroom to.

Needs Debian's python3-torch (1.13) for /usr/bin/python3:
    /usr/bin/python3 tools/calibrate/recompute_measure.py [--print]
"""

import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models  # noqa: E402
from models import ModelConfig, build_model  # noqa: E402
from posttraining_measure import storage_key  # noqa: E402  (one storage, counted once)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "tests", "fixtures", "calibration", "recompute-cpu.json")


class SavedBytes:
    """Sums the storages saved for backward, each once per phase, beside the model's own tensors."""

    def __init__(self, model):
        self.excluded = {storage_key(p)[0] for p in model.parameters()} | {storage_key(b)[0] for b in model.buffers()}
        self.by_phase = {}
        self.phase = "forward"
        self.keep = []  # no address reuse while measuring

    def pack(self, t):
        ptr, nbytes = storage_key(t)
        # In backward, a storage forward saved already (a checkpoint's stored input, the mask) is
        # live memory, not what the rerun adds.
        held = self.phase != "forward" and ptr in self.by_phase.get("forward", {})
        if self.phase.startswith("rerun") and ptr in self.by_phase.get("backward", {}):
            held = True
        if ptr not in self.excluded and not held:
            seen = self.by_phase.setdefault(self.phase, {})
            seen[ptr] = max(seen.get(ptr, 0), nbytes)
        self.keep.append(t)
        return t

    def total(self, phase):
        return sum(self.by_phase.get(phase, {}).values())

    def rerun(self, unit):
        """Backward is rerunning checkpoint unit `unit`: its saves are counted apart."""
        if self.phase != "forward":
            self.phase = "rerun %d" % unit

    def largest_rerun(self):
        return max([sum(v.values()) for k, v in self.by_phase.items() if k.startswith("rerun")] or [0])


class OpPolicyEmulation(torch.autograd.Function):
    """One layer under the per-operator policy, emulated (see the module docstring)."""

    @staticmethod
    def forward(ctx, hidden_states, layer, kwargs):
        saved = []
        hooks = [getattr(m, "register_forward_hook")(lambda _m, _i, out: saved.append(out))
                 for m in (layer.self_attn.q_proj, layer.self_attn.v_proj, layer.mlp.gate_proj, layer.mlp.down_proj)]
        try:
            with torch.no_grad():
                out = layer(hidden_states, **kwargs)
        finally:
            for h in hooks:
                h.remove()
        ctx.layer, ctx.kwargs, ctx.unit = layer, kwargs, id(layer)
        # It holds the layer's other arguments until backward, as the reentrant checkpoint does.
        for sink in models.HELD_BY_CHECKPOINT:
            for a in kwargs.values():
                for t in (a if isinstance(a, (tuple, list)) else (a,)):
                    if isinstance(t, torch.Tensor):
                        sink(t)
        ctx.save_for_backward(hidden_states, *saved)
        return out

    @staticmethod
    def backward(ctx, grad):
        hidden_states = ctx.saved_tensors[0].detach().requires_grad_(True)
        TRACKER[0].rerun(ctx.unit)
        with torch.enable_grad():
            out = ctx.layer(hidden_states, **ctx.kwargs)
        torch.autograd.backward(out, grad)
        return hidden_states.grad, None, None


TRACKER = [None]  # the step's SavedBytes, for the checkpoint units to name their reruns


def forward_with_policy(model, input_ids, policy, n):
    """LlamaModel.forward (models.py) with the layers checkpointed as `policy` says."""
    inner = model.model
    inputs_embeds = inner.embed_tokens(input_ids)
    S = inputs_embeds.shape[1]
    cache_position = torch.arange(0, S, device=inputs_embeds.device)
    position_ids = cache_position.unsqueeze(0)
    causal_mask = inner._causal_mask(inputs_embeds, cache_position)
    hidden_states = inputs_embeds
    position_embeddings = inner.rotary_emb(hidden_states, position_ids)
    kwargs = dict(attention_mask=causal_mask, position_ids=position_ids, cache_position=cache_position,
                  position_embeddings=position_embeddings)
    layers = list(inner.layers)
    units = 0

    def plain(i, h):
        return layers[i](h, **kwargs)

    def group(first, count):
        def run(h, mask, pos, cache, emb):
            TRACKER[0].rerun(first)
            for i in range(first, first + count):
                h = layers[i](h, attention_mask=mask, position_ids=pos, cache_position=cache, position_embeddings=emb)
            return h
        return run

    i = 0
    while i < len(layers):
        if policy == "none":
            hidden_states = plain(i, hidden_states)
            i += 1
        elif policy == "full" or (policy == "every" and (i + 1) % n == 0) or (policy == "block" and i < n):
            hidden_states = models._checkpoint(group(i, 1), hidden_states, causal_mask, position_ids, cache_position,
                                               position_embeddings)
            units += 1
            i += 1
        elif policy == "uniform":
            count = min(n, len(layers) - i)
            hidden_states = models._checkpoint(group(i, count), hidden_states, causal_mask, position_ids,
                                               cache_position, position_embeddings)
            units += 1
            i += count
        elif policy == "op":
            hidden_states = OpPolicyEmulation.apply(hidden_states, layers[i], kwargs)
            units += 1
            i += 1
        else:
            hidden_states = plain(i, hidden_states)
            i += 1
    return inner.norm(hidden_states), units


def measure(cfg, policy, n, batch, seq, dtype):
    torch.manual_seed(0)
    model = build_model(cfg).to(dtype)
    model.train()
    input_ids = torch.randint(0, cfg.vocab, (batch, seq))
    labels = input_ids.clone()
    tracker = SavedBytes(model)
    TRACKER[0] = tracker
    models.HELD_BY_CHECKPOINT.append(lambda t: tracker.pack(t))
    try:
        with torch.autograd.graph.saved_tensors_hooks(tracker.pack, lambda t: t):
            hidden_states, units = forward_with_policy(model, input_ids, policy, n)
            logits = model.lm_head(hidden_states)
            loss = models.causal_lm_loss(logits, labels, cfg.vocab)
            tracker.phase = "backward"
            loss.backward()
    finally:
        models.HELD_BY_CHECKPOINT.pop()
    return tracker, units


def main(argv):
    torch.set_num_threads(1)
    cfg = ModelConfig(arch="llama", hidden=64, heads=4, kv_heads=2, ffn=172, vocab=512, layers=6, tied=False)
    runs = []
    cases = [("none", 0), ("full", 1), ("every", 2), ("every", 3), ("uniform", 2), ("uniform", 4), ("block", 2),
             ("block", 4), ("op", 0)]
    for precision, dtype in (("fp32", torch.float32), ("bf16", torch.bfloat16)):
        for policy, n in cases:
            batch, seq = 2, 48
            t, units = measure(cfg, policy, n, batch, seq, dtype)
            runs.append({"id": "%s%s-%s" % (policy, "-%d" % n if n else "", precision), "policy": policy, "n": n,
                         "precision": precision, "batch": batch, "seq": seq,
                         "model": {"arch": cfg.arch, "layers": cfg.layers, "hidden": cfg.hidden, "heads": cfg.heads,
                                   "kv_heads": cfg.kv_heads, "ffn": cfg.ffn, "vocab": cfg.vocab, "tied": cfg.tied},
                         "saved_forward": t.total("forward"), "largest_rerun": t.largest_rerun(),
                         "checkpoint_units": units})
    doc = {"source": "tools/calibrate/recompute_measure.py: the LLaMA stack of models.py with its layers checkpointed "
                     "as torchtitan (every N-th layer) and Megatron-LM (uniform and block) do, and torchtitan's "
                     "per-operator policy emulated by a custom autograd function; saved tensors recorded through "
                     "torch.autograd.graph.saved_tensors_hooks on CPU",
           "torch_version": torch.__version__, "runs": runs}
    if "--print" in argv:
        print(json.dumps(doc, indent=1))
        return 0
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print("wrote %s (%d runs)" % (os.path.normpath(OUT), len(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
