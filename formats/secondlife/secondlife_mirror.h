#pragma once
// Mirroring (core/editing/mirror.h) carried into the Second Life constraints: they swap their collision
// volumes (L_HAND <-> R_HAND) and have their offsets and direction reflected. Joint priorities follow
// their joint's motion to the other side through renameTracks() (formats/scene_mirror.cpp).
#include <vector>

#include "core/editing/mirror.h"
#include "formats/secondlife/secondlife_extra.h"

namespace bonescope::secondlife {

// `axis` in the file's frame (Z up, left +Y): 1 for a left <-> right mirror.
void mirrorExtra(SecondLifeExtra& x, int axis, const std::vector<SidePair>& user);

} // namespace bonescope::secondlife
