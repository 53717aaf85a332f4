#pragma once
// Whether a rig's reference pose stands, and a standing one when its rest does not: some files'
// rest poses are no pose a body takes (Bandai Namco's BVHs lay every bone along its own X axis in
// the OFFSETs, so the body lies along X with the legs beside the spine), and their motion is only
// right relative to a pose that stands, such as the clip's first frame.
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

#include "core/model/animation.h"
#include "core/model/skeleton.h"
#include "core/retarget/humanoid.h"

namespace bonescope {

// A humanoid posed as `world` stands when its hips-to-head points along `up` and its feet are below
// its hips, on the far side from the head (hips-to-head along feet-to-hips), each within 45 degrees:
// a sprint's first frame leans 36 degrees, a rest that lies down is 90 degrees off.
bool standsUpright(const std::vector<glm::dvec3>& world, const Humanoid& h, const glm::dvec3& up);

// `s` posed as frame 0 of `a`, when `s` is a humanoid whose rest does not stand and whose frame 0
// does; nullopt otherwise (the rest serves).
std::optional<Skeleton> standingReference(const Skeleton& s, const Animation& a, const glm::dvec3& up);
// The same with the body of `s` found already (findHumanoid(s)).
std::optional<Skeleton> standingReference(const Skeleton& s, const Animation& a, const glm::dvec3& up,
                                          const std::optional<Humanoid>& body);

} // namespace bonescope
