#pragma once

// Low-rank adapters on a frozen base: what LoRA (Hu et al. 2021) and QLoRA (Dettmers et al.
// 2023) change in the model states and the activations.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/model.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/units.h>

namespace headroom {

/*!
 * Storage of one NF4 weight with double quantization (Dettmers et al. 2023, sections 2-3):
 * 4 bits of code, an FP8 absmax constant per block of 64 (8/64 bits) and an FP32 constant per
 * 256 first-level constants (32/(64*256) bits): 4 + 0.125 + 0.001953125 = 4.126953125 bits,
 * exactly 2113/4096 bytes per parameter.
 */
inline constexpr BytesPer kNf4DoubleQuantBytes = bytesPer(2113, 4096);

/*!
 * The same without double quantization (bitsandbytes' default bnb_4bit_use_double_quant=False):
 * an FP32 absmax per block of 64, 4 + 32/64 = 4.5 bits: 2304/4096 bytes per parameter
 * (bitsandbytes 0.43 functional.py quantize_4bit).
 */
inline constexpr BytesPer kNf4Bytes = bytesPer(2304, 4096);

//! The storage per quantized weight of \a scenario's QLoRA base (StackOptions::quantBase): the
//! NF4 constants above, or for the other formats the exact bytes of every block linear weight
//! in that format (quantizedMatrixBytes()) over their elements.
BytesPer quantizedBaseBytesPer(const Scenario &scenario);

//! The group size \a scenario's format uses: the given one, else GPTQ's and AWQ's 128 and HQQ's
//! 64 (their quantizers' defaults); 0 for formats without groups.
Count quantGroupSizeOf(const Scenario &scenario);

/*!
 * Bytes of one frozen nn.Linear of \a in inputs and \a out outputs stored in \a format with
 * groups of \a group weights along the input (see the formats' sources in lora.cpp). NF4
 * formats: their constant rate.
 */
Count quantizedMatrixBytes(QuantBase format, Count in, Count out, Count group);

//! The adapted projections when none are named: q and v, the choice of Hu et al. 2021
//! (section 7.1) and PEFT's default for LLaMA.
inline constexpr unsigned kDefaultLoraTargets = LoraQ | LoraV;

inline constexpr LoraTarget kAllLoraTargets[] = { LoraQ, LoraK, LoraV, LoraO, LoraGate, LoraUp, LoraDown, LoraMixerIn, LoraMixerOut };

enum class ParamRole : std::uint8_t;

//! The LoRA targets (LoraTarget bits) a parameter tensor of that role answers to, as PEFT
//! matches module names; 0 for what is never adapted (routers, routed experts, norms).
unsigned loraTargetsOf(ParamRole role);

//! "q", "k", "v", "o", "gate", "up", "down", "mixer-in", "mixer-out".
std::string_view loraTargetName(LoraTarget target);
//! Parses a comma list ("q,v", "q, k, v, o") or "all"; nullopt on an unknown name or an empty list.
std::optional<unsigned> loraTargetsFromText(std::string_view text);
//! The bit set as a comma list in the order q,k,v,o,gate,up,down,mixer-in,mixer-out.
std::string loraTargetsText(unsigned targets);

//! "embed", "head"; parses a comma list of them, "none" or "embed,head"; nullopt on anything else.
std::optional<unsigned> trainedModulesFromText(std::string_view text);
//! The bit set as "embed", "head", "embed,head" or "none".
std::string trainedModulesText(unsigned modules);

std::string_view adapterModeName(AdapterMode mode);
std::optional<AdapterMode> adapterModeFromName(std::string_view name);

//! Parameter counts that follow from the architecture and the adapters, for the whole model.
struct LoraCounts
{
    Count adapterParameters = 0; //!< trainable: r (in + out) per adapted projection per layer
    //! Adafactor state elements of the adapters: rows + columns of A (r x in) and B (out x r).
    Count adapterFactoredElements = 0;
    Count adapterRankPerLayer = 0;  //!< sum of r over one layer's adapters (A's outputs per token)
    Count baseParameters = 0;       //!< the frozen base: effectiveParameters()
    Count quantizedParameters = 0;  //!< QLoRA: the base's block linear weights, stored in NF4
    Count largestQuantizedMatrix = 0; //!< QLoRA: the one matrix dequantized at a time
    Count quantizedArchitecture = 0;  //!< the architecture's block linear weights, before a given P rescales them
    //! The quantized weights of one layer of the larger kind (dense or MoE, by parameters): what
    //! FSDP gathers of a decoder layer in NF4 (placementbody.h).
    Count quantizedLargerLayer = 0;
    //! DoRA: sum of out_features over one layer's adapted modules (the larger layer kind, as
    //! adapterRankPerLayer): the magnitude vectors' length, and the outputs each saves per token.
    Count doraOutputsPerLayer = 0;
    //! DoRA: in and out of the adapted module whose weight-norm scratch is largest.
    Count doraScratchIn = 0;
    Count doraScratchOut = 0;
    //! The in_features of one layer's quantized linears, added up (the larger layer kind): what
    //! bitsandbytes before 0.43.2 (LoraSpec::bnbSavesInput) and LLM.int8 save per token at most.
    Count quantizedInputsPerLayer = 0;
    //! PEFT's modules_to_save: the trained copies' parameters (V x H for the token embedding,
    //! V x H for the LM head, each its own tensor whether or not the model ties them) and their
    //! Adafactor state elements (rows + columns of each).
    Count copiedParameters = 0;
    Count copiedFactoredElements = 0;
};

/*!
 * The scratch DoRA's forward builds for one adapted module of \a in inputs and \a out outputs
 * while it computes the weight norm (PEFT 0.20 tuners/lora/dora.py, DoraLinearLayer.forward and
 * get_weight_norm): an identity of in x in run through lora_A and lora_B (the x_eye path, PEFT
 * >= 0.12) for the low-rank product (in x r, then out x in), that product scaled, and W plus it,
 * all in the adapters' dtype; a 16-bit base weight is cast to FP32 adapters' dtype first. Freed
 * when the module returns, so one module's worth is alive at a time. Under autocast the identity
 * and the product are 16-bit and cast up for the norm (derived from the code, not measured).
 * \a adapter: the adapters' matmul dtype; \a baseFp32: the frozen weight is FP32 already.
 */
Bytes doraWeightNormScratch(Count in, Count out, Count r, Dtype adapter, bool autocast, bool baseFp32);

/*!
 * The scratch of one LLM.int8 linear's forward of \a tokens rows, \a in inputs and \a out
 * outputs (bitsandbytes 95f9af3, autograd/_functions.py MatMul8bitLt.forward with a frozen
 * weight, backends/default/ops.py int8_scaled_mm): int8_vectorwise_quant reads a float16 cast of
 * the input (2 bytes a value unless \a input already is FP16) and writes its int8 codes (1) and an
 * FP32 scale per row; the cast is dropped, then int8_linear_matmul writes an int32 product (4 bytes
 * an output) before the dequantized output. The larger of the two moments: tokens x max(cast +
 * in, in + 4 out) + 4 tokens. The outlier columns (threshold 6) depend on the data: not counted.
 */
Bytes int8MatmulScratch(Count tokens, Count in, Count out, Dtype input);

/*!
 * How many 16-bit copies of one quantized matrix its kernel holds at once while dequantizing for a
 * matmul, the largest moment of forward and backward (what placement's dequantBuffer multiplies):
 * - NF4 and LLM.int8 (bitsandbytes 95f9af3, MatMul4Bit / MatMul8bitLt backward), the FP8 base and
 *   GPTQ: one. GPTQModel compiles its dequantization (torch.compile of dequantize_weight), whose
 *   eager form would peak at 6 bytes a weight; its output is the weight mm keeps (lorablock.h).
 * - AWQ (AutoAWQ v0.2.9 awq/modules/linear/gemm.py WQLinearMMFunction.backward, as GPTQModel's
 *   AwqGemmFn): the dequantized weight and weights.transpose(0, 1).unsqueeze(0).repeat(B, 1, 1)
 *   for the batched matmul, 1 + B copies for the B sequences of the pass (a preference run's policy:
 *   chosen and rejected, posttraining.h savedSequences()).
 * - HQQ (hqq 0.2.8 core/quantize.py HQQLinear.dequantize, axis 1): the unpacked codes written in
 *   16 bits, their difference from the zeros and the product with the scales, three copies.
 */
Count dequantizedCopiesAlive(const Scenario &scenario);

/*!
 * What DoRA saves per adapted module beyond LoRA (PEFT 0.20, measured on CPU with a plain-torch
 * emulation of its forward): the base layer's output (B x S x out in \a baseOut) and the adapter
 * path's output (B x S x out in \a adapter), which the magnitude's rescaling multiplies, and three
 * vectors of out in FP32 (the detached norm, the magnitude over it, and its broadcast).
 */
Bytes doraSavedBytes(Count tokens, Count out, Dtype baseOut, Dtype adapter);

/*!
 * Adapter and base counts of \a scenario's model. Each adapted projection of shape in x out gets
 * A (r x in) and B (out x r): r (in + out) parameters, over the model's own modules
 * (parametertensors.h). A fused module is adapted once when any of its parts is named, as PEFT
 * does: GPT-2's and NeoX's fused QKV for q, k or v, Phi-3's gate_up_proj for gate or up; a
 * two-matrix MLP has up and down only. Latent attention's Q projections answer to q, its KV
 * projections to k and v. MoE layers adapt their shared experts for gate/up/down, never the
 * routed experts or the router. A hybrid model's mixer layers have no attention projections:
 * their mixer's input projections answer to mixer-in, its out_proj to mixer-out, and their MLP
 * as any layer's (the convolution, an nn.Conv1d, is neither adapted nor quantized). With a given
 * parameter count P the quantized share is scaled from the architecture's by P / (architecture's
 * count).
 */
LoraCounts loraCounts(const Scenario &scenario);

//! The LoRA targets some projection of \a model answers to, over the layers it has, as
//! loraCounts() adapts them: layer matrices, never routed experts (loraTargetsOf()). A two-matrix
//! MLP has no gate; a fused QKV answers to q, k and v; a hybrid's mixer projections to mixer-in
//! and mixer-out.
unsigned modelLoraTargets(const ModelSpec &model);
//! The same from counts the caller already has: the architecture's and the effective P.
LoraCounts loraCounts(const Scenario &scenario, const ParameterCounts &counts, Count parameters);

/*!
 * Bytes of the frozen base for the whole model. LoRA: every base parameter in the recipe's
 * weight dtype (FP32 under fp32 and autocast, whose weights are FP32; 16-bit under the *-master
 * and *-pure recipes). QLoRA: the block linear weights in NF4 (quantizedBaseBytesPer()), embeddings,
 * norms, biases and the LM head in that same weight dtype.
 */
Bytes frozenBaseBytes(const Scenario &scenario, const LoraCounts &counts);

//! Bytes of one parameter of the frozen base outside the quantized matrices.
BytesPer frozenBaseBytesPer(const Scenario &scenario);

/*!
 * Adds the adapters' own saved activations to \a estimate: each adapter keeps A's output
 * (B x S x r, for B's weight gradient); its input is the tensor the base projection already
 * reads, counted by the activation model (PEFT's default lora_dropout = 0 adds no copy). Held
 * for the layers the base activations are held for; under full recompute one layer's worth is
 * rebuilt with the rest. The base activations themselves are the activation model's, as in full
 * fine-tuning: activations still flow through the frozen base.
 *
 * Nothing is added where the itemized model lists the adapters itself
 * (transformerItemizesAdapters(): the plain LLaMA block, whose list has PEFT's adapter inputs,
 * outputs and dropout masks, and drops what the frozen base no longer saves).
 */
void addAdapterActivations(const Scenario &scenario, const LoraCounts &counts, ActivationEstimate &estimate);

//! B x S x (sum of the adapters' ranks in one layer): the A outputs one layer saves, in elements.
Count adapterActivationElements(const Scenario &scenario, const LoraCounts &counts);

} // namespace headroom
