#pragma once

#include <QStringList>

namespace headroom::cli {

//! `headroom-cli report`: one scenario's report as Markdown (charts as PNGs beside it), PDF, CSV
//! or JSON, written atomically. Runs in headroom-report under a QApplication (the charts are the window's panes).
int runReportCommand(const QStringList &arguments);

//! Before the QApplication of `report` exists: the offscreen platform when there is no display
//! (and the user chose no platform), so that reports are written on servers and in CI.
void prepareReportPlatform();

} // namespace headroom::cli
