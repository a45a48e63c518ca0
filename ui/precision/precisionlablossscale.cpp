// The precision lab's loss-scaling page: GradScaler's dynamic scale over a simulated run.

#include "precisionlabpanel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include "bitpatternview.h"
#include "lossscalechart.h"
#include "numberlineview.h"
#include "precisionlabparts.h"
#include "precisiontext.h"
#include "updateorderdiagram.h"

namespace headroom {

using namespace precisionlab;

QWidget *PrecisionLabPanel::buildLossScalePage()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);

    layout->addWidget(mutedLabel(tr("torch.cuda.amp.GradScaler: an inf/NaN in the scaled gradients skips the step and "
                                    "halves the scale; 2000 clean steps in a row double it."),
                                 page));

    auto *presetRow = new QHBoxLayout;
    auto *presetLabel = new QLabel(tr("&Scenario:"), page);
    m_simPreset = new QComboBox(page);
    m_simPreset->setObjectName(QStringLiteral("simulationPreset"));
    m_simPreset->addItems({ tr("Healthy FP16 run"), tr("Occasional gradient spikes"), tr("Learning-rate blow-up at step 3000"),
                            tr("BF16, same gradients"), tr("Custom") });
    m_simPreset->setToolTip(tr("Ready-made gradient histories; any change below makes it Custom."));
    presetLabel->setBuddy(m_simPreset);
    presetRow->addWidget(presetLabel);
    presetRow->addWidget(m_simPreset, 1);
    layout->addLayout(presetRow);

    auto *settings = new QGroupBox(tr("Simulation"), page);
    auto *grid = new QGridLayout(settings);
    auto addField = [grid, settings](int row, int col, const QString &label, QWidget *field, const QString &tip) {
        addGridField(grid, settings, row, col, label, field, tip);
    };

    m_steps = new QSpinBox(settings);
    m_steps->setObjectName(QStringLiteral("simulationSteps"));
    m_steps->setRange(10, 200000);
    m_steps->setSingleStep(1000);
    m_simFormat = new QComboBox(settings);
    for (NumberFormat f : { NumberFormat::Fp16, NumberFormat::Bf16, NumberFormat::Fp8E5M2, NumberFormat::Fp8E4M3, NumberFormat::Fp32 })
        m_simFormat->addItem(PrecisionText::formatName(f), int(f));
    m_growthInterval = new QSpinBox(settings);
    m_growthInterval->setRange(1, 100000);
    m_initScaleExponent = new QSpinBox(settings);
    m_initScaleExponent->setRange(0, 32);
    m_initScaleExponent->setPrefix(tr("2^"));
    m_maxGradient = new QDoubleSpinBox(settings);
    m_maxGradient->setDecimals(4);
    m_maxGradient->setRange(0.0001, 10000);
    m_noise = new QDoubleSpinBox(settings);
    m_noise->setDecimals(2);
    m_noise->setRange(0, 2);
    m_noise->setSingleStep(0.05);
    m_noise->setSuffix(tr(" dec."));
    m_spikePercent = new QDoubleSpinBox(settings);
    m_spikePercent->setDecimals(2);
    m_spikePercent->setRange(0, 20);
    m_spikePercent->setSingleStep(0.05);
    m_spikePercent->setSuffix(tr(" %"));
    m_spikeFactor = new QDoubleSpinBox(settings);
    m_spikeFactor->setDecimals(0);
    m_spikeFactor->setRange(1, 1e9);
    m_spikeFactor->setPrefix(tr("×"));
    m_blowUp = new QCheckBox(tr("LR blow-up from step"), settings);
    m_blowUp->setObjectName(QStringLiteral("blowUp"));
    m_blowUp->setToolTip(tr("From this step on the gradients grow geometrically, as when the learning rate is too high."));
    m_blowUpStep = new QSpinBox(settings);
    m_blowUpStep->setRange(0, 200000);
    m_blowUpStep->setToolTip(m_blowUp->toolTip());
    m_blowUpRate = new QDoubleSpinBox(settings);
    m_blowUpRate->setDecimals(3);
    m_blowUpRate->setRange(1.0, 2.0);
    m_blowUpRate->setSingleStep(0.005);
    m_blowUpRate->setPrefix(tr("×"));
    m_seed = new QSpinBox(settings);
    m_seed->setRange(0, 1000000);

    addField(0, 0, tr("Ste&ps:"), m_steps, tr("Training steps to simulate (10 to 200,000)."));
    addField(0, 1, tr("&Format:"), m_simFormat, tr("The format the scaled gradients are held in; inf means scale × max|g| overflows it."));
    addField(1, 0, tr("&Growth interval:"), m_growthInterval, tr("Clean steps in a row before the scale doubles (GradScaler: 2000)."));
    addField(1, 1, tr("&Initial scale:"), m_initScaleExponent, tr("GradScaler starts at 2^16."));
    addField(2, 0, tr("Typical max |&g|:"), m_maxGradient, tr("The largest unscaled gradient magnitude in a typical step."));
    addField(2, 1, tr("&Noise:"), m_noise, tr("Step-to-step spread of log10 max|g|, in decades."));
    addField(3, 0, tr("Spi&kes:"), m_spikePercent, tr("Chance per step of a gradient spike (a bad batch)."));
    addField(3, 1, tr("Spike si&ze:"), m_spikeFactor, tr("How much a spike multiplies max|g|."));
    grid->addWidget(m_blowUp, 4, 0);
    grid->addWidget(m_blowUpStep, 4, 1);
    auto *rateLabel = new QLabel(tr("&Rate per step:"), settings);
    rateLabel->setBuddy(m_blowUpRate);
    m_blowUpRate->setToolTip(tr("Growth of max|g| per step during the blow-up."));
    grid->addWidget(rateLabel, 4, 2);
    grid->addWidget(m_blowUpRate, 4, 3);
    addField(5, 0, tr("S&eed:"), m_seed, tr("Seed of the gradient noise; the same seed gives the same run."));
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    layout->addWidget(settings);

    m_chart = new LossScaleChart(page);
    m_chart->setObjectName(QStringLiteral("lossScaleChart"));
    layout->addWidget(m_chart, 1);

    m_traceSummary = new QLabel(page);
    m_traceSummary->setObjectName(QStringLiteral("traceSummary"));
    m_traceSummary->setWordWrap(true);
    layout->addWidget(m_traceSummary);
    m_diagnostics = new QLabel(page);
    m_diagnostics->setObjectName(QStringLiteral("diagnostics"));
    m_diagnostics->setWordWrap(true);
    m_diagnostics->setTextFormat(Qt::RichText);
    layout->addWidget(m_diagnostics);

    connect(m_simPreset, &QComboBox::activated, this, &PrecisionLabPanel::applySimulationPreset);
    auto custom = [this] {
        if (m_simPreset->currentIndex() != Custom) {
            const QSignalBlocker block(m_simPreset);
            m_simPreset->setCurrentIndex(Custom);
        }
        rerunSimulation();
    };
    for (QSpinBox *s : { m_steps, m_growthInterval, m_initScaleExponent, m_blowUpStep, m_seed })
        connect(s, &QSpinBox::valueChanged, this, custom);
    for (QDoubleSpinBox *s : { m_maxGradient, m_noise, m_spikePercent, m_spikeFactor, m_blowUpRate })
        connect(s, &QDoubleSpinBox::valueChanged, this, custom);
    connect(m_simFormat, &QComboBox::currentIndexChanged, this, custom);
    connect(m_blowUp, &QCheckBox::toggled, this, custom);
    return page;
}

