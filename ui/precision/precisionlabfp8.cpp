// The precision lab's FP8 training page: one tensor cast to E4M3 (forward) and E5M2 (gradients)
// with a scale per tensor, per row or per MX block of 32, and Transformer Engine's delayed
// scaling over an amax history. Every count comes from the core (numerics/fp8scaling.h).

#include "precisionlabpanel.h"

#include <cmath>
#include <memory>
#include <vector>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>

#include "delayedscalingchart.h"
#include "precisionlabparts.h"
#include "precisiontext.h"

namespace headroom {

using namespace precisionlab;

namespace {

enum Fp8Preset { Activations, Weights, Gradients, CustomTensor };

constexpr std::array<NumberFormat, 2> kFp8Formats { NumberFormat::Fp8E4M3, NumberFormat::Fp8E5M2 };

std::size_t castIndex(NumberFormat format, Fp8Scaling scaling)
{
    const std::size_t f = format == NumberFormat::Fp8E5M2 ? 1 : 0;
    return f * allFp8Scalings.size() + std::size_t(scaling);
}

// Typical shapes (log10 of the median, spreads in decades): activations carry outlier rows
// (Dettmers et al. 2022), weights are narrow, gradients small and wide.
struct TensorShape {
    double log10Median;
    double spread;
    double rowSpread;
};
constexpr TensorShape kShapes[3] = { { -0.3, 0.4, 0.8 }, { -2.0, 0.3, 0.1 }, { -6.0, 0.8, 1.0 } };

} // namespace

QWidget *PrecisionLabPanel::buildFp8Page()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(mutedLabel(tr("FP8 training casts each matmul's inputs to E4M3 in the forward pass and the gradients "
                                    "to E5M2 (or E4M3) in the backward pass. Eight bits cannot hold a tensor's range as it "
                                    "is, so every cast multiplies by a scale first: one per tensor or per row from this "
                                    "step's largest value (torchao), or one power of two per 32 values (MXFP8)."),
                                 page));

    auto *presetRow = new QHBoxLayout;
    auto *presetLabel = new QLabel(tr("&Tensor:"), page);
    m_fp8Preset = new QComboBox(page);
    m_fp8Preset->setObjectName(QStringLiteral("fp8Preset"));
    m_fp8Preset->addItems({ tr("Activations with outlier rows"), tr("Weights"), tr("Gradients"), tr("Custom") });
    m_fp8Preset->setToolTip(tr("Ready-made value distributions; any change below makes it Custom."));
    presetLabel->setBuddy(m_fp8Preset);
    presetRow->addWidget(presetLabel);
    presetRow->addWidget(m_fp8Preset, 1);
    layout->addLayout(presetRow);

    auto *shape = new QGroupBox(tr("Values (64 rows of 256, stored in BF16)"), page);
    auto *shapeGrid = new QGridLayout(shape);
    auto addShapeField = [shapeGrid, shape](int row, const QString &label, QDoubleSpinBox *field, const QString &tip) {
        addGridField(shapeGrid, shape, row, 0, label, field, tip);
    };
    m_fp8Median = new QDoubleSpinBox(shape);
    m_fp8Median->setObjectName(QStringLiteral("fp8Median"));
    m_fp8Median->setDecimals(1);
    m_fp8Median->setRange(std::log10(Fp8Limits::minMedian), std::log10(Fp8Limits::maxMedian));
    m_fp8Median->setSingleStep(0.1);
    m_fp8Median->setPrefix(tr("10^"));
    m_fp8Spread = new QDoubleSpinBox(shape);
    m_fp8Spread->setObjectName(QStringLiteral("fp8Spread"));
    m_fp8Spread->setDecimals(2);
    m_fp8Spread->setRange(0, Fp8Limits::maxSigmaDecades);
    m_fp8Spread->setSingleStep(0.05);
    m_fp8Spread->setSuffix(tr(" dec."));
    m_fp8RowSpread = new QDoubleSpinBox(shape);
    m_fp8RowSpread->setObjectName(QStringLiteral("fp8RowSpread"));
    m_fp8RowSpread->setDecimals(2);
    m_fp8RowSpread->setRange(0, Fp8Limits::maxRowSpreadDecades);
    m_fp8RowSpread->setSingleStep(0.05);
    m_fp8RowSpread->setSuffix(tr(" dec."));
    addShapeField(0, tr("&Median |x|:"), m_fp8Median, tr("The typical magnitude of the values (10^-12 to 10^12)."));
    addShapeField(1, tr("Spread &within a row:"), m_fp8Spread,
                  tr("Standard deviation of log10|x| inside one row, in decades (0 to 2)."));
    addShapeField(2, tr("Spread &between rows:"), m_fp8RowSpread,
                  tr("How far rows sit above or below each other, in decades (0 to 2): outlier rows and channels."));
    shapeGrid->setColumnStretch(1, 1);
    layout->addWidget(shape);
    m_fp8Problem = problemLabel(page);
    layout->addWidget(m_fp8Problem);

