#pragma once
// The game and modelling formats Bonescope reads through Assimp, in the import helper
// (formats/assimp/assimp_child.h), each a format of its own: listed by `formats`, in the window's
// Open filters, detected by content after Bonescope's own readers (SMD and BVH never come here).
// Read only: their skeleton, skinned mesh and animations are converted to other formats.
#include <memory>
#include <vector>

#include "formats/format.h"

namespace bonescope {

std::vector<std::unique_ptr<Format>> assimpReadFormats();

} // namespace bonescope
