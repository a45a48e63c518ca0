// The input pane's training-stack group: the framework the run is launched with, whose defaults
// (stack.h) a choice applies at once, and each memory feature it can switch on or off one by
// one: the loss, compile, optimizer-in-backward, activation offload, the optimizer's kernel and
// paging, and the ZeRO-3 knobs.

#include "inputpane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include <headroom/memory/stack.h>

#include "inputfields.h"
#include "labels.h"
#include "scenariodocument.h"
#include "widgets/countfield.h"

namespace headroom {

namespace {

using EditKind = ScenarioDocument::EditKind;
using inputfields::selectData;

} // namespace

QFormLayout *InputPane::addStackGroup(QVBoxLayout *column)
{
    auto *box = new QGroupBox(tr("Training &stack"), this);
    auto *form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_stack = new QComboBox(box);
    for (TrainingStack t : kAllStacks) {
        m_stack->addItem(Labels::stack(t), static_cast<int>(t));
        m_stack->setItemData(m_stack->count() - 1, Labels::stackToolTip(t), Qt::ToolTipRole);
    }
    m_stack->setToolTip(tr("The framework the run is launched with. Choosing one applies its defaults (attention, loss, "
                           "optimizer kernel, buffers); each can then be changed below. Show the Math lists them with "
                           "their sources."));
    form->addRow(tr("Fra&mework:"), m_stack);
    connect(m_stack, &QComboBox::activated, this, [this](int index) {
        const auto t = static_cast<TrainingStack>(m_stack->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Training stack: %1").arg(Labels::stack(t)),
                         [t](ScenarioSpec &s) { applyStackDefaults(s.scenario, t); });
    });

    m_loss = new QComboBox(box);
    for (LossKind l : { LossKind::Plain, LossKind::Chunked, LossKind::FusedLinear })
        m_loss->addItem(Labels::loss(l), static_cast<int>(l));
    m_loss->setItemData(0, tr("The logits of every token upcast to FP32 at once (transformers, torch.nn.CrossEntropyLoss)."),
                        Qt::ToolTipRole);
    m_loss->setItemData(1, tr("The head and the loss in slices of the tokens (torchtune: 8; litgpt: 128 tokens)."), Qt::ToolTipRole);
    m_loss->setItemData(2, tr("Head and loss fused, slice by slice, the gradients computed in forward (Liger): no B×S×V "
                              "tensor at all."),
                        Qt::ToolTipRole);
    m_loss->setToolTip(tr("How the loss meets the logits: at a 128k vocabulary the FP32 logits can be the largest tensor "
                          "of the step. Needs the itemized activation model."));
    form->addRow(tr("Lo&ss:"), withError(Field::Loss, m_loss));
    connect(m_loss, &QComboBox::activated, this, [this](int index) {
        const auto l = static_cast<LossKind>(m_loss->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Loss: %1").arg(Labels::loss(l)), [l](ScenarioSpec &s) { s.scenario.stack.loss = l; });
    });
    CountField *chunks = addCount(form, Field::LossChunks, tr("Loss chun&ks:"),
                                  tr("Slices of a chunked or fused loss; leave empty for the stack's (torchtune: 8)."));
    chunks->setAllowEmpty(true);

    // Switches, one undo step each.
    struct Switch
    {
        QCheckBox **box;
        Field field;
        QString label;
        QString toolTip;
        bool StackOptions::*member;
    };
    const Switch switches[] = {
        { &m_compile, Field::Compile, tr("torch.&compile"),
          tr("Compiled layers fuse the norms and activations, and torchtune's compiled loss saves no FP32 log-softmax."),
          &StackOptions::compile },
        { &m_inBackward, Field::OptimizerInBackward, tr("Optimizer step &in backward"),
          tr("Each gradient is applied and freed as backward produces it (torchtune optimizer_in_bwd): one tensor's "
             "gradient at a time. Single GPU, no gradient accumulation."),
          &StackOptions::optimizerInBackward },
        { &m_activationOffload, Field::ActivationOffload, tr("Offload &activations to CPU"),
          tr("Saved activations are copied to pinned host memory as they are saved and brought back for backward "
             "(torchtune enable_activation_offloading)."),
          &StackOptions::activationOffload },
        { &m_fusedOptimizer, Field::Optimizer, tr("&Fused optimizer kernel"),
          tr("A fused AdamW updates in place; torch's default foreach implementation allocates a temporary the size of "
             "one moment for the whole model during the step."),
          &StackOptions::fusedOptimizer },
        { &m_paged, Field::PagedOptimizer, tr("Pa&ged optimizer states"),
          tr("bitsandbytes' paged optimizers keep their states in CUDA managed memory, paged to host RAM under pressure."),
          &StackOptions::pagedOptimizer },
    };
    for (const Switch &sw : switches) {
        auto *check = new QCheckBox(sw.label, box);
        check->setToolTip(sw.toolTip);
        *sw.box = check;
        form->addRow(QString(), withError(sw.field, check));
        const QString label = QString(sw.label).remove(QLatin1Char('&'));
        bool StackOptions::*member = sw.member;
        connect(check, &QCheckBox::clicked, this, [this, member, label](bool on) {
            m_document->edit(EditKind::Whole, on ? tr("%1 on").arg(label) : tr("%1 off").arg(label),
                             [member, on](ScenarioSpec &s) { s.scenario.stack.*member = on; });
        });
    }
    column->addWidget(box);
    return form;
}

void InputPane::refreshStack()
{
    const Scenario &s = m_document->draft().scenario;
    selectData(m_stack, s.stack.stack);
    selectData(m_loss, s.stack.loss);
    if (!m_textErrors.count(Field::LossChunks))
        countField(Field::LossChunks)->setValue(s.stack.lossChunks);
    countField(Field::LossChunks)->setEnabled(s.stack.loss != LossKind::Plain);
    m_compile->setChecked(s.stack.compile);
    m_inBackward->setChecked(s.stack.optimizerInBackward);
    m_activationOffload->setChecked(s.stack.activationOffload);
    m_fusedOptimizer->setChecked(s.stack.fusedOptimizer);
    m_paged->setChecked(s.stack.pagedOptimizer);
    // Compile and offload change the itemized model's saved tensors; the textbook formula has none.
    const bool itemized = s.activations.model == ActivationModelKind::Transformer;
    m_compile->setEnabled(itemized || s.stack.compile);
    m_activationOffload->setEnabled(itemized || s.stack.activationOffload);
}

} // namespace headroom
