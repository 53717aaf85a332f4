#pragma once
// Two rigs paired through a bone map in their reference poses: what the retarget's transfer and its
// limb measure (limb_error.h) both start from, so that `diff` of two rigs measures a pair of clips
// exactly as a retarget measures its result.
#include <optional>
#include <utility>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "core/math/axis_conversion.h"
#include "core/retarget/bone_map.h"
#include "core/retarget/humanoid.h"
#include "core/retarget/limb_error.h"
#include "core/retarget/posed_rig.h"
#include "core/retarget/rig_frame.h"
#include "core/model/skeleton.h"

namespace bonescope {

struct RigPairing {
    std::vector<int> srcOrder, tgtOrder;    // parents before children
    std::vector<std::pair<int, int>> pairs; // (source bone, target bone) from the map
    std::vector<int> srcOf, tgtOf;          // per target / source bone: its mapped bone, or -1
    std::optional<Humanoid> hs, ht;
    PosedRig srcRef, tgtRef;                // each rig in its reference pose (its rest)
    int srcHips = -1, tgtHips = -1;         // the humanoids' hips when paired, else the shallowest mapped bone
    bool humanoids = false;                 // both humanoids, hips paired
    RigFrame fs, ft;
    glm::dquat C{1, 0, 0, 0};               // source world -> target world
    std::vector<int> seg;                   // per target bone: the mapped child its segment runs to, or -1
    std::vector<int> srcSeg;                // the same segment's end in the source, or -1
    std::vector<glm::dquat> A;              // per target bone: turns its reference onto the source's (match-pose)
};

// Throws std::runtime_error for a broken skeleton (naming which) or a map resolveBoneMap refuses.
// `source` must not be empty. `up` serves rigs that are no humanoid. `sourceBody`: findHumanoid(source)
// when the caller has it already (null: found here).
RigPairing pairRigs(const Skeleton& source, const Skeleton& target, const BoneMap& map, RetargetMode mode, UpAxis up,
                    const std::optional<Humanoid>* sourceBody = nullptr);

// What the limb measure compares for the pairing: between humanoids the segments experts compare
// (upper arm, forearm, thigh, shin, hips to neck, neck to head) and the hands', feet's and head's
// orientations; otherwise every mapped segment.
std::vector<LimbSpec> limbSpecs(const RigPairing& p, const Skeleton& target);

} // namespace bonescope
