#pragma once
// Two files' animations compared (core/compare/animation_compare.h) after each format's data is
// brought into the common meaning, with the skeletons and units chosen as `bonescope-cli diff` and
// the window's File > Compare with... choose them (docs/compare.md).
#include <optional>
#include <string>

#include "core/compare/animation_compare.h"
#include "core/model/scene.h"

namespace bonescope {

// Metres per unit of a file's positions where its format's specification states them (Second Life
// and glTF: metres); nullopt where it does not (BVH, SMD, SEAnim, Cast, LEGO, FBX; Unreal's
// centimetres are a convention Bonescope's conversions do not apply).
std::optional<double> metresPerUnit(const std::string& formatId, const std::string& path);

// The scene's current animation alone, in the common meaning (its format's toCommon(): Y up,
// right-handed, local transforms), on `skeleton` when the file carries none (SEAnim keys play on the
// rig they were made for). Throws std::runtime_error when the scene has no animation.
Scene commonClip(const Scene& s, const Skeleton* skeleton);

struct SceneCompareOptions {
    std::optional<Skeleton> skeleton; // the rig b plays on (--skeleton), in its file's own meaning
    std::optional<BoneMap> boneMap;   // a's bones -> b's (--bone-map): the rigs are compared by limbs
    double withinDegrees = 0.01;
    double withinMillimetres = 0.01;  // file units when the units are not known
    std::vector<double> times;        // sample these (default: comparisonTimes())
};

struct SceneComparison {
    AnimationComparison result;
    std::string unit;  // "mm" or "file units"
    bool rigs = false; // two rigs, compared by the limb measure
    std::string note;  // how the units were taken, when it is worth saying ("" otherwise)
};

// The scenes' current animations (Scene::current), each as its format read it (Scene::format).
// Skeletons: a plays on its own, else on --skeleton, else on b's; b on --skeleton, else its own,
// else a's. Bone by bone, unless a map is given or b's skeleton lacks more than half the bones a
// animates (a retarget's output): then by limbs, through the map or bones matched as retargeting
// matches them. Positions in mm when both formats state their units, else in file units.
// Throws std::runtime_error (a broken skeleton, a map naming bones neither rig has, no animation).
SceneComparison compareScenes(const Scene& a, const std::string& pathA, const Scene& b, const std::string& pathB,
                              const SceneCompareOptions& options);

} // namespace bonescope
