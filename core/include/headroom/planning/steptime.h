#pragma once

// How long one optimizer step takes, from its terms: compute (the matmuls at the card's
// achievable matmul rate, the element-wise work at its memory bandwidth), data-, tensor- and
// pipeline-parallel communication with the ring volume formulas and the part hidden behind
// compute, the pipeline bubble, offload's PCIe transfers and the CPU optimizer step. Days, MFU
// and cost follow from it (procurement.h); docs/procurement.md gives every formula and source,
// and tests/core/tst_publishedthroughput.cpp checks the result against published runs.
//
// Allocation-free (the fit table evaluates it for every GPU kind and strategy); the worded
// derivation is built apart, on request (steptimeexplain.h).

#include <headroom/hardware/gpuspec.h>
#include <headroom/memory/scenario.h>
#include <headroom/planning/gemmshape.h>

namespace headroom {

//! The term a step's time is mostly spent in.
enum class StepTerm : std::uint8_t { Compute, Communication, Bubble, Offload };

//! Figures stepTime() needs that do not change between a search's candidates.
struct PreparedStep
{
    //! stepGemmShapes() of the scenario and card (the same t, c, ep, micro-batch and recompute).
    const GemmShapeSlowdowns *gemmShapes = nullptr;
    //! parameterCounts() of the scenario's model.
    const ParameterCounts *counts = nullptr;
};

//! What the step is timed under, beside the scenario and the card.
struct StepTimeOptions
{
    //! Network bandwidth per node in bits per second; 0: the card's usual node (GpuSpec).
    double networkBitsPerSecond = 0;
    //! When positive, the compute term runs at this fraction of the dense peak instead of the
    //! modelled matmul efficiency and memory-bound time (the `--mfu` override); communication,
    //! bubble and offload are still added.
    double computeFractionOverride = 0;
    //! What a caller timing many layouts of one model has worked out once (the plan search);
    //! null members are worked out here.
    PreparedStep prepared;
};

/*!
 * Shares of a collective that overlap compute, per stack: DDP, FSDP and DeepSpeed reduce
 * gradient buckets while backward runs and FSDP prefetches the next unit's all-gather, so all
 * but the last bucket hides behind compute (PyTorch DDP design notes; FSDP's backward_prefetch;
 * DeepSpeed overlap_comm). Megatron-LM overlaps data-parallel traffic only with
 * --overlap-grad-reduce / --overlap-param-gather, on in the Megatron-Core releases timed here.
 * Tensor-parallel all-reduces sit on the critical path (no --tp-comm-overlap by default) and
 * pipeline sends block the next stage: neither overlaps.
 */
inline constexpr double kDataParallelOverlap = 0.9;

/*!
 * The share of \a s's data-parallel traffic that overlaps compute: kDataParallelOverlap, or 0
 * under DeepSpeed's engine (the deepspeed stack, and the Hugging Face Trainer's ZeRO) without
 * overlap_comm, whose default is off below stage 3 (deepspeed/runtime/zero/config.py): its
 * buckets are then reduced on the compute stream as backward fills them, and backward waits.
 */
double dataParallelOverlap(const Scenario &s);

//! Share of a link's nominal bandwidth collectives reach: nccl-tests' bus bandwidth on 4x RTX
//! 4090 over PCIe 4.0 x16 is 25.9 of 31.5 GB/s (82 %), NVLink on DGX A100 about 80 % as well.
inline constexpr double kLinkEfficiency = 0.8;

/*!
 * Element-wise traffic of one token through one layer, in bytes per hidden unit: norms,
 * residual adds, activation functions, dropout, casts, RoPE, each reading and writing H values
 * in forward and about twice that in backward, as PyTorch runs them unfused. 830 is the one
 * value that reproduces both MosaicML's A100 and H100 runs of the same MPT-7B (their MFU gap,
 * 64 % vs 46 %, is what the memory-bound share makes: H100's FLOP/s grew 3.2x, its bandwidth
 * 1.6x), with attention priced by its kernel and the GEMMs by their shapes (gemmshape.h);
 * docs/procurement.md shows how it was chosen and the rows it then predicts.
 */
inline constexpr double kElementwiseBytesPerTokenLayerHidden = 830;

/*!
 * The share of that traffic fused kernels leave, calibrated on the calibration set of
 * tests/fixtures/throughput/published-runs.json (docs/procurement.md):
 *  - torch.compile (`--compile`): 0.68, what torchtitan's December 2024 H100 runs measure
 *    compiled against eager, Llama 3.1 8B on 8 and on 128 GPUs (6,667 vs 5,762 and 6,514 vs
 *    5,605 tokens/s/GPU: x1.157 and x1.162, with the rest of the step as modelled);
 *  - Megatron with Transformer Engine (fused LayerNorm-linear, bias-GELU / SwiGLU, RoPE,
 *    softmax and cast kernels), i.e. under Megatron with a fused attention kernel: 0.8, the
 *    value that best reproduces NeMo 24.07's twelve H100 runs (median |error| 6.8 %, 11 of 12
 *    within 15 %). Megatron's local implementation with eager attention (2021's kernels) is
 *    priced unfused.
 */
inline constexpr double kCompiledElementwiseShare = 0.68;
inline constexpr double kMegatronElementwiseShare = 0.8;

//! The element-wise bytes per token, layer and hidden unit \a s's kernels move:
//! kElementwiseBytesPerTokenLayerHidden times the fused share of its stack and compilation.
double elementwiseBytesPerTokenLayerHidden(const Scenario &s);

/*!
 * Eager attention's extra traffic per token, layer and head, in bytes per key position: the
 * S x S scores written, read by the softmax, the probabilities written and read by P V, and in
 * backward read again, their gradient written and read: eight passes of two bytes. SDPA and
 * flash attention keep the scores on chip.
 */
inline constexpr double kEagerScoreBytesPerKey = 16;

/*!
 * DeepSpeed's CPU Adam, parameters per second on a two-socket server host: its ZeRO-Offload
 * tutorial's log for a 10.3 B-parameter GPT-2 on one V100 shows optimizer_step 6.22 - 6.48 s.
 */
inline constexpr double kCpuAdamParamsPerSecond = 1.6e9;

/*!
 * Bytes an FP8 cast moves per element of a linear's input, output gradient and weight, as
 * torchao's roofline model counts its kernels unfused (torchao/testing/training/roofline_utils.py,
 * get_tensor_memory_traffic_ovhd_s, v0.18.0-rc1-48-g36027d8): tensorwise reads the BF16 tensor
 * for its amax, then again to write both FP8 layouts (2 + 2 + 1 + 1), the weight once per layout
 * (2 + 3 + 3); rowwise writes a BF16 transpose between its two casts (2 + 1 + 2, 2 + 1; weight
 * 3 + 4 + 3); MXFP8 casts each layout from BF16 (3 + 3). Transformer Engine's fused
 * cast-transpose reads once and writes both layouts, its amax taken in the same pass
 * (transformer_engine/common/transpose/cast_transpose.cu, 2.20.0.dev0 at d0067d0): 2 + 1 + 1.
 */
struct Fp8CastBytes
{
    double input = 0;
    double gradOutput = 0;
    double weight = 0;
};
Fp8CastBytes fp8CastBytes(Fp8Recipe recipe);
//! fp8CastBytes() of \a s's recipe; under torch.compile the tensorwise amax read of an input
//! and an output gradient fuses into the op that produced it (torchao's roofline model,
//! fuse_with_prev: kernel 1's 2 bytes an element dropped), 4 bytes each instead of 6.
Fp8CastBytes fp8CastBytes(const Scenario &s);

struct StepTime
{
    bool known = false;             //!< false without a dense peak for the recipe on the card
    double peakFlops = 0;           //!< the card's dense peak for the recipe's matmul dtype
    double tokensPerStep = 0;       //!< d x B x m x S, all GPUs
    double modelFlopsPerStep = 0;   //!< forward and backward, no recomputation: MFU's numerator
    double hardwareFlopsPerStep = 0; //!< with the recomputed forward
    double matmulS = 0;             //!< hardware FLOPs x shape slowdown / (N x peak x matmul efficiency)
    //! What the 16-bit GEMMs' shapes cost over the card's best rate (gemmshape.h; >= 1): all of
    //! them, or under an FP8 recipe those left 16-bit (the LM head).
    double gemmShapeSlowdown = 1;
    double fp8GemmShapeSlowdown = 1; //!< the same for the FP8 layer linears
    double fp8PeakFlops = 0;        //!< the card's dense FP8 peak, when the recipe runs FP8 linears
    double fp8FlopsPerStep = 0;     //!< the hardware FLOPs of those linears, timed at fp8PeakFlops
    double fp8CastS = 0;            //!< their FP8 casts at memory bandwidth (part of memoryBoundS)
    double attentionFlopsPerStep = 0; //!< attention kernels' FLOPs (not eager attention's batched GEMMs)
    double attentionEfficiency = 0; //!< the share of the peak they run at (attentionKernelEfficiency())
    double attentionBackwardFlopsPerStep = 0; //!< of them, backward's, run at kAttentionBackwardShare (0: not apart)
    double attentionS = 0;          //!< their time (part of matmulS)
    double memoryBoundS = 0;        //!< element-wise bytes / (HBM bandwidth)
    double optimizerS = 0;          //!< the optimizer step on the GPU: its states read and written once
    //! Uneven pipeline stages: the slowest stage's layers over L/p (1 when even); the layers'
    //! matmuls and element-wise work run at that stage's pace, the others wait for it.
    double stageImbalance = 1;
    double stageImbalanceS = 0;     //!< what the slowest stage adds to matmulS + memoryBoundS (in computeS)
    double computeS = 0;            //!< matmulS + memoryBoundS + optimizerS (or the --mfu override)
    double dataParallelS = 0;       //!< gradient and parameter collectives, before overlap
    double dataParallelExposedS = 0; //!< the part of them not hidden behind compute
    double dataParallelLatencyS = 0; //!< of dataParallelS: the collectives' own latency (NCCL's model)
    double tensorParallelLatencyS = 0; //!< of tensorParallelS: the same
    double tensorParallelS = 0;     //!< the per-layer all-reduces (or all-gather + reduce-scatter)
    double contextParallelS = 0;    //!< context parallelism's K/V exchange (or Ulysses' all-to-alls), all exposed
    double expertParallelS = 0;     //!< expert parallelism's dispatch and combine all-to-alls, all exposed
    double pipelineSendS = 0;       //!< activations and their gradients between stages
    double communicationS = 0;      //!< the part of them not hidden behind compute
    double bubbleS = 0;             //!< (p - 1) / (v m) of the pipelined compute
    double offloadTransferS = 0;    //!< gradients to and parameters from host memory over PCIe
    double cpuOptimizerS = 0;       //!< the optimizer step on the host's CPUs
    double totalS = 0;              //!< compute + communication + bubble + offload
    double mfu = 0;                 //!< model FLOPs / (total x N x peak), the 16-bit peak under FP8 too;
                                    //!< causal attention counted as the kernel runs it (half the square)
    //! The same with attention's whole S x S square counted, as most publications state MFU
    //! (PaLM appendix B, Megatron-LM, torchtitan); equal to mfu for eager and encoder attention.
    double mfuFullAttention = 0;
    double hfu = 0;                 //!< hardware FLOPs / (total x N x peak)
    Count nodes = 1;                //!< ceil(N / GPUs per node)
    double dataParallelBandwidth = 0;   //!< bytes/s a data-parallel collective gets per GPU
    double tensorParallelBandwidth = 0;
    bool dataParallelCrossesNodes = false;
    bool tensorParallelCrossesNodes = false;
    double contextParallelBandwidth = 0; //!< bytes/s of the context-parallel group's link
    bool contextParallelCrossesNodes = false;
    double expertParallelBandwidth = 0; //!< bytes/s of the expert group's link
    bool expertParallelCrossesNodes = false;

