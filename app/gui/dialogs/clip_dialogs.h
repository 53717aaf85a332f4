#pragma once
// Edit > Clip: frame rate (keeping times or frame numbers), trim to a frame range, set the duration,
// reverse and, for frame-based formats (SEAnim, BVH), resample; time scale, mirror left/right (the
// clip, or the pose at the current frame), drop or freeze joints by name pattern, offset the root. A
// small dialog each; one undo step each.
#include <functional>
#include <memory>

class QDialog;
class QFormLayout;
class QMenu;
class QString;
class QWidget;

namespace bonescope::gui {

class Document;

QMenu* addClipMenu(QMenu* edit, Document* doc, QWidget* parent); // returns the Clip menu

// A form dialog; `fill` adds the rows. The dialog when accepted (its fields are read while it
// lives: hold it in the `if`), null when cancelled.
std::unique_ptr<QDialog> runForm(QWidget* parent, const QString& title, const std::function<void(QDialog*, QFormLayout*)>& fill);

} // namespace bonescope::gui
