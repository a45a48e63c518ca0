#include "mathpane.h"

#include <QEvent>
#include <QScrollBar>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "mathsheet.h"
#include "scenariodocument.h"

namespace headroom {

MathPane::MathPane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_browser(new QTextBrowser(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    m_browser->setOpenLinks(false);
    m_browser->setToolTip(tr("Each bucket's formula with the current scenario's numbers plugged in, in GB and GiB."));
    m_browser->setAccessibleName(tr("Show the math"));
    connect(document, &ScenarioDocument::breakdownChanged, this, &MathPane::scheduleRebuild);
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
    // A hidden pane (another tab in front) catches up when it is shown.
    if (isVisible())
        rebuild();
}

void MathPane::rebuild()
{
    const MathSheet sheet = buildMathSheet(m_document->spec(), m_document->breakdown(), m_document->derivation(), m_document->catalogue(), m_unit);
    const QPalette &p = palette();
    const QColor text = p.color(QPalette::Text);
    const QColor muted = QColor::fromRgbF((text.redF() + p.color(QPalette::Base).redF()) / 2,
                             (text.greenF() + p.color(QPalette::Base).greenF()) / 2,
                             (text.blueF() + p.color(QPalette::Base).blueF()) / 2);
    const QColor accent = p.color(QPalette::Link);
    const int scroll = m_browser->verticalScrollBar() ? m_browser->verticalScrollBar()->value() : 0;
    m_browser->setHtml(mathSheetHtml(sheet, text.name(), muted.name(), accent.name()));
    if (m_browser->verticalScrollBar())
        m_browser->verticalScrollBar()->setValue(scroll);
    m_dirty = false;
}

QString MathPane::plainText() const
{
    return mathSheetText(
            buildMathSheet(m_document->spec(), m_document->breakdown(), m_document->derivation(), m_document->catalogue(), m_unit));
}

void MathPane::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        rebuild();
}

void MathPane::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        scheduleRebuild();
}

} // namespace headroom
