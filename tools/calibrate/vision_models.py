"""Vision towers of five multimodal families (Pixtral's in two layouts: Mistral 3's and LLaVA's),
written op for op like Hugging Face `transformers`' code, for the calibration harness
(vision_measure.py).

Reference code (read from the huggingface/transformers repository):
  * Qwen2-VL, src/transformers/models/qwen2_vl/modeling_qwen2_vl.py at commit
    00b676f8f0489b88652a31d70751cc540dd06305: `PatchEmbed` (Conv3d without bias over the rows of
    pixel_values viewed as (-1, C, temporal_patch, p, p), `.to(weight dtype)` first),
    `VisionRotaryEmbedding` and `Qwen2VisionTransformerPretrainedModel.rot_pos_emb` (h / w position
    ids in merge-unit order, cos / sin of the concatenated frequencies computed once in the tower's
    forward and handed to every block), `cu_seqlens` (h*w per frame, cumsum, int32, padded with 0),
    `Qwen2VLVisionBlock` (LayerNorm eps 1e-6, pre-norm residuals), `VisionAttention` (fused qkv with
    bias, reshape (N, 3, A, d) / permute / unbind, `apply_rotary_pos_emb_vision`: q and k upcast to
    float32, rotated, cast back; q / k / v transposed to (1, A, N, d); flash_attention_2 runs one
    varlen call over cu_seqlens, every other implementation splits q / k / v at cu_seqlens and runs
    `eager_attention_forward` per chunk, then torch.cat; reshape (N, h).contiguous(); proj),
    `VisionMlp` (fc1, ACT2FN["quick_gelu"] = x * sigmoid(1.702 x), fc2), `PatchMerger` (ln_q
    LayerNorm eps 1e-6, view (-1, merge^2 * h), Linear, nn.GELU (erf), Linear to the text width).
  * Qwen2.5-VL, src/transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py at the same commit:
    `Qwen2_5_VisionPatchEmbed`, `Qwen2_5_VisionRotaryEmbedding`, `Qwen2RMSNorm` (fp32 inside,
    `weight * x.to(input_dtype)`), `Qwen2_5_VLMLP(bias=True)` (down(act(gate(x)) * up(x)), act
    "silu"), `Qwen2_5_VLVisionAttention` (as Qwen2-VL's), `Qwen2_5_VLVisionBlock` (RMSNorm norm1 /
    norm2), `Qwen2_5_VLPatchMerger` (RMSNorm ln_q), `Qwen2_5_VisionTransformerPretrainedModel`
    (`get_window_index`: merge units grouped into windows of window_size // merge // patch units per
    side, padded with -100 and dropped, cu_window_seqlens made unique; the patches and the rotary
    table reordered by window_index at the start; blocks in fullatt_block_indexes attend within
    each image (cu_seqlens), the others within windows (cu_window_seqlens); the merger output
    restored by argsort(window_index) at the end).
  * SigLIP as Gemma 3 uses it, src/transformers/models/siglip/modeling_siglip.py (not stored at
    that commit: read at 1c51a62f5861390e994db1464e8a51f6d7fbacbc; the newer layout, with
    SiglipEncoderLayer a GradientCheckpointingLayer and pixel_values cast to
    patch_embedding.weight.dtype, as a MindSpore port of the newer file shows it; the tensor ops are
    the same in both): `SiglipVisionEmbeddings` (Conv2d
    with bias, stride = patch, flatten(2).transpose(1, 2), + position_embedding(position_ids)),
    `SiglipEncoderLayer` (layer_norm1, `SiglipAttention` q / k / v / out_proj with bias, eager:
    matmul * scale, softmax in float32 then `.to(query dtype)`, dropout, matmul; layer_norm2,
    `SiglipMLP` fc1 -> ACT2FN["gelu_pytorch_tanh"] -> fc2), `SiglipVisionTransformer`
    (post_layernorm; vision_use_head False for Gemma 3); and `Gemma3MultiModalProjector` from
    src/transformers/models/gemma3/modeling_gemma3.py (stored version
    0018aa647bb13801f061e2d1027c326f531b59fb: transpose(1, 2), reshape to (B, h, p, p),
    .contiguous(), AvgPool2d(kernel = patches_per_side // tokens_per_side), flatten(2),
    transpose(1, 2), `Gemma3RMSNorm` (x.float() normalised, * (1 + weight.float()), type_as(x)),
    torch.matmul with mm_input_projection_weight, type_as).
  * CLIP as LLaVA uses it, src/transformers/models/clip/modeling_clip.py (not stored at 00b676f8...:
    read at 000f1ffdbf1ce6190cc8863af9a2fff817590937): `CLIPVisionEmbeddings` (Conv2d without bias,
    stride = patch, on pixel_values cast to its weight dtype, flatten(2).transpose(1, 2); the
    `class_embedding` parameter expanded to (B, 1, h) and torch.cat in front of the patches;
    + position_embedding(position_ids) over num_patches + 1 positions), `CLIPVisionTransformer`
    (pre_layrnorm on all tokens, the encoder, then post_layernorm on last_hidden_state[:, 0, :], the
    pooled CLS token only), `CLIPEncoderLayer` (a GradientCheckpointingLayer: layer_norm1,
    `CLIPAttention`, residual, layer_norm2, `CLIPMLP`, residual; LayerNorm eps 1e-5),
    `CLIPAttention` (q_proj / k_proj / v_proj / out_proj with bias, view (B, S, -1, d).transpose(1, 2);
    eager is the file's own `eager_attention_forward`: matmul(q, k^T) * scaling -- q is not scaled
    before the matmul --, softmax(dtype=float32).to(q dtype), dropout (attention_dropout 0), matmul,
    transpose(1, 2).contiguous(); any other implementation goes through ALL_ATTENTION_FUNCTIONS, for
    flash_attention_2 one non-causal call over (B, S, A, d) without a mask; reshape(B, S, -1)
    .contiguous(), out_proj), `CLIPMLP` (fc1, ACT2FN["quick_gelu"], fc2). The older layout (stored at
    679021a6b0ded09d623a96e2bd2f822c5a548872) scaled q instead (`q_proj(x) * self.scale`), used bmm on
    (B*A, S, d) and a softmax in q's dtype; not followed here.
  * LLaVA, src/transformers/models/llava/modeling_llava.py (not stored at 00b676f8...: read at
    00d3cdbeaab26587a543f75df7997a53a6fb146b): `LlavaModel.get_image_features` (vision_tower(
    pixel_values, output_hidden_states=True); hidden_states = (pre_layrnorm output, each layer's
    output); hidden_states[vision_feature_layer], default -2, so the last layer runs and its output
    (and the pooled, post-normed CLS) is not used; vision_feature_select_strategy "default" takes
    [:, 1:], dropping the CLS token) and `LlavaMultiModalProjector` (linear_1 h -> text hidden,
    ACT2FN[projector_hidden_act] = "gelu" (GELUActivation, erf), linear_2; multimodal_projector_bias
    True).
  * Pixtral as Mistral 3 uses it, src/transformers/models/pixtral/modeling_pixtral.py at commit
    0233e509531ace915c8241b4c16c8032a583279c: `PixtralVisionModel` (`patch_conv` Conv2d without bias,
    stride = patch, run once over the processor's padded batch on pixel_values cast to its weight dtype;
    each image cropped to its (H // p, W // p) patches, flatten(1).T, torch.cat into ONE sequence of all
    images' N patches, unsqueeze(0); `ln_pre` PixtralRMSNorm eps 1e-5 (LlamaRMSNorm's ops: float32
    inside, `weight * x.to(input_dtype)`); `position_ids_in_meshgrid` (h * (image_size // p) + w per
    image); `PixtralRotaryEmbedding` (rope_type "default": an inv_freq buffer of (image_size // p)^2
    rows, freqs[::2] on h and freqs[1::2] on w, repeated to head_dim; forward under no_grad:
    inv_freq[position_ids], cos / sin with autocast off, `.to(x.dtype)`); eager: the
    `generate_block_attention_mask` (1, 1, N, N) expand of an (N, N) tensor in the hidden states' dtype,
    finfo.min outside each image's block; flash_attention_2: no mask, position_ids passed on in kwargs
    (HF's flash path makes the varlen sequences where they are 0)), `PixtralTransformer` (hidden_states
    collected with output_hidden_states), `PixtralAttentionLayer` (a GradientCheckpointingLayer called
    as layer(hidden_states, attention_mask, position_embeddings=..., position_ids=...): attention_norm,
    attention, residual, ffn_norm, feed_forward, residual; both norms eps 1e-5), `PixtralAttention`
    (q_proj / k_proj / v_proj / o_proj without bias, view (B, N, A, d).transpose(1, 2),
    `apply_rotary_pos_emb(unsqueeze_dim=0)` -- Llama's: q * cos + rotate_half(q) * sin, no upcast --,
    the file's `eager_attention_forward` (SigLIP's: matmul(q, k^T) * scaling, + mask, softmax(float32)
    .to(q dtype), dropout, matmul, transpose(1, 2).contiguous()) or ALL_ATTENTION_FUNCTIONS; reshape
    (B, N, -1).contiguous(), o_proj), `PixtralMLP` (MistralMLP: down(act(gate(x)) * up(x)), no bias;
    hidden_act "silu" as Mistral Small 3.1's vision_config has it; PixtralVisionConfig's default is
    "gelu").
  * Mistral 3, src/transformers/models/mistral3/modeling_mistral3.py (not stored at 0233e509...: read
    at 00dcc6dda6f6d8e69541a6b51f97986a80242367; modular_mistral3.py at
    0db212073171bb72ea750632ae91b8836add69f1 has the same ops): `Mistral3Model.get_image_features`
    (vision_tower(pixel_values, image_sizes, output_hidden_states=True), hidden_states[
    vision_feature_layer], default -1: the last layer's output, `.squeeze(0)`, the projector,
    torch.split per image of (H // (p * m)) * (W // (p * m)) tokens) and `Mistral3MultiModalProjector`
    (`Mistral3RMSNorm` of the vision width, eps = text rms_norm_eps; `Mistral3PatchMerger`: per image
    image_features.split(h * w), view (h, w, d).permute(2, 0, 1).unsqueeze(0),
    torch.nn.functional.unfold(kernel = stride = spatial_merge_size), view (d * m * m, -1).t(),
    torch.cat, merging_layer Linear(d * m * m -> d, no bias); linear_1 (d -> text hidden,
    bias = multimodal_projector_bias, default False), ACT2FN["gelu"], linear_2 (text -> text)).
  * Pixtral as LLaVA uses it (the layout of mistral-community/pixtral-12b: model_type "llava",
    vision_config model_type "pixtral", vision_feature_layer -1, vision_feature_select_strategy
    "full", projector_hidden_act "gelu", multimodal_projector_bias true),
    src/transformers/models/llava/modeling_llava.py at 00dcc6dda6f6d8e69541a6b51f97986a80242367 (the
    commit read for Mistral 3; 00d3cdbe..., read for CLIP, has the same selection and projector but no
    per-image split): `LlavaModel.get_image_features` (vision_tower(pixel_values,
    output_hidden_states=True, image_sizes=...): the keyword arguments that are not None go to the
    tower; hidden_states[vision_feature_layer], -1: the last layer's output, the tensor the tower
    returns; "full" keeps every patch, no slice and no copy; the projector on the (1, N, d) selection
    as it is; then, image_sizes given, image_features.squeeze(0) split per image into
    (height // vision_tower.patch_size) * (width // vision_tower.patch_size) tokens, which
    `LlavaModel.forward` concatenates again with torch.cat(dim=0)) and `LlavaMultiModalProjector`
    (linear_1 vision hidden -> text hidden, ACT2FN[projector_hidden_act], linear_2, both with
    bias = multimodal_projector_bias; no norm, no patch merger: N tokens for N patches). The tower is
    `PixtralVisionModel` above, unchanged (modeling_pixtral.py at 0233e509...).
  * Gradient checkpointing: src/transformers/modeling_layers.py `GradientCheckpointingLayer`
    (stored version 00029cfa0ed780d1ddb6e5d199bd92e86c5791a2): the block's keyword arguments go
    into a functools.partial, only the positional ones (hidden_states; SigLIP's attention_mask,
    None here; Pixtral's attention_mask, the block mask under eager) are the checkpoint's inputs; HF's
    default use_reentrant=True (models._checkpoint).

Written from those files, not copied. Reused from models.py: the naming hooks op() / region(),
`eager_attention_forward` (HF's eager attention with the harness's op labels),
`FlashEmulated` (what FlashAttention-2 saves: q, k, v, out, fp32 logsumexp; its math also runs
the varlen emulation here, FlashVarlenEmulated, for Qwen's cu_seqlens and Pixtral's images),
`LlamaRMSNorm` (identical to Qwen2RMSNorm, PixtralRMSNorm and Mistral3RMSNorm), `Gemma2RMSNorm`
(identical to Gemma3RMSNorm), `apply_rotary_pos_emb` (Pixtral's, Llama's copy), `FusedGELUTanh`
(gelu_pytorch_tanh), `GELUActivation` (LLaVA's and Mistral 3's "gelu") and `_checkpoint`.
"""

