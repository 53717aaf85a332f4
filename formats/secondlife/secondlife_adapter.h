#pragma once
// How Second Life's data relates to the common meaning (formats/format.h): shared by the format's
// toCommon / fromCommon and the BVH uploader path (formats/convert/bvh_to_secondlife.h).
#include <string>
#include <vector>

#include "core/axis_conversion.h"
#include "core/scene.h"

namespace bonescope::secondlife {

// Common (Y up, character facing +Z, its left +X) to the avatar's frame (Z up, facing +X, left +Y):
// the rotation F = (x, y, z, w) (0.5, 0.5, 0.5, 0.5) the viewer's BVH uploader uses, x -> y, y -> z,
// z -> x. A proper rotation, so rotation keys are conjugated by F and nothing is mirrored.
AxisConversion fileFromCommon();

// The tracks the file can hold: joints the avatar animates, no scale, positions within 5 m, at most
// 60 s, played with the viewer's rules. Pelvis positions are made relative to its rest offset.
// Appends a line to `report` for everything changed.
void finishForFile(Animation& a, std::vector<std::string>& report);

} // namespace bonescope::secondlife
