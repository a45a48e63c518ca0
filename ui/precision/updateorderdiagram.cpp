#include "updateorderdiagram.h"

#include <QFontDatabase>
#include <QPainter>
#include <QPainterPath>

#include "precisiontext.h"

namespace headroom {

namespace {

constexpr int kGap = 12; // room for the arrow between boxes

} // namespace

UpdateOrderDiagram::UpdateOrderDiagram(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setToolTip(tr("One training step with a loss scaler, top to bottom. Gradients leave backward() multiplied by the "
                  "scale; only after unscale_() are they the true gradients that clipping should see."));
}

void UpdateOrderDiagram::setOrder(ClipOrder order)
{
    m_order = order;
    QStringList names;
    for (Stage s : stages())
        names << title(s);
    setAccessibleDescription(names.join(QStringLiteral(" → ")));
    update();
}

QList<UpdateOrderDiagram::Stage> UpdateOrderDiagram::stages() const
{
    if (m_order == ClipOrder::UnscaleThenClip)
        return { Stage::Forward, Stage::ScaleLoss, Stage::Backward, Stage::Unscale, Stage::InfCheck, Stage::Clip, Stage::Step, Stage::Update };
    // The bug: clip_grad_norm_ right after backward(), while the gradients still carry the scale;
    // scaler.step() then unscales (and checks for inf) itself.
    return { Stage::Forward, Stage::ScaleLoss, Stage::Backward, Stage::Clip, Stage::Unscale, Stage::InfCheck, Stage::Step, Stage::Update };
}

QString UpdateOrderDiagram::title(Stage stage) const
{
    switch (stage) {
    case Stage::Forward: return tr("Forward under autocast (FP16/BF16 matmuls)");
    case Stage::ScaleLoss: return tr("Multiply the loss by the scale");
    case Stage::Backward: return tr("Backward: every gradient × scale");
    case Stage::Unscale: return tr("Unscale: gradients ÷ scale");
    case Stage::InfCheck: return tr("Check for inf/NaN");
    case Stage::Clip:
        return m_order == ClipOrder::UnscaleThenClip ? tr("Clip the gradient norm")
                                                     : tr("Clip the gradient norm — sees gradients × scale!");
    case Stage::Step: return tr("Optimizer step (skipped if inf/NaN)");
    case Stage::Update: return tr("Update the scale (back off or grow)");
    }
    return {};
}

QString UpdateOrderDiagram::code(Stage stage) const
{
    // Code is code: the identifiers stay as PyTorch spells them in every language.
    switch (stage) {
    case Stage::Forward: return QStringLiteral("with torch.autocast(\"cuda\"): loss = model(batch)");
    case Stage::ScaleLoss: return QStringLiteral("scaler.scale(loss)");
    case Stage::Backward: return QStringLiteral(".backward()");
    case Stage::Unscale: return m_order == ClipOrder::UnscaleThenClip ? QStringLiteral("scaler.unscale_(optimizer)")
                                                                       : QStringLiteral("(inside scaler.step)");
    case Stage::InfCheck: return QStringLiteral("found_inf = any(!isfinite(grad))");
    case Stage::Clip: return QStringLiteral("torch.nn.utils.clip_grad_norm_(params, max_norm)");
    case Stage::Step: return QStringLiteral("scaler.step(optimizer)");
    case Stage::Update: return QStringLiteral("scaler.update()");
    }
    return {};
}

int UpdateOrderDiagram::boxHeight() const
{
    return 2 * fontMetrics().height() + 10;
}

QSize UpdateOrderDiagram::sizeHint() const
{
    return QSize(440, 8 * (boxHeight() + kGap));
}

QSize UpdateOrderDiagram::minimumSizeHint() const
{
    return QSize(280, sizeHint().height());
}

void UpdateOrderDiagram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QColor text = palette().color(QPalette::WindowText);
    const QColor base = palette().color(QPalette::Base);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(font().pointSizeF() * 0.9);
    QFont bold = font();
    bold.setBold(true);

    const int h = boxHeight();
    const int w = width() - 2;
    int y = 1;
    int number = 1;
    for (Stage s : stages()) {
        const bool misplaced = m_order == ClipOrder::ClipThenUnscale && s == Stage::Clip;
        const bool scaled = s == Stage::Backward || (m_order == ClipOrder::ClipThenUnscale && s == Stage::Clip);
        QColor edge = misplaced ? precisioncolors::flushToZero() : (s == Stage::Clip ? precisioncolors::normal() : text);
        QColor fill = base;
        if (misplaced)
            fill = QColor(0xD5, 0x5E, 0x00, 40);
        else if (scaled)
            fill = QColor(0xE6, 0x9F, 0x00, 35);
        const QRectF box(1, y, w - 1, h);
        p.setPen(QPen(edge, misplaced ? 2.5 : 1));
        p.setBrush(fill);
        p.drawRoundedRect(box, 5, 5);

        p.setFont(bold);
        p.setPen(misplaced ? precisioncolors::flushToZero() : text);
        p.drawText(box.adjusted(8, 4, -8, -h / 2), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("%1. %2").arg(number).arg(title(s)));
        p.setFont(mono);
        QColor codeColor = text;
        codeColor.setAlpha(170);
        p.setPen(codeColor);
        p.drawText(box.adjusted(22, h / 2, -8, -4), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(mono).elidedText(code(s), Qt::ElideRight, int(box.width()) - 30));

        // Arrow to the next box.
        if (number < 8) {
            const double x = box.center().x();
            p.setPen(QPen(text, 1.2));
            p.drawLine(QPointF(x, box.bottom()), QPointF(x, box.bottom() + kGap - 2));
            QPolygonF head;
            head << QPointF(x - 4, box.bottom() + kGap - 6) << QPointF(x + 4, box.bottom() + kGap - 6)
                 << QPointF(x, box.bottom() + kGap - 1);
            p.setBrush(text);
            p.drawPolygon(head);
        }
        y += h + kGap;
        ++number;
    }
}

} // namespace headroom