    // One table per format: a row per scaling, the same four columns.
    const QString columnTips[kFp8Columns] = {
        tr("Values beyond the format's largest after scaling: saturated to it."),
        tr("Non-zero values stored as zero."),
        tr("Median relative error of the values kept (neither clamped nor flushed), read back through the scale."),
        tr("Bytes of scale per value, on top of FP8's one byte: an FP32 scale per tensor or row, an E8M0 byte per 32 values."),
    };
    const QString columnNames[kFp8Columns] = { tr("Clamped"), tr("Flushed to zero"), tr("Median error"), tr("Scale bytes/value") };
    const QString scalingNames[3] = { tr("Per tensor (tensorwise)"), tr("Per row (rowwise)"), tr("Per 32 values (MXFP8)") };
    for (NumberFormat format : kFp8Formats) {
        const bool forward = format == NumberFormat::Fp8E4M3;
        auto *box = new QGroupBox(forward ? tr("E4M3: weights and activations (forward)") : tr("E5M2: gradients (backward)"), page);
        box->setToolTip(PrecisionText::formatToolTip(format));
        auto *grid = new QGridLayout(box);
        for (std::size_t c = 0; c < kFp8Columns; ++c) {
            auto *head = new QLabel(QStringLiteral("<b>%1</b>").arg(columnNames[c]), box);
            head->setToolTip(columnTips[c]);
            head->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
            grid->addWidget(head, 0, int(c) + 1);
        }
        for (Fp8Scaling scaling : allFp8Scalings) {
            const int row = int(scaling) + 1;
            grid->addWidget(new QLabel(scalingNames[std::size_t(scaling)], box), row, 0);
            for (std::size_t c = 0; c < kFp8Columns; ++c) {
                auto *cell = new QLabel(box);
                cell->setObjectName(QStringLiteral("fp8Cell_%1_%2_%3")
                                            .arg(QString::fromLatin1(formatKey(format).data()),
                                                 QString::fromLatin1(fp8ScalingKey(scaling).data()))
                                            .arg(c));
                cell->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
                cell->setToolTip(columnTips[c]);
                grid->addWidget(cell, row, int(c) + 1);
                m_fp8Cells[castIndex(format, scaling)][c] = cell;
            }
        }
        grid->setColumnStretch(0, 1);
        layout->addWidget(box);
    }

