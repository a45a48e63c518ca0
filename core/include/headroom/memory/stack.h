#pragma once

// Training stacks: the frameworks people launch runs with (Hugging Face Trainer and PEFT,
// torchtune, litgpt, DeepSpeed, PyTorch FSDP and FSDP2, Megatron-LM), and the conventions of the
// papers (ZeRO, the article's worked example). Each stack has defaults for the choices that move
// memory: the activation model and kernels, the loss, the optimizer's implementation, which
// buffers the framework allocates and how large.
//
// A scenario holds every choice as a plain value. applyStackDefaults() writes a stack's defaults
// into a scenario (the CLI's --stack, a scenario file's "stack" key and the window's picker call
// it before the user's own settings), so each choice can then be overridden one by one; the
// few defaults that depend on other fields (Hugging Face's "auto" buckets follow the hidden
// size) stay "the stack's" (-1) until resolveStack() sizes them. stackDefaultsOf() says which
// values are the stack's, for the derivation.
//
// Every default names its source beside it in stackbody.h (repository, version, file).

#include <cstdint>
#include <optional>
#include <string_view>

#include <headroom/memory/units.h>

namespace headroom {

struct Scenario;

enum class TrainingStack : std::uint8_t {
    Paper,     //!< no framework buffers: the ZeRO paper's model states, the article's textbook example
    HfTrainer, //!< Hugging Face Trainer / PEFT / TRL (accelerate for DeepSpeed and FSDP)
    Torchtune, //!< torchtune recipes (pure BF16, chunked loss, FSDP2 when distributed)
    Litgpt,    //!< Lightning litgpt (chunked loss without upcast, FSDP when distributed)
    DeepSpeed, //!< DeepSpeed's engine with its own config defaults
    Fsdp,      //!< PyTorch FSDP1, one unit per decoder layer
    Fsdp2,     //!< PyTorch FSDP2 (fully_shard per decoder layer)
    Megatron,  //!< Megatron-LM / Megatron-Core
};

inline constexpr TrainingStack kAllStacks[] = {
    TrainingStack::Paper, TrainingStack::HfTrainer, TrainingStack::Torchtune, TrainingStack::Litgpt,
    TrainingStack::DeepSpeed, TrainingStack::Fsdp, TrainingStack::Fsdp2, TrainingStack::Megatron,
};

//! How the loss meets the logits.
enum class LossKind : std::uint8_t {
    Plain,       //!< B·S·V logits upcast to FP32 whole, log-softmax saved (HF, torch.nn.CrossEntropyLoss)
    Chunked,     //!< the head and the FP32 loss applied to N slices of the tokens (torchtune, litgpt)
    FusedLinear, //!< head and loss fused chunk by chunk, the gradients computed in forward (Liger)
};

//! The frozen base's quantized storage under --lora qlora: bitsandbytes NF4 with FP32 block
//! scales or with the scales quantized again; GPTQ and AWQ 4-bit checkpoints (grouped scales and
//! zeros); bitsandbytes LLM.int8; HQQ 4-bit; FP8 weights with per-channel scales (quantbase.h).
enum class QuantBase : std::uint8_t { Nf4, Nf4DoubleQuant, Gptq, Awq, Int8, Hqq, Fp8 };

inline constexpr QuantBase kAllQuantBases[] = { QuantBase::Nf4DoubleQuant, QuantBase::Nf4, QuantBase::Gptq, QuantBase::Awq,
                                                QuantBase::Int8,           QuantBase::Hqq, QuantBase::Fp8 };

//! bitsandbytes' NF4 formats, whose quantization constants sit outside the partitioned tensor.
constexpr bool isBnbNf4(QuantBase q) { return q == QuantBase::Nf4 || q == QuantBase::Nf4DoubleQuant; }

//! The bases whose kernel keeps each linear's input, as it arrives, for backward whenever it
//! requires grad: bitsandbytes' LLM.int8 (MatMul8bitLt.forward, ctx.tensors = (CAt, subA, A) at
//! 95f9af3) and HQQ (hqq 0.2.8 HQQMatmulNoCacheMul.setup_context: save_for_backward(x, bias)).
constexpr bool keepsUncastInput(QuantBase q) { return q == QuantBase::Int8 || q == QuantBase::Hqq; }

//! AWQ's kernel keeps its input cast to 16 bits (GPTQModel's AwqGemmFn, a port of AutoAWQ's
//! WQLinearMMFunction: save_for_backward(x, qweight, qzeros, scales, bias), x cast to FP16 unless
//! already 16-bit), as bitsandbytes' NF4 did before 0.43.2 with its compute dtype.
constexpr bool keepsCastInput(QuantBase q) { return q == QuantBase::Awq; }

//! A choice whose stack default depends on the rest of the scenario.
enum class StackSwitch : std::uint8_t { StackDefault, Off, On };

//! The stack and its memory features, every one a plain value (see above).
struct StackOptions
{
    TrainingStack stack = TrainingStack::Paper;
    LossKind loss = LossKind::Plain;
    Count lossChunks = 0;             //!< chunks of a chunked or fused loss; 0: the stack's
    bool optimizerInBackward = false; //!< each gradient is applied and freed as backward produces it
    bool activationOffload = false;   //!< saved activations copied to pinned host memory
    bool compile = false;             //!< torch.compile fuses the norms and activations
    bool pagedOptimizer = false;      //!< bitsandbytes paged states in CUDA managed memory
    bool fusedOptimizer = true;       //!< fused (in place) vs torch's foreach (a temporary)
    QuantBase quantBase = QuantBase::Nf4DoubleQuant;
    //! Weights per group of the grouped formats (GPTQ, AWQ, HQQ); -1: the format's default.
    Count quantGroupSize = -1;
    // DeepSpeed ZeRO-3 (deepspeed/runtime/zero/config.py); -1: the stack's value.
    Count maxLiveParameters = -1;
    Count prefetchBucket = -1;
    Count persistenceThreshold = -1;
    StackSwitch overlapComm = StackSwitch::StackDefault; //!< DeepSpeed: on at stage 3, off below
    bool zeroInit = true;             //!< ZeRO-3 builds the model partitioned (no whole copy on the host)
    // Megatron
    bool distributedOptimizer = false; //!< FP32 main parameters and moments sharded over data parallel
    Count virtualStages = 1;           //!< --vpp: model chunks per pipeline stage (interleaved schedule)
};

//! The choices with the scenario-dependent defaults sized.
struct StackChoices
{
    TrainingStack stack = TrainingStack::Paper;
    LossKind loss = LossKind::Plain;
    Count lossChunks = 1;
    Count reduceBucket = 0;        //!< elements
    Count maxLiveParameters = 0;
    Count prefetchBucket = 0;
    Count persistenceThreshold = 0;
    bool overlapComm = false;
    //! The framework gathers whole wrapped decoder layers (FSDP units) rather than parameter
    //! by parameter up to a live limit (DeepSpeed).
    bool gathersWholeLayers = false;
    //! Units gathered ahead of the one computing (FSDP1 limit_all_gathers: up to two in flight).
    Count prefetchUnits = 0;
};

//! The concrete choices of \a scenario. Allocation-free.
StackChoices resolveStack(const Scenario &scenario);

//! resolveStack(scenario).lossChunks alone (the itemized activation model's one question).
Count resolvedLossChunks(const Scenario &scenario);

/*!
 * FSDP's mixed precision under an autocast recipe: with several GPUs the FSDP stacks (fsdp,
 * fsdp2, torchtune, litgpt) gather the FP32-stored parameters in the compute dtype
 * (MixedPrecision(param_dtype=bf16), accelerate's mixed_precision=bf16), so the layers run and
 * save their activations in 16 bits, and autocast has no FP32 weight to cast and cache.
 */
bool fsdpMixedPrecision(const Scenario &scenario);

/*!
 * PEFT creates LoRA adapters in FP32 (get_peft_model(autocast_adapter_dtype=True), peft >= 0.12)
 * under the Hugging Face stacks (hf-trainer, fsdp, fsdp2), except sharded QLoRA (ZeRO-3 / FSDP
 * FULL_SHARD), where TRL keeps them in the storage dtype. torchtune and litgpt build them in the
 * model's dtype; DeepSpeed's bf16 engine casts them to 16 bits with FP32 masters.
 */
bool peftFp32Adapters(const Scenario &scenario);

//! Writes \a stack's defaults into \a scenario: StackOptions, the activation model, kernels and
//! profile, the reduce bucket, and the precision a stack imposes (torchtune: pure BF16).
void applyStackDefaults(Scenario &scenario, TrainingStack stack);

//! Whether \a scenario still has \a stack's value for each choice, for the derivation's "from
//! the stack" or "set".
struct StackDefaultness
{
    bool loss = true, lossChunks = true, optimizerInBackward = true, activationOffload = true, compile = true,
         pagedOptimizer = true, fusedOptimizer = true, quantBase = true, reduceBucket = true, zero3 = true,
         activations = true;
};
StackDefaultness stackDefaultness(const Scenario &scenario);

// Stable names for files and the CLI; never translated.
std::string_view stackName(TrainingStack stack);
std::optional<TrainingStack> stackFromName(std::string_view name);
std::string_view lossName(LossKind loss);
std::optional<LossKind> lossFromName(std::string_view name);
std::string_view quantBaseName(QuantBase q);
std::optional<QuantBase> quantBaseFromName(std::string_view name);
std::string_view stackSwitchName(StackSwitch s);
std::optional<StackSwitch> stackSwitchFromName(std::string_view name);

} // namespace headroom