import functools
from dataclasses import dataclass, asdict, field
from typing import List

import torch
import torch.nn as nn
import torch.nn.functional as F

import models
from models import op, region


@dataclass
class VisionConfig:
    tower: str                    # "qwen2_vl" | "qwen2_5_vl" | "siglip" | "clip" | "pixtral" | "pixtral_llava"
    depth: int
    hidden: int                   # embed_dim / hidden_size of the tower
    heads: int
    ffn: int                      # Qwen2-VL: int(hidden * mlp_ratio); others intermediate_size
    patch: int = 14
    in_channels: int = 3
    out_hidden: int = 96          # Qwen: merger output (text hidden_size); Gemma 3: text hidden_size
    hidden_act: str = "quick_gelu"
    attn_impl: str = "eager"      # "eager" | "flash_emulated"
    temporal_patch: int = None    # Qwen
    merge: int = None             # Qwen, Mistral 3 spatial_merge_size; 1 for Pixtral in LLaVA's layout (no merger)
    window_size: int = None       # Qwen2.5-VL
    fullatt_block_indexes: List[int] = field(default=None)  # Qwen2.5-VL
    image_size: int = None        # SigLIP, CLIP; Pixtral: the longest side (rotary table of image_size / patch a side)
    mm_tokens_per_image: int = None  # Gemma 3
    norm_eps: float = 1e-6
    vision_feature_layer: int = None            # LLaVA (CLIP): index into hidden_states
    vision_feature_select_strategy: str = None  # LLaVA: "default" drops the CLS token, "full" keeps all
    projector_hidden_act: str = None            # LLaVA, Mistral 3: "gelu"
    rope_theta: float = None                    # Pixtral: the 2D rotary's base
    multimodal_projector_bias: bool = None      # linear_1 / linear_2 with bias (Mistral 3 default False; LLaVA True)

    @property
    def head_dim(self):
        return self.hidden // self.heads

    def to_dict(self):
        d = asdict(self)
        d["head_dim"] = self.head_dim
        return {k: v for k, v in d.items() if v is not None and k != "attn_impl"}


def _flash_noncausal(query, key, value, scale):
    """HF's flash_attention_2 path on (1 or B, A, S, d) q / k / v without a mask or causality: the
    tensors are transposed to (B, S, A, d) views; fp32 inputs under autocast are cast to the autocast
    dtype first (as models.flash_attention_emulated and HF's integration do). FlashEmulated saves
    q, k, v, out and the fp32 logsumexp (B, A, S), as FlashAttention-2 does; returns (B, S, A, d)."""
    q = query.transpose(1, 2)
    k = key.transpose(1, 2)
    v = value.transpose(1, 2)
    if q.dtype == torch.float32 and models._autocast_enabled(q.device.type):
        dt = models._autocast_dtype(q.device.type)
        q, k, v = q.to(dt), k.to(dt), v.to(dt)
    with op("q", "k", "v", "out", "lse"):
        return models.FlashEmulated.apply(q, k, v, scale, 0.0, False)


