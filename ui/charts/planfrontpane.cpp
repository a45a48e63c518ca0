#include "planfrontpane.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include <QLocale>
#include <QMouseEvent>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include "legenditem.h"
#include "widgets/fittedlabel.h"

namespace headroom {

namespace {

// A linear axis's ticker whose labels are written by the pane ("$12,000", "0.5"), not in
// QCustomPlot's "1.2·10^4" notation.
class LabelledTicker final : public QCPAxisTicker
{
public:
    explicit LabelledTicker(std::function<QString(double)> label) : m_label(std::move(label)) {}

protected:
    QString getTickLabel(double tick, const QLocale &, QChar, int) override { return m_label(tick); }

private:
    std::function<QString(double)> m_label;
};

// A logarithmic axis's ticks at 1, 2 and 5 of each decade while it spans few decades (QCustomPlot's
// own log ticker then falls back to evenly spaced ticks, which bunch up at one end), and at
// powers of ten, every n-th one, beyond.
class LogTicker final : public QCPAxisTicker
{
public:
    explicit LogTicker(std::function<QString(double)> label) : m_label(std::move(label)) {}

protected:
    int getSubTickCount(double) override { return 0; }
    QString getTickLabel(double tick, const QLocale &, QChar, int) override { return m_label(tick); }
    QVector<double> createTickVector(double, const QCPRange &range) override
    {
        QVector<double> ticks;
        if (!(range.lower > 0) || !(range.upper > range.lower))
            return ticks;
        const double decades = std::log10(range.upper / range.lower);
        const bool dense = decades < 2.5;
        const int every = decades > 6 ? static_cast<int>(std::ceil(decades / 6)) : 1;
        const int first = static_cast<int>(std::floor(std::log10(range.lower)));
        const int last = static_cast<int>(std::ceil(std::log10(range.upper)));
        for (int e = first; e <= last; ++e) {
            if (((e % every) + every) % every != 0)
                continue;
            for (double m : { 1.0, 2.0, 5.0 }) {
                if (!dense && m > 1)
                    break;
                const double v = m * std::pow(10.0, e);
                if (v >= range.lower && v <= range.upper)
                    ticks << v;
            }
        }
        return ticks;
    }

private:
    std::function<QString(double)> m_label;
};

QString usdTick(double usd)
{
    return QStringLiteral("$") + QLocale().toString(usd, 'f', usd >= 10 || usd == 0 ? 0 : (usd >= 1 ? 1 : 2));
}

QString daysTick(double days)
{
    return days >= 100 ? QLocale().toString(days, 'f', 0) : QLocale().toString(days, 'g', 3);
}

// Okabe & Ito's palette, as the buckets use it, one colour per GPU kind on the front (yellow,
// hard to read on white, left out; black last).
QColor kindColor(int kind, bool dark)
{
    static const QColor colors[] = {
        QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
        QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9), QColor(0x80, 0x80, 0x80),
    };
    constexpr int n = static_cast<int>(sizeof(colors) / sizeof(colors[0]));
    const QColor c = colors[kind % n];
    return dark ? c.lighter(125) : c;
}

// The range an axis shows for figures from \a low to \a high: a margin of a fifth of a point's
// size on a logarithmic axis, 8 % on a linear one that starts at zero where it can.
QCPRange paddedRange(double low, double high, bool log)
{
    if (!(low > 0) || !(high > 0))
        return QCPRange(0, 1);
    if (log)
        return QCPRange(low / 1.4, high * 1.4);
    if (high - low < high * 1e-6) // one figure: centred
        return QCPRange(low * 0.8, high * 1.2);
    const double pad = (high - low) * 0.08;
    return QCPRange(std::max(0.0, low - pad), high + pad);
}

} // namespace

PlanFrontPane::PlanFrontPane(QWidget *parent) : ChartPane(parent), m_note(new FittedLabel(this))
{
    setAccessibleName(tr("Time against rent of the best plans"));
    m_note->setContentsMargins(8, 0, 8, 4);
    m_note->setVisible(false);
    paneLayout()->addWidget(m_note);
    plot()->setCursor(Qt::CrossCursor);
    rebuild();
}

PlanFrontPane::~PlanFrontPane() = default;

void PlanFrontPane::setData(const PlanFrontData &data)
{
    m_data = data;
    rebuild();
}

