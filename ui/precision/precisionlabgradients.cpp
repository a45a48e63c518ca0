// The precision lab's gradient-range page: a gradient distribution on each format's number line, and how a loss scale moves it.

#include "precisionlabpanel.h"

#include <headroom/io/histogramfile.h>

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

QWidget *PrecisionLabPanel::buildGradientPage()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);

    layout->addWidget(mutedLabel(tr("Gradient magnitudes |g| spread over many decades. Each line shows a format's range "
                                    "(red: rounds to zero, orange: subnormal, green: normal, purple: overflow) with the "
                                    "distribution of loss-scaled gradients over it."),
                                 page));

    auto *form = new QGridLayout;
    auto *medianName = new QLabel(tr("&Median |g|:"), page);
    m_medianSlider = new QSlider(Qt::Horizontal, page);
    m_medianSlider->setObjectName(QStringLiteral("medianSlider"));
    m_medianSlider->setRange(kMedianMin, kMedianMax);
    m_medianSlider->setToolTip(tr("The median gradient magnitude before scaling (1e-12 to 100, in tenths of a decade)."));
    medianName->setBuddy(m_medianSlider);
    m_medianLabel = new QLabel(page);
    m_medianLabel->setMinimumWidth(fontMetrics().horizontalAdvance(tr("spread 5.0 decades")));

    auto *spreadName = new QLabel(tr("&Spread:"), page);
    m_spreadSlider = new QSlider(Qt::Horizontal, page);
    m_spreadSlider->setObjectName(QStringLiteral("spreadSlider"));
    m_spreadSlider->setRange(kSpreadMin, kSpreadMax);
    m_spreadSlider->setToolTip(tr("Standard deviation of log10 |g|: how many decades the gradients span (0.1 to 5)."));
    spreadName->setBuddy(m_spreadSlider);
    m_spreadLabel = new QLabel(page);

    auto *scaleName = new QLabel(tr("&Loss scale:"), page);
    m_scaleSlider = new QSlider(Qt::Horizontal, page);
    m_scaleSlider->setObjectName(QStringLiteral("lossScaleSlider"));
    m_scaleSlider->setRange(0, kScaleMaxExponent);
    m_scaleSlider->setPageStep(4);
    m_scaleSlider->setTickPosition(QSlider::TicksBelow);
    m_scaleSlider->setTickInterval(4);
    m_scaleSlider->setToolTip(tr("Multiply the loss, and so every gradient, by 2^n before it is stored (2^0 = no scaling, up to 2^24). "
                                 "GradScaler starts at 2^16."));
    scaleName->setBuddy(m_scaleSlider);
    m_scaleLabel = new QLabel(page);

    form->addWidget(medianName, 0, 0);
    form->addWidget(m_medianSlider, 0, 1);
    form->addWidget(m_medianLabel, 0, 2);
    form->addWidget(spreadName, 1, 0);
    form->addWidget(m_spreadSlider, 1, 1);
    form->addWidget(m_spreadLabel, 1, 2);
    form->addWidget(scaleName, 2, 0);
    form->addWidget(m_scaleSlider, 2, 1);
    form->addWidget(m_scaleLabel, 2, 2);
    form->setColumnStretch(1, 1);
    layout->addLayout(form);

    auto *sourceRow = new QHBoxLayout;
    m_sourceLabel = new QLabel(page);
    m_sourceLabel->setWordWrap(true);
    m_loadHistogram = new QPushButton(tr("Load histogram…"), page);
    m_loadHistogram->setObjectName(QStringLiteral("loadHistogram"));
    m_loadHistogram->setToolTip(tr("Use a measured histogram of |g| instead: a text file with one bin per line, "
                                   "\"lower,upper,count\" (commas, semicolons, tabs or spaces)."));
    m_useLogNormal = new QPushButton(tr("Use log-normal"), page);
    m_useLogNormal->setToolTip(tr("Go back to the log-normal model set by the median and spread sliders."));
    m_useLogNormal->setEnabled(false);
    sourceRow->addWidget(m_sourceLabel, 1);
    sourceRow->addWidget(m_loadHistogram);
    sourceRow->addWidget(m_useLogNormal);
    layout->addLayout(sourceRow);

    m_distributionProblem = problemLabel(page);
    m_distributionProblem->setObjectName(QStringLiteral("distributionProblem"));
    layout->addWidget(m_distributionProblem);

    for (std::size_t i = 0; i < kLineOrder.size(); ++i) {
        const NumberFormat f = kLineOrder[i];
        auto *line = new NumberLineView(page);
        line->setObjectName(QStringLiteral("numberLine-") + QLatin1String(formatKey(f).data()));
        m_lines[storageIndex(f)] = line;
        layout->addWidget(line);
    }

    m_rangeSummary = new QLabel(page);
    m_rangeSummary->setObjectName(QStringLiteral("rangeSummary"));
    m_rangeSummary->setWordWrap(true);
    m_rangeSummary->setTextFormat(Qt::RichText);
    layout->addWidget(m_rangeSummary);
    layout->addStretch(1);

    syncDistributionSliders();
    m_scaleSlider->setValue(0);
    connect(m_medianSlider, &QSlider::valueChanged, this, &PrecisionLabPanel::onDistributionSlidersMoved);
    connect(m_spreadSlider, &QSlider::valueChanged, this, &PrecisionLabPanel::onDistributionSlidersMoved);
    connect(m_scaleSlider, &QSlider::valueChanged, this, &PrecisionLabPanel::onLossScaleSliderMoved);
    connect(m_loadHistogram, &QPushButton::clicked, this, &PrecisionLabPanel::chooseHistogramFile);
    connect(m_useLogNormal, &QPushButton::clicked, this, &PrecisionLabPanel::useLogNormal);
    return page;
}

