#!/usr/bin/python3
"""Vision towers on CPU: what a training step saves for backward when the tower is trained.

For each configuration one step runs a vision tower of vision_models.py (Qwen2-VL, Qwen2.5-VL,
SigLIP + Gemma3MultiModalProjector, CLIP + LLaVA's get_image_features and LlavaMultiModalProjector,
Pixtral + Mistral 3's get_image_features and Mistral3MultiModalProjector, Pixtral + LLaVA's
get_image_features and LlavaMultiModalProjector as mistral-community/pixtral-12b is laid out (tower
"pixtral_llava", ids "llava-pixtral-*": the same tower, vision_feature_layer -1, the "full" strategy,
no merger, one token per patch); Hugging Face transformers' code op for op, random weights): every
tower parameter requires grad, pixel_values do not; the tower and its merger / projector run forward,
a scalar loss is taken from the output (`out.float().pow(2).mean()`, region "loss") and backward
runs. Every tensor autograd saves is recorded through torch.autograd.graph.saved_tensors_hooks by
measure.py's SavedTensorTracker:
deduplicated by storage over the whole step (a view counts its whole storage once), parameters and
buffers excluded, autocast casts of parameters counted apart (`autocast_weight_copy`), tensors built
once per forward and used by every block (Qwen's rotary cos / sin, the cu_seqlens the checkpoint
keeps; Pixtral's position_ids and, under eager, its block mask, which the checkpoint keeps) as
`shared`, 0-dim tensors as `scalar`. Regions: `patch_embed`, `position` (the rotary cos / sin every
Qwen or Pixtral block shares; SigLIP's position-embedding add), `window_reorder` (Qwen2.5-VL's two
gathers by window index), `pre_norm` (CLIP's pre_layrnorm, Pixtral's ln_pre), `block.i`, `post_norm`
(SigLIP; CLIP's, on the pooled CLS token only), `feature_select` (LLaVA's hidden_states[-2][:, 1:]
for CLIP, hidden_states[-1] whole for Pixtral: neither copies, both save nothing), `merger` (Qwen) /
`projector` (Gemma 3; LLaVA: linear_1, GELU, linear_2; Mistral 3: norm, patch merger, linear_1, GELU,
linear_2), `shared` (what the checkpoint keeps beside the rotary tables), `loss`. CLIP's patch_embed
holds the whole CLIPVisionEmbeddings (conv, class-token concat, position add). With LLaVA's
vision_feature_layer = -2 the last layer and post_layernorm run but the loss does not reach them:
their parameters get no gradient and what they save is freed when get_image_features returns; a
second forward with weak references finds those storages (`freed_before_backward`). With
checkpointing (every block, HF's GradientCheckpointingLayer, use_reentrant=True) the tensors saved
while each block is recomputed in backward are recorded too (phase "recompute").

Attention: "eager" (HF's eager_attention_forward; per cu_seqlens chunk for the Qwen towers, as their
non-flash path runs it; over all N patches of all images with the additive block mask for Pixtral)
and "flash_emulated" (models.FlashEmulated: saves q, k, v, out and an fp32 logsumexp, what
FlashAttention-2 saves; varlen per image for Qwen and Pixtral; EMULATED, labelled so). Precision:
"fp32"; "bf16" (model cast to bf16, inputs bf16; Qwen's and Pixtral's rotary inv_freq kept fp32 as
from_pretrained(torch_dtype=bfloat16) leaves it, one Qwen config casts it too, as model.to(bf16)
does); "autocast-bf16" (fp32 weights, torch.autocast("cpu", dtype=torch.bfloat16); LayerNorm given
CUDA autocast's fp32 rule by hand, which CPU autocast of torch 1.13 lacks: see cpu_vs_cuda in the
output).

HF sources followed (huggingface/transformers): src/transformers/models/qwen2_vl/modeling_qwen2_vl.py
and src/transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py at commit
00b676f8f0489b88652a31d70751cc540dd06305; src/transformers/models/siglip/modeling_siglip.py
(1c51a62f5861390e994db1464e8a51f6d7fbacbc), src/transformers/models/gemma3/modeling_gemma3.py
(0018aa647bb13801f061e2d1027c326f531b59fb), src/transformers/models/clip/modeling_clip.py
(000f1ffdbf1ce6190cc8863af9a2fff817590937), src/transformers/models/llava/modeling_llava.py
(00d3cdbeaab26587a543f75df7997a53a6fb146b), src/transformers/models/pixtral/modeling_pixtral.py
(0233e509531ace915c8241b4c16c8032a583279c), src/transformers/models/mistral3/modeling_mistral3.py
(00dcc6dda6f6d8e69541a6b51f97986a80242367), src/transformers/models/llava/modeling_llava.py again at
that commit for Pixtral in LLaVA's layout (get_image_features with image_sizes: the per-image split)
and src/transformers/modeling_layers.py
(00029cfa0ed780d1ddb6e5d199bd92e86c5791a2), the versions stored where that commit was not;
details in vision_models.py's docstring.

Run:  /usr/bin/python3 tools/calibrate/vision_measure.py            (whole grid)
      /usr/bin/python3 tools/calibrate/vision_measure.py --list
      /usr/bin/python3 tools/calibrate/vision_measure.py --only qwen2vl-bf16-flash-2img --print
      /usr/bin/python3 tools/calibrate/vision_measure.py --only pixtral-fp32-eager-2img --out /tmp/p.json
      /usr/bin/python3 tools/calibrate/vision_measure.py --threads 1 --only llava-pixtral-fp32-eager-2img --print
Output: tests/fixtures/calibration/vision-cpu.json
"""

