// The input pane's advanced group: every remaining knob the engine has, folded away until asked
// for, so that a file with (say) an FP32 gradient buffer or a 2e8-element bucket shows why its
// numbers are what they are: the optimizer's state dtype and gradient buffer, the runtime's
// share, GPUs per node, ZeRO's bucket and ZeRO-3's knobs, Megatron's distributed optimizer and
// interleaving, the GELU kernel and the experts' capacity factor.

#include "inputpane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QToolButton>
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

QFormLayout *InputPane::addAdvancedGroup(QVBoxLayout *column)
{
    auto *box = new QGroupBox(this);
    auto *outer = new QVBoxLayout(box);
    m_advancedToggle = new QToolButton(box);
    m_advancedToggle->setText(tr("A&dvanced settings"));
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedToggle->setArrowType(Qt::RightArrow);
    m_advancedToggle->setAutoRaise(true);
    m_advancedToggle->setToolTip(tr("The optimizer's state dtype and gradient buffer, the runtime's share, the sharding "
                                    "libraries' buffers, Megatron's options, the GELU kernel and the experts' capacity."));
    outer->addWidget(m_advancedToggle);
    m_advancedBody = new QWidget(box);
    auto *form = new QFormLayout(m_advancedBody);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    outer->addWidget(m_advancedBody);
    m_advancedBody->hide();
    connect(m_advancedToggle, &QToolButton::toggled, this, [this](bool open) {
        m_advancedBody->setVisible(open);
        m_advancedToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });

    m_stateDtype = new QComboBox(m_advancedBody);
    m_stateDtype->addItem(tr("FP32"), static_cast<int>(StateDtype::Fp32));
    m_stateDtype->addItem(tr("The weights' dtype"), static_cast<int>(StateDtype::WeightDtype));
    m_stateDtype->setToolTip(tr("The optimizer's states in FP32 (the default everywhere but pure-BF16 trainers such as "
                                "torchtune, which keep them in BF16: 2 + 2 + 4 = 8 bytes/param for AdamW)."));
    form->addRow(tr("Optimizer states in:"), m_stateDtype);
    connect(m_stateDtype, &QComboBox::activated, this, [this](int index) {
        const auto d = static_cast<StateDtype>(m_stateDtype->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Optimizer states in %1").arg(m_stateDtype->itemText(index)),
                         [d](ScenarioSpec &s) { s.scenario.training.precision.stateDtype = d; });
    });
    m_masterDtype = new QComboBox(m_advancedBody);
    m_masterDtype->addItem(tr("FP32"), false);
    m_masterDtype->addItem(tr("16-bit, the weights' dtype"), true);
    m_masterDtype->setToolTip(tr("The master copy of a master recipe in FP32, or in the weights' 16-bit dtype as DeepSpeed keeps it "
                                 "with bf16_master_weights_and_grads (ZeRO 1 to 3): 2 + 2 + 2 + 4 = 10 bytes/param for AdamW "
                                 "with BF16 states."));
    form->addRow(tr("Master weights in:"), m_masterDtype);
    connect(m_masterDtype, &QComboBox::activated, this, [this](int index) {
        const bool half = m_masterDtype->itemData(index).toBool();
        m_document->edit(EditKind::Whole, tr("Master weights in %1").arg(m_masterDtype->itemText(index)), [half](ScenarioSpec &s) {
            PrecisionChoice &p = s.scenario.training.precision;
            p.masterDtype = half ? weightDtype(p.recipe) : Dtype::Fp32;
        });
    });
    m_gradBuffer = new QCheckBox(tr("FP32 gradient buffer"), m_advancedBody);
    m_gradBuffer->setToolTip(tr("Gradients accumulated in FP32 beside 16-bit weights (Megatron's main_grad, DeepSpeed's "
                                "FP32 partition): 2 + 4 + 4 + 8 = 18 bytes/param with Adam."));
    form->addRow(QString(), m_gradBuffer);
    connect(m_gradBuffer, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::Whole, on ? tr("FP32 gradient buffer on") : tr("FP32 gradient buffer off"),
                         [on](ScenarioSpec &s) { s.scenario.training.precision.fp32GradBuffer = on; });
    });

    m_fp8AllGather = new QCheckBox(tr("FP8 all-gather (FSDP2, tensorwise)"), m_advancedBody);
    m_fp8AllGather->setToolTip(tr("torchao's enable_fsdp_float8_all_gather: FSDP2 gathers the layers' linear weights as FP8, "
                                  "1 byte per parameter instead of 2, for the layers gathered at once."));
    form->addRow(QString(), withError(Field::Fp8AllGather, m_fp8AllGather));
    connect(m_fp8AllGather, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::Whole, on ? tr("FP8 all-gather on") : tr("FP8 all-gather off"),
                         [on](ScenarioSpec &s) { s.scenario.training.precision.fp8AllGather = on; });
    });

    CountField *context = addCount(form, Field::CudaContext, tr("CUDA context:"),
                                   tr("The CUDA context and kernel images, in bytes (e.g. 1000MiB; PyTorch: 300 MiB to 2 GiB)."));
    context->setBytes(true);
    CountField *reserve = addCount(form, Field::AllocatorReserve, tr("Allocator reserve:"),
                                   tr("What the caching allocator holds beyond what is allocated, in bytes (e.g. 1GiB); "
                                      "empty to emulate PyTorch's caching allocator over the step."));
    reserve->setBytes(true);
    reserve->setAllowEmpty(true, -1);
    m_expandable = new QCheckBox(tr("Expandable segments"), m_advancedBody);
    m_expandable->setToolTip(tr("PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: each pool one segment that grows "
                                "in pages, so freed blocks fragment less."));
    form->addRow(QString(), m_expandable);
    connect(m_expandable, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::Whole, on ? tr("Expandable segments on") : tr("Expandable segments off"),
                         [on](ScenarioSpec &s) { s.scenario.overhead.expandableSegments = on; });
    });
    m_loadPath = new QComboBox(m_advancedBody);
    for (LoadPath p : { LoadPath::Direct, LoadPath::Fp32OnGpu })
        m_loadPath->addItem(Labels::loadPath(p), static_cast<int>(p));
    m_loadPath->setToolTip(tr("How the weights reach the GPU: created in their training dtype (from_pretrained, "
                              "meta-device initialisation), or built in FP32 on the GPU and then cast or quantized, "
                              "which leaves the FP32 blocks in the allocator's cache."));
    form->addRow(tr("Loading:"), m_loadPath);
    connect(m_loadPath, &QComboBox::activated, this, [this](int index) {
        const auto p = static_cast<LoadPath>(m_loadPath->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Loading: %1").arg(m_loadPath->itemText(index)),
                         [p](ScenarioSpec &s) { s.scenario.overhead.loadPath = p; });
    });
    m_compared = new QComboBox(m_advancedBody);
    for (PeakFigure f : { PeakFigure::Device, PeakFigure::Reserved, PeakFigure::Allocated }) {
        m_compared->addItem(Labels::peakFigure(f), static_cast<int>(f));
        m_compared->setItemData(m_compared->count() - 1, Labels::peakFigureToolTip(f), Qt::ToolTipRole);
    }
    m_compared->setToolTip(tr("Which peak figure the verdict holds against the GPU's memory."));
    form->addRow(tr("Compare with the GPU:"), m_compared);
    connect(m_compared, &QComboBox::activated, this, [this](int index) {
        const auto f = static_cast<PeakFigure>(m_compared->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Compare %1 with the GPU").arg(m_compared->itemText(index)),
                         [f](ScenarioSpec &s) { s.scenario.gpu.compared = f; });
    });
    addCount(form, Field::GpusPerNode, tr("GPUs per node:"), tr("GPUs sharing one host's RAM, for the host memory per node."));
    CountField *bucket = addCount(form, Field::ReduceBucket, tr("Reduce bucket:"),
                                  tr("ZeRO's gradient reduce bucket, in elements; empty for the stack's (DeepSpeed 5e8, "
                                     "Hugging Face \"auto\" H², none for FSDP); 0 for none."));
    bucket->setAllowEmpty(true, -1);
    CountField *prefetch = addCount(form, Field::PrefetchBucket, tr("ZeRO-3 prefetch:"),
                                    tr("stage3_prefetch_bucket_size in elements; empty for the stack's."));
    prefetch->setAllowEmpty(true, -1);
    CountField *persistence = addCount(form, Field::PersistenceThreshold, tr("ZeRO-3 persistence:"),
                                       tr("stage3_param_persistence_threshold in elements: smaller parameters are kept whole; "
                                          "empty for the stack's."));
    persistence->setAllowEmpty(true, -1);
    CountField *live = addCount(form, Field::MaxLiveParameters, tr("ZeRO-3 live at most:"),
                                tr("stage3_max_live_parameters in elements; empty for the stack's."));
    live->setAllowEmpty(true, -1);
    m_zeroInit = new QCheckBox(tr("Build the model partitioned (zero.Init)"), m_advancedBody);
    m_zeroInit->setToolTip(tr("ZeRO-3 builds each module partitioned, so no process loads the whole model in host RAM."));
    form->addRow(QString(), m_zeroInit);
    connect(m_zeroInit, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::Whole, on ? tr("zero.Init on") : tr("zero.Init off"),
                         [on](ScenarioSpec &s) { s.scenario.stack.zeroInit = on; });
    });
    m_distributedOptimizer = new QCheckBox(tr("Megatron's distributed optimizer"), m_advancedBody);
    m_distributedOptimizer->setToolTip(tr("FP32 main parameters and moments sharded over the data-parallel GPUs "
                                          "(6 + 12/d bytes/param). Needs the Megatron stack."));
    form->addRow(QString(), withError(Field::DistributedOptimizer, m_distributedOptimizer));
    connect(m_distributedOptimizer, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::Whole, on ? tr("Distributed optimizer on") : tr("Distributed optimizer off"),
                         [on](ScenarioSpec &s) { s.scenario.stack.distributedOptimizer = on; });
    });
    addCount(form, Field::VirtualStages, tr("Virtual stages v:"),
             tr("Model chunks per pipeline stage (Megatron's interleaved schedule): the first stage holds L (1 + (p − 1)/(p v)) "
                "layers' worth."));
    m_packed = new QCheckBox(tr("Packed sequences"), m_advancedBody);
    m_packed->setToolTip(tr("Each sequence packs documents up to S tokens, without padding. Under SDPA the document "
                            "boundaries are a dense block-causal mask, which every layer turns into an additive mask "
                            "and keeps for backward (B × S × S each); under a flash kernel they cost nothing."));
    form->addRow(QString(), withError(Field::Packed, m_packed));
    connect(m_packed, &QCheckBox::clicked, this, [this](bool on) {
        m_document->edit(EditKind::Whole, on ? tr("Packed sequences on") : tr("Packed sequences off"),
                         [on](ScenarioSpec &s) { s.scenario.training.packed = on; });
    });
    m_pipelineLayers = new QLineEdit(m_advancedBody);
    m_pipelineLayers->setToolTip(tr("How the layers are split over the pipeline stages: even (the first stages one more), "
                                    "weighted (the embedding and the output count as a layer each, torchtitan's default) or one "
                                    "count per stage, such as 7,8,8,7 (p × v counts under interleaving). The estimate takes "
                                    "the stage that peaks highest."));
    form->addRow(tr("Layers per stage:"), withError(Field::PipelineLayers, m_pipelineLayers));
    connect(m_pipelineLayers, &QLineEdit::editingFinished, this, [this] {
        QString text = m_pipelineLayers->text().simplified().remove(QLatin1Char(' '));
        if (text.isEmpty())
            text = QStringLiteral("even");
        Parallelism parsed = m_document->draft().scenario.parallel;
        if (!setPipelineSplit(text.toStdString(), parsed)) {
            m_textErrors[Field::PipelineLayers] = tr("%1: \"%2\" is not a split; allowed: even, weighted, or counts such as 7,8,8,7")
                                                          .arg(Labels::field(Field::PipelineLayers), m_pipelineLayers->text());
            showErrors();
            return;
        }
        m_textErrors.erase(Field::PipelineLayers);
        if (!m_document->edit(EditKind::Whole, tr("Change %1").arg(Labels::field(Field::PipelineLayers)),
                              [parsed](ScenarioSpec &s) {
                                  s.scenario.parallel.pipelineSplit = parsed.pipelineSplit;
                                  s.scenario.parallel.stageLayers = parsed.stageLayers;
                                  s.scenario.parallel.listedStages = parsed.listedStages;
                              }))
            showErrors();
    });
    CountField *shardGroup = addCount(form, Field::ShardGroup, tr("HSDP shard group:"),
                                      tr("Hybrid sharding: ZeRO shards the model states within groups of this many GPUs and "
                                         "replicates them across the groups; empty: over all data-parallel GPUs."));
    shardGroup->setAllowEmpty(true, 0);
    CountField *expertShard = addCount(form, Field::ExpertShard, tr("Experts' shard group:"),
                                       tr("A 2-D expert mesh: ZeRO shards the routed experts' states over this many GPUs of "
                                          "each expert's data-parallel group and replicates them across the rest; the dense "
                                          "layers still shard over all data-parallel GPUs. Empty: over all of them."));
    expertShard->setAllowEmpty(true, 0);
    addCount(form, Field::RecomputeEvery, tr("Checkpoint every N-th layer:"),
             tr("Under full checkpointing, only layers N, 2N, ... keep just their input (torchtitan's layer-level "
                "selective checkpointing); the others keep everything. 1: every layer."));
    addCount(form, Field::RecomputeLayers, tr("Megatron recompute layers:"),
             tr("Megatron's --recompute-num-layers under full checkpointing; 0: every layer, one a checkpoint."));
    m_recomputeMethod = new QComboBox(m_advancedBody);
    m_recomputeMethod->addItem(tr("Uniform: every layer, in groups of N"), static_cast<int>(RecomputeMethod::Uniform));
    m_recomputeMethod->addItem(tr("Block: the first N layers of each stage"), static_cast<int>(RecomputeMethod::Block));
    m_recomputeMethod->setToolTip(tr("Megatron's --recompute-method: uniform keeps one input per group of N layers and rebuilds "
                                     "a group at once; block checkpoints the first N layers of each stage and keeps the rest whole."));
    form->addRow(tr("Megatron recompute method:"), m_recomputeMethod);
    connect(m_recomputeMethod, &QComboBox::activated, this, [this](int index) {
        const auto m = static_cast<RecomputeMethod>(m_recomputeMethod->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("Recompute method: %1").arg(m_recomputeMethod->itemText(index)),
                         [m](ScenarioSpec &s) { s.scenario.training.recomputeMethod = m; });
    });
    m_contextKind = new QComboBox(m_advancedBody);
    for (ContextParallelKind k : { ContextParallelKind::StackDefault, ContextParallelKind::Ring, ContextParallelKind::AllGather,
                                   ContextParallelKind::Ulysses })
        m_contextKind->addItem(Labels::contextParallelKind(k), static_cast<int>(k));
    m_contextKind->setToolTip(tr("How context-parallel attention exchanges K and V: ring (Transformer Engine, Megatron's "
                                 "default), all-gather (torch's FlexAttention path, torchtitan) or all-to-all (DeepSpeed "
                                 "Ulysses). The stack's own by default."));
    form->addRow(tr("Context-parallel attention:"), withError(Field::ContextParallelKind, m_contextKind));
    connect(m_contextKind, &QComboBox::activated, this, [this](int index) {
        const auto k = static_cast<ContextParallelKind>(m_contextKind->itemData(index).toInt());
        m_document->edit(EditKind::ContextParallelKind, tr("Context-parallel attention: %1").arg(Labels::contextParallelKind(k)),
                         [k](ScenarioSpec &s) { s.scenario.parallel.contextKind = k; });
    });
    m_gelu = new QComboBox(m_advancedBody);
    m_gelu->addItem(tr("As the model's code"), static_cast<int>(GeluImpl::ModelDefault));
    m_gelu->addItem(tr("Fused kernel"), static_cast<int>(GeluImpl::Fused));
    m_gelu->addItem(tr("Written out (gelu_new)"), static_cast<int>(GeluImpl::Python));
    m_gelu->setToolTip(tr("A fused GELU saves its input only; HF's gelu_new written out saves four tensors of B×S×F."));
    form->addRow(tr("GELU:"), m_gelu);
    connect(m_gelu, &QComboBox::activated, this, [this](int index) {
        const auto g = static_cast<GeluImpl>(m_gelu->itemData(index).toInt());
        m_document->edit(EditKind::Whole, tr("GELU: %1").arg(m_gelu->itemText(index)),
                         [g](ScenarioSpec &s) { s.scenario.activations.gelu = g; });
    });
    m_capacity = new QLineEdit(m_advancedBody);
    m_capacity->setToolTip(tr("Experts' capacity factor: each expert takes at most ⌈f·k·B·S/E⌉ rows (GShard, DeepSpeed-MoE); "
                              "0 for dropless routing, as Hugging Face routes."));
    form->addRow(tr("Capacity factor:"), withError(Field::CapacityFactor, m_capacity));
    connect(m_capacity, &QLineEdit::editingFinished, this, [this] {
        bool ok = false;
        double f = QLocale().toDouble(m_capacity->text().trimmed(), &ok);
        if (!ok)
            f = QLocale::c().toDouble(m_capacity->text().trimmed(), &ok);
        if (!ok) {
            m_textErrors[Field::CapacityFactor] = tr("%1: \"%2\" is not a number; allowed: 0 (dropless) to 1000")
                                                          .arg(Labels::field(Field::CapacityFactor), m_capacity->text());
            showErrors();
            return;
        }
        m_textErrors.erase(Field::CapacityFactor);
        if (!m_document->edit(EditKind::Whole, tr("Change %1").arg(Labels::field(Field::CapacityFactor)),
                              [f](ScenarioSpec &s) { s.scenario.activations.capacityFactor = f; }))
            showErrors();
    });
    column->addWidget(box);
    return form;
}

