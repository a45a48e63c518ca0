#pragma once

// The offscreen platform for the programs' screenless runs (the report's charts, the window's
// --screenshot, --check-layout and --help without a display).

namespace headroom {

//! No platform chosen (QT_QPA_PLATFORM) and no display to open windows on (DISPLAY,
//! WAYLAND_DISPLAY): Qt's default platform plugin would abort.
bool screenless();

/*!
 * Selects Qt's offscreen platform (QT_QPA_PLATFORM) for a program about to build its
 * QApplication. Without XDG_RUNTIME_DIR (CI, containers, SSH sessions) QStandardPaths warns on
 * every start and then makes a private runtime folder in the temporary folder itself; this makes
 * it first, mode 0700 and owned by this user as the XDG spec requires, so that nothing is printed.
 * A folder that exists with another owner or wider rights is left alone (Qt then warns).
 */
void useOffscreenPlatform();

} // namespace headroom
