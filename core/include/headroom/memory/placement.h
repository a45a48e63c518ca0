#pragma once

// Where the model states of one training run sit when it is spread over N GPUs: tensor and
// pipeline parallelism cut the model, ZeRO (Rajbhandari et al. 2020) divides its states over
// the data-parallel replicas, offload moves them to host memory (Ren et al. 2021), and LoRA /
// QLoRA change which parameters carry gradients and optimizer states at all.

#include <optional>
#include <string_view>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/resolved.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

namespace headroom {

/*!
 * DeepSpeed's additional_buffer_factor: its estimators multiply host memory by 1.5
 * (deepspeed/runtime/zero/stage_1_and_2.py and stage3.py, estimate_zero{2,3}_model_states_mem_needs).
 */
inline constexpr Count kHostBufferNumerator = 3;
inline constexpr Count kHostBufferDenominator = 2;

//! "none", "optimizer", "optimizer+params": stable names for files and the CLI.
std::string_view offloadName(Offload offload);
std::optional<Offload> offloadFromName(std::string_view name);

//! Model-state bytes, bucket by bucket.
struct StateBytes
{
    Bytes parameters = bytes(0);
    Bytes gradients = bytes(0);
    Bytes masterWeights = bytes(0);
    Bytes optimizerStates = bytes(0);

    Bytes total() const { return parameters + gradients + masterWeights + optimizerStates; }
};

//! One GPU's model states and the host memory they need.
struct Placement
{
    Count parameterCount = 0;     //!< whole model: base + adapters (+ PEFT's trained copies)
    //! Whole model: P for full fine-tuning, the adapters (and PEFT's trained copies) under LoRA.
    Count trainableParameters = 0;
    Count dataParallel = 1;       //!< N / (t p) = d·c, the ZeRO sharding degree
    ModelParallelShare share;

    //! This rank's model states before ZeRO divides them (full replicas of its model slice),
    //! PEFT's trained copies apart (copies below).
    StateBytes replica;
    //! Of replica.parameters: the adapters' (or the trainable model's) weights, and the frozen
    //! base in NF4 (QLoRA's block matrices) and in 16 bits (the rest), each sliced by the rank's
    //! share and divided by ZeRO-3 on its own.
    Bytes trainableWeights = bytes(0);
    Bytes frozenNf4 = bytes(0);
    Bytes frozen16 = bytes(0);
    //! Of frozenNf4: QLoRA's quantization constants, which ZeRO-3 and FSDP keep whole on every
    //! GPU (the packed codes alone are partitioned); 0 when they are partitioned with the codes.
    Bytes quantState = bytes(0);
    //! The same after ZeRO sharding and offload: what stays on the GPU, before the buffers below.
    //! These are the figures of Rajbhandari et al. 2020, Figure 1.
    StateBytes sharded;
    //! What offload moved to host memory, per GPU.
    StateBytes offloaded;
    //! Of sharded and offloaded: PEFT's trained copies of the embedding and LM head
    //! (modules_to_save), in their own dtype, divided by ZeRO as the adapters are.
    StateBytes copies;
    StateBytes copiesOffloaded;

    //! ZeRO-3 / FULL_SHARD: the parameters all-gathered at once. DeepSpeed: the largest module
    //! and its prefetch bucket, within stage3_max_live_parameters; FSDP: the root unit and the
    //! decoder layer computing with the ones prefetched (StackChoices::prefetchUnits).
    Bytes gatheredParameters = bytes(0);
    Count gatheredElements = 0;     //!< what gatheredParameters holds, in parameters
    BytesPer gatheredBytesPer{ 0, 1 }; //!< their bytes per parameter when all take one dtype
    //! ZeRO-3: the gathered module's (FSDP: unit's) gradients before they are reduce-scattered
    //! (trainable weights only).
    Bytes liveGradients = bytes(0);
    Count liveGradientElements = 0;
    //! DeepSpeed ZeRO-3: parameters of at most stage3_param_persistence_threshold elements are
    //! never partitioned: what keeping them whole adds beyond their shard.
    Bytes persistentParameters = bytes(0);
    //! ZeRO >= 1: the half-precision gradient reduce bucket(s) (StackChoices::reduceBucket
    //! elements; two with DeepSpeed's overlap_comm at stages 1-2).
    Bytes reduceBucket = bytes(0);
    int reduceBuckets = 0;
    //! DeepSpeed ZeRO-3: the FP32 gradient buffer of the largest optimizer sub-group (at most
    //! sub_group_size = 1e9 elements), the .grad of the FP32 partition being stepped
    //! (stage3.py L1008-1050).
    Bytes stepGradientBuffer = bytes(0);
    //! QLoRA: the one NF4 matrix dequantized to 16 bits for its matmul.
    Bytes dequantBuffer = bytes(0);
    //! Megatron-LM with Transformer Engine's FP8: the FP8 weights and transposes of this stage's
    //! linears, kept between steps as TE's weight workspace (fp8body.h).
    Bytes fp8WeightWorkspace = bytes(0);
    //! Transformer Engine's delayed scaling: the FP32 scales and amax histories of this stage's
    //! FP8 GEMMs (fp8body.h).
    Bytes fp8ScalingState = bytes(0);
    //! bitsandbytes paged states: in CUDA managed memory, resident on the GPU while room remains
    //! and paged to host memory under pressure; torch's memory statistics do not see them. The
    //! GPU bucket keeps the largest tensor's states, prefetched for its update.
    Bytes pagedOptimizerStates = bytes(0);

