#!/usr/bin/python3
"""Calibration harness: bytes saved for backward, measured on CPU.

For every configuration of the grid this runs one real training step of a
stack from models.py (GPT-2, LLaMA, GPT-NeoX, Phi, Gemma-2, Mixtral,
Qwen2-MoE, DeepSeek-V2; LoRA / QLoRA / chunked and fused-linear losses on
LLaMA) (forward, backward, AdamW step over the parameters that require grad)
and records, through `torch.autograd.graph.saved_tensors_hooks`, every
tensor that autograd saves for backward:

  * deduplicated by storage across the whole step (a storage saved twice, or
    two views of one storage, count once, with the whole storage's bytes);
  * classified: parameter (excluded), module buffer (excluded), autocast
    weight copy (a cast of a parameter, counted separately), shared (tensors
    the model builds once per forward and hands to every layer: causal mask,
    RoPE cos/sin, positions), scalar (0-dim tensors: wrapped Python numbers
    and constants; host-side on CUDA, listed separately), activation (the rest);
  * attributed to a region ("embedding", "layer.i", "final_norm", "lm_head",
    "loss", "shared") and named (module path inside the region + the name the
    model code gives the saving op, see models.op());
  * with checkpointing, also the tensors saved while a layer is recomputed
    during backward (phase "recompute").

After backward and one AdamW step it records the exact bytes of parameters,
gradients and optimizer state.

Run:  /usr/bin/python3 tools/calibrate/measure.py            (whole grid)
      /usr/bin/python3 tools/calibrate/measure.py --only llama-base-fp32 --print
Output: tests/fixtures/calibration/cpu.json
"""

import argparse
import collections
import json
import os
import platform
import sys
import time

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models  # noqa: E402
from models import ModelConfig, build_model  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEFAULT_OUT = os.path.join(REPO, "tests", "fixtures", "calibration", "cpu.json")

PRECISIONS = ("fp32", "autocast_bf16", "bf16")

# Where this CPU build stores something a CUDA build would store differently. "measured"
# is what every fixture here was measured with; "cuda" is what PyTorch documents or
# implements for CUDA and is NOT measured here (gpu_peak.py is the way to check it).
CPU_VS_CUDA = {
    "dropout_mask": {
        "measured": "CPU dropout is input * noise: the saved mask is a tensor of the dropout input's dtype",
        "cuda": "fused native_dropout saves a bool mask, 1 byte per element"},
    "autocast_softmax": {
        "measured": "CPU autocast has no rule for softmax: GPT-2's softmax runs and is saved in bf16",
        "cuda": "softmax is on CUDA autocast's fp32 list: fp32 output saved, plus the .type(value.dtype) "
                "bf16 copy saved by the next matmul"},
    "autocast_layer_norm": {
        "measured": "CPU autocast has no rule for layer_norm: it runs in its input's dtype (fp32 residual here)",
        "cuda": "layer_norm is on CUDA autocast's fp32 list; with an fp32 residual the saved tensors are the same"},
    "attention_kernel": {
        "measured": "eager attention only; 'flash_emulated' configs save what FlashAttention-2 saves through a "
                    "custom autograd.Function (emulated, not a kernel); torch %s has no "
                    "scaled_dot_product_attention" % torch.__version__.split("+")[0],
        "cuda": "SDPA / FlashAttention-2 kernels: measured only by gpu_peak.py"},
    "mean_saves_input": {
        "measured": "torch 1.13's mean() saves its input: LlamaRMSNorm keeps x^2 (fp32, B*S*H) per norm",
        "cuda": "depends on the torch version, not on the device; not measured on torch >= 2 here"},
}

# Ops between a parameter and its autocast copy (the copy is ToCopyBackward0,
# the saved tensor may be a view of it, e.g. weight.t() in linear).
_VIEWISH = {"ToCopyBackward0", "TBackward0", "ViewBackward0", "TransposeBackward0", "PermuteBackward0",
            "ExpandBackward0", "UnsafeViewBackward0", "ReshapeAliasBackward0", "SliceBackward0",
            "SelectBackward0", "AliasBackward0", "UnsqueezeBackward0"}

# Names for what a module saves when its forward code carries no op() label.
_MODULE_ROLES = {nn.LayerNorm: ("input", "mean", "rstd"), nn.Linear: ("input",), nn.Embedding: ("indices",),
                 nn.Dropout: ("mask",), nn.SiLU: ("input",), nn.Conv1d: ("input",)}


def storage_of(t):
    if hasattr(t, "untyped_storage"):
        st = t.untyped_storage()
        return st.data_ptr(), st.nbytes()
    st = t.storage()
    return st.data_ptr(), st.nbytes()


def dtype_name(dt):
    return str(dt).replace("torch.", "")


