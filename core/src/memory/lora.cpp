#include <headroom/memory/lora.h>
#include <headroom/memory/posttraining.h>

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/model.h>
#include <headroom/memory/parametertensors.h>
#include <headroom/memory/precision.h>
#include <headroom/memory/transformeractivations.h>

#include "lorabody.h"

namespace headroom {

namespace {

struct LayerAdapters
{
    Count parameters = 0, factored = 0, rank = 0, quantized = 0, largestMatrix = 0;
    Count outputs = 0, scratchIn = 0, scratchOut = 0, quantizedInputs = 0;
};

// The elements of DoRA's weight-norm scratch (doraWeightNormScratch()) that decide which module's
// is largest: the identity, the low-rank product and its copies.
Count doraScratchWeight(Count in, Count out, Count r) { return in * in + in * r + 4 * out * in; }

// One layer's adapters on \a targets and its quantizable matrices; \a mixer: a hybrid model's
// mixer layer, whose mixer replaces attention.
LayerAdapters layerAdapters(const ModelSpec &m, const ModelDims<Count> &d, bool sparse, unsigned targets, Count r, bool mixer = false)
{
    LayerAdapters a;
    forEachTensorOfLayer(m, d, sparse, mixer, [&](ParamPlace, const ParamTensor &t) {
        if (!isLayerLinear(t.role) || !t.matrix)
            return;
        a.quantized += t.copies * t.weightElements();
        a.quantizedInputs += t.copies * t.rows;
        if (t.weightElements() > a.largestMatrix)
            a.largestMatrix = t.weightElements();
        if ((loraTargetsOf(t.role) & targets) == 0)
            return;
        // A (r x in) and B (out x r) per adapted module.
        a.parameters += r * (t.rows + t.columns);
        a.factored += (r + t.rows) + (t.columns + r);
        a.rank += r;
        a.outputs += t.columns;
        if (doraScratchWeight(t.rows, t.columns, r) > doraScratchWeight(a.scratchIn, a.scratchOut, r)) {
            a.scratchIn = t.rows;
            a.scratchOut = t.columns;
        }
    });
    return a;
}

// The layers of one kind and what each holds.
struct LayerKind
{
    Count layers = 0;
    LayerAdapters adapters;
    Count parameters = 0; // the whole layer's (which kind is the larger)
};

} // namespace

// The LoRA targets a parameter tensor answers to, as PEFT matches module names: a fused module
// is adapted once when any of its parts is named (GPT-2's c_attn for q, k or v; Phi-3's
// gate_up_proj for gate or up); latent attention's two Q projections answer to q, its KV
// projections to k and v. Routers and routed experts are never adapted.
unsigned loraTargetsOf(ParamRole role)
{
    switch (role) {
    case ParamRole::Q: case ParamRole::MlaQA: case ParamRole::MlaQB: return LoraQ;
    case ParamRole::K: return LoraK;
    case ParamRole::V: return LoraV;
    case ParamRole::Qkv: return LoraQ | LoraK | LoraV;
    case ParamRole::MlaKvA: case ParamRole::MlaKvB: return LoraK | LoraV;
    case ParamRole::O: return LoraO;
    case ParamRole::Gate: case ParamRole::SharedGateProj: return LoraGate;
    case ParamRole::Up: case ParamRole::SharedUp: return LoraUp;
    case ParamRole::GateUp: return LoraGate | LoraUp;
    case ParamRole::Down: case ParamRole::SharedDown: return LoraDown;
    case ParamRole::MixerIn: return LoraMixerIn;
    case ParamRole::MixerOut: return LoraMixerOut;
    default: return 0;
    }
}


std::string_view loraTargetName(LoraTarget t)
{
    switch (t) {
    case LoraQ: return "q";
    case LoraK: return "k";
    case LoraV: return "v";
    case LoraO: return "o";
    case LoraGate: return "gate";
    case LoraUp: return "up";
    case LoraDown: return "down";
    case LoraMixerIn: return "mixer-in";
    case LoraMixerOut: return "mixer-out";
    }
    return {};
}

namespace {

// An item of a comma list without its surrounding blanks and tabs.
std::string_view trimmed(std::string_view v)
{
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t'))
        v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t'))
        v.remove_suffix(1);
    return v;
}

} // namespace

std::optional<unsigned> loraTargetsFromText(std::string_view text)
{
    if (trimmed(text) == "all") {
        unsigned all = 0;
        for (LoraTarget t : kAllLoraTargets)
            all |= t;
        return all;
    }
    unsigned targets = 0;
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view item = trimmed(text.substr(0, comma));
        bool known = false;
        for (LoraTarget t : kAllLoraTargets) {
            if (item == loraTargetName(t)) {
                targets |= t;
                known = true;
            }
        }
        if (!known)
            return std::nullopt;
        if (comma == std::string_view::npos)
            break;
        text.remove_prefix(comma + 1);
    }
    return targets;
}

