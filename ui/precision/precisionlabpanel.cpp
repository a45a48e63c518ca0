#include "precisionlabpanel.h"

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
#include "precisiontext.h"
#include "updateorderdiagram.h"

namespace headroom {

namespace {

// The number lines, most telling first: FP16 against BF16 is the lab's point.
constexpr std::array<NumberFormat, 5> kLineOrder {
    NumberFormat::Fp16, NumberFormat::Bf16, NumberFormat::Fp8E5M2, NumberFormat::Fp8E4M3, NumberFormat::Fp32,
};

std::size_t storageIndex(NumberFormat f)
{
    for (std::size_t i = 0; i < storageNumberFormats.size(); ++i)
        if (storageNumberFormats[i] == f)
            return i;
    return 0;
}

std::size_t rowIndex(NumberFormat f)
{
    for (std::size_t i = 0; i < allNumberFormats.size(); ++i)
        if (allNumberFormats[i] == f)
            return i;
    return 0;
}

// Slider positions: tenths of a decade for the median and the spread.
constexpr int kMedianMin = -120; // 1e-12
constexpr int kMedianMax = 20;   // 1e2
constexpr int kSpreadMin = 1;    // 0.1 decades
constexpr int kSpreadMax = 50;   // 5 decades
constexpr int kScaleMaxExponent = 24;

// Axis of the number lines: always at least FP16's and FP8's whole range, widened to hold the
// distribution, never beyond FP32's.
constexpr double kAxisLow = -14;
constexpr double kAxisHigh = 8;
constexpr double kAxisLimitLow = -46;
constexpr double kAxisLimitHigh = 40;
constexpr int kDensitySamples = 240;

struct Example {
    const char *label;
    double value;
};

const Example kExamples[] = {
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Small gradient, 2e-8: FP16 flushes it to zero"), 2e-8 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Typical gradient, 3e-6: FP16 subnormal"), 3e-6 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Weight, 0.0123"), 0.0123 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Activation, 12.5"), 12.5 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Attention score, 300.7: E4M3 rounds coarsely"), 300.7 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Large activation, 70000: FP16 overflows"), 70000.0 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "1 + 2^-10: FP16 keeps it, BF16 rounds to 1"), 1.0009765625 },
};

enum SimPreset { Healthy, Spiky, BlowUp, Bf16Run, Custom };

QLabel *mutedLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    QPalette pal = label->palette();
    QColor c = pal.color(QPalette::WindowText);
    c.setAlpha(170);
    pal.setColor(QPalette::WindowText, c);
    label->setPalette(pal);
    return label;
}

QLabel *problemLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    QPalette pal = label->palette();
    pal.setColor(QPalette::WindowText, precisioncolors::flushToZero());
    label->setPalette(pal);
    label->hide();
    return label;
}

QWidget *scrollable(QWidget *page)
{
    auto *area = new QScrollArea;
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidget(page);
    return area;
}

