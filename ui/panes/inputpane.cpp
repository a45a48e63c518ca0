#include "inputpane.h"

#include <QButtonGroup>
#include <QPushButton>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRadioButton>
#include <QVBoxLayout>

#include <headroom/memory/estimate.h>
#include <headroom/memory/implementationprofile.h>
#include <headroom/memory/lora.h>

#include "byteformat.h"
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

const LoraTarget kTargets[] = { LoraQ, LoraK, LoraV, LoraO, LoraGate, LoraUp, LoraDown };

} // namespace

InputPane::InputPane(ScenarioDocument *document, QWidget *parent) : QWidget(parent), m_document(document)
{
    auto *column = new QVBoxLayout(this);

    QFormLayout *model = addModelGroup(column);

    // --- Training ----------------------------------------------------------------------------
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
    for (Recompute r : { Recompute::None, Recompute::Full, Recompute::Selective }) {
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
                         [r](ScenarioSpec &s) { s.scenario.training.precision.recipe = r; });
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
    column->addWidget(trainingBox);
    QFormLayout *stack = addStackGroup(column);

    // --- Hardware ----------------------------------------------------------------------------
    auto *hardwareBox = new QGroupBox(tr("Hard&ware"), this);
    auto *hardware = new QFormLayout(hardwareBox);
    hardware->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_gpu = new QComboBox(hardwareBox);
    m_gpu->addItem(tr("None (no verdict)"), QString());
    for (const GpuSpec &g : document->catalogue().gpus) {
        m_gpu->addItem(g.name, g.id);
        m_gpu->setItemData(m_gpu->count() - 1,
                           tr("%1 as nvidia-smi reports it (%2); BF16: %3")
                                   .arg(formatBytesBoth(g.capacity, DisplayUnit::Binary), g.capacitySource,
                                        g.bf16 ? tr("yes") : tr("no")),
                           Qt::ToolTipRole);
    }
    m_gpu->setToolTip(tr("The GPU whose memory the verdict compares against."));
    hardware->addRow(tr("&GPU:"), m_gpu);
    connect(m_gpu, &QComboBox::activated, this, [this](int index) {
        const GpuSpec *g = m_document->catalogue().gpu(m_gpu->itemData(index).toString());
        m_document->edit(EditKind::Gpu, tr("GPU: %1").arg(m_gpu->itemText(index)), [g](ScenarioSpec &s) {
            s.gpuId = g ? g->id : QString();
            s.scenario.gpu.capacity = g ? g->capacity : bytes(0);
            s.scenario.gpu.supportsBf16 = g ? g->bf16 : true;
        });
    });
    CountField *gpus = addCount(hardware, Field::Gpus, tr("GPU &count N:"),
                                tr("All GPUs of the run. Model states are per GPU unless ZeRO shards them."));
    Q_UNUSED(gpus);
    addCount(hardware, Field::TensorParallel, tr("&Tensor parallel t:"),
             tr("Megatron tensor parallelism: each layer's matrices split over t GPUs (t divides the heads)."));
    addCount(hardware, Field::PipelineParallel, tr("P&ipeline stages p:"),
             tr("Pipeline parallelism: the layers split into p stages on different GPUs."));
    addCount(hardware, Field::ExpertParallel, tr("E&xpert parallel e:"),
             tr("Expert parallelism: the routed experts divided over e GPUs (e divides E and the data-parallel GPUs)."));
    m_sequenceParallel = new QCheckBox(tr("Se&quence parallelism"), hardwareBox);
    m_sequenceParallel->setToolTip(tr("Korthikanti et al.: with tensor parallelism, the norms' and dropouts' "
                                      "activations are split over the t GPUs too."));
    hardware->addRow(QString(), m_sequenceParallel);
    connect(m_sequenceParallel, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::SequenceParallel, on ? tr("Sequence parallelism on") : tr("Sequence parallelism off"),
                         [on](ScenarioSpec &s) { s.scenario.parallel.sequenceParallel = on; });
    });

    m_zero = new QComboBox(hardwareBox);
    for (ZeroStage z : { ZeroStage::Stage0, ZeroStage::Stage1, ZeroStage::Stage2, ZeroStage::Stage3 })
        m_zero->addItem(Labels::zeroStage(z), static_cast<int>(z));
    m_zero->setToolTip(tr("DeepSpeed ZeRO: shard optimizer states (1), also gradients (2), also parameters (3) "
                          "over the data-parallel GPUs."));
    hardware->addRow(tr("&ZeRO:"), withError(Field::Zero, m_zero));
    connect(m_zero, &QComboBox::activated, this, [this](int index) {
        const auto z = static_cast<ZeroStage>(m_zero->itemData(index).toInt());
        m_document->edit(EditKind::Zero, tr("ZeRO: %1").arg(Labels::zeroStage(z)),
                         [z](ScenarioSpec &s) { s.scenario.parallel.zero = z; });
    });

    m_offload = new QComboBox(hardwareBox);
    for (Offload o : { Offload::None, Offload::Optimizer, Offload::OptimizerAndParams })
        m_offload->addItem(Labels::offload(o), static_cast<int>(o));
    m_offload->setToolTip(tr("DeepSpeed offload: keep optimizer states (and parameters) in CPU memory."));
    hardware->addRow(tr("O&ffload:"), withError(Field::Offload, m_offload));
    m_hostRam = new QLabel(hardwareBox);
    m_hostRam->setTextFormat(Qt::PlainText);
    m_hostRam->setToolTip(tr("Host RAM one node needs: the offloaded states of its GPUs, or every process loading its model "
                             "slice, times DeepSpeed's 1.5 buffer factor."));
    hardware->addRow(tr("Host RAM per node:"), m_hostRam);
    connect(m_offload, &QComboBox::activated, this, [this](int index) {
        const auto o = static_cast<Offload>(m_offload->itemData(index).toInt());
        m_document->edit(EditKind::Offload, tr("Offload: %1").arg(Labels::offload(o)),
                         [o](ScenarioSpec &s) { s.scenario.parallel.offload = o; });
    });
    column->addWidget(hardwareBox);

    // --- Adapters ----------------------------------------------------------------------------
    auto *adapterBox = new QGroupBox(tr("Ada&pters"), this);
    auto *adapters = new QFormLayout(adapterBox);
    adapters->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_adapter = new QComboBox(adapterBox);
    for (AdapterMode a : { AdapterMode::None, AdapterMode::Lora, AdapterMode::Qlora })
        m_adapter->addItem(Labels::adapter(a), static_cast<int>(a));
    m_adapter->setToolTip(tr("LoRA trains small low-rank adapters on a frozen base; QLoRA also stores the base in 4-bit NF4."));
    adapters->addRow(tr("Met&hod:"), m_adapter);
    connect(m_adapter, &QComboBox::activated, this, [this](int index) {
        const auto a = static_cast<AdapterMode>(m_adapter->itemData(index).toInt());
        m_document->edit(EditKind::Adapter, tr("Adapters: %1").arg(Labels::adapter(a)), [a](ScenarioSpec &s) {
            s.scenario.lora.mode = a;
            // Adapters need somewhere to go: the q and v projections, as the LoRA paper does.
            if (a != AdapterMode::None && s.scenario.lora.targets == 0)
                s.scenario.lora.targets = LoraQ | LoraV;
        });
    });
    addCount(adapters, Field::LoraRank, tr("&Rank r:"), tr("The adapters' rank r (LoRA paper: 4 to 64)."));
    m_loraDropout = new QLineEdit(adapterBox);
    m_loraDropout->setAccessibleName(tr("LoRA dropout"));
    const QString loraDropoutTip = tr("lora_dropout, 0 ≤ p < 1: with p > 0 each adapter saves a dropout mask and the "
                                      "dropped copy of its input (PEFT's default 0; torchtune's Llama-2 and litgpt 0.05).");
    m_loraDropout->setToolTip(loraDropoutTip);
    auto *loraDropoutLabel = new QLabel(tr("LoRA dr&opout:"), adapterBox);
    loraDropoutLabel->setBuddy(m_loraDropout);
    loraDropoutLabel->setToolTip(loraDropoutTip);
    adapters->addRow(loraDropoutLabel, withError(Field::LoraDropout, m_loraDropout));
    connect(m_loraDropout, &QLineEdit::editingFinished, this, [this] {
        editProbability(Field::LoraDropout, m_loraDropout, [](ScenarioSpec &s, double p) { s.scenario.lora.dropout = p; });
    });
    m_quantBase = new QComboBox(adapterBox);
    m_quantBase->addItem(tr("NF4 with double quantization"), static_cast<int>(QuantBase::Nf4DoubleQuant));
    m_quantBase->addItem(tr("NF4"), static_cast<int>(QuantBase::Nf4));
    m_quantBase->setToolTip(tr("QLoRA's 4-bit base: FP32 block scales (4.5 bits a weight), or the scales quantized again "
                               "(4.127 bits; bnb_4bit_use_double_quant, always with torchao)."));
    adapters->addRow(tr("4-bit &base:"), m_quantBase);
    connect(m_quantBase, &QComboBox::activated, this, [this](int index) {
        const auto q = static_cast<QuantBase>(m_quantBase->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("4-bit base: %1").arg(m_quantBase->itemText(index)),
                         [q](ScenarioSpec &s) { s.scenario.stack.quantBase = q; });
    });
    auto *targetRow = new QWidget(adapterBox);
    auto *targetLayout = new QGridLayout(targetRow);
    targetLayout->setContentsMargins(0, 0, 0, 0);
    const QStringList targetNames = { tr("q"), tr("k"), tr("v"), tr("o"), tr("gate"), tr("up"), tr("down") };
    for (int i = 0; i < 7; ++i) {
        auto *box = new QCheckBox(targetNames.at(i), targetRow);
        box->setToolTip(tr("Put adapters on the %1 projection.").arg(targetNames.at(i)));
        // Attention projections on the first row, MLP projections on the second.
        targetLayout->addWidget(box, i < 4 ? 0 : 1, i < 4 ? i : i - 4);
        m_loraTargets << box;
        const unsigned bit = kTargets[i];
        connect(box, &QCheckBox::clicked, this, [this, bit](bool on) {
            m_document->edit(EditKind::Whole, tr("Change LoRA targets"), [bit, on](ScenarioSpec &s) {
                // No targets named means the default ones (q, v): ticking starts from those.
                const unsigned targets = s.scenario.lora.targets != 0 ? s.scenario.lora.targets : kDefaultLoraTargets;
                s.scenario.lora.targets = on ? (targets | bit) : (targets & ~bit);
            });
        });
    }
    targetLayout->setColumnStretch(4, 1);
    adapters->addRow(tr("Targets:"), withError(Field::LoraTargets, targetRow));
    column->addWidget(adapterBox);
    QFormLayout *advanced = addAdvancedGroup(column);
    column->addStretch(1);

    // Long item texts (GPU names, ZeRO stages) must not widen the pane: the charts need the room.
    for (QComboBox *box : findChildren<QComboBox *>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(16);
    }

    // One label column for all four groups, so the fields line up down the pane.
    int labelWidth = 0;
    QList<QFormLayout *> forms = { model, training, stack, hardware, adapters, advanced };
    forms << m_forms;
    for (QFormLayout *form : forms)
        for (int row = 0; row < form->rowCount(); ++row)
            if (QLayoutItem *item = form->itemAt(row, QFormLayout::LabelRole); item && item->widget())
                labelWidth = qMax(labelWidth, item->widget()->sizeHint().width());
    for (QFormLayout *form : forms)
        for (int row = 0; row < form->rowCount(); ++row)
            if (QLayoutItem *item = form->itemAt(row, QFormLayout::LabelRole); item && item->widget())
                item->widget()->setMinimumWidth(labelWidth);

    connect(document, &ScenarioDocument::draftChanged, this, &InputPane::refresh);
    connect(document, &ScenarioDocument::issuesChanged, this, &InputPane::showErrors);
    connect(document, &ScenarioDocument::documentReset, this, [this] {
        m_textErrors.clear();
        showErrors();
    });
    refresh();
    showErrors();
}

