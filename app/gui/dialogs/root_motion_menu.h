#pragma once
// Clip > Root motion: the hips' travel removed (in place), moved to a root bone above the hips
// (extract), or put back into the hips (core/retarget/root_motion.h). Each is one undo step.
class QMenu;
class QWidget;

namespace bonescope::gui {

class Document;

void addRootMotionMenu(QMenu* clip, Document* doc, QWidget* parent);

} // namespace bonescope::gui
