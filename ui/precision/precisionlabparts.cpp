#include "precisionlabparts.h"

#include <cmath>
#include <limits>

#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPalette>
#include <QScrollArea>

#include "precisiontext.h"

namespace headroom::precisionlab {

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




const Example kExamples[7] = {
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Small gradient, 2e-8: FP16 flushes it to zero"), 2e-8 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Typical gradient, 3e-6: FP16 subnormal"), 3e-6 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Weight, 0.0123"), 0.0123 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Activation, 12.5"), 12.5 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Attention score, 300.7: E4M3 rounds coarsely"), 300.7 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "Large activation, 70000: FP16 overflows"), 70000.0 },
    { QT_TRANSLATE_NOOP("headroom::PrecisionLabPanel", "1 + 2^-10: FP16 keeps it, BF16 rounds to 1"), 1.0009765625 },
};


void addGridField(QGridLayout *grid, QWidget *parent, int row, int col, const QString &label, QWidget *field,
                  const QString &tip)
{
    auto *l = new QLabel(label, parent);
    l->setBuddy(field);
    field->setToolTip(tip);
    l->setToolTip(tip);
    grid->addWidget(l, row, col * 2);
    grid->addWidget(field, row, col * 2 + 1);
}

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

} // namespace headroom::precisionlab
