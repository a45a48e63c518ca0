#pragma once

// Seeded random valid scenarios over everything the engine models (block families, recipes,
// optimizers, both activation models, profiles and kernels, recompute, TP/PP/SP, ZeRO 0-3,
// offload, LoRA/QLoRA), for the tests that must hold for every scenario, not for chosen ones.

#include <random>

#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/scenario.h>
#include <headroom/memory/validation.h>

namespace headroom::testing {

class RandomScenarios
{
public:
    explicit RandomScenarios(unsigned seed) : m_rng(seed) { }

    //! The next valid scenario (drawn again until validate() accepts it).
    Scenario next()
    {
        for (;;) {
            Scenario s = draw();
            if (validate(s).empty())
                return s;
        }
    }

private:
    Count uniform(Count lo, Count hi)
    {
        return std::uniform_int_distribution<long long>(static_cast<long long>(lo), static_cast<long long>(hi))(m_rng);
    }
    //! Log-uniform in [lo, hi]: small and large sizes equally often.
    Count logUniform(Count lo, Count hi)
    {
        std::uniform_real_distribution<double> u(std::log(double(lo)), std::log(double(hi) + 1));
        const Count v = static_cast<Count>(std::exp(u(m_rng)));
        return v < lo ? lo : (v > hi ? hi : v);
    }
    bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }
    template<typename T, std::size_t N>
    T pick(const T (&items)[N])
    {
        return items[static_cast<std::size_t>(uniform(0, Count(N) - 1))];
    }

