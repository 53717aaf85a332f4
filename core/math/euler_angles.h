#pragma once
// Euler angles in degrees in the editor's one order, XYZ with X applied first: q = Rz(z) Ry(y) Rx(x)
// (glm's quat(vec3) and eulerAngles(), as the Key dock types them), and the unwrapping that keeps a
// sequence of them continuous for the graph editor.
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bonescope {

// x, y, z in degrees; y in [-90, 90], x and z in (-180, 180].
glm::dvec3 eulerXYZDegrees(const glm::dquat& q);
glm::dquat quatFromEulerXYZDegrees(const glm::dvec3& degrees);

// The angles for the same rotation as `e` closest to `ref`: each angle moved by a multiple of 360 to
// within 180 of ref's, and of that and the other Euler triple of the rotation (x + 180, 180 - y,
// z + 180) the one nearer `ref`. Applied along a curve it removes the 360 jumps and the flips at
// y = +-90.
glm::dvec3 nearestEquivalentEuler(const glm::dvec3& e, const glm::dvec3& ref);

} // namespace bonescope