QWidget *InputPane::withError(Field field, QWidget *control)
{
    auto *box = new QWidget(control->parentWidget());
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    control->setParent(box);
    layout->addWidget(control);
    auto *error = new QLabel(box);
    error->setObjectName(QStringLiteral("fieldError"));
    error->setWordWrap(true);
    error->setTextFormat(Qt::PlainText);
    error->setStyleSheet(QStringLiteral("color: #e0454b;"));
    error->hide();
    layout->addWidget(error);
    m_errors[field] = error;
    return box;
}

SliderField *InputPane::addSlider(QFormLayout *form, Field field, const QString &label, const QString &toolTip,
                                  const QList<qint64> &stops)
{
    auto *slider = new SliderField(form->parentWidget());
    QList<Count> counts;
    for (qint64 s : stops)
        counts << s;
    slider->setStops(counts);
    QString name = label;
    name.remove(QLatin1Char('&'));
    name.remove(QLatin1Char(':'));
    slider->describe(name, toolTip);
    auto *labelWidget = new QLabel(label, form->parentWidget());
    labelWidget->setBuddy(slider->slider());
    labelWidget->setToolTip(toolTip);
    form->addRow(labelWidget, withError(field, slider));
    m_sliders[field] = slider;
    connectCount(field, slider);
    return slider;
}

