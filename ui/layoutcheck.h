#pragma once

// The layout check: every visible text of a window must fit its rectangle and no two may
// overlap. Labels, value boxes and buttons are measured with their font against their contents
// rectangle; chart annotations (chartpane.h) against each other and their clip rectangle.
// `headroom --check-layout` runs it on a set of scenarios at a given size, language and palette.

#include <QList>
#include <QString>

class QWidget;

namespace headroom {

struct LayoutProblem
{
    QString widget; //!< object name or class, and its text
    QString what;   //!< "clipped: needs 152 px, has 120", "overlaps <other>"
};

//! The problems of \a window as it is laid out now.
QList<LayoutProblem> checkLayout(QWidget *window);

} // namespace headroom
