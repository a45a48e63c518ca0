// The input pane's model group: a preset or an imported Hugging Face config, the block family and
// every architecture field, including the experts of a mixture-of-experts model and the latent
// attention of DeepSeek's, and the parameter counts the estimate uses (total, active per token,
// and the checkpoint's own when its headers were read).

#include "inputpane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QFontMetrics>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <headroom/memory/estimate.h>

#include "byteformat.h"
#include "inputfields.h"
#include "labels.h"
#include "scenariodocument.h"
#include "widgets/countfield.h"
#include "widgets/sliderfield.h"
#include "widgets/stopslider.h"

namespace headroom {

namespace {

using EditKind = ScenarioDocument::EditKind;
using inputfields::selectData;
using inputfields::toList;

// A mixture-of-experts layer switched on in the form starts as Mixtral's (8 experts, top-2, each
// as wide as the dense MLP was); latent attention as DeepSeek-V2-Lite's.
void enableExperts(ModelSpec &m)
{
    m.moe.experts = 8;
    m.moe.perToken = 2;
    m.moe.expertFfn = m.ffnOrDefault();
}

void enableLatentAttention(ModelSpec &m)
{
    m.mla.qLoraRank = 0;
    m.mla.kvLoraRank = 512;
    m.mla.ropeHeadDim = 64;
    m.mla.nopeHeadDim = 128;
    m.mla.valueHeadDim = 128;
}

// Mixer layers switched on in the form start as Qwen3.5's Gated DeltaNet over this model's own
// attention: three of every four layers, as many value heads as query heads, half as many key
// heads, both of the head dimension, a convolution of 4; the others keep gated attention.
void enableMixerLayers(ModelSpec &m)
{
    HybridSpec &h = m.hybrid;
    h = HybridSpec{};
    h.kind = MixerKind::GatedDeltaNet;
    h.layers = m.layers - m.layers / 4;
    h.heads = m.heads > 0 ? m.heads : 1;
    h.keyHeads = h.heads % 2 == 0 ? h.heads / 2 : h.heads;
    h.headDim = m.headDimOrDefault() > 0 ? m.headDimOrDefault() : 128;
    h.keyDim = h.headDim;
    h.convKernel = 4;
    h.chunkSize = 64;
}

} // namespace

QFormLayout *InputPane::addSwitchedGroup(QFormLayout *parent, QCheckBox **toggle, QWidget **body, const QString &title,
                                        const QString &toolTip)
{
    *toggle = new QCheckBox(title, parent->parentWidget());
    (*toggle)->setToolTip(toolTip);
    parent->addRow(*toggle);
    *body = new QWidget(parent->parentWidget());
    auto *form = new QFormLayout(*body);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // Indented under its switch, so that the fields read as belonging to it.
    form->setContentsMargins(QFontMetrics(font()).horizontalAdvance(QLatin1Char('M')) * 2, 0, 0, 0);
    parent->addRow(*body);
    m_forms << form;
    return form;
}

QFormLayout *InputPane::addModelGroup(QVBoxLayout *column)
{
    auto *modelBox = new QGroupBox(tr("&Model"), this);
    auto *model = new QFormLayout(modelBox);
    model->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    auto *presetRow = new QWidget(modelBox);
    auto *presetLayout = new QHBoxLayout(presetRow);
    presetLayout->setContentsMargins(0, 0, 0, 0);
    m_preset = new QComboBox(presetRow);
    for (const ModelPreset &p : m_document->catalogue().presets) {
        m_preset->addItem(p.name, p.id);
        m_preset->setItemData(m_preset->count() - 1, p.source, Qt::ToolTipRole);
    }
    m_preset->addItem(tr("Custom architecture"), QString());
    m_preset->setToolTip(tr("A published model's architecture; editing any model field below makes it a custom one."));
    presetLayout->addWidget(m_preset, 1);
    m_import = new QPushButton(tr("&Import…"), presetRow);
    m_import->setToolTip(tr("Read a Hugging Face config.json, or a folder holding one and its .safetensors files "
                            "(their headers give the checkpoint's exact count). You can also drop either on the window."));
    presetLayout->addWidget(m_import);
    connect(m_import, &QPushButton::clicked, this, &InputPane::importRequested);
    auto *presetLabel = new QLabel(tr("&Preset:"), modelBox);
    presetLabel->setBuddy(m_preset);
    model->addRow(presetLabel, presetRow);
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        const QString id = m_preset->itemData(index).toString();
        const ModelPreset *p = m_document->catalogue().preset(id);
        m_textErrors.clear();
        m_document->edit(EditKind::Preset, tr("Choose model %1").arg(m_preset->itemText(index)),
                         [p](ScenarioSpec &s) {
                             if (p) {
                                 takeModel(s, p->model);
                                 s.presetId = p->id;
                                 s.modelName.clear();
                                 s.imported = {};
                             } else {
                                 s.presetId.clear();
                             }
                         });
    });

    m_imported = new QLabel(modelBox);
    m_imported->setWordWrap(true);
    m_imported->setTextFormat(Qt::PlainText);
    m_imported->setObjectName(QStringLiteral("importedModel"));
    model->addRow(m_imported);

    m_family = new QComboBox(modelBox);
    for (BlockFamily f : kAllFamilies)
        m_family->addItem(Labels::family(f), static_cast<int>(f));
    m_family->setToolTip(tr("The block layout: it decides which parameters and tensors each layer has."));
    model->addRow(tr("Fami&ly:"), m_family);
    connect(m_family, &QComboBox::activated, this, [this](int index) {
        const auto f = static_cast<BlockFamily>(m_family->itemData(index).toInt());
        m_document->edit(EditKind::Family, tr("Change block family"), [f](ScenarioSpec &s) {
            s.scenario.model.family = f;
            s.presetId.clear();
        });
    });

    addSlider(model, Field::Layers, tr("La&yers L:"), tr("Transformer layers L (1 to 100,000; the slider covers 1 to 160)."),
              toList(StopSlider::linearStops(1, 160)));
    addSlider(model, Field::Hidden, tr("&Hidden size H:"),
              tr("Hidden size H (1 to 1,000,000; the slider steps through the usual sizes, four per doubling)."),
              toList(StopSlider::logStops(128, 65536, 4, 32)));
    addSlider(model, Field::Heads, tr("Hea&ds A:"),
              tr("Attention heads A. Without a head dimension of its own, each head is H/A wide and A must divide H."),
              toList(StopSlider::linearStops(1, 128)));
    addCount(model, Field::KvHeads, tr("&KV heads:"),
             tr("Key/value heads: as many as A for multi-head attention, fewer for grouped-query, 1 for multi-query. "
                "They must divide the heads."));
    CountField *headDim = addCount(model, Field::HeadDim, tr("Head di&mension:"),
                                   tr("Width of one attention head (Gemma: 256 with H/A = 192); leave empty for H/A."));
    headDim->setAllowEmpty(true);
    addCount(model, Field::Ffn, tr("&FFN size:"), tr("Inner size of the MLP (GPT-2: 4H)."));
    addCount(model, Field::Vocab, tr("&Vocabulary V:"), tr("Tokens in the vocabulary (embedding and output rows)."));

    // Mixture of experts and latent attention: a switch each, whose fields show only when it is on.
    QFormLayout *expertForm = addSwitchedGroup(model, &m_experts, &m_expertsBody, tr("Mi&xture of experts"),
                                               tr("Replace the MLP by routed experts: each token goes to k of E experts "
                                                  "(Mixtral, Qwen-MoE, DeepSeek). All E count towards memory; k towards compute."));
    addCount(expertForm, Field::Experts, tr("Routed e&xperts E:"), tr("Routed experts in each MoE layer."));
    addCount(expertForm, Field::ExpertsPerToken, tr("Experts per &token k:"),
             tr("Experts each token is sent to (Mixtral: 2 of 8)."));
    addCount(expertForm, Field::ExpertFfn, tr("Expert FFN si&ze:"), tr("Inner size of one expert's MLP."));
    addCount(expertForm, Field::SharedExperts, tr("Shared experts:"),
             tr("Experts every token goes through besides the routed ones (DeepSeek; Qwen-MoE has one)."));
    CountField *sharedFfn = addCount(expertForm, Field::SharedFfn, tr("Shared expert FFN:"),
                                     tr("Inner size of one shared expert; leave empty for the routed experts' size."));
    sharedFfn->setAllowEmpty(true);
    addCount(expertForm, Field::DenseLayers, tr("First dense layers:"),
             tr("Leading layers that keep a dense MLP (DeepSeek's first_k_dense_replace)."));
    connect(m_experts, &QCheckBox::clicked, this, [this](bool on) {
        m_textErrors.clear();
        m_document->edit(EditKind::Experts, on ? tr("Use a mixture of experts") : tr("Use a dense MLP"),
                         [on](ScenarioSpec &s) {
                             if (on)
                                 enableExperts(s.scenario.model);
                             else
                                 s.scenario.model.moe = MoeSpec{};
                             s.presetId.clear();
                         });
    });

    QFormLayout *latentForm = addSwitchedGroup(model, &m_latent, &m_latentBody, tr("Latent attention (M&LA)"),
                                               tr("DeepSeek-V2/V3's multi-head latent attention: Q and KV pass through "
                                                  "low-rank latents, and each head's query/key has a rotary and a "
                                                  "non-rotary part."));
    CountField *qRank = addCount(latentForm, Field::QLoraRank, tr("Q latent rank:"),
                                 tr("q_lora_rank; leave empty to project Q directly (DeepSeek-V2-Lite)."));
    qRank->setAllowEmpty(true);
    addCount(latentForm, Field::KvLoraRank, tr("KV latent rank:"), tr("kv_lora_rank: the compressed key/value width."));
    addCount(latentForm, Field::RopeHeadDim, tr("Rotary head dim.:"), tr("qk_rope_head_dim."));
    addCount(latentForm, Field::NopeHeadDim, tr("Non-rotary head dim.:"), tr("qk_nope_head_dim."));
    addCount(latentForm, Field::ValueHeadDim, tr("Value head dim.:"), tr("v_head_dim."));
    connect(m_latent, &QCheckBox::clicked, this, [this](bool on) {
        m_textErrors.clear();
        m_document->edit(EditKind::Whole, on ? tr("Use latent attention") : tr("Use plain attention"),
                         [on](ScenarioSpec &s) {
                             if (on)
                                 enableLatentAttention(s.scenario.model);
                             else
                                 s.scenario.model.mla = MlaSpec{};
                             s.presetId.clear();
                         });
    });

    // A hybrid's mixer layers: a switch, the mixer's kind and its sizes.
    QFormLayout *mixerForm = addSwitchedGroup(model, &m_mixer, &m_mixerBody, tr("Hybrid mixer layers"),
                                              tr("Some layers mix tokens with a recurrent mixer in place of attention "
                                                 "(Qwen3-Next and Qwen3.5's Gated DeltaNet, Bamba's Mamba-2, LFM2's gated "
                                                 "short convolution); the other layers keep attention, every layer its MLP."));
    m_mixerKind = new QComboBox(m_mixerBody);
    m_mixerKind->addItem(tr("Gated DeltaNet"), static_cast<int>(MixerKind::GatedDeltaNet));
    m_mixerKind->addItem(tr("Mamba-2"), static_cast<int>(MixerKind::Mamba2));
    m_mixerKind->addItem(tr("Gated short convolution"), static_cast<int>(MixerKind::ShortConv));
    m_mixerKind->setToolTip(tr("What the mixer layers run: Gated DeltaNet linear attention (fla's kernels), "
                               "Mamba-2's state-space scan (mamba_ssm's) or LFM2's gated short convolution (causal-conv1d's)."));
    mixerForm->addRow(tr("Mixer:"), m_mixerKind);
    connect(m_mixerKind, &QComboBox::activated, this, [this](int index) {
        const auto kind = static_cast<MixerKind>(m_mixerKind->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Change the mixer"), [kind](ScenarioSpec &s) {
            HybridSpec &h = s.scenario.model.hybrid;
            // A short convolution is one head as wide as the model, with LFM2's kernel of 3; the
            // others start from the sizes the model would give them.
            if (kind == MixerKind::ShortConv) {
                h.heads = 1;
                h.headDim = s.scenario.model.hidden;
                h.convKernel = 3;
            } else if (h.kind == MixerKind::ShortConv) {
                const Count layers = h.layers;
                enableMixerLayers(s.scenario.model);
                h.layers = layers;
            }
            h.kind = kind;
            s.presetId.clear();
        });
    });
    addCount(mixerForm, Field::MixerLayers, tr("Mixer layers:"), tr("Layers whose mixer replaces attention (layer_types)."));
    addCount(mixerForm, Field::MixerHeads, tr("Mixer heads:"),
             tr("Gated DeltaNet's value heads (linear_num_value_heads); Mamba-2's heads (mamba_n_heads); a short "
                "convolution's one."));
    addCount(mixerForm, Field::MixerHeadDim, tr("Mixer head width:"),
             tr("A value head's width (Gated DeltaNet); a head's width (Mamba-2); a short convolution's channels "
                "(LFM2: the hidden size)."));
    addCount(mixerForm, Field::MixerKeyHeads, tr("Key heads or groups:"),
             tr("Gated DeltaNet's key heads, which must divide its value heads; Mamba-2's groups of B and C. A short "
                "convolution has none."));
    addCount(mixerForm, Field::MixerKeyDim, tr("Key width or state:"),
             tr("A key head's width (Gated DeltaNet); the state size N (Mamba-2). A short convolution has none."));
    addCount(mixerForm, Field::MixerConv, tr("Convolution width:"), tr("The causal depthwise convolution's kernel (4; LFM2: 3)."));
    connect(m_mixer, &QCheckBox::clicked, this, [this](bool on) {
        m_textErrors.clear();
        m_document->edit(EditKind::Whole, on ? tr("Use mixer layers") : tr("Use attention in every layer"),
                         [on](ScenarioSpec &s) {
                             if (on)
                                 enableMixerLayers(s.scenario.model);
                             else
                                 s.scenario.model.hybrid = HybridSpec{};
                             s.presetId.clear();
                         });
    });

    CountField *params = addCount(model, Field::Params, tr("Parameter co&unt:"),
                                  tr("A given parameter count P (7B, 6.74e9); leave empty to derive it from the architecture."));
    params->setAllowEmpty(true);
    m_tied = new QCheckBox(tr("T&ied input and output embeddings"), modelBox);
    m_tied->setToolTip(tr("The output layer reuses the token embedding (GPT-2, small LLaMA models)."));
    model->addRow(QString(), m_tied);
    connect(m_tied, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::Tied, tr("Change tied embeddings"), [on](ScenarioSpec &s) {
            s.scenario.model.tiedEmbeddings = on;
            s.presetId.clear();
        });
    });
    m_parameterCount = new QLabel(modelBox);
    m_parameterCount->setTextFormat(Qt::PlainText);
    m_parameterCount->setWordWrap(true);
    m_parameterCount->setToolTip(tr("The parameter count P the estimate uses; for a mixture of experts also the "
                                    "parameters one token passes through, and a checkpoint's own count when its "
                                    "headers were read."));
    model->addRow(tr("Parameters P:"), m_parameterCount);
    column->addWidget(modelBox);
    return model;
}