// Reads a number typed in the user's locale or in C notation ("3e-8"), or inf/nan.
std::optional<double> parseTypedNumber(const QString &typed)
{
    const QString t = typed.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    const QString lower = t.toLower();
    if (lower == QLatin1String("inf") || lower == QLatin1String("+inf") || lower == QLatin1String("infinity"))
        return std::numeric_limits<double>::infinity();
    if (lower == QLatin1String("-inf") || lower == QLatin1String("-infinity"))
        return -std::numeric_limits<double>::infinity();
    if (lower == QLatin1String("nan"))
        return std::numeric_limits<double>::quiet_NaN();
    bool ok = false;
    double v = QLocale().toDouble(t, &ok);
    if (!ok)
        v = QLocale::c().toDouble(t, &ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

} // namespace

PrecisionLabPanel::PrecisionLabPanel(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("precisionLab"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    m_recommendation = new QLabel(tr("Choose a GPU in the plan to see whether to train in BF16 or in FP16 with a loss scaler."), this);
    m_recommendation->setObjectName(QStringLiteral("recommendation"));
    m_recommendation->setWordWrap(true);
    m_recommendation->setTextFormat(Qt::RichText);
    m_recommendation->setFrameShape(QFrame::StyledPanel);
    m_recommendation->setMargin(6);
    layout->addWidget(m_recommendation);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("precisionTabs"));
    m_tabs->addTab(scrollable(buildFormatsPage()), tr("Formats"));
    m_tabs->addTab(scrollable(buildGradientPage()), tr("Gradient range"));
    m_tabs->addTab(scrollable(buildLossScalePage()), tr("Loss scaling"));
    m_tabs->addTab(scrollable(buildUpdateOrderPage()), tr("Update order"));
    m_tabs->setTabToolTip(0, tr("How one value is stored in each format: bits, stored value, error, class."));
    m_tabs->setTabToolTip(1, tr("Where a distribution of gradient magnitudes falls in each format's range, and what a loss scale does."));
    m_tabs->setTabToolTip(2, tr("GradScaler's dynamic loss scale over a simulated run, with the diagnostics of the training-memory guide «显存都去哪儿了» (section 3.5)."));
    m_tabs->setTabToolTip(3, tr("The order of a mixed-precision update, and what clipping before unscaling does."));
    layout->addWidget(m_tabs, 1);

    setValue(3e-6);
    refreshNumberLines();
    applySimulationPreset(Healthy);
    refreshClip();
}

PrecisionLabPanel::~PrecisionLabPanel() = default;

// ---------------------------------------------------------------------------------------------
// Formats page

QWidget *PrecisionLabPanel::buildFormatsPage()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);

    auto *valueRow = new QHBoxLayout;
    auto *valueLabel = new QLabel(tr("&Value:"), page);
    m_valueEdit = new QLineEdit(page);
    m_valueEdit->setObjectName(QStringLiteral("valueEdit"));
    m_valueEdit->setPlaceholderText(tr("e.g. 3e-8, 65504, -0, inf"));
    m_valueEdit->setToolTip(tr("Any number (scientific notation is fine), or inf, -inf, nan. Each format rounds it to nearest, ties to even."));
    valueLabel->setBuddy(m_valueEdit);
    m_examples = new QComboBox(page);
    m_examples->setObjectName(QStringLiteral("valueExamples"));
    m_examples->setToolTip(tr("Typical values from training: gradients, weights, activations."));
    m_examples->addItem(tr("Examples…"));
    for (const Example &e : kExamples)
        m_examples->addItem(tr(e.label));
    valueRow->addWidget(valueLabel);
    valueRow->addWidget(m_valueEdit, 1);
    valueRow->addWidget(m_examples);
    layout->addLayout(valueRow);

    m_valueProblem = problemLabel(page);
    m_valueProblem->setObjectName(QStringLiteral("valueProblem"));
    layout->addWidget(m_valueProblem);

    auto *legend = new QLabel(page);
    legend->setTextFormat(Qt::RichText);
    legend->setText(tr("<span style=\"color:%1\">■</span> sign &nbsp; <span style=\"color:%2\">■</span> exponent &nbsp; "
                       "<span style=\"color:%3\">■</span> mantissa")
                            .arg(precisioncolors::sign().name(), precisioncolors::exponent().name(), precisioncolors::mantissa().name()));
    layout->addWidget(legend);

    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(2);
    int r = 0;
    for (NumberFormat f : allNumberFormats) {
        FormatRow &row = m_rows[rowIndex(f)];
        row.name = new QLabel(PrecisionText::formatName(f), page);
        QFont bold = row.name->font();
        bold.setBold(true);
        row.name->setFont(bold);
        row.name->setToolTip(PrecisionText::formatToolTip(f));
        row.bits = new BitPatternView(page);
        row.bits->setObjectName(QStringLiteral("bits-") + QLatin1String(formatKey(f).data()));
        row.stored = new QLabel(page);
        row.stored->setTextInteractionFlags(Qt::TextSelectableByMouse);
        row.stored->setToolTip(tr("The value the encoding actually holds."));
        row.error = new QLabel(page);
        row.error->setToolTip(tr("Relative error |stored − value| / |value|, and the spacing (ulp) of the format at the stored value."));
        row.valueClass = new QLabel(page);
        row.valueClass->setToolTip(tr("Normal, subnormal (fewer significant bits), zero, infinity or NaN, and what rounding did."));
        grid->addWidget(row.name, r, 0);
        grid->addWidget(row.bits, r, 1, 1, 2);
        grid->addWidget(row.valueClass, r, 3);
        grid->addWidget(row.stored, r + 1, 1);
        grid->addWidget(row.error, r + 1, 2, 1, 2);
        grid->setRowMinimumHeight(r + 2, 6);
        r += 3;
    }
    grid->setColumnStretch(1, 2);
    grid->setColumnStretch(2, 2);
    grid->setColumnStretch(3, 1);
    layout->addLayout(grid);

    auto *constants = new QGroupBox(tr("Format constants"), page);
    constants->setToolTip(tr("Exact values; ε is the distance from 1 to the next larger value."));
    auto *cgrid = new QGridLayout(constants);
    const QStringList headers { tr("Format"), tr("Largest"), tr("Smallest normal"), tr("Smallest subnormal"), tr("ε"), tr("Digits") };
    for (int c = 0; c < headers.size(); ++c) {
        auto *h = new QLabel(QStringLiteral("<b>%1</b>").arg(headers[c].toHtmlEscaped()), constants);
        cgrid->addWidget(h, 0, c);
    }
    int cr = 1;
    for (NumberFormat f : allNumberFormats) {
        const FormatConstants k = formatConstants(f);
        const QStringList cells { PrecisionText::formatName(f), PrecisionText::shortNumber(k.maxFinite, 5),
                                  PrecisionText::shortNumber(k.minNormal, 4), PrecisionText::shortNumber(k.minSubnormal, 4),
                                  PrecisionText::shortNumber(k.epsilon, 4), QLocale().toString(k.decimalDigits, 'f', 1) };
        for (int c = 0; c < cells.size(); ++c) {
            auto *cell = new QLabel(cells[c], constants);
            cell->setToolTip(PrecisionText::formatToolTip(f));
            cgrid->addWidget(cell, cr, c);
        }
        ++cr;
    }
    layout->addWidget(constants);
    layout->addStretch(1);

    connect(m_valueEdit, &QLineEdit::textEdited, this, &PrecisionLabPanel::onValueEdited);
    connect(m_examples, &QComboBox::activated, this, &PrecisionLabPanel::onExampleChosen);
    return page;
}

