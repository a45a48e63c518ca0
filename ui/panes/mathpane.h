#pragma once

// "Show the math": the current scenario's buckets as formulas with the numbers plugged in, and
// one layer's saved tensors. Rebuilt on every estimate while visible.

#include <QWidget>

#include "byteformat.h"

class QTextBrowser;

namespace headroom {

class ScenarioDocument;

class MathPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MathPane)

public:
    explicit MathPane(ScenarioDocument *document, QWidget *parent = nullptr);

    //! The text as shown, without markup (tests, copy).
    QString plainText() const;
    QTextBrowser *browser() const { return m_browser; }

public slots:
    void setUnit(headroom::DisplayUnit unit);
    void rebuild();

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void scheduleRebuild();

    ScenarioDocument *m_document;
    QTextBrowser *m_browser;
    DisplayUnit m_unit = DisplayUnit::Binary;
    bool m_dirty = true;
};

} // namespace headroom