void PrecisionLabPanel::applySimulationPreset(int index)
{
    if (index == Custom)
        return;
    const GradScalerConfig defaults;
    const GradientModel model;
    // Set every control without triggering a run per control; one run at the end.
    const QList<QWidget *> controls { m_steps, m_simFormat, m_growthInterval, m_initScaleExponent, m_maxGradient, m_noise,
                                      m_spikePercent, m_spikeFactor, m_blowUp, m_blowUpStep, m_blowUpRate, m_seed };
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (QWidget *w : controls)
        blockers.push_back(std::make_unique<QSignalBlocker>(w));
    m_steps->setValue(6000);
    m_growthInterval->setValue(defaults.growthInterval);
    m_initScaleExponent->setValue(16);
    m_maxGradient->setValue(model.baseMaxGradient);
    m_noise->setValue(model.noiseDecades);
    m_spikePercent->setValue(index == Spiky || index == Bf16Run ? 0.2 : 0.0);
    m_spikeFactor->setValue(model.spikeFactor);
    m_blowUp->setChecked(index == BlowUp);
    m_blowUpStep->setValue(3000);
    m_blowUpRate->setValue(1.01);
    m_seed->setValue(1);
    m_simFormat->setCurrentIndex(m_simFormat->findData(int(index == Bf16Run ? NumberFormat::Bf16 : NumberFormat::Fp16)));
    blockers.clear();
    {
        const QSignalBlocker block(m_simPreset);
        m_simPreset->setCurrentIndex(index);
    }
    rerunSimulation();
}

