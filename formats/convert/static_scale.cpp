#include "formats/convert/static_scale.h"

#include <algorithm>
#include <cmath>

#include "core/playback/binding.h"
#include "formats/convert/name_list.h"
#include "formats/short_number.h"
#include "formats/counted.h"

namespace bonescope {

bool uniformScale(const glm::dvec3& s)
{
    // Within float rounding: scales read from 32-bit files (glTF, FBX) differ in the last bits.
    const double tol = 1e-6 * std::max({std::abs(s.x), std::abs(s.y), std::abs(s.z)});
    return std::abs(s.x - s.y) <= tol && std::abs(s.y - s.z) <= tol && s.x > 0 && std::isfinite(s.x);
}

namespace {

// The bone's scale when it is uniform and the same in every animation, else 1 (nothing to fold).
double staticScale(const Bone& bone, size_t index, const std::vector<Animation>& animations,
                   const std::vector<Binding>& bindings)
{
    if (!uniformScale(bone.restScale) || std::abs(bone.restScale.x - 1.0) <= 1e-6)
        return 1.0; // 1.0000001 from float rounding is no scale to fold or report
    for (size_t a = 0; a < animations.size(); ++a) {
        const int t = bindings[a].trackOfBone[index];
        if (t < 0)
            continue;
        for (const Vec3Key& k : animations[a].tracks[size_t(t)].scale.keys)
            if (glm::length(k.value - bone.restScale) > 1e-6 * bone.restScale.x)
                return 1.0;
    }
    return bone.restScale.x;
}

} // namespace

void foldStaticScale(Scene& scene, Report& report)
{
    Skeleton& skel = scene.skeleton;
    const auto order = skel.evaluationOrder();
    if (!order || skel.empty())
        return;
    std::vector<Binding> bindings;
    for (const Animation& a : scene.animations)
        bindings.push_back(Binding::bind(a, skel));

    std::vector<double> own(skel.size(), 1.0), below(skel.size(), 1.0); // below: product over ancestors
    std::vector<std::string> folded;
    for (int b : *order) {
        const Bone& bone = skel.bones[size_t(b)];
        own[size_t(b)] = staticScale(bone, size_t(b), scene.animations, bindings);
        if (own[size_t(b)] != 1.0)
            folded.push_back(bone.name + " (" + shortNumber(own[size_t(b)], 3) + ")");
        const double parent = bone.parent >= 0 ? below[size_t(bone.parent)] * own[size_t(bone.parent)] : 1.0;
        below[size_t(b)] = parent;
    }
    if (folded.empty())
        return;
    for (size_t b = 0; b < skel.size(); ++b) {
        Bone& bone = skel.bones[b];
        bone.restTranslation *= below[b];
        if (own[b] != 1.0)
            bone.restScale = glm::dvec3(1.0);
        for (size_t a = 0; a < scene.animations.size(); ++a) {
            const int t = bindings[a].trackOfBone[b];
            if (t < 0)
                continue;
            Track& track = scene.animations[a].tracks[size_t(t)];
            for (auto&& k : track.translation.keys.edit())
                k.value *= below[b];
            if (own[b] != 1.0)
                track.scale.keys.clear();
        }
    }
    report.push_back("the static scale of " + counted(folded.size(), "bone") +
                     " is baked into the translations below them (the target keeps no such scale): " +
                     nameList(folded));
}

} // namespace bonescope
