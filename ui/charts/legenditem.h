#pragma once

// A legend entry that shapes its text once. QCustomPlot's own entry measures its text twice and
// draws it afresh on every replot, and every chart replots on every slider step with the same
// bucket names; this one keeps each name's size and glyphs (QStaticText), per font.

class QCPAbstractLegendItem;
class QCPAbstractPlottable;
class QCPLegend;

namespace headroom {

//! A legend entry for \a plottable, drawn as QCustomPlot's QCPPlottableLegendItem draws it.
QCPAbstractLegendItem *makeLegendItem(QCPLegend *legend, QCPAbstractPlottable *plottable);

} // namespace headroom
