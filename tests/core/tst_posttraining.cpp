// Preference training (posttraining.h): the reference model's bytes, the 2B sequences of a paired
// method and the reference's forward in the step, each against a value worked out by hand from
// TRL's behaviour (docs/posttraining.md) and the article's textbook formula.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/stack.h>
#include <headroom/memory/steptimeline.h>
#include <headroom/memory/validation.h>

#include "cpufixturescenario.h"

using namespace headroom;

namespace {

// A given P of 1e9 on a small architecture: the reference's bytes are P times the weights' bytes.
Scenario givenP(TrainingMethod method)
{
    Scenario s;
    s.model.family = BlockFamily::Llama;
    s.model.layers = 4;
    s.model.hidden = 256;
    s.model.heads = 4;
    s.model.ffn = 688;
    s.model.vocab = 1000;
    s.model.paramsOverride = 1'000'000'000;
    s.training.microBatch = 2;
    s.training.sequence = 64;
    s.training.promptLength = 32; // GRPO: 32 prompt tokens and 32 of completion
    s.training.precision.recipe = Recipe::Bf16Master;
    s.training.method = method;
    s.activations.model = ActivationModelKind::Transformer;
    return s;
}

// The article's worked size: L = 2, H = 64, A = 4, S = 32 under the textbook formula
// 2·(19·B·S·H + 3·B·A·S²) bytes per layer.
Scenario textbook(TrainingMethod method, Count microBatch)
{
    Scenario s;
    s.model.family = BlockFamily::Gpt2;
    s.model.layers = 2;
    s.model.hidden = 64;
    s.model.heads = 4;
    s.model.vocab = 100;
    s.training.microBatch = microBatch;
    s.training.sequence = 32;
    s.training.precision.recipe = Recipe::Bf16Master;
    s.training.method = method;
    s.activations.model = ActivationModelKind::Textbook;
    return s;
}

// L = 4, H = 256, A = 4, F = 688, V = 1000, untied, no override: counted by hand,
//   embedding V·H                      256,000
//   a layer: 4·H² + 3·H·F + 2·H        262,144 + 528,384 + 512 = 791,040; four: 3,164,160
//   final norm H                       256
//   LM head H·V                        256,000   → 3,676,416 with the LM head
//   score head H·1                     256       → 3,420,672 as a reward or value model
Scenario architecture(TrainingMethod method)
{
    Scenario s = givenP(TrainingMethod::Sft);
    s.model.paramsOverride = 0;
    setTrainingMethod(s, method);
    return s;
}
constexpr Count kPolicyP = 3'676'416;
constexpr Count kScoreP = 3'420'672;

Bytes frozen(const Scenario &s)
{
    const ValidationIssues issues = validate(s);
    if (!issues.empty())
        return bytes(-1);
    return estimate(s).frozenModels;
}

} // namespace

class TestPostTraining : public QObject
{
    Q_OBJECT

private slots:
    void namesRoundTrip()
    {
        for (const char *name : { "sft", "dpo", "ipo", "orpo", "simpo", "kto", "grpo", "reward", "ppo", "distill" })
            QCOMPARE(trainingMethodName(*trainingMethodFromName(name)), std::string_view(name));
        QVERIFY(!trainingMethodFromName("ppo-ish"));
        QCOMPARE(referenceSourceName(*referenceSourceFromName("precomputed")), std::string_view("precomputed"));
    }

