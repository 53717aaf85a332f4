#pragma once
// Edit > Clip: frame rate (keeping times or frame numbers), trim to a frame range, set the duration,
// reverse and, for frame-based formats (SEAnim, BVH), resample; time scale, mirror left/right (the
// clip, or the pose at the current frame), drop or freeze joints by name pattern, offset the root. A
// small dialog each; one undo step each.
class QMenu;
class QWidget;

namespace bonescope::gui {

class Document;

QMenu* addClipMenu(QMenu* edit, Document* doc, QWidget* parent); // returns the Clip menu

} // namespace bonescope::gui