class SavedTensorTracker:
    def __init__(self, model):
        self.model = model
        self.param_names = {}
        for n, p in model.named_parameters():
            self.param_names.setdefault(storage_of(p)[0], n)
        self.param_ids = {id(p): n for n, p in model.named_parameters()}
        self.buffer_names = {storage_of(b)[0]: n for n, b in model.named_buffers()}
        self.region_modules = model.region_modules()
        if hasattr(model, "enable_shared_recording"):
            model.enable_shared_recording()
        elif hasattr(model, "model"):
            model.model.record_shared = True
        # Frozen Linear weights (LoRA's base layers): autocast does not cache their bf16 casts
        # (its cache takes only leaves that require grad), and such a cast has no grad_fn.
        self.frozen_linears = {id(m): n for n, m in model.named_modules()
                               if isinstance(m, nn.Linear) and not m.weight.requires_grad}
        self.stack = []            # [qualified module name, module, roles counter]
        self.records = []
        self.seen = {}             # storage key -> index of first record
        self.keep = []             # strong refs: no address reuse while measuring
        self.phase = "forward"
        self.handles = []
        names = {m: n for n, m in model.named_modules()}
        for m, n in names.items():
            self.handles.append(m.register_forward_pre_hook(self._make_pre(n)))
            self.handles.append(m.register_forward_hook(self._make_post()))

    # ---- module scope ----------------------------------------------------
    def _make_pre(self, name):
        def pre(module, inputs):
            self.stack.append([name, module, 0])
            models.MODULE_DEPTH[0] = len(self.stack)
        return pre

    def _make_post(self):
        def post(module, inputs, output):
            self.stack.pop()
            models.MODULE_DEPTH[0] = len(self.stack)
        return post

    def remove(self):
        for h in self.handles:
            h.remove()
        models.MODULE_DEPTH[0] = 0

    def _region(self):
        """(region, module path relative to the region's root module)."""
        for entry in reversed(self.stack):
            r = self.region_modules.get(entry[0])
            if r is not None:
                root = entry[0]
                cur = self.stack[-1][0]
                if cur != root:
                    rel = cur[len(root) + 1:]
                else:  # a region that is one module (wte, ln_f, lm_head): use its own name
                    rel = "" if r.startswith("layer.") else root.rsplit(".", 1)[-1]
                return r, rel
        for lab in reversed(models.LABELS):
            if lab[0] == "region":
                return lab[1], ""
        return "other", ""

    def _role(self):
        """Next name for a newly saved activation storage."""
        depth = len(self.stack)
        for lab in reversed(models.LABELS):
            if lab[0] == "op":
                if lab[2] == depth:
                    k = lab[3]
                    lab[3] += 1
                    return lab[1][k] if k < len(lab[1]) else "#%d" % k
                break
        if self.stack:
            top = self.stack[-1]
            roles = ()
            for cls, r in _MODULE_ROLES.items():
                if isinstance(top[1], cls):
                    roles = r
            k = top[2]
            top[2] += 1
            return roles[k] if k < len(roles) else "#%d" % k
        return "#?"

    def _weight_copy_of(self, t):
        fn = t.grad_fn
        saw_copy = False
        for _ in range(8):
            if fn is None:
                return None
            n = type(fn).__name__
            if n == "AccumulateGrad":
                return self.param_ids.get(id(fn.variable)) if saw_copy else None
            if n not in _VIEWISH:
                return None
            saw_copy = saw_copy or n == "ToCopyBackward0"
            nxt = [f for f, _ in fn.next_functions if f is not None]
            if len(nxt) != 1:
                return None
            fn = nxt[0]
        return None

    def _frozen_weight_copy_of(self, t):
        """A cast of a frozen nn.Linear weight (no grad_fn, so _weight_copy_of cannot see it),
        saved by that Linear's matmul: the parameter's name, or None."""
        if t.grad_fn is not None or t.requires_grad or t.dim() != 2 or not self.stack:
            return None
        mod = self.stack[-1][1]
        name = self.frozen_linears.get(id(mod))
        if name is None:
            return None
        w = mod.weight
        if t.dtype == w.dtype or t.numel() != w.numel() or sorted(t.shape) != sorted(w.shape):
            return None
        if storage_of(t)[1] != w.numel() * t.element_size():
            return None
        return name + ".weight"

    def _shared_name(self, ptr):
        for k, v in getattr(self.model, "shared", {}).items():
            if isinstance(v, torch.Tensor) and v.numel() and storage_of(v)[0] == ptr:
                return k
        return None

    # ---- the pack hook ---------------------------------------------------
    def pack(self, t):
        if not isinstance(t, torch.Tensor) or t.numel() == 0:
            return t
        ptr, nbytes = storage_of(t)
        key = (t.device.type, ptr, nbytes)
        region, rel = self._region()
        shared = None
        if ptr in self.param_names:
            cat, name = "parameter", self.param_names[ptr]
        elif ptr in self.buffer_names:
            cat, name = "buffer", self.buffer_names[ptr]
        elif (shared := self._shared_name(ptr)) is not None:
            cat, name = "shared", shared
        elif t.dim() == 0:
            cat, name = "scalar", (rel + ".scalar").lstrip(".")
        else:
            wc = self._weight_copy_of(t)
            frozen = None if wc is not None else self._frozen_weight_copy_of(t)
            if wc is not None:
                cat, name = "autocast_weight_copy", wc
            elif frozen is not None:
                cat, name = "autocast_weight_copy", frozen
            else:  # aliases take their name from the op's list too (positional)
                cat = "activation"
                role = self._role()
                name = (rel + "." + role) if rel else role
        if cat == "shared":
            region = "shared"
        rec = {"phase": self.phase, "region": region, "name": name, "category": cat,
               "shape": list(t.shape), "dtype": dtype_name(t.dtype), "storage_bytes": nbytes,
               "producer": type(t.grad_fn).__name__ if t.grad_fn is not None else None}
        if key in self.seen:
            first = self.records[self.seen[key]]
            rec["alias_of"] = "%s:%s" % (first["region"], first["name"])
            rec["bytes"] = 0
        else:
            self.seen[key] = len(self.records)
            rec["bytes"] = nbytes if cat not in ("parameter", "buffer") else 0
        if cat == "autocast_weight_copy" and t.grad_fn is None:
            rec["how"] = "uncached_cast_of_frozen_weight"
        self.records.append(rec)
        self.keep.append(t)
        return t

    def held(self, t):
        """A tensor the reentrant checkpoint holds in ctx.inputs (not saved
        through save_for_backward, so the pack hook does not see it)."""
        self.pack(t)
        self.records[-1]["how"] = "held_by_checkpoint_ctx"

    @staticmethod
    def unpack(t):
        return t


