#pragma once
// BVH -> Second Life .anim as the viewer's uploader does it (FORMATS.md, Second Life section), so a
// BVH made for Second Life gives the animation the viewer would upload: joints mapped through the
// avatar's BVH aliases, frame 0 taken as the reference and dropped, rotations turned into the
// avatar's frame with F and made relative to the first frame's pelvis rotation, the pelvis position
// taken relative to frame 0 and converted from inches to metres, other joints with position channels
// given those positions (in metres) as keys, joints that never move from frame 0 left out, and the
// duration (frames - 2) frame times, at least one.
#include <string>
#include <vector>

#include "core/model/scene.h"
#include "formats/report_item.h"

namespace bonescope {

// Inches to metres as the viewer's uploader converts BVH positions.
constexpr double kBvhInchToMetre = 0.02540005;

// The current animation of a scene read from BVH, ready for SecondLifeFormat::write (avatar
// skeleton, viewer rules). Joints with no avatar joint, and anything else the file cannot hold, get
// a line in `report`. Throws std::runtime_error when the BVH has no joint mapping to mPelvis.
Scene bvhToSecondLife(const Scene& bvh, Report& report);

// Whether a joint of the BVH is the avatar's pelvis by name or alias (hip, hips, mPelvis...): a BVH
// made for Second Life, which the uploader's rules fit. Any other humanoid BVH (CMU's, a mocap
// suite's) is retargeted onto the avatar instead.
bool namesAvatarPelvis(const Scene& bvh);

} // namespace bonescope