std::optional<unsigned> trainedModulesFromText(std::string_view text)
{
    unsigned modules = 0;
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view item = trimmed(text.substr(0, comma));
        if (item == "embed")
            modules |= TrainedEmbedding;
        else if (item == "head")
            modules |= TrainedHead;
        else if (item != "none" || comma != std::string_view::npos || modules != 0)
            return std::nullopt; // "none" only alone
        if (comma == std::string_view::npos)
            return modules;
        text.remove_prefix(comma + 1);
    }
}

std::string trainedModulesText(unsigned modules)
{
    if ((modules & TrainedEmbedding) != 0 && (modules & TrainedHead) != 0)
        return "embed,head";
    if ((modules & TrainedEmbedding) != 0)
        return "embed";
    if ((modules & TrainedHead) != 0)
        return "head";
    return "none";
}

std::string loraTargetsText(unsigned targets)
{
    std::string text;
    for (LoraTarget t : kAllLoraTargets) {
        if ((targets & t) == 0)
            continue;
        if (!text.empty())
            text += ',';
        text += loraTargetName(t);
    }
    return text;
}

std::string_view adapterModeName(AdapterMode mode)
{
    switch (mode) {
    case AdapterMode::None: return "none";
    case AdapterMode::Lora: return "lora";
    case AdapterMode::Qlora: return "qlora";
    }
    return {};
}

std::optional<AdapterMode> adapterModeFromName(std::string_view name)
{
    for (AdapterMode m : { AdapterMode::None, AdapterMode::Lora, AdapterMode::Qlora })
        if (adapterModeName(m) == name)
            return m;
    return std::nullopt;
}

LoraCounts loraCounts(const Scenario &s)
{
    const ParameterCounts counts = parameterCounts(s.model);
    return loraCounts(s, counts, s.model.paramsOverride > 0 ? s.model.paramsOverride : counts.total(s.model.layers));
}