# --------------------------------------------------------------------------
def model_state_bytes(model, opt):
    def uniq(tensors):
        seen, total, by_dtype = set(), 0, collections.Counter()
        for t in tensors:
            if t is None:
                continue
            ptr, nb = storage_of(t)
            if ptr in seen:
                continue
            seen.add(ptr)
            total += nb
            by_dtype[dtype_name(t.dtype)] += nb
        return total, dict(by_dtype)

    params = list(model.parameters())  # tied weights appear once
    n_params = sum(p.numel() for p in params)
    p_bytes, p_dt = uniq(params)
    g_bytes, g_dt = uniq([p.grad for p in params])
    states = collections.defaultdict(list)
    for st in opt.state.values():
        for k, v in st.items():
            if isinstance(v, torch.Tensor):
                states[k].append(v)
    out = {"param_count": n_params, "param_bytes": p_bytes, "param_bytes_by_dtype": p_dt,
           "grad_bytes": g_bytes, "grad_bytes_by_dtype": g_dt}
    for k in sorted(states):
        b, dt = uniq(states[k])
        out["adamw_%s_bytes" % k] = b
        out["adamw_%s_dtype" % k] = sorted(dt)
        out["adamw_%s_count" % k] = len(states[k])
    bufs = list(model.buffers())
    out["buffer_bytes"], _ = uniq(bufs)
    trainable = [p for p in params if p.requires_grad]
    if len(trainable) != len(params):  # LoRA / QLoRA: only the adapters are trained
        out["trainable_param_count"] = sum(p.numel() for p in trainable)
        out["trainable_param_bytes"], out["trainable_param_bytes_by_dtype"] = uniq(trainable)
        out["trainable_param_tensors"] = len(trainable)
        out["frozen_param_bytes"], out["frozen_param_bytes_by_dtype"] = uniq([p for p in params if not p.requires_grad])
    quant = [m for m in model.modules() if isinstance(m, (models.Linear4bit, models.GptqLinear))]
    if quant:  # QLoRA: the NF4 quant state lives on the module (bnb QuantState), GPTQ's in buffers
        by = collections.Counter()
        for m in quant:
            for k, v in m.quant_state_bytes().items():
                by[k] += v
        out["quant_state_bytes"] = sum(by.values())
        out["quant_state_bytes_by_tensor"] = dict(sorted(by.items()))
        gptq = [m for m in quant if isinstance(m, models.GptqLinear)]
        if gptq:  # the quantized weights are buffers: count their values beside param_count
            out["quantized_weight_count"] = sum(m.in_features * m.out_features for m in gptq)
    return out


def summarize(records, layers):
    cats = ("activation", "autocast_weight_copy", "shared", "scalar")

    def empty():
        return {c: 0 for c in cats}

    regions = collections.OrderedDict()
    for name in ["embedding"] + ["layer.%d" % i for i in range(layers)] + ["final_norm", "lm_head", "loss",
                                                                           "shared", "other"]:
        regions[name] = {"forward": empty(), "recompute": empty()}
    for r in records:
        if r["category"] in cats:
            regions.setdefault(r["region"], {"forward": empty(), "recompute": empty()})
            regions[r["region"]][r["phase"]][r["category"]] += r["bytes"]
    out = {"per_layer": [], "outside": {}}
    for name, v in regions.items():
        row = {"region": name, **{c: v["forward"][c] for c in cats}}
        if any(v["recompute"].values()):
            row["recompute"] = dict(v["recompute"])
        if name.startswith("layer."):
            out["per_layer"].append(row)
        else:
            out["outside"][name] = row
    tot = empty()
    for v in regions.values():
        for c in cats:
            tot[c] += v["forward"][c]
    out["forward_totals"] = tot
    rec_layers = [row.get("recompute", {}).get("activation", 0) for row in out["per_layer"]]
    out["max_recompute_activation_per_layer"] = max(rec_layers) if rec_layers else 0
    return out


def itemize(records, region, phase):
    out = []
    for r in records:
        if r["region"] == region and r["phase"] == phase:
            item = {k: r[k] for k in ("name", "category", "shape", "dtype", "bytes", "producer")}
            for k in ("alias_of", "how"):
                if k in r:
                    item[k] = r[k]
            out.append(item)
    return out


