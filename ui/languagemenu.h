#pragma once

// View › Language: the system's language or one of those Headroom has a catalogue for. The
// choice is kept in the settings and applied at once: the window builds its labels once, in its
// constructors, so the switch reopens it in the new language (MainWindow::reopenInLanguage())
// with the same scenario, pinned scenarios, measurement, file and layout, without restarting.

#include <functional>

class QMenu;
class QString;

namespace headroom {

class Settings;

//! Adds the Language submenu to \a parent; the choice is saved in \a settings and handed to
//! \a apply as the language to show ("" for the system's).
QMenu *addLanguageMenu(QMenu *parent, Settings &settings, std::function<void(const QString &)> apply);

} // namespace headroom