    void referenceModelBytes()
    {
        // DPO with full fine-tuning on one GPU: a bf16 copy of P = 1e9 parameters, 2e9 bytes.
        QCOMPARE(frozen(givenP(TrainingMethod::Dpo)), bytes(2'000'000'000));
        QCOMPARE(frozen(givenP(TrainingMethod::Ipo)), bytes(2'000'000'000));
        QCOMPARE(frozen(givenP(TrainingMethod::Kto)), bytes(2'000'000'000));
        // No reference: supervised, ORPO, SimPO.
        QCOMPARE(frozen(givenP(TrainingMethod::Sft)), bytes(0));
        QCOMPARE(frozen(givenP(TrainingMethod::Orpo)), bytes(0));
        QCOMPARE(frozen(givenP(TrainingMethod::Simpo)), bytes(0));
        // PEFT runs the reference forward with the adapters disabled; precomputed log-probs
        // need no model.
        Scenario lora = givenP(TrainingMethod::Dpo);
        lora.lora.mode = AdapterMode::Lora;
        lora.lora.targets = LoraQ | LoraV;
        QCOMPARE(frozen(lora), bytes(0));
        Scenario precomputed = givenP(TrainingMethod::Dpo);
        precomputed.training.reference = ReferenceSource::Precomputed;
        QCOMPARE(frozen(precomputed), bytes(0));
        // A copy of the policy in its own dtype: FP32 weights under autocast, 4e9 bytes.
        Scenario amp = givenP(TrainingMethod::Dpo);
        amp.training.precision.recipe = Recipe::AmpBf16;
        QCOMPARE(frozen(amp), bytes(4'000'000'000));
        // ZeRO-3 over 8 GPUs partitions it: ⌈2e9 / 8⌉; stage 2 leaves it whole (stage 0 for it).
        Scenario zero3 = givenP(TrainingMethod::Dpo);
        zero3.parallel.gpus = 8;
        zero3.parallel.zero = ZeroStage::Stage3;
        QCOMPARE(frozen(zero3), bytes(250'000'000));
        Scenario zero2 = zero3;
        zero2.parallel.zero = ZeroStage::Stage2;
        QCOMPARE(frozen(zero2), bytes(2'000'000'000));
        // ZeRO-3 offloading parameters puts its partition on the host.
        Scenario offloaded = zero3;
        offloaded.parallel.offload = Offload::OptimizerAndParams;
        QCOMPARE(frozen(offloaded), bytes(0));
    }

    void pairsDoubleTheSequences()
    {
        // The textbook formula per layer at B = 2 (one pair, chosen and rejected):
        // 2·(19·2·32·64 + 3·2·4·32²) = 2·(77,824 + 24,576) = 204,800 bytes; two layers 409,600.
        const Breakdown sftOne = estimate(textbook(TrainingMethod::Sft, 1));
        const Breakdown dpoOne = estimate(textbook(TrainingMethod::Dpo, 1));
        QCOMPARE(countOf(sftOne.activations), Count(204'800));
        QCOMPARE(countOf(dpoOne.activations), Count(409'600));
        QCOMPARE(countOf(estimate(textbook(TrainingMethod::Orpo, 1)).activations), Count(409'600));
        // KTO runs unpaired examples: B sequences.
        QCOMPARE(countOf(estimate(textbook(TrainingMethod::Kto, 1)).activations), Count(204'800));
        // The textbook convention: every bucket resident, the peak their sum, the reference
        // (a bf16 copy) included.
        QCOMPARE(dpoOne.peak, dpoOne.total());
        QCOMPARE(dpoOne.frozenModels, dpoOne.parameters);
    }

    void separateForwardsKeepTheSavedTensors()
    {
        // Run one after the other, both graphs are kept until the loss: the same saved tensors
        // as the concatenated forward, the short-lived buffers of one forward of B. In FP32,
        // where TRL's log-probabilities and the model's own cross-entropy save the same bytes.
        Scenario concatenated = givenP(TrainingMethod::Dpo);
        concatenated.model.paramsOverride = 0;
        concatenated.training.precision.recipe = Recipe::Fp32;
        Scenario separate = concatenated;
        separate.training.pairsConcatenated = false;
        Scenario sftTwice = concatenated;
        sftTwice.training.method = TrainingMethod::Sft;
        sftTwice.training.microBatch = 2 * concatenated.training.microBatch;
        Scenario sftOnce = concatenated;
        sftOnce.training.method = TrainingMethod::Sft;
        const Breakdown c = estimate(concatenated), p = estimate(separate), twice = estimate(sftTwice), once = estimate(sftOnce);
        QCOMPARE(c.activations, twice.activations);
        QCOMPARE(p.activations, twice.activations);
        QCOMPARE(c.activationDetail.lossForwardTransient, twice.activationDetail.lossForwardTransient);
        QCOMPARE(p.activationDetail.lossForwardTransient, once.activationDetail.lossForwardTransient);
        QVERIFY(p.activationDetail.lossForwardTransient < c.activationDetail.lossForwardTransient);
    }

    void logProbsInTheLogitsDtype()
    {
        // TRL's DPO passes no labels and takes its log-probs from the bf16 logits row by row
        // (selective_log_softmax): the saved log-softmax is bf16, where SFT's cross-entropy saves
        // it in FP32. 2B = 4 sequences, S = 64, V = 1000: 256,000 elements, 2 bytes less each.
        Scenario dpo = givenP(TrainingMethod::Dpo);
        Scenario sft = dpo;
        sft.training.method = TrainingMethod::Sft;
        sft.training.microBatch = 4;
        QCOMPARE(countOf(estimate(sft).activations) - countOf(estimate(dpo).activations), Count(512'000));
        // The Hugging Face Trainer without DeepSpeed runs Accelerate's native mixed precision,
        // which returns FP32 logits (convert_outputs_to_fp32): SFT's bytes again; under DeepSpeed
        // (ZeRO-2 here) the engine casts the model and the logits stay bf16.
        Scenario trainer = dpo;
        applyStackDefaults(trainer, TrainingStack::HfTrainer);
        trainer.training.precision.recipe = Recipe::Bf16Master;
        Scenario trainerSft = trainer;
        trainerSft.training.method = TrainingMethod::Sft;
        trainerSft.training.microBatch = 4;
        QCOMPARE(estimate(trainer).activations, estimate(trainerSft).activations);
        trainer.parallel.zero = ZeroStage::Stage2;
        trainerSft.parallel.zero = ZeroStage::Stage2;
        QCOMPARE(countOf(estimate(trainerSft).activations) - countOf(estimate(trainer).activations), Count(512'000));
        // Under autocast log_softmax runs in FP32: the same bytes as SFT's.
        dpo.training.precision.recipe = Recipe::AmpBf16;
        sft.training.precision.recipe = Recipe::AmpBf16;
        QCOMPARE(estimate(dpo).activations, estimate(sft).activations);
    }

    void referenceForwardInTheStep()
    {
        // Buckets by hand: states 840 + 1680 + 3360 + overhead 1000, a frozen reference of 1000;
        // layers 2000, outside 500; the reference's forward holds 600 beside them.
        Scenario s = givenP(TrainingMethod::Dpo);
        Breakdown b;
        b.parameters = bytes(840);
        b.gradients = bytes(840);
        b.masterWeights = bytes(1680);
        b.optimizerStates = bytes(3360);
        b.overhead = bytes(1000);
        b.frozenModels = bytes(1000);
        b.scoringTransient = bytes(600);
        b.activationDetail.layers = bytes(2000);
        b.activationDetail.outside = bytes(500);
        b.activationDetail.outsideHead = bytes(300);
        const StepTimeline t = stepTimeline(s, b, GradientLifetime::AllocatedInBackward);
        QCOMPARE(t.count, kTimelineEventCount - 2); // no generation and no value model in DPO
        auto at = [&t](TimelineEvent e) {
            for (const TimelinePoint &p : t)
                if (p.event == e)
                    return countOf(p.total());
            return Count(-1);
        };
        // 840 + 1680 + 3360 + 1000 + 1000 = 7880 before anything is saved.
        QCOMPARE(at(TimelineEvent::StepStart), Count(7880));
        // Everything the policy saved (2500) and the reference's forward (600).
        QCOMPARE(at(TimelineEvent::ReferenceForward), Count(7880 + 2500 + 600));
        // In time, between the end of forward and the loss's backward.
        int forwardEnd = -1, reference = -1, lossBackward = -1;
        for (int i = 0; i < t.count; ++i) {
            const TimelineEvent e = t.points[static_cast<std::size_t>(i)].event;
            forwardEnd = e == TimelineEvent::ForwardEnd ? i : forwardEnd;
            reference = e == TimelineEvent::ReferenceForward ? i : reference;
            lossBackward = e == TimelineEvent::LossBackward ? i : lossBackward;
        }
        QVERIFY(forwardEnd < reference && reference < lossBackward);
        QCOMPARE(t.points[static_cast<std::size_t>(reference)].phase, StepPhase::Scoring);
    }

    void grpoGenerationByHand()
    {
        // L = 4, KV = 2 heads of d_h = 256 / 4 = 64, B = 2 prompts × G = 4 completions of
        // 100 + 28 = 128 tokens: the KV cache 2·4·2·64·128·8 = 1,048,576 bf16 elements =
        // 2,097,152 bytes; the sampled token's FP32 logits 4·8·1000 = 32,000 bytes.
        Scenario s = givenP(TrainingMethod::Grpo);
        s.model.kvHeads = 2;
        s.training.generations = 4;
        s.training.promptLength = 100;
        s.training.sequence = 128; // 100 + 28
        QVERIFY(validate(s).empty());
        const Breakdown b = estimate(s);
        QCOMPARE(b.generationTransient, bytes(2'097'152 + 32'000));
        QCOMPARE(b.frozenModels, bytes(2'000'000'000)); // the reference (TRL beta > 0)
        // Under ZeRO-3 over 8 GPUs the generation gathers the rest of the bf16 weights:
        // 2e9 − ⌈2e9 / 8⌉ = 1,750,000,000 bytes.
        Scenario zero3 = s;
        zero3.parallel.gpus = 8;
        zero3.parallel.zero = ZeroStage::Stage3;
        QCOMPARE(estimate(zero3).generationTransient, bytes(2'097'152 + 32'000 + 1'750'000'000));
        // A colocated vLLM at 0.3 of an 80 GiB GPU: llround(0.3 × 85,899,345,920) bytes, for the
        // whole step, or only while generating with sleep mode.
        Scenario colocated = s;
        colocated.training.rollout = RolloutEngine::VllmColocate;
        colocated.training.rolloutMemoryFraction = 0.3;
        colocated.gpu.capacity = bytes(80 * kGiB);
        const Breakdown awake = estimate(colocated);
        QCOMPARE(awake.rolloutEngine, bytes(25'769'803'776));
        QCOMPARE(awake.frozenModels, bytes(2'000'000'000 + 25'769'803'776));
        QCOMPARE(awake.generationTransient, bytes(0));
        colocated.training.rolloutSleep = true;
        const Breakdown asleep = estimate(colocated);
        QCOMPARE(asleep.rolloutEngine, bytes(0));
        QCOMPARE(asleep.generationTransient, bytes(25'769'803'776));
        // A vLLM server generates on GPUs of its own.
        Scenario server = s;
        server.training.rollout = RolloutEngine::VllmServer;
        QCOMPARE(estimate(server).generationTransient + estimate(server).rolloutEngine, bytes(0));
    }

    void grpoTrainsOnEveryCompletion()
    {
        // The textbook formula at G·B = 2 sequences of 16 + 16 = 32 tokens: the 409,600 bytes
        // worked out above for two sequences of S = 32.
        Scenario s = textbook(TrainingMethod::Grpo, 1);
        s.training.generations = 2;
        s.training.promptLength = 16;
        s.training.sequence = 32; // 16 + 16
        QCOMPARE(countOf(estimate(s).activations), Count(409'600));
        // In time: generation, then the reference's scoring, then the policy's forward.
        Scenario itemized = givenP(TrainingMethod::Grpo);
        const StepTimeline t = stepTimeline(itemized);
        QCOMPARE(t.points[1].event, TimelineEvent::Generation);
        QCOMPARE(t.points[1].phase, StepPhase::Generation);
        QCOMPARE(t.points[2].event, TimelineEvent::ReferenceForward);
        QCOMPARE(t.points[3].event, TimelineEvent::LayersForward);
        // Scoring runs before anything is saved: its point holds no activations.
        QCOMPARE(t.points[2].activations, bytes(0));
    }

    void grpoInputsChecked()
    {
        Scenario s = givenP(TrainingMethod::Grpo);
        s.training.generations = 0;
        QVERIFY(!validate(s).empty());
        s.training.generations = 8;
        s.training.rollout = RolloutEngine::VllmColocate; // without a GPU to take a share of
        const ValidationIssues issues = validate(s);
        QVERIFY(!issues.empty());
        QCOMPARE(issues.begin()->field, Field::RolloutMemoryFraction);
        s.gpu.capacity = bytes(80 * kGiB);
        s.training.rolloutMemoryFraction = 1.5;
        QVERIFY(!validate(s).empty());
        s.training.rolloutMemoryFraction = 0.5;
        QVERIFY(validate(s).empty());
    }

    void scoreHeadReplacesTheLmHead()
    {
        // L = 2, H = 64, A = 4, F = 172, V = 100: embedding 6,400; a layer 4·64² + 3·64·172 +
        // 2·64 = 49,536, two 99,072; final norm 64; LM head 6,400 → 111,936; a score head adds
        // 64 instead → 105,600. Tied, the LM model is 105,536 and the score model still 105,600
        // (the table stays for the embedding, the score head is its own).
        ModelSpec m;
        m.family = BlockFamily::Llama;
        m.layers = 2;
        m.hidden = 64;
        m.heads = 4;
        m.ffn = 172;
        m.vocab = 100;
        QCOMPARE(effectiveParameters(m), Count(111'936));
        m.head = ModelHead::Score;
        QCOMPARE(effectiveParameters(m), Count(105'600));
        m.tiedEmbeddings = true;
        QCOMPARE(effectiveParameters(m), Count(105'600));
        m.head = ModelHead::LanguageModel;
        QCOMPARE(effectiveParameters(m), Count(105'536));
    }

    void methodSetsWhatItImplies()
    {
        Scenario s = architecture(TrainingMethod::Reward);
        QCOMPARE(s.model.head, ModelHead::Score);
        QCOMPARE(estimate(s).parameterCount, kScoreP);
        setTrainingMethod(s, TrainingMethod::Sft);
        QCOMPARE(s.model.head, ModelHead::LanguageModel);
        setTrainingMethod(s, TrainingMethod::Ppo);
        QCOMPARE(s.training.generations, Count(1)); // TRL PPOTrainer: one completion per prompt
        setTrainingMethod(s, TrainingMethod::Grpo);
        QCOMPARE(s.training.generations, Count(8)); // GRPOConfig num_generations
    }

    void rewardTrainsPairs()
    {
        // RewardTrainer: chosen and rejected of each pair, both graphs kept: at B = 1 pair the
        // textbook formula's two sequences, 409,600 bytes; no reference, nothing frozen.
        Scenario s = textbook(TrainingMethod::Sft, 1);
        setTrainingMethod(s, TrainingMethod::Reward);
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.activations), Count(409'600));
        QCOMPARE(b.frozenModels, bytes(0));
    }

    void orpoAndSimpoAddTheChosenCrossEntropy()
    {
        // TRL's ORPO and SimPO (cpo_alpha 1.0) add a cross-entropy on the chosen half: its
        // log-softmax, B·(S − 1)·V in the logits' bf16, and the int64 labels. B = 2 pairs,
        // S = 64, V = 1000: 126 tokens → 252,000 + 1,008 = 253,008 bytes beyond DPO's saved
        // tensors (DPO here without its reference, which saves nothing anyway).
        Scenario dpo = givenP(TrainingMethod::Dpo);
        dpo.training.reference = ReferenceSource::Precomputed;
        const Count base = countOf(estimate(dpo).activations);
        for (TrainingMethod m : { TrainingMethod::Orpo, TrainingMethod::Simpo }) {
            Scenario s = givenP(m);
            QCOMPARE(countOf(estimate(s).activations) - base, Count(253'008));
        }
        // Under autocast log_softmax runs in FP32: 126·1000·4 + 1,008.
        Scenario amp = givenP(TrainingMethod::Orpo);
        amp.training.precision.recipe = Recipe::AmpBf16;
        Scenario ampDpo = dpo;
        ampDpo.training.precision.recipe = Recipe::AmpBf16;
        QCOMPARE(countOf(estimate(amp).activations) - countOf(estimate(ampDpo).activations), Count(505'008));
    }

    void ppoHoldsFourModels()
    {
        // bf16-master AdamW on one GPU: the policy 16 bytes/param, a reference of the policy in
        // bf16, the reward model (the policy's architecture with a score head) in bf16, and the
        // value model trained with 16 bytes/param.
        const Scenario s = architecture(TrainingMethod::Ppo);
        QVERIFY(validate(s).empty());
        const Breakdown b = estimate(s);
        QCOMPARE(b.side.reference, bytes(2 * kPolicyP));
        QCOMPARE(b.side.reward, bytes(2 * kScoreP));
        QCOMPARE(b.side.rewardParameters, kScoreP);
        QCOMPARE(b.side.criticParameters, kScoreP);
        QCOMPARE(b.frozenModels, bytes(2 * kPolicyP + 2 * kScoreP));
        QCOMPARE(b.parameters, bytes(2 * (kPolicyP + kScoreP)));
        QCOMPARE(b.gradients, bytes(2 * (kPolicyP + kScoreP)));
        QCOMPARE(b.masterWeights, bytes(4 * (kPolicyP + kScoreP)));
        QCOMPARE(b.optimizerStates, bytes(8 * (kPolicyP + kScoreP)));
        QCOMPARE(b.side.criticStates(), bytes(16 * kScoreP));

        // A reward model of its own: two layers, 256,000 + 2·791,040 + 256 + 256 = 1,838,592.
        Scenario given = s;
        ModelSpec small = s.model;
        small.layers = 2;
        given.training.sideModels.reward = SideModel{ false, small };
        QCOMPARE(estimate(given).side.reward, bytes(2 * 1'838'592));
        QCOMPARE(estimate(given).side.criticParameters, kScoreP);

        // ZeRO-3 over 4 GPUs partitions the frozen ones: ⌈2·3,420,672 / 4⌉ = 1,710,336.
        Scenario sharded = s;
        sharded.parallel.gpus = 4;
        sharded.parallel.zero = ZeroStage::Stage3;
        QCOMPARE(estimate(sharded).side.reward, bytes(1'710'336));
        QCOMPARE(estimate(sharded).side.reference, bytes(2 * kPolicyP / 4));
        // Generating, ZeRO-3 gathers the policy and the value model whole (TRL unwraps
        // PolicyAndValueWrapper): the bf16 weights beyond this GPU's quarter, 3/4 · 2 · 3,676,416
        // = 5,514,624 and 3/4 · 2 · 3,420,672 = 5,131,008, beside the KV cache (524,288) and the
        // rollout's scores (512,000): 11,681,920 bytes.
        QCOMPARE(estimate(sharded).generationTransient, bytes(11'681'920));
    }

    void ppoRolloutKeepsItsScores()
    {
        // TRL's generate() keeps every generated token's FP32 logits (output_scores) and stacks
        // them: B = 2 prompts, G = 1, C = 64 − 32 = 32, V = 1000 → 64,000 elements, 2 × 4 bytes
        // each while the copy is made: 512,000. The KV cache: 2·L·KV·d_h·S·G·B = 2·4·4·64·64·2
        // = 262,144 bf16 elements, 524,288 bytes. During scoring the 256,000 bytes of scores stay.
        const Scenario s = architecture(TrainingMethod::Ppo);
        const Breakdown b = estimate(s);
        QCOMPARE(b.generationTransient, bytes(512'000 + 524'288));
        Scenario grpo = s;
        setTrainingMethod(grpo, TrainingMethod::Grpo);
        grpo.training.generations = 1;
        // GRPO keeps only the sampled token's: G·B·V·4 = 8,000 bytes.
        QCOMPARE(estimate(grpo).generationTransient, bytes(8'000 + 524'288));
        QVERIFY(b.scoringTransient >= bytes(256'000));
    }

    void ppoValueModelBackwardComesLast()
    {
        // PolicyAndValueWrapper runs the value model's backbone first, so its backward runs after
        // the policy's: at its start the policy's gradients are written, the value model's (2 bytes
        // each of 3,420,672 parameters) are not, and its saved tensors are all held.
        const Scenario s = architecture(TrainingMethod::Ppo);
        const Breakdown b = estimate(s);
        const StepTimeline t = stepTimeline(s, b);
        int bottom = -1, value = -1;
        for (int i = 0; i < t.count; ++i) {
            const TimelineEvent e = t.points[static_cast<std::size_t>(i)].event;
            if (e == TimelineEvent::BottomLayerBackward)
                bottom = i;
            if (e == TimelineEvent::ValueModelBackward)
                value = i;
        }
        QVERIFY(bottom >= 0);
        QCOMPARE(value, bottom + 1);
        const TimelinePoint &p = t.points[static_cast<std::size_t>(value)];
        QCOMPARE(p.phase, StepPhase::Backward);
        QCOMPARE(p.gradients, b.gradients - bytes(2 * kScoreP));
        QVERIFY(p.activations >= b.side.criticActivations);
        for (const TimelinePoint &q : t)
            QVERIFY(b.peak >= q.total());
    }

    void ppoValueModelSavesItsTensors()
    {
        // The textbook formula (the article's size, B = 1 prompt, G = 1, S = 16 + 16): the policy
        // saves 204,800 bytes and the value model, the same architecture, as many: 409,600.
        Scenario s = textbook(TrainingMethod::Sft, 1);
        setTrainingMethod(s, TrainingMethod::Ppo);
        s.training.promptLength = 16;
        QVERIFY(validate(s).empty());
        const Breakdown b = estimate(s);
        QCOMPARE(countOf(b.side.criticActivations), Count(204'800));
        QCOMPARE(countOf(b.activations), Count(409'600));
    }

    void distillationHoldsTheTeacherAndItsLoss()
    {
        // Teacher of its own (two layers, LM head): 256,000 + 2·791,040 + 256 + 256,000 =
        // 2,094,336 parameters, in bf16.
        Scenario s = architecture(TrainingMethod::Distill);
        ModelSpec teacher = s.model;
        teacher.layers = 2;
        s.training.sideModels.teacher = SideModel{ false, teacher };
        QVERIFY(validate(s).empty());
        const Breakdown b = estimate(s);
        QCOMPARE(b.side.teacher, bytes(2 * 2'094'336));
        QCOMPARE(b.frozenModels, bytes(2 * 2'094'336));
        // GKD's loss replaces the model's cross-entropy. B = 2, S = 64, C = 32, V = 1000, bf16:
        // saved 7·B·C·V·2 = 896,000 bytes for the JSD, where SFT saves the FP32 log-softmax,
        // 4·B·S·V = 512,000 (a score head's B·S·1 of it, 512, stays): 384,512 more.
        Scenario sft = s;
        setTrainingMethod(sft, TrainingMethod::Sft);
        QCOMPARE(countOf(b.activations) - countOf(estimate(sft).activations), Count(384'512));
        // At the loss: both models' logits, 2·B·S·V, and 8·B·C·V temporaries, in bf16.
        QCOMPARE(countOf(b.activationDetail.lossForwardTransient), Count((2 * 2 * 64 * 1000 + 8 * 2 * 32 * 1000) * 2));
        // GKD compares the two distributions over one vocabulary.
        teacher.vocab = 1024;
        s.training.sideModels.teacher = SideModel{ false, teacher };
        const ValidationIssues issues = validate(s);
        QVERIFY(!issues.empty());
        QCOMPARE(issues.begin()->field, Field::Teacher);
    }

    // TRL v0.19's DPO and GRPO steps on CPU (tools/calibrate/posttraining_measure.py, PyTorch
    // 1.13), in FP32 and in bf16 (where TRL's log-softmax stays bf16): the bytes the policy's
    // forward and the loss saved for backward, each storage once;
    // the reference's forward under no_grad saved none. Headroom's activation bucket for the same
    // run (the hf-eager-cpu profile the calibration fixtures describe) within 1 %.
    void cpuMeasuredSteps()
    {
        QFile f(qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/calibration/posttraining-cpu.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray runs = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 6);
        for (const QJsonValue &v : runs) {
            const QJsonObject run = v.toObject();
            Scenario s = test::cpuFixtureLlama(run);
            const bool grpo = run.value(QStringLiteral("method")).toString() == QStringLiteral("grpo");
            setTrainingMethod(s, grpo ? TrainingMethod::Grpo : TrainingMethod::Dpo);
            s.training.microBatch = run.value(QStringLiteral("batch")).toInteger();
            s.training.sequence = run.value(QStringLiteral("seq")).toInteger();
            s.training.promptLength = run.value(QStringLiteral("prompt_length")).toInteger();
            if (grpo)
                s.training.generations = run.value(QStringLiteral("generations")).toInteger();
            QVERIFY(validate(s).empty());
            const double measured = run.value(QStringLiteral("saved_policy_and_loss")).toDouble();
            const double modelled = static_cast<double>(countOf(estimate(s).activations));
            const QByteArray id = run.value(QStringLiteral("id")).toString().toUtf8();
            QVERIFY2(std::abs(modelled - measured) <= 0.01 * measured,
                     qPrintable(QStringLiteral("%1: measured %2, Headroom %3").arg(QString::fromUtf8(id)).arg(measured, 0, 'f', 0).arg(modelled, 0, 'f', 0)));
            QCOMPARE(run.value(QStringLiteral("saved_reference")).toInteger(), 0);
        }
    }

    void peakCountsTheReferenceForward()
    {
        // The itemized model gives the reference's forward some bytes, and the estimate's peak
        // is the highest point of the step with it.
        const Scenario s = givenP(TrainingMethod::Dpo);
        const Breakdown b = estimate(s);
        QVERIFY(b.scoringTransient > bytes(0));
        const StepTimeline t = stepTimeline(s, b);
        for (const TimelinePoint &p : t)
            QVERIFY(b.peak >= p.total());
    }
};

QTEST_APPLESS_MAIN(TestPostTraining)
#include "tst_posttraining.moc"
