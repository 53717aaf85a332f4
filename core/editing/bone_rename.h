#pragma once
// Renaming bones: the skeleton's bones, every animation's tracks and the format's own per-track data
// (BVH channel orders, Second Life joint priorities) together, so a renamed joint keeps its motion.
#include <map>
#include <string>

#include "core/model/scene.h"

namespace bonescope {

// Renames by `to` (old name -> new name, all at once), and the skeleton's bones with the tracks
// unless `skeletonToo` is false (a file on its format's built-in skeleton: the motion moves to other
// bones of it).
void renameBones(Scene& s, const std::map<std::string, std::string>& to, bool skeletonToo = true);

// One bone (or, without a skeleton, one track) renamed `from` -> `to`. Returns why it cannot be done
// ("" when done): an empty name, or one another bone or track already has.
std::string renameBone(Scene& s, const std::string& from, const std::string& to);

} // namespace bonescope
