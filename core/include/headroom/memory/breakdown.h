#pragma once

// The answer: where every byte of one GPU goes, and what the user should know about it.

#include <array>
#include <cstdint>

#include <headroom/memory/activationmodel.h>
#include <headroom/memory/units.h>

namespace headroom {

//! Typed notes the estimate attaches; the UI and CLI turn them into translated text.
enum class Warning : std::uint8_t {
    AmpKeepsFixedCost,          //!< amp-*: FP32 weights and gradients, the fixed cost is not halved
    GradAccumSavesNoMemory,     //!< accumulation steps > 1 change the global batch only
    TextbookIgnoresGqa,         //!< textbook formula assumes K and V as wide as Q
    TextbookIgnoresFfnSize,     //!< textbook formula assumes a 4H GELU MLP
    TextbookIgnoresLogits,      //!< textbook formula leaves out embedding, logits and loss
    ParamsDifferFromArchitecture, //!< a given P differs from the architecture's count by > 5 %
    Bf16NotSupportedOnGpu,      //!< bf16 recipe on a GPU without BF16 tensor cores
    Fp16NeedsLossScaling,       //!< fp16 recipe: use a dynamic loss scaler
    DoesNotFit,                 //!< the peak exceeds the chosen GPU's capacity
    PureHalfWithoutMaster,      //!< *-pure: updates smaller than half an ulp are lost
    Fp8NotSupportedOnGpu,       //!< --fp8 on a GPU without FP8 tensor cores
    QuantBaseNotTrainable,      //!< --qlora-base fp8: transformers refuses to fine-tune FBGEMM FP8 checkpoints
    SequenceBeyondContext,      //!< a rotary model's S exceeds the context its config declares
};

// Warnings keeps one bit per warning: the last enumerator must stay below 32.
static_assert(static_cast<unsigned>(Warning::SequenceBeyondContext) < 32);

//! A fixed-capacity list so that estimating allocates nothing, in the order the warnings were
//! added, each at most once.
class Warnings
{
public:
    void add(Warning w)
    {
        if (!contains(w) && m_count < static_cast<int>(m_items.size())) {
            m_items[static_cast<std::size_t>(m_count++)] = w;
            m_present |= bit(w);
        }
    }
    //! One bit test (every estimate adds a few warnings; a search through the list per add
    //! was a loop on the hot path).
    bool contains(Warning w) const { return (m_present & bit(w)) != 0; }
    int size() const { return m_count; }
    const Warning *begin() const { return m_items.data(); }
    const Warning *end() const { return m_items.data() + m_count; }

private:
    static constexpr std::uint32_t bit(Warning w) { return std::uint32_t(1) << (static_cast<unsigned>(w) & 31u); }

    std::array<Warning, 16> m_items{};
    int m_count = 0;
    std::uint32_t m_present = 0; //!< bit w set when the list holds w (every Warning is below 32)
};

//! Scoring: a frozen model's forward under no_grad (the reference's log-probabilities), after the
//! policy's forward and before its backward.
//! Generation: a reinforcement-learning run's rollouts, before anything is trained.
enum class StepPhase { Forward, Backward, OptimizerStep, Scoring, Generation };

//! The events of one step, in order. Between two events memory changes monotonically, so
//! the step's maximum is at one of them.
enum class TimelineEvent : std::uint8_t {
    StepStart,           //!< weights, master copy, optimizer states, runtime (and kept gradients)
    LayersForward,       //!< every layer has run forward: their saved tensors plus one layer's scratch
    LossForward,         //!< the loss runs: logits and their FP32 copy beside everything saved
    ForwardEnd,          //!< the loss is computed; the logits and autocast's cache are freed
    LossBackward,        //!< the loss's gradient buffers (the dense FP32 gradients of the logits)
    TopLayerBackward,    //!< the last layer's backward: head gradients and its own appear
    BottomLayerBackward, //!< the first layer's backward: every layer's gradients, one layer's activations
    BackwardEnd,         //!< all gradients, no activations
    OptimizerStep,       //!< the optimizer's temporaries beside all gradients
    StepEnd,             //!< zero_grad(): gradients freed unless they are kept
    //! Between ForwardEnd and LossBackward in time (last here so that the earlier values keep
    //! their numbers): a frozen model's forward under no_grad beside everything the policy saved.
    //! Only in runs that score with one (posttraining.h).
    ReferenceForward,
    //! First of all in time: the rollout engine generates the completions (posttraining.h).
    Generation,
    //! After BottomLayerBackward in time: PPO's value model runs its backward once the policy's is
    //! done (its backbone ran first in forward), its saved tensors still held (posttraining.h).
    ValueModelBackward,
};

inline constexpr int kTimelineEventCount = 13;

//! Host (CPU) memory the run needs per node, e.g. for offloaded optimizer states.
struct HostMemory
{
    Bytes perNode = bytes(0);
};

/*!
 * The models a post-training run holds beside the policy (posttraining.h), each on this GPU. The
 * frozen ones are parts of Breakdown::frozenModels; the value model is trained with the policy,
 * its states parts of the four state buckets and its saved tensors part of the activations.
 */
struct SideModelShares
{
    Bytes reference = bytes(0);
    Count rewardParameters = 0;
    Bytes reward = bytes(0);
    Count teacherParameters = 0;
    Bytes teacher = bytes(0);
    Count criticParameters = 0;
    Count criticRankParameters = 0; //!< on this model-parallel rank (ZeRO-3 gathers them to generate)
    Bytes criticParameterBytes = bytes(0);
    Bytes criticGradients = bytes(0);
    Bytes criticMasterWeights = bytes(0);
    Bytes criticOptimizerStates = bytes(0);
    Bytes criticActivations = bytes(0);

