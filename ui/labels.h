#pragma once

// Translated screen text for the core's typed values. The core names things with stable
// identifiers (recipe "bf16-master", field "heads"); the planner shows these labels instead and
// keeps the identifiers for files and settings.

#include <QCoreApplication>
#include <QString>

#include <headroom/memory/breakdown.h>
#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/validation.h>
#include <headroom/planning/procurement.h>

namespace headroom {

class Labels
{
    Q_DECLARE_TR_FUNCTIONS(Labels)

public:
    static QString recipe(Recipe recipe);
    //! The recipe in a few characters, for titles: "BF16 + master".
    static QString recipeShort(Recipe recipe);
    static QString recipeToolTip(Recipe recipe);
    //! "Off", "torchao tensorwise", "TE delayed scaling", ... with what each keeps in its tool tip.
    static QString fp8Recipe(Fp8Recipe recipe);
    static QString fp8RecipeToolTip(Fp8Recipe recipe);
    static QString optimizer(Optimizer optimizer);
    static QString optimizerOffload(OptimizerOffload offload);
    //! "SFT", "DPO", ... with what each keeps on the GPU in its tool tip.
    static QString trainingMethod(TrainingMethod method);
    static QString trainingMethodToolTip(TrainingMethod method);
    static QString rolloutEngine(RolloutEngine engine);
    static QString rolloutEngineToolTip(RolloutEngine engine);
    static QString recompute(Recompute recompute);
    static QString recomputeToolTip(Recompute recompute);
    static QString zeroStage(ZeroStage stage);
    static QString offload(Offload offload);
    static QString contextParallelKind(ContextParallelKind kind);
    static QString adapter(AdapterMode mode);
    //! PEFT's modules_to_save (TrainedModule bits): "embedding", "LM head", "embedding and LM head".
    static QString trainedModules(unsigned modules);
    //! A strategy of kStrategies for a column heading: "DDP", "ZeRO-3 + offload".
    static QString strategy(const Strategy &strategy);
    //! What the strategy divides or moves, in one sentence.
    static QString strategyToolTip(const Strategy &strategy);
    static QString family(BlockFamily family);
    static QString stack(TrainingStack stack);
    static QString stackToolTip(TrainingStack stack);
    static QString loss(LossKind loss);
    //! "Allocated", "Reserved", "On the device (nvidia-smi)": the peak figure a verdict compares.
    static QString peakFigure(PeakFigure figure);
    static QString peakFigureToolTip(PeakFigure figure);
    static QString loadPath(LoadPath path);
    //! The model's name for titles: the preset's, an imported or named model's, else "Custom model".
    static QString modelName(const ScenarioSpec &spec, const Catalogue &catalogue);
    //! "H200 141GB" for "NVIDIA H200 141GB (SXM)": a GPU's name short enough for a chart label.
    static QString shortGpuName(const QString &name);
    static QString activationModel(ActivationModelKind kind);
    static QString stepPhase(StepPhase phase);
    //! The moment of the step a timeline event marks ("last layer's backward").
    static QString timelineEvent(TimelineEvent event);

    //! The field as the planner labels it ("Hidden size").
    static QString field(Field field);
    //! The field's current value in \a scenario, for messages.
    //! A validation issue in words, naming the field, the value and the allowed range.
    static QString issue(const ValidationIssue &issue, const Scenario &scenario);
    //! Text typed into a field that is not a count at all.
    static QString notACount(Field field, const QString &text);

    static QString warning(Warning warning);
    //! The same, with the scenario's figures where the warning names them (the context length).
    static QString warning(Warning warning, const Scenario &scenario);
    static QString scenarioError(const ScenarioError &error);
    static QString catalogueError(const CatalogueError &error);

    //! A saved tensor of an itemized activation estimate ("attn.softmax_out" -> "Softmax output").
    static QString activationItem(std::string_view id);
};

} // namespace headroom
