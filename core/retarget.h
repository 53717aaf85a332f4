#pragma once
// Retargeting: an animation made for one skeleton, played by another whose bones have other names
// and other rest poses.
//
// Convention: a source key S on a bone with rest Rs is the rest followed by a local delta,
// S = Rs * D (D in the bone's own rest frame). The target bone plays the same delta after its own
// rest: T = Rt * D = Rt * Rs^-1 * S. This is exact when the two skeletons' bone frames agree up to
// their rest rotations (the usual case: same rig, different bind poses or names); when the bone
// frames themselves differ (e.g. X along the bone in one rig, Y in the other), fix the rest poses
// first. Only the root moves: its translation delta from rest is scaled by the ratio of the two
// roots' rest heights, T = rest_t + (S - rest_s) * (height_t / height_s), a height being the root's
// rest position on the up axis above the ground (0) or above the lowest bone when a bone is lower.
// Other bones keep the target rest translation, so the target keeps its own proportions.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/animation.h"
#include "core/axis_conversion.h"
#include "core/skeleton.h"

namespace bonescope {

// Source bone name -> target bone name. On disk (docs/bone-map.md): {"map": {"src": "dst", ...}}.
struct BoneMap {
    std::map<std::string, std::string> map;

    static BoneMap fromJson(std::string_view text); // throws std::runtime_error saying what is wrong
    std::string toJson() const; // the file's text; formats/bone_map_file.h reads and writes files
};

// A bone name reduced to what identifies it across rigs: namespace (mixamorig:, Armature|) dropped,
// case and separators ignored, the side (left/right in any spelling: Left, L_, _l, .L, " L ",
// lShldr) made a prefix "l:" / "r:". With `synonyms`, common alternative names become one word
// (pelvis/hip -> hips, thigh/upleg -> upperleg, shin/calf/leg -> lowerleg, arm/shldr -> upperarm,
// forearm -> lowerarm, collar/clavicle/shoulder -> clavicle, ...). Second Life's "m" prefix is
// dropped and its own limb words read as it means them (mShoulderLeft -> l:upperarm, mHipLeft ->
// l:upperleg, mFootLeft -> l:toe).
std::string canonicalBoneName(std::string_view name, bool synonyms);

// Matches every source bone to at most one target bone: the same name, then the same loose name
// (case, namespace), then the same canonical name, then the same canonical name with synonyms.
// A canonical name shared by several target bones matches none of them.
BoneMap autoMatch(const Skeleton& source, const Skeleton& target);

struct RetargetResult {
    Animation animation;                    // tracks for the mapped target bones, blend Replace; the
                                            // source's format extra with its tracks renamed alike
    std::vector<std::string> unmappedSource; // source bones with no target (their motion is lost)
    std::vector<std::string> unmappedTarget; // target bones no source drives (they stay at rest)
    std::string sourceRoot, targetRoot;      // the bones whose translation travels
    double rootScale = 1;                    // height_t / height_s (1 when either height is 0)
};

// Bakes `source` on `sourceSkeleton` (any blend mode) and carries it to `target` through `map`.
// Heights are measured along `up` in the rest pose.
RetargetResult retarget(const Animation& source, const Skeleton& sourceSkeleton, const Skeleton& target,
                        const BoneMap& map, UpAxis up = UpAxis::Y);

} // namespace bonescope
