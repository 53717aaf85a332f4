#pragma once
// Qt's own file dialog sizes its Size, Type and Date Modified columns for short samples ("128.88 GB",
// "10/29/81 02:02PM") and gives the rest to the name: "649.5 KiB" and a date in the locale's long
// format were cut ("649...KiB", "29 Nov...:25:48"). Every file dialog the window opens, the static
// QFileDialog functions' included, gets columns as wide as what they show; the name takes the rest.
class QFileDialog;

namespace bonescope::gui {

// Size, Type and Date follow their contents (as the folder's rows arrive); the name column stretches,
// in a dialog widened to 1000 px (three quarters of a smaller screen).
// Nothing for a native dialog (no Qt widgets).
void fitFileDialogColumns(QFileDialog& dialog);

// Calls fitFileDialogColumns for each file dialog the application shows. Once per application.
void fitEveryFileDialogsColumns();

} // namespace bonescope::gui
