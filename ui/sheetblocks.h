#pragma once

// What a page of the sheet view (widgets/sheetview.h) shows: headings, paragraphs and tables of
// styled text. Data only, no widgets: the math sheet builds it, the view lays it out.

#include <QList>
#include <QString>

namespace headroom {

//! How a run of text is coloured: the palette's text, a muted mix of text and base, or the link
//! colour. Roles, not colours, so that a palette change needs no new content.
enum class SheetTone { Text, Muted, Accent };

struct SheetSpan
{
    int start = 0;
    int length = 0;
    SheetTone tone = SheetTone::Text;
    bool bold = false;
    friend bool operator==(const SheetSpan &, const SheetSpan &) = default;
};

//! Text with its styled runs; what is not in a span is plain text in the text colour.
struct SheetText
{
    QString text;
    QList<SheetSpan> spans;

    SheetText &add(const QString &s, SheetTone tone = SheetTone::Text, bool bold = false);
    friend bool operator==(const SheetText &, const SheetText &) = default;
};

struct SheetColumn
{
    bool rightAligned = false;
    bool wraps = true; //!< false: the column is as wide as its widest cell
    friend bool operator==(const SheetColumn &, const SheetColumn &) = default;
};

struct SheetBlock
{
    enum class Kind {
        Title,   //!< the sheet's heading
        Heading, //!< a section's heading
        Note,    //!< a muted line under a heading
        Line,    //!< an equation: its continuation lines indented
        Bullet,  //!< a list item
        Table,
    };
    Kind kind = Kind::Line;
    SheetText text;                 //!< all but tables
    QList<SheetColumn> columns;     //!< tables
    QList<QList<SheetText>> rows;   //!< tables: cells, as many per row as columns
    bool headerRow = false;         //!< tables: the first row names the columns (muted)
};

} // namespace headroom