void PrecisionLabPanel::setValue(double value)
{
    m_valueEdit->setText(PrecisionText::exactNumber(value));
    m_value = value;
    refreshEncodings();
}

void PrecisionLabPanel::onValueEdited()
{
    m_value = parseTypedNumber(m_valueEdit->text());
    refreshEncodings();
}

void PrecisionLabPanel::onExampleChosen(int index)
{
    if (index <= 0 || index > int(std::size(kExamples)))
        return;
    setValue(kExamples[index - 1].value);
    m_examples->setCurrentIndex(0);
}

void PrecisionLabPanel::refreshEncodings()
{
    if (!m_value) {
        m_valueProblem->setText(m_valueEdit->text().trimmed().isEmpty()
                                        ? tr("Type a value to see how each format stores it.")
                                        : tr("“%1” is not a number. Type a decimal number such as 3e-8 or -65504 "
                                             "(|x| up to 1.8e308), or inf, -inf, nan.")
                                                  .arg(m_valueEdit->text().trimmed()));
        m_valueProblem->show();
        for (FormatRow &row : m_rows) {
            row.stored->clear();
            row.error->clear();
            row.valueClass->clear();
        }
        refreshNumberLines();
        return;
    }
    m_valueProblem->hide();
    for (NumberFormat f : allNumberFormats) {
        FormatRow &row = m_rows[rowIndex(f)];
        const Encoding e = encode(f, *m_value);
        row.bits->setEncoding(f, e.bits);
        row.stored->setText(tr("= %1").arg(PrecisionText::exactNumber(e.stored)));
        if (!e.errorDefined)
            row.error->setText(tr("error: —"));
        else if (e.outcome == RoundingOutcome::Exact)
            row.error->setText(tr("exact · ulp %1").arg(PrecisionText::shortNumber(e.ulp, 3)));
        else
            row.error->setText(tr("rel. error %1 · ulp %2")
                                       .arg(PrecisionText::shortNumber(e.relativeError, 2), PrecisionText::shortNumber(e.ulp, 3)));
        // "flushed to zero" and "overflow" say more than the class they end in.
        QString cls = PrecisionText::valueClass(e.valueClass);
        if (e.outcome == RoundingOutcome::Underflow || e.outcome == RoundingOutcome::Overflow)
            cls = PrecisionText::outcome(e.outcome);
        row.valueClass->setText(cls);
        QColor color = palette().color(QPalette::WindowText);
        if (e.valueClass == ValueClass::Zero && e.outcome == RoundingOutcome::Underflow)
            color = precisioncolors::flushToZero();
        else if (e.valueClass == ValueClass::Subnormal)
            color = precisioncolors::subnormal().darker(130);
        else if (e.outcome == RoundingOutcome::Overflow)
            color = precisioncolors::overflow().darker(130);
        QPalette pal = row.valueClass->palette();
        pal.setColor(QPalette::WindowText, color);
        row.valueClass->setPalette(pal);
    }
    refreshNumberLines();
}

// ---------------------------------------------------------------------------------------------
// Gradient-range page

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
        auto *l = new QLabel(label, settings);
        l->setBuddy(field);
        field->setToolTip(tip);
        l->setToolTip(tip);
        grid->addWidget(l, row, col * 2);
        grid->addWidget(field, row, col * 2 + 1);
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

