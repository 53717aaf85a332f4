#pragma once
// Qt's own save dialog greys out Save when the typed name is longer than a file name may be, and says
// nothing; this says why, beside the name, while the name is too long.
class QFileDialog;

namespace bonescope::gui {

constexpr int kMaxFileNameLength = 255; // characters in one name, on Linux, Windows and macOS alike

void sayWhyLongNamesAreRefused(QFileDialog& dialog);

} // namespace bonescope::gui