class FlashVarlenEmulated(torch.autograd.Function):
    """flash_attn_varlen_func over cu_seqlens (HF's flash_attention_2 path of the Qwen vision
    attention): saves q, k, v ([N, A, d], whatever storage they view), out [N, A, d] and the fp32
    logsumexp [A, N], as FlashAttention-2's varlen kernel does. The math is models.FlashEmulated's,
    one chunk at a time (no attention across chunks); only the saved set is emulated."""

    @staticmethod
    def forward(ctx, q, k, v, lengths, scale):
        outs, lses, s = [], [], 0
        with torch.autocast(device_type=q.device.type, enabled=False):
            for n in lengths:
                o, lse = models.FlashEmulated._math(q[s:s + n].unsqueeze(0), k[s:s + n].unsqueeze(0),
                                                    v[s:s + n].unsqueeze(0), scale, 0.0, False, 1, 0)
                outs.append(o[0])
                lses.append(lse[0])
                s += n
            out = torch.cat(outs, dim=0)
            lse = torch.cat(lses, dim=-1)
        ctx.lengths, ctx.scale = lengths, scale
        ctx.save_for_backward(q, k, v, out, lse)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        q, k, v, _out, _lse = ctx.saved_tensors
        # the emulation's own recomputation, hidden from the outer saved-tensor hooks
        with torch.enable_grad(), torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
            q_, k_, v_ = (t.detach().requires_grad_(True) for t in (q, k, v))
            outs, s = [], 0
            with torch.autocast(device_type=q.device.type, enabled=False):
                for n in ctx.lengths:
                    o, _ = models.FlashEmulated._math(q_[s:s + n].unsqueeze(0), k_[s:s + n].unsqueeze(0),
                                                      v_[s:s + n].unsqueeze(0), ctx.scale, 0.0, False, 1, 0)
                    outs.append(o[0])
                    s += n
            gq, gk, gv = torch.autograd.grad(torch.cat(outs, dim=0), (q_, k_, v_), grad_out)
        return gq, gk, gv, None, None


def _flash_varlen(query, key, value, lengths, scale):
    """HF flash_attention_2 on the Qwen vision attention: (1, A, N, d) -> (1, N, A, d) views,
    reshaped to (N, A, d), one varlen call over cu_seqlens; returns (1, N, A, d)."""
    q = query.transpose(1, 2)
    k = key.transpose(1, 2)
    v = value.transpose(1, 2)
    if q.dtype == torch.float32 and models._autocast_enabled(q.device.type):
        dt = models._autocast_dtype(q.device.type)
        q, k, v = q.to(dt), k.to(dt), v.to(dt)
    a, d = q.shape[-2], q.shape[-1]
    with op("q", "k", "v", "out", "lse"):
        out = FlashVarlenEmulated.apply(q.reshape(-1, a, d), k.reshape(-1, a, d), v.reshape(-1, a, d),
                                        lengths, scale)
    return out.view(1, -1, a, d)


class QuickGELU(nn.Module):
    """transformers.activations.QuickGELUActivation: input * sigmoid(1.702 * input)."""

    def forward(self, input):
        with op("sigmoid_out"):
            s = torch.sigmoid(1.702 * input)
        with op("input", "sigmoid_out"):
            return input * s


class LayerNorm(nn.LayerNorm):
    """nn.LayerNorm; under autocast, CUDA autocast's fp32 rule for layer_norm applied by hand: a
    bf16 input is cast to float32 first (CPU autocast of torch 1.13 has no layer_norm rule and a bf16
    input with fp32 weights fails). The norm then saves the fp32 cast, as it does on CUDA."""

    def forward(self, x):
        if (x.dtype != torch.float32 and self.weight.dtype == torch.float32
                and models._autocast_enabled(x.device.type)):
            x = x.float()
        return super().forward(x)


def _act(name):
    if name == "quick_gelu":
        return QuickGELU()
    if name == "silu":
        return nn.SiLU()
    if name == "gelu_pytorch_tanh":
        return models.FusedGELUTanh()
    if name == "gelu":
        return nn.GELU()
    raise ValueError(name)


