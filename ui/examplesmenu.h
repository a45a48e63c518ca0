#pragma once

// File › Examples: the scenarios shipped with Headroom (presentation/examples.h), the article's
// table first, then a few common runs; each opens as a new document.

#include <functional>

class QMenu;
class QWidget;

namespace headroom {

class ScenarioDocument;

/*!
 * Adds the Examples submenu to \a file. Choosing an example asks \a confirmDiscard first, as
 * File › Open does with unsaved changes, then opens it in \a document untitled; a file that
 * cannot be read is said in a message box over \a window and changes nothing.
 */
QMenu *addExamplesMenu(QMenu *file, QWidget *window, ScenarioDocument *document, std::function<bool()> confirmDiscard);

} // namespace headroom
