#include "doctorpane.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "deferredrefresh.h"
#include "doctor.h"
#include "scenariodocument.h"

namespace headroom {

namespace {

QLabel *wrapped(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return label;
}

} // namespace

DoctorPane::DoctorPane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent),
      m_document(document),
      m_symptoms(new QListWidget(this)),
      m_title(new QLabel(this)),
      m_cause(wrapped(this)),
      m_fix(wrapped(this)),
      m_scenario(wrapped(this)),
      m_apply(new QPushButton(this)),
      m_outcome(wrapped(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *symptomLabel = new QLabel(tr("S&ymptom:"), this);
    symptomLabel->setBuddy(m_symptoms);
    layout->addWidget(symptomLabel);
    for (Symptom s : kAllSymptoms) {
        auto *item = new QListWidgetItem(symptomTitle(s), m_symptoms);
        item->setData(Qt::UserRole, static_cast<int>(s));
    }
    m_symptoms->setToolTip(tr("The troubleshooting table of the training-memory guide «显存都去哪儿了» (section 4.3): pick what you see."));
    m_symptoms->setAccessibleName(tr("Symptom"));
    m_symptoms->setMaximumHeight(m_symptoms->sizeHintForRow(0) * (m_symptoms->count() + 1));
    layout->addWidget(m_symptoms);

    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    auto *form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->addRow(tr("Likely cause:"), m_cause);
    form->addRow(tr("Fix:"), m_fix);
    form->addRow(tr("Your scenario:"), m_scenario);
    layout->addLayout(form);
    m_apply->setToolTip(tr("Apply this change to the scenario (undo with Ctrl+Z)."));
    auto *applyRow = new QHBoxLayout;
    applyRow->addWidget(m_apply);
    applyRow->addStretch(1);
    layout->addLayout(applyRow);
    layout->addWidget(m_outcome);
    layout->addStretch(1);

    m_cause->setToolTip(tr("The likely cause, from the guide's troubleshooting table."));
    m_fix->setToolTip(tr("What the guide's troubleshooting table suggests."));
    m_scenario->setToolTip(tr("What the current scenario's estimate says about this symptom."));

    connect(m_symptoms, &QListWidget::currentRowChanged, this, &DoctorPane::refresh);
    connect(m_apply, &QPushButton::clicked, this, &DoctorPane::applyRemedy);
    // Once per event-loop turn, and only while on screen.
    auto *deferred = new DeferredRefresh(this, [this] { refresh(); });
    connect(document, &ScenarioDocument::breakdownChanged, deferred, &DeferredRefresh::request);
    m_symptoms->setCurrentRow(0);
}

void DoctorPane::setUnit(DisplayUnit unit)
{
    m_unit = unit;
    refresh();
}

void DoctorPane::refresh()
{
    const int row = m_symptoms->currentRow();
    if (row < 0)
        return;
    const auto symptom = static_cast<Symptom>(m_symptoms->item(row)->data(Qt::UserRole).toInt());
    const Diagnosis d = diagnose(symptom, m_document->spec(), m_document->breakdown(), m_document->catalogue(), m_unit);
    m_title->setText(d.title);
    m_cause->setText(d.cause);
    m_fix->setText(d.fix);
    m_scenario->setText(d.scenario);
    m_apply->setVisible(d.remedy.has_value());
    m_outcome->setVisible(d.remedy.has_value());
    if (d.remedy) {
        m_apply->setText(d.remedy->label);
        m_outcome->setText(d.remedy->outcome);
    }
}

void DoctorPane::applyRemedy()
{
    const int row = m_symptoms->currentRow();
    if (row < 0)
        return;
    const auto symptom = static_cast<Symptom>(m_symptoms->item(row)->data(Qt::UserRole).toInt());
    const Diagnosis d = diagnose(symptom, m_document->spec(), m_document->breakdown(), m_document->catalogue(), m_unit);
    if (d.remedy)
        m_document->replace(d.remedy->after, d.remedy->label);
}

QString DoctorPane::causeText() const { return m_cause->text(); }
QString DoctorPane::fixText() const { return m_fix->text(); }
QString DoctorPane::scenarioText() const { return m_scenario->text(); }

} // namespace headroom
