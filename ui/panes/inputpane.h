#pragma once

// The planner's inputs: model (preset or custom architecture), training set-up, hardware and
// adapters. Every control edits the document at once (sliders while they are dragged); a value
// that cannot be used is reported beside its field, naming the field and the allowed range,
// while the last valid scenario stays estimated.

#include <map>

#include <QWidget>

#include <headroom/hardware/gpuspec.h>
#include <headroom/memory/validation.h>

class QAbstractButton;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace headroom {

class CountField;
class ScenarioDocument;
struct ScenarioSpec;
class SliderField;

class InputPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InputPane)

public:
    explicit InputPane(ScenarioDocument *document, QWidget *parent = nullptr);

    // The controls, for tests and for keyboard focus from the window.
    SliderField *sliderField(Field field) const;
    CountField *countField(Field field) const;
    //! The message shown beside \a field; empty when the field is fine.
    QString errorText(Field field) const;
    QLabel *errorLabel(Field field) const;
    QComboBox *presetBox() const { return m_preset; }
    QComboBox *stackBox() const { return m_stack; }
    QComboBox *lossBox() const { return m_loss; }
    QCheckBox *compileBox() const { return m_compile; }
    QLabel *hostRamLabel() const { return m_hostRam; }
    QToolButton *advancedToggle() const { return m_advancedToggle; }
    QCheckBox *loraTargetBox(int index) const { return m_loraTargets.value(index); }
    QPushButton *importButton() const { return m_import; }
    QLabel *importedLabel() const { return m_imported; }
    QLabel *parameterCountLabel() const { return m_parameterCount; }
    QCheckBox *expertsBox() const { return m_experts; }
    QWidget *expertsFields() const { return m_expertsBody; }
    QCheckBox *latentAttentionBox() const { return m_latent; }
    QCheckBox *mixerBox() const { return m_mixer; }
    QComboBox *mixerKindBox() const { return m_mixerKind; }
    QCheckBox *sequenceParallelBox() const { return m_sequenceParallel; }
    QComboBox *familyBox() const { return m_family; }
    QComboBox *recipeBox() const { return m_recipe; }
    QComboBox *optimizerBox() const { return m_optimizer; }
    QComboBox *methodBox() const { return m_method; }
    QComboBox *sideModelBox() const { return m_sideModel; }
    QComboBox *rolloutBox() const { return m_rollout; }
    QComboBox *visionTowerBox() const { return m_visionTower; }
    QComboBox *activationModelBox() const { return m_activationModel; }
    QComboBox *attentionBox() const { return m_attention; }
    QComboBox *profileBox() const { return m_profile; }
    QLineEdit *dropoutField() const { return m_dropout; }
    QComboBox *gpuBox() const { return m_gpu; }
    QToolButton *customGpuButton() const { return m_customGpu; }
    QComboBox *zeroBox() const { return m_zero; }
    QComboBox *offloadBox() const { return m_offload; }
    QComboBox *adapterBox() const { return m_adapter; }
    QAbstractButton *recomputeButton(int recompute) const;

signals:
    //! The user asked to import a Hugging Face config (the window asks for the file).
    void importRequested();

