// The Training group: micro-batch, sequence, checkpointing, precision, optimizer, activation model, attention kernel, implementation, dropout and accumulation.

#include "inputpane.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QVBoxLayout>

#include <headroom/memory/posttraining.h>
#include <headroom/memory/implementationprofile.h>

#include "inputfields.h"
#include "labels.h"
#include "scenariodocument.h"
#include "widgets/countfield.h"
#include "widgets/sliderfield.h"
#include "widgets/stopslider.h"

namespace headroom {

namespace {

using inputfields::selectData;
using inputfields::toList;

using EditKind = ScenarioDocument::EditKind;

QString attentionLabel(AttentionKernel a)
{
    switch (a) {
    case AttentionKernel::Eager: return InputPane::tr("Eager (stores S×S scores)");
    case AttentionKernel::Sdpa: return InputPane::tr("SDPA (PyTorch)");
    case AttentionKernel::Flash: return InputPane::tr("FlashAttention");
    }
    return {};
}

QString attentionToolTip(AttentionKernel a)
{
    switch (a) {
    case AttentionKernel::Eager:
        return InputPane::tr("Scores, softmax and dropout mask are stored per head: B×A×S×S each, growing with S².");
    case AttentionKernel::Sdpa:
        return InputPane::tr("torch scaled_dot_product_attention: the memory-efficient or flash backend, "
                             "no S×S tensors stored.");
    case AttentionKernel::Flash:
        return InputPane::tr("FlashAttention recomputes the scores in backward: activations grow linearly with S.");
    }
    return {};
}

QString profileLabel(ImplementationProfile p)
{
    switch (p) {
    case ImplementationProfile::HfEager: return InputPane::tr("Hugging Face, CUDA");
    case ImplementationProfile::HfSdpa: return InputPane::tr("Hugging Face with SDPA, CUDA");
    case ImplementationProfile::MegatronFused: return InputPane::tr("Megatron fused kernels");
    case ImplementationProfile::HfEagerCpu: return InputPane::tr("Hugging Face, PyTorch 1.13 CPU");
    }
    return {};
}

QString profileToolTip(ImplementationProfile p)
{
    switch (p) {
    case ImplementationProfile::HfEager:
        return InputPane::tr("Hugging Face eager code on PyTorch 2 and CUDA: unfused norms and activations, "
                             "1-byte dropout masks.");
    case ImplementationProfile::HfSdpa:
        return InputPane::tr("The same code with attn_implementation=\"sdpa\", Hugging Face's default.");
    case ImplementationProfile::MegatronFused:
        return InputPane::tr("Fused softmax, norms, projections and activations (Korthikanti et al. 2022): "
                             "the fewest saved tensors.");
    case ImplementationProfile::HfEagerCpu:
        return InputPane::tr("What the calibration fixtures measured: PyTorch 1.13 on the CPU (dropout masks "
                             "in the input's dtype).");
    }
    return {};
}


} // namespace

QFormLayout *InputPane::addTrainingGroup(QVBoxLayout *column)
{
    auto *trainingBox = new QGroupBox(tr("&Training"), this);
    auto *training = new QFormLayout(trainingBox);
    training->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addSlider(training, Field::Batch, tr("Micro-&batch B:"),
              tr("Sequences per GPU per forward pass (slider 1 to 1,024, log-spaced; type any value up to 1,000,000)."),
              toList(StopSlider::logStops(1, 1024, 4)));
    addSlider(training, Field::Sequence, tr("&Sequence S:"),
              tr("Tokens per sequence (slider: powers of two from 128 to 1,048,576; type any value up to 100,000,000)."),
              toList(StopSlider::powerOfTwoStops(128, Count(1) << 20)));

    auto *recomputeRow = new QWidget(trainingBox);
    auto *recomputeLayout = new QHBoxLayout(recomputeRow);
    recomputeLayout->setContentsMargins(0, 0, 0, 0);
    m_recompute = new QButtonGroup(this);
    for (Recompute r : { Recompute::None, Recompute::Full, Recompute::Selective, Recompute::Op }) {
        auto *button = new QRadioButton(Labels::recompute(r), recomputeRow);
        button->setToolTip(Labels::recomputeToolTip(r));
        m_recompute->addButton(button, static_cast<int>(r));
        recomputeLayout->addWidget(button);
    }
    recomputeLayout->addStretch(1);
    auto *recomputeLabel = new QLabel(tr("&Checkpointing:"), trainingBox);
    recomputeLabel->setBuddy(m_recompute->button(0));
    recomputeLabel->setToolTip(tr("Activation checkpointing (recomputation in backward)."));
    training->addRow(recomputeLabel, recomputeRow);
    connect(m_recompute, &QButtonGroup::idClicked, this, [this](int id) {
        const auto r = static_cast<Recompute>(id);
        m_document->edit(EditKind::Recompute, tr("Checkpointing: %1").arg(Labels::recompute(r)),
                         [r](ScenarioSpec &s) { s.scenario.training.recompute = r; });
    });

    m_recipe = new QComboBox(trainingBox);
    for (Recipe r : kAllRecipes) {
        m_recipe->addItem(Labels::recipe(r), static_cast<int>(r));
        m_recipe->setItemData(m_recipe->count() - 1, Labels::recipeToolTip(r), Qt::ToolTipRole);
    }
    m_recipe->setToolTip(tr("How weights, gradients and activations are stored (the training-memory guide «显存都去哪儿了», sections 1.3 and 3.3)."));
    training->addRow(tr("&Precision:"), m_recipe);
    connect(m_recipe, &QComboBox::activated, this, [this](int index) {
        const auto r = static_cast<Recipe>(m_recipe->itemData(index).toInt());
        m_document->edit(EditKind::Recipe, tr("Precision: %1").arg(Labels::recipe(r)),
                         [r](ScenarioSpec &s) { setRecipe(s.scenario.training.precision, r); });
    });

    m_fp8 = new QComboBox(trainingBox);
    for (Fp8Recipe r : kAllFp8Recipes) {
        m_fp8->addItem(Labels::fp8Recipe(r), static_cast<int>(r));
        m_fp8->setItemData(m_fp8->count() - 1, Labels::fp8RecipeToolTip(r), Qt::ToolTipRole);
    }
    m_fp8->setToolTip(tr("FP8 training of the layers' linear layers: what each library keeps for backward (the LM head, "
                         "embeddings and norms stay in the recipe's dtype)."));
    training->addRow(tr("FP&8 linears:"), withError(Field::Fp8, m_fp8));
    connect(m_fp8, &QComboBox::activated, this, [this](int index) {
        const auto r = static_cast<Fp8Recipe>(m_fp8->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("FP8 linears: %1").arg(Labels::fp8Recipe(r)), [r](ScenarioSpec &s) {
            s.scenario.training.precision.fp8 = r;
            // torchao's FP8 all-gather exists for tensorwise scaling only.
            if (r != Fp8Recipe::Tensorwise)
                s.scenario.training.precision.fp8AllGather = false;
        });
    });

    m_optimizer = new QComboBox(trainingBox);
    for (Optimizer o : kAllOptimizers)
        m_optimizer->addItem(Labels::optimizer(o), static_cast<int>(o));
    m_optimizer->setToolTip(tr("The optimizer decides how many state tensors each parameter carries (AdamW: two, FP32)."));
    training->addRow(tr("&Optimizer:"), m_optimizer);
    connect(m_optimizer, &QComboBox::activated, this, [this](int index) {
        const auto o = static_cast<Optimizer>(m_optimizer->itemData(index).toInt());
        m_document->edit(EditKind::Optimizer, tr("Optimizer: %1").arg(Labels::optimizer(o)),
                         [o](ScenarioSpec &s) { s.scenario.training.precision.optimizer = o; });
    });
    addCount(training, Field::ProjectionRank, tr("Pro&jection rank:"),
             tr("GaLore's and APOLLO's rank r: each 2-D weight of the layers keeps its two moments for a projection of its "
                "gradient to rank r (transformers' default 128; APOLLO-Mini 1)."));

    m_optimizerOffload = new QComboBox(trainingBox);
    for (OptimizerOffload o : { OptimizerOffload::None, OptimizerOffload::Cpu, OptimizerOffload::CpuGradients })
        m_optimizerOffload->addItem(Labels::optimizerOffload(o), static_cast<int>(o));
    m_optimizerOffload->setToolTip(tr("torchao's CPUOffloadOptimizer, for one GPU: the states, a pinned copy of the parameters and "
                                      "of their gradients in host memory for every tensor of at least 4096 elements, the step on "
                                      "the CPU. With the gradients offloaded each one is freed once copied (no accumulation)."));
    training->addRow(tr("Optimizer on CPU:"), withError(Field::OptimizerOffload, m_optimizerOffload));
    connect(m_optimizerOffload, &QComboBox::activated, this, [this](int index) {
        const auto o = static_cast<OptimizerOffload>(m_optimizerOffload->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Optimizer on CPU: %1").arg(Labels::optimizerOffload(o)),
                         [o](ScenarioSpec &s) { s.scenario.training.precision.optimizerOffload = o; });
    });

    m_method = new QComboBox(trainingBox);
    for (TrainingMethod m : { TrainingMethod::Sft, TrainingMethod::Dpo, TrainingMethod::Ipo, TrainingMethod::Orpo,
                              TrainingMethod::Simpo, TrainingMethod::Kto, TrainingMethod::Grpo, TrainingMethod::Reward,
                              TrainingMethod::Ppo, TrainingMethod::Distill }) {
        m_method->addItem(Labels::trainingMethod(m), static_cast<int>(m));
        m_method->setItemData(m_method->count() - 1, Labels::trainingMethodToolTip(m), Qt::ToolTipRole);
    }
    m_method->setToolTip(tr("What the run trains for, as TRL names its trainers: preference methods run pairs and may "
                            "keep a frozen reference model."));
    training->addRow(tr("&Method:"), m_method);
    connect(m_method, &QComboBox::activated, this, [this](int index) {
        const auto m = static_cast<TrainingMethod>(m_method->itemData(index).toInt());
        m_document->edit(EditKind::Method, tr("Method: %1").arg(Labels::trainingMethod(m)),
                         [m](ScenarioSpec &s) { setTrainingMethod(s.scenario, m); });
    });

    // PPO's reward and value models (one choice for both; the scenario file and the command line
    // set them apart) or distillation's teacher: the policy's architecture or a preset.
    m_sideModel = new QComboBox(trainingBox);
    m_sideModel->addItem(tr("Same as the policy"), QString());
    for (const ModelPreset &p : m_document->catalogue().presets)
        m_sideModel->addItem(p.name, p.id);
    m_sideModel->setToolTip(tr("PPO: the reward and value models (a score head in place of the LM head). "
                               "Distillation: the frozen teacher, with the policy's vocabulary."));
    training->addRow(tr("Second mode&l:"), m_sideModel);
    connect(m_sideModel, &QComboBox::activated, this, [this](int index) {
        const QString id = m_sideModel->itemData(index).toString();
        const ModelPreset *preset = m_document->catalogue().preset(id);
        m_document->edit(EditKind::SideModel, tr("Second model: %1").arg(m_sideModel->itemText(index)), [id, preset](ScenarioSpec &s) {
            const SideModel side = preset ? SideModel{ false, preset->model } : SideModel{};
            SideModels &all = s.scenario.training.sideModels;
            const bool teacher = keepsTeacher(s.scenario.training.method);
            for (SideRole role : { SideRole::Reward, SideRole::Critic, SideRole::Teacher }) {
                if ((role == SideRole::Teacher) != teacher)
                    continue;
                (role == SideRole::Reward ? all.reward : role == SideRole::Critic ? all.critic : all.teacher) = side;
                s.sideModelSources[static_cast<int>(role)] = preset ? id : QString();
            }
        });
    });

    m_activationModel = new QComboBox(trainingBox);
    for (ActivationModelKind k : { ActivationModelKind::Textbook, ActivationModelKind::Transformer })
        m_activationModel->addItem(Labels::activationModel(k), static_cast<int>(k));
    m_activationModel->setToolTip(tr("Textbook: 2 bytes/elem × (19·B·S·H + 3·B·A·S²) per layer, after Korthikanti et al. 2022 as the training-memory guide «显存都去哪儿了» teaches it. "
                                     "Itemized: every saved tensor of the block family."));
    training->addRow(tr("&Activations:"), m_activationModel);
    connect(m_activationModel, &QComboBox::activated, this, [this](int index) {
        const auto k = static_cast<ActivationModelKind>(m_activationModel->itemData(index).toInt());
        m_document->edit(EditKind::ActivationModel, tr("Activation model: %1").arg(Labels::activationModel(k)),
                         [k](ScenarioSpec &s) { s.scenario.activations.model = k; });
    });

    // The itemized model's switches. Choosing SDPA or flash attention also selects the itemized
    // model, as the CLI's --attention does: the textbook formula always stores eager attention.
    m_attention = new QComboBox(trainingBox);
    for (AttentionKernel a : kAllAttentionKernels) {
        m_attention->addItem(attentionLabel(a), static_cast<int>(a));
        m_attention->setItemData(m_attention->count() - 1, attentionToolTip(a), Qt::ToolTipRole);
    }
    m_attention->setToolTip(tr("The attention kernel. Eager stores B×A×S×S scores per layer (S² growth); SDPA and "
                               "flash store none (linear growth). Choosing SDPA or flash switches the activation "
                               "model to the itemized transformer, since the textbook formula assumes eager."));
    training->addRow(tr("Att&ention:"), m_attention);
    connect(m_attention, &QComboBox::activated, this, [this](int index) {
        const auto a = static_cast<AttentionKernel>(m_attention->itemData(index).toInt());
        m_document->edit(EditKind::Attention, tr("Attention: %1").arg(attentionLabel(a)), [a](ScenarioSpec &s) {
            s.scenario.activations.attention = a;
            if (a != AttentionKernel::Eager)
                s.scenario.activations.model = ActivationModelKind::Transformer;
        });
    });

    m_profile = new QComboBox(trainingBox);
    for (ImplementationProfile pr : kAllProfiles) {
        m_profile->addItem(profileLabel(pr), static_cast<int>(pr));
        m_profile->setItemData(m_profile->count() - 1, profileToolTip(pr), Qt::ToolTipRole);
    }
    m_profile->setToolTip(tr("The training code and kernels, which decide which tensors each layer saves for "
                             "backward. Only the itemized transformer model reads it."));
    training->addRow(tr("Impleme&ntation:"), m_profile);
    connect(m_profile, &QComboBox::activated, this, [this](int index) {
        const auto pr = static_cast<ImplementationProfile>(m_profile->itemData(index).toInt());
        m_document->edit(EditKind::Profile, tr("Implementation: %1").arg(profileLabel(pr)),
                         [pr](ScenarioSpec &s) { s.scenario.activations.profile = pr; });
    });

    m_dropout = new QLineEdit(trainingBox);
    m_dropout->setAccessibleName(tr("Dropout"));
    const QString dropoutTip = tr("Attention and residual dropout probability p, 0 ≤ p < 1. With p > 0 each dropout "
                                  "stores its mask for backward. Only the itemized transformer model reads it.");
    m_dropout->setToolTip(dropoutTip);
    auto *dropoutLabel = new QLabel(tr("&Dropout:"), trainingBox);
    dropoutLabel->setBuddy(m_dropout);
    dropoutLabel->setToolTip(dropoutTip);
    training->addRow(dropoutLabel, withError(Field::Dropout, m_dropout));
    connect(m_dropout, &QLineEdit::editingFinished, this, &InputPane::editDropout);
    addCount(training, Field::GradAccum, tr("Grad. a&ccumulation:"),
             tr("Micro-batches per optimizer step. It enlarges the global batch and saves no memory."));

    // Reinforcement learning's rollouts and distillation's prompt (posttraining.h): enabled for
    // the methods that read them.
    addCount(training, Field::Generations, tr("Completions per prompt G:"),
             tr("GRPO's num_generations (8) or PPO's samples per prompt (1): the policy trains on G·B completions."));
    addCount(training, Field::PromptLength, tr("Prompt tokens:"),
             tr("Tokens of each sequence S that are the prompt; the completion is the rest. GRPO and distillation "
                "compute the loss's logits over the completion."));
    m_rollout = new QComboBox(trainingBox);
    for (RolloutEngine r : { RolloutEngine::HfGenerate, RolloutEngine::VllmColocate, RolloutEngine::VllmServer }) {
        m_rollout->addItem(Labels::rolloutEngine(r), static_cast<int>(r));
        m_rollout->setItemData(m_rollout->count() - 1, Labels::rolloutEngineToolTip(r), Qt::ToolTipRole);
    }
    m_rollout->setToolTip(tr("Who generates the completions: the policy with its KV cache, vLLM on the training GPUs, "
                             "or a vLLM server on GPUs of its own."));
    training->addRow(tr("Rollout engine:"), m_rollout);
    connect(m_rollout, &QComboBox::activated, this, [this](int index) {
        const auto r = static_cast<RolloutEngine>(m_rollout->itemData(index).toInt());
        m_document->edit(EditKind::Rollout, tr("Rollout engine: %1").arg(Labels::rolloutEngine(r)),
                         [r](ScenarioSpec &s) { s.scenario.training.rollout = r; });
    });
    addCount(training, Field::RolloutGpus, tr("Rollout GPUs:"),
             tr("A vLLM server's own GPUs, counted in the GPUs a plan needs and in its cost."));
    // A multimodal model's images and tower (visiontower.h): enabled for a model with a tower.
    addCount(training, Field::Images, tr("Images per sequence:"),
             tr("Images in each sequence of a multimodal model; their tokens are part of the sequence length."));
    addCount(training, Field::ImageWidth, tr("Image width (px):"),
             tr("Each image's width in pixels as the processor hands it to the vision tower (after its resize)."));
    addCount(training, Field::ImageHeight, tr("Image height (px):"),
             tr("Each image's height in pixels as the processor hands it to the vision tower (after its resize)."));
    m_visionTower = new QComboBox(trainingBox);
    m_visionTower->addItem(tr("Frozen"), false);
    m_visionTower->setItemData(0, tr("Its weights only (LLaMA-Factory's and ms-swift's default)."), Qt::ToolTipRole);
    m_visionTower->addItem(tr("Trained"), true);
    m_visionTower->setItemData(1, tr("Gradients, master weights and optimizer states too, and what its blocks save for "
                                     "the images (TRL trains every parameter)."),
                               Qt::ToolTipRole);
    m_visionTower->setToolTip(tr("Whether the vision tower trains with the language model; adapters leave it frozen."));
    training->addRow(tr("Vision tower:"), withError(Field::VisionTrained, m_visionTower));
    connect(m_visionTower, &QComboBox::activated, this, [this](int index) {
        const bool trained = m_visionTower->itemData(index).toBool();
        m_document->edit(EditKind::Whole, tr("Vision tower: %1").arg(m_visionTower->itemText(index)),
                         [trained](ScenarioSpec &s) { s.scenario.training.visionTrained = trained; });
    });
    column->addWidget(trainingBox);
    return training;
}

} // namespace headroom
