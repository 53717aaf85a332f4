#pragma once
// The demo character: a humanoid of 20 bones skinned by cylinders, boxes and a sphere, Y up,
// facing +Z, metres. Built in its bind pose (rest rotations are identity).
#include "core/model/mesh.h"
#include "core/model/skeleton.h"

namespace bonescope::demo {

struct Character {
    Skeleton skeleton;
    Mesh mesh; // inverseBind filled: the inverse rest world of every bone
};

// `detail` multiplies the ring and side counts (1: about 3,000 vertices).
Character buildCharacter(int detail = 1);

} // namespace bonescope::demo
