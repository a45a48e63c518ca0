#include "mathpane.h"

#include <QVBoxLayout>

#include "deferredrefresh.h"
#include "mathsheet.h"
#include "scenariodocument.h"
#include "widgets/sheetview.h"

namespace headroom {

MathPane::MathPane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_view(new SheetView(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_view->setToolTip(tr("Each bucket's formula with the current scenario's numbers plugged in, in GB and GiB."));
    m_view->setAccessibleName(tr("Show the math"));
    // Once per event-loop turn, and only while shown: a drag that changes the scenario twice in
    // a turn sets the sheet once, and a pane behind a tab catches up when it is raised.
    m_deferred = new DeferredRefresh(this, [this] { rebuild(); });
    connect(document, &ScenarioDocument::breakdownChanged, this, &MathPane::scheduleRebuild);
    connect(document, &ScenarioDocument::measuredChanged, this, &MathPane::scheduleRebuild);
    rebuild();
}

void MathPane::setUnit(DisplayUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    scheduleRebuild();
}

void MathPane::scheduleRebuild()
{
    m_dirty = true;
    if (m_deferred)
        m_deferred->request();
}

void MathPane::rebuild()
{
    m_view->setBlocks(mathSheetBlocks(currentSheet()));
    // The sheet is painted, not a text document: a screen reader reads it from the description.
    m_view->setAccessibleDescription(m_view->text());
    m_dirty = false;
}

QString MathPane::plainText() const
{
    return mathSheetText(currentSheet());
}

MathSheet MathPane::currentSheet() const
{
    MathSheet sheet = buildMathSheet(m_document->spec(), m_document->breakdown(), m_document->derivation(),
                                     m_document->catalogue(), m_unit);
    // A check script's measurement, beside the derivation's peak.
    if (m_document->hasMeasured())
        addMeasuredSection(sheet, m_document->measuredComparison(), m_document->measured(), m_document->measuredIsCurrent(),
                           m_unit);
    return sheet;
}

void MathPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        rebuild();
}

} // namespace headroom
