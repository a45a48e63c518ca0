// The Hardware group: the GPU, how many, the parallel degrees, ZeRO, offload and the host RAM it needs.

#include "inputpane.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QToolButton>
#include <QLabel>
#include <QVBoxLayout>


#include "byteformat.h"
#include "customgpudialog.h"
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

QFormLayout *InputPane::addHardwareGroup(QVBoxLayout *column)
{
    auto *hardwareBox = new QGroupBox(tr("Hard&ware"), this);
    auto *hardware = new QFormLayout(hardwareBox);
    hardware->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_gpu = new QComboBox(hardwareBox);
    m_gpu->addItem(tr("None (no verdict)"), QString());
    for (const GpuSpec &g : m_document->catalogue().gpus) {
        m_gpu->addItem(g.name, g.id);
        m_gpu->setItemData(m_gpu->count() - 1,
                           tr("%1 as nvidia-smi reports it (%2); BF16: %3")
                                   .arg(formatBytesBoth(g.capacity, DisplayUnit::Binary), g.capacitySource,
                                        g.bf16 ? tr("yes") : tr("no")),
                           Qt::ToolTipRole);
    }
    m_gpu->setToolTip(tr("The GPU whose memory the verdict compares against."));
    m_customGpu = new QToolButton(hardwareBox);
    m_customGpu->setText(tr("Custom…"));
    m_customGpu->setToolTip(tr("A GPU outside the list: its memory, rates, bandwidth and price (saved in the scenario)."));
    auto *gpuRow = new QWidget(hardwareBox);
    auto *gpuRowLayout = new QHBoxLayout(gpuRow);
    gpuRowLayout->setContentsMargins(0, 0, 0, 0);
    gpuRowLayout->addWidget(m_gpu, 1);
    gpuRowLayout->addWidget(m_customGpu);
    hardware->addRow(tr("&GPU:"), gpuRow);
    connect(m_customGpu, &QToolButton::clicked, this, &InputPane::editCustomGpu);
    connect(m_gpu, &QComboBox::activated, this, [this](int index) {
        const QString id = m_gpu->itemData(index).toString();
        // The card outside the catalogue, chosen again.
        if (!m_lastCustomGpu.id.isEmpty() && id == m_lastCustomGpu.id && !m_document->catalogue().gpu(id)) {
            const GpuSpec custom = m_lastCustomGpu;
            m_document->edit(EditKind::Gpu, tr("GPU: %1").arg(m_gpu->itemText(index)), [custom](ScenarioSpec &s) {
                s.customGpu = custom;
                s.gpuId = custom.id;
                s.scenario.gpu.capacity = custom.capacity;
                s.scenario.gpu.supportsBf16 = custom.bf16;
                s.scenario.gpu.supportsFp8 = custom.fp8;
            });
            return;
        }
        const GpuSpec *g = m_document->catalogue().gpu(id);
        m_document->edit(EditKind::Gpu, tr("GPU: %1").arg(m_gpu->itemText(index)), [g](ScenarioSpec &s) {
            s.customGpu = GpuSpec{};
            s.gpuId = g ? g->id : QString();
            s.scenario.gpu.capacity = g ? g->capacity : bytes(0);
            s.scenario.gpu.supportsBf16 = g ? g->bf16 : true;
            s.scenario.gpu.supportsFp8 = g ? g->fp8 : true;
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
    addCount(hardware, Field::ContextParallel, tr("Context parallel c:"),
             tr("Context parallelism: each sequence split over c GPUs, every activation S/c tokens long; attention "
                "exchanges K and V over the group. The model states shard over the data- and context-parallel GPUs."));
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
    return hardware;
}

void InputPane::syncCustomGpuItem(const ScenarioSpec &draft)
{
    if (!draft.customGpu.id.isEmpty())
        m_lastCustomGpu = draft.customGpu;
    int item = -1;
    for (int i = 0; i < m_gpu->count(); ++i)
        if (m_gpu->itemData(i, Qt::UserRole + 1).toBool())
            item = i;
    if (m_lastCustomGpu.id.isEmpty()) {
        if (item >= 0)
            m_gpu->removeItem(item);
        return;
    }
    //: %1 the card's name as the user gave it
    const QString text = tr("%1 (custom)").arg(m_lastCustomGpu.name);
    if (item < 0) {
        m_gpu->addItem(text, m_lastCustomGpu.id);
        item = m_gpu->count() - 1;
        m_gpu->setItemData(item, true, Qt::UserRole + 1);
    }
    m_gpu->setItemText(item, text);
    m_gpu->setItemData(item, m_lastCustomGpu.id);
    m_gpu->setItemData(item, tr("%1, entered as a custom GPU").arg(formatBytesBoth(m_lastCustomGpu.capacity, DisplayUnit::Binary)),
                       Qt::ToolTipRole);
}

void InputPane::editCustomGpu()
{
    CustomGpuDialog dialog(gpuOf(m_document->draft(), m_document->catalogue()), m_document->catalogue(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const GpuSpec g = dialog.gpu();
    m_document->edit(EditKind::Gpu, tr("GPU: %1 (custom)").arg(g.name), [g](ScenarioSpec &s) {
        s.customGpu = g;
        s.gpuId = g.id;
        s.scenario.gpu.capacity = g.capacity;
        s.scenario.gpu.supportsBf16 = g.bf16;
        s.scenario.gpu.supportsFp8 = g.fp8;
    });
}

} // namespace headroom
