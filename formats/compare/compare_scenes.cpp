#include "formats/compare/compare_scenes.h"

#include <stdexcept>

#include "core/playback/binding.h"
#include "core/compare/bone_pairs.h"
#include "core/retarget/auto_match.h"
#include "formats/registry.h"

namespace bonescope {

Scene commonClip(const Scene& s, const Skeleton* skeleton)
{
    Scene c;
    c.format = s.format;
    c.skeleton = s.skeleton.empty() && skeleton ? *skeleton : s.skeleton;
    const Animation* anim = s.currentAnimation();
    if (!anim)
        throw std::runtime_error("it has no animation");
    c.animations.push_back(*anim);
    c.current = 0;
    if (const Format* f = Registry::instance().byId(c.format))
        f->toCommon(c);
    return c;
}

std::optional<double> metresPerUnit(const std::string& formatId, const std::string& path)
{
    if (formatId == "secondlife")
        return 1.0;
    const std::string ext = extensionOf(path);
    if (formatId == "gltf" || (formatId == "assimp" && (ext == "glb" || ext == "gltf")))
        return 1.0;
    return std::nullopt;
}

SceneComparison compareScenes(const Scene& a, const std::string& pathA, const Scene& b, const std::string& pathB,
                              const SceneCompareOptions& o)
{
    SceneComparison out;
    const Skeleton* rig = o.skeleton ? &*o.skeleton : nullptr;
    // a's fallback: the rig given, else b's own skeleton; b's: the rig, else a's.
    const Scene ca = commonClip(a, rig ? rig : (b.skeleton.empty() ? nullptr : &b.skeleton));
    Scene bOnRig = b;
    if (rig)
        bOnRig.skeleton = *rig;
    const Scene cb = commonClip(bOnRig, ca.skeleton.empty() ? nullptr : &ca.skeleton);

    CompareOptions co;
    co.times = o.times;
    co.withinDegrees = o.withinDegrees;
    // Millimetres when both formats state their units; otherwise the numbers as the files hold them
    // (a conversion keeps them: a BVH in inches written as glTF is still in inches).
    const std::optional<double> ua = metresPerUnit(a.format, pathA), ub = metresPerUnit(b.format, pathB);
    if (ua && ub) {
        co.bToA = *ub / *ua;
        co.reportUnit = *ua * 1000;
        out.unit = "mm";
    } else {
        out.unit = "file units";
        if (ua || ub)
            out.note = (ua ? pathB : pathA) + " does not state its units: positions compared as the files hold them";
    }
    co.withinPosition = o.withinMillimetres;

    const Animation &animA = ca.animations[0], &animB = cb.animations[0];
    // Another rig: a map given, or b's skeleton has fewer than half the bones a animates (a retarget's
    // output names its own bones).
    const auto skeletonOf = [](const Scene& s) { return s.skeleton.empty() ? flatSkeleton(s.animations[0]) : s.skeleton; };
    const Skeleton ka = skeletonOf(ca), kb = skeletonOf(cb);
    const BonePairs pairs = pairBones(ka, animA, kb, animB);
    out.rigs = o.boneMap || 2 * pairs.onlyInA.size() > pairs.animatedA;
    if (!out.rigs) {
        out.result = compareAnimations(animA, ka, animB, kb, co);
        return out;
    }
    const BoneMap map = o.boneMap ? *o.boneMap : autoMatch(ka, kb);
    const RetargetMode mode = map.settings ? map.settings->mode : RetargetSettings{}.mode;
    out.result = compareRigs(animA, ka, animB, kb, map, mode, co);
    return out;
}

} // namespace bonescope