    // Delayed scaling.
    auto *delayed = new QGroupBox(tr("Delayed scaling (Transformer Engine)"), page);
    auto *dLayout = new QVBoxLayout(delayed);
    dLayout->addWidget(mutedLabel(tr("TE's DelayedScaling casts with a scale from the largest amax of the last steps (1024 by "
                                     "default), not this step's: a step whose values beat the whole history clamps, and after "
                                     "a spike the scale stays low until the spike leaves the history."),
                                  delayed));
    auto *dGrid = new QGridLayout;
    auto addField = [dGrid, delayed](int row, int col, const QString &label, QWidget *field, const QString &tip) {
        addGridField(dGrid, delayed, row, col, label, field, tip);
    };
    m_historyLength = new QSpinBox(delayed);
    m_historyLength->setObjectName(QStringLiteral("amaxHistoryLength"));
    m_historyLength->setRange(1, Fp8Limits::maxHistoryLength);
    m_margin = new QSpinBox(delayed);
    m_margin->setRange(0, Fp8Limits::maxMargin);
    m_delayedSteps = new QSpinBox(delayed);
    m_delayedSteps->setRange(1, Fp8Limits::maxSteps);
    m_delayedSteps->setSingleStep(100);
    m_delayedFormat = new QComboBox(delayed);
    for (NumberFormat f : kFp8Formats)
        m_delayedFormat->addItem(PrecisionText::formatName(f), int(f));
    m_delayedNoise = new QDoubleSpinBox(delayed);
    m_delayedNoise->setObjectName(QStringLiteral("delayedNoise"));
    m_delayedNoise->setDecimals(2);
    m_delayedNoise->setRange(0, Fp8Limits::maxNoiseDecades);
    m_delayedNoise->setSingleStep(0.01);
    m_delayedNoise->setSuffix(tr(" dec."));
    m_delayedSpikePercent = new QDoubleSpinBox(delayed);
    m_delayedSpikePercent->setObjectName(QStringLiteral("delayedSpikes"));
    m_delayedSpikePercent->setDecimals(2);
    m_delayedSpikePercent->setRange(0, 100);
    m_delayedSpikePercent->setSingleStep(0.1);
    m_delayedSpikePercent->setSuffix(tr(" %"));
    m_delayedSpikeFactor = new QDoubleSpinBox(delayed);
    m_delayedSpikeFactor->setDecimals(1);
    m_delayedSpikeFactor->setRange(1, 1e6);
    m_delayedSpikeFactor->setPrefix(tr("×"));
    m_delayedSeed = new QSpinBox(delayed);
    m_delayedSeed->setRange(0, 1000000);
    addField(0, 0, tr("&History:"), m_historyLength, tr("amax_history_len: steps whose largest amax sets the scale (TE: 1024)."));
    addField(0, 1, tr("Mar&gin:"), m_margin, tr("The scale is divided by 2^margin to leave headroom (TE: 0)."));
    addField(1, 0, tr("Ste&ps:"), m_delayedSteps, tr("Training steps to simulate (1 to 100,000)."));
    addField(1, 1, tr("&Format:"), m_delayedFormat, tr("The format of the cast."));
    addField(2, 0, tr("&Noise:"), m_delayedNoise, tr("Step-to-step spread of log10 amax, in decades."));
    addField(2, 1, tr("Spi&kes:"), m_delayedSpikePercent, tr("Chance per step of a spike (a bad batch)."));
    addField(3, 0, tr("Spike si&ze:"), m_delayedSpikeFactor, tr("How much a spike multiplies the tensor."));
    addField(3, 1, tr("S&eed:"), m_delayedSeed, tr("Seed of the trace; the same seed gives the same run."));
    dGrid->setColumnStretch(1, 1);
    dGrid->setColumnStretch(3, 1);
    dLayout->addLayout(dGrid);
    m_delayedChart = new DelayedScalingChart(delayed);
    m_delayedChart->setObjectName(QStringLiteral("delayedScalingChart"));
    dLayout->addWidget(m_delayedChart, 1);
    m_delayedSummary = new QLabel(delayed);
    m_delayedSummary->setObjectName(QStringLiteral("delayedSummary"));
    m_delayedSummary->setWordWrap(true);
    dLayout->addWidget(m_delayedSummary);
    layout->addWidget(delayed, 1);

    const DelayedScalingConfig defaults;
    m_historyLength->setValue(defaults.historyLength);
    m_margin->setValue(defaults.margin);
    m_delayedSteps->setValue(defaults.steps);
    m_delayedNoise->setValue(defaults.noiseDecades);
    m_delayedSpikePercent->setValue(defaults.spikeProbability * 100);
    m_delayedSpikeFactor->setValue(defaults.spikeFactor);
    m_delayedSeed->setValue(int(defaults.seed));

    connect(m_fp8Preset, &QComboBox::activated, this, &PrecisionLabPanel::applyFp8Preset);
    for (QDoubleSpinBox *s : { m_fp8Median, m_fp8Spread, m_fp8RowSpread })
        connect(s, &QDoubleSpinBox::valueChanged, this, &PrecisionLabPanel::onFp8ControlsEdited);
    for (QSpinBox *s : { m_historyLength, m_margin, m_delayedSteps, m_delayedSeed })
        connect(s, &QSpinBox::valueChanged, this, &PrecisionLabPanel::rerunDelayedScaling);
    for (QDoubleSpinBox *s : { m_delayedNoise, m_delayedSpikePercent, m_delayedSpikeFactor })
        connect(s, &QDoubleSpinBox::valueChanged, this, &PrecisionLabPanel::rerunDelayedScaling);
    connect(m_delayedFormat, &QComboBox::currentIndexChanged, this, &PrecisionLabPanel::rerunDelayedScaling);
    return page;
}

Fp8CastCounts PrecisionLabPanel::fp8Counts(NumberFormat format, Fp8Scaling scaling) const
{
    return m_fp8Counts[castIndex(format, scaling)];
}

void PrecisionLabPanel::applyFp8Preset(int index)
{
    if (index < 0 || index >= CustomTensor)
        return;
    Fp8TensorModel model = m_fp8Tensor;
    model.median = std::pow(10.0, kShapes[index].log10Median);
    model.sigmaDecades = kShapes[index].spread;
    model.rowSpreadDecades = kShapes[index].rowSpread;
    setFp8Tensor(model);
    const QSignalBlocker block(m_fp8Preset);
    m_fp8Preset->setCurrentIndex(index);
}

