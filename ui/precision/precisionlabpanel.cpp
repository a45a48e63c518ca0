// The precision lab: its tabs, and what the window tells it (the GPU's BF16 support).

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
    m_tabs->addTab(scrollable(buildFp8Page()), tr("FP8 training"));
    m_tabs->setTabToolTip(0, tr("How one value is stored in each format: bits, stored value, error, class."));
    m_tabs->setTabToolTip(1, tr("Where a distribution of gradient magnitudes falls in each format's range, and what a loss scale does."));
    m_tabs->setTabToolTip(2, tr("GradScaler's dynamic loss scale over a simulated run, with the diagnostics of the training-memory guide «显存都去哪儿了» (section 3.5)."));
    m_tabs->setTabToolTip(3, tr("The order of a mixed-precision update, and what clipping before unscaling does."));
    m_tabs->setTabToolTip(4, tr("How FP8 training scales a tensor into E4M3 and E5M2: per tensor, per row, per MX block, and delayed scaling."));
    layout->addWidget(m_tabs, 1);

    setValue(3e-6);
    refreshNumberLines();
    applySimulationPreset(Healthy);
    refreshClip();
    applyFp8Preset(0);
}

PrecisionLabPanel::~PrecisionLabPanel() = default;

// ---------------------------------------------------------------------------------------------
// Formats page


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