namespace {

// Whether one axis's figures (the points' \a field and the \a line drawn across it, 0: none)
// span more than kLogRatio: then the axis is logarithmic.
bool spansWide(const QVector<PlanPoint> &points, double PlanPoint::*field, double line, double ratio)
{
    double low = line > 0 ? line : std::numeric_limits<double>::infinity(), high = line > 0 ? line : 0;
    for (const PlanPoint &p : points) {
        low = std::min(low, p.*field);
        high = std::max(high, p.*field);
    }
    return low > 0 && high / low > ratio;
}

} // namespace

bool PlanFrontPane::logDays() const
{
    return spansWide(m_data.points, &PlanPoint::days, m_data.deadlineDays, kLogRatio);
}

bool PlanFrontPane::logRent() const
{
    return spansWide(m_data.points, &PlanPoint::rentUsd, m_data.budgetUsd, kLogRatio);
}

void PlanFrontPane::rebuild()
{
    QCustomPlot *p = plot();
    clearPlot();
    m_note->setText(m_data.note);
    m_note->setVisible(!m_data.note.isEmpty());
    setTitle(tr("Time against rent: the plans no other beats on both"));
    QCPAxis *x = p->xAxis;
    QCPAxis *y = p->yAxis;
    x->setLabel(tr("Days to train"));
    y->setLabel(tr("Rent (USD)"));

    const bool logX = logDays();
    const bool logY = logRent();
    x->setScaleType(logX ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    y->setScaleType(logY ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (logX)
        x->setTicker(QSharedPointer<QCPAxisTicker>(new LogTicker(daysTick)));
    else
        x->setTicker(QSharedPointer<QCPAxisTicker>(new LabelledTicker(daysTick)));
    if (logY)
        y->setTicker(QSharedPointer<QCPAxisTicker>(new LogTicker(usdTick)));
    else
        y->setTicker(QSharedPointer<QCPAxisTicker>(new LabelledTicker(usdTick)));
    // Fewer ticks where labels are wide ("$120,000"): QCustomPlot's default of five leaves no gap.
    x->ticker()->setTickCount(5);
    y->ticker()->setTickCount(5);
    x->grid()->setVisible(true);
    y->grid()->setVisible(true);
    if (m_data.points.isEmpty()) {
        x->setRange(0, 1);
        y->setRange(0, 1);
        replotIfShown();
        return;
    }

    double lowDays = std::numeric_limits<double>::infinity(), highDays = 0;
    double lowRent = std::numeric_limits<double>::infinity(), highRent = 0;
    for (const PlanPoint &pt : m_data.points) {
        lowDays = std::min(lowDays, pt.days);
        highDays = std::max(highDays, pt.days);
        lowRent = std::min(lowRent, pt.rentUsd);
        highRent = std::max(highRent, pt.rentUsd);
    }
    if (m_data.deadlineDays > 0) {
        lowDays = std::min(lowDays, m_data.deadlineDays);
        highDays = std::max(highDays, m_data.deadlineDays);
    }
    if (m_data.budgetUsd > 0) {
        lowRent = std::min(lowRent, m_data.budgetUsd);
        highRent = std::max(highRent, m_data.budgetUsd);
    }
    x->setRange(paddedRange(lowDays, highDays, logX));
    y->setRange(paddedRange(lowRent, highRent, logY));

    // The front as a staircase: right of and above it every plan is beaten by one on it.
    {
        QVector<double> days, rent;
        for (const PlanPoint &pt : m_data.points) {
            days << pt.days;
            rent << pt.rentUsd;
        }
        auto *g = p->addGraph(x, y);
        g->setData(days, rent, true);
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setPen(QPen(mutedForeground(), 1, Qt::SolidLine));
        g->setSelectable(QCP::stNone);
    }

    // The budget and the deadline across the whole chart, named in the legend.
    const QCPRange xr = x->range(), yr = y->range();
    if (m_data.budgetUsd > 0) {
        auto *g = p->addGraph(x, y);
        g->setName(m_data.budgetLabel);
        g->setData(QVector<double>{ xr.lower, xr.upper }, QVector<double>{ m_data.budgetUsd, m_data.budgetUsd }, true);
        g->setPen(QPen(badColor(), 1.5, Qt::DashLine));
        g->setSelectable(QCP::stNone);
        p->legend->addItem(makeLegendItem(p->legend, g));
    }
    if (m_data.deadlineDays > 0) {
        auto *c = new QCPCurve(x, y);
        c->setName(m_data.deadlineLabel);
        c->setData(QVector<double>{ m_data.deadlineDays, m_data.deadlineDays }, QVector<double>{ yr.lower, yr.upper });
        c->setPen(QPen(goodColor(), 1.5, Qt::DashDotLine));
        c->setSelectable(QCP::stNone);
        p->legend->addItem(makeLegendItem(p->legend, c));
    }

    // The plans, one graph per GPU kind.
    for (int k = 0; k < m_data.kinds.size(); ++k) {
        QVector<double> days, rent;
        for (const PlanPoint &pt : m_data.points)
            if (pt.kind == k) {
                days << pt.days;
                rent << pt.rentUsd;
            }
        auto *g = p->addGraph(x, y);
        g->setName(m_data.kinds.at(k));
        g->setData(days, rent, true);
        g->setLineStyle(QCPGraph::lsNone);
        const QColor c = kindColor(k, isDark());
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c.darker(130), c, 9));
        g->setSelectable(QCP::stNone);
        p->legend->addItem(makeLegendItem(p->legend, g));
    }

    // The picks, ringed: a circle for the budget's, a square for the deadline's, a diamond for the
    // recommended plan.
    // The legend's icon is a graph of its own without data: the ring drawn around a point is
    // larger than the legend's icon and would be clipped there.
    auto ring = [&](bool PlanPoint::*flag, QCPScatterStyle::ScatterShape shape, const QString &name) {
        for (const PlanPoint &pt : m_data.points)
            if (pt.*flag) {
                auto *g = p->addGraph(x, y);
                g->setData(QVector<double>{ pt.days }, QVector<double>{ pt.rentUsd }, true);
                g->setLineStyle(QCPGraph::lsNone);
                g->setScatterStyle(QCPScatterStyle(shape, QPen(foreground(), 2), Qt::NoBrush, 17));
                g->setSelectable(QCP::stNone);
                auto *icon = p->addGraph(x, y);
                icon->setName(name);
                icon->setLineStyle(QCPGraph::lsNone);
                icon->setScatterStyle(QCPScatterStyle(shape, QPen(foreground(), 1.5), Qt::NoBrush, 10));
                icon->setSelectable(QCP::stNone);
                p->legend->addItem(makeLegendItem(p->legend, icon));
            }
    };
    if (m_data.budgetUsd > 0)
        ring(&PlanPoint::fastestUnderBudget, QCPScatterStyle::ssCircle, m_data.fastestLabel);
    if (m_data.deadlineDays > 0)
        ring(&PlanPoint::cheapestUnderDeadline, QCPScatterStyle::ssSquare, m_data.cheapestLabel);
    ring(&PlanPoint::recommended, QCPScatterStyle::ssDiamond, m_data.recommendedLabel);
    replotIfShown();
}

