#pragma once
// File > Retarget onto skeleton...: choose a rig file, map the bones in RetargetDialog, and replace
// the document's scene by its animations retargeted onto the rig (formats/convert/prepare.h).
class QWidget;

namespace bonescope::gui {

class Document;

void retargetDocument(QWidget* parent, Document* doc);

} // namespace bonescope::gui
