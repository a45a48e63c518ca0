#include <headroom/memory/scenario.h>

namespace headroom {

std::string_view recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None: return "none";
    case Recompute::Full: return "full";
    case Recompute::Selective: return "selective";
    case Recompute::Op: return "op";
    }
    return {};
}

std::optional<Recompute> recomputeFromName(std::string_view n)
{
    for (Recompute r : { Recompute::None, Recompute::Full, Recompute::Selective, Recompute::Op })
        if (recomputeName(r) == n)
            return r;
    return std::nullopt;
}

std::string_view contextParallelKindName(ContextParallelKind k)
{
    switch (k) {
    case ContextParallelKind::StackDefault: return "default";
    case ContextParallelKind::Ring: return "ring";
    case ContextParallelKind::AllGather: return "allgather";
    case ContextParallelKind::Ulysses: return "ulysses";
    }
    return {};
}

std::optional<ContextParallelKind> contextParallelKindFromName(std::string_view n)
{
    for (auto k : { ContextParallelKind::StackDefault, ContextParallelKind::Ring, ContextParallelKind::AllGather,
                    ContextParallelKind::Ulysses })
        if (contextParallelKindName(k) == n)
            return k;
    return std::nullopt;
}

ContextParallelKind contextParallelKindOf(const Scenario &s)
{
    if (s.parallel.contextKind != ContextParallelKind::StackDefault)
        return s.parallel.contextKind;
    switch (s.stack.stack) {
    // Megatron: --cp-comm-type defaults to "p2p" (megatron/training/arguments.py at d98e8a6).
    case TrainingStack::Megatron: return ContextParallelKind::Ring;
    // DeepSpeed's sequence parallelism is Ulysses (deepspeed/sequence/layer.py).
    case TrainingStack::DeepSpeed: return ContextParallelKind::Ulysses;
    // The PyTorch stacks run torch's context parallelism, whose FlexAttention path (the one
    // torchtitan accepts at b5bcd76) gathers K and V.
    default: return ContextParallelKind::AllGather;
    }
}

bool setPipelineSplit(std::string_view text, Parallelism &p)
{
    if (text == "even" || text == "weighted") {
        p.pipelineSplit = text == "even" ? PipelineSplit::Even : PipelineSplit::Weighted;
        p.stageLayers = {};
        p.listedStages = 0;
        return true;
    }
    std::array<std::uint16_t, kMaxPipelineChunks> layers{};
    Count count = 0;
    std::size_t at = 0;
    while (true) {
        const std::size_t comma = text.find(',', at);
        const std::string_view entry = text.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at);
        if (entry.empty() || entry.size() > 5 || count >= kMaxPipelineChunks)
            return false;
        Count value = 0;
        for (char c : entry) {
            if (c < '0' || c > '9')
                return false;
            value = value * 10 + (c - '0');
        }
        if (value > 65535)
            return false;
        layers[static_cast<std::size_t>(count++)] = static_cast<std::uint16_t>(value);
        if (comma == std::string_view::npos)
            break;
        at = comma + 1;
    }
    p.pipelineSplit = PipelineSplit::Listed;
    p.stageLayers = layers;
    p.listedStages = count;
    return true;
}

std::string pipelineSplitText(const Parallelism &p)
{
    switch (p.pipelineSplit) {
    case PipelineSplit::Even: return "even";
    case PipelineSplit::Weighted: return "weighted";
    case PipelineSplit::Listed: break;
    }
    std::string text;
    for (Count i = 0; i < p.listedStages && i < kMaxPipelineChunks; ++i) {
        if (i > 0)
            text += ',';
        text += std::to_string(p.stageLayers[static_cast<std::size_t>(i)]);
    }
    return text;
}

std::string_view recomputeMethodName(RecomputeMethod m)
{
    switch (m) {
    case RecomputeMethod::Uniform: return "uniform";
    case RecomputeMethod::Block: return "block";
    }
    return {};
}

std::optional<RecomputeMethod> recomputeMethodFromName(std::string_view n)
{
    for (auto m : { RecomputeMethod::Uniform, RecomputeMethod::Block })
        if (recomputeMethodName(m) == n)
            return m;
    return std::nullopt;
}