void InputPane::refreshModel()
{
    const ScenarioSpec &draft = m_document->draft();
    const ModelSpec &m = draft.scenario.model;
    const int presetIndex = m_preset->findData(draft.presetId);
    m_preset->setCurrentIndex(presetIndex >= 0 ? presetIndex : m_preset->count() - 1);
    selectData(m_family, m.family);
    m_tied->setChecked(m.tiedEmbeddings);

    const ImportedModel &imported = draft.imported;
    m_imported->setVisible(!imported.modelType.isEmpty());
    if (!imported.modelType.isEmpty()) {
        m_imported->setText(tr("Imported: %1 (model_type %2)").arg(draft.modelName, imported.modelType));
        m_imported->setToolTip(imported.report.join(QLatin1Char('\n')));
    }

    // A field the user typed text into that is not a count keeps that text until it is fixed.
    auto show = [this](Field f, Count v) {
        if (m_textErrors.count(f))
            return;
        if (SliderField *slider = sliderField(f))
            slider->setValue(v);
        else if (CountField *count = countField(f))
            count->setValue(v);
    };
    show(Field::Layers, m.layers);
    show(Field::Hidden, m.hidden);
    show(Field::Heads, m.heads);
    show(Field::KvHeads, m.kvHeadsOrHeads());
    show(Field::HeadDim, m.headDim);
    show(Field::Ffn, m.ffnOrDefault());
    show(Field::Vocab, m.vocab);
    show(Field::Params, m.paramsOverride);
    show(Field::Experts, m.moe.experts);
    show(Field::ExpertsPerToken, m.moe.perToken);
    show(Field::ExpertFfn, m.moe.expertFfn);
    show(Field::SharedExperts, m.moe.sharedExperts);
    show(Field::SharedFfn, m.moe.sharedFfn);
    show(Field::DenseLayers, m.moe.denseLayers);
    show(Field::QLoraRank, m.mla.qLoraRank);
    show(Field::KvLoraRank, m.mla.kvLoraRank);
    show(Field::RopeHeadDim, m.mla.ropeHeadDim);
    show(Field::NopeHeadDim, m.mla.nopeHeadDim);
    show(Field::ValueHeadDim, m.mla.valueHeadDim);
    if (m.heads > 0)
        countField(Field::HeadDim)->setPlaceholderText(tr("H/A = %1").arg(groupedCount(m.hidden / m.heads)));
    countField(Field::SharedFfn)->setPlaceholderText(tr("= expert FFN"));
    countField(Field::QLoraRank)->setPlaceholderText(tr("none"));

    m_experts->setChecked(m.moe.enabled());
    m_expertsBody->setVisible(m.moe.enabled());
    m_latent->setChecked(m.mla.enabled());
    m_latentBody->setVisible(m.mla.enabled());
    const bool mixers = m.hybrid.kind != MixerKind::None;
    m_mixer->setChecked(mixers);
    m_mixerBody->setVisible(mixers);
    if (mixers) {
        selectData(m_mixerKind, m.hybrid.kind);
        show(Field::MixerLayers, m.hybrid.layers);
        show(Field::MixerHeads, m.hybrid.heads);
        show(Field::MixerHeadDim, m.hybrid.headDim);
        show(Field::MixerKeyHeads, m.hybrid.keyHeads);
        show(Field::MixerKeyDim, m.hybrid.keyDim);
        show(Field::MixerConv, m.hybrid.convKernel);
        // A short convolution has no keys: its key sizes are not read.
        const bool keyed = m.hybrid.kind != MixerKind::ShortConv;
        countField(Field::MixerKeyHeads)->setEnabled(keyed);
        countField(Field::MixerKeyDim)->setEnabled(keyed);
    }

    // The counts come from the valid scenario the estimate uses, not the draft.
    const ModelSpec &used = m_document->scenario().model;
    const ParameterCounts counts = parameterCounts(used);
    const Count derived = counts.total(used.layers);
    countField(Field::Params)->setPlaceholderText(tr("derived: %1").arg(shortCount(derived)));
    const Count p = m_document->breakdown().parameterCount;
    QStringList lines{ tr("%1 (%2)").arg(groupedCount(p), shortCount(p)) };
    if (used.moe.enabled()) {
        const Count active = counts.active(used.layers);
        lines << tr("active per token: %1 (%2)").arg(groupedCount(active), shortCount(active));
    }
    if (imported.checkpoint.found)
        lines << tr("checkpoint: %1 (%2), stored as %3")
                         .arg(groupedCount(imported.checkpoint.parameters), shortCount(imported.checkpoint.parameters),
                              imported.checkpoint.dtype);
    m_parameterCount->setText(lines.join(QLatin1Char('\n')));
}

} // namespace headroom
