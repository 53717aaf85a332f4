#pragma once
// File-dialog filters built from the format registry, so every registered format is offered.
#include <QString>

namespace bonescope {
class Format;
}

namespace bonescope::gui {

// The filter a save or export dialog offers for `format`: its written extension ("SEAnim v1 (*.seanim)";
// glTF "(*.glb)", not the .fbx and .dae Assimp reads).
QString formatFilter(const Format& format);
QString animationFileFilter(); // "All supported (...);;SEAnim v1 (*.seanim);;...;;All files (*)"
QString meshFileFilter();      // glTF, FBX, COLLADA, the other formats Assimp reads, SEModel and Cast

} // namespace bonescope::gui