import argparse
import collections
import gc
import json
import os
import platform
import sys
import time
import weakref

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402
import models  # noqa: E402
import vision_models  # noqa: E402
from vision_models import VisionConfig  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEFAULT_OUT = os.path.join(REPO, "tests", "fixtures", "calibration", "vision-cpu.json")

# Names of what these modules save when the code carries no op() label (measure's table + these).
measure._MODULE_ROLES.update({nn.Conv3d: ("input",), nn.Conv2d: ("input",), nn.GELU: ("input",),
                              nn.AvgPool2d: ("input",)})

TOWERS = {
    # Qwen2-VL: embed_dim 64, 4 heads (d 16), mlp_ratio 4, quick_gelu, merger to 96
    "qwen2_vl": dict(tower="qwen2_vl", depth=2, hidden=64, heads=4, ffn=256, patch=14, temporal_patch=2, merge=2,
                     out_hidden=96, hidden_act="quick_gelu"),
    # Qwen2.5-VL: hidden 64, 2 heads (d 32), intermediate 176, silu, window 112 px = 8x8 patches,
    # block 1 full attention, block 0 windowed
    "qwen2_5_vl": dict(tower="qwen2_5_vl", depth=2, hidden=64, heads=2, ffn=176, patch=14, temporal_patch=2,
                       merge=2, out_hidden=96, hidden_act="silu", window_size=112, fullatt_block_indexes=[1]),
    # SigLIP (Gemma 3): 112 px / 14 = 8x8 patches, pooled 2x2 to 16 tokens, gelu_pytorch_tanh
    "siglip": dict(tower="siglip", depth=2, hidden=128, heads=4, ffn=448, patch=14, image_size=112,
                   mm_tokens_per_image=16, out_hidden=96, hidden_act="gelu_pytorch_tanh"),
    # CLIP (LLaVA): 112 px / 14 = 8x8 patches + CLS = 65 tokens an image, 4 heads (d 16), mlp 4x,
    # quick_gelu, LayerNorm eps 1e-5; depth 3 with vision_feature_layer -2 (layer 2 runs unused),
    # "default" strategy (CLS dropped), projector to the text hidden 96 with "gelu"
    "clip": dict(tower="clip", depth=3, hidden=64, heads=4, ffn=256, patch=14, image_size=112, out_hidden=96,
                 hidden_act="quick_gelu", norm_eps=1e-5, vision_feature_layer=-2,
                 vision_feature_select_strategy="default", projector_hidden_act="gelu"),
    # Pixtral (Mistral 3): hidden 64, 4 heads (d 16), intermediate 160, silu (Mistral Small 3.1's
    # vision_config), patch 14, image_size 112 (rotary table 8 x 8 positions), the projector's
    # spatial_merge_size 2 to the text hidden 96, "gelu", no bias; vision_feature_layer -1
    "pixtral": dict(tower="pixtral", depth=2, hidden=64, heads=4, ffn=160, patch=14, image_size=112, merge=2,
                    out_hidden=96, hidden_act="silu", norm_eps=1e-5, rope_theta=10000.0, vision_feature_layer=-1,
                    projector_hidden_act="gelu", multimodal_projector_bias=False),
    # Pixtral in LLaVA's layout (mistral-community/pixtral-12b: model_type "llava", vision_config
    # "pixtral"): the same tower sizes, no merge (merge 1: LlavaMultiModalProjector has no norm and
    # no patch merger, one token per patch), vision_feature_layer -1, "full" strategy, "gelu",
    # multimodal_projector_bias True
    "pixtral_llava": dict(tower="pixtral_llava", depth=2, hidden=64, heads=4, ffn=160, patch=14, image_size=112,
                          merge=1, out_hidden=96, hidden_act="silu", norm_eps=1e-5, rope_theta=10000.0,
                          vision_feature_layer=-1, vision_feature_select_strategy="full",
                          projector_hidden_act="gelu", multimodal_projector_bias=True),
}
TOWER_TAG = {"qwen2_vl": "qwen2vl", "qwen2_5_vl": "qwen25vl", "siglip": "siglip", "clip": "clip",
             "pixtral": "pixtral", "pixtral_llava": "llava-pixtral"}
IMAGES = {
    "qwen": {"1img": [[1, 16, 16]], "2img": [[1, 8, 12], [1, 4, 6]], "video": [[2, 8, 8]]},
    "siglip": {"1img": [[1, 8, 8]], "2img": [[1, 8, 8], [1, 8, 8]]},
    # Pixtral: [1, h, w] patches, each image at its own size (56 x 84 and 28 x 56 px), padded to
    # 56 x 84 in pixel_values as the processor batches them
    "pixtral": {"2img": [[1, 4, 6], [1, 2, 4]]},
}
PRECISIONS = ("fp32", "bf16", "autocast-bf16")
PREC_TAG = {"fp32": "fp32", "bf16": "bf16", "autocast-bf16": "autocast"}
ATTN_TAG = {"eager": "eager", "flash_emulated": "flash"}
HF_CLASSES = {
    "qwen2_vl": "Qwen2VisionTransformerPretrainedModel (PatchEmbed, VisionRotaryEmbedding, Qwen2VLVisionBlock, "
                "VisionAttention, VisionMlp, PatchMerger)",
    "qwen2_5_vl": "Qwen2_5_VisionTransformerPretrainedModel (Qwen2_5_VisionPatchEmbed, Qwen2RMSNorm, "
                  "Qwen2_5_VLVisionBlock, Qwen2_5_VLVisionAttention, Qwen2_5_VLMLP(bias=True), "
                  "Qwen2_5_VLPatchMerger, get_window_index)",
    "siglip": "SiglipVisionTransformer (vision_use_head=False: SiglipVisionEmbeddings, SiglipEncoderLayer, "
              "post_layernorm) + Gemma3MultiModalProjector",
    "clip": "CLIPVisionModel (CLIPVisionEmbeddings, pre_layrnorm, CLIPEncoderLayer, CLIPAttention, CLIPMLP, "
            "post_layernorm on the pooled CLS) as LlavaModel.get_image_features runs it (output_hidden_states, "
            "vision_feature_layer -2, 'default' strategy [:, 1:]) + LlavaMultiModalProjector",
    "pixtral": "PixtralVisionModel (patch_conv, ln_pre PixtralRMSNorm, PixtralRotaryEmbedding, PixtralAttentionLayer, "
               "PixtralAttention, PixtralMLP, generate_block_attention_mask) as Mistral3Model.get_image_features runs "
               "it (output_hidden_states, vision_feature_layer -1) + Mistral3MultiModalProjector (Mistral3RMSNorm, "
               "Mistral3PatchMerger, linear_1, gelu, linear_2)",
    "pixtral_llava": "PixtralVisionModel (patch_conv, ln_pre PixtralRMSNorm, PixtralRotaryEmbedding, "
                     "PixtralAttentionLayer, PixtralAttention, PixtralMLP, generate_block_attention_mask) as "
                     "LlavaModel.get_image_features runs it for a Pixtral tower "
                     "(image_sizes to the tower, output_hidden_states, vision_feature_layer -1, 'full' strategy: every "
                     "patch, the projector on (1, N, d), squeeze(0), torch.split per image of (H // p) * (W // p) "
                     "tokens) + LlavaMultiModalProjector (linear_1, gelu, linear_2, bias True; no norm, no merger)",
}


