#pragma once
// Edit > Reduce keys...: the bound (millimetres; the file's units asked for where its format states
// none), then the report: keys and bytes before and after, the largest error. One undo step.
class QMenu;
class QWidget;

namespace bonescope::gui {

class Document;

void addReduceKeysAction(QMenu* edit, Document* doc, QWidget* parent);

} // namespace bonescope::gui