def observe(records, cfg, precision, layer, B, S, extended=False):
    """Implementation facts, read off the measured records of one layer (of
    its recomputation when the layer is checkpointed)."""
    phase = "recompute" if any(r["phase"] == "recompute" and r["region"] == layer for r in records) else "forward"
    rs = [r for r in records if r["region"] == layer and r["phase"] == phase]
    by = {}
    for r in rs:
        by.setdefault(r["name"], r)
    facts = {"from_phase": phase}
    def numel(r):
        n = 1
        for x in r["shape"]:
            n *= x
        return n
    s2 = [r for r in rs if r["category"] == "activation" and r["bytes"] and len(r["shape"]) >= 3
          and r["shape"][-1] == S and r["shape"][-2] == S and numel(r) == B * cfg.heads * S * S]
    facts["attention_s2_saved"] = [[r["name"], r["dtype"]] for r in s2]
    if cfg.attn_impl == "eager":
        sm = by.get("attn.probs") or by.get("self_attn.probs_fp32") or by.get("attention.probs_fp32")
        facts["softmax_saved_dtype"] = sm["dtype"] if sm else None
    if cfg.arch == "gpt2":
        ln = by.get("ln_1.input")
        facts["layernorm_saved_input_dtype"] = ln["dtype"] if ln else None
        st = by.get("ln_1.mean")
        facts["layernorm_stats_dtype"] = st["dtype"] if st else None
    elif cfg.arch in ("gpt_neox", "phi"):
        ln = by.get("input_layernorm.input")
        facts["layernorm_saved_input_dtype"] = ln["dtype"] if ln else None
        st = by.get("input_layernorm.mean")
        facts["layernorm_stats_dtype"] = st["dtype"] if st else None
    else:
        x = by.get("input_layernorm.x_fp32")
        facts["rmsnorm_saved_upcast_dtype"] = x["dtype"] if x else None
        facts["rmsnorm_mean_saves_squared_input"] = bool(by.get("input_layernorm.x_squared"))
    masks = [r for r in rs if "mask" in r["name"] and r["category"] == "activation" and r["bytes"]]
    facts["dropout_mask_saved"] = bool(masks)
    facts["dropout_mask_dtypes"] = sorted({r["dtype"] for r in masks})
    if cfg.arch in ("llama", "gemma2", "mixtral", "qwen2_moe") and cfg.attn_impl == "eager":
        k = by.get("self_attn.k_t")
        facts["eager_k_saved_heads"] = (k["shape"][0] // B) if k else None
        facts["repeat_kv_copy_saved"] = bool(k) and cfg.kv_heads != cfg.heads and k["shape"][0] == B * cfg.heads
    if extended:  # newer configurations: what k^T and v occupy, counted in heads of the saved storage
        for key, name in (("k", "self_attn.k_t"), ("k", "attention.k_t"), ("v", "self_attn.v"), ("v", "attention.v")):
            r = by.get(name)
            if r and r["bytes"]:
                per_head = B * S * (r["shape"][-2] if key == "k" else r["shape"][-1]) * (
                    2 if r["dtype"] in ("bfloat16", "float16") else 4)
                facts["eager_%s_saved_storage_heads" % key] = r["storage_bytes"] / per_head
        if "repeat_kv_copy_saved" in facts and cfg.kv_heads != cfg.heads:  # by storage, not by shape
            facts["repeat_kv_copy_saved"] = facts.get("eager_k_saved_storage_heads") == cfg.heads
        if cfg.arch in ("llama", "gemma2", "mixtral", "qwen2_moe") and cfg.kv_heads == 1 and B == 1:
            facts["repeat_kv_stays_view"] = facts.get("eager_k_saved_storage_heads") == 1
    wc = [r for r in records if r["category"] == "autocast_weight_copy" and r["bytes"]]
    facts["autocast_weight_copies_saved"] = bool(wc)
    facts["autocast_weight_copy_dtypes"] = sorted({r["dtype"] for r in wc})
    facts["autocast_weight_copy_cached_per_param"] = (
        len({r["name"] for r in wc}) == len(wc)) if wc else None
    return facts


def features_of(spec, cfg, model, ckpt):
    """The fixture fields of the newer families and training features (absent for the
    configurations of the original grid, which serialise as before)."""
    if "family" not in spec:
        return {}
    out = {"family": spec["family"]}
    if cfg.experts:
        blocks = model.moe_blocks()
        counts = [b.count_log[0] for b in blocks]
        if ckpt == "full":  # forward (no_grad) and recomputation route the same tokens
            for b in blocks:
                assert len(b.count_log) == 2 and b.count_log[1] == b.count_log[0], b.count_log
        out["moe"] = {"experts": cfg.experts, "top_k": cfg.top_k, "per_token": cfg.top_k,
                      "norm_topk_prob": bool(cfg.norm_topk_prob) if cfg.arch == "qwen2_moe" else True,
                      "expert_ffn": cfg.ffn, "shared_expert_ffn": cfg.shared_ffn or 0,
                      "router_aux_loss_coef": cfg.router_aux_loss_coef,
                      "routing_seed": spec.get("seed", 0),
                      "tokens_per_expert": counts,
                      "note": "tokens_per_expert[layer][expert]: rows of B*S routed to each expert (each token "
                              "to top_k experts, so every row sums to top_k*B*S); they depend on the random "
                              "weights and inputs of this seed and are what the per-expert saves scale with"}
    if cfg.kv_lora_rank:
        out["mla"] = {"q_lora_rank": cfg.q_lora_rank or None, "kv_lora_rank": cfg.kv_lora_rank,
                      "qk_rope_head_dim": cfg.qk_rope_head_dim, "qk_nope_head_dim": cfg.qk_nope_head_dim,
                      "qk_head_dim": cfg.qk_rope_head_dim + cfg.qk_nope_head_dim, "v_head_dim": cfg.v_head_dim}
    if spec.get("lora"):
        lo = spec["lora"]
        out["lora"] = {"targets": list(models.LORA_TARGETS[lo["targets"]]), "r": lo["r"], "alpha": lo["alpha"],
                       "scaling": lo["alpha"] / lo["r"], "dropout": lo["dropout"], "adapter_dtype": "float32",
                       "frozen": "every base parameter (embeddings, norms, base linears, lm_head)",
                       "embedding_output_requires_grad": ckpt == "full",
                       "note": "with checkpointing enable_input_require_grads() makes the embedding output "
                               "require grad (PEFT / HF do so for the reentrant checkpoint); without it the "
                               "first layer's input does not require grad and layer.0 saves less"}
        if lo.get("save"):
            out["lora"]["modules_to_save"] = list(lo["save"])
            out["lora"]["modules_to_save_note"] = ("PEFT ModulesToSaveWrapper: a trainable deepcopy of each "
                                                   "module in the module's dtype, the original kept frozen")
    if spec.get("qlora") and spec["qlora"].get("format") == "gptq":
        q = spec["qlora"]
        out["qlora"] = {"format": "gptq", "bits": 4, "group_size": q["group_size"],
                        "note": "GPTQModel v7.3.4 TorchLinear (TritonV2Linear's training path), emulated in plain "
                                "torch: buffers qweight/qzeros/scales/g_idx; forward dequantizes and calls "
                                "torch.matmul outside an autograd.Function, so mm keeps the dequantized weight "
                                "(in x's dtype) whenever x requires grad"}
    elif spec.get("qlora"):
        q = spec["qlora"]
        deq = {}
        for n, m in model.named_modules():
            if isinstance(m, models.Linear4bit):
                short = n.split(".", 3)[-1] if n.startswith("model.layers.") else n
                deq[short.rsplit(".base_layer", 1)[0]] = m.out_features * m.in_features * 2
        out["qlora"] = {"quant_type": "nf4", "blocksize": q.get("blocksize", 64),
                        "double_quant": bool(q.get("double_quant")), "double_quant_blocksize": 256,
                        "compute_dtype": "bfloat16",
                        "dequantized_weight_transient_bytes": deq,
                        "note": "MatMul4Bit saves nothing for backward (the packed weight is kept on ctx as a "
                                "plain reference, the input is never saved); each matmul dequantizes its weight "
                                "to a transient [out, in] bf16 tensor in forward and again in backward"}
    if spec.get("loss_impl"):
        li = spec["loss_impl"]
        out["loss_impl"] = li
        if li == "chunked_ce":
            out["loss_impl_detail"] = {"source": "torchtune CEWithChunkedOutputLoss + TransformerDecoder.chunked_output",
                                       "num_output_chunks": 8}
        elif li == "fused_linear_ce":
            BT = spec["batch"] * spec["seq"]
            inc = -(-cfg.vocab // cfg.hidden)
            cs = models._next_power_of_2(-(-BT // inc))
            out["loss_impl_detail"] = {"source": "Liger LigerFusedLinearCrossEntropyFunction, plain-torch emulation",
                                       "kind": "emulated", "chunk_size": cs, "num_chunks": -(-BT // cs)}
    return out


def run_config(spec, threads):
    torch.manual_seed(spec.get("seed", 0))
    cfg = ModelConfig(**spec["model"])
    B, S, precision, ckpt = spec["batch"], spec["seq"], spec["precision"], spec["checkpointing"]
    model = build_model(cfg, spec, precision)  # bf16: converted, then LoRA / QLoRA / loss applied
    model.train()
    if ckpt == "full":
        model.gradient_checkpointing_enable()
    # the Trainer's optimizer takes the parameters that require grad (all of them unless LoRA)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-4)
    input_ids = torch.randint(0, cfg.vocab, (B, S))
    labels = input_ids.clone()

    tracker = SavedTensorTracker(model)
    models.HELD_BY_CHECKPOINT.append(tracker.held)
    t0 = time.time()
    try:
        with torch.autograd.graph.saved_tensors_hooks(tracker.pack, tracker.unpack):
            if precision == "autocast_bf16":
                with torch.autocast("cpu", dtype=torch.bfloat16):
                    loss = model(input_ids, labels)
            else:
                loss = model(input_ids, labels)
            tracker.phase = "recompute"
            loss.backward()
    finally:
        tracker.remove()
        models.HELD_BY_CHECKPOINT.remove(tracker.held)
    n_backward_saves = sum(1 for r in tracker.records if r["phase"] == "recompute")
    if ckpt == "none" and n_backward_saves:
        raise RuntimeError("tensors saved during backward without checkpointing")
    grads_before_step = model_state_bytes(model, opt)["grad_bytes"]
    opt.step()
    state = model_state_bytes(model, opt)
    state["grad_bytes_after_backward"] = grads_before_step
    wall = time.time() - t0

    records = tracker.records
    rep = "layer.%d" % min(1, cfg.layers - 1)
    summary = summarize(records, cfg.layers)
    outside_items = {}
    for reg in ("embedding", "final_norm", "lm_head", "loss", "aux_loss", "shared", "other"):
        items = itemize(records, reg, "forward")
        if items:
            outside_items[reg] = items
    itemized = {"layer": rep, "forward": itemize(records, rep, "forward"), "outside": outside_items}
    if ckpt == "full":
        itemized["recompute"] = itemize(records, rep, "recompute")
    excluded = collections.Counter()
    for r in records:
        if r["category"] in ("parameter", "buffer"):
            excluded[r["category"] + "_saves"] += 1
    emulated = cfg.attn_impl == "flash_emulated"
    result = {
        "id": spec["id"],
        "model": cfg.to_dict(),
        "batch": B, "seq": S, "precision": precision, "checkpointing": ckpt,
        "torch_version": torch.__version__, "device": "cpu",
        "checkpoint_impl": models.CHECKPOINT_IMPL if ckpt == "full" else None,
        "attention": {"impl": cfg.attn_impl,
                      "kind": "emulated" if emulated else "measured",
                      "note": ("custom autograd.Function saving q, k, v, out and an fp32 logsumexp [B, A, S] "
                               "as FlashAttention-2 does; the saved set is emulated, not measured from a "
                               "flash kernel") if emulated else "HF eager attention, measured"},
        **features_of(spec, cfg, model, ckpt),
        "loss": float(loss.detach().float()),
        "saved": summary,
        "itemized": itemized,
        "excluded_saves": dict(excluded),
        "model_state": state,
        "observed": observe(records, cfg, precision, rep, B, S, extended="family" in spec),
        "wall_s": round(wall, 3),
    }
    del model, opt, tracker, records, loss
    return result


# --------------------------------------------------------------------------
# The grid
# --------------------------------------------------------------------------
def _spec(id_, arch, B, S, H, A, L, F, V, precision="fp32", ckpt="none", KV=None, tied=None, dropout=None,
          attn="eager"):
    if tied is None:
        tied = arch == "gpt2"
    if dropout is None:
        dropout = 0.1 if arch == "gpt2" else 0.0
    model = dict(arch=arch, hidden=H, heads=A, kv_heads=KV if KV is not None else A, ffn=F, vocab=V, layers=L,
                 tied=tied, dropout=dropout, attn_impl=attn,
                 max_positions=max(1024, S) if arch == "gpt2" else 0,
                 norm_eps=1e-5 if arch == "gpt2" else 1e-6)
    return {"id": id_, "model": model, "batch": B, "seq": S, "precision": precision, "checkpointing": ckpt}


def grid():
    g = []
    # ---- GPT-2 family (tied, dropout 0.1 as in the GPT-2 config, unless stated)
    for prec in PRECISIONS:
        for ckpt in ("none", "full"):
            g.append(_spec("gpt2-base-%s%s" % (prec, "-ckpt" if ckpt == "full" else ""), "gpt2",
                           2, 128, 128, 4, 2, 512, 1000, prec, ckpt))
    g.append(_spec("gpt2-base-fp32-nodrop", "gpt2", 2, 128, 128, 4, 2, 512, 1000, dropout=0.0))
    g.append(_spec("gpt2-base-bf16-nodrop", "gpt2", 2, 128, 128, 4, 2, 512, 1000, "bf16", dropout=0.0))
    g.append(_spec("gpt2-base-autocast-nodrop", "gpt2", 2, 128, 128, 4, 2, 512, 1000, "autocast_bf16",
                   dropout=0.0))
    g.append(_spec("gpt2-untied-fp32", "gpt2", 2, 128, 128, 4, 2, 512, 1000, tied=False))
    g.append(_spec("gpt2-untied-autocast", "gpt2", 2, 128, 128, 4, 2, 512, 1000, "autocast_bf16", tied=False))
    g.append(_spec("gpt2-s32-b4", "gpt2", 4, 32, 64, 2, 3, 256, 256))
    g.append(_spec("gpt2-s512-b1", "gpt2", 1, 512, 128, 4, 2, 512, 1000))
    g.append(_spec("gpt2-s256-a8-bf16", "gpt2", 2, 256, 256, 8, 2, 1024, 2048, "bf16"))
    g.append(_spec("gpt2-h512-a16", "gpt2", 1, 128, 512, 16, 2, 2048, 4096))
    g.append(_spec("gpt2-ffn3h-l4", "gpt2", 2, 64, 192, 6, 4, 576, 1000))
    g.append(_spec("gpt2-v32000-autocast", "gpt2", 1, 128, 128, 4, 2, 512, 32000, "autocast_bf16"))
    g.append(_spec("gpt2-flash-fp32", "gpt2", 2, 128, 128, 4, 2, 512, 1000, attn="flash_emulated"))
    g.append(_spec("gpt2-flash-bf16", "gpt2", 2, 128, 128, 4, 2, 512, 1000, "bf16", attn="flash_emulated"))
    g.append(_spec("gpt2-flash-autocast-ckpt", "gpt2", 2, 128, 128, 4, 2, 512, 1000, "autocast_bf16", "full",
                   attn="flash_emulated"))
    # ---- LLaMA family (untied, no dropout, LLaMA-like FFN 8/3 H rounded, unless stated)
    for prec in PRECISIONS:
        for ckpt in ("none", "full"):
            g.append(_spec("llama-base-%s%s" % (prec, "-ckpt" if ckpt == "full" else ""), "llama",
                           2, 128, 128, 4, 2, 344, 1000, prec, ckpt))
    g.append(_spec("llama-gqa2-fp32", "llama", 2, 128, 128, 4, 2, 344, 1000, KV=2))
    g.append(_spec("llama-mqa-fp32", "llama", 2, 128, 128, 4, 2, 344, 1000, KV=1))
    g.append(_spec("llama-gqa2-autocast", "llama", 2, 128, 128, 4, 2, 344, 1000, "autocast_bf16", KV=2))
    g.append(_spec("llama-gqa4-bf16", "llama", 2, 128, 256, 8, 2, 688, 1000, "bf16", KV=2))
    g.append(_spec("llama-dropout-fp32", "llama", 2, 128, 128, 4, 2, 344, 1000, dropout=0.1))
    g.append(_spec("llama-dropout-bf16", "llama", 2, 128, 128, 4, 2, 344, 1000, "bf16", dropout=0.1))
    g.append(_spec("llama-dropout-autocast", "llama", 2, 128, 128, 4, 2, 344, 1000, "autocast_bf16",
                   dropout=0.1))
    g.append(_spec("llama-tied-fp32", "llama", 2, 128, 128, 4, 2, 344, 1000, tied=True))
    g.append(_spec("llama-tied-autocast", "llama", 2, 128, 128, 4, 2, 344, 1000, "autocast_bf16", tied=True))
    g.append(_spec("llama-v32000-bf16", "llama", 1, 128, 128, 4, 2, 344, 32000, "bf16"))
    g.append(_spec("llama-v32000-autocast-ckpt", "llama", 1, 128, 128, 4, 2, 344, 32000, "autocast_bf16",
                   "full"))
    g.append(_spec("llama-s512-b1", "llama", 1, 512, 128, 4, 2, 344, 1000))
    g.append(_spec("llama-s512-gqa-ckpt-bf16", "llama", 1, 512, 128, 4, 3, 344, 1000, "bf16", "full", KV=2))
    g.append(_spec("llama-s32-b4-l4", "llama", 4, 32, 64, 2, 4, 172, 256))
    g.append(_spec("llama-h512-a8-kv2", "llama", 1, 128, 512, 8, 2, 1376, 4096, "autocast_bf16", KV=2))
    g.append(_spec("llama-h256-a16-d16", "llama", 2, 64, 256, 16, 2, 688, 1000, KV=4))
    g.append(_spec("llama-ffn-odd", "llama", 2, 96, 192, 6, 3, 520, 1000, "bf16", KV=3))
    g.append(_spec("llama-flash-fp32", "llama", 2, 128, 128, 4, 2, 344, 1000, attn="flash_emulated"))
    g.append(_spec("llama-flash-gqa-bf16", "llama", 2, 256, 256, 8, 2, 688, 1000, "bf16", KV=2,
                   attn="flash_emulated"))
    g.append(_spec("llama-flash-gqa-autocast", "llama", 2, 256, 256, 8, 2, 688, 1000, "autocast_bf16", KV=2,
                   attn="flash_emulated"))
    g.append(_spec("llama-flash-ckpt-bf16", "llama", 2, 256, 256, 8, 2, 688, 1000, "bf16", "full", KV=2,
                   attn="flash_emulated"))
    g.append(_spec("llama-flash-dropout-bf16", "llama", 2, 128, 128, 4, 2, 344, 1000, "bf16", dropout=0.1,
                   attn="flash_emulated"))
    g.extend(grid_new())
    ids = [s["id"] for s in g]
    assert len(ids) == len(set(ids)), "duplicate config ids"
    return g


def _fam(id_, family, arch, B, S, H, A, L, F, V, precision="fp32", ckpt="none", KV=None, tied=False,
         norm_eps=1e-6, seed=None, features=None, **extra):
    """A configuration of the newer families / training features (fields as models.ModelConfig)."""
    model = dict(arch=arch, hidden=H, heads=A, kv_heads=KV if KV is not None else A, ffn=F, vocab=V, layers=L,
                 tied=tied, dropout=0.0, attn_impl="eager", max_positions=0, norm_eps=norm_eps, **extra)
    spec = {"id": id_, "family": family, "model": model, "batch": B, "seq": S, "precision": precision,
            "checkpointing": ckpt}
    if seed is not None:
        spec["seed"] = seed
    spec.update(features or {})
    return spec


def grid_new():
    """Block families and training features added after the original 48 configurations."""
    g = []
    ck = lambda c: "-ckpt" if c == "full" else ""  # noqa: E731
    # GPT-NeoX: parallel residual, two LayerNorms on the layer input, fused QKV (bias), rotary_pct 0.25,
    # GELU (erf) MLP with biases, untied embed_out
    neox = dict(norm_eps=1e-5, rotary_pct=0.25)
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "none"), ("autocast_bf16", "full"),
                    ("fp32", "full")):
        g.append(_fam("neox-%s%s" % (prec.replace("_bf16", ""), ck(c)), "neox", "gpt_neox", 2, 128, 128, 4, 2,
                      512, 1000, prec, c, **neox))
    g.append(_fam("neox-b1-bf16", "neox", "gpt_neox", 1, 128, 128, 4, 2, 512, 1000, "bf16", **neox))
    # Phi: one LayerNorm shared by attention and MLP, biases, partial_rotary_factor 0.5, gelu_new, lm_head bias
    phi = dict(norm_eps=1e-5, rotary_pct=0.5)
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "none"), ("fp32", "full"),
                    ("autocast_bf16", "full")):
        g.append(_fam("phi-%s%s" % (prec.replace("_bf16", ""), ck(c)), "phi", "phi", 2, 128, 128, 4, 2, 512,
                      1000, prec, c, **phi))
    # Gemma-2: GemmaRMSNorm x4, head_dim 48 apart from H/A = 32, GQA 2:1, soft-capping, GeGLU, tied, sqrt(H)
    gem = dict(head_size=48, attn_softcap=50.0, final_softcap=30.0, query_pre_attn_scalar=64.0,
               sliding_window=4096)
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "none"), ("bf16", "full"),
                    ("autocast_bf16", "full")):
        g.append(_fam("gemma2-%s%s" % (prec.replace("_bf16", ""), ck(c)), "gemma2", "gemma2", 2, 64, 64, 2, 2,
                      192, 1000, prec, c, KV=1, tied=True, **gem))
    g.append(_fam("gemma2-b1-s128-fp32", "gemma2", "gemma2", 1, 128, 64, 2, 2, 192, 1000, KV=1, tied=True, **gem))
    # Mixtral: top-2 of 4 experts (w1, w3, w2), router softmax fp32, renormalised, aux loss
    mix = dict(experts=4, top_k=2, router_aux_loss_coef=0.02)
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "none"), ("fp32", "full"),
                    ("autocast_bf16", "full")):
        g.append(_fam("mixtral-%s%s" % (prec.replace("_bf16", ""), ck(c)), "llama", "mixtral", 2, 64, 64, 4, 2,
                      128, 256, prec, c, KV=2, **mix))
    g.append(_fam("mixtral-b1-s128-bf16", "llama", "mixtral", 1, 128, 64, 4, 2, 128, 256, "bf16", KV=2, seed=1,
                  **mix))
    # Qwen2-MoE: 4 experts top-2 without renormalisation, shared expert with sigmoid gate, q/k/v bias
    qw = dict(experts=4, top_k=2, norm_topk_prob=False, shared_ffn=128, router_aux_loss_coef=0.001,
              attention_bias=True)
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "none"), ("autocast_bf16", "full")):
        g.append(_fam("qwen2moe-%s%s" % (prec.replace("_bf16", ""), ck(c)), "llama", "qwen2_moe", 2, 64, 64, 4, 2,
                      64, 256, prec, c, **qw))
    # DeepSeek-V2 multi-head latent attention (dense MLP)
    mla = dict(q_lora_rank=0, kv_lora_rank=32, qk_rope_head_dim=8, qk_nope_head_dim=16, v_head_dim=16)
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "none"), ("fp32", "full")):
        g.append(_fam("mla-%s%s" % (prec.replace("_bf16", ""), ck(c)), "llama", "deepseek_v2", 2, 64, 64, 4, 2,
                      172, 256, prec, c, **mla))
    mlaq = dict(mla, q_lora_rank=24)
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "full")):
        g.append(_fam("mla-qa24-%s%s" % (prec.replace("_bf16", ""), ck(c)), "llama", "deepseek_v2", 2, 64, 64,
                      4, 2, 172, 256, prec, c, **mlaq))
    g.append(_fam("mla-b1-s128-fp32", "llama", "deepseek_v2", 1, 128, 64, 4, 2, 172, 256, **mla))
    # GPT-2 with the fused GELU (F.gelu(x, approximate="tanh"), nanoGPT / litgpt)
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "none"), ("fp32", "full")):
        sp = _spec("gpt2-gelufused-%s%s" % (prec.replace("_bf16", ""), ck(c)), "gpt2", 2, 128, 128, 4, 2, 512,
                   1000, prec, c)
        sp["model"]["gelu"] = "fused"
        sp["family"] = "gpt2"
        g.append(sp)
    # LLaMA, one KV head and B = 1: repeat_kv's expand + reshape stays a view
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "none"), ("fp32", "full")):
        sp = _spec("llama-mqa-b1-%s%s" % (prec.replace("_bf16", ""), ck(c)), "llama", 1, 128, 128, 4, 2, 344,
                   1000, prec, c, KV=1)
        sp["family"] = "llama"
        g.append(sp)
    # LoRA on a frozen LLaMA base (PEFT semantics), r = 8, alpha = 16
    def lora(targets, p):
        return {"lora": {"targets": targets, "r": 8, "alpha": 16, "dropout": p}}
    for name, targets, p, prec, c in (("qv", "qv", 0.0, "fp32", "none"), ("qv-drop", "qv", 0.05, "fp32", "none"),
                                      ("all", "all", 0.0, "fp32", "none"), ("all-drop", "all", 0.05, "fp32", "none"),
                                      ("qv", "qv", 0.0, "autocast_bf16", "none"),
                                      ("all-drop", "all", 0.05, "autocast_bf16", "none"),
                                      ("qv", "qv", 0.0, "bf16", "none"), ("all-drop", "all", 0.05, "bf16", "none"),
                                      ("qv", "qv", 0.0, "fp32", "full"),
                                      ("all-drop", "all", 0.05, "autocast_bf16", "full")):
        g.append(_fam("lora-%s-%s%s" % (name, prec.replace("_bf16", ""), ck(c)), "llama", "llama", 2, 64, 64, 4, 2,
                      172, 256, prec, c, KV=2, features=lora(targets, p)))
    # PEFT's modules_to_save: trainable copies of the embedding and / or the LM head beside the
    # frozen originals (models.apply_features)
    for name, save, prec, c in (("qv-save", ("embed_tokens", "lm_head"), "fp32", "none"),
                                ("qv-save", ("embed_tokens", "lm_head"), "bf16", "none"),
                                ("qv-save", ("embed_tokens", "lm_head"), "autocast_bf16", "none"),
                                ("qv-savehead", ("lm_head",), "bf16", "full"),
                                ("qv-saveembed", ("embed_tokens",), "autocast_bf16", "none")):
        f = lora("qv", 0.0)
        f["lora"]["save"] = list(save)
        g.append(_fam("lora-%s-%s%s" % (name, prec.replace("_bf16", ""), ck(c)), "llama", "llama", 2, 64, 64, 4, 2,
                      172, 256, prec, c, KV=2, features=f))
    # QLoRA: NF4 base (plain-torch bitsandbytes emulation) + LoRA on all linear targets
    for name, dq, p, prec, c in (("", False, 0.05, "fp32", "none"), ("", False, 0.05, "autocast_bf16", "none"),
                                 ("", False, 0.0, "bf16", "none"), ("dq-", True, 0.05, "autocast_bf16", "none"),
                                 ("", False, 0.05, "autocast_bf16", "full"), ("dq-", True, 0.0, "bf16", "full")):
        f = lora("all", p)
        f["qlora"] = {"double_quant": dq, "blocksize": 64}
        g.append(_fam("qlora-%s%s%s%s" % (name, "nodrop-" if p == 0 else "", prec.replace("_bf16", ""), ck(c)),
                      "llama", "llama", 2, 64, 64, 4, 2, 172, 256, prec, c, KV=2, features=f))
    # QLoRA over a GPTQ base (GPTQModel's training path emulated, models.GptqLinear): groups of 16
    # along the input; F = 176 so every matrix packs 8 codes per int32
    for prec, c in (("bf16", "none"), ("fp32", "none"), ("bf16", "full")):
        f = lora("all", 0.0)
        f["qlora"] = {"format": "gptq", "group_size": 16}
        g.append(_fam("qlora-gptq-%s%s" % (prec, ck(c)), "llama", "llama", 2, 64, 64, 4, 2, 176, 256, prec, c, KV=2,
                      features=f))
    # Loss implementations on the LLaMA stack: torchtune's chunked CE, Liger's fused linear CE
    for li, tag in (("chunked_ce", "cce"), ("fused_linear_ce", "flce")):
        for B, prec, c in ((2, "fp32", "none"), (2, "autocast_bf16", "none"), (2, "bf16", "none"),
                           (1, "fp32", "none"), (2, "autocast_bf16", "full")):
            g.append(_fam("%s-%s%s%s" % (tag, "b1-" if B == 1 else "", prec.replace("_bf16", ""), ck(c)), "llama",
                          "llama", B, 128, 128, 4, 2, 344, 1000, prec, c, features={"loss_impl": li}))
    # LFM2: three gated short convolutions (kernel 3) before one attention layer with q/k norms;
    # layer.1, the itemized layer, is a convolution
    lfm = dict(conv_layers=3, conv_kernel=3, qk_norm=True, tied=True)
    for prec, c in (("fp32", "none"), ("autocast_bf16", "none"), ("bf16", "none"), ("autocast_bf16", "full"),
                    ("fp32", "full")):
        g.append(_fam("lfm2-%s%s" % (prec.replace("_bf16", ""), ck(c)), "llama", "lfm2", 2, 64, 64, 4, 4, 128,
                      256, prec, c, KV=2, **lfm))
    g.append(_fam("lfm2-b1-bf16", "llama", "lfm2", 1, 128, 64, 4, 4, 128, 256, "bf16", KV=2, **lfm))
    # LoRA on LFM2's attention (q, v) or on attention and MLP (all seven projections); the
    # convolutions' in_proj and out_proj stay frozen. Headroom's hybrid layers keep their full
    # fine-tuning lists under adapters (an upper bound): these runs measure how far above it is.
    for name, targets in (("qv", "qv"), ("all", "all")):
        for prec in ("bf16", "fp32"):
            g.append(_fam("lfm2-lora-%s-%s" % (name, prec), "llama", "lfm2", 2, 64, 64, 4, 4, 128, 256, prec, KV=2,
                          features=lora(targets, 0.0), **lfm))
    return g


