#pragma once
// A static uniform scale on a bone (Mixamo's 0.01 armature node, any unanimated scale on a glTF or
// FBX node) folded into the translations below it, for targets that would drop it: formats without
// a scale channel (BVH) and formats without a skeleton (SEAnim, whose players have their own rest).
#include <string>
#include <vector>

#include "core/model/scene.h"
#include "formats/report_item.h"

namespace bonescope {

// Each bone whose scale is uniform and never changes (rest scale with no scale keys, or keys all
// equal to it) gets scale 1, and the rest and keyed translations of every bone below it are
// multiplied by it, so world positions stay the same. One report line names the bones folded.
void foldStaticScale(Scene& scene, Report& report);

// A scale that is the same positive number on the three axes (within rounding).
bool uniformScale(const glm::dvec3& s);

} // namespace bonescope