QWidget *PrecisionLabPanel::buildUpdateOrderPage()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(mutedLabel(tr("Gradients leave backward() multiplied by the loss scale. Clipping must see the true "
                                    "gradients, so scaler.unscale_(optimizer) comes first."),
                                 page));

    m_clipFirst = new QCheckBox(tr("&Clip before unscaling (the common bug)"), page);
    m_clipFirst->setObjectName(QStringLiteral("clipBeforeUnscale"));
    m_clipFirst->setToolTip(tr("Move clip_grad_norm_ before scaler.unscale_() and see what the optimizer then applies."));
    layout->addWidget(m_clipFirst);

    m_diagram = new UpdateOrderDiagram(page);
    m_diagram->setObjectName(QStringLiteral("updateOrderDiagram"));
    layout->addWidget(m_diagram);

    auto *form = new QFormLayout;
    m_trueNorm = new QDoubleSpinBox(page);
    m_trueNorm->setDecimals(3);
    m_trueNorm->setRange(0.001, 1e6);
    m_trueNorm->setValue(5.0);
    m_trueNorm->setToolTip(tr("The gradient norm before any scaling."));
    m_maxNorm = new QDoubleSpinBox(page);
    m_maxNorm->setDecimals(3);
    m_maxNorm->setRange(0.001, 1e6);
    m_maxNorm->setValue(1.0);
    m_maxNorm->setToolTip(tr("clip_grad_norm_'s max_norm."));
    m_clipScaleExponent = new QSpinBox(page);
    m_clipScaleExponent->setRange(0, 32);
    m_clipScaleExponent->setValue(16);
    m_clipScaleExponent->setPrefix(tr("2^"));
    m_clipScaleExponent->setToolTip(tr("The loss scale at this step (GradScaler starts at 2^16)."));
    form->addRow(tr("True gradient &norm:"), m_trueNorm);
    form->addRow(tr("&max_norm:"), m_maxNorm);
    form->addRow(tr("Loss &scale:"), m_clipScaleExponent);
    layout->addLayout(form);

    m_clipResultLabel = new QLabel(page);
    m_clipResultLabel->setObjectName(QStringLiteral("clipResult"));
    m_clipResultLabel->setWordWrap(true);
    m_clipResultLabel->setTextFormat(Qt::RichText);
    layout->addWidget(m_clipResultLabel);
    layout->addStretch(1);

    connect(m_clipFirst, &QCheckBox::toggled, this, &PrecisionLabPanel::refreshClip);
    connect(m_trueNorm, &QDoubleSpinBox::valueChanged, this, &PrecisionLabPanel::refreshClip);
    connect(m_maxNorm, &QDoubleSpinBox::valueChanged, this, &PrecisionLabPanel::refreshClip);
    connect(m_clipScaleExponent, &QSpinBox::valueChanged, this, &PrecisionLabPanel::refreshClip);
    return page;
}

void PrecisionLabPanel::refreshClip()
{
    const ClipOrder order = m_clipFirst->isChecked() ? ClipOrder::ClipThenUnscale : ClipOrder::UnscaleThenClip;
    const double scale = std::ldexp(1.0, m_clipScaleExponent->value());
    m_diagram->setOrder(order);
    const ClipResult right = clippedGradientNorm(m_trueNorm->value(), scale, m_maxNorm->value(), ClipOrder::UnscaleThenClip);
    m_clip = clippedGradientNorm(m_trueNorm->value(), scale, m_maxNorm->value(), order);
    const auto n = [](double v) { return PrecisionText::shortNumber(v, 4); };
    if (order == ClipOrder::UnscaleThenClip) {
        m_clipResultLabel->setText(tr("Clipping sees the true norm %1 and multiplies the gradients by %2. "
                                      "<b>The optimizer applies a gradient of norm %3</b>, as max_norm %4 intends.")
                                           .arg(n(m_clip.normSeenByClip), n(m_clip.clipCoefficient), n(m_clip.effectiveNorm),
                                                n(m_maxNorm->value())));
        return;
    }
    const double ratio = m_clip.effectiveNorm > 0 ? right.effectiveNorm / m_clip.effectiveNorm : 0.0;
    const QString ratioText = ratio >= 100 ? QLocale().toString(ratio, 'f', 0) : n(ratio);
    m_clipResultLabel->setText(tr("Clipping sees %1 = true norm × scale and multiplies the gradients by %2. After unscaling, "
                                  "<span style=\"color:%3\"><b>the optimizer applies norm %4 instead of %5: %6× too small.</b></span> "
                                  "Call scaler.unscale_(optimizer) before clip_grad_norm_.")
                                       .arg(PrecisionText::shortNumber(m_clip.normSeenByClip, 7), n(m_clip.clipCoefficient),
                                            precisioncolors::flushToZero().name(), n(m_clip.effectiveNorm), n(right.effectiveNorm),
                                            ratioText));
}

// ---------------------------------------------------------------------------------------------

void PrecisionLabPanel::setGpuSupportsBf16(bool supported, const QString &gpuName)
{
    const QString name = gpuName.trimmed().isEmpty() ? tr("This GPU") : gpuName.trimmed();
    m_recommendation->setText(PrecisionText::recommendation(recommendPrecision(supported), name));
}

void PrecisionLabPanel::showPage(Page page)
{
    m_tabs->setCurrentIndex(int(page));
}

} // namespace headroom