    Bytes criticStates() const { return criticParameterBytes + criticGradients + criticMasterWeights + criticOptimizerStates; }

    // A multimodal model's vision tower (visiontower.h), trained or frozen: its states, parts of
    // the four state buckets; its saved tensors, part of the activations; the block a frozen
    // tower's forward or a checkpointed one's backward holds, among the short-lived buffers.
    Count visionParameters = 0;
    Count visionImages = 0;  //!< images in one micro-batch
    Count visionPatches = 0; //!< their patches through the tower
    Bytes visionWeights = bytes(0);
    Bytes visionGradients = bytes(0);
    Bytes visionMasterWeights = bytes(0);
    Bytes visionOptimizerStates = bytes(0);
    Bytes visionActivations = bytes(0);
    Bytes visionBlock = bytes(0);
    //! Of reference: a preference run's frozen copy of the tower, which the reference model holds too.
    Bytes visionReference = bytes(0);

    Bytes visionStates() const { return visionWeights + visionGradients + visionMasterWeights + visionOptimizerStates; }
};

struct Breakdown
{
    Count parameterCount = 0;
    Bytes parameters = bytes(0);
    Bytes gradients = bytes(0);
    Bytes masterWeights = bytes(0);
    Bytes optimizerStates = bytes(0);
    Bytes activations = bytes(0);
    Bytes overhead = bytes(0);
    ActivationEstimate activationDetail;
    HostMemory host;
    //! Buffers the framework allocates only while the optimizer steps (DeepSpeed ZeRO-3: the
    //! FP32 gradient of one optimizer sub-group, placement.h), beyond the optimizer's own.
    Bytes stepBuffers = bytes(0);
    //! Optimizer states in CUDA managed memory (bitsandbytes paged optimizers): on the GPU while
    //! room remains, paged to host memory under pressure, outside the peak (placement.h).
    Bytes pagedOptimizerStates = bytes(0);
    //! Pinned host memory the saved activations are offloaded to (activation offload).
    Bytes offloadedActivations = bytes(0);
    //! The frozen models this GPU holds beside the one it trains (a preference run's reference
    //! model, a colocated vLLM's reserved share without sleep mode; posttraining.h): resident for
    //! the whole step, in the peak and in total().
    Bytes frozenModels = bytes(0);
    //! Of frozenModels: the colocated rollout engine's share.
    Bytes rolloutEngine = bytes(0);
    //! What generating the rollouts holds beside the model states (the KV cache, the sampled
    //! logits, ZeRO-3's gathered weights, or a sleeping vLLM woken up): live at the Generation
    //! point only, not a bucket.
    Bytes generationTransient = bytes(0);
    //! What a frozen model's forward under no_grad holds at its highest (one layer's tensors and
    //! scratch, then its logits): live at the ReferenceForward point only, not a bucket.
    Bytes scoringTransient = bytes(0);
    //! Each model beside the policy (included in the buckets above).
    SideModelShares side;

    //! Highest memory during the step and when it happens: the step timeline's highest point
    //! (steptimeline.h), for every activation model. It is what fits on a GPU or not; total()
    //! is the plain sum of the buckets, which are not all live at once.
    Bytes peak = bytes(0);
    StepPhase peakPhase = StepPhase::Forward;
    TimelineEvent peakEvent = TimelineEvent::StepStart;

    Warnings warnings;

    //! The pipeline rank these figures are of (pipelinestage.h): the one that peaks highest, or
    //! the one the scenario pinned; -1 without pipeline parallelism.
    Count pipelineRank = -1;

    Bytes modelStates() const { return parameters + gradients + masterWeights + optimizerStates; }
    Bytes total() const { return modelStates() + activations + overhead + frozenModels; }
};

std::string_view warningName(Warning w);
std::string_view stepPhaseName(StepPhase p);
//! "step-start", "layers-forward", ...: stable identifiers for JSON and translation lookups.
std::string_view timelineEventName(TimelineEvent event);

} // namespace headroom
