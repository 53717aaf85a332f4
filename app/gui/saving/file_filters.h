#pragma once
// File-dialog filters built from the format registry, so every registered format is offered.
#include <QString>

namespace bonescope {
class Format;
}

namespace bonescope::gui {

QString formatFilter(const Format& format); // "SEAnim v1 (*.seanim)"
QString animationFileFilter(); // "All supported (...);;SEAnim v1 (*.seanim);;...;;All files (*)"
QString meshFileFilter();      // glTF, FBX, COLLADA, the other formats Assimp reads, SEModel and Cast

} // namespace bonescope::gui
