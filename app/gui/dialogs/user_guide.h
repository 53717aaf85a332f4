#pragma once
// Help > User guide: the documentation in docs/ (built into the program, so it is at hand wherever
// Bonescope is installed and matches its version), shown as formatted text with its links followed.
// A first-use pass found nothing in the window that led to it.
#include <QString>
#include <QStringList>

class QWidget;

namespace bonescope::gui {

// The guide's pages, "docs/viewer.md" first: the user's pages, not the developers' notes.
QStringList userGuidePages();

// Opens the guide on `page` (one of userGuidePages()).
void showUserGuide(QWidget* parent, const QString& page = QStringLiteral("docs/viewer.md"));

} // namespace bonescope::gui