void PrecisionLabPanel::syncDistributionSliders()
{
    const QSignalBlocker a(m_medianSlider);
    const QSignalBlocker b(m_spreadSlider);
    m_medianSlider->setValue(int(std::lround(std::log10(m_logNormal.median) * 10)));
    m_spreadSlider->setValue(int(std::lround(m_logNormal.sigmaDecades * 10)));
}

int PrecisionLabPanel::lossScaleExponent() const
{
    return m_scaleSlider->value();
}

double PrecisionLabPanel::lossScale() const
{
    return std::ldexp(1.0, lossScaleExponent());
}

FormatShares PrecisionLabPanel::shownShares(NumberFormat format) const
{
    return m_shares[storageIndex(format)];
}

NumberLineView *PrecisionLabPanel::numberLine(NumberFormat format) const
{
    if (format == NumberFormat::Tf32)
        return nullptr;
    return m_lines[storageIndex(format)];
}

BitPatternView *PrecisionLabPanel::bitPattern(NumberFormat format) const
{
    return m_rows[rowIndex(format)].bits;
}

void PrecisionLabPanel::setDistribution(const LogNormalMagnitudes &model)
{
    if (const auto issue = validateDistribution(model, lossScale())) {
        QString what;
        switch (issue->field) {
        case DistributionField::Median:
            what = tr("Median |g| must be between %1 and %2.").arg(PrecisionText::shortNumber(issue->min), PrecisionText::shortNumber(issue->max));
            break;
        case DistributionField::Spread:
            what = tr("Spread must be between %1 and %2 decades.").arg(PrecisionText::shortNumber(issue->min), PrecisionText::shortNumber(issue->max));
            break;
        case DistributionField::LossScale:
            what = tr("Loss scale must be between %1 and %2.").arg(PrecisionText::shortNumber(issue->min), PrecisionText::shortNumber(issue->max));
            break;
        }
        m_distributionProblem->setText(what);
        m_distributionProblem->show();
        return;
    }
    m_distributionProblem->hide();
    m_logNormal = model;
    m_histogram.reset();
    m_useLogNormal->setEnabled(false);
    syncDistributionSliders();
    refreshNumberLines();
}

void PrecisionLabPanel::setLossScaleExponent(int exponent)
{
    m_scaleSlider->setValue(std::clamp(exponent, 0, kScaleMaxExponent));
}

void PrecisionLabPanel::onDistributionSlidersMoved()
{
    const LogNormalMagnitudes model { std::pow(10.0, m_medianSlider->value() / 10.0), m_spreadSlider->value() / 10.0 };
    setDistribution(model);
}

void PrecisionLabPanel::onLossScaleSliderMoved()
{
    refreshNumberLines();
}

