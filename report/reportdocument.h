#pragma once

// The report as a document: headings, paragraphs, tables, an ordered list and the charts, in
// the user's language. Built once from the Report (report.h); the Markdown and PDF writers lay
// out the same blocks, so the two show the same words and numbers.

#include <vector>

#include <QList>
#include <QString>
#include <QStringList>

#include "report.h"

namespace headroom {

struct ReportTable
{
    QStringList header;
    QList<QStringList> rows;
    //! Columns of figures, right-aligned.
    QList<int> numeric;
};

struct ReportBlock
{
    enum class Kind { Heading, Paragraph, Table, OrderedList, Chart };
    Kind kind = Kind::Paragraph;
    int level = 2;        //!< Heading: 1 for the title, 2 for a section, 3 below
    QString text;         //!< Heading, Paragraph; Chart: its caption
    ReportTable table;
    QStringList items;    //!< OrderedList
    int chart = -1;       //!< Chart: index into Report::charts
};

struct ReportDocument
{
    QString title;
    std::vector<ReportBlock> blocks;
};

//! The report's blocks, in order: inputs, memory per GPU, the peak, the derivation, the verdict,
//! the GPU table, the advice, notes and the charts.
ReportDocument reportDocument(const Report &report);

} // namespace headroom