# --------------------------------------------------------------------------
# Qwen2-VL / Qwen2.5-VL
# --------------------------------------------------------------------------
class QwenPatchEmbed(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.patch, self.t, self.c, self.dim = cfg.patch, cfg.temporal_patch, cfg.in_channels, cfg.hidden
        k = (cfg.temporal_patch, cfg.patch, cfg.patch)
        self.proj = nn.Conv3d(cfg.in_channels, cfg.hidden, kernel_size=k, stride=k, bias=False)

    def forward(self, pixel_values):
        x = pixel_values.view(-1, self.c, self.t, self.patch, self.patch)
        x = self.proj(x.to(dtype=self.proj.weight.dtype))
        return x.view(-1, self.dim)


class QwenVisionRotary(nn.Module):
    """VisionRotaryEmbedding(head_dim // 2): a float32 inv_freq buffer (explicit dtype in HF)."""

    def __init__(self, dim, theta=10000.0):
        super().__init__()
        self.dim, self.theta = dim, theta
        self.register_buffer("inv_freq", self._inv_freq(), persistent=False)

    def _inv_freq(self):
        return 1.0 / (self.theta ** (torch.arange(0, self.dim, 2, dtype=torch.float) / self.dim))

    def reset_fp32(self):
        """What from_pretrained(torch_dtype=bf16) leaves: the non-persistent buffer is built with an
        explicit float32 dtype and never loaded or cast (model.to(bf16) would cast it)."""
        self.inv_freq = self._inv_freq()

    def forward(self, seqlen):
        seq = torch.arange(seqlen, dtype=self.inv_freq.dtype)
        return torch.outer(seq, self.inv_freq)


def _rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def apply_rotary_pos_emb_vision(q, k, cos, sin):
    q_dtype, k_dtype = q.dtype, k.dtype
    q, k = q.float(), k.float()
    cos = cos.unsqueeze(-2).float()
    sin = sin.unsqueeze(-2).float()
    # q / k need no saving (cos / sin do not require grad); each product saves cos or sin, the shared
    # fp32 tables themselves, or per-block float32 copies when they were not fp32 already
    with op("cos_fp32", "sin_fp32"):
        q_rot = (q * cos) + (_rotate_half(q) * sin)
    with op("cos_fp32", "sin_fp32"):
        k_rot = (k * cos) + (_rotate_half(k) * sin)
    return q_rot.to(q_dtype), k_rot.to(k_dtype)


class QwenVisionAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.num_heads = cfg.heads
        self.head_dim = cfg.head_dim
        self.num_key_value_groups = 1
        self.scaling = self.head_dim ** -0.5
        self.attn_impl = cfg.attn_impl
        self.qkv = nn.Linear(cfg.hidden, 3 * cfg.hidden, bias=True)
        self.proj = nn.Linear(cfg.hidden, cfg.hidden)

    def forward(self, hidden_states, cu_seqlens, position_embeddings):
        n = hidden_states.shape[0]
        qkv = self.qkv(hidden_states).reshape(n, 3, self.num_heads, -1).permute(1, 0, 2, 3)
        q, k, v = qkv.unbind(0)
        cos, sin = position_embeddings
        q, k = apply_rotary_pos_emb_vision(q, k, cos, sin)
        q = q.transpose(0, 1).unsqueeze(0)
        k = k.transpose(0, 1).unsqueeze(0)
        v = v.transpose(0, 1).unsqueeze(0)
        lengths = (cu_seqlens[1:] - cu_seqlens[:-1]).tolist()
        if self.attn_impl == "flash_emulated":
            out = _flash_varlen(q, k, v, lengths, self.scaling)
        elif self.attn_impl == "eager":  # every other implementation: one call per chunk, then cat
            chunks = zip(*(torch.split(t, lengths, dim=2) for t in (q, k, v)))
            outs = [models.eager_attention_forward(self, qc, kc, vc, None, self.scaling, dropout=0.0)
                    for qc, kc, vc in chunks]
            out = torch.cat(outs, dim=1)
        else:
            raise ValueError(self.attn_impl)
        out = out.reshape(n, -1).contiguous()
        return self.proj(out)


class QwenVisionMlp(nn.Module):
    """Qwen2-VL VisionMlp: fc2(act(fc1(x)))."""

    def __init__(self, cfg):
        super().__init__()
        self.fc1 = nn.Linear(cfg.hidden, cfg.ffn)
        self.act = _act(cfg.hidden_act)
        self.fc2 = nn.Linear(cfg.ffn, cfg.hidden)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class GatedVisionMlp(nn.Module):
    """down(act(gate(x)) * up(x)): Qwen2_5_VLMLP (bias=True) and PixtralMLP (MistralMLP, no bias)."""

    def __init__(self, cfg, bias):
        super().__init__()
        self.gate_proj = nn.Linear(cfg.hidden, cfg.ffn, bias=bias)
        self.up_proj = nn.Linear(cfg.hidden, cfg.ffn, bias=bias)
        self.down_proj = nn.Linear(cfg.ffn, cfg.hidden, bias=bias)
        self.act_fn = _act(cfg.hidden_act)

    def forward(self, x):
        g = self.act_fn(self.gate_proj(x))
        u = self.up_proj(x)
        with op("act_out", "up_out"):
            h = g * u
        return self.down_proj(h)


class QwenVisionBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        if cfg.tower == "qwen2_vl":
            self.norm1 = LayerNorm(cfg.hidden, eps=1e-6)
            self.norm2 = LayerNorm(cfg.hidden, eps=1e-6)
            self.mlp = QwenVisionMlp(cfg)
        else:
            self.norm1 = models.LlamaRMSNorm(cfg.hidden, eps=1e-6)  # == Qwen2RMSNorm
            self.norm2 = models.LlamaRMSNorm(cfg.hidden, eps=1e-6)
            self.mlp = GatedVisionMlp(cfg, bias=True)
        self.attn = QwenVisionAttention(cfg)

    def forward(self, hidden_states, cu_seqlens=None, position_embeddings=None):
        hidden_states = hidden_states + self.attn(self.norm1(hidden_states), cu_seqlens, position_embeddings)
        hidden_states = hidden_states + self.mlp(self.norm2(hidden_states))
        return hidden_states


class QwenPatchMerger(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.hidden_size = cfg.hidden * cfg.merge ** 2
        if cfg.tower == "qwen2_vl":
            self.ln_q = LayerNorm(cfg.hidden, eps=1e-6)
        else:
            self.ln_q = models.LlamaRMSNorm(cfg.hidden, eps=1e-6)
        self.mlp = nn.Sequential(nn.Linear(self.hidden_size, self.hidden_size), nn.GELU(),
                                 nn.Linear(self.hidden_size, cfg.out_hidden))

    def forward(self, x):
        return self.mlp(self.ln_q(x).view(-1, self.hidden_size))


class QwenVisionTower(nn.Module):
    """Qwen2VisionTransformerPretrainedModel / Qwen2_5_VisionTransformerPretrainedModel."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.merge = cfg.merge
        self.merge_unit = cfg.merge ** 2
        self.patch_embed = QwenPatchEmbed(cfg)
        self.rotary_pos_emb = QwenVisionRotary(cfg.head_dim // 2)
        self.blocks = nn.ModuleList([QwenVisionBlock(cfg) for _ in range(cfg.depth)])
        self.merger = QwenPatchMerger(cfg)
        self.windowed = cfg.tower == "qwen2_5_vl"
        self.gradient_checkpointing = False
        self.shared = {}
        self.record_shared = False
        self.last_chunks = {}

    def rot_pos_emb(self, grid_thw):
        m = self.merge
        ids = []
        for t, h, w in grid_thw.tolist():
            hh = torch.arange(h).unsqueeze(1).expand(-1, w)
            ww = torch.arange(w).unsqueeze(0).expand(h, -1)
            # rows in merge-unit order: (h / m, w / m, m, m)
            hh = hh.reshape(h // m, m, w // m, m).permute(0, 2, 1, 3).flatten()
            ww = ww.reshape(h // m, m, w // m, m).permute(0, 2, 1, 3).flatten()
            ids.append(torch.stack([hh, ww], dim=-1).repeat(t, 1))
        ids = torch.cat(ids, dim=0)
        table = self.rotary_pos_emb(int(grid_thw[:, 1:].max()))
        return table[ids].flatten(1)

    def get_window_index(self, grid_thw):
        m = self.merge
        ws = self.cfg.window_size // m // self.cfg.patch   # window side in merge units
        window_index, cu = [], [0]
        base = 0
        for t, h, w in grid_thw.tolist():
            gh, gw = h // m, w // m
            idx = torch.arange(t * gh * gw).reshape(t, gh, gw)
            pad_h = ws - gh % ws          # HF pads a whole window when gh % ws == 0
            pad_w = ws - gw % ws
            nh, nw = (gh + pad_h) // ws, (gw + pad_w) // ws
            padded = F.pad(idx, (0, pad_w, 0, pad_h), "constant", -100)
            padded = padded.reshape(t, nh, ws, nw, ws).permute(0, 1, 3, 2, 4).reshape(t, nh * nw, ws, ws)
            seqlens = (padded != -100).sum([2, 3]).reshape(-1)
            flat = padded.reshape(-1)
            window_index.append(flat[flat != -100] + base)
            cu.extend((seqlens.cumsum(0) * self.merge_unit + cu[-1]).tolist())
            base += t * gh * gw
        return torch.cat(window_index, dim=0), cu

    def _block(self, i, blk, hidden_states, **kwargs):
        if self.gradient_checkpointing and self.training:
            # GradientCheckpointingLayer: checkpoint(partial(block, **kwargs), *args), reentrant
            with region("block.%d" % i), op("checkpoint_input"):
                out = models._checkpoint(functools.partial(blk.__call__, **kwargs), hidden_states)
                held = []
                for v in kwargs.values():
                    held.extend(v if isinstance(v, (tuple, list)) else [v])
                for sink in models.HELD_BY_CHECKPOINT:  # the partial keeps them until backward
                    for t in held:
                        if isinstance(t, torch.Tensor):
                            sink(t)
            return out
        return blk(hidden_states, **kwargs)

    def forward(self, pixel_values, grid_thw):
        hidden_states = self.patch_embed(pixel_values)
        rotary = self.rot_pos_emb(grid_thw)
        n = hidden_states.shape[0]
        cu_window = None
        window_index = None
        if self.windowed:
            window_index, cu_w = self.get_window_index(grid_thw)
            cu_window = torch.unique_consecutive(torch.tensor(cu_w, dtype=torch.int32))
            with region("window_reorder"), op("window_index"):
                hidden_states = hidden_states.reshape(n // self.merge_unit, self.merge_unit, -1)
                hidden_states = hidden_states[window_index, :, :]
                hidden_states = hidden_states.reshape(n, -1)
            rotary = rotary.reshape(n // self.merge_unit, self.merge_unit, -1)[window_index, :, :].reshape(n, -1)
        emb = torch.cat((rotary, rotary), dim=-1)
        position_embeddings = (emb.cos(), emb.sin())
        cu_seqlens = torch.repeat_interleave(grid_thw[:, 1] * grid_thw[:, 2], grid_thw[:, 0]).cumsum(
            dim=0, dtype=torch.int32)
        cu_seqlens = F.pad(cu_seqlens, (1, 0), value=0)
        if self.record_shared:
            self.shared = {"rope_cos": position_embeddings[0], "rope_sin": position_embeddings[1],
                           "cu_seqlens": cu_seqlens}
            if cu_window is not None:
                self.shared["cu_window_seqlens"] = cu_window
        self.last_chunks = {"full": (cu_seqlens[1:] - cu_seqlens[:-1]).tolist()}
        if cu_window is not None:
            self.last_chunks["window"] = (cu_window[1:] - cu_window[:-1]).tolist()
        for i, blk in enumerate(self.blocks):
            cu = cu_seqlens
            if self.windowed and i not in self.cfg.fullatt_block_indexes:
                cu = cu_window
            hidden_states = self._block(i, blk, hidden_states, cu_seqlens=cu,
                                        position_embeddings=position_embeddings)
        hidden_states = self.merger(hidden_states)
        if self.windowed:
            reverse = torch.argsort(window_index)
            with region("window_reorder"), op("reverse_index"):
                hidden_states = hidden_states[reverse, :]
        return hidden_states


# --------------------------------------------------------------------------
# SigLIP (Gemma 3's vision tower) + Gemma3MultiModalProjector
# --------------------------------------------------------------------------
class SiglipEmbeddings(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.patch_embedding = nn.Conv2d(cfg.in_channels, cfg.hidden, kernel_size=cfg.patch, stride=cfg.patch,
                                         padding="valid")
        self.num_positions = (cfg.image_size // cfg.patch) ** 2
        self.position_embedding = nn.Embedding(self.num_positions, cfg.hidden)
        self.register_buffer("position_ids", torch.arange(self.num_positions).expand((1, -1)), persistent=False)

    def forward(self, pixel_values):
        x = self.patch_embedding(pixel_values.to(dtype=self.patch_embedding.weight.dtype))
        x = x.flatten(2).transpose(1, 2)
        pos = self.position_embedding(self.position_ids)
        with region("position"), op("add"):
            return x + pos


class SiglipAttention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed_dim, self.num_heads, self.head_dim = cfg.hidden, cfg.heads, cfg.head_dim
        self.scale = self.head_dim ** -0.5
        self.attn_impl = cfg.attn_impl
        self.k_proj = nn.Linear(cfg.hidden, cfg.hidden)
        self.v_proj = nn.Linear(cfg.hidden, cfg.hidden)
        self.q_proj = nn.Linear(cfg.hidden, cfg.hidden)
        self.out_proj = nn.Linear(cfg.hidden, cfg.hidden)

    def forward(self, hidden_states, attention_mask=None):
        b, s, _ = hidden_states.shape
        q = self.q_proj(hidden_states).view(b, s, self.num_heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(hidden_states).view(b, s, self.num_heads, self.head_dim).transpose(1, 2)
        v = self.v_proj(hidden_states).view(b, s, self.num_heads, self.head_dim).transpose(1, 2)
        if self.attn_impl == "flash_emulated":
            out = _flash_noncausal(q, k, v, self.scale)
        elif self.attn_impl == "eager":
            out = models.eager_attention_forward(self, q, k, v, attention_mask, self.scale, dropout=0.0)
        else:
            raise ValueError(self.attn_impl)
        out = out.reshape(b, s, self.embed_dim).contiguous()
        return self.out_proj(out)


class SiglipMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.activation_fn = _act(cfg.hidden_act)
        self.fc1 = nn.Linear(cfg.hidden, cfg.ffn)
        self.fc2 = nn.Linear(cfg.ffn, cfg.hidden)

    def forward(self, x):
        return self.fc2(self.activation_fn(self.fc1(x)))


class SiglipEncoderLayer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.layer_norm1 = LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.self_attn = SiglipAttention(cfg)
        self.layer_norm2 = LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.mlp = SiglipMLP(cfg)

    def forward(self, hidden_states, attention_mask=None):
        residual = hidden_states
        hidden_states = self.self_attn(self.layer_norm1(hidden_states), attention_mask)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.mlp(self.layer_norm2(hidden_states))
        return residual + hidden_states


class SiglipEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.layers = nn.ModuleList([SiglipEncoderLayer(cfg) for _ in range(cfg.depth)])
        self.gradient_checkpointing = False

    def forward(self, hidden_states):
        for i, layer in enumerate(self.layers):
            if self.gradient_checkpointing and self.training:
                # GradientCheckpointingLayer: positional (hidden_states, attention_mask=None)
                with region("block.%d" % i), op("checkpoint_input"):
                    hidden_states = models._checkpoint(layer.__call__, hidden_states, None)
            else:
                hidden_states = layer(hidden_states, None)
        return hidden_states


class SiglipVisionTower(nn.Module):
    """SiglipVisionModel.vision_model (SiglipVisionTransformer) without the pooling head."""

    def __init__(self, cfg):
        super().__init__()
        self.embeddings = SiglipEmbeddings(cfg)
        self.encoder = SiglipEncoder(cfg)
        self.post_layernorm = LayerNorm(cfg.hidden, eps=cfg.norm_eps)

    def forward(self, pixel_values):
        return self.post_layernorm(self.encoder(self.embeddings(pixel_values)))


class Gemma3MultiModalProjector(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.mm_input_projection_weight = nn.Parameter(torch.zeros(cfg.hidden, cfg.out_hidden))
        self.mm_soft_emb_norm = models.Gemma2RMSNorm(cfg.hidden, eps=cfg.norm_eps)  # == Gemma3RMSNorm
        self.patches_per_image = cfg.image_size // cfg.patch
        self.tokens_per_side = int(cfg.mm_tokens_per_image ** 0.5)
        self.kernel_size = self.patches_per_image // self.tokens_per_side
        self.avg_pool = nn.AvgPool2d(kernel_size=self.kernel_size, stride=self.kernel_size)

    def forward(self, vision_outputs):
        b, _, width = vision_outputs.shape
        x = vision_outputs.transpose(1, 2)
        x = x.reshape(b, width, self.patches_per_image, self.patches_per_image).contiguous()
        x = self.avg_pool(x).flatten(2).transpose(1, 2)
        x = self.mm_soft_emb_norm(x)
        with op("normed"):
            x = torch.matmul(x, self.mm_input_projection_weight)
        return x.type_as(vision_outputs)


class SiglipGemma3Vision(nn.Module):
    """Gemma3Model.get_image_features: vision_tower(pixel_values).last_hidden_state -> projector."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.vision_tower = SiglipVisionTower(cfg)
        self.multi_modal_projector = Gemma3MultiModalProjector(cfg)
        nn.init.normal_(self.multi_modal_projector.mm_input_projection_weight, std=0.02)
        self.shared = {}
        self.record_shared = False
        self.last_chunks = {}

    def gradient_checkpointing_enable(self):
        self.vision_tower.encoder.gradient_checkpointing = True

    def forward(self, pixel_values, grid_thw=None):
        return self.multi_modal_projector(self.vision_tower(pixel_values))


# --------------------------------------------------------------------------
# CLIP (LLaVA's vision tower) + LlavaMultiModalProjector
# --------------------------------------------------------------------------
class ClipVisionEmbeddings(nn.Module):
    """CLIPVisionEmbeddings: [CLS] + Conv2d patches (no bias), + learned positions (patches + 1)."""

    def __init__(self, cfg):
        super().__init__()
        self.embed_dim = cfg.hidden
        self.class_embedding = nn.Parameter(torch.randn(cfg.hidden))
        self.patch_embedding = nn.Conv2d(cfg.in_channels, cfg.hidden, kernel_size=cfg.patch, stride=cfg.patch,
                                         bias=False)
        self.num_patches = (cfg.image_size // cfg.patch) ** 2
        self.num_positions = self.num_patches + 1
        self.position_embedding = nn.Embedding(self.num_positions, cfg.hidden)
        self.register_buffer("position_ids", torch.arange(self.num_positions).expand((1, -1)), persistent=False)

    def forward(self, pixel_values):
        batch = pixel_values.shape[0]
        patches = self.patch_embedding(pixel_values.to(dtype=self.patch_embedding.weight.dtype))
        patches = patches.flatten(2).transpose(1, 2)
        cls = self.class_embedding.expand(batch, 1, -1)
        with op("cat"):
            x = torch.cat([cls, patches], dim=1)
        pos = self.position_embedding(self.position_ids)
        with op("position_add"):
            return x + pos


class ClipAttention(nn.Module):
    """CLIPAttention: the layout whose eager path is eager_attention_forward (scores scaled after the
    q k^T matmul); flash_attention_2 as one non-causal call over the (B, S) batch."""

    def __init__(self, cfg):
        super().__init__()
        self.embed_dim, self.num_heads, self.head_dim = cfg.hidden, cfg.heads, cfg.head_dim
        self.scale = self.head_dim ** -0.5
        self.dropout = 0.0            # CLIPVisionConfig.attention_dropout
        self.attn_impl = cfg.attn_impl
        self.k_proj = nn.Linear(cfg.hidden, cfg.hidden)
        self.v_proj = nn.Linear(cfg.hidden, cfg.hidden)
        self.q_proj = nn.Linear(cfg.hidden, cfg.hidden)
        self.out_proj = nn.Linear(cfg.hidden, cfg.hidden)

    def forward(self, hidden_states, attention_mask=None):
        b, s, _ = hidden_states.shape
        queries = self.q_proj(hidden_states)
        keys = self.k_proj(hidden_states)
        values = self.v_proj(hidden_states)
        queries = queries.view(b, s, -1, self.head_dim).transpose(1, 2)
        keys = keys.view(b, s, -1, self.head_dim).transpose(1, 2)
        values = values.view(b, s, -1, self.head_dim).transpose(1, 2)
        p = self.dropout if self.training else 0.0
        if self.attn_impl == "flash_emulated":
            out = _flash_noncausal(queries, keys, values, self.scale)
        elif self.attn_impl == "eager":
            # CLIP's eager_attention_forward is HF's generic one without repeat_kv (one group here)
            out = models.eager_attention_forward(self, queries, keys, values, attention_mask, self.scale, dropout=p)
        else:
            raise ValueError(self.attn_impl)
        out = out.reshape(b, s, -1).contiguous()
        return self.out_proj(out)


class ClipMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.activation_fn = _act(cfg.hidden_act)
        self.fc1 = nn.Linear(cfg.hidden, cfg.ffn)
        self.fc2 = nn.Linear(cfg.ffn, cfg.hidden)

    def forward(self, hidden_states):
        return self.fc2(self.activation_fn(self.fc1(hidden_states)))


class ClipEncoderLayer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.self_attn = ClipAttention(cfg)
        self.layer_norm1 = LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.mlp = ClipMLP(cfg)
        self.layer_norm2 = LayerNorm(cfg.hidden, eps=cfg.norm_eps)

    def forward(self, hidden_states, attention_mask=None):
        residual = hidden_states
        hidden_states = self.self_attn(self.layer_norm1(hidden_states), attention_mask)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.mlp(self.layer_norm2(hidden_states))
        return residual + hidden_states


class ClipEncoder(nn.Module):
    """CLIPEncoder with output_hidden_states: (its input, every layer's output)."""

    def __init__(self, cfg):
        super().__init__()
        self.layers = nn.ModuleList([ClipEncoderLayer(cfg) for _ in range(cfg.depth)])
        self.gradient_checkpointing = False

    def forward(self, inputs_embeds, output_hidden_states=False):
        hidden_states = inputs_embeds
        states = (hidden_states,) if output_hidden_states else None
        for i, layer in enumerate(self.layers):
            if self.gradient_checkpointing and self.training:
                # GradientCheckpointingLayer: positional (hidden_states, attention_mask=None)
                with region("block.%d" % i), op("checkpoint_input"):
                    hidden_states = models._checkpoint(layer.__call__, hidden_states, None)
            else:
                hidden_states = layer(hidden_states, None)
            if output_hidden_states:
                states = states + (hidden_states,)
        return hidden_states, states


class ClipVisionTransformer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embeddings = ClipVisionEmbeddings(cfg)
        self.pre_layrnorm = LayerNorm(cfg.hidden, eps=cfg.norm_eps)
        self.encoder = ClipEncoder(cfg)
        self.post_layernorm = LayerNorm(cfg.hidden, eps=cfg.norm_eps)

    def forward(self, pixel_values, output_hidden_states=False):
        hidden_states = self.pre_layrnorm(self.embeddings(pixel_values))
        last_hidden_state, hidden_states = self.encoder(hidden_states, output_hidden_states)
        pooled = last_hidden_state[:, 0, :]
        pooled = self.post_layernorm(pooled)   # the CLS token only: [B, h]
        return last_hidden_state, pooled, hidden_states


class ClipVisionModel(nn.Module):
    """CLIPVisionModel: the tower LLaVA builds with AutoModel.from_config(vision_config)."""

    def __init__(self, cfg):
        super().__init__()
        self.vision_model = ClipVisionTransformer(cfg)

    def forward(self, pixel_values, output_hidden_states=False):
        return self.vision_model(pixel_values, output_hidden_states)


class LlavaMultiModalProjector(nn.Module):
    """linear_1 (vision width -> text width), ACT2FN[projector_hidden_act], linear_2; both linears
    with bias = multimodal_projector_bias (LlavaConfig's default True, what the CLIP configs leave
    unset). No norm, no merger: one output token per input token, whatever shape comes in."""

    def __init__(self, cfg):
        super().__init__()
        bias = True if cfg.multimodal_projector_bias is None else bool(cfg.multimodal_projector_bias)
        self.linear_1 = nn.Linear(cfg.hidden, cfg.out_hidden, bias=bias)
        assert cfg.projector_hidden_act == "gelu"
        self.act = models.GELUActivation()
        self.linear_2 = nn.Linear(cfg.out_hidden, cfg.out_hidden, bias=bias)

    def forward(self, image_features):
        return self.linear_2(self.act(self.linear_1(image_features)))


class ClipLlavaVision(nn.Module):
    """LlavaModel.get_image_features: the CLIP tower with output_hidden_states=True, the hidden state
    of vision_feature_layer, [:, 1:] for the "default" strategy, the projector. The tower's outputs
    (the last layer's, the pooled CLS) are dropped when this returns, as they are in HF."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.vision_tower = ClipVisionModel(cfg)
        self.multi_modal_projector = LlavaMultiModalProjector(cfg)
        for m in self.modules():  # normal(0.02) weights, zero biases; values do not change what is saved
            if isinstance(m, (nn.Linear, nn.Conv2d, nn.Embedding)):
                nn.init.normal_(m.weight, std=0.02)
                if getattr(m, "bias", None) is not None:
                    nn.init.zeros_(m.bias)
        nn.init.normal_(self.vision_tower.vision_model.embeddings.class_embedding, std=cfg.hidden ** -0.5)
        self.shared = {}
        self.record_shared = False
        self.last_chunks = {}

    def gradient_checkpointing_enable(self):
        self.vision_tower.vision_model.encoder.gradient_checkpointing = True

    def unused_parameter_prefixes(self):
        """Parameters the loss does not reach: the layers after vision_feature_layer and post_layernorm."""
        n_states = self.cfg.depth + 1
        first_unused = self.cfg.vision_feature_layer % n_states   # hidden_states[k] is layer k-1's output
        out = ["vision_tower.vision_model.encoder.layers.%d." % i for i in range(first_unused, self.cfg.depth)]
        return out + ["vision_tower.vision_model.post_layernorm."]

    def forward(self, pixel_values, grid_thw=None):
        _last, _pooled, hidden_states = self.vision_tower(pixel_values, output_hidden_states=True)
        with region("feature_select"), op("selected"):
            selected = hidden_states[self.cfg.vision_feature_layer]
            if self.cfg.vision_feature_select_strategy == "default":
                selected = selected[:, 1:]
        return self.multi_modal_projector(selected)


# --------------------------------------------------------------------------
# Pixtral (Mistral 3's vision tower) + Mistral3MultiModalProjector
# --------------------------------------------------------------------------
def pixtral_position_ids(grids, row_width):
    """Pixtral's position ids (position_ids_in_meshgrid's values): row * row_width + column of each
    patch, image after image, row-major, int64."""
    per_image = []
    for grid in grids:
        rows, cols = grid.shape[-2:]
        table = torch.arange(rows)[:, None] * row_width + torch.arange(cols)[None, :]
        per_image.append(table.reshape(-1))
    return torch.cat(per_image)


class PixtralRotaryEmbedding(nn.Module):
    """PixtralRotaryEmbedding (rope_type "default"): an inv_freq buffer of (image_size / patch)^2 rows,
    one per grid position (h frequencies freqs[::2], w frequencies freqs[1::2], the pair repeated to
    head_dim), indexed by the position ids; cos / sin in float32 with autocast off, cast to x's dtype."""

    def __init__(self, cfg):
        super().__init__()
        self.dim, self.theta, self.side = cfg.head_dim, cfg.rope_theta, cfg.image_size // cfg.patch
        self.register_buffer("inv_freq", self._inv_freq(), persistent=False)

    def _inv_freq(self):
        # Per grid cell (row r, column c): the row's angles on the even frequencies, the column's on
        # the odd ones, that half repeated to head_dim.
        dim, side = self.dim, self.side
        base = 1.0 / (self.theta ** (torch.arange(0, dim, 2).float() / dim))
        steps = torch.arange(side).float()
        by_row = torch.outer(steps, base[0::2])
        by_col = torch.outer(steps, base[1::2])
        cells = torch.cat((by_row[:, None, :].expand(side, side, -1), by_col[None, :, :].expand(side, side, -1)), dim=-1)
        half = cells.reshape(side * side, dim // 2)
        return torch.cat((half, half), dim=-1)

    def reset_fp32(self):
        """What from_pretrained(torch_dtype=bf16) leaves: the non-persistent buffer is built from
        explicit .float() frequencies and never loaded or cast (model.to(bf16) would cast it)."""
        self.inv_freq = self._inv_freq()

    @torch.no_grad()
    def forward(self, x, position_ids):
        freqs = self.inv_freq[position_ids]
        with torch.autocast(device_type=x.device.type, enabled=False):  # "Force float32"
            emb = freqs
            cos = emb.cos()
            sin = emb.sin()
        return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)


def _lengths_from_position_ids(position_ids):
    """HF's flash path with position_ids and no mask (_prepare_from_posids): a sequence starts
    wherever the position id is 0; here one per image."""
    pos = position_ids.flatten()
    idx = torch.arange(pos.numel(), dtype=torch.int32)
    cu = torch.cat((idx[pos == 0], torch.tensor([idx.numel()], dtype=torch.int32)))
    return (cu[1:] - cu[:-1]).tolist()


class PixtralAttention(nn.Module):
    """PixtralAttention: q / k / v / o_proj without bias, view (B, N, A, d).transpose(1, 2),
    apply_rotary_pos_emb(unsqueeze_dim=0), then eager_attention_forward (SigLIP's: matmul * scaling,
    + the block-diagonal mask over all N patches, softmax(float32).to(q dtype), dropout, matmul) or
    flash_attention_2 (no mask; varlen over the images from the position ids)."""

    def __init__(self, cfg):
        super().__init__()
        self.embed_dim, self.num_heads, self.head_dim = cfg.hidden, cfg.heads, cfg.head_dim
        self.scaling = self.head_dim ** -0.5
        self.dropout = 0.0            # PixtralVisionConfig.attention_dropout
        self.attn_impl = cfg.attn_impl
        self.k_proj = nn.Linear(cfg.hidden, cfg.hidden, bias=False)
        self.v_proj = nn.Linear(cfg.hidden, cfg.hidden, bias=False)
        self.q_proj = nn.Linear(cfg.hidden, cfg.hidden, bias=False)
        self.o_proj = nn.Linear(cfg.hidden, cfg.hidden, bias=False)

    def forward(self, hidden_states, attention_mask=None, position_embeddings=None, position_ids=None):
        batch_size, patches, _ = hidden_states.size()
        query_states = self.q_proj(hidden_states)
        key_states = self.k_proj(hidden_states)
        value_states = self.v_proj(hidden_states)
        query_states = query_states.view(batch_size, patches, self.num_heads, self.head_dim).transpose(1, 2)
        key_states = key_states.view(batch_size, patches, self.num_heads, self.head_dim).transpose(1, 2)
        value_states = value_states.view(batch_size, patches, self.num_heads, self.head_dim).transpose(1, 2)
        cos, sin = position_embeddings
        # the products save cos and sin (no gradient), not q and k
        query_states, key_states = models.apply_rotary_pos_emb(query_states, key_states, cos, sin, unsqueeze_dim=0)
        p = self.dropout if self.training else 0.0
        if self.attn_impl == "flash_emulated":
            out = _flash_varlen(query_states, key_states, value_states, _lengths_from_position_ids(position_ids),
                                self.scaling)
        elif self.attn_impl == "eager":
            out = models.eager_attention_forward(self, query_states, key_states, value_states, attention_mask,
                                                 self.scaling, dropout=p)
        else:
            raise ValueError(self.attn_impl)
        out = out.reshape(batch_size, patches, -1).contiguous()
        return self.o_proj(out)


class PixtralAttentionLayer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.attention_norm = models.LlamaRMSNorm(cfg.hidden, eps=1e-5)   # == PixtralRMSNorm
        self.feed_forward = GatedVisionMlp(cfg, bias=False)   # == PixtralMLP
        self.attention = PixtralAttention(cfg)
        self.ffn_norm = models.LlamaRMSNorm(cfg.hidden, eps=1e-5)

    def forward(self, hidden_states, attention_mask=None, position_embeddings=None, position_ids=None):
        residual = hidden_states
        hidden_states = self.attention_norm(hidden_states)
        hidden_states = self.attention(hidden_states, attention_mask, position_embeddings, position_ids)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.ffn_norm(hidden_states)
        hidden_states = self.feed_forward(hidden_states)
        return residual + hidden_states


class PixtralTransformer(nn.Module):
    """PixtralTransformer with output_hidden_states: (its input, every layer's output)."""

    def __init__(self, cfg):
        super().__init__()
        self.layers = nn.ModuleList([PixtralAttentionLayer(cfg) for _ in range(cfg.depth)])
        self.gradient_checkpointing = False

    def forward(self, inputs_embeds, attention_mask=None, position_embeddings=None, position_ids=None,
                output_hidden_states=False):
        hidden_states = inputs_embeds
        states = () if output_hidden_states else None
        for i, layer in enumerate(self.layers):
            if output_hidden_states:
                states = states + (hidden_states,)
            if self.gradient_checkpointing and self.training:
                # GradientCheckpointingLayer: positional (hidden_states, attention_mask) are the
                # checkpoint's inputs (the mask under eager, None under flash); the keyword arguments
                # (position_embeddings, position_ids) go into a functools.partial that keeps them
                with region("block.%d" % i), op("checkpoint_input"):
                    fn = functools.partial(layer.__call__, position_embeddings=position_embeddings,
                                           position_ids=position_ids)
                    hidden_states = models._checkpoint(fn, hidden_states, attention_mask)
                    for sink in models.HELD_BY_CHECKPOINT:
                        for t in (*position_embeddings, position_ids):
                            sink(t)
            else:
                hidden_states = layer(hidden_states, attention_mask, position_embeddings=position_embeddings,
                                      position_ids=position_ids)
        if output_hidden_states:
            states = states + (hidden_states,)
        return hidden_states, states


def block_diagonal_mask(lengths, like):
    """generate_block_attention_mask's tensor: an (N, N) table in like's dtype, its smallest value
    everywhere but 0 within each image's own patches, viewed as (B, 1, N, N) by expand."""
    n = like.shape[1]
    table = torch.full((n, n), torch.finfo(like.dtype).min, dtype=like.dtype, device=like.device)
    start = 0
    for length in lengths:
        table[start:start + length, start:start + length] = 0
        start += length
    return table.view(1, 1, n, n).expand(like.shape[0], 1, n, n)


class PixtralVisionModel(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.patch_conv = nn.Conv2d(cfg.in_channels, cfg.hidden, kernel_size=cfg.patch, stride=cfg.patch, bias=False)
        self.patch_size = cfg.patch
        self.ln_pre = models.LlamaRMSNorm(cfg.hidden, eps=1e-5)   # == PixtralRMSNorm
        self.transformer = PixtralTransformer(cfg)
        self.patch_positional_embedding = PixtralRotaryEmbedding(cfg)
        self.shared = {}
        self.record_shared = False
        self.last_chunks = {}

    def forward(self, pixel_values, image_sizes, output_hidden_states=False):
        # one convolution over the padded batch, then each image cropped to its own patches
        target_dtype = self.patch_conv.weight.dtype
        patch_embeds = self.patch_conv(pixel_values.to(dtype=target_dtype))
        patch_embeds_list = [embed[..., : (size[0] // self.patch_size), : (size[1] // self.patch_size)]
                             for embed, size in zip(patch_embeds, image_sizes)]
        # flatten to a single sequence
        patch_embeds = torch.cat([p.flatten(1).T for p in patch_embeds_list], dim=0).unsqueeze(0)
        patch_embeds = self.ln_pre(patch_embeds)
        position_ids = pixtral_position_ids(patch_embeds_list, row_width=self.cfg.image_size // self.patch_size)
        position_ids_kw = position_ids.unsqueeze(0)
        position_embeddings = self.patch_positional_embedding(patch_embeds, position_ids)
        lengths = [p.shape[-2] * p.shape[-1] for p in patch_embeds_list]
        if self.cfg.attn_impl == "flash_emulated":
            attention_mask = None     # flash attention relies on the position ids only
        else:
            attention_mask = block_diagonal_mask(lengths, patch_embeds)
        if self.record_shared:
            self.shared = {"rope_cos": position_embeddings[0], "rope_sin": position_embeddings[1],
                           "position_ids": position_ids_kw}
            if attention_mask is not None:
                self.shared["block_attention_mask"] = attention_mask
        self.last_chunks = {"per_image": lengths}
        if attention_mask is not None:
            self.last_chunks = {"full": [sum(lengths)], "per_image": lengths}
        return self.transformer(patch_embeds, attention_mask=attention_mask, position_embeddings=position_embeddings,
                                position_ids=position_ids_kw, output_hidden_states=output_hidden_states)


class Mistral3PatchMerger(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.spatial_merge_size = cfg.merge
        self.patch_size = cfg.patch
        self.merging_layer = nn.Linear(cfg.hidden * cfg.merge ** 2, cfg.hidden, bias=False)

    def forward(self, image_features, image_sizes):
        # Each image's tokens as a (1, width, rows, cols) picture, unfolded into merge x merge
        # blocks, one row of width x merge² per merged token; every image's rows, then the linear.
        m, width = self.spatial_merge_size, image_features.shape[-1]
        grids = [(rows // self.patch_size, cols // self.patch_size) for rows, cols in image_sizes]
        merged = []
        for (rows, cols), tokens in zip(grids, image_features.split([r * c for r, c in grids])):
            picture = tokens.view(rows, cols, width).permute(2, 0, 1).unsqueeze(0)
            # torch 1.13's im2col saves its input (this image's view of the norm output: the whole
            # storage counts once); newer torch keeps only its last two sizes
            with op("unfold_input"):
                blocks = torch.nn.functional.unfold(picture, kernel_size=m, stride=m)
            merged.append(blocks.view(width * m * m, -1).t())
        return self.merging_layer(torch.cat(merged, dim=0))


class Mistral3MultiModalProjector(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.norm = models.LlamaRMSNorm(cfg.hidden, eps=cfg.norm_eps)   # == Mistral3RMSNorm (text rms_norm_eps)
        self.patch_merger = Mistral3PatchMerger(cfg)
        bias = bool(cfg.multimodal_projector_bias)
        self.linear_1 = nn.Linear(cfg.hidden, cfg.out_hidden, bias=bias)
        assert cfg.projector_hidden_act == "gelu"
        self.act = models.GELUActivation()
        self.linear_2 = nn.Linear(cfg.out_hidden, cfg.out_hidden, bias=bias)

    def forward(self, image_features, image_sizes):
        image_features = self.norm(image_features)
        image_features = self.patch_merger(image_features, image_sizes)
        hidden_states = self.linear_1(image_features)
        hidden_states = self.act(hidden_states)
        return self.linear_2(hidden_states)


class PixtralWithProjector(nn.Module):
    """The Pixtral tower beside a projector (Mistral 3's or LLaVA's): the harness's plumbing (the
    tower's shared tensors and attention chunks, checkpointing) and the weights' initialisation."""

    def __init__(self, cfg, projector):
        super().__init__()
        self.cfg = cfg
        self.vision_tower = PixtralVisionModel(cfg)
        self.multi_modal_projector = projector
        for m in self.modules():  # normal(0.02) weights, zero biases; values do not change what is saved
            if isinstance(m, (nn.Linear, nn.Conv2d)):
                nn.init.normal_(m.weight, std=0.02)
                if getattr(m, "bias", None) is not None:
                    nn.init.zeros_(m.bias)

    @property
    def shared(self):
        return self.vision_tower.shared

    @property
    def last_chunks(self):
        return self.vision_tower.last_chunks

    @property
    def record_shared(self):
        return self.vision_tower.record_shared

    @record_shared.setter
    def record_shared(self, value):
        self.vision_tower.record_shared = value

    def gradient_checkpointing_enable(self):
        self.vision_tower.transformer.gradient_checkpointing = True


class PixtralMistral3Vision(PixtralWithProjector):
    """Mistral3Model.get_image_features: the Pixtral tower with output_hidden_states=True,
    hidden_states[vision_feature_layer] (-1: the last layer's output), squeeze(0), the projector,
    torch.split per image (Mistral3Model.forward concatenates the pieces again)."""

    def __init__(self, cfg):
        super().__init__(cfg, Mistral3MultiModalProjector(cfg))

    def forward(self, pixel_values, grid_thw):
        p = self.cfg.patch
        image_sizes = [(h * p, w * p) for _t, h, w in grid_thw.tolist()]
        _last, hidden_states = self.vision_tower(pixel_values, image_sizes, output_hidden_states=True)
        selected = hidden_states[self.cfg.vision_feature_layer]
        image_features = self.multi_modal_projector(selected.squeeze(0), image_sizes)
        ratio = p * self.cfg.merge
        split_sizes = [(h // ratio) * (w // ratio) for h, w in image_sizes]
        return torch.cat(torch.split(image_features.squeeze(0), split_sizes), dim=0)


# --------------------------------------------------------------------------
# Pixtral in LLaVA's layout (mistral-community/pixtral-12b) + LlavaMultiModalProjector
# --------------------------------------------------------------------------
class PixtralLlavaVision(PixtralWithProjector):
    """LlavaModel.get_image_features with a Pixtral tower (llava/modeling_llava.py at
    00dcc6dda6f6d8e69541a6b51f97986a80242367), the layout of mistral-community/pixtral-12b: the
    processor's image_sizes go to the tower as a keyword, with output_hidden_states=True;
    hidden_states[vision_feature_layer] (-1: the last layer's output, the very tensor the tower
    returns); the "full" strategy takes it whole ("default" would drop the first patch, as it drops
    CLIP's class token); LlavaMultiModalProjector on the (1, N, d) selection as it is (no squeeze,
    no norm, no patch merger: one token per patch); then the output squeezed and split per image
    into (H // patch) * (W // patch) tokens, which LlavaModel.forward concatenates again. The tower
    is PixtralVisionModel, unchanged."""

    def __init__(self, cfg):
        super().__init__(cfg, LlavaMultiModalProjector(cfg))

    def forward(self, pixel_values, grid_thw):
        patch = self.vision_tower.patch_size
        image_sizes = [(rows * patch, cols * patch) for _t, rows, cols in grid_thw.tolist()]
        _last, states = self.vision_tower(pixel_values, image_sizes=image_sizes, output_hidden_states=True)
        with region("feature_select"), op("selected"):
            features = states[self.cfg.vision_feature_layer]
            if self.cfg.vision_feature_select_strategy == "default":
                features = features[:, 1:]
        projected = self.multi_modal_projector(features)
        per_image = [(height // patch) * (width // patch) for height, width in image_sizes]
        pieces = torch.split(projected.squeeze(0), per_image)
        return torch.cat(pieces, dim=0)


# --------------------------------------------------------------------------
# The model the harness measures
# --------------------------------------------------------------------------
class QwenVision(nn.Module):
    """Qwen2VLModel.visual (the tower includes the merger), as get_image_features runs it."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.visual = QwenVisionTower(cfg)
        for m in self.modules():  # HF _init_weights: Linear / Conv3d normal(0.02), biases zero
            if isinstance(m, (nn.Linear, nn.Conv3d)):
                nn.init.normal_(m.weight, std=0.02)
                if m.bias is not None:
                    nn.init.zeros_(m.bias)

    @property
    def shared(self):
        return self.visual.shared

    @property
    def last_chunks(self):
        return self.visual.last_chunks

    def gradient_checkpointing_enable(self):
        self.visual.gradient_checkpointing = True

    def forward(self, pixel_values, grid_thw):
        return self.visual(pixel_values, grid_thw)


def build(cfg):
    if cfg.tower in ("qwen2_vl", "qwen2_5_vl"):
        model = QwenVision(cfg)
    elif cfg.tower == "clip":
        model = ClipLlavaVision(cfg)
    elif cfg.tower == "pixtral":
        model = PixtralMistral3Vision(cfg)
    elif cfg.tower == "pixtral_llava":
        model = PixtralLlavaVision(cfg)
    else:
        model = SiglipGemma3Vision(cfg)

    def enable_shared_recording():
        (model.visual if isinstance(model, QwenVision) else model).record_shared = True

    model.enable_shared_recording = enable_shared_recording
    model.region_modules = functools.partial(region_modules, model)
    return model


def region_modules(model):
    """Module path -> region, for measure.SavedTensorTracker."""
    cfg = model.cfg
    if isinstance(model, QwenVision):
        m = {"visual.patch_embed": "patch_embed", "visual.merger": "merger"}
        for i in range(cfg.depth):
            m["visual.blocks.%d" % i] = "block.%d" % i
        return m
    if isinstance(model, (PixtralMistral3Vision, PixtralLlavaVision)):
        t = "vision_tower."
        m = {t + "patch_conv": "patch_embed", t + "ln_pre": "pre_norm", t + "patch_positional_embedding": "position",
             "multi_modal_projector": "projector"}
        for i in range(cfg.depth):
            m[t + "transformer.layers.%d" % i] = "block.%d" % i
        return m
    if isinstance(model, ClipLlavaVision):
        t = "vision_tower.vision_model."
        m = {t + "embeddings": "patch_embed", t + "pre_layrnorm": "pre_norm", t + "post_layernorm": "post_norm",
             "multi_modal_projector": "projector"}
        for i in range(cfg.depth):
            m[t + "encoder.layers.%d" % i] = "block.%d" % i
        return m
    m = {"vision_tower.embeddings.patch_embedding": "patch_embed",
         "vision_tower.embeddings.position_embedding": "position",
         "vision_tower.post_layernorm": "post_norm", "multi_modal_projector": "projector"}
    for i in range(cfg.depth):
        m["vision_tower.encoder.layers.%d" % i] = "block.%d" % i
    return m


def param_count_by_part(model):
    parts = {}
    for name, p in model.named_parameters():
        if ".blocks." in name or ".layers." in name:
            key = "blocks"
        elif "merger" in name or "multi_modal_projector" in name:
            key = "projector" if "multi_modal_projector" in name else "merger"
        elif "patch_embed" in name or "patch_conv" in name:
            key = "patch_embed"
        elif "position_embedding" in name:
            key = "position_embedding"
        elif "post_layernorm" in name:
            key = "post_norm"
        elif "pre_layrnorm" in name or "ln_pre" in name:
            key = "pre_norm"
        elif "class_embedding" in name:
            key = "class_embedding"
        else:
            key = "other"
        parts[key] = parts.get(key, 0) + p.numel()
    return parts
