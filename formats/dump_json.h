#pragma once
// The scene as JSON, as `bonescope-cli dump` prints it (documented in docs/dump-json.md).
#include <nlohmann/json.hpp>

#include "core/pose.h"
#include "core/scene.h"

namespace bonescope {

// One animation of the scene with the skeleton it carries.
nlohmann::json dumpAnimation(const Scene& scene, int animationIndex);
// Local and world transforms of every bone (what `bonescope-cli pose` prints).
nlohmann::json dumpPose(const Skeleton& skeleton, const Pose& pose, double time);

} // namespace bonescope
