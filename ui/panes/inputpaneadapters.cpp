// The Adapters group: LoRA or QLoRA, rank, dropout, the 4-bit base and the target modules.

#include "inputpane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include <iterator>

#include <headroom/memory/lora.h>

#include "inputfields.h"
#include "labels.h"
#include "scenariodocument.h"
#include "widgets/countfield.h"

namespace headroom {

namespace {

using inputfields::selectData;
using inputfields::toList;

using EditKind = ScenarioDocument::EditKind;


} // namespace

QFormLayout *InputPane::addAdapterGroup(QVBoxLayout *column)
{
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
    m_dora = new QCheckBox(tr("&DoRA: a trained magnitude per output"), adapterBox);
    m_dora->setToolTip(tr("PEFT's use_dora (Liu et al. 2024): each adapted module also trains a magnitude vector of its outputs, "
                          "saves its base and adapter outputs for backward, and builds a weight-norm scratch of about four "
                          "copies of its weight while it runs forward."));
    adapters->addRow(QString(), withError(Field::Dora, m_dora));
    connect(m_dora, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::Whole, on ? tr("DoRA on") : tr("DoRA off"), [on](ScenarioSpec &s) { s.scenario.lora.dora = on; });
    });
    m_trainedCopies = new QComboBox(adapterBox);
    m_trainedCopies->addItem(tr("None"), 0);
    m_trainedCopies->addItem(tr("Token embedding"), static_cast<int>(TrainedEmbedding));
    m_trainedCopies->addItem(tr("LM head"), static_cast<int>(TrainedHead));
    m_trainedCopies->addItem(tr("Embedding and LM head"), static_cast<int>(TrainedEmbedding | TrainedHead));
    const QString trainedCopiesTip = tr("PEFT's modules_to_save: a trained copy of the token embedding and/or the LM head beside "
                                        "the frozen original, in the module's own dtype (PEFT does not upcast it as it does the "
                                        "adapters), with its gradient and optimizer states.");
    m_trainedCopies->setToolTip(trainedCopiesTip);
    auto *trainedCopiesLabel = new QLabel(tr("Trained copies:"), adapterBox);
    trainedCopiesLabel->setBuddy(m_trainedCopies);
    trainedCopiesLabel->setToolTip(trainedCopiesTip);
    adapters->addRow(trainedCopiesLabel, withError(Field::LoraTrainable, m_trainedCopies));
    connect(m_trainedCopies, &QComboBox::activated, this, [this](int index) {
        const unsigned modules = static_cast<unsigned>(m_trainedCopies->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Trained copies"), [modules](ScenarioSpec &s) { s.scenario.lora.trainedModules = modules; });
    });
    m_quantBase = new QComboBox(adapterBox);
    m_quantBase->addItem(tr("NF4 with double quantization"), static_cast<int>(QuantBase::Nf4DoubleQuant));
    m_quantBase->addItem(tr("NF4"), static_cast<int>(QuantBase::Nf4));
    m_quantBase->addItem(tr("GPTQ 4-bit"), static_cast<int>(QuantBase::Gptq));
    m_quantBase->addItem(tr("AWQ 4-bit"), static_cast<int>(QuantBase::Awq));
    m_quantBase->addItem(tr("LLM.int8 (8-bit)"), static_cast<int>(QuantBase::Int8));
    m_quantBase->addItem(tr("HQQ 4-bit"), static_cast<int>(QuantBase::Hqq));
    m_quantBase->addItem(tr("FP8"), static_cast<int>(QuantBase::Fp8));
    m_quantBase->setToolTip(tr("The frozen base's storage: bitsandbytes NF4 with FP32 block scales (4.5 bits a weight) or with the "
                               "scales quantized again (4.127 bits; bnb_4bit_use_double_quant, always with torchao); a GPTQ or "
                               "AWQ 4-bit checkpoint (FP16 scales and packed zeros per group, GPTQ also g_idx); bitsandbytes "
                               "LLM.int8 (an FP32 scale per row); HQQ 4-bit (16-bit scale and zero per group); FP8 with FP32 "
                               "channel scales. Only NF4 is sharded by ZeRO-3 and FSDP; the others stay whole on every GPU."));
    adapters->addRow(tr("Quantized &base:"), m_quantBase);
    connect(m_quantBase, &QComboBox::activated, this, [this](int index) {
        const auto q = static_cast<QuantBase>(m_quantBase->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Quantized base: %1").arg(m_quantBase->itemText(index)), [q](ScenarioSpec &s) {
            s.scenario.stack.quantBase = q;
            // A group size belongs to the grouped formats: back to the format's default.
            if (q != QuantBase::Gptq && q != QuantBase::Awq && q != QuantBase::Hqq)
                s.scenario.stack.quantGroupSize = -1;
        });
    });
    m_bnbSavesInput = new QCheckBox(tr("bitsandbytes &before 0.43.2"), adapterBox);
    m_bnbSavesInput->setToolTip(tr("Older bitsandbytes kept each 4-bit linear's input for backward, though backward never read it "
                                   "(fixed in 0.43.2, July 2024). Tick it to compare with QLoRA runs measured in 2023-24."));
    connect(m_bnbSavesInput, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::Whole, tr("Older bitsandbytes: %1").arg(on ? tr("on") : tr("off")),
                         [on](ScenarioSpec &s) { s.scenario.lora.bnbSavesInput = on; });
    });
    CountField *group = addCount(adapters, Field::QuantGroupSize, tr("&Group size:"),
                                 tr("Weights per group of a GPTQ, AWQ or HQQ base (empty: 128, 128 and 64, their quantizers' defaults)."));
    group->setAllowEmpty(true, -1);
    auto *targetRow = new QWidget(adapterBox);
    auto *targetLayout = new QGridLayout(targetRow);
    targetLayout->setContentsMargins(0, 0, 0, 0);
    const QStringList targetNames = { tr("q"), tr("k"), tr("v"), tr("o"), tr("gate"), tr("up"), tr("down"), tr("mixer in"),
                                      tr("mixer out") };
    static_assert(std::size(kAllLoraTargets) == 9);
    // A hybrid model's mixer projections on a third row of their own, across the grid's columns:
    // their longer names would widen the first two columns, and the dock with them.
    auto *mixerRow = new QHBoxLayout;
    mixerRow->setContentsMargins(0, 0, 0, 0);
    targetLayout->addLayout(mixerRow, 2, 0, 1, 5);
    for (int i = 0; i < 9; ++i) {
        auto *box = new QCheckBox(targetNames.at(i), targetRow);
        box->setToolTip(tr("Put adapters on the %1 projection.").arg(targetNames.at(i)));
        // Attention projections on the first row, MLP projections on the second.
        if (i < 7)
            targetLayout->addWidget(box, i < 4 ? 0 : 1, i < 4 ? i : i - 4);
        else
            mixerRow->addWidget(box);
        m_loraTargets << box;
        const unsigned bit = kAllLoraTargets[i];
        connect(box, &QCheckBox::clicked, this, [this, bit](bool on) {
            m_document->edit(EditKind::Whole, tr("Change LoRA targets"), [bit, on](ScenarioSpec &s) {
                // No targets named means the default ones (q, v): ticking starts from those.
                const unsigned targets = s.scenario.lora.targets != 0 ? s.scenario.lora.targets : kDefaultLoraTargets;
                s.scenario.lora.targets = on ? (targets | bit) : (targets & ~bit);
            });
        });
    }
    mixerRow->addStretch(1);
    targetLayout->setColumnStretch(4, 1);
    adapters->addRow(QString(), withError(Field::BnbSavesInput, m_bnbSavesInput));
    adapters->addRow(tr("Targets:"), withError(Field::LoraTargets, targetRow));
    column->addWidget(adapterBox);
    return adapters;
}

} // namespace headroom
