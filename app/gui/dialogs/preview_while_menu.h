#pragma once
// View > Preview while: None / Stand / Walk / Sit / Fly / Other file...: a Second Life animation
// played over a base motion, mixed by joint priority as the viewer does (core/playback/priority_mix.h).
// Enabled for Second Life animations.
class QMenu;
class QWidget;

namespace bonescope::gui {

class Document;

void addPreviewWhileMenu(QMenu* view, Document* doc, QWidget* parent);

} // namespace bonescope::gui
