#pragma once
// Bone names reduced to what identifies a limb across rigs (Mixamo, Unreal, Unity, Rigify, CMU and
// other BVH, Second Life, Call of Duty j_ names).
#include <string>
#include <string_view>
#include <vector>

namespace bonescope {

// The name with namespace (mixamorig:, Armature|) dropped, case and separators ignored, the side
// (left/right in any spelling: Left, L_, _l, .L, " L ", lShldr, _le/_ri) made a prefix "l:" / "r:".
// With `synonyms`, common alternative names become one word (pelvis/hip -> hips, thigh/upleg ->
// upperleg, shin/calf/leg -> lowerleg, arm/shldr -> upperarm, forearm -> lowerarm, collar/clavicle/
// shoulder -> clavicle, ...). Rigs that use limb words their own way are read as they mean them:
// Second Life (the "m" prefix dropped; mShoulderLeft -> l:upperarm, mHipLeft -> l:upperleg,
// mFootLeft -> l:toe) and Call of Duty (j_shoulder_le -> l:upperarm, j_hip_le -> l:upperleg,
// j_knee_le -> l:lowerleg, j_ball_le -> l:toe).
std::string canonicalBoneName(std::string_view name, bool synonyms);

// The word a tool put before every bone name of one rig, with its separator: "Armature_" (Blender's
// COLLADA export names each joint node's id after its armature, and Assimp reads the ids),
// MotionBuilder's "Character1_", "mixamorig_". Found when two thirds of `names` (and at least four)
// begin with it; "" when none does. A side (L_, Left_) or Call of Duty's j_ is part of the name.
std::string rigNamePrefix(const std::vector<std::string_view>& names);

// `name` without `prefix` when it starts with it and more follows.
std::string_view withoutPrefix(std::string_view name, std::string_view prefix);

} // namespace bonescope
