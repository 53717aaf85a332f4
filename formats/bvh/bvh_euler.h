#pragma once
// Euler angles in a BVH channel order: R = R_a0(e0) * R_a1(e1) * R_a2(e2), column vectors, degrees.
#include <array>

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bonescope::bvh {

// axes: three distinct axes, 0 = X, 1 = Y, 2 = Z, in the order the channels are listed.
glm::dquat composeEuler(const std::array<int, 3>& axes, const glm::dvec3& degrees);
// The angles (in listed order) with composeEuler(axes, result) == q; the middle angle in [-90, 90].
// When `near` is given, the first and last angles are shifted by whole turns towards it, so a
// sequence of frames does not jump by 360 degrees.
glm::dvec3 decomposeEuler(const std::array<int, 3>& axes, const glm::dquat& q, const glm::dvec3* near = nullptr);

} // namespace bonescope::bvh