def _is_qwen(tower):
    return tower in ("qwen2_vl", "qwen2_5_vl")


def _is_pixtral(tower):
    """Pixtral's tower, in Mistral 3's layout ("pixtral") or in LLaVA's ("pixtral_llava")."""
    return tower in ("pixtral", "pixtral_llava")
CATS = ("activation", "autocast_weight_copy", "shared", "scalar")


def _spec(tower, precision, attention, images, ckpt="none", cast_buffers=False):
    kind = "qwen" if _is_qwen(tower) else "pixtral" if _is_pixtral(tower) else "siglip"   # CLIP: like SigLIP
    id_ = "%s-%s-%s-%s%s%s" % (TOWER_TAG[tower], PREC_TAG[precision], ATTN_TAG[attention], images,
                               "-ckpt" if ckpt == "full" else "", "-castbuf" if cast_buffers else "")
    s = {"id": id_, "tower": tower, "precision": precision, "attention": attention, "images_tag": images,
         "images": IMAGES[kind][images], "checkpointing": ckpt}
    if cast_buffers:
        s["cast_buffers"] = True
    return s


def grid():
    g = []
    for tower in ("qwen2_vl", "qwen2_5_vl", "siglip"):
        for prec in PRECISIONS:
            for attn in ("eager", "flash_emulated"):
                g.append(_spec(tower, prec, attn, "2img"))
        for attn in ("eager", "flash_emulated"):
            g.append(_spec(tower, "bf16", attn, "1img"))
        g.append(_spec(tower, "bf16", "flash_emulated", "2img", "full"))
        g.append(_spec(tower, "autocast-bf16", "eager", "2img", "full"))
    g.append(_spec("qwen2_vl", "fp32", "eager", "2img", "full"))
    g.append(_spec("qwen2_vl", "bf16", "flash_emulated", "video"))
    g.append(_spec("qwen2_vl", "bf16", "eager", "2img", cast_buffers=True))
    g.append(_spec("qwen2_5_vl", "bf16", "flash_emulated", "2img", cast_buffers=True))
    for prec in PRECISIONS:           # CLIP + LLaVA, after the original 34
        for attn in ("eager", "flash_emulated"):
            g.append(_spec("clip", prec, attn, "2img"))
    g.append(_spec("clip", "bf16", "flash_emulated", "2img", "full"))
    for prec in PRECISIONS:           # Pixtral + Mistral 3's projector, after CLIP's 7
        for attn in ("eager", "flash_emulated"):
            g.append(_spec("pixtral", prec, attn, "2img"))
    for prec, attn in (("fp32", "flash_emulated"), ("fp32", "eager"), ("bf16", "flash_emulated"),
                       ("autocast-bf16", "flash_emulated"), ("autocast-bf16", "eager")):
        g.append(_spec("pixtral", prec, attn, "2img", "full"))
    for prec, attn in (("fp32", "eager"), ("fp32", "flash_emulated"), ("bf16", "flash_emulated"),
                       ("autocast-bf16", "eager"), ("autocast-bf16", "flash_emulated")):
        g.append(_spec("pixtral_llava", prec, attn, "2img"))   # Pixtral in LLaVA's layout, after Pixtral's 11
    g.append(_spec("pixtral_llava", "autocast-bf16", "flash_emulated", "2img", "full"))
    ids = [s["id"] for s in g]
    assert len(ids) == len(set(ids)), "duplicate config ids"
    return g


class VisionTracker(measure.SavedTensorTracker):
    """measure.SavedTensorTracker with block regions ("block.i") and the shared tensors filed
    under "position" (rotary cos / sin) or "shared" (cu_seqlens), with the region that saved them."""

    def _region(self):
        for entry in reversed(self.stack):
            r = self.region_modules.get(entry[0])
            if r is not None:
                root, cur = entry[0], self.stack[-1][0]
                if cur != root:
                    rel = cur[len(root) + 1:]
                else:
                    rel = "" if r.startswith("block.") else root.rsplit(".", 1)[-1]
                return r, rel
        for lab in reversed(models.LABELS):
            if lab[0] == "region":
                return lab[1], ""
        return "other", ""

    def pack(self, t):
        before = self._region()[0] if isinstance(t, torch.Tensor) and t.numel() else None
        n = len(self.records)
        out = super().pack(t)
        if len(self.records) > n:
            rec = self.records[-1]
            if rec["category"] == "shared":
                rec["saved_in"] = before
                rec["region"] = "position" if rec["name"].startswith("rope_") else "shared"
        return out


