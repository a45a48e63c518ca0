#pragma once

// Implementation profiles: the choices a training stack's code and kernels make that change
// what a transformer layer saves for backward. The same GPT-2 or LLaMA block stores different
// tensors under Hugging Face's eager code, under fused Megatron-style kernels, and on a CPU
// build of an older PyTorch; each profile names one such set of choices, and the itemized
// activation model (transformeractivations.h) reads every switch below explicitly.
//
// Sources: tools/calibrate/SAVED_TENSORS.md (measured on PyTorch 1.13, CPU: the hf-eager-cpu
// profile reproduces all 117 fixtures) and its "switches" table (what CUDA builds and later
// PyTorch versions do instead); Korthikanti et al. 2022, "Reducing Activation Recomputation in
// Large Transformer Models" (arXiv:2205.05198), section 4.1, for the fused Megatron layer.

#include <optional>
#include <string_view>

#include <headroom/memory/scenario.h>

namespace headroom {

//! Every switch of a profile. Names say what is true when the switch is on.
struct ImplementationChoices
{
    /*!
     * Dropout masks are 1-byte bools: CUDA's fused native_dropout. Off: the mask is a tensor of
     * the dropout input's dtype, as CPU dropout (input * noise) saves it.
     */
    bool boolDropoutMask = true;
    /*!
     * Under autocast, softmax runs in FP32 (it is on CUDA autocast's FP32 list): GPT-2's eager
     * attention then saves the FP32 probabilities and the half-precision copy the next matmul
     * reads. Off (CPU autocast in torch 1.13 has no softmax rule): one half-precision tensor.
     * LLaMA asks for softmax(dtype=float32) itself, so this does not change it.
     */
    bool softmaxFp32UnderAutocast = true;
    /*!
     * Scale, mask and softmax are one kernel that saves its half-precision output (Megatron's
     * FusedScaleMaskSoftmax); only the raw scores live beside it. Off: HF's eager attention,
     * which scales and masks in separate ops (GPT-2: softmax in the scores' dtype, see above;
     * LLaMA: softmax(dtype=float32), then a cast back to the query's dtype).
     */
    bool fusedSoftmax = false;
    //! LayerNorm's saved mean and 1/std are FP32 for half inputs (CUDA, Apex). Off: the input's dtype (CPU).
    bool normStatsFp32 = true;
    /*!
     * RMSNorm is one fused kernel that saves its input and an FP32 1/rms (Apex, Transformer
     * Engine). Off: HF's LlamaRMSNorm, written out: upcast to FP32 (a fresh FP32 copy unless the
     * residual already is FP32), normalise, cast back, scale; it saves the FP32 input, the FP32
     * 1/rms and the normalised tensor in the input's dtype.
     */
    bool fusedNorm = false;
    /*!
     * RMSNorm's mean() saves its input x² (FP32, B·S·H per norm): torch 1.13's derivative
     * formula for mean references the input. PyTorch 2.x saves only its size (not measured
     * here; gpu_peak.py's forward delta shows it on a GPU).
     */
    bool meanSavesInput = false;
    /*!
     * F.unfold (im2col, Mistral 3's patch merger) saves its input: torch 1.13's derivative formula
     * references it. Later PyTorch's Im2ColBackward0 keeps only the input's two spatial sizes
     * (tools/calibrate/vision_measure.py's cpu_vs_cuda, unfold_saves_input).
     */
    bool unfoldSavesInput = false;
    /*!
     * LFM2's gated short convolution runs causal-conv1d's kernel, which saves its input and
     * returns an output of S positions. Without that kernel (and always on a CPU, where
     * transformers' Lfm2ShortConv takes slow_forward) nn.Conv1d pads by K - 1 on both sides and
     * the product that follows keeps a slice of its S + K - 1 outputs, the whole storage.
     */
    bool shortConvKernel = true;
    /*!
     * Grouped K and V are expanded to all A heads before eager or SDPA attention (HF's
     * repeat_kv, Megatron's repeat_interleave), so those kernels save them at A heads.
     * FlashAttention reads grouped heads directly and saves them at KV heads whatever this says.
     */
    bool expandGroupedKv = true;
    /*!
     * HF's repeat_kv (x[:, :, None].expand(...).reshape(...)) with one KV head at B = 1 merges a
     * size-1 dimension with the stride-0 one and stays a view, so eager attention (and SDPA)
     * save the single head's K and V, not A copies (measured: llama-mqa-b1-*); autocast's half
     * cast of the FP32 RoPE'd key still materialises all heads. Off: the expansion always copies
     * (Megatron's repeat_interleave).
     */
    bool repeatKvView = true;
    /*!
     * One matmul computes Q, K and V (and one computes LLaMA's gate and up): it saves its input
     * once. Off: HF's separate q/k/v_proj (gate/up_proj) share one input tensor, except under
     * autocast, where each casts the FP32 norm output to half precision on its own (three casts).
     */
    bool fusedProjections = false;
    /*!
     * The MLP activation is one fused kernel saving only its input: Megatron's bias-GELU (saves
     * the B·S·F pre-activation) and bias-SwiGLU (saves the B·S·2F gate-up output). Off: HF's
     * gelu_new is Python arithmetic and saves four B·S·F tensors (input, tanh, 0.5x, 1+tanh);
     * HF's SwiGLU saves the gate output (for SiLU), the SiLU output and the up output.
     */
    bool fusedActivation = false;
    /*!
     * Under autocast (amp-* recipes), the cast cache keeps a half-precision copy of every FP32
     * weight a matmul used until the autocast region ends, and the matmuls save those copies
     * for backward: 2 bytes per weight element of the block's matrices and of the LM head.
     */
    bool autocastWeightCopies = true;
    /*!
     * HF's loss: the logits are upcast to FP32 (logits.float()), log_softmax saves its FP32
     * B·S·V output, and backward writes two dense FP32 B·S·V gradients (nll_loss's and
     * log_softmax's). Off: Megatron's vocab-parallel cross-entropy computes the FP32 softmax in
     * place in the upcast logits and turns it into the gradient in place.
     */
    bool hfLoss = true;
    /*!
     * HF's eager attention takes a 4-D additive mask (B×1×S×S, embedding dtype) and, under
     * reentrant checkpointing, every layer's checkpoint holds it and the positions as tensor
     * arguments. Off: the kernels apply the causal mask themselves.
     */
    bool maskArgument = true;
    /*!
     * The optimizer is torch.optim's foreach implementation (HF Trainer's "adamw_torch"; foreach
     * is PyTorch's default on CUDA), whose AdamW/Adam step computes sqrt(exp_avg_sq) for all
     * parameters at once into a temporary list of the moments' size. Off: a fused multi-tensor
     * kernel (Apex/Megatron/DeepSpeed FusedAdam, torch's fused=True) that updates in place.
     * Recipes with an FP32 master copy imply such a wrapper and its fused kernel whatever this says.
     */
    bool foreachOptimizer = true;
};

//! The choices of \a profile.
const ImplementationChoices &implementationChoices(ImplementationProfile profile);

//! The attention kernel a profile implies when none is named (hf-sdpa: SDPA; the others: eager).
AttentionKernel defaultAttention(ImplementationProfile profile);

// Stable names for files, the CLI and settings; never translated.
//! "hf-eager", "hf-sdpa", "megatron-fused", "hf-eager-cpu".
std::string_view profileName(ImplementationProfile profile);
std::optional<ImplementationProfile> profileFromName(std::string_view name);
//! "eager", "sdpa", "flash".
std::string_view attentionKernelName(AttentionKernel kernel);
std::optional<AttentionKernel> attentionKernelFromName(std::string_view name);

inline constexpr ImplementationProfile kAllProfiles[] = {
    ImplementationProfile::HfEager, ImplementationProfile::HfSdpa, ImplementationProfile::MegatronFused,
    ImplementationProfile::HfEagerCpu,
};
inline constexpr AttentionKernel kAllAttentionKernels[] = { AttentionKernel::Eager, AttentionKernel::Sdpa,
                                                            AttentionKernel::Flash };

} // namespace headroom
