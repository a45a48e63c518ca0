#include "mathpane.h"

#include <QToolButton>
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
    // The teaching path first; the full derivation folded below it, one click (or Space) away.
    m_fold = new QToolButton(this);
    m_fold->setCheckable(true);
    m_fold->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_fold->setArrowType(Qt::RightArrow);
    m_fold->setAutoRaise(true);
    m_fold->setText(tr("Show the full derivation"));
    m_fold->setToolTip(tr("Every bucket's formula, its terms and sources, the peak, the symbols and one layer's tensors."));
    m_fold->setAccessibleName(m_fold->text());
    m_fold->setObjectName(QStringLiteral("mathFold"));
    layout->addWidget(m_fold);
    connect(m_fold, &QToolButton::toggled, this, &MathPane::setFullShown);
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

void MathPane::setFullShown(bool shown)
{
    if (m_fold->isChecked() != shown)
        m_fold->setChecked(shown); // comes back here through toggled()
    if (shown == m_fullShown)
        return;
    m_fullShown = shown;
    m_fold->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
    m_fold->setText(shown ? tr("Hide the full derivation") : tr("Show the full derivation"));
    m_fold->setAccessibleName(m_fold->text());
    rebuild();
}

void MathPane::scheduleRebuild()
{
    m_dirty = true;
    if (m_deferred)
        m_deferred->request();
}

void MathPane::rebuild()
{
    m_view->setBlocks(mathSheetBlocks(currentSheet(), m_fullShown));
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
