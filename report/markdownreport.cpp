#include "reportwriter.h"

#include "reportdocument.h"

namespace headroom {

namespace {

// Text with the characters Markdown would read as markup escaped (P_m stays P_m, not italics).
QString escaped(QString text)
{
    for (const QChar c : { QLatin1Char('\\'), QLatin1Char('*'), QLatin1Char('_'), QLatin1Char('`'), QLatin1Char('[') })
        text.replace(c, QStringLiteral("\\") + c);
    return text;
}

// A table cell on one line, its pipes escaped too (GitHub-flavoured Markdown tables).
QString cell(const QString &text)
{
    QString c = escaped(text);
    c.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    c.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return c;
}

void writeTable(QString &o, const ReportTable &t)
{
    QStringList header, rule;
    for (int i = 0; i < t.header.size(); ++i) {
        header << cell(t.header.at(i));
        rule << (t.numeric.contains(i) ? QStringLiteral("---:") : QStringLiteral("---"));
    }
    o += QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    o += QStringLiteral("|") + rule.join(QStringLiteral("|")) + QStringLiteral("|\n");
    for (const QStringList &row : t.rows) {
        QStringList cells;
        for (const QString &c : row)
            cells << cell(c);
        o += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    o += QLatin1Char('\n');
}

} // namespace

QByteArray reportMarkdown(const Report &report, const QString &filesFolderName)
{
    const ReportDocument doc = reportDocument(report);
    QString o;
    for (const ReportBlock &b : doc.blocks) {
        switch (b.kind) {
        case ReportBlock::Kind::Heading:
            o += QString(b.level, QLatin1Char('#')) + QLatin1Char(' ') + b.text + QStringLiteral("\n\n");
            break;
        case ReportBlock::Kind::Paragraph:
            o += escaped(b.text) + QStringLiteral("\n\n");
            break;
        case ReportBlock::Kind::Table:
            writeTable(o, b.table);
            break;
        case ReportBlock::Kind::OrderedList:
            for (qsizetype i = 0; i < b.items.size(); ++i)
                o += QStringLiteral("%1. ").arg(i + 1) + escaped(b.items.at(i)) + QLatin1Char('\n');
            o += QLatin1Char('\n');
            break;
        case ReportBlock::Kind::Chart: {
            const ReportChart &c = report.charts.at(static_cast<std::size_t>(b.chart));
            o += QStringLiteral("![%1](%2/%3.png)\n\n").arg(cell(b.text), filesFolderName, c.name);
            break;
        }
        }
    }
    return o.toUtf8();
}

} // namespace headroom
