#include "reportwriter.h"

#include <QBuffer>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

#include "reportdocument.h"

namespace headroom {

namespace {

// Width of a chart on the page, in the document's 96-dpi pixels (A4 less 15 mm margins is 680).
constexpr int kChartWidth = 640;

QString html(const ReportDocument &doc)
{
    QString o = QStringLiteral("<html><head><style>"
                               "body { font-size: 9pt; }"
                               "h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 14px; } h3 { font-size: 10pt; }"
                               "table { border-collapse: collapse; margin-bottom: 6px; }"
                               "th { background-color: #e8e8e8; font-weight: bold; }"
                               "td, th { font-size: 7.5pt; padding: 2px; }"
                               "</style></head><body>");
    for (const ReportBlock &b : doc.blocks) {
        switch (b.kind) {
        case ReportBlock::Kind::Heading:
            o += QStringLiteral("<h%1>%2</h%1>").arg(b.level).arg(b.text.toHtmlEscaped());
            break;
        case ReportBlock::Kind::Paragraph:
            o += QStringLiteral("<p>%1</p>").arg(b.text.toHtmlEscaped());
            break;
        case ReportBlock::Kind::Table: {
            o += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\"><tr>");
            for (const QString &h : b.table.header)
                o += QStringLiteral("<th>%1</th>").arg(h.toHtmlEscaped());
            o += QStringLiteral("</tr>");
            for (const QStringList &row : b.table.rows) {
                o += QStringLiteral("<tr>");
                for (qsizetype i = 0; i < row.size(); ++i)
                    o += QStringLiteral("<td%1>%2</td>")
                                 .arg(b.table.numeric.contains(int(i))
                                              ? QStringLiteral(" align=\"right\" style=\"white-space: nowrap\"")
                                              : QString(),
                                      row.at(i).toHtmlEscaped());
                o += QStringLiteral("</tr>");
            }
            o += QStringLiteral("</table>");
            break;
        }
        case ReportBlock::Kind::OrderedList:
            o += QStringLiteral("<ol>");
            for (const QString &item : b.items)
                o += QStringLiteral("<li>%1</li>").arg(item.toHtmlEscaped());
            o += QStringLiteral("</ol>");
            break;
        case ReportBlock::Kind::Chart:
            o += QStringLiteral("<p><img src=\"chart:%1\" width=\"%2\"/><br/>%3</p>")
                         .arg(b.chart)
                         .arg(kChartWidth)
                         .arg(b.text.toHtmlEscaped());
            break;
        }
    }
    return o + QStringLiteral("</body></html>");
}

} // namespace

QByteArray reportPdf(const Report &report)
{
    const ReportDocument doc = reportDocument(report);
    QTextDocument text;
    for (std::size_t i = 0; i < report.charts.size(); ++i)
        text.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart:%1").arg(i)),
                         QImage::fromData(report.charts[i].png, "PNG"));
    text.setHtml(html(doc));

    QByteArray pdf;
    QBuffer buffer(&pdf);
    if (!buffer.open(QIODevice::WriteOnly))
        return {};
    QPdfWriter writer(&buffer);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15),
                                     QPageLayout::Millimeter));
    writer.setTitle(doc.title);
    writer.setCreator(QStringLiteral("Headroom %1").arg(QStringLiteral(HEADROOM_VERSION)));
    // The page's printable area as the document's page (in its 96-dpi pixels): without one,
    // print() adds a 2 cm margin of its own inside the writer's and the charts overflow.
    const QSizeF page = writer.pageLayout().paintRect(QPageLayout::Point).size() * (96.0 / 72.0);
    text.setPageSize(page);
    text.print(&writer);
    buffer.close();
    return pdf;
}

} // namespace headroom
