#pragma once
// The Help menu: the keyboard shortcuts (read from the window's own actions, so the list cannot go
// stale), the formats (from the registry) and About.
#include <QString>

class QMainWindow;
class QMenu;
class QWidget;

namespace bonescope::gui {

void buildHelpMenu(QMenu* menu, QMainWindow* window);

// Every shortcut the window's actions have, one "key<TAB>menu > action" line each, sorted by menu.
QStringList shortcutLines(const QWidget* window);
// One line per registered format: name, extensions, read/write and what it carries.
QStringList formatLines();

} // namespace bonescope::gui
