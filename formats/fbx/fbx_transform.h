#pragma once
// A model's local matrix as the FBX SDK composes it from its properties:
//   T * Roff * Rp * Rpre * R * Rpost^-1 * Rp^-1 * Soff * Sp * S * Sp^-1
// with R in the model's rotation order and pre/post-rotations in XYZ order (degrees).
#include <glm/mat4x4.hpp>

#include "formats/fbx/fbx_objects.h"

namespace bonescope::fbx {

// Euler angles in degrees, applied in `order` (0 XYZ: X first, then Y, then Z).
glm::dmat4 eulerMatrix(const glm::dvec3& degrees, int order);
glm::dmat4 localMatrix(const TransformProps& p);
// The geometric transform: the mesh's offset from its model, not inherited by children.
glm::dmat4 geometricMatrix(const TransformProps& p);

} // namespace bonescope::fbx