CountField *InputPane::addCount(QFormLayout *form, Field field, const QString &label, const QString &toolTip)
{
    auto *count = new CountField(form->parentWidget());
    QString name = label;
    name.remove(QLatin1Char('&'));
    name.remove(QLatin1Char(':'));
    count->setAccessibleName(name);
    count->setToolTip(toolTip);
    auto *labelWidget = new QLabel(label, form->parentWidget());
    labelWidget->setBuddy(count);
    labelWidget->setToolTip(toolTip);
    form->addRow(labelWidget, withError(field, count));
    m_counts[field] = count;
    connectCount(field, count);
    return count;
}

void InputPane::connectCount(Field field, QObject *sender)
{
    if (auto *slider = qobject_cast<SliderField *>(sender)) {
        connect(slider, &SliderField::valueEntered, this, [this, field](qint64 v) { editCount(field, v); });
        connect(slider, &SliderField::textRejected, this, [this, field](const QString &t) { rejectText(field, t); });
    } else if (auto *count = qobject_cast<CountField *>(sender)) {
        connect(count, &CountField::valueEntered, this, [this, field](qint64 v) { editCount(field, v); });
        connect(count, &CountField::textRejected, this, [this, field](const QString &t) { rejectText(field, t); });
    }
}

void InputPane::editCount(Field field, qint64 value)
{
    m_textErrors.erase(field);
    const bool changed = m_document->edit(inputfields::editKind(field), tr("Change %1").arg(Labels::field(field)),
                                          [field, value](ScenarioSpec &s) { inputfields::setCount(s, field, value); });
    if (!changed)
        showErrors();
}

