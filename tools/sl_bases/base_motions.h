#pragma once
// The Second Life base motions Bonescope ships for "Preview while" (resources/secondlife/), built
// procedurally on the default avatar in the file's own axes (Z up, +X forward, +Y left; rest rotations
// identity, so a rotation key is the joint's local rotation), each looping, with its own priorities:
//   stand  priority 0: the whole body, breathing (4 s)
//   walk   priority 2: pelvis, legs, arms and torso, one stride cycle (1 s)
//   sit    priority 3, pelvis and legs at 4: sitting on a seat, hands on the thighs (2 s)
//   fly    priority 2: body pitched forward, legs trailing, a slow bob (2 s)
#include <string>
#include <vector>

#include "core/model/scene.h"

namespace bonescope::sl_bases {

// The names in menu order; each builds a Second Life scene (SecondLifeExtra set) that
// SecondLifeFormat::write() saves as NAME.anim.
const std::vector<std::string>& names();
Scene build(const std::string& name);

} // namespace bonescope::sl_bases
