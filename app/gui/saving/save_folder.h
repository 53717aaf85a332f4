#pragma once
// Where Save As and Export open their dialog: the file's own folder when one can save there, else the
// user's documents folder, with the reason a person is shown (a save into a read-only folder fails).
#include <QString>

class QFileDialog;
class QWidget;

namespace bonescope::gui {

// The user's documents folder, or the home folder when there is none.
QString documentsFolder();

// A folder one may save into: it exists, the user may write there, and its permissions let someone
// write (root may write anywhere, yet a folder marked read-only for all, such as shared samples or
// an installed package's data, is not a place to save a user's work).
bool isSaveFolder(const QString& folder);

struct SaveStart {
    QString path; // the name offered, in the folder the dialog opens
    QString why;  // empty, or why the file's own folder is not offered
};
// `suggested` (a path or a bare name) placed where the dialog should open.
SaveStart saveStart(const QString& suggested);

// Shows `why` in `dialog` (Qt's own dialog: a line under its buttons) or, for a native dialog or none
// (a static QFileDialog function), in `parent`'s window's status bar. Nothing when `why` is empty.
void showSaveStartReason(QFileDialog* dialog, QWidget* parent, const QString& why);

} // namespace bonescope::gui
