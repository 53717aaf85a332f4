#pragma once
// SMD rotations: Euler angles in radians, x y z as written, meaning R = Rz(z) * Ry(y) * Rx(x) on
// column vectors (GoldSrc's and Source's AngleMatrix; Blender's 'XYZ'). The maths is BVH's Euler
// code with the axes in the order Z, Y, X.
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace bonescope::smd {

glm::dquat rotationFromEuler(const glm::dvec3& xyzRadians);
// The x y z radians of `q`; with `near`, x and z shifted by whole turns towards it (no 2 pi jumps).
glm::dvec3 eulerFromRotation(const glm::dquat& q, const glm::dvec3* near = nullptr);

} // namespace bonescope::smd