    //! Per GPU, everything above folded into the four buckets (what estimate() reports):
    //! parameters = sharded + gathered + dequantized; gradients = sharded + live + reduce bucket.
    StateBytes gpu;

    Count gpusOnNode = 1;              //!< min(gpus per node, N)
    Bytes hostOffloadedPerNode = bytes(0); //!< offloaded states of the node's GPUs
    Bytes hostLoadPerNode = bytes(0);  //!< each process loading the model on the host in FP32
    HostMemory host;                   //!< max(offloaded, load) x 1.5, per node
};

//! DeepSpeed's sub_group_size default (deepspeed/runtime/zero/config.py L165).
inline constexpr Count kZeroSubGroupSize = 1'000'000'000;

/*!
 * Places \a scenario's model states on one GPU. Allocation-free.
 *
 * ZeRO (Rajbhandari et al. 2020, section 5; DeepSpeed stage_1_and_2.py and stage3.py), d the
 * data-parallel degree:
 *  - stage 1 divides the FP32 master copy and the optimizer states by d;
 *  - stage 2 also the gradients; stage 3 also the parameters (FSDP SHARD_GRAD_OP = 2,
 *    FULL_SHARD = 3), and then gathers one module at a time (4 bytes per parameter of the
 *    largest module, DeepSpeed's largest_layer_memory: its 16-bit weights and gradients);
 *  - with an FP32 gradient buffer (PrecisionChoice::fp32GradBuffer) and 16-bit weights,
 *    stage 0 keeps only the FP32 buffer (Megatron's main_grad); stages 1 and 2 keep the 16-bit
 *    gradients (full at stage 1, divided at stage 2) and an FP32 partition for the optimizer
 *    ("18 = 2 grads16 + 4 grads32 + 4 params32 + 8 optimizer states", stage_1_and_2.py);
 *    stage 3 accumulates straight into the FP32 partition (stage3.py: 18 P / N);
 *  - each division rounds up: the partitions are equal, so the largest is the ceiling.
 * Offload (ZeRO-Offload, Ren et al. 2021; needs stage >= 1): the optimizer states, the master
 * copy and the gradient partition go to the host; the full 16-bit gradients of stage 1 stay.
 * Offloading parameters too (stage 3) leaves only the gathered module on the GPU.
 * Host per node (DeepSpeed's estimators): max(offloaded states of the node's GPUs, every
 * process loading its model slice in FP32: 4 bytes x parameters x GPUs on the node; at stage
 * 3 zero.Init builds the model partitioned, so only the largest module is loaded whole)
 * x 1.5 (additional_buffer_factor).
 * LoRA / QLoRA: only the adapters have gradients, a master copy and optimizer states (the
 * recipe's bytes per parameter); the frozen base (lora.h) counts as parameters, divided at
 * stage 3 and offloaded with them.
 * Model parallelism: this rank holds its share P_m of the parameters (modelParallelShare());
 * under full fine-tuning every bucket is bytes per parameter x P_m; the adapters and each part
 * of the frozen base take the proportional share ceil(x P_m / P).
 */
Placement placeModelStates(const Scenario &scenario);
//! The same for a scenario already resolved (estimate() resolves once).
Placement placeModelStates(const Scenario &scenario, const ResolvedScenario &resolved);

} // namespace headroom