    Scenario draw()
    {
        Scenario s;
        ModelSpec &m = s.model;
        m.family = chance(0.35) ? BlockFamily::Llama : chance(0.3) ? BlockFamily::Gpt2 : pick(kAllFamilies);
        m.layers = logUniform(1, 128);
        static constexpr Count kHeads[] = { 1, 2, 3, 4, 8, 12, 16, 32, 40, 64 };
        static constexpr Count kHeadDims[] = { 8, 16, 64, 80, 128 };
        m.heads = pick(kHeads);
        m.hidden = m.heads * pick(kHeadDims);
        // A divisor of the heads for grouped K/V, or 0 (as many as the heads).
        if (chance(0.6)) {
            Count kv = m.heads;
            for (int i = 0; i < 4 && kv > 1 && chance(0.5); ++i)
                if (kv % 2 == 0)
                    kv /= 2;
            m.kvHeads = kv;
        }
        m.ffn = chance(0.3) ? 0 : logUniform(1, 8 * m.hidden);
        m.vocab = logUniform(50, 260'000);
        m.maxPositions = m.family == BlockFamily::Gpt2 && chance(0.7) ? logUniform(1, 8192) : 0;
        m.tiedEmbeddings = chance(0.4);
        m.qkvBias = m.family == BlockFamily::Llama && chance(0.3);
        m.outBias = chance(0.1);
        m.mlpBias = chance(0.1);
        m.qkNorm = chance(0.15);
        m.qkNormWhole = m.qkNorm && chance(0.3);
        m.fusedProjections = chance(0.15);
        m.fusedGateUp = !m.fusedProjections && chance(0.1); // Granite 4.0: gate and up only
        if (chance(0.15))
            m.headDim = logUniform(8, 256);
        if (m.family == BlockFamily::Bert || chance(0.05))
            m.typeVocab = logUniform(1, 4);
        if (chance(0.1))
            m.parallelResidual = chance(0.5) ? Switch::On : Switch::Off;
        if (chance(0.1))
            m.normsPerLayer = logUniform(1, 4);
        m.encoderHead = chance(0.5) ? EncoderHead::Pooler : EncoderHead::MaskedLm;
        // Mixtures of experts and latent attention (DeepSeek combines both).
        if (chance(0.25)) {
            MoeSpec &e = m.moe;
            e.experts = logUniform(2, 160);
            e.perToken = logUniform(1, e.experts < 8 ? e.experts : 8);
            e.expertFfn = logUniform(8, 4 * m.hidden);
            if (chance(0.4)) {
                e.sharedExperts = logUniform(1, 2);
                e.sharedFfn = chance(0.5) ? 0 : logUniform(8, 4 * m.hidden);
                e.sharedGate = chance(0.5);
            }
            e.denseLayers = chance(0.5) ? 0 : logUniform(1, m.layers);
            e.routerBias = chance(0.3);
            e.expertBias = chance(0.2);
        }
        if (chance(0.1)) {
            MlaSpec &a = m.mla;
            a.kvLoraRank = logUniform(8, 512);
            a.qLoraRank = chance(0.5) ? 0 : logUniform(8, 1536);
            a.ropeHeadDim = logUniform(8, 64);
            a.nopeHeadDim = logUniform(8, 128);
            a.valueHeadDim = logUniform(8, 128);
            if (chance(0.3)) {
                a.indexHeads = logUniform(1, 64);
                a.indexHeadDim = logUniform(8, 128);
            }
        }
        m.attentionSinks = chance(0.1);
        m.noBias = chance(0.1);
        m.embeddingNorm = chance(0.1);
        if (chance(0.15))
            m.paramsOverride = logUniform(1000, 2'000'000'000'000);

        TrainingSetup &t = s.training;
        t.microBatch = logUniform(1, 64);
        t.sequence = logUniform(1, 32768);
        t.precision.recipe = pick(kAllRecipes);
        t.precision.optimizer = pick(kAllOptimizers);
        t.precision.stateDtype = chance(0.2) ? StateDtype::WeightDtype : StateDtype::Fp32;
        t.precision.fp32GradBuffer = chance(0.2);
        if ((t.precision.recipe == Recipe::Bf16Master || t.precision.recipe == Recipe::Fp16Master) && chance(0.2))
            t.precision.masterDtype = weightDtype(t.precision.recipe);
        static constexpr Recompute kRecompute[] = { Recompute::None, Recompute::Full, Recompute::Selective };
        t.recompute = pick(kRecompute);
        t.gradAccumSteps = chance(0.5) ? 1 : logUniform(1, 32);

        ActivationOptions &a = s.activations;
        a.model = chance(0.5) ? ActivationModelKind::Textbook : ActivationModelKind::Transformer;
        a.profile = pick(kAllProfiles);
        a.attention = pick(kAllAttentionKernels);
        a.dropout = chance(0.3) ? 0.1 : 0.0;

        s.overhead.cudaContext = bytes(chance(0.2) ? 0 : logUniform(1, Count(4) << 30));
        s.overhead.allocatorReserve = bytes(chance(0.2) ? 0 : logUniform(1, Count(4) << 30));

        Parallelism &p = s.parallel;
        static constexpr Count kTp[] = { 1, 1, 1, 2, 4, 8 };
        p.tensorParallel = pick(kTp);
        p.pipelineParallel = chance(0.7) ? 1 : uniform(1, m.layers < 8 ? m.layers : 8);
        const Count d = chance(0.3) ? 1 : logUniform(1, 512);
        p.gpus = d * p.tensorParallel * p.pipelineParallel;
        p.sequenceParallel = p.tensorParallel > 1 && chance(0.5);
        // Expert parallelism: a divisor of both the experts and the data-parallel degree.
        if (m.moe.enabled() && chance(0.5)) {
            for (Count e : { Count(8), Count(4), Count(2) })
                if (m.moe.experts % e == 0 && d % e == 0 && chance(0.6)) {
                    p.expertParallel = e;
                    break;
                }
        }
        p.zero = static_cast<ZeroStage>(uniform(0, 3));
        static constexpr Offload kOffload[] = { Offload::None, Offload::Optimizer, Offload::OptimizerAndParams };
        p.offload = pick(kOffload);
        if (p.offload == Offload::Optimizer && p.zero == ZeroStage::Stage0)
            p.zero = ZeroStage::Stage1;
        if (p.offload == Offload::OptimizerAndParams)
            p.zero = ZeroStage::Stage3;
        p.gpusPerNode = pick(kTp) * 2;
        p.reduceBucket = chance(0.5) ? 500'000'000 : logUniform(1, 2'000'000'000);

        LoraSpec &l = s.lora;
        static constexpr AdapterMode kModes[] = { AdapterMode::None, AdapterMode::Lora, AdapterMode::Qlora };
        l.mode = pick(kModes);
        l.rank = logUniform(1, 512);
        l.targets = chance(0.3) ? 0 : static_cast<unsigned>(uniform(1, 127));
        // Preference training (posttraining.h), drawn last so that the draws above stay as they were.
        static constexpr TrainingMethod kMethods[] = { TrainingMethod::Sft, TrainingMethod::Dpo, TrainingMethod::Ipo,
                                                       TrainingMethod::Orpo, TrainingMethod::Simpo, TrainingMethod::Kto,
                                                       TrainingMethod::Grpo, TrainingMethod::Reward, TrainingMethod::Ppo,
                                                       TrainingMethod::Distill };
        setTrainingMethod(s, chance(0.6) ? TrainingMethod::Sft : pick(kMethods));
        t.reference = chance(0.2) ? ReferenceSource::Precomputed : ReferenceSource::Model;
        t.pairsConcatenated = !chance(0.25);
        t.generations = logUniform(1, 64);
        t.promptLength = std::max<Count>(1, t.sequence / logUniform(2, 16));
        static constexpr RolloutEngine kEngines[] = { RolloutEngine::HfGenerate, RolloutEngine::VllmColocate, RolloutEngine::VllmServer };
        t.rollout = pick(kEngines);
        t.rolloutMemoryFraction = static_cast<double>(uniform(1, 9)) / 10.0;
        t.rolloutSleep = chance(0.5);
        if (t.rollout == RolloutEngine::VllmColocate && s.gpu.capacity <= bytes(0))
            s.gpu.capacity = bytes(80 * kGiB);
        // Models beside the policy: its architecture, or a smaller one of the same vocabulary.
        for (SideModel *side : { &t.sideModels.reward, &t.sideModels.critic, &t.sideModels.teacher }) {
            if (chance(0.5))
                continue;
            ModelSpec m = s.model;
            m.layers = std::max<Count>(1, m.layers / logUniform(1, 4));
            m.paramsOverride = 0;
            *side = SideModel{ false, m };
        }
        // The quantized base's format, drawn after the rest for the same reason.
        s.stack.quantBase = pick(kAllQuantBases);
        if (s.stack.quantBase == QuantBase::Gptq || s.stack.quantBase == QuantBase::Awq || s.stack.quantBase == QuantBase::Hqq)
            s.stack.quantGroupSize = chance(0.5) ? -1 : logUniform(1, 4096);
        // PEFT's trained copies (modules_to_save), last for the same reason.
        if (l.mode != AdapterMode::None && chance(0.25))
            l.trainedModules = static_cast<unsigned>(uniform(1, 3));
        // A vision tower and its images (visiontower.h), last for the same reason.
        if (chance(0.15)) {
            static constexpr VisionTowerKind kTowers[] = { VisionTowerKind::Qwen2Vl, VisionTowerKind::Qwen25Vl,
                                                           VisionTowerKind::Qwen3Vl, VisionTowerKind::Siglip };
            VisionSpec &v = s.model.vision;
            v.kind = pick(kTowers);
            v.heads = logUniform(1, 16);
            v.hidden = v.heads * logUniform(8, 96);
            v.layers = logUniform(1, 32);
            v.ffn = logUniform(8, 4 * v.hidden);
            v.parameters = v.layers * (4 * v.hidden * v.hidden + 3 * v.hidden * v.ffn);
            v.patch = v.kind == VisionTowerKind::Qwen3Vl ? 16 : 14;
            v.temporalPatch = v.kind == VisionTowerKind::Siglip ? 1 : 2;
            v.merge = v.kind == VisionTowerKind::Siglip ? 1 : 2;
            v.imageSize = v.kind == VisionTowerKind::Siglip ? v.patch * logUniform(1, 64) : 0;
            v.tokensPerImage = v.kind == VisionTowerKind::Siglip ? 1 : 0;
            v.windowSize = v.kind == VisionTowerKind::Qwen25Vl ? 112 : 0;
            v.fullBlocks = v.kind == VisionTowerKind::Qwen25Vl ? uniform(0, v.layers) : 0;
            v.deepstackMergers = v.kind == VisionTowerKind::Qwen3Vl ? uniform(0, 3) : 0;
            t.images = uniform(0, 4);
            t.imageWidth = logUniform(v.patch * v.merge, 2048);
            t.imageHeight = logUniform(v.patch * v.merge, 2048);
            t.visionTrained = l.mode == AdapterMode::None && chance(0.5);
        }
        return s;
    }

    std::mt19937_64 m_rng;
};

} // namespace headroom::testing
