#pragma once

// The window's charts for a report (report.h): the stacked bar per GPU, the step timeline, the
// sequence sweep and the recipe comparison, drawn by the chart panes themselves offscreen, light,
// as PNGs. Needs a QApplication (the panes are widgets).

#include <vector>

#include <headroom/io/catalogue.h>
#include <headroom/io/scenariofile.h>

#include "byteformat.h"
#include "report.h"

namespace headroom {

//! The charts of \a spec, each \a width x \a height device-independent pixels at twice the pixels.
std::vector<ReportChart> renderReportCharts(const ScenarioSpec &spec, const Catalogue &catalogue,
                                            DisplayUnit unit = DisplayUnit::Binary, int width = 900, int height = 560);

} // namespace headroom
