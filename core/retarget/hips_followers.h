#pragma once
// Bones a retarget leaves out that follow the hips: those that hang beside the hips from a bone above
// them (the armature's root), with nothing mapped above or below them. RobotExpressive's knee pole
// targets (PoleTargetL under its root Bone, beside its pelvis Body) are such: kept at their rest,
// they stood where the character started while it walked away. Bones below a mapped bone already
// follow it (they keep their rest relative to their parent), and scene nodes (mesh holders, cameras)
// and helpers are not bones of the rig, so neither is taken.
#include <cstdint>
#include <vector>

#include "core/model/skeleton.h"

namespace bonescope {

// The topmost such bones (their children follow them), in bone order; none when `hips` < 0.
// `mapped`: per bone, whether the retarget drives it.
std::vector<int> followersOfHips(const Skeleton& s, int hips, const std::vector<uint8_t>& mapped);

} // namespace bonescope