QPointF PlanFrontPane::pointPosition(int index) const
{
    if (index < 0 || index >= m_data.points.size())
        return {};
    replotIfStale();
    const PlanPoint &pt = m_data.points.at(index);
    return { plot()->xAxis->coordToPixel(pt.days), plot()->yAxis->coordToPixel(pt.rentUsd) };
}

int PlanFrontPane::pointAt(const QPoint &pos) const
{
    if (!plot()->axisRect()->rect().contains(pos))
        return -1;
    // Within a marker's radius and a little more; the nearest where markers overlap (the faster
    // where two lie on one pixel).
    constexpr double kReach = 8;
    int best = -1;
    double bestDistance = kReach * kReach + 1e-9;
    for (int i = 0; i < m_data.points.size(); ++i) {
        const QPointF at = pointPosition(i);
        const double dx = at.x() - pos.x(), dy = at.y() - pos.y();
        if (dx * dx + dy * dy < bestDistance) {
            bestDistance = dx * dx + dy * dy;
            best = i;
        }
    }
    return best;
}

QString PlanFrontPane::toolTipAt(const QPoint &pos) const
{
    const int i = pointAt(pos);
    return i < 0 ? QString() : m_data.points.at(i).toolTip;
}

bool PlanFrontPane::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == plotWidget()) {
        if (event->type() == QEvent::MouseButtonRelease) {
            auto *mouse = static_cast<QMouseEvent *>(event);
            if (mouse->button() == Qt::LeftButton) {
                const int i = pointAt(mouse->position().toPoint());
                if (i >= 0)
                    emit planClicked(i);
            }
        } else if (event->type() == QEvent::MouseMove) {
            const auto *mouse = static_cast<QMouseEvent *>(event);
            plot()->setCursor(pointAt(mouse->position().toPoint()) >= 0 ? Qt::PointingHandCursor : Qt::CrossCursor);
        }
    }
    return ChartPane::eventFilter(watched, event);
}

} // namespace headroom