void InputPane::rejectText(Field field, const QString &text)
{
    m_textErrors[field] = Labels::notACount(field, text);
    showErrors();
}

void InputPane::editDropout()
{
    editProbability(Field::Dropout, m_dropout, [](ScenarioSpec &s, double p) { s.scenario.activations.dropout = p; });
}

void InputPane::editProbability(Field field, QLineEdit *edit, void (*apply)(ScenarioSpec &, double))
{
    const QString text = edit->text().trimmed();
    bool ok = false;
    double p = QLocale().toDouble(text, &ok);
    if (!ok)
        p = QLocale::c().toDouble(text, &ok);
    if (!ok) {
        //: a dropout probability that is not a number at all
        m_textErrors[field] = tr("%1: \"%2\" is not a number; allowed: 0 to less than 1 (e.g. 0.1)")
                                      .arg(Labels::field(field), text);
        showErrors();
        return;
    }
    m_textErrors.erase(field);
    // Out of range still goes to the document: its validation names the field and the range.
    const bool changed = m_document->edit(field == Field::Dropout ? EditKind::Dropout : EditKind::Whole,
                                          tr("Change %1").arg(Labels::field(field)), [p, apply](ScenarioSpec &s) { apply(s, p); });
    if (!changed)
        showErrors();
}

QAbstractButton *InputPane::recomputeButton(int recompute) const
{
    return m_recompute->button(recompute);
}

SliderField *InputPane::sliderField(Field field) const
{
    const auto it = m_sliders.find(field);
    return it == m_sliders.end() ? nullptr : it->second;
}

CountField *InputPane::countField(Field field) const
{
    const auto it = m_counts.find(field);
    if (it != m_counts.end())
        return it->second;
    const SliderField *slider = sliderField(field);
    return slider ? slider->field() : nullptr;
}

QLabel *InputPane::errorLabel(Field field) const
{
    const auto it = m_errors.find(field);
    return it == m_errors.end() ? nullptr : it->second;
}

QString InputPane::errorText(Field field) const
{
    const QLabel *label = errorLabel(field);
    return label && !label->isHidden() ? label->text() : QString();
}