    double offloadS() const { return offloadTransferS + cpuOptimizerS; }
    StepTerm dominant() const;
    double share(StepTerm term) const; //!< of totalS
};

/*!
 * One optimizer step of \a s on \a gpu: N = s.parallel.gpus GPUs, d = N / (t p) replicas,
 * micro-batch B and m = s.training.gradAccumSteps micro-batches per replica. The scenario must
 * have passed validate().
 */
StepTime stepTime(const Scenario &s, const GpuSpec &gpu, const StepTimeOptions &options);

//! gemmShapeSlowdowns() at the rates stepTime() times \a s on \a gpu with.
GemmShapeSlowdowns stepGemmShapes(const Scenario &s, const GpuSpec &gpu);

//! Training FLOPs per token: forward and backward (MFU's count), and with recomputation.
struct FlopsPerToken
{
    double model = 0;
    double hardware = 0;
    double modelFullAttention = 0; //!< model with causal attention's whole square counted
    double attentionHardware = 0;  //!< of hardware: attention's scores and P V, every pass and recomputation
    double attentionBackward = 0;  //!< of attentionHardware: the backward pass's (twice a forward)
};

/*!
 * Attention's backward kernels reach this share of the forward kernels' share of the peak
 * (GpuSpec::attentionEfficiency is measured on forward passes): 0.56, the value that makes
 * torchtitan's December 2024 Llama 3.1 8B run at 32,768 tokens on 8 H100s (3,890 tokens/s/GPU,
 * SDPA, full checkpointing, compiled; the calibration set of published-runs.json) come out as
 * measured with the rest of its step as modelled, where attention is most of the step.
 */
inline constexpr double kAttentionBackwardShare = 0.56;

//! The share of the dense peak \a s's attention kernel reaches on \a gpu: the fused (Transformer
//! Engine) figure under Megatron, PyTorch's SDPA / flash-attn 2 figure otherwise (GpuSpec).
double attentionKernelEfficiency(const Scenario &s, const GpuSpec &gpu);
FlopsPerToken flopsPerToken(const Scenario &s);
//! The same with the model's parameterCounts() given.
FlopsPerToken flopsPerToken(const Scenario &s, const ParameterCounts &counts);

//! Parameters whose weights pass through the matmuls: those a token uses, less the embedding
//! table's lookup (still counted once as the LM head when tied).
double matmulParameters(const ModelSpec &model);
double matmulParameters(const ModelSpec &model, const ParameterCounts &counts);

//! Dense tensor-core peak in FLOP/s for the recipe's matmul dtype: BF16 recipes use
//! tflops_bf16, FP16 recipes tflops_fp16; 0 when unknown (the fp32 recipe, or BF16 on a GPU
//! without it), and then no time is estimated.
double peakFlops(const GpuSpec &gpu, Recipe recipe);

//! Bytes per second one direction of a PCIe link carries: 0.985 GB/s per lane at 3.0
//! (8 GT/s, 128b/130b), doubling with each generation.
double pcieBytesPerSecond(int generation, int lanes);

} // namespace headroom
