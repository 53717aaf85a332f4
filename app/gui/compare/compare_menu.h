#pragma once
// File > Compare with... (choose a file; its animation is compared with the document's and played
// over it: compare_session.h) and File > End comparison.
class QMenu;
class QStatusBar;
class QWidget;

namespace bonescope::gui {

class CompareSession;
class Document;

// The two actions (object names "compareWith" and "endComparison") added to `menu`. A file that
// cannot be compared is reported in a message box when `interactive`, else on the status bar.
void addCompareActions(QMenu* menu, CompareSession* session, Document* doc, QWidget* parent, QStatusBar* status,
                       bool interactive);

} // namespace bonescope::gui