def make_inputs(cfg, images, dtype):
    grid_thw = torch.tensor(images, dtype=torch.long)
    if _is_pixtral(cfg.tower):
        # the processor's batch: every image at its own size, zero-padded to the largest height and width
        hmax = max(h for _t, h, _w in images) * cfg.patch
        wmax = max(w for _t, _h, w in images) * cfg.patch
        pv = torch.zeros(len(images), cfg.in_channels, hmax, wmax)
        for i, (t, h, w) in enumerate(images):
            assert t == 1 and h * cfg.patch <= cfg.image_size and w * cfg.patch <= cfg.image_size
            assert h % cfg.merge == 0 and w % cfg.merge == 0
            pv[i, :, :h * cfg.patch, :w * cfg.patch] = torch.randn(cfg.in_channels, h * cfg.patch, w * cfg.patch)
        return pv.to(dtype), grid_thw, int(sum(h * w for _t, h, w in images))
    if not _is_qwen(cfg.tower):
        side = cfg.image_size // cfg.patch
        for t, h, w in images:
            assert (t, h, w) == (1, side, side), "SigLIP / CLIP take fixed-size images"
        pv = torch.randn(len(images), cfg.in_channels, cfg.image_size, cfg.image_size).to(dtype)
        cls = 1 if cfg.tower == "clip" else 0   # the tower's tokens: CLIP adds one class token an image
        return pv, grid_thw, len(images) * (side * side + cls)
    n = int((grid_thw[:, 0] * grid_thw[:, 1] * grid_thw[:, 2]).sum())
    width = cfg.in_channels * cfg.temporal_patch * cfg.patch * cfg.patch
    return torch.randn(n, width).to(dtype), grid_thw, n


def item(r):
    it = {k: r[k] for k in ("name", "category", "shape", "dtype", "bytes", "producer")}
    for k in ("alias_of", "how", "saved_in", "freed_before_backward"):
        if k in r:
            it[k] = r[k]
    return it


def _listed(r):
    return r["category"] not in ("parameter", "buffer")


def summarize(records, depth, always=("patch_embed", "position", "loss", "other")):
    def sums(rs):
        out = {c: 0 for c in CATS}
        for r in rs:
            if r["category"] in out:
                out[r["category"]] += r["bytes"]
        return out

    blocks = []
    for i in range(depth):
        reg = "block.%d" % i
        fwd = [r for r in records if r["phase"] == "forward" and r["region"] == reg]
        row = {"region": reg, **{c: v for c, v in sums(fwd).items() if c != "shared"}}
        row["items"] = [item(r) for r in records if r["phase"] == "forward" and _listed(r) and (
            r["region"] == reg or (r["category"] == "shared" and r.get("saved_in") == reg))]
        rec = [r for r in records if r["phase"] == "recompute" and r["region"] == reg]
        if rec:
            row["recompute"] = {c: v for c, v in sums(rec).items() if c != "shared"}
            row["recompute_items"] = [item(r) for r in records if r["phase"] == "recompute" and _listed(r) and (
                r["region"] == reg or (r["category"] == "shared" and r.get("saved_in") == reg))]
        blocks.append(row)
    outside = collections.OrderedDict()
    known = ("patch_embed", "position", "pre_norm", "window_reorder", "post_norm", "feature_select", "merger",
             "projector", "loss", "shared", "other")
    for reg in known + tuple(sorted({r["region"] for r in records} - set(known) -
                                    {"block.%d" % i for i in range(depth)})):
        rs = [r for r in records if r["phase"] == "forward" and r["region"] == reg
              and r["category"] not in ("parameter", "buffer")]
        if rs or reg in always:
            outside[reg] = {**sums(rs), "items": [item(r) for r in rs]}
    stray = [r for r in records if r["phase"] == "recompute" and not r["region"].startswith("block.")
             and r["category"] not in ("parameter", "buffer") and r["bytes"]]
    fwd_all = [r for r in records if r["phase"] == "forward"]
    totals = sums(fwd_all)
    totals["total"] = sum(totals[c] for c in CATS)
    out = {"blocks": blocks, "outside": outside, "forward_totals": totals}
    rec_act = [b.get("recompute", {}).get("activation", 0) for b in blocks]
    rec_all = [b.get("recompute", {}).get("activation", 0) + b.get("recompute", {}).get("autocast_weight_copy", 0)
               for b in blocks]
    out["max_recompute_activation_per_block"] = max(rec_act) if rec_act else 0
    out["max_recompute_bytes_per_block"] = max(rec_all) if rec_all else 0
    if stray:
        out["recompute_outside_blocks"] = [item(r) for r in stray]
    return out