// Flattened: the walk's lambdas inline (estimate()'s path under adapters).
[[gnu::flatten]] LoraCounts loraCounts(const Scenario &s, const ParameterCounts &counts, Count parameters)
{
    LoraCounts c;
    const ModelSpec &m = s.model;
    c.baseParameters = parameters;
    if (s.lora.mode == AdapterMode::None)
        return c;
    const Count L = m.layers, r = s.lora.rank;
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    const Count denseLayers = counts.denseLayers(L);
    const ModelDims<Count> d = modelDims(m);
    // The layer kinds: dense, with experts, and a hybrid's mixer layers, which are layers of the
    // other kind with the mixer in attention's place (validation keeps dense first layers away
    // from hybrids, so the mixer layers all have the model's one MLP kind).
    enum { Dense, Sparse, Mixer };
    LayerKind kinds[3];
    kinds[Dense] = { denseLayers, layerAdapters(m, d, false, targets, r), counts.dense.total() };
    if (counts.mixture)
        kinds[Sparse] = { L - denseLayers, layerAdapters(m, d, true, targets, r), counts.sparse.total() };
    if (const Count mixers = mixerLayerCount(m); mixers > 0) {
        LayerKind &host = kinds[counts.mixture ? Sparse : Dense];
        const Count moved = mixers < host.layers ? mixers : host.layers;
        host.layers -= moved;
        kinds[Mixer] = { moved, layerAdapters(m, d, counts.mixture, targets, r, true), host.parameters + counts.mixerDelta() };
    }
    Count quantized = 0;
    for (const LayerKind &k : kinds) {
        c.adapterParameters += k.layers * k.adapters.parameters;
        c.adapterFactoredElements += k.layers * k.adapters.factored;
        quantized += k.layers * k.adapters.quantized;
        // One magnitude per output of each adapted module, trained like the adapters
        // (DoraLinearLayer.weight, shape (out,), in the adapters' dtype).
        if (s.lora.dora)
            c.adapterParameters += k.layers * k.adapters.outputs;
    }
    // What one layer holds at most: the larger figure of the kinds the model has (an upper bound
    // where the kinds adapt different modules). The A outputs one layer saves, DoRA's outputs
    // and its largest scratch, and the quantized inputs an older bitsandbytes keeps.
    const LayerKind *scratchKind = nullptr;
    for (const LayerKind &k : kinds) {
        if (k.layers <= 0)
            continue;
        c.adapterRankPerLayer = k.adapters.rank > c.adapterRankPerLayer ? k.adapters.rank : c.adapterRankPerLayer;
        c.doraOutputsPerLayer = k.adapters.outputs > c.doraOutputsPerLayer ? k.adapters.outputs : c.doraOutputsPerLayer;
        if (!scratchKind
            || doraScratchWeight(k.adapters.scratchIn, k.adapters.scratchOut, r)
                    > doraScratchWeight(scratchKind->adapters.scratchIn, scratchKind->adapters.scratchOut, r))
            scratchKind = &k;
    }
    if (!s.lora.dora)
        c.doraOutputsPerLayer = 0;
    else if (scratchKind) {
        c.doraScratchIn = scratchKind->adapters.scratchIn;
        c.doraScratchOut = scratchKind->adapters.scratchOut;
    }
    // bitsandbytes replaces every nn.Linear of the blocks; the LM head stays 16-bit. The largest
    // matrix dequantized at once, of either MLP kind whether or not layers of it remain.
    c.largestQuantizedMatrix = kinds[Sparse].adapters.largestMatrix > kinds[Dense].adapters.largestMatrix
            ? kinds[Sparse].adapters.largestMatrix
            : kinds[Dense].adapters.largestMatrix;
    if (kinds[Mixer].layers > 0 && kinds[Mixer].adapters.largestMatrix > c.largestQuantizedMatrix)
        c.largestQuantizedMatrix = kinds[Mixer].adapters.largestMatrix;
    if (s.lora.mode == AdapterMode::Qlora) {
        const Count arch = counts.total(L);
        // A given P scales the quantized share in the architecture's proportion.
        c.quantizedParameters = m.paramsOverride > 0 && arch > 0 ? quotient(quantized * c.baseParameters, arch) : quantized;
        if (c.quantizedParameters > c.baseParameters)
            c.quantizedParameters = c.baseParameters;
    }
    c.quantizedArchitecture = quantized;
    // FSDP gathers one decoder layer of the larger kind by parameters.
    const LayerKind *larger = counts.mixture && counts.sparse.total() > counts.dense.total() ? &kinds[Sparse] : &kinds[Dense];
    if (kinds[Mixer].layers > 0 && kinds[Mixer].parameters > larger->parameters)
        larger = &kinds[Mixer];
    c.quantizedLargerLayer = larger->adapters.quantized;
    if (s.lora.mode == AdapterMode::Qlora && (s.lora.bnbSavesInput || keepsUncastInput(s.stack.quantBase) || keepsCastInput(s.stack.quantBase))) {
        c.quantizedInputsPerLayer = kinds[Dense].adapters.quantizedInputs;
        for (const LayerKind &k : { kinds[Sparse], kinds[Mixer] })
            if (k.layers > 0 && k.adapters.quantizedInputs > c.quantizedInputsPerLayer)
                c.quantizedInputsPerLayer = k.adapters.quantizedInputs;
    }
    // PEFT's modules_to_save (utils/other.py ModulesToSaveWrapper.update, peft 5d602fd): a
    // deepcopy of each listed module, whatever P is given. A head tied to the embedding is
    // deepcopied as well and trains apart from it (PEFT ties the copies only with
    // ensure_weight_tying=True, default False).
    auto copy = [&c, &m](Count rows) {
        c.copiedParameters += rows * m.hidden;
        c.copiedFactoredElements += rows + m.hidden;
    };
    if ((s.lora.trainedModules & TrainedEmbedding) != 0)
        copy(m.vocab);
    if ((s.lora.trainedModules & TrainedHead) != 0)
        copy(m.headOutputs());
    return c;
}