void InputPane::refresh()
{
    refreshModel();
    refreshStack();
    refreshAdvanced();
    const ScenarioSpec &draft = m_document->draft();
    const Scenario &s = draft.scenario;
    auto show = [this](Field f, Count v) {
        if (m_textErrors.count(f))
            return;
        if (SliderField *slider = sliderField(f))
            slider->setValue(v);
        else if (CountField *count = countField(f))
            count->setValue(v);
    };
    show(Field::Batch, s.training.microBatch);
    show(Field::Sequence, s.training.sequence);
    show(Field::GradAccum, s.training.gradAccumSteps);
    show(Field::Gpus, s.parallel.gpus);
    show(Field::TensorParallel, s.parallel.tensorParallel);
    show(Field::PipelineParallel, s.parallel.pipelineParallel);
    show(Field::ExpertParallel, s.parallel.expertParallel);
    show(Field::LoraRank, s.lora.rank);
    m_sequenceParallel->setChecked(s.parallel.sequenceParallel);
    m_sequenceParallel->setEnabled(s.parallel.tensorParallel > 1 || s.parallel.sequenceParallel);
    countField(Field::ExpertParallel)->setEnabled(s.model.moe.enabled() || s.parallel.expertParallel > 1);

    if (QAbstractButton *b = m_recompute->button(static_cast<int>(s.training.recompute)))
        b->setChecked(true);
    selectData(m_recipe, s.training.precision.recipe);
    selectData(m_optimizer, s.training.precision.optimizer);
    selectData(m_activationModel, s.activations.model);
    selectData(m_attention, s.activations.attention);
    selectData(m_profile, s.activations.profile);
    if (!m_textErrors.count(Field::Dropout)) {
        bool ok = false;
        const double shown = QLocale().toDouble(m_dropout->text().trimmed(), &ok);
        if (!ok || shown != s.activations.dropout)
            m_dropout->setText(QLocale().toString(s.activations.dropout));
    }
    const bool itemized = s.activations.model == ActivationModelKind::Transformer;
    m_profile->setEnabled(itemized);
    m_dropout->setEnabled(itemized);
    const int gpuIndex = m_gpu->findData(draft.gpuId);
    m_gpu->setCurrentIndex(gpuIndex >= 0 ? gpuIndex : 0);
    selectData(m_zero, s.parallel.zero);
    m_hostRam->setText(formatBytesBoth(m_document->breakdown().host.perNode, DisplayUnit::Binary));
    selectData(m_offload, s.parallel.offload);
    selectData(m_adapter, s.lora.mode);
    selectData(m_quantBase, s.stack.quantBase);
    m_quantBase->setEnabled(s.lora.mode == AdapterMode::Qlora);
    if (!m_textErrors.count(Field::LoraDropout)) {
        bool ok = false;
        const double shown = QLocale().toDouble(m_loraDropout->text().trimmed(), &ok);
        if (!ok || shown != s.lora.dropout)
            m_loraDropout->setText(QLocale().toString(s.lora.dropout));
    }
    m_loraDropout->setEnabled(s.lora.mode != AdapterMode::None);
    const bool adapters = s.lora.mode != AdapterMode::None;
    countField(Field::LoraRank)->setEnabled(adapters);
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    // A target no projection of the model answers to (gate on a two-matrix MLP) cannot be
    // ticked: it would change nothing (the command line refuses it likewise).
    const unsigned has = adapters ? modelLoraTargets(s.model) : 0;
    for (int i = 0; i < m_loraTargets.size(); ++i) {
        QCheckBox *box = m_loraTargets.at(i);
        const bool present = (has & kTargets[i]) != 0;
        box->setChecked((targets & kTargets[i]) != 0);
        box->setEnabled(adapters && present);
        box->setToolTip(adapters && !present ? tr("This model has no %1 projection.").arg(box->text())
                                             : tr("Put adapters on the %1 projection.").arg(box->text()));
    }
}

void InputPane::showErrors()
{
    std::map<Field, QStringList> messages;
    const ValidationIssues &issues = m_document->issues();
    for (const ValidationIssue &issue : issues) {
        const QString text = Labels::issue(issue, m_document->draft().scenario);
        messages[issue.field] << text;
        // "Heads must divide hidden" is as much about the hidden size, "offload needs ZeRO" about
        // the stage: say it beside both.
        if ((issue.problem == Problem::NotDivisible || issue.problem == Problem::Requires) && issue.other != issue.field)
            messages[issue.other] << text;
    }
    for (const auto &[field, text] : m_textErrors)
        messages[field] = QStringList{ text };
    for (const auto &[field, label] : m_errors) {
        const auto it = messages.find(field);
        if (it == messages.end()) {
            label->clear();
            label->hide();
        } else {
            label->setText(it->second.join(QLatin1Char('\n')));
            label->show();
        }
    }
}

} // namespace headroom