std::string_view ropeScalingName(RopeScaling r)
{
    switch (r) {
    case RopeScaling::None: return "none";
    case RopeScaling::Linear: return "linear";
    case RopeScaling::Dynamic: return "dynamic";
    case RopeScaling::Yarn: return "yarn";
    case RopeScaling::Llama3: return "llama3";
    case RopeScaling::LongRope: return "longrope";
    case RopeScaling::Other: return "other";
    }
    return {};
}

std::string_view mixerKindName(MixerKind k)
{
    switch (k) {
    case MixerKind::None: return "none";
    case MixerKind::GatedDeltaNet: return "gated-deltanet";
    case MixerKind::Mamba2: return "mamba2";
    case MixerKind::ShortConv: return "short-conv";
    }
    return "none";
}

std::optional<MixerKind> mixerKindFromName(std::string_view n)
{
    for (auto k : { MixerKind::None, MixerKind::GatedDeltaNet, MixerKind::Mamba2, MixerKind::ShortConv })
        if (mixerKindName(k) == n)
            return k;
    return std::nullopt;
}

std::optional<RopeScaling> ropeScalingFromName(std::string_view n)
{
    for (auto r : { RopeScaling::None, RopeScaling::Linear, RopeScaling::Dynamic, RopeScaling::Yarn, RopeScaling::Llama3,
                    RopeScaling::LongRope, RopeScaling::Other })
        if (ropeScalingName(r) == n)
            return r;
    // transformers' older names for the same kinds (modeling_rope_utils.py ROPE_INIT_FUNCTIONS).
    if (n == "su")
        return RopeScaling::LongRope;
    if (n == "default")
        return RopeScaling::None;
    return std::nullopt;
}

std::string_view activationModelName(ActivationModelKind k)
{
    switch (k) {
    case ActivationModelKind::Textbook: return "textbook";
    case ActivationModelKind::Transformer: return "transformer";
    }
    return {};
}

std::optional<ActivationModelKind> activationModelFromName(std::string_view n)
{
    for (auto k : { ActivationModelKind::Textbook, ActivationModelKind::Transformer })
        if (activationModelName(k) == n)
            return k;
    return std::nullopt;
}

std::string_view familyName(BlockFamily f)
{
    switch (f) {
    case BlockFamily::Gpt2: return "gpt2";
    case BlockFamily::Llama: return "llama";
    case BlockFamily::Neox: return "neox";
    case BlockFamily::Phi: return "phi";
    case BlockFamily::Falcon: return "falcon";
    case BlockFamily::Starcoder2: return "starcoder2";
    case BlockFamily::Gemma: return "gemma";
    case BlockFamily::Gemma2: return "gemma2";
    case BlockFamily::Bert: return "bert";
    }
    return {};
}

std::optional<BlockFamily> familyFromName(std::string_view n)
{
    for (auto f : kAllFamilies)
        if (familyName(f) == n)
            return f;
    return std::nullopt;
}

std::string_view switchName(Switch s)
{
    switch (s) {
    case Switch::FamilyDefault: return "family";
    case Switch::Off: return "off";
    case Switch::On: return "on";
    }
    return {};
}

std::optional<Switch> switchFromName(std::string_view n)
{
    for (auto s : { Switch::FamilyDefault, Switch::Off, Switch::On })
        if (switchName(s) == n)
            return s;
    return std::nullopt;
}

std::string_view encoderHeadName(EncoderHead h)
{
    return h == EncoderHead::MaskedLm ? "mlm" : "pooler";
}

std::optional<EncoderHead> encoderHeadFromName(std::string_view n)
{
    if (n == "mlm")
        return EncoderHead::MaskedLm;
    if (n == "pooler")
        return EncoderHead::Pooler;
    return std::nullopt;
}

std::string_view modelHeadName(ModelHead h)
{
    return h == ModelHead::Score ? "score" : "lm";
}

std::optional<ModelHead> modelHeadFromName(std::string_view n)
{
    if (n == "lm")
        return ModelHead::LanguageModel;
    if (n == "score")
        return ModelHead::Score;
    return std::nullopt;
}

std::string_view geluImplName(GeluImpl g)
{
    switch (g) {
    case GeluImpl::ModelDefault: return "model";
    case GeluImpl::Fused: return "fused";
    case GeluImpl::Python: return "python";
    }
    return {};
}

std::optional<GeluImpl> geluImplFromName(std::string_view name)
{
    for (GeluImpl g : { GeluImpl::ModelDefault, GeluImpl::Fused, GeluImpl::Python })
        if (geluImplName(g) == name)
            return g;
    return std::nullopt;
}

} // namespace headroom