void PrecisionLabPanel::rerunSimulation()
{
    GradScalerConfig config;
    config.initScale = std::ldexp(1.0, m_initScaleExponent->value());
    config.growthInterval = m_growthInterval->value();
    GradientModel model;
    model.baseMaxGradient = m_maxGradient->value();
    model.noiseDecades = m_noise->value();
    model.spikeProbability = m_spikePercent->value() / 100.0;
    model.spikeFactor = m_spikeFactor->value();
    model.blowUpStep = m_blowUp->isChecked() ? m_blowUpStep->value() : -1;
    model.blowUpGrowthPerStep = m_blowUpRate->value();
    model.seed = std::uint64_t(m_seed->value());
    model.format = static_cast<NumberFormat>(m_simFormat->currentData().toInt());
    m_blowUpStep->setEnabled(m_blowUp->isChecked());
    m_blowUpRate->setEnabled(m_blowUp->isChecked());

    // The spin boxes keep every value in range; validation still guards the core's contract.
    if (validateScalerConfig(config) || validateGradientModel(model, m_steps->value())) {
        m_traceSummary->setText(tr("These settings are outside what the simulation accepts."));
        return;
    }
    m_trace = simulateLossScale(config, model, m_steps->value());

    LossScaleSeries series;
    series.steps.reserve(int(m_trace.steps.size()));
    series.log2Scale.reserve(int(m_trace.steps.size()));
    for (const ScaleStep &s : m_trace.steps) {
        const double y = s.scale > 0 ? std::log2(double(s.scale)) : series.floorLog2;
        series.steps.append(s.step);
        series.log2Scale.append(std::max(y, series.floorLog2));
        if (s.skipped) {
            series.skippedSteps.append(s.step);
            series.skippedLog2Scale.append(std::max(y, series.floorLog2));
        }
    }
    series.collapseLog2 = std::log2(collapsedScaleThreshold);
    m_chart->setSeries(series);

    const int steps = int(m_trace.steps.size());
    m_traceSummary->setText(tr("%1 of %2 steps skipped (%3); final scale %4, lowest %5.")
                                    .arg(QLocale().toString(m_trace.skippedSteps), QLocale().toString(steps),
                                         PrecisionText::share(steps > 0 ? double(m_trace.skippedSteps) / steps : 0.0),
                                         PrecisionText::scale(m_trace.finalScale),
                                         PrecisionText::scale(m_trace.minScale)));
    QString html;
    for (const DiagnosticFinding &f : m_trace.diagnostics)
        html += QStringLiteral("<p><span style=\"color:%1\">●</span> %2</p>")
                        .arg(PrecisionText::diagnosticColor(f.code).name(), PrecisionText::diagnostic(f));
    m_diagnostics->setText(html);
    emit traceChanged();
}

// ---------------------------------------------------------------------------------------------
// Update-order page

} // namespace headroom
