#pragma once

// "Show the math": the current scenario's buckets as formulas with the numbers plugged in, and
// one layer's saved tensors. Rebuilt on every estimate while visible; the sheet view lays out
// again only the equations and cells whose text changed.

#include <QWidget>

#include "byteformat.h"
#include "mathsheet.h"

class QToolButton;

namespace headroom {

class DeferredRefresh;
class ScenarioDocument;
class SheetView;

class MathPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MathPane)

public:
    explicit MathPane(ScenarioDocument *document, QWidget *parent = nullptr);

    //! The sheet as it would be built now, as plain text (tests, copy).
    QString plainText() const;
    //! The view that shows the sheet; its text() is what is on screen.
    SheetView *view() const { return m_view; }
    //! Whether the full derivation is unfolded below the teaching path (folded at first).
    bool fullShown() const { return m_fullShown; }
    //! The button that folds and unfolds it.
    QToolButton *foldButton() const { return m_fold; }

public slots:
    void setUnit(headroom::DisplayUnit unit);
    void setFullShown(bool shown);
    void rebuild();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void scheduleRebuild();
    //! The sheet shown: the scenario's, with the measurement loaded (if any) after the peak.
    MathSheet currentSheet() const;

    ScenarioDocument *m_document;
    SheetView *m_view;
    QToolButton *m_fold = nullptr;
    bool m_fullShown = false;
    DisplayUnit m_unit = DisplayUnit::Binary;
    bool m_dirty = true;
    DeferredRefresh *m_deferred = nullptr;
};

} // namespace headroom
