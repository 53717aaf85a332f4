#pragma once
// Retargeting: an animation made for one skeleton, played by another whose bones have other names,
// other axes and another rest pose.
//
// The transfer is in world space, relative to each rig's reference pose (its rest). For each mapped
// bone, the source's change of world orientation from its reference, Ds = Ws * Ws_ref^-1, is carried
// into the target's world (C, rig_frame.h: the rigs' own up, left and forward, so that Z-up against
// Y-up or a rotated container node do not matter) and applied there:
//   keep-rest:  Wt = C Ds C^-1 * Wt_ref             (the target's own rest plus the source's motion)
//   match-pose: Wt = C Ds C^-1 * A * Wt_ref         (A turns the target's limb onto the source's
//                                                   reference direction: limbs point where the source's do)
// then back to the target's locals. Bone axis conventions never enter. The hips' travel is carried in
// world space too, scaled by leg length (hip height above the feet), its height kept above the
// ground; other bones keep the target's own bone lengths. Bones the map leaves out keep their rest
// relative to their parent, so they follow it, and those beside the hips with nothing mapped above
// them follow the hips (hips_followers.h). IK (two_bone_ik.h) and foot locking (foot_contacts.h)
// are a pass after.
#include <map>
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/math/axis_conversion.h"
#include "core/retarget/auto_match.h"
#include "core/retarget/bone_map.h"
#include "core/retarget/bone_names.h"
#include "core/retarget/settings.h"
#include "core/model/skeleton.h"

namespace bonescope {

// The quality of a retarget, measured on the result (docs/retargeting.md): per limb segment, the
// angle between its world direction in the source and in the result (match-pose), or between their
// changes from rest (keep-rest), at every frame; hands, feet and head by full orientation.
struct LimbError {
    std::string limb;   // "left upper arm", or the target bone's name outside the humanoid roles
    std::string bone;   // the target bone
    double median = 0;  // degrees
    double max = 0;
    double worstTime = 0; // seconds
    bool orientation = false; // an orientation (hand, foot, head), not a direction
};

struct RetargetReport {
    std::vector<LimbError> limbs;
    double median = 0, max = 0; // over every direction sample of every limb
    double sourceTravel = 0, resultTravel = 0; // the hips' net travel over the ground, in leg lengths
    int frames = 0;             // frames measured
    double lockedFootSlide = 0; // with foot locking: the largest movement of a locked foot (target units)
    int contacts = 0;           // ground contacts found in the source's feet
    bool sourceFromFirstFrame = false; // the source's rest pose does not stand: its frame 0 was the reference
    std::map<std::string, std::string> map; // the bone map used: source -> target bone, as it names them
};

struct RetargetResult {
    Animation animation;                    // tracks for the driven target bones, blend Replace; the
                                            // source's format extra with its tracks renamed alike
    Skeleton skeleton;                      // the target (with a root bone added by RootMotion::Extract)
    std::vector<std::string> unmappedSource; // source bones with no target (their own motion is lost)
    std::vector<std::string> unmappedTarget; // target bones no source drives that keep their rest
                                             // relative to their parent (not those that follow the
                                             // hips: hips_followers.h)
    std::string sourceRoot, targetRoot;      // the bones whose translation travels (the hips)
    double rootScale = 1;                    // target leg length / source leg length
    RetargetReport report;
};

// Bakes `source` on `sourceSkeleton` (any blend mode) and carries it to `target` through `map`
// (names or paths; chains spread). `up` is used only for rigs that are no humanoid. Throws
// std::runtime_error naming the bone for a map that names a bone neither rig has, maps a bone twice,
// or for a skeleton whose parents form a cycle.
RetargetResult retarget(const Animation& source, const Skeleton& sourceSkeleton, const Skeleton& target,
                        const BoneMap& map, const RetargetSettings& settings = {}, UpAxis up = UpAxis::Y);

// About the bytes retarget() gives its result: a key per frame for every target bone, a rotation in
// double (and the hips' translation). For callers that prepare that much memory first
// (platform::LargeHeapUse): on a virtual machine the page faults of 90 MB of fresh memory cost more
// than the transfer's arithmetic.
size_t retargetResultBytes(const Animation& source, const Skeleton& target);

// The skeleton `s` with its rest replaced by the pose of `a` at `time` (a reference pose: a frame of
// the rig's own animation, or a pose file).
Skeleton posedAsRest(const Skeleton& s, const Animation& a, double time);

} // namespace bonescope
