#pragma once

// "Show the math": the current scenario's buckets as formulas with the numbers plugged in, and
// one layer's saved tensors. Rebuilt on every estimate while visible.

#include <QWidget>

#include "byteformat.h"
#include "mathsheet.h"

class QTextBrowser;
class QTextTable;

namespace headroom {

class DeferredRefresh;
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
    //! How often the whole HTML was set rather than the changed numbers in place (tests).
    int fullRebuildCount() const { return m_fullRebuilds; }

public slots:
    void setUnit(headroom::DisplayUnit unit);
    void rebuild();

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void scheduleRebuild();
    //! The sheet shown: the scenario's, with the measurement loaded (if any) after the peak.
    MathSheet currentSheet() const;
    //! Sets the changed elements' content in the document as shown; false when the document
    //! does not hold the elements shown last (then the caller sets the whole HTML).
    bool updateInPlace(const MathMarkup &markup);
    void updateTable(QTextTable *table, const MathMarkupItem &was, const MathMarkupItem &now);
    void setCell(QTextTable *table, int row, int column, const MathMarkupCell &cell);

    ScenarioDocument *m_document;
    QTextBrowser *m_browser;
    DisplayUnit m_unit = DisplayUnit::Binary;
    bool m_dirty = true;
    DeferredRefresh *m_deferred = nullptr;
    MathMarkup m_shown; //!< what the document holds
    QString m_textColor;
    int m_fullRebuilds = 0;
};

} // namespace headroom
