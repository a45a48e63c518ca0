#pragma once

// How every figure of an estimate comes about: for each bucket and for the peak, the formula in
// symbols, the values plugged in, the result in bytes, the terms it is made of and the source of
// each assumption. The core derives it once; the math panel, the chart tooltips, the verdict,
// the CLI's table, `estimate --explain` and `--json` only print it. Built on request, never on
// the estimate's hot path (it allocates); tests/core/tst_derivation.cpp checks over random
// scenarios that it equals estimate() byte for byte.
//
// Words: labels, meanings and sources are English literals marked for translation with the
// context "Derivation" (QT_TRANSLATE_NOOP); the views translate them when they print.

#include <string>
#include <string_view>
#include <vector>

#include <headroom/memory/breakdown.h>
#include <headroom/memory/reservedmemory.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/scenario.h>

namespace headroom {

//! A named value the formulas use: an input (B, S, t, d) or a count derived from the inputs
//! (P from the architecture, the rank's share P_m), with its own formula then.
struct DerivedValue
{
    std::string symbol;
    const char *meaning = ""; //!< e.g. "parameters of the whole model"
    Count value = 0;
    bool derived = false;     //!< formula says how it follows from other values
    Formula formula;
    const char *source = "";
};

//! One part of a bucket: its bytes follow from its formula.
struct DerivationTerm
{
    const char *id = "";    //!< stable identifier, e.g. "zero3-gathered-module"
    const char *label = ""; //!< e.g. "the module ZeRO-3 gathers for its forward and backward"
    Formula formula;
    Bytes bytes = headroom::bytes(0);
    const char *source = "";
};

//! One bucket of the breakdown (or the peak): the sum of its terms.
struct BucketDerivation
{
    const char *key = "";   //!< "parameters", "gradients", ..., "peak": the keys of `per_gpu`
    const char *label = "";
    Formula formula;        //!< the terms' formulas added up
    Bytes bytes = headroom::bytes(0);
    std::vector<DerivationTerm> terms;
    const char *source = "";
    //! What offload moved from this bucket to host memory, per GPU (not in bytes).
    Formula offloadedFormula;
    Bytes offloaded = headroom::bytes(0);
    //! The symbols the formula names, with their values, in order of appearance.
    std::vector<std::pair<std::string, Count>> values() const;
};

//! The activation bucket split the way papers and measurements report it.
struct ActivationsSplit
{
    Bytes perLayer = bytes(0);        //!< what one layer saves when nothing is recomputed
    Bytes layersHeld = bytes(0);      //!< kept across all layers this GPU holds, under the recompute policy
    Bytes outsideLayers = bytes(0);   //!< embedding, final norm, LM head input, loss
    Bytes recomputedLayer = bytes(0); //!< one layer rebuilt in backward under checkpointing
    Bytes transientPeak = bytes(0);   //!< short-lived buffers live at the step's peak (not in the bucket)
};

//! One choice of the training stack that moves memory, as the scenario has it.
struct StackChoice
{
    const char *id = "";      //!< the CLI option / scenario key, e.g. "loss"
    const char *label = "";   //!< translatable, context "Derivation"
    std::string value;        //!< the value, in the option's vocabulary ("chunked", "on", "500,000,000")
    bool fromStack = true;    //!< the stack's default, or set by the user
    const char *source = "";  //!< where the stack's default comes from
};

struct Derivation
{
    std::vector<DerivedValue> values; //!< every symbol any formula names
    //! The training stack and each of its choices (stack.h), in the order the CLI lists them.
    TrainingStack stack = TrainingStack::Paper;
    std::vector<StackChoice> choices;
    BucketDerivation parameters;
    BucketDerivation gradients;
    BucketDerivation masterWeights;
    BucketDerivation optimizerStates;
    BucketDerivation activations;
    BucketDerivation overhead;
    //! The frozen models beside the trained one (a preference run's reference, posttraining.h);
    //! in buckets() only when it holds bytes.
    BucketDerivation frozenModels;
    //! The highest point of the step (steptimeline.h): which event and phase, and what is live.
    BucketDerivation peak;
    TimelineEvent peakEvent = TimelineEvent::StepStart;
    StepPhase peakPhase = StepPhase::Forward;
    //! The plain sum of the six buckets; not the peak, which is what must fit.
    Bytes sumOfBuckets = bytes(0);
    //! The chosen GPU's capacity (0: none chosen) and capacity − peak: the headroom when
    //! positive, the shortfall when negative.
    Bytes capacity = bytes(0);
    Bytes margin = bytes(0);
    bool fits = false;
    //! The peak's three figures (allocated, reserved, device) and the one held against the
    //! GPU's capacity: margin and fits are of that one.
    MemoryFigures figures;
    PeakFigure compared = PeakFigure::Device;
    ActivationsSplit activationsSplit;
    //! Host memory per node (offload, loading the model), as DeepSpeed's estimators count it.
    BucketDerivation host;
    //! The article's fixed cost: the model states of the whole model before anything is
    //! sharded or offloaded (P × 16 bytes/param for mixed precision with Adam); under LoRA the
    //! frozen base and the adapters' states.
    BucketDerivation wholeModelStates;
    //! For teaching, beside the itemized model's figure: the article's textbook formula for the
    //! same run (key "textbook_activations"); empty (no terms) when the textbook model is the one
    //! estimated, or when the run has no textbook counterpart (an encoder).
    BucketDerivation textbookActivations;

    //! The six buckets of `per_gpu`, in order (and the frozen models when there are any), then the peak.
    std::vector<const BucketDerivation *> buckets() const;
    const DerivedValue *value(std::string_view symbol) const;
};

//! The derivation of estimate(scenario). The scenario must have passed validate().
Derivation derive(const Scenario &scenario);

} // namespace headroom