void PrecisionLabPanel::chooseHistogramFile()
{
    auto *dialog = new QFileDialog(this, tr("Histogram of gradient magnitudes"), QString(),
                                   tr("Histogram files (*.csv *.tsv *.txt);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString &path) { loadHistogram(path); });
    dialog->open();
}

bool PrecisionLabPanel::loadHistogram(const QString &path)
{
    HistogramParseResult result = readHistogramFile(path);
    if (result.error != HistogramError::None) {
        m_distributionProblem->setText(tr("%1: %2").arg(QFileInfo(path).fileName(), PrecisionText::histogramError(result)));
        m_distributionProblem->show();
        return false;
    }
    m_distributionProblem->hide();
    m_histogram = std::move(result.histogram);
    m_histogramName = QFileInfo(path).fileName();
    m_useLogNormal->setEnabled(true);
    m_medianSlider->setEnabled(false);
    m_spreadSlider->setEnabled(false);
    refreshNumberLines();
    return true;
}

void PrecisionLabPanel::useLogNormal()
{
    m_histogram.reset();
    m_useLogNormal->setEnabled(false);
    m_medianSlider->setEnabled(true);
    m_spreadSlider->setEnabled(true);
    refreshNumberLines();
}

void PrecisionLabPanel::refreshNumberLines()
{
    if (!m_lines[0])
        return; // still building the pages
    const double scale = lossScale();
    const MagnitudeModel model = m_histogram ? MagnitudeModel(*m_histogram) : MagnitudeModel(m_logNormal);

    m_medianLabel->setText(tr("%1").arg(PrecisionText::shortNumber(m_logNormal.median, 2)));
    m_spreadLabel->setText(tr("%1 decades").arg(QLocale().toString(m_logNormal.sigmaDecades, 'f', 1)));
    m_scaleLabel->setText(PrecisionText::powerOfTwo(lossScaleExponent()));
    if (m_histogram) {
        m_sourceLabel->setText(tr("Histogram %1: %2 bins, %3 values.")
                                       .arg(m_histogramName, QLocale().toString(qlonglong(m_histogram->bins.size())),
                                            PrecisionText::shortNumber(m_histogram->totalWeight, 6)));
    } else {
        m_sourceLabel->setText(tr("Log-normal: median %1, spread %2 decades.")
                                       .arg(PrecisionText::shortNumber(m_logNormal.median, 2),
                                            QLocale().toString(m_logNormal.sigmaDecades, 'f', 1)));
    }

    const Log10Range support = log10Support(model, scale);
    const double axisLow = std::max(kAxisLimitLow, std::min(kAxisLow, std::floor(support.low)));
    const double axisHigh = std::min(kAxisLimitHigh, std::max(kAxisHigh, std::ceil(support.high)));

    QVector<QPointF> density;
    density.reserve(kDensitySamples + 1);
    double peak = 0;
    for (int i = 0; i <= kDensitySamples; ++i) {
        const double x = axisLow + (axisHigh - axisLow) * i / kDensitySamples;
        const double y = densityPerDecade(model, scale, x);
        density.append(QPointF(x, y));
        peak = std::max(peak, y);
    }

    std::optional<double> marker;
    if (m_value && std::isfinite(*m_value) && *m_value != 0)
        marker = std::log10(std::fabs(*m_value));

    for (std::size_t i = 0; i < kLineOrder.size(); ++i) {
        const NumberFormat f = kLineOrder[i];
        const FormatConstants k = formatConstants(f);
        NumberLineData d;
        d.format = f;
        d.axisLow = axisLow;
        d.axisHigh = axisHigh;
        d.zeroBound = std::log10(k.underflowBound);
        d.normalBound = std::log10(k.normalBound);
        d.overflowBound = std::log10(k.overflowBound);
        d.density = density;
        d.peakDensity = peak > 0 ? peak : 1;
        d.shares = formatShares(model, f, scale);
        if (lossScaleExponent() != 0)
            d.unscaledShares = formatShares(model, f, 1.0);
        d.marker = marker;
        d.showAxisLabels = i + 1 == kLineOrder.size();
        m_shares[storageIndex(f)] = d.shares;
        m_lines[storageIndex(f)]->setData(d);
    }

    const FormatShares fp16 = m_shares[storageIndex(NumberFormat::Fp16)];
    const FormatShares bf16 = m_shares[storageIndex(NumberFormat::Bf16)];
    // Rich text: "< 0.01 %" must not open a tag.
    const auto share = [](double v) { return PrecisionText::share(v).toHtmlEscaped(); };
    QString summary;
    if (lossScaleExponent() == 0) {
        summary = tr("<b>Without loss scaling, FP16 flushes %1 of these gradients to zero</b> and keeps %2 only as "
                     "subnormals; BF16 flushes %3. Move the loss scale to bring FP16's share back.")
                          .arg(share(fp16.flushToZero), share(fp16.subnormal),
                               share(bf16.flushToZero));
    } else {
        const FormatShares unscaled = formatShares(model, NumberFormat::Fp16, 1.0);
        summary = tr("<b>At loss scale %1, FP16 flushes %2 to zero</b> (%3 without scaling), keeps %4 as subnormals and "
                     "overflows %5; BF16 flushes %6.")
                          .arg(PrecisionText::powerOfTwo(lossScaleExponent()), share(fp16.flushToZero),
                               share(unscaled.flushToZero), share(fp16.subnormal),
                               share(fp16.overflow), share(bf16.flushToZero));
    }
    m_rangeSummary->setText(summary);
    emit sharesChanged();
}

// ---------------------------------------------------------------------------------------------
// Loss-scaling page

} // namespace headroom