def observe(saved, cfg, precision, n_patches, chunks):
    """Facts read off the records (the recomputation's when checkpointed)."""
    facts = {}
    # the last block (the last one rebuilt in backward when checkpointed: CLIP's last is never)
    blk = ([b for b in saved["blocks"] if b.get("recompute_items")] or saved["blocks"])[-1]
    items = blk.get("recompute_items") or blk["items"]
    by = {}
    for it in items:
        by.setdefault(it["name"], it)
    facts["from"] = "%s %s" % (blk["region"], "recompute" if blk.get("recompute_items") else "forward")
    sm = by.get("attn.probs_fp32") or by.get("self_attn.probs_fp32") or by.get("attention.probs_fp32")
    facts["softmax_saved_dtype"] = sm["dtype"] if sm else None
    v = by.get("attn.v") or by.get("self_attn.v") or by.get("attention.v")
    if v and v["bytes"]:
        elt = 2 if v["dtype"] in ("bfloat16", "float16") else 4
        facts["v_saved_storage_values_per_%s" % ("token" if cfg.tower == "clip" else "patch")] = \
            v["bytes"] // (elt * n_patches)
    fp32 = sorted({it["name"] for it in items if it["dtype"] == "float32" and it["bytes"] and
                   it["category"] in ("activation", "autocast_weight_copy")})
    facts["float32_saves_in_block"] = fp32 if precision != "fp32" else "all (fp32 run)"
    sh = [it for b in saved["blocks"] for it in b["items"] if it["category"] == "shared"]
    if sh:
        facts["shared_by_blocks"] = sorted({"%s %s %s" % (it["name"], "x".join(map(str, it["shape"])), it["dtype"])
                                            for it in sh})
    lens = set(sum(chunks.values(), []))
    quad = [it for it in items if it["category"] == "activation" and len(it["shape"]) >= 3
            and it["shape"][-1] == it["shape"][-2] and it["shape"][-1] in lens]
    facts["attention_quadratic_saves"] = sorted({"%s %s" % (it["name"], it["dtype"]) for it in quad})
    facts["attention_quadratic_bytes_per_block"] = sum(it["bytes"] for it in quad)
    return facts


