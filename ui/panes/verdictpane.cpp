#include "verdictpane.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QVBoxLayout>

#include "deferredrefresh.h"
#include "scenariodocument.h"
#include "verdict.h"
#include "widgets/wrappedlabel.h"

namespace headroom {

VerdictPane::VerdictPane(ScenarioDocument *document, QWidget *parent)
    : QWidget(parent),
      m_document(document),
      m_badge(new QLabel(this)),
      m_headline(new WrappedLabel(this)),
      m_detail(new WrappedLabel(this)),
      m_batch(new WrappedLabel(this)),
      m_advice(new WrappedLabel(this)),
      m_apply(new QPushButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    m_badge->setAlignment(Qt::AlignCenter);
    m_badge->setMinimumWidth(m_badge->fontMetrics().horizontalAdvance(QStringLiteral("Does not fit")) + 32);
    QFont badgeFont = m_badge->font();
    badgeFont.setBold(true);
    badgeFont.setPointSizeF(badgeFont.pointSizeF() * 1.25);
    m_badge->setFont(badgeFont);
    m_badge->setToolTip(tr("Whether the peak fits the chosen GPU's memory."));
    m_badge->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    layout->addWidget(m_badge, 0, Qt::AlignTop);

    auto *text = new QVBoxLayout;
    text->setSpacing(2);
    QFont headlineFont = m_headline->font();
    headlineFont.setBold(true);
    headlineFont.setPointSizeF(headlineFont.pointSizeF() * 1.15);
    m_headline->setFont(headlineFont);
    // Plain labels, not selectable ones: a selectable label keeps a text document that is laid
    // out and painted again on every step. The context menu copies the verdict instead.
    for (WrappedLabel *label : { m_headline, m_detail, m_batch, m_advice })
        text->addWidget(label);
    m_headline->setToolTip(tr("The verdict for the current scenario."));
    m_detail->setToolTip(tr("The estimated peak per GPU against the GPU's memory (as nvidia-smi reports it)."));
    m_batch->setToolTip(tr("The largest micro-batch that fits, everything else held."));
    m_advice->setToolTip(tr("The first change that helps, in the rescue order of the training-memory guide «显存都去哪儿了» (section 4.2): micro-batch, checkpointing, ZeRO, offload, LoRA, QLoRA."));
    m_apply->setToolTip(tr("Apply the advice to the scenario (undo with Ctrl+Z)."));
    text->addWidget(m_apply, 0, Qt::AlignLeft);
    // The room a held height leaves (widgets/layoutfence.h) stays below the text.
    text->addStretch(1);
    layout->addLayout(text, 1);
    connect(m_apply, &QPushButton::clicked, this, &VerdictPane::applyAdvice);
    // Once per event-loop turn, and only while on screen.
    auto *deferred = new DeferredRefresh(this, [this] { refresh(); });
    connect(document, &ScenarioDocument::breakdownChanged, deferred, &DeferredRefresh::request);
    setAccessibleName(tr("Verdict"));
    refresh();
}

void VerdictPane::setUnit(DisplayUnit unit)
{
    m_unit = unit;
    refresh();
}

void VerdictPane::refresh()
{
    const Verdict v = buildVerdict(m_document->spec(), m_document->breakdown(), m_document->derivation(), m_document->catalogue(), m_unit);
    m_badge->setText(v.badge);
    // Fixed colours that read on light and dark palettes alike, with white text on top.
    const QString colour = v.state == Verdict::State::Fits       ? QStringLiteral("#1b7f3b")
            : v.state == Verdict::State::DoesNotFit               ? QStringLiteral("#b3261e")
                                                                  : QStringLiteral("#666666");
    // A style sheet re-polishes the label and re-lays out the pane: set only when the state moves.
    if (colour != m_badgeColour) {
        m_badgeColour = colour;
        m_badge->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; border-radius: 6px; padding: 8px; }")
                                       .arg(colour));
    }
    m_headline->setText(v.headline);
    m_detail->setText(v.detail);
    m_batch->setText(v.batch);
    m_batch->setVisible(!v.batch.isEmpty());
    m_advice->setText(v.advice);
    m_advice->setVisible(!v.advice.isEmpty());
    m_apply->setVisible(v.adviceAfter.has_value());
    m_apply->setText(v.adviceButton);
}

QString VerdictPane::plainText() const
{
    QStringList lines;
    for (const QLabel *label : { m_headline, m_detail, m_batch, m_advice })
        if (!label->text().isEmpty())
            lines << label->text();
    return lines.join(QLatin1Char('\n'));
}

void VerdictPane::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Copy the Verdict"), this, [this] { QApplication::clipboard()->setText(plainText()); });
    menu.exec(event->globalPos());
}

void VerdictPane::applyAdvice()
{
    const Verdict v = buildVerdict(m_document->spec(), m_document->breakdown(), m_document->derivation(), m_document->catalogue(), m_unit);
    if (v.adviceAfter)
        m_document->replace(*v.adviceAfter, v.adviceButton);
}

QString VerdictPane::headline() const { return m_headline->text(); }
QString VerdictPane::detail() const { return m_detail->text(); }
QString VerdictPane::batchText() const { return m_batch->text(); }
QString VerdictPane::adviceText() const { return m_advice->text(); }

} // namespace headroom
