#pragma once

// The verdict band at the top of the window: does the run fit, on how many of which GPU, the
// largest micro-batch that fits, and the first advice to apply, with a button that applies it.

#include <QString>
#include <QWidget>

#include "byteformat.h"

class QLabel;
class QPushButton;

namespace headroom {

class ScenarioDocument;
class WrappedLabel;

class VerdictPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(VerdictPane)

public:
    explicit VerdictPane(ScenarioDocument *document, QWidget *parent = nullptr);

    QString headline() const;
    QString detail() const;
    QString batchText() const;
    QString adviceText() const;
    //! The verdict's lines, as the context menu copies them.
    QString plainText() const;
    QPushButton *applyButton() const { return m_apply; }

public slots:
    void setUnit(headroom::DisplayUnit unit);
    void refresh();

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    void applyAdvice();

    ScenarioDocument *m_document;
    QLabel *m_badge;
    WrappedLabel *m_headline;
    WrappedLabel *m_detail;
    WrappedLabel *m_batch;
    WrappedLabel *m_advice;
    QPushButton *m_apply;
    DisplayUnit m_unit = DisplayUnit::Binary;
    QString m_badgeColour; //!< the badge's style sheet colour, as set
};

} // namespace headroom