def print_result(r):
    def rows(title, items):
        print("  [%s]" % title)
        for it in items:
            if it["category"] == "parameter":
                continue
            print("    %-34s %-20s %-20s %-9s %10d  %s%s" % (
                it["name"], it["category"], "x".join(map(str, it["shape"])), it["dtype"], it["bytes"],
                it["producer"] or "-", ("  = " + it["alias_of"]) if "alias_of" in it else ""))
    it = r["itemized"]
    rows(it["layer"] + " forward", it["forward"])
    if "recompute" in it:
        rows(it["layer"] + " recompute", it["recompute"])
    for reg, items in it["outside"].items():
        rows(reg, items)
    for row in r["saved"]["per_layer"]:
        print("  ", row)
    for k, row in r["saved"]["outside"].items():
        if any(v for kk, v in row.items() if kk != "region"):
            print("  ", row)
    print("   observed:", r["observed"])
    print("   state:", r["model_state"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--only", nargs="*", help="config ids to run (prints, does not write unless --out given)")
    ap.add_argument("--print", action="store_true", help="print the itemized records of each config")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    specs = grid()
    if args.list:
        for s in specs:
            print(s["id"])
        return 0
    if args.only:
        specs = [s for s in specs if s["id"] in set(args.only)]
        if not specs:
            ap.error("no such config")
    t0 = time.time()
    results = []
    for s in specs:
        r = run_config(s, args.threads)
        results.append(r)
        ft = r["saved"]["forward_totals"]
        print("%-32s act %10d  wcopy %9d  shared %8d  layer %9d  %.2fs" % (
            r["id"], ft["activation"], ft["autocast_weight_copy"], ft["shared"],
            r["saved"]["per_layer"][0]["activation"], r["wall_s"]), flush=True)
        if args.print:
            print_result(r)
    total = time.time() - t0
    if args.only and args.out == DEFAULT_OUT:
        return 0
    doc = {
        "schema": 1,
        "generator": "tools/calibrate/measure.py",
        "what": "bytes saved for backward per training step, measured with "
                "torch.autograd.graph.saved_tensors_hooks on CPU; see tools/calibrate/README.md",
        "torch_version": torch.__version__,
        "python": platform.python_version(),
        "device": "cpu",
        "autocast": "torch.autocast('cpu', dtype=torch.bfloat16); CPU op lists of this torch version",
        "checkpoint_impl": models.CHECKPOINT_IMPL,
        "dedup": "by storage over the whole step; a saved view counts its whole storage once",
        "categories": {
            "activation": "saved for backward, counted in the region totals",
            "autocast_weight_copy": "bf16 cast of an fp32 parameter made by autocast and saved by a matmul; "
                                    "counted separately",
            "shared": "built once per forward and used by every layer (RoPE cos/sin, causal mask, positions); "
                      "region 'shared'",
            "scalar": "0-dim tensors (wrapped Python numbers, torch.full([]) constants); listed, not in totals",
            "parameter/buffer": "model state, excluded (only counted in excluded_saves)",
        },
        "cpu_vs_cuda": CPU_VS_CUDA,
        "grid_size": len(results),
        "run_seconds": round(total, 1),
        "configs": results,
    }
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=None, separators=(",", ":"), sort_keys=False)
        f.write("\n")
    print("wrote %s: %d configs, %.1f s, %d bytes" % (args.out, len(results), total, os.path.getsize(args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