void PrecisionLabPanel::onFp8ControlsEdited()
{
    Fp8TensorModel model = m_fp8Tensor;
    model.median = std::pow(10.0, m_fp8Median->value());
    model.sigmaDecades = m_fp8Spread->value();
    model.rowSpreadDecades = m_fp8RowSpread->value();
    {
        const QSignalBlocker block(m_fp8Preset);
        m_fp8Preset->setCurrentIndex(CustomTensor);
    }
    setFp8Tensor(model);
}

void PrecisionLabPanel::setFp8Tensor(const Fp8TensorModel &model)
{
    if (const std::optional<Fp8Issue> issue = validateFp8Tensor(model)) {
        m_fp8Problem->setText(PrecisionText::fp8Issue(*issue));
        m_fp8Problem->show();
        return;
    }
    m_fp8Problem->hide();
    m_fp8Tensor = model;
    {
        const QList<QWidget *> controls { m_fp8Median, m_fp8Spread, m_fp8RowSpread };
        std::vector<std::unique_ptr<QSignalBlocker>> blockers;
        for (QWidget *w : controls)
            blockers.push_back(std::make_unique<QSignalBlocker>(w));
        m_fp8Median->setValue(std::log10(model.median));
        m_fp8Spread->setValue(model.sigmaDecades);
        m_fp8RowSpread->setValue(model.rowSpreadDecades);
    }
    refreshFp8();
    rerunDelayedScaling();
}

void PrecisionLabPanel::refreshFp8()
{
    const std::vector<float> values = sampleFp8Tensor(m_fp8Tensor);
    for (NumberFormat format : kFp8Formats)
        for (Fp8Scaling scaling : allFp8Scalings) {
            const std::size_t i = castIndex(format, scaling);
            const Fp8CastCounts c = castTensorToFp8(values, m_fp8Tensor.rows, m_fp8Tensor.cols, format, scaling);
            m_fp8Counts[i] = c;
            const double n = c.elements > 0 ? double(c.elements) : 1.0;
            m_fp8Cells[i][0]->setText(PrecisionText::share(c.clamped / n));
            m_fp8Cells[i][1]->setText(PrecisionText::share(c.flushedToZero / n));
            m_fp8Cells[i][2]->setText(PrecisionText::share(c.medianRelativeError));
            m_fp8Cells[i][3]->setText(QLocale().toString(c.scaleBytesPerElement(), 'f', 4));
        }
    emit fp8Changed();
}

void PrecisionLabPanel::rerunDelayedScaling()
{
    DelayedScalingConfig config;
    config.historyLength = m_historyLength->value();
    config.margin = m_margin->value();
    config.steps = m_delayedSteps->value();
    config.element = static_cast<NumberFormat>(m_delayedFormat->currentData().toInt());
    config.noiseDecades = m_delayedNoise->value();
    config.spikeProbability = m_delayedSpikePercent->value() / 100.0;
    config.spikeFactor = m_delayedSpikeFactor->value();
    config.seed = std::uint64_t(m_delayedSeed->value());
    // The spin boxes keep every value in range; validation still guards the core's contract.
    if (const std::optional<Fp8Issue> issue = validateDelayedScaling(config)) {
        m_delayedSummary->setText(PrecisionText::fp8Issue(*issue));
        return;
    }
    m_delayed = simulateDelayedScaling(m_fp8Tensor, config);

    const double maxFinite = formatConstants(config.element).maxFinite / std::ldexp(1.0, config.margin);
    DelayedScalingSeries series;
    series.steps.reserve(int(m_delayed.steps.size()));
    for (const DelayedScalingStep &s : m_delayed.steps) {
        const double delayedLog2 = std::log2(double(s.scale));
        series.steps.append(s.step);
        series.log2DelayedScale.append(delayedLog2);
        series.log2CurrentScale.append(s.amax > 0 ? std::log2(maxFinite / s.amax) : delayedLog2);
        if (s.clampedShare > 0) {
            series.clampedSteps.append(s.step);
            series.clampedLog2Scale.append(delayedLog2);
        }
    }
    m_delayedChart->setSeries(series);
    m_delayedSummary->setText(tr("Delayed scaling clamped values in %1 of %2 steps (at worst %3 of the tensor) and flushed "
                                 "at worst %4 of it to zero. Current scaling, from each step's own amax, clamps nothing; "
                                 "it pays with an amax reduction before every cast.")
                                      .arg(QLocale().toString(m_delayed.stepsWithClamping),
                                           QLocale().toString(int(m_delayed.steps.size())),
                                           PrecisionText::share(m_delayed.worstClampedShare),
                                           PrecisionText::share(m_delayed.worstFlushedShare)));
    emit fp8Changed();
}

} // namespace headroom
