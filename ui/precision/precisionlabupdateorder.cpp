// The precision lab's update-order page: unscale before clipping, and what goes wrong otherwise.

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

} // namespace headroom
