#pragma once

// View › Language: the system's language or one of those Headroom has a catalogue for. The
// choice is kept in the settings and applies from the next start: the window builds its labels
// once, in its constructors, and has no retranslation path, so switching while it runs would
// leave half of it in the old language.

class QMainWindow;
class QMenu;

namespace headroom {

class Settings;

//! Adds the Language submenu to \a parent; the choice is saved in \a settings.
QMenu *addLanguageMenu(QMenu *parent, Settings &settings, QMainWindow *window);

} // namespace headroom
