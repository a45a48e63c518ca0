// The precision lab's first page: one value stored in every format, bit by bit.

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
    // Its longest example must not widen the row past the panel: the list opens wide anyway.
    m_examples->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_examples->setMinimumContentsLength(10);
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

} // namespace headroom
