#pragma once
// A one-second walk cycle for the demo character, keyed on every frame at 30 fps, with the root
// moving forward (root motion) and a note on each footstep.
#include "core/model/animation.h"
#include "core/model/skeleton.h"

namespace bonescope::demo {

Animation buildWalkCycle(const Skeleton& character);

} // namespace bonescope::demo
