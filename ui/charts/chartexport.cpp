// A chart written to a PNG, PDF or SVG file (File › Export Chart, the reports' PNGs), atomically.

#include "chartpane.h"

#include <QBuffer>
#include <QFileInfo>
#include <QSvgGenerator>
#include <QTemporaryFile>

#include <qcustomplot.h>

#include <headroom/io/safefile.h>

namespace headroom {

bool ChartPane::exportTo(const QString &path, int width, int height)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool laidOut = m_plot->width() > 100 && m_plot->height() > 100 && m_plot->isVisible();
    const int w = width > 0 ? width : laidOut ? m_plot->width() : kDefaultExportWidth;
    const int h = height > 0 ? height : laidOut ? m_plot->height() : kDefaultExportHeight;
    // Rendered in memory first, then written atomically (writeFileAtomically()): a failed export
    // never leaves a half-written file, nor replaces a good one.
    QByteArray data;
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        // Twice the pixels: sharp on high-DPI screens and in print.
        const QPixmap pixmap = m_plot->toPixmap(w, h, 2.0);
        QBuffer buffer(&data);
        ok = !pixmap.isNull() && buffer.open(QIODevice::WriteOnly) && pixmap.save(&buffer, "PNG");
    } else if (suffix == QLatin1String("pdf")) {
        // QCustomPlot writes PDF to a named file only: a scratch file beside the target.
        QTemporaryFile scratch(QFileInfo(path).absolutePath() + QStringLiteral("/.headroom-export-XXXXXX.pdf"));
        if (scratch.open()) {
            scratch.close();
            ok = m_plot->savePdf(scratch.fileName(), w, h, QCP::epNoCosmetic, QString(), m_fullTitle)
                    && readRegularFile(scratch.fileName(), data).ok() && !data.isEmpty();
        }
    } else if (suffix == QLatin1String("svg")) {
        QBuffer buffer(&data);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(w, h));
        generator.setViewBox(QRect(0, 0, w, h));
        generator.setTitle(m_fullTitle);
        QCPPainter painter;
        if (painter.begin(&generator)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            m_plot->toPainter(&painter, w, h);
            ok = painter.end();
        }
        ok = ok && !data.isEmpty();
    }
    ok = ok && writeFileAtomically(path, data).ok();
    // Exporting at another size lays the plot out for that size; lay it out for the screen again.
    m_plot->replot();
    return ok;
}

} // namespace headroom
