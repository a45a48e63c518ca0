#include "derivationtext.h"
#include "inputpane.h"

#include <QButtonGroup>
#include <QPushButton>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRadioButton>
#include <QVBoxLayout>

#include <headroom/memory/posttraining.h>
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

} // namespace

InputPane::InputPane(ScenarioDocument *document, QWidget *parent) : QWidget(parent), m_document(document)
{
    auto *column = new QVBoxLayout(this);

    QFormLayout *model = addModelGroup(column);

    QFormLayout *training = addTrainingGroup(column);
    QFormLayout *stack = addStackGroup(column);
    QFormLayout *hardware = addHardwareGroup(column);
    QFormLayout *adapters = addAdapterGroup(column);
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
    show(Field::ProjectionRank, s.training.precision.projectionRank);
    countField(Field::ProjectionRank)->setEnabled(isProjectedOptimizer(s.training.precision.optimizer));
    selectData(m_optimizerOffload, s.training.precision.optimizerOffload);
    show(Field::Generations, s.training.generations);
    show(Field::PromptLength, s.training.promptLength);
    show(Field::RolloutGpus, s.training.rolloutGpus);
    {
        const bool rollouts = generatesRollouts(s.training.method);
        countField(Field::Generations)->setEnabled(rollouts);
        countField(Field::PromptLength)->setEnabled(rollouts || keepsTeacher(s.training.method));
        selectData(m_rollout, s.training.rollout);
        m_rollout->setEnabled(rollouts);
        countField(Field::RolloutGpus)->setEnabled(rollouts && s.training.rollout == RolloutEngine::VllmServer);
    }
    {
        const bool tower = s.model.vision.present();
        show(Field::Images, s.training.images);
        show(Field::ImageWidth, s.training.imageWidth);
        show(Field::ImageHeight, s.training.imageHeight);
        const bool sized = tower && !s.model.vision.fixedSize();
        countField(Field::Images)->setEnabled(tower || s.training.images > 0);
        countField(Field::ImageWidth)->setEnabled(sized);
        countField(Field::ImageHeight)->setEnabled(sized);
        m_visionTower->setCurrentIndex(s.training.visionTrained ? 1 : 0);
        m_visionTower->setEnabled((tower && s.lora.mode == AdapterMode::None) || s.training.visionTrained);
    }
    show(Field::Gpus, s.parallel.gpus);
    show(Field::TensorParallel, s.parallel.tensorParallel);
    show(Field::PipelineParallel, s.parallel.pipelineParallel);
    show(Field::ExpertParallel, s.parallel.expertParallel);
    show(Field::ContextParallel, s.parallel.contextParallel);
    selectData(m_contextKind, s.parallel.contextKind);
    m_contextKind->setEnabled(s.parallel.contextParallel > 1);
    show(Field::LoraRank, s.lora.rank);
    m_sequenceParallel->setChecked(s.parallel.sequenceParallel);
    m_sequenceParallel->setEnabled(s.parallel.tensorParallel > 1 || s.parallel.sequenceParallel);
    countField(Field::ExpertParallel)->setEnabled(s.model.moe.enabled() || s.parallel.expertParallel > 1);

    if (QAbstractButton *b = m_recompute->button(static_cast<int>(s.training.recompute)))
        b->setChecked(true);
    selectData(m_recipe, s.training.precision.recipe);
    selectData(m_fp8, s.training.precision.fp8);
    selectData(m_optimizer, s.training.precision.optimizer);
    selectData(m_method, s.training.method);
    {
        const bool teacher = keepsTeacher(s.training.method);
        const int role = static_cast<int>(teacher ? SideRole::Teacher : SideRole::Reward);
        const QString &source = draft.sideModelSources[role];
        int index = m_sideModel->findData(source);
        if (index < 0 && !source.isEmpty()) {
            // A Hugging Face config the scenario file named: listed by its path.
            m_sideModel->addItem(QFileInfo(source).fileName(), source);
            index = m_sideModel->count() - 1;
        }
        m_sideModel->setCurrentIndex(index >= 0 ? index : 0);
        m_sideModel->setEnabled(teacher || keepsRewardAndCritic(s.training.method));
    }
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
    syncCustomGpuItem(draft);
    const int gpuIndex = m_gpu->findData(draft.gpuId);
    m_gpu->setCurrentIndex(gpuIndex >= 0 ? gpuIndex : 0);
    selectData(m_zero, s.parallel.zero);
    // Said what it is for: a one-GPU plan without offload still needs host RAM, to load the model.
    m_hostRam->setText(formatBytesBoth(m_document->breakdown().host.perNode, DisplayUnit::Binary) + QLatin1Char(' ')
                       + tr("(%1)").arg(hostPurposeText(s.parallel.offload)));
    selectData(m_offload, s.parallel.offload);
    selectData(m_adapter, s.lora.mode);
    selectData(m_quantBase, s.stack.quantBase);
    m_quantBase->setEnabled(s.lora.mode == AdapterMode::Qlora);
    if (!m_textErrors.count(Field::QuantGroupSize))
        countField(Field::QuantGroupSize)->setValue(s.stack.quantGroupSize);
    {
        const Count group = quantGroupSizeOf(s);
        countField(Field::QuantGroupSize)->setEnabled(s.lora.mode == AdapterMode::Qlora && group > 0);
        countField(Field::QuantGroupSize)->setPlaceholderText(group > 0 ? tr("the format's: %1").arg(QLocale().toString(qint64(group))) : QString());
    }
    if (!m_textErrors.count(Field::LoraDropout)) {
        bool ok = false;
        const double shown = QLocale().toDouble(m_loraDropout->text().trimmed(), &ok);
        if (!ok || shown != s.lora.dropout)
            m_loraDropout->setText(QLocale().toString(s.lora.dropout));
    }
    m_loraDropout->setEnabled(s.lora.mode != AdapterMode::None);
    m_dora->setChecked(s.lora.dora);
    m_dora->setEnabled(s.lora.mode != AdapterMode::None || s.lora.dora);
    m_trainedCopies->setCurrentIndex(m_trainedCopies->findData(static_cast<int>(s.lora.trainedModules)));
    m_trainedCopies->setEnabled(s.lora.mode != AdapterMode::None || s.lora.trainedModules != 0);
    m_bnbSavesInput->setChecked(s.lora.bnbSavesInput);
    const bool nf4 = s.stack.quantBase == QuantBase::Nf4 || s.stack.quantBase == QuantBase::Nf4DoubleQuant;
    m_bnbSavesInput->setEnabled((s.lora.mode == AdapterMode::Qlora && nf4) || s.lora.bnbSavesInput);
    const bool adapters = s.lora.mode != AdapterMode::None;
    countField(Field::LoraRank)->setEnabled(adapters);
    const unsigned targets = s.lora.targets != 0 ? s.lora.targets : kDefaultLoraTargets;
    // A target no projection of the model answers to (gate on a two-matrix MLP) cannot be
    // ticked: it would change nothing (the command line refuses it likewise).
    const unsigned has = adapters ? modelLoraTargets(s.model) : 0;
    for (int i = 0; i < m_loraTargets.size(); ++i) {
        QCheckBox *box = m_loraTargets.at(i);
        const bool present = (has & kAllLoraTargets[i]) != 0;
        box->setChecked((targets & kAllLoraTargets[i]) != 0);
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