def run_config(spec):
    torch.manual_seed(0)
    cfg = VisionConfig(**TOWERS[spec["tower"]], attn_impl=spec["attention"])
    precision, ckpt = spec["precision"], spec["checkpointing"]
    model = vision_models.build(cfg)
    param_count = sum(p.numel() for p in model.parameters())
    parts = vision_models.param_count_by_part(model)
    if precision == "bf16":
        model.to(torch.bfloat16)
        if _is_qwen(cfg.tower) and not spec.get("cast_buffers"):
            model.visual.rotary_pos_emb.reset_fp32()
        if _is_pixtral(cfg.tower):
            model.vision_tower.patch_positional_embedding.reset_fp32()
    model.train()
    if ckpt == "full":
        model.gradient_checkpointing_enable()
    in_dtype = torch.bfloat16 if precision == "bf16" else torch.float32
    pixel_values, grid_thw, n_patches = make_inputs(cfg, spec["images"], in_dtype)

    tracker = VisionTracker(model)
    models.HELD_BY_CHECKPOINT.append(tracker.held)
    t0 = time.time()
    try:
        with torch.autograd.graph.saved_tensors_hooks(tracker.pack, tracker.unpack):
            if precision == "autocast-bf16":
                with torch.autocast("cpu", dtype=torch.bfloat16):
                    out = model(pixel_values, grid_thw)
                    with models.region("loss"), models.op("out_fp32", "squared"):
                        loss = out.float().pow(2).mean()
            else:
                out = model(pixel_values, grid_thw)
                with models.region("loss"), models.op("out_fp32", "squared"):
                    loss = out.float().pow(2).mean()
            tracker.phase = "recompute"
            loss.backward()
    finally:
        tracker.remove()
        models.HELD_BY_CHECKPOINT.remove(tracker.held)
    wall = time.time() - t0
    if ckpt == "none" and any(r["phase"] == "recompute" for r in tracker.records):
        raise RuntimeError("tensors saved during backward without checkpointing")
    missing = [n for n, p in model.named_parameters() if p.grad is None]
    unused = []
    if cfg.tower == "clip":  # LLaVA's feature layer -2: the last layer and post_layernorm get no gradient
        prefixes = model.unused_parameter_prefixes()
        unused = [n for n, _ in model.named_parameters() if n.startswith(tuple(prefixes))]
        if sorted(missing) != sorted(unused):
            raise RuntimeError("parameters without a gradient: %s, expected %s" % (missing, unused))
    elif missing:
        raise RuntimeError("parameters without a gradient: %s" % missing)

    records = tracker.records
    if cfg.tower == "clip":
        freed = freed_before_backward(model, spec, pixel_values, grid_thw, records)
        saved = summarize(records, cfg.depth, always=("patch_embed", "pre_norm", "post_norm", "feature_select",
                                                      "projector", "loss", "other"))
        saved["freed_before_backward"] = freed
    elif cfg.tower == "pixtral":
        saved = summarize(records, cfg.depth, always=("patch_embed", "position", "pre_norm", "projector", "loss",
                                                      "other"))
    elif cfg.tower == "pixtral_llava":
        saved = summarize(records, cfg.depth, always=("patch_embed", "position", "pre_norm", "feature_select",
                                                      "projector", "loss", "other"))
    else:
        saved = summarize(records, cfg.depth)
    if _is_qwen(cfg.tower) or _is_pixtral(cfg.tower):
        chunks = dict(model.last_chunks)
    else:
        chunks = {"per_image": [(cfg.image_size // cfg.patch) ** 2 + (1 if cfg.tower == "clip" else 0)] *
                  len(spec["images"])}
    excluded = collections.Counter(r["category"] + "_saves" for r in records
                                   if r["category"] in ("parameter", "buffer"))
    sizes = cfg.to_dict()
    sizes.pop("tower")
    emulated = cfg.attn_impl == "flash_emulated"
    result = {
        "id": spec["id"],
        "tower": cfg.tower,
        "hf_classes": HF_CLASSES[cfg.tower],
        "sizes": sizes,
        "images": spec["images"],
        "patches": n_patches,
        "output_tokens": list(out.shape[:-1]),
        "attention_chunks": chunks,
        "precision": precision,
        "attention": {"impl": cfg.attn_impl, "kind": "emulated" if emulated else "measured",
                      "note": CLIP_ATTENTION_NOTE[emulated] if cfg.tower == "clip" else
                                PIXTRAL_ATTENTION_NOTE[emulated] if _is_pixtral(cfg.tower) else ("saves q, k, v, out and an fp32 logsumexp as FlashAttention-2 does (SigLIP: "
                               "models.FlashEmulated, non-causal, lse [B, A, S]; Qwen: one varlen call over "
                               "cu_seqlens, vision_models.FlashVarlenEmulated, lse [A, N]); emulated, not a kernel "
                               "(real FA2 takes no fp32 inputs)") if emulated else
                              ("HF eager_attention_forward%s, measured" %
                               (" per cu_seqlens chunk" if cfg.tower != "siglip" else ""))},
        "checkpointing": spec["checkpointing"],
        "checkpoint_impl": (("GradientCheckpointingLayer: %s; positional (hidden_states, attention_mask=None)"
                             % models.CHECKPOINT_IMPL) if cfg.tower == "clip" else
                            ("GradientCheckpointingLayer: %s; positional (hidden_states, attention_mask: the (1, 1, N, N) "
                             "block mask under eager, None under flash) saved by the checkpoint; keyword arguments "
                             "(position_embeddings, position_ids) in a functools.partial" % models.CHECKPOINT_IMPL)
                            if _is_pixtral(cfg.tower) else
                            ("GradientCheckpointingLayer: %s; keyword arguments (cu_seqlens, position_embeddings) "
                             "in a functools.partial" % models.CHECKPOINT_IMPL)) if ckpt == "full" else None,
        "rotary_inv_freq_dtype": (measure.dtype_name(model.visual.rotary_pos_emb.inv_freq.dtype)
                                  if _is_qwen(cfg.tower) else
                                  measure.dtype_name(model.vision_tower.patch_positional_embedding.inv_freq.dtype)
                                  if _is_pixtral(cfg.tower) else None),
        "param_count": param_count,
        "param_count_by_part": parts,
        "saved": saved,
        "observed": observe(saved, cfg, precision, n_patches, chunks),
        "excluded_saves": dict(sorted(excluded.items())),
        "loss": float(loss.detach().float()),
        "wall_s": round(wall, 3),
    }
    if not _is_qwen(cfg.tower) and not _is_pixtral(cfg.tower):
        result.pop("rotary_inv_freq_dtype")
    if cfg.tower == "pixtral":
        p, m = cfg.patch, cfg.merge
        per = [h * w for _t, h, w in spec["images"]]
        result["tokens"] = {
            "patches_per_image": per,
            "image_sizes_px": [[h * p, w * p] for _t, h, w in spec["images"]],
            "pixel_values": list(pixel_values.shape),
            "merged_tokens_per_image": [(h // m) * (w // m) for _t, h, w in spec["images"]],
            "note": "pixel_values is the processor's batch, zero-padded to the largest height and width; patch_conv "
                    "runs once over it (saving it whole) and each image is cropped to its h x w patches, flattened "
                    "and concatenated into one sequence of N patches (batch 1); the projector's patch merger "
                    "(spatial_merge_size %d) gives N / %d tokens" % (m, m * m)}
        result["feature_select"] = {
            "vision_feature_layer": cfg.vision_feature_layer,
            "hidden_states": "output_hidden_states=True: (ln_pre output, layer 0 output, ..., layer %d output)"
                             % (cfg.depth - 1),
            "selected": "hidden_states[%d] = layer %d's output, squeeze(0)" % (
                cfg.vision_feature_layer, (cfg.vision_feature_layer % (cfg.depth + 1)) - 1)}
    if cfg.tower == "pixtral_llava":
        p = cfg.patch
        per = [h * w for _t, h, w in spec["images"]]
        result["tokens"] = {
            "patches_per_image": per,
            "image_sizes_px": [[h * p, w * p] for _t, h, w in spec["images"]],
            "pixel_values": list(pixel_values.shape),
            "tokens_per_image": per,
            "note": "pixel_values is the processor's batch, zero-padded to the largest height and width; patch_conv "
                    "runs once over it (saving it whole) and each image is cropped to its h x w patches, flattened "
                    "and concatenated into one sequence of N patches (batch 1); LLaVA's projector has no merger: "
                    "N tokens, split per image into (H // %d) * (W // %d)" % (p, p)}
        result["feature_select"] = {
            "vision_feature_layer": cfg.vision_feature_layer,
            "vision_feature_select_strategy": cfg.vision_feature_select_strategy,
            "hidden_states": "output_hidden_states=True: (ln_pre output, layer 0 output, ..., layer %d output)"
                             % (cfg.depth - 1),
            "selected": "hidden_states[%d] = layer %d's output (the tower's last hidden state itself), whole ('full' "
                        "strategy: no slice, no copy), (1, N, d) into the projector; its output squeeze(0), "
                        "torch.split per image, torch.cat (LlavaModel.forward)" % (
                            cfg.vision_feature_layer, (cfg.vision_feature_layer % (cfg.depth + 1)) - 1)}
    if cfg.tower == "clip":
        per = (cfg.image_size // cfg.patch) ** 2
        result["tokens"] = {"patches_per_image": per, "class_tokens_per_image": 1,
                            "tower_tokens_per_image": per + 1,
                            "note": "'patches' counts the tower's tokens, the class token included (B x (patches + 1)); "
                                    "the projector gets B x patches ('default' strategy drops the CLS)"}
        result["feature_select"] = {
            "vision_feature_layer": cfg.vision_feature_layer,
            "vision_feature_select_strategy": cfg.vision_feature_select_strategy,
            "hidden_states": "output_hidden_states=True: (pre_layrnorm output, layer 0 output, ..., layer %d output)"
                             % (cfg.depth - 1),
            "selected": "hidden_states[%d] = layer %d's output, [:, 1:]" % (
                cfg.vision_feature_layer, (cfg.vision_feature_layer % (cfg.depth + 1)) - 1),
            "unused_blocks": ["block.%d" % i for i in range(cfg.vision_feature_layer % (cfg.depth + 1), cfg.depth)],
            "post_norm": "post_layernorm runs on last_hidden_state[:, 0, :] only (the pooled CLS, [B, h]); "
                         "LLaVA does not use it",
            "params_without_grad": unused,
            "param_count_without_grad": sum(p.numel() for n, p in model.named_parameters() if n in set(unused)),
        }
    if spec.get("cast_buffers"):
        result["note"] = ("model.to(torch.bfloat16) casts the rotary inv_freq buffer too (as DeepSpeed's / a manual "
                          "cast would); the other bf16 configs keep it fp32 as from_pretrained(torch_dtype=bf16) does")
    return result


CLIP_ATTENTION_NOTE = {
    False: "HF eager_attention_forward (CLIP's: matmul(q, k^T) * scaling, softmax in float32, .to(q dtype)) over "
           "the batch of equal images, (B, A, N, N) scores; measured",
    True: "saves q, k, v, out and an fp32 logsumexp [B, A, N] as FlashAttention-2 does (models.FlashEmulated, "
          "non-causal, no mask, one call over the batch: the same as one call per image); emulated, not a kernel",
}


PIXTRAL_ATTENTION_NOTE = {
    False: "HF eager_attention_forward (Pixtral's, SigLIP's copy: matmul(q, k^T) * scaling, + the (1, 1, N, N) "
           "block-diagonal mask of generate_block_attention_mask (dtype min outside each image's block), softmax in "
           "float32, .to(q dtype)) over ALL N patches as one sequence: (1, A, N, N) scores; measured",
    True: "saves q, k, v, out and an fp32 logsumexp [A, N] as FlashAttention-2's varlen kernel does "
          "(vision_models.FlashVarlenEmulated over the images, the sequences HF's flash path finds where the "
          "position ids are 0; no mask); emulated, not a kernel",
}


def freed_before_backward(model, spec, pixel_values, grid_thw, records):
    """Run the forward again, without the tracker, holding only weak references to what autograd
    saves (the graph holds detached aliases), and mark the records whose storage nothing reachable holds once the forward has returned
    and the loss is built (LLaVA's unused last layer and post_layernorm). The saves come in the same
    order as in the measured step; each is matched to its record by position and checked by shape
    and dtype. Returns the freed bytes per region."""
    packs, strong = [], []

    def pack(t):
        # the graph gets a detached alias (same storage): returning a saved output itself would
        # make a cycle (tensor -> grad_fn -> saved tensor) that no collector frees; this forward is
        # never run backward
        if isinstance(t, torch.Tensor) and t.numel():
            alias = t.detach()
            packs.append((weakref.ref(alias), measure.storage_of(t), list(t.shape), measure.dtype_name(t.dtype)))
            return alias
        return t

    def held(t):
        strong.append(t)
        pack(t)

    def alive_now():
        # right after the model's forward returned: nothing has been allocated since the unused
        # layer's storages were released, so no address can have been reused yet
        gc.collect()
        return {key for ref, key, _s, _d in packs if ref() is not None}, len(packs)

    models.HELD_BY_CHECKPOINT.append(held)
    try:
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            if spec["precision"] == "autocast-bf16":
                with torch.autocast("cpu", dtype=torch.bfloat16):
                    out = model(pixel_values, grid_thw)
                    alive, n_model = alive_now()
                    loss = out.float().pow(2).mean()
            else:
                out = model(pixel_values, grid_thw)
                alive, n_model = alive_now()
                loss = out.float().pow(2).mean()
    finally:
        models.HELD_BY_CHECKPOINT.remove(held)
    fwd = [r for r in records if r["phase"] == "forward"]
    if len(fwd) != len(packs):
        raise RuntimeError("second forward saved %d tensors, the measured one %d" % (len(packs), len(fwd)))
    alive |= {key for _ref, key, _s, _d in packs[n_model:]}
    freed = collections.OrderedDict()
    for r, (_ref, key, shape, dt) in zip(fwd, packs):
        if (r["shape"], r["dtype"]) != (shape, dt):
            raise RuntimeError("second forward out of step at %s:%s" % (r["region"], r["name"]))
        if key not in alive and r["category"] not in ("parameter", "buffer"):
            r["freed_before_backward"] = True
            if r["bytes"]:
                freed[r["region"]] = freed.get(r["region"], 0) + r["bytes"]
    del out, loss
    freed["total"] = sum(freed.values())
    return freed


def print_result(r):
    def rows(title, items):
        print("  [%s]" % title)
        for it in items:
            print("    %-28s %-20s %-16s %-9s %9d  %s%s" % (
                it["name"], it["category"], "x".join(map(str, it["shape"])), it["dtype"], it["bytes"],
                it["producer"] or "-", ("  = " + it["alias_of"]) if "alias_of" in it else ""))
    for b in r["saved"]["blocks"]:
        rows("%s forward: act %d wcopy %d" % (b["region"], b["activation"], b["autocast_weight_copy"]), b["items"])
        if "recompute_items" in b:
            rows("%s recompute: %s" % (b["region"], b["recompute"]), b["recompute_items"])
    for reg, v in r["saved"]["outside"].items():
        rows("%s: act %d wcopy %d shared %d" % (reg, v["activation"], v["autocast_weight_copy"], v["shared"]),
             v["items"])
    print("   totals:", r["saved"]["forward_totals"], "max recompute:", r["saved"]["max_recompute_bytes_per_block"])
    print("   observed:", r["observed"])
    print("   params:", r["param_count"], r["param_count_by_part"])


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
        r = run_config(s)
        results.append(r)
        ft = r["saved"]["forward_totals"]
        print("%-36s N %4d  total %9d  act %9d  wcopy %7d  shared %6d  block0 %8d  %.2fs" % (
            r["id"], r["patches"], ft["total"], ft["activation"], ft["autocast_weight_copy"], ft["shared"],
            r["saved"]["blocks"][0]["activation"], r["wall_s"]), flush=True)
        if args.print:
            print_result(r)
    total = time.time() - t0
    if args.only and args.out == DEFAULT_OUT:
        return 0
    doc = {
        "schema": 1,
        "generator": "tools/calibrate/vision_measure.py",
        "what": "bytes saved for backward by a trained vision tower (Qwen2-VL, Qwen2.5-VL, SigLIP + Gemma 3 "
                "projector, CLIP + LLaVA projector, Pixtral + Mistral 3 projector, Pixtral + LLaVA projector) in one "
                "training step, measured with torch.autograd.graph.saved_tensors_hooks on CPU; "
                "see tools/calibrate/README.md",
        "hf_reference": {
            "repository": "huggingface/transformers",
            "qwen2_vl": "src/transformers/models/qwen2_vl/modeling_qwen2_vl.py@00b676f8f0489b88652a31d70751cc540dd06305",
            "qwen2_5_vl": "src/transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py@"
                          "00b676f8f0489b88652a31d70751cc540dd06305",
            "siglip": "src/transformers/models/siglip/modeling_siglip.py@1c51a62f5861390e994db1464e8a51f6d7fbacbc",
            "gemma3": "src/transformers/models/gemma3/modeling_gemma3.py@0018aa647bb13801f061e2d1027c326f531b59fb",
            "clip": "src/transformers/models/clip/modeling_clip.py@000f1ffdbf1ce6190cc8863af9a2fff817590937",
            "llava": "src/transformers/models/llava/modeling_llava.py@00d3cdbeaab26587a543f75df7997a53a6fb146b",
            "pixtral": "src/transformers/models/pixtral/modeling_pixtral.py@0233e509531ace915c8241b4c16c8032a583279c",
            "mistral3": "src/transformers/models/mistral3/modeling_mistral3.py@00dcc6dda6f6d8e69541a6b51f97986a80242367",
            "llava_pixtral": "src/transformers/models/llava/modeling_llava.py@00dcc6dda6f6d8e69541a6b51f97986a80242367",
            "checkpointing": "src/transformers/modeling_layers.py@00029cfa0ed780d1ddb6e5d199bd92e86c5791a2",
        },
        "torch_version": torch.__version__,
        "python": platform.python_version(),
        "device": "cpu",
        "autocast": "torch.autocast('cpu', dtype=torch.bfloat16); CPU op lists of this torch version",
        "checkpoint_impl": models.CHECKPOINT_IMPL,
        "dedup": "by storage over the whole step; a saved view counts its whole storage once",
        "step": "tower parameters require grad, pixel_values do not; loss = output.float().pow(2).mean() "
                "(region 'loss'); one backward",
        "categories": {
            "activation": "saved for backward, counted in the region totals",
            "autocast_weight_copy": "bf16 cast of an fp32 parameter made by autocast and saved by a matmul / conv",
            "shared": "built once per forward and used by every block (Qwen, Pixtral rotary cos / sin: region "
                      "'position'; cu_seqlens, Pixtral's position_ids and eager block mask held by the checkpoint: "
                      "region 'shared'); 'saved_in' names the block that saved it first",
            "scalar": "0-dim tensors; listed, in forward_totals.scalar",
            "parameter/buffer": "model state, excluded (only counted in excluded_saves)",
        },
        "regions": ["patch_embed", "position", "pre_norm", "window_reorder", "block.i", "post_norm", "feature_select",
                    "merger", "projector", "loss", "shared"],
        "freed_before_backward": "CLIP (LLaVA) only: saved.freed_before_backward and the items' freed_before_backward "
                                 "mark the storages nothing holds once get_image_features has returned (the layers "
                                 "after vision_feature_layer and post_layernorm: the loss does not reach them); they "
                                 "are counted in the regions' totals all the same",
        "cpu_vs_cuda": {
            **{k: measure.CPU_VS_CUDA[k] for k in ("attention_kernel", "mean_saves_input")},
            "unfold_saves_input": {
                "measured": "torch 1.13's im2col (F.unfold, Mistral 3's patch merger) saves its input: the image's "
                            "(1, d, h, w) view of the projector norm's output, whose whole storage (N x d) counts once",
                "cuda": "depends on the torch version, not on the device: newer torch's Im2ColBackward0 keeps only "
                        "the input's last two sizes, no tensor; not measured here"},
            "autocast_layer_norm": {
                "measured": "CPU autocast (torch 1.13) has no layer_norm rule and fails on a bf16 input with fp32 "
                            "weights (Qwen2-VL's residual is bf16: the Conv3d output); vision_models.LayerNorm applies "
                            "CUDA's fp32 rule by hand (input cast to float32, fp32 input / mean / rstd saved). SigLIP's "
                            "residual is fp32 already (the fp32 position embedding is added), unchanged",
                "cuda": "layer_norm is on CUDA autocast's fp32 list: the same saved tensors"},
            "layer_norm_stats_dtype": {
                "measured": "pure bf16 LayerNorm on CPU saves bf16 mean / rstd ([N, 1])",
                "cuda": "CUDA's layer_norm keeps float32 mean / rstd for a bf16 input"},
        },
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
