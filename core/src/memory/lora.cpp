#include <headroom/memory/lora.h>

#include <headroom/memory/korthikanti.h>
#include <headroom/memory/model.h>
#include <headroom/memory/precision.h>

namespace headroom {

namespace {

struct Projection
{
    Count in = 0;
    Count out = 0;
};

// The projections an adapter can sit on, in the block family's own layout (model.h).
Projection projection(const ModelSpec &m, LoraTarget target)
{
    const Count H = m.hidden, F = m.ffnOrDefault(), kv = m.kvDim();
    switch (target) {
    case LoraQ: return { H, H };
    case LoraK:
    case LoraV: return { H, kv };
    case LoraO: return { H, H };
    case LoraGate:
    case LoraUp: return { H, F };
    case LoraDown: return { F, H };
    }
    return {};
}

// Adds one adapter on an in x out projection to \a c.
void addAdapter(LoraCounts &c, Count L, Count r, Projection p)
{
    c.adapterParameters += L * r * (p.in + p.out);
    c.adapterFactoredElements += L * ((r + p.in) + (p.out + r));
    c.adapterRankPerLayer += r;
}

} // namespace

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
    }
    return {};
}

std::optional<unsigned> loraTargetsFromText(std::string_view text)
{
    auto trim = [](std::string_view v) {
        while (!v.empty() && (v.front() == ' ' || v.front() == '\t'))
            v.remove_prefix(1);
        while (!v.empty() && (v.back() == ' ' || v.back() == '\t'))
            v.remove_suffix(1);
        return v;
    };
    if (trim(text) == "all") {
        unsigned all = 0;
        for (LoraTarget t : kAllLoraTargets)
            all |= t;
        return all;
    }
    unsigned targets = 0;
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view item = trim(text.substr(0, comma));
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

LoraCounts loraCounts(const Scenario &s, const ParameterCounts &counts, Count parameters)
{
    LoraCounts c;
    const ModelSpec &m = s.model;
    c.baseParameters = parameters;
    if (s.lora.mode == AdapterMode::None)
        return c;
    const Count L = m.layers, r = s.lora.rank, H = m.hidden, F = m.ffnOrDefault(), kv = m.kvDim();
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    Count quantized = 0;
    switch (m.family) {
    case BlockFamily::Llama:
        for (LoraTarget t : kAllLoraTargets)
            if (targets & t)
                addAdapter(c, L, r, projection(m, t));
        // bitsandbytes replaces every nn.Linear of the blocks; the LM head stays 16-bit.
        quantized = L * (2 * H * H + 2 * H * kv + 3 * H * F);
        c.largestQuantizedMatrix = H * F > H * H ? H * F : H * H;
        break;
    case BlockFamily::Gpt2:
        if (targets & (LoraQ | LoraK | LoraV))
            addAdapter(c, L, r, { H, H + 2 * kv }); // the fused c_attn
        if (targets & LoraO)
            addAdapter(c, L, r, { H, H });
        if (targets & LoraUp)
            addAdapter(c, L, r, { H, F });
        if (targets & LoraDown)
            addAdapter(c, L, r, { F, H });
        quantized = L * (H * (H + 2 * kv) + H * H + 2 * H * F);
        c.largestQuantizedMatrix = H * F > H * (H + 2 * kv) ? H * F : H * (H + 2 * kv);
        break;
    }
    if (s.lora.mode == AdapterMode::Qlora) {
        const Count arch = counts.total(L);
        // A given P scales the quantized share in the architecture's proportion.
        c.quantizedParameters = m.paramsOverride > 0 && arch > 0 ? quantized * c.baseParameters / arch : quantized;
        if (c.quantizedParameters > c.baseParameters)
            c.quantizedParameters = c.baseParameters;
    }
    return c;
}

BytesPer frozenBaseBytesPer(const Scenario &s)
{
    return dtypeSize(activationDtype(s.training.precision.recipe));
}

Bytes frozenBaseBytes(const Scenario &s, const LoraCounts &c)
{
    const BytesPer rest = frozenBaseBytesPer(s);
    if (s.lora.mode == AdapterMode::Qlora)
        return kNf4DoubleQuantBytes.times(c.quantizedParameters) + rest.times(c.baseParameters - c.quantizedParameters);
    return rest.times(c.baseParameters);
}

Count adapterActivationElements(const Scenario &s, const LoraCounts &c)
{
    return s.training.microBatch * s.training.sequence * c.adapterRankPerLayer;
}

void addAdapterActivations(const Scenario &s, const LoraCounts &c, ActivationEstimate &e)
{
    if (s.lora.mode == AdapterMode::None)
        return;
    const BytesPer size = dtypeSize(activationDtype(s.training.precision.recipe));
    const Bytes perLayer = size.times(adapterActivationElements(s, c));
    e.perLayer += perLayer;
    if (s.training.recompute == Recompute::Full)
        e.recompute += perLayer;
    else
        e.layers += perLayer * pipelineLayersHeld(s);
}

} // namespace headroom
