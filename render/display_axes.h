#pragma once
// Source data is Y up or Z up; the viewport always shows Y up. The one place that says how a source
// axis convention maps to the display.
#include <glm/mat4x4.hpp>

namespace bonescope::render {

enum class UpAxis { Y, Z };

// Source space -> display space (Z up turns -90 degrees about X: z becomes y, y becomes -z).
glm::mat4 displayMatrix(UpAxis up);
// Index of the source axis that points up (1 for Y, 2 for Z).
int upIndex(UpAxis up);
// Where the character faces in display space, as the orbit camera's yaw that sees its face: Y-up
// sources face +Z (glTF, FBX, BVH), Z-up ones +X (Second Life, Call of Duty's SEAnim: FORMATS.md).
float frontYaw(UpAxis up);

// What the view does with the motion of the character's root.
enum class RootMotion {
    Free,    // the character walks away; the camera stays
    Follow,  // the camera follows the root across the ground
    InPlace, // the root's horizontal motion is removed
};

} // namespace bonescope::render
