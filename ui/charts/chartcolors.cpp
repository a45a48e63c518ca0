// The charts' colours: one per bucket (the same in every chart and in the window's legend), and
// the pane's theme colours for light and dark.

#include "chartpane.h"

#include <qcustomplot.h>

namespace headroom {

QString qcustomplotVersion()
{
    return QStringLiteral(QCUSTOMPLOT_VERSION_STR);
}

QString transientBucketName()
{
    return ChartPane::tr("Short-lived buffers");
}

QColor transientBucketColor()
{
    return QColor(0xF0, 0xE4, 0x42); // Okabe–Ito yellow, on top of the stack where it is framed
}

QColor bucketColor(Bucket bucket)
{
    // Okabe & Ito 2008, "Color Universal Design": adjacent buckets in the stack never share a
    // hue family, and yellow (hard to read on white) is left out.
    switch (bucket) {
    case Bucket::Parameters:
        return QColor(0x00, 0x72, 0xB2); // blue
    case Bucket::Gradients:
        return QColor(0xE6, 0x9F, 0x00); // orange
    case Bucket::MasterWeights:
        return QColor(0x56, 0xB4, 0xE9); // sky blue
    case Bucket::OptimizerStates:
        return QColor(0x00, 0x9E, 0x73); // bluish green
    case Bucket::Activations:
        return QColor(0xD5, 0x5E, 0x00); // vermillion
    case Bucket::FrozenModels:
        return QColor(0x88, 0x88, 0x88); // grey: weights that never change
    case Bucket::Overhead:
        return QColor(0xCC, 0x79, 0xA7); // reddish purple
    }
    return QColor(Qt::gray);
}

QColor ChartPane::foreground() const { return m_dark ? QColor(0xE6, 0xE6, 0xE6) : QColor(0x20, 0x20, 0x20); }
QColor ChartPane::background() const { return m_dark ? QColor(0x1E, 0x1F, 0x22) : QColor(Qt::white); }
QColor ChartPane::mutedForeground() const { return m_dark ? QColor(0xA8, 0xA8, 0xA8) : QColor(0x5A, 0x5A, 0x5A); }
QColor ChartPane::gridColor() const { return m_dark ? QColor(0x3A, 0x3C, 0x40) : QColor(0xE2, 0xE2, 0xE2); }

QColor ChartPane::shade(int which) const
{
    if (m_dark)
        return which % 2 == 0 ? QColor(0xFF, 0xFF, 0xFF, 14) : QColor(0xFF, 0xFF, 0xFF, 30);
    return which % 2 == 0 ? QColor(0x00, 0x00, 0x00, 8) : QColor(0x00, 0x00, 0x00, 20);
}

// Okabe–Ito bluish green and vermillion, lightened on dark backgrounds for contrast.
QColor ChartPane::goodColor() const { return m_dark ? QColor(0x3C, 0xD0, 0x9A) : QColor(0x00, 0x7A, 0x58); }
QColor ChartPane::badColor() const { return m_dark ? QColor(0xFF, 0x8A, 0x4C) : QColor(0xB8, 0x4A, 0x00); }

} // namespace headroom