void InputPane::refreshAdvanced()
{
    const Scenario &s = m_document->draft().scenario;
    selectData(m_stateDtype, s.training.precision.stateDtype);
    {
        const Recipe r = s.training.precision.recipe;
        const bool masterRecipe = r == Recipe::Fp16Master || r == Recipe::Bf16Master;
        m_masterDtype->setCurrentIndex(s.training.precision.masterDtype != Dtype::Fp32 ? 1 : 0);
        m_masterDtype->setEnabled(masterRecipe || s.training.precision.masterDtype != Dtype::Fp32);
    }
    m_gradBuffer->setChecked(s.training.precision.fp32GradBuffer);
    m_fp8AllGather->setChecked(s.training.precision.fp8AllGather);
    m_fp8AllGather->setEnabled(s.training.precision.fp8 == Fp8Recipe::Tensorwise || s.training.precision.fp8AllGather);
    auto show = [this](Field f, Count v) {
        if (!m_textErrors.count(f))
            countField(f)->setValue(v);
    };
    show(Field::CudaContext, countOf(s.overhead.cudaContext));
    show(Field::AllocatorReserve, countOf(s.overhead.allocatorReserve));
    m_expandable->setChecked(s.overhead.expandableSegments);
    selectData(m_loadPath, s.overhead.loadPath);
    selectData(m_compared, s.gpu.compared);
    show(Field::GpusPerNode, s.parallel.gpusPerNode);
    show(Field::ReduceBucket, s.parallel.reduceBucket);
    show(Field::PrefetchBucket, s.stack.prefetchBucket);
    show(Field::PersistenceThreshold, s.stack.persistenceThreshold);
    show(Field::MaxLiveParameters, s.stack.maxLiveParameters);
    show(Field::VirtualStages, s.stack.virtualStages);
    show(Field::RecomputeEvery, s.training.recomputeEvery);
    show(Field::ShardGroup, s.parallel.shardGroup);
    show(Field::ExpertShard, s.parallel.expertShard);
    show(Field::RecomputeLayers, s.training.recomputeLayers);
    selectData(m_recomputeMethod, s.training.recomputeMethod);
    m_recomputeMethod->setEnabled(s.training.recomputeLayers > 0);
    // The stack's sized defaults as placeholders, so that "empty" says what it means.
    const StackChoices c = resolveStack(m_document->scenario());
    countField(Field::AllocatorReserve)->setPlaceholderText(tr("emulated"));
    countField(Field::ReduceBucket)->setPlaceholderText(tr("the stack's: %1").arg(QLocale().toString(qint64(c.reduceBucket))));
    countField(Field::PrefetchBucket)->setPlaceholderText(tr("the stack's: %1").arg(QLocale().toString(qint64(c.prefetchBucket))));
    countField(Field::PersistenceThreshold)
            ->setPlaceholderText(tr("the stack's: %1").arg(QLocale().toString(qint64(c.persistenceThreshold))));
    countField(Field::MaxLiveParameters)->setPlaceholderText(tr("the stack's: %1").arg(QLocale().toString(qint64(c.maxLiveParameters))));
    m_zeroInit->setChecked(s.stack.zeroInit);
    m_distributedOptimizer->setChecked(s.stack.distributedOptimizer);
    m_packed->setChecked(s.training.packed);
    selectData(m_gelu, s.activations.gelu);
    if (!m_textErrors.count(Field::CapacityFactor)) {
        bool ok = false;
        const double shown = QLocale().toDouble(m_capacity->text().trimmed(), &ok);
        if (!ok || shown != s.activations.capacityFactor)
            m_capacity->setText(QLocale().toString(s.activations.capacityFactor));
    }
    m_capacity->setEnabled(s.model.moe.enabled());
    if (!m_textErrors.count(Field::PipelineLayers)) {
        const QString split = QString::fromStdString(pipelineSplitText(s.parallel));
        if (m_pipelineLayers->text() != split)
            m_pipelineLayers->setText(split);
    }
    m_pipelineLayers->setEnabled(s.parallel.pipelineParallel > 1 || s.parallel.pipelineSplit != PipelineSplit::Even);
    // A file that sets any of these opens the group, so the cause of its numbers is in view.
    const bool nonDefault = s.training.precision.fp32GradBuffer || s.training.precision.fp8AllGather || s.training.precision.masterDtype != Dtype::Fp32 || s.parallel.reduceBucket >= 0 || s.stack.prefetchBucket >= 0
            || s.stack.persistenceThreshold >= 0 || s.stack.maxLiveParameters >= 0 || !s.stack.zeroInit
            || s.stack.distributedOptimizer || s.stack.virtualStages != 1 || s.parallel.pipelineSplit != PipelineSplit::Even || s.training.packed || s.activations.gelu != GeluImpl::ModelDefault
            || s.activations.capacityFactor != 0.0 || s.overhead.cudaContext != RuntimeOverhead{}.cudaContext
            || s.overhead.allocatorReserve != RuntimeOverhead{}.allocatorReserve || s.overhead.expandableSegments
            || s.overhead.loadPath != LoadPath::Direct || s.gpu.compared != PeakFigure::Device;
    if (nonDefault && !m_advancedToggle->isChecked())
        m_advancedToggle->setChecked(true);
}

} // namespace headroom