Count quantGroupSizeOf(const Scenario &s)
{
    const QuantBase q = s.stack.quantBase;
    if (q != QuantBase::Gptq && q != QuantBase::Awq && q != QuantBase::Hqq)
        return 0;
    if (s.stack.quantGroupSize > 0)
        return s.stack.quantGroupSize;
    return q == QuantBase::Hqq ? 64 : 128;
}

Count quantizedMatrixBytes(QuantBase format, Count in, Count out, Count group)
{
    const Count weights = in * out;
    const Count groups = group > 0 ? ceilQuotient(in, group) : 0;
    switch (format) {
    case QuantBase::Nf4:
        return kNf4Bytes.times(weights).value();
    case QuantBase::Nf4DoubleQuant:
        return kNf4DoubleQuantBytes.times(weights).value();
    // Sources: AutoGPTQ qlinear_cuda_old.py QuantLinear (9f7d3707) and GPTQModel
    // _register_gptq_buffers (v4.2.5; exllama and Marlin kernels do not train); AutoAWQ v0.2.9
    // awq/modules/linear/gemm.py WQLinear_GEMM; bitsandbytes 0.50.1 nn/modules.py Int8Params with
    // has_fp16_weights=False (the 16-bit weight is replaced by CB); hqq v0.2.8 HQQLinear with
    // transformers' HqqConfig (4 bits, axis 1, meta in the compute dtype, taken as 16-bit);
    // transformers integrations/fbgemm_fp8.py FbgemmFp8Linear. Biases stay with the 16-bit rest.
    case QuantBase::Gptq:
        // 4-bit GPTQ QuantLinear: qweight int32 [in/8, out], qzeros int32 [groups, out/8], scales
        // FP16 [groups, out], g_idx int32 [in].
        return 4 * ceilQuotient(in, 8) * out + 4 * groups * ceilQuotient(out, 8) + 2 * groups * out + 4 * in;
    case QuantBase::Awq:
        // AutoAWQ WQLinear_GEMM: qweight int32 [in, out/8], qzeros int32 [groups, out/8], scales
        // FP16 [groups, out].
        return 4 * in * ceilQuotient(out, 8) + 4 * groups * ceilQuotient(out, 8) + 2 * groups * out;
    case QuantBase::Int8:
        // bitsandbytes Int8Params: CB int8 [out, in] and SCB FP32 [out] (the row scales).
        return weights + 4 * out;
    case QuantBase::Hqq:
        // HQQ 4-bit: two codes a byte, an FP16 scale and zero per group of the flattened weight.
        return ceilQuotient(weights, 2) + 2 * 2 * ceilQuotient(weights, group > 0 ? group : 1);
    case QuantBase::Fp8:
        // A float8_e4m3fn weight [out, in], an FP32 scale per output channel [out, 1] and the
        // FP32 input_scale_ub [1].
        return weights + 4 * out + 4;
    }
    return weights;
}

BytesPer quantizedBaseBytesPer(const Scenario &s)
{
    const QuantBase q = s.stack.quantBase;
    if (q == QuantBase::Nf4)
        return kNf4Bytes;
    if (q == QuantBase::Nf4DoubleQuant)
        return kNf4DoubleQuantBytes;
    // The block linear weights the QLoRA base quantizes (layerAdapters()'s), each in the format.
    const ModelSpec &m = s.model;
    const ModelDims<Count> d = modelDims(m);
    const Count group = quantGroupSizeOf(s);
    Count storage = 0, elements = 0;
    // \a mixer: a hybrid's mixer layers, whose mixer projections replace attention's.
    auto walk = [&](bool sparse, Count layers, bool mixer) {
        if (layers <= 0)
            return;
        forEachTensorOfLayer(m, d, sparse, mixer, [&](ParamPlace, const ParamTensor &t) {
            if (!isLayerLinear(t.role) || !t.matrix)
                return;
            storage += layers * t.copies * quantizedMatrixBytes(q, t.rows, t.columns, group);
            elements += layers * t.copies * t.weightElements();
        });
    };
    const Count dense = denseLayerCount(m);
    const Count mixers = mixerLayerCount(m);
    const bool sparseHost = m.moe.enabled();
    // The mixer layers are layers of the model's MLP kind (no dense first layers beside them).
    const Count hostMixers = sparseHost ? (mixers < m.layers - dense ? mixers : m.layers - dense) : (mixers < dense ? mixers : dense);
    walk(false, dense - (sparseHost ? 0 : hostMixers), false);
    if (sparseHost)
        walk(true, m.layers - dense - hostMixers, false);
    walk(sparseHost, hostMixers, true);
    return elements > 0 ? bytesPer(storage, elements) : bytesPer(1, 2);
}

