#pragma once
// How Second Life's data relates to the common meaning (formats/format.h): shared by the format's
// toCommon / fromCommon and the BVH uploader path (formats/convert/bvh_to_secondlife.h).
#include <string>
#include <vector>

#include "core/math/axis_conversion.h"
#include "core/retarget/bone_map.h"
#include "core/retarget/retarget.h"
#include "core/retarget/settings.h"
#include "core/model/scene.h"
#include "formats/report_item.h"

namespace bonescope::secondlife {

// Common (Y up, character facing +Z, its left +X) to the avatar's frame (Z up, facing +X, left +Y):
// the rotation F = (x, y, z, w) (0.5, 0.5, 0.5, 0.5) the viewer's BVH uploader uses, x -> y, y -> z,
// z -> x. A proper rotation, so rotation keys are conjugated by F and nothing is mirrored.
AxisConversion fileFromCommon();

// The tracks the file can hold: joints the avatar animates, no scale, positions within 5 m, at most
// 60 s, played with the viewer's rules. Pelvis positions are made relative to its rest offset.
// Appends a line to `report` for everything changed.
void finishForFile(Animation& a, Report& report);

// The avatar's skeleton in the common frame: what other skeletons are retargeted onto.
Skeleton avatarInCommonFrame();

// Whether a skeleton is the avatar's own (an .anim's): its motion needs no retargeting.
bool playsOnAvatar(const Skeleton& skeleton);

// Which avatar joint each bone of `source` (in the common frame) drives: the joint's own name, else a
// BVH alias of it (hip, abdomen, lShldr...), else the automatic matcher of core/retarget/auto_match.h
// (CMU's Hips, LeftUpLeg...). What an export to Second Life uses unless it is given a map.
BoneMap avatarMap(const Skeleton& source);

// The scene's animations (in the common frame) retargeted onto the avatar, unless it plays on the
// avatar already: convert's retarget options (mode, root motion, IK) apply to a Second Life output too.
// `map` (source bone -> avatar joint) replaces avatarMap() when given: the map a user edited. Each
// retarget's measure is added to `measures` when given (convert --json).
void retargetOntoAvatar(Scene& scene, const RetargetSettings& settings, Report& report,
                        const BoneMap* map = nullptr, std::vector<RetargetReport>* measures = nullptr);

} // namespace bonescope::secondlife
