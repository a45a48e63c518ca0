#include "layoutcheck.h"

#include <algorithm>

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QScrollArea>
#include <QStyle>
#include <QStyleOptionButton>
#include <QTabBar>
#include <QTextDocument>
#include <QToolButton>

#include "charts/chartpane.h"
#include "precision/bitpatternview.h"
#include "widgets/fittedlabel.h"

namespace headroom {

namespace {

// How far a label may sit from the side of what it names and still read as its label: the
// stacked bar's side labels end 4 to 6 px left of it.
constexpr int kBesideGap = 8;

QString describe(const QWidget *w, const QString &text)
{
    QString name = w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className()) : w->objectName();
    // The nearest named ancestor says where it is (a dock, a pane).
    for (const QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (!p->objectName().isEmpty() && !p->objectName().startsWith(QLatin1String("qt_"))) {
            name = p->objectName() + QLatin1Char('/') + name;
            break;
        }
    QString shown = text;
    shown.replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (shown.size() > 48)
        shown = shown.left(45) + QStringLiteral("...");
    return QStringLiteral("%1 \"%2\"").arg(name, shown);
}

// Whether \a w can be seen: shown, not hidden inside a closed tab or dock, and not entirely
// outside the viewport of a scroll area it sits in (the inputs pane scrolls vertically).
bool onScreen(const QWidget *w, const QWidget *window)
{
    if (!w->isVisibleTo(window) || w->width() <= 0 || w->height() <= 0)
        return false;
    // Tabified docks stay "visible" behind the raised one; what is painted is what counts.
    if (w->visibleRegion().isEmpty())
        return false;
    for (const QWidget *p = w->parentWidget(); p && p != window; p = p->parentWidget()) {
        if (const auto *scroll = qobject_cast<const QAbstractScrollArea *>(p)) {
            const QRect view(scroll->viewport()->mapTo(window, QPoint(0, 0)), scroll->viewport()->size());
            const QRect mine(w->mapTo(window, QPoint(0, 0)), w->size());
            if (!view.intersects(mine))
                return false;
        }
    }
    return true;
}

// The width a text needs in \a w and the width it has; 0, 0 when it is not a text widget.
struct Fit
{
    QString text;
    int needed = 0;
    int available = 0;
    bool wraps = false;
};

Fit fitOf(const QWidget *w)
{
    Fit f;
    const QFontMetrics m(w->font());
    if (const auto *note = qobject_cast<const FittedLabel *>(w)) {
        // Shows the lines it has room for and elides the rest by design (its tooltip has all):
        // never clipped, but it must not lie over anything.
        f.text = note->text();
        return f;
    }
    if (const auto *label = qobject_cast<const QLabel *>(w)) {
        if (label->textFormat() == Qt::RichText || Qt::mightBeRichText(label->text()) || label->text().isEmpty())
            return f;
        f.text = label->text();
        QString plain = f.text;
        plain.remove(QLatin1Char('&'));
        f.wraps = label->wordWrap();
        f.available = label->contentsRect().width() - 2 * label->margin() - label->indent();
        if (f.wraps) {
            // A wrapped label must have the height its text needs at its width.
            const QRect need = m.boundingRect(QRect(0, 0, f.available, 100000), Qt::TextWordWrap, plain);
            f.needed = need.height();
            f.available = label->contentsRect().height();
        } else {
            for (const QString &line : plain.split(QLatin1Char('\n')))
                f.needed = std::max(f.needed, m.horizontalAdvance(line));
        }
        return f;
    }
    if (const auto *edit = qobject_cast<const QLineEdit *>(w)) {
        // A value box must show its whole value (not its placeholder, which may elide).
        f.text = edit->text();
        if (f.text.isEmpty())
            return f;
        f.needed = m.horizontalAdvance(f.text);
        const QMargins tm = edit->textMargins();
        // QLineEdit's frame and its 2-pixel inner margin on each side (qlineedit_p.cpp).
        const int frame = edit->hasFrame() ? edit->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, edit) : 0;
        f.available = edit->width() - 2 * frame - tm.left() - tm.right() - 4;
        return f;
    }
    if (const auto *button = qobject_cast<const QAbstractButton *>(w)) {
        f.text = button->text();
        if (f.text.isEmpty() || qobject_cast<const QToolButton *>(w))
            return f;
        QString plain = f.text;
        plain.remove(QLatin1Char('&'));
        f.needed = button->sizeHint().width();
        f.available = button->width();
        if (qobject_cast<const QCheckBox *>(w) || qobject_cast<const QRadioButton *>(w)) {
            // Indicator, spacing and text.
            f.needed = button->minimumSizeHint().width();
        }
        return f;
    }
    if (const auto *combo = qobject_cast<const QComboBox *>(w)) {
        // Combo boxes elide by design (AdjustToMinimumContentsLengthWithIcon): only require
        // the minimum contents length to fit.
        f.text = combo->currentText();
        f.needed = combo->minimumSizeHint().width();
        f.available = combo->width();
        return f;
    }
    return f;
}

} // namespace

