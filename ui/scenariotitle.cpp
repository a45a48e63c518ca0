#include "scenariotitle.h"

#include <QCoreApplication>

#include "byteformat.h"
#include "labels.h"
#include "wording.h"

namespace headroom {

namespace {

// The charts' translation context: these words were first written for chart titles.
class ChartText
{
    Q_DECLARE_TR_FUNCTIONS(ChartText)
};

} // namespace

QString modelTitle(const ScenarioSpec &spec, const Catalogue &catalogue)
{
    const Scenario &s = spec.scenario;
    //: chart title: model name, micro-batch, sequence length, recipe, optimizer
    QString title = ChartText::tr("%1 · B=%2 · S=%3 · %4 · %5")
                            .arg(Labels::modelName(spec, catalogue),
                                 groupedCount(s.training.microBatch), groupedCount(s.training.sequence),
                                 Labels::recipeShort(s.training.precision.recipe),
                                 Labels::optimizer(s.training.precision.optimizer));
    if (s.lora.mode == AdapterMode::Lora)
        title += ChartText::tr(" · LoRA r=%1").arg(groupedCount(s.lora.rank));
    else if (s.lora.mode == AdapterMode::Qlora)
        title += ChartText::tr(" · QLoRA r=%1").arg(groupedCount(s.lora.rank));
    if (s.lora.mode != AdapterMode::None && s.lora.dora)
        title += ChartText::tr(" · DoRA");
    if (s.lora.mode != AdapterMode::None && s.lora.trainedModules != 0)
        title += ChartText::tr(" · trained %1").arg(Labels::trainedModules(s.lora.trainedModules));
    // Every setting that differs from the defaults, so that an exported chart says what it shows.
    const Parallelism &p = s.parallel;
    if (s.training.recompute != Recompute::None)
        title += ChartText::tr(" · %1 checkpointing").arg(Labels::recompute(s.training.recompute));
    if (s.training.recompute == Recompute::Full && s.training.recomputeLayers > 0)
        //: %1 Megatron's --recompute-num-layers, %2 its method (uniform, block)
        title += ChartText::tr(" (%1 layers, %2)")
                         .arg(groupedCount(s.training.recomputeLayers), QString::fromLatin1(recomputeMethodName(s.training.recomputeMethod).data()));
    else if (s.training.recompute == Recompute::Full && s.training.recomputeEvery > 1)
        title += ChartText::tr(" (one layer in %1)").arg(groupedCount(s.training.recomputeEvery));
    if (p.contextParallel > 1)
        title += ChartText::tr(" · context parallel %1").arg(groupedCount(p.contextParallel));
    if (p.gpus > 1)
        title += ChartText::tr(" · %1 GPUs").arg(groupedCount(p.gpus));
    if (p.zero != ZeroStage::Stage0)
        title += ChartText::tr(" · ZeRO-%1").arg(static_cast<int>(p.zero));
    if (p.offload != Offload::None)
        title += QStringLiteral(" · ") + Labels::offload(p.offload);
    if (p.tensorParallel > 1)
        title += ChartText::tr(" · TP %1").arg(groupedCount(p.tensorParallel));
    if (p.pipelineParallel > 1)
        title += ChartText::tr(" · PP %1").arg(groupedCount(p.pipelineParallel));
    if (p.expertParallel > 1)
        title += ChartText::tr(" · EP %1").arg(groupedCount(p.expertParallel));
    if (p.sequenceParallel)
        title += ChartText::tr(" · SP");
    if (s.stack.stack != TrainingStack::HfTrainer)
        title += QStringLiteral(" · ") + nameText(stackName(s.stack.stack));
    if (s.activations.model == ActivationModelKind::Textbook && s.stack.stack != TrainingStack::Paper)
        title += ChartText::tr(" · textbook activations");
    if (s.training.gradAccumSteps > 1)
        title += ChartText::tr(" · accumulation %1").arg(groupedCount(s.training.gradAccumSteps));
    return title;
}

} // namespace headroom
