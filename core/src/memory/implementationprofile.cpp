#include <headroom/memory/implementationprofile.h>

#include <iterator>

namespace headroom {

namespace {

constexpr ImplementationChoices choicesOf(ImplementationProfile profile)
{
    ImplementationChoices c;
    switch (profile) {
    case ImplementationProfile::HfEager:
    case ImplementationProfile::HfSdpa:
        // HF transformers' code (models.py follows it op for op) on a CUDA build of PyTorch 2.x:
        // the defaults above. The two differ only in the attention kernel they imply.
        break;
    case ImplementationProfile::MegatronFused:
        // Korthikanti et al. 2022, section 4.1: fused LayerNorm/RMSNorm, one QKV matmul, the
        // fused scale-mask-softmax (half-precision output), bias-GELU / bias-SwiGLU fusions,
        // 1-byte dropout masks, vocabulary-parallel cross-entropy, a fused Adam. Megatron trains
        // from 16-bit parameters, so autocast's weight cache does not arise; under an amp-*
        // recipe this profile assumes the kernels cast weights on the fly and keep no copy.
        c.fusedNorm = true;
        c.fusedProjections = true;
        c.fusedSoftmax = true;
        c.fusedActivation = true;
        c.repeatKvView = false;
        c.autocastWeightCopies = false;
        c.hfLoss = false;
        c.maskArgument = false;
        c.foreachOptimizer = false;
        break;
    case ImplementationProfile::HfEagerCpu:
        // What tests/fixtures/calibration/cpu.json measured (torch 1.13, CPU): CPU dropout saves
        // a mask of the input's dtype, CPU autocast leaves softmax and layer_norm in their input
        // dtype (so LayerNorm's statistics take the input's dtype too), and mean() saves x²
        // (vision-cpu.json: unfold() its input too).
        c.boolDropoutMask = false;
        c.softmaxFp32UnderAutocast = false;
        c.normStatsFp32 = false;
        c.meanSavesInput = true;
        c.unfoldSavesInput = true;
        c.shortConvKernel = false;
        break;
    }
    return c;
}

// One table, so that the hot path reads a profile's switches without building them.
constexpr ImplementationChoices kChoices[] = {
    choicesOf(ImplementationProfile::HfEager),
    choicesOf(ImplementationProfile::HfSdpa),
    choicesOf(ImplementationProfile::MegatronFused),
    choicesOf(ImplementationProfile::HfEagerCpu),
};
static_assert(static_cast<int>(ImplementationProfile::HfEager) == 0 && static_cast<int>(ImplementationProfile::HfSdpa) == 1
                      && static_cast<int>(ImplementationProfile::MegatronFused) == 2
                      && static_cast<int>(ImplementationProfile::HfEagerCpu) == 3,
              "kChoices is indexed by the profile");

} // namespace

const ImplementationChoices &implementationChoices(ImplementationProfile profile)
{
    const auto i = static_cast<std::size_t>(profile);
    return kChoices[i < std::size(kChoices) ? i : 0];
}

AttentionKernel defaultAttention(ImplementationProfile profile)
{
    // Megatron as Korthikanti et al. describe it runs the unfused core attention (their 5as²b
    // term); Megatron-Core with Transformer Engine's flash kernel is --attention flash.
    return profile == ImplementationProfile::HfSdpa ? AttentionKernel::Sdpa : AttentionKernel::Eager;
}

std::string_view profileName(ImplementationProfile profile)
{
    switch (profile) {
    case ImplementationProfile::HfEager: return "hf-eager";
    case ImplementationProfile::HfSdpa: return "hf-sdpa";
    case ImplementationProfile::MegatronFused: return "megatron-fused";
    case ImplementationProfile::HfEagerCpu: return "hf-eager-cpu";
    }
    return {};
}

std::optional<ImplementationProfile> profileFromName(std::string_view name)
{
    for (ImplementationProfile p : kAllProfiles)
        if (profileName(p) == name)
            return p;
    return std::nullopt;
}

std::string_view attentionKernelName(AttentionKernel kernel)
{
    switch (kernel) {
    case AttentionKernel::Eager: return "eager";
    case AttentionKernel::Sdpa: return "sdpa";
    case AttentionKernel::Flash: return "flash";
    }
    return {};
}

std::optional<AttentionKernel> attentionKernelFromName(std::string_view name)
{
    for (AttentionKernel k : kAllAttentionKernels)
        if (attentionKernelName(k) == name)
            return k;
    return std::nullopt;
}

} // namespace headroom