QList<LayoutProblem> checkLayout(QWidget *window)
{
    QList<LayoutProblem> problems;
    struct Placed
    {
        const QWidget *widget;
        QRect rect;
        QString text;
    };
    QList<Placed> placed;
    const QList<QWidget *> all = window->findChildren<QWidget *>();
    for (const QWidget *w : all) {
        if (!onScreen(w, window))
            continue;
        const Fit f = fitOf(w);
        // What is painted of it: a pane narrower than its contents cuts fields at its edge.
        const QRect visible = w->visibleRegion().boundingRect();
        if (!f.text.isEmpty() && visible.width() + 1 < w->width() && !qobject_cast<const QLabel *>(w))
            problems.append({ describe(w, f.text), QStringLiteral("cut at the edge of its pane: %1 of %2 px shown")
                                                           .arg(visible.width())
                                                           .arg(w->width()) });
        if (f.needed > 0 && f.needed > f.available + 1)
            problems.append({ describe(w, f.text), f.wraps ? QStringLiteral("clipped: needs %1 px of height, has %2").arg(f.needed).arg(f.available)
                                                            : QStringLiteral("clipped: needs %1 px, has %2").arg(f.needed).arg(f.available) });
        if (!f.text.isEmpty())
            placed.append({ w, QRect(w->mapTo(window, visible.topLeft()), visible.size()), f.text });
    }
    // Painted text a widget leaves out when squeezed: the precision lab's bit rows draw their
    // 0/1 digits only where a cell holds one.
    for (const BitPatternView *bits : window->findChildren<BitPatternView *>()) {
        if (onScreen(bits, window) && !bits->digitsDrawn())
            problems.append({ describe(bits, bits->bitText()),
                              QStringLiteral("its bits' digits are not drawn: %1 px for %2 bits, needs %3")
                                      .arg(bits->width())
                                      .arg(formatLayout(bits->format()).totalBits)
                                      .arg(bits->minimumSizeHint().width()) });
    }
    // A chart's plot counts as a text widget: QCustomPlot draws its axes, legend and labels all
    // over it, so a label laid over it (a note below a plot squeezed under its minimum) covers
    // some of them.
    for (const ChartPane *pane : window->findChildren<ChartPane *>()) {
        const QWidget *plot = pane->plotWidget();
        if (!onScreen(plot, window))
            continue;
        const QRect visible = plot->visibleRegion().boundingRect();
        placed.append({ plot, QRect(plot->mapTo(window, visible.topLeft()), visible.size()),
                        pane->objectName().isEmpty() ? QString::fromLatin1(pane->metaObject()->className()) : pane->objectName() });
    }
    // Overlaps between text widgets that are not nested in one another.
    for (int i = 0; i < placed.size(); ++i)
        for (int j = i + 1; j < placed.size(); ++j) {
            const Placed &a = placed.at(i), &b = placed.at(j);
            if (a.widget->isAncestorOf(b.widget) || b.widget->isAncestorOf(a.widget))
                continue;
            const QRect overlap = a.rect.intersected(b.rect);
            if (overlap.width() > 1 && overlap.height() > 1)
                problems.append({ describe(a.widget, a.text),
                                  QStringLiteral("overlaps %1 at (%2, %3) %4x%5")
                                          .arg(describe(b.widget, b.text))
                                          .arg(overlap.x())
                                          .arg(overlap.y())
                                          .arg(overlap.width())
                                          .arg(overlap.height()) });
        }
    // Chart annotations: inside their clip rectangle and clear of one another.
    for (ChartPane *pane : window->findChildren<ChartPane *>()) {
        // The plot, not the pane: a pane its plot covers entirely has no visible region of its own.
        if (!onScreen(pane->plotWidget(), window))
            continue;
        const QList<ChartPane::Annotation> notes = pane->annotations();
        const QString chart = pane->objectName().isEmpty() ? QString::fromLatin1(pane->metaObject()->className()) : pane->objectName();
        for (int i = 0; i < notes.size(); ++i) {
            const ChartPane::Annotation &a = notes.at(i);
            // A label away from what it names (its segment, the bar's top), with nothing to say
            // which: the stacked bar's labels, spread apart, once floated far above a small bar.
            if (!a.anchor.isNull() && !a.leader && (a.rect.bottom() + 2 < a.anchor.top() || a.rect.top() - 2 > a.anchor.bottom()))
                problems.append({ QStringLiteral("%1 annotation \"%2\"").arg(chart, a.text.left(40)),
                                  QStringLiteral("away from what it names (%1 px to %2 px) without a leader line")
                                          .arg(a.rect.top())
                                          .arg(a.anchor.top()) });
            // A label beside another bar than the one it names: its centre over that bar's
            // columns or its near edge within a few pixels of them (the stacked bar's labels
            // sit left of it), else a reader takes it for its neighbour's.
            if (!a.anchor.isNull() && !a.leader) {
                const int centre = a.rect.center().x();
                const int gap = std::max({ 0, a.anchor.left() - a.rect.right(), a.rect.left() - a.anchor.right() });
                if ((centre < a.anchor.left() || centre > a.anchor.right()) && gap > kBesideGap)
                    problems.append({ QStringLiteral("%1 annotation \"%2\"").arg(chart, a.text.left(40)),
                                      QStringLiteral("not over or beside what it names: %1 px from its columns %2-%3")
                                              .arg(gap)
                                              .arg(a.anchor.left())
                                              .arg(a.anchor.right()) });
            }
            if (!a.clip.contains(a.rect))
                problems.append({ QStringLiteral("%1 annotation \"%2\"").arg(chart, a.text.left(40)),
                                  QStringLiteral("clipped by its area %1,%2 %3x%4 in %5,%6 %7x%8")
                                          .arg(a.rect.x()).arg(a.rect.y()).arg(a.rect.width()).arg(a.rect.height())
                                          .arg(a.clip.x()).arg(a.clip.y()).arg(a.clip.width()).arg(a.clip.height()) });
            for (int j = i + 1; j < notes.size(); ++j) {
                const QRect overlap = a.rect.intersected(notes.at(j).rect);
                if (overlap.width() > 1 && overlap.height() > 1)
                    problems.append({ QStringLiteral("%1 annotation \"%2\"").arg(chart, a.text.left(40)),
                                      QStringLiteral("overlaps \"%1\" at (%2, %3) %4x%5")
                                              .arg(notes.at(j).text.left(40))
                                              .arg(overlap.x())
                                              .arg(overlap.y())
                                              .arg(overlap.width())
                                              .arg(overlap.height()) });
            }
        }
    }
    return problems;
}

} // namespace headroom
