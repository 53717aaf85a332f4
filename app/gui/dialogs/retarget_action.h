#pragma once
// File > Retarget onto skeleton...: choose a rig file, map the bones and choose how the motion is
// carried in RetargetDialog (its quality shown before accepting), and replace the document's scene by
// its animations retargeted onto the rig (formats/convert/prepare.h), playing on the rig's own mesh.
// One undo step.
#include <QString>

class QWidget;

namespace bonescope::gui {

class Document;

// True when the document now holds the retargeted animations. The rig is asked for unless given.
bool retargetDocument(QWidget* parent, Document* doc, QString rigPath = {});

} // namespace bonescope::gui