private:
    QFormLayout *addModelGroup(QVBoxLayout *column);
    QFormLayout *addTrainingGroup(QVBoxLayout *column);
    QFormLayout *addHardwareGroup(QVBoxLayout *column);
    QFormLayout *addAdapterGroup(QVBoxLayout *column);
    QFormLayout *addStackGroup(QVBoxLayout *column);
    QFormLayout *addAdvancedGroup(QVBoxLayout *column);
    void refreshAdvanced();
    void refreshStack();
    //! A switch row and, below it, an indented form shown only while the switch is on.
    QFormLayout *addSwitchedGroup(QFormLayout *parent, QCheckBox **toggle, QWidget **body, const QString &title,
                                  const QString &toolTip);
    void refreshModel();
    QWidget *withError(Field field, QWidget *control);
    SliderField *addSlider(QFormLayout *form, Field field, const QString &label, const QString &toolTip,
                           const QList<qint64> &stops);
    CountField *addCount(QFormLayout *form, Field field, const QString &label, const QString &toolTip);
    void connectCount(Field field, QObject *sender);
    void editCount(Field field, qint64 value);
    void rejectText(Field field, const QString &text);
    void editDropout();
    //! A probability typed into \a edit (0 <= p < 1): applied, or the text reported beside \a field.
    void editProbability(Field field, QLineEdit *edit, void (*apply)(ScenarioSpec &, double));
    void refresh();
    void showErrors();

    ScenarioDocument *m_document;
    QComboBox *m_preset = nullptr;
    QPushButton *m_import = nullptr;
    QLabel *m_imported = nullptr;
    QComboBox *m_family = nullptr;
    QCheckBox *m_experts = nullptr;
    QWidget *m_expertsBody = nullptr;
    QCheckBox *m_latent = nullptr;
    QWidget *m_latentBody = nullptr;
    QCheckBox *m_mixer = nullptr;
    QWidget *m_mixerBody = nullptr;
    QComboBox *m_mixerKind = nullptr;
    QLabel *m_parameterCount = nullptr;
    QCheckBox *m_tied = nullptr;
    QCheckBox *m_sequenceParallel = nullptr;
    QComboBox *m_contextKind = nullptr;
    QComboBox *m_stack = nullptr;
    QComboBox *m_loss = nullptr;
    QCheckBox *m_compile = nullptr;
    QCheckBox *m_inBackward = nullptr;
    QCheckBox *m_activationOffload = nullptr;
    QCheckBox *m_fusedOptimizer = nullptr;
    QCheckBox *m_paged = nullptr;
    //! The nested forms (experts, latent attention), whose labels line up with the rest.
    QList<QFormLayout *> m_forms;
    QComboBox *m_recipe = nullptr;
    QComboBox *m_fp8 = nullptr;
    QCheckBox *m_fp8AllGather = nullptr;
    QComboBox *m_optimizer = nullptr;
    QComboBox *m_optimizerOffload = nullptr; //!< torchao's CPUOffloadOptimizer
    QComboBox *m_method = nullptr;
    QComboBox *m_sideModel = nullptr; //!< PPO's reward and value models, distillation's teacher
    QComboBox *m_rollout = nullptr;   //!< GRPO's and PPO's rollout engine
    QComboBox *m_visionTower = nullptr; //!< a multimodal model's tower: frozen or trained
    QComboBox *m_activationModel = nullptr;
    QComboBox *m_attention = nullptr;
    QComboBox *m_profile = nullptr;
    QLineEdit *m_dropout = nullptr;
    QButtonGroup *m_recompute = nullptr;
    QComboBox *m_gpu = nullptr;
    QToolButton *m_customGpu = nullptr;
    //! The last card entered outside the catalogue: its item stays in the GPU list to go back to.
    GpuSpec m_lastCustomGpu;
    //! Keeps the GPU list's item for a card outside the catalogue in step with \a draft.
    void syncCustomGpuItem(const ScenarioSpec &draft);
    //! Opens the custom GPU dialog and applies its card as one undo step.
    void editCustomGpu();
    QComboBox *m_zero = nullptr;
    QComboBox *m_offload = nullptr;
    QComboBox *m_adapter = nullptr;
    QLineEdit *m_loraDropout = nullptr;
    QCheckBox *m_dora = nullptr;
    QCheckBox *m_bnbSavesInput = nullptr;
    QComboBox *m_trainedCopies = nullptr; //!< PEFT's modules_to_save

    QLabel *m_hostRam = nullptr;
    QToolButton *m_advancedToggle = nullptr;
    QWidget *m_advancedBody = nullptr;
    QComboBox *m_stateDtype = nullptr;
    QComboBox *m_masterDtype = nullptr;
    QCheckBox *m_gradBuffer = nullptr;
    QCheckBox *m_zeroInit = nullptr;
    QCheckBox *m_distributedOptimizer = nullptr;
    QComboBox *m_gelu = nullptr;
    QComboBox *m_recomputeMethod = nullptr;
    QCheckBox *m_expandable = nullptr;
    QComboBox *m_loadPath = nullptr;
    QComboBox *m_compared = nullptr;
    QLineEdit *m_capacity = nullptr;
    QLineEdit *m_pipelineLayers = nullptr;
    QCheckBox *m_packed = nullptr; //!< TrainingSetup::packed //!< --pp-layers: even, weighted or one count per stage
    QComboBox *m_quantBase = nullptr;
    QList<QCheckBox *> m_loraTargets;
    std::map<Field, SliderField *> m_sliders;
    std::map<Field, CountField *> m_counts;
    std::map<Field, QLabel *> m_errors;
    //! Text that is not a count at all; the document never sees it.
    std::map<Field, QString> m_textErrors;
};

} // namespace headroom
