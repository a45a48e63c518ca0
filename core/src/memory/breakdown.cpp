#include <headroom/memory/breakdown.h>

namespace headroom {

std::string_view warningName(Warning w)
{
    switch (w) {
    case Warning::AmpKeepsFixedCost: return "amp-keeps-fixed-cost";
    case Warning::GradAccumSavesNoMemory: return "grad-accum-saves-no-memory";
    case Warning::TextbookIgnoresGqa: return "textbook-ignores-gqa";
    case Warning::TextbookIgnoresFfnSize: return "textbook-ignores-ffn-size";
    case Warning::TextbookIgnoresLogits: return "textbook-ignores-logits";
    case Warning::ParamsDifferFromArchitecture: return "params-differ-from-architecture";
    case Warning::Bf16NotSupportedOnGpu: return "bf16-not-supported-on-gpu";
    case Warning::Fp8NotSupportedOnGpu: return "fp8-not-supported-on-gpu";
    case Warning::QuantBaseNotTrainable: return "quant-base-not-trainable";
    case Warning::SequenceBeyondContext: return "sequence-beyond-context";
    case Warning::Fp16NeedsLossScaling: return "fp16-needs-loss-scaling";
    case Warning::DoesNotFit: return "does-not-fit";
    case Warning::PureHalfWithoutMaster: return "pure-half-without-master";
    }
    return {};
}

std::string_view stepPhaseName(StepPhase p)
{
    switch (p) {
    case StepPhase::Forward: return "forward";
    case StepPhase::Backward: return "backward";
    case StepPhase::OptimizerStep: return "optimizer-step";
    case StepPhase::Scoring: return "scoring";
    case StepPhase::Generation: return "generation";
    }
    return {};
}

} // namespace headroom
