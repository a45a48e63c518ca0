#pragma once

// The article's troubleshooting table as an interactive guide: pick a symptom, see the likely
// cause and the fix, what the current scenario says about it, and apply the suggested change.

#include <QWidget>

#include "byteformat.h"

class QLabel;
class QListWidget;
class QPushButton;

namespace headroom {

class ScenarioDocument;

class DoctorPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoctorPane)

public:
    explicit DoctorPane(ScenarioDocument *document, QWidget *parent = nullptr);

    QListWidget *symptomList() const { return m_symptoms; }
    QPushButton *applyButton() const { return m_apply; }
    QString causeText() const;
    QString fixText() const;
    QString scenarioText() const;

public slots:
    void setUnit(headroom::DisplayUnit unit);
    void refresh();

private:
    void applyRemedy();

    ScenarioDocument *m_document;
    QListWidget *m_symptoms;
    QLabel *m_title;
    QLabel *m_cause;
    QLabel *m_fix;
    QLabel *m_scenario;
    QPushButton *m_apply;
    QLabel *m_outcome;
    DisplayUnit m_unit = DisplayUnit::Binary;
};

} // namespace headroom
