#pragma once
// Two-bone IK (thigh-shin-foot, upper arm-forearm-hand): the rotations that bring the end joint to a
// goal while the joints keep their lengths and the knee or elbow stays in the plane it bends in.
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bonescope {

struct TwoBoneIkResult {
    glm::dquat upper{1, 0, 0, 0}; // world rotation to apply (before) to the upper bone
    glm::dquat lower{1, 0, 0, 0}; // world rotation to apply to the lower bone, after `upper`
    bool reached = true;          // false when the goal is out of reach (the limb points at it, straight)
};

// a, b, c: world positions of the upper, lower and end joints; goal: where c should be.
TwoBoneIkResult solveTwoBoneIk(const glm::dvec3& a, const glm::dvec3& b, const glm::dvec3& c, const glm::dvec3& goal);

} // namespace bonescope