BytesPer frozenBaseBytesPer(const Scenario &s)
{
    // The base is stored as the recipe stores weights: FP32 under fp32 and autocast (amp-*:
    // the model is loaded in FP32 and autocast casts per op, as the CPU fixtures measured),
    // 16-bit under the *-master and *-pure recipes (the model loaded in BF16/FP16).
    return dtypeSize(weightDtype(s.training.precision.recipe));
}

Bytes frozenBaseBytes(const Scenario &s, const LoraCounts &c)
{
    const BytesPer rest = frozenBaseBytesPer(s);
    if (s.lora.mode == AdapterMode::Qlora)
        return quantizedBaseBytesPer(s).times(c.quantizedParameters) + rest.times(c.baseParameters - c.quantizedParameters);
    return rest.times(c.baseParameters);
}

Count adapterActivationElements(const Scenario &s, const LoraCounts &c)
{
    return detail::adapterActivationElementsOf(s, c.adapterRankPerLayer);
}

void addAdapterActivations(const Scenario &s, const LoraCounts &c, ActivationEstimate &e)
{
    detail::addAdapterActivationsTo(s, c.adapterRankPerLayer, c.doraOutputsPerLayer, detail::doraScratchOf(s, c), c.quantizedInputsPerLayer, e);
}

Bytes doraWeightNormScratch(Count in, Count out, Count r, Dtype adapter, bool autocast, bool baseFp32)
{
    if (autocast)
        // The identity in 16 bits and its FP32 cast, the product in 16 bits, cast to FP32, scaled,
        // W's FP32 cast and the sum: 6 in^2 + 2 in r + 18 out in bytes (derived).
        return bytes(6 * in * in + 2 * in * r + 18 * out * in);
    const Count e = dtypeSize(adapter).times(1).value();
    const Count weightCast = adapter == Dtype::Fp32 && !baseFp32 ? 4 * out * in : 0;
    return bytes((in * in + in * r + 3 * out * in) * e + weightCast);
}

Bytes int8MatmulScratch(Count tokens, Count in, Count out, Dtype input)
{
    const Count cast = input == Dtype::Fp16 ? 0 : 2;
    const Count quantizing = (cast + 1) * in;
    const Count multiplying = in + 4 * out;
    return bytes(tokens * (quantizing > multiplying ? quantizing : multiplying) + 4 * tokens);
}

Count dequantizedCopiesAlive(const Scenario &s)
{
    switch (s.stack.quantBase) {
    case QuantBase::Awq: {
        // The batch the backward sees: a preference run's policy runs chosen and rejected together.
        const Count sequences = savedSequences(s);
        return 1 + (sequences > 0 ? sequences : 1);
    }
    case QuantBase::Hqq: return 3;
    case QuantBase::Nf4: case QuantBase::Nf4DoubleQuant: case QuantBase::Gptq: case QuantBase::Int8: case QuantBase::Fp8:
        return 1;
    }
    return 1;
}

Bytes doraSavedBytes(Count tokens, Count out, Dtype baseOut, Dtype adapter)
{
    return bytes(tokens * out * (dtypeSize(baseOut).times(1).value() + dtypeSize(adapter).times(1).value()) + 3 * out * 4);
}

unsigned modelLoraTargets(const ModelSpec &m)
{
    unsigned found = 0;
    // A hybrid whose every layer is a mixer layer has no attention projections.
    const bool attention = mixerLayerCount(m) < m.layers;
    auto collect = [&found, attention](ParamPlace, const ParamTensor &t) {
        if (isLayerLinear(t.role) && t.matrix && (attention || !isAttentionTensor(t.role)))
            found |= loraTargetsOf(t.role);
    };
    const Count dense = denseLayerCount(m);
    if (dense > 0)
        forEachLayerTensor(m, false, collect);
    if (m.moe.enabled() && dense < m.layers)
        forEachLayerTensor(m, true, collect);
    if (mixerLayerCount(m) > 0)
        forEachMixerTensor(m, collect);
    return found;
}

} // namespace headroom
